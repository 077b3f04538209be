/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event listings of perf list, one function per category, in upstream's
 * layout ("  %-50s [Software event]"). glob filters by name (NULL: all);
 * name_only prints the bare names separated by spaces (--raw-dump).
 */
#ifndef PERF_PRINT_EVENTS_H
#define PERF_PRINT_EVENTS_H

#include "util.h"

/* Can this process open the event (hardware events are listed only when they count)? */
bool is_event_supported(u32 type, u64 config);

void print_symbol_events(const char *glob, u32 type, bool name_only);
void print_tool_events(const char *glob, bool name_only);
void print_hwcache_events(const char *glob, bool name_only);
void print_pmu_events(const char *glob, bool name_only);
void print_tracepoint_events(const char *sys_glob, const char *evt_glob, bool name_only);
/* SDT markers recorded in the build-id cache (~/.debug) by perf buildid-cache / perf probe. */
void print_sdt_events(const char *sys_glob, const char *evt_glob, bool name_only);
/* The raw event and breakpoint syntax lines. */
void print_raw_syntax(bool name_only);
/* Every category, as plain 'perf list' shows them (glob NULL) or a "*word*" search. */
void print_events(const char *glob, bool name_only);

#endif
