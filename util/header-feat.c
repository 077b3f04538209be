// SPDX-License-Identifier: GPL-2.0
/*
 * The feature sections of a perf.data header: how each is written (from
 * the running system and the recording session), decoded into perf_env,
 * and printed by 'perf report --header'.
 */
#include "header-feat.h"
#include "build-id.h"
#include "cpumap.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "io.h"
#include "string2.h"
#include "strbuf.h"
#include <cpuid.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

extern const char perf_version_string[];

#define MAX_NR_STRINGS	(1 << 20)

/* ---- strings and lists ---- */

static int process_string(struct feat_fd *ff, char **dst)
{
	char *s = ff__read_string(ff);

	if (!s)
		return -EINVAL;
	free(*dst);
	*dst = s;
	return 0;
}

/* A perf_header_string_list into a new array of *nr strings. */
static int process_string_list(struct feat_fd *ff, char ***list, int *nr)
{
	u32 n;
	char **v;

	if (ff__read_u32(ff, &n) || n > MAX_NR_STRINGS || n > (ff->size - ff->offset) / 4)
		return -EINVAL;
	v = xcalloc(n + 1, sizeof(*v));
	for (u32 i = 0; i < n; i++) {
		v[i] = ff__read_string(ff);
		if (!v[i]) {
			for (u32 j = 0; j < i; j++)
				free(v[j]);
			free(v);
			return -EINVAL;
		}
	}
	*list = v;
	*nr = n;
	return 0;
}

static void write_string_list(struct feat_fd *ff, char **list, int nr)
{
	ff__write_u32(ff, nr);
	for (int i = 0; i < nr; i++)
		ff__write_string(ff, list[i]);
}

/* ---- TRACING_DATA ---- */

static int write_tracing_data(struct feat_fd *ff)
{
	if (!ff->info || !ff->info->tracing_data)
		return -EINVAL;
	ff__write(ff, ff->info->tracing_data, ff->info->tracing_data_size);
	return 0;
}

static int process_tracing_data(struct feat_fd *ff)
{
	free(ff->header->tracing_data);
	ff->header->tracing_data = xmemdup(ff->buf, ff->size ? ff->size : 1);
	ff->header->tracing_data_size = ff->size;
	return 0;
}

/* ---- BUILD_ID ---- */

#define NAME_ALIGN 64

static int write_build_id(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	for (int i = 0; i < env->nr_build_ids; i++) {
		const struct perf_env_build_id *b = &env->build_ids[i];
		struct perf_record_header_build_id rec;
		size_t olen = strlen(b->filename) + 1, len = PERF_ALIGN(olen, NAME_ALIGN);

		memset(&rec, 0, sizeof(rec));
		rec.header.misc = b->misc | PERF_RECORD_MISC_BUILD_ID_SIZE;
		rec.header.size = sizeof(rec) + len;
		rec.pid = b->pid;
		memcpy(rec.data, b->bid.data, b->bid.size);
		rec.size = b->bid.size;
		ff__write(ff, &rec, sizeof(rec));
		ff__write(ff, b->filename, olen);
		strbuf_addchars(ff->sb, 0, len - olen);
	}
	return 0;
}

static int process_build_id(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	while (ff->size - ff->offset >= sizeof(struct perf_record_header_build_id)) {
		struct perf_record_header_build_id rec;
		struct build_id bid;
		size_t fname_len;
		const char *fname;

		memcpy(&rec, ff->buf + ff->offset, sizeof(rec));
		if (ff->swap) {
			perf_event_header__swap(&rec.header);
			rec.pid = (s32)__builtin_bswap32((u32)rec.pid);
		}
		if (rec.header.size < sizeof(rec) || rec.header.size > ff->size - ff->offset)
			return -EINVAL;
		fname = ff->buf + ff->offset + sizeof(rec);
		fname_len = strnlen(fname, rec.header.size - sizeof(rec));
		build_id__init(&bid, rec.data,
			       (rec.header.misc & PERF_RECORD_MISC_BUILD_ID_SIZE) && rec.size <= BUILD_ID_SIZE ?
			       rec.size : BUILD_ID_SIZE);
		{
			char *name = xstrndup(fname, fname_len);

			perf_env__add_build_id(env, rec.pid,
					       rec.header.misc & ~PERF_RECORD_MISC_BUILD_ID_SIZE, &bid, name);
			free(name);
		}
		ff->offset += rec.header.size;
	}
	return 0;
}

/* ---- simple strings ---- */

static int write_uname_field(struct feat_fd *ff, int which)
{
	struct utsname uts;

	if (uname(&uts) < 0)
		return -errno;
	ff__write_string(ff, which == 0 ? uts.nodename : which == 1 ? uts.release : uts.machine);
	return 0;
}

static int write_hostname(struct feat_fd *ff) { return write_uname_field(ff, 0); }
static int write_osrelease(struct feat_fd *ff) { return write_uname_field(ff, 1); }
static int write_arch(struct feat_fd *ff) { return write_uname_field(ff, 2); }

static int write_version(struct feat_fd *ff)
{
	ff__write_string(ff, perf_version_string);
	return 0;
}

static int process_hostname(struct feat_fd *ff) { return process_string(ff, &ff->header->env.hostname); }
static int process_osrelease(struct feat_fd *ff) { return process_string(ff, &ff->header->env.os_release); }
static int process_version(struct feat_fd *ff) { return process_string(ff, &ff->header->env.version); }
static int process_arch(struct feat_fd *ff) { return process_string(ff, &ff->header->env.arch); }
static int process_cpudesc(struct feat_fd *ff) { return process_string(ff, &ff->header->env.cpu_desc); }
static int process_cpuid(struct feat_fd *ff) { return process_string(ff, &ff->header->env.cpuid); }

static void print_hostname(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# hostname : %s\n", ff->header->env.hostname);
}

static void print_osrelease(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# os release : %s\n", ff->header->env.os_release);
}

static void print_version(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# perf version : %s\n", ff->header->env.version);
}

static void print_arch(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# arch : %s\n", ff->header->env.arch);
}

static void print_cpudesc(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# cpudesc : %s\n", ff->header->env.cpu_desc);
}

static void print_cpuid(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# cpuid : %s\n", ff->header->env.cpuid);
}

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

static int write_nrcpus(struct feat_fd *ff)
{
	ff__write_u32(ff, max_present_cpu());
	ff__write_u32(ff, (u32)sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}

static int process_nrcpus(struct feat_fd *ff)
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

static void print_nrcpus(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# nrcpus online : %u\n", ff->header->env.nr_cpus_online);
	fprintf(fp, "# nrcpus avail : %u\n", ff->header->env.nr_cpus_avail);
}

/* ---- CPUDESC, CPUID (x86) ---- */

static int write_cpudesc(struct feat_fd *ff)
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

static int write_cpuid(struct feat_fd *ff)
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

static int write_total_mem(struct feat_fd *ff)
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

static int process_total_mem(struct feat_fd *ff)
{
	return ff__read_u64(ff, &ff->header->env.total_mem);
}

static void print_total_mem(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# total memory : %" PRIu64 " kB\n", ff->header->env.total_mem);
}

/* ---- CMDLINE ---- */

static int write_cmdline(struct feat_fd *ff)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int argc = ff->info ? ff->info->argc : 0;

	if (n < 0)
		return -errno;
	exe[n] = '\0';
	ff__write_u32(ff, argc + 1);
	ff__write_string(ff, exe);
	for (int i = 0; i < argc; i++)
		ff__write_string(ff, ff->info->argv[i]);
	return 0;
}

static int process_cmdline(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	return process_string_list(ff, &env->cmdline_argv, &env->nr_cmdline);
}

static void print_cmdline(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# cmdline : ");
	for (int i = 0; i < env->nr_cmdline; i++)
		fprintf(fp, "%s ", env->cmdline_argv[i]);
	fputc('\n', fp);
}

/* ---- EVENT_DESC ---- */

static int write_event_desc(struct feat_fd *ff)
{
	struct evsel *evsel;

	ff__write_u32(ff, ff->evlist->nr_entries);
	ff__write_u32(ff, sizeof(struct perf_event_attr));
	evlist__for_each_entry(ff->evlist, evsel) {
		struct perf_event_attr attr = evsel->attr;

		attr.size = sizeof(attr);
		ff__write(ff, &attr, sizeof(attr));
		ff__write_u32(ff, evsel->nr_ids);
		ff__write_string(ff, evsel->name ? evsel->name : "");
		ff__write(ff, evsel->ids, evsel->nr_ids * sizeof(u64));
	}
	return 0;
}

static int process_event_desc(struct feat_fd *ff)
{
	u32 nr, attr_size;
	char *attr_buf;
	int idx = 0, err = 0;

	if (ff__read_u32(ff, &nr) || ff__read_u32(ff, &attr_size))
		return -EINVAL;
	if (attr_size < PERF_ATTR_SIZE_VER0 || attr_size > 1 << 16 || nr > 1 << 16)
		return -EINVAL;
	attr_buf = xmalloc(attr_size);
	for (u32 i = 0; i < nr; i++, idx++) {
		u32 nr_ids;
		u64 first_id = 0;
		char *name;
		struct evsel *evsel = NULL;

		if (ff__read(ff, attr_buf, attr_size) || ff__read_u32(ff, &nr_ids)) {
			err = -EINVAL;
			break;
		}
		name = ff__read_string(ff);
		if (!name || nr_ids > (ff->size - ff->offset) / sizeof(u64)) {
			free(name);
			err = -EINVAL;
			break;
		}
		if (nr_ids) {
			memcpy(&first_id, ff->buf + ff->offset, sizeof(u64));
			if (ff->swap)
				first_id = __builtin_bswap64(first_id);
			evsel = evlist__id2evsel(ff->evlist, first_id);
		} else {
			evsel = evlist__find_by_idx(ff->evlist, idx);
		}
		ff->offset += nr_ids * sizeof(u64);
		if (evsel && (!evsel->name || !*evsel->name) && *name) {
			free(evsel->name);
			evsel->name = name;
			name = NULL;
		}
		free(name);
	}
	free(attr_buf);
	return err;
}

static void print_event_desc(struct feat_fd *ff, FILE *fp)
{
	struct evsel *evsel;

	evlist__for_each_entry(ff->evlist, evsel)
		perf_header__fprintf_event_desc(evsel, fp);
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

static int write_cpu_topology(struct feat_fd *ff)
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
	write_string_list(ff, cores, nr_cores);
	write_string_list(ff, threads, nr_threads);
	for (int cpu = 0; cpu < nr; cpu++) {
		bool on = perf_cpu_map__idx(online, cpu) >= 0;

		ff__write_u32(ff, on ? (u32)cpu_topology_int(cpu, "core_id") : (u32)-1);
		ff__write_u32(ff, on ? (u32)cpu_topology_int(cpu, "physical_package_id") : (u32)-1);
	}
	if (has_die) {
		write_string_list(ff, dies, nr_dies);
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

static int process_cpu_topology(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	int nr = env->nr_cpus_avail;

	if (process_string_list(ff, &env->sibling_cores, &env->nr_sibling_cores) ||
	    process_string_list(ff, &env->sibling_threads, &env->nr_sibling_threads))
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
	if (process_string_list(ff, &env->sibling_dies, &env->nr_sibling_dies))
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

static void print_cpu_topology(struct feat_fd *ff, FILE *fp)
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

static int write_numa_topology(struct feat_fd *ff)
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

static int process_numa_topology(struct feat_fd *ff)
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

static void print_numa_topology(struct feat_fd *ff, FILE *fp)
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

static int write_pmu_mappings(struct feat_fd *ff)
{
	DIR *dir = opendir("/sys/bus/event_source/devices");
	struct dirent *d;
	struct strbuf body = STRBUF_INIT;
	struct feat_fd tmp = { .sb = &body };
	u32 nr = 0;

	if (!dir)
		return -errno;
	/* directory order, as upstream lists them */
	while ((d = readdir(dir)) != NULL) {
		char path[PATH_MAX];
		int type;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", d->d_name);
		if (filename__read_int(path, &type))
			continue;
		ff__write_u32(&tmp, type);
		ff__write_string(&tmp, d->d_name);
		nr++;
	}
	closedir(dir);
	ff__write_u32(ff, nr);
	ff__write(ff, body.buf, body.len);
	strbuf_release(&body);
	return 0;
}

static int process_pmu_mappings(struct feat_fd *ff)
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

static void print_pmu_mappings(struct feat_fd *ff, FILE *fp)
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

/* ---- GROUP_DESC ---- */

static int write_group_desc(struct feat_fd *ff)
{
	struct evsel *evsel;

	ff__write_u32(ff, ff->evlist->nr_groups);
	evlist__for_each_entry(ff->evlist, evsel) {
		if (!evsel__is_group_leader(evsel) || evsel->nr_members <= 1)
			continue;
		ff__write_string(ff, evsel->group_name ? evsel->group_name : "{anon_group}");
		ff__write_u32(ff, evsel->idx);
		ff__write_u32(ff, evsel->nr_members);
	}
	return 0;
}

static int process_group_desc(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;
	u32 nr;

	if (ff__read_u32(ff, &nr) || nr > (ff->size - ff->offset) / 12)
		return -EINVAL;
	env->groups = xcalloc(nr ? nr : 1, sizeof(*env->groups));
	for (u32 i = 0; i < nr; i++) {
		struct group_desc *g = &env->groups[i];
		struct evsel *leader, *last;

		g->name = ff__read_string(ff);
		if (!g->name || ff__read_u32(ff, &g->leader_idx) || ff__read_u32(ff, &g->nr_members))
			return -EINVAL;
		env->nr_groups = i + 1;
		leader = evlist__find_by_idx(ff->evlist, g->leader_idx);
		last = evlist__find_by_idx(ff->evlist, g->leader_idx + g->nr_members - 1);
		if (!leader || !last || g->nr_members < 1)
			continue;
		if (strcmp(g->name, "{anon_group}")) {
			free(leader->group_name);
			leader->group_name = xstrdup(g->name);
		}
		evlist__set_group(ff->evlist, leader, last);
	}
	return 0;
}

static void print_group_desc(struct feat_fd *ff, FILE *fp)
{
	struct evsel *evsel, *pos;

	evlist__for_each_entry(ff->evlist, evsel) {
		if (!evsel__is_group_leader(evsel) || evsel->nr_members <= 1)
			continue;
		fprintf(fp, "# group: %s{%s", evsel->group_name ? evsel->group_name : "", evsel->name);
		pos = evsel;
		for (int i = 1; i < evsel->nr_members; i++) {
			pos = list_next_entry(pos, node);
			fprintf(fp, ",%s", pos->name);
		}
		fprintf(fp, "}\n");
	}
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

static int write_cache(struct feat_fd *ff)
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

static int process_cache(struct feat_fd *ff)
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

static void print_cache(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# CPU cache info:\n");
	for (int i = 0; i < env->nr_caches; i++) {
		struct cpu_cache_level *c = &env->caches[i];

		fprintf(fp, "#  L%d %-15s %8s [%s]\n", c->level, c->type, c->size, c->map);
	}
}

/* ---- SAMPLE_TIME ---- */

static int write_sample_time(struct feat_fd *ff)
{
	ff__write_u64(ff, ff->info ? ff->info->first_sample_time : 0);
	ff__write_u64(ff, ff->info ? ff->info->last_sample_time : 0);
	return 0;
}

static int process_sample_time(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	if (ff__read_u64(ff, &env->first_sample_time) || ff__read_u64(ff, &env->last_sample_time))
		return -EINVAL;
	return 0;
}

static void print_sample_time(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;
	u64 first = env->first_sample_time, last = env->last_sample_time;

	fprintf(fp, "# time of first sample : %" PRIu64 ".%06" PRIu64 "\n",
		first / (u64)1000000000, first % (u64)1000000000 / 1000);
	fprintf(fp, "# time of last sample : %" PRIu64 ".%06" PRIu64 "\n",
		last / (u64)1000000000, last % (u64)1000000000 / 1000);
	fprintf(fp, "# sample duration : %10.3f ms\n", (double)(s64)(last - first) / 1000000.0);
}

/* ---- MEM_TOPOLOGY ---- */

static int write_mem_topology(struct feat_fd *ff)
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

static int process_mem_topology(struct feat_fd *ff)
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

static void print_mem_topology(struct feat_fd *ff, FILE *fp)
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

/* ---- CLOCKID, DIR_FORMAT, CLOCK_DATA ---- */

static int process_clockid(struct feat_fd *ff)
{
	return ff__read_u64(ff, &ff->header->env.clock_freq_mhz);
}

static void print_clockid(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# clockid frequency: %" PRIu64 " MHz\n", ff->header->env.clock_freq_mhz * 1000);
}

static int process_dir_format(struct feat_fd *ff)
{
	return ff__read_u64(ff, &ff->header->env.dir_format_version);
}

static void print_dir_format(struct feat_fd *ff, FILE *fp)
{
	fprintf(fp, "# directory data version : %" PRIu64 "\n", ff->header->env.dir_format_version);
}

static int write_clock_data(struct feat_fd *ff)
{
	if (!ff->info || !ff->info->use_clockid)
		return -EINVAL;
	ff__write_u32(ff, 1);
	ff__write_u32(ff, ff->info->clockid);
	ff__write_u64(ff, ff->info->clock_tod_ns);
	ff__write_u64(ff, ff->info->clock_clockid_ns);
	return 0;
}

static int process_clock_data(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	if (ff__read_u32(ff, &env->clock.version) || env->clock.version != 1 ||
	    ff__read_u32(ff, &env->clock.clockid) || ff__read_u64(ff, &env->clock.tod_ns) ||
	    ff__read_u64(ff, &env->clock.clockid_ns))
		return -EINVAL;
	env->clock.enabled = true;
	return 0;
}

static void print_clock_data(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;
	time_t secs = env->clock.tod_ns / (u64)1000000000;
	struct tm tm;
	char date[64];

	localtime_r(&secs, &tm);
	strftime(date, sizeof(date), "%F %T", &tm);
	fprintf(fp, "# clockid: %u\n", env->clock.clockid);
	fprintf(fp, "# reference time: %s = %" PRIu64 ".%06" PRIu64 " (TOD) = %" PRIu64 ".%09" PRIu64 "\n",
		date, env->clock.tod_ns / (u64)1000000000, env->clock.tod_ns % (u64)1000000000 / 1000,
		env->clock.clockid_ns / (u64)1000000000, env->clock.clockid_ns % (u64)1000000000);
}

/* ---- BPF (empty: no BPF program info is recorded) ---- */

static int write_empty_u32(struct feat_fd *ff)
{
	ff__write_u32(ff, 0);
	return 0;
}

/* ---- COMPRESSED ---- */

static int write_compressed(struct feat_fd *ff)
{
	if (!ff->info)
		return -EINVAL;
	ff__write_u32(ff, 0);		/* version, as upstream writes it */
	ff__write_u32(ff, 1);		/* zstd */
	ff__write_u32(ff, ff->info->comp_level);
	ff__write_u32(ff, ff->info->comp_ratio);
	ff__write_u32(ff, ff->info->comp_mmap_len);
	return 0;
}

static int process_compressed(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	if (ff__read_u32(ff, &env->comp.version) || ff__read_u32(ff, &env->comp.type) ||
	    ff__read_u32(ff, &env->comp.level) || ff__read_u32(ff, &env->comp.ratio) ||
	    ff__read_u32(ff, &env->comp.mmap_len))
		return -EINVAL;
	return 0;
}

static void print_compressed(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# compressed : %s, level = %d, ratio = %d\n",
		env->comp.type == 1 ? "Zstd" : "Unknown", env->comp.level, env->comp.ratio);
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

static int write_cpu_pmu_caps(struct feat_fd *ff)
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

static int process_cpu_pmu_caps(struct feat_fd *ff)
{
	struct perf_env *env = &ff->header->env;

	return read_caps_list(ff, &env->cpu_pmu_caps, &env->nr_cpu_pmu_caps);
}

static void print_caps(FILE *fp, char **caps, int nr)
{
	for (int i = 0; i < nr; i++)
		fprintf(fp, "%s%s", i ? ", " : "", caps[i]);
}

static void print_cpu_pmu_caps(struct feat_fd *ff, FILE *fp)
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

static int write_pmu_caps(struct feat_fd *ff)
{
	DIR *dir = opendir("/sys/bus/event_source/devices");
	struct dirent *d;
	struct strbuf body = STRBUF_INIT;
	struct feat_fd tmp = { .sb = &body };
	u32 nr = 0;

	if (!dir)
		return -errno;
	while ((d = readdir(dir)) != NULL) {
		char path[PATH_MAX], **caps;
		int n;

		if (d->d_name[0] == '.' || !strcmp(d->d_name, "cpu"))
			continue;
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/caps", d->d_name);
		n = read_caps(path, &caps);
		if (n <= 0)
			continue;
		ff__write_u32(&tmp, n);
		write_caps(&tmp, caps, n);
		ff__write_string(&tmp, d->d_name);
		for (int i = 0; i < n; i++)
			free(caps[i]);
		free(caps);
		nr++;
	}
	closedir(dir);
	ff__write_u32(ff, nr);
	ff__write(ff, body.buf, body.len);
	strbuf_release(&body);
	return 0;
}

static int process_pmu_caps(struct feat_fd *ff)
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

static void print_pmu_caps(struct feat_fd *ff, FILE *fp)
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

static int write_hybrid_topology(struct feat_fd *ff)
{
	/* only hybrid machines (cpu_core/cpu_atom PMUs) have it */
	if (access("/sys/bus/event_source/devices/cpu_core", F_OK))
		return -ENOENT;
	ff__write_u32(ff, 0);
	return 0;
}

static int process_hybrid_topology(struct feat_fd *ff)
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

static void print_hybrid_topology(struct feat_fd *ff, FILE *fp)
{
	struct perf_env *env = &ff->header->env;

	fprintf(fp, "# hybrid cpu system:\n");
	for (int i = 0; i < env->nr_hybrid_nodes; i++)
		fprintf(fp, "# %s cpu list : %s\n", env->hybrid_pmu_names[i], env->hybrid_cpus[i]);
}

/* ---- flags-only features ---- */

static int write_nothing(struct feat_fd *ff)
{
	(void)ff;
	return 0;
}

static void print_branch_stack(struct feat_fd *ff, FILE *fp)
{
	(void)ff;
	fprintf(fp, "# contains samples with branch stack\n");
}

static void print_auxtrace(struct feat_fd *ff, FILE *fp)
{
	(void)ff;
	fprintf(fp, "# contains AUX area data (e.g. instruction trace)\n");
}

static void print_stat(struct feat_fd *ff, FILE *fp)
{
	(void)ff;
	fprintf(fp, "# contains stat data\n");
}

/* ---- the table ---- */

#define FEAT(n, w, p, pr, full) [HEADER_##n] = { #n, w, p, pr, full }

static const struct feature_ops feat_ops[HEADER_LAST_FEATURE] = {
	FEAT(TRACING_DATA, write_tracing_data, process_tracing_data, NULL, false),
	FEAT(BUILD_ID, write_build_id, process_build_id, NULL, false),
	FEAT(HOSTNAME, write_hostname, process_hostname, print_hostname, false),
	FEAT(OSRELEASE, write_osrelease, process_osrelease, print_osrelease, false),
	FEAT(VERSION, write_version, process_version, print_version, false),
	FEAT(ARCH, write_arch, process_arch, print_arch, false),
	FEAT(NRCPUS, write_nrcpus, process_nrcpus, print_nrcpus, false),
	FEAT(CPUDESC, write_cpudesc, process_cpudesc, print_cpudesc, false),
	FEAT(CPUID, write_cpuid, process_cpuid, print_cpuid, false),
	FEAT(TOTAL_MEM, write_total_mem, process_total_mem, print_total_mem, false),
	FEAT(CMDLINE, write_cmdline, process_cmdline, print_cmdline, false),
	FEAT(EVENT_DESC, write_event_desc, process_event_desc, print_event_desc, false),
	FEAT(CPU_TOPOLOGY, write_cpu_topology, process_cpu_topology, print_cpu_topology, true),
	FEAT(NUMA_TOPOLOGY, write_numa_topology, process_numa_topology, print_numa_topology, true),
	FEAT(BRANCH_STACK, write_nothing, NULL, print_branch_stack, false),
	FEAT(PMU_MAPPINGS, write_pmu_mappings, process_pmu_mappings, print_pmu_mappings, false),
	FEAT(GROUP_DESC, write_group_desc, process_group_desc, print_group_desc, false),
	FEAT(AUXTRACE, NULL, NULL, print_auxtrace, false),
	FEAT(STAT, write_nothing, NULL, print_stat, false),
	FEAT(CACHE, write_cache, process_cache, print_cache, true),
	FEAT(SAMPLE_TIME, write_sample_time, process_sample_time, print_sample_time, false),
	FEAT(MEM_TOPOLOGY, write_mem_topology, process_mem_topology, print_mem_topology, true),
	FEAT(CLOCKID, NULL, process_clockid, print_clockid, false),
	FEAT(DIR_FORMAT, NULL, process_dir_format, print_dir_format, false),
	FEAT(BPF_PROG_INFO, write_empty_u32, NULL, NULL, false),
	FEAT(BPF_BTF, write_empty_u32, NULL, NULL, false),
	FEAT(COMPRESSED, write_compressed, process_compressed, print_compressed, false),
	FEAT(CPU_PMU_CAPS, write_cpu_pmu_caps, process_cpu_pmu_caps, print_cpu_pmu_caps, false),
	FEAT(CLOCK_DATA, write_clock_data, process_clock_data, print_clock_data, false),
	FEAT(HYBRID_TOPOLOGY, write_hybrid_topology, process_hybrid_topology, print_hybrid_topology, false),
	FEAT(PMU_CAPS, write_pmu_caps, process_pmu_caps, print_pmu_caps, false),
};

const struct feature_ops *feature_ops__get(int feat)
{
	if (feat <= 0 || feat >= HEADER_LAST_FEATURE || !feat_ops[feat].name)
		return NULL;
	return &feat_ops[feat];
}

bool perf_header__feat_synthesizable(int feat)
{
	/* sent as their own records, or not at all in pipe mode */
	switch (feat) {
	case HEADER_TRACING_DATA:
	case HEADER_BUILD_ID:
	case HEADER_AUXTRACE:
	case HEADER_STAT:
	case HEADER_CACHE:
		return false;
	default:
		return feature_ops__get(feat) != NULL;
	}
}
