// SPDX-License-Identifier: GPL-2.0
/*
 * The feature sections that describe the machine: CPUs and their topology,
 * memory and NUMA nodes, caches, PMUs and their capabilities. Written from
 * sysfs and procfs as upstream writes them, decoded into perf_env, printed
 * by 'perf report --header'.
 */
#include "header-feat.h"
#include "cpumap.h"
#include "io.h"
#include "string2.h"
#include "strbuf.h"
#include <cpuid.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

/* ---- NRCPUS ---- */

static int max_present_cpu(void)
{
	char *s = NULL;
	struct perf_cpu_map *map;
	int max = -1;

	if (!filename__read_str("/sys/devices/system/cpu/present", &s, NULL)) {
		map = perf_cpu_map__new(strim(s));
		if (map && map->nr)
			max = map->map[map->nr - 1];
		perf_cpu_map__put(map);
	}
	free(s);
	return max >= 0 ? max + 1 : (int)sysconf(_SC_NPROCESSORS_CONF);
}

int feat_write_nrcpus(struct feat_fd *ff)
{
	ff__write_u32(ff, max_present_cpu());
	ff__write_u32(ff, (u32)sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}

int feat_process_nrcpus(struct feat_fd *ff)
{
	u32 avail, online;

	if (ff__read_u32(ff, &avail) || ff__read_u32(ff, &online))
		return -EINVAL;
	if (avail > 1 << 20 || online > 1 << 20)
		return -EINVAL;
	ff->header->env.nr_cpus_avail = avail;
	ff->header->env.nr_cpus_online = online;
	return 0;
}

void feat_print_nrcpus(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# nrcpus online : %u\n", ff->header->env.nr_cpus_online);
	fprintf(fp, "# nrcpus avail : %u\n", ff->header->env.nr_cpus_avail);
}

/* ---- CPUDESC, CPUID (x86) ---- */

int feat_write_cpudesc(struct feat_fd *ff)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[1024], *desc = NULL;

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		char *p;

		if (!strstarts(line, "model name"))
			continue;
		p = strchr(line, ':');
		if (!p)
			continue;
		desc = strim(p + 1);
		break;
	}
	fclose(fp);
	if (!desc)
		return -ENOENT;
	/* squeeze runs of blanks, as upstream does */
	for (char *r = desc, *w = desc; ; r++) {
		if (*r == '\t')
			*r = ' ';
		if (*r == ' ' && w > desc && w[-1] == ' ')
			continue;
		*w++ = *r;
		if (!*r)
			break;
	}
	ff__write_string(ff, desc);
	return 0;
}

int feat_write_cpuid(struct feat_fd *ff)
{
	unsigned int a, b, c, d, lvl, family, model, stepping;
	char vendor[13], buf[128];

	if (!__get_cpuid(0, &lvl, &b, &c, &d))
		return -ENOTSUP;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (lvl < 1 || !__get_cpuid(1, &a, &b, &c, &d))
		return -ENOTSUP;
	family = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	stepping = a & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family >= 0x6)
		model += ((a >> 16) & 0xf) << 4;
	snprintf(buf, sizeof(buf), "%s,%u,%u,%u", vendor, family, model, stepping);
	ff__write_string(ff, buf);
	return 0;
}

/* ---- TOTAL_MEM ---- */

int feat_write_total_mem(struct feat_fd *ff)
{
	FILE *fp = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kb = 0;
	bool found = false;

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1) {
			found = true;
			break;
		}
	fclose(fp);
	if (!found)
		return -ENOENT;
	ff__write_u64(ff, kb);
	return 0;
}

int feat_process_total_mem(struct feat_fd *ff)
{
	return ff__read_u64(ff, &ff->header->env.total_mem);
}

void feat_print_total_mem(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# total memory : %" PRIu64 " kB\n", ff->header->env.total_mem);
}

/* ---- CPU_TOPOLOGY ---- */

static char *cpu_topology_str(int cpu, const char *file)
{
	char path[PATH_MAX], *s = NULL, *t;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
	if (filename__read_str(path, &s, NULL))
		return NULL;
	t = xstrdup(strim(s));
	free(s);
	return t;
}

static int cpu_topology_int(int cpu, const char *file)
{
	char path[PATH_MAX];
	int v;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, file);
	if (filename__read_int(path, &v))
		return -1;
	return v;
}

/* Add s to the list unless it is there; takes s. */
static void add_unique(struct strlist *order, char ***list, int *nr, char *s)
{
	if (!s)
		return;
	if (strlist__has(order, s)) {
		free(s);
		return;
	}
	strlist__add(order, s);
	*list = xrealloc(*list, (*nr + 1) * sizeof(char *));
	(*list)[(*nr)++] = s;
}

int feat_write_cpu_topology(struct feat_fd *ff)
{
	int nr = max_present_cpu();
	char **cores = NULL, **threads = NULL, **dies = NULL;
	int nr_cores = 0, nr_threads = 0, nr_dies = 0;
	struct strlist *sc = strlist__new(NULL), *st = strlist__new(NULL), *sd = strlist__new(NULL);
	struct perf_cpu_map *online = perf_cpu_map__new_online();
	bool has_die = access("/sys/devices/system/cpu/cpu0/topology/die_cpus_list", F_OK) == 0;

	for (int cpu = 0; cpu < nr; cpu++) {
		char *s;

		if (perf_cpu_map__idx(online, cpu) < 0)
			continue;
		s = cpu_topology_str(cpu, "package_cpus_list");
		if (!s)
			s = cpu_topology_str(cpu, "core_siblings_list");
		add_unique(sc, &cores, &nr_cores, s);
		if (has_die)
			add_unique(sd, &dies, &nr_dies, cpu_topology_str(cpu, "die_cpus_list"));
		s = cpu_topology_str(cpu, "core_cpus_list");
		if (!s)
			s = cpu_topology_str(cpu, "thread_siblings_list");
		add_unique(st, &threads, &nr_threads, s);
	}
	ff__write_string_list(ff, cores, nr_cores);
	ff__write_string_list(ff, threads, nr_threads);
	for (int cpu = 0; cpu < nr; cpu++) {
		bool on = perf_cpu_map__idx(online, cpu) >= 0;

		ff__write_u32(ff, on ? (u32)cpu_topology_int(cpu, "core_id") : (u32)-1);
		ff__write_u32(ff, on ? (u32)cpu_topology_int(cpu, "physical_package_id") : (u32)-1);
	}
	if (has_die) {
		ff__write_string_list(ff, dies, nr_dies);
		for (int cpu = 0; cpu < nr; cpu++) {
			bool on = perf_cpu_map__idx(online, cpu) >= 0;

			ff__write_u32(ff, on ? (u32)cpu_topology_int(cpu, "die_id") : (u32)-1);
		}
	}
	for (int i = 0; i < nr_cores; i++)
		free(cores[i]);
	for (int i = 0; i < nr_threads; i++)
		free(threads[i]);
	for (int i = 0; i < nr_dies; i++)
		free(dies[i]);
	free(cores);
	free(threads);
	free(dies);
	strlist__delete(sc);
	strlist__delete(st);
	strlist__delete(sd);
	perf_cpu_map__put(online);
	return 0;
}

int feat_process_cpu_topology(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	int nr = env->nr_cpus_avail;

	if (ff__read_string_list(ff, &env->sibling_cores, &env->nr_sibling_cores) ||
	    ff__read_string_list(ff, &env->sibling_threads, &env->nr_sibling_threads))
		return -EINVAL;
	/* older files end here */
	if (ff->offset == ff->size || nr <= 0)
		return 0;
	if ((size_t)nr * 8 > ff->size - ff->offset)
		return -EINVAL;
	env->cpu = xcalloc(nr, sizeof(*env->cpu));
	env->nr_cpu_topology = nr;
	for (int i = 0; i < nr; i++) {
		u32 core, socket;

		ff__read_u32(ff, &core);
		ff__read_u32(ff, &socket);
		env->cpu[i].core_id = (int)core;
		env->cpu[i].socket_id = (int)socket;
		env->cpu[i].die_id = -1;
	}
	if (ff->offset == ff->size)
		return 0;
	if (ff__read_string_list(ff, &env->sibling_dies, &env->nr_sibling_dies))
		return -EINVAL;
	if ((size_t)nr * 4 > ff->size - ff->offset)
		return -EINVAL;
	for (int i = 0; i < nr; i++) {
		u32 die;

		ff__read_u32(ff, &die);
		env->cpu[i].die_id = (int)die;
	}
	env->has_die_topology = true;
	return 0;
}

void feat_print_cpu_topology(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	for (int i = 0; i < env->nr_sibling_cores; i++)
		fprintf(fp, "# sibling sockets : %s\n", env->sibling_cores[i]);
	for (int i = 0; i < env->nr_sibling_dies; i++)
		fprintf(fp, "# sibling dies    : %s\n", env->sibling_dies[i]);
	for (int i = 0; i < env->nr_sibling_threads; i++)
		fprintf(fp, "# sibling threads : %s\n", env->sibling_threads[i]);
	if (env->nr_sibling_dies) {
		if (!env->cpu) {
			fprintf(fp, "# Core ID, Die ID and Socket ID information is not available\n");
			return;
		}
		for (int i = 0; i < env->nr_cpu_topology; i++)
			fprintf(fp, "# CPU %d: Core ID %d, Die ID %d, Socket ID %d\n", i,
				env->cpu[i].core_id, env->cpu[i].die_id, env->cpu[i].socket_id);
	} else {
		if (!env->cpu) {
			fprintf(fp, "# Core ID and Socket ID information is not available\n");
			return;
		}
		for (int i = 0; i < env->nr_cpu_topology; i++)
			fprintf(fp, "# CPU %d: Core ID %d, Socket ID %d\n", i,
				env->cpu[i].core_id, env->cpu[i].socket_id);
	}
}

/* ---- NUMA_TOPOLOGY ---- */

int feat_write_numa_topology(struct feat_fd *ff)
{
	char *s = NULL;
	struct perf_cpu_map *nodes;
	int err = 0;

	if (filename__read_str("/sys/devices/system/node/online", &s, NULL))
		return -ENOENT;
	nodes = perf_cpu_map__new(strim(s));
	free(s);
	if (!nodes)
		return -EINVAL;
	ff__write_u32(ff, nodes->nr);
	for (int i = 0; i < nodes->nr; i++) {
		int node = nodes->map[i];
		char path[PATH_MAX], line[256], *cpus = NULL;
		unsigned long long total = 0, free_kb = 0, v;
		FILE *fp;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/meminfo", node);
		fp = fopen(path, "r");
		if (!fp) {
			err = -errno;
			break;
		}
		while (fgets(line, sizeof(line), fp)) {
			if (sscanf(line, "Node %*d MemTotal: %llu", &v) == 1)
				total = v;
			else if (sscanf(line, "Node %*d MemFree: %llu", &v) == 1)
				free_kb = v;
		}
		fclose(fp);
		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/cpulist", node);
		if (filename__read_str(path, &cpus, NULL)) {
			err = -ENOENT;
			break;
		}
		ff__write_u32(ff, node);
		ff__write_u64(ff, total);
		ff__write_u64(ff, free_kb);
		ff__write_string(ff, strim(cpus));
		free(cpus);
	}
	perf_cpu_map__put(nodes);
	return err;
}

int feat_process_numa_topology(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 24)
		return -EINVAL;
	env->numa_nodes = xcalloc(nr ? nr : 1, sizeof(*env->numa_nodes));
	for (u32 i = 0; i < nr; i++) {
		struct numa_node *n = &env->numa_nodes[i];

		if (ff__read_u32(ff, &n->node) || ff__read_u64(ff, &n->mem_total) ||
		    ff__read_u64(ff, &n->mem_free))
			return -EINVAL;
		n->cpus = ff__read_string(ff);
		if (!n->cpus)
			return -EINVAL;
		env->nr_numa_nodes = i + 1;
	}
	return 0;
}

void feat_print_numa_topology(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	for (int i = 0; i < env->nr_numa_nodes; i++) {
		struct numa_node *n = &env->numa_nodes[i];

		fprintf(fp, "# node%u meminfo  : total = %" PRIu64 " kB, free = %" PRIu64 " kB\n",
			n->node, n->mem_total, n->mem_free);
		fprintf(fp, "# node%u cpu list : %s\n", n->node, n->cpus);
	}
}

/* ---- PMU_MAPPINGS ---- */

/*
 * A u32 count, then one entry per PMU in directory order (as upstream lists
 * them): entry() appends a PMU's entry to body and returns 1, or 0 to skip it.
 */
static int write_pmu_list(struct feat_fd *ff, int (*entry)(struct feat_fd *body, const char *pmu))
{
	DIR *dir = opendir("/sys/bus/event_source/devices");
	struct dirent *d;
	struct strbuf body = STRBUF_INIT;
	struct feat_fd tmp = { .sb = &body };
	u32 nr = 0;

	if (!dir)
		return -errno;
	while ((d = readdir(dir)) != NULL)
		if (d->d_name[0] != '.')
			nr += entry(&tmp, d->d_name);
	closedir(dir);
	ff__write_u32(ff, nr);
	ff__write(ff, body.buf, body.len);
	strbuf_release(&body);
	return 0;
}

static int pmu_mapping_entry(struct feat_fd *body, const char *pmu)
{
	char path[PATH_MAX];
	int type;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	if (filename__read_int(path, &type))
		return 0;
	ff__write_u32(body, type);
	ff__write_string(body, pmu);
	return 1;
}

int feat_write_pmu_mappings(struct feat_fd *ff)
{
	return write_pmu_list(ff, pmu_mapping_entry);
}

int feat_process_pmu_mappings(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 8)
		return -EINVAL;
	env->pmu_mappings = xcalloc(nr ? nr : 1, sizeof(*env->pmu_mappings));
	for (u32 i = 0; i < nr; i++) {
		struct pmu_mapping *m = &env->pmu_mappings[i];

		if (ff__read_u32(ff, &m->type))
			return -EINVAL;
		m->name = ff__read_string(ff);
		if (!m->name)
			return -EINVAL;
		env->nr_pmu_mappings = i + 1;
	}
	return 0;
}

void feat_print_pmu_mappings(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# pmu mappings: ");
	if (!env->nr_pmu_mappings)
		fprintf(fp, "not available");
	for (int i = 0; i < env->nr_pmu_mappings; i++)
		fprintf(fp, "%s%s = %u", i ? ", " : "", env->pmu_mappings[i].name,
			env->pmu_mappings[i].type);
	fputc('\n', fp);
}

/* ---- CACHE ---- */

struct cache_entry {
	u32 level, line_size, sets, ways;
	char *type, *size, *map;
};

static char *cache_str(const char *dir, const char *file)
{
	char path[PATH_MAX], *s = NULL, *t;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (filename__read_str(path, &s, NULL))
		return NULL;
	t = xstrdup(strim(s));
	free(s);
	return t;
}

static u32 cache_u32(const char *dir, const char *file)
{
	char *s = cache_str(dir, file);
	u32 v = s ? (u32)strtoul(s, NULL, 0) : 0;

	free(s);
	return v;
}

static int cache_cmp(const void *a, const void *b)
{
	const struct cache_entry *x = a, *y = b;

	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	return strcmp(x->type, y->type);
}

int feat_write_cache(struct feat_fd *ff)
{
	struct cache_entry *caches = NULL;
	int nr = 0, alloc = 0, ncpu = max_present_cpu();

	for (int cpu = 0; cpu < ncpu; cpu++) {
		for (int idx = 0; idx < 16; idx++) {
			char dir[PATH_MAX];
			struct cache_entry c;
			bool dup = false;

			snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpu%d/cache/index%d", cpu, idx);
			if (access(dir, F_OK))
				break;
			c.level = cache_u32(dir, "level");
			c.line_size = cache_u32(dir, "coherency_line_size");
			c.sets = cache_u32(dir, "number_of_sets");
			c.ways = cache_u32(dir, "ways_of_associativity");
			c.type = cache_str(dir, "type");
			c.size = cache_str(dir, "size");
			c.map = cache_str(dir, "shared_cpu_list");
			if (!c.type || !c.size || !c.map) {
				free(c.type);
				free(c.size);
				free(c.map);
				continue;
			}
			for (int i = 0; i < nr; i++)
				if (caches[i].level == c.level && !strcmp(caches[i].type, c.type) &&
				    !strcmp(caches[i].map, c.map))
					dup = true;
			if (dup) {
				free(c.type);
				free(c.size);
				free(c.map);
				continue;
			}
			ALLOC_GROW(caches, nr + 1, alloc);
			caches[nr++] = c;
		}
	}
	if (nr)
		qsort(caches, nr, sizeof(*caches), cache_cmp);
	ff__write_u32(ff, 1);
	ff__write_u32(ff, nr);
	for (int i = 0; i < nr; i++) {
		ff__write_u32(ff, caches[i].level);
		ff__write_u32(ff, caches[i].line_size);
		ff__write_u32(ff, caches[i].sets);
		ff__write_u32(ff, caches[i].ways);
		ff__write_string(ff, caches[i].type);
		ff__write_string(ff, caches[i].size);
		ff__write_string(ff, caches[i].map);
		free(caches[i].type);
		free(caches[i].size);
		free(caches[i].map);
	}
	free(caches);
	return 0;
}

int feat_process_cache(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 version, nr;

	if (ff__read_u32(ff, &version) || version != 1 || ff__read_u32(ff, &nr) ||
	    nr > (ff->size - ff->offset) / 28)
		return -EINVAL;
	env->caches = xcalloc(nr ? nr : 1, sizeof(*env->caches));
	for (u32 i = 0; i < nr; i++) {
		struct cpu_cache_level *c = &env->caches[i];

		if (ff__read_u32(ff, &c->level) || ff__read_u32(ff, &c->line_size) ||
		    ff__read_u32(ff, &c->sets) || ff__read_u32(ff, &c->ways))
			return -EINVAL;
		c->type = ff__read_string(ff);
		c->size = ff__read_string(ff);
		c->map = ff__read_string(ff);
		env->nr_caches = i + 1;
		if (!c->type || !c->size || !c->map)
			return -EINVAL;
	}
	return 0;
}

void feat_print_cache(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# CPU cache info:\n");
	for (int i = 0; i < env->nr_caches; i++) {
		struct cpu_cache_level *c = &env->caches[i];

		fprintf(fp, "#  L%d %-15s %8s [%s]\n", c->level, c->type, c->size, c->map);
	}
}

/* ---- MEM_TOPOLOGY ---- */

int feat_write_mem_topology(struct feat_fd *ff)
{
	char *s = NULL;
	unsigned long long bsize;
	struct perf_cpu_map *nodes;

	if (filename__read_str("/sys/devices/system/memory/block_size_bytes", &s, NULL))
		return -ENOENT;
	bsize = strtoull(strim(s), NULL, 16);
	free(s);
	if (filename__read_str("/sys/devices/system/node/online", &s, NULL))
		return -ENOENT;
	nodes = perf_cpu_map__new(strim(s));
	free(s);
	if (!nodes)
		return -EINVAL;
	ff__write_u64(ff, 1);
	ff__write_u64(ff, bsize);
	ff__write_u64(ff, nodes->nr);
	for (int i = 0; i < nodes->nr; i++) {
		char path[PATH_MAX];
		DIR *dir;
		struct dirent *d;
		unsigned long *idx = NULL;
		int n = 0, alloc = 0;
		u64 size = 0, words, *bits;

		snprintf(path, sizeof(path), "/sys/devices/system/node/node%d", nodes->map[i]);
		dir = opendir(path);
		while (dir && (d = readdir(dir)) != NULL) {
			char *end;
			unsigned long v;

			if (!strstarts(d->d_name, "memory"))
				continue;
			v = strtoul(d->d_name + 6, &end, 10);
			if (end == d->d_name + 6 || *end)
				continue;
			ALLOC_GROW(idx, n + 1, alloc);
			idx[n++] = v;
			if (v + 1 > size)
				size = v + 1;
		}
		if (dir)
			closedir(dir);
		words = size / 64 + 1;
		bits = xcalloc(words, sizeof(u64));
		for (int j = 0; j < n; j++)
			bits[idx[j] / 64] |= 1ULL << (idx[j] % 64);
		ff__write_u64(ff, nodes->map[i]);
		ff__write_u64(ff, size);
		ff__write_u64(ff, size);
		ff__write(ff, bits, words * sizeof(u64));
		free(bits);
		free(idx);
	}
	perf_cpu_map__put(nodes);
	return 0;
}

int feat_process_mem_topology(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u64 version, bsize, nr;

	if (ff__read_u64(ff, &version) || version != 1 || ff__read_u64(ff, &bsize) ||
	    ff__read_u64(ff, &nr) || nr > (ff->size - ff->offset) / 24)
		return -EINVAL;
	env->memory_bsize = bsize;
	env->memory_nodes = xcalloc(nr ? nr : 1, sizeof(*env->memory_nodes));
	for (u64 i = 0; i < nr; i++) {
		struct memory_node *n = &env->memory_nodes[i];
		u64 bitmap_size, words;

		if (ff__read_u64(ff, &n->node) || ff__read_u64(ff, &n->size) ||
		    ff__read_u64(ff, &bitmap_size))
			return -EINVAL;
		words = bitmap_size / 64 + 1;
		if (bitmap_size > 1ULL << 32 || words > (ff->size - ff->offset) / 8)
			return -EINVAL;
		n->set = xcalloc(words, sizeof(u64));
		for (u64 w = 0; w < words; w++)
			ff__read_u64(ff, &n->set[w]);
		if (n->size > bitmap_size)
			n->size = bitmap_size;
		env->nr_memory_nodes = i + 1;
	}
	return 0;
}

void feat_print_mem_topology(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# memory nodes (nr %d, block size 0x%llx):\n", env->nr_memory_nodes,
		(unsigned long long)env->memory_bsize);
	for (int i = 0; i < env->nr_memory_nodes; i++) {
		struct memory_node *n = &env->memory_nodes[i];
		struct strbuf map = STRBUF_INIT;
		char size_buf[50];
		u64 weight = 0;

		for (u64 b = 0; b < n->size; b++) {
			u64 start = b;

			if (!(n->set[b / 64] >> (b % 64) & 1))
				continue;
			while (b + 1 < n->size && (n->set[(b + 1) / 64] >> ((b + 1) % 64) & 1))
				b++;
			weight += b - start + 1;
			if (map.len)
				strbuf_addch(&map, ',');
			if (b == start)
				strbuf_addf(&map, "%" PRIu64, start);
			else
				strbuf_addf(&map, "%" PRIu64 "-%" PRIu64, start, b);
		}
		unit_number__scnprintf(size_buf, sizeof(size_buf), env->memory_bsize * weight);
		fprintf(fp, "#  %3" PRIu64 " [%s]: %s\n", n->node, size_buf, map.buf);
		strbuf_release(&map);
	}
}

/* ---- PMU capabilities ---- */

static int read_caps(const char *dir_path, char ***caps)
{
	DIR *dir = opendir(dir_path);
	struct dirent *d;
	int nr = 0;

	*caps = NULL;
	if (!dir)
		return -ENOENT;
	while ((d = readdir(dir)) != NULL) {
		char path[PATH_MAX], *val = NULL;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir_path, d->d_name);
		if (filename__read_str(path, &val, NULL))
			continue;
		*caps = xrealloc(*caps, (nr + 1) * sizeof(char *));
		(*caps)[nr++] = xasprintf("%s=%s", d->d_name, strim(val));
		free(val);
	}
	closedir(dir);
	return nr;
}

static void write_caps(struct feat_fd *ff, char **caps, int nr)
{
	for (int i = 0; i < nr; i++) {
		char *eq = strchr(caps[i], '=');

		*eq = '\0';
		ff__write_string(ff, caps[i]);
		ff__write_string(ff, eq + 1);
		*eq = '=';
	}
}

int feat_write_cpu_pmu_caps(struct feat_fd *ff)
{
	char **caps;
	int nr = read_caps("/sys/bus/event_source/devices/cpu/caps", &caps);

	if (nr <= 0)
		return -ENOENT;	/* no cpu PMU here: the feature is left out */
	ff__write_u32(ff, nr);
	write_caps(ff, caps, nr);
	for (int i = 0; i < nr; i++)
		free(caps[i]);
	free(caps);
	return 0;
}

static int read_caps_list(struct feat_fd *ff, char ***caps, int *nr_caps)
{
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 8)
		return -EINVAL;
	*caps = xcalloc(nr + 1, sizeof(char *));
	for (u32 i = 0; i < nr; i++) {
		char *name = ff__read_string(ff), *value = name ? ff__read_string(ff) : NULL;

		if (!value) {
			free(name);
			return -EINVAL;
		}
		(*caps)[i] = xasprintf("%s=%s", name, value);
		*nr_caps = i + 1;
		free(name);
		free(value);
	}
	return 0;
}

int feat_process_cpu_pmu_caps(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	return read_caps_list(ff, &env->cpu_pmu_caps, &env->nr_cpu_pmu_caps);
}

static void print_caps(FILE *fp, char **caps, int nr)
{
	for (int i = 0; i < nr; i++)
		fprintf(fp, "%s%s", i ? ", " : "", caps[i]);
}

void feat_print_cpu_pmu_caps(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	if (!env->nr_cpu_pmu_caps) {
		fprintf(fp, "# cpu pmu capabilities: not available\n");
		return;
	}
	fprintf(fp, "# cpu pmu capabilities: ");
	print_caps(fp, env->cpu_pmu_caps, env->nr_cpu_pmu_caps);
	fputc('\n', fp);
}

/* The caps of a PMU other than cpu: u32 nr, the name/value pairs, the PMU's name. */
static int pmu_caps_entry(struct feat_fd *body, const char *pmu)
{
	char path[PATH_MAX], **caps;
	int n;

	if (!strcmp(pmu, "cpu"))
		return 0;
	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/caps", pmu);
	n = read_caps(path, &caps);
	if (n <= 0)
		return 0;
	ff__write_u32(body, n);
	write_caps(body, caps, n);
	ff__write_string(body, pmu);
	for (int i = 0; i < n; i++)
		free(caps[i]);
	free(caps);
	return 1;
}

int feat_write_pmu_caps(struct feat_fd *ff)
{
	return write_pmu_list(ff, pmu_caps_entry);
}

int feat_process_pmu_caps(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 8)
		return -EINVAL;
	env->pmu_caps = xcalloc(nr ? nr : 1, sizeof(*env->pmu_caps));
	for (u32 i = 0; i < nr; i++) {
		struct pmu_caps *p = &env->pmu_caps[i];

		env->nr_pmus_with_caps = i + 1;
		if (read_caps_list(ff, &p->caps, &p->nr_caps))
			return -EINVAL;
		p->pmu_name = ff__read_string(ff);
		if (!p->pmu_name)
			return -EINVAL;
	}
	return 0;
}

void feat_print_pmu_caps(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	for (int i = 0; i < env->nr_pmus_with_caps; i++) {
		struct pmu_caps *p = &env->pmu_caps[i];

		fprintf(fp, "# %s pmu capabilities: ", p->pmu_name);
		print_caps(fp, p->caps, p->nr_caps);
		fputc('\n', fp);
	}
}

/* ---- HYBRID_TOPOLOGY ---- */

int feat_write_hybrid_topology(struct feat_fd *ff)
{
	/* only hybrid machines (cpu_core/cpu_atom PMUs) have it */
	if (access("/sys/bus/event_source/devices/cpu_core", F_OK))
		return -ENOENT;
	ff__write_u32(ff, 0);
	return 0;
}

int feat_process_hybrid_topology(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 8)
		return -EINVAL;
	env->hybrid_pmu_names = xcalloc(nr + 1, sizeof(char *));
	env->hybrid_cpus = xcalloc(nr + 1, sizeof(char *));
	for (u32 i = 0; i < nr; i++) {
		env->hybrid_pmu_names[i] = ff__read_string(ff);
		env->hybrid_cpus[i] = env->hybrid_pmu_names[i] ? ff__read_string(ff) : NULL;
		env->nr_hybrid_nodes = i + 1;
		if (!env->hybrid_cpus[i])
			return -EINVAL;
	}
	return 0;
}

void feat_print_hybrid_topology(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# hybrid cpu system:\n");
	for (int i = 0; i < env->nr_hybrid_nodes; i++)
		fprintf(fp, "# %s cpu list : %s\n", env->hybrid_pmu_names[i], env->hybrid_cpus[i]);
}
