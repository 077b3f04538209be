/* SPDX-License-Identifier: GPL-2.0 */
/* The perf_event_open(2) system call, which glibc does not wrap. */
#ifndef PERF_SYS_H
#define PERF_SYS_H

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu,
				      int group_fd, unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

#endif
