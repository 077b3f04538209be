/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ordered delivery of records by timestamp, in bounded memory.
 *
 * perf record guarantees that nothing written after a FINISHED_ROUND is
 * older than what was written before the previous one. So on each round
 * the records up to the newest timestamp seen before the previous round are
 * delivered, sorted (stably: equal timestamps keep their file order), and
 * only about two rounds of records are ever queued. Queued records are
 * referenced in place (the mmapped file); records from transient buffers
 * (pipes, decompressed data) are copied into reference-counted chunks that
 * are freed as soon as their records are delivered.
 */
#ifndef PERF_ORDERED_EVENTS_H
#define PERF_ORDERED_EVENTS_H

#include "event.h"
#include "util.h"

struct oe_chunk;

struct ordered_event {
	u64			timestamp;
	u64			file_offset;
	union perf_event	*event;
	struct oe_chunk		*chunk;		/* holds the copy, or NULL */
};

enum oe_flush {
	OE_FLUSH__NONE,
	OE_FLUSH__FINAL,	/* everything */
	OE_FLUSH__ROUND,	/* a FINISHED_ROUND */
};

struct ordered_events;

typedef int (*ordered_events__deliver_t)(struct ordered_events *oe, struct ordered_event *event);

struct ordered_events {
	struct ordered_event	*queue;		/* queue[head..nr): pending */
	size_t			head;
	size_t			nr;
	size_t			alloc;
	size_t			nr_sorted;	/* queue[head..head+nr_sorted) is sorted */
	struct ordered_event	*tmp;		/* merge buffer */
	size_t			tmp_alloc;
	u64			last_flush;	/* timestamp of the last delivered record */
	u64			next_flush;	/* deliver up to this on the next round */
	u64			max_timestamp;
	u64			nr_unordered_events;
	struct oe_chunk		*cur_chunk;	/* where copies go */
	size_t			cur_used;
	struct oe_chunk		*spare;		/* one empty chunk kept for reuse */
	ordered_events__deliver_t deliver;
	void			*data;		/* for deliver */
};

void ordered_events__init(struct ordered_events *oe, ordered_events__deliver_t deliver, void *data);
void ordered_events__free(struct ordered_events *oe);

/*
 * Queue a record. copy: the record lives in a transient buffer. Returns 0,
 * or -ETIME when it has no usable timestamp (0 or -1): deliver it now.
 */
int ordered_events__queue(struct ordered_events *oe, union perf_event *event, u64 timestamp,
			  u64 file_offset, bool copy);
/* Deliver what the flush mode allows. Returns 0 or the first delivery error. */
int ordered_events__flush(struct ordered_events *oe, enum oe_flush how);
/* The smallest file offset of a queued record that lives in the file (-1ULL: none). */
u64 ordered_events__min_file_offset(const struct ordered_events *oe);

static inline size_t ordered_events__nr_queued(const struct ordered_events *oe)
{
	return oe->nr - oe->head;
}

#endif
