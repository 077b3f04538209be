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

struct resolved_frame {
	u64		ip;		/* the address as recorded (or unwound) */
	struct map	*map;
	struct dso	*dso;
	struct symbol	*sym;
	u64		addr;		/* map-relative (or ip when there is no map) */
	u8		cpumode;
	char		level;		/* 'k', '.', 'H' as in struct addr_location */
	/*
	 * Non-NULL: a function inlined at ip (as addr2line -i names it, demangled),
	 * shown in place of sym, the function it was inlined into.
	 */
	const char	*inline_name;
};

/* Frames are reused from sample to sample: init once, reset per sample, exit at the end. */
struct resolved_chain {
	struct resolved_frame	*frames;
	int			nr;
	int			alloc;
	bool			corrupt;	/* an invalid context marker: upstream drops the chain */
};

void resolved_chain__init(struct resolved_chain *chain);
void resolved_chain__exit(struct resolved_chain *chain);

/*
 * Resolve sample's chain (in thread, of event evsel) into chain, at most
 * max_stack frames (markers excluded). A sample without a call chain gives
 * an empty chain. Returns 0; chain->corrupt tells a dropped chain.
 *
 * As upstream (6.1), frames unwound from the user stack are expanded into
 * the functions inlined at their address, innermost first, each a frame of
 * its own (inline_name set, unless it is the symbol's own function); frames
 * of recorded chains are not.
 */
int sample__resolve_callchain(struct machine *machine, struct thread *thread,
			      const struct evsel *evsel, const struct perf_sample *sample,
			      int max_stack, struct resolved_chain *chain);

#endif
