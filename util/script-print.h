/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text of 'perf script': one sample (its -F fields, the call chain, the
 * tracepoint payload) or the start of a side-band record's line, in
 * upstream's layout, appended to a strbuf. The caller decides what is
 * printed (filters, the output file); this decides how.
 */
#ifndef PERF_SCRIPT_PRINT_H
#define PERF_SCRIPT_PRINT_H

#include "callchain-resolve.h"
#include "script-fields.h"
#include "string2.h"

struct evlist;
struct evsel;
struct machine;
struct perf_env;
struct perf_sample;
struct strbuf;
struct line_cache_entry;

struct script_printer {
	/* configuration, set before the first sample */
	struct script_fields	*fields;
	struct machine		*machine;
	const struct perf_env	*env;		/* clock data for 'tod' */
	struct strlist		*bt_stop_list;	/* --stop-bt: symbols that end a printed chain */
	int			max_stack;	/* --max-stack */
	int			name_width;	/* of the event names (the longest one) */
	bool			use_callchain;	/* print call chains (not -G, and some event has them) */
	bool			nanosecs;	/* --ns */
	bool			reltime;	/* --reltime */
	bool			deltatime;	/* --deltatime */
	bool			latency;	/* -L */
	bool			full_source_path;
	bool			show_kernel_path;
	/* state */
	u64			initial_time;
	u64			previous_time;
	struct resolved_chain	chain;
	struct line_cache_entry	*line_cache;	/* formatted frames, see script-print.c */
};

/*
 * Zero the state; call script_printer__exit() when done (before the
 * machine is deleted: the printer keeps per-thread state in thread->priv).
 */
void script_printer__init(struct script_printer *sp);
void script_printer__exit(struct script_printer *sp);
/* Free the per-thread state only. */
void script_printer__release_threads(struct script_printer *sp);

/* The width of event names: the longest name in evlist. */
int script_printer__name_width(struct evlist *evlist);

/*
 * The line of one sample of evsel (and its call chain, when shown), ending
 * with a newline. al is the sample's resolution (machine__resolve_sample()).
 * Nothing is added when the event's type has no fields.
 */
void script_print__sample(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel,
			  struct perf_sample *sample, struct addr_location *al);

/*
 * The fields a side-band record's line starts with (comm, tid, cpu, time ...
 * as evsel's type prints them); record_type picks the 'misc' letters.
 */
void script_print__start(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel,
			 struct perf_sample *sample, struct thread *thread, u32 record_type);

#endif
