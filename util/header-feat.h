/* SPDX-License-Identifier: GPL-2.0 */
/* Internal to util/header*.c: the per-feature readers, writers and printers. */
#ifndef PERF_HEADER_FEAT_H
#define PERF_HEADER_FEAT_H

#include "header.h"

struct strbuf;

/* A feature payload being decoded (buf) or built (sb). */
struct feat_fd {
	const char			*buf;
	size_t				size;
	size_t				offset;
	bool				swap;
	struct strbuf			*sb;
	struct perf_header		*header;
	struct evlist			*evlist;
	const struct perf_header_write_info *info;
};

struct feature_ops {
	const char *name;
	int (*write)(struct feat_fd *ff);
	int (*process)(struct feat_fd *ff);
	void (*print)(struct feat_fd *ff, FILE *fp);
	bool full_only;		/* printed only with -I */
};

/* NULL for an unknown feature. */
const struct feature_ops *feature_ops__get(int feat);

/* Decoding helpers: 0, or -EINVAL when the payload is too short. */
int ff__read_u32(struct feat_fd *ff, u32 *v);
int ff__read_u64(struct feat_fd *ff, u64 *v);
int ff__read(struct feat_fd *ff, void *buf, size_t size);
/* A perf_header_string: u32 len, then len bytes holding a NUL-terminated string. */
char *ff__read_string(struct feat_fd *ff);

void ff__write(struct feat_fd *ff, const void *buf, size_t size);
void ff__write_u32(struct feat_fd *ff, u32 v);
void ff__write_u64(struct feat_fd *ff, u64 v);
/* u32 len (the string and its NUL padded to 64 bytes), then the padded string. */
void ff__write_string(struct feat_fd *ff, const char *str);

/* A perf_header_string_list: u32 nr, then nr strings. */
int ff__read_string_list(struct feat_fd *ff, char ***list, int *nr);
void ff__write_string_list(struct feat_fd *ff, char **list, int nr);

/* The machine description features (util/header-topology.c). */
void feat_print_cache(struct feat_fd *ff, FILE *fp);
void feat_print_cpu_pmu_caps(struct feat_fd *ff, FILE *fp);
void feat_print_cpu_topology(struct feat_fd *ff, FILE *fp);
void feat_print_hybrid_topology(struct feat_fd *ff, FILE *fp);
void feat_print_mem_topology(struct feat_fd *ff, FILE *fp);
void feat_print_nrcpus(struct feat_fd *ff, FILE *fp);
void feat_print_numa_topology(struct feat_fd *ff, FILE *fp);
void feat_print_pmu_caps(struct feat_fd *ff, FILE *fp);
void feat_print_pmu_mappings(struct feat_fd *ff, FILE *fp);
void feat_print_total_mem(struct feat_fd *ff, FILE *fp);
int feat_process_cache(struct feat_fd *ff);
int feat_process_cpu_pmu_caps(struct feat_fd *ff);
int feat_process_cpu_topology(struct feat_fd *ff);
int feat_process_hybrid_topology(struct feat_fd *ff);
int feat_process_mem_topology(struct feat_fd *ff);
int feat_process_nrcpus(struct feat_fd *ff);
int feat_process_numa_topology(struct feat_fd *ff);
int feat_process_pmu_caps(struct feat_fd *ff);
int feat_process_pmu_mappings(struct feat_fd *ff);
int feat_process_total_mem(struct feat_fd *ff);
int feat_write_cache(struct feat_fd *ff);
int feat_write_cpu_pmu_caps(struct feat_fd *ff);
int feat_write_cpu_topology(struct feat_fd *ff);
int feat_write_cpudesc(struct feat_fd *ff);
int feat_write_cpuid(struct feat_fd *ff);
int feat_write_hybrid_topology(struct feat_fd *ff);
int feat_write_mem_topology(struct feat_fd *ff);
int feat_write_nrcpus(struct feat_fd *ff);
int feat_write_numa_topology(struct feat_fd *ff);
int feat_write_pmu_caps(struct feat_fd *ff);
int feat_write_pmu_mappings(struct feat_fd *ff);
int feat_write_total_mem(struct feat_fd *ff);


#endif
