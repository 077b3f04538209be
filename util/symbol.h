/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbols and symbol tables.
 *
 * A symtab is one flat array of struct symbol sorted by start address, with
 * the names in a per-table arena: no tree, no allocation per symbol. Loaders
 * (ELF, kallsyms, JIT maps) append with symtab__add(), then symtab__fixup()
 * applies upstream's rules (zero sizes extended to the next symbol, one
 * symbol kept among aliases at one address) and symtab__finish() builds the
 * lookup index. After finish the array never moves: struct symbol pointers
 * stay valid as long as the table.
 *
 * Addresses are those of the DSO's address space as maps see it (for user
 * DSOs the file offset space, see map__map_ip()).
 */
#ifndef PERF_SYMBOL_H
#define PERF_SYMBOL_H

#include "util.h"
#include "symtree.h"

/* Settings shared by everything that loads or prints symbols (command-line options). */
struct symbol_conf {
	bool demangle;			/* demangle user space names (default; --no-demangle) */
	bool demangle_kernel;		/* demangle kernel names too (--demangle-kernel) */
	bool allow_aliases;		/* keep every alias at one address (as perf probe) */
	bool ignore_vmlinux;		/* do not look for a vmlinux, use kallsyms */
	bool inline_name;		/* inline frames in unwound (dwarf) call chains (default; --no-inline) */
	const char *symfs;		/* --symfs: prefix of every file looked up; "" for none */
	const char *vmlinux_name;	/* --vmlinux */
	const char *kallsyms_name;	/* --kallsyms */
	const char *buildid_dir;	/* build-id cache; NULL: $PERF_BUILDID_DIR or ~/.debug */
};

extern struct symbol_conf symbol_conf;

/* The build-id cache directory (symbol_conf.buildid_dir, $PERF_BUILDID_DIR, ~/.debug). */
const char *buildid_dir__get(void);

/* "<symfs><path>" into buf; returns buf. */
char *symfs__join(char *buf, size_t size, const char *path);

enum symbol_flags {
	SYMBOL_KERNEL	= 1 << 0,	/* from a kernel DSO: not demangled by default */
	SYMBOL_PLT	= 1 << 1,	/* a synthesized name@plt entry */
	SYMBOL_RAW	= 1 << 2,	/* never demangled (JIT maps, as upstream) */
	SYMBOL_OVERLAP	= 1 << 3,	/* its range meets another symbol's (see symtree.h) */
	SYMBOL_INLINED	= 1 << 4,	/* a function inlined in another symbol (see inline-cache.h) */
};

struct symbol {
	u64		start;
	u64		end;		/* exclusive */
	const char	*name;		/* as in the symbol table; owned by the symtab */
	const char	*dname;		/* display name, computed on first use (see symbol__name) */
	u8		binding;	/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
	u8		type;		/* STT_FUNC, STT_OBJECT, STT_NOTYPE ... */
	u8		flags;		/* enum symbol_flags */
	u32		id;		/* order of insertion (see symtree.h) */
};

/* An inline level's symbol: shown as "name (inlined)", compared by name and range. */
static inline bool symbol__inlined(const struct symbol *sym)
{
	return sym && (sym->flags & SYMBOL_INLINED);
}

static inline u64 symbol__size(const struct symbol *sym)
{
	return sym->end - sym->start;
}

/*
 * The name to print: demangled unless --no-demangle (kernel names only with
 * demangle_kernel), with parameter lists when verbose, as upstream prints.
 * Computed once and cached in the symbol.
 */
const char *symbol__name(struct symbol *sym);

struct name_chunk;

struct symtab {
	struct symbol	*syms;
	size_t		nr;
	size_t		alloc;
	u64		*starts;	/* syms[i].start, for a cache-friendly search */
	u64		*max_end;	/* prefix maxima of end; only when symbols overlap */
	struct symbol	**by_name;	/* sorted by display name, built on demand */
	struct name_chunk *names;	/* arena of the names */
	struct symtree_log log;		/* upstream's tree operations, until finished */
	struct symtree	tree;		/* upstream's tree, when symbols overlap */
	bool		has_tree;
	bool		finished;
};

void symtab__init(struct symtab *st);
/* Free the symbols, names and indexes. */
void symtab__exit(struct symtab *st);

/* Append a symbol (name copied, len bytes). Not findable until symtab__finish(). */
struct symbol *symtab__add(struct symtab *st, u64 start, u64 size, u8 binding, u8 type,
			   const char *name, size_t len);

/* Make room for nr more symbols (when the count is known in advance). */
void symtab__reserve(struct symtab *st, size_t nr);
/* Room for that many bytes of names (a hint for big tables). */
void symtab__reserve_names(struct symtab *st, size_t bytes);
/* Stable sort by start address (equal starts keep their insertion order). */
void symtab__sort(struct symtab *st);
/*
 * Upstream's load-time fixups, on a sorted table: zero-size symbols end where
 * the next one starts (the last one at the next page boundary + 4 KiB; for
 * kallsyms not across a kernel/module boundary), then one symbol among those
 * at the same address (non-zero size, then non-weak, then global, then fewer
 * leading underscores, then the longest name, then the first).
 */
void symtab__fixup_end(struct symtab *st, bool kallsyms);
void symtab__fixup_duplicate(struct symtab *st);
/*
 * Keep the symbols for which keep() returns true (it may change them, not
 * their names' storage), in order. For splitting a table (kallsyms modules).
 */
void symtab__filter(struct symtab *st, bool (*keep)(struct symbol *sym, void *arg), void *arg);
/* Sort and build the lookup index; the table is then read-only. */
void symtab__finish(struct symtab *st);

/*
 * The symbol containing addr, or NULL. O(log n). Where symbols overlap,
 * the one upstream's tree search finds.
 */
struct symbol *symtab__find(const struct symtab *st, u64 addr);
/* The same, and the range [*lo, *hi) of addresses with that answer (*hi 0: unbounded). */
struct symbol *symtab__find_range(const struct symtab *st, u64 addr, u64 *lo, u64 *hi);
/* The first symbol whose display name is name (or raw name when not demangling). */
struct symbol *symtab__find_by_name(struct symtab *st, const char *name);
/* The symbol at or after addr; NULL past the end. */
struct symbol *symtab__find_next(const struct symtab *st, u64 addr);

static inline size_t symtab__nr(const struct symtab *st)
{
	return st->nr;
}

/*
 * Read a JIT symbol map (/tmp/perf-PID.map: "START SIZE name" per line, hex)
 * into st. Returns the number of symbols, or -errno when the file cannot be read.
 */
int symtab__load_perf_map(struct symtab *st, const char *path);

#endif
