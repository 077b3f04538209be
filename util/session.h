/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf_session: reads a perf.data file (or pipe) and hands every record to
 * a tool's callbacks, in timestamp order when the tool asks for it.
 *
 *   struct perf_tool tool = { .sample = my_sample, .comm = my_comm, .ordered_events = true };
 *   struct perf_data data = { .path = "perf.data", .mode = PERF_DATA_MODE_READ };
 *   struct perf_session *session = perf_session__new(&data, &tool);
 *   if (!session) return -1;             (the error was printed)
 *   err = perf_session__process_events(session);
 *   perf_session__delete(session);
 *
 * The session keeps no model of threads, maps or symbols: tools that need
 * one feed it from the side-band callbacks. Records passed to callbacks are
 * valid only during the call (copy what you keep).
 *
 * The session handles itself: the header and ATTR/FEATURE/EVENT_UPDATE
 * records (session->evlist, session->header.env), ID_INDEX, BUILD_ID (into
 * the env's build-id table), TRACING_DATA (perf_session__tep()),
 * COMPRESSED (zstd), FINISHED_ROUND (ordering). Byte swapping of other-endian
 * files happens before any callback. With dump_trace set (-D) it prints
 * upstream's raw dump of every record.
 */
#ifndef PERF_SESSION_H
#define PERF_SESSION_H

#include <stdio.h>
#include "compress.h"
#include "data.h"
#include "event.h"
#include "header.h"
#include "ordered-events.h"

struct evlist;
struct evsel;
struct perf_session;
struct perf_tool;
struct tep_handle;

typedef int (*event_sample)(struct perf_tool *tool, union perf_event *event,
			    struct perf_sample *sample, struct evsel *evsel);
typedef int (*event_op)(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample);
/* User records (written by perf, no sample): called after the session processed them. */
typedef int (*event_op2)(struct perf_tool *tool, struct perf_session *session, union perf_event *event);

/*
 * Callbacks; a NULL one skips its records (the raw dump then says
 * "unhandled!", as upstream's stubs do).
 */
struct perf_tool {
	event_sample	sample;
	event_sample	read;		/* PERF_RECORD_READ, with the event it belongs to */
	event_op	mmap,
			mmap2,
			comm,
			namespaces,
			cgroup,
			fork,
			exit,
			lost,
			lost_samples,
			aux,
			itrace_start,
			aux_output_hw_id,
			context_switch,
			throttle,
			unthrottle,
			ksymbol,
			bpf,
			text_poke;
	/* observers of records the session processes itself */
	event_op2	attr,
			event_update,
			tracing_data,
			build_id,
			id_index,
			finished_round,
			feature,
			compressed;
	/* user records the session does not interpret */
	event_op2	auxtrace_info,
			auxtrace,
			auxtrace_error,
			thread_map,
			cpu_map,
			stat_config,
			stat,
			stat_round,
			time_conv,
			finished_init;
	bool		ordered_events;	/* deliver by timestamp (report, script) */
	bool		no_warn;	/* no end-of-run warnings about lost events & co */
	bool		shows_lost;	/* prints LOST records itself: no warning about them */
};

/* Counts per record type; index 0 is the total. */
struct events_stats {
	u64	nr_events[PERF_RECORD_HEADER_MAX];
	u64	total_period;
	u64	total_lost;
	u64	total_lost_samples;
	u64	total_aux_lost;
	u64	total_aux_partial;
	u64	total_invalid_chains;
	u32	nr_unknown_events;
	u32	nr_unknown_id;
	u32	nr_invalid_chains;
	u32	nr_unparsable_samples;
	u32	nr_unordered_events;
	u32	nr_proc_map_timeout;
};

struct perf_session {
	struct perf_header	header;
	struct perf_data	*data;
	struct evlist		*evlist;
	struct perf_tool	*tool;
	struct ordered_events	ordered_events;
	struct events_stats	stats;
	struct events_stats	*evsel_stats;	/* per evsel->idx: samples, lost samples */
	int			nr_evsel_stats;
	struct tep_handle	*tep;		/* tracepoint formats, once read */
	bool			tep_tried;
	const char		*label;		/* the file name, or "pipe", in the dump */
	bool			truncated;	/* the data ended inside a record */
	bool			one_mmap;
	char			*mmap_base;
	size_t			mmap_size;
	u64			dropped_to;	/* pages before this were given back */
	struct zstd_data	zstd;
	char			*decomp;	/* decompressed records of COMPRESSED */
	size_t			decomp_size;
	size_t			decomp_len;
	union perf_event	*align_buf;	/* a misaligned record, copied */
	struct perf_record_time_conv time_conv;
	u64			first_sample_time;
	u64			last_sample_time;
};

/*
 * Open data (read mode) and read its header: evlist, features; for pipes
 * only the 16-byte header (the rest arrives with the records). NULL on
 * errors, which are printed with the file name.
 */
struct perf_session *perf_session__new(struct perf_data *data, struct perf_tool *tool);
void perf_session__delete(struct perf_session *session);
/* Read every record. 0, or a negative errno after an error was printed. */
int perf_session__process_events(struct perf_session *session);

/* The tracepoint formats of the file (HEADER_TRACING_DATA), parsed on first use; may be NULL. */
struct tep_handle *perf_session__tep(struct perf_session *session);

/* The event a record belongs to (by sample id; the only one when there is one). */
struct evsel *perf_session__event2evsel(struct perf_session *session, union perf_event *event);

/* "Aggregated stats:" and the per-event counts, as 'report -D' and '--stats' print them. */
void perf_session__fprintf_nr_events(struct perf_session *session, FILE *fp);
void perf_session__fprintf_evsel_stats(struct perf_session *session, FILE *fp);
void events_stats__fprintf(const struct events_stats *stats, FILE *fp);

/* Per-event counts (samples, lost samples) for evsel. */
struct events_stats *perf_session__evsel_stats(struct perf_session *session, struct evsel *evsel);

#endif
