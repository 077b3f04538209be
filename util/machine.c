// SPDX-License-Identifier: GPL-2.0
/* The machine: threads, address spaces, DSOs, and address resolution. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <limits.h>
#include <sys/mman.h>
#include <unistd.h>
#include "machine.h"
#include "debug.h"
#include "env.h"
#include "event.h"
#include "kallsyms.h"

/* Small enough to stay in the CPU's caches: a bigger one is slower. */
#define RESOLVE_CACHE_BITS 12
#define RESOLVE_CACHE_SIZE (1u << RESOLVE_CACHE_BITS)
/* Addresses in one such block share a slot (a symbol's range spans blocks). */
#define RESOLVE_BLOCK_SHIFT 6

/*
 * One answer of thread__resolve() for every address in [lo, hi): the same
 * map and symbol there. Valid while maps->gen is unchanged.
 */
struct resolve_entry {
	const struct maps *maps;
	u64		lo, hi;
	struct map	*map;
	struct symbol	*sym;
	u32		gen;
};

struct comm_str {
	struct hashmap_entry ent;
	char str[];
};

static int comm_str_cmp(const void *data, const struct hashmap_entry *a,
			const struct hashmap_entry *b, const void *key)
{
	const struct comm_str *x = container_of(a, struct comm_str, ent);

	(void)data;
	return strcmp(x->str, key ? key : container_of(b, struct comm_str, ent)->str);
}

static int thread_cmp(const void *data, const struct hashmap_entry *a,
		      const struct hashmap_entry *b, const void *key)
{
	const struct thread *x = container_of(a, struct thread, ent);

	(void)data;
	return x->tid != (key ? *(const pid_t *)key : container_of(b, struct thread, ent)->tid);
}

struct machine *machine__new_host(void)
{
	struct machine *m = xzalloc(sizeof(*m));

	m->pid = HOST_KERNEL_ID;
	dsos__init(&m->dsos);
	maps__init(&m->kmaps, &m->map_pool);
	m->kmap.machine = m;
	hashmap_init(&m->threads, thread_cmp, NULL, 0);
	hashmap_init(&m->comm_strs, comm_str_cmp, NULL, 0);
	m->cache = xcalloc(RESOLVE_CACHE_SIZE, sizeof(*m->cache));
	return m;
}

void machine__delete(struct machine *m)
{
	struct hashmap_iter iter;
	struct comm_str *cs;

	if (!m)
		return;
	for (size_t i = 0; i < m->nr_threads; i++)
		thread__delete(m->all_threads[i]);
	free(m->all_threads);
	for (size_t i = 0; i < m->nr_maps; i++) {
		maps__exit(m->all_maps[i]);
		free(m->all_maps[i]);
	}
	free(m->all_maps);
	hashmap_clear(&m->threads);
	hashmap_for_each_entry(&m->comm_strs, &iter, cs, struct comm_str, ent)
		free(cs);
	hashmap_clear(&m->comm_strs);
	maps__exit(&m->kmaps);
	map_pool__exit(&m->map_pool);
	dsos__exit(&m->dsos);
	free(m->kmap.ref_reloc_name);
	free(m->cache);
	free(m);
}

const char *machine__intern(struct machine *m, const char *str)
{
	struct hashmap_entry key;
	struct comm_str *cs;
	size_t len = strlen(str);

	hashmap_entry_init(&key, hash_str(str));
	cs = hashmap_iter_entry(hashmap_get(&m->comm_strs, &key, str), struct comm_str, ent);
	if (cs)
		return cs->str;
	cs = xmalloc(sizeof(*cs) + len + 1);
	memcpy(cs->str, str, len + 1);
	hashmap_entry_init(&cs->ent, key.hash);
	hashmap_add(&m->comm_strs, &cs->ent);
	return cs->str;
}

/* --- threads --- */

static struct maps *machine__new_maps(struct machine *m)
{
	struct maps *maps = xmalloc(sizeof(*maps));

	maps__init(maps, &m->map_pool);
	ALLOC_GROW(m->all_maps, m->nr_maps + 1, m->alloc_maps);
	m->all_maps[m->nr_maps++] = maps;
	return maps;
}

static struct thread *machine__lookup(struct machine *m, pid_t tid)
{
	struct hashmap_entry key;

	if (m->last_thread && m->last_thread->tid == tid)
		return m->last_thread;
	hashmap_entry_init(&key, hash_u64((u64)(u32)tid));
	return hashmap_iter_entry(hashmap_get(&m->threads, &key, &tid), struct thread, ent);
}

static void machine__remove_thread(struct machine *m, struct thread *th)
{
	if (!th->in_table)
		return;
	hashmap_remove(&m->threads, &th->ent, &th->tid);
	th->in_table = false;
	if (m->last_thread == th)
		m->last_thread = NULL;
}

/* A thread seen first without its pid joins its process's maps once the pid is known. */
static void machine__update_thread_pid(struct machine *m, struct thread *th, pid_t pid)
{
	struct thread *leader;

	if (pid == th->pid || pid == -1 || th->pid != -1)
		return;
	th->pid = pid;
	if (th->pid == th->tid)
		return;
	leader = machine__findnew_thread(m, pid, pid);
	if (th->maps == leader->maps)
		return;
	if (th->maps->nr)
		pr_err("Discarding thread maps for %d:%d\n", th->pid, th->tid);
	th->maps->refcnt--;
	th->maps = leader->maps;
	th->maps->refcnt++;
}

struct thread *machine__find_thread(struct machine *m, pid_t pid, pid_t tid)
{
	struct thread *th = machine__lookup(m, tid);

	if (th) {
		m->last_thread = th;
		machine__update_thread_pid(m, th, pid);
	}
	return th;
}

struct thread *machine__findnew_thread(struct machine *m, pid_t pid, pid_t tid)
{
	struct thread *th = machine__find_thread(m, pid, tid);
	char placeholder[32];

	if (th)
		return th;
	snprintf(placeholder, sizeof(placeholder), ":%d", tid);
	th = thread__new(m, pid, tid, machine__intern(m, placeholder));
	hashmap_entry_init(&th->ent, hash_u64((u64)(u32)tid));
	hashmap_add(&m->threads, &th->ent);
	th->in_table = true;
	ALLOC_GROW(m->all_threads, m->nr_threads + 1, m->alloc_threads);
	m->all_threads[m->nr_threads++] = th;
	/* threads of a process share the leader's address space */
	if (pid == tid || pid == -1) {
		th->maps = machine__new_maps(m);
	} else {
		struct thread *leader = machine__findnew_thread(m, pid, pid);

		th->maps = leader->maps;
		th->maps->refcnt++;
	}
	m->last_thread = th;
	return th;
}

struct thread *machine__idle_thread(struct machine *m)
{
	struct thread *th = machine__findnew_thread(m, 0, 0);

	if (!th->comm_set)
		thread__set_comm(th, machine__intern(m, "swapper"), 0, false);
	return th;
}

int machine__process_comm(struct machine *m, pid_t pid, pid_t tid, const char *comm,
			  bool exec, u64 ts)
{
	struct thread *th = machine__findnew_thread(m, pid, tid);

	if (exec)
		m->comm_exec = true;
	/* records without a time (-1) are synthesized ones: from the start */
	thread__set_comm(th, machine__intern(m, comm), ts == (u64)-1 ? 0 : ts, exec);
	return 0;
}

int machine__process_fork(struct machine *m, pid_t pid, pid_t tid, pid_t ppid, pid_t ptid,
			  u64 ts, bool clone_maps)
{
	struct thread *th = machine__find_thread(m, pid, tid);
	struct thread *parent = machine__findnew_thread(m, ppid, ptid);

	/* a thread with that tid is a previous one whose exit was lost or reordered */
	if (th)
		machine__remove_thread(m, th);
	/* so may be a "parent" from another process */
	if (parent->pid != ppid) {
		machine__remove_thread(m, parent);
		parent = machine__findnew_thread(m, ppid, ptid);
	}
	th = machine__findnew_thread(m, pid, tid);
	if (parent->comm_set)
		thread__set_comm(th, thread__comm_str(parent), ts, false);
	th->ppid = parent->tid;
	/* a new thread of the same process already shares its maps */
	if (th->pid == parent->pid || th->maps == parent->maps)
		return 0;
	if (clone_maps)
		maps__clone(th->maps, parent->maps);
	return 0;
}

int machine__process_exit(struct machine *m, pid_t pid, pid_t tid, u64 ts)
{
	struct thread *th = machine__find_thread(m, pid, tid);

	(void)ts;
	if (th)
		th->dead = true;
	return 0;
}

/* --- mappings --- */

static bool is_anon_memory(const char *name)
{
	return !strcmp(name, "//anon") || strstarts(name, "/dev/zero") ||
	       strstarts(name, "/anon_hugepage");
}

static bool is_no_dso_memory(const char *name)
{
	return strstarts(name, "[stack") || strstarts(name, "/SYSV") || !strcmp(name, "[heap]");
}

#define KERNEL_MMAP_NAME "[kernel.kallsyms]"

static struct map *machine__new_kernel_map(struct machine *m, u64 start, u64 end, struct dso *dso)
{
	struct map *map = map_pool__new(&m->map_pool, start, end, 0, dso);

	map->kmap = &m->kmap;
	return map;
}

struct dso *machine__kernel_dso(struct machine *m)
{
	struct dso *dso = dsos__findnew(&m->dsos, KERNEL_MMAP_NAME, NULL);

	dso->kind = DSO_KIND_KERNEL;
	return dso;
}

struct map *machine__kernel_map(struct machine *m)
{
	return m->vmlinux_map;
}

u64 machine__kernel_start(struct machine *m)
{
	return m->vmlinux_map ? m->vmlinux_map->start : 0;
}

/* Place (or move) the kernel map at [start, end). */
static void machine__set_kernel_map(struct machine *m, u64 start, u64 end)
{
	if (!m->vmlinux_map) {
		m->vmlinux_map = machine__new_kernel_map(m, start, end, machine__kernel_dso(m));
		m->vmlinux_map->identity = true;
	} else {
		maps__remove(&m->kmaps, m->vmlinux_map);
		m->vmlinux_map->start = start;
		m->vmlinux_map->end = end;
	}
	if (start == 0 && end == 0)
		m->vmlinux_map->end = ~0ULL;
	maps__add(&m->kmaps, m->vmlinux_map);
}

static void machine__set_ref_reloc(struct machine *m, const char *name, u64 addr)
{
	free(m->kmap.ref_reloc_name);
	m->kmap.ref_reloc_name = xstrdup(name);
	m->kmap.ref_reloc_addr = addr;
}

/* "[name]" from a module path: basename without the .ko extensions, '-' as '_'. */
static void module_name(const char *path, char *buf, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n = 0;

	base = base ? base + 1 : path;
	if (base[0] == '[') {
		snprintf(buf, size, "%s", base);
		return;
	}
	buf[n++] = '[';
	for (; *base && *base != '.' && n + 2 < size; base++)
		buf[n++] = *base == '-' ? '_' : *base;
	buf[n++] = ']';
	buf[n] = '\0';
}

static int machine__process_kernel_mmap(struct machine *m, const struct mmap_event *ev)
{
	const char *name = ev->filename;
	bool is_kernel = !strncmp(name, KERNEL_MMAP_NAME, strlen(KERNEL_MMAP_NAME) - 1);
	struct dso *dso;

	if (name[0] == '/' || (!is_kernel && name[0] == '[')) {
		char mod[256];
		struct map *map;

		module_name(name, mod, sizeof(mod));
		dso = dsos__findnew(&m->dsos, mod, NULL);
		dso->kind = DSO_KIND_KMODULE;
		map = machine__new_kernel_map(m, ev->start, ev->start + ev->len, dso);
		maps__add(&m->kmaps, map);
	} else if (is_kernel) {
		dso = machine__kernel_dso(m);
		machine__set_kernel_map(m, ev->start, ev->start + ev->len);
		/* a zero address means kptr_restrict hid it at record time */
		if (ev->pgoff)
			machine__set_ref_reloc(m, name + strlen(KERNEL_MMAP_NAME), ev->pgoff);
	} else {
		return 0;	/* extra kernel maps (entry trampolines) are not needed */
	}
	if (ev->build_id && build_id__is_defined(ev->build_id))
		dso__set_build_id(dso, ev->build_id);
	return 0;
}

int machine__process_mmap(struct machine *m, const struct mmap_event *ev)
{
	struct dso_id id = { ev->maj, ev->min, ev->ino, ev->ino_generation };
	const char *name = ev->filename;
	char jitmap[64];
	struct thread *th;
	struct dso *dso;
	struct map *map;
	bool anon, no_dso;
	u64 pgoff = ev->pgoff;

	if (ev->cpumode == PERF_RECORD_MISC_KERNEL || ev->cpumode == PERF_RECORD_MISC_GUEST_KERNEL)
		return machine__process_kernel_mmap(m, ev);
	th = machine__findnew_thread(m, ev->pid, ev->tid);
	anon = is_anon_memory(name) || (ev->flags & MAP_HUGETLB);
	no_dso = is_no_dso_memory(name);
	/* executable memory without a file: JIT code, named in /tmp/perf-PID.map */
	if ((anon || no_dso) && (ev->prot & PROT_EXEC)) {
		snprintf(jitmap, sizeof(jitmap), "/tmp/perf-%d.map", ev->pid);
		name = jitmap;
	}
	if (!strcmp(name, "[vdso]")) {
		pgoff = 0;
		dso = dsos__findnew(&m->dsos, name, NULL);
	} else {
		dso = dsos__findnew(&m->dsos, name, &id);
	}
	map = map_pool__new(&m->map_pool, ev->start, ev->start + ev->len, pgoff, dso);
	map->prot = ev->prot;
	map->flags = ev->flags;
	if (anon || no_dso) {
		map->identity = true;
		if (!(ev->prot & PROT_EXEC) && !dso->loaded) {
			dso->loaded = true;
			symtab__finish(&dso->symtab);
		}
	}
	if (ev->build_id && build_id__is_defined(ev->build_id)) {
		dso__set_build_id(dso, ev->build_id);
	} else if (!dso->has_build_id) {
		/* the build-id table named the file before the mmap gave its identity */
		struct dso *first = dsos__find(&m->dsos, name, NULL);

		if (first && first->header_build_id) {
			dso__set_build_id(dso, &first->bid);
			dso->header_build_id = true;
		}
	}
	maps__insert(th->maps, map);
	return 0;
}

/* --- the kernel's symbols --- */

int machine__create_kernel_maps(struct machine *m)
{
	const char *path = symbol_conf.kallsyms_name ? symbol_conf.kallsyms_name : "/proc/kallsyms";
	struct build_id bid;
	u64 addr;

	if (m->vmlinux_map)
		return 0;
	if (kallsyms__function_addr(path, "_text", &addr) &&
	    kallsyms__function_addr(path, "_stext", &addr))
		return -1;
	machine__set_kernel_map(m, addr, ~0ULL);
	machine__set_ref_reloc(m, "_text", addr);
	if (!symbol_conf.kallsyms_name && !sysfs__read_build_id("/sys/kernel/notes", &bid))
		dso__set_build_id(m->vmlinux_map->dso, &bid);
	return 0;
}

static const char *const vmlinux_paths[] = {
	"vmlinux",
	"/boot/vmlinux",
	"/boot/vmlinux-%s",
	"/usr/lib/debug/boot/vmlinux-%s",
	"/lib/modules/%s/build/vmlinux",
	"/usr/lib/debug/lib/modules/%s/vmlinux",
	"/usr/lib/debug/boot/vmlinux-%s.debug",
};

/* Shift every symbol by delta (KASLR: the running kernel vs the recorded one). */
static bool shift_symbol(struct symbol *sym, void *arg)
{
	u64 delta = *(u64 *)arg;

	sym->start -= delta;
	sym->end -= delta;
	return true;
}

static int kernel__load_vmlinux(struct machine *m, struct dso *kernel, const char *path)
{
	struct symsrc ss;
	struct symbol *ref;
	int nr;

	if (symsrc__init(&ss, path, DSO_BINARY_TYPE__VMLINUX, kernel->has_build_id ? &kernel->bid : NULL))
		return -1;
	nr = ss.symtab ? symsrc__load(&ss, &ss, &kernel->symtab, false, false, true) : 0;
	symsrc__destroy(&ss);
	if (nr <= 0)
		return -1;
	symtab__sort(&kernel->symtab);
	symtab__fixup_end(&kernel->symtab, false);
	symtab__fixup_duplicate(&kernel->symtab);
	symtab__finish(&kernel->symtab);
	ref = m->kmap.ref_reloc_name ? symtab__find_by_name(&kernel->symtab, m->kmap.ref_reloc_name) : NULL;
	if (ref && ref->start != m->kmap.ref_reloc_addr) {
		u64 delta = ref->start - m->kmap.ref_reloc_addr;

		symtab__filter(&kernel->symtab, shift_symbol, &delta);
		symtab__finish(&kernel->symtab);
	}
	kernel->symtab_type = DSO_BINARY_TYPE__VMLINUX;
	free(kernel->symsrc_filename);
	kernel->symsrc_filename = xstrdup(path);
	return nr;
}

static int kernel__try_vmlinux(struct machine *m, struct dso *kernel)
{
	char path[PATH_MAX], rel[256] = "";
	FILE *fp;

	if (symbol_conf.vmlinux_name)
		return kernel__load_vmlinux(m, kernel, symbol_conf.vmlinux_name);
	if (symbol_conf.ignore_vmlinux || symbol_conf.kallsyms_name)
		return -1;
	fp = fopen("/proc/sys/kernel/osrelease", "r");
	if (fp) {
		if (fgets(rel, sizeof(rel), fp))
			rel[strcspn(rel, "\n")] = '\0';
		fclose(fp);
	}
	for (size_t i = 0; i < ARRAY_SIZE(vmlinux_paths); i++) {
		char p[PATH_MAX];

		snprintf(p, sizeof(p), vmlinux_paths[i], rel);
		symfs__join(path, sizeof(path), p);
		if (!access(path, R_OK) && kernel__load_vmlinux(m, kernel, path) > 0)
			return 0;
	}
	return -1;
}

/* Which kallsyms file describes the recorded kernel; NULL when none does. */
static const char *kernel__kallsyms_path(struct dso *kernel, char *buf, size_t size)
{
	struct build_id host;
	char hex[SBUILD_ID_SIZE];

	if (symbol_conf.kallsyms_name)
		return symbol_conf.kallsyms_name;
	if (!kernel->has_build_id)
		return "/proc/kallsyms";
	if (!sysfs__read_build_id("/sys/kernel/notes", &host) && dso__build_id_equal(kernel, &host))
		return "/proc/kallsyms";
	dso__build_id_hex(kernel, hex, sizeof(hex));
	snprintf(buf, size, "%s/%s/%s/kallsyms", buildid_dir__get(), KERNEL_MMAP_NAME, hex);
	if (!access(buf, R_OK))
		return buf;
	pr_err("No kallsyms or vmlinux with build-id %s was found\n", hex);
	return NULL;
}

struct split_arg {
	struct machine *m;
	u64 delta;
};

/* Module symbols move to their module's dso (relative to its map); the rest is relocated. */
static bool split_kallsyms(struct symbol *sym, void *arg)
{
	struct split_arg *sa = arg;
	char *tab = strchr(sym->name, '\t');
	struct map *map;
	struct symbol *copy;

	if (!tab) {
		/* x86 PTI entry trampolines are mapped separately upstream, and dropped */
		if (!strcmp(sym->name, "__entry_SYSCALL_64_trampoline"))
			return false;
		sym->start -= sa->delta;
		sym->end -= sa->delta;
		return true;
	}
	map = maps__find_by_name(&sa->m->kmaps, tab + 1);
	if (!map || map->dso == sa->m->vmlinux_map->dso) {
		pr_debug("/proc/{kallsyms,modules} inconsistency while looking for \"%s\" module!\n",
			 tab + 1);
		return false;
	}
	copy = symtab__add(&map->dso->symtab, map__map_ip(map, sym->start), 0, sym->binding,
			   sym->type, sym->name, tab - sym->name);
	copy->end = map__map_ip(map, sym->end);
	copy->flags = sym->flags;
	return false;
}

static int kernel__load_kallsyms(struct machine *m, struct dso *kernel)
{
	char buf[PATH_MAX];
	const char *path = kernel__kallsyms_path(kernel, buf, sizeof(buf));
	struct split_arg sa = { m, 0 };
	struct symtab *st = &kernel->symtab;
	int nr;

	if (!path)
		return -1;
	nr = kallsyms__load(path, st);
	if (nr <= 0)
		return -1;
	if (m->kmap.ref_reloc_name) {
		size_t i;

		for (i = 0; i < st->nr; i++) {
			if (st->syms[i].type == STT_FUNC && !strcmp(st->syms[i].name, m->kmap.ref_reloc_name))
				break;
		}
		if (i == st->nr) {
			symtab__exit(st);
			return -1;
		}
		sa.delta = st->syms[i].start - m->kmap.ref_reloc_addr;
	}
	symtab__sort(st);
	symtab__fixup_end(st, true);
	symtab__fixup_duplicate(st);
	symtab__filter(st, split_kallsyms, &sa);
	symtab__finish(st);
	kernel->symtab_type = DSO_BINARY_TYPE__KALLSYMS;
	free(kernel->symsrc_filename);
	kernel->symsrc_filename = xstrdup(path);
	/* upstream then makes the kernel map span exactly its symbols */
	if (st->nr && m->vmlinux_map) {
		m->vmlinux_map->start = st->syms[0].start;
		m->vmlinux_map->end = st->syms[st->nr - 1].end;
		maps__resort(&m->kmaps);
	}
	return (int)st->nr;
}

int machine__load_kernel(struct machine *m, struct dso *dso)
{
	struct dso *kernel;
	struct map *map;

	if (m->kernel_loaded || !m->vmlinux_map)
		goto out;
	m->kernel_loaded = true;
	kernel = m->vmlinux_map->dso;
	if (kernel__try_vmlinux(m, kernel) < 0 && kernel__load_kallsyms(m, kernel) < 0)
		pr_debug("%s: no kernel symbols\n", kernel->long_name);
	/* every kernel dso has what it will get */
	maps__for_each(&m->kmaps, map) {
		if (!map->dso->loaded) {
			map->dso->loaded = true;
			symtab__finish(&map->dso->symtab);
			if (map->dso->symtab.nr && map->dso != kernel)
				map->dso->symtab_type = DSO_BINARY_TYPE__KALLSYMS;
		}
	}
out:
	if (!dso->loaded) {
		dso->loaded = true;
		symtab__finish(&dso->symtab);
	}
	return dso->symtab.nr ? 0 : -1;
}

/* --- resolution --- */

static inline struct resolve_entry *resolve_slot(struct machine *m, const struct maps *maps, u64 addr)
{
	u64 h = ((addr >> RESOLVE_BLOCK_SHIFT) ^ ((u64)(uintptr_t)maps << 7)) * 0x9e3779b97f4a7c15ULL;

	return &m->cache[h >> (64 - RESOLVE_CACHE_BITS)];
}

/*
 * Look addr up and keep the answer for the addresses around it that get the
 * same one: inside the map (when maps do not overlap) and the symbol's range.
 */
static void resolve_entry__fill(struct resolve_entry *e, const struct maps *maps, u64 addr)
{
	struct map *map = maps__find((struct maps *)maps, addr);
	u64 lo = addr, hi = addr + 1, rel, slo, shi;

	e->maps = maps;
	e->gen = maps->gen;
	e->map = map;
	e->sym = NULL;
	if (map) {
		rel = map__map_ip(map, addr);
		e->sym = map__find_symbol_range(map, rel, &slo, &shi);
		if (!maps->overlapping) {
			lo = rel - slo < addr - map->start ? addr - (rel - slo) : map->start;
			hi = shi && shi - rel < map->end - addr ? addr + (shi - rel) : map->end;
		}
	}
	e->lo = lo;
	e->hi = hi;
}

void thread__resolve(struct thread *thread, u8 cpumode, u64 addr, struct addr_location *al)
{
	struct machine *m = thread->machine;
	struct resolve_entry *e;
	struct maps *maps;
	struct map *map;
	struct symbol *sym;

	al->thread = thread;
	al->maps = NULL;
	al->map = NULL;
	al->dso = NULL;
	al->sym = NULL;
	al->addr = addr;
	al->cpumode = cpumode;
	al->guest = false;
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		al->level = 'k';
		maps = &m->kmaps;
		/* loading the kernel moves its map: do it before looking */
		if (!m->kernel_loaded && m->vmlinux_map)
			map__load(m->vmlinux_map);
		break;
	case PERF_RECORD_MISC_USER:
		al->level = '.';
		maps = thread->maps;
		break;
	case PERF_RECORD_MISC_GUEST_KERNEL:
	case PERF_RECORD_MISC_GUEST_USER:
		al->guest = true;
		/* fallthrough */
	default:
		al->level = 'H';
		return;
	}
	al->maps = maps;
	e = resolve_slot(m, maps, addr);
	if (e->maps == maps && e->gen == maps->gen && addr - e->lo < e->hi - e->lo) {
		map = e->map;
		sym = e->sym;
	} else {
		resolve_entry__fill(e, maps, addr);
		map = e->map;
		sym = e->sym;
	}
	if (map) {
		al->map = map;
		al->dso = map->dso;
		al->addr = map__map_ip(map, addr);
		al->sym = sym;
	}
}

void thread__resolve_any_cpumode(struct thread *thread, u64 addr, struct addr_location *al)
{
	static const u8 modes[] = {
		PERF_RECORD_MISC_USER,
		PERF_RECORD_MISC_KERNEL,
		PERF_RECORD_MISC_GUEST_USER,
		PERF_RECORD_MISC_GUEST_KERNEL,
	};

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++) {
		thread__resolve(thread, modes[i], addr, al);
		if (al->map)
			break;
	}
}

int machine__resolve(struct machine *m, struct addr_location *al, pid_t pid, pid_t tid,
		     u8 cpumode, u64 ip, u64 ts)
{
	struct thread *th = machine__findnew_thread(m, pid, tid);

	thread__resolve(th, cpumode, ip, al);
	al->comm = thread__comm_at(th, ts);
	if (al->dso)
		al->dso->hit = true;
	return 0;
}

int machine__resolve_callchain_ip(struct machine *m, struct thread *thread, u8 *cpumode,
				  u64 ip, struct addr_location *al)
{
	(void)m;
	if (ip >= PERF_CONTEXT_MAX) {
		switch (ip) {
		case PERF_CONTEXT_HV:
			*cpumode = PERF_RECORD_MISC_HYPERVISOR;
			return 1;
		case PERF_CONTEXT_KERNEL:
			*cpumode = PERF_RECORD_MISC_KERNEL;
			return 1;
		case PERF_CONTEXT_USER:
			*cpumode = PERF_RECORD_MISC_USER;
			return 1;
		default:
			pr_debug("invalid callchain context: %lld\n", (long long)ip);
			return -1;
		}
	}
	thread__resolve(thread, *cpumode, ip, al);
	al->comm = NULL;
	return 0;
}

u8 machine__addr_cpumode(struct machine *m, u8 cpumode, u64 addr)
{
	u64 kstart = machine__kernel_start(m);

	if (cpumode != PERF_RECORD_MISC_KERNEL && cpumode != PERF_RECORD_MISC_USER)
		return cpumode;
	if (kstart && addr >= kstart)
		return PERF_RECORD_MISC_KERNEL;
	return PERF_RECORD_MISC_USER;
}

/* --- perf.data records --- */

static int machine__process_mmap_record(struct machine *m, union perf_event *event, bool mmap2)
{
	const struct perf_record_mmap *r = &event->mmap;
	const struct perf_record_mmap2 *r2 = &event->mmap2;
	u16 misc = event->header.misc;
	struct build_id bid;
	/* MMAP and MMAP2 begin alike */
	struct mmap_event ev = {
		.pid = r->pid, .tid = r->tid, .start = r->start, .len = r->len, .pgoff = r->pgoff,
		.cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK,
	};

	if (!mmap2) {
		ev.filename = r->filename;
		/* MMAP has no protection: executable unless it says data */
		ev.prot = misc & PERF_RECORD_MISC_MMAP_DATA ? PROT_READ : PROT_READ | PROT_EXEC;
		return machine__process_mmap(m, &ev);
	}
	ev.prot = r2->prot;
	ev.flags = r2->flags;
	ev.filename = r2->filename;
	if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		build_id__init(&bid, r2->build_id, min(r2->build_id_size, (u8)BUILD_ID_SIZE));
		ev.build_id = &bid;
	} else {
		ev.maj = r2->maj;
		ev.min = r2->min;
		ev.ino = r2->ino;
		ev.ino_generation = r2->ino_generation;
	}
	return machine__process_mmap(m, &ev);
}

int machine__process_event(struct machine *m, union perf_event *event, struct perf_sample *sample)
{
	u64 ts = sample ? sample->time : 0;

	switch (event->header.type) {
	case PERF_RECORD_MMAP:
		return machine__process_mmap_record(m, event, false);
	case PERF_RECORD_MMAP2:
		return machine__process_mmap_record(m, event, true);
	case PERF_RECORD_COMM:
		return machine__process_comm(m, event->comm.pid, event->comm.tid, event->comm.comm,
					     event->header.misc & PERF_RECORD_MISC_COMM_EXEC, ts);
	case PERF_RECORD_FORK:
		/* forks perf synthesized for existing threads: their mmaps follow */
		return machine__process_fork(m, event->fork.pid, event->fork.tid, event->fork.ppid,
					     event->fork.ptid, sample ? ts : event->fork.time,
					     !(event->header.misc & PERF_RECORD_MISC_FORK_EXEC));
	case PERF_RECORD_EXIT:
		return machine__process_exit(m, event->fork.pid, event->fork.tid,
					     sample ? ts : event->fork.time);
	default:
		return 0;
	}
}

void machine__add_build_id(struct machine *m, const char *filename, const struct build_id *bid, u16 misc)
{
	u8 cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
	struct dso *dso;
	char mod[256];

	if ((cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL) &&
	    strncmp(filename, KERNEL_MMAP_NAME, strlen(KERNEL_MMAP_NAME) - 1)) {
		/* modules go by "[name]", as their kernel MMAP records name them */
		module_name(filename, mod, sizeof(mod));
		dso = dsos__findnew(&m->dsos, mod, NULL);
		dso->kind = DSO_KIND_KMODULE;
	} else {
		dso = dsos__findnew(&m->dsos, filename, NULL);
	}
	dso__set_build_id(dso, bid);
	dso->header_build_id = true;
}

void machine__add_build_ids(struct machine *m, const struct perf_env *env)
{
	for (int i = 0; i < env->nr_build_ids; i++) {
		const struct perf_env_build_id *b = &env->build_ids[i];
		char hex[SBUILD_ID_SIZE];

		build_id__snprintf(&b->bid, hex, sizeof(hex));
		pr_debug("build id event received for %s: %s [%zu]\n", b->filename, hex, b->bid.size);
		machine__add_build_id(m, b->filename, &b->bid, b->misc);
	}
}

int machine__resolve_sample(struct machine *m, struct addr_location *al, const struct perf_sample *sample)
{
	return machine__resolve(m, al, sample->pid, sample->tid, sample->cpumode, sample->ip, sample->time);
}
