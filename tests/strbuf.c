// SPDX-License-Identifier: GPL-2.0
/* Unit tests of util/strbuf. */
#include "tests/tests.h"
#include "util/strbuf.h"
#include <fcntl.h>
#include <unistd.h>

static int test_strbuf_basics(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *s;
	size_t len;

	TEST_ASSERT_VAL("empty buffer is a string", sb.buf && sb.buf[0] == '\0' && sb.len == 0);
	strbuf_addstr(&sb, "hello");
	strbuf_addch(&sb, ' ');
	strbuf_addf(&sb, "%s %d", "world", 42);
	TEST_ASSERT_STR("addstr/addch/addf", sb.buf, "hello world 42");
	TEST_ASSERT_EQUAL("len", sb.len, 14);

	strbuf_insert(&sb, 0, ">> ", 3);
	TEST_ASSERT_STR("insert", sb.buf, ">> hello world 42");
	strbuf_remove(&sb, 0, 3);
	TEST_ASSERT_STR("remove", sb.buf, "hello world 42");
	strbuf_setlen(&sb, 5);
	TEST_ASSERT_STR("setlen", sb.buf, "hello");
	strbuf_addchars(&sb, '-', 3);
	TEST_ASSERT_STR("addchars", sb.buf, "hello---");

	strbuf_reset(&sb);
	strbuf_addstr(&sb, "  \t padded \n");
	strbuf_trim(&sb);
	TEST_ASSERT_STR("trim", sb.buf, "padded");

	s = strbuf_detach(&sb, &len);
	TEST_ASSERT_STR("detach", s, "padded");
	TEST_ASSERT_EQUAL("detach len", len, 6);
	TEST_ASSERT_VAL("empty after detach", sb.len == 0 && sb.buf[0] == '\0');
	free(s);
	strbuf_release(&sb);
	return TEST_OK;
}

static int test_strbuf_growth(void)
{
	struct strbuf sb = STRBUF_INIT;
	char big[5000];

	/* a formatted string longer than the first allocation */
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	strbuf_addf(&sb, "[%s]", big);
	TEST_ASSERT_EQUAL("long addf", sb.len, sizeof(big) + 1);
	TEST_ASSERT_VAL("brackets", sb.buf[0] == '[' && sb.buf[sb.len - 1] == ']');
	for (int i = 0; i < 100000; i++)
		strbuf_addch(&sb, 'a' + i % 26);
	TEST_ASSERT_EQUAL("many addch", sb.len, sizeof(big) + 1 + 100000);
	TEST_ASSERT_VAL("terminated", sb.buf[sb.len] == '\0');
	strbuf_release(&sb);
	TEST_ASSERT_VAL("release", sb.len == 0 && sb.alloc == 0);
	return TEST_OK;
}

static int test_strbuf_grouped(void)
{
	static const struct { u64 v; const char *s; } cases[] = {
		{ 0, "0" }, { 999, "999" }, { 1000, "1,000" }, { 1234567, "1,234,567" },
		{ 100000, "100,000" }, { 18446744073709551615ULL, "18,446,744,073,709,551,615" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_add_u64_grouped(&sb, cases[i].v);
		TEST_ASSERT_STR("grouped", sb.buf, cases[i].s);
		strbuf_release(&sb);
	}
	return TEST_OK;
}

static int test_strbuf_read(void)
{
	char path[] = "/tmp/ptest-strbuf.XXXXXX";
	struct strbuf sb = STRBUF_INIT;
	int fd = mkstemp(path);
	ssize_t n;

	if (fd < 0)
		return test_skip("cannot create a temporary file");
	for (int i = 0; i < 3000; i++)
		dprintf(fd, "line %d\n", i);
	close(fd);
	n = strbuf_read_file(&sb, path, 0);
	unlink(path);
	TEST_ASSERT_VAL("read whole file", n > 0 && (size_t)n == sb.len);
	TEST_ASSERT_VAL("first line", strstarts(sb.buf, "line 0\nline 1\n"));
	TEST_ASSERT_VAL("last line", strends(sb.buf, "line 2999\n"));
	strbuf_release(&sb);
	TEST_ASSERT_VAL("missing file", strbuf_read_file(&sb, "/nonexistent/x", 0) < 0);
	return TEST_OK;
}

static const struct test_case strbuf_cases[] = {
	TEST_CASE("Append, insert, remove, trim, detach", test_strbuf_basics),
	TEST_CASE("Growth", test_strbuf_growth),
	TEST_CASE("Thousands separators", test_strbuf_grouped),
	TEST_CASE("Reading files", test_strbuf_read),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(strbuf, "strbuf", strbuf_cases);
