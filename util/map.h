/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A mapping of a DSO into an address space: [start, end) loaded from file
 * offset pgoff. map__map_ip() turns an address into the DSO's space (a file
 * offset for user DSOs, the address itself for kernel, JIT and anonymous
 * maps), the space symbols are looked up in.
 *
 * Maps are never modified once in an address space (splitting creates new
 * ones), so one struct map can be shared by a parent and its forked
 * children. Every map belongs to its machine and lives until machine__delete():
 * callers may keep map pointers (hist entries, call chains) without counting.
 */
#ifndef PERF_MAP_H
#define PERF_MAP_H

#include "util.h"

struct dso;
struct maps;
struct machine;
struct symbol;

/* What kernel maps know beyond user ones: one per machine, shared by its kernel maps. */
struct kmap {
	struct machine	*machine;
	char		*ref_reloc_name;	/* "_text": the symbol whose address was recorded */
	u64		ref_reloc_addr;		/* its address at record time (kernel MMAP pgoff) */
};

struct map {
	u64		start;
	u64		end;		/* exclusive */
	u64		pgoff;
	struct dso	*dso;
	u32		prot;
	u32		flags;
	bool		identity;	/* map_ip is the identity */
	struct kmap	*kmap;		/* kernel maps only: the machine's */
	void		*priv;		/* for the tools */
};

static inline u64 map__map_ip(const struct map *map, u64 ip)
{
	return map->identity ? ip : ip - map->start + map->pgoff;
}

static inline u64 map__unmap_ip(const struct map *map, u64 rip)
{
	return map->identity ? rip : rip + map->start - map->pgoff;
}

static inline u64 map__size(const struct map *map)
{
	return map->end - map->start;
}

static inline bool map__contains(const struct map *map, u64 addr)
{
	return addr >= map->start && addr < map->end;
}

/*
 * Load the symbols of the map's DSO (kernel DSOs through their machine).
 * Returns 0, or -1 when the DSO has no symbols.
 */
int map__load(struct map *map);
/* The symbol at a map-relative address (map__map_ip()), loading first. */
struct symbol *map__find_symbol(struct map *map, u64 addr);
/* The same, and the map-relative range [*lo, *hi) with that answer (*hi 0: unbounded). */
struct symbol *map__find_symbol_range(struct map *map, u64 addr, u64 *lo, u64 *hi);
/* A map-relative address as the ELF virtual address objdump/addr2line use. */
u64 map__rip_2objdump(const struct map *map, u64 rip);

#endif
