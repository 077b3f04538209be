/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference-counted, sorted set of CPU numbers (after libperf's perf_cpu_map).
 * The "any CPU" map holds the single entry -1: per-thread counting.
 */
#ifndef PERF_CPUMAP_H
#define PERF_CPUMAP_H

#include <stdio.h>
#include "util.h"

struct perf_cpu_map {
	int refcnt;
	int nr;
	int map[];
};

/* Parse "0-3,5"; NULL or "" means the online CPUs. NULL on a bad list (errno EINVAL). */
struct perf_cpu_map *perf_cpu_map__new(const char *cpu_list);
struct perf_cpu_map *perf_cpu_map__new_online(void);
/* The map { -1 }: events follow threads on any CPU. */
struct perf_cpu_map *perf_cpu_map__new_any(void);
/* A map of the given CPUs (sorted and deduplicated). */
struct perf_cpu_map *perf_cpu_map__new_from_array(const int *cpus, int nr);
struct perf_cpu_map *perf_cpu_map__get(struct perf_cpu_map *map);
void perf_cpu_map__put(struct perf_cpu_map *map);

static inline int perf_cpu_map__nr(const struct perf_cpu_map *map) { return map ? map->nr : 1; }
static inline int perf_cpu_map__cpu(const struct perf_cpu_map *map, int idx)
{
	return map && idx < map->nr ? map->map[idx] : -1;
}
static inline bool perf_cpu_map__has_any(const struct perf_cpu_map *map)
{
	return !map || map->map[0] == -1;
}
/* Index of cpu in map, or -1. */
int perf_cpu_map__idx(const struct perf_cpu_map *map, int cpu);
bool perf_cpu_map__equal(const struct perf_cpu_map *a, const struct perf_cpu_map *b);
/* The CPUs in both maps. */
struct perf_cpu_map *perf_cpu_map__intersect(struct perf_cpu_map *a, struct perf_cpu_map *b);
/* "0-3,5" (upstream's cpu_map__snprint). Returns the length written. */
size_t cpu_map__snprint(const struct perf_cpu_map *map, char *buf, size_t size);

#define perf_cpu_map__for_each_cpu(cpu, idx, cpus) \
	for ((idx) = 0, (cpu) = perf_cpu_map__cpu(cpus, idx); \
	     (idx) < perf_cpu_map__nr(cpus); \
	     (idx)++, (cpu) = perf_cpu_map__cpu(cpus, idx))

/* Number of possible CPUs (highest possible + 1), for per-CPU arrays. */
int cpu__max_cpu(void);
/* Number of online CPUs. */
int cpu__nr_online(void);

#endif
