// SPDX-License-Identifier: GPL-2.0
/* x86_64: perf_event user registers -> DWARF register numbers. */
#include <linux/perf_event.h>
#include <asm/perf_regs.h>
#include "unwind-arch.h"
#include "event.h"

/* DWARF number -> perf_event_x86_regs index (the RA column is the sampled rip). */
static const u8 dwarf_to_perf[UNWIND_NR_REGS] = {
	PERF_REG_X86_AX, PERF_REG_X86_DX, PERF_REG_X86_CX, PERF_REG_X86_BX,
	PERF_REG_X86_SI, PERF_REG_X86_DI, PERF_REG_X86_BP, PERF_REG_X86_SP,
	PERF_REG_X86_R8, PERF_REG_X86_R9, PERF_REG_X86_R10, PERF_REG_X86_R11,
	PERF_REG_X86_R12, PERF_REG_X86_R13, PERF_REG_X86_R14, PERF_REG_X86_R15,
	PERF_REG_X86_IP,
};

/* The value of perf register idx in a dump: regs[] holds the mask's bits in order. */
static bool dump__value(const struct regs_dump *dump, unsigned int idx, u64 *val)
{
	if (!dump->regs || !(dump->mask & (1ULL << idx)))
		return false;
	*val = dump->regs[__builtin_popcountll(dump->mask & ((1ULL << idx) - 1))];
	return true;
}

u64 unwind_arch__sample_ip(const struct regs_dump *dump)
{
	u64 ip = 0;

	dump__value(dump, PERF_REG_X86_IP, &ip);
	return ip;
}

int unwind_arch__sample_regs(const struct regs_dump *dump, struct unwind_regs *regs)
{
	regs->valid = 0;
	if (dump->abi != PERF_SAMPLE_REGS_ABI_64)
		return -1;
	for (unsigned int i = 0; i < UNWIND_NR_REGS; i++) {
		if (dump__value(dump, dwarf_to_perf[i], &regs->regs[i]))
			regs->valid |= 1U << i;
	}
	if (!(regs->valid & (1U << UNWIND_REG_SP)) || !(regs->valid & (1U << UNWIND_REG_RA)))
		return -1;
	return 0;
}
