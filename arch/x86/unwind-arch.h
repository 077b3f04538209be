/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the DWARF unwinder needs to know about the architecture (x86_64):
 * which DWARF registers it follows, and how a sample's user registers
 * (PERF_SAMPLE_REGS_USER, in perf_event_x86_regs bit order) map to them.
 */
#ifndef PERF_UNWIND_ARCH_H
#define PERF_UNWIND_ARCH_H

#include "util.h"

struct regs_dump;

/* DWARF numbers (System V x86_64 psABI): rax rdx rcx rbx rsi rdi rbp rsp r8-r15, then RA. */
#define UNWIND_NR_REGS		17
#define UNWIND_REG_FP		6	/* rbp */
#define UNWIND_REG_SP		7	/* rsp */
#define UNWIND_REG_RA		16	/* the return address column (rip) */

/* Register values by DWARF number; valid has bit n set when regs[n] is known. */
struct unwind_regs {
	u64	regs[UNWIND_NR_REGS];
	u32	valid;
};

/*
 * Fill regs from a sample's user registers: the general registers it holds,
 * and the instruction pointer in the RA column. Returns 0, or -1 when the
 * dump is not of a 64-bit process or lacks the instruction or stack pointer.
 */
int unwind_arch__sample_regs(const struct regs_dump *dump, struct unwind_regs *regs);

/* The sample's user instruction pointer (0 when not recorded). */
u64 unwind_arch__sample_ip(const struct regs_dump *dump);

#endif
