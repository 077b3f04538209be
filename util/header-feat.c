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
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

extern const char perf_version_string[];

#define NSEC_PER_SEC	((u64)1000000000)

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

	return ff__read_string_list(ff, &env->cmdline_argv, &env->nr_cmdline);
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

/* ---- CLOCKID, DIR_FORMAT, CLOCK_DATA ---- */

static int write_clockid(struct feat_fd *ff)
{
	if (!ff->info || !ff->info->use_clockid)
		return -EINVAL;
	ff__write_u64(ff, ff->info->clock_res_ns);
	return 0;
}

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
	u64 tod = env->clock.tod_ns, clk = env->clock.clockid_ns;
	const char *name = clockid__name((int)env->clock.clockid);
	time_t secs = tod / NSEC_PER_SEC;
	struct tm tm;
	char date[64];

	if (!env->clock.enabled) {
		fprintf(fp, "# reference time disabled\n");
		return;
	}
	localtime_r(&secs, &tm);
	strftime(date, sizeof(date), "%F %T", &tm);
	fprintf(fp, "# clockid: %s (%u)\n", name, env->clock.clockid);
	fprintf(fp, "# reference time: %s.%06" PRIu64 " = %" PRIu64 ".%06" PRIu64 " (TOD) = %" PRIu64
		".%09" PRIu64 " (%s)\n", date, tod % NSEC_PER_SEC / 1000, tod / NSEC_PER_SEC,
		tod % NSEC_PER_SEC / 1000, clk / NSEC_PER_SEC, clk % NSEC_PER_SEC, name);
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
	FEAT(NRCPUS, feat_write_nrcpus, feat_process_nrcpus, feat_print_nrcpus, false),
	FEAT(CPUDESC, feat_write_cpudesc, process_cpudesc, print_cpudesc, false),
	FEAT(CPUID, feat_write_cpuid, process_cpuid, print_cpuid, false),
	FEAT(TOTAL_MEM, feat_write_total_mem, feat_process_total_mem, feat_print_total_mem, false),
	FEAT(CMDLINE, write_cmdline, process_cmdline, print_cmdline, false),
	FEAT(EVENT_DESC, write_event_desc, process_event_desc, print_event_desc, false),
	FEAT(CPU_TOPOLOGY, feat_write_cpu_topology, feat_process_cpu_topology, feat_print_cpu_topology, true),
	FEAT(NUMA_TOPOLOGY, feat_write_numa_topology, feat_process_numa_topology, feat_print_numa_topology, true),
	FEAT(BRANCH_STACK, write_nothing, NULL, print_branch_stack, false),
	FEAT(PMU_MAPPINGS, feat_write_pmu_mappings, feat_process_pmu_mappings, feat_print_pmu_mappings, false),
	FEAT(GROUP_DESC, write_group_desc, process_group_desc, print_group_desc, false),
	FEAT(AUXTRACE, NULL, NULL, print_auxtrace, false),
	FEAT(STAT, write_nothing, NULL, print_stat, false),
	FEAT(CACHE, feat_write_cache, feat_process_cache, feat_print_cache, true),
	FEAT(SAMPLE_TIME, write_sample_time, process_sample_time, print_sample_time, false),
	FEAT(MEM_TOPOLOGY, feat_write_mem_topology, feat_process_mem_topology, feat_print_mem_topology, true),
	FEAT(CLOCKID, write_clockid, process_clockid, print_clockid, false),
	FEAT(DIR_FORMAT, NULL, process_dir_format, print_dir_format, false),
	FEAT(BPF_PROG_INFO, write_empty_u32, NULL, NULL, false),
	FEAT(BPF_BTF, write_empty_u32, NULL, NULL, false),
	FEAT(COMPRESSED, write_compressed, process_compressed, print_compressed, false),
	FEAT(CPU_PMU_CAPS, feat_write_cpu_pmu_caps, feat_process_cpu_pmu_caps, feat_print_cpu_pmu_caps, false),
	FEAT(CLOCK_DATA, write_clock_data, process_clock_data, print_clock_data, false),
	FEAT(HYBRID_TOPOLOGY, feat_write_hybrid_topology, feat_process_hybrid_topology, feat_print_hybrid_topology, false),
	FEAT(PMU_CAPS, feat_write_pmu_caps, feat_process_pmu_caps, feat_print_pmu_caps, false),
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
