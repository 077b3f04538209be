// SPDX-License-Identifier: GPL-2.0
/*
 * Placeholder until the DWARF unwinder lands (issue: --call-graph dwarf):
 * dwarf samples resolve to their recorded (kernel) part only.
 * TODO(dwarf helper): replace this file with the libdw-based unwinder.
 */
#include "unwind.h"
#include "event.h"

bool unwind__sample_has_stack(const struct perf_sample *sample)
{
	return sample->user_regs.regs && sample->user_regs.mask && sample->user_stack.size;
}

int unwind__get_entries(struct machine *machine, struct thread *thread,
			const struct perf_sample *sample, int max_stack,
			unwind_entry_cb_t cb, void *arg)
{
	(void)machine; (void)thread; (void)sample; (void)max_stack; (void)cb; (void)arg;
	return 0;
}
