/* SPDX-License-Identifier: GPL-2.0 */
/* Shared between the probe finder's parts: probe-finder.c (points) and probe-vars.c (variables). */
#ifndef PERF_PROBE_FINDER_INT_H
#define PERF_PROBE_FINDER_INT_H

#include <elfutils/libdw.h>
#include "util.h"

struct perf_probe_event;
struct probe_elf;

struct debuginfo {
	Dwarf *dw;
	int dbg_fd;
	char *path;
	struct probe_elf *elf;	/* the binary (not owned) */
	Dwarf_CFI *cfi_eh;	/* .eh_frame of the binary */
	bool uprobes;
};

struct probe_addr {
	Dwarf_Addr addr;
	Dwarf_Die cu;
	Dwarf_Die func;		/* the instance probed (for the variables and the name) */
	bool has_func;
	int line;		/* absolute line, 0 when not a line probe */
	int rel_line;
	char *funcname;
	bool retprobe;
};

struct addr_list {
	struct probe_addr *v;
	size_t nr, alloc;
};

/* All addresses a probe point names (count or -errno); the prologue is skipped when asked. */
int find_probe_addrs(struct debuginfo *dbg, struct perf_probe_event *pev, struct addr_list *al,
		     bool need_prologue_skip);
void addr_list__clear(struct addr_list *al);
/* The tracefs name of an x86-64 DWARF register, NULL when unknown. */
const char *regname(unsigned int regno);

#endif
