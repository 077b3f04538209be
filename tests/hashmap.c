// SPDX-License-Identifier: GPL-2.0
/* Unit tests of util/hashmap. */
#include "tests/tests.h"
#include "util/hashmap.h"

struct item {
	struct hashmap_entry ent;
	int key;
	int value;
};

static int item_cmp(const void *data, const struct hashmap_entry *a,
		    const struct hashmap_entry *b, const void *keydata)
{
	const struct item *x = container_of(a, struct item, ent);
	const struct item *y = container_of(b, struct item, ent);

	(void)data;
	return keydata ? x->key != *(const int *)keydata : x->key != y->key;
}

static struct item *lookup(struct hashmap *map, int key)
{
	struct hashmap_entry k;

	hashmap_entry_init(&k, hash_u64(key));
	return hashmap_iter_entry(hashmap_get(map, &k, &key), struct item, ent);
}

DEFINE_SUITE(hashmap, "hashmap")
{
	enum { N = 20000 };
	struct item *items = xcalloc(N, sizeof(*items));
	struct hashmap map;
	struct hashmap_iter iter;
	struct item *it, dup;
	long long sum = 0;
	int count = 0;

	hashmap_init(&map, item_cmp, NULL, 0);
	for (int i = 0; i < N; i++) {
		items[i].key = i * 7;
		items[i].value = i;
		hashmap_entry_init(&items[i].ent, hash_u64(items[i].key));
		hashmap_add(&map, &items[i].ent);
	}
	TEST_ASSERT_EQUAL("size", map.size, N);
	for (int i = 0; i < N; i++) {
		it = lookup(&map, i * 7);
		TEST_ASSERT_VAL("found", it && it->value == i);
	}
	TEST_ASSERT_VAL("absent", lookup(&map, 3) == NULL);

	/* iteration sees every entry once */
	hashmap_for_each_entry(&map, &iter, it, struct item, ent) {
		sum += it->value;
		count++;
	}
	TEST_ASSERT_EQUAL("iterated", count, N);
	TEST_ASSERT_EQUAL("sum", sum, (long long)N * (N - 1) / 2);

	/* put replaces an equal entry and returns the old one */
	dup.key = 14;
	dup.value = -1;
	hashmap_entry_init(&dup.ent, hash_u64(dup.key));
	TEST_ASSERT_VAL("put returns old", hashmap_put(&map, &dup.ent) == &items[2].ent);
	TEST_ASSERT_EQUAL("replaced", lookup(&map, 14)->value, -1);
	TEST_ASSERT_EQUAL("size after put", map.size, N);

	/* remove half, the rest stays reachable, and the table shrinks */
	for (int i = 0; i < N; i += 2) {
		struct hashmap_entry k;
		int key = i * 7;

		hashmap_entry_init(&k, hash_u64(key));
		TEST_ASSERT_VAL("removed", hashmap_remove(&map, &k, &key) != NULL);
	}
	TEST_ASSERT_EQUAL("size after remove", map.size, N / 2);
	for (int i = 0; i < N; i++)
		TEST_ASSERT_VAL("remaining", (lookup(&map, i * 7) != NULL) == (i % 2 == 1));

	hashmap_clear(&map);
	TEST_ASSERT_VAL("cleared", map.table == NULL && map.size == 0);
	TEST_ASSERT_VAL("lookup in cleared map", lookup(&map, 7) == NULL);
	TEST_ASSERT_VAL("hash_str", hash_str("abc") == hash_mem("abc", 3));
	free(items);
	return TEST_OK;
}
