// SPDX-License-Identifier: GPL-2.0
/* Unit tests of util/string2: globs, units, strlist. */
#include "tests/tests.h"
#include "util/string2.h"

static int test_glob(void)
{
	static const struct { const char *str, *pat; bool match; } cases[] = {
		{ "sched_switch", "sched_*", true },
		{ "sched_switch", "*switch", true },
		{ "sched_switch", "*", true },
		{ "", "*", true },
		{ "sys_enter_write", "sys_enter_*", true },
		{ "sys_exit_write", "sys_enter_*", false },
		{ "abc", "a?c", true },
		{ "ac", "a?c", false },
		{ "a1", "a[0-9]", true },
		{ "ax", "a[0-9]", false },
		{ "ax", "a[!0-9]", true },
		{ "a*", "a\\*", true },
		{ "ab", "a\\*", false },
		{ "aaa", "a*a*a", true },
		{ "aXbXc", "a*b*c", true },
		{ "aXbXd", "a*b*c", false },
		{ "main", "main", true },
		{ "main2", "main", false },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if (strglobmatch(cases[i].str, cases[i].pat) != cases[i].match) {
			pr_err("glob '%s' vs '%s' should be %d\n", cases[i].str, cases[i].pat, cases[i].match);
			return TEST_FAIL;
		}
	}
	TEST_ASSERT_VAL("nocase", strglobmatch_nocase("SCHED", "sch*"));
	TEST_ASSERT_VAL("is glob", is_glob_pattern("a*") && !is_glob_pattern("abc"));
	return TEST_OK;
}

static int test_units(void)
{
	u64 v;

	TEST_ASSERT_VAL("plain", parse_size("4096", &v) == 0 && v == 4096);
	TEST_ASSERT_VAL("K", parse_size("8K", &v) == 0 && v == 8192);
	TEST_ASSERT_VAL("MB", parse_size("2MB", &v) == 0 && v == 2 << 20);
	TEST_ASSERT_VAL("g", parse_size("1g", &v) == 0 && v == 1ULL << 30);
	TEST_ASSERT_VAL("junk", parse_size("8Q", &v) < 0);
	TEST_ASSERT_VAL("empty", parse_size("", &v) < 0);
	TEST_ASSERT_VAL("negative", parse_size("-1", &v) < 0);
	TEST_ASSERT_VAL("ms", parse_time_ns("10ms", 1, &v) == 0 && v == 10000000);
	TEST_ASSERT_VAL("default unit", parse_time_ns("3", 1000000, &v) == 0 && v == 3000000);
	TEST_ASSERT_VAL("u64", parse_u64("0x10", &v) == 0 && v == 16);
	TEST_ASSERT_VAL("u64 junk", parse_u64("10x", &v) < 0);
	TEST_ASSERT_VAL("tail", strtailcmp("/usr/lib/libc.so.6", "libc.so.6") == 0);
	TEST_ASSERT_VAL("tail differs", strtailcmp("/usr/lib/libm.so.6", "libc.so.6") != 0);
	return TEST_OK;
}

static int test_strlist(void)
{
	struct strlist *sl = strlist__new("b,a,,c,a");
	const char *s;
	char order[8] = "";

	TEST_ASSERT_EQUAL("unique entries", strlist__nr_entries(sl), 3);
	TEST_ASSERT_VAL("has a", strlist__has(sl, "a"));
	TEST_ASSERT_VAL("no d", !strlist__has(sl, "d"));
	TEST_ASSERT_EQUAL("add new", strlist__add(sl, "d"), 1);
	TEST_ASSERT_EQUAL("add dup", strlist__add(sl, "d"), 0);
	strlist__for_each(s, sl)
		strcat(order, s);
	TEST_ASSERT_STR("sorted", order, "abcd");
	strlist__delete(sl);
	sl = strlist__new(NULL);
	TEST_ASSERT_EQUAL("empty", strlist__nr_entries(sl), 0);
	strlist__delete(sl);
	return TEST_OK;
}

static const struct test_case string_cases[] = {
	TEST_CASE("Glob matching", test_glob),
	TEST_CASE("Sizes, times and numbers", test_units),
	TEST_CASE("strlist", test_strlist),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(string, "String helpers", string_cases);
