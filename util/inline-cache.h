/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inline levels of code addresses, for call chains shown with
 * --inline: from the DSO's source lines (dso__srcline(), innermost first),
 * each level's function demangled and compared with the symbol the address
 * is in, as upstream does. One lookup per distinct (dso, address).
 */
#ifndef PERF_INLINE_CACHE_H
#define PERF_INLINE_CACHE_H

#include "util.h"

struct dso;
struct machine;
struct symbol;
struct srcline_frame;

struct inline_level {
	const char			*name;		/* NULL: the symbol's own function */
	const struct srcline_frame	*srcline;	/* owned by the dso */
};

struct inline_levels {
	u32			nr;
	struct inline_level	levels[];	/* innermost first */
};

struct inline_cache;

/* Names are interned in machine (they live until machine__delete()). */
struct inline_cache *inline_cache__new(struct machine *machine);
void inline_cache__delete(struct inline_cache *cache);

/*
 * The levels at dso-relative address addr (map__map_ip()) inside sym, or
 * NULL when the DSO has no source information there.
 */
const struct inline_levels *inline_cache__find(struct inline_cache *cache, struct dso *dso, u64 addr,
					       struct symbol *sym);

#endif
