// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data round trips: a file written with the header writer and the
 * synthesizers is read back by the session with the same events, ids,
 * names, groups, features and records, in file mode and in pipe mode; an
 * unknown feature and an unknown record type are skipped.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "tests/tests.h"
#include "util/data.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/io.h"
#include "util/session.h"
#include "util/strbuf.h"
#include "util/synthetic-events.h"

static struct evlist *make_evlist(void)
{
	struct evlist *evlist = evlist__new();
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(attr),
		.sample_period = 4000,
		.freq = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |
			       PERF_SAMPLE_PERIOD,
		.read_format = PERF_FORMAT_ID,
		.sample_id_all = 1,
		.disabled = 1,
	};
	struct evsel *a, *b;

	a = evsel__new(&attr, "cpu-clock:u");
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	b = evsel__new(&attr, "task-clock");
	evlist__add(evlist, a);
	evlist__add(evlist, b);
	evlist__set_group(evlist, a, b);
	evsel__add_id(a, 100);
	evsel__add_id(a, 101);
	evsel__add_id(b, 200);
	return evlist;
}

struct counter {
	struct perf_tool tool;
	int samples, comms, unknown_feat;
	u64 first_time;
	u32 last_pid;
};

static int count_sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			struct evsel *evsel)
{
	struct counter *c = container_of(tool, struct counter, tool);

	(void)event;
	if (!c->samples)
		c->first_time = sample->time;
	c->samples++;
	c->last_pid = sample->pid;
	return strcmp(evsel->name, sample->id == 200 ? "task-clock" : "cpu-clock:u") ? -1 : 0;
}

static int count_comm(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct counter *c = container_of(tool, struct counter, tool);

	(void)sample;
	c->comms += !strcmp(event->comm.comm, "worker");
	return 0;
}

static int write_cb(void *ctx, const void *buf, size_t size)
{
	return strbuf_add(ctx, buf, size), 0;
}

/* Samples and a COMM, then an unknown record type that must be skipped. */
static void add_records(struct strbuf *sb, struct evlist *evlist)
{
	struct evsel *first = evlist__first(evlist);
	u64 type = first->attr.sample_type;
	union perf_event *ev = xzalloc(sizeof(*ev));
	struct perf_event_header unknown = { .type = 63, .size = 16 };
	static const u64 junk = 0x1234;

	for (int i = 0; i < 10; i++) {
		struct perf_sample s = {
			.ip = 0x1000 + i, .pid = 42, .tid = 42, .time = 1000 + i,
			.id = i % 2 ? 200 : 100, .period = 1,
		};

		memset(ev, 0, sizeof(*ev));
		ev->header.type = PERF_RECORD_SAMPLE;
		ev->header.size = perf_event__sample_event_size(&s, type, 0, 0);
		perf_event__synthesize_sample(ev, type, 0, 0, &s);
		strbuf_add(sb, ev, ev->header.size);
	}
	memset(ev, 0, sizeof(*ev));
	ev->comm.header.type = PERF_RECORD_COMM;
	ev->comm.header.size = offsetof(struct perf_record_comm, comm) + 8;
	ev->comm.pid = ev->comm.tid = 42;
	strcpy(ev->comm.comm, "worker");
	{
		struct perf_sample s = { .pid = 42, .tid = 42, .time = 999, .id = 100 };

		perf_event__synthesize_id_sample(ev, type, &s);
	}
	strbuf_add(sb, ev, ev->header.size);
	strbuf_add(sb, &unknown, sizeof(unknown));
	strbuf_add(sb, &junk, sizeof(junk));
	free(ev);
}

static int check_session(struct perf_session *session, struct counter *c)
{
	struct evsel *a = evlist__first(session->evlist), *b;
	struct utsname uts;

	TEST_ASSERT_EQUAL("two events", session->evlist->nr_entries, 2);
	b = evlist__last(session->evlist);
	TEST_ASSERT_STR("name a", a->name, "cpu-clock:u");
	TEST_ASSERT_STR("name b", b->name, "task-clock");
	TEST_ASSERT_EQUAL("ids of a", a->nr_ids, 2);
	TEST_ASSERT_EQUAL("id b", b->ids[0], 200);
	TEST_ASSERT_EQUAL("attr config", b->attr.config, PERF_COUNT_SW_TASK_CLOCK);
	TEST_ASSERT_EQUAL("attr sample_type", b->attr.sample_type, a->attr.sample_type);
	TEST_ASSERT_VAL("group", b->leader == a && a->nr_members == 2);
	uname(&uts);
	TEST_ASSERT_STR("hostname", session->header.env.hostname, uts.nodename);
	TEST_ASSERT_STR("arch", session->header.env.arch, uts.machine);
	TEST_ASSERT_VAL("nrcpus", session->header.env.nr_cpus_online == sysconf(_SC_NPROCESSORS_ONLN));
	TEST_ASSERT_EQUAL("cmdline", session->header.env.nr_cmdline, 3);
	TEST_ASSERT_STR("cmdline arg", session->header.env.cmdline_argv[2], "-x");
	TEST_ASSERT_EQUAL("samples", c->samples, 10);
	TEST_ASSERT_EQUAL("comm", c->comms, 1);
	TEST_ASSERT_EQUAL("sample time order", c->first_time, 1000);
	TEST_ASSERT_EQUAL("unknown record skipped", session->stats.nr_unknown_events, 1);
	return TEST_OK;
}

static const char *argv_fixture[] = { "record", "-x" };

static int test_file_roundtrip(void)
{
	char path[] = "/tmp/pdata-test-XXXXXX";
	struct evlist *evlist = make_evlist();
	struct perf_header header;
	struct perf_header_write_info info = {
		.argv = argv_fixture, .argc = 2, .first_sample_time = 1000, .last_sample_time = 1009,
	};
	struct strbuf data = STRBUF_INIT;
	struct counter c = { .tool = { .sample = count_sample, .comm = count_comm, .ordered_events = true } };
	struct perf_data pd = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session;
	struct build_id bid;
	int fd = mkstemp(path), err;

	TEST_ASSERT_VAL("temp file", fd >= 0);
	perf_header__init(&header);
	perf_header__set_record_features(&header, evlist, true, false, false);
	build_id__parse(&bid, "0102030405060708090a0b0c0d0e0f1011121314");
	perf_env__add_build_id(&header.env, -1, PERF_RECORD_MISC_USER, &bid, "/usr/lib/libtest.so");
	TEST_ASSERT_EQUAL("header at start", perf_header__write(&header, evlist, fd, false, NULL), 0);
	add_records(&data, evlist);
	TEST_ASSERT_VAL("data", pwriten(fd, data.buf, data.len, header.data_offset) == (ssize_t)data.len);
	header.data_size = data.len;
	TEST_ASSERT_EQUAL("header at end", perf_header__write(&header, evlist, fd, true, &info), 0);
	close(fd);

	pd.path = path;
	session = perf_session__new(&pd, &c.tool);
	TEST_ASSERT_VAL("session", session);
	TEST_ASSERT_VAL("build-id table", perf_header__has_feat(&session->header, HEADER_BUILD_ID));
	TEST_ASSERT_EQUAL("sample time", session->header.env.first_sample_time, 1000);
	TEST_ASSERT_STR("build id file", session->header.env.build_ids[0].filename, "/usr/lib/libtest.so");
	TEST_ASSERT_VAL("build id", !memcmp(session->header.env.build_ids[0].bid.data, bid.data, 20));
	err = perf_session__process_events(session);
	TEST_ASSERT_EQUAL("process", err, 0);
	err = check_session(session, &c);
	perf_session__delete(session);
	unlink(path);
	perf_header__exit(&header);
	evlist__delete(evlist);
	strbuf_release(&data);
	return err;
}

static int test_pipe_roundtrip(void)
{
	char path[] = "/tmp/pdata-test-XXXXXX";
	struct evlist *evlist = make_evlist();
	struct perf_header header;
	struct perf_header_write_info info = { .argv = argv_fixture, .argc = 2 };
	struct strbuf sb = STRBUF_INIT;
	struct synth_ctx sc = { .process = write_cb, .ctx = &sb, .id_hdr_size = 24 };
	struct counter c = { .tool = { .sample = count_sample, .comm = count_comm, .ordered_events = true } };
	struct perf_data pd = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session;
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	struct perf_record_header_feature unknown = {
		.header = { .type = PERF_RECORD_HEADER_FEATURE, .size = sizeof(unknown) + 8 },
		.feat_id = 200,
	};
	static const u64 junk = 7;
	int fd = mkstemp(path), err;

	TEST_ASSERT_VAL("temp file", fd >= 0);
	perf_header__init(&header);
	perf_header__set_record_features(&header, evlist, false, false, false);
	strbuf_add(&sb, &ph, sizeof(ph));
	TEST_ASSERT_EQUAL("attrs", perf_event__synthesize_attrs(&sc, evlist), 0);
	/* a feature this perf does not know comes first: skipped by size */
	strbuf_add(&sb, &unknown, sizeof(unknown));
	strbuf_add(&sb, &junk, sizeof(junk));
	TEST_ASSERT_EQUAL("features", perf_event__synthesize_features(&sc, &header, evlist, &info), 0);
	TEST_ASSERT_EQUAL("extra attrs", perf_event__synthesize_extra_attr(&sc, evlist, true), 0);
	add_records(&sb, evlist);
	TEST_ASSERT_VAL("write", writen(fd, sb.buf, sb.len) == (ssize_t)sb.len);
	close(fd);

	pd.path = path;
	session = perf_session__new(&pd, &c.tool);
	TEST_ASSERT_VAL("session", session);
	TEST_ASSERT_VAL("pipe mode", session->header.is_pipe);
	err = perf_session__process_events(session);
	TEST_ASSERT_EQUAL("process", err, 0);
	err = check_session(session, &c);
	perf_session__delete(session);
	unlink(path);
	perf_header__exit(&header);
	evlist__delete(evlist);
	strbuf_release(&sb);
	return err;
}

static const struct test_case perf_data_cases[] = {
	TEST_CASE("file mode: header, attrs, ids, features, records round trip", test_file_roundtrip),
	TEST_CASE("pipe mode: ATTR, FEATURE and EVENT_UPDATE records round trip", test_pipe_roundtrip),
	TEST_CASE_END
};

DEFINE_SUITE_CASES(perf_data, "perf.data writer and reader round trips", perf_data_cases);
