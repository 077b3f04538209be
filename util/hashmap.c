// SPDX-License-Identifier: GPL-2.0
#include "hashmap.h"

#define HASHMAP_INITIAL_SIZE 64
#define HASHMAP_LOAD_FACTOR 80	/* percent */

/* FNV-1a */
unsigned int hash_mem(const void *p, size_t len)
{
	const unsigned char *s = p;
	unsigned int h = 2166136261u;

	while (len--) {
		h ^= *s++;
		h *= 16777619u;
	}
	return h;
}

unsigned int hash_str(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 16777619u;
	}
	return h;
}

/* splitmix64 finaliser: spreads pointers and small integers over all bits */
unsigned int hash_u64(u64 v)
{
	v ^= v >> 30;
	v *= 0xbf58476d1ce4e5b9ULL;
	v ^= v >> 27;
	v *= 0x94d049bb133111ebULL;
	v ^= v >> 31;
	return (unsigned int)v;
}

static void alloc_table(struct hashmap *map, unsigned int size)
{
	map->tablesize = size;
	map->table = xcalloc(size, sizeof(*map->table));
	map->grow_at = (unsigned int)((u64)size * HASHMAP_LOAD_FACTOR / 100);
	map->shrink_at = size > HASHMAP_INITIAL_SIZE ? map->grow_at / 5 : 0;
}

void hashmap_init(struct hashmap *map, hashmap_cmp_fn cmp, const void *cmp_data, size_t initial_size)
{
	unsigned int size = HASHMAP_INITIAL_SIZE;

	memset(map, 0, sizeof(*map));
	map->cmp = cmp;
	map->cmp_data = cmp_data;
	initial_size = initial_size * 100 / HASHMAP_LOAD_FACTOR;
	while (initial_size > size && size < (1u << 30))
		size <<= 1;
	alloc_table(map, size);
}

void hashmap_clear(struct hashmap *map)
{
	if (!map || !map->table)
		return;
	zfree(&map->table);
	map->size = map->tablesize = 0;
}

static inline unsigned int bucket(const struct hashmap *map, unsigned int hash)
{
	return hash & (map->tablesize - 1);
}

static void rehash(struct hashmap *map, unsigned int newsize)
{
	struct hashmap_entry **old = map->table;
	unsigned int oldsize = map->tablesize;

	alloc_table(map, newsize);
	for (unsigned int i = 0; i < oldsize; i++) {
		struct hashmap_entry *e = old[i];

		while (e) {
			struct hashmap_entry *next = e->next;
			unsigned int b = bucket(map, e->hash);

			e->next = map->table[b];
			map->table[b] = e;
			e = next;
		}
	}
	free(old);
}

static inline bool entry_equals(const struct hashmap *map, const struct hashmap_entry *e1,
				const struct hashmap_entry *e2, const void *keydata)
{
	return e1 == e2 || (e1->hash == e2->hash && !map->cmp(map->cmp_data, e1, e2, keydata));
}

static struct hashmap_entry **find_entry_ptr(const struct hashmap *map,
					     const struct hashmap_entry *key, const void *keydata)
{
	struct hashmap_entry **e = &map->table[bucket(map, key->hash)];

	while (*e && !entry_equals(map, *e, key, keydata))
		e = &(*e)->next;
	return e;
}

struct hashmap_entry *hashmap_get(const struct hashmap *map, const struct hashmap_entry *key,
				  const void *keydata)
{
	if (!map->table)
		return NULL;
	return *find_entry_ptr(map, key, keydata);
}

struct hashmap_entry *hashmap_get_next(const struct hashmap *map, const struct hashmap_entry *entry)
{
	struct hashmap_entry *e = entry->next;

	for (; e; e = e->next)
		if (entry_equals(map, entry, e, NULL))
			return e;
	return NULL;
}

void hashmap_add(struct hashmap *map, struct hashmap_entry *entry)
{
	unsigned int b;

	if (!map->table)
		alloc_table(map, HASHMAP_INITIAL_SIZE);
	b = bucket(map, entry->hash);
	entry->next = map->table[b];
	map->table[b] = entry;
	if (++map->size > map->grow_at && map->tablesize < (1u << 30))
		rehash(map, map->tablesize << 1);
}

struct hashmap_entry *hashmap_remove(struct hashmap *map, const struct hashmap_entry *key,
				     const void *keydata)
{
	struct hashmap_entry *old, **e;

	if (!map->table)
		return NULL;
	e = find_entry_ptr(map, key, keydata);
	if (!*e)
		return NULL;
	old = *e;
	*e = old->next;
	old->next = NULL;
	if (--map->size < map->shrink_at)
		rehash(map, map->tablesize >> 1);
	return old;
}

struct hashmap_entry *hashmap_put(struct hashmap *map, struct hashmap_entry *entry)
{
	struct hashmap_entry *old = hashmap_remove(map, entry, NULL);

	hashmap_add(map, entry);
	return old;
}

void hashmap_iter_init(struct hashmap *map, struct hashmap_iter *iter)
{
	iter->map = map;
	iter->pos = 0;
	iter->next = NULL;
}

struct hashmap_entry *hashmap_iter_next(struct hashmap_iter *iter)
{
	struct hashmap_entry *current = iter->next;

	for (;;) {
		if (current) {
			iter->next = current->next;
			return current;
		}
		if (!iter->map->table || iter->pos >= iter->map->tablesize)
			return NULL;
		current = iter->map->table[iter->pos++];
	}
}
