/* SPDX-License-Identifier: GPL-2.0 */
/*
 * evlist: the list of events of a session, the CPU and thread maps they are
 * opened on, and the index from sample id to event.
 */
#ifndef PERF_EVLIST_H
#define PERF_EVLIST_H

#include "evsel.h"
#include "hashmap.h"

struct evlist {
	struct list_head entries;	/* of struct evsel, in order */
	int nr_entries;
	int nr_groups;			/* groups with more than one member */
	struct perf_cpu_map *cpus;	/* where events are opened (the any-CPU map when per-thread) */
	struct perf_thread_map *threads;
	struct hashmap id_map;		/* sample id -> evsel */
	void *priv;			/* free for the command */
};

struct evlist *evlist__new(void);
/* Deletes the evlist and every evsel in it. */
void evlist__delete(struct evlist *evlist);
/* Append evsel (the evlist takes ownership); sets evsel->idx. */
void evlist__add(struct evlist *evlist, struct evsel *evsel);
/* Unlink evsel (ownership goes back to the caller); renumbers idx. */
void evlist__remove(struct evlist *evlist, struct evsel *evsel);
/* Take references to the maps (either may be NULL to keep the current one). */
void evlist__set_maps(struct evlist *evlist, struct perf_cpu_map *cpus, struct perf_thread_map *threads);

static inline struct evsel *evlist__first(const struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL : list_first_entry(&evlist->entries, struct evsel, node);
}

static inline struct evsel *evlist__last(const struct evlist *evlist)
{
	return list_empty(&evlist->entries) ? NULL : list_last_entry(&evlist->entries, struct evsel, node);
}

#define evlist__for_each_entry(evlist, evsel) \
	list_for_each_entry(evsel, &(evlist)->entries, node)
#define evlist__for_each_entry_reverse(evlist, evsel) \
	list_for_each_entry_reverse(evsel, &(evlist)->entries, node)
#define evlist__for_each_entry_safe(evlist, tmp, evsel) \
	list_for_each_entry_safe(evsel, tmp, &(evlist)->entries, node)

struct evsel *evlist__find_by_name(const struct evlist *evlist, const char *name);
struct evsel *evlist__find_by_idx(const struct evlist *evlist, int idx);
/* The event a sample id belongs to, or NULL. */
struct evsel *evlist__id2evsel(const struct evlist *evlist, u64 id);
/* Index id -> evsel (called by evsel__add_id). */
void evlist__id_add(struct evlist *evlist, struct evsel *evsel, u64 id);

/* Make evsels [first, last] one group led by first. */
void evlist__set_group(struct evlist *evlist, struct evsel *first, struct evsel *last);

/* Open every event; on failure the opened ones are closed and -errno returned (*failed set). */
int evlist__open(struct evlist *evlist, struct evsel **failed);
void evlist__close(struct evlist *evlist);
int evlist__enable(struct evlist *evlist);
int evlist__disable(struct evlist *evlist);

/* The union of sample_type / the common sample_id_all of the events. */
u64 evlist__combined_sample_type(const struct evlist *evlist);
bool evlist__sample_id_all(const struct evlist *evlist);

#endif
