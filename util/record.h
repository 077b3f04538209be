/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a recording asks of its events (perf record's options), and how that
 * becomes each event's perf_event_attr, the way upstream configures them:
 * sample_type bits, period/frequency, the tracking event (mmap, comm, task
 * records), call chains, enable on exec.
 */
#ifndef PERF_RECORD_H
#define PERF_RECORD_H

#include <sys/types.h>
#include <linux/perf_event.h>
#include "util.h"

struct evlist;
struct evsel;

struct target {
	const char	*pid;
	const char	*tid;
	const char	*cpu_list;
	const char	*uid_str;
	uid_t		uid;
	bool		system_wide;
	bool		per_thread;
};

static inline bool target__has_task(const struct target *t)
{
	return t->pid || t->tid || t->uid_str;
}

static inline bool target__has_cpu(const struct target *t)
{
	return t->system_wide || t->cpu_list;
}

static inline bool target__none(const struct target *t)
{
	return !target__has_task(t) && !target__has_cpu(t);
}

enum callchain_record_mode {
	CALLCHAIN_NONE,
	CALLCHAIN_FP,
	CALLCHAIN_DWARF,
	CALLCHAIN_LBR,
};

struct callchain_param {
	bool				enabled;
	enum callchain_record_mode	record_mode;
	u32				dump_size;	/* dwarf: bytes of user stack */
	int				max_stack;
};

#define CALLCHAIN_DWARF_DEFAULT_SIZE 8192

struct record_opts {
	struct target	target;
	bool		group;
	bool		inherit_stat;
	bool		no_buffering;
	bool		no_inherit;
	bool		no_samples;
	bool		raw_samples;
	bool		sample_address;
	bool		sample_phys_addr;
	bool		sample_data_page_size;
	bool		sample_code_page_size;
	bool		sample_weight;
	bool		sample_time;		/* default true */
	bool		sample_time_set;	/* -T / --no-timestamp given */
	bool		sample_cpu;
	bool		sample_identifier;
	bool		sample_transaction;
	bool		period;			/* -P */
	bool		period_set;
	bool		running_time;
	bool		record_namespaces;
	bool		record_cgroup;
	bool		record_switch_events;
	bool		all_kernel;
	bool		all_user;
	bool		kernel_callchains;
	bool		user_callchains;
	bool		strict_freq;
	bool		no_bpf_event;
	bool		use_clockid;
	bool		pipe;			/* writing to a pipe: every event gets an id */
	int		clockid;
	unsigned int	freq;
	unsigned int	user_freq;		/* -F, UINT_MAX when not given */
	u64		user_interval;		/* -c, ULLONG_MAX when not given */
	u64		default_interval;
	u64		branch_stack;
	u64		sample_user_regs;
	u64		sample_intr_regs;
	int		initial_delay;		/* -D ms, -1: start disabled */
	struct evsel	*tracking;		/* the dummy event added for tracking, or NULL */
	bool		tracking_immediate;	/* enable it at once (system-wide) */
};

void record_opts__init(struct record_opts *opts);

/*
 * -F/-c into freq/default_interval, with upstream's checks and messages
 * ("frequency and count are zero, aborting", the max sample rate). 0 or -1.
 */
int record_opts__config(struct record_opts *opts);

/* --call-graph "fp", "dwarf[,size]", "lbr". 0 or -1 (error printed). */
int parse_callchain_record_opt(const char *arg, struct callchain_param *param);

/* Configure every event of evlist for recording (attr from opts). */
void evlist__config(struct evlist *evlist, struct record_opts *opts, struct callchain_param *callchain);

/*
 * When cycles cannot be opened (no hardware PMU), switch evsel to cpu-clock
 * as upstream does; msg says so. Returns true when there is something to
 * retry.
 */
bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size);

/* cpu-clock and task-clock count nanoseconds shown as msec (upstream gives them this unit). */
void evlist__set_clock_units(struct evlist *evlist);

/* perf_event_max_sample_rate (100000 when unknown). */
unsigned int perf_event_max_sample_rate(void);

#endif
