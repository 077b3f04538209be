// SPDX-License-Identifier: GPL-2.0
/*
 * perf script: every sample and side-band record of a perf.data file as
 * text, in upstream's layout (util/script-print.h), with the fields of -F
 * (util/script-fields.h), the filters (--comm, --pid, --tid, -C, --time,
 * -S, --dsos, --switch-on/off) and the raw dump (-D). Samples stream
 * through: nothing is kept per sample, output is built in a buffer.
 *
 * Not here: scripts (-s, -g, record/report pairs, -l lists none), dlfilters,
 * instruction-trace decoding (--itrace of AUX data, --insn-trace, --xed,
 * --call-trace), guests: those options say so.
 */
#include "builtin.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/header.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/outbuf.h"
#include "util/itrace.h"
#include "util/parse-options.h"
#include "util/script-fields.h"
#include "util/script-print.h"
#include "util/session.h"
#include "util/string2.h"
#include "util/symbol.h"
#include "util/time-utils.h"
#include "util/trace-event.h"

/* What each event keeps: where its lines go (stdout, or its --per-event-dump file). */
struct script_evsel {
	struct outbuf	ob;
	char		*filename;	/* --per-event-dump */
	u64		samples;
};

/* A sorted set of numbers (--pid, --tid). */
struct int_set {
	int	*v;
	int	nr;
};

struct perf_script {
	struct perf_tool	tool;
	struct perf_session	*session;
	struct machine		*machine;
	struct script_fields	fields;
	struct script_printer	printer;
	struct outbuf		out;
	bool			fields_error;

	/* filters */
	struct strlist		*comm_list, *sym_list, *dso_list, *bt_stop_list;
	struct int_set		pids, tids, addrs;
	bool			*cpu_bitmap;
	int			nr_cpu_bitmap;
	struct perf_time_interval *ranges;
	int			nr_ranges;
	struct evsel		*switch_on, *switch_off;
	bool			discarding;

	/* -d */
	u64			last_timestamp;
	u64			nr_unordered;

	/* options */
	const char		*input_name, *fields_str_unused;
	const char		*vmlinux_name, *kallsyms_name, *script_name, *gen_script;
	const char		*symfs, *cpu_list, *comm_list_str, *pid_list, *tid_list, *sym_list_str;
	const char		*dso_list_str, *stop_bt, *time_str, *itrace, *dlfilter, *dlarg;
	const char		*switch_on_name, *switch_off_name;
	const char		*guestmount, *guest_vmlinux, *guest_kallsyms, *guest_modules, *xed;
	const char		*call_trace, *call_ret_trace, *insn_trace, *graph_function;
	bool			force, header, header_only, show_full_info;
	bool			all_cpus, debug_mode, hide_callchain, latency, list_scripts;
	bool			list_dlfilters, show_task_events, show_mmap_events, show_switch_events;
	bool			show_namespace_events, show_lost_events, show_round_events;
	bool			show_bpf_events, show_cgroup_events, show_text_poke_events;
	bool			show_on_off_events, per_event_dump, deltatime, reltime, nanosecs;
	bool			demangle, demangle_kernel, full_source_path, inline_, stitch_lbr;
	bool			show_kernel_path, guest_code, dump_unsorted;
	unsigned int		max_stack;
	int			max_blocks, addr_range;
};

/* --- filters --- */

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* "1,2,3" into a sorted set; -1 when an entry is not a number. */
static int int_set__parse(struct int_set *set, const char *list)
{
	struct strlist *sl = strlist__new(list);
	const char *s;
	int err = 0;

	set->v = xcalloc(strlist__nr_entries(sl) + 1, sizeof(int));
	strlist__for_each(s, sl) {
		char *end;
		long v = strtol(s, &end, 0);

		if (*end || end == s) {
			err = -1;
			break;
		}
		set->v[set->nr++] = (int)v;
	}
	strlist__delete(sl);
	qsort(set->v, set->nr, sizeof(int), int_cmp);
	return err;
}

static bool int_set__has(const struct int_set *set, int v)
{
	return bsearch(&v, set->v, set->nr, sizeof(int), int_cmp) != NULL;
}

static bool filter_cpu(struct perf_script *script, const struct perf_sample *sample)
{
	s32 cpu = (s32)sample->cpu;

	if (!script->cpu_bitmap || cpu < 0)
		return false;
	return cpu >= script->nr_cpu_bitmap || !script->cpu_bitmap[cpu];
}

/* --comm, --pid, --tid, --dsos and -S, as upstream's filters of a resolved sample. */
static bool sample_filtered(struct perf_script *script, struct addr_location *al)
{
	struct thread *thread = al->thread;

	if (script->comm_list && !strlist__has(script->comm_list, thread__comm_str(thread)))
		return true;
	if (script->pids.v && !int_set__has(&script->pids, thread->pid))
		return true;
	if (script->tids.v && !int_set__has(&script->tids, thread->tid))
		return true;
	if (script->dso_list) {
		struct dso *dso = al->map ? al->map->dso : NULL;

		if (!dso || !(strlist__has(script->dso_list, dso->short_name) ||
			      strlist__has(script->dso_list, dso->long_name)))
			return true;
	}
	if (script->sym_list) {
		bool match = false;

		if (al->sym) {
			char buf[32];

			match = strlist__has(script->sym_list, symbol__name(al->sym));
			if (!match) {
				snprintf(buf, sizeof(buf), "0x%" PRIx64, map__unmap_ip(al->map, al->sym->start));
				match = strlist__has(script->sym_list, buf);
			}
		}
		if (!match && script->addrs.nr && al->map)
			match = int_set__has(&script->addrs, (int)map__unmap_ip(al->map, al->addr));
		if (!match)
			return true;
	}
	return false;
}

/* --switch-on / --switch-off: drop events outside the window the two events open and close. */
static bool switch_discard(struct perf_script *script, struct evsel *evsel)
{
	if (script->switch_on && script->discarding) {
		if (evsel != script->switch_on)
			return true;
		script->discarding = false;
		return !script->show_on_off_events;
	}
	if (script->switch_off && !script->discarding && evsel == script->switch_off) {
		script->discarding = true;
		return !script->show_on_off_events;
	}
	return false;
}

/* --- samples --- */

static struct outbuf *evsel__outbuf(struct perf_script *script, struct evsel *evsel)
{
	struct script_evsel *es = evsel->priv;

	return es && es->filename ? &es->ob : &script->out;
}

static int script__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);
	struct addr_location al;
	struct outbuf *ob;

	(void)event;
	if (dump_trace)
		machine__dump_sample(script->machine, sample, stdout);
	if (script->nr_ranges && perf_time__ranges_skip_sample(script->ranges, script->nr_ranges, sample->time))
		return 0;
	if (script->debug_mode) {
		if (sample->time < script->last_timestamp) {
			pr_err("Samples misordered, previous: %" PRIu64 " this: %" PRIu64 "\n",
			       script->last_timestamp, sample->time);
			script->nr_unordered++;
		}
		script->last_timestamp = sample->time;
		return 0;
	}
	if (filter_cpu(script, sample))
		return 0;
	if (machine__resolve_sample(script->machine, &al, sample) < 0) {
		pr_err("problem processing %d event, skipping it.\n", event->header.type);
		return -1;
	}
	if (sample_filtered(script, &al) || switch_discard(script, evsel))
		return 0;
	ob = evsel__outbuf(script, evsel);
	if (evsel->priv)
		((struct script_evsel *)evsel->priv)->samples++;
	script_print__sample(&script->printer, &ob->sb, evsel, sample, &al);
	if (dump_trace)
		outbuf__flush(ob);
	else
		outbuf__end_record(ob);
	return 0;
}

/* --- side-band records --- */

/* The event a side-band record's fields are printed for (upstream's choice). */
static struct evsel *sideband_evsel(struct perf_script *script, const struct perf_sample *sample)
{
	struct evlist *evlist = script->session->evlist;
	struct evsel *evsel;

	if (evlist->nr_entries == 1 || !sample->id)
		return evlist__first(evlist);
	evsel = evlist__id2evsel(evlist, sample->id);
	if (evsel)
		return evsel;
	return evlist__sample_id_all(evlist) ? NULL : evlist__first(evlist);
}

/* "comm tid time: PERF_RECORD_XXX ..." for a side-band record. */
static int print_sideband(struct perf_script *script, union perf_event *event,
			  struct perf_sample *sample, pid_t pid, pid_t tid, u64 timestamp)
{
	struct evsel *evsel = sideband_evsel(script, sample);
	struct thread *thread = NULL;

	if (evsel && !evsel->attr.sample_id_all) {
		sample->cpu = 0;
		sample->time = timestamp;
		sample->pid = pid;
		sample->tid = tid;
	}
	if (filter_cpu(script, sample))
		return 0;
	if (tid != -1)
		thread = machine__findnew_thread(script->machine, pid, tid);
	if (evsel)
		script_print__start(&script->printer, &script->out.sb, evsel, sample, thread,
				    event->header.type);
	outbuf__flush(&script->out);
	perf_event__fprintf(event, script->out.fp);
	return 0;
}

static int script__comm(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	if (machine__process_event(script->machine, event, sample) < 0)
		return -1;
	if (!script->show_task_events)
		return 0;
	return print_sideband(script, event, sample, event->comm.pid, event->comm.tid, 0);
}

static int script__fork(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	if (machine__process_event(script->machine, event, sample) < 0)
		return -1;
	if (!script->show_task_events)
		return 0;
	return print_sideband(script, event, sample, event->fork.pid, event->fork.tid, event->fork.time);
}

static int script__exit(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	/* printed before the thread is marked dead, as upstream */
	if (script->show_task_events &&
	    print_sideband(script, event, sample, event->fork.pid, event->fork.tid, event->fork.time))
		return -1;
	return machine__process_event(script->machine, event, sample);
}

static int script__mmap(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	if (machine__process_event(script->machine, event, sample) < 0)
		return -1;
	if (!script->show_mmap_events)
		return 0;
	return print_sideband(script, event, sample, event->mmap.pid, event->mmap.tid, 0);
}

/* Records shown by one --show-*-events option each, printed with the sample's pid/tid. */
static int script__show_if(struct perf_script *script, bool show, union perf_event *event,
			   struct perf_sample *sample)
{
	if (!show)
		return 0;
	return print_sideband(script, event, sample, sample->pid, sample->tid, 0);
}

static int script__namespaces(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	if (!script->show_namespace_events)
		return 0;
	return print_sideband(script, event, sample, event->namespaces.pid, event->namespaces.tid, 0);
}

static int script__cgroup(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return script__show_if(script, script->show_cgroup_events, event, sample);
}

static int script__switch(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return script__show_if(script, script->show_switch_events, event, sample);
}

static int script__lost(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return script__show_if(script, script->show_lost_events, event, sample);
}

static int script__bpf(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return script__show_if(script, script->show_bpf_events, event, sample);
}

static int script__text_poke(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	return script__show_if(script, script->show_text_poke_events, event, sample);
}

static int script__nop(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	(void)tool;
	(void)event;
	(void)sample;
	return 0;
}

static int script__finished_round(struct perf_tool *tool, struct perf_session *session,
				  union perf_event *event)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	(void)session;
	if (script->show_round_events) {
		outbuf__flush(&script->out);
		perf_event__fprintf(event, script->out.fp);
	}
	return 0;
}

static int script__event_op2(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	(void)tool;
	(void)session;
	(void)event;
	return 0;
}

/* Pipe mode: events arrive as ATTR records; check the fields of each. */
static int script__attr(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);
	struct evsel *evsel = evlist__last(session->evlist);
	struct script_type_fields *tf;

	(void)event;
	if (!evsel)
		return 0;
	script->printer.name_width = script_printer__name_width(session->evlist);
	if (evsel->attr.sample_type &&
	    script_fields__check_evsel(&script->fields, evsel, session->evlist, &session->header))
		return -EINVAL;
	tf = script_fields__of(&script->fields, evsel);
	if (script->printer.use_callchain && (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN)) {
		if (!(tf->user_unset_fields & SF(IP)))
			tf->fields |= SF(IP);
		if (!(tf->user_unset_fields & SF(SYM)))
			tf->fields |= SF(SYM);
	}
	return 0;
}

static int script__tracing_data(struct perf_tool *tool, struct perf_session *session,
				union perf_event *event)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);

	(void)event;
	trace_event__set_resolver(perf_session__tep(session), script->machine);
	return 0;
}

static int script__feature(struct perf_tool *tool, struct perf_session *session, union perf_event *event)
{
	struct perf_script *script = container_of(tool, struct perf_script, tool);
	u64 feat = event->feat.feat_id;

	if ((script->header || script->header_only) && feat < HEADER_LAST_FEATURE) {
		outbuf__flush(&script->out);
		perf_header__fprintf_feature(&session->header, session->evlist, feat, stdout,
					     script->show_full_info);
	}
	return 0;
}

/* --- setup --- */

static int setup_filters(struct perf_script *script)
{
	if (script->comm_list_str)
		script->comm_list = strlist__new(script->comm_list_str);
	if (script->dso_list_str)
		script->dso_list = strlist__new(script->dso_list_str);
	if (script->stop_bt)
		script->bt_stop_list = strlist__new(script->stop_bt);
	if (script->sym_list_str) {
		const char *s;

		script->sym_list = strlist__new(script->sym_list_str);
		/* entries that are numbers are addresses too */
		script->addrs.v = xcalloc(strlist__nr_entries(script->sym_list) + 1, sizeof(int));
		strlist__for_each(s, script->sym_list) {
			char *end;
			unsigned long v = strtoul(s, &end, 0);

			if (!*end && end != s)
				script->addrs.v[script->addrs.nr++] = (int)v;
		}
		qsort(script->addrs.v, script->addrs.nr, sizeof(int), int_cmp);
	}
	return 0;
}

/* --pid/--tid: parsed once the file is open, as upstream (a bad list stops quietly) */
static int setup_task_filters(struct perf_script *script)
{
	if (script->pid_list && int_set__parse(&script->pids, script->pid_list)) {
		pr_err("problems parsing pid list\n");
		return -EINVAL;
	}
	if (script->tid_list && int_set__parse(&script->tids, script->tid_list)) {
		pr_err("problems parsing tid list\n");
		return -EINVAL;
	}
	return 0;
}

/* -C: the CPUs to show; every event must have sampled the CPU. */
static int setup_cpu_filter(struct perf_script *script)
{
	struct perf_cpu_map *map;
	struct evsel *evsel;
	int cpu, idx;

	evlist__for_each_entry(script->session->evlist, evsel) {
		if (!(evsel->attr.sample_type & PERF_SAMPLE_CPU)) {
			pr_err("File does not contain CPU events. Remove -C option to proceed.\n");
			return -EINVAL;
		}
	}
	map = perf_cpu_map__new(script->cpu_list);
	if (!map) {
		pr_err("Invalid cpu_list\n");
		return -EINVAL;
	}
	script->nr_cpu_bitmap = 4096;
	script->cpu_bitmap = xcalloc(script->nr_cpu_bitmap, sizeof(bool));
	perf_cpu_map__for_each_cpu(cpu, idx, map) {
		if (cpu >= script->nr_cpu_bitmap) {
			pr_err("Requested CPU %d too large. Consider raising MAX_NR_CPUS\n", cpu);
			perf_cpu_map__put(map);
			return -EINVAL;
		}
		if (cpu >= 0)
			script->cpu_bitmap[cpu] = true;
	}
	perf_cpu_map__put(map);
	return 0;
}

static int setup_switches(struct perf_script *script)
{
	struct evlist *evlist = script->session->evlist;

	if (script->switch_on_name) {
		script->switch_on = evlist__find_by_name(evlist, script->switch_on_name);
		if (!script->switch_on) {
			pr_err("ERROR: switch-on event not found (%s)\n", script->switch_on_name);
			goto hint;
		}
		script->discarding = true;
	}
	if (script->switch_off_name) {
		script->switch_off = evlist__find_by_name(evlist, script->switch_off_name);
		if (!script->switch_off) {
			pr_err("ERROR: switch-off event not found (%s)\n", script->switch_off_name);
			goto hint;
		}
	}
	return 0;
hint:
	pr_err("HINT:  use 'perf evlist' to see the available event names\n");
	return -EINVAL;
}

/* --per-event-dump: one file per event, "<input>.<event>.dump". */
static int open_per_event_files(struct perf_script *script)
{
	struct evsel *evsel;

	evlist__for_each_entry(script->session->evlist, evsel) {
		struct script_evsel *es = xzalloc(sizeof(*es));
		FILE *fp;

		es->filename = xasprintf("%s.%s.dump", script->session->data->path, evsel__name(evsel));
		evsel->priv = es;
		fp = fopen(es->filename, "w");
		if (!fp) {
			pr_err("Failed to open %s: %s\n", es->filename, strerror(errno));
			return -errno;
		}
		outbuf__init(&es->ob, fp);
	}
	return 0;
}

static void close_per_event_files(struct perf_script *script, bool report)
{
	struct evsel *evsel;

	evlist__for_each_entry(script->session->evlist, evsel) {
		struct script_evsel *es = evsel->priv;

		if (!es)
			continue;
		if (es->ob.fp) {
			outbuf__exit(&es->ob);
			if (report) {
				/* upstream tells what reached the file before its last 4 KiB stdio buffer */
				long size = ftell(es->ob.fp) / 4096 * 4096;

				printf("[ perf script: Wrote %.3f MB %s (%" PRIu64 " samples) ]\n",
				       size / 1024.0 / 1024.0, es->filename, es->samples);
			}
			fclose(es->ob.fp);
		}
		free(es->filename);
		free(es);
		evsel->priv = NULL;
	}
}

static bool evlist__has_callchain(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			return true;
	return false;
}

/* Everything that needs the file's events: the fields, the printer, the filters that name events. */
static int setup_session(struct perf_script *script)
{
	struct perf_session *session = script->session;
	struct script_printer *sp = &script->printer;
	int err;

	script->machine = machine__new_host();
	machine__idle_thread(script->machine);
	machine__add_build_ids(script->machine, &session->header.env);
	trace_event__set_resolver(perf_session__tep(session), script->machine);

	sp->fields = &script->fields;
	sp->machine = script->machine;
	sp->env = &session->header.env;
	sp->bt_stop_list = script->bt_stop_list;
	sp->max_stack = (int)script->max_stack;
	sp->nanosecs = script->nanosecs;
	sp->reltime = script->reltime;
	sp->deltatime = script->deltatime;
	sp->latency = script->latency;
	sp->full_source_path = script->full_source_path;
	sp->show_kernel_path = script->show_kernel_path;
	sp->name_width = script_printer__name_width(session->evlist);
	/* call chains are shown unless -G, or no event has them (in pipe mode: not known yet) */
	sp->use_callchain = !script->hide_callchain &&
			    (session->header.is_pipe || evlist__has_callchain(session->evlist));

	err = script_fields__check_evlist(&script->fields, session->evlist, &session->header,
					  sp->use_callchain);
	if (err)
		return err;
	if (script->cpu_list && (err = setup_cpu_filter(script)))
		return err;
	if (script->time_str &&
	    perf_time__parse_for_ranges(script->time_str, session->header.env.first_sample_time,
					session->header.env.last_sample_time, &script->ranges,
					&script->nr_ranges))
		return -EINVAL;
	if ((err = setup_switches(script)))
		return err;
	if (script->per_event_dump && (err = open_per_event_files(script)))
		return err;
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
	script->session = session;
	if (script->header || script->header_only) {
		perf_header__fprintf_info(&session->header, session->evlist, stdout, script->show_full_info);
		if (script->header_only)
			goto out;
	}
	/* upstream exits 0 after the message */
	if (setup_task_filters(script))
		goto out;
	err = setup_session(script);
	if (err)
		goto out;
	err = perf_session__process_events(session);
	if (script->debug_mode)
		pr_err("Misordered timestamps: %" PRIu64 "\n", script->nr_unordered);
out:
	if (outbuf__exit(&script->out) == -EPIPE)
		err = 0;
	close_per_event_files(script, !err);
	fflush(stdout);
	script_printer__exit(&script->printer);
	trace_event__cleanup();
	perf_session__delete(session);
	machine__delete(script->machine);
	return err;
}

/* --- options --- */

static int opt_save_string(const struct option *opt, const char *arg, int unset)
{
	/* an optional value left out still turns the option on */
	*(const char **)opt->value = unset ? NULL : arg ? arg : "";
	return 0;
}

static int opt_fields(const struct option *opt, const char *arg, int unset)
{
	struct perf_script *script = opt->value;

	if (unset)
		return 0;
	return script_fields__parse(&script->fields, arg) ? -1 : 0;
}

/* Options that belong to features this perf does not have: a clear error. */
static int check_unsupported(struct perf_script *script)
{
	static const char *const what = "is not supported by this perf";

	if (script->script_name || script->gen_script) {
		pr_err("perf script: scripts (-s/--script, -g/--gen-script) %s\n", what);
		return -1;
	}
	if (script->dlfilter || script->list_dlfilters) {
		pr_err("perf script: dlfilters (--dlfilter, --list-dlfilters) %s\n", what);
		return -1;
	}
	if (script->insn_trace || script->xed || script->call_trace || script->call_ret_trace ||
	    script->graph_function) {
		pr_err("perf script: instruction trace decoding (--insn-trace, --xed, --call-trace, "
		       "--call-ret-trace, --graph-function) %s\n", what);
		return -1;
	}
	if (script->guestmount || script->guest_vmlinux || script->guest_kallsyms ||
	    script->guest_modules || script->guest_code) {
		pr_err("perf script: guest options (--guestmount, --guestvmlinux, --guestkallsyms, "
		       "--guestmodules, --guest-code) %s\n", what);
		return -1;
	}
	if (script->stitch_lbr) {
		pr_err("perf script: --stitch-lbr %s\n", what);
		return -1;
	}
	if (script->max_blocks || script->addr_range) {
		pr_err("perf script: --max-blocks and --addr-range %s\n", what);
		return -1;
	}
	return 0;
}

int cmd_script(int argc, const char **argv)
{
	struct perf_script script = {
		.tool = {
			.sample		= script__sample,
			.mmap		= script__mmap,
			.mmap2		= script__mmap,
			.comm		= script__comm,
			.namespaces	= script__namespaces,
			.cgroup		= script__cgroup,
			.exit		= script__exit,
			.fork		= script__fork,
			.lost		= script__lost,
			.context_switch	= script__switch,
			.ksymbol	= script__bpf,
			.bpf		= script__bpf,
			.text_poke	= script__text_poke,
			.throttle	= script__nop,
			.unthrottle	= script__nop,
			.attr		= script__attr,
			.event_update	= script__event_op2,
			.tracing_data	= script__tracing_data,
			.finished_round	= script__finished_round,
			.feature	= script__feature,
			.build_id	= script__event_op2,
			.id_index	= script__event_op2,
			.auxtrace_info	= script__event_op2,
			.auxtrace	= script__event_op2,
			.auxtrace_error	= script__event_op2,
			.stat		= script__event_op2,
			.stat_round	= script__event_op2,
			.stat_config	= script__event_op2,
			.thread_map	= script__event_op2,
			.cpu_map	= script__event_op2,
			.ordered_events	= true,
		},
		.max_stack	= 127,
		.demangle	= true,
		.inline_	= true,
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
	OPT_CALLBACK('F', "fields", &script, "str",
		     "comma separated output fields prepend with 'type:'. +field to add and -field to remove."
		     "Valid types: hw,sw,trace,raw,synth. Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,"
		     "dso,addr,symoff,srcline,period,iregs,uregs,brstack,brstacksym,flags,data_src,weight,"
		     "bpf-output,brstackinsn,brstackinsnlen,brstackoff,callindent,insn,insnlen,synth,"
		     "phys_addr,metric,misc,srccode,ipc,tod,data_page_size,code_page_size,ins_lat",
		     opt_fields),
	OPT_BOOLEAN('a', "all-cpus", &script.all_cpus, "system-wide collection from all CPUs"),
	OPT_STRING(0, "dsos", &script.dso_list_str, "dso[,dso...]", "only consider symbols in these DSOs"),
	OPT_STRING('S', "symbols", &script.sym_list_str, "symbol[,symbol...]", "only consider these symbols"),
	OPT_INTEGER(0, "addr-range", &script.addr_range, "Use with -S to list traced records within address range"),
	OPT_CALLBACK_OPTARG(0, "insn-trace", &script.insn_trace, "", "raw|disasm",
			    "Decode instructions from itrace", opt_save_string),
	OPT_CALLBACK_OPTARG(0, "xed", &script.xed, "", NULL, "Run xed disassembler on output",
			    opt_save_string),
	OPT_CALLBACK_OPTARG(0, "call-trace", &script.call_trace, "", NULL,
			    "Decode calls from itrace", opt_save_string),
	OPT_CALLBACK_OPTARG(0, "call-ret-trace", &script.call_ret_trace, "", NULL,
			    "Decode calls and returns from itrace", opt_save_string),
	OPT_STRING(0, "graph-function", &script.graph_function, "symbol[,symbol...]",
		   "Only print symbols and callees with --call-trace/--call-ret-trace"),
	OPT_STRING('C', "cpu", &script.cpu_list, "cpu", "list of cpus to profile"),
	OPT_STRING('c', "comms", &script.comm_list_str, "comm[,comm...]", "only display events for these comms"),
	OPT_STRING(0, "pid", &script.pid_list, "pid[,pid...]", "only consider symbols in these pids"),
	OPT_STRING(0, "tid", &script.tid_list, "tid[,tid...]", "only consider symbols in these tids"),
	OPT_UINTEGER(0, "max-stack", &script.max_stack,
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
	OPT_STRING_OPTARG(0, "itrace", &script.itrace, "opts", ITRACE_HELP, ""),
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
	OPT_STRING(0, "switch-on", &script.switch_on_name, "event",
		   "Consider events after the ocurrence of this event"),
	OPT_STRING(0, "switch-off", &script.switch_off_name, "event",
		   "Stop considering events after the ocurrence of this event"),
	OPT_BOOLEAN(0, "show-on-off-events", &script.show_on_off_events,
		    "Show the on/off switch events, used with --switch-on and --switch-off"),
	OPT_END()
	};

	script_fields__init(&script.fields);
	script_printer__init(&script.printer);
	argc = parse_options(argc, argv, options, script_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc) {
		pr_err("perf script: running scripts ('%s') is not supported by this perf\n", argv[0]);
		return -1;
	}
	if (script.list_scripts) {
		/* no scripting languages: the list is empty */
		printf("List of available trace scripts:\n");
		return 0;
	}
	if (check_unsupported(&script))
		return -1;
	if (script.reltime && script.deltatime) {
		pr_err("reltime and deltatime - the two don't get along well. "
		       "Please limit to --reltime or --deltatime.\n");
		return -1;
	}
	script.tool.shows_lost = script.show_lost_events;
	/* the rounds are shown where they are in the file: records in file order */
	if (script.show_round_events)
		script.tool.ordered_events = false;
	if (script.dump_unsorted) {
		dump_trace = true;
		script.tool.ordered_events = false;
	}
	symbol_conf.demangle = script.demangle;
	symbol_conf.inline_name = script.inline_;
	symbol_conf.demangle_kernel = script.demangle_kernel;
	symbol_conf.vmlinux_name = script.vmlinux_name;
	symbol_conf.kallsyms_name = script.kallsyms_name;
	if (script.symfs)
		symbol_conf.symfs = script.symfs;
	if (setup_filters(&script))
		return -1;
	outbuf__init(&script.out, stdout);
	return __cmd_script(&script) ? -1 : 0;
}
