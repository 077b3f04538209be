// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the manual renderer and the suggestion distance. */
#include "tests/tests.h"
#include "util/help.h"

static int test_render(void)
{
	const char *doc =
		"perf-demo(1)\n"
		"============\n"
		"\n"
		"NAME\n"
		"----\n"
		"perf-demo - Show a 'demo'\n"
		"\n"
		"OPTIONS\n"
		"-------\n"
		"-e::\n"
		"--event=::\n"
		"\tSelect the event.\n"
		"\n"
		"EXAMPLE\n"
		"-------\n"
		"------\n"
		"$ perf demo\n"
		"------\n"
		"\n"
		"SEE ALSO\n"
		"--------\n"
		"linkperf:perf-record[1]\n";
	struct strbuf out = STRBUF_INIT;

	render_asciidoc(doc, 40, &out);
	TEST_ASSERT_VAL("header", strstarts(out.buf, "PERF-DEMO(1)"));
	TEST_ASSERT_VAL("heading", strstr(out.buf, "\nNAME\n       perf-demo - Show a demo\n"));
	TEST_ASSERT_VAL("labels", strstr(out.buf, "\n       -e, --event=\n           Select the event.\n"));
	TEST_ASSERT_VAL("literal", strstr(out.buf, "\n           $ perf demo\n"));
	TEST_ASSERT_VAL("link", strstr(out.buf, "perf-record(1)"));
	strbuf_release(&out);
	return TEST_OK;
}

static int test_docs(void)
{
	TEST_ASSERT_VAL("perf.txt linked in", perf_doc__find("perf") != NULL);
	TEST_ASSERT_VAL("perf-test.txt linked in", perf_doc__find("perf-test") != NULL);
	TEST_ASSERT_VAL("no such page", perf_doc__find("perf-nosuch") == NULL);
	return TEST_OK;
}

static int test_levenshtein(void)
{
	TEST_ASSERT_EQUAL("equal", levenshtein("stat", "stat", 0, 2, 1, 4), 0);
	TEST_ASSERT_EQUAL("one insertion", levenshtein("stt", "stat", 0, 2, 1, 4), 1);
	TEST_ASSERT_EQUAL("swap", levenshtein("satt", "stat", 0, 2, 1, 4), 0);
	TEST_ASSERT_VAL("far", levenshtein("xyz", "record", 0, 2, 1, 4) >= 7);
	return TEST_OK;
}

static const struct test_case help_cases[] = {
	TEST_CASE("Manual page rendering", test_render),
	TEST_CASE("Manual pages linked into the binary", test_docs),
	TEST_CASE("Command suggestions distance", test_levenshtein),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(help, "Help and manual pages", help_cases);
