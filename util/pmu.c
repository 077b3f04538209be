// SPDX-License-Identifier: GPL-2.0
#include "pmu.h"
#include "fs.h"
#include "io.h"
#include "string2.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static LIST_HEAD(pmus);		/* every PMU read so far, sorted by name once all_read */
static bool all_read;
static char *sysfs_root;

void perf_pmu__set_sysfs_root(const char *path)
{
	perf_pmus__destroy();
	free(sysfs_root);
	sysfs_root = path ? xstrdup(path) : NULL;
}

static const char *pmu_root(void)
{
	if (!sysfs_root)
		sysfs_root = sysfs__path("bus/event_source/devices");
	return sysfs_root;
}

int perf_pmu_format__parse(const char *text, enum perf_pmu_format_value *value, u64 *bits)
{
	const char *s = text;
	u64 mask = 0;

	if (strstarts(s, "config1:")) {
		*value = PERF_PMU_FORMAT_CONFIG1;
		s += 8;
	} else if (strstarts(s, "config2:")) {
		*value = PERF_PMU_FORMAT_CONFIG2;
		s += 8;
	} else if (strstarts(s, "config:")) {
		*value = PERF_PMU_FORMAT_CONFIG;
		s += 7;
	} else {
		return -EINVAL;
	}
	for (;;) {
		char *end;
		unsigned long lo = strtoul(s, &end, 10), hi = lo;

		if (end == s)
			return -EINVAL;
		s = end;
		if (*s == '-') {
			hi = strtoul(s + 1, &end, 10);
			if (end == s + 1)
				return -EINVAL;
			s = end;
		}
		if (hi < lo || hi > 63)
			return -EINVAL;
		for (unsigned long b = lo; b <= hi; b++)
			mask |= 1ULL << b;
		if (*s != ',')
			break;
		s++;
	}
	while (isspace((unsigned char)*s))
		s++;
	if (*s)
		return -EINVAL;
	*bits = mask;
	return 0;
}

static void pmu_read_formats(struct perf_pmu *pmu, const char *dir)
{
	char *path = xasprintf("%s/format", dir);
	DIR *d = opendir(path);
	struct dirent *de;

	if (!d)
		goto out;
	while ((de = readdir(d)) != NULL) {
		struct perf_pmu_format *f;
		char *file, *text = NULL;

		if (de->d_name[0] == '.')
			continue;
		file = xasprintf("%s/%s", path, de->d_name);
		if (filename__read_str(file, &text, NULL) == 0) {
			f = xzalloc(sizeof(*f));
			if (perf_pmu_format__parse(strim(text), &f->value, &f->bits) == 0) {
				f->name = xstrdup(de->d_name);
				list_add_tail(&f->list, &pmu->formats);
			} else {
				free(f);
			}
		}
		free(text);
		free(file);
	}
	closedir(d);
out:
	free(path);
}

static struct perf_cpu_map *pmu_read_cpus(const char *dir)
{
	static const char *const files[] = { "cpumask", "cpus" };
	struct perf_cpu_map *map = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(files) && !map; i++) {
		char *path = xasprintf("%s/%s", dir, files[i]);
		char *text = NULL;

		if (filename__read_str(path, &text, NULL) == 0 && *strim(text))
			map = perf_cpu_map__new(strim(text));
		free(text);
		free(path);
	}
	return map;
}

/* Read the PMU directory; NULL if it is not a PMU. */
static struct perf_pmu *pmu_read(const char *name)
{
	char *dir = xasprintf("%s/%s", pmu_root(), name);
	char *type_path = xasprintf("%s/type", dir);
	struct perf_pmu *pmu = NULL;
	int type;

	if (filename__read_int(type_path, &type) < 0)
		goto out;
	pmu = xzalloc(sizeof(*pmu));
	pmu->name = xstrdup(name);
	pmu->type = type;
	INIT_LIST_HEAD(&pmu->formats);
	INIT_LIST_HEAD(&pmu->aliases);
	pmu_read_formats(pmu, dir);
	pmu->cpus = pmu_read_cpus(dir);
	list_add_tail(&pmu->list, &pmus);
out:
	free(type_path);
	free(dir);
	return pmu;
}

static struct perf_pmu *pmu_lookup(const char *name)
{
	struct perf_pmu *pmu;

	list_for_each_entry(pmu, &pmus, list)
		if (!strcmp(pmu->name, name))
			return pmu;
	return NULL;
}

struct perf_pmu *perf_pmu__find(const char *name)
{
	struct perf_pmu *pmu = pmu_lookup(name);

	if (pmu || all_read || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, ".."))
		return pmu;
	return pmu_read(name);
}

static int pmu_cmp(const void *a, const void *b)
{
	return strcmp((*(struct perf_pmu *const *)a)->name, (*(struct perf_pmu *const *)b)->name);
}

static void pmus_read_all(void)
{
	struct perf_pmu **arr = NULL, *pmu, *tmp;
	size_t nr = 0, alloc = 0;
	struct dirent *de;
	DIR *d;

	if (all_read)
		return;
	all_read = true;
	d = opendir(pmu_root());
	if (d) {
		while ((de = readdir(d)) != NULL)
			if (de->d_name[0] != '.' && !pmu_lookup(de->d_name))
				pmu_read(de->d_name);
		closedir(d);
	}
	list_for_each_entry(pmu, &pmus, list) {
		ALLOC_GROW(arr, nr + 1, alloc);
		arr[nr++] = pmu;
	}
	if (!nr)
		return;
	qsort(arr, nr, sizeof(*arr), pmu_cmp);
	list_for_each_entry_safe(pmu, tmp, &pmus, list)
		list_del(&pmu->list);
	for (size_t i = 0; i < nr; i++)
		list_add_tail(&arr[i]->list, &pmus);
	free(arr);
}

struct perf_pmu *perf_pmus__next(struct perf_pmu *prev)
{
	if (!prev) {
		pmus_read_all();
		return list_empty(&pmus) ? NULL : list_first_entry(&pmus, struct perf_pmu, list);
	}
	return prev->list.next == &pmus ? NULL : list_next_entry(prev, list);
}

struct perf_pmu *perf_pmu__find_by_type(u32 type)
{
	struct perf_pmu *pmu;

	list_for_each_entry(pmu, &pmus, list)
		if (pmu->type == type)
			return pmu;
	for (pmu = perf_pmus__next(NULL); pmu; pmu = perf_pmus__next(pmu))
		if (pmu->type == type)
			return pmu;
	return NULL;
}

struct perf_pmu_format *perf_pmu__format(const struct perf_pmu *pmu, const char *name)
{
	struct perf_pmu_format *f;

	list_for_each_entry(f, &pmu->formats, list)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

u64 perf_pmu_format__max(const struct perf_pmu_format *format)
{
	int n = __builtin_popcountll(format->bits);

	return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

void perf_pmu_format__apply(const struct perf_pmu_format *format, struct perf_event_attr *attr, u64 val)
{
	__u64 *word;
	u64 bits = format->bits;

	switch (format->value) {
	case PERF_PMU_FORMAT_CONFIG1:
		word = &attr->config1;
		break;
	case PERF_PMU_FORMAT_CONFIG2:
		word = &attr->config2;
		break;
	default:
		word = &attr->config;
		break;
	}
	/* the n-th bit of val goes to the n-th set bit of the format */
	for (int i = 0; bits; i++) {
		u64 low = bits & -bits;

		if (i < 64 && (val >> i) & 1)
			*word |= low;
		else
			*word &= ~low;
		bits &= bits - 1;
	}
}

char *perf_pmu__format_names(const struct perf_pmu *pmu)
{
	struct perf_pmu_format *f;
	char *out = xstrdup(""), *tmp;

	list_for_each_entry(f, &pmu->formats, list) {
		tmp = xasprintf("%s%s%s", out, *out ? "," : "", f->name);
		free(out);
		out = tmp;
	}
	return out;
}

static char *read_alias_file(const char *dir, const char *name, const char *suffix)
{
	char *path = xasprintf("%s/%s%s", dir, name, suffix);
	char *text = NULL;

	if (filename__read_str(path, &text, NULL) < 0)
		text = NULL;
	free(path);
	if (text) {
		char *t = xstrdup(strim(text));

		free(text);
		text = t;
	}
	return text;
}

static void pmu_read_aliases(struct perf_pmu *pmu)
{
	char *dir = xasprintf("%s/%s/events", pmu_root(), pmu->name);
	struct dirent *de;
	DIR *d;

	pmu->aliases_read = true;
	d = opendir(dir);
	if (!d)
		goto out;
	while ((de = readdir(d)) != NULL) {
		struct perf_pmu_alias *a;
		char *terms, *s;

		if (de->d_name[0] == '.' || strchr(de->d_name, '.'))
			continue;	/* .scale, .unit, .per-pkg, .snapshot go with their event */
		terms = read_alias_file(dir, de->d_name, "");
		if (!terms)
			continue;
		a = xzalloc(sizeof(*a));
		a->name = xstrdup(de->d_name);
		a->terms = terms;
		a->unit = read_alias_file(dir, de->d_name, ".unit");
		a->scale = 1.0;
		s = read_alias_file(dir, de->d_name, ".scale");
		if (s) {
			a->scale = strtod(s, NULL);
			free(s);
		}
		s = read_alias_file(dir, de->d_name, ".per-pkg");
		a->per_pkg = s && atoi(s);
		free(s);
		s = read_alias_file(dir, de->d_name, ".snapshot");
		a->snapshot = s && atoi(s);
		free(s);
		list_add_tail(&a->list, &pmu->aliases);
	}
	closedir(d);
out:
	free(dir);
}

struct list_head *perf_pmu__aliases(struct perf_pmu *pmu)
{
	if (!pmu->aliases_read)
		pmu_read_aliases(pmu);
	return &pmu->aliases;
}

struct perf_pmu_alias *perf_pmu__alias(struct perf_pmu *pmu, const char *name)
{
	struct perf_pmu_alias *a;

	list_for_each_entry(a, perf_pmu__aliases(pmu), list)
		if (!strcasecmp(a->name, name))
			return a;
	return NULL;
}

static void pmu_delete(struct perf_pmu *pmu)
{
	struct perf_pmu_format *f, *ft;
	struct perf_pmu_alias *a, *at;

	list_for_each_entry_safe(f, ft, &pmu->formats, list) {
		free(f->name);
		free(f);
	}
	list_for_each_entry_safe(a, at, &pmu->aliases, list) {
		free(a->name);
		free(a->terms);
		free(a->unit);
		free(a);
	}
	perf_cpu_map__put(pmu->cpus);
	free(pmu->name);
	free(pmu);
}

void perf_pmus__destroy(void)
{
	struct perf_pmu *pmu, *tmp;

	list_for_each_entry_safe(pmu, tmp, &pmus, list) {
		list_del(&pmu->list);
		pmu_delete(pmu);
	}
	all_read = false;
}
