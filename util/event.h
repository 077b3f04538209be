/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records of a perf.data file: the ones the kernel writes into the ring
 * buffer (PERF_RECORD_MMAP .. PERF_RECORD_AUX_OUTPUT_HW_ID, see
 * linux/perf_event.h) and the ones perf itself writes (types >= 64), with
 * upstream's layouts; struct perf_sample, the decoded PERF_RECORD_SAMPLE.
 *
 * Pointers in a perf_sample (raw_data, callchain, branch_stack, regs, stack)
 * point into the record: they are valid as long as the record is.
 */
#ifndef PERF_EVENT_H
#define PERF_EVENT_H

#include <limits.h>
#include <stdio.h>
#include <sys/types.h>
#include <linux/perf_event.h>
#include "util.h"

struct evsel;
struct evlist;

/* Records written by perf (not the kernel). */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START		= 64,
	PERF_RECORD_HEADER_ATTR			= 64,
	PERF_RECORD_HEADER_EVENT_TYPE		= 65,	/* deprecated */
	PERF_RECORD_HEADER_TRACING_DATA		= 66,
	PERF_RECORD_HEADER_BUILD_ID		= 67,
	PERF_RECORD_FINISHED_ROUND		= 68,
	PERF_RECORD_ID_INDEX			= 69,
	PERF_RECORD_AUXTRACE_INFO		= 70,
	PERF_RECORD_AUXTRACE			= 71,
	PERF_RECORD_AUXTRACE_ERROR		= 72,
	PERF_RECORD_THREAD_MAP			= 73,
	PERF_RECORD_CPU_MAP			= 74,
	PERF_RECORD_STAT_CONFIG			= 75,
	PERF_RECORD_STAT			= 76,
	PERF_RECORD_STAT_ROUND			= 77,
	PERF_RECORD_EVENT_UPDATE		= 78,
	PERF_RECORD_TIME_CONV			= 79,
	PERF_RECORD_HEADER_FEATURE		= 80,
	PERF_RECORD_COMPRESSED			= 81,
	PERF_RECORD_FINISHED_INIT		= 82,
	PERF_RECORD_COMPRESSED2			= 83,	/* newer perf: 8-byte aligned COMPRESSED */
	PERF_RECORD_HEADER_MAX
};

/* header.misc of a PERF_RECORD_HEADER_BUILD_ID: the size byte is valid */
#define PERF_RECORD_MISC_BUILD_ID_SIZE	(1 << 15)

#define KSYM_NAME_LEN		512
#define BUILD_ID_PADDED_SIZE	24	/* build_id[] in the BUILD_ID record */
#define MAX_EVENT_NAME		64

struct perf_record_mmap {
	struct perf_event_header header;
	u32	pid, tid;
	u64	start;
	u64	len;
	u64	pgoff;
	char	filename[PATH_MAX];
};

struct perf_record_mmap2 {
	struct perf_event_header header;
	u32	pid, tid;
	u64	start;
	u64	len;
	u64	pgoff;
	union {
		struct {
			u32	maj;
			u32	min;
			u64	ino;
			u64	ino_generation;
		};
		struct {	/* header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID */
			u8	build_id_size;
			u8	__reserved_1;
			u16	__reserved_2;
			u8	build_id[20];
		};
	};
	u32	prot;
	u32	flags;
	char	filename[PATH_MAX];
};

struct perf_record_comm {
	struct perf_event_header header;
	u32	pid, tid;
	char	comm[16];
};

/* struct perf_ns_link_info and NET_NS_INDEX.. come from linux/perf_event.h */

struct perf_record_namespaces {
	struct perf_event_header header;
	u32	pid, tid;
	u64	nr_namespaces;
	struct perf_ns_link_info link_info[];
};

/* FORK and EXIT */
struct perf_record_fork {
	struct perf_event_header header;
	u32	pid, ppid;
	u32	tid, ptid;
	u64	time;
};

struct perf_record_lost {
	struct perf_event_header header;
	u64	id;
	u64	lost;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	u64	lost;
};

/* PERF_FORMAT_ENABLED | PERF_FORMAT_RUNNING | PERF_FORMAT_ID | PERF_FORMAT_LOST */
struct perf_record_read {
	struct perf_event_header header;
	u32	pid, tid;
	u64	value;
	u64	time_enabled;
	u64	time_running;
	u64	id;
	u64	lost;
};

/* THROTTLE and UNTHROTTLE */
struct perf_record_throttle {
	struct perf_event_header header;
	u64	time;
	u64	id;
	u64	stream_id;
};

struct perf_record_ksymbol {
	struct perf_event_header header;
	u64	addr;
	u32	len;
	u16	ksym_type;
	u16	flags;
	char	name[KSYM_NAME_LEN];
};

#define BPF_TAG_SIZE 8

struct perf_record_bpf_event {
	struct perf_event_header header;
	u16	type;
	u16	flags;
	u32	id;
	u8	tag[BPF_TAG_SIZE];
};

struct perf_record_cgroup {
	struct perf_event_header header;
	u64	id;
	char	path[PATH_MAX];
};

struct perf_record_text_poke {
	struct perf_event_header header;
	u64	addr;
	u16	old_len;
	u16	new_len;
	u8	bytes[];
};

struct perf_record_sample {
	struct perf_event_header header;
	u64	array[];
};

/* SWITCH and SWITCH_CPU_WIDE (the pid/tid only in the latter) */
struct perf_record_switch {
	struct perf_event_header header;
	u32	next_prev_pid;
	u32	next_prev_tid;
};

struct perf_record_aux {
	struct perf_event_header header;
	u64	aux_offset;
	u64	aux_size;
	u64	flags;
};

struct perf_record_itrace_start {
	struct perf_event_header header;
	u32	pid, tid;
};

struct perf_record_aux_output_hw_id {
	struct perf_event_header header;
	u64	hw_id;
};

/* --- records written by perf --- */

struct perf_record_header_attr {
	struct perf_event_header header;
	struct perf_event_attr attr;
	u64	id[];		/* after attr.size bytes of attr, really */
};

struct perf_trace_event_type {
	u64	event_id;
	char	name[MAX_EVENT_NAME];
};

struct perf_record_header_event_type {
	struct perf_event_header header;
	struct perf_trace_event_type event_type;
};

struct perf_record_header_tracing_data {
	struct perf_event_header header;
	u32	size;		/* of the tracing data that follows the record */
	u32	pad;
};

struct perf_record_header_build_id {
	struct perf_event_header header;
	s32	pid;
	union {
		u8	build_id[BUILD_ID_PADDED_SIZE];
		struct {
			u8	data[20];
			u8	size;	/* valid with PERF_RECORD_MISC_BUILD_ID_SIZE */
			u8	reserved1__;
			u16	reserved2__;
		};
	};
	char	filename[];
};

struct id_index_entry {
	u64	id;
	u64	idx;
	u64	cpu;
	u64	tid;
};

struct perf_record_id_index {
	struct perf_event_header header;
	u64	nr;
	struct id_index_entry entries[];
};

struct perf_record_auxtrace_info {
	struct perf_event_header header;
	u32	type;
	u32	reserved__;
	u64	priv[];
};

struct perf_record_auxtrace {
	struct perf_event_header header;
	u64	size;
	u64	offset;
	u64	reference;
	u32	idx;
	u32	tid;
	u32	cpu;
	u32	reserved__;
};

#define MAX_AUXTRACE_ERROR_MSG 64

struct perf_record_auxtrace_error {
	struct perf_event_header header;
	u32	type;
	u32	code;
	u32	cpu;
	u32	pid;
	u32	tid;
	u32	fmt;
	u64	ip;
	u64	time;
	char	msg[MAX_AUXTRACE_ERROR_MSG];
	u32	machine_pid;
	u32	vcpu;
};

struct perf_record_thread_map_entry {
	u64	pid;
	char	comm[16];
};

struct perf_record_thread_map {
	struct perf_event_header header;
	u64	nr;
	struct perf_record_thread_map_entry entries[];
};

/* cpu map encodings of a CPU_MAP record (and an EVENT_UPDATE of type CPUS) */
enum {
	PERF_CPU_MAP__CPUS		= 0,
	PERF_CPU_MAP__MASK		= 1,
	PERF_CPU_MAP__RANGE_CPUS	= 2,
};

struct cpu_map_entries {
	u16	nr;
	u16	cpu[];
};

struct perf_record_mask_cpu_map32 {
	u16	nr;
	u16	long_size;	/* 4 */
	u32	mask[];
};

struct perf_record_mask_cpu_map64 {
	u16	nr;
	u16	long_size;	/* 8 */
	u32	pad;
	u64	mask[];
};

struct perf_record_range_cpu_map {
	u8	any_cpu;
	u8	__pad;
	u16	start_cpu;
	u16	end_cpu;
};

/* Packed: the payload starts right after the 2-byte type. */
struct __attribute__((packed)) perf_record_cpu_map_data {
	u16	type;
	union {
		struct cpu_map_entries cpus_data;
		struct perf_record_mask_cpu_map32 mask32_data;
		struct perf_record_mask_cpu_map64 mask64_data;
		struct perf_record_range_cpu_map range_cpu_data;
	};
};

struct perf_record_cpu_map {
	struct perf_event_header header;
	struct perf_record_cpu_map_data data;
};

enum {
	PERF_EVENT_UPDATE__UNIT		= 0,
	PERF_EVENT_UPDATE__SCALE	= 1,
	PERF_EVENT_UPDATE__NAME		= 2,
	PERF_EVENT_UPDATE__CPUS		= 3,
};

struct perf_record_event_update_cpus {
	struct perf_record_cpu_map_data cpus;
};

struct perf_record_event_update_scale {
	double	scale;
};

struct perf_record_event_update {
	struct perf_event_header header;
	u64	type;
	u64	id;
	union {
		struct perf_record_event_update_scale scale;	/* SCALE */
		char	str[0];					/* UNIT, NAME */
		struct perf_record_event_update_cpus cpus;	/* CPUS */
	};
};

enum {
	PERF_STAT_CONFIG_TERM__AGGR_MODE	= 0,
	PERF_STAT_CONFIG_TERM__INTERVAL		= 1,
	PERF_STAT_CONFIG_TERM__SCALE		= 2,
	PERF_STAT_CONFIG_TERM__MAX		= 3,
};

struct perf_record_stat_config_entry {
	u64	tag;
	u64	val;
};

struct perf_record_stat_config {
	struct perf_event_header header;
	u64	nr;
	struct perf_record_stat_config_entry data[];
};

struct perf_record_stat {
	struct perf_event_header header;
	u64	id;
	u32	cpu;
	u32	thread;
	union {
		struct {
			u64	val;
			u64	ena;
			u64	run;
		};
		u64	values[3];
	};
};

enum {
	PERF_STAT_ROUND_TYPE__INTERVAL	= 0,
	PERF_STAT_ROUND_TYPE__FINAL	= 1,
};

struct perf_record_stat_round {
	struct perf_event_header header;
	u64	type;
	u64	time;
};

struct perf_record_time_conv {
	struct perf_event_header header;
	u64	time_shift;
	u64	time_mult;
	u64	time_zero;
	u64	time_cycles;
	u64	time_mask;
	u8	cap_user_time_zero;
	u8	cap_user_time_short;
	u8	reserved[6];	/* for alignment */
};

struct perf_record_header_feature {
	struct perf_event_header header;
	u64	feat_id;
	char	data[];
};

struct perf_record_compressed {
	struct perf_event_header header;
	char	data[];
};

struct perf_record_compressed2 {
	struct perf_event_header header;
	u64	data_size;
	char	data[];
};

union perf_event {
	struct perf_event_header		header;
	struct perf_record_mmap			mmap;
	struct perf_record_mmap2		mmap2;
	struct perf_record_comm			comm;
	struct perf_record_namespaces		namespaces;
	struct perf_record_cgroup		cgroup;
	struct perf_record_fork			fork;
	struct perf_record_lost			lost;
	struct perf_record_lost_samples		lost_samples;
	struct perf_record_read			read;
	struct perf_record_throttle		throttle;
	struct perf_record_sample		sample;
	struct perf_record_bpf_event		bpf;
	struct perf_record_ksymbol		ksymbol;
	struct perf_record_text_poke		text_poke;
	struct perf_record_header_attr		attr;
	struct perf_record_event_update		event_update;
	struct perf_record_header_event_type	event_type;
	struct perf_record_header_tracing_data	tracing_data;
	struct perf_record_header_build_id	build_id;
	struct perf_record_id_index		id_index;
	struct perf_record_auxtrace_info	auxtrace_info;
	struct perf_record_auxtrace		auxtrace;
	struct perf_record_auxtrace_error	auxtrace_error;
	struct perf_record_aux			aux;
	struct perf_record_itrace_start		itrace_start;
	struct perf_record_aux_output_hw_id	aux_output_hw_id;
	struct perf_record_switch		context_switch;
	struct perf_record_thread_map		thread_map;
	struct perf_record_cpu_map		cpu_map;
	struct perf_record_stat_config		stat_config;
	struct perf_record_stat			stat;
	struct perf_record_stat_round		stat_round;
	struct perf_record_time_conv		time_conv;
	struct perf_record_header_feature	feat;
	struct perf_record_compressed		pack;
	struct perf_record_compressed2		pack2;
};

/* --- PERF_RECORD_SAMPLE, decoded --- */

struct ip_callchain {
	u64	nr;
	u64	ips[];
};

/* PERF_CONTEXT_* markers in a call chain are >= this */
#define PERF_CONTEXT_MAX_MARKER ((u64)-4095)

struct branch_flags {
	union {
		u64 value;
		struct {
			u64 mispred:1;
			u64 predicted:1;
			u64 in_tx:1;
			u64 abort:1;
			u64 cycles:16;
			u64 type:4;
			u64 spec:2;
			u64 new_type:4;
			u64 priv:3;
			u64 reserved:31;
		};
	};
};

struct branch_entry {
	u64			from;
	u64			to;
	struct branch_flags	flags;
};

/* The branch stack; hw_idx is absent from the record when sample->no_hw_idx. */
struct branch_stack {
	u64			nr;
	u64			hw_idx;
	struct branch_entry	entries[];
};

struct regs_dump {
	u64	abi;		/* PERF_SAMPLE_REGS_ABI_*; 0: no registers */
	u64	mask;		/* which registers regs[] holds, in bit order */
	u64	*regs;
};

struct stack_dump {
	u16	offset;		/* of the data in the record */
	u64	size;		/* dyn_size: the bytes really copied */
	char	*data;
};

struct sample_read_value {
	u64	value;
	u64	id;		/* only with PERF_FORMAT_ID */
	u64	lost;		/* only with PERF_FORMAT_LOST */
};

struct sample_read {
	u64	time_enabled;
	u64	time_running;
	union {
		struct {
			u64	nr;
			/* points into the record: entries of sample_read_value__size() bytes */
			struct sample_read_value *values;
		} group;
		struct sample_read_value one;
	};
};

struct aux_sample {
	u64	size;
	void	*data;
};

struct perf_sample {
	u64	ip;
	u32	pid, tid;
	u64	time;
	u64	addr;
	u64	id;
	u64	stream_id;
	u64	period;
	u64	weight;
	u64	transaction;
	u64	insn_cnt;
	u64	cyc_cnt;
	u32	cpu;
	u32	raw_size;
	u64	data_src;
	u64	phys_addr;
	u64	data_page_size;
	u64	code_page_size;
	u64	cgroup;
	u32	flags;
	u16	insn_len;
	u8	cpumode;	/* header.misc & PERF_RECORD_MISC_CPUMODE_MASK */
	u16	misc;		/* header.misc */
	u16	ins_lat;	/* PERF_SAMPLE_WEIGHT_STRUCT var2 */
	u16	p_stage_cyc;	/* PERF_SAMPLE_WEIGHT_STRUCT var3 */
	bool	no_hw_idx;	/* branch_stack has no hw_idx */
	void	*raw_data;
	struct ip_callchain	*callchain;
	struct branch_stack	*branch_stack;
	struct regs_dump	user_regs;
	struct regs_dump	intr_regs;
	struct stack_dump	user_stack;
	struct sample_read	read;
	struct aux_sample	aux_sample;
};

/* The branch entries of a sample (wherever hw_idx is or is not). */
static inline struct branch_entry *perf_sample__branch_entries(struct perf_sample *sample)
{
	u64 *entry = (u64 *)sample->branch_stack;

	entry++;		/* nr */
	if (sample->no_hw_idx)
		return (struct branch_entry *)entry;
	return (struct branch_entry *)(entry + 1);
}

/* Bytes of one group entry of a PERF_FORMAT_GROUP read: value [id] [lost]. */
static inline size_t sample_read_value__size(u64 read_format)
{
	size_t sz = sizeof(u64);

	if (read_format & PERF_FORMAT_ID)
		sz += sizeof(u64);
	if (read_format & PERF_FORMAT_LOST)
		sz += sizeof(u64);
	return sz;
}

static inline struct sample_read_value *next_sample_read_value(struct sample_read_value *v,
							       u64 read_format)
{
	return (void *)((char *)v + sample_read_value__size(read_format));
}

/* "MMAP", "SAMPLE", "FINISHED_ROUND" ... (upstream's names), "UNKNOWN" past the table. */
const char *perf_event__name(unsigned int type);
/* The smallest valid size of a record of this type (0 when unknown). */
size_t perf_event__min_size(unsigned int type);

/*
 * Decode a PERF_RECORD_SAMPLE (or the sample_id_all trailer of another record)
 * with evsel's attr. Returns 0, or -EFAULT when the record is too short for
 * what its sample_type says.
 */
int evsel__parse_sample(struct evsel *evsel, union perf_event *event, struct perf_sample *sample);
/* Only the time of a record (-1ULL when it has none). Returns 0 or -EFAULT. */
int evsel__parse_sample_timestamp(struct evsel *evsel, union perf_event *event, u64 *timestamp);
/* u64 index of the id in a sample / counted from the end of a trailer; -1: none. */
int perf_sample__id_pos(u64 sample_type);
int perf_sample__is_pos(u64 sample_type);

/* Size of the PERF_RECORD_SAMPLE that perf_event__synthesize_sample() writes. */
size_t perf_event__sample_event_size(const struct perf_sample *sample, u64 type, u64 read_format,
				     u64 branch_sample_type);
/* Encode sample into event->sample.array (header is set by the caller). Returns 0. */
int perf_event__synthesize_sample(union perf_event *event, u64 type, u64 read_format,
				  u64 branch_sample_type, const struct perf_sample *sample);
/* Append the sample_id_all trailer of sample to a non-sample record (grows header.size). */
void perf_event__synthesize_id_sample(union perf_event *event, u64 type, const struct perf_sample *sample);

/*
 * Byte swapping of other-endian files, in place. A record's header must be
 * swapped first (perf_event_header__swap); then perf_event__swap() swaps the
 * body of every record type except SAMPLE, whose layout depends on the event:
 * perf_event__swap_sample() with the event's attr. sample_id_all: the record
 * ends with a trailer of id_sample_type (0: none).
 */
void perf_event_header__swap(struct perf_event_header *header);
void perf_event__swap(union perf_event *event, u64 id_sample_type);
void perf_event__swap_sample(union perf_event *event, const struct perf_event_attr *attr);
/* Swap an attr of attr_size bytes (bitfields included). */
void perf_event__attr_swap(struct perf_event_attr *attr, size_t attr_size);
/* Swap the sample_id_all trailer of a non-sample record. */
void perf_event__swap_id_sample(union perf_event *event, u64 sample_type);

/* One line per record kind after "PERF_RECORD_XXX" in the -D dump (upstream's text). */
size_t perf_event__fprintf(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_mmap(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_mmap2(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_comm(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_task(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_namespaces(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_cgroup(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_switch(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_lost(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_lost_samples(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_ksymbol(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_bpf(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_text_poke(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_aux(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_itrace_start(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_aux_output_hw_id(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_thread_map(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_cpu_map(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_stat(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_stat_round(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_stat_config(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_event_update(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_time_conv(union perf_event *event, FILE *fp);
size_t perf_event__fprintf_id_index(union perf_event *event, FILE *fp);

/*
 * The CPU map of a CPU_MAP record / EVENT_UPDATE CPUS payload of at most
 * size bytes. NULL when malformed.
 */
struct perf_cpu_map *cpu_map__new_data(const struct perf_record_cpu_map_data *data, size_t size);

#endif
