/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A sample's call chain, resolved: every frame with its map and symbol,
 * callee first, as report and script need it. Frame-pointer chains come
 * from the sample's PERF_SAMPLE_CALLCHAIN (kernel and user parts, context
 * markers handled); for --call-graph dwarf samples, the recorded (kernel)
 * part is followed by the frames unwound from the user stack copy.
 */
#ifndef PERF_CALLCHAIN_RESOLVE_H
#define PERF_CALLCHAIN_RESOLVE_H

#include "machine.h"

struct evsel;
struct perf_sample;

struct srcline_frame;
struct inline_cache;

struct resolved_frame {
	u64		ip;		/* the address as recorded (or unwound) */
	struct map	*map;
	struct dso	*dso;
	struct symbol	*sym;
	u64		addr;		/* map-relative (or ip when there is no map) */
	u8		cpumode;
	char		level;		/* 'k', '.', 'H' as in struct addr_location */
	/*
	 * With symbol_conf.inline_name, an unwound address inside inlined code
	 * gives one frame per inline level, innermost first, all with the same
	 * ip, addr and sym (the function they are inlined in). A level whose
	 * function is not sym has its (demangled) name in inline_name: upstream
	 * shows it as "inline_name+<addr - sym->start> (inlined)".
	 */
	const char	*inline_name;	/* NULL: the symbol's own frame; owned by the machine */
	const struct srcline_frame *srcline;	/* this level's function and file:line, or NULL */
};

/*
 * Frames are reused from sample to sample: init once, reset per sample, exit
 * at the end (before deleting the machine the chains were resolved in).
 */
struct resolved_chain {
	struct resolved_frame	*frames;
	int			nr;
	int			alloc;
	bool			corrupt;	/* an invalid context marker: upstream drops the chain */
	struct inline_cache	*inlines;	/* the inline levels of the addresses seen */
};

void resolved_chain__init(struct resolved_chain *chain);
void resolved_chain__exit(struct resolved_chain *chain);

/*
 * Resolve sample's chain (in thread, of event evsel) into chain, at most
 * max_stack frames (markers excluded) from the recorded chain and, as
 * upstream, at most max_stack more unwound from a dwarf sample's stack
 * (each with its inline levels when symbol_conf.inline_name, as upstream:
 * recorded frame-pointer chains are not expanded).
 * A sample without a call chain gives an empty chain. Returns 0;
 * chain->corrupt tells a dropped chain.
 */
int sample__resolve_callchain(struct machine *machine, struct thread *thread,
			      const struct evsel *evsel, const struct perf_sample *sample,
			      int max_stack, struct resolved_chain *chain);

#endif
