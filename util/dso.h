/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DSOs: the objects code is mapped from (an ELF file, the kernel, a module,
 * the vDSO, a JIT symbol map). One struct dso per object, shared by every
 * process that maps it, interned by name in a struct dsos (one per machine).
 * Symbols are loaded on first use, once (dso__find_symbol() / map__load()).
 */
#ifndef PERF_DSO_H
#define PERF_DSO_H

#include "hashmap.h"
#include "symbol.h"
#include "symbol-elf.h"

enum dso_kind {
	DSO_KIND_USER,		/* an ELF file mapped by processes */
	DSO_KIND_KERNEL,	/* [kernel.kallsyms]: kallsyms or a vmlinux */
	DSO_KIND_KMODULE,	/* [module] in the kernel maps: symbols from kallsyms */
	DSO_KIND_VDSO,		/* [vdso] */
	DSO_KIND_JIT,		/* /tmp/perf-PID.map */
	DSO_KIND_ANON,		/* memory without a file: no symbols */
};

/* Where the symbols came from (upstream's order of search, and its origin letters). */
enum dso_binary_type {
	DSO_BINARY_TYPE__NOT_FOUND,
	DSO_BINARY_TYPE__KALLSYMS,			/* 'k' */
	DSO_BINARY_TYPE__VMLINUX,			/* 'v' */
	DSO_BINARY_TYPE__JAVA_JIT,			/* 'j' */
	DSO_BINARY_TYPE__DEBUGLINK,			/* 'l' */
	DSO_BINARY_TYPE__BUILD_ID_CACHE,		/* 'B' */
	DSO_BINARY_TYPE__BUILD_ID_CACHE_DEBUGINFO,	/* 'D' */
	DSO_BINARY_TYPE__FEDORA_DEBUGINFO,		/* 'f' */
	DSO_BINARY_TYPE__UBUNTU_DEBUGINFO,		/* 'u' */
	DSO_BINARY_TYPE__BUILDID_DEBUGINFO,		/* 'b' */
	DSO_BINARY_TYPE__SYSTEM_PATH_DSO,		/* 'd' */
	DSO_BINARY_TYPE__OPENEMBEDDED_DEBUGINFO,	/* 'o' */
};

/* Identity of a mapped file beyond its name (MMAP2); all zero when unknown. */
struct dso_id {
	u32	maj;
	u32	min;
	u64	ino;
	u64	ino_generation;
};

struct srcline_cache;
struct dso_cfi;
struct inline_cache;

struct dso {
	struct hashmap_entry	ent;		/* in dsos, by long_name */
	struct dso		*same_name;	/* next dso with this name and another id */
	char			*long_name;	/* the path, or "[kernel.kallsyms]", "[vdso]" ... */
	const char		*short_name;	/* the basename, "[JIT] tid N", or long_name */
	enum dso_kind		kind;
	struct dso_id		id;
	struct build_id		bid;
	bool			has_build_id;
	bool			header_build_id;	/* from perf.data's build-id table */
	bool			loaded;		/* symbol loading was attempted */
	bool			hit;		/* a sample fell in it (for build-id lists) */
	enum dso_binary_type	symtab_type;
	char			*symsrc_filename;	/* the file the symbols came from */
	struct symtab		symtab;
	struct elf_segment	*segs;		/* PT_LOADs of the runtime image */
	int			nr_segs;
	struct srcline_cache	*srclines;
	struct dso_cfi		*cfi;		/* call frame information, for unwinding */
	struct inline_cache	*inlines;	/* inline levels of addresses, for call chains */
	void			*priv;		/* for the tools */
};

/* The DSO table: interning by long name (and MMAP2 identity). */
struct dsos {
	struct hashmap	by_name;
	struct dso	**all;		/* in creation order */
	size_t		nr;
	size_t		alloc;
};

void dsos__init(struct dsos *dsos);
/* Delete every dso. */
void dsos__exit(struct dsos *dsos);
/*
 * The dso named name. With a non-empty id, one recorded with another
 * non-empty id is a different dso (the file was replaced); an empty id on
 * either side matches and fills it in.
 */
struct dso *dsos__find(struct dsos *dsos, const char *name, const struct dso_id *id);
struct dso *dsos__findnew(struct dsos *dsos, const char *name, const struct dso_id *id);
/* The first dso whose short name is name (kernel modules, "[vdso]"). */
struct dso *dsos__find_short(struct dsos *dsos, const char *name);

/* The kind a mapping's file name implies ("[vdso]", "/tmp/perf-1.map", ...). */
enum dso_kind dso_kind__from_name(const char *name);

static inline bool dso__is_kernel(const struct dso *dso)
{
	return dso->kind == DSO_KIND_KERNEL || dso->kind == DSO_KIND_KMODULE;
}

void dso__set_build_id(struct dso *dso, const struct build_id *bid);
/* Is bid the dso's build id (upstream's comparison, see build_id__matches())? */
bool dso__build_id_equal(const struct dso *dso, const struct build_id *bid);
/* Lowercase hex of the build id into buf (>= SBUILD_ID_SIZE); "" without one. */
char *dso__build_id_hex(const struct dso *dso, char *buf, size_t size);
/* Replace the short name (the string is copied). */
void dso__set_short_name(struct dso *dso, const char *name);

/*
 * Load the symbols of a user, vDSO or JIT dso (kernel ones are loaded by
 * their machine, see map__load(); until then they have none). Idempotent.
 * Returns the number of symbols, or -1 when none could be found.
 */
int dso__load(struct dso *dso);
/* The symbol containing addr (dso-relative), loading the dso first. */
struct symbol *dso__find_symbol(struct dso *dso, u64 addr);
/* Upstream's letter for where the symbols came from ('B', 'D', 'd', 'k', 'j' ... '!'). */
char dso__symtab_origin(const struct dso *dso);

/*
 * A dso-relative address (a file offset for user DSOs) as an ELF virtual
 * address, what addr2line and objdump take. Unchanged for kernel and JIT
 * DSOs and when the dso has no program headers.
 */
u64 dso__offset_to_vaddr(const struct dso *dso, u64 addr);

/* What a dso__for_each_symsrc() callback returns (flags). */
enum {
	DSO_SYMSRC_KEEP	= 1 << 0,	/* the callback took the symsrc (copied it): not destroyed */
	DSO_SYMSRC_STOP	= 1 << 1,	/* no more candidates */
};
typedef int (*dso_symsrc_cb_t)(struct symsrc *ss, void *arg);
/*
 * Open each candidate file of dso in upstream's search order (debuglink,
 * build-id cache, /usr/lib/debug, the file itself, the vDSO image ...) that
 * is ELF with the dso's build id, and call cb with it. Returns 0.
 */
int dso__for_each_symsrc(struct dso *dso, dso_symsrc_cb_t cb, void *arg);

/*
 * The build-id cache entry of the dso: "<dir>/.build-id/xx/yyy.../<elf|debug|vdso|kallsyms>"
 * (or the old-style file itself). Returns 0 or -1 (no build id, too long).
 */
int dso__build_id_cache_path(const struct dso *dso, const char *what, char *buf, size_t size);

#endif
