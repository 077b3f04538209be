// SPDX-License-Identifier: GPL-2.0
/* DSOs: interning, build ids, and the search for their symbols. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include "dso.h"
#include "debug.h"
#include "srcline.h"
#include "inline-cache.h"
#include "unwind-cfi.h"

/* --- the table --- */

static int dso_cmp(const void *data, const struct hashmap_entry *a,
		   const struct hashmap_entry *b, const void *key)
{
	const struct dso *x = container_of(a, struct dso, ent);

	(void)data;
	if (key)
		return strcmp(x->long_name, key);
	return strcmp(x->long_name, container_of(b, struct dso, ent)->long_name);
}

void dsos__init(struct dsos *dsos)
{
	memset(dsos, 0, sizeof(*dsos));
	hashmap_init(&dsos->by_name, dso_cmp, NULL, 0);
}

static void dso__delete(struct dso *dso)
{
	symtab__exit(&dso->symtab);
	srcline_cache__delete(dso->srclines);
	dso_cfi__delete(dso->cfi);
	inline_cache__delete(dso->inlines);
	if (dso->short_name != dso->long_name)
		free((char *)dso->short_name);
	free(dso->long_name);
	free(dso->symsrc_filename);
	free(dso->segs);
	free(dso);
}

void dsos__exit(struct dsos *dsos)
{
	for (size_t i = 0; i < dsos->nr; i++)
		dso__delete(dsos->all[i]);
	free(dsos->all);
	hashmap_clear(&dsos->by_name);
	memset(dsos, 0, sizeof(*dsos));
}

static bool dso_id__empty(const struct dso_id *id)
{
	return !id || (!id->maj && !id->min && !id->ino && !id->ino_generation);
}

static bool dso_id__equal(const struct dso_id *a, const struct dso_id *b)
{
	return a->maj == b->maj && a->min == b->min && a->ino == b->ino &&
	       a->ino_generation == b->ino_generation;
}

struct dso *dsos__find(struct dsos *dsos, const char *name, const struct dso_id *id)
{
	struct hashmap_entry key;
	struct dso *dso;

	hashmap_entry_init(&key, hash_str(name));
	dso = hashmap_iter_entry(hashmap_get(&dsos->by_name, &key, name), struct dso, ent);
	if (dso_id__empty(id))
		return dso;
	for (; dso; dso = dso->same_name) {
		if (dso_id__empty(&dso->id)) {
			dso->id = *id;	/* first seen without one (build-id table) */
			return dso;
		}
		if (dso_id__equal(&dso->id, id))
			return dso;
	}
	return NULL;
}

enum dso_kind dso_kind__from_name(const char *name)
{
	int pid;
	char c;

	if (!strcmp(name, "[kernel.kallsyms]") || strstarts(name, "[kernel.kallsyms]"))
		return DSO_KIND_KERNEL;
	if (!strcmp(name, "[vdso]"))
		return DSO_KIND_VDSO;
	if (sscanf(name, "/tmp/perf-%d.ma%c", &pid, &c) == 2 && c == 'p')
		return DSO_KIND_JIT;
	/* other "[...]" names ([heap], [stack], [vsyscall], [uprobes]) have no file */
	if (name[0] == '[' || name[0] == '\0' || !strcmp(name, "//anon"))
		return DSO_KIND_ANON;
	return DSO_KIND_USER;
}

static struct dso *dso__new(const char *name)
{
	struct dso *dso = xzalloc(sizeof(*dso));
	const char *base;
	int tid;

	dso->long_name = xstrdup(name);
	dso->kind = dso_kind__from_name(name);
	dso->short_name = dso->long_name;
	if (dso->kind == DSO_KIND_JIT && sscanf(name, "/tmp/perf-%d.map", &tid) == 1) {
		dso->short_name = xasprintf("[JIT] tid %d", tid);
	} else if (dso->kind == DSO_KIND_USER) {
		base = strrchr(name, '/');
		if (base && base[1])
			dso->short_name = xstrdup(base + 1);
	}
	symtab__init(&dso->symtab);
	return dso;
}

struct dso *dsos__findnew(struct dsos *dsos, const char *name, const struct dso_id *id)
{
	struct dso *dso = dsos__find(dsos, name, id), *first;
	struct hashmap_entry key;

	if (dso)
		return dso;
	dso = dso__new(name);
	if (id)
		dso->id = *id;
	hashmap_entry_init(&key, hash_str(name));
	first = hashmap_iter_entry(hashmap_get(&dsos->by_name, &key, name), struct dso, ent);
	if (first) {
		/* another file under the same name: chained behind the first */
		dso->same_name = first->same_name;
		first->same_name = dso;
	} else {
		hashmap_entry_init(&dso->ent, hash_str(name));
		hashmap_add(&dsos->by_name, &dso->ent);
	}
	ALLOC_GROW(dsos->all, dsos->nr + 1, dsos->alloc);
	dsos->all[dsos->nr++] = dso;
	return dso;
}

struct dso *dsos__find_short(struct dsos *dsos, const char *name)
{
	for (size_t i = 0; i < dsos->nr; i++) {
		if (!strcmp(dsos->all[i]->short_name, name))
			return dsos->all[i];
	}
	return NULL;
}

void dso__set_short_name(struct dso *dso, const char *name)
{
	if (dso->short_name != dso->long_name)
		free((char *)dso->short_name);
	dso->short_name = xstrdup(name);
}

/* --- build ids --- */

void dso__set_build_id(struct dso *dso, const struct build_id *bid)
{
	dso->bid = *bid;
	dso->has_build_id = build_id__is_defined(bid);
}

bool dso__build_id_equal(const struct dso *dso, const struct build_id *bid)
{
	return dso->has_build_id && build_id__matches(&dso->bid, bid);
}

char *dso__build_id_hex(const struct dso *dso, char *buf, size_t size)
{
	buf[0] = '\0';
	if (dso->has_build_id)
		build_id__snprintf(&dso->bid, buf, size);
	return buf;
}

static bool is_regular_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

int dso__build_id_cache_path(const struct dso *dso, const char *what, char *buf, size_t size)
{
	char hex[SBUILD_ID_SIZE];
	int n;

	if (!dso->has_build_id)
		return -1;
	dso__build_id_hex(dso, hex, sizeof(hex));
	/* build_id_cache__linkname(), but in --buildid-dir when one is given */
	n = snprintf(buf, size, "%s/.build-id/%.2s/%s", buildid_dir__get(), hex, hex + 2);
	if (n < 0 || (size_t)n >= size)
		return -1;
	/* old layout: the link is the file; new: a directory with elf, debug ... */
	if (is_regular_file(buf))
		return 0;
	n = snprintf(buf + n, size - n, "/%s", what);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

char dso__symtab_origin(const struct dso *dso)
{
	static const char origin[] = {
		[DSO_BINARY_TYPE__KALLSYMS]			= 'k',
		[DSO_BINARY_TYPE__VMLINUX]			= 'v',
		[DSO_BINARY_TYPE__JAVA_JIT]			= 'j',
		[DSO_BINARY_TYPE__DEBUGLINK]			= 'l',
		[DSO_BINARY_TYPE__BUILD_ID_CACHE]		= 'B',
		[DSO_BINARY_TYPE__BUILD_ID_CACHE_DEBUGINFO]	= 'D',
		[DSO_BINARY_TYPE__FEDORA_DEBUGINFO]		= 'f',
		[DSO_BINARY_TYPE__UBUNTU_DEBUGINFO]		= 'u',
		[DSO_BINARY_TYPE__BUILDID_DEBUGINFO]		= 'b',
		[DSO_BINARY_TYPE__SYSTEM_PATH_DSO]		= 'd',
		[DSO_BINARY_TYPE__OPENEMBEDDED_DEBUGINFO]	= 'o',
	};

	if (dso->symtab_type == DSO_BINARY_TYPE__NOT_FOUND ||
	    (size_t)dso->symtab_type >= ARRAY_SIZE(origin))
		return '!';
	return origin[dso->symtab_type];
}

u64 dso__offset_to_vaddr(const struct dso *dso, u64 addr)
{
	for (int i = 0; i < dso->nr_segs; i++) {
		const struct elf_segment *s = &dso->segs[i];

		if (addr >= s->offset && addr < s->offset + s->memsz)
			return addr + s->vaddr - s->offset;
	}
	return addr;
}

/* --- where the symbols are --- */

/* The candidate file of one binary type; false when this type does not apply. */
static bool dso__candidate(const struct dso *dso, enum dso_binary_type type, char *buf, size_t size)
{
	char path[PATH_MAX], link[PATH_MAX], hex[SBUILD_ID_SIZE];
	const char *slash, *vdso_or_elf = dso->kind == DSO_KIND_VDSO ? "vdso" : "elf";
	static const char *const debuglink_dirs[] = { "%.0s%s", "%s/%s", "%s/.debug/%s", "/usr/lib/debug%s/%s" };

	switch (type) {
	case DSO_BINARY_TYPE__DEBUGLINK:
		symfs__join(path, sizeof(path), dso->long_name);
		if (!is_regular_file(path) || elf_file__read_debuglink(path, link, sizeof(link)))
			return false;
		slash = strrchr(path, '/');
		if (slash)
			path[slash - path] = '\0';
		for (size_t i = 0; i < ARRAY_SIZE(debuglink_dirs); i++) {
			snprintf(buf, size, debuglink_dirs[i], path, link);
			if (is_regular_file(buf))
				return true;
		}
		return false;
	case DSO_BINARY_TYPE__BUILD_ID_CACHE:
		return !dso__build_id_cache_path(dso, vdso_or_elf, buf, size);
	case DSO_BINARY_TYPE__BUILD_ID_CACHE_DEBUGINFO:
		return !dso__build_id_cache_path(dso, "debug", buf, size);
	case DSO_BINARY_TYPE__FEDORA_DEBUGINFO:
		snprintf(path, sizeof(path), "/usr/lib/debug%s.debug", dso->long_name);
		symfs__join(buf, size, path);
		return true;
	case DSO_BINARY_TYPE__UBUNTU_DEBUGINFO:
		snprintf(path, sizeof(path), "/usr/lib/debug%s", dso->long_name);
		symfs__join(buf, size, path);
		return true;
	case DSO_BINARY_TYPE__BUILDID_DEBUGINFO:
		if (!dso->has_build_id)
			return false;
		dso__build_id_hex(dso, hex, sizeof(hex));
		snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
		symfs__join(buf, size, path);
		return true;
	case DSO_BINARY_TYPE__SYSTEM_PATH_DSO:
		symfs__join(buf, size, dso->long_name);
		return true;
	case DSO_BINARY_TYPE__OPENEMBEDDED_DEBUGINFO:
		slash = strrchr(dso->long_name, '/');
		if (!slash)
			return false;
		snprintf(path, sizeof(path), "%.*s/.debug%s", (int)(slash - dso->long_name),
			 dso->long_name, slash);
		symfs__join(buf, size, path);
		return true;
	default:
		return false;
	}
}

static const enum dso_binary_type search_order[] = {
	DSO_BINARY_TYPE__DEBUGLINK,
	DSO_BINARY_TYPE__BUILD_ID_CACHE,
	DSO_BINARY_TYPE__BUILD_ID_CACHE_DEBUGINFO,
	DSO_BINARY_TYPE__FEDORA_DEBUGINFO,
	DSO_BINARY_TYPE__UBUNTU_DEBUGINFO,
	DSO_BINARY_TYPE__BUILDID_DEBUGINFO,
	DSO_BINARY_TYPE__SYSTEM_PATH_DSO,
	DSO_BINARY_TYPE__OPENEMBEDDED_DEBUGINFO,
};

/* Our own vDSO image, copied once: the kernel's, the same for every process. */
static int vdso__own_image(void **image, size_t *size)
{
	static void *copy;
	static size_t copy_size;
	struct build_id bid;
	const void *base;

	if (!copy) {
		if (vdso__read_build_id(&bid, &base, &copy_size) && !copy_size)
			return -1;
		copy = xmemdup(base, copy_size);
	}
	*image = copy;
	*size = copy_size;
	return 0;
}

int dso__for_each_symsrc(struct dso *dso, dso_symsrc_cb_t cb, void *arg)
{
	const struct build_id *bid = dso->has_build_id ? &dso->bid : NULL;
	char path[PATH_MAX];
	struct symsrc ss;
	int ret = 0;

	for (size_t i = 0; i < ARRAY_SIZE(search_order) && !(ret & DSO_SYMSRC_STOP); i++) {
		enum dso_binary_type type = search_order[i];

		if (type == DSO_BINARY_TYPE__SYSTEM_PATH_DSO && dso->kind == DSO_KIND_VDSO) {
			void *image;
			size_t size;

			if (vdso__own_image(&image, &size) ||
			    symsrc__init_mem(&ss, image, size, "[vdso]", type, bid))
				continue;
		} else {
			if (!dso__candidate(dso, type, path, sizeof(path)) || !is_regular_file(path))
				continue;
			if (symsrc__init(&ss, path, type, bid))
				continue;
		}
		ret = cb(&ss, arg);
		if (!(ret & DSO_SYMSRC_KEEP))
			symsrc__destroy(&ss);
	}
	return 0;
}

struct find_symsrcs {
	struct symsrc	*ss;		/* room for two */
	size_t		used;
	struct symsrc	*syms;
	struct symsrc	*runtime;
};

/* Keep the first candidate with a .symtab and the first with a .dynsym. */
static int find_symsrcs_cb(struct symsrc *cur, void *arg)
{
	struct find_symsrcs *f = arg;
	struct symsrc *slot = &f->ss[f->used];
	bool keep = false;

	if (!f->syms && symsrc__has_symtab(cur)) {
		f->syms = slot;
		keep = true;
	}
	if (!f->runtime && symsrc__possibly_runtime(cur)) {
		f->runtime = slot;
		keep = true;
	}
	if (!keep)
		return 0;
	*slot = *cur;
	f->used++;
	return DSO_SYMSRC_KEEP | (f->syms && f->runtime ? DSO_SYMSRC_STOP : 0);
}

/* Open the candidates in upstream's order: the first with a .symtab, the first with a .dynsym. */
static void dso__find_symsrcs(struct dso *dso, struct symsrc *ss, struct symsrc **syms,
			      struct symsrc **runtime)
{
	struct find_symsrcs f = { .ss = ss };

	dso__for_each_symsrc(dso, find_symsrcs_cb, &f);
	*syms = f.syms;
	*runtime = f.runtime;
}

static int dso__load_pass(struct dso *dso, struct symsrc *syms, struct symsrc *runtime, bool dynsym)
{
	int nr;

	if (!(dynsym ? syms->dynsym : syms->symtab))
		return 0;
	nr = symsrc__load(syms, runtime, &dso->symtab, dynsym, true, false);
	if (nr > 0) {
		symtab__sort(&dso->symtab);
		symtab__fixup_end(&dso->symtab, false);
		symtab__fixup_duplicate(&dso->symtab);
	}
	return nr;
}

static int dso__load_elf(struct dso *dso)
{
	struct symsrc ss[2], *syms, *runtime;
	char path[PATH_MAX];
	struct build_id bid;
	int nr;

	/* the build id, when perf.data had none, from the file itself */
	if (!dso->has_build_id && dso->kind == DSO_KIND_USER) {
		symfs__join(path, sizeof(path), dso->long_name);
		if (is_regular_file(path) && !filename__read_build_id(path, &bid))
			dso__set_build_id(dso, &bid);
	}
	dso__find_symsrcs(dso, ss, &syms, &runtime);
	if (!syms && !runtime)
		return -1;
	if (!syms)
		syms = runtime;
	if (!runtime)
		runtime = syms;
	/* upstream loads the .symtab, then the .dynsym of the same file, fixing up after each */
	nr = dso__load_pass(dso, syms, runtime, false) + dso__load_pass(dso, syms, runtime, true);
	if (nr > 0)
		nr += symsrc__synthesize_plt(runtime, &dso->symtab);
	symtab__finish(&dso->symtab);
	dso->symtab_type = syms->type;
	dso->symsrc_filename = xstrdup(syms->path);
	dso->nr_segs = symsrc__segments(runtime, &dso->segs);
	symsrc__destroy(syms);
	if (runtime != syms)
		symsrc__destroy(runtime);
	return nr;
}

static int dso__load_jit(struct dso *dso)
{
	int nr = symtab__load_perf_map(&dso->symtab, dso->long_name);

	symtab__finish(&dso->symtab);
	dso->symtab_type = nr > 0 ? DSO_BINARY_TYPE__JAVA_JIT : DSO_BINARY_TYPE__NOT_FOUND;
	return nr > 0 ? nr : -1;
}

int dso__load(struct dso *dso)
{
	int nr;

	if (dso->loaded)
		return dso->symtab.nr ? (int)dso->symtab.nr : -1;
	/* kernel dsos are loaded by their machine (map__load()), which knows the kernel maps */
	if (dso__is_kernel(dso))
		return -1;
	dso->loaded = true;
	switch (dso->kind) {
	case DSO_KIND_USER:
	case DSO_KIND_VDSO:
		nr = dso__load_elf(dso);
		break;
	case DSO_KIND_JIT:
		nr = dso__load_jit(dso);
		break;
	default:
		/* anonymous memory has no symbols */
		symtab__finish(&dso->symtab);
		return -1;
	}
	if (nr <= 0)
		pr_debug("%s: no symbols found\n", dso->long_name);
	return nr > 0 ? nr : -1;
}

struct symbol *dso__find_symbol(struct dso *dso, u64 addr)
{
	if (!dso->loaded)
		dso__load(dso);
	return symtab__find(&dso->symtab, addr);
}
