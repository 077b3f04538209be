// SPDX-License-Identifier: GPL-2.0
/*
 * perf report. So far: the header (--header, --header-only), the raw dump
 * (-D) and the event counts (--stats); the histograms are not there yet and
 * say so. The option table is upstream's, so the rest plugs in here.
 */
#include "builtin.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/parse-options.h"
#include "util/session.h"
#include <stdio.h>
#include <unistd.h>

struct report {
	struct perf_tool	tool;
	struct perf_session	*session;
	struct machine		*machine;	/* thread/dso lines of the raw dump */
	const char		*input_name;
	bool			force;
	bool			header;
	bool			header_only;
	bool			show_full_info;
	bool			stats_mode;
	bool			use_stdio;
	bool			use_tui;
	bool			disable_order;
	/* the histogram report's options: parsed, not implemented yet */
	const char		*sort_order, *field_order, *callchain, *parent_pattern;
	const char		*vmlinux_name, *kallsyms_name, *pretty_printing_style;
	const char		*ignore_callees, *dso_list, *comm_list, *pid_list, *tid_list;
	const char		*sym_list, *symbol_filter, *col_width_list, *field_sep, *symfs;
	const char		*cpu_list, *disassembler_style, *prefix, *prefix_strip, *objdump_path;
	const char		*percent_limit, *percentage, *itrace, *stdio_color, *time_str;
	const char		*percent_type, *time_quantum, *switch_on, *switch_off;
	bool			show_threads, mmaps_mode, tasks_mode, ignore_vmlinux, modules;
	bool			show_nr_samples, show_cpu_utilization, exclude_other, children;
	bool			inverted, hide_unresolved, source, asm_raw, show_total_period;
	bool			group, group_set, branch_stack, branch_history, demangle, demangle_kernel;
	bool			mem_mode, full_source_path, show_ref_callgraph, stitch_lbr, raw_trace;
	bool			hierarchy, inline_, nanosecs, show_on_off_events, total_cycles, skip_empty;
	int			max_stack, group_sort_idx, samples, socket_filter;
};

/* Keep the value of an option (-g) that takes an optional argument. */
static int opt_save_string(const struct option *opt, const char *arg, int unset)
{
	*(const char **)opt->value = unset ? NULL : arg;
	return 0;
}

static int report__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct report *rep = container_of(tool, struct report, tool);

	(void)event;
	(void)evsel;
	if (dump_trace)
		machine__dump_sample(rep->machine, sample, stdout);
	return 0;
}

static int report__sideband(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct report *rep = container_of(tool, struct report, tool);

	return machine__process_event(rep->machine, event, sample);
}

static int report__read(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			struct evsel *evsel)
{
	(void)tool;
	(void)event;
	(void)sample;
	(void)evsel;
	return 0;
}

static int report__event_op2(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	(void)tool;
	(void)session;
	(void)event;
	return 0;
}

static int report__feature(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	struct report *rep = container_of(tool, struct report, tool);
	u64 feat = event->feat.feat_id;

	/* pipe mode: the header features are printed as they arrive */
	if ((rep->header || rep->header_only) && feat < HEADER_LAST_FEATURE)
		perf_header__fprintf_feature(&session->header, session->evlist, feat, stdout,
					     rep->show_full_info);
	return 0;
}

static int __cmd_report(struct report *rep)
{
	struct perf_data data = {
		.path = rep->input_name, .mode = PERF_DATA_MODE_READ, .force = rep->force,
	};
	struct perf_session *session;
	int err = 0;

	rep->machine = machine__new_host();
	machine__idle_thread(rep->machine);	/* "swapper", as upstream registers it */
	session = perf_session__new(&data, &rep->tool);
	if (!session) {
		machine__delete(rep->machine);
		return -1;
	}
	rep->session = session;
	if (rep->header || rep->header_only) {
		perf_header__fprintf_info(&session->header, session->evlist, stdout, rep->show_full_info);
		if (rep->header_only && !session->header.is_pipe)
			goto out;
	} else if (dump_trace) {
		printf("# To display the perf.data header info, please use --header/--header-only options.\n#\n");
	}
	err = perf_session__process_events(session);
	if (err)
		goto out;
	if (dump_trace || rep->stats_mode) {
		perf_session__fprintf_nr_events(session, stdout);
		perf_session__fprintf_evsel_stats(session, stdout);
	} else if (!rep->header_only) {
		pr_err("perf report: only --header-only, --header with -D or --stats, -D (--dump-raw-trace) "
		       "and --stats are supported so far: the histogram report is not implemented yet\n");
		err = -1;
	}
out:
	perf_session__delete(session);
	machine__delete(rep->machine);
	return err;
}

int cmd_report(int argc, const char **argv)
{
	struct report report = {
		.tool = {
			.sample		= report__sample,
			.mmap		= report__sideband,
			.mmap2		= report__sideband,
			.comm		= report__sideband,
			.namespaces	= report__sideband,
			.cgroup		= report__sideband,
			.exit		= report__sideband,
			.fork		= report__sideband,
			.lost		= report__sideband,
			.read		= report__read,
			.attr		= report__event_op2,
			.tracing_data	= report__event_op2,
			.build_id	= report__event_op2,
			.id_index	= report__event_op2,
			.event_update	= report__event_op2,
			.feature	= report__feature,
			.ordered_events	= true,
		},
	};
	const char * const report_usage[] = {
		"perf report [<options>]",
		NULL
	};
	const struct option options[] = {
	OPT_STRING('i', "input", &report.input_name, "file", "input file name"),
	OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
	OPT_BOOLEAN('q', "quiet", &quiet, "Do not show any warnings or messages"),
	OPT_BOOLEAN('D', "dump-raw-trace", &dump_trace, "dump raw trace in ASCII"),
	OPT_BOOLEAN(0, "stats", &report.stats_mode, "Display event stats"),
	OPT_BOOLEAN(0, "tasks", &report.tasks_mode, "Display recorded tasks"),
	OPT_BOOLEAN(0, "mmaps", &report.mmaps_mode, "Display recorded tasks memory maps"),
	OPT_STRING('k', "vmlinux", &report.vmlinux_name, "file", "vmlinux pathname"),
	OPT_BOOLEAN(0, "ignore-vmlinux", &report.ignore_vmlinux, "don't load vmlinux even if found"),
	OPT_STRING(0, "kallsyms", &report.kallsyms_name, "file", "kallsyms pathname"),
	OPT_BOOLEAN('f', "force", &report.force, "don't complain, do it"),
	OPT_BOOLEAN('m', "modules", &report.modules,
		    "load module symbols - WARNING: use only with -k and LIVE kernel"),
	OPT_BOOLEAN('n', "show-nr-samples", &report.show_nr_samples, "Show a column with the number of samples"),
	OPT_BOOLEAN('T', "threads", &report.show_threads, "Show per-thread event counters"),
	OPT_STRING(0, "pretty", &report.pretty_printing_style, "key", "pretty printing style key: normal raw"),
	OPT_BOOLEAN(0, "tui", &report.use_tui, "Use the TUI interface"),
	OPT_BOOLEAN(0, "stdio", &report.use_stdio, "Use the stdio interface"),
	OPT_BOOLEAN(0, "header", &report.header, "Show data header."),
	OPT_BOOLEAN(0, "header-only", &report.header_only, "Show only data header."),
	OPT_STRING('s', "sort", &report.sort_order, "key[,key2...]",
		   "sort by key(s): overhead overhead_sys overhead_us overhead_guest_sys\n"
		   "\t\t\t  overhead_guest_us overhead_children sample period\n"
		   "\t\t\t  pid comm dso symbol parent cpu socket srcline srcfile\n"
		   "\t\t\t  local_weight weight transaction trace symbol_size\n"
		   "\t\t\t  dso_size cgroup cgroup_id ipc_null time code_page_size\n"
		   "\t\t\t  local_ins_lat ins_lat local_p_stage_cyc p_stage_cyc\n"
		   "\t\t\t  addr dso_from dso_to symbol_from symbol_to mispredict\n"
		   "\t\t\t  abort in_tx cycles srcline_from srcline_to ipc_lbr\n"
		   "\t\t\t  addr_from addr_to symbol_daddr dso_daddr locked tlb\n"
		   "\t\t\t  mem snoop dcacheline symbol_iaddr phys_daddr data_page_size\n"
		   "\t\t\t  blocked"),
	OPT_STRING('F', "fields", &report.field_order, "key[,keys...]",
		   "output field(s): overhead period sample  overhead overhead_sys\n"
		   "\t\t\t  overhead_us overhead_guest_sys overhead_guest_us overhead_children\n"
		   "\t\t\t  sample period pid comm dso symbol parent cpu socket\n"
		   "\t\t\t  srcline srcfile local_weight weight transaction trace\n"
		   "\t\t\t  symbol_size dso_size cgroup cgroup_id ipc_null time\n"
		   "\t\t\t  code_page_size local_ins_lat ins_lat local_p_stage_cyc\n"
		   "\t\t\t  p_stage_cyc addr dso_from dso_to symbol_from symbol_to\n"
		   "\t\t\t  mispredict abort in_tx cycles srcline_from srcline_to\n"
		   "\t\t\t  ipc_lbr addr_from addr_to symbol_daddr dso_daddr locked\n"
		   "\t\t\t  tlb mem snoop dcacheline symbol_iaddr phys_daddr data_page_size\n"
		   "\t\t\t  blocked"),
	OPT_BOOLEAN(0, "show-cpu-utilization", &report.show_cpu_utilization,
		    "Show sample percentage for different cpu modes"),
	OPT_STRING('p', "parent", &report.parent_pattern, "regex",
		   "regex filter to identify parent, see: '--sort parent'"),
	OPT_BOOLEAN('x', "exclude-other", &report.exclude_other, "Only display entries with parent-match"),
	OPT_CALLBACK_DEFAULT('g', "call-graph", &report.callchain,
			  "print_type,threshold[,print_limit],order,sort_key[,branch],value",
			  "Display call graph (stack chain/backtrace):\n\n"
			  "\t\t\t\tprint_type:\tcall graph printing style (graph|flat|fractal|folded|none)\n"
			  "\t\t\t\tthreshold:\tminimum call graph inclusion threshold (<percent>)\n"
			  "\t\t\t\tprint_limit:\tmaximum number of call graph entry (<number>)\n"
			  "\t\t\t\torder:\t\tcall graph order (caller|callee)\n"
			  "\t\t\t\tsort_key:\tcall graph sort key (function|address)\n"
			  "\t\t\t\tbranch:\t\tinclude last branch info to call graph (branch)\n"
			  "\t\t\t\tvalue:\t\tcall graph value (percent|period|count)\n\n"
			  "\t\t\t\tDefault: graph,0.5,caller,function,percent", opt_save_string,
			  "graph,0.5,caller,function,percent"),
	OPT_BOOLEAN(0, "children", &report.children,
		    "Accumulate callchains of children and show total overhead as well. "
		    "Enabled by default, use --no-children to disable."),
	OPT_INTEGER(0, "max-stack", &report.max_stack,
		    "Set the maximum stack depth when parsing the callchain, "
		    "anything beyond the specified depth will be ignored. "
		    "Default: kernel.perf_event_max_stack or 127"),
	OPT_BOOLEAN('G', "inverted", &report.inverted, "alias for inverted call graph"),
	OPT_STRING(0, "ignore-callees", &report.ignore_callees, "regex",
		   "ignore callees of these functions in call graphs"),
	OPT_STRING('d', "dsos", &report.dso_list, "dso[,dso...]", "only consider symbols in these dsos"),
	OPT_STRING('c', "comms", &report.comm_list, "comm[,comm...]", "only consider symbols in these comms"),
	OPT_STRING(0, "pid", &report.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
	OPT_STRING(0, "tid", &report.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
	OPT_STRING('S', "symbols", &report.sym_list, "symbol[,symbol...]", "only consider these symbols"),
	OPT_STRING(0, "symbol-filter", &report.symbol_filter, "filter",
		   "only show symbols that (partially) match with this filter"),
	OPT_STRING('w', "column-widths", &report.col_width_list, "width[,width...]",
		   "don't try to adjust column width, use these fixed values"),
	OPT_STRING_NOEMPTY('t', "field-separator", &report.field_sep, "separator",
			   "separator for columns, no spaces will be added between columns '.' is reserved."),
	OPT_BOOLEAN('U', "hide-unresolved", &report.hide_unresolved, "Only display entries resolved to a symbol"),
	OPT_STRING(0, "symfs", &report.symfs, "directory",
		   "Look for files with symbols relative to this directory"),
	OPT_STRING('C', "cpu", &report.cpu_list, "cpu", "list of cpus to profile"),
	OPT_BOOLEAN('I', "show-info", &report.show_full_info,
		    "Display extended information about perf.data file"),
	OPT_BOOLEAN(0, "source", &report.source, "Interleave source code with assembly code (default)"),
	OPT_BOOLEAN(0, "asm-raw", &report.asm_raw, "Display raw encoding of assembly instructions (default)"),
	OPT_STRING('M', "disassembler-style", &report.disassembler_style, "disassembler style",
		   "Specify disassembler style (e.g. -M intel for intel syntax)"),
	OPT_STRING(0, "prefix", &report.prefix, "prefix",
		   "Add prefix to source file path names in programs (with --prefix-strip)"),
	OPT_STRING(0, "prefix-strip", &report.prefix_strip, "N",
		   "Strip first N entries of source file path name in programs (with --prefix)"),
	OPT_BOOLEAN(0, "show-total-period", &report.show_total_period, "Show a column with the sum of periods"),
	OPT_BOOLEAN_SET(0, "group", &report.group, &report.group_set, "Show event group information together"),
	OPT_INTEGER(0, "group-sort-idx", &report.group_sort_idx,
		    "Sort the output by the event at the index n in group. If n is invalid, sort by the "
		    "first event. WARNING: should be used on grouped events."),
	OPT_BOOLEAN('b', "branch-stack", &report.branch_stack, "use branch records for per branch histogram filling"),
	OPT_BOOLEAN(0, "branch-history", &report.branch_history, "add last branch records to call history"),
	OPT_STRING(0, "objdump", &report.objdump_path, "path", "objdump binary to use for disassembly and annotations"),
	OPT_BOOLEAN(0, "demangle", &report.demangle, "Disable symbol demangling"),
	OPT_BOOLEAN(0, "demangle-kernel", &report.demangle_kernel, "Enable kernel symbol demangling"),
	OPT_BOOLEAN(0, "mem-mode", &report.mem_mode, "mem access profile"),
	OPT_INTEGER(0, "samples", &report.samples,
		    "Number of samples to save per histogram entry for individual browsing"),
	OPT_STRING(0, "percent-limit", &report.percent_limit, "percent", "Don't show entries under that percent"),
	OPT_STRING(0, "percentage", &report.percentage, "relative|absolute",
		   "how to display percentage of filtered entries"),
	OPT_STRING_OPTARG(0, "itrace", &report.itrace, "opts", "Instruction Tracing options\n"
			  "\t\t\t\ti[period]:    \t\tsynthesize instructions events\n"
			  "\t\t\t\tb:\t    \t\tsynthesize branches events (branch misses for Arm SPE)\n"
			  "\t\t\t\tc:\t    \t\tsynthesize branches events (calls only)\n"
			  "\t\t\t\tr:\t    \t\tsynthesize branches events (returns only)\n"
			  "\t\t\t\tx:\t    \t\tsynthesize transactions events\n"
			  "\t\t\t\tw:\t    \t\tsynthesize ptwrite events\n"
			  "\t\t\t\tp:\t    \t\tsynthesize power events\n"
			  "\t\t\t\to:\t\t\tsynthesize other events recorded due to the use\n"
			  "\t\t\t\t\t\t\tof aux-output (refer to perf record)\n"
			  "\t\t\t\tI:\t\t\tsynthesize interrupt or similar (asynchronous) events\n"
			  "\t\t\t\t\t\t\t(e.g. Intel PT Event Trace)\n"
			  "\t\t\t\te[flags]:\t\tsynthesize error events\n"
			  "\t\t\t\t\t\t\teach flag must be preceded by + or -\n"
			  "\t\t\t\t\t\t\terror flags are: o (overflow)\n"
			  "\t\t\t\t\t\t\t\t\t l (data lost)\n"
			  "\t\t\t\td[flags]:\t\tcreate a debug log\n"
			  "\t\t\t\t\t\t\teach flag must be preceded by + or -\n"
			  "\t\t\t\t\t\t\tlog flags are: a (all perf events)\n"
			  "\t\t\t\t\t\t\t               o (output to stdout)\n"
			  "\t\t\t\tf:\t    \t\tsynthesize first level cache events\n"
			  "\t\t\t\tm:\t    \t\tsynthesize last level cache events\n"
			  "\t\t\t\tt:\t    \t\tsynthesize TLB events\n"
			  "\t\t\t\ta:\t    \t\tsynthesize remote access events\n"
			  "\t\t\t\tg[len]:     \t\tsynthesize a call chain (use with i or x)\n"
			  "\t\t\t\tG[len]:\t\t\tsynthesize a call chain on existing event records\n"
			  "\t\t\t\tl[len]:     \t\tsynthesize last branch entries (use with i or x)\n"
			  "\t\t\t\tL[len]:\t\t\tsynthesize last branch entries on existing event records\n"
			  "\t\t\t\tsNUMBER:    \t\tskip initial number of events\n"
			  "\t\t\t\tq:\t\t\tquicker (less detailed) decoding\n"
			  "\t\t\t\tA:\t\t\tapproximate IPC\n"
			  "\t\t\t\tZ:\t\t\tprefer to ignore timestamps (so-called \"timeless\" decoding)\n"
			  "\t\t\t\tPERIOD[ns|us|ms|i|t]:   specify period to sample stream\n"
			  "\t\t\t\tconcatenate multiple options. Default is ibxwpe or cewp\n", ""),
	OPT_BOOLEAN(0, "full-source-path", &report.full_source_path, "Show full source file name path for source lines"),
	OPT_BOOLEAN(0, "show-ref-call-graph", &report.show_ref_callgraph, "Show callgraph from reference event"),
	OPT_BOOLEAN(0, "stitch-lbr", &report.stitch_lbr, "Enable LBR callgraph stitching approach"),
	OPT_INTEGER(0, "socket-filter", &report.socket_filter, "only show processor socket that match with this filter"),
	OPT_BOOLEAN(0, "raw-trace", &report.raw_trace, "Show raw trace event output (do not use print fmt or plugins)"),
	OPT_BOOLEAN(0, "hierarchy", &report.hierarchy, "Show entries in a hierarchy"),
	OPT_STRING(0, "stdio-color", &report.stdio_color, "mode",
		   "'always' (default), 'never' or 'auto' only applicable to --stdio mode"),
	OPT_STRING(0, "time", &report.time_str, "str", "Time span of interest (start,stop)"),
	OPT_BOOLEAN(0, "inline", &report.inline_, "Show inline function"),
	OPT_STRING(0, "percent-type", &report.percent_type, "local-period",
		   "Set percent type local/global-period/hits"),
	OPT_BOOLEAN(0, "ns", &report.nanosecs, "Show times in nanosecs"),
	OPT_STRING(0, "time-quantum", &report.time_quantum, "time (ms|us|ns|s)",
		   "Set time quantum for time sort key (default 100ms)"),
	OPT_STRING(0, "switch-on", &report.switch_on, "event",
		   "Consider events after the ocurrence of this event"),
	OPT_STRING(0, "switch-off", &report.switch_off, "event",
		   "Stop considering events after the ocurrence of this event"),
	OPT_BOOLEAN(0, "show-on-off-events", &report.show_on_off_events,
		    "Show the on/off switch events, used with --switch-on and --switch-off"),
	OPT_BOOLEAN(0, "total-cycles", &report.total_cycles, "Sort all blocks by 'Sampled Cycles%'"),
	OPT_BOOLEAN(0, "disable-order", &report.disable_order, "Disable raw trace ordering"),
	OPT_BOOLEAN(0, "skip-empty", &report.skip_empty, "Do not display empty (or dummy) events in the output"),
	OPT_END()
	};
	argc = parse_options(argc, argv, options, report_usage, 0);
	if (argc)
		usage_with_options(report_usage, options);
	if (report.disable_order)
		report.tool.ordered_events = false;
	if (quiet)
		verbose = -1;
	if (!report.header_only && !dump_trace && !report.stats_mode) {
		pr_err("perf report: the histogram report is not implemented yet; supported so far: "
		       "--header-only, -D (--dump-raw-trace) and --stats (each with --header)\n");
		return -1;
	}
	return __cmd_report(&report);
}
