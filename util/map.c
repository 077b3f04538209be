// SPDX-License-Identifier: GPL-2.0
/* Maps: loading and symbol lookup through the DSO. */
#include "map.h"
#include "dso.h"
#include "machine.h"

int map__load(struct map *map)
{
	struct dso *dso = map->dso;

	if (dso->loaded)
		return dso->symtab.nr ? 0 : -1;
	if (map->kmap)
		return machine__load_kernel(map->kmap->machine, dso);
	return dso__load(dso) > 0 ? 0 : -1;
}

struct symbol *map__find_symbol(struct map *map, u64 addr)
{
	if (!map->dso->loaded)
		map__load(map);
	return symtab__find(&map->dso->symtab, addr);
}

struct symbol *map__find_symbol_range(struct map *map, u64 addr, u64 *lo, u64 *hi)
{
	if (!map->dso->loaded)
		map__load(map);
	return symtab__find_range(&map->dso->symtab, addr, lo, hi);
}

u64 map__rip_2objdump(const struct map *map, u64 rip)
{
	if (map->identity || dso__is_kernel(map->dso))
		return map__unmap_ip(map, rip);
	return dso__offset_to_vaddr(map->dso, rip);
}
