/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf test: builtin unit tests.
 *
 * A test is a function returning TEST_OK, TEST_FAIL or test_skip("why").
 * Declare one with DEFINE_SUITE(name, "Description") followed by the body
 * of test__name(), then list suite__name in tests/builtin-test.c:
 *
 *   DEFINE_SUITE(strbuf, "strbuf operations")
 *   {
 *           TEST_ASSERT_VAL("empty", sb.len == 0);
 *           return TEST_OK;
 *   }
 *
 * A suite with several cases uses DEFINE_SUITE_CASES with an array of
 * struct test_case ending in TEST_CASE_END. Every test runs in a child
 * process, so a crash is reported as a failure of that test only.
 */
#ifndef PERF_TESTS_H
#define PERF_TESTS_H

#include "util/debug.h"
#include "util/util.h"

enum {
	TEST_OK = 0,
	TEST_FAIL = -1,
	TEST_SKIP = -2,
};

struct test_case {
	const char *desc;
	int (*run)(void);
};

struct test_suite {
	const char *desc;
	const struct test_case *cases;	/* ends with TEST_CASE_END */
};

#define TEST_CASE(description, fn) { description, fn }
#define TEST_CASE_END { NULL, NULL }

#define DEFINE_SUITE(name, description) \
	static int test__##name(void); \
	static const struct test_case tests__##name[] = { \
		TEST_CASE(description, test__##name), TEST_CASE_END }; \
	const struct test_suite suite__##name = { description, tests__##name }; \
	static int test__##name(void)

#define DEFINE_SUITE_CASES(name, description, cases) \
	const struct test_suite suite__##name = { description, cases }

/* Record why the test is skipped ("Skip (why)") and return TEST_SKIP. */
int test_skip(const char *fmt, ...) __printf(1, 2);

#define TEST_ASSERT_VAL(text, cond) \
	do { \
		if (!(cond)) { \
			pr_err("FAILED %s:%d %s\n", __FILE__, __LINE__, text); \
			return TEST_FAIL; \
		} \
	} while (0)

#define TEST_ASSERT_EQUAL(text, val, expected) \
	do { \
		long long __v = (long long)(val), __e = (long long)(expected); \
		if (__v != __e) { \
			pr_err("FAILED %s:%d %s (%lld != %lld)\n", __FILE__, __LINE__, text, __v, __e); \
			return TEST_FAIL; \
		} \
	} while (0)

#define TEST_ASSERT_STR(text, val, expected) \
	do { \
		const char *__v = (val), *__e = (expected); \
		if (!__v || strcmp(__v, __e)) { \
			pr_err("FAILED %s:%d %s (\"%s\" != \"%s\")\n", __FILE__, __LINE__, text, \
			       __v ? __v : "(null)", __e); \
			return TEST_FAIL; \
		} \
	} while (0)

/* Built-in workloads for tests and demos: perf test -w NAME [ARGS]. */
struct test_workload {
	const char *name;
	const char *desc;
	int (*run)(int argc, const char **argv);
};

#define DEFINE_WORKLOAD(wname, description) \
	static int workload__##wname(int argc, const char **argv); \
	const struct test_workload workload__##wname##_def = { #wname, description, workload__##wname }; \
	static int workload__##wname(int argc, const char **argv)

#endif
