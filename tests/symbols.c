// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol tables: a test program's (statics, aliases, size-less symbols, PLT,
 * mangled names), the names the reference finds in it and in libc, kallsyms
 * parsing and its fix-ups, JIT maps.
 */
#include <elf.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/dso.h"
#include "util/kallsyms.h"
#include "util/string2.h"

static struct dso *load_prog(struct dsos *dsos, const char *path)
{
	struct dso *dso;

	dsos__init(dsos);
	dso = dsos__findnew(dsos, path, NULL);
	if (dso__load(dso) <= 0)
		return NULL;
	return dso;
}

/* The symbol at nm's address for name: found there, with nm's size. */
static int check_nm(struct dso *dso, const char *path, const char *name, const char *want)
{
	struct symbol *sym;
	u64 addr, size;

	TEST_ASSERT_VAL("nm knows the symbol", !symtest__nm(path, name, &addr, &size));
	sym = dso__find_symbol(dso, addr);
	TEST_ASSERT_VAL("symbol at nm's address", sym != NULL);
	TEST_ASSERT_STR("kept name", sym->name, want);
	TEST_ASSERT_EQUAL("start", sym->start, addr);
	if (size)
		TEST_ASSERT_EQUAL("size", symbol__size(sym), size);
	/* anywhere inside finds it too */
	TEST_ASSERT_VAL("inside", dso__find_symbol(dso, addr + symbol__size(sym) - 1) == sym);
	return TEST_OK;
}

/* In the position-dependent build, _init is found first for a PLT address. */
static int check_plt_nopie(void)
{
	struct dsos dsos;
	struct dso *dso = load_prog(&dsos, symtest__prog("symbols-nopie"));
	struct symbol *plt = dso ? symtab__find_by_name(&dso->symtab, "getppid@plt") : NULL;
	struct symbol *sym = plt ? dso__find_symbol(dso, plt->start) : NULL;
	int ret = sym && !strcmp(sym->name, "_init") ? TEST_OK : TEST_FAIL;

	if (ret)
		pr_err("non-PIE PLT address resolves to %s, not _init\n", sym ? sym->name : "nothing");
	dsos__exit(&dsos);
	return ret;
}

static int test__prog_symtab(void)
{
	const char *path = symtest__prog("symbols");
	struct dsos dsos;
	struct dso *dso = load_prog(&dsos, path);
	struct symbol *sym, *next;
	u64 addr, size;
	int ret = TEST_FAIL, saved_verbose = verbose;

	verbose = 0;	/* -v would add C++ parameter lists */
	if (!dso) {
		pr_err("no symbols in %s\n", path);
		goto out;
	}
	if (check_nm(dso, path, "static_spin", "static_spin") ||
	    check_nm(dso, path, "global_spin", "global_spin") ||
	    /* aliases: global over weak, fewer leading underscores */
	    check_nm(dso, path, "alias_target", "alias_target") ||
	    check_nm(dso, path, "_ZN2ns3Foo4workEi", "_ZN2ns3Foo4workEi"))
		goto out;
	if (symtab__find_by_name(&dso->symtab, "alias_weak") ||
	    symtab__find_by_name(&dso->symtab, "__alias_underscored")) {
		pr_err("dropped aliases are still there\n");
		goto out;
	}
	/*
	 * Size-less aliases: sizes are fixed before duplicates are dropped, so
	 * the one later in .symtab (zs_b) gets the size and is kept.
	 */
	if (symtest__nm(path, "zs_b", &addr, &size) || !(sym = dso__find_symbol(dso, addr + 2)) ||
	    strcmp(sym->name, "zs_b") || symtab__find_by_name(&dso->symtab, "zs_long_name")) {
		pr_err("zs_b not kept among size-less aliases\n");
		goto out;
	}
	/* ... and ends where the next one starts */
	next = dso__find_symbol(dso, sym->end);
	if (!next || strcmp(next->name, "zs_after") || symbol__size(next) != 1) {
		pr_err("size-less symbol not extended to the next one\n");
		goto out;
	}
	/* PLT entries, 16 bytes each on x86 */
	sym = symtab__find_by_name(&dso->symtab, "getppid@plt");
	if (!sym || symbol__size(sym) != 16 || !(sym->flags & SYMBOL_PLT)) {
		pr_err("getppid@plt missing or wrong\n");
		goto out;
	}
	/*
	 * ... but the size-less _init before .plt was stretched over it, so
	 * upstream's answer there depends on its tree: getppid@plt in this
	 * binary, _init+0x50 in the same code linked without PIE.
	 */
	next = dso__find_symbol(dso, sym->start + 8);
	if (next != sym) {
		pr_err("PLT address resolves to %s\n", next ? next->name : "nothing");
		goto out;
	}
	if (check_plt_nopie())
		goto out;
	/* mangled names are demangled for display, once */
	sym = symtab__find_by_name(&dso->symtab, "ns::Foo::work");
	TEST_ASSERT_VAL("C++ name demangled", sym && !strcmp(sym->name, "_ZN2ns3Foo4workEi"));
	sym = symtab__find_by_name(&dso->symtab, "mycrate::sub::work");
	TEST_ASSERT_VAL("Rust v0 name demangled", sym != NULL);
	TEST_ASSERT_VAL("a symbol file was recorded", dso->symsrc_filename != NULL);
	TEST_ASSERT_VAL("from the binary: 'd'", dso__symtab_origin(dso) == 'd' || dso__symtab_origin(dso) == 'B');
	TEST_ASSERT_VAL("nothing before the first symbol", dso__find_symbol(dso, 0) == NULL);
	ret = TEST_OK;
out:
	verbose = saved_verbose;
	dsos__exit(&dsos);
	return ret;
}

/* The sorted, unique display names of a dso loaded with every alias kept. */
static struct strlist *names_of(const char *path, bool *ok)
{
	struct strlist *names = strlist__new(NULL);
	struct dsos dsos;
	struct dso *dso;
	int saved_verbose = verbose;

	/* as perf probe: every alias, names without parameter lists */
	verbose = 0;
	symbol_conf.allow_aliases = true;
	dso = load_prog(&dsos, path);
	symbol_conf.allow_aliases = false;
	*ok = dso != NULL;
	for (size_t i = 0; dso && i < dso->symtab.nr; i++)
		strlist__add(names, symbol__name(&dso->symtab.syms[i]));
	verbose = saved_verbose;
	dsos__exit(&dsos);
	return names;
}

/* Our names against 'perf probe -F', which lists every symbol name upstream loads. */
static int compare_with_probe(const char *ref, const char *path)
{
	struct strbuf out = STRBUF_INIT;
	struct strlist *ours, *theirs = strlist__new(NULL);
	char *cmd = xasprintf("%s probe -F --filter '*' -x '%s' 2>/dev/null", ref, path);
	char *line, *save = NULL;
	int diffs = 0;
	bool ok;

	if (symtest__run(cmd, &out) != 0) {
		free(cmd);
		strbuf_release(&out);
		strlist__delete(theirs);
		return test_skip("perf probe -F failed");
	}
	for (line = strtok_r(out.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		strlist__add(theirs, line);
	ours = names_of(path, &ok);
	for (size_t i = 0; i < ours->nr; i++) {
		if (!strlist__has(theirs, ours->entries[i]) && diffs++ < 10)
			pr_err("%s: only ours: %s\n", path, ours->entries[i]);
	}
	for (size_t i = 0; i < theirs->nr; i++) {
		if (!strlist__has(ours, theirs->entries[i]) && diffs++ < 20)
			pr_err("%s: only the reference's: %s\n", path, theirs->entries[i]);
	}
	pr_debug("%s: %zu names, %d differences\n", path, ours->nr, diffs);
	strlist__delete(ours);
	strlist__delete(theirs);
	strbuf_release(&out);
	free(cmd);
	return ok && !diffs && theirs ? TEST_OK : TEST_FAIL;
}

static int test__names_vs_reference(void)
{
	const char *ref = symtest__ref_perf();
	const char *libc = symtest__libc();
	int ret;

	if (!ref)
		return test_skip("reference perf not installed");
	ret = compare_with_probe(ref, symtest__prog("symbols"));
	if (ret == TEST_OK && libc)
		ret = compare_with_probe(ref, libc);
	return ret;
}

/*
 * libc: malloc (an alias of __libc_malloc: both global, the one with fewer
 * underscores is kept) and the memcpy variants, when debug symbols are there
 * (__memcpy_X aliases __memmove_X: same binding, the longer name is kept).
 */
static int test__libc(void)
{
	const char *libc = symtest__libc();
	static const char *const variants[] = { "avx_unaligned_erms", "evex_unaligned_erms", "avx_unaligned" };
	struct dsos dsos, all;
	struct dso *dso, *dso_all;
	struct symbol *sym, *alias;
	int ret = TEST_FAIL, found = 0;

	if (!libc)
		return test_skip("libc not found");
	dso = load_prog(&dsos, libc);
	symbol_conf.allow_aliases = true;
	dso_all = load_prog(&all, libc);
	symbol_conf.allow_aliases = false;
	if (!dso || !dso_all)
		goto out;
	sym = symtab__find_by_name(&dso->symtab, "malloc");
	alias = symtab__find_by_name(&dso_all->symtab, "__libc_malloc");
	if (!sym || dso__find_symbol(dso, sym->start + 1) != sym ||
	    (alias && (alias->start != sym->start || symtab__find_by_name(&dso->symtab, "__libc_malloc")))) {
		pr_err("malloc not kept in %s\n", libc);
		goto out;
	}
	for (size_t i = 0; i < ARRAY_SIZE(variants); i++) {
		char memcpy_name[64], memmove_name[64];

		snprintf(memcpy_name, sizeof(memcpy_name), "__memcpy_%s", variants[i]);
		snprintf(memmove_name, sizeof(memmove_name), "__memmove_%s", variants[i]);
		alias = symtab__find_by_name(&dso_all->symtab, memcpy_name);
		if (!alias)
			continue;	/* no debug symbols, or another libc */
		sym = dso__find_symbol(dso, alias->start);
		if (!sym || strcmp(sym->name, memmove_name)) {
			pr_err("%s: %s kept, not %s\n", libc, sym ? sym->name : "nothing", memmove_name);
			goto out;
		}
		found++;
	}
	pr_debug("%d memcpy variants checked (symbols from '%c')\n", found, dso__symtab_origin(dso));
	ret = TEST_OK;
out:
	dsos__exit(&dsos);
	dsos__exit(&all);
	return ret;
}

static const char kallsyms_text[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000000 T _text\n"
	"ffffffff81000010 t local_fn\n"
	"ffffffff81000020 W weak_fn\n"
	"ffffffff81000030 R rodata_sym\n"
	"ffffffff81000040 D data_sym\n"
	"ffffffff81000050 b bss_sym\n"
	"ffffffff81000060 T last_kernel\n"
	"ffffffffc0001000 t mod_fn\t[mymod]\n"
	"ffffffffc0001100 t mod_fn2\t[mymod]\n";

static int test__kallsyms(void)
{
	char *path = xasprintf("%s/kallsyms", symtest__tmpdir());
	struct symtab st;
	struct symbol *sym;
	FILE *fp = fopen(path, "w");
	u64 addr;
	int nr;

	TEST_ASSERT_VAL("write kallsyms", fp && fputs(kallsyms_text, fp) >= 0 && !fclose(fp));
	symtab__init(&st);
	nr = kallsyms__load(path, &st);
	TEST_ASSERT_EQUAL("T/W/D/B kept, R not", nr, 9);
	TEST_ASSERT_VAL("function addr", !kallsyms__function_addr(path, "_text", &addr) &&
			addr == 0xffffffff81000000ULL);
	TEST_ASSERT_VAL("no such function", kallsyms__function_addr(path, "data_sym", &addr));
	symtab__sort(&st);
	symtab__fixup_end(&st, true);
	symtab__fixup_duplicate(&st);
	symtab__finish(&st);
	/* _stext and _text: the first is size-less, the second reaches local_fn */
	sym = symtab__find(&st, 0xffffffff81000005ULL);
	TEST_ASSERT_VAL("alias kept", sym && !strcmp(sym->name, "_text"));
	TEST_ASSERT_EQUAL("alias size", symbol__size(sym), 0x10);
	sym = symtab__find(&st, 0xffffffff81000015ULL);
	TEST_ASSERT_VAL("local", sym && !strcmp(sym->name, "local_fn") && sym->binding == STB_LOCAL);
	sym = symtab__find(&st, 0xffffffff81000025ULL);
	TEST_ASSERT_VAL("weak", sym && sym->binding == STB_WEAK && sym->type == STT_FUNC);
	sym = symtab__find(&st, 0xffffffff81000055ULL);
	TEST_ASSERT_VAL("bss object", sym && !strcmp(sym->name, "bss_sym") && sym->type == STT_OBJECT);
	TEST_ASSERT_VAL("rodata skipped", !symtab__find_by_name(&st, "rodata_sym"));
	/* the last kernel symbol stops at the page after it, not at the modules */
	sym = symtab__find(&st, 0xffffffff81001fffULL);
	TEST_ASSERT_VAL("last kernel", sym && !strcmp(sym->name, "last_kernel"));
	TEST_ASSERT_EQUAL("last kernel end", sym->end, 0xffffffff81002000ULL);
	TEST_ASSERT_VAL("gap", !symtab__find(&st, 0xffffffff81002000ULL));
	sym = symtab__find(&st, 0xffffffffc0001001ULL);
	TEST_ASSERT_VAL("module symbol", sym && !strcmp(sym->name, "mod_fn\t[mymod]"));
	/* the last symbol of all: up to the next page boundary + 4 KiB */
	sym = symtab__find(&st, 0xffffffffc0002fffULL);
	TEST_ASSERT_VAL("last symbol", sym && !strcmp(sym->name, "mod_fn2\t[mymod]"));
	TEST_ASSERT_VAL("kernel flag, no demangling", (sym->flags & SYMBOL_KERNEL));
	symtab__exit(&st);
	free(path);
	return TEST_OK;
}

/* /proc/kallsyms, read by a second thread while parsed, gives what a copy of it read at once gives. */
static int test__kallsyms_streamed(void)
{
	char *path = xasprintf("%s/kallsyms.copy", symtest__tmpdir());
	char *cmd = xasprintf("cat /proc/kallsyms > %s", path);
	struct symtab a, b;
	int nr_a, nr_b;

	if (system(cmd)) {
		free(cmd);
		free(path);
		return TEST_SKIP;
	}
	symtab__init(&a);
	symtab__init(&b);
	nr_a = kallsyms__load("/proc/kallsyms", &a);
	nr_b = kallsyms__load(path, &b);
	pr_debug("%d symbols streamed, %d from the copy\n", nr_a, nr_b);
	TEST_ASSERT_VAL("symbols read", nr_a > 1000);
	/* modules or BPF programs may come and go between the two reads: compare the common part */
	for (size_t i = 0; i < a.nr && i < b.nr && i < 1000000; i++) {
		if (a.syms[i].start != b.syms[i].start || strcmp(a.syms[i].name, b.syms[i].name)) {
			TEST_ASSERT_VAL("the same symbols up to a module change", strchr(a.syms[i].name, '\t') ||
					strchr(b.syms[i].name, '\t') || !strncmp(a.syms[i].name, "bpf_", 4));
			break;
		}
	}
	symtab__exit(&a);
	symtab__exit(&b);
	unlink(path);
	free(cmd);
	free(path);
	return TEST_OK;
}

static int test__jit_map(void)
{
	char *path = xasprintf("%s/jit.map", symtest__tmpdir());
	FILE *fp = fopen(path, "w");
	struct symtab st;
	struct symbol *sym;

	TEST_ASSERT_VAL("write map", fp != NULL);
	fputs("7f0000001000 40 LazyCompile:~foo bar.js:1\n"
	      "0x7f0000002000 0x10 hexprefixed\n"
	      "garbage line\n"
	      "7f0000003000 20\n"
	      "7f0000004000 8 _ZN2ns3Foo4workEi", fp);
	fclose(fp);
	symtab__init(&st);
	TEST_ASSERT_EQUAL("symbols read", symtab__load_perf_map(&st, path), 3);
	symtab__finish(&st);
	sym = symtab__find(&st, 0x7f000000103fULL);
	TEST_ASSERT_VAL("name with spaces", sym && !strcmp(sym->name, "LazyCompile:~foo bar.js:1"));
	TEST_ASSERT_VAL("end exclusive", !symtab__find(&st, 0x7f0000001040ULL));
	sym = symtab__find(&st, 0x7f0000002008ULL);
	TEST_ASSERT_VAL("0x prefixes", sym && !strcmp(sym->name, "hexprefixed"));
	sym = symtab__find(&st, 0x7f0000004000ULL);
	/* JIT names are shown as written, never demangled */
	TEST_ASSERT_VAL("last line without newline", sym && !strcmp(symbol__name(sym), "_ZN2ns3Foo4workEi"));
	TEST_ASSERT_VAL("missing file", symtab__load_perf_map(&st, "/nonexistent/perf-1.map") < 0);
	symtab__exit(&st);
	unlink(path);
	free(path);
	return TEST_OK;
}

/*
 * The replayed tree: red-black invariants after random insertions and
 * erasures (equal keys included), and lookups where symbols overlap: the
 * first symbol containing the address on the search path.
 */
static int test__symtree(void)
{
	struct symtree_log log = { 0 };
	struct symtab st;
	struct symbol *sym;
	u64 seed = 12345;
	u32 live[4000];
	size_t nr_live = 0;

	for (int i = 0; i < 4000; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		if (nr_live && (seed >> 60) < 5) {
			size_t k = (seed >> 20) % nr_live;

			symtree_log__erase(&log, live[k]);
			live[k] = live[--nr_live];
		} else {
			live[nr_live++] = symtree_log__insert(&log, (seed >> 33) % 500);
		}
	}
	TEST_ASSERT_EQUAL("invariants hold after every operation", symtree__check_replay(&log), 0);
	symtree_log__exit(&log);

	/* a long symbol over short ones inserted after it, as _init over .plt */
	symtab__init(&st);
	symtab__add(&st, 0x1000, 0x10, STB_GLOBAL, STT_FUNC, "before", 6);
	symtab__add(&st, 0x1010, 0x100, STB_GLOBAL, STT_FUNC, "long", 4);
	symtab__add(&st, 0x1200, 0x10, STB_GLOBAL, STT_FUNC, "after", 5);
	for (int i = 0; i < 8; i++) {
		char name[16];

		snprintf(name, sizeof(name), "short%d", i);
		symtab__add(&st, 0x1020 + i * 0x10, 0x10, STB_GLOBAL, STT_FUNC, name, strlen(name));
	}
	symtab__finish(&st);
	TEST_ASSERT_VAL("replayed", st.has_tree);
	/* inserted in that order, "long" is the root: found before any short one */
	sym = symtab__find(&st, 0x1025);
	TEST_ASSERT_VAL("long found first", sym && !strcmp(sym->name, "long"));
	sym = symtab__find(&st, 0x1205);
	TEST_ASSERT_VAL("no overlap there", sym && !strcmp(sym->name, "after"));
	TEST_ASSERT_VAL("gap", !symtab__find(&st, 0x1150));
	symtab__exit(&st);
	return TEST_OK;
}

/* Every address of [from, to): find_range() answers as find(), and so does find() all over its range. */
static int check_ranges(struct symtab *st, u64 from, u64 to)
{
	for (u64 addr = from; addr < to; addr++) {
		u64 lo, hi;
		struct symbol *sym = symtab__find_range(st, addr, &lo, &hi);

		TEST_ASSERT_VAL("same answer as symtab__find", sym == symtab__find(st, addr));
		TEST_ASSERT_VAL("range holds the address", lo <= addr && (!hi || addr < hi));
		for (u64 a = lo > from ? lo : from; a < to && (!hi || a < hi); a++) {
			if (symtab__find(st, a) != sym) {
				pr_debug("%#" PRIx64 ": range [%#" PRIx64 ", %#" PRIx64 ") but %#" PRIx64 " differs\n",
					 addr, lo, hi, a);
				return TEST_FAIL;
			}
		}
	}
	return TEST_OK;
}

struct range_sym {
	u64		start, size;
	u8		binding;
	const char	*name;
};

/* A finished table of syms, checked over [from, to). */
static int check_table(const struct range_sym *syms, size_t n, u64 from, u64 to)
{
	struct symtab st;
	int ret;

	symtab__init(&st);
	for (size_t i = 0; i < n; i++)
		symtab__add(&st, syms[i].start, syms[i].size, syms[i].binding, STT_FUNC, syms[i].name,
			    strlen(syms[i].name));
	symtab__finish(&st);
	ret = check_ranges(&st, from, to);
	symtab__exit(&st);
	return ret;
}

/* The ranges callers cache symbol lookups over: gaps, aliases, overlaps, empty tables. */
static int test__find_range(void)
{
	static const struct range_sym plain[] = {
		{ 0x1000, 0x10, STB_GLOBAL, "a" }, { 0x1000, 0x10, STB_WEAK, "a_alias" },
		{ 0x1010, 0x20, STB_GLOBAL, "b" }, { 0x1080, 0x8, STB_GLOBAL, "after_gap" },
		{ 0x1088, 0, STB_GLOBAL, "empty" },
	};
	/* a long symbol over short ones inserted after it (as in test__symtree), one nested */
	static const struct range_sym overlapping[] = {
		{ 0x1000, 0x10, STB_GLOBAL, "before" }, { 0x1010, 0x100, STB_GLOBAL, "long" },
		{ 0x1200, 0x10, STB_GLOBAL, "after" }, { 0x1300, 0x40, STB_GLOBAL, "outer" },
		{ 0x1310, 0x10, STB_GLOBAL, "inner" },
		{ 0x1020, 0x10, STB_GLOBAL, "short0" }, { 0x1030, 0x10, STB_GLOBAL, "short1" },
		{ 0x1040, 0x10, STB_GLOBAL, "short2" }, { 0x1050, 0x10, STB_GLOBAL, "short3" },
		{ 0x1060, 0x10, STB_GLOBAL, "short4" }, { 0x1070, 0x10, STB_GLOBAL, "short5" },
		{ 0x1080, 0x10, STB_GLOBAL, "short6" }, { 0x1090, 0x10, STB_GLOBAL, "short7" },
	};
	int ret = check_table(NULL, 0, 0, 0x100);

	if (ret == TEST_OK)
		ret = check_table(plain, ARRAY_SIZE(plain), 0xf00, 0x1200);
	if (ret == TEST_OK)
		ret = check_table(overlapping, ARRAY_SIZE(overlapping), 0xf00, 0x1400);
	return ret;
}

static const struct test_case symbols_cases[] = {
	TEST_CASE("ELF symbols of a test program", test__prog_symtab),
	TEST_CASE("symbol names as the reference loads them", test__names_vs_reference),
	TEST_CASE("libc symbols", test__libc),
	TEST_CASE("kallsyms parsing and fix-ups", test__kallsyms),
	TEST_CASE("/proc/kallsyms read while parsed", test__kallsyms_streamed),
	TEST_CASE("JIT symbol maps", test__jit_map),
	TEST_CASE("upstream's tree where symbols overlap", test__symtree),
	TEST_CASE("lookup ranges agree with lookups", test__find_range),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(symbols, "Symbols", symbols_cases);
