/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel PMUs as sysfs describes them in /sys/bus/event_source/devices/<pmu>:
 *   type             the perf_event_attr.type to use
 *   format/<term>    where a term's value goes ("config:0-7,32-35")
 *   events/<alias>   named events ("event=0x00"), with .unit/.scale files
 *   cpumask          the CPUs an uncore PMU counts on
 *
 * A PMU is read the first time it is named; the whole directory is listed
 * only when a command needs every PMU (perf list, a bare alias like "tsc").
 */
#ifndef PERF_PMU_H
#define PERF_PMU_H

#include <linux/perf_event.h>
#include "cpumap.h"
#include "list.h"
#include "util.h"

enum perf_pmu_format_value {
	PERF_PMU_FORMAT_CONFIG,
	PERF_PMU_FORMAT_CONFIG1,
	PERF_PMU_FORMAT_CONFIG2,
};

struct perf_pmu_format {
	struct list_head list;
	char *name;
	enum perf_pmu_format_value value;
	u64 bits;		/* the bits of the config word the term's value fills, low first */
};

struct perf_pmu_alias {
	struct list_head list;
	char *name;
	char *terms;		/* "event=0x3c,umask=0x00" */
	char *unit;		/* NULL, or "Joules", "MiB"... */
	double scale;		/* 1.0 unless a .scale file says otherwise */
	bool per_pkg;
	bool snapshot;
};

struct perf_pmu {
	struct list_head list;
	char *name;
	u32 type;
	struct list_head formats;
	struct list_head aliases;
	bool aliases_read;
	struct perf_cpu_map *cpus;	/* from cpumask/cpus, NULL when it counts on any CPU */
};

/* The PMU named name, read from sysfs on first use; NULL if there is none. */
struct perf_pmu *perf_pmu__find(const char *name);
/* The PMU whose type is type (lists every PMU). */
struct perf_pmu *perf_pmu__find_by_type(u32 type);
/* Iterate every PMU, sorted by name: pmu = perf_pmus__next(NULL) ... */
struct perf_pmu *perf_pmus__next(struct perf_pmu *prev);

struct perf_pmu_format *perf_pmu__format(const struct perf_pmu *pmu, const char *name);
/* The largest value a format term can hold. */
u64 perf_pmu_format__max(const struct perf_pmu_format *format);
/* Scatter val into attr's config word along the format's bits. */
void perf_pmu_format__apply(const struct perf_pmu_format *format, struct perf_event_attr *attr, u64 val);
/* The format terms' names joined by commas ("event,umask"); allocated. */
char *perf_pmu__format_names(const struct perf_pmu *pmu);

/* The events/ aliases (read on first use). */
struct list_head *perf_pmu__aliases(struct perf_pmu *pmu);
struct perf_pmu_alias *perf_pmu__alias(struct perf_pmu *pmu, const char *name);

/* Parse a format file's text ("config1:0-7,32") into *value and *bits. Returns 0 or -EINVAL. */
int perf_pmu_format__parse(const char *text, enum perf_pmu_format_value *value, u64 *bits);

/* Free every PMU read so far (for leak checkers and tests). */
void perf_pmus__destroy(void);

/* Root of the PMU directories; tests may point it at a fake tree. */
void perf_pmu__set_sysfs_root(const char *path);

#endif
