/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel function arguments from BTF (/sys/kernel/btf/vmlinux): parameter
 * names and types of a function, turned into kprobe fetch arguments at its
 * entry (x86-64 calling convention), with member chains, array indexes,
 * strings and bitfields. Used when there is no vmlinux with DWARF.
 */
#ifndef PERF_PROBE_BTF_H
#define PERF_PROBE_BTF_H

#include "util.h"

struct btf;
struct perf_probe_event;
struct probe_trace_event;

/* Load a raw BTF file. NULL with errno set. */
struct btf *btf__load(const char *path);
void btf__delete(struct btf *btf);

/*
 * Turn pev's arguments into tev's fetch arguments at the entry of func.
 * 0 on success, -ENOENT when func is not in BTF (nothing printed), other
 * -errno after printing which argument is wrong.
 */
int btf__convert_args(struct btf *btf, const char *func, const struct perf_probe_event *pev,
		      struct probe_trace_event *tev);

#endif
