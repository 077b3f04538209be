/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The names of the kernel's generic events: hardware (PERF_TYPE_HARDWARE),
 * software (PERF_TYPE_SOFTWARE), hardware cache (PERF_TYPE_HW_CACHE) and the
 * "tool" events perf stat computes itself (duration_time, user_time,
 * system_time), and the canonical name of an event given its attr.
 */
#ifndef PERF_HW_EVENTS_H
#define PERF_HW_EVENTS_H

#include <linux/perf_event.h>
#include "util.h"

/* A symbolic event and its alternative spelling ("context-switches" / "cs"). */
struct event_symbol {
	const char *symbol;
	const char *alias;	/* "" when there is none */
};

#define PERF_SW_EVENT_NR 12	/* software events up to cgroup-switches */

/* Indexed by PERF_COUNT_HW_* / PERF_COUNT_SW_*. */
extern const struct event_symbol event_symbols_hw[PERF_COUNT_HW_MAX];
extern const struct event_symbol event_symbols_sw[PERF_SW_EVENT_NR];

/* Events perf stat measures in user space; their evsels are dummy software events. */
enum perf_tool_event {
	PERF_TOOL_NONE = 0,
	PERF_TOOL_DURATION_TIME,
	PERF_TOOL_USER_TIME,
	PERF_TOOL_SYSTEM_TIME,
	PERF_TOOL_MAX,
};

extern const char *const perf_tool_event_names[PERF_TOOL_MAX];

/* The name used when an event has no name of its own ("cycles", "context-switches"). */
const char *hw_event__name(u64 config);
const char *sw_event__name(u64 config);

/* Hardware cache names: [type][alias], [op][alias], [result][alias]. */
#define HW_CACHE_MAX_ALIASES 8
extern const char *const hw_cache_names[PERF_COUNT_HW_CACHE_MAX][HW_CACHE_MAX_ALIASES];
extern const char *const hw_cache_op_names[PERF_COUNT_HW_CACHE_OP_MAX][HW_CACHE_MAX_ALIASES];
extern const char *const hw_cache_result_names[PERF_COUNT_HW_CACHE_RESULT_MAX][HW_CACHE_MAX_ALIASES];

/* Does the cache type support the operation (no "L1-icache-stores")? */
bool hw_cache__op_valid(int type, int op);
/* "L1-dcache-load-misses" / "L1-dcache-loads" for a valid (type, op, result). */
int hw_cache__name(int type, int op, int result, char *buf, size_t size);
/* Index of the alias table row naming word (case-insensitive, longest alias prefix), or -1. */
int hw_cache__lookup(const char *const names[][HW_CACHE_MAX_ALIASES], int nr, const char *word, size_t len);

/*
 * The canonical name of an event from its attr, with the modifiers implied
 * by its exclude_* bits and precise_ip ("cycles:u", "mem:0x1000:rw",
 * "raw 0x1234" is "r1234"). Returns the length written.
 */
int perf_attr__name(const struct perf_event_attr *attr, char *buf, size_t size);

#endif
