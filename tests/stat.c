// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of perf stat's counting core: statistics over runs, the
 * aggregation maps, multiplexing scale-up and the metrics and layouts for
 * hardware events (which this machine cannot count, so they are fed here).
 */
#include "tests/tests.h"
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/stat-display.h"
#include "util/stat.h"
#include "util/strbuf.h"
#include "util/topology.h"
#include <math.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int test_stats(void)
{
	struct stats s;
	static const u64 vals[] = { 10, 12, 14, 16, 18 };

	init_stats(&s);
	TEST_ASSERT_VAL("empty stddev", stddev_stats(&s) == 0);
	update_stats(&s, 10);
	TEST_ASSERT_VAL("one value", avg_stats(&s) == 10 && stddev_stats(&s) == 0);
	init_stats(&s);
	for (size_t i = 0; i < ARRAY_SIZE(vals); i++)
		update_stats(&s, vals[i]);
	TEST_ASSERT_VAL("mean", fabs(avg_stats(&s) - 14) < 1e-9);
	/* sample stddev sqrt(10), of the mean sqrt(10 / 5) */
	TEST_ASSERT_VAL("stddev of the mean", fabs(stddev_stats(&s) - sqrt(2)) < 1e-9);
	TEST_ASSERT_VAL("relative", fabs(rel_stddev_stats(sqrt(2), 14) - 100 * sqrt(2) / 14) < 1e-9);
	TEST_ASSERT_VAL("relative to 0", rel_stddev_stats(1, 0) == 0);
	TEST_ASSERT_VAL("min max", s.min == 10 && s.max == 18);
	return TEST_OK;
}

/* A fake sysfs: CPUs 0-3, 2 sockets x 2 cores, node 1 for socket 1. */
static char topo_root[64];

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

static int make_topology(void)
{
	snprintf(topo_root, sizeof(topo_root), "/tmp/perf-topo-test.XXXXXX");
	if (!mkdtemp(topo_root))
		return -1;
	for (int cpu = 0; cpu < 4; cpu++) {
		char dir[256], file[300], buf[16];

		snprintf(dir, sizeof(dir), "%s/devices", topo_root);
		mkdir(dir, 0755);
		snprintf(dir, sizeof(dir), "%s/devices/system", topo_root);
		mkdir(dir, 0755);
		snprintf(dir, sizeof(dir), "%s/devices/system/cpu", topo_root);
		mkdir(dir, 0755);
		snprintf(dir, sizeof(dir), "%s/devices/system/cpu/cpu%d", topo_root, cpu);
		mkdir(dir, 0755);
		snprintf(file, sizeof(file), "%s/node%d", dir, cpu / 2);
		mkdir(file, 0755);
		snprintf(dir, sizeof(dir), "%s/devices/system/cpu/cpu%d/topology", topo_root, cpu);
		mkdir(dir, 0755);
		snprintf(file, sizeof(file), "%s/physical_package_id", dir);
		snprintf(buf, sizeof(buf), "%d\n", 1 - cpu / 2);	/* socket 1 first: sorting is checked */
		put(file, buf);
		snprintf(file, sizeof(file), "%s/die_id", dir);
		put(file, "0\n");
		snprintf(file, sizeof(file), "%s/core_id", dir);
		snprintf(buf, sizeof(buf), "%d\n", cpu % 2);
		put(file, buf);
	}
	cpu_topology__set_sysfs_root(topo_root);
	return 0;
}

static int test_aggr_map(void)
{
	struct perf_cpu_map *cpus = perf_cpu_map__new("0-3");
	struct perf_thread_map *threads = perf_thread_map__new_dummy();
	struct aggr_map *map;
	char *cmd;
	int ret = TEST_OK;

	if (make_topology())
		return test_skip("cannot create a temporary directory");
	map = aggr_map__new(AGGR_SOCKET, cpus, threads);
	TEST_ASSERT_EQUAL("sockets", map->nr, 2);
	TEST_ASSERT_VAL("sorted", map->ids[0].socket == 0 && map->ids[1].socket == 1);
	TEST_ASSERT_VAL("cpus per socket", map->nr_units[0] == 2 && map->nr_units[1] == 2);
	TEST_ASSERT_VAL("cpu 0 in socket 1", aggr_map__idx(map, 0, 0) == 1 && aggr_map__idx(map, 3, 0) == 0);
	aggr_map__delete(map);
	map = aggr_map__new(AGGR_CORE, cpus, threads);
	TEST_ASSERT_EQUAL("cores", map->nr, 4);
	TEST_ASSERT_VAL("core order", map->ids[0].socket == 0 && map->ids[0].core == 0 &&
			map->ids[1].socket == 0 && map->ids[1].core == 1 && map->ids[3].socket == 1);
	aggr_map__delete(map);
	map = aggr_map__new(AGGR_NODE, cpus, threads);
	TEST_ASSERT_VAL("nodes", map->nr == 2 && map->ids[0].node == 0 && aggr_map__idx(map, 3, 0) == 1);
	aggr_map__delete(map);
	map = aggr_map__new(AGGR_NONE, cpus, threads);
	TEST_ASSERT_VAL("cpus", map->nr == 4 && map->ids[2].cpu == 2 && map->nr_units[2] == 1);
	aggr_map__delete(map);
	map = aggr_map__new(AGGR_GLOBAL, cpus, threads);
	TEST_ASSERT_VAL("global", map->nr == 1 && map->nr_units[0] == 4 && aggr_map__idx(map, 2, 0) == 0);
	aggr_map__delete(map);
	cpu_topology__set_sysfs_root(NULL);
	cmd = xasprintf("rm -rf '%s'", topo_root);
	if (system(cmd))
		ret = TEST_FAIL;
	free(cmd);
	perf_cpu_map__put(cpus);
	perf_thread_map__put(threads);
	return ret;
}

struct fake_count {
	const char *name;
	u64 val, ena, run;
};

/* Print one run of these counts with the layout flags given; returns the output. */
static char *print_fake(const char *events, const struct fake_count *counts, size_t nr,
			bool csv, bool json)
{
	struct perf_stat_config config = {
		.aggr_mode = AGGR_GLOBAL, .run_count = 1, .unit_width = 4, .csv_output = csv,
		.json_output = json, .csv_sep = csv ? "," : " ", .argc = 1,
		.argv = (const char *[]){ "prog", NULL },
	};
	struct evlist *evlist = evlist__new();
	struct perf_cpu_map *cpus = perf_cpu_map__new_any();
	struct perf_thread_map *threads = perf_thread_map__new_dummy();
	struct evsel *evsel;
	char *buf = NULL;
	size_t len = 0;

	parse_events(evlist, events, NULL);
	evlist__set_maps(evlist, cpus, threads);
	config.aggr_map = aggr_map__new(AGGR_GLOBAL, cpus, threads);
	runtime_stat__init(&config.rt, 1);
	init_stats(&config.walltime_nsecs_stats);
	update_stats(&config.walltime_nsecs_stats, 2000000);
	perf_stat__alloc(evlist, config.aggr_map);
	evlist__for_each_entry(evlist, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;

		evsel->supported = true;
		evsel->unit = xstrdup(evsel__is_clock(evsel) ? "msec" : "");
		if (evsel__is_clock(evsel))
			evsel->scale = 1e-6;
		for (size_t i = 0; i < nr; i++)
			if (!strcmp(evsel->name, counts[i].name))
				ps->raw[0] = (struct perf_counts_values){ counts[i].val, counts[i].ena, counts[i].run, 0, 0 };
	}
	perf_stat__process(evlist, config.aggr_map, false, true, &config.rt);
	config.output = open_memstream(&buf, &len);
	perf_stat__print_counters(&config, evlist, NULL, false);
	fclose(config.output);
	perf_stat__free(evlist);
	runtime_stat__exit(&config.rt);
	aggr_map__delete(config.aggr_map);
	evlist__delete(evlist);
	perf_cpu_map__put(cpus);
	perf_thread_map__put(threads);
	return buf;
}

#define LINE_HAS(out, line) \
	do { \
		if (!strstr(out, line "\n")) { \
			pr_err("missing line:\n|%s|\nin:\n%s", line, out); \
			free(out); \
			return TEST_FAIL; \
		} \
	} while (0)

static const struct fake_count hw_counts[] = {
	{ "task-clock", 1000000, 1000000, 1000000 },
	{ "cycles", 2000000, 1000000, 1000000 },
	{ "instructions", 3000000, 1000000, 1000000 },
	{ "branches", 400000, 1000000, 1000000 },
	{ "branch-misses", 4000, 1000000, 1000000 },
	{ "cache-references", 1000, 1000000, 1000000 },
	{ "cache-misses", 250, 1000000, 1000000 },
	{ "L1-dcache-loads", 500000, 1000000, 1000000 },
	{ "L1-dcache-load-misses", 5000, 1000000, 1000000 },
	{ "stalled-cycles-frontend", 500000, 1000000, 1000000 },
	/* ran half of the time: scaled up, with the percentage */
	{ "cs", 1000, 2000000, 1000000 },
	/* never ran */
	{ "faults", 0, 1000000, 0 },
};

#define HW_EVENTS "task-clock,cycles,instructions,branches,branch-misses,cache-references,cache-misses," \
		  "L1-dcache-loads,L1-dcache-load-misses,stalled-cycles-frontend,cs,faults,page-faults"

static int test_metrics(void)
{
	char *out = print_fake(HW_EVENTS, hw_counts, ARRAY_SIZE(hw_counts), false, false);

	LINE_HAS(out, " Performance counter stats for 'prog':\n");
	LINE_HAS(out, "              1000      cache-references                 # 1000.000 K/sec                  ");
	LINE_HAS(out, "              1.00 msec task-clock                       #    0.500 CPUs utilized          ");
	LINE_HAS(out, "           2000000      cycles                           #    2.000 GHz                    ");
	LINE_HAS(out, "           3000000      instructions                     #    1.50  insn per cycle         \n"
		      "                                                  #    0.17  stalled cycles per insn");
	LINE_HAS(out, "            400000      branches                         #  400.000 M/sec                  ");
	LINE_HAS(out, "              4000      branch-misses                    #    1.00% of all branches        ");
	LINE_HAS(out, "               250      cache-misses                     #   25.000 % of all cache refs    ");
	LINE_HAS(out, "              5000      L1-dcache-load-misses            #    1.00% of all L1-dcache accesses");
	LINE_HAS(out, "            500000      stalled-cycles-frontend          #   25.00% frontend cycles idle   ");
	LINE_HAS(out, "              2000      cs                               #    2.000 M/sec                    (50.00%)");
	LINE_HAS(out, "     <not counted>      faults                                                        (0.00%)");
	LINE_HAS(out, "     <not counted>      page-faults                                                 ");
	LINE_HAS(out, "       0.002000000 seconds time elapsed\n");
	free(out);
	return TEST_OK;
}

static int test_metrics_csv_json(void)
{
	char *out = print_fake(HW_EVENTS, hw_counts, ARRAY_SIZE(hw_counts), true, false);

	LINE_HAS(out, "1.00,msec,task-clock,1000000,100.00,0.500,CPUs utilized");
	LINE_HAS(out, "3000000,,instructions,1000000,100.00,1.50,insn per cycle\n,,,,0.17,stalled cycles per insn");
	LINE_HAS(out, "4000,,branch-misses,1000000,100.00,1.00,of all branches");
	LINE_HAS(out, "2000,,cs,1000000,50.00,2.000,M/sec");
	LINE_HAS(out, "<not counted>,,faults,0,0.00,,");
	free(out);
	out = print_fake(HW_EVENTS, hw_counts, ARRAY_SIZE(hw_counts), false, true);
	LINE_HAS(out, "{\"counter-value\" : \"2000000.000000\", \"unit\" : \"\", \"event\" : \"cycles\", "
		      "\"event-runtime\" : 1000000, \"pcnt-running\" : 100.00, \"metric-value\" : 2.000000, "
		      "\"metric-unit\" : \"GHz\"}");
	LINE_HAS(out, "{\"counter-value\" : \"<not counted>\", \"unit\" : \"\", \"event\" : \"faults\", "
		      "\"event-runtime\" : 0, \"pcnt-running\" : 0.00, \"metric-value\" : 0.000000, \"metric-unit\" : \"\"}");
	free(out);
	return TEST_OK;
}

static const struct test_case stat_cases[] = {
	TEST_CASE("mean and deviation over runs", test_stats),
	TEST_CASE("aggregation by socket, core, node, CPU", test_aggr_map),
	TEST_CASE("hardware metrics and multiplexing, table layout", test_metrics),
	TEST_CASE("hardware metrics, CSV and JSON", test_metrics_csv_json),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(stat, "perf stat counting and output", stat_cases);
