/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counting in a cgroup (-G, --for-each-cgroup): the event is opened with the
 * cgroup's directory as pid (PERF_FLAG_PID_CGROUP), in the perf_event
 * hierarchy (cgroup v1 'perf_event' controller, else the cgroup v2 mount).
 */
#ifndef PERF_CGROUP_H
#define PERF_CGROUP_H

#include "util.h"

struct evlist;

struct cgroup {
	int refcnt;
	int fd;		/* the cgroup directory, open */
	char *name;	/* as given, relative to the hierarchy's root ("/", "system.slice") */
	int idx;	/* 1, 2, ... in the order they were opened */
};

/* How many cgroups were opened (their idx go up to this). */
int cgroup__nr(void);

/* Open cgroup name; NULL (message printed) when it cannot be opened. */
struct cgroup *cgroup__new(const char *name);
struct cgroup *cgroup__get(struct cgroup *cgrp);
void cgroup__put(struct cgroup *cgrp);

/*
 * -G a,b,...: the n-th name given (over all -G options) goes to the n-th
 * event; a single name goes to every event. Returns 0 or -1 (message printed).
 */
int evlist__set_cgroups(struct evlist *evlist, const char *str);
bool evlist__has_cgroups(const struct evlist *evlist);
/* --for-each-cgroup a,b: every event once per cgroup, in that order. Returns 0 or -1. */
int evlist__expand_cgroup(struct evlist *evlist, const char *str);

#endif
