/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading symbols out of ELF files with libelf.
 *
 * A symsrc is one opened candidate file (the binary, a debug file, a
 * build-id cache copy, an in-memory image such as the vDSO). A DSO's symbols
 * come from the first candidate with a .symtab ("syms"), with addresses
 * adjusted by the program headers of the first one with a .dynsym
 * ("runtime") to the file-offset space that maps use; the PLT entries are
 * synthesized from the runtime file's .rela.plt, as upstream does.
 */
#ifndef PERF_SYMBOL_ELF_H
#define PERF_SYMBOL_ELF_H

#include <gelf.h>
#include "build-id.h"
#include "util.h"

struct symtab;

struct symsrc {
	char		*path;
	int		fd;		/* -1 for a memory image */
	Elf		*elf;
	GElf_Ehdr	ehdr;
	Elf_Scn		*symtab;
	GElf_Shdr	symtab_shdr;
	size_t		symtab_idx;
	Elf_Scn		*dynsym;
	GElf_Shdr	dynsym_shdr;
	size_t		dynsym_idx;
	size_t		shstrndx;
	int		type;		/* the caller's tag (enum dso_binary_type) */
};

/*
 * Open path as a symbol source. When bid is given the file must carry that
 * build id. Returns 0, -errno, or -EINVAL for a file that is not ELF or has
 * another build id.
 */
int symsrc__init(struct symsrc *ss, const char *path, int type, const struct build_id *bid);
/* The same for an ELF image in memory (not copied: it must outlive the symsrc). */
int symsrc__init_mem(struct symsrc *ss, void *image, size_t size, const char *name, int type,
		     const struct build_id *bid);
void symsrc__destroy(struct symsrc *ss);

static inline bool symsrc__has_symtab(const struct symsrc *ss)
{
	return ss->symtab != NULL;
}

/* The section of ss named name (its header in *shdr), or NULL. */
Elf_Scn *symsrc__section(const struct symsrc *ss, const char *name, GElf_Shdr *shdr);

/* Can it be the runtime image (the one that is mmapped: has a .dynsym)? */
static inline bool symsrc__possibly_runtime(const struct symsrc *ss)
{
	return ss->dynsym != NULL;
}

/*
 * Append the symbols of syms' .symtab (or .dynsym) to st: functions, objects
 * and labels in text/data sections, as upstream keeps them. With
 * adjust, addresses are moved from virtual addresses to file offsets using
 * runtime's PT_LOAD headers (user space DSOs); kernel images keep theirs.
 * Sets SYMBOL_KERNEL on each symbol when kernel. Returns the number added.
 */
int symsrc__load(struct symsrc *syms, struct symsrc *runtime, struct symtab *st,
		 bool dynsym, bool adjust, bool kernel);
/* Append "name@plt" symbols for the PLT entries of runtime. Returns the number added. */
int symsrc__synthesize_plt(struct symsrc *runtime, struct symtab *st);

/*
 * Does a file's build id (have) match a recorded one (want)? As upstream, a
 * recorded 20-byte id may be a shorter one padded with zeroes.
 */
bool build_id__matches(const struct build_id *want, const struct build_id *have);
/* The file name in the .gnu_debuglink section of path. Returns 0 or -1. */
int elf_file__read_debuglink(const char *path, char *buf, size_t size);

/* A PT_LOAD segment: [vaddr, vaddr + memsz) is loaded from offset. */
struct elf_segment {
	u64 vaddr;
	u64 offset;
	u64 memsz;
};

/* The PT_LOAD segments of ss (malloc'ed in *segs). Returns their number. */
int symsrc__segments(struct symsrc *ss, struct elf_segment **segs);

#endif
