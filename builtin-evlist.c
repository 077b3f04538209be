// SPDX-License-Identifier: GPL-2.0
/* perf evlist: the events of a perf.data file. */
#include "builtin.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/parse-options.h"
#include "util/session.h"
#include <event-parse.h>
#include <stdio.h>

struct evlist_details {
	bool verbose;
	bool freq;
	bool event_group;
	bool trace_fields;
};

static int comma_attr__fprintf(FILE *fp, const char *name, const char *val, void *priv)
{
	bool *first = priv;
	int ret = fprintf(fp, "%s %s: %s", *first ? ":" : ",", name, val);

	*first = false;
	return ret;
}

static void print_trace_fields(struct evsel *evsel, FILE *fp)
{
	struct tep_event *tp = evsel->tp_format;
	struct tep_format_field *field;

	if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !tp) {
		fprintf(fp, ": (not a tracepoint)");
		return;
	}
	fprintf(fp, ": trace_fields: ");
	for (field = tp->format.fields; field; field = field->next)
		fprintf(fp, "%s%s", field == tp->format.fields ? "" : ",", field->name);
}

static void evsel__fprintf_details(struct evsel *evsel, const struct evlist_details *d, FILE *fp)
{
	bool first = true;

	if (d->event_group) {
		struct evsel *pos = evsel;

		if (!evsel__is_group_leader(evsel))
			return;
		if (evsel->nr_members > 1)
			fprintf(fp, "%s{", evsel->group_name ? evsel->group_name : "");
		fprintf(fp, "%s", evsel->name);
		for (int i = 1; i < evsel->nr_members; i++) {
			pos = list_next_entry(pos, node);
			fprintf(fp, ",%s", pos->name);
		}
		if (evsel->nr_members > 1)
			fputc('}', fp);
		fputc('\n', fp);
		return;
	}
	fprintf(fp, "%s", evsel->name);
	if (d->verbose) {
		perf_event_attr__fprintf(fp, &evsel->attr, comma_attr__fprintf, &first);
	} else if (d->freq) {
		const char *term = evsel->attr.freq ? "sample_freq" : "sample_period";

		fprintf(fp, "%s %s=%llu", first ? ":" : ",", term,
			(unsigned long long)evsel->attr.sample_period);
		first = false;
	}
	if (d->trace_fields)
		print_trace_fields(evsel, fp);
	fputc('\n', fp);
}

static int __cmd_evlist(const char *file_name, struct evlist_details *details, bool force)
{
	struct perf_data data = { .path = file_name, .mode = PERF_DATA_MODE_READ, .force = force };
	struct perf_tool tool = { .ordered_events = false, .no_warn = true };
	struct perf_session *session;
	struct evsel *evsel;
	bool has_tp = false;

	session = perf_session__new(&data, &tool);
	if (!session)
		return -1;
	/* pipe mode: the events arrive as ATTR and FEATURE records */
	if (session->header.is_pipe)
		perf_session__process_events(session);
	evlist__set_fallback_names(session->evlist);
	if (details->trace_fields)
		perf_session__tep(session);
	evlist__for_each_entry(session->evlist, evsel) {
		evsel__fprintf_details(evsel, details, stdout);
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			has_tp = true;
	}
	if (has_tp && !details->trace_fields)
		printf("# Tip: use 'perf evlist --trace-fields' to show fields for tracepoint events\n");
	perf_session__delete(session);
	return 0;
}

int cmd_evlist(int argc, const char **argv)
{
	struct evlist_details details = { .verbose = false };
	const char *input_name = NULL;
	bool force = false;
	const struct option options[] = {
		OPT_STRING('i', "input", &input_name, "file", "Input file name"),
		OPT_BOOLEAN('F', "freq", &details.freq, "Show the sample frequency"),
		OPT_BOOLEAN('v', "verbose", &details.verbose, "Show all event attr details"),
		OPT_BOOLEAN('g', "group", &details.event_group, "Show event group information"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_BOOLEAN(0, "trace-fields", &details.trace_fields, "Show tracepoint fields"),
		OPT_END()
	};
	const char * const evlist_usage[] = {
		"perf evlist [<options>]",
		NULL
	};

	argc = parse_options(argc, argv, options, evlist_usage, 0);
	if (argc)
		usage_with_options(evlist_usage, options);
	if (details.event_group && (details.verbose || details.freq))
		usage_with_options_msg(evlist_usage, options,
				       "--group option is not compatible with other options\n");
	return __cmd_evlist(input_name, &details, force);
}
