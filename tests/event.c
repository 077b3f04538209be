// SPDX-License-Identifier: GPL-2.0
/*
 * The record formats of util/event.h: names, sample decoding and encoding
 * for every sample_type bit, bounds checking of short records, and byte
 * swapping, checked against an independent big-endian encoder.
 */
#include <byteswap.h>
#include <errno.h>
#include "tests/tests.h"
#include "util/event.h"
#include "util/evsel.h"

static int test_names(void)
{
	TEST_ASSERT_STR("mmap2", perf_event__name(PERF_RECORD_MMAP2), "MMAP2");
	TEST_ASSERT_STR("sample", perf_event__name(PERF_RECORD_SAMPLE), "SAMPLE");
	TEST_ASSERT_STR("switch cpu wide", perf_event__name(PERF_RECORD_SWITCH_CPU_WIDE), "SWITCH_CPU_WIDE");
	TEST_ASSERT_STR("attr", perf_event__name(PERF_RECORD_HEADER_ATTR), "ATTR");
	TEST_ASSERT_STR("round", perf_event__name(PERF_RECORD_FINISHED_ROUND), "FINISHED_ROUND");
	TEST_ASSERT_STR("feature", perf_event__name(PERF_RECORD_HEADER_FEATURE), "FEATURE");
	TEST_ASSERT_STR("init", perf_event__name(PERF_RECORD_FINISHED_INIT), "FINISHED_INIT");
	TEST_ASSERT_STR("hole", perf_event__name(30), "UNKNOWN");
	TEST_ASSERT_STR("past the end", perf_event__name(1000), "INVALID");
	TEST_ASSERT_EQUAL("id pos with identifier", perf_sample__id_pos(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_ID), 0);
	TEST_ASSERT_EQUAL("id pos", perf_sample__id_pos(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ID), 2);
	TEST_ASSERT_EQUAL("is pos", perf_sample__is_pos(PERF_SAMPLE_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_TIME), 2);
	TEST_ASSERT_EQUAL("no id", perf_sample__id_pos(PERF_SAMPLE_IP), -1);
	return TEST_OK;
}

/* Every field of a sample the types below use, with distinct values. */
struct sample_fixture {
	u64 callchain[5];
	u64 branches[2 + 3 * 3];	/* nr, hw_idx, 3 entries */
	u64 user_regs[3];
	u64 intr_regs[2];
	char stack[40];
	char raw[13];
	u64 group_read[2 * 3];		/* value, id, lost x 2 */
	char aux[16];
	struct perf_sample s;
};

static void fixture_init(struct sample_fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->s.ip = 0xffffffff81000123ULL;
	f->s.pid = 1234;
	f->s.tid = 1235;
	f->s.time = 123456789012ULL;
	f->s.addr = 0x7fff0000ULL;
	f->s.id = 42;
	f->s.stream_id = 43;
	f->s.cpu = 3;
	f->s.period = 250000;
	f->s.weight = 77;
	f->s.ins_lat = 5;
	f->s.p_stage_cyc = 6;
	f->s.data_src = 0x1e05080021ULL;
	f->s.transaction = 0x11;
	f->s.phys_addr = 0x123000;
	f->s.cgroup = 99;
	f->s.data_page_size = 4096;
	f->s.code_page_size = 2 << 20;
	for (int i = 0; i < 5; i++)
		f->callchain[i] = 0x1000 + i;
	f->callchain[0] = 4;
	f->s.callchain = (struct ip_callchain *)f->callchain;
	f->branches[0] = 3;
	f->branches[1] = 7;
	for (int i = 0; i < 9; i++)
		f->branches[2 + i] = 0x5000 + i;
	f->s.branch_stack = (struct branch_stack *)f->branches;
	f->user_regs[0] = 0xaaa;
	f->user_regs[1] = 0xbbb;
	f->user_regs[2] = 0xccc;
	f->s.user_regs.abi = PERF_SAMPLE_REGS_ABI_64;
	f->s.user_regs.mask = 0x181;	/* three registers */
	f->s.user_regs.regs = f->user_regs;
	f->intr_regs[0] = 0xddd;
	f->intr_regs[1] = 0xeee;
	f->s.intr_regs.abi = PERF_SAMPLE_REGS_ABI_64;
	f->s.intr_regs.mask = 0x3;
	f->s.intr_regs.regs = f->intr_regs;
	for (size_t i = 0; i < sizeof(f->stack); i++)
		f->stack[i] = (char)i;
	f->s.user_stack.size = sizeof(f->stack);
	f->s.user_stack.data = f->stack;
	memcpy(f->raw, "raw tracepoint", sizeof(f->raw));
	f->s.raw_size = sizeof(f->raw);
	f->s.raw_data = f->raw;
	for (int i = 0; i < 6; i++)
		f->group_read[i] = 0x100 + i;
	f->s.read.time_enabled = 1000;
	f->s.read.time_running = 900;
	f->s.read.group.nr = 2;
	f->s.read.group.values = (struct sample_read_value *)f->group_read;
	memcpy(f->aux, "aux area sample", 16);
	f->s.aux_sample.size = 16;
	f->s.aux_sample.data = f->aux;
}

#define ALL_SAMPLE_BITS (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | \
	PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | PERF_SAMPLE_BRANCH_STACK | \
	PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_DATA_SRC | \
	PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | \
	PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_AUX)

static struct evsel *make_evsel(u64 type)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.sample_type = type,
		.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_LOST |
			       PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX,
		.sample_regs_user = 0x181,
		.sample_regs_intr = 0x3,
		.sample_id_all = 1,
	};

	return evsel__new(&attr, "test");
}

static union perf_event *encode(struct evsel *evsel, const struct perf_sample *s)
{
	const struct perf_event_attr *a = &evsel->attr;
	size_t size = perf_event__sample_event_size(s, a->sample_type, a->read_format, a->branch_sample_type);
	union perf_event *ev = xzalloc(size);

	ev->header.type = PERF_RECORD_SAMPLE;
	ev->header.misc = PERF_RECORD_MISC_USER;
	ev->header.size = size;
	perf_event__synthesize_sample(ev, a->sample_type, a->read_format, a->branch_sample_type, s);
	return ev;
}

/* The fields sample_type says are there decode to what was encoded. */
static int check_sample(u64 type, const struct perf_sample *exp, const struct perf_sample *got)
{
	if (type & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER))
		TEST_ASSERT_EQUAL("id", got->id, exp->id);
	if (type & PERF_SAMPLE_IP)
		TEST_ASSERT_EQUAL("ip", got->ip, exp->ip);
	if (type & PERF_SAMPLE_TID) {
		TEST_ASSERT_EQUAL("pid", got->pid, exp->pid);
		TEST_ASSERT_EQUAL("tid", got->tid, exp->tid);
	}
	if (type & PERF_SAMPLE_TIME)
		TEST_ASSERT_EQUAL("time", got->time, exp->time);
	if (type & PERF_SAMPLE_ADDR)
		TEST_ASSERT_EQUAL("addr", got->addr, exp->addr);
	if (type & PERF_SAMPLE_STREAM_ID)
		TEST_ASSERT_EQUAL("stream id", got->stream_id, exp->stream_id);
	if (type & PERF_SAMPLE_CPU)
		TEST_ASSERT_EQUAL("cpu", got->cpu, exp->cpu);
	if (type & PERF_SAMPLE_PERIOD)
		TEST_ASSERT_EQUAL("period", got->period, exp->period);
	if (type & PERF_SAMPLE_READ) {
		TEST_ASSERT_EQUAL("enabled", got->read.time_enabled, exp->read.time_enabled);
		TEST_ASSERT_EQUAL("running", got->read.time_running, exp->read.time_running);
		TEST_ASSERT_EQUAL("group nr", got->read.group.nr, 2);
		TEST_ASSERT_VAL("group values", !memcmp(got->read.group.values, exp->read.group.values, 6 * 8));
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		TEST_ASSERT_EQUAL("chain nr", got->callchain->nr, 4);
		TEST_ASSERT_VAL("chain", !memcmp(got->callchain->ips, exp->callchain->ips, 4 * 8));
	}
	if (type & PERF_SAMPLE_RAW) {
		TEST_ASSERT_EQUAL("raw size", got->raw_size, exp->raw_size);
		TEST_ASSERT_VAL("raw", !memcmp(got->raw_data, exp->raw_data, exp->raw_size));
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		TEST_ASSERT_EQUAL("branch nr", got->branch_stack->nr, 3);
		TEST_ASSERT_EQUAL("hw_idx", got->branch_stack->hw_idx, 7);
		TEST_ASSERT_VAL("branches", !memcmp(perf_sample__branch_entries((struct perf_sample *)got),
						    perf_sample__branch_entries((struct perf_sample *)exp), 72));
	}
	if (type & PERF_SAMPLE_REGS_USER) {
		TEST_ASSERT_EQUAL("user abi", got->user_regs.abi, PERF_SAMPLE_REGS_ABI_64);
		TEST_ASSERT_VAL("user regs", !memcmp(got->user_regs.regs, exp->user_regs.regs, 24));
	}
	if (type & PERF_SAMPLE_STACK_USER) {
		TEST_ASSERT_EQUAL("stack size", got->user_stack.size, exp->user_stack.size);
		TEST_ASSERT_VAL("stack", !memcmp(got->user_stack.data, exp->user_stack.data, exp->user_stack.size));
	}
	if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
		TEST_ASSERT_EQUAL("weight", got->weight, exp->weight);
		TEST_ASSERT_EQUAL("ins_lat", got->ins_lat, exp->ins_lat);
		TEST_ASSERT_EQUAL("p_stage_cyc", got->p_stage_cyc, exp->p_stage_cyc);
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		TEST_ASSERT_EQUAL("data src", got->data_src, exp->data_src);
	if (type & PERF_SAMPLE_TRANSACTION)
		TEST_ASSERT_EQUAL("transaction", got->transaction, exp->transaction);
	if (type & PERF_SAMPLE_REGS_INTR)
		TEST_ASSERT_VAL("intr regs", !memcmp(got->intr_regs.regs, exp->intr_regs.regs, 16));
	if (type & PERF_SAMPLE_PHYS_ADDR)
		TEST_ASSERT_EQUAL("phys addr", got->phys_addr, exp->phys_addr);
	if (type & PERF_SAMPLE_CGROUP)
		TEST_ASSERT_EQUAL("cgroup", got->cgroup, exp->cgroup);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		TEST_ASSERT_EQUAL("data page size", got->data_page_size, exp->data_page_size);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		TEST_ASSERT_EQUAL("code page size", got->code_page_size, exp->code_page_size);
	if (type & PERF_SAMPLE_AUX) {
		TEST_ASSERT_EQUAL("aux size", got->aux_sample.size, 16);
		TEST_ASSERT_VAL("aux", !memcmp(got->aux_sample.data, exp->aux_sample.data, 16));
	}
	return TEST_OK;
}

static int test_sample_roundtrip(void)
{
	struct sample_fixture f;

	fixture_init(&f);
	/* every bit alone, then all together */
	for (int bit = -1; bit < 64; bit++) {
		u64 type = bit < 0 ? ALL_SAMPLE_BITS : (1ULL << bit) & ALL_SAMPLE_BITS;
		struct evsel *evsel;
		union perf_event *ev;
		struct perf_sample got;
		int err;

		if (bit >= 0 && !type)
			continue;
		evsel = make_evsel(type);
		ev = encode(evsel, &f.s);
		err = evsel__parse_sample(evsel, ev, &got);
		TEST_ASSERT_EQUAL("parse", err, 0);
		if (check_sample(type, &f.s, &got) != TEST_OK) {
			pr_err("sample_type %#llx\n", (unsigned long long)type);
			return TEST_FAIL;
		}
		/* every shorter size is refused, never read past */
		for (u16 size = ev->header.size - 8; size >= 8 && size < ev->header.size; size -= 8) {
			union perf_event *cut = xmemdup(ev, size);

			cut->header.size = size;
			err = evsel__parse_sample(evsel, cut, &got);
			free(cut);
			TEST_ASSERT_EQUAL("truncated sample refused", err, -EFAULT);
		}
		free(ev);
		evsel__delete(evsel);
	}
	return TEST_OK;
}

static int test_id_sample(void)
{
	u64 type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
		   PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER;
	struct evsel *evsel = make_evsel(type);
	struct sample_fixture f;
	union perf_event *ev = xzalloc(sizeof(*ev));
	struct perf_sample got;
	u64 ts;

	fixture_init(&f);
	ev->comm.header.type = PERF_RECORD_COMM;
	ev->comm.header.size = offsetof(struct perf_record_comm, comm) + 16;
	strcpy(ev->comm.comm, "worker");
	perf_event__synthesize_id_sample(ev, type, &f.s);
	TEST_ASSERT_EQUAL("trailer size", ev->header.size, 32 + 6 * 8);
	TEST_ASSERT_EQUAL("parse", evsel__parse_sample(evsel, ev, &got), 0);
	TEST_ASSERT_EQUAL("trailer pid", got.pid, f.s.pid);
	TEST_ASSERT_EQUAL("trailer tid", got.tid, f.s.tid);
	TEST_ASSERT_EQUAL("trailer time", got.time, f.s.time);
	TEST_ASSERT_EQUAL("trailer id", got.id, f.s.id);
	TEST_ASSERT_EQUAL("trailer stream", got.stream_id, f.s.stream_id);
	TEST_ASSERT_EQUAL("trailer cpu", got.cpu, f.s.cpu);
	TEST_ASSERT_EQUAL("timestamp", evsel__parse_sample_timestamp(evsel, ev, &ts), 0);
	TEST_ASSERT_EQUAL("timestamp value", ts, f.s.time);
	/* a trailer longer than the record is refused */
	ev->header.size = 16;
	TEST_ASSERT_EQUAL("short trailer", evsel__parse_sample(evsel, ev, &got), -EFAULT);
	free(ev);
	evsel__delete(evsel);
	return TEST_OK;
}

/* --- an independent big-endian encoder --- */

struct be {
	u8 buf[1024];
	size_t len;
};

static void be64(struct be *b, u64 v)
{
	for (int i = 7; i >= 0; i--)
		b->buf[b->len++] = v >> (8 * i);
}

static void be32(struct be *b, u32 v)
{
	for (int i = 3; i >= 0; i--)
		b->buf[b->len++] = v >> (8 * i);
}

static void be16(struct be *b, u16 v)
{
	b->buf[b->len++] = v >> 8;
	b->buf[b->len++] = v;
}

static void bytes(struct be *b, const void *p, size_t n)
{
	memcpy(b->buf + b->len, p, n);
	b->len += n;
}

static void be_header(struct be *b, u32 type, u16 misc, u16 size)
{
	be32(b, type);
	be16(b, misc);
	be16(b, size);
}

/* A sample of the fixture in big endian: the fields sample_type selects, in ABI order. */
static void be_sample(struct be *b, u64 type, const struct sample_fixture *f, u16 size)
{
	b->len = 0;
	be_header(b, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, size);
	if (type & PERF_SAMPLE_IDENTIFIER)
		be64(b, f->s.id);
	if (type & PERF_SAMPLE_IP)
		be64(b, f->s.ip);
	if (type & PERF_SAMPLE_TID) {
		be32(b, f->s.pid);
		be32(b, f->s.tid);
	}
	if (type & PERF_SAMPLE_TIME)
		be64(b, f->s.time);
	if (type & PERF_SAMPLE_ADDR)
		be64(b, f->s.addr);
	if (type & PERF_SAMPLE_ID)
		be64(b, f->s.id);
	if (type & PERF_SAMPLE_STREAM_ID)
		be64(b, f->s.stream_id);
	if (type & PERF_SAMPLE_CPU) {
		be32(b, f->s.cpu);
		be32(b, 0);
	}
	if (type & PERF_SAMPLE_PERIOD)
		be64(b, f->s.period);
	if (type & PERF_SAMPLE_READ) {
		be64(b, 2);
		be64(b, f->s.read.time_enabled);
		be64(b, f->s.read.time_running);
		for (int i = 0; i < 6; i++)
			be64(b, f->group_read[i]);
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		for (int i = 0; i < 5; i++)
			be64(b, f->callchain[i]);
	}
	if (type & PERF_SAMPLE_RAW) {
		/* the payload keeps the writer's bytes: libtraceevent swaps fields itself */
		be32(b, f->s.raw_size);
		bytes(b, f->raw, f->s.raw_size);
		while (b->len % 8)
			b->buf[b->len++] = 0;
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		for (int i = 0; i < 11; i++)
			be64(b, f->branches[i]);
	}
	if (type & PERF_SAMPLE_REGS_USER) {
		be64(b, f->s.user_regs.abi);
		for (int i = 0; i < 3; i++)
			be64(b, f->user_regs[i]);
	}
	if (type & PERF_SAMPLE_STACK_USER) {
		be64(b, sizeof(f->stack));
		bytes(b, f->stack, sizeof(f->stack));
		be64(b, sizeof(f->stack));
	}
	if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
		be32(b, f->s.weight);
		be16(b, f->s.ins_lat);
		be16(b, f->s.p_stage_cyc);
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		be64(b, f->s.data_src);
	if (type & PERF_SAMPLE_TRANSACTION)
		be64(b, f->s.transaction);
	if (type & PERF_SAMPLE_REGS_INTR) {
		be64(b, f->s.intr_regs.abi);
		be64(b, f->intr_regs[0]);
		be64(b, f->intr_regs[1]);
	}
	if (type & PERF_SAMPLE_PHYS_ADDR)
		be64(b, f->s.phys_addr);
	if (type & PERF_SAMPLE_CGROUP)
		be64(b, f->s.cgroup);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		be64(b, f->s.data_page_size);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		be64(b, f->s.code_page_size);
	if (type & PERF_SAMPLE_AUX) {
		be64(b, 16);
		bytes(b, f->aux, 16);
	}
}

static int test_swap_sample(void)
{
	struct sample_fixture f;

	fixture_init(&f);
	for (int bit = -1; bit < 64; bit++) {
		u64 type = bit < 0 ? ALL_SAMPLE_BITS : (1ULL << bit) & ALL_SAMPLE_BITS;
		struct evsel *evsel;
		union perf_event *native, *swapped;
		struct perf_sample got;
		struct be b;

		if (bit >= 0 && !type)
			continue;
		evsel = make_evsel(type);
		native = encode(evsel, &f.s);
		be_sample(&b, type, &f, native->header.size);
		TEST_ASSERT_EQUAL("big-endian size", b.len, native->header.size);
		swapped = xmemdup(b.buf, b.len);
		perf_event_header__swap(&swapped->header);
		perf_event__swap_sample(swapped, &evsel->attr);
		TEST_ASSERT_EQUAL("parse swapped", evsel__parse_sample(evsel, swapped, &got), 0);
		if (check_sample(type, &f.s, &got) != TEST_OK) {
			pr_err("swapped sample_type %#llx\n", (unsigned long long)type);
			return TEST_FAIL;
		}
		free(native);
		free(swapped);
		evsel__delete(evsel);
	}
	return TEST_OK;
}

static int test_swap_records(void)
{
	u64 id_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER;
	struct be b = { .len = 0 };
	union perf_event *ev;
	const char name[16] = "/usr/lib/libx.so";

	/* MMAP2 with a trailer */
	be_header(&b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, 72 + 16 + 32);
	be32(&b, 100);
	be32(&b, 101);
	be64(&b, 0x400000);
	be64(&b, 0x1000);
	be64(&b, 0x2000);
	be32(&b, 8);
	be32(&b, 1);
	be64(&b, 4242);
	be64(&b, 7);
	be32(&b, 5);
	be32(&b, 2);
	bytes(&b, name, 16);
	be32(&b, 100);
	be32(&b, 101);
	be64(&b, 555);
	be32(&b, 1);
	be32(&b, 0);
	be64(&b, 9);
	ev = xmemdup(b.buf, b.len);
	perf_event_header__swap(&ev->header);
	perf_event__swap(ev, id_type);
	TEST_ASSERT_EQUAL("mmap2 type", ev->header.type, PERF_RECORD_MMAP2);
	TEST_ASSERT_EQUAL("mmap2 size", ev->header.size, 120);
	TEST_ASSERT_EQUAL("mmap2 pid", ev->mmap2.pid, 100);
	TEST_ASSERT_EQUAL("mmap2 start", ev->mmap2.start, 0x400000);
	TEST_ASSERT_EQUAL("mmap2 pgoff", ev->mmap2.pgoff, 0x2000);
	TEST_ASSERT_EQUAL("mmap2 maj", ev->mmap2.maj, 8);
	TEST_ASSERT_EQUAL("mmap2 ino", ev->mmap2.ino, 4242);
	TEST_ASSERT_EQUAL("mmap2 prot", ev->mmap2.prot, 5);
	TEST_ASSERT_VAL("mmap2 name", !memcmp(ev->mmap2.filename, name, 16));
	{
		struct evsel *evsel = make_evsel(id_type);
		struct perf_sample s;

		TEST_ASSERT_EQUAL("trailer", evsel__parse_sample(evsel, ev, &s), 0);
		TEST_ASSERT_EQUAL("trailer tid", s.tid, 101);
		TEST_ASSERT_EQUAL("trailer time", s.time, 555);
		TEST_ASSERT_EQUAL("trailer cpu", s.cpu, 1);
		TEST_ASSERT_EQUAL("trailer id", s.id, 9);
		evsel__delete(evsel);
	}
	free(ev);

	/* FORK */
	b.len = 0;
	be_header(&b, PERF_RECORD_FORK, 0, 32);
	be32(&b, 10);
	be32(&b, 1);
	be32(&b, 11);
	be32(&b, 1);
	be64(&b, 123456);
	ev = xmemdup(b.buf, b.len);
	perf_event_header__swap(&ev->header);
	perf_event__swap(ev, 0);
	TEST_ASSERT_VAL("fork", ev->fork.pid == 10 && ev->fork.ppid == 1 && ev->fork.tid == 11 &&
			ev->fork.ptid == 1 && ev->fork.time == 123456);
	free(ev);

	/* CPU_MAP: packed u16 fields */
	b.len = 0;
	be_header(&b, PERF_RECORD_CPU_MAP, 0, 24);
	be16(&b, PERF_CPU_MAP__CPUS);
	be16(&b, 3);
	be16(&b, 0);
	be16(&b, 2);
	be16(&b, 5);
	while (b.len < 24)
		b.buf[b.len++] = 0;
	ev = xmemdup(b.buf, b.len);
	perf_event_header__swap(&ev->header);
	perf_event__swap(ev, 0);
	{
		struct perf_cpu_map *map = cpu_map__new_data(&ev->cpu_map.data, 16);

		TEST_ASSERT_VAL("cpu map", map && map->nr == 3 && map->map[0] == 0 && map->map[1] == 2 &&
				map->map[2] == 5);
		perf_cpu_map__put(map);
	}
	free(ev);
	return TEST_OK;
}

/* Big-endian bitfields start at the most significant bit: every byte's bits reverse. */
static int test_swap_attr(void)
{
	struct perf_event_attr le = {
		.type = PERF_TYPE_SOFTWARE, .size = sizeof(le), .config = 9,
		.sample_period = 4000, .sample_type = 0x107, .read_format = 0x14,
		.disabled = 1, .inherit = 1, .freq = 1, .precise_ip = 2, .sample_id_all = 1,
		.mmap2 = 1, .wakeup_events = 3, .bp_type = 4, .config1 = 0x11, .config2 = 0x22,
		.branch_sample_type = 0x33, .sample_regs_user = 0xff0fff, .sample_stack_user = 8192,
		.clockid = 1, .sample_regs_intr = 0x44, .aux_watermark = 5, .sample_max_stack = 6,
		.aux_sample_size = 7, .sig_data = 8,
	};
	struct perf_event_attr be;
	u64 flags;

	memcpy(&be, &le, sizeof(be));
	be.type = bswap_32(le.type);
	be.size = bswap_32(le.size);
	be.config = bswap_64(le.config);
	be.sample_period = bswap_64(le.sample_period);
	be.sample_type = bswap_64(le.sample_type);
	be.read_format = bswap_64(le.read_format);
	memcpy(&flags, &le.read_format + 1, 8);
	{
		/* reverse all 64 bits, then lay the word out big endian */
		u64 rev = 0;

		for (int i = 0; i < 64; i++)
			if (flags & (1ULL << i))
				rev |= 1ULL << (63 - i);
		rev = bswap_64(rev);
		memcpy(&be.read_format + 1, &rev, 8);
	}
	be.wakeup_events = bswap_32(le.wakeup_events);
	be.bp_type = bswap_32(le.bp_type);
	be.config1 = bswap_64(le.config1);
	be.config2 = bswap_64(le.config2);
	be.branch_sample_type = bswap_64(le.branch_sample_type);
	be.sample_regs_user = bswap_64(le.sample_regs_user);
	be.sample_stack_user = bswap_32(le.sample_stack_user);
	be.clockid = (s32)bswap_32((u32)le.clockid);
	be.sample_regs_intr = bswap_64(le.sample_regs_intr);
	be.aux_watermark = bswap_32(le.aux_watermark);
	be.sample_max_stack = bswap_16(le.sample_max_stack);
	be.aux_sample_size = bswap_32(le.aux_sample_size);
	be.sig_data = bswap_64(le.sig_data);
	perf_event__attr_swap(&be, sizeof(be));
	TEST_ASSERT_VAL("attr swapped back", !memcmp(&be, &le, sizeof(le)));
	TEST_ASSERT_EQUAL("precise_ip", be.precise_ip, 2);
	TEST_ASSERT_EQUAL("mmap2 bit", be.mmap2, 1);
	return TEST_OK;
}

static const struct test_case event_cases[] = {
	TEST_CASE("record names and id positions", test_names),
	TEST_CASE("sample encode/decode for every sample_type bit, short samples refused", test_sample_roundtrip),
	TEST_CASE("sample_id_all trailer", test_id_sample),
	TEST_CASE("byte swap of samples (big-endian files)", test_swap_sample),
	TEST_CASE("byte swap of side-band and user records", test_swap_records),
	TEST_CASE("byte swap of perf_event_attr bitfields", test_swap_attr),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(event, "perf.data records: samples, trailers, byte swapping", event_cases);
