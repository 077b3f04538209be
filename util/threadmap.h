/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference-counted list of thread ids to open events on (after libperf's
 * perf_thread_map). The dummy map holds -1: every thread (system-wide, with a
 * CPU map).
 */
#ifndef PERF_THREADMAP_H
#define PERF_THREADMAP_H

#include <sys/types.h>
#include "util.h"

struct perf_thread_map {
	int refcnt;
	int nr;
	pid_t map[];
};

struct perf_thread_map *perf_thread_map__new_dummy(void);
struct perf_thread_map *perf_thread_map__new_array(const pid_t *tids, int nr);
/* Every thread of process pid (/proc/PID/task). NULL if there is no such process. */
struct perf_thread_map *perf_thread_map__new_by_pid(pid_t pid);
struct perf_thread_map *perf_thread_map__new_by_tid(pid_t tid);
/* Every thread of every process. */
struct perf_thread_map *perf_thread_map__new_all(void);
/* Every thread of every process owned by uid. */
struct perf_thread_map *perf_thread_map__new_by_uid(uid_t uid);
/*
 * From the -p / -t strings ("123,456"): all threads of the pids, plus the tids.
 * NULL (errno ESRCH or EINVAL) when a process does not exist or a list is bad.
 */
struct perf_thread_map *perf_thread_map__new_str(const char *pid_list, const char *tid_list);
struct perf_thread_map *perf_thread_map__get(struct perf_thread_map *map);
void perf_thread_map__put(struct perf_thread_map *map);

static inline int perf_thread_map__nr(const struct perf_thread_map *map) { return map ? map->nr : 1; }
static inline pid_t perf_thread_map__pid(const struct perf_thread_map *map, int idx)
{
	return map && idx < map->nr ? map->map[idx] : -1;
}

#endif
