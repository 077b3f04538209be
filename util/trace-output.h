/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace outputs: a tracepoint sample's payload as its print format shows it
 * (or its fields, raw), interned. Payloads repeat a lot (the same syscall
 * with the same arguments), so the formatted outputs are cached by payload
 * bytes in a direct-mapped cache of bounded size.
 */
#ifndef PERF_TRACE_OUTPUT_H
#define PERF_TRACE_OUTPUT_H

#include "util.h"

struct evsel;
struct perf_sample;
struct perf_session;
struct trace_outputs;

struct trace_outputs *trace_outputs__new(struct perf_session *session, bool raw);
void trace_outputs__delete(struct trace_outputs *to);

/* The interned output of sample's payload (sort__intern()), or NULL when not a tracepoint. */
const char *trace_outputs__get(struct trace_outputs *to, struct evsel *evsel,
			       const struct perf_sample *sample);

#endif
