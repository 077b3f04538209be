// SPDX-License-Identifier: GPL-2.0
#include "stat.h"
#include "cgroup.h"
#include "hw-events.h"
#include "topology.h"
#include <errno.h>
#include <math.h>
#include <unistd.h>

/* ---------------------------------------------------------------- stats */

void init_stats(struct stats *stats)
{
	stats->n = 0.0;
	stats->mean = 0.0;
	stats->M2 = 0.0;
	stats->min = (u64)-1;
	stats->max = 0;
}

void update_stats(struct stats *stats, u64 val)
{
	double delta;

	stats->n++;
	delta = (double)val - stats->mean;
	stats->mean += delta / stats->n;
	stats->M2 += delta * ((double)val - stats->mean);
	if (val > stats->max)
		stats->max = val;
	if (val < stats->min)
		stats->min = val;
}

double avg_stats(const struct stats *stats)
{
	return stats->mean;
}

double stddev_stats(const struct stats *stats)
{
	double variance;

	if (stats->n < 2)
		return 0.0;
	variance = stats->M2 / (stats->n - 1);
	return sqrt(variance / stats->n);
}

double rel_stddev_stats(double stddev, double avg)
{
	return avg ? 100.0 * stddev / avg : 0.0;
}

/* ---------------------------------------------------------- aggregation */

static int aggr_id_cmp(enum aggr_mode mode, const struct aggr_id *a, const struct aggr_id *b)
{
	switch (mode) {
	case AGGR_NODE:
		return a->node - b->node;
	case AGGR_SOCKET:
		return a->socket - b->socket;
	case AGGR_DIE:
		return a->socket != b->socket ? a->socket - b->socket : a->die - b->die;
	case AGGR_CORE:
		if (a->socket != b->socket)
			return a->socket - b->socket;
		return a->die != b->die ? a->die - b->die : a->core - b->core;
	case AGGR_NONE:
		return a->cpu - b->cpu;
	default:
		return 0;
	}
}

static struct aggr_id cpu_aggr_id(enum aggr_mode mode, int cpu)
{
	struct aggr_id id = { -1, -1, -1, -1, -1, -1 };
	struct cpu_topology_id topo;

	if (mode == AGGR_NONE) {
		id.cpu = cpu;
		return id;
	}
	cpu__topology(cpu, &topo);
	switch (mode) {
	case AGGR_CORE:
		id.core = topo.core;
		/* fall through */
	case AGGR_DIE:
		id.die = topo.die;
		/* fall through */
	case AGGR_SOCKET:
		id.socket = topo.socket;
		break;
	case AGGR_NODE:
		id.node = topo.node;
		break;
	default:
		break;
	}
	return id;
}

struct aggr_map *aggr_map__new(enum aggr_mode mode, struct perf_cpu_map *cpus,
			       struct perf_thread_map *threads)
{
	struct aggr_map *map = xzalloc(sizeof(*map));
	int units = mode == AGGR_THREAD ? perf_thread_map__nr(threads) : perf_cpu_map__nr(cpus);

	map->mode = mode;
	map->unit_aggr = xcalloc(units, sizeof(int));
	map->ids = xcalloc(units, sizeof(*map->ids));
	map->nr_units = xcalloc(units, sizeof(int));
	if (mode == AGGR_GLOBAL) {
		map->nr = 1;
		map->nr_units[0] = units;
		return map;
	}
	if (mode == AGGR_THREAD) {
		for (int i = 0; i < units; i++) {
			map->ids[i] = (struct aggr_id){ -1, -1, -1, -1, -1, i };
			map->nr_units[i] = 1;
			map->unit_aggr[i] = i;
		}
		map->nr = units;
		return map;
	}
	/* insertion into a sorted list of distinct ids: there are few CPUs */
	for (int i = 0; i < units; i++) {
		struct aggr_id id = cpu_aggr_id(mode, perf_cpu_map__cpu(cpus, i));
		int pos = 0;

		while (pos < map->nr && aggr_id_cmp(mode, &map->ids[pos], &id) < 0)
			pos++;
		if (pos == map->nr || aggr_id_cmp(mode, &map->ids[pos], &id)) {
			memmove(&map->ids[pos + 1], &map->ids[pos], (map->nr - pos) * sizeof(*map->ids));
			memmove(&map->nr_units[pos + 1], &map->nr_units[pos], (map->nr - pos) * sizeof(int));
			map->ids[pos] = id;
			map->nr_units[pos] = 0;
			map->nr++;
		}
		map->nr_units[pos]++;
	}
	for (int i = 0; i < units; i++) {
		struct aggr_id id = cpu_aggr_id(mode, perf_cpu_map__cpu(cpus, i));

		for (int j = 0; j < map->nr; j++)
			if (!aggr_id_cmp(mode, &map->ids[j], &id))
				map->unit_aggr[i] = j;
	}
	return map;
}

void aggr_map__delete(struct aggr_map *map)
{
	if (!map)
		return;
	free(map->ids);
	free(map->nr_units);
	free(map->unit_aggr);
	free(map);
}

/* --------------------------------------------------------------- counts */

bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel__match(evsel, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK) ||
	       evsel__match(evsel, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK);
}

void perf_stat__alloc(struct evlist *evlist, const struct aggr_map *map)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct perf_stat_evsel *ps = xzalloc(sizeof(*ps));
		struct perf_cpu_map *cpus = evsel->cpus ? evsel->cpus : evlist->cpus;
		int n;

		ps->ncpus = perf_cpu_map__nr(cpus);
		ps->nthreads = perf_thread_map__nr(evlist->threads);
		n = ps->ncpus * ps->nthreads;
		ps->raw = xcalloc(n, sizeof(*ps->raw));
		ps->prev = xcalloc(n, sizeof(*ps->prev));
		ps->nr_aggr = map->nr;
		ps->aggr = xcalloc(map->nr, sizeof(*ps->aggr));
		ps->val_stats = xcalloc(map->nr * 3, sizeof(*ps->val_stats));
		for (int i = 0; i < map->nr * 3; i++)
			init_stats(&ps->val_stats[i]);
		evsel->priv = ps;
	}
}

void perf_stat__free(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;

		if (!ps)
			continue;
		free(ps->raw);
		free(ps->prev);
		free(ps->aggr);
		free(ps->val_stats);
		free(ps);
		evsel->priv = NULL;
	}
}

void perf_stat__reset(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;

		for (int i = 0; i < ps->nr_aggr * 3; i++)
			init_stats(&ps->val_stats[i]);
		ps->scaled = false;
	}
}

/* Spread one PERF_FORMAT_GROUP read over the leader and its members, matched by id. */
static void read_group_values(struct evsel *leader, int c, int t, const u64 *buf, int n)
{
	struct evlist *evlist = leader->evlist;
	u64 nr = buf[0], ena = buf[1], run = buf[2];
	struct evsel *evsel;

	for (u64 i = 0; i < nr && 3 + 2 * i + 1 < (u64)n; i++) {
		u64 val = buf[3 + 2 * i], id = buf[4 + 2 * i];

		evsel = evlist__id2evsel(evlist, id);
		if (!evsel || evsel->leader != leader)
			continue;
		((struct perf_stat_evsel *)evsel->priv)->raw[c * ((struct perf_stat_evsel *)evsel->priv)->nthreads + t] =
			(struct perf_counts_values){ .val = val, .ena = ena, .run = run, .id = id };
	}
}

static int read_evsel(struct evsel *evsel)
{
	struct perf_stat_evsel *ps = evsel->priv;
	bool group = evsel->attr.read_format & PERF_FORMAT_GROUP;

	if (!evsel__is_open(evsel))
		return 0;
	for (int c = 0; c < evsel->nr_fd_cpus && c < ps->ncpus; c++) {
		for (int t = 0; t < evsel->nr_fd_threads && t < ps->nthreads; t++) {
			u64 buf[3 + 2 * 64];
			int fd = evsel__fd(evsel, c, t);
			ssize_t n;

			if (fd < 0)
				continue;
			if (!group) {
				int err = evsel__read_counter(evsel, c, t, &ps->raw[c * ps->nthreads + t]);

				if (err && err != -ESRCH)
					return err;
				continue;
			}
			n = read(fd, buf, sizeof(buf));
			if (n < 0)
				return -errno;
			read_group_values(evsel, c, t, buf, n / sizeof(u64));
		}
	}
	return 0;
}

int perf_stat__read(struct evlist *evlist)
{
	struct evsel *evsel;
	int err;

	evlist__for_each_entry(evlist, evsel) {
		/* members of a group are read with their leader */
		if ((evsel->leader->attr.read_format & PERF_FORMAT_GROUP) && !evsel__is_group_leader(evsel))
			continue;
		err = read_evsel(evsel);
		if (err)
			return err;
	}
	return 0;
}

/* Counts of an event that ran part of the time stand for the whole time. */
static void scale_count(struct perf_counts_values *v, bool *scaled)
{
	if (!v->run) {
		v->val = 0;
	} else if (v->run < v->ena) {
		v->val = (u64)((double)v->val * v->ena / v->run);
		*scaled = true;
	}
}

static void process_evsel(struct evsel *evsel, const struct aggr_map *map, bool delta, bool scale,
			  struct runtime_stat *rt)
{
	struct perf_stat_evsel *ps = evsel->priv;

	memset(ps->aggr, 0, ps->nr_aggr * sizeof(*ps->aggr));
	for (int c = 0; c < ps->ncpus; c++) {
		for (int t = 0; t < ps->nthreads; t++) {
			struct perf_counts_values *raw = &ps->raw[c * ps->nthreads + t];
			struct perf_counts_values *prev = &ps->prev[c * ps->nthreads + t];
			struct perf_counts_values v = *raw;
			int line = aggr_map__idx(map, c, t);

			if (delta) {
				v.val -= prev->val;
				v.ena -= prev->ena;
				v.run -= prev->run;
				*prev = *raw;
			}
			if (scale && map->mode != AGGR_GLOBAL)
				scale_count(&v, &ps->scaled);
			ps->aggr[line].val += v.val;
			ps->aggr[line].ena += v.ena;
			ps->aggr[line].run += v.run;
		}
	}
	for (int line = 0; line < ps->nr_aggr; line++) {
		struct perf_counts_values *a = &ps->aggr[line];

		if (scale && map->mode == AGGR_GLOBAL)
			scale_count(a, &ps->scaled);
		update_stats(&ps->val_stats[line * 3], a->val);
		update_stats(&ps->val_stats[line * 3 + 1], a->ena);
		update_stats(&ps->val_stats[line * 3 + 2], a->run);
		if (rt && a->run)
			runtime_stat__update(rt, evsel, line, a->val);
	}
}

void perf_stat__process(struct evlist *evlist, const struct aggr_map *map, bool delta, bool scale,
			struct runtime_stat *rt)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		process_evsel(evsel, map, delta, scale, rt);
}

/* --------------------------------------------------------- runtime stats */

/*
 * The exclude bits a metric's events must share (cycles:u goes with
 * instructions:u), and their cgroup.
 */
#define NR_EXCLUDE_CTX 32

static int evsel_ctx(const struct evsel *evsel)
{
	const struct perf_event_attr *a = &evsel->attr;
	int cgrp = evsel->cgrp ? evsel->cgrp->idx : 0;

	return (a->exclude_kernel | a->exclude_user << 1 | a->exclude_hv << 2 |
		a->exclude_host << 3 | a->exclude_idle << 4) + cgrp * NR_EXCLUDE_CTX;
}

void runtime_stat__init(struct runtime_stat *rt, int nr_aggr)
{
	size_t n;

	rt->nr_ctx = NR_EXCLUDE_CTX * (cgroup__nr() + 1);
	n = (size_t)STAT_MAX * nr_aggr * rt->nr_ctx;
	rt->nr_aggr = nr_aggr;
	rt->s = xcalloc(n, sizeof(*rt->s));
	runtime_stat__reset(rt);
}

void runtime_stat__exit(struct runtime_stat *rt)
{
	zfree(&rt->s);
}

void runtime_stat__reset(struct runtime_stat *rt)
{
	size_t n = (size_t)STAT_MAX * rt->nr_aggr * rt->nr_ctx;

	for (size_t i = 0; i < n; i++)
		init_stats(&rt->s[i]);
}

static struct stats *rt_slot(const struct runtime_stat *rt, enum stat_type type, int line, int ctx)
{
	/* time is time whatever the event counts: task-clock:u still gives /sec */
	if (type == STAT_NSECS)
		ctx -= ctx % NR_EXCLUDE_CTX;
	return &rt->s[((size_t)type * rt->nr_aggr + line) * rt->nr_ctx + ctx];
}

#define CACHE_CONFIG(type, op, result) \
	((type) | (PERF_COUNT_HW_CACHE_OP_##op << 8) | (PERF_COUNT_HW_CACHE_RESULT_##result << 16))

static int stat_type_of(const struct evsel *evsel)
{
	if (evsel__is_clock(evsel))
		return STAT_NSECS;
	if (evsel->attr.type == PERF_TYPE_HARDWARE) {
		switch (evsel->attr.config) {
		case PERF_COUNT_HW_CPU_CYCLES:
			return STAT_CYCLES;
		case PERF_COUNT_HW_STALLED_CYCLES_FRONTEND:
			return STAT_STALLED_CYCLES_FRONT;
		case PERF_COUNT_HW_STALLED_CYCLES_BACKEND:
			return STAT_STALLED_CYCLES_BACK;
		case PERF_COUNT_HW_BRANCH_INSTRUCTIONS:
			return STAT_BRANCHES;
		case PERF_COUNT_HW_CACHE_REFERENCES:
			return STAT_CACHEREFS;
		default:
			return -1;
		}
	}
	if (evsel->attr.type == PERF_TYPE_HW_CACHE) {
		switch (evsel->attr.config) {
		case CACHE_CONFIG(PERF_COUNT_HW_CACHE_L1D, READ, ACCESS):
			return STAT_L1_DCACHE;
		case CACHE_CONFIG(PERF_COUNT_HW_CACHE_L1I, READ, ACCESS):
			return STAT_L1_ICACHE;
		case CACHE_CONFIG(PERF_COUNT_HW_CACHE_LL, READ, ACCESS):
			return STAT_LL_CACHE;
		case CACHE_CONFIG(PERF_COUNT_HW_CACHE_DTLB, READ, ACCESS):
			return STAT_DTLB_CACHE;
		case CACHE_CONFIG(PERF_COUNT_HW_CACHE_ITLB, READ, ACCESS):
			return STAT_ITLB_CACHE;
		default:
			return -1;
		}
	}
	return -1;
}

void runtime_stat__update(struct runtime_stat *rt, struct evsel *evsel, int line, u64 count)
{
	int type = stat_type_of(evsel);

	if (type >= 0 && line < rt->nr_aggr)
		update_stats(rt_slot(rt, type, line, evsel_ctx(evsel)), count);
}

const struct stats *runtime_stat__get(const struct runtime_stat *rt, enum stat_type type, int line,
				      const struct evsel *ctx_evsel)
{
	if (line >= rt->nr_aggr)
		return NULL;
	return rt_slot(rt, type, line, evsel_ctx(ctx_evsel));
}
