// SPDX-License-Identifier: GPL-2.0
#include "session.h"
#include "debug.h"
#include "dump.h"
#include "evlist.h"
#include "evsel.h"
#include "io.h"
#include "tracing-data.h"
#include <errno.h>
#include <inttypes.h>
#include <sys/mman.h>
#include <unistd.h>

/* Give back the pages of the file already processed every this many bytes. */
#define DROP_PAGES_EVERY	(16ULL << 20)
#define POPULATE_WINDOW		(16ULL << 20)
#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ	22
#endif
#define MAX_RECORD_SIZE		65536

static int oe_deliver(struct ordered_events *oe, struct ordered_event *ev);

int perf_tool__process_nop(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	(void)tool;
	(void)event;
	(void)sample;
	return 0;
}

int perf_tool__process_nop_sample(struct perf_tool *tool, union perf_event *event,
				  struct perf_sample *sample, struct evsel *evsel)
{
	(void)evsel;
	return perf_tool__process_nop(tool, event, sample);
}

int perf_tool__process_nop_op2(struct perf_tool *tool, struct perf_session *session,
			       union perf_event *event)
{
	(void)session;
	return perf_tool__process_nop(tool, event, NULL);
}

struct perf_session *perf_session__new(struct perf_data *data, struct perf_tool *tool)
{
	static struct perf_tool empty_tool;
	struct perf_session *s = xzalloc(sizeof(*s));

	s->tool = tool ? tool : &empty_tool;
	s->data = data;
	s->evlist = evlist__new();
	perf_header__init(&s->header);
	ordered_events__init(&s->ordered_events, oe_deliver, s);
	zstd_init(&s->zstd, 0);
	s->align_buf = xmalloc(MAX_RECORD_SIZE + sizeof(u64));
	s->first_sample_time = -1ULL;
	if (!data)
		return s;
	data->mode = PERF_DATA_MODE_READ;
	if (perf_data__open(data))
		goto err;
	if (perf_header__read(&s->header, data, s->evlist))
		goto err;
	s->label = data->is_pipe || s->header.is_pipe ? "pipe" : data->path;
	if (!data->is_pipe) {
		int prot = PROT_READ | (s->header.needs_swap ? PROT_WRITE : 0);

		s->mmap_size = data->size;
		s->mmap_base = mmap(NULL, s->mmap_size, prot, MAP_PRIVATE, data->fd, 0);
		if (s->mmap_base == MAP_FAILED) {
			char sbuf[128];

			pr_err("failed to mmap %s: %s\n", data->path, str_error_r(errno, sbuf, sizeof(sbuf)));
			s->mmap_base = NULL;
			goto err;
		}
		madvise(s->mmap_base, s->mmap_size, MADV_SEQUENTIAL);
	}
	return s;
err:
	perf_session__delete(s);
	return NULL;
}

void perf_session__delete(struct perf_session *s)
{
	if (!s)
		return;
	if (s->mmap_base)
		munmap(s->mmap_base, s->mmap_size);
	ordered_events__free(&s->ordered_events);
	zstd_fini(&s->zstd);
	tracing_data__put_tep(s->tep);
	perf_header__exit(&s->header);
	evlist__delete(s->evlist);
	if (s->data)
		perf_data__close(s->data);
	free(s->evsel_stats);
	free(s->decomp);
	free(s->align_buf);
	free(s);
}

struct tep_handle *perf_session__tep(struct perf_session *s)
{
	if (!s->tep && !s->tep_tried && s->header.tracing_data) {
		s->tep_tried = true;
		s->tep = tracing_data__parse(s->header.tracing_data, s->header.tracing_data_size);
		if (s->tep)
			tracing_data__set_evsel_formats(s->tep, s->evlist);
	}
	return s->tep;
}

struct events_stats *perf_session__evsel_stats(struct perf_session *s, struct evsel *evsel)
{
	if (evsel->idx >= s->nr_evsel_stats) {
		int n = evsel->idx + 8;

		s->evsel_stats = xrealloc(s->evsel_stats, n * sizeof(*s->evsel_stats));
		memset(s->evsel_stats + s->nr_evsel_stats, 0, (n - s->nr_evsel_stats) * sizeof(*s->evsel_stats));
		s->nr_evsel_stats = n;
	}
	return &s->evsel_stats[evsel->idx];
}

/* --- which event a record belongs to --- */

struct evsel *perf_session__event2evsel(struct perf_session *s, union perf_event *event)
{
	struct evlist *evlist = s->evlist;
	struct evsel *first = evlist__first(evlist);
	const u64 *array = event->sample.array;
	ssize_t n = (event->header.size - sizeof(event->header)) / sizeof(u64);
	u64 type, id;
	int pos;

	if (!first)
		return NULL;
	if (evlist->nr_entries == 1)
		return first;
	if (!first->attr.sample_id_all && event->header.type != PERF_RECORD_SAMPLE)
		return first;
	type = first->attr.sample_type;
	if (event->header.type == PERF_RECORD_SAMPLE) {
		pos = perf_sample__id_pos(type);
		if (pos < 0 || pos >= n)
			return first;
		id = array[pos];
	} else {
		pos = perf_sample__is_pos(type);
		if (pos < 0 || pos > n)
			return first;
		id = array[n - pos];
	}
	if (!id)	/* synthesized records */
		return first;
	return evlist__id2evsel(evlist, id);
}

/* --- the raw dump --- */

static void dump_tstamp(struct perf_session *s, union perf_event *event, struct perf_sample *sample)
{
	u64 type = evlist__combined_sample_type(s->evlist);

	if (event->header.type != PERF_RECORD_SAMPLE && !evlist__sample_id_all(s->evlist)) {
		fputs("-1 -1 ", stdout);
		return;
	}
	if (type & PERF_SAMPLE_CPU)
		printf("%u ", sample->cpu);
	if (type & PERF_SAMPLE_TIME)
		printf("%" PRIu64 " ", sample->time);
}

static void dump_event(struct perf_session *s, union perf_event *event, u64 file_offset,
		       struct perf_sample *sample)
{
	if (!dump_trace)
		return;
	printf("\n%#" PRIx64 "@%s [%#x]: event: %u\n", file_offset, s->label, event->header.size,
	       event->header.type);
	dump_raw_event(event, stdout);
	if (sample)
		dump_tstamp(s, event, sample);
	printf("%#" PRIx64 " [%#x]: PERF_RECORD_%s", file_offset, event->header.size,
	       perf_event__name(event->header.type));
}

static void dump_unhandled(void)
{
	if (dump_trace)
		fputs(": unhandled!\n", stdout);
}

/* --- kernel records --- */

/*
 * A side-band record: its line in the dump, then the tool. Upstream's
 * defaults process some kinds for real (lost, switch, ksymbol...: their
 * detail is always printed) and stub others ("unhandled!" when the tool has
 * no callback).
 */
static int deliver_op(struct perf_session *s, event_op op, union perf_event *event,
		      struct perf_sample *sample, size_t (*fprint)(union perf_event *, FILE *),
		      bool default_processed)
{
	if (!op && !default_processed) {
		dump_unhandled();
		return 0;
	}
	if (dump_trace) {
		if (fprint)
			fprint(event, stdout);
		else
			fputc('\n', stdout);
	}
	return op ? op(s->tool, event, sample) : 0;
}

static const char *session_arch(struct perf_session *s)
{
	return perf_env__arch_normalize(s->header.env.arch);
}

static int deliver_sample(struct perf_session *s, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct events_stats *es;

	if (!evsel) {
		s->stats.nr_unknown_id++;
		if (dump_trace)
			fputc('\n', stdout);
		return 0;
	}
	if (dump_trace)
		dump_sample(evsel, event, sample, session_arch(s), stdout);
	es = perf_session__evsel_stats(s, evsel);
	es->nr_events[0]++;
	es->nr_events[PERF_RECORD_SAMPLE]++;
	es->total_period += sample->period;
	s->stats.total_period += sample->period;
	if (sample->time != -1ULL) {
		if (sample->time < s->first_sample_time)
			s->first_sample_time = sample->time;
		if (s->last_sample_time == -1ULL || sample->time > s->last_sample_time)
			s->last_sample_time = sample->time;
	}
	if (!s->tool->sample) {
		dump_unhandled();
		return 0;
	}
	return s->tool->sample(s->tool, event, sample, evsel);
}

static int deliver_event(struct perf_session *s, union perf_event *event, u64 file_offset)
{
	struct perf_tool *tool = s->tool;
	struct evsel *evsel = perf_session__event2evsel(s, event);
	struct perf_sample sample;

	if (evsel) {
		if (evsel__parse_sample(evsel, event, &sample)) {
			s->stats.nr_unparsable_samples++;
			pr_warning_once("WARNING: %s: the %s record at offset %#" PRIx64
					" is shorter than its sample_type says: skipped\n",
					s->label, perf_event__name(event->header.type), file_offset);
			return 0;
		}
	} else {
		memset(&sample, 0, sizeof(sample));
		sample.cpu = sample.pid = sample.tid = -1;
		sample.id = sample.stream_id = sample.time = -1ULL;
	}
	dump_event(s, event, file_offset, &sample);

	switch (event->header.type) {
	case PERF_RECORD_SAMPLE:
		return deliver_sample(s, event, &sample, evsel);
	case PERF_RECORD_MMAP:
		return deliver_op(s, tool->mmap, event, &sample, perf_event__fprintf_mmap, false);
	case PERF_RECORD_MMAP2:
		if (event->header.misc & PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT)
			s->stats.nr_proc_map_timeout++;
		return deliver_op(s, tool->mmap2, event, &sample, perf_event__fprintf_mmap2, false);
	case PERF_RECORD_COMM:
		return deliver_op(s, tool->comm, event, &sample, perf_event__fprintf_comm, false);
	case PERF_RECORD_NAMESPACES:
		return deliver_op(s, tool->namespaces, event, &sample, perf_event__fprintf_namespaces, false);
	case PERF_RECORD_CGROUP:
		return deliver_op(s, tool->cgroup, event, &sample, perf_event__fprintf_cgroup, false);
	case PERF_RECORD_FORK:
		return deliver_op(s, tool->fork, event, &sample, perf_event__fprintf_task, false);
	case PERF_RECORD_EXIT:
		return deliver_op(s, tool->exit, event, &sample, perf_event__fprintf_task, false);
	case PERF_RECORD_LOST:
		s->stats.total_lost += event->lost.lost;
		return deliver_op(s, tool->lost, event, &sample, perf_event__fprintf_lost, true);
	case PERF_RECORD_LOST_SAMPLES:
		if (!(event->header.misc & (1 << 15)))	/* not the BPF filter's */
			s->stats.total_lost_samples += event->lost_samples.lost;
		if (evsel)
			perf_session__evsel_stats(s, evsel)->nr_events[PERF_RECORD_LOST_SAMPLES]++;
		return deliver_op(s, tool->lost_samples, event, &sample, perf_event__fprintf_lost_samples, true);
	case PERF_RECORD_READ:
		if (dump_trace)
			dump_read(evsel, event, stdout);
		if (!tool->read) {
			dump_unhandled();
			return 0;
		}
		return tool->read(tool, event, &sample, evsel);
	case PERF_RECORD_THROTTLE:
		return deliver_op(s, tool->throttle, event, &sample, NULL, false);
	case PERF_RECORD_UNTHROTTLE:
		return deliver_op(s, tool->unthrottle, event, &sample, NULL, false);
	case PERF_RECORD_AUX:
		if (event->aux.flags & PERF_AUX_FLAG_TRUNCATED)
			s->stats.total_aux_lost++;
		if (event->aux.flags & PERF_AUX_FLAG_PARTIAL)
			s->stats.total_aux_partial++;
		return deliver_op(s, tool->aux, event, &sample, perf_event__fprintf_aux, true);
	case PERF_RECORD_ITRACE_START:
		return deliver_op(s, tool->itrace_start, event, &sample, perf_event__fprintf_itrace_start, true);
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		return deliver_op(s, tool->context_switch, event, &sample, perf_event__fprintf_switch, true);
	case PERF_RECORD_KSYMBOL:
		return deliver_op(s, tool->ksymbol, event, &sample, perf_event__fprintf_ksymbol, true);
	case PERF_RECORD_BPF_EVENT:
		return deliver_op(s, tool->bpf, event, &sample, perf_event__fprintf_bpf, true);
	case PERF_RECORD_TEXT_POKE:
		return deliver_op(s, tool->text_poke, event, &sample, perf_event__fprintf_text_poke, true);
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		return deliver_op(s, tool->aux_output_hw_id, event, &sample,
				  perf_event__fprintf_aux_output_hw_id, true);
	default:
		s->stats.nr_unknown_events++;
		if (dump_trace)
			fputs(": unknown record type, skipped\n", stdout);
		return 0;
	}
}

static int oe_deliver(struct ordered_events *oe, struct ordered_event *ev)
{
	return deliver_event(oe->data, ev->event, ev->file_offset);
}

/* --- user records --- */

static int call_op2(struct perf_session *s, event_op2 op, union perf_event *event)
{
	return op ? op(s->tool, s, event) : 0;
}

static int call_op2_unhandled(struct perf_session *s, event_op2 op, union perf_event *event,
			      size_t (*fprint)(union perf_event *, FILE *))
{
	if (dump_trace && fprint)
		fprint(event, stdout);
	if (!op) {
		dump_unhandled();
		return 0;
	}
	return op(s->tool, s, event);
}

static int process_finished_round(struct perf_session *s, union perf_event *event)
{
	int err;

	if (dump_trace)
		fputc('\n', stdout);
	err = ordered_events__flush(&s->ordered_events, OE_FLUSH__ROUND);
	if (err)
		return err;
	return call_op2(s, s->tool->finished_round, event);
}

static int process_id_index(struct perf_session *s, union perf_event *event)
{
	struct perf_record_id_index *ii = &event->id_index;
	u64 room = (event->header.size - sizeof(*ii)) / sizeof(ii->entries[0]);

	if (dump_trace)
		perf_event__fprintf_id_index(event, stdout);
	if (ii->nr > room) {
		pr_warning("WARNING: %s: ID_INDEX record claims %" PRIu64 " entries, has room for %" PRIu64 "\n",
			   s->label, ii->nr, room);
	}
	return call_op2(s, s->tool->id_index, event);
}

static int process_build_id(struct perf_session *s, union perf_event *event)
{
	struct perf_record_header_build_id *b = &event->build_id;
	size_t room = event->header.size - offsetof(struct perf_record_header_build_id, filename);
	struct build_id bid;
	char *name;

	build_id__init(&bid, b->data, (event->header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) &&
		       b->size <= BUILD_ID_SIZE ? b->size : BUILD_ID_SIZE);
	name = xstrndup(b->filename, strnlen(b->filename, room));
	perf_env__add_build_id(&s->header.env, b->pid,
			       event->header.misc & ~PERF_RECORD_MISC_BUILD_ID_SIZE, &bid, name);
	free(name);
	return call_op2(s, s->tool->build_id, event);
}

static int process_feature(struct perf_session *s, union perf_event *event)
{
	u64 feat = event->feat.feat_id;

	if (feat < HEADER_FEAT_BITS) {
		perf_header__set_feat(&s->header, feat);
		perf_header__process_feature(&s->header, s->evlist, feat, event->feat.data,
					     event->header.size - sizeof(event->feat), false);
	}
	return call_op2(s, s->tool->feature, event);
}

static int process_event(struct perf_session *s, union perf_event *event, u64 file_offset,
			 bool transient);
static void swap_event(struct perf_session *s, union perf_event *event);

/* Records packed in a COMPRESSED(2) record: decompressed, then processed one by one. */
static int process_compressed(struct perf_session *s, union perf_event *event, u64 file_offset)
{
	const char *src;
	size_t src_size, pos = 0;
	int err = 0;

	if (event->header.type == PERF_RECORD_COMPRESSED2) {
		src = event->pack2.data;
		src_size = event->header.size - sizeof(event->pack2);
		if (event->pack2.data_size < src_size)
			src_size = event->pack2.data_size;
	} else {
		src = event->pack.data;
		src_size = event->header.size - sizeof(event->pack);
	}
	if (zstd_decompress_stream(&s->zstd, src, src_size, &s->decomp, &s->decomp_len,
				   &s->decomp_size) < 0) {
		pr_err("%s: corrupt compressed record at offset %#" PRIx64 "\n", s->label, file_offset);
		return -EINVAL;
	}
	while (s->decomp_len - pos >= sizeof(struct perf_event_header)) {
		union perf_event *ev = (union perf_event *)(s->decomp + pos);
		struct perf_event_header hdr;

		memcpy(&hdr, ev, sizeof(hdr));
		if (s->header.needs_swap)
			perf_event_header__swap(&hdr);
		if (hdr.size < sizeof(hdr)) {
			pr_err("%s: corrupt record (size %u) in the compressed record at offset %#" PRIx64 "\n",
			       s->label, hdr.size, file_offset);
			return -EINVAL;
		}
		if (hdr.size > s->decomp_len - pos)
			break;	/* continues in the next compressed record */
		if (pos & 7) {
			memcpy(s->align_buf, ev, hdr.size);
			ev = s->align_buf;
		}
		if (s->header.needs_swap) {
			ev->header = hdr;
			swap_event(s, ev);
		}
		err = process_event(s, ev, file_offset, true);
		if (err)
			break;
		pos += hdr.size;
	}
	memmove(s->decomp, s->decomp + pos, s->decomp_len - pos);
	s->decomp_len -= pos;
	return err;
}

static int process_user_event(struct perf_session *s, union perf_event *event, u64 file_offset)
{
	struct perf_tool *tool = s->tool;
	struct perf_sample sample;
	int err;

	memset(&sample, 0, sizeof(sample));
	if (event->header.type != PERF_RECORD_COMPRESSED &&
	    event->header.type != PERF_RECORD_COMPRESSED2)
		dump_event(s, event, file_offset, &sample);

	switch (event->header.type) {
	case PERF_RECORD_HEADER_ATTR:
		err = perf_event__process_attr(event, s->evlist);
		if (err) {
			pr_err("%s: bad ATTR record at offset %#" PRIx64 "\n", s->label, file_offset);
			return err;
		}
		return call_op2(s, tool->attr, event);
	case PERF_RECORD_EVENT_UPDATE:
		if (dump_trace)
			perf_event__fprintf_event_update(event, stdout);
		perf_event__process_event_update(event, s->evlist);
		return call_op2(s, tool->event_update, event);
	case PERF_RECORD_HEADER_EVENT_TYPE:
		return 0;	/* deprecated */
	case PERF_RECORD_HEADER_TRACING_DATA:
		return call_op2(s, tool->tracing_data, event);
	case PERF_RECORD_HEADER_BUILD_ID:
		return process_build_id(s, event);
	case PERF_RECORD_FINISHED_ROUND:
		return process_finished_round(s, event);
	case PERF_RECORD_ID_INDEX:
		return process_id_index(s, event);
	case PERF_RECORD_AUXTRACE_INFO:
		return call_op2_unhandled(s, tool->auxtrace_info, event, NULL);
	case PERF_RECORD_AUXTRACE:
		return call_op2_unhandled(s, tool->auxtrace, event, NULL);
	case PERF_RECORD_AUXTRACE_ERROR:
		return call_op2_unhandled(s, tool->auxtrace_error, event, NULL);
	case PERF_RECORD_THREAD_MAP:
		return call_op2_unhandled(s, tool->thread_map, event, perf_event__fprintf_thread_map);
	case PERF_RECORD_CPU_MAP:
		return call_op2_unhandled(s, tool->cpu_map, event, perf_event__fprintf_cpu_map);
	case PERF_RECORD_STAT_CONFIG:
		return call_op2_unhandled(s, tool->stat_config, event, perf_event__fprintf_stat_config);
	case PERF_RECORD_STAT:
		return call_op2_unhandled(s, tool->stat, event, perf_event__fprintf_stat);
	case PERF_RECORD_STAT_ROUND:
		return call_op2_unhandled(s, tool->stat_round, event, perf_event__fprintf_stat_round);
	case PERF_RECORD_TIME_CONV:
		memcpy(&s->time_conv, event, min((size_t)event->header.size, sizeof(s->time_conv)));
		return call_op2_unhandled(s, tool->time_conv, event, perf_event__fprintf_time_conv);
	case PERF_RECORD_HEADER_FEATURE:
		return process_feature(s, event);
	case PERF_RECORD_COMPRESSED:
	case PERF_RECORD_COMPRESSED2:
		err = process_compressed(s, event, file_offset);
		if (!err)
			err = call_op2(s, tool->compressed, event);
		return err;
	case PERF_RECORD_FINISHED_INIT:
		return call_op2_unhandled(s, tool->finished_init, event, NULL);
	default:
		s->stats.nr_unknown_events++;
		if (dump_trace)
			fputs(": unknown record type, skipped\n", stdout);
		return 0;
	}
}

/* Swap the body of a record of an other-endian file (its header is swapped already). */
static void swap_event(struct perf_session *s, union perf_event *event)
{
	struct evsel *first = evlist__first(s->evlist);
	u64 id_type = first && first->attr.sample_id_all ? first->attr.sample_type : 0;

	if (event->header.type == PERF_RECORD_SAMPLE) {
		struct evsel *evsel;

		/* the id decides the layout: swap it first, find the event, then the rest */
		if (first) {
			int pos = perf_sample__id_pos(first->attr.sample_type);
			size_t n = (event->header.size - sizeof(event->header)) / sizeof(u64);

			if (pos >= 0 && (size_t)pos < n)
				event->sample.array[pos] = __builtin_bswap64(event->sample.array[pos]);
			evsel = perf_session__event2evsel(s, event);
			if (pos >= 0 && (size_t)pos < n)
				event->sample.array[pos] = __builtin_bswap64(event->sample.array[pos]);
			if (evsel)
				perf_event__swap_sample(event, &evsel->attr);
		}
		return;
	}
	perf_event__swap(event, event->header.type < PERF_RECORD_USER_TYPE_START ? id_type : 0);
}

static int process_event(struct perf_session *s, union perf_event *event, u64 file_offset,
			 bool transient)
{
	u32 type = event->header.type;
	size_t min = perf_event__min_size(type);
	int err;

	if (type >= PERF_RECORD_HEADER_MAX ||
	    (type >= PERF_RECORD_MAX && type < PERF_RECORD_USER_TYPE_START)) {
		s->stats.nr_unknown_events++;
		pr_debug("%s: unknown record type %u at offset %#" PRIx64 ": skipped\n", s->label, type,
			 file_offset);
		return 0;
	}
	s->stats.nr_events[0]++;
	s->stats.nr_events[type]++;
	if (event->header.size < min) {
		s->stats.nr_unparsable_samples++;
		pr_warning("WARNING: %s: %s record at offset %#" PRIx64 " is too short (%u bytes): skipped\n",
			   s->label, perf_event__name(type), file_offset, event->header.size);
		return 0;
	}
	if (type >= PERF_RECORD_USER_TYPE_START)
		return process_user_event(s, event, file_offset);

	if (s->tool->ordered_events) {
		struct evsel *evsel = perf_session__event2evsel(s, event);
		u64 timestamp = -1ULL;

		if (evsel && !evsel__parse_sample_timestamp(evsel, event, &timestamp)) {
			err = ordered_events__queue(&s->ordered_events, event, timestamp, file_offset,
						    transient);
			if (err != -ETIME)
				return err;
		}
	}
	return deliver_event(s, event, file_offset);
}

/* Tracing data travels after its record, outside header.size. */
static int take_tracing_data(struct perf_session *s, const void *payload, size_t size)
{
	free(s->header.tracing_data);
	s->header.tracing_data = xmemdup(payload, size ? size : 1);
	s->header.tracing_data_size = size;
	perf_header__set_feat(&s->header, HEADER_TRACING_DATA);
	if (s->tep) {
		tracing_data__put_tep(s->tep);
		s->tep = NULL;
	}
	s->tep_tried = false;
	return 0;
}

/*
 * Map the next window of the file in one call: a page fault per page of a
 * big file costs more than decoding its records. Older kernels refuse the
 * advice, and faulting stays as it was.
 */
static void populate_window(struct perf_session *s, u64 from, u64 end)
{
	long page = sysconf(_SC_PAGESIZE);
	u64 start = from & ~((u64)page - 1);
	u64 stop = min(from + POPULATE_WINDOW, end);

	if (stop > start)
		madvise(s->mmap_base + start, stop - start, MADV_POPULATE_READ);
}

/* Give back the pages before anything still queued. */
static void drop_pages(struct perf_session *s, u64 head, u64 label_base)
{
	long page = sysconf(_SC_PAGESIZE);
	u64 keep = ordered_events__min_file_offset(&s->ordered_events);

	keep = keep == -1ULL ? head : min(keep + label_base, head);
	keep &= ~((u64)page - 1);
	if (keep > s->dropped_to) {
		madvise(s->mmap_base + s->dropped_to, keep - s->dropped_to, MADV_DONTNEED);
		s->dropped_to = keep;
	}
}

/* A tool's callback failed on a record: upstream names it before giving up. */
static void report_failed(u64 offset, const struct perf_event_header *hdr, int err)
{
	if (err < 0)
		pr_err("%#" PRIx64 " [%#x]: failed to process type: %d\n", offset, hdr->size, hdr->type);
}

static void warn_truncated(struct perf_session *s, u64 offset, const char *what)
{
	s->truncated = true;
	pr_warning("WARNING: %s: file truncated: %s at offset %#" PRIx64 "; processed the records before it.\n",
		   s->label, what, offset);
}

static int process_mmapped(struct perf_session *s)
{
	u64 label_base = s->header.is_pipe ? sizeof(struct perf_pipe_file_header) : 0;
	u64 head = s->header.data_offset, end = head + s->header.data_size, next_drop, next_populate;
	int err = 0;

	if (end > s->mmap_size)
		end = s->mmap_size;
	next_drop = head + DROP_PAGES_EVERY;
	populate_window(s, head, end);
	next_populate = head + POPULATE_WINDOW;
	while (head < end) {
		union perf_event *event = (union perf_event *)(s->mmap_base + head);
		struct perf_event_header hdr;
		bool copied = false;

		if (end - head < sizeof(hdr)) {
			warn_truncated(s, head - label_base, "the last record header is cut short");
			break;
		}
		/* records are read once, in order: start fetching the next lines early */
		__builtin_prefetch((const char *)event + 1024);
		memcpy(&hdr, event, sizeof(hdr));
		if (s->header.needs_swap)
			perf_event_header__swap(&hdr);
		if (hdr.size < sizeof(hdr)) {
			pr_err("%s: corrupt record at offset %#" PRIx64 ": size %u is smaller than a record header\n",
			       s->label, head - label_base, hdr.size);
			err = -EINVAL;
			break;
		}
		if (hdr.size > end - head) {
			if (s->header.data_truncated || s->header.is_pipe) {
				warn_truncated(s, head - label_base, "the last record is cut short");
				break;
			}
			pr_err("%s: corrupt record at offset %#" PRIx64 ": size %u goes past the end of the data section (%#" PRIx64 ")\n",
			       s->label, head - label_base, hdr.size, end - label_base);
			err = -EINVAL;
			break;
		}
		if (head & 7) {
			memcpy(s->align_buf, event, hdr.size);
			event = s->align_buf;
			copied = true;
		}
		if (s->header.needs_swap) {
			event->header = hdr;
			swap_event(s, event);
		}
		err = process_event(s, event, head - label_base, copied);
		if (err) {
			report_failed(head - label_base, &hdr, err);
			break;
		}
		head += hdr.size;
		if (hdr.type == PERF_RECORD_AUXTRACE) {
			/* the AUX area data follows its record */
			if (event->auxtrace.size > end - head) {
				warn_truncated(s, head - label_base, "the AUX area data is cut short");
				break;
			}
			head += event->auxtrace.size;
		}
		if (hdr.type == PERF_RECORD_HEADER_TRACING_DATA) {
			u64 size = PERF_ALIGN((u64)event->tracing_data.size, sizeof(u64));

			if (size > end - head) {
				warn_truncated(s, head - label_base, "the tracing data is cut short");
				break;
			}
			take_tracing_data(s, s->mmap_base + head, event->tracing_data.size);
			head += size;
		}
		if (head >= next_populate) {
			populate_window(s, next_populate, end);
			next_populate += POPULATE_WINDOW;
		}
		if (head >= next_drop) {
			drop_pages(s, head, label_base);
			next_drop = head + DROP_PAGES_EVERY;
		}
	}
	return err;
}

static int process_pipe(struct perf_session *s)
{
	union perf_event *event = s->align_buf;
	int fd = s->data->fd;
	u64 offset = 0;
	int err = 0;

	for (;;) {
		struct perf_event_header hdr;
		ssize_t n = readn(fd, event, sizeof(hdr));

		if (n == 0)
			break;
		if (n < (ssize_t)sizeof(hdr)) {
			if (n < 0) {
				pr_err("%s: read error: %s\n", s->label, strerror(errno));
				return -errno;
			}
			warn_truncated(s, offset, "the last record header is cut short");
			break;
		}
		hdr = event->header;
		if (s->header.needs_swap)
			perf_event_header__swap(&hdr);
		if (hdr.size < sizeof(hdr)) {
			pr_err("%s: corrupt record at offset %#" PRIx64 ": size %u is smaller than a record header\n",
			       s->label, offset, hdr.size);
			return -EINVAL;
		}
		n = readn(fd, (char *)event + sizeof(hdr), hdr.size - sizeof(hdr));
		if (n != (ssize_t)(hdr.size - sizeof(hdr))) {
			warn_truncated(s, offset, "the last record is cut short");
			break;
		}
		if (s->header.needs_swap) {
			event->header = hdr;
			swap_event(s, event);
		}
		err = process_event(s, event, offset, true);
		if (err) {
			report_failed(offset, &hdr, err);
			break;
		}
		offset += hdr.size;
		if (hdr.type == PERF_RECORD_AUXTRACE) {
			u64 left = event->auxtrace.size;
			char skip[4096];

			while (left) {
				ssize_t r = readn(fd, skip, left < sizeof(skip) ? left : sizeof(skip));

				if (r <= 0)
					break;
				left -= r;
			}
			if (left) {
				warn_truncated(s, offset, "the AUX area data is cut short");
				break;
			}
			offset += event->auxtrace.size;
		}
		if (hdr.type == PERF_RECORD_HEADER_TRACING_DATA) {
			u64 size = PERF_ALIGN((u64)event->tracing_data.size, sizeof(u64));
			u32 real = event->tracing_data.size;
			char *buf = xmalloc(size ? size : 1);

			if (readn(fd, buf, size) != (ssize_t)size) {
				free(buf);
				warn_truncated(s, offset, "the tracing data is cut short");
				break;
			}
			take_tracing_data(s, buf, real);
			free(buf);
			offset += size;
		}
	}
	return err;
}

static void warn_about_errors(struct perf_session *s)
{
	const struct events_stats *st = &s->stats;

	if (s->tool->no_warn)
		return;
	/* chunks: the LOST records; not when the tool shows them (script --show-lost-events) */
	if (st->nr_events[PERF_RECORD_LOST] && !s->tool->shows_lost)
		ui__warning("Processed %" PRIu64 " events and lost %" PRIu64 " chunks!\n\n"
			    "Check IO/CPU overload!\n\n", st->nr_events[0], st->nr_events[PERF_RECORD_LOST]);
	if (st->total_lost_samples) {
		double pct = (double)st->total_lost_samples /
			(st->nr_events[PERF_RECORD_SAMPLE] + st->total_lost_samples) * 100.0;

		if (pct > 5.0)
			ui__warning("Processed %" PRIu64 " samples and lost %3.2f%%!\n\n",
				    st->nr_events[PERF_RECORD_SAMPLE] + st->total_lost_samples, pct);
	}
	if (st->nr_unknown_events)
		ui__warning("Found %u unknown events!\n\n"
			    "Is this an older tool processing a perf.data file generated by a more recent tool?\n\n",
			    st->nr_unknown_events);
	if (st->nr_unknown_id)
		ui__warning("%u samples with id not present in the header\n", st->nr_unknown_id);
	if (st->nr_unparsable_samples)
		ui__warning("%u records could not be parsed (shorter than their sample_type says)\n",
			    st->nr_unparsable_samples);
	if (s->ordered_events.nr_unordered_events)
		ui__warning("%" PRIu64 " out of order events recorded.\n",
			    s->ordered_events.nr_unordered_events);
}

int perf_session__process_events(struct perf_session *s)
{
	int err, err2;

	if (!s->data)
		return -EINVAL;
	if (s->data->is_pipe)
		err = process_pipe(s);
	else
		err = process_mmapped(s);
	err2 = ordered_events__flush(&s->ordered_events, OE_FLUSH__FINAL);
	if (!err)
		err = err2;
	s->stats.nr_unordered_events = s->ordered_events.nr_unordered_events;
	warn_about_errors(s);
	return err;
}

/* --- stats --- */

void events_stats__fprintf(const struct events_stats *stats, FILE *fp)
{
	u64 total = stats->nr_events[0];

	for (int i = 0; i < PERF_RECORD_HEADER_MAX; i++) {
		const char *name = perf_event__name(i);

		if (!strcmp(name, "UNKNOWN") || !stats->nr_events[i])
			continue;
		if (i && total)
			fprintf(fp, "%16s events: %10d  (%4.1f%%)\n", name, (int)stats->nr_events[i],
				(double)stats->nr_events[i] / total * 100.0);
		else
			fprintf(fp, "%16s events: %10d\n", name, (int)stats->nr_events[i]);
	}
}

void perf_session__fprintf_nr_events(struct perf_session *s, FILE *fp)
{
	fprintf(fp, "\nAggregated stats:\n");
	events_stats__fprintf(&s->stats, fp);
}

void perf_session__fprintf_evsel_stats(struct perf_session *s, FILE *fp)
{
	struct evsel *evsel;

	evlist__for_each_entry(s->evlist, evsel) {
		struct events_stats *es = perf_session__evsel_stats(s, evsel);

		if (!es->nr_events[PERF_RECORD_SAMPLE])
			continue;
		fprintf(fp, "%s stats:\n", evsel->name);
		fprintf(fp, "%16s events: %10d\n", "SAMPLE", (int)es->nr_events[PERF_RECORD_SAMPLE]);
		if (es->nr_events[PERF_RECORD_LOST_SAMPLES])
			fprintf(fp, "%16s events: %10d\n", "LOST_SAMPLES",
				(int)es->nr_events[PERF_RECORD_LOST_SAMPLES]);
	}
}
