// SPDX-License-Identifier: GPL-2.0
#include "time-utils.h"
#include "debug.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#define NSEC_PER_SEC 1000000000ULL

int parse_nsec_time(const char *str, u64 *ns)
{
	const char *p = str;
	u64 sec = 0, frac = 0;
	int digits = 0;

	if (!isdigit((unsigned char)*p) && *p != '.')
		return -1;
	while (isdigit((unsigned char)*p)) {
		sec = sec * 10 + (*p - '0');
		p++;
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p)) {
			if (digits < 9) {
				frac = frac * 10 + (*p - '0');
				digits++;
			}
			p++;
		}
	}
	if (*p)
		return -1;
	while (digits++ < 9)
		frac *= 10;
	*ns = sec * NSEC_PER_SEC + frac;
	return 0;
}

/* One "START,STOP" range; either side may be empty. */
static int parse_abs_range(const char *s, size_t len, struct perf_time_interval *out)
{
	char *copy = xstrndup(s, len), *comma = strchr(copy, ',');
	int err = 0;

	out->start = out->end = 0;
	if (!comma) {
		err = -1;
		goto out;
	}
	*comma = '\0';
	if (*copy && parse_nsec_time(copy, &out->start))
		err = -1;
	if (comma[1] && parse_nsec_time(comma + 1, &out->end))
		err = -1;
	if (!err && out->end && out->start > out->end)
		err = -1;
out:
	free(copy);
	return err;
}

/* "12.5%" -> 0.125; returns -1 without a trailing '%' or out of [0, 100]. */
static int parse_percent(const char *s, const char *end, double *out)
{
	char *stop;
	double v = strtod(s, &stop);

	if (stop == s || stop + 1 != end || *stop != '%' || v < 0 || v > 100)
		return -1;
	*out = v / 100.0;
	return 0;
}

/* "a%/n" (the n-th slice of size a%) or "a%-b%". */
static int parse_percent_range(const char *s, size_t len, u64 first, u64 last,
			       struct perf_time_interval *out)
{
	const char *end = s + len, *sep;
	double total = (double)(last - first), a, b;

	if ((sep = memchr(s, '/', len)) != NULL) {
		char *stop;
		long n;

		if (parse_percent(s, sep, &a) || a == 0)
			return -1;
		n = strtol(sep + 1, &stop, 10);
		if (stop != end || n < 1 || (double)n * a > 1.0 + 1e-9)
			return -1;
		out->start = first + (u64)(total * a * (n - 1));
		out->end = first + (u64)(total * a * n);
		return 0;
	}
	sep = memchr(s, '-', len);
	if (!sep || parse_percent(s, sep, &a) || parse_percent(sep + 1, end, &b) || a > b)
		return -1;
	out->start = first + (u64)(total * a);
	out->end = first + (u64)(total * b);
	return 0;
}

int perf_time__parse_for_ranges(const char *str, u64 first, u64 last,
				struct perf_time_interval **ranges, int *nr)
{
	bool percent = strchr(str, '%') != NULL;
	/* percent ranges are separated by commas, absolute ones by spaces */
	char sep = percent ? ',' : ' ';
	struct perf_time_interval *r = NULL;
	int n = 0, alloc = 0;
	const char *p = str;

	if (percent && (!first || !last || last < first)) {
		pr_err("--time %s: percent ranges need the first and last sample times, which this file does not have\n",
		       str);
		return -1;
	}
	while (*p) {
		const char *end = strchr(p, sep);
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int err;

		if (len == 0) {
			p++;
			continue;
		}
		ALLOC_GROW(r, n + 1, alloc);
		err = percent ? parse_percent_range(p, len, first, last, &r[n])
			      : parse_abs_range(p, len, &r[n]);
		if (err) {
			/* upstream's one-line error; the detail with -v */
			pr_debug("bad range '%.*s' in --time '%s'\n", (int)len, p, str);
			pr_err("Invalid time string\n");
			free(r);
			return -1;
		}
		/* consecutive percent slices must not both take the boundary sample */
		if (percent && n > 0 && r[n].start == r[n - 1].end)
			r[n].start++;
		n++;
		p += len;
	}
	if (!n) {
		pr_debug("no range in --time '%s'\n", str);
		pr_err("Invalid time string\n");
		free(r);
		return -1;
	}
	*ranges = r;
	*nr = n;
	return 0;
}

bool perf_time__ranges_skip_sample(const struct perf_time_interval *ranges, int nr, u64 ts)
{
	if (!nr)
		return false;
	for (int i = 0; i < nr; i++) {
		const struct perf_time_interval *r = &ranges[i];

		if ((!r->start || ts >= r->start) && (!r->end || ts <= r->end))
			return false;
	}
	return true;
}

int timestamp__scnprintf_usec(u64 timestamp, char *buf, size_t size)
{
	u64 sec = timestamp / NSEC_PER_SEC;
	u64 usec = (timestamp % NSEC_PER_SEC) / 1000;

	return snprintf(buf, size, "%llu.%06llu", (unsigned long long)sec, (unsigned long long)usec);
}

int timestamp__scnprintf_nsec(u64 timestamp, char *buf, size_t size)
{
	u64 sec = timestamp / NSEC_PER_SEC;
	u64 nsec = timestamp % NSEC_PER_SEC;

	return snprintf(buf, size, "%llu.%09llu", (unsigned long long)sec, (unsigned long long)nsec);
}
