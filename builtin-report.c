// SPDX-License-Identifier: GPL-2.0
/*
 * perf report: read a perf.data file, aggregate its samples into hist
 * entries by the sort keys (with call chains), print them as upstream's
 * --stdio does. Also the header (--header, --header-only), the raw dump
 * (-D) and the event counts (--stats).
 *
 * The work per sample: resolve it and its chain (cached in the model),
 * find its hist entry by hash, add the period, hand the chain to the
 * call-chain store (interned: see util/callchain.h). Trees are built only
 * for printed entries.
 */
#include "builtin.h"
#include "ui/progress.h"
#include "ui/stdio/hist.h"
#include "util/callchain.h"
#include "util/callchain-resolve.h"
#include "util/color.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/hist.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/cpumap.h"
#include "util/pager.h"
#include "util/itrace.h"
#include "util/parse-options.h"
#include "util/session.h"
#include "util/sort.h"
#include "util/strbuf.h"
#include "util/string2.h"
#include "util/symbol.h"
#include "util/time-utils.h"
#include "util/trace-output.h"
#include <errno.h>
#include <inttypes.h>
#include <regex.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct report {
	struct perf_tool	tool;
	struct perf_session	*session;
	struct machine		*machine;
	struct hist_fields	fields;
	struct callchain_store	*store;
	struct resolved_chain	chain;
	struct callchain_cache	*ccache;	/* address -> interned frame */
	u32			*frame_ids;
	u32			alloc_frame_ids;
	struct ui_progress	progress;
	/* filters */
	struct strlist		*comm_list, *dso_list, *sym_list;
	struct strlist		*pid_list, *tid_list;
	struct perf_cpu_map	*cpus;
	struct perf_time_interval *ptime_range;
	int			range_num;
	regex_t			ignore_callees_regex;
	bool			have_ignore_callees;
	/* what the samples need */
	bool			use_callchain;
	bool			cumulate;
	bool			need_chain;
	bool			is_pipe;
	bool			setup_done;
	int			max_stack;
	u64			nr_samples;
	/* options */
	const char		*input_name;
	bool			force;
	bool			header;
	bool			header_only;
	bool			show_full_info;
	bool			stats_mode;
	bool			use_stdio;
	bool			use_tui;
	bool			disable_order;
	const char		*callchain_opt;
	bool			callchain_set;
	bool			callchain_unset;
	const char		*vmlinux_name, *kallsyms_name, *pretty_printing_style;
	const char		*ignore_callees, *dso_opt, *comm_opt, *pid_opt, *tid_opt;
	const char		*sym_opt, *symbol_filter, *symfs;
	const char		*cpu_list, *disassembler_style, *prefix, *prefix_strip, *objdump_path;
	const char		*percent_limit, *percentage, *itrace, *stdio_color, *time_str;
	const char		*percent_type, *time_quantum, *switch_on, *switch_off;
	bool			show_threads, mmaps_mode, tasks_mode, ignore_vmlinux, modules;
	bool			inverted, hide_unresolved, source, asm_raw;
	bool			group_set, branch_stack, branch_history;
	bool			demangle, demangle_kernel;
	bool			mem_mode, show_ref_callgraph, stitch_lbr, raw_trace;
	struct trace_outputs	*traces;	/* the trace key's outputs */
	bool			hierarchy, inline_, total_cycles, skip_empty, show_on_off_events;
	int			group_sort_idx, samples, socket_filter;
	double			min_percent;
	/* -T: the counts of PERF_RECORD_READ records, per thread and event */
	struct thread_values	*values;
};

/* --- -T: the counters of PERF_RECORD_READ, per thread --- */

struct thread_values {
	int	nr_threads, alloc_threads;
	int	*pid, *tid;
	int	nr_counters, alloc_counters;
	u64	*rawid;
	char	**names;
	u64	**value;		/* [thread][counter] */
};

static int values__thread(struct thread_values *v, int pid, int tid)
{
	for (int i = 0; i < v->nr_threads; i++)
		if (v->pid[i] == pid && v->tid[i] == tid)
			return i;
	ALLOC_GROW(v->pid, v->nr_threads + 1, v->alloc_threads);
	v->tid = xrealloc(v->tid, v->alloc_threads * sizeof(int));
	v->value = xrealloc(v->value, v->alloc_threads * sizeof(u64 *));
	v->pid[v->nr_threads] = pid;
	v->tid[v->nr_threads] = tid;
	v->value[v->nr_threads] = xcalloc(v->alloc_counters ? v->alloc_counters : 1, sizeof(u64));
	return v->nr_threads++;
}

static int values__counter(struct thread_values *v, u64 rawid, const char *name)
{
	int old = v->alloc_counters;

	for (int i = 0; i < v->nr_counters; i++)
		if (v->rawid[i] == rawid)
			return i;
	ALLOC_GROW(v->rawid, v->nr_counters + 1, v->alloc_counters);
	v->names = xrealloc(v->names, v->alloc_counters * sizeof(char *));
	if (v->alloc_counters != old) {
		for (int t = 0; t < v->nr_threads; t++) {
			v->value[t] = xrealloc(v->value[t], v->alloc_counters * sizeof(u64));
			memset(v->value[t] + old, 0, (v->alloc_counters - old) * sizeof(u64));
		}
	}
	v->rawid[v->nr_counters] = rawid;
	v->names[v->nr_counters] = xstrdup(name);
	return v->nr_counters++;
}

static void values__add(struct thread_values *v, int pid, int tid, u64 rawid, const char *name, u64 value)
{
	int c = values__counter(v, rawid, name);
	int t = values__thread(v, pid, tid);

	if (c >= v->alloc_counters)
		return;
	v->value[t][c] += value;
}

static int num_width(u64 v, bool hex)
{
	char buf[32];

	return snprintf(buf, sizeof(buf), hex ? "%" PRIx64 : "%" PRIu64, v);
}

static int int_width(int v)
{
	char buf[16];

	return snprintf(buf, sizeof(buf), "%d", v);
}

static void values__display(struct thread_values *v, bool raw, struct strbuf *sb)
{
	int pidw = 3, tidw = 3;

	for (int i = 0; i < v->nr_threads; i++) {
		pidw = max(pidw, int_width(v->pid[i]));
		tidw = max(tidw, int_width(v->tid[i]));
	}
	if (raw) {
		int namew = 4, raww = 3, countw = 5;

		for (int j = 0; j < v->nr_counters; j++) {
			namew = max(namew, (int)strlen(v->names[j]));
			raww = max(raww, num_width(v->rawid[j], true));
		}
		for (int i = 0; i < v->nr_threads; i++)
			for (int j = 0; j < v->nr_counters; j++)
				countw = max(countw, num_width(v->value[i][j], false));
		strbuf_addf(sb, "# %*s  %*s  %*s  %*s  %*s\n", pidw, "PID", tidw, "TID", namew, "Name",
			    raww, "Raw", countw, "Count");
		for (int i = 0; i < v->nr_threads; i++)
			for (int j = 0; j < v->nr_counters; j++)
				strbuf_addf(sb, "  %*d  %*d  %*s  %*" PRIx64 "  %*" PRIu64, pidw, v->pid[i], tidw,
					    v->tid[i], namew, v->names[j], raww, v->rawid[j], countw, v->value[i][j]);
		return;
	}
	{
		int *cw = xcalloc(v->nr_counters + 1, sizeof(int));

		for (int j = 0; j < v->nr_counters; j++)
			cw[j] = (int)strlen(v->names[j]);
		for (int i = 0; i < v->nr_threads; i++)
			for (int j = 0; j < v->nr_counters; j++)
				cw[j] = max(cw[j], num_width(v->value[i][j], false));
		strbuf_addf(sb, "# %*s  %*s", pidw, "PID", tidw, "TID");
		for (int j = 0; j < v->nr_counters; j++)
			strbuf_addf(sb, "  %*s", cw[j], v->names[j]);
		strbuf_addch(sb, '\n');
		for (int i = 0; i < v->nr_threads; i++) {
			strbuf_addf(sb, "  %*d  %*d", pidw, v->pid[i], tidw, v->tid[i]);
			for (int j = 0; j < v->nr_counters; j++)
				strbuf_addf(sb, "  %*" PRIu64, cw[j], v->value[i][j]);
			strbuf_addch(sb, '\n');
		}
		free(cw);
	}
}

static void values__delete(struct thread_values *v)
{
	if (!v)
		return;
	for (int i = 0; i < v->nr_threads; i++)
		free(v->value[i]);
	for (int j = 0; j < v->nr_counters; j++)
		free(v->names[j]);
	free(v->pid);
	free(v->tid);
	free(v->value);
	free(v->rawid);
	free(v->names);
	free(v);
}

/* --- tips at the end of the report --- */

static const char *const tips[] = {
	"Show only the hottest entries with: perf report --percent-limit 5",
	"Sort by other keys, e.g.: perf report --sort dso,sym",
	"See the callers of a function first with: perf report --no-children -G",
	"Print call chains as one line per stack with: perf report -g folded",
	"Limit the report to some threads with: perf report --comm NAME or --tid TID",
	"Add columns with the sample counts and periods: perf report -n --show-total-period",
	"Report a time slice of the recording with: perf report --time 10%/2",
	"Group the output by sort key with: perf report --hierarchy",
	"Show the events of a group side by side with: perf report --group",
	"Look at the raw records with: perf report -D",
	"Count the records of each type with: perf report --stats",
	"Print the recording's header with: perf report --header-only",
	"Show source lines instead of symbols with: perf report --sort srcline",
	"Cut deep call chains with: perf report --max-stack 16",
	"Use the percentage of the filtered samples with: perf report --percentage relative",
};

static const char *pick_tip(void)
{
	return tips[(unsigned long)time(NULL) % ARRAY_SIZE(tips)];
}

/* --- lists for filters --- */

static struct strlist *list_or_null(const char *str)
{
	return str ? strlist__new(str) : NULL;
}

static bool int_list_has(const struct strlist *list, int v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", v);
	return strlist__has(list, buf);
}

/* --- samples --- */

static struct hists *evsel_hists(struct report *rep, struct evsel *evsel)
{
	if (!evsel->priv) {
		struct hists *hists = hists__new(evsel, &rep->fields);

		hists->store = rep->store;
		evsel->priv = hists;
	}
	return evsel->priv;
}

static u8 sample_filters(struct report *rep, struct addr_location *al)
{
	u8 filtered = 0;

	if ((rep->comm_list && !strlist__has(rep->comm_list, al->comm)) ||
	    (rep->pid_list && !int_list_has(rep->pid_list, al->thread->pid)) ||
	    (rep->tid_list && !int_list_has(rep->tid_list, al->thread->tid)))
		filtered |= HIST_FILTER__THREAD;
	if (rep->dso_list && (!al->map || !al->dso ||
			      !(strlist__has(rep->dso_list, al->dso->short_name) ||
				(al->dso->short_name != al->dso->long_name &&
				 strlist__has(rep->dso_list, al->dso->long_name)))))
		filtered |= HIST_FILTER__DSO;
	if (rep->sym_list) {
		bool ok = false;

		if (al->sym) {
			char buf[32];

			ok = strlist__has(rep->sym_list, symbol__name(al->sym));
			snprintf(buf, sizeof(buf), "0x%" PRIx64, map__unmap_ip(al->map, al->sym->start));
			ok = ok || strlist__has(rep->sym_list, buf);
		}
		if (!ok)
			filtered |= HIST_FILTER__SYMBOL;
	}
	return filtered;
}

static void frame_to_al(const struct resolved_frame *f, struct addr_location *al)
{
	al->map = f->map;
	al->dso = f->dso;
	al->sym = f->sym;
	al->addr = f->addr;
	al->level = f->level;
	al->cpumode = f->cpumode;
}

/* Upstream's parent and --ignore-callees rules over the walked chain. */
static struct symbol *chain_rules(struct report *rep, struct addr_location *al)
{
	struct resolved_chain *chain = &rep->chain;
	struct symbol *parent = NULL;

	for (int i = 0; i < chain->nr; i++) {
		struct symbol *sym = chain->frames[i].sym;

		if (!sym)
			continue;
		if (rep->fields.has_parent && !parent && parent_regex__match(symbol__name(sym))) {
			parent = sym;
		} else if (rep->have_ignore_callees &&
			   !regexec(&rep->ignore_callees_regex, symbol__name(sym), 0, NULL, 0)) {
			/* the function becomes the sample, its callees are forgotten */
			frame_to_al(&chain->frames[i], al);
			memmove(chain->frames, chain->frames + i, (chain->nr - i) * sizeof(*chain->frames));
			chain->nr -= i;
			i = 0;
		}
	}
	return parent;
}

static u32 report__frame_tag(void *arg, const struct resolved_frame *frame)
{
	return callchain_store__frame(arg, frame);
}

static s32 cpu_socket(struct report *rep, u32 cpu)
{
	const struct perf_env *env = &rep->session->header.env;

	if ((s32)cpu >= 0 && env->cpu && (int)cpu < env->nr_cpu_topology)
		return env->cpu[cpu].socket_id;
	return -1;
}

static int report__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct report *rep = container_of(tool, struct report, tool);
	struct hist_sample hs = { .period = sample->period, .weight = sample->weight };
	struct addr_location al;
	struct hists *hists;

	(void)event;
	if (dump_trace)
		machine__dump_sample(rep->machine, sample, stdout);
	if (!rep->setup_done)
		return 0;
	ui_progress__update(&rep->progress, sample->time);
	if (perf_time__ranges_skip_sample(rep->ptime_range, rep->range_num, sample->time))
		return 0;
	if (machine__resolve_sample(rep->machine, &al, sample) < 0)
		return 0;
	if (rep->hide_unresolved && !al.sym)
		return 0;
	if (rep->cpus && perf_cpu_map__idx(rep->cpus, (int)sample->cpu) < 0)
		return 0;
	hists = evsel_hists(rep, evsel);
	hs.key.filtered = sample_filters(rep, &al);
	rep->chain.nr = 0;
	if (rep->need_chain) {
		struct callchain_walk walk = {
			.max_stack = rep->max_stack,
			.caller_first = callchain_param.order == ORDER_CALLER,
			.hide_unresolved = rep->hide_unresolved,
			.cache = rep->ccache,
			.tag = report__frame_tag,
			.tag_arg = rep->store,
		};

		sample__resolve_callchain_walk(rep->machine, al.thread, evsel, sample, &walk, &rep->chain);
		hs.key.parent = chain_rules(rep, &al);
	}
	if (sort_conf.exclude_other && !hs.key.parent)
		hs.key.filtered |= HIST_FILTER__PARENT;
	hs.key.thread = al.thread;
	hs.key.comm = al.comm;
	hs.key.map = al.map;
	hs.key.dso = al.map ? al.dso : NULL;
	hs.key.sym = al.sym;
	hs.key.ip = al.addr;
	hs.key.level = al.level;
	hs.key.cpumode = sample->cpumode;
	hs.key.cpu = (s32)sample->cpu;
	hs.key.socket = cpu_socket(rep, sample->cpu);
	hs.key.time = sort_conf.time_quantum ? sample->time / sort_conf.time_quantum * sort_conf.time_quantum
					     : sample->time;
	hs.key.weight = sample->weight;
	hs.key.code_page_size = sample->code_page_size;
	hs.key.transaction = sample->transaction;
	if (rep->socket_filter >= 0 && hs.key.socket != rep->socket_filter)
		hs.key.filtered |= HIST_FILTER__SOCKET;
	if (rep->fields.needs & SORT_NEED_TRACE)
		hs.key.trace = trace_outputs__get(rep->traces, evsel, sample);
	if (al.map && al.dso)
		al.dso->hit = true;
	if (rep->chain.nr) {
		ALLOC_GROW(rep->frame_ids, (u32)rep->chain.nr, rep->alloc_frame_ids);
		for (int i = 0; i < rep->chain.nr; i++)
			rep->frame_ids[i] = rep->chain.frames[i].tag - 1;
	}
	hs.frames = rep->chain.frames;
	hs.frame_ids = rep->frame_ids;
	hs.nr = (u32)rep->chain.nr;
	hs.store = rep->store;
	hs.use_callchain = rep->use_callchain;
	hs.cumulate = rep->cumulate;
	hists__add_sample(hists, &hs);
	rep->nr_samples++;
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
	struct report *rep = container_of(tool, struct report, tool);

	(void)sample;
	if (rep->show_threads && evsel) {
		if (!rep->values)
			rep->values = xzalloc(sizeof(*rep->values));
		values__add(rep->values, (int)event->read.pid, (int)event->read.tid, (u64)evsel->idx,
			    evsel->name ? evsel->name : "", event->read.value);
	}
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

/* --- setup --- */

static int read_max_stack(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_stack", "r");
	int v = 127;

	if (f) {
		if (fscanf(f, "%d", &v) != 1 || v <= 0)
			v = 127;
		fclose(f);
	}
	return v;
}

/* What the data allows: call chains, children (upstream's report__setup_sample_type). */
static int report__setup_sample_type(struct report *rep)
{
	struct perf_session *session = rep->session;
	u64 sample_type = evlist__combined_sample_type(session->evlist);

	if (!rep->is_pipe && !(sample_type & PERF_SAMPLE_CALLCHAIN)) {
		if (rep->fields.has_parent) {
			ui__error("Selected --sort parent, but no callchain data. "
				  "Did you call 'perf record' without -g?\n");
			return -EINVAL;
		}
		if (rep->use_callchain) {
			ui__error("Selected -g or --branch-history.\nBut no callchain or branch data.\n"
				  "Did you call 'perf record' without -g or -b?\n");
			return -1;
		}
	} else if (!callchain_param.enabled && callchain_param.mode != CHAIN_NONE && !rep->use_callchain) {
		rep->use_callchain = true;
	}
	if (rep->cumulate && !(sample_type & PERF_SAMPLE_CALLCHAIN)) {
		rep->cumulate = false;
		sort_conf.cumulate = false;
		hist_fields__cancel_cumulate(&rep->fields);
	}
	return 0;
}

static int report__setup(struct report *rep, const char * const *usage, const struct option *options)
{
	struct perf_session *session = rep->session;
	struct strbuf sb = STRBUF_INIT;
	struct evsel *evsel;
	char bad;

	sort_conf.cumulate = rep->cumulate;
	if (rep->raw_trace && !sort_conf.sort_order && !sort_conf.field_order &&
	    sort__all_tracepoints(session->evlist)) {
		pr_err("perf report: --raw-trace with the default sort of tracepoint files (a column per "
		       "tracepoint field) is not supported by this perf; use -s trace\n");
		return -1;
	}
	if (hist_fields__setup(&rep->fields, session->evlist, &bad) < 0) {
		if (bad)
			parse_options_usage(usage, options, bad == 's' ? "s" : "F", 1);
		return -1;
	}
	if (rep->fields.has_parent && parent_regex__compile(sort_conf.parent_pattern ?
							    sort_conf.parent_pattern : default_parent_pattern))
		return -1;
	if (sort_conf.col_width_list)
		hist_fields__set_user_widths(&rep->fields, sort_conf.col_width_list);
	if (rep->header || rep->header_only) {
		perf_header__fprintf_info(&session->header, session->evlist, stdout, rep->show_full_info);
	} else if (!quiet && !rep->stats_mode && !dump_trace) {
		fputs("# To display the perf.data header info, please use --header/--header-only options.\n#\n",
		      stdout);
	}
	hist_fields__setup_elide(&rep->fields, rep->comm_list, rep->dso_list, rep->sym_list, &sb);
	fputs(sb.buf, stdout);
	strbuf_release(&sb);
	if (report__setup_sample_type(rep) < 0)
		return -1;
	if (rep->cpus && !(evlist__combined_sample_type(session->evlist) & PERF_SAMPLE_CPU)) {
		pr_err("File does not contain CPU events. Remove -C option to proceed.\n");
		pr_err("Error:\nfailed to set cpu bitmap\n");
		return -1;
	}
	rep->need_chain = rep->use_callchain || rep->cumulate || rep->fields.has_parent;
	rep->store = callchain_store__new(rep->cumulate);
	rep->ccache = callchain_cache__new();
	callchain_store__set_by_address(rep->store, rep->fields.per_frame_keys);
	evlist__for_each_entry(session->evlist, evsel)
		evsel_hists(rep, evsel);
	if (rep->time_str) {
		const struct perf_env *env = &session->header.env;

		if (perf_time__parse_for_ranges(rep->time_str, env->first_sample_time, env->last_sample_time,
						&rep->ptime_range, &rep->range_num) < 0)
			return -1;
	}
	ui_progress__init(&rep->progress, session->header.env.first_sample_time,
			  session->header.env.last_sample_time, "Processing events...");
	rep->setup_done = true;
	return 0;
}

/* --- output --- */

static void group_desc(struct evsel *leader, struct strbuf *sb)
{
	struct evsel *pos;
	bool first = true;
	bool forced = !leader->evlist || !leader->evlist->nr_groups;

	if (!forced) {
		if (leader->group_name)
			strbuf_addf(sb, "%s ", leader->group_name);
		strbuf_addch(sb, '{');
	}
	evlist__for_each_entry(leader->evlist, pos) {
		if (!forced && pos->leader != leader)
			continue;
		strbuf_addf(sb, "%s%s", first ? "" : ", ", pos->name ? pos->name : "");
		first = false;
	}
	if (!forced)
		strbuf_addch(sb, '}');
}

static void print_nr_sample_events(struct report *rep, struct hists *hists, struct strbuf *sb)
{
	struct evsel *evsel = hists->evsel;
	struct strbuf name = STRBUF_INIT;
	u64 nr_samples = hists->stats.nr_samples, nr_events = hists->stats.total_period;
	char unit = ' ';

	if (sort_conf.filter_relative) {
		nr_samples = hists->stats.nr_non_filtered_samples;
		nr_events = hists->stats.total_non_filtered_period;
	}
	if (hists->nr_group) {
		group_desc(evsel, &name);
		for (int i = 0; i < hists->nr_group; i++) {
			const struct hists *m = hists->group[i];

			nr_samples += sort_conf.filter_relative ? m->stats.nr_non_filtered_samples : m->stats.nr_samples;
			nr_events += sort_conf.filter_relative ? m->stats.total_non_filtered_period
							       : m->stats.total_period;
		}
	} else {
		strbuf_addstr(&name, evsel->name ? evsel->name : "");
	}
	/* upstream's convert_unit() */
	for (const char *u = "KMG"; *u && nr_samples > 1000; u++) {
		nr_samples /= 1000;
		unit = *u;
	}
	strbuf_addf(sb, "# Samples: %" PRIu64 "%c of event%s '%s'", nr_samples, unit,
		    hists->nr_group ? "s" : "", name.buf);
	if (rep->time_str)
		strbuf_addf(sb, " (time slices: %s)", rep->time_str);
	strbuf_addf(sb, "\n# Event count (approx.): %" PRIu64, nr_events);
	if (rep->socket_filter > -1)
		strbuf_addf(sb, "\n# Processor Socket: %d", rep->socket_filter);
	strbuf_addstr(sb, "\n#\n");
	strbuf_release(&name);
}

static void report__collapse(struct report *rep)
{
	struct evlist *evlist = rep->session->evlist;
	struct evsel *evsel, *pos;

	evlist__for_each_entry(evlist, evsel) {
		struct hists *hists = evsel_hists(rep, evsel);

		if (rep->symbol_filter && evsel->idx == 0) {
			for (u32 i = 0; i < hists->nr_entries; i++) {
				struct hist_entry *he = hists->entries[i];

				if (!he->key.sym || !strstr(symbol__name(he->key.sym), rep->symbol_filter))
					he->key.filtered |= HIST_FILTER__SYMBOL;
			}
		}
	}
	if (!sort_conf.event_group)
		return;
	evlist__for_each_entry(evlist, evsel) {
		struct hists *members[64];
		int nr = 0;

		if (!evsel__is_group_leader(evsel) && evlist->nr_groups)
			continue;
		evlist__for_each_entry(evlist, pos) {
			if (pos == evsel || nr == 64)
				continue;
			if (evlist->nr_groups ? pos->leader == evsel : evsel == evlist__first(evlist))
				members[nr++] = evsel_hists(rep, pos);
		}
		if (nr)
			hists__link_group(evsel_hists(rep, evsel), members, nr);
	}
}

static bool shown_evsel(struct report *rep, struct evsel *evsel)
{
	struct evlist *evlist = rep->session->evlist;

	if (!sort_conf.event_group)
		return true;
	return evlist->nr_groups ? evsel__is_group_leader(evsel) : evsel == evlist__first(evlist);
}

static void report__print(struct report *rep)
{
	struct evlist *evlist = rep->session->evlist;
	struct strbuf sb = STRBUF_INIT;
	struct hists_print p = {
		.min_pcnt = rep->min_percent,
		.show_header = !quiet,
		.use_callchain = rep->use_callchain,
		.store = rep->store,
		.fp = stdout,
	};
	struct evsel *evsel;

	if (!quiet)
		strbuf_addf(&sb, "#\n# Total Lost Samples: %" PRIu64 "\n#\n",
			    rep->session->stats.total_lost_samples);
	evlist__for_each_entry(evlist, evsel) {
		struct hists *hists = evsel_hists(rep, evsel);

		if (!shown_evsel(rep, evsel))
			continue;
		if (rep->skip_empty && !hists->stats.nr_samples)
			continue;
		if (!quiet)
			print_nr_sample_events(rep, hists, &sb);
		hists__fprintf(hists, &p, &sb);
		strbuf_addstr(&sb, "\n\n");
	}
	if (!quiet)
		strbuf_addf(&sb, "#\n# (Tip: %s)\n#\n", pick_tip());
	if (rep->show_threads) {
		struct thread_values empty = { 0 };

		values__display(rep->values ? rep->values : &empty,
				rep->pretty_printing_style && !strcmp(rep->pretty_printing_style, "raw"), &sb);
	}
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

/* The entries of every event (samples dropped before them, by -C or --time, make none). */
static u64 report__nr_entries(struct report *rep)
{
	struct evsel *evsel;
	u64 n = 0;

	evlist__for_each_entry(rep->session->evlist, evsel)
		n += evsel_hists(rep, evsel)->nr_entries;
	return n;
}

static int __cmd_report(struct report *rep, const char * const *usage, const struct option *options)
{
	struct perf_data data = {
		.path = rep->input_name, .mode = PERF_DATA_MODE_READ, .force = rep->force,
	};
	struct perf_session *session;
	struct evsel *evsel;
	int err = 0;

	rep->machine = machine__new_host();
	machine__idle_thread(rep->machine);	/* "swapper", as upstream registers it */
	session = perf_session__new(&data, &rep->tool);
	if (!session) {
		machine__delete(rep->machine);
		return -1;
	}
	rep->session = session;
	rep->is_pipe = session->header.is_pipe || data.is_pipe;
	sort__set_dsos(&rep->machine->dsos);
	machine__add_build_ids(rep->machine, &session->header.env);
	if (rep->header_only) {
		perf_header__fprintf_info(&session->header, session->evlist, stdout, rep->show_full_info);
		if (!session->header.is_pipe)
			goto out;
	} else if (dump_trace || rep->stats_mode) {
		if (rep->header)
			perf_header__fprintf_info(&session->header, session->evlist, stdout, rep->show_full_info);
		else if (dump_trace)
			printf("# To display the perf.data header info, please use --header/--header-only options.\n#\n");
	} else {
		err = report__setup(rep, usage, options);
		if (err)
			goto out;
		if (rep->fields.needs & SORT_NEED_TRACE)
			rep->traces = trace_outputs__new(session, rep->raw_trace);
	}
	err = perf_session__process_events(session);
	ui_progress__finish(&rep->progress);
	if (err)
		goto out;
	if (dump_trace || rep->stats_mode) {
		perf_session__fprintf_nr_events(session, stdout);
		perf_session__fprintf_evsel_stats(session, stdout);
		goto out;
	}
	if (rep->header_only)
		goto out;
	report__collapse(rep);
	if (!report__nr_entries(rep)) {
		/* upstream's message and status */
		pr_err("Error:\nThe %s data has no samples!\n", data.path ? data.path : "perf.data");
		goto out;
	}
	evlist__for_each_entry(session->evlist, evsel) {
		hists__output_resort(evsel_hists(rep, evsel));
		if (rep->hierarchy)
			hists__build_hierarchy(evsel_hists(rep, evsel));
	}
	report__print(rep);
out:
	evlist__for_each_entry(session->evlist, evsel) {
		hists__delete(evsel->priv);
		evsel->priv = NULL;
	}
	callchain_store__delete(rep->store);
	callchain_cache__delete(rep->ccache);
	trace_outputs__delete(rep->traces);
	rep->traces = NULL;
	hist_fields__exit(&rep->fields);
	sort__free_dso_infos();
	sort__free_strings();
	perf_session__delete(session);
	machine__delete(rep->machine);
	return err;
}

/* -g: keep what upstream's callback keeps, parse when the data is known */
static int report_parse_callchain_opt(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;

	if (unset) {
		callchain_param.enabled = false;
		callchain_param.mode = CHAIN_NONE;
		rep->use_callchain = false;
		return 0;
	}
	if (parse_callchain_report_opt(arg) < 0) {
		pr_err("Invalid callchain mode: %s\n", arg ? arg : "");
		return -1;
	}
	rep->use_callchain = callchain_param.enabled;
	return 0;
}

static int parse_percentage(const struct option *opt, const char *arg, int unset)
{
	(void)opt;
	(void)unset;
	if (!strcmp(arg, "relative")) {
		sort_conf.filter_relative = true;
	} else if (!strcmp(arg, "absolute")) {
		sort_conf.filter_relative = false;
	} else {
		pr_err("Invalid percentage: %s\n", arg);
		return -1;
	}
	return 0;
}

static int parse_percent_limit(const struct option *opt, const char *arg, int unset)
{
	struct report *rep = opt->value;
	double pcnt = strtof(arg, NULL);

	(void)unset;
	rep->min_percent = pcnt;
	callchain_param.min_percent = pcnt;
	return 0;
}

static int parse_time_quantum(const struct option *opt, const char *arg, int unset)
{
	u64 ns;

	(void)opt;
	(void)unset;
	if (parse_time_ns(arg, 1000000000ULL, &ns) < 0 || !ns) {
		pr_err("time quantum cannot be 0\n");
		return -1;
	}
	sort_conf.time_quantum = ns;
	return 0;
}

static int parse_parent(const struct option *opt, const char *arg, int unset)
{
	(void)opt;
	(void)unset;
	sort_conf.parent_pattern = arg;
	sort_conf.parent_set = true;
	return 0;
}

static int report__unsupported(struct report *rep)
{
	static const struct { size_t off; const char *opt; } bools[] = {
		{ offsetof(struct report, tasks_mode), "--tasks" },
		{ offsetof(struct report, mmaps_mode), "--mmaps" },
		{ offsetof(struct report, branch_stack), "-b/--branch-stack" },
		{ offsetof(struct report, branch_history), "--branch-history" },
		{ offsetof(struct report, mem_mode), "--mem-mode" },
		{ offsetof(struct report, stitch_lbr), "--stitch-lbr" },
		{ offsetof(struct report, total_cycles), "--total-cycles" },
		{ offsetof(struct report, show_ref_callgraph), "--show-ref-call-graph" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(bools); i++) {
		if (*(bool *)((char *)rep + bools[i].off)) {
			pr_err("perf report: %s is not supported by this perf\n", bools[i].opt);
			return -1;
		}
	}
	if (rep->itrace) {
		pr_err("perf report: --itrace is not supported: this perf decodes no instruction traces\n");
		return -1;
	}
	if (rep->switch_on || rep->switch_off) {
		pr_err("perf report: --switch-on/--switch-off are not supported by this perf\n");
		return -1;
	}
	if (rep->hierarchy && (sort_conf.field_order || sort_conf.event_group || sort_conf.field_sep)) {
		pr_err("perf report: --hierarchy with %s is not supported by this perf\n",
		       sort_conf.field_order ? "-F/--fields" : sort_conf.event_group ? "--group" :
		       "-t/--field-separator");
		return -1;
	}
	if (rep->use_tui && !rep->use_stdio) {
		pr_err("perf report: the TUI is not available in this perf, use --stdio\n");
		return -1;
	}
	if (callchain_param.branch) {
		pr_err("perf report: call graphs with branch entries need branch stacks (perf record -b), "
		       "which this machine cannot record\n");
		return -1;
	}
	return 0;
}

static int report__run(struct report *rep, const char * const *usage, const struct option *options)
{
	int err;

	if (rep->disable_order)
		rep->tool.ordered_events = false;
	if (quiet)
		verbose = -1;
	if (report__unsupported(rep))
		return -1;
	if (rep->stdio_color && perf_color__set_mode(rep->stdio_color) < 0) {
		pr_err("Invalid --stdio-color: %s (use always, never or auto)\n", rep->stdio_color);
		return -1;
	}
	symbol_conf.demangle = rep->demangle;
	symbol_conf.demangle_kernel = rep->demangle_kernel;
	symbol_conf.inline_name = rep->inline_;
	symbol_conf.ignore_vmlinux = rep->ignore_vmlinux;
	if (!symbol_conf.symfs)
		symbol_conf.symfs = "";
	if (rep->max_stack < 0)
		rep->max_stack = read_max_stack();
	if (rep->inverted)
		callchain_param.order = ORDER_CALLER;
	if (rep->cumulate && !callchain_param.order_set)
		callchain_param.order = ORDER_CALLER;
	/* as upstream: no Children with --hierarchy, but the chains keep the order --children gave */
	if (rep->hierarchy)
		rep->cumulate = false;
	if (rep->ignore_callees) {
		if (regcomp(&rep->ignore_callees_regex, rep->ignore_callees, REG_EXTENDED)) {
			pr_err("Invalid --ignore-callees regex: %s\n", rep->ignore_callees);
			return -1;
		}
		rep->have_ignore_callees = true;
	}
	if (rep->hierarchy && (rep->comm_opt || rep->pid_opt || rep->tid_opt || rep->dso_opt || rep->sym_opt ||
			       rep->symbol_filter || sort_conf.exclude_other || rep->socket_filter >= 0)) {
		/* upstream hides filtered entries level by level, keeping them in the upper levels' totals */
		pr_err("perf report: --hierarchy with entry filters (--comm, --pid, --tid, --dsos, --symbols, "
		       "--symbol-filter, -x, --socket-filter) is not supported by this perf\n");
		return -1;
	}
	rep->comm_list = list_or_null(rep->comm_opt);
	rep->dso_list = list_or_null(rep->dso_opt);
	rep->sym_list = list_or_null(rep->sym_opt);
	rep->pid_list = list_or_null(rep->pid_opt);
	rep->tid_list = list_or_null(rep->tid_opt);
	sort_conf.dso_filter = rep->dso_list != NULL;
	if (rep->cpu_list) {
		rep->cpus = perf_cpu_map__new(rep->cpu_list);
		if (!rep->cpus) {
			pr_err("Invalid cpu_list: %s\n", rep->cpu_list);
			return -1;
		}
	}
	if (!rep->input_name || !*rep->input_name) {
		struct stat st;

		if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
			rep->input_name = "-";
		else
			rep->input_name = "perf.data";
	}
	if (!dump_trace && !rep->stats_mode && !rep->header_only && isatty(STDOUT_FILENO))
		setup_pager();
	resolved_chain__init(&rep->chain);
	err = __cmd_report(rep, usage, options);
	resolved_chain__exit(&rep->chain);
	free(rep->frame_ids);
	free(rep->ptime_range);
	values__delete(rep->values);
	strlist__delete(rep->comm_list);
	strlist__delete(rep->dso_list);
	strlist__delete(rep->sym_list);
	strlist__delete(rep->pid_list);
	strlist__delete(rep->tid_list);
	perf_cpu_map__put(rep->cpus);
	if (rep->have_ignore_callees)
		regfree(&rep->ignore_callees_regex);
	return err ? 1 : 0;
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
		.cumulate = true,
		.demangle = true,
		.inline_ = true,
		.max_stack = -1,
		.socket_filter = -1,
		.group_sort_idx = -1,
		.pretty_printing_style = "normal",
		.skip_empty = true,
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
	OPT_STRING('k', "vmlinux", &symbol_conf.vmlinux_name, "file", "vmlinux pathname"),
	OPT_BOOLEAN(0, "ignore-vmlinux", &report.ignore_vmlinux, "don't load vmlinux even if found"),
	OPT_STRING(0, "kallsyms", &symbol_conf.kallsyms_name, "file", "kallsyms pathname"),
	OPT_BOOLEAN('f', "force", &report.force, "don't complain, do it"),
	OPT_BOOLEAN('m', "modules", &report.modules,
		    "load module symbols - WARNING: use only with -k and LIVE kernel"),
	OPT_BOOLEAN('n', "show-nr-samples", &sort_conf.show_nr_samples, "Show a column with the number of samples"),
	OPT_BOOLEAN('T', "threads", &report.show_threads, "Show per-thread event counters"),
	OPT_STRING(0, "pretty", &report.pretty_printing_style, "key", "pretty printing style key: normal raw"),
	OPT_BOOLEAN(0, "tui", &report.use_tui, "Use the TUI interface"),
	OPT_BOOLEAN(0, "stdio", &report.use_stdio, "Use the stdio interface"),
	OPT_BOOLEAN(0, "header", &report.header, "Show data header."),
	OPT_BOOLEAN(0, "header-only", &report.header_only, "Show only data header."),
	OPT_STRING('s', "sort", &sort_conf.sort_order, "key[,key2...]",
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
	OPT_STRING('F', "fields", &sort_conf.field_order, "key[,keys...]",
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
	OPT_BOOLEAN(0, "show-cpu-utilization", &sort_conf.show_cpu_utilization,
		    "Show sample percentage for different cpu modes"),
	OPT_CALLBACK('p', "parent", &report, "regex",
		     "regex filter to identify parent, see: '--sort parent'", parse_parent),
	OPT_BOOLEAN('x', "exclude-other", &sort_conf.exclude_other, "Only display entries with parent-match"),
	OPT_CALLBACK_DEFAULT('g', "call-graph", &report,
			  "print_type,threshold[,print_limit],order,sort_key[,branch],value",
			  "Display call graph (stack chain/backtrace):\n\n"
			  "\t\t\t\tprint_type:\tcall graph printing style (graph|flat|fractal|folded|none)\n"
			  "\t\t\t\tthreshold:\tminimum call graph inclusion threshold (<percent>)\n"
			  "\t\t\t\tprint_limit:\tmaximum number of call graph entry (<number>)\n"
			  "\t\t\t\torder:\t\tcall graph order (caller|callee)\n"
			  "\t\t\t\tsort_key:\tcall graph sort key (function|address)\n"
			  "\t\t\t\tbranch:\t\tinclude last branch info to call graph (branch)\n"
			  "\t\t\t\tvalue:\t\tcall graph value (percent|period|count)\n\n"
			  "\t\t\t\tDefault: graph,0.5,caller,function,percent", report_parse_callchain_opt,
			  "graph,0.5,caller,function,percent"),
	OPT_BOOLEAN(0, "children", &report.cumulate,
		    "Accumulate callchains of children and show total overhead as well. "
		    "Enabled by default, use --no-children to disable."),
	OPT_INTEGER(0, "max-stack", &report.max_stack,
		    "Set the maximum stack depth when parsing the callchain, "
		    "anything beyond the specified depth will be ignored. "
		    "Default: kernel.perf_event_max_stack or 127"),
	OPT_BOOLEAN('G', "inverted", &report.inverted, "alias for inverted call graph"),
	OPT_STRING(0, "ignore-callees", &report.ignore_callees, "regex",
		   "ignore callees of these functions in call graphs"),
	OPT_STRING('d', "dsos", &report.dso_opt, "dso[,dso...]", "only consider symbols in these dsos"),
	OPT_STRING('c', "comms", &report.comm_opt, "comm[,comm...]", "only consider symbols in these comms"),
	OPT_STRING(0, "pid", &report.pid_opt, "pid[,pid...]", "only consider symbols in these pids"),
	OPT_STRING(0, "tid", &report.tid_opt, "tid[,tid...]", "only consider symbols in these tids"),
	OPT_STRING('S', "symbols", &report.sym_opt, "symbol[,symbol...]", "only consider these symbols"),
	OPT_STRING(0, "symbol-filter", &report.symbol_filter, "filter",
		   "only show symbols that (partially) match with this filter"),
	OPT_STRING('w', "column-widths", &sort_conf.col_width_list, "width[,width...]",
		   "don't try to adjust column width, use these fixed values"),
	OPT_STRING_NOEMPTY('t', "field-separator", &sort_conf.field_sep, "separator",
			   "separator for columns, no spaces will be added between columns '.' is reserved."),
	OPT_BOOLEAN('U', "hide-unresolved", &report.hide_unresolved, "Only display entries resolved to a symbol"),
	OPT_STRING(0, "symfs", &symbol_conf.symfs, "directory",
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
	OPT_BOOLEAN(0, "show-total-period", &sort_conf.show_total_period, "Show a column with the sum of periods"),
	OPT_BOOLEAN_SET(0, "group", &sort_conf.event_group, &report.group_set, "Show event group information together"),
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
	OPT_CALLBACK(0, "percent-limit", &report, "percent", "Don't show entries under that percent",
		     parse_percent_limit),
	OPT_CALLBACK(0, "percentage", NULL, "relative|absolute", "how to display percentage of filtered entries",
		     parse_percentage),
	OPT_STRING_OPTARG(0, "itrace", &report.itrace, "opts", ITRACE_HELP, ""),
	OPT_BOOLEAN(0, "full-source-path", &sort_conf.full_source_path, "Show full source file name path for source lines"),
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
	OPT_BOOLEAN(0, "ns", &sort_conf.nanosecs, "Show times in nanosecs"),
	OPT_CALLBACK(0, "time-quantum", NULL, "time (ms|us|ns|s)",
		     "Set time quantum for time sort key (default 100ms)", parse_time_quantum),
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
	};	callchain_param__reset();
	argc = parse_options(argc, argv, options, report_usage, 0);
	if (argc)
		usage_with_options(report_usage, options);
	return report__run(&report, report_usage, options);
}
