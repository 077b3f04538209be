// SPDX-License-Identifier: GPL-2.0
#include "callchain-resolve.h"
#include "demangle.h"
#include "event.h"
#include "evsel.h"
#include "srcline.h"
#include "symbol.h"
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
	f->inline_name = NULL;
}

struct unwind_ctx {
	struct machine *machine;
	struct resolved_chain *chain;
	int left;
};

/* The name of an inlined level as upstream shows it: demangled, interned by the machine. */
static const char *inline_name(struct machine *machine, const char *func)
{
	char *demangled;
	const char *name;

	if (!func)
		return "??";
	demangled = symbol_conf.demangle ? demangle_sym(func, false) : NULL;
	name = machine__intern(machine, demangled ? demangled : func);
	free(demangled);
	return name;
}

/*
 * One frame per level of what addr2line -i says is at the address: the
 * symbol's own function as itself, the others as inlined into it. False
 * when there is no such information (the frame is then added as it is).
 */
static bool append_inlines(struct unwind_ctx *ctx, u64 ip, const struct addr_location *al)
{
	const struct srcline *sl;

	if (!al->map || !al->sym || !al->dso)
		return false;
	sl = dso__srcline(al->dso, al->addr);
	if (!sl || !sl->nr_frames)
		return false;
	for (u32 i = 0; i < sl->nr_frames; i++) {
		const char *name = inline_name(ctx->machine, sl->frames[i].func);

		chain__append(ctx->chain, ip, al);
		if (strcmp(name, symbol__name(al->sym)))
			ctx->chain->frames[ctx->chain->nr - 1].inline_name = name;
	}
	return true;
}

static int append_unwound(u64 ip, struct addr_location *al, void *arg)
{
	struct unwind_ctx *ctx = arg;

	if (ctx->left <= 0)
		return 1;
	if (!append_inlines(ctx, ip, al))
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
		struct unwind_ctx ctx = { .machine = machine, .chain = chain, .left = max_stack - n };

		unwind__get_entries(machine, thread, sample, max_stack - n, append_unwound, &ctx);
	}
	return 0;
}
