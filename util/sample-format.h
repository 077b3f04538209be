/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text of the less common parts of a sample, as upstream's perf script
 * prints them: registers, branch stacks, branch flags, memory data source,
 * page sizes, instruction bytes, IPC, BPF output, source code, time of day.
 * Each appends to a strbuf.
 */
#ifndef PERF_SAMPLE_FORMAT_H
#define PERF_SAMPLE_FORMAT_H

#include <linux/perf_event.h>
#include "util.h"

struct machine;
struct map;
struct perf_env;
struct perf_sample;
struct regs_dump;
struct strbuf;
struct thread;

/* Branch kinds of synthesized samples (sample->flags), upstream's PERF_IP_FLAG_*. */
enum {
	PERF_IP_FLAG_BRANCH		= 1U << 0,
	PERF_IP_FLAG_CALL		= 1U << 1,
	PERF_IP_FLAG_RETURN		= 1U << 2,
	PERF_IP_FLAG_CONDITIONAL	= 1U << 3,
	PERF_IP_FLAG_SYSCALLRET		= 1U << 4,
	PERF_IP_FLAG_ASYNC		= 1U << 5,
	PERF_IP_FLAG_INTERRUPT		= 1U << 6,
	PERF_IP_FLAG_TX_ABORT		= 1U << 7,
	PERF_IP_FLAG_TRACE_BEGIN	= 1U << 8,
	PERF_IP_FLAG_TRACE_END		= 1U << 9,
	PERF_IP_FLAG_IN_TX		= 1U << 10,
	PERF_IP_FLAG_VMENTRY		= 1U << 11,
	PERF_IP_FLAG_VMEXIT		= 1U << 12,
	PERF_IP_FLAG_INTR_DISABLE	= 1U << 13,
	PERF_IP_FLAG_INTR_TOGGLE	= 1U << 14,
};

/* A branch-trace event (BTS, or branches synthesized from a hardware trace). */
bool sample_format__is_bts(const struct perf_event_attr *attr);
/* The bpf-output software event. */
bool sample_format__is_bpf_output(const struct perf_event_attr *attr);

/* "call", "jcc", "tr strt return" ... in the 24 columns of the 'flags' field. */
void sample_format__flags(struct strbuf *sb, u32 flags);
/* The flags alone ("call", "bcr"...), unpadded. */
void sample_flags__scnprintf(struct strbuf *sb, u32 flags);

/* " ABI:2   AX:0x... " for the registers of mask (attr's sample_regs_*). */
void sample_format__regs(struct strbuf *sb, const struct regs_dump *regs, u64 mask);
/* The branch stack for the brstack, brstacksym or brstackoff fields in f. */
void sample_format__brstack(struct strbuf *sb, u64 f, struct perf_sample *sample,
			    struct thread *thread, struct machine *machine);
/* The data source word and its decoding ("|OP LOAD|LVL L1 hit|..."), padded. */
void sample_format__data_src(struct strbuf *sb, u64 data_src);
/* "4K", "2M", "N/A". */
void sample_format__page_size(struct strbuf *sb, u64 size);
/* " ilen: N" and " insn: xx xx" for the insn/insnlen fields in f. */
void sample_format__insn(struct strbuf *sb, u64 f, struct perf_sample *sample,
			 struct thread *thread, struct machine *machine);
/* " \t IPC: 1.23 (insns/cycles) " when the ipc field is in f and the sample counts both. */
void sample_format__ipc(struct strbuf *sb, u64 f, const struct perf_sample *sample);
/* The hex dump of a bpf-output sample (and the string it holds). */
void sample_format__bpf_output(struct strbuf *sb, const struct perf_sample *sample);
/*
 * "|LINE source text\n" of a map-relative address, once per change of
 * location (*last_file / *last_line keep the previous one; the caller owns
 * *last_file).
 */
void sample_format__srccode(struct strbuf *sb, struct map *map, u64 addr, char **last_file,
			    u32 *last_line);
/* The wall-clock time of a timestamp from the file's clock data ("2024-01-02 10:11:12.123456"). */
void sample_format__tod(struct strbuf *sb, const struct perf_env *env, u64 timestamp, bool nanosecs);

#endif
