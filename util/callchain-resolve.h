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
	 * ip and addr: sym is the level's function, the address's symbol or a
	 * symbol__inlined() one with its range (see inline-cache.h).
	 */
	const struct srcline_frame *srcline;	/* an inline level's function and file:line */
	u32		tag;		/* with a walk cache: what the walk's tag() said for it */
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

/*
 * A cache for walks over many samples: (address space, address) -> the
 * resolved frame, with a tag the walker computes once per entry (report's
 * interned frame id). Direct-mapped; an address space that changes (its
 * generation) invalidates its entries.
 */
struct callchain_cache;
struct callchain_cache *callchain_cache__new(void);
void callchain_cache__delete(struct callchain_cache *cache);

/* How report walks a chain (upstream's cursor). */
struct callchain_walk {
	int	max_stack;		/* entries kept, counted from the first one walked */
	bool	caller_first;		/* walk from the outermost caller (report's "caller" order) */
	bool	hide_unresolved;	/* drop entries without a symbol (they still count for max_stack) */
	struct callchain_cache *cache;	/* optional */
	/* with a cache: the tag of a frame, computed when it enters the cache */
	u32	(*tag)(void *arg, const struct resolved_frame *frame);
	void	*tag_arg;
};

/*
 * Resolve sample's chain in the order report prints it, as upstream builds
 * its cursor: callee first, the recorded part (max_stack entries from the
 * sampled function) then the unwound user frames (max_stack of them); caller
 * first, the unwound frames reversed then the recorded part walked from its
 * end (max_stack entries from the outermost caller). A corrupt chain (an
 * invalid context marker met on the way) comes back empty with corrupt set.
 */
int sample__resolve_callchain_walk(struct machine *machine, struct thread *thread,
				   const struct evsel *evsel, const struct perf_sample *sample,
				   const struct callchain_walk *walk, struct resolved_chain *chain);

#endif
