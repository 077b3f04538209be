/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The symbols a probe can be put on: the symbol table of an ELF binary
 * (functions, objects, PLT entries) with its address-to-file-offset mapping
 * and build-id, or the kernel's /proc/kallsyms.
 */
#ifndef PERF_PROBE_SYMBOLS_H
#define PERF_PROBE_SYMBOLS_H

#include <gelf.h>
#include "util.h"

struct probe_sym {
	char *name;
	u64 addr;
	u64 size;
	bool is_func;
	bool is_plt;		/* "name@plt" */
	bool global;
};

struct probe_symtab {
	struct probe_sym *syms;	/* sorted by address */
	size_t nr, alloc;
	bool sorted;
};

/* An open ELF file: its header, program headers, symbols and build-id. */
struct probe_elf {
	char *path;		/* as opened (absolute when resolved) */
	int fd;
	Elf *elf;
	GElf_Ehdr ehdr;
	struct probe_symtab symtab;
	bool symbols_loaded;
	u8 build_id[20];
	size_t build_id_size;
};

/* Open path read-only. NULL with errno set (ENOEXEC: not an ELF file). */
struct probe_elf *probe_elf__open(const char *path);
void probe_elf__delete(struct probe_elf *pe);
/* Load .symtab (or .dynsym when stripped) and the PLT entries. 0 or -errno. */
int probe_elf__load_symbols(struct probe_elf *pe);
/* Convert a virtual address of a loadable segment to a file offset. 0 or -ENOENT. */
int probe_elf__vaddr_to_offset(const struct probe_elf *pe, u64 vaddr, u64 *offset);
/* The inverse (for listing probes by file offset). */
int probe_elf__offset_to_vaddr(const struct probe_elf *pe, u64 offset, u64 *vaddr);
/* Lower-case hex build-id into buf (at least 41 bytes); "" when there is none. */
void probe_elf__build_id_hex(const struct probe_elf *pe, char *buf);
/* The executable section header named name, or NULL. */
Elf_Scn *probe_elf__section_by_name(const struct probe_elf *pe, const char *name, GElf_Shdr *shdr);

/* Load /proc/kallsyms text symbols into st. 0 or -errno. */
int probe_symtab__load_kallsyms(struct probe_symtab *st);
void probe_symtab__exit(struct probe_symtab *st);
void probe_symtab__add(struct probe_symtab *st, const char *name, u64 addr, u64 size,
		       bool is_func, bool global);
/* Sort by address and give zero-sized functions the size up to the next one. */
void probe_symtab__fixup(struct probe_symtab *st);
/*
 * Every function symbol named name (a glob when it has wildcards) into *out
 * (allocated array of pointers into st, caller frees the array). Returns the count.
 */
int probe_symtab__find_funcs(const struct probe_symtab *st, const char *name,
			     const struct probe_sym ***out);
/* The function symbol containing addr, or NULL. */
const struct probe_sym *probe_symtab__func_at(const struct probe_symtab *st, u64 addr);
/* A symbol (of any kind) named name, or NULL. */
const struct probe_sym *probe_symtab__find(const struct probe_symtab *st, const char *name);

#endif
