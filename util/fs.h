/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the kernel's pseudo file systems are: sysfs, procfs, tracefs.
 *
 * tracefs is mounted on demand: a fresh machine may not have it mounted, and
 * upstream perf mounts it when it needs tracepoints (root only).
 */
#ifndef PERF_FS_H
#define PERF_FS_H

#include "util.h"

const char *sysfs__mountpoint(void);
const char *procfs__mountpoint(void);
/*
 * The tracefs root (e.g. "/sys/kernel/tracing", or ".../debug/tracing" on old
 * systems), mounting tracefs at /sys/kernel/tracing if it is not mounted and
 * we may. NULL when tracefs is unavailable (errno set).
 */
const char *tracefs__mountpoint(void);
/* tracefs__mountpoint() without mounting: NULL when not mounted. */
const char *tracefs__find_mountpoint(void);
/* An allocated "<tracefs>/<name>", or NULL when tracefs is unavailable. */
char *tracefs__path(const char *name);
/* An allocated "<sysfs>/<name>". */
char *sysfs__path(const char *name);

/* A user-facing explanation of why tracefs is not usable (after a NULL return). */
const char *tracefs__unavailable_reason(void);

#endif
