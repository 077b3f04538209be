// SPDX-License-Identifier: GPL-2.0
#include "cpumap.h"
#include "io.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

static struct perf_cpu_map *cpu_map__alloc(int nr)
{
	struct perf_cpu_map *map = xmalloc(sizeof(*map) + nr * sizeof(int));

	map->refcnt = 1;
	map->nr = nr;
	return map;
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

struct perf_cpu_map *perf_cpu_map__new_from_array(const int *cpus, int nr)
{
	int *tmp = xmemdup(cpus, (nr ? nr : 1) * sizeof(int));
	struct perf_cpu_map *map;
	int j = 0;

	qsort(tmp, nr, sizeof(int), cmp_int);
	map = cpu_map__alloc(nr);
	for (int i = 0; i < nr; i++)
		if (i == 0 || tmp[i] != tmp[i - 1])
			map->map[j++] = tmp[i];
	map->nr = j;
	free(tmp);
	return map;
}

struct perf_cpu_map *perf_cpu_map__new_any(void)
{
	struct perf_cpu_map *map = cpu_map__alloc(1);

	map->map[0] = -1;
	return map;
}

/* Parse a list like "0-3,5,7-8" into a growable array. Returns -1 on syntax errors. */
static int parse_cpu_list(const char *s, int **cpus, int *nr, int *alloc)
{
	while (*s) {
		char *end;
		long a, b;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (!isdigit((unsigned char)*s))
			return -1;
		a = strtol(s, &end, 10);
		b = a;
		s = end;
		if (*s == '-') {
			if (!isdigit((unsigned char)s[1]))
				return -1;
			b = strtol(s + 1, &end, 10);
			s = end;
		}
		if (b < a || b >= 1 << 20)
			return -1;
		for (long c = a; c <= b; c++) {
			ALLOC_GROW(*cpus, *nr + 1, *alloc);
			(*cpus)[(*nr)++] = (int)c;
		}
		while (isspace((unsigned char)*s))
			s++;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return 0;
}

struct perf_cpu_map *perf_cpu_map__new_online(void)
{
	char *buf = NULL;
	int *cpus = NULL, nr = 0, alloc = 0;
	struct perf_cpu_map *map;

	if (filename__read_str("/sys/devices/system/cpu/online", &buf, NULL) == 0 &&
	    parse_cpu_list(buf, &cpus, &nr, &alloc) == 0 && nr > 0) {
		map = perf_cpu_map__new_from_array(cpus, nr);
	} else {
		long n = sysconf(_SC_NPROCESSORS_ONLN);

		map = cpu_map__alloc(n > 0 ? n : 1);
		for (int i = 0; i < map->nr; i++)
			map->map[i] = i;
	}
	free(buf);
	free(cpus);
	return map;
}

struct perf_cpu_map *perf_cpu_map__new(const char *cpu_list)
{
	int *cpus = NULL, nr = 0, alloc = 0;
	struct perf_cpu_map *map;

	if (!cpu_list || !*cpu_list)
		return perf_cpu_map__new_online();
	if (!strcmp(cpu_list, "-1"))
		return perf_cpu_map__new_any();
	if (parse_cpu_list(cpu_list, &cpus, &nr, &alloc) < 0 || nr == 0) {
		free(cpus);
		errno = EINVAL;
		return NULL;
	}
	map = perf_cpu_map__new_from_array(cpus, nr);
	free(cpus);
	return map;
}

struct perf_cpu_map *perf_cpu_map__get(struct perf_cpu_map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void perf_cpu_map__put(struct perf_cpu_map *map)
{
	if (map && --map->refcnt == 0)
		free(map);
}

int perf_cpu_map__idx(const struct perf_cpu_map *map, int cpu)
{
	int lo = 0, hi = perf_cpu_map__nr(map);

	if (!map)
		return cpu == -1 ? 0 : -1;
	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (map->map[mid] == cpu)
			return mid;
		if (map->map[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

bool perf_cpu_map__equal(const struct perf_cpu_map *a, const struct perf_cpu_map *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->nr != b->nr)
		return false;
	return !memcmp(a->map, b->map, a->nr * sizeof(int));
}

struct perf_cpu_map *perf_cpu_map__intersect(struct perf_cpu_map *a, struct perf_cpu_map *b)
{
	int *cpus = xcalloc(perf_cpu_map__nr(a), sizeof(int)), nr = 0;
	struct perf_cpu_map *map;

	for (int i = 0; i < perf_cpu_map__nr(a); i++)
		if (perf_cpu_map__idx(b, perf_cpu_map__cpu(a, i)) >= 0)
			cpus[nr++] = perf_cpu_map__cpu(a, i);
	map = perf_cpu_map__new_from_array(cpus, nr);
	free(cpus);
	return map;
}

size_t cpu_map__snprint(const struct perf_cpu_map *map, char *buf, size_t size)
{
	size_t len = 0;
	int i = 0;

	if (size)
		buf[0] = '\0';
	while (map && i < map->nr) {
		int start = i;

		while (i + 1 < map->nr && map->map[i + 1] == map->map[i] + 1)
			i++;
		if (len < size) {
			if (i == start)
				len += snprintf(buf + len, size - len, "%s%d", len ? "," : "", map->map[start]);
			else
				len += snprintf(buf + len, size - len, "%s%d-%d", len ? "," : "",
						map->map[start], map->map[i]);
		}
		i++;
	}
	return len < size ? len : size ? size - 1 : 0;
}

int cpu__max_cpu(void)
{
	static int max;
	char *buf = NULL;
	int *cpus = NULL, nr = 0, alloc = 0;

	if (max)
		return max;
	if (filename__read_str("/sys/devices/system/cpu/possible", &buf, NULL) == 0 &&
	    parse_cpu_list(buf, &cpus, &nr, &alloc) == 0 && nr > 0) {
		for (int i = 0; i < nr; i++)
			if (cpus[i] + 1 > max)
				max = cpus[i] + 1;
	} else {
		long n = sysconf(_SC_NPROCESSORS_CONF);

		max = n > 0 ? (int)n : 1;
	}
	free(buf);
	free(cpus);
	return max;
}

int cpu__nr_online(void)
{
	struct perf_cpu_map *map = perf_cpu_map__new_online();
	int nr = map->nr;

	perf_cpu_map__put(map);
	return nr;
}
