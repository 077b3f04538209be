/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracing data: the tracepoint format files saved in a perf.data file
 * (HEADER_TRACING_DATA, or a TRACING_DATA record in pipe mode), so the raw
 * samples of tracepoints can be decoded on a machine without tracefs.
 *
 * Layout (upstream's, version 0.6): "\027\010\104tracing", "0.6\0", endian
 * byte, sizeof(long) byte, u32 page size, "header_page\0" u64 size + file,
 * "header_event\0" u64 size + file, u32 nr + {u64 size + format} of ftrace
 * events, u32 nr systems + {name\0, u32 nr, {u64 size + format}}, u32 size +
 * kallsyms, u32 size + printk_formats, u64 size + saved_cmdlines.
 */
#ifndef PERF_TRACING_DATA_H
#define PERF_TRACING_DATA_H

#include "util.h"

struct evlist;
struct tep_handle;

/*
 * The tracing data for the tracepoint events of evlist, read from tracefs.
 * *buf is allocated. Returns 0, or -errno (-ENOENT: no tracepoint events).
 */
int tracing_data__build(struct evlist *evlist, char **buf, size_t *size);
/* True when evlist has tracepoint events. */
bool evlist__has_tracepoints(struct evlist *evlist);

/* A libtraceevent handle with the formats in buf, or NULL (a warning is printed). */
struct tep_handle *tracing_data__parse(const void *buf, size_t size);
void tracing_data__put_tep(struct tep_handle *tep);
/*
 * Point the tracepoint events of evlist at their format (evsel->tp_format,
 * a struct tep_event *), found by config id, and fill tp_sys/tp_name (and
 * the name, when the file had none).
 */
void tracing_data__set_evsel_formats(struct tep_handle *tep, struct evlist *evlist);

#endif
