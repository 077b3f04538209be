// SPDX-License-Identifier: GPL-2.0
/*
 * perf list: the events this machine can count, by category, or those
 * matching a class name (hw, sw, cache, tracepoint, pmu, sdt) or a glob.
 */
#include "builtin.h"
#include "util/debug.h"
#include <linux/perf_event.h>
#include "util/parse-options.h"
#include "util/print-events.h"
#include <stdio.h>

static const char * const list_usage[] = {
	"perf list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
	NULL
};

static int cputype_cb(const struct option *opt, const char *arg, int unset)
{
	(void)opt;
	(void)arg;
	(void)unset;
	/* no hybrid PMUs on this machine: upstream warns and lists everything */
	fprintf(stderr, "WARNING: hybrid cputype is not supported!\n");
	return 0;
}

/* One argument: a class, "sys:event" (globs allowed) or a word to look for. */
static void list_one(const char *arg, bool raw)
{
	const char *sep = strchr(arg, ':');

	if (!strcmp(arg, "tracepoint")) {
		print_tracepoint_events(NULL, NULL, raw);
	} else if (!strcmp(arg, "hw") || !strcmp(arg, "hardware")) {
		print_symbol_events(NULL, PERF_TYPE_HARDWARE, raw);
	} else if (!strcmp(arg, "sw") || !strcmp(arg, "software")) {
		print_symbol_events(NULL, PERF_TYPE_SOFTWARE, raw);
		print_tool_events(NULL, raw);
	} else if (!strcmp(arg, "cache") || !strcmp(arg, "hwcache")) {
		print_hwcache_events(NULL, raw);
	} else if (!strcmp(arg, "pmu")) {
		print_pmu_events(NULL, raw);
	} else if (!strcmp(arg, "sdt")) {
		print_sdt_events(NULL, NULL, raw);
	} else if (!strcmp(arg, "metric") || !strcmp(arg, "metrics")) {
		/* no metric tables for this CPU */
		printf(raw ? "\n" : "\nMetrics:\n\n");
	} else if (!strcmp(arg, "metricgroup") || !strcmp(arg, "metricgroups")) {
		if (!raw)
			printf("\nMetric Groups:\n\n");
	} else if (sep) {
		char *sys = xstrndup(arg, sep - arg);

		print_tracepoint_events(sys, sep + 1, raw);
		print_sdt_events(sys, sep + 1, raw);
		free(sys);
	} else {
		char *glob = xasprintf("*%s*", arg);

		print_events(glob, raw);
		free(glob);
	}
}

int cmd_list(int argc, const char **argv)
{
	bool raw_dump = false, desc = true, long_desc = false, deprecated = false, details = false;
	const struct option list_options[] = {
		OPT_BOOLEAN_FLAG(0, "raw-dump", &raw_dump, "Dump raw events", PARSE_OPT_HIDDEN),
		OPT_BOOLEAN('d', "desc", &desc, "Print extra event descriptions. --no-desc to not print."),
		OPT_BOOLEAN('v', "long-desc", &long_desc, "Print longer event descriptions."),
		OPT_BOOLEAN(0, "details", &details,
			    "Print information on the perf event names and expressions used internally by events."),
		OPT_BOOLEAN(0, "deprecated", &deprecated, "Print deprecated events."),
		OPT_CALLBACK(0, "cputype", NULL, "hybrid cpu type",
			     "Print events applying cpu with this type for hybrid platform (e.g. core or atom)",
			     cputype_cb),
		OPT_INCR(0, "debug", &verbose, "Enable debugging output"),
		OPT_END()
	};

	/* the descriptions these options control come from event tables this build has none of */
	(void)desc;
	(void)long_desc;
	(void)deprecated;
	(void)details;
	argc = parse_options(argc, argv, list_options, list_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc == 0) {
		print_events(NULL, raw_dump);
		return 0;
	}
	for (int i = 0; i < argc; i++)
		list_one(argv[i], raw_dump);
	return 0;
}
