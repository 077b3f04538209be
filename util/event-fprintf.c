// SPDX-License-Identifier: GPL-2.0
/*
 * One line (or a few) per record, after "PERF_RECORD_XXX", as upstream's raw
 * dump and 'perf script --show-*-events' print them.
 */
#include "event.h"
#include "cpumap.h"
#include <inttypes.h>
#include <sys/mman.h>

size_t perf_event__fprintf_mmap(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %s\n",
		       event->mmap.pid, event->mmap.tid, event->mmap.start, event->mmap.len,
		       event->mmap.pgoff,
		       (event->header.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
		       event->mmap.filename);
}

size_t perf_event__fprintf_mmap2(union perf_event *event, FILE *fp)
{
	const struct perf_record_mmap2 *m = &event->mmap2;
	u32 prot = m->prot;
	char perms[5];

	perms[0] = prot & PROT_READ ? 'r' : '-';
	perms[1] = prot & PROT_WRITE ? 'w' : '-';
	perms[2] = prot & PROT_EXEC ? 'x' : '-';
	perms[3] = m->flags & MAP_SHARED ? 's' : 'p';
	perms[4] = '\0';

	if (event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		char bid[2 * 20 + 1];
		size_t n = m->build_id_size < 20 ? m->build_id_size : 20;

		for (size_t i = 0; i < n; i++)
			sprintf(bid + 2 * i, "%02x", m->build_id[i]);
		bid[2 * n] = '\0';
		return fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " <%s>]: %s %s\n",
			       m->pid, m->tid, m->start, m->len, m->pgoff, bid, perms, m->filename);
	}
	return fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 " %02x:%02x %" PRIu64
		       " %" PRIu64 "]: %s %s\n",
		       m->pid, m->tid, m->start, m->len, m->pgoff, m->maj, m->min, m->ino,
		       m->ino_generation, perms, m->filename);
}

size_t perf_event__fprintf_comm(union perf_event *event, FILE *fp)
{
	const char *s = event->header.misc & PERF_RECORD_MISC_COMM_EXEC ? " exec" : "";

	return fprintf(fp, "%s: %s:%d/%d\n", s, event->comm.comm, event->comm.pid, event->comm.tid);
}

size_t perf_event__fprintf_task(union perf_event *event, FILE *fp)
{
	return fprintf(fp, "(%d:%d):(%d:%d)\n", event->fork.pid, event->fork.tid,
		       event->fork.ppid, event->fork.ptid);
}

static const char *const ns_names[] = {
	[NET_NS_INDEX] = "net",
	[UTS_NS_INDEX] = "uts",
	[IPC_NS_INDEX] = "ipc",
	[PID_NS_INDEX] = "pid",
	[USER_NS_INDEX] = "user",
	[MNT_NS_INDEX] = "mnt",
	[CGROUP_NS_INDEX] = "cgroup",
};

size_t perf_event__fprintf_namespaces(union perf_event *event, FILE *fp)
{
	const struct perf_record_namespaces *ns = &event->namespaces;
	u64 nr = ns->nr_namespaces;
	u64 room = (event->header.size - sizeof(*ns)) / sizeof(struct perf_ns_link_info);
	size_t ret;

	ret = fprintf(fp, " %d/%d - nr_namespaces: %" PRIu64 "\n\t\t[", ns->pid, ns->tid, nr);
	if (nr > room)
		nr = room;
	for (u64 idx = 0; idx < nr; idx++) {
		const char *name = idx < NR_NAMESPACES ? ns_names[idx] : "UNKNOWN";

		ret += fprintf(fp, "%" PRIu64 "/%s: %" PRIu64 "/%#" PRIx64 "%s", idx, name,
			       (u64)ns->link_info[idx].dev, (u64)ns->link_info[idx].ino,
			       idx + 1 == nr ? "" : ((idx + 1) % 4 ? ", " : ", \n\t\t "));
	}
	ret += fprintf(fp, "]\n");
	return ret;
}

size_t perf_event__fprintf_cgroup(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " cgroup: %" PRIu64 " %s\n", event->cgroup.id, event->cgroup.path);
}

size_t perf_event__fprintf_switch(union perf_event *event, FILE *fp)
{
	bool out = event->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *in_out = !out ? "IN         " :
		!(event->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ? "OUT        " :
		"OUT preempt";

	if (event->header.type == PERF_RECORD_SWITCH)
		return fprintf(fp, " %s\n", in_out);
	return fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", in_out, out ? "next" : "prev",
		       event->context_switch.next_prev_pid, event->context_switch.next_prev_tid);
}

size_t perf_event__fprintf_lost(union perf_event *event, FILE *fp)
{
	return fprintf(fp, ": id:%" PRIu64 ": lost:%" PRIu64 "\n", event->lost.id, event->lost.lost);
}

size_t perf_event__fprintf_lost_samples(union perf_event *event, FILE *fp)
{
	return fprintf(fp, ": lost:%" PRIu64 "\n", event->lost_samples.lost);
}

size_t perf_event__fprintf_ksymbol(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " addr %" PRIx64 " len %u type %u flags 0x%x name %s\n",
		       event->ksymbol.addr, event->ksymbol.len, event->ksymbol.ksym_type,
		       event->ksymbol.flags, event->ksymbol.name);
}

size_t perf_event__fprintf_bpf(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " type %u, flags %u, id %u\n", event->bpf.type, event->bpf.flags,
		       event->bpf.id);
}

size_t perf_event__fprintf_text_poke(union perf_event *event, FILE *fp)
{
	const struct perf_record_text_poke *tp = &event->text_poke;
	size_t ret = fprintf(fp, " %" PRIx64 " old len %u new len %u\n", tp->addr, tp->old_len,
			     tp->new_len);

	return ret;
}

size_t perf_event__fprintf_aux(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " offset: %#" PRIx64 " size: %#" PRIx64 " flags: %#" PRIx64 " [%s%s%s]\n",
		       event->aux.aux_offset, event->aux.aux_size, event->aux.flags,
		       event->aux.flags & PERF_AUX_FLAG_TRUNCATED ? "T" : "",
		       event->aux.flags & PERF_AUX_FLAG_OVERWRITE ? "O" : "",
		       event->aux.flags & PERF_AUX_FLAG_PARTIAL ? "P" : "");
}

size_t perf_event__fprintf_itrace_start(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " pid: %u tid: %u\n", event->itrace_start.pid, event->itrace_start.tid);
}

size_t perf_event__fprintf_aux_output_hw_id(union perf_event *event, FILE *fp)
{
	return fprintf(fp, " hw_id: %#" PRIx64 "\n", event->aux_output_hw_id.hw_id);
}

size_t perf_event__fprintf_thread_map(union perf_event *event, FILE *fp)
{
	const struct perf_record_thread_map *map = &event->thread_map;
	u64 room = (event->header.size - sizeof(*map)) / sizeof(map->entries[0]);
	u64 nr = map->nr < room ? map->nr : room;
	size_t ret = fprintf(fp, " nr: %" PRIu64 " thread%s: ", nr, nr > 1 ? "s" : "");

	for (u64 i = 0; i < nr; i++)
		ret += fprintf(fp, "%s%d", i ? "," : "", (int)map->entries[i].pid);
	ret += fprintf(fp, "\n");
	return ret;
}

size_t perf_event__fprintf_cpu_map(union perf_event *event, FILE *fp)
{
	struct perf_cpu_map *cpus;
	char buf[1024];
	size_t ret;

	cpus = cpu_map__new_data(&event->cpu_map.data,
				 event->header.size - offsetof(struct perf_record_cpu_map, data));
	if (!cpus)
		return fprintf(fp, ": failed to get CPUs\n");
	cpu_map__snprint(cpus, buf, sizeof(buf));
	ret = fprintf(fp, ": %s\n", buf);
	perf_cpu_map__put(cpus);
	return ret;
}

size_t perf_event__fprintf_stat(union perf_event *event, FILE *fp)
{
	const struct perf_record_stat *st = &event->stat;

	return fprintf(fp, "\n... id %" PRIu64 ", cpu %d, thread %d\n"
		       "... value %" PRIu64 ", enabled %" PRIu64 ", running %" PRIu64 "\n",
		       st->id, (int)st->cpu, (int)st->thread, st->val, st->ena, st->run);
}

size_t perf_event__fprintf_stat_round(union perf_event *event, FILE *fp)
{
	return fprintf(fp, "\n... time %" PRIu64 ", type %s\n", event->stat_round.time,
		       event->stat_round.type == PERF_STAT_ROUND_TYPE__FINAL ? "FINAL" : "INTERVAL");
}

size_t perf_event__fprintf_stat_config(union perf_event *event, FILE *fp)
{
	const struct perf_record_stat_config *c = &event->stat_config;
	u64 room = (event->header.size - sizeof(*c)) / sizeof(c->data[0]);
	size_t ret = fprintf(fp, "\n");

	for (u64 i = 0; i < c->nr && i < room; i++) {
		switch (c->data[i].tag) {
		case PERF_STAT_CONFIG_TERM__AGGR_MODE:
			ret += fprintf(fp, "... aggr_mode %" PRIu64 "\n", c->data[i].val);
			break;
		case PERF_STAT_CONFIG_TERM__INTERVAL:
			ret += fprintf(fp, "... interval %" PRIu64 "\n", c->data[i].val);
			break;
		case PERF_STAT_CONFIG_TERM__SCALE:
			ret += fprintf(fp, "... scale %" PRIu64 "\n", c->data[i].val);
			break;
		default:
			ret += fprintf(fp, "... unknown tag %" PRIu64 "\n", c->data[i].tag);
			break;
		}
	}
	return ret;
}

size_t perf_event__fprintf_event_update(union perf_event *event, FILE *fp)
{
	const struct perf_record_event_update *ev = &event->event_update;
	size_t len = event->header.size - offsetof(struct perf_record_event_update, str);
	size_t ret = fprintf(fp, "\n... id:    %" PRIu64 "\n", ev->id);
	struct perf_cpu_map *cpus;
	char buf[1024];

	switch (ev->type) {
	case PERF_EVENT_UPDATE__SCALE:
		ret += fprintf(fp, "... scale: %f\n", ev->scale.scale);
		break;
	case PERF_EVENT_UPDATE__UNIT:
		ret += fprintf(fp, "... unit:  %.*s\n", (int)strnlen(ev->str, len), ev->str);
		break;
	case PERF_EVENT_UPDATE__NAME:
		ret += fprintf(fp, "... name:  %.*s\n", (int)strnlen(ev->str, len), ev->str);
		break;
	case PERF_EVENT_UPDATE__CPUS:
		ret += fprintf(fp, "... ");
		cpus = cpu_map__new_data(&ev->cpus.cpus, len);
		if (cpus) {
			cpu_map__snprint(cpus, buf, sizeof(buf));
			ret += fprintf(fp, "%s\n", buf);
			perf_cpu_map__put(cpus);
		} else {
			ret += fprintf(fp, "failed to get cpus\n");
		}
		break;
	default:
		ret += fprintf(fp, "... unknown type\n");
		break;
	}
	return ret;
}

size_t perf_event__fprintf_time_conv(union perf_event *event, FILE *fp)
{
	const struct perf_record_time_conv *tc = &event->time_conv;
	size_t ret;

	ret = fprintf(fp, "\n... Time Shift      %" PRIu64 "\n", tc->time_shift);
	ret += fprintf(fp, "... Time Muliplier  %" PRIu64 "\n", tc->time_mult);
	ret += fprintf(fp, "... Time Zero       %" PRIu64 "\n", tc->time_zero);
	if (event->header.size >= sizeof(*tc)) {
		ret += fprintf(fp, "... Time Cycles     %" PRIu64 "\n", tc->time_cycles);
		ret += fprintf(fp, "... Time Mask       %#" PRIx64 "\n", tc->time_mask);
		ret += fprintf(fp, "... Cap Time Zero   %" PRId32 "\n", tc->cap_user_time_zero);
		ret += fprintf(fp, "... Cap Time Short  %" PRId32 "\n", tc->cap_user_time_short);
	}
	return ret;
}

size_t perf_event__fprintf_id_index(union perf_event *event, FILE *fp)
{
	const struct perf_record_id_index *ii = &event->id_index;
	u64 room = (event->header.size - sizeof(*ii)) / sizeof(ii->entries[0]);
	size_t ret = fprintf(fp, " nr: %" PRIu64 "\n", ii->nr);

	for (u64 i = 0; i < ii->nr && i < room; i++) {
		const struct id_index_entry *e = &ii->entries[i];

		ret += fprintf(fp, " ... id: %" PRIu64 "  idx: %" PRIu64 "  cpu: %" PRId64
			       "  tid: %" PRId64 "\n", e->id, e->idx, (s64)e->cpu, (s64)e->tid);
	}
	return ret;
}

size_t perf_event__fprintf(union perf_event *event, FILE *fp)
{
	size_t ret = fprintf(fp, "PERF_RECORD_%s", perf_event__name(event->header.type));

	switch (event->header.type) {
	case PERF_RECORD_COMM:
		ret += perf_event__fprintf_comm(event, fp);
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		ret += perf_event__fprintf_task(event, fp);
		break;
	case PERF_RECORD_MMAP:
		ret += perf_event__fprintf_mmap(event, fp);
		break;
	case PERF_RECORD_NAMESPACES:
		ret += perf_event__fprintf_namespaces(event, fp);
		break;
	case PERF_RECORD_CGROUP:
		ret += perf_event__fprintf_cgroup(event, fp);
		break;
	case PERF_RECORD_MMAP2:
		ret += perf_event__fprintf_mmap2(event, fp);
		break;
	case PERF_RECORD_AUX:
		ret += perf_event__fprintf_aux(event, fp);
		break;
	case PERF_RECORD_ITRACE_START:
		ret += perf_event__fprintf_itrace_start(event, fp);
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		ret += perf_event__fprintf_switch(event, fp);
		break;
	case PERF_RECORD_LOST:
		/* not the raw dump's ": id:..: lost:.." */
		ret += fprintf(fp, " lost %" PRIu64 "\n", event->lost.lost);
		break;
	case PERF_RECORD_KSYMBOL:
		ret += perf_event__fprintf_ksymbol(event, fp);
		break;
	case PERF_RECORD_BPF_EVENT:
		ret += perf_event__fprintf_bpf(event, fp);
		break;
	case PERF_RECORD_TEXT_POKE:
		ret += perf_event__fprintf_text_poke(event, fp);
		break;
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		ret += perf_event__fprintf_aux_output_hw_id(event, fp);
		break;
	default:
		ret += fprintf(fp, "\n");
	}
	return ret;
}

static struct perf_cpu_map *cpu_map__from_mask(const void *mask, int long_size, int nr)
{
	int *cpus = NULL, n = 0, alloc = 0;
	struct perf_cpu_map *map;

	for (int i = 0; i < nr; i++) {
		u64 word = long_size == 8 ? ((const u64 *)mask)[i] : ((const u32 *)mask)[i];

		for (int bit = 0; bit < long_size * 8; bit++) {
			if (!(word & (1ULL << bit)))
				continue;
			ALLOC_GROW(cpus, n + 1, alloc);
			cpus[n++] = i * long_size * 8 + bit;
		}
	}
	map = perf_cpu_map__new_from_array(cpus, n);
	free(cpus);
	return map;
}

struct perf_cpu_map *cpu_map__new_data(const struct perf_record_cpu_map_data *data, size_t size)
{
	const char *p = (const char *)data;
	u16 type, nr;

	if (size < 2)
		return NULL;
	memcpy(&type, p, 2);
	p += 2;
	size -= 2;
	switch (type) {
	case PERF_CPU_MAP__CPUS: {
		int *cpus;
		struct perf_cpu_map *map;

		if (size < 2)
			return NULL;
		memcpy(&nr, p, 2);
		if (size < 2 + 2 * (size_t)nr)
			return NULL;
		cpus = xcalloc(nr ? nr : 1, sizeof(int));
		for (int i = 0; i < nr; i++) {
			u16 c;

			memcpy(&c, p + 2 + 2 * i, 2);
			cpus[i] = c == (u16)-1 ? -1 : c;
		}
		map = perf_cpu_map__new_from_array(cpus, nr);
		free(cpus);
		return map;
	}
	case PERF_CPU_MAP__MASK: {
		u16 long_size;
		const char *mask;
		void *copy;
		struct perf_cpu_map *map;

		if (size < 4)
			return NULL;
		memcpy(&nr, p, 2);
		memcpy(&long_size, p + 2, 2);
		if (long_size == 4)
			mask = p + 4;
		else if (long_size == 8)
			mask = p + 8;
		else
			return NULL;
		if ((size_t)(mask - p) + (size_t)nr * long_size > size)
			return NULL;
		copy = xmalloc((size_t)nr * long_size + 1);	/* the mask is not aligned */
		memcpy(copy, mask, (size_t)nr * long_size);
		map = cpu_map__from_mask(copy, long_size, nr);
		free(copy);
		return map;
	}
	case PERF_CPU_MAP__RANGE_CPUS: {
		struct perf_record_range_cpu_map r;
		int *cpus, n = 0;
		struct perf_cpu_map *map;

		if (size < sizeof(r))
			return NULL;
		memcpy(&r, p, sizeof(r));
		if (r.end_cpu < r.start_cpu)
			return NULL;
		cpus = xcalloc(r.end_cpu - r.start_cpu + 2, sizeof(int));
		if (r.any_cpu)
			cpus[n++] = -1;
		for (int c = r.start_cpu; c <= r.end_cpu; c++)
			cpus[n++] = c;
		map = perf_cpu_map__new_from_array(cpus, n);
		free(cpus);
		return map;
	}
	default:
		return NULL;
	}
}
