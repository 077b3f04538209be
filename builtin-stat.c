// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat: run a command (or watch processes, threads, CPUs) and print
 * the counts of events.
 *
 * A run: fork the workload stopped before exec, open the counters on it
 * (enabled by the exec), let it go, wait (printing intervals with -I), read
 * the counters, aggregate and print. -r repeats runs and prints averages.
 */
#include "builtin.h"
#include "util/cgroup.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/stat-display.h"
#include "util/stat.h"
#include "util/hw-events.h"
#include "util/io.h"
#include "util/string2.h"
#include "util/workload.h"
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* exit codes of upstream perf stat: option checks fail with -EINVAL, runs with -1 */
#define EXIT_INVALID (256 - EINVAL)
#define EXIT_FAILED 255

static const char * const stat_usage[] = {
	"perf stat [<options>] [<command>]",
	NULL
};

static struct perf_stat_config stat_config = {
	.aggr_mode = AGGR_GLOBAL,
	.run_count = 1,
	.unit_width = 4,
	.big_num = true,
};

static struct evlist *evsel_list;

/* what is measured */
static bool system_wide;
static const char *cpu_list, *target_pid, *target_tid;
static bool forks;

/* options */
static int detailed_run, initial_delay;
static bool no_inherit, group, sync_run, null_run, transaction_run, topdown_run, smi_cost;
static bool all_user, all_kernel, append_file, interval_summary, scale = true, no_merge;
static bool hybrid_merge, metric_no_group, metric_no_merge, percore_show_thread;
static const char *output_name, *pre_cmd, *post_cmd, *csv_sep, *for_each_cgroup;
static int output_fd, big_num_opt = -1;
static unsigned int interval_count, timeout, td_level;
static struct strlist *metrics;
static const char *ctl_spec;

/* the run */
static volatile sig_atomic_t done, child_exited;
static volatile sig_atomic_t signr = -1;
static pid_t child_pid = -1;
static struct timespec ref_time;
static u64 last_run_ns;		/* how long the last run counted */
static bool forever;

struct ctl {
	int fd, ack_fd;
	bool close_fds;
};
static struct ctl ctl = { -1, -1, false };

static void stat_signal(int sig)
{
	if (sig == SIGCHLD)
		child_exited = 1;
	else
		signr = sig;
	/* a forked workload gets Ctrl-C too: wait for it, do not stop (unless printing intervals) */
	if (sig != SIGCHLD && (child_pid == -1 || stat_config.interval))
		done = 1;
}

static void install_signals(void)
{
	struct sigaction sa = { .sa_handler = stat_signal };

	/* no SA_RESTART: a signal ends the sleeps of the interval loop */
	sigemptyset(&sa.sa_mask);
	if (!forever)
		sigaction(SIGINT, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGABRT, &sa, NULL);
}

static u64 timespec_ns(const struct timespec *ts)
{
	return (u64)ts->tv_sec * 1000000000ULL + ts->tv_nsec;
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return timespec_ns(&ts);
}

/* ------------------------------------------------------------- counters */

static bool target_is_workload(void)
{
	return forks && !system_wide && !cpu_list && !target_pid && !target_tid;
}

static bool target_system_wide(void)
{
	return system_wide || cpu_list;
}

static void config_evsel(struct evsel *evsel)
{
	struct perf_event_attr *attr = &evsel->attr;
	bool leader = evsel__is_group_leader(evsel);

	attr->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (leader && evsel->nr_members > 1)
		attr->read_format |= PERF_FORMAT_ID | PERF_FORMAT_GROUP;
	attr->sample_type = PERF_SAMPLE_IDENTIFIER;
	attr->sample_period = 0;
	attr->freq = 0;
	attr->inherit = !no_inherit;
	attr->disabled = leader;
	attr->enable_on_exec = leader && target_is_workload() && !initial_delay;
	if (all_kernel)
		attr->exclude_user = 1;
	if (all_user)
		attr->exclude_kernel = 1;
}

/* Units and scales the table shows: clocks in msec, tool events in ns. */
static void set_units(struct evsel *evsel)
{
	if (evsel->unit)
		return;
	if (evsel->tool_event) {
		evsel->unit = xstrdup("ns");
	} else if (evsel__is_clock(evsel)) {
		evsel->unit = xstrdup("msec");
		evsel->scale = 1e-6;
	} else {
		evsel->unit = xstrdup("");
	}
}

/* The message upstream prints for an event that cannot be opened. */
static void open_strerror(struct evsel *evsel, int err, char *msg, size_t size)
{
	char buf[128];

	switch (err) {
	case EPERM:
	case EACCES:
		snprintf(msg, size,
			 "No permission to open %s: perf_event_paranoid (/proc/sys/kernel/perf_event_paranoid)\n"
			 "limits what unprivileged users may count. Run as root, give perf CAP_PERFMON,\n"
			 "or lower perf_event_paranoid (2: user space only, 1: no system-wide, -1: no limits).",
			 evsel__name(evsel));
		return;
	case ENOENT:
		snprintf(msg, size, "The %s event is not supported.", evsel__name(evsel));
		return;
	case EMFILE:
		snprintf(msg, size, "Too many events are opened.\n"
			 "Probably the maximum number of open file descriptors has been reached.\n"
			 "Hint: Try again after reducing the number of events.\n"
			 "Hint: Try increasing the limit with 'ulimit -n <limit>'");
		return;
	case ENODEV:
		if (cpu_list) {
			snprintf(msg, size, "No such device - did you specify an out-of-range profile CPU?");
			return;
		}
		break;
	case EINVAL:
		if (!target_system_wide()) {
			snprintf(msg, size, "Invalid event (%s) in per-thread mode, enable system wide with '-a'.",
				 evsel__name(evsel));
			return;
		}
		break;
	default:
		break;
	}
	snprintf(msg, size, "The sys_perf_event_open() syscall returned with %d (%s) for event (%s).\n"
		 "/bin/dmesg | grep -i perf may provide additional information.\n",
		 err, str_error_r(err, buf, sizeof(buf)), evsel__name(evsel));
}

/* Drop the threads of the map that are gone (an attached process lost a thread). */
static bool remove_dead_threads(void)
{
	struct perf_thread_map *threads = evsel_list->threads, *alive;
	pid_t *tids = xcalloc(perf_thread_map__nr(threads), sizeof(pid_t));
	int nr = 0;

	for (int i = 0; i < perf_thread_map__nr(threads); i++) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d", perf_thread_map__pid(threads, i));
		if (!access(path, F_OK))
			tids[nr++] = perf_thread_map__pid(threads, i);
	}
	if (nr == perf_thread_map__nr(threads) || !nr) {
		free(tids);
		return false;
	}
	alive = perf_thread_map__new_array(tids, nr);
	evlist__set_maps(evsel_list, NULL, alive);
	perf_thread_map__put(alive);
	free(tids);
	return true;
}

static struct perf_cpu_map *evsel_cpus(struct evsel *evsel)
{
	return evsel->cpus && target_system_wide() ? evsel->cpus : evsel_list->cpus;
}

/* Open one counter with upstream's fallbacks; returns 0, or -1 when stat must stop. */
static int open_counter(struct evsel *evsel)
{
	char msg[1024];
	int err;

retry:
	err = evsel__open(evsel, evsel_cpus(evsel), evsel_list->threads);
	if (!err)
		return 0;
	err = -err;
	if (err == EINVAL && (evsel->attr.exclude_guest || evsel->attr.exclude_host)) {
		/* PMUs that cannot tell host from guest */
		pr_debug("switching off exclude_guest, exclude_host\n");
		evsel->attr.exclude_guest = evsel->attr.exclude_host = 0;
		goto retry;
	}
	if (err == EINVAL || err == ENOSYS || err == ENOENT || err == EOPNOTSUPP || err == ENXIO) {
		if (verbose > 0)
			ui__warning("%s event is not supported by the kernel.\n", evsel__name(evsel));
		evsel->supported = false;
		if (!evsel__is_group_leader(evsel) || evsel->nr_members <= 1)
			return 0;
	} else if ((err == EACCES || err == EPERM) && !evsel->attr.exclude_kernel) {
		if (verbose > 0)
			ui__warning("kernel.perf_event_paranoid forbids counting the kernel, "
				    "trying to fall back to excluding kernel and hypervisor samples\n");
		evsel->attr.exclude_kernel = evsel->attr.exclude_hv = 1;
		goto retry;
	} else if (err == ESRCH && (target_pid || target_tid) && remove_dead_threads()) {
		goto retry;
	}
	open_strerror(evsel, err, msg, sizeof(msg));
	ui__error("%s\n", msg);
	if (child_pid != -1)
		kill(child_pid, SIGTERM);
	return -1;
}

/* A weak group that cannot be opened as a group is opened member by member. */
static void break_weak_group(struct evsel *leader)
{
	struct evsel *pos;

	evlist__for_each_entry(evsel_list, pos) {
		if (pos->leader != leader)
			continue;
		evsel__close(pos);
		pos->leader = pos;
		pos->nr_members = 1;
		config_evsel(pos);
	}
}

static int open_counters(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel) {
		if (evsel->tool_event) {
			evsel->supported = true;
			continue;
		}
		if (!evsel__is_group_leader(evsel) && !evsel__is_open(evsel->leader)) {
			/* the leader failed: the group cannot count */
			evsel->supported = false;
			continue;
		}
		if (!evsel__is_group_leader(evsel) && evsel->weak_group) {
			int err = evsel__open(evsel, evsel_cpus(evsel), evsel_list->threads);

			if (err == -EINVAL || err == -EBADF) {
				struct evsel *leader = evsel->leader;

				break_weak_group(leader);
				/* reopen from the former leader, now alone */
				evsel = leader;
				if (open_counter(evsel))
					return -1;
				continue;
			}
			if (!err)
				continue;
		}
		if (open_counter(evsel))
			return -1;
	}
	return 0;
}

static int apply_filters(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel) {
		char buf[128];
		int err;

		if (!evsel->filter || !evsel__is_open(evsel))
			continue;
		err = evsel__apply_filter(evsel, evsel->filter);
		if (err) {
			fprintf(stderr, "failed to set filter \"%s\" on event %s with %d (%s)\n",
				evsel->filter, evsel__name(evsel), -err, str_error_r(-err, buf, sizeof(buf)));
			return -1;
		}
	}
	return 0;
}

static void enable_counters(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel)
		if (evsel__is_group_leader(evsel))
			evsel__enable(evsel);
}

static void disable_counters(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel)
		if (evsel__is_group_leader(evsel))
			evsel__disable(evsel);
}

/*
 * Tool events are measured here: duration_time is the time since the start
 * (intervals print its difference), user_time and system_time the
 * workload's rusage once it is over.
 */
static void set_tool_counts(u64 elapsed_ns, const struct rusage *ru)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;
		u64 v = 0;

		switch (evsel->tool_event) {
		case PERF_TOOL_DURATION_TIME:
			v = elapsed_ns;
			break;
		case PERF_TOOL_USER_TIME:
			v = ru ? ru->ru_utime.tv_sec * 1000000000ULL + ru->ru_utime.tv_usec * 1000ULL : 0;
			break;
		case PERF_TOOL_SYSTEM_TIME:
			v = ru ? ru->ru_stime.tv_sec * 1000000000ULL + ru->ru_stime.tv_usec * 1000ULL : 0;
			break;
		default:
			continue;
		}
		ps->raw[0] = (struct perf_counts_values){ .val = v, .ena = v, .run = v };
	}
}

/* A new run counts from zero. */
static void reset_raw_counts(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;
		size_t n = (size_t)ps->ncpus * ps->nthreads;

		memset(ps->raw, 0, n * sizeof(*ps->raw));
		memset(ps->prev, 0, n * sizeof(*ps->prev));
	}
}

static void print_verbose_counts(void)
{
	struct evsel *evsel;

	if (verbose <= 0)
		return;
	evlist__for_each_entry(evsel_list, evsel) {
		struct perf_stat_evsel *ps = evsel->priv;

		if (!evsel->supported) {
			fprintf(stat_config.output, "failed to read counter %s\n", evsel__name(evsel));
			continue;
		}
		if (verbose > 1) {
			for (int c = 0; c < ps->ncpus; c++)
				for (int t = 0; t < ps->nthreads; t++) {
					struct perf_counts_values *v = &ps->raw[c * ps->nthreads + t];

					fprintf(stat_config.output, "%s: %d: %llu %llu %llu\n", evsel__name(evsel),
						perf_cpu_map__cpu(evsel_cpus(evsel), c), (unsigned long long)v->val,
						(unsigned long long)v->ena, (unsigned long long)v->run);
				}
		}
		for (int line = 0; line < ps->nr_aggr; line++)
			fprintf(stat_config.output, "%s: %llu %llu %llu\n", evsel__name(evsel),
				(unsigned long long)ps->aggr[line].val, (unsigned long long)ps->aggr[line].ena,
				(unsigned long long)ps->aggr[line].run);
	}
}

/* Read the counters and turn them into this run's (or interval's) lines. */
static void read_and_process(bool delta)
{
	int err = perf_stat__read(evsel_list);

	if (err)
		pr_debug("failed to read counters: %s\n", strerror(-err));
	perf_stat__process(evsel_list, stat_config.aggr_map, delta, scale, &stat_config.rt);
	print_verbose_counts();
}

/* ---------------------------------------------------------------- intervals */

static void print_interval(u64 start_ns)
{
	struct timespec ts;
	u64 rel = now_ns() - start_ns;

	ts.tv_sec = rel / 1000000000ULL;
	ts.tv_nsec = rel % 1000000000ULL;
	perf_stat__reset(evsel_list);
	runtime_stat__reset(&stat_config.rt);
	init_stats(&stat_config.walltime_nsecs_stats);
	update_stats(&stat_config.walltime_nsecs_stats, stat_config.interval * 1000000ULL);
	set_tool_counts(rel, NULL);
	read_and_process(true);
	if (!quiet)
		perf_stat__print_counters(&stat_config, evsel_list, &ts, false);
}

/* Are any of the watched threads still there? */
static bool target_alive(void)
{
	struct perf_thread_map *threads = evsel_list->threads;

	if (!target_pid && !target_tid)
		return true;
	for (int i = 0; i < perf_thread_map__nr(threads); i++) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d", perf_thread_map__pid(threads, i));
		if (!access(path, F_OK))
			return true;
	}
	return false;
}

/* Handle enable/disable commands from --control; returns true on "stop". */
static void ctl_process(void)
{
	char buf[64];
	ssize_t n;

	if (ctl.fd < 0)
		return;
	for (;;) {
		n = read(ctl.fd, buf, sizeof(buf) - 1);
		if (n <= 0)
			return;
		buf[n] = '\0';
		for (char *cmd = strtok(buf, "\n"); cmd; cmd = strtok(NULL, "\n")) {
			if (!strcmp(cmd, "enable")) {
				enable_counters();
				if (verbose >= 0)
					fprintf(stderr, "Events enabled\n");
			} else if (!strcmp(cmd, "disable")) {
				disable_counters();
				if (verbose >= 0)
					fprintf(stderr, "Events disabled\n");
			} else if (!strcmp(cmd, "stop")) {
				done = 1;
			} else if (strcmp(cmd, "ping")) {
				pr_debug("unknown control command '%s'\n", cmd);
				continue;
			}
			if (ctl.ack_fd >= 0 && write(ctl.ack_fd, "ack\n", 4) < 0)
				pr_debug("cannot ack a control command\n");
		}
	}
}

/* Sleep ms milliseconds unless a signal comes first; handles --control meanwhile. */
static void sleep_ms(unsigned int ms)
{
	u64 end = now_ns() + (u64)ms * 1000000ULL;

	while (!done) {
		u64 now = now_ns();
		struct timespec ts;

		if (now >= end)
			break;
		if (ctl.fd >= 0) {
			struct timespec slice = { 0, 10000000 };

			ctl_process();
			ts = (end - now) < 10000000ULL ? (struct timespec){ 0, (long)(end - now) } : slice;
		} else {
			ts.tv_sec = (end - now) / 1000000000ULL;
			ts.tv_nsec = (end - now) % 1000000000ULL;
		}
		if (nanosleep(&ts, NULL) < 0 && errno == EINTR && (done || child_exited))
			break;
		if (child_exited && forks)
			break;
	}
}

/* --------------------------------------------------------------------- runs */

/* Has the workload exited (without reaping it)? */
static bool workload_exited(void)
{
	siginfo_t info = { .si_pid = 0 };

	if (child_exited)
		return true;
	return waitid(P_PID, child_pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == child_pid;
}

static int wait_workload(int *status, struct rusage *ru)
{
	/* with --control, serve the commands until the workload ends */
	while (ctl.fd >= 0 && !workload_exited()) {
		struct pollfd pfd = { .fd = ctl.fd, .events = POLLIN };

		if (poll(&pfd, 1, 100) > 0)
			ctl_process();
	}
	for (;;) {
		pid_t p = wait4(child_pid, status, 0, ru);

		if (p == child_pid)
			return 0;
		if (p < 0 && errno != EINTR)
			return -1;
	}
}

/* Sleep until the end: a signal, --timeout, the watched process gone. */
static void wait_no_workload(void)
{
	u64 end = timeout ? now_ns() + (u64)timeout * 1000000ULL : 0;

	while (!done) {
		unsigned int ms = 1000;

		if (end) {
			u64 now = now_ns();

			if (now >= end)
				break;
			ms = min(ms, (unsigned int)((end - now + 999999) / 1000000));
		}
		sleep_ms(ms);
		if (!target_alive())
			break;
	}
}

static void interval_loop(u64 start_ns, bool *stopped_by_count)
{
	unsigned int times = 0;

	for (;;) {
		sleep_ms(stat_config.interval);
		if (done)
			break;
		if (forks && workload_exited())
			break;
		if (!forks && !target_alive())
			break;
		print_interval(start_ns);
		if (interval_count && ++times >= interval_count) {
			*stopped_by_count = true;
			break;
		}
	}
}

static int run_perf_stat_once(int argc, const char **argv, int run_idx, int *exit_status)
{
	struct workload w = { -1, -1, -1 };
	struct rusage ru;
	int status = 0, err;
	bool stopped_by_count = false;
	u64 t0, t1;

	(void)argc;
	if (forks) {
		if (workload__prepare(&w, argv) < 0)
			return -1;
		child_pid = w.pid;
		if (target_is_workload()) {
			struct perf_thread_map *threads = perf_thread_map__new_array(&w.pid, 1);

			evlist__set_maps(evsel_list, NULL, threads);
			perf_thread_map__put(threads);
		}
	}
	if (open_counters() || apply_filters()) {
		if (forks) {
			kill(w.pid, SIGTERM);
			waitpid(w.pid, NULL, 0);
			child_pid = -1;
		}
		return -1;
	}
	if (!evsel_list->priv) {
		perf_stat__alloc(evsel_list, stat_config.aggr_map);
		evsel_list->priv = evsel_list;
	}
	reset_raw_counts();
	child_exited = 0;
	t0 = now_ns();
	clock_gettime(CLOCK_MONOTONIC, &ref_time);
	if (!target_is_workload() && initial_delay == 0)
		enable_counters();
	if (initial_delay && !quiet)
		fprintf(stderr, "Events disabled\n");
	if (forks) {
		err = workload__start(&w);
		if (err) {
			char buf[128];

			waitpid(w.pid, NULL, 0);
			child_pid = -1;
			evlist__close(evsel_list);
			pr_err("Workload failed: %s\n", str_error_r(err, buf, sizeof(buf)));
			return -1;
		}
	}
	if (initial_delay > 0) {
		sleep_ms(initial_delay);
		enable_counters();
		if (!quiet)
			fprintf(stderr, "Events enabled\n");
		/* the time counted starts now */
		t0 = now_ns();
		clock_gettime(CLOCK_MONOTONIC, &ref_time);
	}
	if (stat_config.interval) {
		interval_loop(t0, &stopped_by_count);
	} else if (!forks) {
		wait_no_workload();
	} else if (timeout) {
		sleep_ms(timeout);
		if (!child_exited)
			kill(child_pid, SIGTERM);
	}
	if (forks && wait_workload(&status, &ru) < 0)
		memset(&ru, 0, sizeof(ru));
	t1 = now_ns();
	child_pid = -1;

	disable_counters();
	last_run_ns = t1 - t0;
	if (stat_config.walltime_run)
		stat_config.walltime_run[run_idx] = t1 - t0;
	if (stat_config.interval) {
		/* the last, partial interval */
		if (!stopped_by_count)
			print_interval(t0);
	} else {
		update_stats(&stat_config.walltime_nsecs_stats, t1 - t0);
		set_tool_counts(t1 - t0, forks ? &ru : NULL);
		read_and_process(false);
	}
	evlist__close(evsel_list);

	if (forks) {
		stat_config.ru_data = ru;
		if (WIFSIGNALED(status) && !stat_config.interval)
			fprintf(stderr, "%s: %s\n", argv[0], strsignal(WTERMSIG(status)));
		*exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
	}
	return 0;
}

static int run_perf_stat(int argc, const char **argv, int run_idx, int *exit_status)
{
	int ret;

	if (pre_cmd) {
		ret = system(pre_cmd);
		if (ret) {
			pr_err("--pre command '%s' failed\n", pre_cmd);
			return -1;
		}
	}
	if (sync_run)
		sync();
	ret = run_perf_stat_once(argc, argv, run_idx, exit_status);
	if (ret)
		return ret;
	/* as upstream, a failing --post does not spoil the counts */
	if (post_cmd && system(post_cmd))
		pr_debug("--post command '%s' failed\n", post_cmd);
	return 0;
}

/* ------------------------------------------------------------------ options */

static int parse_cgroups_cb(const struct option *opt, const char *str, int unset)
{
	(void)unset;
	if (for_each_cgroup) {
		fprintf(stderr, "--cgroup and --for-each-cgroup cannot be used together\n");
		return -1;
	}
	return evlist__set_cgroups(opt->value, str);
}

static int parse_metrics_cb(const struct option *opt, const char *str, int unset)
{
	(void)opt;
	(void)unset;
	if (!metrics)
		metrics = strlist__new(NULL);
	strlist__add_list(metrics, str);
	return 0;
}

static int cputype_cb(const struct option *opt, const char *str, int unset)
{
	(void)opt;
	(void)unset;
	/* no hybrid PMUs here */
	fprintf(stderr, "--cputype %s is not supported!\n", str);
	return -1;
}

static int iostat_cb(const struct option *opt, const char *str, int unset)
{
	(void)opt;
	(void)str;
	(void)unset;
	fprintf(stderr, "Unsupported uncore pmu configuration\n");
	return -1;
}

static int ctl_cb(const struct option *opt, const char *str, int unset)
{
	(void)opt;
	(void)unset;
	ctl_spec = str;
	return 0;
}

static int set_aggr_cb(const struct option *opt, const char *str, int unset)
{
	(void)str;
	stat_config.aggr_mode = unset ? AGGR_GLOBAL : (enum aggr_mode)opt->defval;
	return 0;
}

static int big_num_cb(const struct option *opt, const char *str, int unset)
{
	(void)opt;
	(void)str;
	big_num_opt = unset ? 0 : 1;
	return 0;
}

static const struct option *stat_options_ptr;

/* Open --control fd:N[,M] or fifo:PATH[,PATH]. */
static int setup_ctl(void)
{
	char *spec, *comma;

	if (!ctl_spec)
		return 0;
	spec = xstrdup(ctl_spec);
	comma = strchr(spec, ',');
	if (comma)
		*comma++ = '\0';
	if (strstarts(spec, "fd:")) {
		ctl.fd = atoi(spec + 3);
		ctl.ack_fd = comma ? atoi(comma) : -1;
	} else if (strstarts(spec, "fifo:")) {
		ctl.fd = open(spec + 5, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (ctl.fd < 0) {
			pr_err("Failed to open '%s'\n", spec + 5);
			free(spec);
			return -1;
		}
		if (comma) {
			ctl.ack_fd = open(comma, O_RDWR | O_CLOEXEC);
			if (ctl.ack_fd < 0) {
				pr_err("Failed to open '%s'\n", comma);
				free(spec);
				return -1;
			}
		}
		ctl.close_fds = true;
	} else {
		free(spec);
		pr_err("Unknown control descriptor '%s': use fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]\n",
		       ctl_spec);
		return -1;
	}
	free(spec);
	if (ctl.fd >= 0)
		fcntl(ctl.fd, F_SETFL, fcntl(ctl.fd, F_GETFL) | O_NONBLOCK);
	return 0;
}

static int add_default_events(void)
{
	static const char *const detailed[] = {
		"L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses",
		"L1-icache-loads,L1-icache-load-misses,dTLB-loads,dTLB-load-misses,iTLB-loads,iTLB-load-misses",
		"L1-dcache-prefetches,L1-dcache-prefetch-misses",
	};
	struct parse_events_error err;
	int ret = 0;

	if (null_run)
		return 0;
	parse_events_error__init(&err);
	if (!evsel_list->nr_entries)
		ret = parse_events(evsel_list, "task-clock,context-switches,cpu-migrations,page-faults,"
				   "cycles,instructions,branches,branch-misses", &err);
	for (int i = 0; !ret && i < detailed_run && i < 3; i++)
		ret = parse_events(evsel_list, detailed[i], &err);
	parse_events_error__exit(&err);
	return ret;
}

/* Every event one group (-g). */
static void group_all(void)
{
	struct evsel *first = evlist__first(evsel_list), *evsel;

	if (!first || evsel_list->nr_entries < 2)
		return;
	evlist__for_each_entry(evsel_list, evsel)
		evsel->leader = evsel;
	evlist__set_group(evsel_list, first, evlist__last(evsel_list));
}

/* Target maps: CPUs for -a/-C, threads for -p/-t, the workload's later. */
static int create_maps(void)
{
	struct perf_cpu_map *cpus;
	struct perf_thread_map *threads;

	if (target_pid || target_tid) {
		threads = perf_thread_map__new_str(target_pid, target_tid);
		if (!threads) {
			pr_err("Problems finding threads of monitor\n");
			parse_options_usage(stat_usage, stat_options_ptr, "p", true);
			parse_options_usage(NULL, stat_options_ptr, "t", true);
			return -1;
		}
		cpus = perf_cpu_map__new_any();
	} else if (target_system_wide() && stat_config.aggr_mode == AGGR_THREAD) {
		threads = perf_thread_map__new_all();
		cpus = perf_cpu_map__new_any();
	} else if (target_system_wide()) {
		cpus = perf_cpu_map__new(cpu_list);
		if (!cpus) {
			perror("failed to parse CPUs map");
			parse_options_usage(stat_usage, stat_options_ptr, "C", true);
			parse_options_usage(NULL, stat_options_ptr, "a", true);
			return -1;
		}
		threads = perf_thread_map__new_dummy();
	} else {
		/* the workload: its pid is known once it is forked */
		pid_t none = -1;

		threads = perf_thread_map__new_array(&none, 1);
		cpus = perf_cpu_map__new_any();
	}
	evlist__set_maps(evsel_list, cpus, threads);
	perf_cpu_map__put(cpus);
	perf_thread_map__put(threads);
	return 0;
}

static void read_comms(void)
{
	struct perf_thread_map *threads = evsel_list->threads;
	int nr = perf_thread_map__nr(threads);

	stat_config.thread_comm = xcalloc(nr, sizeof(char *));
	for (int i = 0; i < nr; i++) {
		char path[64], *comm = NULL;

		snprintf(path, sizeof(path), "/proc/%d/comm", perf_thread_map__pid(threads, i));
		if (filename__read_str(path, &comm, NULL) == 0)
			stat_config.thread_comm[i] = xstrdup(strim(comm));
		else
			stat_config.thread_comm[i] = xstrdup("");
		free(comm);
	}
}

static FILE *open_output(void)
{
	FILE *out;

	if (output_name && strcmp(output_name, "-")) {
		out = fopen(output_name, append_file ? "a" : "w");
		if (!out) {
			perror("failed to create output file");
			return NULL;
		}
		if (!stat_config.json_output) {
			time_t t = time(NULL);

			fprintf(out, "# started on %s\n", ctime(&t));
		}
		return out;
	}
	if (output_fd > 0) {
		out = fdopen(output_fd, append_file ? "a" : "w");
		if (!out)
			perror("Failed opening logfd");
		return out;
	}
	return stderr;
}

/* Are all events system-wide only (uncore)? Then no workload target is needed. */
static bool all_events_need_cpus(void)
{
	struct evsel *evsel;

	evlist__for_each_entry(evsel_list, evsel)
		if (!evsel->cpus && !(evsel->tool_event == PERF_TOOL_DURATION_TIME))
			return false;
	return evsel_list->nr_entries > 0;
}

/* Option combinations upstream refuses, with its messages. Returns 0 or the exit code. */
static int check_options(int argc, const struct option *options)
{
	if (output_name && output_fd) {
		fprintf(stderr, "cannot use both --output and --log-fd\n");
		parse_options_usage(stat_usage, options, "o", true);
		parse_options_usage(NULL, options, "log-fd", false);
		return EXIT_INVALID;
	}
	if (stat_config.csv_output && stat_config.json_output) {
		fprintf(stderr, "-x and -j cannot be used together\n");
		parse_options_usage(stat_usage, options, "x", true);
		parse_options_usage(NULL, options, "j", true);
		return EXIT_INVALID;
	}
	if (stat_config.metric_only && stat_config.aggr_mode == AGGR_THREAD) {
		fprintf(stderr, "--metric-only is not supported with --per-thread\n");
		return EXIT_INVALID;
	}
	if (stat_config.metric_only && stat_config.run_count > 1) {
		fprintf(stderr, "--metric-only is not supported with -r\n");
		return EXIT_INVALID;
	}
	if (stat_config.walltime_run_table && stat_config.run_count <= 1) {
		fprintf(stderr, "--table is only supported with -r\n");
		parse_options_usage(stat_usage, options, "r", true);
		parse_options_usage(NULL, options, "table", false);
		return EXIT_INVALID;
	}
	if (output_fd < 0) {
		fprintf(stderr, "argument to --log-fd must be a > 0\n");
		parse_options_usage(stat_usage, options, "log-fd", false);
		return EXIT_INVALID;
	}
	if (stat_config.csv_output && big_num_opt == 1) {
		fprintf(stderr, "-B option not supported with -x\n");
		parse_options_usage(stat_usage, options, "B", true);
		parse_options_usage(NULL, options, "x", true);
		return EXIT_INVALID;
	}
	if ((target_pid || target_tid) && cpu_list) {
		cpu_list = NULL;
		if (!system_wide)
			pr_warning("PID/TID switch overriding CPU\n");
	}
	if ((target_pid || target_tid) && system_wide) {
		system_wide = false;
		pr_warning("PID/TID switch overriding SYSTEM\n");
	}
	(void)argc;
	return 0;
}

static int check_target_options(const struct option *options)
{
	if (stat_config.run_count < 0) {
		pr_err("Run count must be a positive number\n");
		parse_options_usage(stat_usage, options, "r", true);
		return EXIT_INVALID;
	}
	if (stat_config.aggr_mode == AGGR_THREAD && !target_pid && !target_tid &&
	    (!system_wide || cpu_list)) {
		fprintf(stderr, "The --per-thread option is only available when monitoring via -p -t -a "
			"options or only --per-thread.\n");
		parse_options_usage(NULL, options, "p", true);
		parse_options_usage(NULL, options, "t", true);
		return EXIT_INVALID;
	}
	if (((stat_config.aggr_mode != AGGR_GLOBAL && stat_config.aggr_mode != AGGR_THREAD) ||
	     evlist__has_cgroups(evsel_list) || for_each_cgroup) && !target_system_wide()) {
		fprintf(stderr, "both cgroup and no-aggregation modes only available in system-wide mode\n");
		parse_options_usage(stat_usage, options, "G", true);
		parse_options_usage(NULL, options, "A", true);
		parse_options_usage(NULL, options, "a", true);
		parse_options_usage(NULL, options, "for-each-cgroup", false);
		return EXIT_INVALID;
	}
	if (interval_count && !stat_config.interval) {
		pr_err("interval-count option should be used together with interval-print.\n");
		parse_options_usage(stat_usage, options, "interval-count", false);
		parse_options_usage(stat_usage, options, "I", true);
		return EXIT_INVALID;
	}
	if (timeout && timeout < 100) {
		if (timeout < 10) {
			pr_err("timeout must be >= 10ms.\n");
			parse_options_usage(stat_usage, options, "timeout", false);
			return EXIT_INVALID;
		}
		pr_warning("timeout < 100ms. The overhead percentage could be high in some cases. "
			   "Please proceed with caution.\n");
	}
	if (timeout && stat_config.interval) {
		pr_err("timeout option is not supported with interval-print.\n");
		parse_options_usage(stat_usage, options, "timeout", false);
		parse_options_usage(stat_usage, options, "I", true);
		return EXIT_INVALID;
	}
	return 0;
}

/* Features that need hardware this machine lacks: upstream's messages. */
static int check_unsupported(void)
{
	if (transaction_run) {
		pr_err("Cannot set up transaction events\n");
		return EXIT_INVALID;
	}
	if (topdown_run) {
		if (!target_system_wide())
			pr_err("top down event configuration requires system-wide mode (-a)\n");
		else
			pr_err("System does not support topdown\n");
		return EXIT_INVALID;
	}
	if (smi_cost) {
		pr_err("freeze_on_smi is not supported.\n");
		return EXIT_INVALID;
	}
	if (metrics) {
		/* no metric tables for this CPU */
		pr_err("Cannot find metric or group `%s'\n", strlist__entry(metrics, 0));
		parse_options_usage(stat_usage, stat_options_ptr, "M", true);
		return EXIT_INVALID;
	}
	return 0;
}

static void stat_exit(int status)
{
	/* a Ctrl-C that stopped the counting ends perf stat the same way */
	if (signr > 0 && signr != SIGCHLD && (!forks || stat_config.interval)) {
		fflush(NULL);
		signal(signr, SIG_DFL);
		raise(signr);
	}
	exit(status);
}

/* Print the counts of all runs (or the summary after intervals). */
static void print_results(u64 last_walltime, const struct rusage *ru)
{
	if (quiet)
		return;
	if (stat_config.interval) {
		/* the totals of the whole run */
		perf_stat__reset(evsel_list);
		runtime_stat__reset(&stat_config.rt);
		init_stats(&stat_config.walltime_nsecs_stats);
		update_stats(&stat_config.walltime_nsecs_stats, last_walltime);
		set_tool_counts(last_walltime, ru);
		perf_stat__process(evsel_list, stat_config.aggr_map, false, scale, &stat_config.rt);
		perf_stat__print_counters(&stat_config, evsel_list, &ref_time, true);
		return;
	}
	perf_stat__print_counters(&stat_config, evsel_list, NULL, false);
}

int cmd_stat(int argc, const char **argv)
{
	const char *iostat_arg = NULL;
	int status = 0, exit_status = 0, ret;
	struct option stat_options[] = {
		OPT_BOOLEAN('T', "transaction", &transaction_run, "hardware transaction statistics"),
		OPT_CALLBACK('e', "event", NULL, "event",
			     "event selector. use 'perf list' to list available events", parse_events_option),
		OPT_CALLBACK(0, "filter", NULL, "filter", "event filter", parse_filter),
		OPT_BOOLEAN('i', "no-inherit", &no_inherit, "child tasks do not inherit counters"),
		OPT_STRING('p', "pid", &target_pid, "pid", "stat events on existing process id"),
		OPT_STRING('t', "tid", &target_tid, "tid", "stat events on existing thread id"),
		OPT_BOOLEAN('a', "all-cpus", &system_wide, "system-wide collection from all CPUs"),
		OPT_BOOLEAN('g', "group", &group, "put the counters into a counter group"),
		OPT_BOOLEAN(0, "scale", &scale, "Use --no-scale to disable counter scaling for multiplexing"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show counter open errors, etc)"),
		OPT_INTEGER('r', "repeat", &stat_config.run_count,
			    "repeat command and print average + stddev (max: 100, forever: 0)"),
		OPT_BOOLEAN(0, "table", &stat_config.walltime_run_table,
			    "display details about each run (only with -r option)"),
		OPT_BOOLEAN('n', "null", &null_run, "null run - dont start any counters"),
		OPT_INCR('d', "detailed", &detailed_run, "detailed run - start a lot of events"),
		OPT_BOOLEAN('S', "sync", &sync_run, "call sync() before starting a run"),
		OPT_CALLBACK_NOOPT('B', "big-num", NULL, NULL,
				   "print large numbers with thousands' separators", big_num_cb),
		OPT_STRING('C', "cpu", &cpu_list, "cpu", "list of cpus to monitor in system-wide"),
		{ .type = OPTION_CALLBACK, .short_name = 'A', .long_name = "no-aggr", .help = "disable CPU count aggregation",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_NONE },
		OPT_BOOLEAN(0, "no-merge", &no_merge, "Do not merge identical named events"),
		OPT_BOOLEAN(0, "hybrid-merge", &hybrid_merge, "Merge identical named hybrid events"),
		OPT_STRING('x', "field-separator", &csv_sep, "separator", "print counts with custom separator"),
		OPT_BOOLEAN('j', "json-output", &stat_config.json_output, "print counts in JSON format"),
		OPT_CALLBACK('G', "cgroup", NULL, "name", "monitor event in cgroup name only", parse_cgroups_cb),
		OPT_STRING('o', "output", &output_name, "file", "output file name"),
		OPT_BOOLEAN(0, "append", &append_file, "append to the output file"),
		OPT_INTEGER(0, "log-fd", &output_fd, "log output to fd, instead of stderr"),
		OPT_STRING(0, "pre", &pre_cmd, "command", "command to run prior to the measured command"),
		OPT_STRING(0, "post", &post_cmd, "command", "command to run after to the measured command"),
		OPT_UINTEGER('I', "interval-print", &stat_config.interval,
			     "print counts at regular interval in ms (overhead is possible for values <= 100ms)"),
		OPT_UINTEGER(0, "interval-count", &interval_count, "print counts for fixed number of times"),
		OPT_BOOLEAN(0, "interval-clear", &stat_config.interval_clear, "clear screen in between new interval"),
		OPT_UINTEGER(0, "timeout", &timeout,
			     "stop workload and print counts after a timeout period in ms (>= 10ms)"),
		{ .type = OPTION_CALLBACK, .long_name = "per-socket", .help = "aggregate counts per processor socket",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_SOCKET },
		{ .type = OPTION_CALLBACK, .long_name = "per-die", .help = "aggregate counts per processor die",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_DIE },
		{ .type = OPTION_CALLBACK, .long_name = "per-core", .help = "aggregate counts per physical processor core",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_CORE },
		{ .type = OPTION_CALLBACK, .long_name = "per-thread", .help = "aggregate counts per thread",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_THREAD },
		{ .type = OPTION_CALLBACK, .long_name = "per-node", .help = "aggregate counts per numa node",
		  .callback = set_aggr_cb, .flags = PARSE_OPT_NOARG, .defval = AGGR_NODE },
		OPT_INTEGER('D', "delay", &initial_delay,
			    "ms to wait before starting measurement after program start (-1: start with events disabled)"),
		OPT_BOOLEAN(0, "metric-only", &stat_config.metric_only, "Only print computed metrics. No raw values"),
		OPT_BOOLEAN(0, "metric-no-group", &metric_no_group, "don't group metric events, impacts multiplexing"),
		OPT_BOOLEAN(0, "metric-no-merge", &metric_no_merge, "don't try to share events between metrics in a group"),
		OPT_BOOLEAN(0, "topdown", &topdown_run, "measure top-down statistics"),
		OPT_UINTEGER(0, "td-level", &td_level, "Set the metrics level for the top-down statistics (0: max level)"),
		OPT_BOOLEAN(0, "smi-cost", &smi_cost, "measure SMI cost"),
		OPT_CALLBACK('M', "metrics", NULL, "metric/metric group list",
			     "monitor specified metrics or metric groups (separated by ,)", parse_metrics_cb),
		OPT_BOOLEAN(0, "all-kernel", &all_kernel, "Configure all used events to run in kernel space."),
		OPT_BOOLEAN(0, "all-user", &all_user, "Configure all used events to run in user space."),
		OPT_BOOLEAN(0, "percore-show-thread", &percore_show_thread,
			    "Use with 'percore' event qualifier to show the event counts of one hardware thread by "
			    "sum up total hardware threads of same physical core"),
		OPT_BOOLEAN(0, "summary", &interval_summary, "print summary for interval mode"),
		OPT_BOOLEAN(0, "no-csv-summary", &stat_config.no_csv_summary,
			    "don't print 'summary' for CSV summary output"),
		OPT_BOOLEAN(0, "quiet", &quiet, "don't print any output, messages or warnings (useful with record)"),
		OPT_CALLBACK(0, "cputype", NULL, "hybrid cpu type",
			     "Only enable events on applying cpu with this type for hybrid platform (e.g. core or atom)",
			     cputype_cb),
		OPT_STRING(0, "for-each-cgroup", &for_each_cgroup, "name", "expand events for each cgroup"),
		OPT_CALLBACK(0, "control", NULL, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			     "Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, "
			     "'disable': disable events).\n"
			     "\t\t\t  Optionally send control command completion ('ack\\n') to ack-fd descriptor.\n"
			     "\t\t\t  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.",
			     ctl_cb),
		OPT_CALLBACK_OPTARG(0, "iostat", &iostat_arg, NULL, "default",
				    "measure I/O performance metrics provided by arch/platform", iostat_cb),
		OPT_END()
	};
	struct rusage last_ru = { 0 };

	/* thousands separators and the decimal point follow the locale; nothing else needs it */
	setlocale(LC_NUMERIC, "");
	evsel_list = evlist__new();
	for (struct option *o = stat_options; o->type != OPTION_END; o++) {
		if (o->short_name == 'e' || o->short_name == 'G' ||
		    (o->long_name && !strcmp(o->long_name, "filter")))
			o->value = evsel_list;
	}
	stat_options_ptr = stat_options;
	parse_events__shrink_config_terms();
	argc = parse_options(argc, argv, stat_options, stat_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	forks = argc > 0;
	/* upstream's subcommands, which would otherwise run a command named record */
	if (argc && strlen(argv[0]) > 2 && (strstarts("record", argv[0]) || strstarts("report", argv[0]))) {
		pr_err("perf stat %s is not supported: counts are printed, not saved to perf.data\n", argv[0]);
		status = EXIT_FAILED;
		goto out;
	}

	if (csv_sep) {
		stat_config.csv_output = true;
		stat_config.csv_sep = !strcmp(csv_sep, "\\t") ? "\t" : csv_sep;
	} else {
		stat_config.csv_sep = " ";
	}
	status = check_options(argc, stat_options);
	if (status)
		goto out;
	if (!quiet) {
		stat_config.output = open_output();
		if (!stat_config.output) {
			status = EXIT_FAILED;
			goto out;
		}
	} else {
		stat_config.output = stderr;
	}
	if (stat_config.interval_clear && !isatty(fileno(stat_config.output))) {
		fprintf(stderr, "--interval-clear does not work with output\n");
		parse_options_usage(stat_usage, stat_options, "o", true);
		parse_options_usage(NULL, stat_options, "log-fd", false);
		parse_options_usage(NULL, stat_options, "interval-clear", false);
		status = EXIT_FAILED;
		goto out;
	}
	if (stat_config.csv_output || big_num_opt == 0)
		stat_config.big_num = false;

	/* no target and no workload: count the whole system until Ctrl-C */
	if (!target_pid && !target_tid && !target_system_wide() && (!forks || all_events_need_cpus()))
		system_wide = true;
	stat_config.ru_display = stat_config.run_count == 1 && target_is_workload();
	status = check_target_options(stat_options);
	if (status)
		goto out;
	if (stat_config.run_count == 0) {
		forever = true;
		stat_config.run_count = 1;
	}
	if (stat_config.walltime_run_table)
		stat_config.walltime_run = xcalloc(stat_config.run_count, sizeof(u64));
	status = check_unsupported();
	if (status)
		goto out;
	if (add_default_events()) {
		status = EXIT_FAILED;
		goto out;
	}
	if (for_each_cgroup && evlist__expand_cgroup(evsel_list, for_each_cgroup) < 0) {
		status = EXIT_FAILED;
		goto out;
	}
	if (group)
		group_all();
	if (create_maps()) {
		status = EXIT_INVALID;
		goto out;
	}
	if (setup_ctl()) {
		status = EXIT_FAILED;
		goto out;
	}
	if (stat_config.aggr_mode == AGGR_THREAD)
		read_comms();

	{
		struct evsel *evsel;

		evlist__for_each_entry(evsel_list, evsel) {
			config_evsel(evsel);
			set_units(evsel);
			if ((int)strlen(evsel->unit) > stat_config.unit_width)
				stat_config.unit_width = strlen(evsel->unit);
		}
	}
	stat_config.aggr_map = aggr_map__new(stat_config.aggr_mode, evsel_list->cpus, evsel_list->threads);
	runtime_stat__init(&stat_config.rt, stat_config.aggr_map->nr);
	stat_config.threads = evsel_list->threads;
	stat_config.cpus = evsel_list->cpus;
	stat_config.system_wide = system_wide;
	stat_config.cpu_list = system_wide ? NULL : cpu_list;
	stat_config.pid = target_pid;
	stat_config.tid = target_pid ? NULL : target_tid;
	stat_config.argc = argc;
	stat_config.argv = argv;
	stat_config.null_run = null_run;

	install_signals();
	for (int run = 0; forever || run < stat_config.run_count; run++) {
		if (stat_config.run_count != 1 && verbose > 0)
			fprintf(stat_config.output, "[ perf stat: executing run #%d ... ]\n", run + 1);
		ret = run_perf_stat(argc, argv, run, &exit_status);
		if (ret < 0) {
			status = EXIT_FAILED;
			goto out;
		}
		if (ret > 0) {
			status = ret;
			goto out;
		}
		last_ru = stat_config.ru_data;
		if (forever && !stat_config.interval) {
			print_results(last_run_ns, &last_ru);
			perf_stat__reset(evsel_list);
			runtime_stat__reset(&stat_config.rt);
			init_stats(&stat_config.walltime_nsecs_stats);
		}
		if (forever && done)
			break;
	}
	if (!forever && (!stat_config.interval || interval_summary))
		print_results(last_run_ns, &last_ru);
	status = stat_config.interval ? 0 : exit_status;
out:
	if (stat_config.output && stat_config.output != stderr)
		fclose(stat_config.output);
	if (ctl.close_fds) {
		close(ctl.fd);
		if (ctl.ack_fd >= 0)
			close(ctl.ack_fd);
	}
	if (evsel_list->priv)
		perf_stat__free(evsel_list);
	runtime_stat__exit(&stat_config.rt);
	aggr_map__delete(stat_config.aggr_map);
	if (stat_config.thread_comm) {
		for (int i = 0; i < perf_thread_map__nr(stat_config.threads); i++)
			free(stat_config.thread_comm[i]);
		free(stat_config.thread_comm);
	}
	free(stat_config.walltime_run);
	strlist__delete(metrics);
	evlist__delete(evsel_list);
	stat_exit(status);
	return status;
}
