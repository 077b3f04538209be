// SPDX-License-Identifier: GPL-2.0
#include "threadmap.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static struct perf_thread_map *thread_map__alloc(int nr)
{
	struct perf_thread_map *map = xmalloc(sizeof(*map) + (nr ? nr : 1) * sizeof(pid_t));

	map->refcnt = 1;
	map->nr = nr;
	return map;
}

struct perf_thread_map *perf_thread_map__new_dummy(void)
{
	struct perf_thread_map *map = thread_map__alloc(1);

	map->map[0] = -1;
	return map;
}

struct perf_thread_map *perf_thread_map__new_array(const pid_t *tids, int nr)
{
	struct perf_thread_map *map = thread_map__alloc(nr);

	memcpy(map->map, tids, nr * sizeof(pid_t));
	return map;
}

static int cmp_pid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return x < y ? -1 : x > y;
}

/* Append the tids of /proc/PID/task; returns -1 when the process is gone. */
static int add_tasks(pid_t pid, pid_t **tids, int *nr, int *alloc)
{
	char path[64];
	struct dirent *de;
	DIR *dir;
	int start = *nr;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return -1;
	while ((de = readdir(dir)) != NULL) {
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		ALLOC_GROW(*tids, *nr + 1, *alloc);
		(*tids)[(*nr)++] = atoi(de->d_name);
	}
	closedir(dir);
	/* the main thread first, then by tid, as /proc lists them */
	qsort(*tids + start, *nr - start, sizeof(pid_t), cmp_pid);
	return 0;
}

struct perf_thread_map *perf_thread_map__new_by_pid(pid_t pid)
{
	pid_t *tids = NULL;
	int nr = 0, alloc = 0;
	struct perf_thread_map *map;

	if (add_tasks(pid, &tids, &nr, &alloc) < 0 || !nr) {
		free(tids);
		errno = ESRCH;
		return NULL;
	}
	map = perf_thread_map__new_array(tids, nr);
	free(tids);
	return map;
}

struct perf_thread_map *perf_thread_map__new_by_tid(pid_t tid)
{
	struct perf_thread_map *map = thread_map__alloc(1);

	map->map[0] = tid;
	return map;
}

/* Every thread of every process, or of those owned by uid when any_uid is false. */
static struct perf_thread_map *thread_map__new_procs(bool any_uid, uid_t uid)
{
	pid_t *tids = NULL;
	int nr = 0, alloc = 0;
	struct perf_thread_map *map;
	struct dirent *de;
	DIR *proc = opendir("/proc");

	if (!proc)
		return NULL;
	while ((de = readdir(proc)) != NULL) {
		char path[300];
		struct stat st;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s", de->d_name);
		if (!any_uid && (stat(path, &st) || st.st_uid != uid))
			continue;
		add_tasks(atoi(de->d_name), &tids, &nr, &alloc);
	}
	closedir(proc);
	map = perf_thread_map__new_array(tids, nr);
	free(tids);
	return map;
}

struct perf_thread_map *perf_thread_map__new_by_uid(uid_t uid)
{
	return thread_map__new_procs(false, uid);
}

struct perf_thread_map *perf_thread_map__new_all(void)
{
	return thread_map__new_procs(true, 0);
}

/* Parse a comma list of positive numbers. */
static int parse_pid_list(const char *s, pid_t **out, int *nr, int *alloc)
{
	while (s && *s) {
		char *end;
		long v = strtol(s, &end, 10);

		if (end == s || v <= 0 || (*end && *end != ','))
			return -1;
		ALLOC_GROW(*out, *nr + 1, *alloc);
		(*out)[(*nr)++] = (pid_t)v;
		s = *end ? end + 1 : end;
	}
	return 0;
}

struct perf_thread_map *perf_thread_map__new_str(const char *pid_list, const char *tid_list)
{
	pid_t *pids = NULL, *tids = NULL;
	int npids = 0, apids = 0, ntids = 0, atids = 0;
	struct perf_thread_map *map = NULL;

	if (parse_pid_list(pid_list, &pids, &npids, &apids) < 0 ||
	    parse_pid_list(tid_list, &tids, &ntids, &atids) < 0) {
		errno = EINVAL;
		goto out;
	}
	for (int i = 0; i < npids; i++) {
		if (add_tasks(pids[i], &tids, &ntids, &atids) < 0) {
			errno = ESRCH;
			goto out;
		}
	}
	if (!ntids) {
		errno = EINVAL;
		goto out;
	}
	map = perf_thread_map__new_array(tids, ntids);
out:
	free(pids);
	free(tids);
	return map;
}

struct perf_thread_map *perf_thread_map__get(struct perf_thread_map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void perf_thread_map__put(struct perf_thread_map *map)
{
	if (map && --map->refcnt == 0)
		free(map);
}
