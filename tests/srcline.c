// SPDX-License-Identifier: GPL-2.0
/*
 * Source lines from libdw against 'addr2line -i -f': every byte of a few
 * functions of the test program, including an address inside a chain of
 * inlined functions, must give the same function, file and line at every
 * inline level.
 */
#include <stdio.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/dso.h"
#include "util/srcline.h"

struct a2l_frame {
	char func[256];
	char file[1024];
	unsigned int line;
};

/* Parse one address's frames out of 'addr2line -a -i -f' output, from *pos. */
static int a2l_frames(char **pos, struct a2l_frame *frames, int max)
{
	int n = 0;
	char *line;

	while ((line = strsep(pos, "\n")) != NULL && n < max) {
		char *next, *colon;

		if (!strncmp(line, "0x", 2)) {
			if (n)
				break;
			continue;
		}
		next = strsep(pos, "\n");
		if (!next)
			break;
		snprintf(frames[n].func, sizeof(frames[n].func), "%s", line);
		/* "file:line" maybe followed by " (discriminator N)" */
		colon = strrchr(next, ':');
		if (strstr(next, " (discriminator"))
			colon = memrchr(next, ':', strstr(next, " (discriminator") - next);
		if (!colon)
			break;
		frames[n].line = strtoul(colon + 1, NULL, 10);
		*colon = '\0';
		snprintf(frames[n].file, sizeof(frames[n].file), "%s", next);
		n++;
		if (*pos && !strncmp(*pos, "0x", 2))
			break;
	}
	return n;
}

/* addr2line (with options opts) on every address of [start, start + len) into out. Returns 0 or -1. */
static int run_addr2line(struct dso *dso, const char *path, const char *opts, u64 start, u64 len,
			 struct strbuf *out)
{
	struct strbuf cmd = STRBUF_INIT;
	int ret;

	strbuf_addf(&cmd, "addr2line %s -e '%s'", opts, path);
	for (u64 a = start; a < start + len; a++)
		strbuf_addf(&cmd, " %#llx", (unsigned long long)dso__offset_to_vaddr(dso, a));
	ret = symtest__run(cmd.buf, out) != 0 ? -1 : 0;
	strbuf_release(&cmd);
	return ret;
}

static int compare_range(struct dso *dso, const char *path, u64 start, u64 len, int *inlined)
{
	struct strbuf out = STRBUF_INIT;
	struct a2l_frame frames[16];
	char *pos;
	int diffs = 0;

	if (run_addr2line(dso, path, "-a -i -f", start, len, &out)) {
		strbuf_release(&out);
		return -1;
	}
	pos = out.buf;
	for (u64 a = start; a < start + len; a++) {
		const struct srcline *sl = dso__srcline(dso, a);
		int n = a2l_frames(&pos, frames, ARRAY_SIZE(frames));
		bool known = n > 0 && frames[0].line != 0 && strcmp(frames[0].file, "??");

		if (!known || !sl) {
			if (known != (sl != NULL) && diffs++ < 5)
				pr_err("%#llx: addr2line %s, ours %s\n", (unsigned long long)a,
				       known ? "knows" : "does not know", sl ? "knows" : "does not");
			continue;
		}
		if (sl->nr_frames > 1)
			(*inlined)++;
		if ((int)sl->nr_frames != n && diffs++ < 5)
			pr_err("%#llx: %u frames, addr2line %d\n", (unsigned long long)a, sl->nr_frames, n);
		for (int i = 0; i < n && i < (int)sl->nr_frames; i++) {
			const struct srcline_frame *f = &sl->frames[i];

			if ((strcmp(f->file, frames[i].file) || f->line != frames[i].line ||
			     !f->func || strcmp(f->func, frames[i].func)) && diffs++ < 5)
				pr_err("%#llx[%d]: ours %s %s:%u, addr2line %s %s:%u\n", (unsigned long long)a, i,
				       f->func, f->file, f->line, frames[i].func, frames[i].file, frames[i].line);
		}
	}
	strbuf_release(&out);
	return diffs;
}

/*
 * Where there is no line, addr2line names the file of the nearest function
 * symbol ("file:?", "??:?" without one) or knows nothing ("??:0"); with the
 * DWARF in a debug file, the symbols are that file's.
 */
static int compare_fallback(struct dso *dso, const char *path, u64 start, u64 len)
{
	struct strbuf out = STRBUF_INIT;
	char *pos, *line;
	int diffs = 0;

	if (run_addr2line(dso, path, "", start, len, &out)) {
		strbuf_release(&out);
		return -1;
	}
	pos = out.buf;
	for (u64 a = start; a < start + len && (line = strsep(&pos, "\n")) != NULL; a++) {
		const char *file;
		char want[1024];

		if (dso__srcline(dso, a))
			continue;
		if (dso__srcline_symbol_file(dso, a, &file))
			snprintf(want, sizeof(want), "%s:?", file ?: "??");
		else
			snprintf(want, sizeof(want), "??:0");
		if (strcmp(line, want) && diffs++ < 5)
			pr_err("%#llx: addr2line %s, ours %s\n", (unsigned long long)a, line, want);
	}
	strbuf_release(&out);
	return diffs;
}

DEFINE_SUITE(srcline, "Source lines match addr2line")
{
	static const char *const funcs[] = { "static_spin", "inline_user", "_ZN2ns3Foo4workEi", "main" };
	const char *path = symtest__prog("symbols");
	struct dsos dsos;
	struct dso *dso;
	int diffs = 0, inlined = 0, ret = TEST_FAIL;
	char buf[64];

	dsos__init(&dsos);
	dso = dsos__findnew(&dsos, path, NULL);
	for (size_t i = 0; i < ARRAY_SIZE(funcs) && diffs >= 0; i++) {
		u64 addr, size;
		int d;

		if (symtest__nm(path, funcs[i], &addr, &size)) {
			ret = test_skip("nm not available");
			goto out;
		}
		d = compare_range(dso, path, addr, size, &inlined);
		if (d < 0) {
			ret = test_skip("addr2line not available");
			goto out;
		}
		diffs += d;
	}
	TEST_ASSERT_VAL("some addresses are in inlined code", inlined > 0);
	/* libc: debug info from a separate file (build-id cache, /usr/lib/debug) */
	if (symtest__libc()) {
		struct dso *libc = dsos__findnew(&dsos, symtest__libc(), NULL);
		struct symbol *sym;

		/* __libc_start_call_main: rows of file 1 named after entry 0, as addr2line 2.40 does */
		static const char *const libc_funcs[] = { "malloc", "__libc_start_call_main" };

		for (size_t i = 0; i < ARRAY_SIZE(libc_funcs) && dso__load(libc) > 0; i++) {
			int d;

			sym = symtab__find_by_name(&libc->symtab, libc_funcs[i]);
			if (!sym)
				continue;
			d = compare_range(libc, symtest__libc(), sym->start, min(symbol__size(sym), 200), &inlined);
			diffs += d > 0 ? d : 0;
		}
		/*
		 * the signal return trampoline has no line: after the padding of
		 * sigaction (three names, one address), __restore_rt of libc_sigaction.c
		 */
		sym = dso__load(libc) > 0 ? symtab__find_by_name(&libc->symtab, "__restore_rt") : NULL;
		if (sym) {
			int d = compare_fallback(libc, symtest__libc(), sym->start - 16, 32);

			TEST_ASSERT_VAL("__restore_rt has no line", !dso__srcline(libc, sym->start));
			diffs += d > 0 ? d : 0;
		}
	}
	/* the test program: no line in _start */
	{
		u64 addr, size;

		if (!symtest__nm(path, "_start", &addr, &size)) {
			int d = compare_fallback(dso, path, addr, size);

			diffs += d > 0 ? d : 0;
		}
	}
	TEST_ASSERT_STR("format", srcline__snprintf(dso__srcline(dso, 0), false, buf, sizeof(buf)), "??:0");
	if (!diffs)
		ret = TEST_OK;
out:
	dsos__exit(&dsos);
	return ret;
}
