// SPDX-License-Identifier: GPL-2.0
/*
 * Where a DSO's symbols come from: the build-id cache (both layouts), a
 * .gnu_debuglink debug file, --symfs, a build id that does not match, the
 * vDSO, --vmlinux, and the running kernel.
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/kallsyms.h"
#include "util/machine.h"

static int sh(const char *fmt, ...) __printf(1, 2);

static int sh(const char *fmt, ...)
{
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	strbuf_vaddf(&cmd, fmt, ap);
	va_end(ap);
	ret = symtest__run(cmd.buf, &out);
	strbuf_release(&cmd);
	strbuf_release(&out);
	return ret;
}

/* A dso for name with the build id of file, loaded. */
static struct dso *load_with_bid(struct dsos *dsos, const char *name, const char *file)
{
	struct dso *dso = dsos__findnew(dsos, name, NULL);
	struct build_id bid;

	if (!filename__read_build_id(file, &bid))
		dso__set_build_id(dso, &bid);
	dso__load(dso);
	return dso;
}

static bool has_symbol(struct dso *dso, const char *name)
{
	return symtab__find_by_name(&dso->symtab, name) != NULL;
}

static int test__buildid_cache(void)
{
	const char *dir = symtest__tmpdir(), *prog = symtest__prog("symbols");
	char hex[SBUILD_ID_SIZE];
	struct build_id bid;
	struct dsos dsos;
	struct dso *dso;
	int ret = TEST_FAIL;

	TEST_ASSERT_VAL("test program has a build id", !filename__read_build_id(prog, &bid) && bid.size == 20);
	build_id__snprintf(&bid, hex, sizeof(hex));
	dsos__init(&dsos);
	/* the new layout: .build-id/xx/rest -> ../../<path>/<id>, holding "elf" */
	if (sh("mkdir -p %s/cache/.build-id/%.2s %s/cache/bin/prog/%s && cp %s %s/cache/bin/prog/%s/elf && "
	       "ln -s ../../bin/prog/%s %s/cache/.build-id/%.2s/%s",
	       dir, hex, dir, hex, prog, dir, hex, hex, dir, hex, hex + 2))
		goto out;
	symbol_conf.buildid_dir = xasprintf("%s/cache", dir);
	dsos__exit(&dsos);
	dsos__init(&dsos);
	/* the file is gone from its path: only the cache has it */
	dso = load_with_bid(&dsos, "/nonexistent/prog", prog);
	if (!has_symbol(dso, "static_spin") || dso__symtab_origin(dso) != 'B') {
		pr_err("new-style cache not used (origin %c)\n", dso__symtab_origin(dso));
		goto out;
	}
	/* the old layout: the link is the file itself */
	if (sh("rm -rf %s/cache && mkdir -p %s/cache/.build-id/%.2s && cp %s %s/cache/.build-id/%.2s/%s",
	       dir, dir, hex, prog, dir, hex, hex + 2))
		goto out;
	dsos__exit(&dsos);
	dsos__init(&dsos);
	dso = load_with_bid(&dsos, "/nonexistent/prog", prog);
	if (!has_symbol(dso, "static_spin") || dso__symtab_origin(dso) != 'B') {
		pr_err("old-style cache not used\n");
		goto out;
	}
	/* a recorded build id the files do not have: nothing is used */
	dsos__exit(&dsos);
	dsos__init(&dsos);
	dso = dsos__findnew(&dsos, prog, NULL);
	build_id__init(&bid, (const u8 *)"0123456789abcdefghij", 20);
	dso__set_build_id(dso, &bid);
	if (dso__load(dso) > 0) {
		pr_err("a file with another build id was used\n");
		goto out;
	}
	ret = TEST_OK;
out:
	zfree((char **)&symbol_conf.buildid_dir);
	dsos__exit(&dsos);
	return ret;
}

static int test__debuglink_symfs(void)
{
	const char *dir = symtest__tmpdir(), *prog = symtest__prog("symbols");
	const char *nopie = symtest__prog("symbols-nopie");
	char *stripped = xasprintf("%s/dbg/prog", dir);
	struct dsos dsos;
	struct dso *dso;
	struct symbol *sym;
	int ret = TEST_FAIL;

	/* a stripped binary pointing at its debug file in .debug/ */
	if (sh("mkdir -p %s/dbg/.debug && objcopy --only-keep-debug %s %s/dbg/.debug/prog.debug && "
	       "objcopy --strip-all --add-gnu-debuglink=%s/dbg/.debug/prog.debug %s %s",
	       dir, prog, dir, dir, prog, stripped)) {
		free(stripped);
		return test_skip("objcopy not available");
	}
	/* the build-id cache is searched before the file system: keep ~/.debug out */
	symbol_conf.buildid_dir = xasprintf("%s/nocache", dir);
	dsos__init(&dsos);
	dso = dsos__findnew(&dsos, stripped, NULL);
	dso__load(dso);
	sym = symtab__find_by_name(&dso->symtab, "static_spin");
	if (!sym || dso__symtab_origin(dso) != 'l' || !strends(dso->symsrc_filename, "prog.debug")) {
		pr_err("debuglink not followed (origin %c)\n", dso__symtab_origin(dso));
		goto out;
	}
	/* the PLT still comes from the stripped binary's dynamic symbols */
	if (!has_symbol(dso, "getppid@plt")) {
		pr_err("no PLT entries with a debug file\n");
		goto out;
	}
	/* --symfs: the same path under another root, here with another build of the program */
	dsos__exit(&dsos);
	dsos__init(&dsos);
	if (sh("mkdir -p %s/symfs$(dirname %s) && cp %s %s/symfs%s", dir, prog, nopie, dir, prog))
		goto out;
	symbol_conf.symfs = xasprintf("%s/symfs", dir);
	dso = dsos__findnew(&dsos, prog, NULL);
	dso__load(dso);
	sym = symtab__find_by_name(&dso->symtab, "main");
	if (!sym || !strstarts(dso->symsrc_filename, symbol_conf.symfs)) {
		pr_err("--symfs not used\n");
		goto out;
	}
	ret = TEST_OK;
out:
	if (*symbol_conf.symfs)
		free((char *)symbol_conf.symfs);
	symbol_conf.symfs = "";
	zfree((char **)&symbol_conf.buildid_dir);
	dsos__exit(&dsos);
	free(stripped);
	return ret;
}

static int test__vdso(void)
{
	struct machine *m = machine__new_host();
	struct mmap_event ev = {
		.pid = 50, .tid = 50, .start = 0x7fff0000ULL, .len = 0x2000, .pgoff = 0x1234,
		.prot = PROT_READ | PROT_EXEC, .filename = "[vdso]", .cpumode = PERF_RECORD_MISC_USER,
	};
	struct addr_location al;
	struct symbol *sym;
	struct dso *dso;

	machine__process_mmap(m, &ev);
	dso = dsos__find(&m->dsos, "[vdso]", NULL);
	TEST_ASSERT_VAL("vdso dso", dso && dso->kind == DSO_KIND_VDSO);
	TEST_ASSERT_VAL("vdso symbols", dso__load(dso) > 0);
	sym = symtab__find_by_name(&dso->symtab, "__vdso_clock_gettime");
	TEST_ASSERT_VAL("__vdso_clock_gettime", sym != NULL);
	/* the mapping's offset is ignored for the vDSO */
	machine__resolve(m, &al, 50, 50, PERF_RECORD_MISC_USER, ev.start + sym->start + 1, 0);
	TEST_ASSERT_VAL("resolved", al.sym == sym && al.map->pgoff == 0);
	TEST_ASSERT_STR("short name", dso->short_name, "[vdso]");
	machine__delete(m);
	return TEST_OK;
}

/* --vmlinux: an ELF image's symbols, at their addresses (here: a test program). */
static int test__vmlinux(void)
{
	struct machine *m = machine__new_host();
	const char *prog = symtest__prog("symbols-nopie");
	struct mmap_event ev = {
		.pid = -1, .start = 0x400000, .len = 0x10000, .filename = "[kernel.kallsyms]_text",
		.cpumode = PERF_RECORD_MISC_KERNEL,
	};
	struct addr_location al;
	u64 addr, size;

	TEST_ASSERT_VAL("nm", !symtest__nm(prog, "global_spin", &addr, &size));
	symbol_conf.vmlinux_name = prog;
	machine__process_mmap(m, &ev);
	thread__resolve(machine__idle_thread(m), PERF_RECORD_MISC_KERNEL, addr + 3, &al);
	symbol_conf.vmlinux_name = NULL;
	TEST_ASSERT_VAL("symbol", al.sym && !strcmp(al.sym->name, "global_spin"));
	TEST_ASSERT_VAL("kernel symbols stay mangled", al.sym->flags & SYMBOL_KERNEL);
	TEST_ASSERT_EQUAL("origin", dso__symtab_origin(al.dso), 'v');
	machine__delete(m);
	return TEST_OK;
}

static int test__running_kernel(void)
{
	struct machine *m = machine__new_host();
	struct addr_location al;
	struct map *map;
	u64 addr;

	if (kallsyms__function_addr("/proc/kallsyms", "schedule", &addr) || !addr) {
		machine__delete(m);
		return test_skip("/proc/kallsyms has no addresses");
	}
	TEST_ASSERT_VAL("kernel maps", !machine__create_kernel_maps(m));
	map = machine__kernel_map(m);
	TEST_ASSERT_VAL("kernel map", map && map->dso->kind == DSO_KIND_KERNEL);
	thread__resolve(machine__idle_thread(m), PERF_RECORD_MISC_KERNEL, addr, &al);
	TEST_ASSERT_VAL("a kernel symbol at schedule", al.sym && al.sym->start == addr);
	TEST_ASSERT_EQUAL("origin", dso__symtab_origin(al.dso), 'k');
	TEST_ASSERT_VAL("build id of the running kernel", al.dso->has_build_id ||
			access("/sys/kernel/notes", R_OK));
	machine__delete(m);
	return TEST_OK;
}

static const struct test_case dso_cases[] = {
	TEST_CASE("build-id cache, both layouts, and build id checks", test__buildid_cache),
	TEST_CASE("debug link and --symfs", test__debuglink_symfs),
	TEST_CASE("vDSO", test__vdso),
	TEST_CASE("--vmlinux", test__vmlinux),
	TEST_CASE("running kernel", test__running_kernel),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(dso, "Symbol files of DSOs", dso_cases);
