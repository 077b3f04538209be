/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hashmap: an intrusive chained hash table (after git's hashmap).
 *
 * Embed a struct hashmap_entry in your struct, set its hash with
 * hashmap_entry_init(), and give the map a compare function. The map never
 * allocates or frees entries: the caller owns them.
 *
 *   struct thread { struct hashmap_entry ent; int tid; ... };
 *   static int thread_cmp(const void *data, const struct hashmap_entry *a,
 *                         const struct hashmap_entry *b, const void *key)
 *   { return container_of(a, struct thread, ent)->tid != container_of(b, struct thread, ent)->tid; }
 *
 *   struct thread key; hashmap_entry_init(&key.ent, hash_u64(tid)); key.tid = tid;
 *   struct hashmap_entry *e = hashmap_get(&map, &key.ent, NULL);
 */
#ifndef PERF_HASHMAP_H
#define PERF_HASHMAP_H

#include "util.h"

struct hashmap_entry {
	struct hashmap_entry *next;
	unsigned int hash;
};

/*
 * Return 0 when entry a matches: either entry b, or, when keydata is not NULL,
 * the key it points to (lookups without building a whole key entry).
 */
typedef int (*hashmap_cmp_fn)(const void *cmp_data, const struct hashmap_entry *a,
			      const struct hashmap_entry *b, const void *keydata);

struct hashmap {
	struct hashmap_entry **table;
	hashmap_cmp_fn cmp;
	const void *cmp_data;
	unsigned int size;		/* number of entries */
	unsigned int tablesize;		/* number of buckets, a power of 2 */
	unsigned int grow_at;
	unsigned int shrink_at;
};

struct hashmap_iter {
	struct hashmap *map;
	struct hashmap_entry *next;
	unsigned int pos;
};

unsigned int hash_str(const char *s);
unsigned int hash_mem(const void *p, size_t len);
unsigned int hash_u64(u64 v);

void hashmap_init(struct hashmap *map, hashmap_cmp_fn cmp, const void *cmp_data, size_t initial_size);
/* Free the table; entries are left to the caller (iterate first to free them). */
void hashmap_clear(struct hashmap *map);

static inline void hashmap_entry_init(struct hashmap_entry *e, unsigned int hash)
{
	e->hash = hash;
	e->next = NULL;
}

struct hashmap_entry *hashmap_get(const struct hashmap *map, const struct hashmap_entry *key,
				  const void *keydata);
/* The next entry equal to entry (for maps holding duplicates). */
struct hashmap_entry *hashmap_get_next(const struct hashmap *map, const struct hashmap_entry *entry);
/* Add entry; duplicates are allowed. */
void hashmap_add(struct hashmap *map, struct hashmap_entry *entry);
/* Add entry, replacing an equal one, which is returned (or NULL). */
struct hashmap_entry *hashmap_put(struct hashmap *map, struct hashmap_entry *entry);
/* Unlink and return the entry matching key (or NULL). */
struct hashmap_entry *hashmap_remove(struct hashmap *map, const struct hashmap_entry *key,
				     const void *keydata);

void hashmap_iter_init(struct hashmap *map, struct hashmap_iter *iter);
struct hashmap_entry *hashmap_iter_next(struct hashmap_iter *iter);

#define hashmap_for_each_entry(map, iter, var, type, member) \
	for (hashmap_iter_init(map, iter); \
	     ((var) = hashmap_iter_entry(hashmap_iter_next(iter), type, member)) != NULL; )
/* The struct holding entry e, or NULL; e is evaluated once. */
#define hashmap_iter_entry(e, type, member) \
	({ struct hashmap_entry *__e = (e); __e ? container_of(__e, type, member) : (type *)NULL; })

#endif
