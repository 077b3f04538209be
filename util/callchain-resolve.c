// SPDX-License-Identifier: GPL-2.0
#include "callchain-resolve.h"
#include "event.h"
#include "evsel.h"
#include "inline-cache.h"
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

static struct resolved_frame *chain__append(struct resolved_chain *chain, u64 ip, const struct addr_location *al)
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
	f->srcline = NULL;
	f->tag = 0;
	return f;
}

/* An unwound frame, or one frame per inline level at its address. */
static void chain__append_inlines(struct resolved_chain *chain, u64 ip, const struct addr_location *al)
{
	const struct inline_levels *il = NULL;

	if (symbol_conf.inline_name && al->map && al->sym && al->dso)
		il = dso__inline_levels(al->dso, al->addr, al->sym);
	if (!il) {
		chain__append(chain, ip, al);
		return;
	}
	for (u32 i = 0; i < il->nr; i++) {
		struct resolved_frame *f = chain__append(chain, ip, al);

		f->sym = il->levels[i].sym;
		f->srcline = il->levels[i].srcline;
	}
}

#define CACHE_BITS 16

struct cache_slot {
	const struct maps	*maps;
	u64			ip;
	u32			gen;
	u8			cpumode;
	struct resolved_frame	frame;
};

struct callchain_cache {
	struct cache_slot	slots[1u << CACHE_BITS];
};

struct callchain_cache *callchain_cache__new(void)
{
	return xzalloc(sizeof(struct callchain_cache));
}

void callchain_cache__delete(struct callchain_cache *cache)
{
	free(cache);
}

static struct maps *walk_maps(struct machine *machine, struct thread *thread, u8 cpumode)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL)
		return &machine->kmaps;
	if (cpumode == PERF_RECORD_MISC_USER)
		return thread->maps;
	return NULL;
}

/* One recorded entry (not a marker) through the cache. */
static void walk_entry(struct machine *machine, struct thread *thread, u8 cpumode, u64 ip,
		       const struct callchain_walk *walk, struct resolved_chain *chain)
{
	struct maps *maps = walk_maps(machine, thread, cpumode);
	struct cache_slot *slot = NULL;
	struct addr_location al;
	struct resolved_frame *f;

	if (walk->cache && maps) {
		u64 h = (ip ^ ((u64)(uintptr_t)maps << 9)) * 0x9e3779b97f4a7c15ULL;

		slot = &walk->cache->slots[h >> (64 - CACHE_BITS)];
		if (slot->maps == maps && slot->ip == ip && slot->gen == maps->gen && slot->cpumode == cpumode) {
			if (walk->hide_unresolved && !slot->frame.sym)
				return;
			if (!slot->frame.tag && walk->tag)
				slot->frame.tag = walk->tag(walk->tag_arg, &slot->frame) + 1;
			ALLOC_GROW(chain->frames, chain->nr + 1, chain->alloc);
			chain->frames[chain->nr++] = slot->frame;
			return;
		}
	}
	machine__resolve_callchain_ip(machine, thread, &cpumode, ip, &al);
	if (slot) {
		/* resolving may have loaded the kernel: its generation is the one to keep */
		slot->maps = maps;
		slot->ip = ip;
		slot->gen = maps->gen;
		slot->cpumode = cpumode;
		slot->frame = (struct resolved_frame){ .ip = ip, .map = al.map, .dso = al.dso, .sym = al.sym,
						       .addr = al.addr, .cpumode = al.cpumode, .level = al.level };
	}
	if (walk->hide_unresolved && !al.sym)
		return;
	f = chain__append(chain, ip, &al);
	if (walk->tag) {
		f->tag = walk->tag(walk->tag_arg, f) + 1;
		if (slot)
			slot->frame.tag = f->tag;
	}
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
	chain__append_inlines(ctx->chain, ip, al);
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
	/* as upstream, the unwound user part has max_stack frames of its own */
	if (max_stack > 0 && wants_unwind(evsel, sample)) {
		struct unwind_ctx ctx = { .chain = chain, .left = max_stack };

		unwind__get_entries(machine, thread, sample, max_stack, append_unwound, &ctx);
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
		if (ip >= PERF_CONTEXT_MAX) {
			r = machine__resolve_callchain_ip(machine, thread, &cpumode, ip, &al);
			if (r < 0)
				return -1;
			continue;
		}
		n++;
		walk_entry(machine, thread, cpumode, ip, walk, chain);
	}
	return 0;
}

struct unwind_walk {
	struct resolved_chain *chain;
	const struct callchain_walk *walk;
};

static int append_unwound_walk(u64 ip, struct addr_location *al, void *arg)
{
	struct unwind_walk *w = arg;
	int first = w->chain->nr;

	if (w->walk->hide_unresolved && !al->sym)
		return 0;
	chain__append_inlines(w->chain, ip, al);
	for (int i = first; w->walk->tag && i < w->chain->nr; i++)
		w->chain->frames[i].tag = w->walk->tag(w->walk->tag_arg, &w->chain->frames[i]) + 1;
	return 0;
}

static void walk_unwound(struct machine *machine, struct thread *thread, const struct evsel *evsel,
			 const struct perf_sample *sample, const struct callchain_walk *walk,
			 struct resolved_chain *chain)
{
	struct unwind_walk w = { .chain = chain, .walk = walk };
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
