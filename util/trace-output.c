// SPDX-License-Identifier: GPL-2.0
#include "trace-output.h"
#include "evsel.h"
#include "event.h"
#include "hashmap.h"
#include "session.h"
#include "sort.h"
#include <linux/perf_event.h>
#include <ctype.h>
#include <string.h>
#include <traceevent/event-parse.h>

#define NR_SLOTS	4096
#define MAX_CACHED	512	/* bigger payloads are formatted every time */

struct trace_slot {
	const struct evsel	*evsel;
	u32			size;
	void			*data;
	const char		*output;
};

struct trace_outputs {
	struct perf_session	*session;
	bool			raw;
	struct trace_seq	seq;
	struct trace_slot	slots[NR_SLOTS];
};

struct trace_outputs *trace_outputs__new(struct perf_session *session, bool raw)
{
	struct trace_outputs *to = xzalloc(sizeof(*to));

	to->session = session;
	to->raw = raw;
	trace_seq_init(&to->seq);
	return to;
}

void trace_outputs__delete(struct trace_outputs *to)
{
	if (!to)
		return;
	for (u32 i = 0; i < NR_SLOTS; i++)
		free(to->slots[i].data);
	trace_seq_destroy(&to->seq);
	free(to);
}

/* Printable up to its first NUL, and not empty. */
static bool printable(const unsigned char *p, u32 len)
{
	u32 i;

	for (i = 0; i < len && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	return i > 0;
}

static void print_array(struct trace_seq *seq, struct tep_event *event, struct tep_format_field *f,
			const unsigned char *data, u32 size)
{
	u32 offset = (u32)f->offset, len = (u32)f->size;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		u32 loc = (u32)tep_read_number(event->tep, data + f->offset, f->size);

		offset = loc & 0xffff;
		len = loc >> 16;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			offset += (u32)(f->offset + f->size);
	}
	if (offset > size || len > size - offset)
		len = offset > size ? 0 : size - offset;
	if ((f->flags & TEP_FIELD_IS_STRING) && printable(data + offset, len)) {
		trace_seq_printf(seq, "%.*s", (int)strnlen((const char *)data + offset, len), data + offset);
		return;
	}
	trace_seq_puts(seq, "ARRAY[");
	for (u32 i = 0; i < len; i++)
		trace_seq_printf(seq, "%s%02x", i ? ", " : "", data[offset + i]);
	trace_seq_puts(seq, "]");
}

/*
 * --raw-trace: " name=value" for each field, as upstream's own library
 * prints them (plain numbers, longs and pointers in hex), whatever the
 * print format says.
 */
static void print_fields(struct trace_seq *seq, struct tep_event *event, const unsigned char *data, u32 size)
{
	for (struct tep_format_field *f = event->format.fields; f; f = f->next) {
		unsigned long long val;

		trace_seq_printf(seq, " %s=", f->name);
		if (f->flags & TEP_FIELD_IS_ARRAY) {
			print_array(seq, event, f, data, size);
			continue;
		}
		if ((u32)f->offset + (u32)f->size > size)
			continue;
		val = tep_read_number(event->tep, data + f->offset, f->size);
		if (f->flags & TEP_FIELD_IS_POINTER) {
			trace_seq_printf(seq, "0x%llx", val);
		} else if (f->flags & TEP_FIELD_IS_SIGNED) {
			switch (f->size) {
			case 4:
				if (f->flags & TEP_FIELD_IS_LONG)
					trace_seq_printf(seq, "0x%x", (int)val);
				else
					trace_seq_printf(seq, "%d", (int)val);
				break;
			case 2:
				trace_seq_printf(seq, "%2d", (short)val);
				break;
			case 1:
				trace_seq_printf(seq, "%1d", (char)val);
				break;
			default:
				trace_seq_printf(seq, "%lld", (long long)val);
			}
		} else if (f->flags & TEP_FIELD_IS_LONG) {
			trace_seq_printf(seq, "0x%llx", val);
		} else {
			trace_seq_printf(seq, "%llu", val);
		}
	}
}

static const char *format(struct trace_outputs *to, struct tep_event *event, const struct perf_sample *sample)
{
	struct tep_record rec;

	memset(&rec, 0, sizeof(rec));
	rec.data = sample->raw_data;
	rec.size = (int)sample->raw_size;
	rec.cpu = (int)sample->cpu;
	rec.ts = sample->time;
	trace_seq_reset(&to->seq);
	if (to->raw)
		print_fields(&to->seq, event, sample->raw_data, sample->raw_size);
	else
		tep_print_event(event->tep, &to->seq, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&to->seq);
	return sort__intern(to->seq.buffer);
}

const char *trace_outputs__get(struct trace_outputs *to, struct evsel *evsel, const struct perf_sample *sample)
{
	struct trace_slot *slot;
	struct tep_event *event;
	u32 size = sample->raw_size;

	if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !sample->raw_data)
		return NULL;
	perf_session__tep(to->session);
	event = evsel->tp_format;
	if (!event)
		return NULL;
	if (size > MAX_CACHED)
		return format(to, event, sample);
	slot = &to->slots[(hash_mem(sample->raw_data, size) ^ (uintptr_t)evsel) & (NR_SLOTS - 1)];
	if (slot->evsel == evsel && slot->size == size && !memcmp(slot->data, sample->raw_data, size))
		return slot->output;
	free(slot->data);
	slot->data = xmalloc(size ? size : 1);
	memcpy(slot->data, sample->raw_data, size);
	slot->size = size;
	slot->evsel = evsel;
	slot->output = format(to, event, sample);
	return slot->output;
}
