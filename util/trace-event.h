/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoint payloads as text, from the formats stored in the perf.data file
 * (see tracing-data.h), with libtraceevent: what 'perf script' prints after
 * the event name, and what the 'trace' sort key of report shows.
 *
 *   trace_event__fprintf_payload(evsel, sample, &sb);   "prev_comm=sh prev_pid=1 ..."
 *
 * The event's format is evsel->tp_format (set by perf_session__tep()).
 * Nothing is printed for events without a format or samples without raw data.
 */
#ifndef PERF_TRACE_EVENT_H
#define PERF_TRACE_EVENT_H

#include "util.h"

struct evsel;
struct machine;
struct perf_sample;
struct strbuf;
struct tep_handle;

/*
 * Name the kernel addresses of payloads (the "%ps"/"%pS" pointers of print
 * fmts) with machine's kernel symbols, as upstream's script does (perf.data
 * files carry no kallsyms in their tracing data).
 */
void trace_event__set_resolver(struct tep_handle *tep, struct machine *machine);

/* The payload as the event's print fmt says (upstream's default output). Returns bytes added. */
size_t trace_event__fprintf_payload(const struct evsel *evsel, const struct perf_sample *sample,
				    struct strbuf *out);
/* Every field as "name=value", in format order, ignoring the print fmt (raw trace). */
size_t trace_event__fprintf_fields(const struct evsel *evsel, const struct perf_sample *sample,
				   struct strbuf *out);
/* Free the scratch buffer the functions above keep between calls. */
void trace_event__cleanup(void);

#endif
