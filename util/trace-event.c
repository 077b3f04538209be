// SPDX-License-Identifier: GPL-2.0
#include "trace-event.h"
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>
#include "event.h"
#include "evsel.h"
#include "machine.h"
#include "strbuf.h"

/* libtraceevent's function resolver: the kernel symbol at *addrp, its start in *addrp. */
static char *resolve_kernel_addr(void *priv, unsigned long long *addrp, char **modp)
{
	struct machine *machine = priv;
	struct addr_location al;

	thread__resolve(machine__idle_thread(machine), PERF_RECORD_MISC_KERNEL, *addrp, &al);
	if (!al.map || !al.sym)
		return NULL;
	*modp = al.dso && al.dso->kind == DSO_KIND_KMODULE ? (char *)al.dso->short_name : NULL;
	*addrp = map__unmap_ip(al.map, al.sym->start);
	return (char *)al.sym->name;
}

void trace_event__set_resolver(struct tep_handle *tep, struct machine *machine)
{
	if (tep)
		tep_set_function_resolver(tep, resolve_kernel_addr, machine);
}

/* One trace_seq reused by every call: libtraceevent prints into it, we copy out. */
static struct trace_seq seq;
static bool seq_ready;

static struct trace_seq *scratch_seq(void)
{
	if (!seq_ready) {
		trace_seq_init(&seq);
		seq_ready = true;
	} else {
		trace_seq_reset(&seq);
	}
	return &seq;
}

static size_t seq_to_strbuf(struct trace_seq *s, struct strbuf *out)
{
	trace_seq_terminate(s);
	strbuf_add(out, s->buffer, s->len);
	return s->len;
}

static bool has_payload(const struct evsel *evsel, const struct perf_sample *sample)
{
	return evsel->tp_format && sample->raw_data && sample->raw_size;
}

size_t trace_event__fprintf_payload(const struct evsel *evsel, const struct perf_sample *sample,
				    struct strbuf *out)
{
	struct tep_event *event = evsel->tp_format;
	struct tep_record record = {
		.cpu = sample->cpu, .size = sample->raw_size, .data = sample->raw_data,
	};
	struct trace_seq *s;

	if (!has_payload(evsel, sample))
		return 0;
	s = scratch_seq();
	tep_print_event(event->tep, s, &record, "%s", TEP_PRINT_INFO);
	return seq_to_strbuf(s, out);
}

size_t trace_event__fprintf_fields(const struct evsel *evsel, const struct perf_sample *sample,
				   struct strbuf *out)
{
	struct tep_event *event = evsel->tp_format;
	struct trace_seq *s;

	if (!has_payload(evsel, sample))
		return 0;
	s = scratch_seq();
	tep_print_fields(s, sample->raw_data, sample->raw_size, event);
	return seq_to_strbuf(s, out);
}

void trace_event__cleanup(void)
{
	if (seq_ready) {
		trace_seq_destroy(&seq);
		seq_ready = false;
	}
}
