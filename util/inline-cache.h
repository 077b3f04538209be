/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The inline levels of code addresses, for call chains shown with
 * --inline: from the DSO's source lines (dso__srcline(), innermost first),
 * each level's function demangled and compared with the symbol the address
 * is in, as upstream does. A level in another function gets a symbol of its
 * own (SYMBOL_INLINED, the name of that function, the range of the symbol
 * it is inlined in), one per (symbol, name): tools that key on symbols see
 * upstream's identities. Cached per DSO, one lookup per distinct address;
 * everything lives until the DSO is deleted.
 */
#ifndef PERF_INLINE_CACHE_H
#define PERF_INLINE_CACHE_H

#include "util.h"

struct dso;
struct symbol;
struct srcline_frame;
struct inline_cache;

struct inline_level {
	struct symbol			*sym;		/* the symbol's own, or an inlined function's */
	const struct srcline_frame	*srcline;	/* where this level is */
};

struct inline_levels {
	u32			nr;
	struct inline_level	levels[];	/* innermost first */
};

/*
 * The levels at dso-relative address addr (map__map_ip()) inside sym, or
 * NULL when the DSO has no source information there.
 */
const struct inline_levels *dso__inline_levels(struct dso *dso, u64 addr, struct symbol *sym);

/*
 * The first symbol of sym's name (an inlined function's) in its DSO: call
 * chains match inlined entries by name, as upstream, whatever they are
 * inlined in.
 */
struct symbol *inline_sym__canonical(struct symbol *sym);

void inline_cache__delete(struct inline_cache *cache);

#endif
