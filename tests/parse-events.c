// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the event parser: every grammar rule, every modifier and
 * term, the names given to events and the error messages (compared with
 * what upstream perf prints for the same strings).
 */
#include "tests/tests.h"
#include "util/evlist.h"
#include "util/hw-events.h"
#include "util/parse-events.h"
#include "util/parse-events-lex.h"
#include "util/parse-options.h"
#include "util/pmu.h"
#include "util/strbuf.h"
#include "util/tracepoint.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* One line per evsel: "name type:config [flags]", the flags a test may care about. */
static void describe(struct evsel *e, struct strbuf *sb)
{
	const struct perf_event_attr *a = &e->attr;

	strbuf_addf(sb, "%s %u:%#llx", evsel__name(e), a->type, (unsigned long long)a->config);
	if (a->config1 && a->type != PERF_TYPE_BREAKPOINT)
		strbuf_addf(sb, " c1=%#llx", (unsigned long long)a->config1);
	if (a->config2 && a->type != PERF_TYPE_BREAKPOINT)
		strbuf_addf(sb, " c2=%#llx", (unsigned long long)a->config2);
#define FLAG(cond, s) do { if (cond) strbuf_addstr(sb, " " s); } while (0)
	FLAG(a->exclude_user, "eu");
	FLAG(a->exclude_kernel, "ek");
	FLAG(a->exclude_hv, "eh");
	FLAG(a->exclude_host, "eH");
	FLAG(!a->exclude_guest, "G");	/* exclude_guest is the default */
	FLAG(a->exclude_idle, "eI");
	FLAG(a->pinned, "pin");
	FLAG(a->exclusive, "excl");
	FLAG(e->sample_read, "S");
	FLAG(e->weak_group, "W");
	FLAG(e->precise_max, "P");
#undef FLAG
	if (a->precise_ip)
		strbuf_addf(sb, " p%u", a->precise_ip);
	if (a->freq)
		strbuf_addf(sb, " freq=%llu", (unsigned long long)a->sample_freq);
	else if (a->sample_period && a->type != PERF_TYPE_TRACEPOINT && a->type != PERF_TYPE_BREAKPOINT)
		strbuf_addf(sb, " period=%llu", (unsigned long long)a->sample_period);
	if (a->type == PERF_TYPE_BREAKPOINT)
		strbuf_addf(sb, " bp=%u/%llu@%#llx", a->bp_type, (unsigned long long)a->bp_len,
			    (unsigned long long)a->bp_addr);
	if (e->leader != e || e->nr_members > 1)
		strbuf_addf(sb, " g%d/%d", e->leader->idx, e->leader->nr_members);
	if (e->tool_event)
		strbuf_addf(sb, " tool=%d", e->tool_event);
}

/* Parse str into a new evlist and describe it ("a; b"), or "error IDX: MSG". */
static char *parse_describe(const char *str)
{
	struct evlist *evlist = evlist__new();
	struct parse_events_error err;
	struct strbuf sb = STRBUF_INIT;
	struct evsel *e;

	parse_events_error__init(&err);
	if (parse_events(evlist, str, &err)) {
		strbuf_addf(&sb, "error %d: %s", err.idx, err.str ? err.str : "(none)");
	} else {
		evlist__for_each_entry(evlist, e) {
			if (sb.len)
				strbuf_addstr(&sb, "; ");
			describe(e, &sb);
		}
	}
	parse_events_error__exit(&err);
	evlist__delete(evlist);
	return strbuf_detach(&sb, NULL);
}

struct parse_case {
	const char *str;
	const char *expect;
};

static int check_cases(const struct parse_case *cases, size_t nr)
{
	int ret = TEST_OK;

	for (size_t i = 0; i < nr; i++) {
		char *got = parse_describe(cases[i].str);

		if (strcmp(got, cases[i].expect)) {
			pr_err("'%s':\n   got: %s\n  want: %s\n", cases[i].str, got, cases[i].expect);
			ret = TEST_FAIL;
		}
		free(got);
	}
	return ret;
}

#define CHECK(cases) check_cases(cases, ARRAY_SIZE(cases))

/* ------------------------------------------------------------------ lexer */

static int test_lexer(void)
{
	static const struct { const char *str; const char *tokens; } cases[] = {
		{ "cpu-clock:u", "PE_EVENT_NAME(cpu-clock:u) PE_VALUE_SYM_SW(cpu-clock) ':' PE_MODIFIER_EVENT(u)" },
		{ "cyclesx", "PE_EVENT_NAME(cyclesx) PE_NAME(cyclesx)" },
		{ "cpu-clockx", "PE_EVENT_NAME(cpu-clockx) PE_VALUE_SYM_SW(cpu-clock) PE_NAME(x)" },
		{ "L1-dcache-load-misses", "PE_EVENT_NAME(L1-dcache-load-misses) PE_NAME_CACHE_TYPE(L1-dcache) '-' "
		  "PE_NAME_CACHE_OP_RESULT(load) '-' PE_NAME_CACHE_OP_RESULT(misses)" },
		{ "branches", "PE_EVENT_NAME(branches) PE_VALUE_SYM_HW(branches)" },
		{ "r1a,rxyz", "PE_EVENT_NAME(r1a) PE_RAW(r1a) ',' PE_EVENT_NAME(rxyz) PE_NAME(rxyz)" },
		{ "mem:0x10/8:rw:u", "PE_EVENT_NAME(mem:0x10) PE_PREFIX_MEM(mem:) PE_VALUE(0x10) '/' PE_VALUE(8) ':' "
		  "PE_MODIFIER_BP(rw) ':' PE_MODIFIER_EVENT(u)" },
		{ "msr/tsc,period=0x10/k", "PE_EVENT_NAME(msr/tsc,period=0x10/k) PE_NAME(msr) '/' PE_NAME(tsc) ',' "
		  "PE_TERM(period) '=' PE_VALUE(0x10) '/' PE_MODIFIER_EVENT(k)" },
		{ "{a,b}:u", "'{' PE_EVENT_NAME(a) PE_NAME(a) ',' PE_EVENT_NAME(b) PE_NAME(b) '}' ':' PE_MODIFIER_EVENT(u)" },
		{ "sys_x:ev_*", "PE_EVENT_NAME(sys_x:ev_*) PE_NAME(sys_x) ':' PE_NAME(ev_*)" },
		{ "a/name=x-y.z:1,r0x12,@cfg=v/", "PE_EVENT_NAME(a/name=x-y.z:1,r0x12,@cfg=v/) PE_NAME(a) '/' PE_TERM(name) '=' "
		  "PE_NAME(x-y.z:1) ',' PE_RAW(r0x12) ',' PE_DRV_CFG_TERM(@cfg=v) '/'" },
		{ "duration_time", "PE_EVENT_NAME(duration_time) PE_VALUE_SYM_TOOL(duration_time)" },
		{ "a b", "PE_EVENT_NAME(a b) PE_NAME(a) PE_NAME(b)" },
		{ "a;", "PE_EVENT_NAME(a;) PE_NAME(a) PE_ERROR(;)" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct strbuf sb = STRBUF_INIT;
		struct pe_lexer lx;
		struct pe_token tok;

		pe_lexer__init(&lx, cases[i].str);
		for (pe_lexer__next(&lx, &tok); tok.type != PE_EOF; pe_lexer__next(&lx, &tok)) {
			if (sb.len)
				strbuf_addch(&sb, ' ');
			strbuf_addstr(&sb, pe_token__type_name(tok.type));
			if (tok.type >= PE_ERROR)
				strbuf_addf(&sb, "(%.*s)", tok.len, tok.text);
		}
		if (strcmp(sb.buf, cases[i].tokens)) {
			pr_err("'%s':\n   got: %s\n  want: %s\n", cases[i].str, sb.buf, cases[i].tokens);
			strbuf_release(&sb);
			return TEST_FAIL;
		}
		strbuf_release(&sb);
	}
	return TEST_OK;
}

/* --------------------------------------------------------- symbolic events */

static int test_symbols(void)
{
	static const struct parse_case cases[] = {
		{ "cycles", "cycles 0:0" },
		{ "cpu-cycles,instructions,cache-references,cache-misses",
		  "cpu-cycles 0:0; instructions 0:0x1; cache-references 0:0x2; cache-misses 0:0x3" },
		{ "branch-instructions,branches,branch-misses,bus-cycles",
		  "branch-instructions 0:0x4; branches 0:0x4; branch-misses 0:0x5; bus-cycles 0:0x6" },
		{ "stalled-cycles-frontend,idle-cycles-frontend,stalled-cycles-backend,idle-cycles-backend,ref-cycles",
		  "stalled-cycles-frontend 0:0x7; idle-cycles-frontend 0:0x7; stalled-cycles-backend 0:0x8; "
		  "idle-cycles-backend 0:0x8; ref-cycles 0:0x9" },
		{ "cpu-clock,task-clock,page-faults,faults", "cpu-clock 1:0; task-clock 1:0x1; page-faults 1:0x2; faults 1:0x2" },
		{ "context-switches,cs,cpu-migrations,migrations",
		  "context-switches 1:0x3; cs 1:0x3; cpu-migrations 1:0x4; migrations 1:0x4" },
		{ "minor-faults,major-faults,alignment-faults,emulation-faults",
		  "minor-faults 1:0x5; major-faults 1:0x6; alignment-faults 1:0x7; emulation-faults 1:0x8" },
		{ "dummy,bpf-output,cgroup-switches", "dummy 1:0x9; bpf-output 1:0xa; cgroup-switches 1:0xb" },
		{ "duration_time,user_time,system_time",
		  "duration_time 1:0x9 tool=1; user_time 1:0x9 tool=2; system_time 1:0x9 tool=3" },
		{ "cpu-clock:", "cpu-clock: 1:0" },
		{ "cpu-clock//", "cpu-clock// 1:0" },
		{ "cpu-clock:,task-clock", "cpu-clock: 1:0; task-clock 1:0x1" },
		{ "duration_time//", "duration_time// 1:0x9 tool=1" },
		/* spaces are skipped but stay in the names, as upstream */
		{ "cpu-clock , task-clock", "cpu-clock  1:0;  task-clock 1:0x1" },
	};

	return CHECK(cases);
}

static int test_cache(void)
{
	static const struct parse_case cases[] = {
		{ "L1-dcache-load-misses", "L1-dcache-load-misses 3:0x10000" },
		{ "L1-dcache-loads,L1-dcache-stores,L1-dcache-prefetches",
		  "L1-dcache-loads 3:0; L1-dcache-stores 3:0x100; L1-dcache-prefetches 3:0x200" },
		{ "l1d-miss,l1-d-store-miss,L1-data-speculative-read",
		  "l1d-miss 3:0x10000; l1-d-store-miss 3:0x10100; L1-data-speculative-read 3:0x200" },
		{ "L1-icache-load-misses,l1i-prefetch,L1-instruction-refs",
		  "L1-icache-load-misses 3:0x10001; l1i-prefetch 3:0x201; L1-instruction-refs 3:0x1" },
		{ "LLC,L2-store-misses,LLC-prefetch-miss", "LLC 3:0x2; L2-store-misses 3:0x10102; LLC-prefetch-miss 3:0x10202" },
		{ "dTLB-load-misses,d-tlb-stores,Data-TLB-misses-stores",
		  "dTLB-load-misses 3:0x10003; d-tlb-stores 3:0x103; Data-TLB-misses-stores 3:0x10103" },
		{ "iTLB-load-misses,i-tlb,Instruction-TLB-loads", "iTLB-load-misses 3:0x10004; i-tlb 3:0x4; Instruction-TLB-loads 3:0x4" },
		{ "branch-loads,branch-load-misses,bpu,btb-miss,bpc-ops",
		  "branch-loads 3:0x5; branch-load-misses 3:0x10005; bpu 3:0x5; btb-miss 3:0x10005; bpc-ops 3:0x5" },
		{ "node-loads,node-store-misses,node-prefetch-misses,node-read-access",
		  "node-loads 3:0x6; node-store-misses 3:0x10106; node-prefetch-misses 3:0x10206; node-read-access 3:0x6" },
		{ "L1-dcache-load-load", "L1-dcache-load-load 3:0" },
		{ "LLC-loads:u", "LLC-loads 3:0x2 ek eh" },
		{ "LLC/name=llc/", "llc 3:0x2" },
		{ "L1-dcache/config=5/", "L1-dcache 3:0x5" },
		{ "L1-icache-stores", "error 10: 'stores' is not an operation of 'L1-icache'" },
		{ "iTLB-prefetches", "error 5: 'prefetches' is not an operation of 'iTLB'" },
		{ "branch-store-misses", "error 7: 'store' is not an operation of 'branch'" },
	};

	return CHECK(cases);
}

static int test_raw_numeric(void)
{
	static const struct parse_case cases[] = {
		{ "r1234", "r1234 4:0x1234" },
		{ "rABCdef:u", "rABCdef:u 4:0xabcdef ek eh" },
		{ "r1a/config1=2,config2=0x3/", "r1a/config1=2,config2=0x3/ 4:0x1a c1=0x2 c2=0x3" },
		{ "1:2", "1:2 1:0x2" },
		{ "4:0x1f:k", "4:0x1f:k 4:0x1f eu eh G" },
		{ "1:2/name=pf/", "pf 1:0x2" },
		{ "cpu-clock/config=2/", "cpu-clock/config=2/ 1:0x2" },
		{ "1:", "error 0: parser error" },
	};

	return CHECK(cases);
}

static int test_breakpoints(void)
{
	static const struct parse_case cases[] = {
		{ "mem:0x1000", "mem:0x1000 5:0 bp=3/4@0x1000" },
		{ "mem:4096:w", "mem:4096:w 5:0 bp=2/4@0x1000" },
		{ "mem:0x1000:r", "mem:0x1000:r 5:0 bp=1/4@0x1000" },
		{ "mem:0x1000:x", "mem:0x1000:x 5:0 bp=4/8@0x1000" },
		{ "mem:0x1000:rwx", "mem:0x1000:rwx 5:0 bp=7/4@0x1000" },
		{ "mem:0x1000/8", "mem:0x1000 5:0 bp=3/8@0x1000" },
		{ "mem:0x1000/2:w", "mem:0x1000 5:0 bp=2/2@0x1000" },
		{ "mem:0x1000:rw:u", "mem:0x1000:rw:u 5:0 ek eh bp=3/4@0x1000" },
		{ "mem:0x1000:k", "mem:0x1000:k 5:0 eu eh G bp=3/4@0x1000" },
		{ "mem:0x1000/4:w:u", "mem:0x1000 5:0 ek eh bp=2/4@0x1000" },
		{ "mem:0x1000:rr", "error 11: invalid breakpoint access type 'rr'" },
		{ "mem:0x1000:rwxr", "error 11: parser error" },
		{ "mem:0x1000:z", "error 11: parser error" },
		{ "mem:", "error 0: parser error" },
		{ "mem:foo", "error 4: parser error" },
	};

	return CHECK(cases);
}

/* ---------------------------------------------------------------- modifiers */

static int test_modifiers(void)
{
	static const struct parse_case cases[] = {
		{ "cpu-clock:u", "cpu-clock:u 1:0 ek eh" },
		{ "cpu-clock:k", "cpu-clock:k 1:0 eu eh G" },
		{ "cpu-clock:h", "cpu-clock:h 1:0 eu ek G" },
		{ "cpu-clock:uk", "cpu-clock:uk 1:0 eh" },
		{ "cpu-clock:ku", "cpu-clock:ku 1:0 eh" },
		{ "cpu-clock:ukh", "cpu-clock:ukh 1:0" },
		{ "cpu-clock:H", "cpu-clock:H 1:0" },
		{ "cpu-clock:G", "cpu-clock:G 1:0 eH G" },
		{ "cpu-clock:GH", "cpu-clock:GH 1:0 G" },
		{ "cpu-clock:I", "cpu-clock:I 1:0 G eI" },
		{ "cpu-clock:p", "cpu-clock:p 1:0 p1" },
		{ "cpu-clock:pp", "cpu-clock:pp 1:0 p2" },
		{ "cpu-clock:ppp", "cpu-clock:ppp 1:0 p3" },
		{ "cpu-clock:Gp", "cpu-clock:Gp 1:0 eH G p1" },
		{ "cpu-clock:P", "cpu-clock:P 1:0 G P" },
		{ "cpu-clock:S", "cpu-clock:S 1:0 G S" },
		{ "cpu-clock:D", "cpu-clock:D 1:0 G pin" },
		{ "cpu-clock:e", "cpu-clock:e 1:0 G excl" },
		{ "cpu-clock:W", "cpu-clock:W 1:0 G W" },
		{ "cpu-clock:upp", "cpu-clock:upp 1:0 ek eh p2" },
		{ "cycles:ukhpPGHSDIWe", "cycles:ukhpPGHSDIWe 0:0 G eI pin excl S W P p1" },
		{ "cpu-clock:uu", "error 10: Bad modifier" },
		{ "cpu-clock:pppp", "error 10: Bad modifier" },
		{ "cpu-clock:z", "error 9: parser error" },
		{ "cpu-clock::u", "error 9: parser error" },
		{ "cpu-clock:u:k", "error 10: parser error" },
		{ "cpu-clock/name=x/:u", "error 16: parser error" },
		{ "cpu-clock/config=3/u", "cpu-clock/config=3/u 1:0x3 ek eh" },
	};

	return CHECK(cases);
}

static int test_groups(void)
{
	static const struct parse_case cases[] = {
		{ "{cpu-clock,task-clock}", "cpu-clock 1:0 g0/2; task-clock 1:0x1 g0/2" },
		{ "{cpu-clock,task-clock}:u", "cpu-clock 1:0 ek eh g0/2; task-clock 1:0x1 ek eh g0/2" },
		{ "{cpu-clock:u,task-clock}:k", "cpu-clock:u 1:0 eh g0/2; task-clock 1:0x1 eu eh g0/2" },
		{ "{cpu-clock:S,task-clock}:u", "cpu-clock:S 1:0 ek eh g0/2; task-clock 1:0x1 ek eh g0/2" },
		{ "{cpu-clock,task-clock}:D", "cpu-clock 1:0 pin g0/2; task-clock 1:0x1 g0/2" },
		{ "{cpu-clock:G,task-clock}:H", "cpu-clock:G 1:0 G g0/2; task-clock 1:0x1 g0/2" },
		{ "{cpu-clock:p,task-clock:p}:p", "cpu-clock:p 1:0 p2 g0/2; task-clock:p 1:0x1 p2 g0/2" },
		{ "{cpu-clock,task-clock}:W", "cpu-clock 1:0 W g0/2; task-clock 1:0x1 W g0/2" },
		{ "{cpu-clock}", "cpu-clock 1:0" },
		{ "g1{cpu-clock,cs}:u", "cpu-clock 1:0 ek eh g0/2; cs 1:0x3 ek eh g0/2" },
		{ "faults,{cpu-clock,task-clock},{cs,dummy}",
		  "faults 1:0x2; cpu-clock 1:0 g1/2; task-clock 1:0x1 g1/2; cs 1:0x3 g3/2; dummy 1:0x9 g3/2" },
		{ "{cs:H,faults:p}", "cs:H 1:0x3 g0/2; faults:p 1:0x2 p1 g0/2" },
		{ "{cpu-clock}}", "error 10: parser error" },
		{ "{cpu-clock,{task-clock}}", "error 11: parser error" },
		{ "{cpu-clock", "error 1: parser error" },
		{ "{}", "error 0: parser error" },
		{ "{cpu-clock,task-clock}:z", "error 22: parser error" },
		{ "{cpu-clock,task-clock}:uu", "error 23: Bad modifier" },
		{ "cpu-clock,", "error 0: parser error" },
		{ ",cpu-clock", "error 1: parser error" },
		{ "cpu-clock,,task-clock", "error 9: parser error" },
	};
	struct evlist *evlist = evlist__new();
	int ret = CHECK(cases);

	/* group bookkeeping in the evlist */
	TEST_ASSERT_VAL("parse", !parse_events(evlist, "x{cpu-clock,task-clock},cs,{dummy}", NULL));
	TEST_ASSERT_EQUAL("nr_groups", evlist->nr_groups, 1);
	TEST_ASSERT_STR("group name", evlist__first(evlist)->group_name, "x");
	TEST_ASSERT_VAL("second parse appends", !parse_events(evlist, "{faults,cs}", NULL));
	TEST_ASSERT_EQUAL("nr_entries", evlist->nr_entries, 6);
	TEST_ASSERT_EQUAL("nr_groups after", evlist->nr_groups, 2);
	TEST_ASSERT_EQUAL("leader idx", evlist__last(evlist)->leader->idx, 4);
	TEST_ASSERT_VAL("failed parse leaves the evlist", parse_events(evlist, "cs,foo", NULL) < 0);
	TEST_ASSERT_EQUAL("unchanged", evlist->nr_entries, 6);
	evlist__delete(evlist);
	return ret;
}

/* ------------------------------------------------------------------- terms */

static int test_terms(void)
{
	static const struct parse_case cases[] = {
		{ "cpu-clock/period=1000/", "cpu-clock/period=1000/ 1:0 period=1000" },
		{ "cpu-clock/freq=99/", "cpu-clock/freq=99/ 1:0 freq=99" },
		{ "cpu-clock/name=clk/u", "clk 1:0 ek eh" },
		{ "cpu-clock/name=a,name=b/", "a 1:0" },
		{ "cpu-clock/config1=1,config2=2/", "cpu-clock/config1=1,config2=2/ 1:0 c1=0x1 c2=0x2" },
		{ "cpu-clock/r0x5/", "cpu-clock/r0x5/ 1:0x5" },
		{ "cpu-clock/foo=1/", "error 10: unknown term" },
		{ "cpu-clock/period=x/", "error 17: expected numeric value" },
		{ "cpu-clock/name=0x1/", "error 15: expected string value" },
		{ "cpu-clock/name/", "error 0: expected string value" },
		{ "cpu-clock/time=2/", "error 15: expected 0 or 1" },
		{ "cpu-clock/percore=2/", "error 18: expected 0 or 1" },
		{ "cpu-clock/branch_type=foo/", "error 22: invalid branch sample type" },
		{ "cpu-clock/aux-sample-size=0x100000000/", "error 26: too big" },
		{ "cpu-clock/period=1", "error 16: parser error" },
		{ "cpu-clock/name=a b/", "error 16: parser error" },
		{ "cpu-clock/period=/", "error 16: parser error" },
		{ "cycles/", "error 0: parser error" },
		{ "duration_time/foo/", "error 13: parser error" },
	};
	struct evlist *evlist = evlist__new();
	struct evsel_config_terms *ct;
	int ret = CHECK(cases);

	TEST_ASSERT_VAL("all terms", !parse_events(evlist,
		"cpu-clock/period=7,freq=9,time=1,call-graph=dwarf,stack-size=4096,max-stack=5,no-inherit,"
		"overwrite,nr=3,branch_type=any,percore,aux-output,aux-sample-size=16,metric-id=m/", NULL));
	ct = evlist__first(evlist)->config_terms;
	TEST_ASSERT_VAL("config terms", ct != NULL);
	TEST_ASSERT_EQUAL("period", ct->period, 7);
	TEST_ASSERT_EQUAL("freq", ct->freq, 9);
	TEST_ASSERT_VAL("time", ct->time);
	TEST_ASSERT_STR("call-graph", ct->callgraph, "dwarf");
	TEST_ASSERT_EQUAL("stack-size", ct->stack_size, 4096);
	TEST_ASSERT_EQUAL("max-stack", ct->max_stack, 5);
	TEST_ASSERT_VAL("no-inherit", (ct->set & EVSEL_TERM_INHERIT) && !ct->inherit);
	TEST_ASSERT_VAL("overwrite", (ct->set & EVSEL_TERM_OVERWRITE) && ct->overwrite);
	TEST_ASSERT_EQUAL("nr", ct->max_events, 3);
	TEST_ASSERT_STR("branch_type", ct->branch_type, "any");
	TEST_ASSERT_VAL("percore", ct->percore);
	TEST_ASSERT_VAL("aux-output", ct->aux_output);
	TEST_ASSERT_EQUAL("aux-sample-size", ct->aux_sample_size, 16);
	TEST_ASSERT_STR("metric-id", ct->metric_id, "m");
	TEST_ASSERT_EQUAL("all set", ct->set, (EVSEL_TERM_METRIC_ID << 1) - 1 - EVSEL_TERM_DRV_CFG);
	TEST_ASSERT_VAL("inherit", !parse_events(evlist, "task-clock/inherit,no-overwrite/", NULL));
	ct = evlist__last(evlist)->config_terms;
	TEST_ASSERT_VAL("inherit set", ct && ct->inherit && (ct->set & EVSEL_TERM_OVERWRITE) && !ct->overwrite);
	TEST_ASSERT_VAL("no terms", !parse_events(evlist, "cs", NULL));
	TEST_ASSERT_VAL("no config terms", evlist__last(evlist)->config_terms == NULL);
	evlist__delete(evlist);
	TEST_ASSERT_STR("static terms", parse_events__static_terms(),
			"config,config1,config2,name,period,freq,branch_type,time,call-graph,stack-size,"
			"no-inherit,inherit,max-stack,nr,no-overwrite,overwrite,driver-config,percore,"
			"aux-output,aux-sample-size,metric-id");
	return ret;
}

static int test_stat_terms(void)
{
	static const struct parse_case cases[] = {
		{ "cpu-clock/period=100/", "cpu-clock/period=100/ 1:0 period=100" },
		{ "cpu-clock/freq=100/", "error -1: 'freq' is not usable in 'perf stat'" },
		{ "cpu-clock/call-graph=fp,stack-size=x/", "error -1: 'call-graph' is not usable in 'perf stat'" },
		{ "cpu-clock/no-inherit/", "error -1: 'no-inherit' is not usable in 'perf stat'" },
	};

	parse_events__shrink_config_terms();
	TEST_ASSERT_STR("stat terms", parse_events__static_terms(),
			"config,config1,config2,name,period,percore,metric-id");
	return CHECK(cases);
}

/* --------------------------------------------------------------------- PMUs */

static char pmu_root[64];

static void write_file(const char *dir, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");

	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
	free(path);
}

/* A fake sysfs: pmu "fake" (type 42) with formats and aliases, "unc" with a cpumask. */
static int make_fake_pmus(void)
{
	char dir[128];

	snprintf(pmu_root, sizeof(pmu_root), "/tmp/perf-pmu-test.XXXXXX");
	if (!mkdtemp(pmu_root))
		return -1;
	snprintf(dir, sizeof(dir), "%s/fake", pmu_root);
	mkdir(dir, 0755);
	write_file(dir, "type", "42\n");
	snprintf(dir, sizeof(dir), "%s/fake/format", pmu_root);
	mkdir(dir, 0755);
	write_file(dir, "event", "config:0-7\n");
	write_file(dir, "umask", "config:8-15\n");
	write_file(dir, "split", "config1:0-1,4-5\n");
	write_file(dir, "edge", "config:18\n");
	write_file(dir, "wide", "config2:0-63\n");
	snprintf(dir, sizeof(dir), "%s/fake/events", pmu_root);
	mkdir(dir, 0755);
	write_file(dir, "ev-a", "event=0x3c,umask=0x1\n");
	write_file(dir, "energy", "event=0x02\n");
	write_file(dir, "energy.unit", "Joules\n");
	write_file(dir, "energy.scale", "2.5e-1\n");
	write_file(dir, "shared", "event=0x7\n");
	snprintf(dir, sizeof(dir), "%s/unc", pmu_root);
	mkdir(dir, 0755);
	write_file(dir, "type", "43\n");
	write_file(dir, "cpumask", "0\n");
	snprintf(dir, sizeof(dir), "%s/unc/events", pmu_root);
	mkdir(dir, 0755);
	write_file(dir, "shared", "config=0x9\n");
	perf_pmu__set_sysfs_root(pmu_root);
	return 0;
}

static void remove_fake_pmus(void)
{
	char *cmd = xasprintf("rm -rf '%s'", pmu_root);

	if (system(cmd))
		pr_debug("cannot remove %s\n", pmu_root);
	free(cmd);
	perf_pmu__set_sysfs_root(NULL);
}

static int test_pmu_format(void)
{
	enum perf_pmu_format_value v;
	struct perf_pmu_format f = { .value = PERF_PMU_FORMAT_CONFIG1 };
	struct perf_event_attr attr = { 0 };
	u64 bits;

	TEST_ASSERT_VAL("range", !perf_pmu_format__parse("config:0-7", &v, &bits) && bits == 0xff &&
			v == PERF_PMU_FORMAT_CONFIG);
	TEST_ASSERT_VAL("list", !perf_pmu_format__parse("config1:0-1,4-5", &v, &bits) && bits == 0x33 &&
			v == PERF_PMU_FORMAT_CONFIG1);
	TEST_ASSERT_VAL("bit", !perf_pmu_format__parse("config2:63\n", &v, &bits) && bits == 1ULL << 63 &&
			v == PERF_PMU_FORMAT_CONFIG2);
	TEST_ASSERT_VAL("all", !perf_pmu_format__parse("config:0-63", &v, &bits) && bits == ~0ULL);
	TEST_ASSERT_VAL("bad word", perf_pmu_format__parse("conf:0", &v, &bits) < 0);
	TEST_ASSERT_VAL("bad range", perf_pmu_format__parse("config:7-3", &v, &bits) < 0);
	TEST_ASSERT_VAL("too high", perf_pmu_format__parse("config:64", &v, &bits) < 0);
	TEST_ASSERT_VAL("junk", perf_pmu_format__parse("config:1x", &v, &bits) < 0);
	f.bits = 0x33;
	TEST_ASSERT_EQUAL("max", perf_pmu_format__max(&f), 15);
	attr.config1 = 0xcc;
	perf_pmu_format__apply(&f, &attr, 0xb);	/* 0b1011 -> bits 0,1 = 11, bits 4,5 = 10 */
	TEST_ASSERT_EQUAL("scatter", attr.config1, 0xcc | 0x23);
	return TEST_OK;
}

static int test_pmu_events(void)
{
	static const struct parse_case cases[] = {
		{ "fake/event=0x3c/", "fake/event=0x3c/ 42:0x3c" },
		{ "fake/event=1,umask=2,edge,split=0xb,wide=0xffffffffffffffff/",
		  "fake/event=1,umask=2,edge,split=0xb,wide=0xffffffffffffffff/ 42:0x40201 c1=0x23 c2=0xffffffffffffffff" },
		{ "fake/ev-a/", "fake/ev-a/ 42:0x13c" },
		{ "fake/ev-a,umask=2/u", "fake/ev-a,umask=2/u 42:0x23c ek eh" },
		{ "fake/ev-a=1/", "fake/ev-a=1/ 42:0x13c" },
		{ "fake/config=5,config1=6,name=x,period=9/", "x 42:0x5 c1=0x6 period=9" },
		{ "fake//", "fake// 42:0" },
		{ "ev-a", "ev-a 42:0x13c" },
		{ "ev-a:k", "ev-a:k 42:0x13c eu eh G" },
		{ "shared", "shared 42:0x7; shared 43:0x9" },
		{ "fake/foo/", "error 5: unknown term 'foo' for pmu 'fake'" },
		{ "fake/event=foo/", "error 11: expected numeric value" },
		{ "fake/event=0x100/", "error 11: value too big for format, maximum is 255" },
		{ "fake/ev-a=2/", "error 5: unknown term 'ev-a' for pmu 'fake'" },
		{ "nopmu/event=1/", "error 0: Cannot find PMU `nopmu'. Missing kernel support?" },
		{ "nosuchalias", "error 0: parser error" },
		{ "nosuchalias:u", "error 11: parser error" },
		{ "fake/event=1", "error 10: parser error" },
		{ "ev-a/umask=3/", "ev-a/umask=3/ 42:0x33c" },
		{ "ev-b", "error 2: parser error" },
	};
	struct evlist *evlist;
	struct parse_events_error err;
	struct evsel *e;
	int ret;

	if (make_fake_pmus())
		return test_skip("cannot create a temporary directory");
	ret = CHECK(cases);
	evlist = evlist__new();
	parse_events_error__init(&err);
	TEST_ASSERT_VAL("alias with unit", !parse_events(evlist, "fake/energy/,unc/config=1/", &err));
	e = evlist__first(evlist);
	TEST_ASSERT_STR("pmu name", e->pmu_name, "fake");
	TEST_ASSERT_STR("unit", e->unit, "Joules");
	TEST_ASSERT_VAL("scale", e->scale == 0.25);
	TEST_ASSERT_VAL("any cpu", e->cpus == NULL);
	e = evlist__last(evlist);
	TEST_ASSERT_VAL("uncore cpus", e->cpus && e->cpus->nr == 1 && e->cpus->map[0] == 0);
	evlist__delete(evlist);
	TEST_ASSERT_VAL("parse error", parse_events(evlist = evlist__new(), "fake/foo/", &err) < 0);
	/* the formats in directory order, then the static terms */
	TEST_ASSERT_VAL("help", err.help && strstarts(err.help, "valid terms: ") &&
			strends(err.help, ",config,config1,config2,name,period,freq,branch_type,time,call-graph,"
				"stack-size,no-inherit,inherit,max-stack,nr,no-overwrite,overwrite,driver-config,"
				"percore,aux-output,aux-sample-size,metric-id") &&
			strstr(err.help, "edge") && strstr(err.help, "event,") && strstr(err.help, "split") &&
			strstr(err.help, "umask") && strstr(err.help, "wide"));
	evlist__delete(evlist);
	parse_events_error__exit(&err);
	TEST_ASSERT_VAL("by type", perf_pmu__find_by_type(43) && !strcmp(perf_pmu__find_by_type(43)->name, "unc"));
	remove_fake_pmus();
	return ret;
}

/* -------------------------------------------------------------- tracepoints */

static int test_tracepoints(void)
{
	struct evlist *evlist;
	struct parse_events_error err;
	struct evsel *e;
	char *got;
	u64 id;
	int nr = 0;

	if (tracepoint__id("sched", "sched_switch", &id))
		return test_skip("no tracefs or no sched:sched_switch");
	evlist = evlist__new();
	parse_events_error__init(&err);
	TEST_ASSERT_VAL("parse", !parse_events(evlist, "sched:sched_switch/call-graph=fp/k", &err));
	e = evlist__first(evlist);
	TEST_ASSERT_STR("name", e->name, "sched:sched_switch");
	TEST_ASSERT_STR("sys", e->tp_sys, "sched");
	TEST_ASSERT_STR("event", e->tp_name, "sched_switch");
	TEST_ASSERT_EQUAL("type", e->attr.type, PERF_TYPE_TRACEPOINT);
	TEST_ASSERT_EQUAL("id", e->attr.config, id);
	TEST_ASSERT_EQUAL("period", e->attr.sample_period, 1);
	TEST_ASSERT_EQUAL("sample_type left to the command", e->attr.sample_type, 0);
	TEST_ASSERT_VAL("modifier", e->attr.exclude_user && !e->attr.exclude_kernel);
	TEST_ASSERT_STR("term", e->config_terms->callgraph, "fp");
	evlist__delete(evlist);

	/* a glob reads the subsystem directory: every match, no non-events */
	evlist = evlist__new();
	TEST_ASSERT_VAL("glob", !parse_events(evlist, "sched:sched_s*", &err));
	evlist__for_each_entry(evlist, e) {
		TEST_ASSERT_VAL("glob match", strstarts(e->name, "sched:sched_s"));
		nr++;
	}
	TEST_ASSERT_VAL("several", nr > 1);
	TEST_ASSERT_VAL("has switch", evlist__find_by_name(evlist, "sched:sched_switch"));
	evlist__delete(evlist);

	evlist = evlist__new();
	TEST_ASSERT_VAL("sys glob", !parse_events(evlist, "sche?:sched_switch", &err));
	TEST_ASSERT_EQUAL("one", evlist->nr_entries, 1);
	evlist__delete(evlist);

	got = parse_describe("sched:nonexist");
	TEST_ASSERT_STR("unknown", got, "error 0: unknown tracepoint");
	free(got);
	got = parse_describe("cpu-clock,sched:nomatch*");
	TEST_ASSERT_STR("no match", got, "error 0: unknown tracepoint");
	free(got);
	got = parse_describe("sched:sched_switch/period=3/");
	TEST_ASSERT_STR("bad term", got, "error 19: unknown term");
	free(got);
	got = parse_describe("sched:");
	TEST_ASSERT_STR("no event", got, "error 0: parser error");
	free(got);
	evlist = evlist__new();
	TEST_ASSERT_VAL("help", parse_events(evlist, "sched:nonexist", &err) < 0);
	TEST_ASSERT_VAL("help text", err.help && strstr(err.help, "/events/sched/nonexist not found.\nHint:\t"));
	evlist__delete(evlist);
	parse_events_error__exit(&err);
	return TEST_OK;
}

/* ------------------------------------------------------------------- errors */

/* What parse_events_error__print writes to stderr. */
static char *print_error(const char *event, int idx, const char *msg, const char *help)
{
	struct parse_events_error err;
	struct strbuf sb = STRBUF_INIT;
	char path[] = "/tmp/perf-pe-err.XXXXXX";
	int fd = mkstemp(path), saved = dup(STDERR_FILENO);

	parse_events_error__init(&err);
	parse_events_error__handle(&err, idx, msg, help);
	parse_events_error__handle(&err, 99, "second error", NULL);	/* the first is kept */
	fflush(stderr);
	dup2(fd, STDERR_FILENO);
	parse_events_error__print(&err, event);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	strbuf_read_file(&sb, path, 256);
	close(fd);
	unlink(path);
	parse_events_error__exit(&err);
	return strbuf_detach(&sb, NULL);
}

static int test_error_print(void)
{
	char *out;

	unsetenv("LINES");
	unsetenv("COLUMNS");
	out = print_error("cpu-clock:z", 9, "parser error", NULL);
	TEST_ASSERT_STR("short", out,
			"event syntax error: 'cpu-clock:z'\n"
			"                              \\___ parser error\n");
	free(out);
	out = print_error("cpu-clock/period=x/", 17, "expected numeric value", NULL);
	TEST_ASSERT_STR("cut at the front", out,
			"event syntax error: '..ock/period=x/'\n"
			"                                  \\___ expected numeric value\n");
	free(out);
	out = print_error("cpu-clock/foo=1/", -1, "'freq' is not usable in 'perf stat'", "valid terms: x");
	TEST_ASSERT_STR("whole string, help", out,
			"event syntax error: 'cpu-clock/foo=1/'\n"
			"                    \\___ 'freq' is not usable in 'perf stat'\n"
			"\nvalid terms: x\n");
	free(out);
	/* 80 columns: 20 for the prefix, 2 for the quotes, 58 for the event */
	out = print_error("verylongeventnamethatgoesonandonandonandonandonandonandonandonandonandonandon:foo",
			  0, "unknown tracepoint", NULL);
	TEST_ASSERT_STR("cut at the end", out,
			"event syntax error: 'verylongeventnamethatgoesonandonandonandonandonandonando..'\n"
			"                     \\___ unknown tracepoint\n");
	free(out);
	return TEST_OK;
}

static int test_syntax_errors(void)
{
	static const struct parse_case cases[] = {
		{ "", "error 1: parser error" },
		{ " ", "error 0: parser error" },
		{ "foo", "error 0: parser error" },
		{ "cpu-clock task-clock", "error 9: parser error" },
		{ "r", "error 0: parser error" },
		{ "rxyz", "error 0: parser error" },
		{ "read", "error 0: parser error" },
		{ "L1-dcache-foo", "error 9: parser error" },
		{ "L1-dcache-load-misses-xx", "error 15: parser error" },
		{ "cpu-clock;", "error 9: parser error" },
		{ "msr/tsc", "error 3: parser error" },
		{ ":sched", "error 0: parser error" },
		{ "a/b/{cpu-clock}", "error 0: Cannot find PMU `a'. Missing kernel support?" },
	};

	return CHECK(cases);
}

/* ------------------------------------------------------------ the callbacks */

static int test_callbacks(void)
{
	struct evlist *evlist = evlist__new();
	struct option opt = { .value = evlist };
	int saved = dup(STDERR_FILENO), devnull = open("/dev/null", O_WRONLY);
	int filter_first, filter_cpu, bad_e;

	dup2(devnull, STDERR_FILENO);
	filter_first = parse_filter(&opt, "x", 0);
	bad_e = parse_events_option(&opt, "foo", 0);
	TEST_ASSERT_VAL("-e", !parse_events_option(&opt, "cpu-clock", 0));
	filter_cpu = parse_filter(&opt, "x", 0);
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(devnull);
	TEST_ASSERT_VAL("filter first", filter_first < 0);
	TEST_ASSERT_VAL("bad -e", bad_e < 0);
	TEST_ASSERT_VAL("filter on non-tracepoint", filter_cpu < 0);
	TEST_ASSERT_EQUAL("-e added", evlist->nr_entries, 1);
	if (!parse_events(evlist, "sched:sched_switch", NULL)) {
		TEST_ASSERT_VAL("filter", !parse_filter(&opt, "prev_pid>0", 0));
		TEST_ASSERT_STR("filter set", evlist__last(evlist)->filter, "prev_pid>0");
		TEST_ASSERT_VAL("filter again", !parse_filter(&opt, "next_pid>0", 0));
		TEST_ASSERT_STR("filters joined", evlist__last(evlist)->filter, "(prev_pid>0) && (next_pid>0)");
	}
	evlist__delete(evlist);
	return TEST_OK;
}

/* Names perf gives events it creates itself, from their attr. */
static int test_attr_names(void)
{
	struct { struct perf_event_attr attr; const char *name; } cases[] = {
		{ { .type = PERF_TYPE_HARDWARE, .config = 0, .exclude_guest = 1 }, "cycles" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 0 }, "cycles:HG" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 4, .exclude_kernel = 1, .exclude_hv = 1 }, "branches:u" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 4, .exclude_kernel = 1, .exclude_hv = 1, .exclude_guest = 1 },
		  "branches:uH" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 1, .exclude_user = 1, .exclude_hv = 1, .exclude_guest = 1 },
		  "instructions:kH" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 1, .precise_ip = 2, .exclude_guest = 1 }, "instructions:ppH" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 1, .exclude_host = 1 }, "instructions:G" },
		{ { .type = PERF_TYPE_HARDWARE, .config = 99, .exclude_guest = 1 }, "unknown-hardware" },
		{ { .type = PERF_TYPE_SOFTWARE, .config = 3, .exclude_guest = 1 }, "context-switches" },
		{ { .type = PERF_TYPE_SOFTWARE, .config = 0, .exclude_user = 1, .exclude_hv = 1 }, "cpu-clock:k" },
		{ { .type = PERF_TYPE_HW_CACHE, .config = 0x10000, .exclude_guest = 1 }, "L1-dcache-load-misses" },
		{ { .type = PERF_TYPE_HW_CACHE, .config = 0x103, .exclude_guest = 1 }, "dTLB-stores" },
		{ { .type = PERF_TYPE_HW_CACHE, .config = 0x101, .exclude_guest = 1 }, "invalid-cache" },
		{ { .type = PERF_TYPE_RAW, .config = 0x1a2, .exclude_guest = 1 }, "raw 0x1a2" },
		{ { .type = PERF_TYPE_BREAKPOINT, .bp_type = 3, .bp_addr = 0x1000, .exclude_guest = 1 }, "mem:0x1000:rw" },
		{ { .type = 77 }, "unknown attr type: 77" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char buf[64];

		perf_attr__name(&cases[i].attr, buf, sizeof(buf));
		TEST_ASSERT_STR("attr name", buf, cases[i].name);
	}
	return TEST_OK;
}

static const struct test_case parse_events_cases[] = {
	TEST_CASE("lexer tokens and modes", test_lexer),
	TEST_CASE("hardware, software and tool events", test_symbols),
	TEST_CASE("hardware cache events", test_cache),
	TEST_CASE("raw and numeric events", test_raw_numeric),
	TEST_CASE("breakpoints", test_breakpoints),
	TEST_CASE("modifiers", test_modifiers),
	TEST_CASE("groups", test_groups),
	TEST_CASE("terms", test_terms),
	TEST_CASE("terms in perf stat", test_stat_terms),
	TEST_CASE("PMU format bits", test_pmu_format),
	TEST_CASE("PMU events and aliases", test_pmu_events),
	TEST_CASE("tracepoints", test_tracepoints),
	TEST_CASE("syntax errors", test_syntax_errors),
	TEST_CASE("error block", test_error_print),
	TEST_CASE("-e and --filter callbacks", test_callbacks),
	TEST_CASE("names from attr", test_attr_names),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(parse_events, "Parse event definition strings", parse_events_cases);
