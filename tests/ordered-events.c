// SPDX-License-Identifier: GPL-2.0
/*
 * Ordered delivery: records come in per-CPU runs, rounds bound how far back
 * a record can be; delivery must be sorted by time, stable for equal times,
 * hold back what a later round may still precede, and keep copies of
 * records from transient buffers intact.
 */
#include <errno.h>
#include "tests/tests.h"
#include "util/ordered-events.h"

struct delivered {
	u64	ts[4096];
	u64	seq[4096];
	int	nr;
	u64	limit_seen;	/* what the last flush was allowed to deliver */
	bool	bad_copy;
};

/* Records are fake: a header and the sequence number at which they were queued. */
struct fake {
	struct perf_event_header header;
	u64 seq;
};

static int deliver(struct ordered_events *oe, struct ordered_event *ev)
{
	struct delivered *d = oe->data;
	struct fake *f = (struct fake *)ev->event;

	if (d->nr < 4096) {
		d->ts[d->nr] = ev->timestamp;
		d->seq[d->nr] = f->seq;
		d->nr++;
	}
	if (f->header.size != sizeof(*f) || ev->file_offset != f->seq)
		d->bad_copy = true;
	return 0;
}

static int test_rounds(void)
{
	struct ordered_events oe;
	struct delivered d = { .nr = 0 };
	static struct fake records[2000];
	u64 seq = 0, prev_max = 0, max = 0;
	unsigned int rnd = 12345;

	ordered_events__init(&oe, deliver, &d);
	/* 10 rounds of 2 CPUs x 100 records, each CPU's run sorted, the runs interleaved */
	for (int round = 0; round < 10; round++) {
		u64 base = round * 1000;

		for (int cpu = 0; cpu < 2; cpu++) {
			u64 t = base + cpu * 3;

			for (int i = 0; i < 100; i++) {
				struct fake *f = &records[seq];

				rnd = rnd * 1103515245 + 12345;
				t += (rnd >> 16) % 10;	/* equal times happen */
				f->header.type = PERF_RECORD_SAMPLE;
				f->header.size = sizeof(*f);
				f->seq = seq;
				TEST_ASSERT_EQUAL("queue", ordered_events__queue(&oe, (union perf_event *)f, t + 1,
										 seq, false), 0);
				if (t + 1 > max)
					max = t + 1;
				seq++;
			}
		}
		TEST_ASSERT_EQUAL("flush", ordered_events__flush(&oe, OE_FLUSH__ROUND), 0);
		/* only what is not newer than the previous round's end went out */
		for (int i = 0; i < d.nr; i++)
			TEST_ASSERT_VAL("held back", d.ts[i] <= prev_max);
		prev_max = max;
	}
	TEST_ASSERT_EQUAL("flush final", ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	TEST_ASSERT_EQUAL("every record", d.nr, 2000);
	for (int i = 1; i < d.nr; i++) {
		TEST_ASSERT_VAL("sorted", d.ts[i - 1] <= d.ts[i]);
		if (d.ts[i - 1] == d.ts[i])
			TEST_ASSERT_VAL("stable", d.seq[i - 1] < d.seq[i]);
	}
	TEST_ASSERT_VAL("records intact", !d.bad_copy);
	TEST_ASSERT_EQUAL("nothing out of order", oe.nr_unordered_events, 0);
	ordered_events__free(&oe);
	return TEST_OK;
}

static int test_copies(void)
{
	struct ordered_events oe;
	struct delivered d = { .nr = 0 };
	struct fake buf;

	ordered_events__init(&oe, deliver, &d);
	/* a transient buffer reused for every record: the queue keeps copies */
	for (u64 i = 0; i < 3000; i++) {
		buf.header.type = PERF_RECORD_SAMPLE;
		buf.header.size = sizeof(buf);
		buf.seq = i;
		TEST_ASSERT_EQUAL("queue copy",
				  ordered_events__queue(&oe, (union perf_event *)&buf, 3000 - i, i, true), 0);
		memset(&buf, 0xff, sizeof(buf));
		if (i % 500 == 499)
			ordered_events__flush(&oe, OE_FLUSH__ROUND);
	}
	TEST_ASSERT_EQUAL("no time: deliver at once",
			  ordered_events__queue(&oe, (union perf_event *)&buf, 0, 0, true), -ETIME);
	TEST_ASSERT_EQUAL("flush", ordered_events__flush(&oe, OE_FLUSH__FINAL), 0);
	TEST_ASSERT_EQUAL("all delivered", d.nr, 3000);
	TEST_ASSERT_VAL("copies intact", !d.bad_copy);
	/* records older than what was delivered are counted, and still delivered */
	TEST_ASSERT_VAL("unordered counted", oe.nr_unordered_events > 0);
	ordered_events__free(&oe);
	return TEST_OK;
}

static const struct test_case ordered_cases[] = {
	TEST_CASE("rounds: sorted, stable, held back until safe", test_rounds),
	TEST_CASE("records from transient buffers are copied", test_copies),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(ordered_events, "Ordered delivery of records", ordered_cases);
