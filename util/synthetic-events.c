// SPDX-License-Identifier: GPL-2.0
#include "synthetic-events.h"
#include "cpumap.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "header.h"
#include "mmap.h"
#include "strbuf.h"
#include "threadmap.h"
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#define MAX_RECORD 65528	/* the largest 8-aligned record size */

size_t evlist__id_hdr_size(struct evlist *evlist)
{
	struct evsel *first = evlist__first(evlist);

	return first && first->attr.sample_id_all ? perf_evsel__id_hdr_size(&first->attr) : 0;
}

static int emit(struct synth_ctx *sc, const void *buf, size_t size)
{
	return sc->process(sc->ctx, buf, size);
}

/* Append the zero trailer, then emit. event must have room for it. */
static int emit_sideband(struct synth_ctx *sc, union perf_event *event)
{
	memset((char *)event + event->header.size, 0, sc->id_hdr_size);
	event->header.size += sc->id_hdr_size;
	return emit(sc, event, event->header.size);
}

int perf_event__synthesize_attrs(struct synth_ctx *sc, struct evlist *evlist)
{
	struct evsel *evsel;
	int err = 0;

	evlist__for_each_entry(evlist, evsel) {
		size_t size = sizeof(struct perf_event_header) + sizeof(evsel->attr) +
			      evsel->nr_ids * sizeof(u64);
		struct perf_record_header_attr *ev;

		if (size > MAX_RECORD)
			return -E2BIG;
		ev = xzalloc(size);
		ev->header.type = PERF_RECORD_HEADER_ATTR;
		ev->header.size = size;
		ev->attr = evsel->attr;
		ev->attr.size = sizeof(ev->attr);
		memcpy(ev->id, evsel->ids, evsel->nr_ids * sizeof(u64));
		err = emit(sc, ev, size);
		free(ev);
		if (err)
			break;
	}
	return err;
}

int perf_event__synthesize_features(struct synth_ctx *sc, struct perf_header *header,
				    struct evlist *evlist, const struct perf_header_write_info *info)
{
	struct strbuf sb = STRBUF_INIT;
	struct perf_record_header_feature last = {
		.header = { .type = PERF_RECORD_HEADER_FEATURE, .size = sizeof(last) },
		.feat_id = HEADER_LAST_FEATURE,
	};
	int err = 0;

	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++) {
		struct perf_record_header_feature hdr = {
			.header = { .type = PERF_RECORD_HEADER_FEATURE },
			.feat_id = feat,
		};

		if (!perf_header__has_feat(header, feat) || !perf_header__feat_synthesizable(feat))
			continue;
		strbuf_reset(&sb);
		strbuf_add(&sb, &hdr, sizeof(hdr));
		if (perf_header__write_feature(header, evlist, feat, info, &sb))
			continue;	/* not available here: skipped, as upstream */
		if (sb.len > MAX_RECORD)
			continue;
		((struct perf_record_header_feature *)sb.buf)->header.size = sb.len;
		err = emit(sc, sb.buf, sb.len);
		if (err)
			break;
	}
	strbuf_release(&sb);
	return err ? err : emit(sc, &last, sizeof(last));
}

int perf_event__synthesize_tracing_data(struct synth_ctx *sc, const void *data, size_t size)
{
	struct perf_record_header_tracing_data ev = {
		.header = { .type = PERF_RECORD_HEADER_TRACING_DATA, .size = sizeof(ev) },
	};
	size_t aligned = PERF_ALIGN(size, sizeof(u64));
	static const char zeros[8];
	int err;

	ev.size = aligned;
	err = emit(sc, &ev, sizeof(ev));
	if (!err)
		err = emit(sc, data, size);
	if (!err && aligned > size)
		err = emit(sc, zeros, aligned - size);
	return err;
}

/* An EVENT_UPDATE of payload bytes, sized as upstream sizes them. */
static struct perf_record_event_update *event_update__new(u64 type, u64 id, size_t payload)
{
	size_t size = PERF_ALIGN(sizeof(struct perf_record_event_update) + payload, sizeof(u64));
	struct perf_record_event_update *ev = xzalloc(size);

	ev->header.type = PERF_RECORD_EVENT_UPDATE;
	ev->header.size = size;
	ev->type = type;
	ev->id = id;
	return ev;
}

static int emit_event_update_str(struct synth_ctx *sc, u64 type, u64 id, const char *str)
{
	size_t len = strlen(str);
	struct perf_record_event_update *ev;
	int err;

	if (sizeof(*ev) + len + 1 > MAX_RECORD)
		return 0;
	ev = event_update__new(type, id, len + 1);
	memcpy(ev->str, str, len);
	err = emit(sc, ev, ev->header.size);
	free(ev);
	return err;
}

int perf_event__synthesize_extra_attr(struct synth_ctx *sc, struct evlist *evlist, bool is_pipe)
{
	struct evsel *evsel;
	int err = 0;

	evlist__for_each_entry(evlist, evsel) {
		if (!evsel->nr_ids)
			continue;
		if (evsel->unit && *evsel->unit)
			err = emit_event_update_str(sc, PERF_EVENT_UPDATE__UNIT, evsel->ids[0], evsel->unit);
		if (!err && evsel->scale != 1.0) {
			struct perf_record_event_update *ev;

			ev = event_update__new(PERF_EVENT_UPDATE__SCALE, evsel->ids[0], sizeof(double));
			ev->scale.scale = evsel->scale;
			err = emit(sc, ev, ev->header.size);
			free(ev);
		}
		if (!err && is_pipe)
			err = emit_event_update_str(sc, PERF_EVENT_UPDATE__NAME, evsel->ids[0],
						    evsel->name ? evsel->name : "");
		if (err)
			break;
	}
	return err;
}

int perf_event__synthesize_id_index(struct synth_ctx *sc, struct evlist *evlist)
{
	size_t max_entries = (MAX_RECORD - sizeof(struct perf_record_id_index)) / sizeof(struct id_index_entry);
	struct perf_record_id_index *ev;
	bool per_thread = perf_cpu_map__has_any(evlist->cpus);
	struct evsel *evsel;
	size_t n = 0, total = 0;
	int err = 0;

	evlist__for_each_entry(evlist, evsel)
		total += evsel->nr_ids;
	if (!total)
		return 0;
	ev = xzalloc(sizeof(*ev) + min(total, max_entries) * sizeof(struct id_index_entry));
	evlist__for_each_entry(evlist, evsel) {
		int nthreads = evsel->nr_fd_threads ? evsel->nr_fd_threads : 1;

		for (int k = 0; k < evsel->nr_ids; k++) {
			struct id_index_entry *e = &ev->entries[n++];
			int c = k / nthreads, t = k % nthreads;

			e->id = evsel->ids[k];
			e->idx = per_thread ? t : c;
			e->cpu = perf_cpu_map__cpu(evsel->cpus ? evsel->cpus : evlist->cpus, c);
			e->tid = perf_thread_map__pid(evsel->threads ? evsel->threads : evlist->threads, t);
			if (n == max_entries) {
				ev->header.type = PERF_RECORD_ID_INDEX;
				ev->header.size = sizeof(*ev) + n * sizeof(*e);
				ev->nr = n;
				err = emit(sc, ev, ev->header.size);
				if (err)
					goto out;
				n = 0;
			}
		}
	}
	if (n) {
		ev->header.type = PERF_RECORD_ID_INDEX;
		ev->header.size = sizeof(*ev) + n * sizeof(struct id_index_entry);
		ev->nr = n;
		err = emit(sc, ev, ev->header.size);
	}
out:
	free(ev);
	return err;
}

/* Fill an MMAP record; filename padded to 8 bytes. */
static size_t fill_mmap(union perf_event *ev, u16 misc, u32 pid, u32 tid, u64 start, u64 len,
			u64 pgoff, const char *filename)
{
	size_t flen = strlen(filename);

	if (flen >= PATH_MAX)
		flen = PATH_MAX - 1;
	memset(ev, 0, offsetof(struct perf_record_mmap, filename));
	ev->mmap.header.type = PERF_RECORD_MMAP;
	ev->mmap.header.misc = misc;
	ev->mmap.pid = pid;
	ev->mmap.tid = tid;
	ev->mmap.start = start;
	ev->mmap.len = len;
	ev->mmap.pgoff = pgoff;
	memset(ev->mmap.filename, 0, PERF_ALIGN(flen + 1, sizeof(u64)));
	memcpy(ev->mmap.filename, filename, flen);
	ev->mmap.header.size = offsetof(struct perf_record_mmap, filename) + PERF_ALIGN(flen + 1, sizeof(u64));
	return ev->mmap.header.size;
}

int perf_event__synthesize_kernel_mmap(struct synth_ctx *sc)
{
	union perf_event *ev;
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	unsigned long long text = 0, etext = 0;
	int err;

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long addr;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (!text && !strcmp(name, "_text"))
			text = addr;
		else if (!strcmp(name, "_etext")) {
			etext = addr;
			break;
		}
	}
	fclose(fp);
	if (!text)
		return -ENOENT;
	ev = xzalloc(sizeof(*ev) + 64);
	fill_mmap(ev, PERF_RECORD_MISC_KERNEL, (u32)-1, 0, text, etext > text ? etext - text : 0,
		  text, "[kernel.kallsyms]_text");
	err = emit_sideband(sc, ev);
	free(ev);
	return err;
}

int perf_event__synthesize_modules(struct synth_ctx *sc)
{
	FILE *fp = fopen("/proc/modules", "r");
	char line[1024];
	union perf_event *ev;
	int err = 0;

	if (!fp)
		return 0;	/* no modules */
	ev = xzalloc(sizeof(*ev) + 64);
	while (!err && fgets(line, sizeof(line), fp)) {
		char name[256], fname[260];
		unsigned long long size, addr;

		if (sscanf(line, "%255s %llu %*s %*s %*s %llx", name, &size, &addr) != 3 || !addr)
			continue;
		snprintf(fname, sizeof(fname), "[%s]", name);
		fill_mmap(ev, PERF_RECORD_MISC_KERNEL, (u32)-1, 0, addr, size, 0, fname);
		err = emit_sideband(sc, ev);
	}
	fclose(fp);
	free(ev);
	return err;
}

int perf_event__synthesize_thread_map2(struct synth_ctx *sc, struct perf_thread_map *threads)
{
	int nr = perf_thread_map__nr(threads);
	size_t size = sizeof(struct perf_record_thread_map) + nr * sizeof(struct perf_record_thread_map_entry);
	struct perf_record_thread_map *ev;
	int err;

	if (size > MAX_RECORD)
		return 0;	/* too many threads for one record (upstream gives up too) */
	ev = xzalloc(size);
	ev->header.type = PERF_RECORD_THREAD_MAP;
	ev->header.size = size;
	ev->nr = nr;
	/* the comms stay empty, as upstream writes them */
	for (int i = 0; i < nr; i++)
		ev->entries[i].pid = (u64)(s64)perf_thread_map__pid(threads, i);
	err = emit(sc, ev, size);
	free(ev);
	return err;
}

int perf_event__synthesize_cpu_map(struct synth_ctx *sc, struct perf_cpu_map *cpus)
{
	char buf[4096] __attribute__((aligned(8)));
	struct perf_record_cpu_map *ev = (void *)buf;
	int nr = perf_cpu_map__nr(cpus);
	bool any = perf_cpu_map__has_any(cpus);
	int first = any ? (nr > 1 ? cpus->map[1] : -1) : perf_cpu_map__cpu(cpus, 0);
	int last = perf_cpu_map__cpu(cpus, nr - 1);
	bool contiguous = true;
	size_t size;

	memset(buf, 0, sizeof(buf));
	for (int i = any ? 2 : 1; i < nr; i++)
		if (cpus->map[i] != cpus->map[i - 1] + 1)
			contiguous = false;
	ev->header.type = PERF_RECORD_CPU_MAP;
	if (contiguous && (first >= 0 || any)) {
		ev->data.type = PERF_CPU_MAP__RANGE_CPUS;
		ev->data.range_cpu_data.any_cpu = any;
		ev->data.range_cpu_data.start_cpu = first < 0 ? 0 : first;
		ev->data.range_cpu_data.end_cpu = last < 0 ? 0 : last;
		size = sizeof(ev->header) + 2 + sizeof(struct perf_record_range_cpu_map);
	} else {
		u16 n = nr;

		if ((size_t)nr * 2 + 16 > sizeof(buf))
			return 0;
		ev->data.type = PERF_CPU_MAP__CPUS;
		memcpy(&ev->data.cpus_data.nr, &n, 2);
		for (int i = 0; i < nr; i++) {
			u16 c = (u16)cpus->map[i];

			memcpy((char *)&ev->data.cpus_data.cpu + 2 * i, &c, 2);
		}
		size = sizeof(ev->header) + 2 + 2 + 2 * nr;
	}
	ev->header.size = PERF_ALIGN(size, sizeof(u64));
	return emit(sc, ev, ev->header.size);
}

int perf_event__synthesize_time_conv(struct synth_ctx *sc, const struct perf_mmap *map)
{
	const struct perf_event_mmap_page *pc;
	struct perf_record_time_conv ev;

	if (!map || !map->base)
		return 0;
	pc = perf_mmap__page(map);
	if (!pc->cap_user_time_zero)
		return 0;	/* no TSC conversion offered */
	memset(&ev, 0, sizeof(ev));
	ev.header.type = PERF_RECORD_TIME_CONV;
	ev.header.size = sizeof(ev);
	ev.time_shift = pc->time_shift;
	ev.time_mult = pc->time_mult;
	ev.time_zero = pc->time_zero;
	ev.time_cycles = pc->time_cycles;
	ev.time_mask = pc->time_mask;
	ev.cap_user_time_zero = pc->cap_user_time_zero;
	ev.cap_user_time_short = pc->cap_user_time_short;
	return emit(sc, &ev, sizeof(ev));
}

int perf_event__synthesize_finished_init(struct synth_ctx *sc)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_INIT, .size = sizeof(h) };

	return emit(sc, &h, sizeof(h));
}

int perf_event__synthesize_finished_round(struct synth_ctx *sc)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(h) };

	return emit(sc, &h, sizeof(h));
}

/* --- threads and their mappings, from /proc --- */

/* Name, Tgid and PPid of /proc/PID/task/TID/status. */
static int read_status(pid_t pid, pid_t tid, char *comm, size_t comm_len, pid_t *tgid, pid_t *ppid)
{
	char path[64], line[256];
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/status", pid, tid);
	fp = fopen(path, "r");
	if (!fp) {
		snprintf(path, sizeof(path), "/proc/%d/status", tid);
		fp = fopen(path, "r");
		if (!fp)
			return -errno;
	}
	*comm = '\0';
	*tgid = pid;
	*ppid = 0;
	while (fgets(line, sizeof(line), fp)) {
		if (strstarts(line, "Name:")) {
			char *p = line + 5, *e;

			while (*p == '\t' || *p == ' ')
				p++;
			e = strchr(p, '\n');
			if (e)
				*e = '\0';
			if (snprintf(comm, comm_len, "%s", p) >= (int)comm_len)
				comm[comm_len - 1] = '\0';
		} else if (sscanf(line, "Tgid: %d", tgid) == 1) {
			continue;
		} else if (sscanf(line, "PPid: %d", ppid) == 1) {
			break;
		}
	}
	fclose(fp);
	return 0;
}

static int emit_comm(struct synth_ctx *sc, pid_t pid, pid_t tid, const char *comm)
{
	union perf_event *ev = xzalloc(sizeof(struct perf_record_comm) + 64 + sc->id_hdr_size);
	size_t len = strlen(comm);
	int err;

	if (len > 15)
		len = 15;
	ev->comm.header.type = PERF_RECORD_COMM;
	ev->comm.pid = pid;
	ev->comm.tid = tid;
	memcpy(ev->comm.comm, comm, len);
	ev->comm.header.size = offsetof(struct perf_record_comm, comm) + PERF_ALIGN(len + 1, sizeof(u64));
	err = emit_sideband(sc, ev);
	free(ev);
	return err;
}

static int emit_fork(struct synth_ctx *sc, pid_t pid, pid_t tid, pid_t ppid, pid_t ptid)
{
	union perf_event *ev = xzalloc(sizeof(struct perf_record_fork) + sc->id_hdr_size);
	int err;

	ev->fork.header.type = PERF_RECORD_FORK;
	ev->fork.header.size = sizeof(struct perf_record_fork);
	ev->fork.pid = pid;
	ev->fork.tid = tid;
	ev->fork.ppid = ppid;
	ev->fork.ptid = ptid;
	err = emit_sideband(sc, ev);
	free(ev);
	return err;
}

static int emit_namespaces(struct synth_ctx *sc, pid_t pid, pid_t tid)
{
	static const char *const names[NR_NAMESPACES] = {
		[NET_NS_INDEX] = "net", [UTS_NS_INDEX] = "uts", [IPC_NS_INDEX] = "ipc",
		[PID_NS_INDEX] = "pid", [USER_NS_INDEX] = "user", [MNT_NS_INDEX] = "mnt",
		[CGROUP_NS_INDEX] = "cgroup",
	};
	size_t size = sizeof(struct perf_record_namespaces) + NR_NAMESPACES * sizeof(struct perf_ns_link_info);
	union perf_event *ev = xzalloc(size + sc->id_hdr_size);
	int err;

	ev->namespaces.header.type = PERF_RECORD_NAMESPACES;
	ev->namespaces.header.size = size;
	ev->namespaces.pid = pid;
	ev->namespaces.tid = tid;
	ev->namespaces.nr_namespaces = NR_NAMESPACES;
	for (int i = 0; i < NR_NAMESPACES; i++) {
		char path[128];
		struct stat st;

		snprintf(path, sizeof(path), "/proc/%d/task/%d/ns/%s", pid, tid, names[i]);
		if (stat(path, &st) == 0) {
			ev->namespaces.link_info[i].dev = st.st_dev;
			ev->namespaces.link_info[i].ino = st.st_ino;
		}
	}
	err = emit_sideband(sc, ev);
	free(ev);
	return err;
}

/* The MMAP2s of /proc/PID/maps: executable mappings (all with mmap_data). */
static int emit_mmaps(struct synth_ctx *sc, pid_t pid, pid_t tid, bool mmap_data)
{
	char path[64], line[PATH_MAX + 256];
	union perf_event *ev;
	FILE *fp;
	int err = 0;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/maps", pid, pid);
	fp = fopen(path, "r");
	if (!fp)
		return 0;	/* the process is gone */
	ev = xzalloc(sizeof(*ev) + sc->id_hdr_size);
	while (!err && fgets(line, sizeof(line), fp)) {
		unsigned long long start, end, pgoff, ino;
		unsigned int maj, min;
		char perms[8], name[PATH_MAX];
		int n = 0;
		size_t flen;

		name[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perms, &pgoff,
			   &maj, &min, &ino, &n) < 7)
			continue;
		if (n) {
			char *p = line + n, *e = strchr(p, '\n');

			if (e)
				*e = '\0';
			snprintf(name, sizeof(name), "%s", p);
		}
		if (perms[2] != 'x' && !mmap_data)
			continue;
		if (!name[0])
			strcpy(name, "//anon");
		memset(ev, 0, offsetof(struct perf_record_mmap2, filename));
		ev->mmap2.header.type = PERF_RECORD_MMAP2;
		ev->mmap2.header.misc = PERF_RECORD_MISC_USER |
					(perms[2] == 'x' ? 0 : PERF_RECORD_MISC_MMAP_DATA);
		ev->mmap2.pid = pid;
		ev->mmap2.tid = tid;
		ev->mmap2.start = start;
		ev->mmap2.len = end - start;
		ev->mmap2.pgoff = pgoff;
		ev->mmap2.maj = maj;
		ev->mmap2.min = min;
		ev->mmap2.ino = ino;
		ev->mmap2.prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
				 (perms[2] == 'x' ? PROT_EXEC : 0);
		ev->mmap2.flags = perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE;
		flen = strlen(name);
		memset(ev->mmap2.filename, 0, PERF_ALIGN(flen + 1, sizeof(u64)));
		memcpy(ev->mmap2.filename, name, flen);
		ev->mmap2.header.size = offsetof(struct perf_record_mmap2, filename) +
					PERF_ALIGN(flen + 1, sizeof(u64));
		err = emit_sideband(sc, ev);
	}
	fclose(fp);
	free(ev);
	return err;
}

int perf_event__synthesize_comm(struct synth_ctx *sc, pid_t pid, pid_t tid, bool mmaps, bool mmap_data)
{
	char comm[64];
	pid_t tgid, ppid;
	int err;

	if (read_status(pid, tid, comm, sizeof(comm), &tgid, &ppid))
		return 0;	/* gone */
	err = emit_comm(sc, tgid, tid, comm);
	if (!err && mmaps)
		err = emit_mmaps(sc, tgid, tid, mmap_data);
	return err;
}

static int cmp_pid(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The numeric entries of a /proc directory, sorted. */
static int read_pids(const char *path, int **pids)
{
	DIR *dir = opendir(path);
	struct dirent *d;
	int n = 0, alloc = 0;

	*pids = NULL;
	if (!dir)
		return 0;
	while ((d = readdir(dir)) != NULL) {
		char *end;
		long v = strtol(d->d_name, &end, 10);

		if (*end || end == d->d_name)
			continue;
		ALLOC_GROW(*pids, n + 1, alloc);
		(*pids)[n++] = (int)v;
	}
	closedir(dir);
	if (n)
		qsort(*pids, n, sizeof(int), cmp_pid);
	return n;
}

int perf_event__synthesize_process(struct synth_ctx *sc, pid_t pid, bool mmap_data, bool namespaces)
{
	char path[64];
	int *tids, n, err = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	n = read_pids(path, &tids);
	for (int i = 0; i < n && !err; i++) {
		char comm[64];
		pid_t tgid, ppid;
		bool kthread;

		if (read_status(pid, tids[i], comm, sizeof(comm), &tgid, &ppid))
			continue;
		if (tgid == tids[i])
			err = emit_fork(sc, tgid, tids[i], ppid, ppid);
		else
			err = emit_fork(sc, tgid, tids[i], tgid, tgid);
		if (!err && namespaces)
			err = emit_namespaces(sc, tgid, tids[i]);
		if (!err)
			err = emit_comm(sc, tgid, tids[i], comm);
		/* kernel threads have no mappings (and ppid 2, or none) */
		kthread = ppid == 2 || tgid == 2;
		if (!err && tids[i] == pid && !kthread)
			err = emit_mmaps(sc, tgid, tids[i], mmap_data);
	}
	free(tids);
	return err;
}

int perf_event__synthesize_all_processes(struct synth_ctx *sc, bool mmap_data, bool namespaces)
{
	int *pids, n, err = 0;

	n = read_pids("/proc", &pids);
	for (int i = 0; i < n && !err; i++)
		err = perf_event__synthesize_process(sc, pids[i], mmap_data, namespaces);
	free(pids);
	return err;
}
