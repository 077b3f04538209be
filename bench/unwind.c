// SPDX-License-Identifier: GPL-2.0
/*
 * The unwinder's share of a report on a --call-graph dwarf file: read it
 * with the session, feed the machine, resolve every sample's call chain
 * (the recorded kernel part, then the user part unwound from the stack
 * copy) with sample__resolve_callchain(). Prints time and peak RSS.
 *
 *   build/bench/unwind [-p] [-n] [-m MAX_STACK] FILE
 *
 * -p prints each sample's chain as 'perf script -F ip,sym,symoff,dso' does
 * (with the unwound frames' inline levels; not with -n, as --no-inline),
 * for comparing with it.
 */
#include <getopt.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/resource.h>
#include "util/callchain-resolve.h"
#include "util/data.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/machine.h"
#include "util/session.h"
#include "util/strbuf.h"

/* the header code names the version (perf.c defines it in the perf binary) */
const char perf_version_string[] = PERF_VERSION;

struct unwind_tool {
	struct perf_tool	tool;
	struct machine		*machine;
	FILE			*out;
	int			max_stack;
	u64			samples;
	u64			frames;
	u64			max_frames;
	struct resolved_chain	chain;
	struct strbuf		sb;
};

static int side_band(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	return machine__process_event(container_of(tool, struct unwind_tool, tool)->machine, event, sample);
}

static void print_frame(struct strbuf *sb, const struct resolved_frame *f)
{
	strbuf_addf(sb, "\t%16" PRIx64 " ", f->addr);	/* map-relative, as perf script */
	if (f->sym)
		strbuf_addf(sb, "%s+0x%" PRIx64, symbol__name(f->sym), f->addr - f->sym->start);
	else
		strbuf_addstr(sb, "[unknown]");
	if (symbol__inlined(f->sym))
		strbuf_addstr(sb, " (inlined)\n");
	else
		strbuf_addf(sb, " (%s)\n", f->dso ? f->dso->long_name : "[unknown]");
}

static int sample_cb(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
		     struct evsel *evsel)
{
	struct unwind_tool *ut = container_of(tool, struct unwind_tool, tool);
	struct thread *thread = machine__findnew_thread(ut->machine, sample->pid, sample->tid);

	(void)event;
	ut->samples++;
	sample__resolve_callchain(ut->machine, thread, evsel, sample, ut->max_stack, &ut->chain);
	ut->frames += ut->chain.nr;

	if ((u64)ut->chain.nr > ut->max_frames)
		ut->max_frames = ut->chain.nr;
	if (!ut->out)
		return 0;
	strbuf_reset(&ut->sb);
	strbuf_addch(&ut->sb, '\n');
	for (int i = 0; i < ut->chain.nr; i++)
		print_frame(&ut->sb, &ut->chain.frames[i]);
	strbuf_addch(&ut->sb, '\n');
	fwrite(ut->sb.buf, 1, ut->sb.len, ut->out);
	return 0;
}

static int usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [-p] [-n] [-m MAX_STACK] FILE\n", argv0);
	return 129;
}

int main(int argc, char **argv)
{
	struct unwind_tool ut = {
		.tool = {
			.sample = sample_cb, .mmap = side_band, .mmap2 = side_band, .comm = side_band,
			.fork = side_band, .exit = side_band, .ordered_events = true, .no_warn = true,
		},
		.max_stack = 127,
		.sb = STRBUF_INIT,
	};
	struct perf_data data = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session;
	struct rusage ru;
	double t0;
	int c, err;

	while ((c = getopt(argc, argv, "pnm:")) != -1) {
		if (c == 'p')
			ut.out = stdout;
		else if (c == 'n')
			symbol_conf.inline_name = false;
		else if (c == 'm')
			ut.max_stack = atoi(optarg);
		else
			return usage(argv[0]);
	}
	if (optind >= argc)
		return usage(argv[0]);
	data.path = argv[optind];
	resolved_chain__init(&ut.chain);
	t0 = monotonic_seconds();
	session = perf_session__new(&data, &ut.tool);
	if (!session)
		return 1;
	ut.machine = machine__new_host();
	machine__idle_thread(ut.machine);
	machine__add_build_ids(ut.machine, &session->header.env);
	err = perf_session__process_events(session);
	getrusage(RUSAGE_SELF, &ru);
	fprintf(ut.out ? stderr : stdout,
		"%s: %" PRIu64 " samples, %" PRIu64 " frames (at most %" PRIu64 " in a chain): %.2f s, peak RSS %ld MiB\n",
		data.path, ut.samples, ut.frames, ut.max_frames, monotonic_seconds() - t0, ru.ru_maxrss / 1024);
	resolved_chain__exit(&ut.chain);
	strbuf_release(&ut.sb);
	perf_session__delete(session);
	machine__delete(ut.machine);
	return err ? 1 : 0;
}
