// SPDX-License-Identifier: GPL-2.0
#include "cgroup.h"
#include "evlist.h"
#include "string2.h"
#include <errno.h>
#include <fcntl.h>
#include <mntent.h>
#include <stdio.h>
#include <unistd.h>

/* The perf_event cgroup hierarchy: a v1 mount with that controller, else cgroup2. */
static const char *cgroup_mountpoint(void)
{
	static char path[4096];
	char v2[4096] = "";
	struct mntent *m;
	FILE *fp;

	if (path[0])
		return path;
	fp = setmntent("/proc/mounts", "r");
	if (!fp)
		return NULL;
	while ((m = getmntent(fp)) != NULL) {
		if (!strcmp(m->mnt_type, "cgroup") && hasmntopt(m, "perf_event")) {
			snprintf(path, sizeof(path), "%s", m->mnt_dir);
			break;
		}
		if (!strcmp(m->mnt_type, "cgroup2") && !v2[0])
			snprintf(v2, sizeof(v2), "%s", m->mnt_dir);
	}
	endmntent(fp);
	if (!path[0] && v2[0])
		snprintf(path, sizeof(path), "%s", v2);
	return path[0] ? path : NULL;
}

static int nr_opened;

int cgroup__nr(void)
{
	return nr_opened;
}

struct cgroup *cgroup__new(const char *name)
{
	const char *mnt = cgroup_mountpoint();
	struct cgroup *cgrp;
	char *path;
	int fd;

	if (!mnt) {
		fprintf(stderr, "no cgroup hierarchy with the perf_event controller is mounted\n");
		return NULL;
	}
	path = xasprintf("%s/%s", mnt, name);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "no access to cgroup %s\n", path);
		free(path);
		return NULL;
	}
	free(path);
	cgrp = xzalloc(sizeof(*cgrp));
	cgrp->refcnt = 1;
	cgrp->fd = fd;
	cgrp->name = xstrdup(name);
	cgrp->idx = ++nr_opened;
	return cgrp;
}

struct cgroup *cgroup__get(struct cgroup *cgrp)
{
	if (cgrp)
		cgrp->refcnt++;
	return cgrp;
}

void cgroup__put(struct cgroup *cgrp)
{
	if (!cgrp || --cgrp->refcnt)
		return;
	close(cgrp->fd);
	free(cgrp->name);
	free(cgrp);
}

/* Cgroup names given so far by -G: the next one goes to that event. */
static int nr_cgroups;

int evlist__set_cgroups(struct evlist *evlist, const char *str)
{
	struct evsel *evsel;

	if (!evlist->nr_entries) {
		fprintf(stderr, "must define events before cgroups\n");
		return -1;
	}
	for (const char *p = str;; ) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (len) {
			char *name = xstrndup(p, len);
			struct evsel *target = NULL;
			int n = 0;

			evlist__for_each_entry(evlist, evsel) {
				if (n++ == nr_cgroups) {
					target = evsel;
					break;
				}
			}
			if (!target) {
				fprintf(stderr, "more cgroups than events\n");
				free(name);
				return -1;
			}
			target->cgrp = cgroup__new(name);
			free(name);
			if (!target->cgrp)
				return -1;
		}
		nr_cgroups++;
		if (!e)
			break;
		p = e + 1;
	}
	/* one cgroup for every event */
	if (nr_cgroups == 1) {
		struct cgroup *first = evlist__first(evlist)->cgrp;

		evlist__for_each_entry(evlist, evsel)
			if (evsel != evlist__first(evlist))
				evsel->cgrp = cgroup__get(first);
	}
	return 0;
}

bool evlist__has_cgroups(const struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->cgrp)
			return true;
	return false;
}

static struct evsel *evsel__clone(const struct evsel *orig)
{
	struct evsel *evsel = evsel__new(&orig->attr, orig->name);

	evsel->pmu_name = orig->pmu_name ? xstrdup(orig->pmu_name) : NULL;
	evsel->filter = orig->filter ? xstrdup(orig->filter) : NULL;
	evsel->tp_sys = orig->tp_sys ? xstrdup(orig->tp_sys) : NULL;
	evsel->tp_name = orig->tp_name ? xstrdup(orig->tp_name) : NULL;
	evsel->unit = orig->unit ? xstrdup(orig->unit) : NULL;
	evsel->scale = orig->scale;
	evsel->tool_event = orig->tool_event;
	evsel->cpus = perf_cpu_map__get(orig->cpus);
	evsel->exclude_GH = orig->exclude_GH;
	evsel->precise_max = orig->precise_max;
	evsel->sample_read = orig->sample_read;
	evsel->weak_group = orig->weak_group;
	return evsel;
}

int evlist__expand_cgroup(struct evlist *evlist, const char *str)
{
	struct evsel **orig, *evsel, *tmp;
	int nr = evlist->nr_entries, i = 0;

	if (!nr)
		return 0;
	orig = xcalloc(nr, sizeof(*orig));
	evlist__for_each_entry_safe(evlist, tmp, evsel) {
		evlist__remove(evlist, evsel);
		orig[i++] = evsel;
	}
	evlist->nr_groups = 0;
	for (const char *p = str;; ) {
		const char *e = strchr(p, ',');
		char *name = xstrndup(p, e ? (size_t)(e - p) : strlen(p));
		struct cgroup *cgrp = cgroup__new(name);
		int base = evlist->nr_entries;

		free(name);
		if (!cgrp)
			goto fail;
		for (i = 0; i < nr; i++) {
			evsel = evsel__clone(orig[i]);
			evsel->cgrp = cgroup__get(cgrp);
			evlist__add(evlist, evsel);
		}
		/* the same groups in each copy */
		for (i = 0; i < nr; i++) {
			if (orig[i]->leader == orig[i] && orig[i]->nr_members > 1)
				evlist__set_group(evlist, evlist__find_by_idx(evlist, base + i),
						  evlist__find_by_idx(evlist, base + i + orig[i]->nr_members - 1));
		}
		cgroup__put(cgrp);
		if (!e)
			break;
		p = e + 1;
	}
	for (i = 0; i < nr; i++)
		evsel__delete(orig[i]);
	free(orig);
	return 0;
fail:
	for (i = 0; i < nr; i++)
		evsel__delete(orig[i]);
	free(orig);
	return -1;
}
