// SPDX-License-Identifier: GPL-2.0
/*
 * The data layer's share of every report: read a perf.data file with the
 * session and hand every record to a tool that only counts (samples,
 * call-chain entries, side-band records). Prints the time of the pass and
 * the peak RSS. Compare with the kit's perfdata-walk, the floor of a pass
 * over a perf.data file (bench/session-walk.sh does, paired).
 *
 *   build/bench/session [-u] FILE
 *
 * -u delivers in file order (no ordered events), as 'report --disable-order'.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/resource.h>
#include "util/data.h"
#include "util/session.h"

/* the header code names the version (perf.c defines it in the perf binary) */
const char perf_version_string[] = PERF_VERSION;

struct count_tool {
	struct perf_tool tool;
	u64 samples;
	u64 frames;
	u64 periods;
	u64 sideband;
};

static int count_sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			struct evsel *evsel)
{
	struct count_tool *ct = container_of(tool, struct count_tool, tool);

	(void)event;
	(void)evsel;
	ct->samples++;
	ct->periods += sample->period;
	if (sample->callchain)
		ct->frames += sample->callchain->nr;
	return 0;
}

static int count_sideband(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	(void)event;
	(void)sample;
	container_of(tool, struct count_tool, tool)->sideband++;
	return 0;
}

int main(int argc, char **argv)
{
	struct count_tool ct = {
		.tool = {
			.sample = count_sample,
			.mmap = count_sideband, .mmap2 = count_sideband, .comm = count_sideband,
			.fork = count_sideband, .exit = count_sideband,
			.ordered_events = true,
		},
	};
	struct perf_data data = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session;
	struct rusage ru;
	double t0;
	int opt, err;

	while ((opt = getopt(argc, argv, "u")) != -1) {
		if (opt != 'u') {
			fprintf(stderr, "usage: session [-u] FILE\n");
			return 2;
		}
		ct.tool.ordered_events = false;
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: session [-u] FILE\n");
		return 2;
	}
	data.path = argv[optind];
	t0 = monotonic_seconds();
	session = perf_session__new(&data, &ct.tool);
	if (!session)
		return 1;
	err = perf_session__process_events(session);
	perf_session__delete(session);
	getrusage(RUSAGE_SELF, &ru);
	printf("%s: %" PRIu64 " samples, %" PRIu64 " call-chain entries, %" PRIu64 " side-band records, "
	       "period sum %" PRIu64 ", %.3f s, peak RSS %ld MiB%s\n", argv[optind], ct.samples, ct.frames,
	       ct.sideband, ct.periods, monotonic_seconds() - t0, ru.ru_maxrss / 1024,
	       ct.tool.ordered_events ? "" : " (file order)");
	return err ? 1 : 0;
}
