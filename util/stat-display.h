/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf stat's output in upstream's three layouts: the aligned table, CSV
 * (-x SEP) and JSON (-j), per aggregation mode, for a run, -r runs or one
 * interval (-I).
 */
#ifndef PERF_STAT_DISPLAY_H
#define PERF_STAT_DISPLAY_H

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include "stat.h"

struct perf_stat_config {
	enum aggr_mode aggr_mode;
	struct aggr_map *aggr_map;
	struct runtime_stat rt;
	FILE *output;
	bool csv_output;
	bool json_output;
	const char *csv_sep;		/* " " for the table */
	bool big_num;			/* thousands separators (as the locale says) */
	bool null_run;
	bool ru_display;		/* print "seconds user/sys" */
	bool no_csv_summary;
	bool interval_clear;
	bool walltime_run_table;	/* --table */
	bool metric_only;
	int run_count;
	unsigned int interval;		/* ms, 0 when not -I */
	int unit_width;
	struct stats walltime_nsecs_stats;
	u64 *walltime_run;		/* each run's duration, for --table */
	struct rusage ru_data;
	bool print_free_counters_hint;
	bool print_mixed_hw_group_error;

	/* what the header names */
	bool system_wide;
	const char *cpu_list;
	const char *pid;
	const char *tid;
	int argc;
	const char **argv;

	struct perf_thread_map *threads;
	char **thread_comm;		/* comm of each thread, for --per-thread */
	struct perf_cpu_map *cpus;
	int num_print_interval;
};

/*
 * Print every event: the header, the counts and the footer, or one interval
 * (ts is the time since the start) or the summary after the intervals.
 */
void perf_stat__print_counters(struct perf_stat_config *config, struct evlist *evlist,
			       const struct timespec *ts, bool summary);

#endif
