// SPDX-License-Identifier: GPL-2.0
#include "dso-hits.h"
#include "hashmap.h"
#include <inttypes.h>

struct dh_map {
	u64	start;
	u64	end;
	int	dso;
};

struct dh_proc {
	struct hashmap_entry ent;
	u32	pid;
	struct dh_map *maps;
	int	nr, alloc;
};

struct dh_thread {
	struct hashmap_entry ent;
	u32	tid;
	char	comm[16];
};

struct dh_name {
	struct hashmap_entry ent;
	int	idx;
	const char *name;
};

struct dso_hits {
	struct hashmap	procs;
	struct hashmap	threads;
	struct hashmap	names;
	struct dso_hits_dso *dsos;
	int		nr_dsos, dsos_alloc;
	struct dh_proc	kernel;
	struct dh_proc	*last_proc;
	char		comm_buf[32];
};

static int proc_cmp(const void *d, const struct hashmap_entry *a, const struct hashmap_entry *b,
		    const void *key)
{
	const struct dh_proc *x = container_of(a, struct dh_proc, ent);

	(void)d;
	return x->pid != (key ? *(const u32 *)key : container_of(b, struct dh_proc, ent)->pid);
}

static int thread_cmp(const void *d, const struct hashmap_entry *a, const struct hashmap_entry *b,
		      const void *key)
{
	const struct dh_thread *x = container_of(a, struct dh_thread, ent);

	(void)d;
	return x->tid != (key ? *(const u32 *)key : container_of(b, struct dh_thread, ent)->tid);
}

static int name_cmp(const void *d, const struct hashmap_entry *a, const struct hashmap_entry *b,
		    const void *key)
{
	const struct dh_name *x = container_of(a, struct dh_name, ent);

	(void)d;
	return strcmp(x->name, key ? (const char *)key : container_of(b, struct dh_name, ent)->name);
}

static int dso__findnew(struct dso_hits *h, const char *name, bool kernel)
{
	struct hashmap_entry key;
	struct dh_name *n;
	struct dso_hits_dso *dso;

	hashmap_entry_init(&key, hash_str(name));
	n = hashmap_iter_entry(hashmap_get(&h->names, &key, name), struct dh_name, ent);
	if (n)
		return n->idx;
	ALLOC_GROW(h->dsos, h->nr_dsos + 1, h->dsos_alloc);
	dso = &h->dsos[h->nr_dsos];
	memset(dso, 0, sizeof(*dso));
	dso->name = xstrdup(name);
	dso->kernel = kernel;
	n = xmalloc(sizeof(*n));
	n->idx = h->nr_dsos++;
	n->name = dso->name;
	hashmap_entry_init(&n->ent, hash_str(name));
	hashmap_add(&h->names, &n->ent);
	return n->idx;
}

struct dso_hits *dso_hits__new(void)
{
	struct dso_hits *h = xzalloc(sizeof(*h));

	hashmap_init(&h->procs, proc_cmp, NULL, 0);
	hashmap_init(&h->threads, thread_cmp, NULL, 0);
	hashmap_init(&h->names, name_cmp, NULL, 0);
	h->kernel.pid = -1;
	dso__findnew(h, "[kernel.kallsyms]", true);
	return h;
}

void dso_hits__delete(struct dso_hits *h)
{
	struct hashmap_iter iter;
	struct dh_proc *p;
	struct dh_thread *t;
	struct dh_name *n;

	if (!h)
		return;
	hashmap_for_each_entry(&h->procs, &iter, p, struct dh_proc, ent) {
		free(p->maps);
		free(p);
	}
	hashmap_for_each_entry(&h->threads, &iter, t, struct dh_thread, ent)
		free(t);
	hashmap_for_each_entry(&h->names, &iter, n, struct dh_name, ent)
		free(n);
	hashmap_clear(&h->procs);
	hashmap_clear(&h->threads);
	hashmap_clear(&h->names);
	for (int i = 0; i < h->nr_dsos; i++)
		free(h->dsos[i].name);
	free(h->dsos);
	free(h->kernel.maps);
	free(h);
}

static struct dh_proc *proc__find(struct dso_hits *h, u32 pid, bool create)
{
	struct hashmap_entry key;
	struct dh_proc *p;

	if (h->last_proc && h->last_proc->pid == pid)
		return h->last_proc;
	hashmap_entry_init(&key, hash_u64(pid));
	p = hashmap_iter_entry(hashmap_get(&h->procs, &key, &pid), struct dh_proc, ent);
	if (!p && create) {
		p = xzalloc(sizeof(*p));
		p->pid = pid;
		hashmap_entry_init(&p->ent, hash_u64(pid));
		hashmap_add(&h->procs, &p->ent);
	}
	if (p)
		h->last_proc = p;
	return p;
}

static struct dh_thread *thread__find(struct dso_hits *h, u32 tid, bool create)
{
	struct hashmap_entry key;
	struct dh_thread *t;

	hashmap_entry_init(&key, hash_u64(tid));
	t = hashmap_iter_entry(hashmap_get(&h->threads, &key, &tid), struct dh_thread, ent);
	if (!t && create) {
		t = xzalloc(sizeof(*t));
		t->tid = tid;
		hashmap_entry_init(&t->ent, hash_u64(tid));
		hashmap_add(&h->threads, &t->ent);
	}
	return t;
}

/* Map [start, end) to dso, cutting what it overlaps. */
static void maps__insert(struct dh_proc *p, u64 start, u64 end, int dso)
{
	struct dh_map *old = p->maps;
	int nr = p->nr, n = 0, alloc = nr + 3;
	struct dh_map *maps = xmalloc(alloc * sizeof(*maps));
	bool placed = false;

	for (int i = 0; i < nr; i++) {
		struct dh_map m = old[i];

		if (!placed && m.start >= start) {
			maps[n++] = (struct dh_map){ start, end, dso };
			placed = true;
		}
		if (m.end <= start || m.start >= end) {
			maps[n++] = m;
			continue;
		}
		if (m.start < start)
			maps[n++] = (struct dh_map){ m.start, start, m.dso };
		if (!placed) {
			maps[n++] = (struct dh_map){ start, end, dso };
			placed = true;
		}
		if (m.end > end)
			maps[n++] = (struct dh_map){ end, m.end, m.dso };
		if (n + 3 > alloc) {
			alloc = alloc * 2 + 3;
			maps = xrealloc(maps, alloc * sizeof(*maps));
		}
	}
	if (!placed)
		maps[n++] = (struct dh_map){ start, end, dso };
	free(old);
	p->maps = maps;
	p->nr = n;
	p->alloc = alloc;
}

static const struct dh_map *maps__find(const struct dh_proc *p, u64 addr)
{
	int lo = 0, hi = p ? p->nr : 0;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (addr < p->maps[mid].start)
			hi = mid;
		else if (addr >= p->maps[mid].end)
			lo = mid + 1;
		else
			return &p->maps[mid];
	}
	return NULL;
}

static void process_mmap(struct dso_hits *h, u32 pid, u64 start, u64 len, const char *filename,
			 u16 misc, const u8 *bid, u8 bid_size)
{
	bool kernel = (misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL ||
		      pid == (u32)-1;
	char name[4096];
	int dso;

	snprintf(name, sizeof(name), "%s", filename);
	if (kernel && strstarts(name, "[kernel.kallsyms]"))
		strcpy(name, "[kernel.kallsyms]");
	dso = dso__findnew(h, name, kernel);
	if (bid && bid_size && !h->dsos[dso].bid.size)
		build_id__init(&h->dsos[dso].bid, bid, bid_size);
	if (kernel) {
		/* the kernel map reaches up to the modules after it */
		maps__insert(&h->kernel, start, !strcmp(name, "[kernel.kallsyms]") ? -1ULL : start + len, dso);
		return;
	}
	if (!len)
		return;
	maps__insert(proc__find(h, pid, true), start, start + len, dso);
}

static void process_fork(struct dso_hits *h, union perf_event *event)
{
	struct dh_thread *parent = thread__find(h, event->fork.ptid, false);
	struct dh_thread *child = thread__find(h, event->fork.tid, true);
	struct dh_proc *pp, *cp;

	if (parent)
		memcpy(child->comm, parent->comm, sizeof(child->comm));
	if (event->fork.pid == event->fork.ppid)
		return;		/* a thread: same address space */
	pp = proc__find(h, event->fork.ppid, false);
	if (!pp || !pp->nr)
		return;
	cp = proc__find(h, event->fork.pid, true);
	if (cp == pp)
		return;
	free(cp->maps);
	cp->maps = xmemdup(pp->maps, pp->nr * sizeof(*pp->maps));
	cp->nr = cp->alloc = pp->nr;
}

int dso_hits__process_event(struct dso_hits *h, union perf_event *event)
{
	switch (event->header.type) {
	case PERF_RECORD_MMAP:
		process_mmap(h, event->mmap.pid, event->mmap.start, event->mmap.len,
			     event->mmap.filename, event->header.misc, NULL, 0);
		break;
	case PERF_RECORD_MMAP2:
		process_mmap(h, event->mmap2.pid, event->mmap2.start, event->mmap2.len,
			     event->mmap2.filename, event->header.misc,
			     event->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID ? event->mmap2.build_id : NULL,
			     event->mmap2.build_id_size);
		break;
	case PERF_RECORD_COMM: {
		struct dh_thread *t = thread__find(h, event->comm.tid, true);

		snprintf(t->comm, sizeof(t->comm), "%.*s", (int)sizeof(event->comm.comm), event->comm.comm);
		break;
	}
	case PERF_RECORD_FORK:
		process_fork(h, event);
		break;
	default:
		break;
	}
	return 0;
}

static int sample__dso(struct dso_hits *h, const struct perf_sample *sample)
{
	const struct dh_map *m;

	switch (sample->cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		m = maps__find(&h->kernel, sample->ip);
		return m ? m->dso : -1;
	case PERF_RECORD_MISC_USER:
		m = maps__find(proc__find(h, sample->pid, false), sample->ip);
		return m ? m->dso : -1;
	default:
		return -1;
	}
}

struct dso_hits_dso *dso_hits__sample(struct dso_hits *h, const struct perf_sample *sample)
{
	int dso = sample__dso(h, sample);

	if (dso < 0)
		return NULL;
	h->dsos[dso].hits++;
	return &h->dsos[dso];
}

const char *dso_hits__comm(struct dso_hits *h, u32 tid)
{
	struct dh_thread *t = thread__find(h, tid, false);

	if (t && t->comm[0])
		return t->comm;
	if (tid == 0)
		return "swapper";
	snprintf(h->comm_buf, sizeof(h->comm_buf), ":%d", (int)tid);
	return h->comm_buf;
}

int dso_hits__nr_dsos(const struct dso_hits *h)
{
	return h->nr_dsos;
}

struct dso_hits_dso *dso_hits__dso(struct dso_hits *h, int idx)
{
	return idx >= 0 && idx < h->nr_dsos ? &h->dsos[idx] : NULL;
}

void dso_hits__dump_sample(struct dso_hits *h, const struct perf_sample *sample, FILE *fp)
{
	int dso = sample__dso(h, sample);

	fprintf(fp, " ... thread: %s:%d\n", dso_hits__comm(h, sample->tid), (int)sample->tid);
	fprintf(fp, " ...... dso: %s\n",
		dso >= 0 ? h->dsos[dso].name :
		sample->cpumode == PERF_RECORD_MISC_HYPERVISOR ? "[hypervisor]" : "<not found>");
}
