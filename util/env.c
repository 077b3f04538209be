// SPDX-License-Identifier: GPL-2.0
#include "env.h"
#include <stdlib.h>
#include <strings.h>
#include <time.h>

static void free_strings(char **v, int nr)
{
	for (int i = 0; v && i < nr; i++)
		free(v[i]);
	free(v);
}

void perf_env__exit(struct perf_env *env)
{
	free(env->hostname);
	free(env->os_release);
	free(env->version);
	free(env->arch);
	free(env->cpu_desc);
	free(env->cpuid);
	free_strings(env->cmdline_argv, env->nr_cmdline);
	free_strings(env->sibling_cores, env->nr_sibling_cores);
	free_strings(env->sibling_dies, env->nr_sibling_dies);
	free_strings(env->sibling_threads, env->nr_sibling_threads);
	free(env->cpu);
	for (int i = 0; i < env->nr_numa_nodes; i++)
		free(env->numa_nodes[i].cpus);
	free(env->numa_nodes);
	for (int i = 0; i < env->nr_pmu_mappings; i++)
		free(env->pmu_mappings[i].name);
	free(env->pmu_mappings);
	for (int i = 0; i < env->nr_groups; i++)
		free(env->groups[i].name);
	free(env->groups);
	for (int i = 0; i < env->nr_caches; i++) {
		free(env->caches[i].type);
		free(env->caches[i].size);
		free(env->caches[i].map);
	}
	free(env->caches);
	for (int i = 0; i < env->nr_memory_nodes; i++)
		free(env->memory_nodes[i].set);
	free(env->memory_nodes);
	free_strings(env->cpu_pmu_caps, env->nr_cpu_pmu_caps);
	for (int i = 0; i < env->nr_pmus_with_caps; i++) {
		free(env->pmu_caps[i].pmu_name);
		free_strings(env->pmu_caps[i].caps, env->pmu_caps[i].nr_caps);
	}
	free(env->pmu_caps);
	free_strings(env->hybrid_pmu_names, env->nr_hybrid_nodes);
	free_strings(env->hybrid_cpus, env->nr_hybrid_nodes);
	for (int i = 0; i < env->nr_build_ids; i++)
		free(env->build_ids[i].filename);
	free(env->build_ids);
	memset(env, 0, sizeof(*env));
}

void perf_env__add_build_id(struct perf_env *env, s32 pid, u16 misc,
			    const struct build_id *bid, const char *filename)
{
	struct perf_env_build_id *b;

	ALLOC_GROW(env->build_ids, env->nr_build_ids + 1, env->build_ids_alloc);
	b = &env->build_ids[env->nr_build_ids++];
	b->pid = pid;
	b->misc = misc;
	b->bid = *bid;
	b->filename = xstrdup(filename);
}

const struct perf_env_build_id *perf_env__find_build_id(const struct perf_env *env,
							 const char *filename)
{
	for (int i = 0; i < env->nr_build_ids; i++)
		if (!strcmp(env->build_ids[i].filename, filename))
			return &env->build_ids[i];
	return NULL;
}

static const struct {
	const char *name;
	int clockid;
} clockids[] = {
	/* the first name of an id is the one printed */
	{ "monotonic", CLOCK_MONOTONIC },
	{ "monotonic_raw", CLOCK_MONOTONIC_RAW },
	{ "realtime", CLOCK_REALTIME },
	{ "boottime", CLOCK_BOOTTIME },
	{ "tai", CLOCK_TAI },
	{ "mono", CLOCK_MONOTONIC },
	{ "raw", CLOCK_MONOTONIC_RAW },
	{ "real", CLOCK_REALTIME },
	{ "boot", CLOCK_BOOTTIME },
};

const char *clockid__name(int clockid)
{
	for (size_t i = 0; i < ARRAY_SIZE(clockids); i++)
		if (clockids[i].clockid == clockid)
			return clockids[i].name;
	return "unknown";
}

int clockid__parse(const char *str, int *clockid)
{
	char *end;
	long v = strtol(str, &end, 0);

	if (*str && !*end && v >= 0 && v <= 0xffff) {
		*clockid = (int)v;
		return 0;
	}
	if (!strncasecmp(str, "CLOCK_", 6))
		str += 6;
	for (size_t i = 0; i < ARRAY_SIZE(clockids); i++) {
		if (!strcasecmp(str, clockids[i].name)) {
			*clockid = clockids[i].clockid;
			return 0;
		}
	}
	return -1;
}
