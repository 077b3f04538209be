/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dso-hits: the smallest model that answers "which DSO does this sample hit,
 * and which command ran it" from the side-band records (MMAP, MMAP2, COMM,
 * FORK, EXIT) alone: per-process address ranges mapped to file names, per
 * thread the current comm. No symbols.
 *
 * It serves the build-id table of 'perf record' (the DSOs with hits),
 * 'perf buildid-list -H' and the " ... thread:" / " ...... dso:" lines of
 * the raw dump, until the full thread/map/DSO model (util/machine.h) takes
 * over these callers.
 */
#ifndef PERF_DSO_HITS_H
#define PERF_DSO_HITS_H

#include <stdio.h>
#include "build-id.h"
#include "event.h"

struct dso_hits_dso {
	char		*name;		/* "[kernel.kallsyms]", "[vdso]", a path */
	bool		kernel;
	u64		hits;
	struct build_id	bid;		/* from an MMAP2 with a build id, else unset */
};

struct dso_hits;

struct dso_hits *dso_hits__new(void);
void dso_hits__delete(struct dso_hits *hits);

/* Feed a side-band record (others are ignored). Returns 0. */
int dso_hits__process_event(struct dso_hits *hits, union perf_event *event);
/* The DSO the sample's ip falls in (NULL: none), counted as a hit. */
struct dso_hits_dso *dso_hits__sample(struct dso_hits *hits, const struct perf_sample *sample);
/* The command of a thread (":TID" when unknown, "swapper" for 0). */
const char *dso_hits__comm(struct dso_hits *hits, u32 tid);

/* The DSOs in the order they were first mapped (the kernel first). */
int dso_hits__nr_dsos(const struct dso_hits *hits);
struct dso_hits_dso *dso_hits__dso(struct dso_hits *hits, int idx);

/* The raw dump's " ... thread: comm:tid" and " ...... dso: name" lines for a sample. */
void dso_hits__dump_sample(struct dso_hits *hits, const struct perf_sample *sample, FILE *fp);

#endif
