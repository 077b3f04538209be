/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space stack unwinding of samples recorded with --call-graph dwarf:
 * the user registers and the copy of the user stack in the sample, and the
 * CFI (.eh_frame / .debug_frame) of the DSOs mapped by the thread.
 */
#ifndef PERF_UNWIND_H
#define PERF_UNWIND_H

#include "util.h"

struct addr_location;
struct machine;
struct perf_sample;
struct thread;

/* One unwound frame: the return address (or the sample ip for the first) and where it resolves. */
typedef int (*unwind_entry_cb_t)(u64 ip, struct addr_location *al, void *arg);

/*
 * True when the sample carries what unwinding needs (user registers with
 * the instruction and stack pointers, and a non-empty stack copy).
 */
bool unwind__sample_has_stack(const struct perf_sample *sample);

/*
 * Unwind the user stack of sample in thread, calling cb for each frame,
 * innermost first, at most max_stack frames. Returns the number of frames
 * delivered (a bad stack copy ends the chain early, never an error), or a
 * negative value when cb asked to stop with an error.
 */
int unwind__get_entries(struct machine *machine, struct thread *thread,
			const struct perf_sample *sample, int max_stack,
			unwind_entry_cb_t cb, void *arg);

#endif
