/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf.data file header: the PERFILE2 header, the attrs section with the
 * event ids, and the feature sections (HEADER_HOSTNAME ...) written after the
 * data, in upstream's layout; the 16-byte header of pipe mode, where attrs
 * and features travel as ATTR and FEATURE records instead.
 *
 *   file:  perf_file_header | ids | attrs | data | feature section table | features
 *   pipe:  perf_pipe_file_header | records...
 */
#ifndef PERF_HEADER_H
#define PERF_HEADER_H

#include <stdio.h>
#include <linux/perf_event.h>
#include "env.h"
#include "event.h"
#include "util.h"

struct evlist;
struct evsel;
struct perf_data;
struct strbuf;

enum perf_header_feature {
	HEADER_RESERVED		= 0,	/* always cleared */
	HEADER_FIRST_FEATURE	= 1,
	HEADER_TRACING_DATA	= 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE,
	HEADER_FEAT_BITS	= 256,
};

#define PERF_MAGIC2		0x32454c4946524550ULL	/* "PERFILE2" */
#define PERF_MAGIC2_SWAPPED	0x50455246494c4532ULL
#define PERF_MAGIC1		0x454c494646524550ULL	/* "PERFFILE", version 1: unsupported */

struct perf_file_section {
	u64	offset;
	u64	size;
};

struct perf_file_header {
	u64				magic;
	u64				size;
	u64				attr_size;
	struct perf_file_section	attrs;
	struct perf_file_section	data;
	struct perf_file_section	event_types;	/* unused */
	u64				adds_features[HEADER_FEAT_BITS / 64];
};

struct perf_pipe_file_header {
	u64	magic;
	u64	size;
};

struct perf_header {
	bool	needs_swap;
	bool	is_pipe;
	u64	data_offset;
	u64	data_size;
	u64	feat_offset;
	u64	attr_size;		/* of one on-disk attr, file mode */
	u64	adds_features[HEADER_FEAT_BITS / 64];
	time_t	captured_on;		/* the file's mtime */
	struct perf_env env;
	/* HEADER_TRACING_DATA / TRACING_DATA record, kept for util/tracing-data.h */
	void	*tracing_data;
	size_t	tracing_data_size;
};

static inline bool perf_header__has_feat(const struct perf_header *header, int feat)
{
	return feat > 0 && feat < HEADER_FEAT_BITS &&
	       (header->adds_features[feat / 64] >> (feat % 64)) & 1;
}

static inline void perf_header__set_feat(struct perf_header *header, int feat)
{
	header->adds_features[feat / 64] |= 1ULL << (feat % 64);
}

static inline void perf_header__clear_feat(struct perf_header *header, int feat)
{
	header->adds_features[feat / 64] &= ~(1ULL << (feat % 64));
}

/* "HOSTNAME", "EVENT_DESC" ... ; NULL past the known ones. */
const char *header_feat__name(int feat);

void perf_header__init(struct perf_header *header);
void perf_header__exit(struct perf_header *header);

/*
 * Read and validate the header of data (a file or a pipe): magic, sizes,
 * sections inside the file; for files also the attrs (evsels with their ids
 * added to evlist) and the feature sections. Errors are printed with the
 * file name; returns 0 or a negative errno (-EINVAL for a bad file).
 */
int perf_header__read(struct perf_header *header, struct perf_data *data, struct evlist *evlist);

/*
 * A feature section's payload, decoded into header->env (and names/groups of
 * evlist's events). Used for file sections and pipe-mode FEATURE records.
 * Returns 0, or a negative errno for a malformed section.
 */
int perf_header__process_feature(struct perf_header *header, struct evlist *evlist, int feat,
				 const void *buf, size_t size, bool swap);

/* PERF_RECORD_HEADER_ATTR: a new evsel with the ids of the record. 0 or -EINVAL. */
int perf_event__process_attr(union perf_event *event, struct evlist *evlist);
/* Name the events that the file did not name (no EVENT_DESC), from their attr. */
void evlist__set_fallback_names(struct evlist *evlist);
/* PERF_RECORD_EVENT_UPDATE: the event's name (unit, scale and cpus are ignored). */
int perf_event__process_event_update(union perf_event *event, struct evlist *evlist);

/* The "# ========" block of --header / --header-only. full: -I. */
int perf_header__fprintf_info(struct perf_header *header, struct evlist *evlist, FILE *fp, bool full);
/* One feature's lines (used in pipe mode as FEATURE records arrive). */
void perf_header__fprintf_feature(struct perf_header *header, struct evlist *evlist, int feat,
				  FILE *fp, bool full);
/* "name = X, , id = { ... }, type = 1, ..." of one event (the EVENT_DESC line). */
void perf_header__fprintf_event_desc(struct evsel *evsel, FILE *fp);

/*
 * Print the attr fields that are set, upstream's names and order, through
 * fn(name, value, priv) (evlist -v and the EVENT_DESC line format them
 * differently).
 */
typedef int (*attr__fprintf_f)(FILE *fp, const char *name, const char *val, void *priv);
int perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr, attr__fprintf_f fn, void *priv);

/* --- writing --- */

/* What only the recording session knows, for the features written at the end. */
struct perf_header_write_info {
	const char	**argv;		/* the command line after the perf binary */
	int		argc;
	u64		first_sample_time;
	u64		last_sample_time;
	/* HEADER_COMPRESSED */
	u32		comp_level;
	u32		comp_ratio;
	u32		comp_mmap_len;
	/* HEADER_CLOCKID / CLOCK_DATA */
	bool		use_clockid;
	int		clockid;
	u64		clock_tod_ns;
	u64		clock_clockid_ns;
	/* HEADER_TRACING_DATA: built by tracing_data__build() */
	const void	*tracing_data;
	size_t		tracing_data_size;
};

/*
 * Choose the features to write for a recording session (the ones upstream's
 * record writes) into header->adds_features.
 */
void perf_header__set_record_features(struct perf_header *header, struct evlist *evlist,
				      bool with_build_ids, bool with_tracing, bool compressed);

/*
 * Write the file header, ids and attrs at offset 0 of fd, with
 * header->data_size. The first call sets header->data_offset (the data
 * starts right after the attrs); with_features: the features chosen in
 * header->adds_features are written after the data (the ones that cannot be
 * written are left out, as upstream does). Returns 0 or -errno.
 */
int perf_header__write(struct perf_header *header, struct evlist *evlist, int fd, bool with_features,
		       const struct perf_header_write_info *info);
/* The 16-byte pipe-mode header. */
int perf_header__write_pipe(int fd);
/* Append the payload of one feature to sb, as a file section / FEATURE record carries it. */
int perf_header__write_feature(struct perf_header *header, struct evlist *evlist, int feat,
			       const struct perf_header_write_info *info, struct strbuf *sb);
/* Is the feature sent as a FEATURE record in pipe mode (as upstream does)? */
bool perf_header__feat_synthesizable(int feat);

#endif
