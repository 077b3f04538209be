/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records perf writes itself, as upstream writes them: the state of the
 * system when recording starts (threads, their executable mappings, the
 * kernel map), the description of the session (id index, thread and CPU
 * maps, time conversion) and, in pipe mode, the attrs and header features.
 *
 * Every function hands its records to process(ctx, buf, size): one record
 * per call, except the tracing data, which follows its record as raw bytes.
 * Side-band records get a zeroed sample_id_all trailer of id_hdr_size bytes,
 * as upstream's synthesized records have.
 */
#ifndef PERF_SYNTHETIC_EVENTS_H
#define PERF_SYNTHETIC_EVENTS_H

#include <sys/types.h>
#include "event.h"

struct evlist;
struct evsel;
struct perf_cpu_map;
struct perf_thread_map;
struct perf_header;
struct perf_header_write_info;
struct perf_mmap;

typedef int (*perf_event__process_t)(void *ctx, const void *buf, size_t size);

struct synth_ctx {
	perf_event__process_t	process;
	void			*ctx;
	size_t			id_hdr_size;	/* zeros after side-band records */
};

/* The trailer size synthesized side-band records need for evlist. */
size_t evlist__id_hdr_size(struct evlist *evlist);

int perf_event__synthesize_attrs(struct synth_ctx *sc, struct evlist *evlist);
/* FEATURE records for pipe mode, ending with the HEADER_LAST_FEATURE marker. */
int perf_event__synthesize_features(struct synth_ctx *sc, struct perf_header *header,
				    struct evlist *evlist, const struct perf_header_write_info *info);
/* The TRACING_DATA record and the data after it (pipe mode). */
int perf_event__synthesize_tracing_data(struct synth_ctx *sc, const void *data, size_t size);
/* EVENT_UPDATE records: the events' unit and scale, and (pipe mode) their names. */
int perf_event__synthesize_extra_attr(struct synth_ctx *sc, struct evlist *evlist, bool is_pipe);
int perf_event__synthesize_id_index(struct synth_ctx *sc, struct evlist *evlist);
/* The kernel text map "[kernel.kallsyms]_text" from /proc/kallsyms. */
int perf_event__synthesize_kernel_mmap(struct synth_ctx *sc);
/* The loaded modules (/proc/modules), as "[name]" maps. */
int perf_event__synthesize_modules(struct synth_ctx *sc);
int perf_event__synthesize_thread_map2(struct synth_ctx *sc, struct perf_thread_map *threads);
int perf_event__synthesize_cpu_map(struct synth_ctx *sc, struct perf_cpu_map *cpus);
/* TIME_CONV from a ring buffer's control page, when the kernel offers the conversion. */
int perf_event__synthesize_time_conv(struct synth_ctx *sc, const struct perf_mmap *map);
int perf_event__synthesize_finished_init(struct synth_ctx *sc);
int perf_event__synthesize_finished_round(struct synth_ctx *sc);

/* The COMM of one thread (and its MMAP2s when mmaps), not a whole process. */
int perf_event__synthesize_comm(struct synth_ctx *sc, pid_t pid, pid_t tid, bool mmaps, bool mmap_data);
/*
 * FORK + COMM for every thread of process pid, then the MMAP2s of its
 * executable mappings (all mappings with mmap_data); namespaces: NAMESPACES
 * records too. all: every process in /proc (-a).
 */
int perf_event__synthesize_process(struct synth_ctx *sc, pid_t pid, bool mmap_data, bool namespaces);
int perf_event__synthesize_all_processes(struct synth_ctx *sc, bool mmap_data, bool namespaces);

#endif
