// SPDX-License-Identifier: GPL-2.0
/*
 * The model's share of a report: read a perf.data file with the session,
 * feed the machine, resolve every sample and every call-chain entry to
 * (map, symbol), and count distinct symbols. Prints time and peak RSS.
 *
 *   build/bench/resolve [-p] [-m MAX_STACK] FILE
 *
 * -p prints "sym+0xoff (dso)" per chain entry (per sample without chains),
 * as 'perf script -F ip,sym,symoff,dso' does, for comparing with it. Chains
 * stop after MAX_STACK entries (127, upstream's default, as its sysctl).
 * With RESOLVE_HEADERS=1 in the environment each sample starts with a line
 * "@ TID TIME", to find where a comparison differs.
 */
#include <getopt.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/resource.h>
#include "util/data.h"
#include "util/machine.h"
#include "util/session.h"
#include "util/strbuf.h"

/* the header code names the version (perf.c defines it in the perf binary) */
const char perf_version_string[] = PERF_VERSION;

struct resolve_tool {
	struct perf_tool tool;
	struct machine	*machine;
	FILE		*out;
	u64		max_stack;
	u64		samples;
	u64		entries;
	u64		unresolved;
	struct hashmap	seen;		/* distinct symbols */
	u64		nr_seen;
};

struct seen_sym {
	struct hashmap_entry ent;
	const struct symbol *sym;
};

static int seen_cmp(const void *d, const struct hashmap_entry *a, const struct hashmap_entry *b,
		    const void *key)
{
	(void)d;
	return container_of(a, struct seen_sym, ent)->sym !=
	       (key ? key : container_of(b, struct seen_sym, ent)->sym);
}

static void count(struct resolve_tool *rt, const struct addr_location *al, struct strbuf *sb)
{
	struct hashmap_entry key;
	struct seen_sym *s;

	rt->entries++;
	if (!al->sym) {
		rt->unresolved++;
	} else {
		hashmap_entry_init(&key, hash_u64((u64)(uintptr_t)al->sym));
		if (!hashmap_get(&rt->seen, &key, al->sym)) {
			s = xmalloc(sizeof(*s));
			s->sym = al->sym;
			hashmap_entry_init(&s->ent, key.hash);
			hashmap_add(&rt->seen, &s->ent);
			rt->nr_seen++;
		}
	}
	if (!rt->out)
		return;
	if (al->sym)
		strbuf_addf(sb, "%s+0x%" PRIx64 " (%s)\n", symbol__name(al->sym), al->addr - al->sym->start,
			    al->dso->long_name);
	else
		strbuf_addf(sb, "[unknown] (%s)\n", al->dso ? al->dso->long_name : "[unknown]");
}

static int side_band(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	return machine__process_event(container_of(tool, struct resolve_tool, tool)->machine, event, sample);
}

static int sample_cb(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
		     struct evsel *evsel)
{
	struct resolve_tool *rt = container_of(tool, struct resolve_tool, tool);
	static struct strbuf sb = STRBUF_INIT;
	struct addr_location al;
	u8 cpumode = PERF_RECORD_MISC_USER;

	(void)event;
	(void)evsel;
	rt->samples++;
	if (rt->out && getenv("RESOLVE_HEADERS"))
		fprintf(rt->out, "@ %d %" PRIu64 "\n", sample->tid, sample->time);
	machine__resolve_sample(rt->machine, &al, sample);
	strbuf_reset(&sb);
	if (!sample->callchain) {
		count(rt, &al, &sb);
	} else {
		for (u64 i = 0, n = 0; i < sample->callchain->nr && n < rt->max_stack; i++) {
			int r = machine__resolve_callchain_ip(rt->machine, al.thread, &cpumode,
							      sample->callchain->ips[i], &al);

			/* a corrupt chain is dropped whole, as upstream does */
			if (r < 0) {
				strbuf_reset(&sb);
				break;
			}
			if (r == 0) {
				count(rt, &al, &sb);
				n++;
			}
		}
	}
	if (rt->out)
		fputs(sb.buf, rt->out);
	return 0;
}

int main(int argc, char **argv)
{
	struct resolve_tool rt = {
		.tool = {
			.sample = sample_cb, .mmap = side_band, .mmap2 = side_band, .comm = side_band,
			.fork = side_band, .exit = side_band, .ordered_events = true, .no_warn = true,
		},
		.max_stack = 127,
	};
	struct perf_data data = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session;
	struct rusage ru;
	double t0;
	int c, err;

	while ((c = getopt(argc, argv, "pm:")) != -1) {
		if (c == 'p')
			rt.out = stdout;
		else if (c == 'm')
			rt.max_stack = strtoull(optarg, NULL, 0);
		else
			return fprintf(stderr, "usage: %s [-p] [-m MAX_STACK] FILE\n", argv[0]), 129;
	}
	if (optind >= argc)
		return fprintf(stderr, "usage: %s [-p] [-m MAX_STACK] FILE\n", argv[0]), 129;
	data.path = argv[optind];
	hashmap_init(&rt.seen, seen_cmp, NULL, 0);
	t0 = monotonic_seconds();
	session = perf_session__new(&data, &rt.tool);
	if (!session)
		return 1;
	rt.machine = machine__new_host();
	machine__add_build_ids(rt.machine, &session->header.env);
	err = perf_session__process_events(session);
	getrusage(RUSAGE_SELF, &ru);
	fprintf(rt.out ? stderr : stdout,
		"%s: %" PRIu64 " samples, %" PRIu64 " addresses (%" PRIu64 " unresolved), %" PRIu64
		" distinct symbols: %.2f s, peak RSS %ld MiB\n", data.path, rt.samples, rt.entries,
		rt.unresolved, rt.nr_seen, monotonic_seconds() - t0, ru.ru_maxrss / 1024);
	perf_session__delete(session);
	machine__delete(rt.machine);
	return err ? 1 : 0;
}
