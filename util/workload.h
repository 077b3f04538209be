/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command perf runs and measures: forked first and held just before its
 * exec, so that counters can be opened on it (enabled by the exec), then let
 * go.
 */
#ifndef PERF_WORKLOAD_H
#define PERF_WORKLOAD_H

#include <sys/types.h>

struct workload {
	pid_t pid;
	int go_fd;	/* one byte written here lets the child exec */
	int err_fd;	/* the child's exec errno, or EOF once the exec worked */
};

/* Fork argv (searched in PATH), stopped before its exec. Returns 0, or -1 with a message. */
int workload__prepare(struct workload *w, const char **argv);
/*
 * Let the workload exec. Returns 0, or the errno of its failed exec (the
 * child then exits with 127: reap it).
 */
int workload__start(struct workload *w);

#endif
