// SPDX-License-Identifier: GPL-2.0
/*
 * Byte swapping of records from a perf.data file written on a machine of the
 * other endianness. Every swap is bounded by the record's size, so a corrupt
 * record cannot make us write outside it.
 */
#include "event.h"
#include <byteswap.h>
#include <stddef.h>

/* Swap n u64 / u32 / u16 at p, but never past end. */
static void swap64(void *p, size_t n, const void *end)
{
	u64 *v = p;

	for (size_t i = 0; i < n && (const char *)(v + 1) <= (const char *)end; i++, v++)
		*v = bswap_64(*v);
}

static void swap32(void *p, size_t n, const void *end)
{
	u32 *v = p;

	for (size_t i = 0; i < n && (const char *)(v + 1) <= (const char *)end; i++, v++)
		*v = bswap_32(*v);
}

static void swap16(void *p, size_t n, const void *end)
{
	u16 *v = p;

	for (size_t i = 0; i < n && (const char *)(v + 1) <= (const char *)end; i++, v++)
		*v = bswap_16(*v);
}

void perf_event_header__swap(struct perf_event_header *header)
{
	header->type = bswap_32(header->type);
	header->misc = bswap_16(header->misc);
	header->size = bswap_16(header->size);
}

static int id_sample_size(u64 type)
{
	u64 bits = type & (PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |
			   PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER);

	return __builtin_popcountll(bits) * sizeof(u64);
}

void perf_event__swap_id_sample(union perf_event *event, u64 type)
{
	char *end = (char *)event + (event->header.size & ~7u);
	u64 *array = (u64 *)end;
	char *start = (char *)event + sizeof(event->header);
	int size = id_sample_size(type);

	if (!size || end - start < size)
		return;
	array--;
	if (type & PERF_SAMPLE_IDENTIFIER)
		swap64(array--, 1, end);
	if (type & PERF_SAMPLE_CPU)
		swap32(array--, 2, end);
	if (type & PERF_SAMPLE_STREAM_ID)
		swap64(array--, 1, end);
	if (type & PERF_SAMPLE_ID)
		swap64(array--, 1, end);
	if (type & PERF_SAMPLE_TIME)
		swap64(array--, 1, end);
	if (type & PERF_SAMPLE_TID)
		swap32(array, 2, end);
}

/* Reverse the bits of every byte: bitfields are laid out from the other end. */
static void swap_bitfield(u8 *p, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		u8 b = p[i], r = 0;

		for (int bit = 0; bit < 8; bit++)
			if (b & (1u << bit))
				r |= 1u << (7 - bit);
		p[i] = r;
	}
}

void perf_event__attr_swap(struct perf_event_attr *attr, size_t attr_size)
{
	char *end = (char *)attr + attr_size;

#define FIELD_OK(f) ((char *)&attr->f + sizeof(attr->f) <= end)
#define SWAP(f) do { \
		if (FIELD_OK(f)) { \
			if (sizeof(attr->f) == 8) attr->f = bswap_64(attr->f); \
			else if (sizeof(attr->f) == 4) attr->f = bswap_32(attr->f); \
			else if (sizeof(attr->f) == 2) attr->f = bswap_16(attr->f); \
		} \
	} while (0)
	SWAP(type);
	SWAP(size);
	SWAP(config);
	SWAP(sample_period);
	SWAP(sample_type);
	SWAP(read_format);
	if (FIELD_OK(read_format) && (char *)(&attr->read_format + 2) <= end)
		swap_bitfield((u8 *)(&attr->read_format + 1), sizeof(u64));
	SWAP(wakeup_events);
	SWAP(bp_type);
	SWAP(config1);
	SWAP(config2);
	SWAP(branch_sample_type);
	SWAP(sample_regs_user);
	SWAP(sample_stack_user);
	SWAP(clockid);
	SWAP(sample_regs_intr);
	SWAP(aux_watermark);
	SWAP(sample_max_stack);
	SWAP(aux_sample_size);
	SWAP(sig_data);
#undef SWAP
#undef FIELD_OK
}

static void swap_cpu_map_data(void *data, const void *end)
{
	char *p = data;
	u16 type, nr;

	if (p + 2 > (const char *)end)
		return;
	swap16(p, 1, end);
	memcpy(&type, p, 2);
	p += 2;
	switch (type) {
	case PERF_CPU_MAP__CPUS:
		swap16(p, 1, end);
		memcpy(&nr, p, 2);
		swap16(p + 2, nr, end);
		break;
	case PERF_CPU_MAP__MASK: {
		u16 long_size;

		swap16(p, 2, end);
		memcpy(&nr, p, 2);
		memcpy(&long_size, p + 2, 2);
		/* unaligned: swap byte by byte */
		for (size_t i = 0; i < nr; i++) {
			char *w = p + (long_size == 8 ? 8 : 4) + i * long_size;

			if (w + long_size > (const char *)end || (long_size != 4 && long_size != 8))
				break;
			for (int a = 0, b = long_size - 1; a < b; a++, b--) {
				char t = w[a];

				w[a] = w[b];
				w[b] = t;
			}
		}
		break;
	}
	case PERF_CPU_MAP__RANGE_CPUS:
		swap16(p + 2, 2, end);
		break;
	default:
		break;
	}
}

void perf_event__swap(union perf_event *event, u64 id_sample_type)
{
	char *end = (char *)event + event->header.size;
	bool trailer = false;

	switch (event->header.type) {
	case PERF_RECORD_MMAP:
		swap32(&event->mmap.pid, 2, end);
		swap64(&event->mmap.start, 3, end);
		trailer = true;
		break;
	case PERF_RECORD_MMAP2:
		swap32(&event->mmap2.pid, 2, end);
		swap64(&event->mmap2.start, 3, end);
		if (!(event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
			swap32(&event->mmap2.maj, 2, end);
			swap64(&event->mmap2.ino, 2, end);
		}
		swap32(&event->mmap2.prot, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_COMM:
		swap32(&event->comm.pid, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		swap32(&event->fork.pid, 4, end);
		swap64(&event->fork.time, 1, end);
		trailer = true;
		break;
	case PERF_RECORD_LOST:
		swap64(&event->lost.id, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_LOST_SAMPLES:
		swap64(&event->lost_samples.lost, 1, end);
		trailer = true;
		break;
	case PERF_RECORD_READ:
		swap32(&event->read.pid, 2, end);
		/* value [enabled] [running] [id] [lost]: all u64 up to the trailer */
		swap64(&event->read.value,
		       (event->header.size - offsetof(struct perf_record_read, value) -
			id_sample_size(id_sample_type)) / 8, end);
		trailer = true;
		break;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		swap64(&event->throttle.time, 3, end);
		trailer = true;
		break;
	case PERF_RECORD_NAMESPACES: {
		u64 nr;

		swap32(&event->namespaces.pid, 2, end);
		swap64(&event->namespaces.nr_namespaces, 1, end);
		nr = event->namespaces.nr_namespaces;
		if (nr > NR_NAMESPACES * 4)
			nr = NR_NAMESPACES * 4;
		swap64(event->namespaces.link_info, 2 * nr, end);
		trailer = true;
		break;
	}
	case PERF_RECORD_CGROUP:
		swap64(&event->cgroup.id, 1, end);
		trailer = true;
		break;
	case PERF_RECORD_KSYMBOL:
		swap64(&event->ksymbol.addr, 1, end);
		swap32(&event->ksymbol.len, 1, end);
		swap16(&event->ksymbol.ksym_type, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_BPF_EVENT:
		swap16(&event->bpf.type, 2, end);
		swap32(&event->bpf.id, 1, end);
		trailer = true;
		break;
	case PERF_RECORD_TEXT_POKE:
		swap64(&event->text_poke.addr, 1, end);
		swap16(&event->text_poke.old_len, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_SWITCH:
		trailer = true;
		break;
	case PERF_RECORD_SWITCH_CPU_WIDE:
		swap32(&event->context_switch.next_prev_pid, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_AUX:
		swap64(&event->aux.aux_offset, 3, end);
		trailer = true;
		break;
	case PERF_RECORD_ITRACE_START:
		swap32(&event->itrace_start.pid, 2, end);
		trailer = true;
		break;
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		swap64(&event->aux_output_hw_id.hw_id, 1, end);
		trailer = true;
		break;
	case PERF_RECORD_HEADER_ATTR: {
		struct perf_event_attr *attr = &event->attr.attr;
		u32 attr_size;

		if ((char *)&attr->size + 4 > end)
			break;
		attr_size = bswap_32(attr->size);
		if (!attr_size)
			attr_size = PERF_ATTR_SIZE_VER0;
		if ((char *)attr + attr_size > end)
			attr_size = end - (char *)attr;
		perf_event__attr_swap(attr, attr_size);
		swap64((char *)attr + attr_size, (end - ((char *)attr + attr_size)) / 8, end);
		break;
	}
	case PERF_RECORD_HEADER_EVENT_TYPE:
		swap64(&event->event_type.event_type.event_id, 1, end);
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
		swap32(&event->tracing_data.size, 1, end);
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		swap32(&event->build_id.pid, 1, end);
		break;
	case PERF_RECORD_ID_INDEX:
		swap64(&event->id_index.nr, (event->header.size - sizeof(event->header)) / 8, end);
		break;
	case PERF_RECORD_AUXTRACE_INFO:
		swap32(&event->auxtrace_info.type, 1, end);
		swap64(event->auxtrace_info.priv,
		       (event->header.size - sizeof(struct perf_record_auxtrace_info)) / 8, end);
		break;
	case PERF_RECORD_AUXTRACE:
		swap64(&event->auxtrace.size, 3, end);
		swap32(&event->auxtrace.idx, 3, end);
		break;
	case PERF_RECORD_AUXTRACE_ERROR:
		swap32(&event->auxtrace_error.type, 6, end);
		swap64(&event->auxtrace_error.ip, 2, end);
		swap32(&event->auxtrace_error.machine_pid, 2, end);
		break;
	case PERF_RECORD_THREAD_MAP: {
		u64 nr;

		swap64(&event->thread_map.nr, 1, end);
		nr = event->thread_map.nr;
		for (u64 i = 0; i < nr && (char *)&event->thread_map.entries[i + 1] <= end; i++)
			swap64(&event->thread_map.entries[i].pid, 1, end);
		break;
	}
	case PERF_RECORD_CPU_MAP:
		swap_cpu_map_data(&event->cpu_map.data, end);
		break;
	case PERF_RECORD_STAT_CONFIG:
		swap64(&event->stat_config.nr, (event->header.size - sizeof(event->header)) / 8, end);
		break;
	case PERF_RECORD_STAT:
		swap64(&event->stat.id, 1, end);
		swap32(&event->stat.cpu, 2, end);
		swap64(event->stat.values, 3, end);
		break;
	case PERF_RECORD_STAT_ROUND:
		swap64(&event->stat_round.type, 2, end);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		swap64(&event->event_update.type, 2, end);
		if (event->event_update.type == PERF_EVENT_UPDATE__SCALE)
			swap64(&event->event_update.scale.scale, 1, end);
		else if (event->event_update.type == PERF_EVENT_UPDATE__CPUS)
			swap_cpu_map_data(&event->event_update.cpus.cpus, end);
		break;
	case PERF_RECORD_TIME_CONV:
		swap64(&event->time_conv.time_shift, 5, end);
		break;
	case PERF_RECORD_HEADER_FEATURE:
		swap64(&event->feat.feat_id, 1, end);
		break;
	case PERF_RECORD_COMPRESSED2:
		swap64(&event->pack2.data_size, 1, end);
		break;
	default:
		break;
	}
	if (trailer && id_sample_type)
		perf_event__swap_id_sample(event, id_sample_type);
}

static void swap_regs(u64 **parray, u64 mask, const char *end)
{
	u64 *array = *parray;

	if ((char *)(array + 1) > end)
		return;
	*array = bswap_64(*array);
	if (*array++) {
		int n = __builtin_popcountll(mask);

		swap64(array, n, end);
		array += n;
	}
	*parray = array;
}

void perf_event__swap_sample(union perf_event *event, const struct perf_event_attr *attr)
{
	u64 type = attr->sample_type;
	char *end = (char *)event + event->header.size;
	u64 *array = event->sample.array;

#define ROOM(n) ((char *)(array + (n)) <= end)
	if (type & PERF_SAMPLE_IDENTIFIER)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_IP)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_TID)
		swap32(array++, 2, end);
	if (type & PERF_SAMPLE_TIME)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_ADDR)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_ID)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_STREAM_ID)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_CPU)
		swap32(array++, 2, end);
	if (type & PERF_SAMPLE_PERIOD)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_READ) {
		u64 fmt = attr->read_format, n;

		if (!ROOM(1))
			return;
		*array = bswap_64(*array);
		if (fmt & PERF_FORMAT_GROUP) {
			n = *array++;
			n *= sample_read_value__size(fmt) / sizeof(u64);
		} else {
			array++;
			n = sample_read_value__size(fmt) / sizeof(u64) - 1;
		}
		if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED)
			n++;
		if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING)
			n++;
		if (!ROOM(n))
			return;
		swap64(array, n, end);
		array += n;
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		u64 nr;

		if (!ROOM(1))
			return;
		*array = bswap_64(*array);
		nr = *array++;
		if (!ROOM(nr))
			return;
		swap64(array, nr, end);
		array += nr;
	}
	if (type & PERF_SAMPLE_RAW) {
		u32 size;

		if (!ROOM(1))
			return;
		/* the size only: the raw payload is decoded by libtraceevent in file order */
		swap32(array, 1, end);
		size = *(u32 *)array;
		if ((size_t)(end - (char *)array) < (size_t)size + 4)
			return;
		array = (u64 *)((char *)array + PERF_ALIGN((size_t)size + 4, sizeof(u64)));
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		u64 nr;

		if (!ROOM(1))
			return;
		*array = bswap_64(*array);
		nr = *array++;
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
			swap64(array++, 1, end);
		if (nr > (u64)(end - (char *)array) / 24)
			return;
		swap64(array, nr * 3, end);
		array += nr * 3;
	}
	if (type & PERF_SAMPLE_REGS_USER)
		swap_regs(&array, attr->sample_regs_user, end);
	if (type & PERF_SAMPLE_STACK_USER) {
		u64 size;

		if (!ROOM(1))
			return;
		*array = bswap_64(*array);
		size = *array++;
		if (size) {
			if (size > (u64)(end - (char *)array))
				return;
			array = (u64 *)((char *)array + size);
			swap64(array++, 1, end);
		}
	}
	if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
		if (!ROOM(1))
			return;
		swap32(array, 1, end);
		swap16((u16 *)array + 2, 2, end);
		array++;
	} else if (type & PERF_SAMPLE_WEIGHT) {
		swap64(array++, 1, end);
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_TRANSACTION)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_REGS_INTR)
		swap_regs(&array, attr->sample_regs_intr, end);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_CGROUP)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		swap64(array++, 1, end);
	if (type & PERF_SAMPLE_AUX)
		swap64(array++, 1, end);
#undef ROOM
}
