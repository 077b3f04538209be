/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /proc/kallsyms (or a copy: --kallsyms FILE, the build-id cache's
 * [kernel.kallsyms]/<id>/kallsyms): "ADDR TYPE NAME[\t[MODULE]]" lines.
 */
#ifndef PERF_KALLSYMS_H
#define PERF_KALLSYMS_H

#include "util.h"

struct symtab;

/*
 * Call fn for every line of path: name (with a "\t[module]" tail for module
 * symbols, as the file has it), type letter, address. fn returns non-zero to
 * stop. Returns 0, fn's value, or -errno when path cannot be read.
 */
int kallsyms__parse(const char *path, void *arg,
		    int (*fn)(void *arg, const char *name, size_t len, char type, u64 addr));

/*
 * Append the symbols upstream keeps (types T, W, D, B in either case) to st,
 * module ones named "name\t[module]", with size 0 (symtab__fixup_end(st, true)
 * gives them their end). Returns the number added or -errno.
 */
int kallsyms__load(const char *path, struct symtab *st);

/* The address of function (type T/W) name in path. Returns 0, or -1 when absent. */
int kallsyms__function_addr(const char *path, const char *name, u64 *addr);

/* Upstream's ELF binding / type for a kallsyms type letter. */
u8 kallsyms__binding(char type);
u8 kallsyms__type(char type);

#endif
