// SPDX-License-Identifier: GPL-2.0
/*
 * Demangling: C++ as c++filt prints it (with and without parameter lists),
 * Rust legacy and v0 (examples from the v0 RFC and rustc-demangle's
 * documentation, cross-checked with libiberty, the reference's demangler),
 * OCaml, and how symbols use it (PLT names, --no-demangle, kernel names).
 */
#include <elf.h>
#include "tests/tests.h"
#include "util/demangle.h"
#include "util/symbol.h"

/* libiberty's Rust demangler (its header clashes with util.h), the reference's. */
char *rust_demangle(const char *mangled, int options);

static int check(const char *what, const char *name, char *got, const char *want)
{
	bool ok = want ? got && !strcmp(got, want) : !got;

	if (!ok)
		pr_err("%s %s: got '%s', want '%s'\n", what, name, got ? got : "(none)", want ? want : "(none)");
	free(got);
	return ok ? 0 : -1;
}

static const struct { const char *name, *plain, *params; } cxx_cases[] = {
	{ "_ZN2ns3Foo4workEi", "ns::Foo::work", "ns::Foo::work(int)" },
	{ "_ZNK2ns3Foo4workEi", "ns::Foo::work", "ns::Foo::work(int) const" },
	{ "_Z5twiceIlET_S0_", "twice<long>", "long twice<long>(long)" },
	{ "_ZN3FooC1Ev", "Foo::Foo", "Foo::Foo()" },
	{ "_ZN3FooD2Ev", "Foo::~Foo", "Foo::~Foo()" },
	{ "_ZNSt6vectorIiSaIiEE9push_backERKi", "std::vector<int, std::allocator<int> >::push_back",
	  "std::vector<int, std::allocator<int> >::push_back(int const&)" },
	{ "_ZZ4mainENKUlvE_clEv", "main::{lambda()#1}::operator()", "main::{lambda()#1}::operator()() const" },
	{ "_ZN12_GLOBAL__N_13barEv", "(anonymous namespace)::bar", "(anonymous namespace)::bar()" },
	{ "_ZTV3Foo", "vtable for Foo", "vtable for Foo" },
	{ "_ZGVZ4mainE1x", "guard variable for main::x", "guard variable for main::x" },
	{ "_Z3fooPFviE", "foo", "foo(void (*)(int))" },
	{ "_ZN2ns3Foo4workEi.cold", "ns::Foo::work", "ns::Foo::work(int) [clone .cold]" },
	{ "_ZN3FooixEi", "Foo::operator[]", "Foo::operator[](int)" },
	{ "_ZplRK1AS1_", "operator+", "operator+(A const&, A const&)" },
	{ "_Z1fIJidEEvDpT_", "f<int, double>", "void f<int, double>(int, double)" },
	{ "_GLOBAL__I_foo", "global constructors keyed to foo", "global constructors keyed to foo" },
	{ "main", NULL, NULL },
	{ "_Z", NULL, NULL },
	{ "_ZN3foo", NULL, NULL },
};

static int test__cxx(void)
{
	int err = 0;

	for (size_t i = 0; i < ARRAY_SIZE(cxx_cases); i++) {
		err |= check("C++", cxx_cases[i].name, cxx_demangle(cxx_cases[i].name, false),
			     cxx_cases[i].plain);
		err |= check("C++(params)", cxx_cases[i].name, cxx_demangle(cxx_cases[i].name, true),
			     cxx_cases[i].params);
	}
	return err ? TEST_FAIL : TEST_OK;
}

static const struct { const char *name, *want; } rust_cases[] = {
	/* legacy: the hash segment is hidden, $..$ escapes decoded, ".." is "::" */
	{ "_ZN3foo3bar17h05af221e174051e9E", "foo::bar" },
	{ "_ZN3foo3bar17h05af221e174051e9E.llvm.12345", "foo::bar" },
	{ "_ZN66_$LT$alloc..vec..Vec$LT$T$GT$$u20$as$u20$core..ops..drop..Drop$GT$4drop17h05af221e174051e9E",
	  "<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop" },
	{ "_ZN4test23$RF$$BP$$C$$SP$$LP$$RP$17h05af221e174051e9E", "test::&*,@()" },
	{ "_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17h05af221e174051e9E",
	  "std::rt::lang_start::{{closure}}" },
	{ "_ZN4core3ops8function6FnOnce40call_once$u7b$$u7b$vtable.shim$u7d$$u7d$17h42e08618e5619cfaE",
	  "core::ops::function::FnOnce::call_once{{vtable.shim}}" },
	/* not a hash (too few distinct digits): not Rust */
	{ "_ZN3foo3bar17h0000000000000000E", NULL },
	/* v0 */
	{ "_RNvC6_123foo3bar", "123foo::bar" },
	{ "_RNvCsbmNqQUJIY6D_4core4main", "core::main" },
	{ "_RNqCs4fqI2P2rA04_11utf8_identsu30____7hkackfecea1cbdathfdh9hlq6y",
	  "utf8_idents::\xe1\x83\xa1\xe1\x83\x90\xe1\x83\xad\xe1\x83\x9b\xe1\x83\x94\xe1\x83\x9a\xe1\x83\x90\xe1\x83\x93"
	  "_\xe1\x83\x92\xe1\x83\x94\xe1\x83\x9b\xe1\x83\xa0\xe1\x83\x98\xe1\x83\x94\xe1\x83\x9a\xe1\x83\x98"
	  "_\xe1\x83\xa1\xe1\x83\x90\xe1\x83\x93\xe1\x83\x98\xe1\x83\x9a\xe1\x83\x98" },
	{ "_RNCNCNgCs6DXkGYLi8lr_2cc5spawn00B5_", "cc::spawn::{closure#0}::{closure#0}" },
	{ "_RNCINkXs25_NgCsbmNqQUJIY6D_4core5sliceINyB9_4IterhENuNgNoBb_4iter8iterator8Iterator9rpositionNCNgNpB9_6memchr7memrchrs_0E0Bb_",
	  "<core::slice::Iter<u8> as core::iter::iterator::Iterator>::rposition::<core::slice::memchr::memrchr::{closure#1}>::{closure#0}" },
	{ "_RINbNbCskIICzLVDPPb_5alloc5alloc8box_freeDINbNiB4_5boxed5FnBoxuEp6OutputuEL_ECs1iopQbuBiw2_3std",
	  "alloc::alloc::box_free::<dyn alloc::boxed::FnBox<(), Output = ()>>" },
	{ "_RNvMNtCs6GmmlP4bgsG_1r1mINtB2_1SmE4spin", "<r::m::S<u32>>::spin" },
	{ "_RMC0FG_UKCRL0_hvEu", "<for<'a> unsafe extern \"C\" fn(&'a u8, ...)>" },
	{ "_RMC0FUK5ab_cdEh", "<unsafe extern \"ab-cd\" fn() -> u8>" },
	{ "_RMC0TE", "<()>" },
	{ "_RMC0ThE", "<(u8,)>" },
	{ "_RMC0Ahj8_", "<[u8; 8]>" },
	{ "_RMC0QL_h", "<&mut u8>" },
	{ "_RXC1mhNtC1m3Foo", "<u8 as m::Foo>" },
	{ "_RNvC1m3foo.llvm.123", "m::foo" },
	{ "_RIC0Ks98_E", "::<152>" },
	{ "_RIC0Kanb_E", "::<-11>" },
	{ "_RIC0Kb1_E", "::<true>" },
	{ "_RIC0Kc76_E", "::<'v'>" },
	{ "_RIC0Kca_E", "::<'\\n'>" },
	{ "_RIC0Kc20_E", "::<'\\u{20}'>" },
	/* malformed */
	{ "_R1NvC0_3foo", NULL },
	{ "_RNvC0_3fooxx", NULL },
	{ "_RNvB0_3foo", NULL },
	{ "_R", NULL },
};

/* Const generics libiberty cannot print: ours, in rustc-demangle's form. */
static const struct { const char *name, *want; } rust_extended[] = {
	{ "_RIC0Ke616263_E", "::<*\"abc\">" },
	{ "_RIC0KRe616263_E", "::<\"abc\">" },
	{ "_RIC0KAhb_hc_EE", "::<[11, 12]>" },
	{ "_RIC0KTb1_c76_EE", "::<(true, 'v')>" },
	{ "_RIC0KVNtC1m3FooS1xb0_EE", "::<m::Foo { x: false }>" },
	/* u128 past 64 bits: the digits, not libiberty's off-by-one */
	{ "_RIC0Koff00ff00ff00ff00ff_E", "::<0xff00ff00ff00ff00ff>" },
};

static char *rust(const char *name)
{
	char *d = rust_demangle_v0(name);

	return d ? d : rust_demangle_legacy(name);
}

static int test__rust(void)
{
	int err = 0;

	for (size_t i = 0; i < ARRAY_SIZE(rust_cases); i++) {
		err |= check("Rust", rust_cases[i].name, rust(rust_cases[i].name), rust_cases[i].want);
		/* the reference's demangler agrees */
		err |= check("libiberty", rust_cases[i].name, rust_demangle(rust_cases[i].name, 0),
			     rust_cases[i].want);
	}
	for (size_t i = 0; i < ARRAY_SIZE(rust_extended); i++)
		err |= check("Rust const", rust_extended[i].name, rust(rust_extended[i].name),
			     rust_extended[i].want);
	return err ? TEST_FAIL : TEST_OK;
}

static int test__others(void)
{
	int err = 0;

	err |= check("OCaml", "camlStdlib__List__iter_123", ocaml_demangle("camlStdlib__List__iter_123"),
		     "Stdlib.List.iter_123");
	err |= check("OCaml", "camlFoo$2ebar", ocaml_demangle("camlFoo$2ebar"), "Foo.bar");
	err |= check("OCaml", "camlfoo", ocaml_demangle("camlfoo"), NULL);
	/* the order: Rust before C++ (legacy Rust names are C++ names too) */
	err |= check("any", "legacy", demangle_sym("_ZN3foo3bar17h05af221e174051e9E", false), "foo::bar");
	err |= check("any", "C++", demangle_sym("_ZN3FooC1Ev", true), "Foo::Foo()");
	err |= check("any", "v0", demangle_sym("_RNvC6_123foo3bar", false), "123foo::bar");
	err |= check("any", "OCaml", demangle_sym("camlA__b", false), "A.b");
	err |= check("any", "plain", demangle_sym("memcpy", false), NULL);
	return err ? TEST_FAIL : TEST_OK;
}

/* How symbols show their names: lazily, PLT suffix kept, kernel raw, --no-demangle. */
static int test__symbol_names(void)
{
	struct symtab st;
	struct symbol *plt, *cxx, *kern;
	int saved_verbose = verbose;

	verbose = 0;
	symtab__init(&st);
	cxx = symtab__add(&st, 0x100, 0x10, STB_GLOBAL, STT_FUNC, "_ZN2ns3Foo4workEi", 17);
	plt = symtab__add(&st, 0x200, 0x10, STB_GLOBAL, STT_FUNC, "_ZN3FooC1Ev@plt", 15);
	plt->flags |= SYMBOL_PLT;
	kern = symtab__add(&st, 0x300, 0x10, STB_GLOBAL, STT_FUNC, "_RNvC6_123foo3bar", 17);
	kern->flags |= SYMBOL_KERNEL;
	symtab__finish(&st);
	cxx = symtab__find(&st, 0x105);
	plt = symtab__find(&st, 0x205);
	kern = symtab__find(&st, 0x305);
	TEST_ASSERT_STR("C++", symbol__name(cxx), "ns::Foo::work");
	TEST_ASSERT_STR("cached", symbol__name(cxx), "ns::Foo::work");
	TEST_ASSERT_STR("plt", symbol__name(plt), "Foo::Foo@plt");
	TEST_ASSERT_STR("kernel names stay raw", symbol__name(kern), "_RNvC6_123foo3bar");
	TEST_ASSERT_VAL("by display name", symtab__find_by_name(&st, "Foo::Foo@plt") == plt);
	symtab__exit(&st);

	symtab__init(&st);
	symbol_conf.demangle = false;
	symtab__add(&st, 0x100, 0x10, STB_GLOBAL, STT_FUNC, "_ZN2ns3Foo4workEi", 17);
	symtab__finish(&st);
	TEST_ASSERT_STR("--no-demangle", symbol__name(symtab__find(&st, 0x100)), "_ZN2ns3Foo4workEi");
	symbol_conf.demangle = true;
	symtab__exit(&st);

	symtab__init(&st);
	verbose = 1;
	symtab__add(&st, 0x100, 0x10, STB_GLOBAL, STT_FUNC, "_ZN2ns3Foo4workEi", 17);
	symtab__finish(&st);
	TEST_ASSERT_STR("-v: with parameters", symbol__name(symtab__find(&st, 0x100)), "ns::Foo::work(int)");
	verbose = saved_verbose;
	symtab__exit(&st);
	return TEST_OK;
}

static const struct test_case demangle_cases[] = {
	TEST_CASE("C++ (libiberty, as c++filt)", test__cxx),
	TEST_CASE("Rust legacy and v0", test__rust),
	TEST_CASE("OCaml, and which demangler a name goes to", test__others),
	TEST_CASE("symbol display names", test__symbol_names),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(demangle, "Demangling", demangle_cases);
