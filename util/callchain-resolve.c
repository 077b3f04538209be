// SPDX-License-Identifier: GPL-2.0
#include "callchain-resolve.h"
#include "event.h"
#include "evsel.h"
#include "unwind.h"

void resolved_chain__init(struct resolved_chain *chain)
{
	memset(chain, 0, sizeof(*chain));
}

void resolved_chain__exit(struct resolved_chain *chain)
{
	zfree(&chain->frames);
	chain->nr = chain->alloc = 0;
}

static void chain__append(struct resolved_chain *chain, u64 ip, const struct addr_location *al)
{
	struct resolved_frame *f;

	ALLOC_GROW(chain->frames, chain->nr + 1, chain->alloc);
	f = &chain->frames[chain->nr++];
	f->ip = ip;
	f->map = al->map;
	f->dso = al->dso;
	f->sym = al->sym;
	f->addr = al->addr;
	f->cpumode = al->cpumode;
	f->level = al->level;
}

struct unwind_ctx {
	struct resolved_chain *chain;
	int left;
};

static int append_unwound(u64 ip, struct addr_location *al, void *arg)
{
	struct unwind_ctx *ctx = arg;

	if (ctx->left <= 0)
		return 1;
	chain__append(ctx->chain, ip, al);
	ctx->left--;
	return 0;
}

/* --call-graph dwarf: the evsel sampled user registers and stack. */
static bool wants_unwind(const struct evsel *evsel, const struct perf_sample *sample)
{
	u64 need = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;

	return evsel && (evsel->attr.sample_type & need) == need && unwind__sample_has_stack(sample);
}

int sample__resolve_callchain(struct machine *machine, struct thread *thread,
			      const struct evsel *evsel, const struct perf_sample *sample,
			      int max_stack, struct resolved_chain *chain)
{
	u8 cpumode = PERF_RECORD_MISC_USER;
	int n = 0;

	chain->nr = 0;
	chain->corrupt = false;
	if (sample->callchain) {
		for (u64 i = 0; i < sample->callchain->nr && n < max_stack; i++) {
			struct addr_location al;
			u64 ip = sample->callchain->ips[i];
			int r = machine__resolve_callchain_ip(machine, thread, &cpumode, ip, &al);

			if (r < 0) {
				chain->nr = 0;
				chain->corrupt = true;
				return 0;
			}
			if (r > 0)
				continue;	/* a context marker */
			chain__append(chain, ip, &al);
			n++;
		}
	}
	if (n < max_stack && wants_unwind(evsel, sample)) {
		struct unwind_ctx ctx = { .chain = chain, .left = max_stack - n };

		unwind__get_entries(machine, thread, sample, max_stack - n, append_unwound, &ctx);
	}
	return 0;
}

/* The recorded part, walked forward or from its end, as upstream's cursor does. */
static int walk_recorded(struct machine *machine, struct thread *thread, const struct perf_sample *sample,
			 const struct callchain_walk *walk, struct resolved_chain *chain)
{
	const struct ip_callchain *cc = sample->callchain;
	u8 cpumode = PERF_RECORD_MISC_USER;
	int n = 0;

	if (!cc)
		return 0;
	if (walk->caller_first) {
		/* the mode of the last entries is the last marker's */
		for (u64 k = cc->nr; k-- > 0;) {
			if (cc->ips[k] >= PERF_CONTEXT_MAX) {
				struct addr_location al;

				if (machine__resolve_callchain_ip(machine, thread, &cpumode, cc->ips[k], &al) < 0)
					return -1;
				break;
			}
		}
	}
	for (u64 i = 0; i < cc->nr && n < walk->max_stack; i++) {
		u64 j = walk->caller_first ? cc->nr - i - 1 : i;
		u64 ip = cc->ips[j];
		struct addr_location al;
		int r;

		if (ip >= PERF_CONTEXT_MAX && walk->caller_first) {
			/* walking backwards, the marker before this one gives the mode */
			r = 0;
			for (u64 k = j; k-- > 0;) {
				if (cc->ips[k] >= PERF_CONTEXT_MAX) {
					r = machine__resolve_callchain_ip(machine, thread, &cpumode, cc->ips[k], &al);
					break;
				}
			}
			if (r < 0)
				return -1;
			continue;
		}
		r = machine__resolve_callchain_ip(machine, thread, &cpumode, ip, &al);
		if (r < 0)
			return -1;
		if (r > 0)
			continue;
		n++;
		if (walk->hide_unresolved && !al.sym)
			continue;
		chain__append(chain, ip, &al);
	}
	return 0;
}

struct unwind_walk {
	struct resolved_chain *chain;
	bool hide_unresolved;
};

static int append_unwound_walk(u64 ip, struct addr_location *al, void *arg)
{
	struct unwind_walk *w = arg;

	if (w->hide_unresolved && !al->sym)
		return 0;
	chain__append(w->chain, ip, al);
	return 0;
}

static void walk_unwound(struct machine *machine, struct thread *thread, const struct evsel *evsel,
			 const struct perf_sample *sample, const struct callchain_walk *walk,
			 struct resolved_chain *chain)
{
	struct unwind_walk w = { .chain = chain, .hide_unresolved = walk->hide_unresolved };
	int first = chain->nr;

	if (!wants_unwind(evsel, sample))
		return;
	unwind__get_entries(machine, thread, sample, walk->max_stack, append_unwound_walk, &w);
	if (walk->caller_first) {
		for (int a = first, b = chain->nr - 1; a < b; a++, b--) {
			struct resolved_frame t = chain->frames[a];

			chain->frames[a] = chain->frames[b];
			chain->frames[b] = t;
		}
	}
}

int sample__resolve_callchain_walk(struct machine *machine, struct thread *thread,
				   const struct evsel *evsel, const struct perf_sample *sample,
				   const struct callchain_walk *walk, struct resolved_chain *chain)
{
	chain->nr = 0;
	chain->corrupt = false;
	if (walk->caller_first)
		walk_unwound(machine, thread, evsel, sample, walk, chain);
	if (walk_recorded(machine, thread, sample, walk, chain) < 0) {
		chain->nr = 0;
		chain->corrupt = true;
		return 0;
	}
	if (!walk->caller_first)
		walk_unwound(machine, thread, evsel, sample, walk, chain);
	return 0;
}
