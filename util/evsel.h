/* SPDX-License-Identifier: GPL-2.0 */
/*
 * evsel: one event (a perf_event_attr and a name), opened on a set of CPUs
 * and threads. The same struct describes the events read back from a
 * perf.data file, where only attr, name and ids are meaningful.
 *
 * Lifecycle: evsel__new() -> [evlist__add()] -> evsel__open() ->
 * evsel__enable() / evsel__read_counter() -> evsel__close() -> evsel__delete()
 * (an evsel in an evlist is deleted by evlist__delete()).
 */
#ifndef PERF_EVSEL_H
#define PERF_EVSEL_H

#include <linux/perf_event.h>
#include "cpumap.h"
#include "list.h"
#include "threadmap.h"
#include "util.h"

struct evlist;
struct cgroup;

/* One read of a counter (read_format TOTAL_TIME_ENABLED|RUNNING|ID|LOST). */
struct perf_counts_values {
	u64 val;
	u64 ena;
	u64 run;
	u64 id;
	u64 lost;
};

struct evsel {
	struct list_head node;		/* in evlist->entries */
	struct evlist *evlist;
	struct perf_event_attr attr;
	int idx;			/* position in the evlist, from 0 */
	char *name;			/* as users write it: "cpu-clock", "sched:sched_switch", "cycles:u" */
	char *pmu_name;			/* the sysfs PMU for pmu/.../ events, else NULL */
	char *filter;			/* tracepoint filter (--filter), or NULL */
	char *group_name;		/* {a,b} groups may be named */
	struct evsel *leader;		/* group leader; itself when not grouped */
	int nr_members;			/* on a leader: the group's size (1 when alone) */

	/* tracepoints: "sys:name"; tp_format is the parsed format (struct tep_event *) */
	char *tp_sys;
	char *tp_name;
	void *tp_format;

	/* where the event is opened; NULL means the evlist's maps */
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;

	/* open state: fd[cpu_idx * nr_threads + thread_idx], -1 when not open */
	int *fd;
	int nr_fd_cpus;
	int nr_fd_threads;
	struct perf_cpu_map *fd_cpus;	/* the CPUs of fd[]'s rows (a reference) */
	int open_errno;			/* errno of the failed open (0 when it worked) */
	bool supported;			/* opened at least once */

	/* sample ids: from PERF_EVENT_IOC_ID when opened, or the file's attr section */
	u64 *ids;
	int nr_ids;
	int ids_alloc;

	/* set by the event parser */
	struct evsel_config_terms *config_terms; /* per-event term overrides, NULL when none */
	char *unit;			/* unit of a PMU event alias ("Joules"), or NULL */
	double scale;			/* counts are multiplied by this (1.0) */
	int tool_event;			/* enum perf_tool_event: duration_time... (0: a kernel event) */
	bool exclude_GH;		/* a G or H modifier was given */
	bool precise_max;		/* 'P': the highest precise_ip the event supports */
	bool sample_read;		/* 'S': read the group's counts with each sample */
	bool weak_group;		/* 'W': open without the group if the group fails */
	struct cgroup *cgrp;		/* count only in this cgroup (-G), or NULL */

	/* free for the command using the evsel (stat counts, report hists...) */
	void *priv;
};

/*
 * Event terms that override a command's options for one event
 * ("cpu-clock/period=1000,call-graph=dwarf,stack-size=8192/"). The parser
 * already put period, freq and config* into attr; a command that sets its own
 * defaults (record) re-applies the others after them. Bits in 'set' tell
 * which fields were given.
 */
enum evsel_term_bits {
	EVSEL_TERM_PERIOD	= 1 << 0,
	EVSEL_TERM_FREQ		= 1 << 1,
	EVSEL_TERM_TIME		= 1 << 2,
	EVSEL_TERM_CALLGRAPH	= 1 << 3,
	EVSEL_TERM_STACK_SIZE	= 1 << 4,
	EVSEL_TERM_MAX_STACK	= 1 << 5,
	EVSEL_TERM_INHERIT	= 1 << 6,	/* inherit or no-inherit */
	EVSEL_TERM_OVERWRITE	= 1 << 7,	/* overwrite or no-overwrite */
	EVSEL_TERM_MAX_EVENTS	= 1 << 8,	/* nr= */
	EVSEL_TERM_BRANCH	= 1 << 9,
	EVSEL_TERM_DRV_CFG	= 1 << 10,
	EVSEL_TERM_PERCORE	= 1 << 11,
	EVSEL_TERM_AUX_OUTPUT	= 1 << 12,
	EVSEL_TERM_AUX_SAMPLE_SIZE = 1 << 13,
	EVSEL_TERM_METRIC_ID	= 1 << 14,
};

struct evsel_config_terms {
	unsigned int set;	/* enum evsel_term_bits */
	u64 period;
	u64 freq;
	bool time;
	char *callgraph;	/* "fp", "dwarf", "lbr", "no" */
	u64 stack_size;
	int max_stack;
	bool inherit;
	bool overwrite;
	u64 max_events;
	char *branch_type;
	char *drv_cfg;
	bool percore;
	bool aux_output;
	u32 aux_sample_size;
	char *metric_id;
};

void evsel_config_terms__delete(struct evsel_config_terms *terms);

/* The event's name; computed from attr ("cycles:u") and kept when it has none. */
const char *evsel__name(struct evsel *evsel);

/* A new event with a copy of attr; name may be NULL (set it with evsel__set_name). */
struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name);
void evsel__delete(struct evsel *evsel);
void evsel__set_name(struct evsel *evsel, const char *name);

/*
 * Open the event on every cpu x thread of the maps (NULL: the evsel's own,
 * else the evlist's). A group member is opened with its leader's fd.
 * Returns 0, or -errno of the first failure (evsel->open_errno).
 */
int evsel__open(struct evsel *evsel, struct perf_cpu_map *cpus, struct perf_thread_map *threads);
void evsel__close(struct evsel *evsel);
bool evsel__is_open(const struct evsel *evsel);
int evsel__fd(const struct evsel *evsel, int cpu_idx, int thread_idx);
int evsel__enable(struct evsel *evsel);
int evsel__disable(struct evsel *evsel);
/* Apply a tracepoint filter to every fd (PERF_EVENT_IOC_SET_FILTER). */
int evsel__apply_filter(struct evsel *evsel, const char *filter);
/* Read one counter; values are raw (not scaled). Returns 0 or -errno. */
int evsel__read_counter(struct evsel *evsel, int cpu_idx, int thread_idx,
			struct perf_counts_values *count);

/* Remember a sample id for this event (also indexed in its evlist). */
void evsel__add_id(struct evsel *evsel, u64 id);

static inline bool evsel__is_group_leader(const struct evsel *evsel)
{
	return evsel->leader == evsel;
}

/* Position within its group (0 for the leader). */
int evsel__group_idx(const struct evsel *evsel);

/* Size of the sample_id_all trailer / id fields implied by attr.sample_type. */
int perf_evsel__id_hdr_size(const struct perf_event_attr *attr);

#endif
