// SPDX-License-Identifier: GPL-2.0
/* Address spaces: sorted arrays of maps, split on overlapping inserts. */
#include "maps.h"
#include "dso.h"

#define MAP_CHUNK 256

struct map_chunk {
	struct map_chunk *next;
	struct map maps[MAP_CHUNK];
};

void map_pool__exit(struct map_pool *pool)
{
	struct map_chunk *c, *next;

	for (c = pool->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	pool->chunks = NULL;
	pool->used = 0;
}

struct map *map_pool__new(struct map_pool *pool, u64 start, u64 end, u64 pgoff, struct dso *dso)
{
	struct map *map;

	if (!pool->chunks || pool->used == MAP_CHUNK) {
		struct map_chunk *c = xmalloc(sizeof(*c));

		c->next = pool->chunks;
		pool->chunks = c;
		pool->used = 0;
	}
	map = &pool->chunks->maps[pool->used++];
	memset(map, 0, sizeof(*map));
	map->start = start;
	map->end = end;
	map->pgoff = pgoff;
	map->dso = dso;
	return map;
}

struct map *map_pool__clone(struct map_pool *pool, const struct map *map)
{
	struct map *copy = map_pool__new(pool, 0, 0, 0, NULL);

	*copy = *map;
	return copy;
}

void maps__init(struct maps *maps, struct map_pool *pool)
{
	memset(maps, 0, sizeof(*maps));
	maps->pool = pool;
	maps->refcnt = 1;
}

void maps__exit(struct maps *maps)
{
	free(maps->entries);
	maps->entries = NULL;
	maps->nr = maps->alloc = 0;
	maps->last = NULL;
}

/* Index of the first map starting after addr. */
static size_t maps__upper(const struct maps *maps, u64 addr)
{
	size_t lo = 0, hi = maps->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct map *maps__find(struct maps *maps, u64 addr)
{
	struct map *last = maps->last;
	size_t i;

	if (last && map__contains(last, addr))
		return last;
	i = maps__upper(maps, addr);
	while (i > 0) {
		struct map *map = maps->entries[--i];

		if (map__contains(map, addr)) {
			maps->last = map;
			return map;
		}
		if (!maps->overlapping)
			break;
	}
	return NULL;
}

static void maps__changed(struct maps *maps)
{
	maps->gen++;
	maps->last = NULL;
}

/* Replace entries [from, to) by the n maps in repl. */
static void maps__splice(struct maps *maps, size_t from, size_t to, struct map **repl, size_t n)
{
	size_t tail = maps->nr - to;

	ALLOC_GROW(maps->entries, maps->nr - (to - from) + n, maps->alloc);
	memmove(&maps->entries[from + n], &maps->entries[to], tail * sizeof(*maps->entries));
	if (n)
		memcpy(&maps->entries[from], repl, n * sizeof(*repl));
	maps->nr = from + n + tail;
}

void maps__insert(struct maps *maps, struct map *map)
{
	struct map *repl[3];
	size_t from, to, n = 0, lo = 0, hi = maps->nr;

	/* the first map ending after map->start (ends are sorted too: no overlaps) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->end <= map->start)
			lo = mid + 1;
		else
			hi = mid;
	}
	from = to = lo;
	while (to < maps->nr && maps->entries[to]->start < map->end)
		to++;
	if (from < to && maps->entries[from]->start < map->start) {
		struct map *before = map_pool__clone(maps->pool, maps->entries[from]);

		before->end = map->start;
		repl[n++] = before;
	}
	repl[n++] = map;
	if (from < to && maps->entries[to - 1]->end > map->end) {
		const struct map *pos = maps->entries[to - 1];
		struct map *after = map_pool__clone(maps->pool, pos);

		after->start = map->end;
		after->pgoff += map->end - pos->start;
		repl[n++] = after;
	}
	maps__splice(maps, from, to, repl, n);
	maps__changed(maps);
}

void maps__add(struct maps *maps, struct map *map)
{
	size_t i = maps__upper(maps, map->start);

	if ((i > 0 && maps->entries[i - 1]->end > map->start) ||
	    (i < maps->nr && maps->entries[i]->start < map->end))
		maps->overlapping = true;
	maps__splice(maps, i, i, &map, 1);
	maps__changed(maps);
}

void maps__remove(struct maps *maps, struct map *map)
{
	for (size_t i = 0; i < maps->nr; i++) {
		if (maps->entries[i] == map) {
			maps__splice(maps, i, i + 1, NULL, 0);
			maps__changed(maps);
			return;
		}
	}
}

void maps__clone(struct maps *dst, const struct maps *src)
{
	dst->nr = 0;
	ALLOC_GROW(dst->entries, src->nr, dst->alloc);
	if (src->nr)	/* an empty source has no array to copy */
		memcpy(dst->entries, src->entries, src->nr * sizeof(*src->entries));
	dst->nr = src->nr;
	dst->overlapping = src->overlapping;
	maps__changed(dst);
}

struct map *maps__find_by_name(struct maps *maps, const char *name)
{
	for (size_t i = 0; i < maps->nr; i++) {
		if (!strcmp(maps->entries[i]->dso->short_name, name))
			return maps->entries[i];
	}
	return NULL;
}

static int cmp_map_start(const void *a, const void *b)
{
	const struct map *x = *(struct map *const *)a, *y = *(struct map *const *)b;

	return x->start < y->start ? -1 : x->start > y->start;
}

void maps__resort(struct maps *maps)
{
	qsort(maps->entries, maps->nr, sizeof(*maps->entries), cmp_map_start);
	maps->overlapping = false;
	for (size_t i = 1; i < maps->nr; i++) {
		if (maps->entries[i - 1]->end > maps->entries[i]->start)
			maps->overlapping = true;
	}
	maps__changed(maps);
}
