/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the data layer asks of the machine model: which DSO a sample hit
 * (for the build-id table of perf record and 'perf buildid-list -H'), and
 * the " ... thread:" / " ...... dso:" lines of the raw dump.
 */
#ifndef PERF_MACHINE_HITS_H
#define PERF_MACHINE_HITS_H

#include <stdio.h>
#include "build-id.h"

struct dso;
struct machine;
struct perf_sample;

/*
 * The DSO the sample's ip falls in, marked hit, found in the maps only (no
 * symbols are loaded). Kernel samples outside the known kernel maps count
 * for the kernel. NULL when there is none.
 */
struct dso *machine__mark_sample_hit(struct machine *machine, const struct perf_sample *sample);

/* The raw dump's lines for a sample: the thread, its comm and the DSO of the ip. */
void machine__dump_sample(struct machine *machine, const struct perf_sample *sample, FILE *fp);

/*
 * The build id the table records for dso: the running kernel's, a module's,
 * the vdso's (with its image for the cache) or the file's. 0 or -errno.
 */
int dso__read_running_build_id(struct dso *dso, struct build_id *bid, const void **image,
			       size_t *image_size);

#endif
