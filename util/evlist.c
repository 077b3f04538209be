// SPDX-License-Identifier: GPL-2.0
#include "evlist.h"
#include <errno.h>

/* id -> evsel entries of evlist->id_map */
struct sample_id {
	struct hashmap_entry ent;
	u64 id;
	struct evsel *evsel;
};

static int sample_id_cmp(const void *data, const struct hashmap_entry *a,
			 const struct hashmap_entry *b, const void *keydata)
{
	const struct sample_id *x = container_of(a, struct sample_id, ent);

	(void)data;
	if (keydata)
		return x->id != *(const u64 *)keydata;
	return x->id != container_of(b, struct sample_id, ent)->id;
}

struct evlist *evlist__new(void)
{
	struct evlist *evlist = xzalloc(sizeof(*evlist));

	INIT_LIST_HEAD(&evlist->entries);
	hashmap_init(&evlist->id_map, sample_id_cmp, NULL, 0);
	return evlist;
}

static void evlist__free_ids(struct evlist *evlist)
{
	struct hashmap_iter iter;
	struct sample_id *sid;

	hashmap_for_each_entry(&evlist->id_map, &iter, sid, struct sample_id, ent)
		free(sid);
	hashmap_clear(&evlist->id_map);
}

void evlist__delete(struct evlist *evlist)
{
	struct evsel *evsel, *tmp;

	if (!evlist)
		return;
	evlist__for_each_entry_safe(evlist, tmp, evsel) {
		list_del(&evsel->node);
		evsel__delete(evsel);
	}
	evlist__free_ids(evlist);
	perf_cpu_map__put(evlist->cpus);
	perf_thread_map__put(evlist->threads);
	free(evlist);
}

void evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	evsel->evlist = evlist;
	evsel->idx = evlist->nr_entries++;
	list_add_tail(&evsel->node, &evlist->entries);
	for (int i = 0; i < evsel->nr_ids; i++)
		evlist__id_add(evlist, evsel, evsel->ids[i]);
}

void evlist__remove(struct evlist *evlist, struct evsel *evsel)
{
	struct evsel *pos;
	int idx = 0;

	list_del(&evsel->node);
	evsel->evlist = NULL;
	evlist->nr_entries--;
	evlist__for_each_entry(evlist, pos)
		pos->idx = idx++;
	for (int i = 0; i < evsel->nr_ids; i++) {
		struct hashmap_entry key;
		struct hashmap_entry *e;

		hashmap_entry_init(&key, hash_u64(evsel->ids[i]));
		e = hashmap_remove(&evlist->id_map, &key, &evsel->ids[i]);
		if (e)
			free(container_of(e, struct sample_id, ent));
	}
}

void evlist__set_maps(struct evlist *evlist, struct perf_cpu_map *cpus, struct perf_thread_map *threads)
{
	if (cpus && cpus != evlist->cpus) {
		perf_cpu_map__put(evlist->cpus);
		evlist->cpus = perf_cpu_map__get(cpus);
	}
	if (threads && threads != evlist->threads) {
		perf_thread_map__put(evlist->threads);
		evlist->threads = perf_thread_map__get(threads);
	}
}

struct evsel *evlist__find_by_name(const struct evlist *evlist, const char *name)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->name && !strcmp(evsel->name, name))
			return evsel;
	return NULL;
}

struct evsel *evlist__find_by_idx(const struct evlist *evlist, int idx)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->idx == idx)
			return evsel;
	return NULL;
}

void evlist__id_add(struct evlist *evlist, struct evsel *evsel, u64 id)
{
	struct sample_id *sid = xmalloc(sizeof(*sid));

	sid->id = id;
	sid->evsel = evsel;
	hashmap_entry_init(&sid->ent, hash_u64(id));
	free(hashmap_iter_entry(hashmap_put(&evlist->id_map, &sid->ent), struct sample_id, ent));
}

struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id)
{
	struct hashmap_entry key;
	struct sample_id *sid;

	hashmap_entry_init(&key, hash_u64(id));
	sid = hashmap_iter_entry(hashmap_get(&evlist->id_map, &key, &id), struct sample_id, ent);
	return sid ? sid->evsel : NULL;
}

void evlist__set_group(struct evlist *evlist, struct evsel *first, struct evsel *last)
{
	struct evsel *evsel = first;

	(void)evlist;
	first->nr_members = last->idx - first->idx + 1;
	for (;;) {
		evsel->leader = first;
		if (evsel == last)
			break;
		evsel = list_next_entry(evsel, node);
	}
	if (first->nr_members > 1)
		evlist->nr_groups++;
}

int evlist__open(struct evlist *evlist, struct evsel **failed)
{
	struct evsel *evsel;
	int err;

	evlist__for_each_entry(evlist, evsel) {
		err = evsel__open(evsel, NULL, NULL);
		if (err) {
			if (failed)
				*failed = evsel;
			evlist__close(evlist);
			return err;
		}
	}
	return 0;
}

void evlist__close(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry_reverse(evlist, evsel)
		evsel__close(evsel);
}

int evlist__enable(struct evlist *evlist)
{
	struct evsel *evsel;
	int err = 0;

	evlist__for_each_entry(evlist, evsel) {
		int ret = evsel__enable(evsel);

		if (ret && !err)
			err = ret;
	}
	return err;
}

int evlist__disable(struct evlist *evlist)
{
	struct evsel *evsel;
	int err = 0;

	evlist__for_each_entry(evlist, evsel) {
		int ret = evsel__disable(evsel);

		if (ret && !err)
			err = ret;
	}
	return err;
}

u64 evlist__combined_sample_type(const struct evlist *evlist)
{
	struct evsel *evsel;
	u64 type = 0;

	evlist__for_each_entry(evlist, evsel)
		type |= evsel->attr.sample_type;
	return type;
}

bool evlist__sample_id_all(const struct evlist *evlist)
{
	struct evsel *first = evlist__first(evlist);

	return first && first->attr.sample_id_all;
}
