// SPDX-License-Identifier: GPL-2.0
/* perf probe definitions: parsing, synthesis, naming, filters, SDT arguments. */
#include "tests/tests.h"
#include "util/probe-event.h"
#include "util/sdt.h"
#include "util/strbuf.h"

static int point_roundtrip(const char *def, const char *expect)
{
	struct perf_probe_event pev;
	struct strbuf sb = STRBUF_INIT;
	int ok;

	if (parse_perf_probe_command(def, &pev))
		return 0;
	synthesize_perf_probe_point(&sb, &pev.point);
	ok = !strcmp(sb.buf, expect);
	if (!ok)
		pr_err("'%s' -> '%s', expected '%s'\n", def, sb.buf, expect);
	strbuf_release(&sb);
	clear_perf_probe_event(&pev);
	return ok;
}

static int test__probe_parse_points(void)
{
	struct perf_probe_event pev;

	TEST_ASSERT_VAL("func", point_roundtrip("probe_add", "probe_add"));
	TEST_ASSERT_VAL("func:line", point_roundtrip("probe_add:2", "probe_add:2"));
	TEST_ASSERT_VAL("func+off", point_roundtrip("probe_add+4", "probe_add+4"));
	TEST_ASSERT_VAL("return", point_roundtrip("probe_ret%return", "probe_ret%return"));
	TEST_ASSERT_VAL("func@src", point_roundtrip("f@a/b.c:3", "f:3@a/b.c"));
	TEST_ASSERT_VAL("src:line", point_roundtrip("prog.c:93", "@prog.c:93"));
	TEST_ASSERT_VAL("src;lazy", point_roundtrip("prog.c;foo*", "@prog.c;foo*"));
	TEST_ASSERT_VAL("func;lazy", point_roundtrip("f;x=*", "f;x=*"));

	TEST_ASSERT_VAL("event names", !parse_perf_probe_command("grp:ev=f a", &pev));
	TEST_ASSERT_STR("group", pev.group, "grp");
	TEST_ASSERT_STR("event", pev.event, "ev");
	TEST_ASSERT_STR("function", pev.point.function, "f");
	TEST_ASSERT_EQUAL("nargs", pev.nargs, 1);
	clear_perf_probe_event(&pev);

	TEST_ASSERT_VAL("sdt", !parse_perf_probe_command("sdt_prov:mark", &pev));
	TEST_ASSERT_VAL("sdt flag", pev.sdt);
	TEST_ASSERT_STR("sdt group", pev.group, "sdt_prov");
	TEST_ASSERT_STR("sdt name", pev.point.function, "mark");
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("%sdt", !parse_perf_probe_command("%prov:mark", &pev));
	TEST_ASSERT_STR("%sdt group", pev.group, "sdt_prov");
	clear_perf_probe_event(&pev);

	/* semantic errors */
	verbose = -1;
	TEST_ASSERT_VAL("line+offset", parse_perf_probe_command("f:2+4", &pev));
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("return+line", parse_perf_probe_command("f:2%return", &pev));
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("bad event name", parse_perf_probe_command("bad-name=f", &pev));
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("file needs a line", parse_perf_probe_command("a.c", &pev) == 0 ||
			!pev.point.file);
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("unknown type", parse_perf_probe_command("f a:foo", &pev));
	clear_perf_probe_event(&pev);
	TEST_ASSERT_VAL("%bogus", parse_perf_probe_command("f%bogus", &pev));
	clear_perf_probe_event(&pev);
	verbose = 0;
	return TEST_OK;
}

static int test__probe_parse_args(void)
{
	struct perf_probe_event pev;
	struct perf_probe_arg *a;
	struct strbuf sb = STRBUF_INIT;

	TEST_ASSERT_VAL("parse", !parse_perf_probe_command(
		"f x=item->pos.y s:string item->vals[2] $retval %di +0(%si):u32 b:b3@4/32 $vars", &pev));
	TEST_ASSERT_EQUAL("nargs", pev.nargs, 8);
	a = &pev.args[0];
	TEST_ASSERT_STR("name", a->name, "x");
	TEST_ASSERT_STR("var", a->var, "item");
	TEST_ASSERT_VAL("field 1", a->field && a->field->ref && !strcmp(a->field->name, "pos"));
	TEST_ASSERT_VAL("field 2", a->field->next && !a->field->next->ref &&
			!strcmp(a->field->next->name, "y"));
	a = &pev.args[1];
	TEST_ASSERT_STR("string type", a->type, "string");
	a = &pev.args[2];
	TEST_ASSERT_VAL("index", a->field->next && !a->field->next->name && a->field->next->index == 2);
	TEST_ASSERT_VAL("raw $retval", perf_probe_arg_is_raw(&pev.args[3]));
	TEST_ASSERT_VAL("raw %di", perf_probe_arg_is_raw(&pev.args[4]));
	TEST_ASSERT_STR("raw deref", pev.args[5].var, "+0(%si)");
	TEST_ASSERT_STR("raw deref type", pev.args[5].type, "u32");
	TEST_ASSERT_STR("bitfield type", pev.args[6].type, "b3@4/32");
	TEST_ASSERT_VAL("$vars is not raw", !perf_probe_arg_is_raw(&pev.args[7]));
	TEST_ASSERT_VAL("needs dwarf", perf_probe_event_need_dwarf(&pev));
	synthesize_perf_probe_arg(&sb, &pev.args[0]);
	TEST_ASSERT_STR("synth arg", sb.buf, "x=item->pos.y");
	strbuf_release(&sb);
	clear_perf_probe_event(&pev);

	TEST_ASSERT_VAL("raw only", !parse_perf_probe_command("f %di $retval", &pev));
	TEST_ASSERT_VAL("no dwarf", !perf_probe_event_need_dwarf(&pev));
	clear_perf_probe_event(&pev);
	return TEST_OK;
}

static int test__probe_trace_command(void)
{
	struct probe_trace_event tev;
	char *cmd;

	TEST_ASSERT_VAL("parse uprobe", !parse_probe_trace_command(
		"p:probe_x/f /bin/x:0x0000000000001164 a=-20(%bp):s32 s=+0(-24(%bp)):string arg3=%di", &tev));
	TEST_ASSERT_STR("group", tev.group, "probe_x");
	TEST_ASSERT_STR("event", tev.event, "f");
	TEST_ASSERT_VAL("uprobes", tev.uprobes);
	TEST_ASSERT_STR("path", tev.point.module, "/bin/x");
	TEST_ASSERT_EQUAL("offset", tev.point.address, 0x1164);
	TEST_ASSERT_EQUAL("nargs", tev.nargs, 3);
	TEST_ASSERT_STR("arg value", tev.args[1].value, "+0(-24(%bp))");
	TEST_ASSERT_STR("arg type", tev.args[1].type, "string");
	cmd = synthesize_probe_trace_command(&tev);
	TEST_ASSERT_STR("synth", cmd, "p:probe_x/f /bin/x:0x1164 a=-20(%bp):s32 s=+0(-24(%bp)):string arg3=%di");
	free(cmd);
	clear_probe_trace_event(&tev);

	TEST_ASSERT_VAL("parse kretprobe", !parse_probe_trace_command("r:probe/vfs_read__return vfs_read+0 $retval", &tev));
	TEST_ASSERT_VAL("retprobe", tev.point.retprobe && !tev.uprobes);
	TEST_ASSERT_STR("symbol", tev.point.symbol, "vfs_read");
	cmd = synthesize_probe_trace_command(&tev);
	TEST_ASSERT_STR("synth kretprobe", cmd, "r:probe/vfs_read__return vfs_read+0 $retval");
	free(cmd);
	clear_probe_trace_event(&tev);
	TEST_ASSERT_VAL("garbage", parse_probe_trace_command("x:y", &tev));
	return TEST_OK;
}

static int test__probe_names_filters(void)
{
	char *g = probe_uprobe_group_name("/usr/lib/x86_64-linux-gnu/libc.so.6");

	TEST_ASSERT_STR("libc group", g, "probe_libc");
	free(g);
	g = probe_uprobe_group_name("/tmp/my-prog_O2");
	TEST_ASSERT_STR("dash group", g, "probe_my_prog_O2");
	free(g);
	TEST_ASSERT_VAL("c name", is_c_varname("probe_add_L2"));
	TEST_ASSERT_VAL("not c name", !is_c_varname("2abc") && !is_c_varname("a-b"));
	TEST_ASSERT_VAL("types", probe_type_is_valid("s32") && probe_type_is_valid("x8") &&
			probe_type_is_valid("ustring") && probe_type_is_valid("b3@0/32"));
	TEST_ASSERT_VAL("bad types", !probe_type_is_valid("s7") && !probe_type_is_valid("foo") &&
			!probe_type_is_valid("b30@4/32"));
	TEST_ASSERT_VAL("func filter", probe_filter_match("!_* & !*@plt", "main"));
	TEST_ASSERT_VAL("func filter _", !probe_filter_match("!_* & !*@plt", "_start"));
	TEST_ASSERT_VAL("func filter plt", !probe_filter_match("!_* & !*@plt", "atoi@plt"));
	TEST_ASSERT_VAL("or", probe_filter_match("a* | b*", "bcd"));
	TEST_ASSERT_VAL("parens", !probe_filter_match("!(a* | b*)", "bcd"));
	return TEST_OK;
}

static int sdt_args(const char *args, const char *expect)
{
	struct sdt_note note = { .provider = (char *)"p", .name = (char *)"n", .args = (char *)args };
	struct strbuf sb = STRBUF_INIT;
	int ok;

	sdt_note__fetch_args(&note, &sb);
	ok = !strcmp(sb.buf, expect);
	if (!ok)
		pr_err("'%s' -> '%s', expected '%s'\n", args, sb.buf, expect);
	strbuf_release(&sb);
	return ok;
}

static int test__probe_sdt_args(void)
{
	TEST_ASSERT_VAL("stack", sdt_args("-4@-4(%rbp) -8@-16(%rbp)",
					  " arg1=-4(%bp):s32 arg2=-16(%bp):s64"));
	TEST_ASSERT_VAL("regs", sdt_args("-4@%edi 8@%rsi 2@%r9w", " arg1=%di:s32 arg2=%si:u64 arg3=%r9:u16"));
	TEST_ASSERT_VAL("const", sdt_args("4@$5", " arg1=\\5:u32"));
	TEST_ASSERT_VAL("positive disp", sdt_args("8@8(%rax)", " arg1=+8(%ax):u64"));
	verbose = -1;
	TEST_ASSERT_VAL("rip-relative skipped", sdt_args("8@foo(%rip) 4@%eax", " arg2=%ax:u32"));
	verbose = 0;
	return TEST_OK;
}

static const struct test_case probe_event_cases[] = {
	TEST_CASE("Probe points", test__probe_parse_points),
	TEST_CASE("Probe arguments", test__probe_parse_args),
	TEST_CASE("Trace definitions", test__probe_trace_command),
	TEST_CASE("Names and filters", test__probe_names_filters),
	TEST_CASE("SDT arguments", test__probe_sdt_args),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(probe_event, "perf probe definitions", probe_event_cases);
