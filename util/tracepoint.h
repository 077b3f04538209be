/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints in tracefs: events/<sys>/<name>/{id,format}.
 *
 * Only the directories an event string names are read: "sched:sched_switch"
 * reads one id file, "syscalls:sys_enter_*" lists one subsystem directory.
 * Probe events created by perf probe (probe:x, probe_BINARY:x) are ordinary
 * tracepoints here.
 */
#ifndef PERF_TRACEPOINT_H
#define PERF_TRACEPOINT_H

#include "util.h"

/* "<tracefs>/events", mounting tracefs if needed; NULL when tracefs is unavailable. */
const char *tracepoint__events_dir(void);

/* The id of sys:name. Returns 0, or -errno (-ENOENT: no such tracepoint). */
int tracepoint__id(const char *sys, const char *name, u64 *id);

/*
 * Call cb(sys, name, id, data) for each tracepoint matching sys_glob:name_glob
 * (either may be a plain name), in tracefs directory order. cb returns
 * non-zero to stop (that value is returned). Returns 0, or -errno when tracefs
 * or a named subsystem cannot be read; *nr_found counts the matches.
 */
typedef int (*tracepoint_cb)(const char *sys, const char *name, u64 id, void *data);
int tracepoint__for_each(const char *sys_glob, const char *name_glob, tracepoint_cb cb,
			 void *data, int *nr_found);

/* Allocated "<tracefs>/events/<sys>/<name>/format", or NULL when tracefs is unavailable. */
char *tracepoint__format_path(const char *sys, const char *name);

/*
 * The help upstream prints for a tracepoint that cannot be opened
 * ("Error:\tFile .../events/sys/name not found.\nHint:..."); allocated.
 */
char *tracepoint__strerror(int err, const char *sys, const char *name);

#endif
