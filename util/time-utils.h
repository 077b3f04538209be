/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --time for report and script: absolute ranges ("START,STOP" in
 * seconds.nanoseconds, either side optional, several separated by spaces)
 * and percent slices of the recording ("10%/2", "0%-10%,30%-40%").
 */
#ifndef PERF_TIME_UTILS_H
#define PERF_TIME_UTILS_H

#include "util.h"

struct perf_time_interval {
	u64 start;	/* 0: from the beginning */
	u64 end;	/* 0: to the end */
};

/* "1234.000567" -> ns. Returns 0, or -1 when str is not a time. */
int parse_nsec_time(const char *str, u64 *ns);

/*
 * Parse a --time argument into an allocated array of intervals (*ranges,
 * *nr). Percent forms need the first and last sample times of the file
 * (the sample_time feature); without them (both 0) they are an error.
 * Returns 0, or -1 after printing what is wrong with the string.
 */
int perf_time__parse_for_ranges(const char *str, u64 first_sample_time, u64 last_sample_time,
				struct perf_time_interval **ranges, int *nr);

/* True when timestamp lies outside every interval (the sample is filtered out). */
bool perf_time__ranges_skip_sample(const struct perf_time_interval *ranges, int nr, u64 timestamp);

/* "1234.567890" (seconds with microseconds) as perf prints times. */
int timestamp__scnprintf_usec(u64 timestamp, char *buf, size_t size);
/* "1234.567890123" with nanoseconds (--ns). */
int timestamp__scnprintf_nsec(u64 timestamp, char *buf, size_t size);

#endif
