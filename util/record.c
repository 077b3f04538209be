// SPDX-License-Identifier: GPL-2.0
#include "record.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "io.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>

/* x86_64: every register but DS, ES, FS and GS (upstream's PERF_REGS_MASK) */
#define X86_64_USER_REGS_MASK 0xff0fffULL

void record_opts__init(struct record_opts *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->sample_time = true;
	opts->freq = 4000;
	opts->user_freq = UINT_MAX;
	opts->user_interval = ULLONG_MAX;
}

unsigned int perf_event_max_sample_rate(void)
{
	int rate;

	if (filename__read_int("/proc/sys/kernel/perf_event_max_sample_rate", &rate) || rate <= 0)
		return 100000;
	return rate;
}

int record_opts__config(struct record_opts *opts)
{
	unsigned int max_rate;

	if (opts->user_interval != ULLONG_MAX)
		opts->default_interval = opts->user_interval;
	if (opts->user_freq != UINT_MAX)
		opts->freq = opts->user_freq;
	/* a count takes precedence over a frequency */
	if (opts->default_interval) {
		opts->freq = 0;
	} else if (!opts->freq) {
		pr_err("frequency and count are zero, aborting\n");
		return -1;
	}
	if (!opts->freq)
		return 0;
	max_rate = perf_event_max_sample_rate();
	if (opts->freq > max_rate) {
		if (opts->strict_freq) {
			pr_err("error: Maximum frequency rate (%'u Hz) exceeded.\n"
			       "       Please use -F freq option with a lower value or consider\n"
			       "       tweaking /proc/sys/kernel/perf_event_max_sample_rate.\n", max_rate);
			return -1;
		}
		pr_warning("warning: Maximum frequency rate (%'u Hz) exceeded, throttling from %'u Hz to %'u Hz.\n"
			   "         The limit can be raised via /proc/sys/kernel/perf_event_max_sample_rate.\n"
			   "         The kernel will lower it when perf's interrupts take too long.\n"
			   "         Use --strict-freq to disable this throttling, refusing to record.\n",
			   max_rate, opts->freq, max_rate);
		opts->freq = max_rate;
	}
	return 0;
}

int parse_callchain_record_opt(const char *arg, struct callchain_param *param)
{
	char *buf = xstrdup(arg), *saveptr = NULL, *tok;
	int err = -1;

	tok = strtok_r(buf, ",", &saveptr);
	if (!tok)
		goto out;
	if (!strcmp(tok, "fp")) {
		if (strtok_r(NULL, ",", &saveptr)) {
			pr_err("callchain: No more arguments needed for --call-graph fp\n");
			goto out;
		}
		param->record_mode = CALLCHAIN_FP;
		err = 0;
	} else if (!strcmp(tok, "dwarf")) {
		param->record_mode = CALLCHAIN_DWARF;
		param->dump_size = CALLCHAIN_DWARF_DEFAULT_SIZE;
		tok = strtok_r(NULL, ",", &saveptr);
		if (tok) {
			char *end;
			unsigned long size = strtoul(tok, &end, 0);

			if (*end || !size) {
				pr_err("callchain: Incorrect stack dump size (max %ld): %s\n",
				       (long)PERF_ALIGN(65535UL, sizeof(u64)) & ~7UL, tok);
				goto out;
			}
			size = PERF_ALIGN(size, sizeof(u64));
			if (size > 65528) {
				pr_err("callchain: Incorrect stack dump size (max %d): %s\n", 65528, tok);
				goto out;
			}
			param->dump_size = size;
		}
		err = 0;
	} else if (!strcmp(tok, "lbr")) {
		if (strtok_r(NULL, ",", &saveptr)) {
			pr_err("callchain: No more arguments needed for --call-graph lbr\n");
			goto out;
		}
		param->record_mode = CALLCHAIN_LBR;
		err = 0;
	} else {
		pr_err("callchain: Unknown --call-graph option value: %s\n", arg);
	}
out:
	if (!err)
		param->enabled = true;
	free(buf);
	return err;
}

static void set_bit(struct evsel *evsel, u64 bit)
{
	evsel->attr.sample_type |= bit;
}

static void config_callchain(struct evsel *evsel, struct record_opts *opts, struct callchain_param *param)
{
	struct perf_event_attr *attr = &evsel->attr;

	set_bit(evsel, PERF_SAMPLE_CALLCHAIN);
	attr->sample_max_stack = param->max_stack;
	if (opts->kernel_callchains)
		attr->exclude_callchain_user = 1;
	if (opts->user_callchains)
		attr->exclude_callchain_kernel = 1;
	if (param->record_mode == CALLCHAIN_LBR) {
		set_bit(evsel, PERF_SAMPLE_BRANCH_STACK);
		attr->branch_sample_type = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK |
					   PERF_SAMPLE_BRANCH_NO_CYCLES | PERF_SAMPLE_BRANCH_NO_FLAGS |
					   PERF_SAMPLE_BRANCH_HW_INDEX;
	}
	if (param->record_mode == CALLCHAIN_DWARF) {
		set_bit(evsel, PERF_SAMPLE_REGS_USER);
		set_bit(evsel, PERF_SAMPLE_STACK_USER);
		if (opts->sample_user_regs) {
			/* IP and SP are the minimum an unwinder needs */
			attr->sample_regs_user |= (1ULL << 8) | (1ULL << 7);
			pr_warning("WARNING: The use of --call-graph=dwarf may require all the user registers, "
				   "specifying a subset with --user-regs may render DWARF unwinding unreliable, "
				   "so the minimal registers set (IP, SP) is explicitly forced.\n");
		} else {
			attr->sample_regs_user |= X86_64_USER_REGS_MASK;
		}
		attr->sample_stack_user = param->dump_size;
		attr->exclude_callchain_user = 1;
	}
}

/* An event's own call-graph terms replace the global call graph for it. */
static void apply_callgraph_terms(struct evsel *evsel, struct record_opts *opts,
				  struct callchain_param *global, bool track)
{
	struct evsel_config_terms *t = evsel->config_terms;
	struct perf_event_attr *attr = &evsel->attr;
	struct callchain_param param = {
		.record_mode = CALLCHAIN_FP,
		.dump_size = CALLCHAIN_DWARF_DEFAULT_SIZE,
	};
	const char *cg = (t->set & EVSEL_TERM_CALLGRAPH) ? t->callgraph : NULL;
	bool sample_address = false;

	if ((t->set & EVSEL_TERM_MAX_STACK) && t->max_stack) {
		param.max_stack = t->max_stack;
		if (!cg)
			cg = "fp";
	}
	if (cg && strcmp(cg, "no")) {
		if (parse_callchain_record_opt(cg, &param)) {
			pr_err("per-event callgraph setting for %s failed. Apply callgraph global setting for it\n",
			       evsel->name);
			return;
		}
		sample_address = param.record_mode == CALLCHAIN_DWARF;
	}
	if ((t->set & EVSEL_TERM_STACK_SIZE) && t->stack_size)
		param.dump_size = PERF_ALIGN(t->stack_size, sizeof(u64));
	if (global && global->enabled) {
		attr->sample_type &= ~PERF_SAMPLE_CALLCHAIN;
		if (global->record_mode == CALLCHAIN_DWARF) {
			attr->sample_type &= ~(PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER);
			attr->sample_regs_user = 0;
			attr->sample_stack_user = 0;
			attr->exclude_callchain_user = 0;
		}
	}
	if (param.enabled) {
		if (sample_address) {
			set_bit(evsel, PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC);
			attr->mmap_data = track;
		}
		config_callchain(evsel, opts, &param);
	}
}

/* Per-event terms ("cpu-clock/period=1000,call-graph=dwarf/") override the command's options. */
static void apply_config_terms(struct evsel *evsel, struct record_opts *opts,
			       struct callchain_param *global, bool track)
{
	struct evsel_config_terms *t = evsel->config_terms;
	struct perf_event_attr *attr = &evsel->attr;

	if (!t)
		return;
	if ((t->set & EVSEL_TERM_PERIOD) && !(t->set & EVSEL_TERM_FREQ)) {
		attr->sample_period = t->period;
		attr->freq = 0;
		attr->sample_type &= ~PERF_SAMPLE_PERIOD;
	}
	if (t->set & EVSEL_TERM_FREQ) {
		attr->sample_freq = t->freq;
		attr->freq = 1;
		set_bit(evsel, PERF_SAMPLE_PERIOD);
	}
	if (t->set & EVSEL_TERM_TIME) {
		if (t->time)
			set_bit(evsel, PERF_SAMPLE_TIME);
		else
			attr->sample_type &= ~PERF_SAMPLE_TIME;
	}
	if (t->set & (EVSEL_TERM_CALLGRAPH | EVSEL_TERM_STACK_SIZE | EVSEL_TERM_MAX_STACK))
		apply_callgraph_terms(evsel, opts, global, track);
	if (t->set & EVSEL_TERM_INHERIT)
		attr->inherit = t->inherit;
}

static void evsel__config(struct evsel *evsel, struct record_opts *opts,
			  struct callchain_param *callchain, bool track, bool immediate)
{
	struct perf_event_attr *attr = &evsel->attr;
	bool per_cpu = !opts->target.per_thread;
	bool dummy = attr->type == PERF_TYPE_SOFTWARE && attr->config == PERF_COUNT_SW_DUMMY;

	attr->sample_id_all = 1;
	attr->inherit = !opts->no_inherit;
	attr->write_backward = 0;
	attr->read_format |= PERF_FORMAT_ID | PERF_FORMAT_LOST;
	set_bit(evsel, PERF_SAMPLE_IP);
	set_bit(evsel, PERF_SAMPLE_TID);

	/* tracepoints count every hit unless told otherwise */
	if (attr->type == PERF_TYPE_TRACEPOINT) {
		if (!attr->sample_period && !attr->freq)
			attr->sample_period = 1;
		set_bit(evsel, PERF_SAMPLE_RAW | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD);
	}
	if (!attr->sample_period || opts->user_freq != UINT_MAX || opts->user_interval != ULLONG_MAX) {
		if (opts->freq) {
			attr->freq = 1;
			attr->sample_freq = opts->freq;
		} else {
			attr->freq = 0;
			attr->sample_period = opts->default_interval;
		}
	}
	if (attr->freq)
		set_bit(evsel, PERF_SAMPLE_PERIOD);
	if (opts->no_samples)
		attr->sample_freq = 0;
	if (opts->inherit_stat) {
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
				     PERF_FORMAT_ID;
		attr->inherit_stat = 1;
	}
	if (opts->sample_address) {
		set_bit(evsel, PERF_SAMPLE_ADDR);
		attr->mmap_data = track;
	}
	if (callchain && callchain->enabled)
		config_callchain(evsel, opts, callchain);
	if (opts->sample_intr_regs && !dummy) {
		attr->sample_regs_intr = opts->sample_intr_regs;
		set_bit(evsel, PERF_SAMPLE_REGS_INTR);
	}
	if (opts->sample_user_regs && !dummy) {
		attr->sample_regs_user |= opts->sample_user_regs;
		set_bit(evsel, PERF_SAMPLE_REGS_USER);
	}
	if (target__has_cpu(&opts->target) || opts->sample_cpu)
		set_bit(evsel, PERF_SAMPLE_CPU);
	if (opts->sample_time &&
	    (!opts->no_inherit || target__has_cpu(&opts->target) || per_cpu || opts->sample_time_set))
		set_bit(evsel, PERF_SAMPLE_TIME);
	if (opts->raw_samples)
		set_bit(evsel, PERF_SAMPLE_TIME | PERF_SAMPLE_RAW | PERF_SAMPLE_CPU);
	if (opts->sample_address)
		set_bit(evsel, PERF_SAMPLE_DATA_SRC);
	if (opts->sample_phys_addr)
		set_bit(evsel, PERF_SAMPLE_PHYS_ADDR);
	if (opts->no_buffering) {
		attr->watermark = 0;
		attr->wakeup_events = 1;
	}
	if (opts->branch_stack && !dummy) {
		set_bit(evsel, PERF_SAMPLE_BRANCH_STACK);
		attr->branch_sample_type = opts->branch_stack;
	}
	if (opts->sample_weight)
		set_bit(evsel, PERF_SAMPLE_WEIGHT_STRUCT);	/* x86: weight and latency */
	attr->task = track;
	attr->mmap = track;
	attr->mmap2 = track;
	attr->comm = track;
	attr->ksymbol = track;
	attr->bpf_event = track && !opts->no_bpf_event;
	if (opts->record_namespaces)
		attr->namespaces = track;
	if (opts->record_cgroup) {
		attr->cgroup = track;
		set_bit(evsel, PERF_SAMPLE_CGROUP);
	}
	if (opts->sample_data_page_size)
		set_bit(evsel, PERF_SAMPLE_DATA_PAGE_SIZE);
	if (opts->sample_code_page_size)
		set_bit(evsel, PERF_SAMPLE_CODE_PAGE_SIZE);
	if (opts->record_switch_events)
		attr->context_switch = track;
	if (opts->sample_transaction)
		set_bit(evsel, PERF_SAMPLE_TRANSACTION);
	if (opts->running_time)
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	/* group members follow their leader */
	if (evsel__is_group_leader(evsel))
		attr->disabled = 1;
	if (target__none(&opts->target) && evsel__is_group_leader(evsel) && !opts->initial_delay)
		attr->enable_on_exec = 1;
	if (immediate) {
		attr->disabled = 0;
		attr->enable_on_exec = 0;
	}
	if (opts->use_clockid) {
		attr->use_clockid = 1;
		attr->clockid = opts->clockid;
	}
	if (opts->all_user) {
		attr->exclude_kernel = 1;
		attr->exclude_user = 0;
	}
	if (opts->all_kernel) {
		attr->exclude_kernel = 0;
		attr->exclude_user = 1;
	}
	if (evsel->precise_max)
		attr->precise_ip = 3;
	if (evsel->sample_read) {
		set_bit(evsel, PERF_SAMPLE_READ);
		attr->read_format |= PERF_FORMAT_ID;
		if (evsel->leader->nr_members > 1) {
			attr->read_format |= PERF_FORMAT_GROUP;
			attr->inherit = 0;
		}
	}
	/* the leader's sample reads the group: the members do not sample */
	if (evsel->leader != evsel && evsel->leader->sample_read) {
		attr->freq = 0;
		attr->sample_freq = 0;
		attr->sample_period = 0;
		attr->write_backward = 0;
		attr->sample_type = evsel->leader->attr.sample_type;
	}
	apply_config_terms(evsel, opts, callchain, track);
	if (opts->period_set) {
		if (opts->period)
			set_bit(evsel, PERF_SAMPLE_PERIOD);
		else
			attr->sample_type &= ~PERF_SAMPLE_PERIOD;
	}
	if (dummy)
		attr->sample_type &= ~PERF_SAMPLE_BRANCH_STACK;
}

void evlist__config(struct evlist *evlist, struct record_opts *opts, struct callchain_param *callchain)
{
	struct evsel *tracking = opts->tracking ? opts->tracking : evlist__first(evlist);
	struct evsel *evsel, *first;
	bool use_identifier = opts->sample_identifier;

	/* a dwarf unwinder wants the data addresses too */
	if (callchain && callchain->enabled && callchain->record_mode == CALLCHAIN_DWARF)
		opts->sample_address = true;
	evlist__for_each_entry(evlist, evsel) {
		bool track = evsel == tracking;

		evsel__config(evsel, opts, callchain, track, track && opts->tracking_immediate);
		if (track)
			evsel->attr.comm_exec = 1;
	}
	first = evlist__first(evlist);
	if (evlist->nr_entries > 1 || opts->pipe) {
		/* events with different layouts need the id at a fixed place */
		evlist__for_each_entry(evlist, evsel)
			if (evsel->attr.sample_type != first->attr.sample_type)
				use_identifier = true;
		evlist__for_each_entry(evlist, evsel) {
			if (use_identifier) {
				evsel->attr.sample_type &= ~PERF_SAMPLE_ID;
				evsel->attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
			} else {
				evsel->attr.sample_type |= PERF_SAMPLE_ID;
			}
			evsel->attr.read_format |= PERF_FORMAT_ID;
		}
	} else if (use_identifier) {
		first->attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
	}
}

void evlist__set_clock_units(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		if (evsel->unit || evsel->attr.type != PERF_TYPE_SOFTWARE ||
		    (evsel->attr.config != PERF_COUNT_SW_CPU_CLOCK &&
		     evsel->attr.config != PERF_COUNT_SW_TASK_CLOCK))
			continue;
		evsel->unit = xstrdup("msec");
		evsel->scale = 1e-6;
	}
}

bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size)
{
	if ((err == ENOENT || err == ENXIO || err == ENODEV || err == EOPNOTSUPP) &&
	    evsel->attr.type == PERF_TYPE_HARDWARE && evsel->attr.config == PERF_COUNT_HW_CPU_CYCLES) {
		snprintf(msg, size, "%s", "The cycles event is not supported, trying to fall back to cpu-clock-ticks");
		evsel->attr.type = PERF_TYPE_SOFTWARE;
		evsel->attr.config = PERF_COUNT_SW_CPU_CLOCK;
		zfree(&evsel->name);
		evsel__name(evsel);
		return true;
	}
	return false;
}
