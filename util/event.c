// SPDX-License-Identifier: GPL-2.0
/* Record names, PERF_RECORD_SAMPLE decoding and encoding. */
#include "event.h"
#include "evsel.h"
#include <errno.h>

static const char * const perf_event__names[] = {
	[0]					= "TOTAL",
	[PERF_RECORD_MMAP]			= "MMAP",
	[PERF_RECORD_MMAP2]			= "MMAP2",
	[PERF_RECORD_LOST]			= "LOST",
	[PERF_RECORD_COMM]			= "COMM",
	[PERF_RECORD_EXIT]			= "EXIT",
	[PERF_RECORD_THROTTLE]			= "THROTTLE",
	[PERF_RECORD_UNTHROTTLE]		= "UNTHROTTLE",
	[PERF_RECORD_FORK]			= "FORK",
	[PERF_RECORD_READ]			= "READ",
	[PERF_RECORD_SAMPLE]			= "SAMPLE",
	[PERF_RECORD_AUX]			= "AUX",
	[PERF_RECORD_ITRACE_START]		= "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES]		= "LOST_SAMPLES",
	[PERF_RECORD_SWITCH]			= "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE]		= "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES]		= "NAMESPACES",
	[PERF_RECORD_KSYMBOL]			= "KSYMBOL",
	[PERF_RECORD_BPF_EVENT]			= "BPF_EVENT",
	[PERF_RECORD_CGROUP]			= "CGROUP",
	[PERF_RECORD_TEXT_POKE]			= "TEXT_POKE",
	[PERF_RECORD_AUX_OUTPUT_HW_ID]		= "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_HEADER_ATTR]		= "ATTR",
	[PERF_RECORD_HEADER_EVENT_TYPE]		= "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA]	= "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID]		= "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND]		= "FINISHED_ROUND",
	[PERF_RECORD_ID_INDEX]			= "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO]		= "AUXTRACE_INFO",
	[PERF_RECORD_AUXTRACE]			= "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR]		= "AUXTRACE_ERROR",
	[PERF_RECORD_THREAD_MAP]		= "THREAD_MAP",
	[PERF_RECORD_CPU_MAP]			= "CPU_MAP",
	[PERF_RECORD_STAT_CONFIG]		= "STAT_CONFIG",
	[PERF_RECORD_STAT]			= "STAT",
	[PERF_RECORD_STAT_ROUND]		= "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE]		= "EVENT_UPDATE",
	[PERF_RECORD_TIME_CONV]			= "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE]		= "FEATURE",
	[PERF_RECORD_COMPRESSED]		= "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT]		= "FINISHED_INIT",
	[PERF_RECORD_COMPRESSED2]		= "COMPRESSED2",
};

const char *perf_event__name(unsigned int type)
{
	if (type >= ARRAY_SIZE(perf_event__names))
		return "INVALID";
	if (!perf_event__names[type])
		return "UNKNOWN";
	return perf_event__names[type];
}

/* Fixed part of each record (what must be there before a field is read). */
static const u16 perf_event__min_sizes[] = {
	[PERF_RECORD_MMAP]			= offsetof(struct perf_record_mmap, filename),
	[PERF_RECORD_MMAP2]			= offsetof(struct perf_record_mmap2, filename),
	[PERF_RECORD_LOST]			= sizeof(struct perf_record_lost),
	[PERF_RECORD_COMM]			= offsetof(struct perf_record_comm, comm),
	[PERF_RECORD_EXIT]			= offsetof(struct perf_record_fork, time),
	[PERF_RECORD_THROTTLE]			= sizeof(struct perf_record_throttle),
	[PERF_RECORD_UNTHROTTLE]		= sizeof(struct perf_record_throttle),
	[PERF_RECORD_FORK]			= offsetof(struct perf_record_fork, time),
	[PERF_RECORD_READ]			= offsetof(struct perf_record_read, time_enabled),
	[PERF_RECORD_SAMPLE]			= sizeof(struct perf_event_header),
	[PERF_RECORD_AUX]			= sizeof(struct perf_record_aux),
	[PERF_RECORD_ITRACE_START]		= sizeof(struct perf_record_itrace_start),
	[PERF_RECORD_LOST_SAMPLES]		= sizeof(struct perf_record_lost_samples),
	[PERF_RECORD_SWITCH]			= sizeof(struct perf_event_header),
	[PERF_RECORD_SWITCH_CPU_WIDE]		= sizeof(struct perf_record_switch),
	[PERF_RECORD_NAMESPACES]		= sizeof(struct perf_record_namespaces),
	[PERF_RECORD_KSYMBOL]			= offsetof(struct perf_record_ksymbol, name),
	[PERF_RECORD_BPF_EVENT]			= sizeof(struct perf_record_bpf_event),
	[PERF_RECORD_CGROUP]			= offsetof(struct perf_record_cgroup, path),
	[PERF_RECORD_TEXT_POKE]			= sizeof(struct perf_record_text_poke),
	[PERF_RECORD_AUX_OUTPUT_HW_ID]		= sizeof(struct perf_record_aux_output_hw_id),
	[PERF_RECORD_HEADER_ATTR]		= sizeof(struct perf_event_header) + PERF_ATTR_SIZE_VER0,
	[PERF_RECORD_HEADER_EVENT_TYPE]		= sizeof(struct perf_record_header_event_type),
	[PERF_RECORD_HEADER_TRACING_DATA]	= offsetof(struct perf_record_header_tracing_data, pad),
	[PERF_RECORD_HEADER_BUILD_ID]		= offsetof(struct perf_record_header_build_id, filename),
	[PERF_RECORD_FINISHED_ROUND]		= sizeof(struct perf_event_header),
	[PERF_RECORD_ID_INDEX]			= sizeof(struct perf_record_id_index),
	[PERF_RECORD_AUXTRACE_INFO]		= sizeof(struct perf_record_auxtrace_info),
	[PERF_RECORD_AUXTRACE]			= sizeof(struct perf_record_auxtrace),
	[PERF_RECORD_AUXTRACE_ERROR]		= offsetof(struct perf_record_auxtrace_error, time),
	[PERF_RECORD_THREAD_MAP]		= sizeof(struct perf_record_thread_map),
	[PERF_RECORD_CPU_MAP]			= sizeof(struct perf_event_header) + 2,
	[PERF_RECORD_STAT_CONFIG]		= sizeof(struct perf_record_stat_config),
	[PERF_RECORD_STAT]			= sizeof(struct perf_record_stat),
	[PERF_RECORD_STAT_ROUND]		= sizeof(struct perf_record_stat_round),
	[PERF_RECORD_EVENT_UPDATE]		= offsetof(struct perf_record_event_update, scale),
	[PERF_RECORD_TIME_CONV]			= offsetof(struct perf_record_time_conv, time_cycles),
	[PERF_RECORD_HEADER_FEATURE]		= sizeof(struct perf_record_header_feature),
	[PERF_RECORD_COMPRESSED]		= sizeof(struct perf_event_header),
	[PERF_RECORD_FINISHED_INIT]		= sizeof(struct perf_event_header),
	[PERF_RECORD_COMPRESSED2]		= sizeof(struct perf_record_compressed2),
};

size_t perf_event__min_size(unsigned int type)
{
	if (type >= ARRAY_SIZE(perf_event__min_sizes))
		return 0;
	return perf_event__min_sizes[type];
}

int perf_sample__id_pos(u64 type)
{
	int idx = 0;

	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	if (type & PERF_SAMPLE_IP)
		idx++;
	if (type & PERF_SAMPLE_TID)
		idx++;
	if (type & PERF_SAMPLE_TIME)
		idx++;
	if (type & PERF_SAMPLE_ADDR)
		idx++;
	return idx;
}

int perf_sample__is_pos(u64 type)
{
	int idx = 1;

	if (type & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	if (type & PERF_SAMPLE_CPU)
		idx++;
	if (type & PERF_SAMPLE_STREAM_ID)
		idx++;
	return idx;
}

/* The sample_id_all trailer, read backwards from the end of the record. */
static int parse_id_sample(u64 type, const union perf_event *event, struct perf_sample *sample)
{
	const u64 *start = (const u64 *)((const char *)event + sizeof(event->header));
	const u64 *array = (const u64 *)((const char *)event + (event->header.size & ~7u));

	array--;
#define TRAILER_ITEM() do { if (array < start) return -EFAULT; } while (0)
	if (type & PERF_SAMPLE_IDENTIFIER) {
		TRAILER_ITEM();
		sample->id = *array--;
	}
	if (type & PERF_SAMPLE_CPU) {
		TRAILER_ITEM();
		sample->cpu = (u32)*array;
		array--;
	}
	if (type & PERF_SAMPLE_STREAM_ID) {
		TRAILER_ITEM();
		sample->stream_id = *array--;
	}
	if (type & PERF_SAMPLE_ID) {
		TRAILER_ITEM();
		sample->id = *array--;
	}
	if (type & PERF_SAMPLE_TIME) {
		TRAILER_ITEM();
		sample->time = *array--;
	}
	if (type & PERF_SAMPLE_TID) {
		const u32 *p;

		TRAILER_ITEM();
		p = (const u32 *)array;
		sample->pid = p[0];
		sample->tid = p[1];
	}
#undef TRAILER_ITEM
	return 0;
}

static void perf_sample__init_ids(struct perf_sample *data)
{
	data->cpu = data->pid = data->tid = -1;
	data->stream_id = data->id = data->time = -1ULL;
}

/* Bounds check: n more bytes at p must be inside the record. */
#define NEED(p, n) do { \
		if ((size_t)((const char *)endp - (const char *)(p)) < (size_t)(n)) \
			return -EFAULT; \
	} while (0)

static int parse_read(u64 read_format, const u64 **parray, const void *endp, struct sample_read *read)
{
	const u64 *array = *parray;

	if (read_format & PERF_FORMAT_GROUP) {
		u64 nr;
		size_t entry;

		NEED(array, 8);
		nr = *array++;
		if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) {
			NEED(array, 8);
			read->time_enabled = *array++;
		}
		if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) {
			NEED(array, 8);
			read->time_running = *array++;
		}
		entry = sample_read_value__size(read_format);
		if (nr > ((const char *)endp - (const char *)array) / entry)
			return -EFAULT;
		read->group.nr = nr;
		read->group.values = (struct sample_read_value *)array;
		array = (const u64 *)((const char *)array + nr * entry);
	} else {
		NEED(array, 8);
		read->one.value = *array++;
		if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) {
			NEED(array, 8);
			read->time_enabled = *array++;
		}
		if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) {
			NEED(array, 8);
			read->time_running = *array++;
		}
		if (read_format & PERF_FORMAT_ID) {
			NEED(array, 8);
			read->one.id = *array++;
		}
		if (read_format & PERF_FORMAT_LOST) {
			NEED(array, 8);
			read->one.lost = *array++;
		}
	}
	*parray = array;
	return 0;
}

static int parse_regs(u64 mask, const u64 **parray, const void *endp, struct regs_dump *regs)
{
	const u64 *array = *parray;

	NEED(array, 8);
	regs->abi = *array++;
	if (regs->abi) {
		size_t sz = __builtin_popcountll(mask) * sizeof(u64);

		NEED(array, sz);
		regs->mask = mask;
		regs->regs = (u64 *)array;
		array = (const u64 *)((const char *)array + sz);
	}
	*parray = array;
	return 0;
}

int evsel__parse_sample(struct evsel *evsel, union perf_event *event, struct perf_sample *data)
{
	const struct perf_event_attr *attr = &evsel->attr;
	u64 type = attr->sample_type;
	const void *endp = (const char *)event + event->header.size;
	const u64 *array;
	int err;

	memset(data, 0, sizeof(*data));
	perf_sample__init_ids(data);
	data->period = attr->freq ? 1 : attr->sample_period;
	data->misc = event->header.misc;
	data->cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;

	if (event->header.type != PERF_RECORD_SAMPLE) {
		if (!attr->sample_id_all)
			return 0;
		return parse_id_sample(type, event, data);
	}

	array = event->sample.array;
	if (type & PERF_SAMPLE_IDENTIFIER) {
		NEED(array, 8);
		data->id = *array++;
	}
	if (type & PERF_SAMPLE_IP) {
		NEED(array, 8);
		data->ip = *array++;
	}
	if (type & PERF_SAMPLE_TID) {
		NEED(array, 8);
		data->pid = ((const u32 *)array)[0];
		data->tid = ((const u32 *)array)[1];
		array++;
	}
	if (type & PERF_SAMPLE_TIME) {
		NEED(array, 8);
		data->time = *array++;
	}
	if (type & PERF_SAMPLE_ADDR) {
		NEED(array, 8);
		data->addr = *array++;
	}
	if (type & PERF_SAMPLE_ID) {
		NEED(array, 8);
		data->id = *array++;
	}
	if (type & PERF_SAMPLE_STREAM_ID) {
		NEED(array, 8);
		data->stream_id = *array++;
	}
	if (type & PERF_SAMPLE_CPU) {
		NEED(array, 8);
		data->cpu = ((const u32 *)array)[0];
		array++;
	}
	if (type & PERF_SAMPLE_PERIOD) {
		NEED(array, 8);
		data->period = *array++;
	}
	if (type & PERF_SAMPLE_READ) {
		err = parse_read(attr->read_format, &array, endp, &data->read);
		if (err)
			return err;
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		u64 nr;

		NEED(array, 8);
		nr = *array;
		if (nr > (u64)((const char *)endp - (const char *)(array + 1)) / sizeof(u64))
			return -EFAULT;
		data->callchain = (struct ip_callchain *)array;
		array += 1 + nr;
	}
	if (type & PERF_SAMPLE_RAW) {
		u32 size;

		NEED(array, 4);
		size = *(const u32 *)array;
		NEED((const char *)array + 4, size);
		data->raw_size = size;
		data->raw_data = (char *)array + 4;
		array = (const u64 *)((const char *)array + PERF_ALIGN((size_t)size + 4, sizeof(u64)));
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		u64 nr;

		NEED(array, 8);
		data->branch_stack = (struct branch_stack *)array;
		nr = *array++;
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) {
			NEED(array, 8);
			array++;
		} else {
			data->no_hw_idx = true;
		}
		if (nr > (u64)((const char *)endp - (const char *)array) / sizeof(struct branch_entry))
			return -EFAULT;
		array += nr * (sizeof(struct branch_entry) / sizeof(u64));
	}
	if (type & PERF_SAMPLE_REGS_USER) {
		err = parse_regs(attr->sample_regs_user, &array, endp, &data->user_regs);
		if (err)
			return err;
	}
	if (type & PERF_SAMPLE_STACK_USER) {
		u64 size;

		NEED(array, 8);
		data->user_stack.offset = (const char *)array - (const char *)event;
		size = *array++;
		if (size) {
			if (size > (u64)((const char *)endp - (const char *)array))
				return -EFAULT;
			data->user_stack.data = (char *)array;
			array = (const u64 *)((const char *)array + size);
			NEED(array, 8);
			data->user_stack.size = *array++;
			if (data->user_stack.size > size)
				return -EFAULT;
		}
	}
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		NEED(array, 8);
		if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
			const u32 *w32 = (const u32 *)array;
			const u16 *w16 = (const u16 *)array;

			data->weight = w32[0];
			data->ins_lat = w16[2];
			data->p_stage_cyc = w16[3];
		} else {
			data->weight = *array;
		}
		array++;
	}
	if (type & PERF_SAMPLE_DATA_SRC) {
		NEED(array, 8);
		data->data_src = *array++;
	}
	if (type & PERF_SAMPLE_TRANSACTION) {
		NEED(array, 8);
		data->transaction = *array++;
	}
	if (type & PERF_SAMPLE_REGS_INTR) {
		err = parse_regs(attr->sample_regs_intr, &array, endp, &data->intr_regs);
		if (err)
			return err;
	}
	if (type & PERF_SAMPLE_PHYS_ADDR) {
		NEED(array, 8);
		data->phys_addr = *array++;
	}
	if (type & PERF_SAMPLE_CGROUP) {
		NEED(array, 8);
		data->cgroup = *array++;
	}
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE) {
		NEED(array, 8);
		data->data_page_size = *array++;
	}
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE) {
		NEED(array, 8);
		data->code_page_size = *array++;
	}
	if (type & PERF_SAMPLE_AUX) {
		u64 sz;

		NEED(array, 8);
		sz = *array++;
		if (sz > (u64)((const char *)endp - (const char *)array))
			return -EFAULT;
		data->aux_sample.size = sz;
		data->aux_sample.data = (char *)array;
	}
	return 0;
}

int evsel__parse_sample_timestamp(struct evsel *evsel, union perf_event *event, u64 *timestamp)
{
	u64 type = evsel->attr.sample_type;
	const void *endp = (const char *)event + event->header.size;
	const u64 *array;

	*timestamp = -1ULL;
	if (!(type & PERF_SAMPLE_TIME))
		return 0;
	if (event->header.type != PERF_RECORD_SAMPLE) {
		struct perf_sample data;

		if (!evsel->attr.sample_id_all)
			return 0;
		data.time = -1ULL;
		if (parse_id_sample(type, event, &data))
			return -EFAULT;
		*timestamp = data.time;
		return 0;
	}
	array = event->sample.array;
	if (type & PERF_SAMPLE_IDENTIFIER)
		array++;
	if (type & PERF_SAMPLE_IP)
		array++;
	if (type & PERF_SAMPLE_TID)
		array++;
	NEED(array, 8);
	*timestamp = *array;
	return 0;
}

#undef NEED

/* --- encoding --- */

static size_t read_size(u64 read_format, const struct sample_read *read)
{
	size_t sz = sizeof(u64);

	if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
		sz += sizeof(u64);
	if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
		sz += sizeof(u64);
	if (read_format & PERF_FORMAT_GROUP)
		sz += read->group.nr * sample_read_value__size(read_format);
	else
		sz += sample_read_value__size(read_format) - sizeof(u64);
	return sz;
}

size_t perf_event__sample_event_size(const struct perf_sample *sample, u64 type, u64 read_format,
				     u64 branch_sample_type)
{
	size_t result = sizeof(struct perf_event_header);
	static const u64 one_word = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
		PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
		PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT |
		PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_PHYS_ADDR |
		PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE;

	if ((type & PERF_SAMPLE_WEIGHT) && (type & PERF_SAMPLE_WEIGHT_STRUCT))
		result -= sizeof(u64);	/* one field for both */
	result += __builtin_popcountll(type & one_word) * sizeof(u64);
	if (type & PERF_SAMPLE_READ)
		result += read_size(read_format, &sample->read);
	if (type & PERF_SAMPLE_CALLCHAIN)
		result += (1 + (sample->callchain ? sample->callchain->nr : 0)) * sizeof(u64);
	if (type & PERF_SAMPLE_RAW)
		result += PERF_ALIGN((size_t)sample->raw_size + sizeof(u32), sizeof(u64));
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		result += sizeof(u64);
		if (branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
			result += sizeof(u64);
		if (sample->branch_stack)
			result += sample->branch_stack->nr * sizeof(struct branch_entry);
	}
	if (type & PERF_SAMPLE_REGS_USER) {
		result += sizeof(u64);
		if (sample->user_regs.abi)
			result += __builtin_popcountll(sample->user_regs.mask) * sizeof(u64);
	}
	if (type & PERF_SAMPLE_STACK_USER) {
		result += sizeof(u64);
		if (sample->user_stack.size)
			result += PERF_ALIGN(sample->user_stack.size, sizeof(u64)) + sizeof(u64);
	}
	if (type & PERF_SAMPLE_REGS_INTR) {
		result += sizeof(u64);
		if (sample->intr_regs.abi)
			result += __builtin_popcountll(sample->intr_regs.mask) * sizeof(u64);
	}
	if (type & PERF_SAMPLE_AUX)
		result += sizeof(u64) + PERF_ALIGN(sample->aux_sample.size, sizeof(u64));
	return result;
}

static u64 *write_regs(u64 *array, const struct regs_dump *regs)
{
	size_t sz;

	*array++ = regs->abi;
	if (regs->abi) {
		sz = __builtin_popcountll(regs->mask) * sizeof(u64);
		memcpy(array, regs->regs, sz);
		array = (u64 *)((char *)array + sz);
	}
	return array;
}

int perf_event__synthesize_sample(union perf_event *event, u64 type, u64 read_format,
				  u64 branch_sample_type, const struct perf_sample *sample)
{
	u64 *array = event->sample.array;
	size_t sz;

	if (type & PERF_SAMPLE_IDENTIFIER)
		*array++ = sample->id;
	if (type & PERF_SAMPLE_IP)
		*array++ = sample->ip;
	if (type & PERF_SAMPLE_TID) {
		((u32 *)array)[0] = sample->pid;
		((u32 *)array)[1] = sample->tid;
		array++;
	}
	if (type & PERF_SAMPLE_TIME)
		*array++ = sample->time;
	if (type & PERF_SAMPLE_ADDR)
		*array++ = sample->addr;
	if (type & PERF_SAMPLE_ID)
		*array++ = sample->id;
	if (type & PERF_SAMPLE_STREAM_ID)
		*array++ = sample->stream_id;
	if (type & PERF_SAMPLE_CPU) {
		((u32 *)array)[0] = sample->cpu;
		((u32 *)array)[1] = 0;
		array++;
	}
	if (type & PERF_SAMPLE_PERIOD)
		*array++ = sample->period;
	if (type & PERF_SAMPLE_READ) {
		if (read_format & PERF_FORMAT_GROUP)
			*array++ = sample->read.group.nr;
		else
			*array++ = sample->read.one.value;
		if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
			*array++ = sample->read.time_enabled;
		if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
			*array++ = sample->read.time_running;
		if (read_format & PERF_FORMAT_GROUP) {
			sz = sample->read.group.nr * sample_read_value__size(read_format);
			memcpy(array, sample->read.group.values, sz);
			array = (u64 *)((char *)array + sz);
		} else {
			if (read_format & PERF_FORMAT_ID)
				*array++ = sample->read.one.id;
			if (read_format & PERF_FORMAT_LOST)
				*array++ = sample->read.one.lost;
		}
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		u64 nr = sample->callchain ? sample->callchain->nr : 0;

		*array++ = nr;
		if (nr)
			memcpy(array, sample->callchain->ips, nr * sizeof(u64));
		array += nr;
	}
	if (type & PERF_SAMPLE_RAW) {
		size_t total = PERF_ALIGN((size_t)sample->raw_size + sizeof(u32), sizeof(u64));

		memset((char *)array + total - sizeof(u64), 0, sizeof(u64));
		*(u32 *)array = sample->raw_size;
		if (sample->raw_size)
			memcpy((char *)array + sizeof(u32), sample->raw_data, sample->raw_size);
		array = (u64 *)((char *)array + total);
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		u64 nr = sample->branch_stack ? sample->branch_stack->nr : 0;

		*array++ = nr;
		if (branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
			*array++ = sample->branch_stack && !sample->no_hw_idx ? sample->branch_stack->hw_idx : 0;
		if (nr) {
			sz = nr * sizeof(struct branch_entry);
			memcpy(array, perf_sample__branch_entries((struct perf_sample *)sample), sz);
			array = (u64 *)((char *)array + sz);
		}
	}
	if (type & PERF_SAMPLE_REGS_USER)
		array = write_regs(array, &sample->user_regs);
	if (type & PERF_SAMPLE_STACK_USER) {
		sz = sample->user_stack.size;
		*array++ = PERF_ALIGN(sz, sizeof(u64));
		if (sz) {
			memset((char *)array + PERF_ALIGN(sz, sizeof(u64)) - sizeof(u64), 0, sizeof(u64));
			memcpy(array, sample->user_stack.data, sz);
			array = (u64 *)((char *)array + PERF_ALIGN(sz, sizeof(u64)));
			*array++ = sz;
		}
	}
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
			((u32 *)array)[0] = (u32)sample->weight;
			((u16 *)array)[2] = sample->ins_lat;
			((u16 *)array)[3] = sample->p_stage_cyc;
		} else {
			*array = sample->weight;
		}
		array++;
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		*array++ = sample->data_src;
	if (type & PERF_SAMPLE_TRANSACTION)
		*array++ = sample->transaction;
	if (type & PERF_SAMPLE_REGS_INTR)
		array = write_regs(array, &sample->intr_regs);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		*array++ = sample->phys_addr;
	if (type & PERF_SAMPLE_CGROUP)
		*array++ = sample->cgroup;
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		*array++ = sample->data_page_size;
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		*array++ = sample->code_page_size;
	if (type & PERF_SAMPLE_AUX) {
		sz = sample->aux_sample.size;
		*array++ = sz;
		if (sz) {
			memset((char *)array + PERF_ALIGN(sz, sizeof(u64)) - sizeof(u64), 0, sizeof(u64));
			memcpy(array, sample->aux_sample.data, sz);
		}
	}
	return 0;
}

void perf_event__synthesize_id_sample(union perf_event *event, u64 type, const struct perf_sample *sample)
{
	u64 *array = (u64 *)((char *)event + event->header.size);
	u64 *start = array;

	if (type & PERF_SAMPLE_TID) {
		((u32 *)array)[0] = sample->pid;
		((u32 *)array)[1] = sample->tid;
		array++;
	}
	if (type & PERF_SAMPLE_TIME)
		*array++ = sample->time;
	if (type & PERF_SAMPLE_ID)
		*array++ = sample->id;
	if (type & PERF_SAMPLE_STREAM_ID)
		*array++ = sample->stream_id;
	if (type & PERF_SAMPLE_CPU) {
		((u32 *)array)[0] = sample->cpu;
		((u32 *)array)[1] = 0;
		array++;
	}
	if (type & PERF_SAMPLE_IDENTIFIER)
		*array++ = sample->id;
	event->header.size += (array - start) * sizeof(u64);
}
