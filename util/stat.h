/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counting: the counts of each event read per CPU x thread, aggregated per
 * output line (the whole run, a CPU, core, die, socket, node or thread),
 * scaled when the event was multiplexed, averaged over -r runs, and the
 * values the metrics need (CPUs utilized, /sec, insn per cycle...).
 */
#ifndef PERF_STAT_H
#define PERF_STAT_H

#include <stdio.h>
#include <sys/resource.h>
#include "evlist.h"

/* Running mean and variance (Welford), min and max. */
struct stats {
	double n, mean, M2;
	u64 max, min;
};

void init_stats(struct stats *stats);
void update_stats(struct stats *stats, u64 val);
double avg_stats(const struct stats *stats);
/* The standard deviation of the mean. */
double stddev_stats(const struct stats *stats);
/* stddev as a percentage of avg. */
double rel_stddev_stats(double stddev, double avg);

enum aggr_mode {
	AGGR_GLOBAL,	/* one line per event */
	AGGR_NONE,	/* -A: per CPU */
	AGGR_SOCKET,
	AGGR_DIE,
	AGGR_CORE,
	AGGR_NODE,
	AGGR_THREAD,	/* --per-thread */
};

/* What one output line aggregates. */
struct aggr_id {
	int socket, die, core, node;
	int cpu;	/* AGGR_NONE */
	int thread;	/* AGGR_THREAD: the index in the thread map */
};

struct aggr_map {
	enum aggr_mode mode;
	int nr;
	struct aggr_id *ids;	/* sorted as they are printed */
	int *nr_units;		/* how many CPUs (threads) each line sums */
	int *unit_aggr;		/* CPU index (AGGR_THREAD: thread index) -> line */
};

/* Lines for the CPUs and threads the events are opened on. */
struct aggr_map *aggr_map__new(enum aggr_mode mode, struct perf_cpu_map *cpus,
			       struct perf_thread_map *threads);
void aggr_map__delete(struct aggr_map *map);
/* The line a counter of (cpu_idx, thread_idx) adds to. */
static inline int aggr_map__idx(const struct aggr_map *map, int cpu_idx, int thread_idx)
{
	return map->mode == AGGR_GLOBAL ? 0 :
	       map->unit_aggr[map->mode == AGGR_THREAD ? thread_idx : cpu_idx];
}

/* The counts of one event (evsel->priv). */
struct perf_stat_evsel {
	int ncpus, nthreads;
	struct perf_counts_values *raw;		/* [cpu_idx * nthreads + thread_idx]: the last read */
	struct perf_counts_values *prev;	/* the read before, for intervals */
	struct perf_counts_values *aggr;	/* [line]: this run or interval, scaled */
	struct stats *val_stats;		/* [line * 3 + 0..2]: count, enabled, running over runs */
	int nr_aggr;
	bool scaled;				/* some count was multiplied up */
};

enum stat_type {
	STAT_NSECS,	/* task-clock, cpu-clock */
	STAT_CYCLES,
	STAT_STALLED_CYCLES_FRONT,
	STAT_STALLED_CYCLES_BACK,
	STAT_BRANCHES,
	STAT_CACHEREFS,
	STAT_L1_DCACHE,
	STAT_L1_ICACHE,
	STAT_LL_CACHE,
	STAT_DTLB_CACHE,
	STAT_ITLB_CACHE,
	STAT_MAX,
};

/* The values metrics are computed from, per line and per context (exclude bits, cgroup). */
struct runtime_stat {
	int nr_aggr;
	int nr_ctx;
	struct stats *s;	/* [(type * nr_aggr + line) * nr_ctx + ctx] */
};

/* Allocate counts for every evsel of the evlist (opened on cpus x threads). */
void perf_stat__alloc(struct evlist *evlist, const struct aggr_map *map);
void perf_stat__free(struct evlist *evlist);
/* Forget the runs (interval mode starts each interval afresh). */
void perf_stat__reset(struct evlist *evlist);

/* Read every open counter into raw (group leaders read their members too). Returns 0 or -errno. */
int perf_stat__read(struct evlist *evlist);
/*
 * Turn the raw reads into this period's lines: deltas from the previous
 * read when delta, scaling multiplexed counts when scale; then add them to
 * the per-run statistics and to rt.
 */
void perf_stat__process(struct evlist *evlist, const struct aggr_map *map, bool delta, bool scale,
			struct runtime_stat *rt);

void runtime_stat__init(struct runtime_stat *rt, int nr_aggr);
void runtime_stat__exit(struct runtime_stat *rt);
void runtime_stat__reset(struct runtime_stat *rt);
/* Feed one line's count of evsel (cycles, task-clock...) to the metrics. */
void runtime_stat__update(struct runtime_stat *rt, struct evsel *evsel, int line, u64 count);
const struct stats *runtime_stat__get(const struct runtime_stat *rt, enum stat_type type, int line,
				      const struct evsel *ctx_evsel);

/* task-clock and cpu-clock (counted in ns, shown in msec). */
bool evsel__is_clock(const struct evsel *evsel);
/* Is evsel the event type/config? */
static inline bool evsel__match(const struct evsel *evsel, u32 type, u64 config)
{
	return evsel->attr.type == type && evsel->attr.config == config;
}

#endif
