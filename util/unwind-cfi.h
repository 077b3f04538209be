/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Call frame information of a DSO, for the DWARF unwinder: the row of the
 * CFI table in effect at an address (how to find the CFA and each caller
 * register), from .eh_frame, else .debug_frame, of the DSO's files (the
 * binary, a build-id cache copy, separate debug files).
 *
 * One cache per DSO, filled on demand: the files are opened once, and
 * each distinct address is looked up in libdw once, its row compiled into
 * a compact form kept until the DSO is deleted.
 */
#ifndef PERF_UNWIND_CFI_H
#define PERF_UNWIND_CFI_H

#include <elfutils/libdw.h>
#include "unwind-arch.h"

struct dso;
struct dso_cfi;

enum cfi_rule_kind {
	CFI_RULE_SAME,		/* the caller's value is this frame's */
	CFI_RULE_UNDEF,		/* not recoverable */
	CFI_RULE_LOC,		/* the expression gives the address it is saved at */
	CFI_RULE_VAL,		/* the expression gives the value itself */
	CFI_RULE_REG,		/* in another register of this frame: number in ops */
};

/* A DWARF expression (nops operations at ops in the DSO's arena) and how to use it. */
struct cfi_rule {
	u8	kind;		/* enum cfi_rule_kind */
	u16	nops;
	u32	ops;
};

struct cfi_row {
	struct cfi_rule	cfa;	/* CFI_RULE_VAL: the canonical frame address */
	struct cfi_rule	regs[UNWIND_NR_REGS];
	u8		ra;	/* the return address column */
	bool		signal;	/* a signal trampoline's frame ('S' augmentation) */
};

/*
 * The row at ELF virtual address vaddr of dso (see dso__offset_to_vaddr()),
 * or NULL when no FDE covers it; *ops is set to the DSO's expression arena
 * (index it with cfi_rule.ops). Valid until the next call for that dso.
 */
const struct cfi_row *dso__cfi_row(struct dso *dso, u64 vaddr, const Dwarf_Op **ops);

/* Does dso have any call frame information (.eh_frame or .debug_frame)? */
bool dso__has_cfi(struct dso *dso);

void dso_cfi__delete(struct dso_cfi *cfi);

#endif
