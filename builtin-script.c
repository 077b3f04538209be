// SPDX-License-Identifier: GPL-2.0
/*
 * perf script. So far: the raw dump (-D) and the header (--header-only,
 * --header with -D); printing the samples (the default output, -F, scripts)
 * is not there yet and says so. The option table is upstream's.
 */
#include "builtin.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/header.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/parse-options.h"
#include "util/session.h"
#include <stdio.h>

struct perf_script {
	struct perf_tool	tool;
	struct machine		*machine;
	const char		*input_name;
	bool			force;
	bool			header;
	bool			header_only;
	bool			show_full_info;
	/* the sample printing options: parsed, not implemented yet */
	const char		*fields, *vmlinux_name, *kallsyms_name, *script_name, *gen_script;
	const char		*symfs, *cpu_list, *comm_list, *pid_list, *tid_list, *sym_list, *dso_list;
	const char		*stop_bt, *time_str, *itrace, *dlfilter, *dlarg, *switch_on, *switch_off;
	const char		*guestmount, *guest_vmlinux, *guest_kallsyms, *guest_modules, *xed;
	const char		*call_trace, *call_ret_trace, *insn_trace, *graph_function;
	bool			all_cpus, debug_mode, hide_callchain, latency, list_scripts;
	bool			list_dlfilters, show_task_events, show_mmap_events, show_switch_events;
	bool			show_namespace_events, show_lost_events, show_round_events;
	bool			show_bpf_events, show_cgroup_events, show_text_poke_events;
	bool			show_on_off_events, per_event_dump, deltatime, reltime, nanosecs;
	bool			demangle, demangle_kernel, full_source_path, inline_, stitch_lbr;
	bool			show_kernel_path, guest_code, dump_unsorted;
	int			max_stack, max_blocks, addr_range;
};

static int script__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	(void)event;
	(void)evsel;
	if (dump_trace)
		machine__dump_sample(script->machine, sample, stdout);
	return 0;
}

static int script__sideband(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return machine__process_event(script->machine, event, sample);
}

static int script__feature(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);
	u64 feat = event->feat.feat_id;

	if ((script->header || script->header_only) && feat < HEADER_LAST_FEATURE)
		perf_header__fprintf_feature(&session->header, session->evlist, feat, stdout,
					     script->show_full_info);
	return 0;
}

static int __cmd_script(struct perf_script *script)
{
	struct perf_data data = {
		.path = script->input_name, .mode = PERF_DATA_MODE_READ, .force = script->force,
	};
	struct perf_session *session;
	int err = 0;

	script->machine = machine__new_host();
	machine__idle_thread(script->machine);	/* "swapper", as upstream registers it */
	session = perf_session__new(&data, &script->tool);
	if (!session) {
		machine__delete(script->machine);
		return -1;
	}
	if (script->header || script->header_only) {
		perf_header__fprintf_info(&session->header, session->evlist, stdout, script->show_full_info);
		if (script->header_only && !session->header.is_pipe)
			goto out;
	}
	err = perf_session__process_events(session);
out:
	perf_session__delete(session);
	machine__delete(script->machine);
	return err;
}

static int opt_save_string(const struct option *opt, const char *arg, int unset)
{
	*(const char **)opt->value = unset ? NULL : arg;
	return 0;
}

int cmd_script(int argc, const char **argv)
{
	struct perf_script script = {
		.tool = {
			.sample		= script__sample,
			.mmap		= script__sideband,
			.mmap2		= script__sideband,
			.comm		= script__sideband,
			.namespaces	= script__sideband,
			.cgroup		= script__sideband,
			.exit		= script__sideband,
			.fork		= script__sideband,
			.throttle	= perf_tool__process_nop,
			.unthrottle	= perf_tool__process_nop,
			.attr		= perf_tool__process_nop_op2,
			.event_update	= perf_tool__process_nop_op2,
			.tracing_data	= perf_tool__process_nop_op2,
			.feature	= script__feature,
			.build_id	= perf_tool__process_nop_op2,
			.id_index	= perf_tool__process_nop_op2,
			.auxtrace_info	= perf_tool__process_nop_op2,
			.auxtrace	= perf_tool__process_nop_op2,
			.auxtrace_error	= perf_tool__process_nop_op2,
			.stat		= perf_tool__process_nop_op2,
			.stat_round	= perf_tool__process_nop_op2,
			.stat_config	= perf_tool__process_nop_op2,
			.thread_map	= perf_tool__process_nop_op2,
			.cpu_map	= perf_tool__process_nop_op2,
			.ordered_events	= true,
		},
	};
	const char *script_usage[] = {
		"perf script [<options>]",
		"perf script [<options>] record <script> [<record-options>] <command>",
		"perf script [<options>] report <script> [script-args]",
		"perf script [<options>] <script> [<record-options>] <command>",
		"perf script [<options>] <top-script> [script-args]",
		NULL
	};
	const struct option options[] = {
	OPT_BOOLEAN('D', "dump-raw-trace", &dump_trace, "dump raw trace in ASCII"),
	OPT_BOOLEAN(0, "dump-unsorted-raw-trace", &script.dump_unsorted, "dump unsorted raw trace in ASCII"),
	OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
	OPT_BOOLEAN('L', "Latency", &script.latency, "show latency attributes (irqs/preemption disabled, etc)"),
	OPT_BOOLEAN('l', "list", &script.list_scripts, "list available scripts"),
	OPT_BOOLEAN(0, "list-dlfilters", &script.list_dlfilters, "list available dlfilters"),
	OPT_STRING('s', "script", &script.script_name, "name",
		   "script file name (lang:script name, script name, or *)"),
	OPT_STRING('g', "gen-script", &script.gen_script, "lang",
		   "generate perf-script.xx script in specified language"),
	OPT_STRING(0, "dlfilter", &script.dlfilter, "file", "filter .so file name"),
	OPT_STRING(0, "dlarg", &script.dlarg, "argument", "filter argument"),
	OPT_STRING('i', "input", &script.input_name, "file", "input file name"),
	OPT_BOOLEAN('d', "debug-mode", &script.debug_mode,
		    "do various checks like samples ordering and lost events"),
	OPT_BOOLEAN(0, "header", &script.header, "Show data header."),
	OPT_BOOLEAN(0, "header-only", &script.header_only, "Show only data header."),
	OPT_STRING('k', "vmlinux", &script.vmlinux_name, "file", "vmlinux pathname"),
	OPT_STRING(0, "kallsyms", &script.kallsyms_name, "file", "kallsyms pathname"),
	OPT_BOOLEAN('G', "hide-call-graph", &script.hide_callchain,
		    "When printing symbols do not display call chain"),
	OPT_STRING(0, "stop-bt", &script.stop_bt, "symbol[,symbol...]",
		   "Stop display of callgraph at these symbols"),
	OPT_STRING(0, "symfs", &script.symfs, "directory",
		   "Look for files with symbols relative to this directory"),
	OPT_CALLBACK('F', "fields", &script.fields, "str",
		     "comma separated output fields prepend with 'type:'. +field to add and -field to remove."
		     "Valid types: hw,sw,trace,raw,synth. Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,"
		     "dso,addr,symoff,srcline,period,iregs,uregs,brstack,brstacksym,flags,data_src,weight,"
		     "bpf-output,brstackinsn,brstackinsnlen,brstackoff,callindent,insn,insnlen,synth,"
		     "phys_addr,metric,misc,srccode,ipc,tod,data_page_size,code_page_size,ins_lat",
		     opt_save_string),
	OPT_BOOLEAN('a', "all-cpus", &script.all_cpus, "system-wide collection from all CPUs"),
	OPT_STRING(0, "dsos", &script.dso_list, "dso[,dso...]", "only consider symbols in these DSOs"),
	OPT_STRING('S', "symbols", &script.sym_list, "symbol[,symbol...]", "only consider these symbols"),
	OPT_INTEGER(0, "addr-range", &script.addr_range, "Use with -S to list traced records within address range"),
	OPT_CALLBACK_OPTARG(0, "insn-trace", &script.insn_trace, NULL, "raw|disasm",
			    "Decode instructions from itrace", opt_save_string),
	OPT_CALLBACK_OPTARG(0, "xed", &script.xed, NULL, NULL, "Run xed disassembler on output",
			    opt_save_string),
	OPT_CALLBACK_OPTARG(0, "call-trace", &script.call_trace, NULL, NULL,
			    "Decode calls from itrace", opt_save_string),
	OPT_CALLBACK_OPTARG(0, "call-ret-trace", &script.call_ret_trace, NULL, NULL,
			    "Decode calls and returns from itrace", opt_save_string),
	OPT_STRING(0, "graph-function", &script.graph_function, "symbol[,symbol...]",
		   "Only print symbols and callees with --call-trace/--call-ret-trace"),
	OPT_STRING('C', "cpu", &script.cpu_list, "cpu", "list of cpus to profile"),
	OPT_STRING('c', "comms", &script.comm_list, "comm[,comm...]", "only display events for these comms"),
	OPT_STRING(0, "pid", &script.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
	OPT_STRING(0, "tid", &script.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
	OPT_INTEGER(0, "max-stack", &script.max_stack,
		    "Set the maximum stack depth when parsing the callchain, "
		    "anything beyond the specified depth will be ignored. "
		    "Default: kernel.perf_event_max_stack or 127"),
	OPT_BOOLEAN(0, "reltime", &script.reltime, "Show time stamps relative to start"),
	OPT_BOOLEAN(0, "deltatime", &script.deltatime, "Show time stamps relative to previous event"),
	OPT_BOOLEAN('I', "show-info", &script.show_full_info, "display extended information from perf.data file"),
	OPT_BOOLEAN(0, "show-kernel-path", &script.show_kernel_path, "Show the path of [kernel.kallsyms]"),
	OPT_BOOLEAN(0, "show-task-events", &script.show_task_events, "Show the fork/comm/exit events"),
	OPT_BOOLEAN(0, "show-mmap-events", &script.show_mmap_events, "Show the mmap events"),
	OPT_BOOLEAN(0, "show-switch-events", &script.show_switch_events,
		    "Show context switch events (if recorded)"),
	OPT_BOOLEAN(0, "show-namespace-events", &script.show_namespace_events,
		    "Show namespace events (if recorded)"),
	OPT_BOOLEAN(0, "show-cgroup-events", &script.show_cgroup_events, "Show cgroup events (if recorded)"),
	OPT_BOOLEAN(0, "show-lost-events", &script.show_lost_events, "Show lost events (if recorded)"),
	OPT_BOOLEAN(0, "show-round-events", &script.show_round_events, "Show round events (if recorded)"),
	OPT_BOOLEAN(0, "show-bpf-events", &script.show_bpf_events, "Show bpf related events (if recorded)"),
	OPT_BOOLEAN(0, "show-text-poke-events", &script.show_text_poke_events,
		    "Show text poke related events (if recorded)"),
	OPT_BOOLEAN(0, "per-event-dump", &script.per_event_dump,
		    "Dump trace output to files named by the monitored events"),
	OPT_BOOLEAN('f', "force", &script.force, "don't complain, do it"),
	OPT_INTEGER(0, "max-blocks", &script.max_blocks, "Maximum number of code blocks to dump with brstackinsn"),
	OPT_BOOLEAN(0, "ns", &script.nanosecs, "Use 9 decimal places when displaying time"),
	OPT_STRING_OPTARG(0, "itrace", &script.itrace, "opts", "Instruction Tracing options\n"
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
	OPT_BOOLEAN(0, "full-source-path", &script.full_source_path,
		    "Show full source file name path for source lines"),
	OPT_BOOLEAN(0, "demangle", &script.demangle, "Enable symbol demangling"),
	OPT_BOOLEAN(0, "demangle-kernel", &script.demangle_kernel, "Enable kernel symbol demangling"),
	OPT_STRING(0, "time", &script.time_str, "str", "Time span of interest (start,stop)"),
	OPT_BOOLEAN(0, "inline", &script.inline_, "Show inline function"),
	OPT_STRING(0, "guestmount", &script.guestmount, "directory",
		   "guest mount directory under which every guest os instance has a subdir"),
	OPT_STRING(0, "guestvmlinux", &script.guest_vmlinux, "file", "file saving guest os vmlinux"),
	OPT_STRING(0, "guestkallsyms", &script.guest_kallsyms, "file", "file saving guest os /proc/kallsyms"),
	OPT_STRING(0, "guestmodules", &script.guest_modules, "file", "file saving guest os /proc/modules"),
	OPT_BOOLEAN(0, "guest-code", &script.guest_code, "Guest code can be found in hypervisor process"),
	OPT_BOOLEAN(0, "stitch-lbr", &script.stitch_lbr, "Enable LBR callgraph stitching approach"),
	OPT_STRING(0, "switch-on", &script.switch_on, "event", "Consider events after the ocurrence of this event"),
	OPT_STRING(0, "switch-off", &script.switch_off, "event",
		   "Stop considering events after the ocurrence of this event"),
	OPT_BOOLEAN(0, "show-on-off-events", &script.show_on_off_events,
		    "Show the on/off switch events, used with --switch-on and --switch-off"),
	OPT_END()
	};

	argc = parse_options(argc, argv, options, script_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc) {
		pr_err("perf script: scripts and 'record'/'report' subcommands are not implemented yet\n");
		return -1;
	}
	if (script.dump_unsorted) {
		dump_trace = true;
		script.tool.ordered_events = false;
	}
	if (!dump_trace && !script.header_only) {
		pr_err("perf script: printing samples is not implemented yet; supported so far: "
		       "-D (--dump-raw-trace), --dump-unsorted-raw-trace and --header-only\n");
		return -1;
	}
	return __cmd_script(&script);
}
