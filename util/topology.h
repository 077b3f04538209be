/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a CPU sits: socket (physical package), die, core and NUMA node, from
 * /sys/devices/system/cpu/cpuN/topology and /sys/devices/system/node. Read
 * only for the CPUs asked about, when an aggregation needs it.
 */
#ifndef PERF_TOPOLOGY_H
#define PERF_TOPOLOGY_H

#include "util.h"

struct cpu_topology_id {
	int socket;
	int die;
	int core;
	int node;
};

/* The ids of cpu (-1 for what sysfs does not say). */
void cpu__topology(int cpu, struct cpu_topology_id *id);
/* Point the reads at another sysfs root (tests); NULL restores /sys. */
void cpu_topology__set_sysfs_root(const char *root);

#endif
