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
	inline_cache__delete(chain->inlines);
	chain->inlines = NULL;
}

static struct resolved_frame *chain__append(struct resolved_chain *chain, u64 ip,
					    const struct addr_location *al)
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
	f->inline_name = NULL;
	f->srcline = NULL;
	return f;
}

/* An unwound frame, or one frame per inline level at its address. */
static void chain__append_inlines(struct resolved_chain *chain, struct machine *machine, u64 ip,
				  const struct addr_location *al)
{
	const struct inline_levels *il = NULL;

	if (symbol_conf.inline_name && al->map && al->sym) {
		if (!chain->inlines)
			chain->inlines = inline_cache__new(machine);
		il = inline_cache__find(chain->inlines, al->dso, al->addr, al->sym);
	}
	if (!il) {
		chain__append(chain, ip, al);
		return;
	}
	for (u32 i = 0; i < il->nr; i++) {
		struct resolved_frame *f = chain__append(chain, ip, al);

		f->inline_name = il->levels[i].name;
		f->srcline = il->levels[i].srcline;
	}
}

struct unwind_ctx {
	struct resolved_chain *chain;
	struct machine *machine;
	int left;
};

static int append_unwound(u64 ip, struct addr_location *al, void *arg)
{
	struct unwind_ctx *ctx = arg;

	if (ctx->left <= 0)
		return 1;
	chain__append_inlines(ctx->chain, ctx->machine, ip, al);
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
		struct unwind_ctx ctx = { .chain = chain, .machine = machine, .left = max_stack };

		unwind__get_entries(machine, thread, sample, max_stack, append_unwound, &ctx);
	}
	return 0;
}
