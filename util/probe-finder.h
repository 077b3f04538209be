/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DWARF analysis for perf probe (libdw): where a function, a source line or
 * a lazy pattern is in the code, which variables are visible there and how
 * to fetch them (registers, frame offsets, member and array chains, types,
 * bitfields), the source lines that can be probed (-L), the variables (-V),
 * and the way back from an address to FUNC:LINE@FILE (-l).
 */
#ifndef PERF_PROBE_FINDER_H
#define PERF_PROBE_FINDER_H

#include "util.h"

struct perf_probe_event;
struct perf_probe_point;
struct probe_trace_event;
struct probe_elf;
struct strlist;
struct debuginfo;

/*
 * Open the debug information of the binary at path: its own .debug_info, or a
 * separate file (build-id under /usr/lib/debug, .gnu_debuglink). elf (may be
 * NULL) is the binary itself, used to turn static addresses into uprobe file
 * offsets and for .eh_frame. NULL when there is no debug info (errno ENODATA).
 */
struct debuginfo *debuginfo__new(const char *path, struct probe_elf *elf, bool uprobes);
void debuginfo__delete(struct debuginfo *dbg);
/* The file the DWARF came from (the binary or its separate debug file). */
const char *debuginfo__path(const struct debuginfo *dbg);

/*
 * Resolve pev into probe points with fetch arguments: *tevs gets an allocated
 * array (vaddr, realname, rel_line, retprobe and args filled in). Returns
 * the count (0, silently, when the point is not in the debug info), or -errno
 * after printing why (variable not found, bad member...).
 */
int debuginfo__find_trace_events(struct debuginfo *dbg, struct perf_probe_event *pev,
				 struct probe_trace_event **tevs);

/* -V: print the variables visible at each address of pev's point. */
int debuginfo__show_available_vars(struct debuginfo *dbg, struct perf_probe_event *pev,
				   const char *filter);

/* A -L request. */
struct line_range {
	char *file;		/* SRC:ALN form, or @SRC with a function */
	char *function;		/* FUNC:RLN form */
	int start, end;		/* as given: relative to the function, or absolute */
	bool end_given;		/* -N or +N was given (else: to the end of the function/file) */
	/* filled in by the finder */
	char *path;		/* the source file (absolute when comp_dir is known) */
	int offset;		/* the function's declaration line, 0 for files */
	int *lines;		/* sorted probe-able absolute lines */
	size_t nr_lines, alloc_lines;
	int func_end;		/* last line of the function, 0 when unknown */
};

int parse_line_range_desc(const char *arg, struct line_range *lr);
void line_range__clear(struct line_range *lr);
/* Find the lines of lr. 1 when found, 0 when not, -errno on errors. */
int debuginfo__find_line_range(struct debuginfo *dbg, struct line_range *lr);

/*
 * The probe point at vaddr as the user would write it: function, relative
 * line and the source file as recorded in the debug info. 0 or -ENOENT.
 */
int debuginfo__find_probe_point(struct debuginfo *dbg, u64 vaddr, bool retprobe,
				struct perf_probe_point *pp);

#endif
