// SPDX-License-Identifier: GPL-2.0
#include "stat-display.h"
#include "cgroup.h"
#include "io.h"
#include "strbuf.h"
#include "string2.h"
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <unistd.h>

#define METRIC_LEN 35
#define CNTR_NOT_SUPPORTED "<not supported>"
#define CNTR_NOT_COUNTED "<not counted>"

/* One output line being built. */
struct outstate {
	struct perf_stat_config *config;
	struct strbuf *sb;
	const char *prefix;		/* the interval timestamp */
	struct evsel *evsel;
	int line;			/* aggregation line */
	bool first_metric;		/* no metric printed yet on this line */
	enum { MO_NONE, MO_HEADER, MO_VALUE } metric_only;
	bool mo_first;			/* no --metric-only field printed yet */
};

#define METRIC_ONLY_LEN 20

/* --metric-only leaves out rates and CPU utilization: they repeat the counts. */
static bool valid_only_metric(const char *unit)
{
	return unit && !strstr(unit, "/sec") && !strstr(unit, "CPUs utilized");
}

/* "of all branches" needs the event's name in a column header. */
static const char *fixunit(char *buf, size_t size, struct evsel *evsel, const char *unit)
{
	if (!strncmp(unit, "of all", 6)) {
		snprintf(buf, size, "%s %s", evsel__name(evsel), unit);
		return buf;
	}
	return unit;
}

/* A --metric-only column: its header or its value. */
static void print_metric_only(struct outstate *os, const char *fmt, const char *unit, double val)
{
	const struct perf_stat_config *config = os->config;
	char ubuf[256], vbuf[64] = "";
	int mlen = METRIC_ONLY_LEN;
	char *v;

	if (!valid_only_metric(unit))
		return;
	unit = fixunit(ubuf, sizeof(ubuf), os->evsel, unit);
	if (mlen < (int)strlen(unit))
		mlen = strlen(unit) + 1;
	if (os->metric_only == MO_HEADER) {
		if (config->csv_output)
			strbuf_addf(os->sb, "%s%s", unit, config->csv_sep);
		else if (config->json_output)
			strbuf_addf(os->sb, "%s\"%s\"", os->mo_first ? "" : ", ", unit);
		else
			strbuf_addf(os->sb, "%*s ", METRIC_ONLY_LEN, unit);
		os->mo_first = false;
		return;
	}
	if (fmt && *fmt)
		snprintf(vbuf, sizeof(vbuf), fmt, val);
	if (config->csv_output || config->json_output) {
		char *end;

		v = end = skip_spaces(vbuf);
		while (isdigit((unsigned char)*end) || *end == '.')
			end++;
		*end = '\0';
		if (config->csv_output)
			strbuf_addf(os->sb, "%s%s", v, config->csv_sep);
		else
			strbuf_addf(os->sb, "%s\"%s\" : \"%s\"", os->mo_first ? "{" : ", ", unit, v);
		os->mo_first = false;
		return;
	}
	strbuf_addf(os->sb, "%*s ", mlen, vbuf);
}

static void aggr_printout(struct outstate *os)
{
	const struct perf_stat_config *config = os->config;
	const struct aggr_map *map = config->aggr_map;
	const struct aggr_id *id = &map->ids[os->line];
	int nr = map->nr_units[os->line];
	const char *sep = config->csv_sep;
	bool csv = config->csv_output;
	struct strbuf *sb = os->sb;

	switch (config->aggr_mode) {
	case AGGR_CORE:
		if (config->json_output)
			strbuf_addf(sb, "\"core\" : \"S%d-D%d-C%d\", \"aggregate-number\" : %d, ",
				    id->socket, id->die, id->core, nr);
		else
			strbuf_addf(sb, "S%d-D%d-C%*d%s%*d%s", id->socket, id->die, csv ? 0 : -8, id->core,
				    sep, csv ? 0 : 4, nr, sep);
		break;
	case AGGR_DIE:
		if (config->json_output)
			strbuf_addf(sb, "\"die\" : \"S%d-D%d\", \"aggregate-number\" : %d, ", id->socket, id->die, nr);
		else
			strbuf_addf(sb, "S%d-D%*d%s%*d%s", id->socket, csv ? 0 : -8, id->die, sep,
				    csv ? 0 : 4, nr, sep);
		break;
	case AGGR_SOCKET:
		if (config->json_output)
			strbuf_addf(sb, "\"socket\" : \"S%d\", \"aggregate-number\" : %d, ", id->socket, nr);
		else
			strbuf_addf(sb, "S%*d%s%*d%s", csv ? 0 : -5, id->socket, sep, csv ? 0 : 4, nr, sep);
		break;
	case AGGR_NODE:
		if (config->json_output)
			strbuf_addf(sb, "\"node\" : \"N%d\", \"aggregate-number\" : %d, ", id->node, nr);
		else
			strbuf_addf(sb, "N%*d%s%*d%s", csv ? 0 : -5, id->node, sep, csv ? 0 : 4, nr, sep);
		break;
	case AGGR_NONE:
		if (config->json_output)
			strbuf_addf(sb, "\"cpu\" : \"%d\", ", id->cpu);
		else
			strbuf_addf(sb, "CPU%*d%s", csv ? 0 : -7, id->cpu, sep);
		break;
	case AGGR_THREAD: {
		const char *comm = config->thread_comm && config->thread_comm[id->thread] ?
				   config->thread_comm[id->thread] : "";
		int tid = perf_thread_map__pid(config->threads, id->thread);

		if (config->json_output)
			strbuf_addf(sb, "\"thread\" : \"%s-%d\", ", comm, tid);
		else
			strbuf_addf(sb, "%*s-%*d%s", csv ? 0 : 16, comm, csv ? 0 : -8, tid, sep);
		break;
	}
	case AGGR_GLOBAL:
	default:
		break;
	}
}

/* --------------------------------------------------------------- metrics */

static void new_line(struct outstate *os)
{
	const struct perf_stat_config *config = os->config;

	strbuf_addch(os->sb, '\n');
	strbuf_addstr(os->sb, os->prefix);
	aggr_printout(os);
	if (config->csv_output) {
		for (int i = 0; i < 3; i++)
			strbuf_addstr(os->sb, config->csv_sep);
		return;
	}
	if (config->aggr_mode == AGGR_NONE)
		strbuf_addstr(os->sb, "        ");
	strbuf_addstr(os->sb, "                                                 ");
}

/*
 * One metric of the line: fmt NULL prints an empty metric (the column stays
 * aligned), unit NULL means there is none for this event.
 */
static void print_metric(struct outstate *os, const char *fmt, const char *unit, double val)
{
	const struct perf_stat_config *config = os->config;
	struct strbuf *sb = os->sb;
	char buf[64];

	if (os->metric_only) {
		print_metric_only(os, fmt, unit, val);
		return;
	}
	if (!os->first_metric) {
		if (config->json_output)
			return;		/* one metric per JSON object */
		new_line(os);
	}
	os->first_metric = false;
	if (config->json_output) {
		strbuf_addf(sb, "\"metric-value\" : %f, \"metric-unit\" : \"%s\"}", val, unit ? unit : "(null)");
		return;
	}
	if (config->csv_output) {
		char *v, *end;

		if (!unit || !fmt) {
			strbuf_addf(sb, "%s%s", config->csv_sep, config->csv_sep);
			return;
		}
		snprintf(buf, sizeof(buf), fmt, val);
		v = end = skip_spaces(buf);
		while (isdigit((unsigned char)*end) || *end == '.')
			end++;
		*end = '\0';
		strbuf_addf(sb, "%s%s%s%s", config->csv_sep, v, config->csv_sep, skip_spaces(unit));
		return;
	}
	if (!unit || !fmt) {
		strbuf_addf(sb, "%-*s", METRIC_LEN, "");
		return;
	}
	{
		size_t start = sb->len;
		int n;

		strbuf_addstr(sb, " # ");
		strbuf_addf(sb, fmt, val);
		n = sb->len - start;
		strbuf_addf(sb, " %-*s", METRIC_LEN - n - 1, unit);
	}
}

static double rt_avg(const struct outstate *os, enum stat_type type, bool *have)
{
	const struct stats *s = runtime_stat__get(&os->config->rt, type, os->line, os->evsel);

	*have = s && s->n > 0;
	return *have ? avg_stats(s) : 0;
}

static void print_ratio(struct outstate *os, enum stat_type base, double avg, const char *fmt, const char *unit)
{
	bool have;
	double total = rt_avg(os, base, &have);

	if (!have) {
		print_metric(os, NULL, unit, 0);
		return;
	}
	print_metric(os, fmt, unit, total ? avg / total * 100.0 : 0);
}

#define CACHE_MISS(type) \
	((type) | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16))

/* Rates: 1000 events per second shown as K/sec, and so on. */
static void print_rate(struct outstate *os, double avg, double total)
{
	char unit[16] = "/sec";
	double ratio = 0;

	if (total) {
		ratio = 1e9 * avg / total;
		if (ratio > 1e9) {
			ratio /= 1e9;
			strcpy(unit, "G/sec");
		} else if (ratio > 1e6) {
			ratio /= 1e6;
			strcpy(unit, "M/sec");
		} else if (ratio > 1e3) {
			ratio /= 1e3;
			strcpy(unit, "K/sec");
		}
	}
	print_metric(os, "%8.3f", unit, ratio);
}

static void print_instructions(struct outstate *os, double avg)
{
	bool have_cycles, have_fe, have_be;
	double cycles = rt_avg(os, STAT_CYCLES, &have_cycles);
	double stalled = max(rt_avg(os, STAT_STALLED_CYCLES_FRONT, &have_fe),
			     rt_avg(os, STAT_STALLED_CYCLES_BACK, &have_be));

	if (cycles)
		print_metric(os, "%7.2f ", "insn per cycle", avg / cycles);
	else
		print_metric(os, NULL, "insn per cycle", 0);
	if (stalled && avg)
		print_metric(os, "%7.2f ", "stalled cycles per insn", stalled / avg);
}

static void print_stalled(struct outstate *os, double avg, const char *unit)
{
	bool have;
	double cycles = rt_avg(os, STAT_CYCLES, &have);
	double ratio = cycles ? avg / cycles * 100.0 : 0;

	if (ratio)
		print_metric(os, "%7.2f%%", unit, ratio);
	else
		print_metric(os, NULL, unit, 0);
}

/* The metric column of a counted event (upstream's "shadow stats"). */
static void print_shadow(struct outstate *os, double avg)
{
	struct evsel *evsel = os->evsel;
	const struct perf_event_attr *a = &evsel->attr;
	double total;
	bool have;

	if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS)) {
		print_instructions(os, avg);
	} else if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES)) {
		print_ratio(os, STAT_BRANCHES, avg, "%7.2f%%", "of all branches");
	} else if (a->type == PERF_TYPE_HW_CACHE && a->config == CACHE_MISS(PERF_COUNT_HW_CACHE_L1D)) {
		print_ratio(os, STAT_L1_DCACHE, avg, "%7.2f%%", "of all L1-dcache accesses");
	} else if (a->type == PERF_TYPE_HW_CACHE && a->config == CACHE_MISS(PERF_COUNT_HW_CACHE_L1I)) {
		print_ratio(os, STAT_L1_ICACHE, avg, "%7.2f%%", "of all L1-icache accesses");
	} else if (a->type == PERF_TYPE_HW_CACHE && a->config == CACHE_MISS(PERF_COUNT_HW_CACHE_DTLB)) {
		print_ratio(os, STAT_DTLB_CACHE, avg, "%7.2f%%", "of all dTLB cache accesses");
	} else if (a->type == PERF_TYPE_HW_CACHE && a->config == CACHE_MISS(PERF_COUNT_HW_CACHE_ITLB)) {
		print_ratio(os, STAT_ITLB_CACHE, avg, "%7.2f%%", "of all iTLB cache accesses");
	} else if (a->type == PERF_TYPE_HW_CACHE && a->config == CACHE_MISS(PERF_COUNT_HW_CACHE_LL)) {
		print_ratio(os, STAT_LL_CACHE, avg, "%7.2f%%", "of all LL-cache accesses");
	} else if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES)) {
		print_ratio(os, STAT_CACHEREFS, avg, "%8.3f %%", "of all cache refs");
	} else if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND)) {
		print_stalled(os, avg, "frontend cycles idle");
	} else if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND)) {
		print_stalled(os, avg, "backend cycles idle");
	} else if (evsel__match(evsel, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES)) {
		total = rt_avg(os, STAT_NSECS, &have);
		if (total)
			print_metric(os, "%8.3f", "GHz", avg / total);
		else
			print_metric(os, NULL, NULL, 0);
	} else if (evsel__is_clock(evsel)) {
		total = avg_stats(&os->config->walltime_nsecs_stats);
		if (total)
			print_metric(os, "%8.3f", "CPUs utilized", avg / (total * evsel->scale));
		else
			print_metric(os, NULL, NULL, 0);
	} else {
		total = rt_avg(os, STAT_NSECS, &have);
		if (have)
			print_rate(os, avg, total);
		else
			print_metric(os, NULL, NULL, 0);
	}
}

/* ----------------------------------------------------------------- lines */

static void print_noise(struct outstate *os, double stddev, double avg)
{
	const struct perf_stat_config *config = os->config;
	double pct = rel_stddev_stats(stddev, avg);

	if (config->run_count == 1)
		return;
	if (config->json_output)
		strbuf_addf(os->sb, "\"variance\" : %.2f, ", pct);
	else if (config->csv_output)
		strbuf_addf(os->sb, "%s%.2f%%", config->csv_sep, pct);
	else if (pct)
		strbuf_addf(os->sb, "  ( +-%6.2f%% )", pct);
}

static void print_running(struct outstate *os, u64 run, u64 ena)
{
	const struct perf_stat_config *config = os->config;
	double pct = 100;

	if (run != ena)
		pct = ena ? 100 * run / ena : 0;
	if (config->json_output)
		strbuf_addf(os->sb, "\"event-runtime\" : %" PRIu64 ", \"pcnt-running\" : %.2f, ", run, pct);
	else if (config->csv_output)
		strbuf_addf(os->sb, "%s%" PRIu64 "%s%.2f", config->csv_sep, run, config->csv_sep, pct);
	else if (run != ena)
		strbuf_addf(os->sb, "  (%.2f%%)", ena ? 100.0 * run / ena : 0);
}

/* Software events can go in any group; mixing two hardware PMUs cannot work. */
static bool is_mixed_hw_group(struct evsel *counter)
{
	u32 type = counter->attr.type;
	struct evsel *pos;

	if (counter->leader->nr_members < 2)
		return false;
	evlist__for_each_entry(counter->evlist, pos) {
		if (pos->attr.type == PERF_TYPE_SOFTWARE)
			continue;
		if (type == PERF_TYPE_SOFTWARE) {
			type = pos->attr.type;
			continue;
		}
		if (type != pos->attr.type)
			return true;
	}
	return false;
}

/* The cgroup of a -G event, after its name. */
static void print_cgroup(struct outstate *os)
{
	const struct perf_stat_config *config = os->config;
	const struct cgroup *cgrp = os->evsel->cgrp;

	if (!cgrp)
		return;
	if (config->json_output)
		strbuf_addf(os->sb, "\"cgroup\" : \"%s\", ", cgrp->name);
	else
		strbuf_addf(os->sb, "%s%s", config->csv_sep, cgrp->name);
}

static void print_not_counted(struct outstate *os, double noise, u64 run, u64 ena)
{
	struct perf_stat_config *config = os->config;
	struct evsel *counter = os->evsel;
	const char *what = counter->supported ? CNTR_NOT_COUNTED : CNTR_NOT_SUPPORTED;
	const char *unit = counter->unit ? counter->unit : "";
	struct strbuf *sb = os->sb;

	if (config->json_output)
		strbuf_addf(sb, "\"counter-value\" : \"%s\", ", what);
	else
		strbuf_addf(sb, "%*s%s", config->csv_output ? 0 : 18, what, config->csv_sep);
	if (counter->supported) {
		config->print_free_counters_hint = true;
		if (is_mixed_hw_group(counter))
			config->print_mixed_hw_group_error = true;
	}
	if (config->json_output) {
		strbuf_addf(sb, "\"unit\" : \"%s\", \"event\" : \"%s\", ", unit, evsel__name(counter));
	} else {
		strbuf_addf(sb, "%-*s%s", config->csv_output ? 0 : config->unit_width, unit, config->csv_sep);
		strbuf_addf(sb, "%*s", config->csv_output ? 0 : -25, evsel__name(counter));
	}
	print_cgroup(os);
	if (!config->csv_output && !config->json_output)
		print_metric(os, NULL, "", 0);
	print_noise(os, noise, 0);
	print_running(os, run, ena);
	if (config->csv_output || config->json_output) {
		if (config->json_output)
			strbuf_addf(sb, "\"metric-value\" : %f, \"metric-unit\" : \"%s\"}", 0.0, "");
		else
			print_metric(os, NULL, "", 0);
	}
}

static void print_value(struct outstate *os, double uval)
{
	const struct perf_stat_config *config = os->config;
	struct evsel *counter = os->evsel;
	const char *unit = counter->unit ? counter->unit : "";
	double sc = counter->scale;
	bool frac = floor(sc) != sc;
	struct strbuf *sb = os->sb;

	if (config->json_output) {
		strbuf_addf(sb, "\"counter-value\" : \"%f\", \"unit\" : \"%s\", \"event\" : \"%s\", ",
			    uval, unit, evsel__name(counter));
		print_cgroup(os);
		return;
	}
	if (config->csv_output)
		strbuf_addf(sb, frac ? "%.2f%s" : "%.0f%s", uval, config->csv_sep);
	else if (config->big_num)
		strbuf_addf(sb, frac ? "%'18.2f%s" : "%'18.0f%s", uval, config->csv_sep);
	else
		strbuf_addf(sb, frac ? "%18.2f%s" : "%18.0f%s", uval, config->csv_sep);
	strbuf_addf(sb, "%-*s%s", config->csv_output ? 0 : config->unit_width, unit, config->csv_sep);
	strbuf_addf(sb, "%-*s", config->csv_output ? 0 : 32, evsel__name(counter));
	print_cgroup(os);
}

/* One line: the counts of counter on aggregation line 'line'. */
static void print_counter_line(struct perf_stat_config *config, struct strbuf *sb, const char *prefix,
			       struct evsel *counter, int line)
{
	struct perf_stat_evsel *ps = counter->priv;
	const struct stats *vs = &ps->val_stats[line * 3];
	struct outstate os = {
		.config = config, .sb = sb, .prefix = prefix, .evsel = counter, .line = line,
		.first_metric = true,
	};
	double avg = avg_stats(&vs[0]), noise = stddev_stats(&vs[0]);
	u64 ena = (u64)avg_stats(&vs[1]), run = (u64)avg_stats(&vs[2]);
	double uval = avg * counter->scale;

	strbuf_addstr(sb, prefix);
	aggr_printout(&os);
	if (run == 0 || ena == 0) {
		print_not_counted(&os, noise, run, ena);
	} else {
		print_value(&os, uval);
		if (config->csv_output || config->json_output) {
			print_noise(&os, noise, avg);
			print_running(&os, run, ena);
		}
		print_shadow(&os, uval);
		if (!config->csv_output && !config->json_output) {
			print_noise(&os, noise, avg);
			print_running(&os, run, ena);
		}
	}
	strbuf_addch(sb, '\n');
}

/* --metric-only: one line per aggregation line, one column per metric. */
static void print_metric_only_line(struct perf_stat_config *config, struct evlist *evlist,
				   struct strbuf *sb, const char *prefix, int line)
{
	struct outstate os = {
		.config = config, .sb = sb, .prefix = prefix, .line = line,
		.metric_only = MO_VALUE, .mo_first = true,
	};
	struct evsel *counter;
	bool first = true;

	strbuf_addstr(sb, prefix);
	evlist__for_each_entry(evlist, counter) {
		struct perf_stat_evsel *ps = counter->priv;
		const struct stats *vs = &ps->val_stats[line * 3];

		os.evsel = counter;
		if (first && config->aggr_mode != AGGR_GLOBAL)
			aggr_printout(&os);
		first = false;
		if (!avg_stats(&vs[1]) || !avg_stats(&vs[2]))
			print_metric_only(&os, "", "", 0);
		else
			print_shadow(&os, avg_stats(&vs[0]) * counter->scale);
	}
	if (config->json_output && !os.mo_first)
		strbuf_addch(sb, '}');
	strbuf_addch(sb, '\n');
}

static void print_metric_headers(struct perf_stat_config *config, struct evlist *evlist,
				 struct strbuf *sb, const char *prefix, bool no_indent)
{
	static const int aggr_header_lens[] = {
		[AGGR_CORE] = 24, [AGGR_DIE] = 18, [AGGR_SOCKET] = 12, [AGGR_NONE] = 6,
		[AGGR_THREAD] = 24, [AGGR_NODE] = 6, [AGGR_GLOBAL] = 0,
	};
	static const char *const aggr_header_csv[] = {
		[AGGR_CORE] = "core,cpus,", [AGGR_DIE] = "die,cpus", [AGGR_SOCKET] = "socket,cpus",
		[AGGR_NONE] = "cpu,", [AGGR_THREAD] = "comm-pid,", [AGGR_NODE] = "node,", [AGGR_GLOBAL] = "",
	};
	struct outstate os = {
		.config = config, .sb = sb, .prefix = prefix, .metric_only = MO_HEADER, .mo_first = true,
	};
	struct evsel *counter;

	if (config->json_output && !config->interval)
		strbuf_addch(sb, '{');
	if (prefix && !config->json_output)
		strbuf_addstr(sb, prefix);
	if (!config->csv_output && !config->json_output && !no_indent)
		strbuf_addf(sb, "%*s", aggr_header_lens[config->aggr_mode], "");
	if (config->csv_output) {
		if (config->interval)
			strbuf_addstr(sb, "time,");
		strbuf_addstr(sb, aggr_header_csv[config->aggr_mode]);
	}
	/* the metrics of each event, computed from nothing: only their units matter */
	evlist__for_each_entry(evlist, counter) {
		os.evsel = counter;
		os.line = 0;
		print_shadow(&os, 0);
	}
	if (config->json_output)
		strbuf_addch(sb, '}');
	strbuf_addch(sb, '\n');
}

/* --------------------------------------------------------- whole outputs */

static void print_header(struct perf_stat_config *config, struct strbuf *sb)
{
	if (config->csv_output || config->json_output)
		return;
	strbuf_addstr(sb, "\n Performance counter stats for ");
	if (config->system_wide) {
		strbuf_addstr(sb, "'system wide");
	} else if (config->cpu_list) {
		strbuf_addf(sb, "'CPU(s) %s", config->cpu_list);
	} else if (config->pid) {
		strbuf_addf(sb, "process id '%s", config->pid);
	} else if (config->tid) {
		strbuf_addf(sb, "thread id '%s", config->tid);
	} else {
		strbuf_addf(sb, "'%s", config->argv ? config->argv[0] : "pipe");
		for (int i = 1; config->argv && i < config->argc; i++)
			strbuf_addf(sb, " %s", config->argv[i]);
	}
	strbuf_addch(sb, '\'');
	if (config->run_count > 1)
		strbuf_addf(sb, " (%d runs)", config->run_count);
	strbuf_addstr(sb, ":\n\n");
}

static void print_interval_header(struct perf_stat_config *config, struct evlist *evlist, struct strbuf *sb)
{
	static const char *const heads[] = {
		[AGGR_NODE] = "#           time node   cpus             counts",
		[AGGR_SOCKET] = "#           time socket cpus             counts",
		[AGGR_DIE] = "#           time die          cpus             counts",
		[AGGR_CORE] = "#           time core            cpus             counts",
		[AGGR_NONE] = "#           time CPU                    counts",
		[AGGR_THREAD] = "#           time             comm-pid                  counts",
		[AGGR_GLOBAL] = "#           time             counts",
	};

	if (config->interval_clear && isatty(fileno(config->output)))
		strbuf_addstr(sb, "\033[H\033[2J");
	if (config->num_print_interval == 0 && !config->csv_output && !config->json_output) {
		if (config->metric_only)
			strbuf_addstr(sb, "#           time");
		else
			strbuf_addf(sb, "%s %*s events\n", heads[config->aggr_mode], config->unit_width, "unit");
	}
	if (config->num_print_interval == 0 && config->metric_only)
		print_metric_headers(config, evlist, sb, " ", true);
	if (++config->num_print_interval == 25)
		config->num_print_interval = 0;
}

/* Digits to show for a time whose deviation is num: two more than its first significant one. */
static int get_precision(double num)
{
	if (num > 1)
		return 0;
	return lround(ceil(-log10(num)));
}

static void print_table(struct perf_stat_config *config, struct strbuf *sb, int precision, double avg)
{
	char tmp[64];
	int indent = 0;

	snprintf(tmp, sizeof(tmp), " %17.*f", precision, avg);
	while (tmp[indent] == ' ')
		indent++;
	strbuf_addf(sb, "%*s# Table of individual measurements:\n", indent, "");
	for (int i = 0; i < config->run_count; i++) {
		double run = (double)config->walltime_run[i] / 1e9;
		int n = 1 + abs((int)(100.0 * (run - avg) / run) / 5);

		strbuf_addf(sb, " %17.*f (%+.*f) ", precision, run, precision, run - avg);
		strbuf_addchars(sb, '#', n);
		strbuf_addch(sb, '\n');
	}
	strbuf_addf(sb, "\n%*s# Final result:\n", indent, "");
}

static bool nmi_watchdog_enabled(void)
{
	int v;

	return filename__read_int("/proc/sys/kernel/nmi_watchdog", &v) == 0 && v > 0;
}

static void print_footer(struct perf_stat_config *config, struct strbuf *sb)
{
	double avg = avg_stats(&config->walltime_nsecs_stats) / 1e9;

	if (config->csv_output || config->json_output)
		return;
	if (!config->null_run)
		strbuf_addch(sb, '\n');
	if (config->run_count == 1) {
		strbuf_addf(sb, " %17.9f seconds time elapsed", avg);
		if (config->ru_display) {
			double ut = config->ru_data.ru_utime.tv_sec + config->ru_data.ru_utime.tv_usec / 1e6;
			double st = config->ru_data.ru_stime.tv_sec + config->ru_data.ru_stime.tv_usec / 1e6;

			strbuf_addstr(sb, "\n\n");
			strbuf_addf(sb, " %17.9f seconds user\n", ut);
			strbuf_addf(sb, " %17.9f seconds sys\n", st);
		}
	} else {
		double sd = stddev_stats(&config->walltime_nsecs_stats) / 1e9;
		int precision = get_precision(sd) + 2;
		double pct = rel_stddev_stats(sd, avg);

		if (config->walltime_run_table)
			print_table(config, sb, precision, avg);
		strbuf_addf(sb, " %17.*f +- %.*f seconds time elapsed", precision, avg, precision, sd);
		if (pct)
			strbuf_addf(sb, "  ( +-%6.2f%% )", pct);
	}
	strbuf_addstr(sb, "\n\n");
	if (config->print_free_counters_hint && nmi_watchdog_enabled())
		strbuf_addstr(sb, "Some events weren't counted. Try disabling the NMI watchdog:\n"
			      "\techo 0 > /proc/sys/kernel/nmi_watchdog\n"
			      "\tperf stat ...\n"
			      "\techo 1 > /proc/sys/kernel/nmi_watchdog\n");
	if (config->print_mixed_hw_group_error)
		strbuf_addstr(sb, "The events in group usually have to be from the same PMU. "
			      "Try reorganizing the group.\n");
}

struct thread_line {
	int line;
	double val;
};

/* Threads with the biggest counts first; equal counts keep the thread order. */
static int thread_line_cmp(const void *a, const void *b)
{
	const struct thread_line *x = a, *y = b;

	if (x->val != y->val)
		return x->val > y->val ? -1 : 1;
	return x->line - y->line;
}

static void print_counters_thread(struct perf_stat_config *config, struct evlist *evlist,
				  struct strbuf *sb, const char *prefix)
{
	int nr = config->aggr_map->nr;
	struct thread_line *order = xcalloc(nr ? nr : 1, sizeof(*order));
	struct evsel *counter;

	evlist__for_each_entry(evlist, counter) {
		struct perf_stat_evsel *ps = counter->priv;

		for (int i = 0; i < nr; i++) {
			order[i].line = i;
			order[i].val = avg_stats(&ps->val_stats[i * 3]);
		}
		qsort(order, nr, sizeof(*order), thread_line_cmp);
		for (int i = 0; i < nr; i++)
			print_counter_line(config, sb, prefix, counter, order[i].line);
	}
	free(order);
}

void perf_stat__print_counters(struct perf_stat_config *config, struct evlist *evlist,
			       const struct timespec *ts, bool summary)
{
	struct strbuf sb = STRBUF_INIT;
	char prefix[64] = "";
	struct evsel *counter;

	if (ts && !summary) {
		if (config->json_output)
			snprintf(prefix, sizeof(prefix), "{\"interval\" : %lu.%09lu, ",
				 (unsigned long)ts->tv_sec, (unsigned long)ts->tv_nsec);
		else
			snprintf(prefix, sizeof(prefix), "%6lu.%09lu%s", (unsigned long)ts->tv_sec,
				 (unsigned long)ts->tv_nsec, config->csv_sep);
		print_interval_header(config, evlist, &sb);
	} else if (summary && config->csv_output && !config->no_csv_summary) {
		snprintf(prefix, sizeof(prefix), "%16s%s", "summary", config->csv_sep);
	} else if (config->json_output && !config->metric_only) {
		snprintf(prefix, sizeof(prefix), "{");
	}
	if (!ts || summary)
		print_header(config, &sb);
	if (config->metric_only) {
		if (!ts || summary)
			print_metric_headers(config, evlist, &sb, NULL, false);
		for (int line = 0; line < config->aggr_map->nr; line++)
			print_metric_only_line(config, evlist, &sb, prefix, line);
		goto footer;
	}

	switch (config->aggr_mode) {
	case AGGR_CORE:
	case AGGR_DIE:
	case AGGR_SOCKET:
	case AGGR_NODE:
		for (int line = 0; line < config->aggr_map->nr; line++)
			evlist__for_each_entry(evlist, counter)
				print_counter_line(config, &sb, prefix, counter, line);
		break;
	case AGGR_THREAD:
		print_counters_thread(config, evlist, &sb, prefix);
		break;
	case AGGR_NONE:
	case AGGR_GLOBAL:
	default:
		evlist__for_each_entry(evlist, counter)
			for (int line = 0; line < config->aggr_map->nr; line++)
				print_counter_line(config, &sb, prefix, counter, line);
		break;
	}
footer:
	if (!ts || summary)
		print_footer(config, &sb);
	fwrite(sb.buf, 1, sb.len, config->output);
	fflush(config->output);
	strbuf_release(&sb);
}
