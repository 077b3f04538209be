/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf_env: what a perf.data header says about the machine and the session
 * that recorded it (the feature sections, decoded). Owned by its perf_header.
 */
#ifndef PERF_ENV_H
#define PERF_ENV_H

#include <sys/types.h>
#include "build-id.h"
#include "util.h"

struct cpu_topology_map {
	int	socket_id;
	int	die_id;
	int	core_id;
};

struct cpu_cache_level {
	u32	level;
	u32	line_size;
	u32	sets;
	u32	ways;
	char	*type;
	char	*size;
	char	*map;
};

struct numa_node {
	u32	node;
	u64	mem_total;
	u64	mem_free;
	char	*cpus;		/* "0-3,8" */
};

struct memory_node {
	u64	node;
	u64	size;		/* bits in set */
	u64	*set;		/* bitmap of memory blocks */
};

struct pmu_mapping {
	u32	type;
	char	*name;
};

struct group_desc {
	char	*name;
	u32	leader_idx;
	u32	nr_members;
};

/* One entry of the build-id table (HEADER_BUILD_ID, PERF_RECORD_HEADER_BUILD_ID). */
struct perf_env_build_id {
	s32		pid;
	u16		misc;		/* PERF_RECORD_MISC_KERNEL / _USER / guest... */
	struct build_id	bid;
	char		*filename;
};

struct pmu_caps {
	char	*pmu_name;
	int	nr_caps;
	char	**caps;		/* "name=value" */
};

struct perf_env {
	char		*hostname;
	char		*os_release;
	char		*version;
	char		*arch;
	char		*cpu_desc;
	char		*cpuid;
	int		nr_cpus_online;
	int		nr_cpus_avail;
	u64		total_mem;	/* kB */
	int		nr_cmdline;
	char		**cmdline_argv;

	int		nr_sibling_cores;
	int		nr_sibling_dies;
	int		nr_sibling_threads;
	char		**sibling_cores;
	char		**sibling_dies;
	char		**sibling_threads;
	int		nr_cpu_topology;	/* entries of cpu[] (nr_cpus_avail) */
	struct cpu_topology_map *cpu;
	bool		has_die_topology;

	int		nr_numa_nodes;
	struct numa_node *numa_nodes;
	int		nr_pmu_mappings;
	struct pmu_mapping *pmu_mappings;
	int		nr_groups;
	struct group_desc *groups;
	int		nr_caches;
	struct cpu_cache_level *caches;
	u64		first_sample_time;
	u64		last_sample_time;
	u64		memory_bsize;
	int		nr_memory_nodes;
	struct memory_node *memory_nodes;
	u64		clock_freq_mhz;	/* HEADER_CLOCKID */
	u64		dir_format_version;
	struct {
		u32	version;
		u32	type;
		u32	level;
		u32	ratio;
		u32	mmap_len;
	} comp;
	struct {
		u32	version;
		u32	clockid;
		u64	tod_ns;
		u64	clockid_ns;
		bool	enabled;
	} clock;
	int		nr_cpu_pmu_caps;
	char		**cpu_pmu_caps;
	int		nr_pmus_with_caps;
	struct pmu_caps	*pmu_caps;
	int		nr_hybrid_nodes;
	char		**hybrid_pmu_names;
	char		**hybrid_cpus;

	int		nr_build_ids;
	int		build_ids_alloc;
	struct perf_env_build_id *build_ids;
};

void perf_env__exit(struct perf_env *env);
/* Append a build-id table entry (copies filename). */
void perf_env__add_build_id(struct perf_env *env, s32 pid, u16 misc,
			    const struct build_id *bid, const char *filename);
/* The build id recorded for filename (NULL when there is none). */
const struct perf_env_build_id *perf_env__find_build_id(const struct perf_env *env,
							 const char *filename);

/* clock_gettime() clock names as -k/--clockid takes them and the header prints them. */
const char *clockid__name(int clockid);
/* "monotonic", "mono", "CLOCK_MONOTONIC" or a number: 0 and *clockid set, -1 if unknown. */
int clockid__parse(const char *str, int *clockid);

#endif
