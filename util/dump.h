/* SPDX-License-Identifier: GPL-2.0 */
/* The raw dump of records ('perf report -D', 'perf script -D'), in upstream's layout. */
#ifndef PERF_DUMP_H
#define PERF_DUMP_H

#include <stdio.h>
#include "event.h"

struct evsel;

/* ".\n. ... raw event: size N bytes\n" and the hex/ASCII rows, then a blank line. */
void dump_raw_event(const union perf_event *event, FILE *fp);
/* What follows "PERF_RECORD_SAMPLE": "(IP, 0x1): pid/tid: ip period: N addr: A" and the details. */
void dump_sample(struct evsel *evsel, union perf_event *event, struct perf_sample *sample,
		 const char *arch, FILE *fp);
/* What follows "PERF_RECORD_READ". */
void dump_read(struct evsel *evsel, union perf_event *event, FILE *fp);
/* The name of register id of arch ("x86", "arm64"), or "unknown". */
const char *perf_reg_name(int id, const char *arch);
/* "x86" for "x86_64"/"i686"..., "arm64" for "aarch64" (upstream's normalized arch). */
const char *perf_env__arch_normalize(const char *uname_machine);

#endif
