// SPDX-License-Identifier: GPL-2.0
/* Unit tests of util/parse-options: every form of option and every error path. */
#include "tests/tests.h"
#include "util/parse-options.h"
#include "util/strbuf.h"
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

struct opt_state {
	bool all, group, flag_no_inherit;
	int verbose, repeat;
	unsigned int pages;
	long lval;
	u64 period;
	const char *output, *optarg_str;
	char cb_arg[64];
	int cb_calls, cb_unset;
	bool seen_repeat;
};

static struct opt_state st;

static int record_cb(const struct option *opt, const char *arg, int unset)
{
	struct opt_state *s = opt->value;

	s->cb_calls++;
	s->cb_unset = unset;
	snprintf(s->cb_arg, sizeof(s->cb_arg), "%s", arg ? arg : "(null)");
	return arg && !strcmp(arg, "bad") ? -1 : 0;
}

static const char * const test_usage[] = { "perf demo [<options>] [<command>]", NULL };

static const struct option test_options[] = {
	OPT_BOOLEAN('a', "all-cpus", &st.all, "system-wide collection"),
	OPT_BOOLEAN('g', "group", &st.group, "put the counters into a group"),
	OPT_BOOLEAN('i', "no-inherit", &st.flag_no_inherit, "child tasks do not inherit counters"),
	OPT_INCR('v', "verbose", &st.verbose, "be more verbose"),
	OPT_INTEGER_SET('r', "repeat", &st.repeat, &st.seen_repeat, "repeat command"),
	OPT_UINTEGER('m', "mmap-pages", &st.pages, "number of mmap pages"),
	OPT_LONG(0, "long-value", &st.lval, "a long"),
	OPT_U64('c', "count", &st.period, "event period"),
	OPT_STRING('o', "output", &st.output, "file", "output file name"),
	OPT_STRING_OPTARG(0, "opt-str", &st.optarg_str, "x", "optional string", "deflt"),
	OPT_CALLBACK('e', "event", &st, "event", "event selector", record_cb),
	OPT_BOOLEAN(0, "summary", &st.all, "summary"),
	OPT_BOOLEAN(0, "sync", &st.group, "sync"),
	OPT_END()
};

static int parse(int flags, int argc, const char **argv)
{
	memset(&st, 0, sizeof(st));
	return parse_options(argc, argv, test_options, test_usage, flags);
}

/* Run a parse that must fail in a child; return its exit status and stderr. */
static int parse_in_child(const char **argv, int argc, struct strbuf *err)
{
	int fds[2], status;
	pid_t pid;

	if (pipe(fds))
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		close(fds[0]);
		parse_options_help_hook = NULL;
		parse(0, argc, argv);
		_exit(0);
	}
	close(fds[1]);
	strbuf_read(err, fds[0], 1024);
	close(fds[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int test_bundling_and_attached(void)
{
	const char *argv[] = { "demo", "-agv", "-vr3", "-ofile", "-c", "0x10", "-m99", "work", "-a", NULL };
	int argc = parse(PARSE_OPT_STOP_AT_NON_OPTION, ARRAY_SIZE(argv) - 1, argv);

	TEST_ASSERT_VAL("-a", st.all);
	TEST_ASSERT_VAL("-g", st.group);
	TEST_ASSERT_EQUAL("-v twice", st.verbose, 2);
	TEST_ASSERT_EQUAL("-r3", st.repeat, 3);
	TEST_ASSERT_VAL("set flag", st.seen_repeat);
	TEST_ASSERT_STR("-ofile", st.output, "file");
	TEST_ASSERT_EQUAL("-c 0x10", st.period, 16);
	TEST_ASSERT_EQUAL("-m99", st.pages, 99);
	/* stops at the workload, keeps its arguments */
	TEST_ASSERT_EQUAL("remaining", argc, 2);
	TEST_ASSERT_STR("workload", argv[0], "work");
	TEST_ASSERT_STR("workload arg", argv[1], "-a");
	TEST_ASSERT_VAL("NULL terminated", argv[2] == NULL);
	return TEST_OK;
}

static int test_long_forms(void)
{
	const char *argv[] = { "demo", "--output=x.data", "--repeat", "5", "--event", "cpu-clock",
			       "--long-value=-7", "--count", "1000", NULL };
	int argc = parse(0, ARRAY_SIZE(argv) - 1, argv);

	TEST_ASSERT_EQUAL("no args left", argc, 0);
	TEST_ASSERT_STR("--output=", st.output, "x.data");
	TEST_ASSERT_EQUAL("--repeat 5", st.repeat, 5);
	TEST_ASSERT_STR("--event value", st.cb_arg, "cpu-clock");
	TEST_ASSERT_EQUAL("--long-value", st.lval, -7);
	TEST_ASSERT_EQUAL("--count", st.period, 1000);
	return TEST_OK;
}

static int test_negation_and_prefixes(void)
{
	const char *argv1[] = { "demo", "-a", "--no-all-cpus", "--inherit", "--no-event", NULL };
	const char *argv2[] = { "demo", "--all", "--out", "f", "--rep=2", "--no-gr", NULL };
	const char *argv3[] = { "demo", "-g", "--no-group", "-i", NULL };

	parse(0, ARRAY_SIZE(argv1) - 1, argv1);
	TEST_ASSERT_VAL("--no-all-cpus", !st.all);
	TEST_ASSERT_VAL("--inherit negates no-inherit", !st.flag_no_inherit);
	TEST_ASSERT_EQUAL("callback unset", st.cb_unset, 1);

	parse(0, ARRAY_SIZE(argv2) - 1, argv2);
	TEST_ASSERT_VAL("--all prefix", st.all);
	TEST_ASSERT_STR("--out prefix", st.output, "f");
	TEST_ASSERT_EQUAL("--rep= prefix", st.repeat, 2);
	TEST_ASSERT_VAL("--no-gr prefix", !st.group);

	parse(0, ARRAY_SIZE(argv3) - 1, argv3);
	TEST_ASSERT_VAL("--no-group", !st.group);
	TEST_ASSERT_VAL("-i", st.flag_no_inherit);
	return TEST_OK;
}

static int test_optional_values(void)
{
	const char *argv1[] = { "demo", "--opt-str", "file", NULL };
	const char *argv2[] = { "demo", "--opt-str=val", NULL };
	int argc = parse(0, ARRAY_SIZE(argv1) - 1, argv1);

	TEST_ASSERT_STR("optional value not taken from next argument", st.optarg_str, "deflt");
	TEST_ASSERT_EQUAL("next argument kept", argc, 1);
	TEST_ASSERT_STR("kept", argv1[0], "file");
	parse(0, ARRAY_SIZE(argv2) - 1, argv2);
	TEST_ASSERT_STR("attached optional value", st.optarg_str, "val");
	return TEST_OK;
}

static int test_dashdash_and_nonoptions(void)
{
	const char *argv1[] = { "demo", "-a", "--", "-g", "x", NULL };
	const char *argv2[] = { "demo", "file1", "-a", "file2", "-", NULL };
	const char *argv3[] = { "demo", "-a", "--", "x", NULL };
	int argc = parse(0, ARRAY_SIZE(argv1) - 1, argv1);

	TEST_ASSERT_EQUAL("after --", argc, 2);
	TEST_ASSERT_STR("-g kept", argv1[0], "-g");
	TEST_ASSERT_VAL("-g not parsed", !st.group);

	argc = parse(0, ARRAY_SIZE(argv2) - 1, argv2);
	TEST_ASSERT_EQUAL("non-options collected", argc, 3);
	TEST_ASSERT_STR("file1", argv2[0], "file1");
	TEST_ASSERT_STR("file2", argv2[1], "file2");
	TEST_ASSERT_STR("- is a non-option", argv2[2], "-");
	TEST_ASSERT_VAL("-a parsed in between", st.all);

	argc = parse(PARSE_OPT_KEEP_DASHDASH, ARRAY_SIZE(argv3) - 1, argv3);
	TEST_ASSERT_EQUAL("keep dashdash", argc, 2);
	TEST_ASSERT_STR("--", argv3[0], "--");
	return TEST_OK;
}

struct error_case {
	const char *args[4];
	const char *expect;	/* expected text at the start of stderr */
};

static int test_errors(void)
{
	static const struct error_case cases[] = {
		{ { "--foo" }, "  Error: unknown option `foo'\n\n Usage: perf demo [<options>] [<command>]\n\n" },
		{ { "-Z" }, "  Error: unknown switch `Z'\n\n Usage: perf demo" },
		{ { "-r", "x" }, " Error: switch `r' expects a numerical value\n Usage: perf demo [<options>] [<command>]\n\n    -r, --repeat <n>      repeat command\n" },
		{ { "--repeat" }, " Error: option `repeat' expects a numerical value\n Usage:" },
		{ { "--output" }, " Error: option `output' requires a value\n Usage:" },
		{ { "-o" }, " Error: switch `o' requires a value\n Usage:" },
		{ { "--all-cpus=3" }, " Error: option `all-cpus' takes no value\n Usage:" },
		{ { "-m", "-1" }, " Error: switch `m' expects an unsigned numerical value\n" },
		{ { "--s" }, " Error: Ambiguous option: s (could be --summary or --sync)\n\n Usage: perf demo [<options>] [<command>]\n\n        --summary         summary\n        --sync            sync\n" },
		{ { "-e", "bad" }, "\n Usage: perf demo [<options>] [<command>]\n\n    -e, --event <event>   event selector\n" },
		{ { "-h" }, "\n Usage: perf demo [<options>] [<command>]\n\n    -a, --all-cpus        system-wide collection\n    -c, --count <n>       event period\n" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const char *argv[6] = { "demo" };
		struct strbuf err = STRBUF_INIT;
		int argc = 1, status;

		for (int j = 0; j < 4 && cases[i].args[j]; j++)
			argv[argc++] = cases[i].args[j];
		status = parse_in_child(argv, argc, &err);
		if (status != 129 || !strstarts(err.buf, cases[i].expect)) {
			pr_err("FAILED case %zu (%s): exit %d, stderr:\n%s\nexpected start:\n%s\n",
			       i, cases[i].args[0], status, err.buf, cases[i].expect);
			strbuf_release(&err);
			return TEST_FAIL;
		}
		strbuf_release(&err);
	}
	return TEST_OK;
}

static int test_usage_layout(void)
{
	/* long names that do not fit the 24-column option field go on their own line */
	static const struct option opts[] = {
		OPT_BOOLEAN('N', "no-buildid-cache", &st.all, "do not update the buildid cache"),
		OPT_STRING('F', "freq", &st.output, "freq or 'max'", "profile at this frequency"),
		OPT_BOOLEAN('g', NULL, &st.group, "enables call-graph recording"),
		OPT_CALLBACK_OPTARG('I', "intr-regs", &st, NULL, "any register", "sample registers", record_cb),
		OPT_END()
	};
	static const char *const usage[] = { "perf x [<options>]", "perf x [<options>] -- <command>", NULL };
	const char *expect =
		"\n Usage: perf x [<options>]\n"
		"    or: perf x [<options>] -- <command>\n\n"
		"    -F, --freq <freq or 'max'>\n"
		"                          profile at this frequency\n"
		"    -g                    enables call-graph recording\n"
		"    -I, --intr-regs[=<any register>]\n"
		"                          sample registers\n"
		"    -N, --no-buildid-cache\n"
		"                          do not update the buildid cache\n\n";
	struct strbuf err = STRBUF_INIT;
	int fds[2], status;
	pid_t pid;

	if (pipe(fds))
		return TEST_FAIL;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		usage_with_options(usage, opts);
	}
	close(fds[1]);
	strbuf_read(&err, fds[0], 1024);
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 129 || strcmp(err.buf, expect)) {
		pr_err("usage text:\n%s\nexpected:\n%s\n", err.buf, expect);
		strbuf_release(&err);
		return TEST_FAIL;
	}
	strbuf_release(&err);
	return TEST_OK;
}

static const struct test_case parse_options_cases[] = {
	TEST_CASE("Short option bundling and attached values", test_bundling_and_attached),
	TEST_CASE("Long options with = and separate values", test_long_forms),
	TEST_CASE("Negation and unambiguous prefixes", test_negation_and_prefixes),
	TEST_CASE("Optional values", test_optional_values),
	TEST_CASE("-- and non-option arguments", test_dashdash_and_nonoptions),
	TEST_CASE("Error messages and exit code 129", test_errors),
	TEST_CASE("Usage text layout", test_usage_layout),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(parse_options, "Option parser", parse_options_cases);
