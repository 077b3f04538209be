// SPDX-License-Identifier: GPL-2.0
#include "ordered-events.h"
#include "debug.h"
#include <errno.h>
#include <inttypes.h>

#define OE_CHUNK_SIZE (256 * 1024)

struct oe_chunk {
	size_t	live;		/* queued records copied here */
	size_t	size;
	char	data[];
};

void ordered_events__init(struct ordered_events *oe, ordered_events__deliver_t deliver, void *data)
{
	memset(oe, 0, sizeof(*oe));
	oe->deliver = deliver;
	oe->data = data;
}

void ordered_events__free(struct ordered_events *oe)
{
	for (size_t i = oe->head; i < oe->nr; i++)
		if (oe->queue[i].chunk && !--oe->queue[i].chunk->live && oe->queue[i].chunk != oe->cur_chunk)
			free(oe->queue[i].chunk);
	free(oe->cur_chunk);
	free(oe->spare);
	free(oe->queue);
	free(oe->tmp);
	memset(oe, 0, sizeof(*oe));
}

static struct oe_chunk *chunk__new(struct ordered_events *oe, size_t min)
{
	size_t size = min > OE_CHUNK_SIZE ? min : OE_CHUNK_SIZE;
	struct oe_chunk *c;

	if (oe->spare && oe->spare->size >= size) {
		c = oe->spare;
		oe->spare = NULL;
	} else {
		c = xmalloc(sizeof(*c) + size);
		c->size = size;
	}
	c->live = 0;
	return c;
}

static void chunk__put(struct ordered_events *oe, struct oe_chunk *c)
{
	if (--c->live || c == oe->cur_chunk)
		return;
	if (!oe->spare) {
		oe->spare = c;
		return;
	}
	free(c);
}

/* A copy of event in the current chunk (8-byte aligned). */
static union perf_event *copy_event(struct ordered_events *oe, const union perf_event *event,
				    struct oe_chunk **chunk)
{
	size_t size = PERF_ALIGN((size_t)event->header.size, sizeof(u64));
	union perf_event *copy;

	if (!oe->cur_chunk || oe->cur_used + size > oe->cur_chunk->size) {
		struct oe_chunk *old = oe->cur_chunk;

		oe->cur_chunk = chunk__new(oe, size);
		oe->cur_used = 0;
		if (old && !old->live) {
			if (!oe->spare)
				oe->spare = old;
			else
				free(old);
		}
	}
	copy = (union perf_event *)(oe->cur_chunk->data + oe->cur_used);
	memcpy(copy, event, event->header.size);
	oe->cur_used += size;
	oe->cur_chunk->live++;
	*chunk = oe->cur_chunk;
	return copy;
}

int ordered_events__queue(struct ordered_events *oe, union perf_event *event, u64 timestamp,
			  u64 file_offset, bool copy)
{
	struct ordered_event *new;

	if (!timestamp || timestamp == -1ULL)
		return -ETIME;
	if (timestamp < oe->last_flush) {
		pr_debug2("out of order event: %" PRIu64 " before the last flush %" PRIu64 "\n",
			  timestamp, oe->last_flush);
		oe->nr_unordered_events++;
	}
	if (oe->head == oe->nr) {
		oe->head = oe->nr = oe->nr_sorted = 0;
		oe->max_timestamp = timestamp;
	} else if (timestamp > oe->max_timestamp) {
		oe->max_timestamp = timestamp;
	}
	if (oe->nr == oe->alloc && oe->head) {
		/* reuse the delivered front */
		memmove(oe->queue, oe->queue + oe->head, (oe->nr - oe->head) * sizeof(*oe->queue));
		oe->nr -= oe->head;
		oe->head = 0;
	}
	ALLOC_GROW(oe->queue, oe->nr + 1, oe->alloc);
	new = &oe->queue[oe->nr++];
	new->timestamp = timestamp;
	new->file_offset = file_offset;
	new->chunk = NULL;
	new->event = copy ? copy_event(oe, event, &new->chunk) : event;
	return 0;
}

/* Stable merge of a[0..na) and b[0..nb) into out. */
static void merge(const struct ordered_event *a, size_t na, const struct ordered_event *b, size_t nb,
		  struct ordered_event *out)
{
	size_t i = 0, j = 0, k = 0;

	while (i < na && j < nb) {
		if (b[j].timestamp < a[i].timestamp)
			out[k++] = b[j++];
		else
			out[k++] = a[i++];
	}
	while (i < na)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
}

/*
 * Sort q[0..n) stably: bottom-up merge of the ascending runs already in it
 * (records come in per-CPU runs that are sorted).
 */
static void sort_events(struct ordered_events *oe, struct ordered_event *q, size_t n)
{
	size_t *runs = NULL, nr_runs = 0, runs_alloc = 0;
	struct ordered_event *src = q, *dst;

	if (n < 2)
		return;
	ALLOC_GROW(oe->tmp, n, oe->tmp_alloc);
	dst = oe->tmp;
	for (size_t i = 0; i < n; ) {
		size_t j = i + 1;

		while (j < n && q[j].timestamp >= q[j - 1].timestamp)
			j++;
		ALLOC_GROW(runs, nr_runs + 2, runs_alloc);
		runs[nr_runs++] = i;
		i = j;
	}
	runs[nr_runs] = n;
	while (nr_runs > 1) {
		size_t out = 0, r;

		for (r = 0; r + 1 < nr_runs; r += 2) {
			size_t a = runs[r], b = runs[r + 1], e = runs[r + 2];

			merge(src + a, b - a, src + b, e - b, dst + a);
			runs[out++] = a;
		}
		if (r < nr_runs) {
			memcpy(dst + runs[r], src + runs[r], (runs[r + 1] - runs[r]) * sizeof(*q));
			runs[out++] = runs[r];
		}
		runs[out] = n;
		nr_runs = out;
		{
			struct ordered_event *t = src;

			src = dst;
			dst = t;
		}
	}
	if (src != q)
		memcpy(q, src, n * sizeof(*q));
	free(runs);
}

/* Make queue[head..nr) sorted. */
static void oe__sort(struct ordered_events *oe)
{
	struct ordered_event *q = oe->queue + oe->head;
	size_t n = oe->nr - oe->head, ns = oe->nr_sorted;

	if (ns == n)
		return;
	sort_events(oe, q + ns, n - ns);
	if (ns && q[ns].timestamp < q[ns - 1].timestamp) {
		ALLOC_GROW(oe->tmp, n, oe->tmp_alloc);
		merge(q, ns, q + ns, n - ns, oe->tmp);
		memcpy(q, oe->tmp, n * sizeof(*q));
	}
	oe->nr_sorted = n;
}

static int do_flush(struct ordered_events *oe, u64 limit)
{
	int err = 0;

	if (!limit || oe->head == oe->nr)
		return 0;
	oe__sort(oe);
	while (oe->head < oe->nr) {
		struct ordered_event *ev = &oe->queue[oe->head];

		if (ev->timestamp > limit)
			break;
		/* sorting interleaves the CPUs' runs: fetch a record a few ahead ourselves */
		if (oe->head + 8 < oe->nr)
			__builtin_prefetch(oe->queue[oe->head + 8].event);
		oe->head++;
		oe->nr_sorted--;
		if (!err)
			err = oe->deliver(oe, ev);
		oe->last_flush = ev->timestamp;
		if (ev->chunk)
			chunk__put(oe, ev->chunk);
	}
	if (oe->head == oe->nr)
		oe->head = oe->nr = oe->nr_sorted = 0;
	return err;
}

int ordered_events__flush(struct ordered_events *oe, enum oe_flush how)
{
	int err;

	switch (how) {
	case OE_FLUSH__FINAL:
		err = do_flush(oe, -1ULL);
		break;
	case OE_FLUSH__ROUND:
		err = do_flush(oe, oe->next_flush);
		oe->next_flush = oe->max_timestamp;
		break;
	default:
		err = 0;
		break;
	}
	return err;
}

u64 ordered_events__min_file_offset(const struct ordered_events *oe)
{
	u64 min = -1ULL;

	for (size_t i = oe->head; i < oe->nr; i++)
		if (!oe->queue[i].chunk && oe->queue[i].file_offset < min)
			min = oe->queue[i].file_offset;
	return min;
}
