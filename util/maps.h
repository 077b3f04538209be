/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An address space: the maps of a process (shared by its threads), or the
 * kernel's. A sorted array of non-overlapping maps; inserting a map that
 * overlaps others cuts or replaces them as the kernel does with mmap(), so
 * lookup is one binary search (plus a one-entry cache).
 *
 * Every change bumps gen, so resolution caches keyed by (maps, gen) never
 * serve a stale answer.
 */
#ifndef PERF_MAPS_H
#define PERF_MAPS_H

#include "map.h"

struct map_pool;

struct maps {
	struct map	**entries;	/* sorted by start */
	size_t		nr;
	size_t		alloc;
	struct map_pool	*pool;		/* where split pieces are allocated */
	struct map	*last;		/* last lookup's answer */
	u32		gen;
	int		refcnt;		/* threads sharing it */
	bool		overlapping;	/* kernel maps may overlap (see maps__add) */
};

struct map_chunk;

/* Owner of every struct map of a machine: allocated in chunks, freed together. */
struct map_pool {
	struct map_chunk *chunks;
	size_t		used;		/* in the first chunk */
};

void map_pool__exit(struct map_pool *pool);
/* A new map owned by the pool. */
struct map *map_pool__new(struct map_pool *pool, u64 start, u64 end, u64 pgoff, struct dso *dso);
struct map *map_pool__clone(struct map_pool *pool, const struct map *map);

void maps__init(struct maps *maps, struct map_pool *pool);
void maps__exit(struct maps *maps);

/* The map containing addr, or NULL. */
struct map *maps__find(struct maps *maps, u64 addr);
/*
 * Insert map, first removing what it covers: maps it overlaps partly keep
 * the parts outside it (as new maps, pgoff adjusted), as after mmap(MAP_FIXED).
 */
void maps__insert(struct maps *maps, struct map *map);
/* Insert without touching the others (kernel maps); lookups then prefer the later start. */
void maps__add(struct maps *maps, struct map *map);
/* Take map out (it stays valid: the pool owns it). */
void maps__remove(struct maps *maps, struct map *map);
/* Make dst a copy of src (sharing the map objects): a fork. */
void maps__clone(struct maps *dst, const struct maps *src);
/* The first map whose DSO has this short name ("[module]"), or NULL. */
struct map *maps__find_by_name(struct maps *maps, const char *name);
/* Re-sort after a map's start changed in place (kernel map fix-ups). */
void maps__resort(struct maps *maps);

static inline size_t maps__nr(const struct maps *maps)
{
	return maps->nr;
}

#define maps__for_each(maps, pos) \
	for (size_t __i = 0; __i < (maps)->nr && ((pos) = (maps)->entries[__i], 1); __i++)

#endif
