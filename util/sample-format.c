// SPDX-License-Identifier: GPL-2.0
#include "sample-format.h"
#include <ctype.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_CAPSTONE_SUPPORT
#include <capstone/capstone.h>
#endif
#include "env.h"
#include "event.h"
#include "machine.h"
#include "outbuf.h"
#include "script-fields.h"
#include "srcline.h"

bool sample_format__is_bts(const struct perf_event_attr *attr)
{
	/* upstream tests the config bit, not the value */
	return attr->type == PERF_TYPE_HARDWARE && (attr->config & PERF_COUNT_HW_BRANCH_INSTRUCTIONS) &&
	       attr->sample_period == 1;
}

bool sample_format__is_bpf_output(const struct perf_event_attr *attr)
{
	return attr->type == PERF_TYPE_SOFTWARE && attr->config == PERF_COUNT_SW_BPF_OUTPUT;
}

/* --- branch flags --- */

static const char *flags__name(u32 flags)
{
	static const struct { u32 flags; const char *name; } names[] = {
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL, "call" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_RETURN, "return" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CONDITIONAL, "jcc" },
		{ PERF_IP_FLAG_BRANCH, "jmp" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL | PERF_IP_FLAG_INTERRUPT, "int" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_RETURN | PERF_IP_FLAG_INTERRUPT, "iret" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL | PERF_IP_FLAG_SYSCALLRET, "syscall" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_RETURN | PERF_IP_FLAG_SYSCALLRET, "sysret" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_ASYNC, "async" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL | PERF_IP_FLAG_ASYNC | PERF_IP_FLAG_INTERRUPT,
		  "hw int" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_TX_ABORT, "tx abrt" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_TRACE_BEGIN, "tr strt" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_TRACE_END, "tr end" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL | PERF_IP_FLAG_VMENTRY, "vmentry" },
		{ PERF_IP_FLAG_BRANCH | PERF_IP_FLAG_CALL | PERF_IP_FLAG_VMEXIT, "vmexit" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (names[i].flags == flags)
			return names[i].name;
	return NULL;
}

void sample_flags__scnprintf(struct strbuf *sb, u32 flags)
{
	static const char chars[] = "bcrosyiABExghDt";
	const u32 xf = PERF_IP_FLAG_IN_TX | PERF_IP_FLAG_INTR_DISABLE | PERF_IP_FLAG_INTR_TOGGLE;
	const char *name;
	char xs[16] = "";

	if (flags & xf)
		snprintf(xs, sizeof(xs), "(%s%s%s)", flags & PERF_IP_FLAG_IN_TX ? "x" : "",
			 flags & PERF_IP_FLAG_INTR_DISABLE ? "D" : "",
			 flags & PERF_IP_FLAG_INTR_TOGGLE ? "t" : "");
	name = flags__name(flags & ~xf);
	if (name) {
		strbuf_addf(sb, "%-15s%6s", name, xs);
		return;
	}
	if (flags & PERF_IP_FLAG_TRACE_BEGIN) {
		name = flags__name(flags & ~(xf | PERF_IP_FLAG_TRACE_BEGIN));
		if (name) {
			strbuf_addf(sb, "tr strt %-7s%6s", name, xs);
			return;
		}
	}
	if (flags & PERF_IP_FLAG_TRACE_END) {
		name = flags__name(flags & ~(xf | PERF_IP_FLAG_TRACE_END));
		if (name) {
			strbuf_addf(sb, "tr end  %-7s%6s", name, xs);
			return;
		}
	}
	for (unsigned int i = 0; i < 32; i++)
		if (flags & (1U << i))
			strbuf_addch(sb, i < sizeof(chars) - 1 ? chars[i] : '?');
}

void sample_format__flags(struct strbuf *sb, u32 flags)
{
	size_t start;

	strbuf_addstr(sb, "  ");
	start = sb->len;
	sample_flags__scnprintf(sb, flags);
	if (sb->len - start < 21)
		strbuf_addchars(sb, ' ', 21 - (sb->len - start));
	strbuf_addch(sb, ' ');
}

/* --- registers --- */

static const char *x86_reg_name(int r)
{
	static const char *const names[] = {
		"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
		"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
	};
	static const char *const xmm[] = {
		"XMM0", "XMM1", "XMM2", "XMM3", "XMM4", "XMM5", "XMM6", "XMM7", "XMM8", "XMM9",
		"XMM10", "XMM11", "XMM12", "XMM13", "XMM14", "XMM15",
	};

	if (r >= 0 && r < (int)ARRAY_SIZE(names))
		return names[r];
	if (r >= 32 && r < 64 && !(r & 1))
		return xmm[(r - 32) / 2];
	return "(null)";
}

void sample_format__regs(struct strbuf *sb, const struct regs_dump *regs, u64 mask)
{
	int i = 0;

	if (!regs || !regs->regs)
		return;
	strbuf_addstr(sb, " ABI:");
	strbuf_add_u64(sb, regs->abi);
	strbuf_addch(sb, ' ');
	for (int r = 0; r < 64; r++) {
		if (!(mask & (1ULL << r)))
			continue;
		strbuf_add_str_pad(sb, x86_reg_name(r), 5);
		strbuf_addstr(sb, ":0x");
		strbuf_add_x64(sb, regs->regs[i++]);
		strbuf_addch(sb, ' ');
	}
}

/* --- branch stacks --- */

static const char *branch_type_name(unsigned int type)
{
	static const char *const names[] = {
		"N/A", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL", "SYSRET",
		"COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI",
	};

	return type < ARRAY_SIZE(names) ? names[type] : "N/A";
}

static void branch_flags(struct strbuf *sb, const struct branch_entry *br)
{
	char mispred = !(br->flags.mispred || br->flags.predicted) ? '-' :
		       br->flags.mispred ? 'M' : 'P';

	strbuf_addf(sb, "/%c/%c/%c/%d/%s ", mispred, br->flags.in_tx ? 'X' : '-',
		    br->flags.abort ? 'A' : '-', (int)br->flags.cycles,
		    br->flags.type ? branch_type_name(br->flags.type) : "-");
}

/* Where a branch address is: the thread's space that its value implies. */
static void resolve_branch_addr(struct thread *thread, struct machine *machine, u8 cpumode,
				u64 addr, struct addr_location *al)
{
	memset(al, 0, sizeof(*al));
	if (thread)
		thread__resolve(thread, machine__addr_cpumode(machine, cpumode, addr), addr, al);
}

static void add_dso(struct strbuf *sb, const struct addr_location *al)
{
	strbuf_addch(sb, '(');
	strbuf_addstr(sb, al->map && al->map->dso ? al->map->dso->long_name : "[unknown]");
	strbuf_addch(sb, ')');
}

static void add_symoff(struct strbuf *sb, const struct addr_location *al)
{
	if (!al->sym) {
		strbuf_addstr(sb, "[unknown]");
		return;
	}
	strbuf_addstr(sb, symbol__name(al->sym));
	strbuf_addf(sb, "+0x%" PRIx64, al->addr < al->sym->end ? al->addr - al->sym->start
			: al->addr - (al->map ? al->map->start : 0) - al->sym->start);
}

void sample_format__brstack(struct strbuf *sb, u64 f, struct perf_sample *sample,
			    struct thread *thread, struct machine *machine)
{
	struct branch_stack *br = sample->branch_stack;
	struct branch_entry *entries;
	bool dso = f & SF(DSO);

	if (!br)
		return;
	entries = perf_sample__branch_entries(sample);
	for (u64 i = 0; i < br->nr; i++) {
		struct addr_location alf, alt;
		u64 from = entries[i].from, to = entries[i].to;

		resolve_branch_addr(thread, machine, sample->cpumode, from, &alf);
		resolve_branch_addr(thread, machine, sample->cpumode, to, &alt);
		if (f & SF(BRSTACK)) {
			strbuf_addf(sb, " 0x%" PRIx64, from);
			if (dso)
				add_dso(sb, &alf);
			strbuf_addf(sb, "/0x%" PRIx64, to);
			if (dso)
				add_dso(sb, &alt);
		} else if (f & SF(BRSTACKSYM)) {
			add_symoff(sb, &alf);
			if (dso)
				add_dso(sb, &alf);
			strbuf_addch(sb, '/');
			add_symoff(sb, &alt);
			if (dso)
				add_dso(sb, &alt);
		} else {
			if (alf.map && !dso__is_kernel(alf.map->dso))
				from = alf.addr;
			if (alt.map && !dso__is_kernel(alt.map->dso))
				to = alt.addr;
			strbuf_addf(sb, " 0x%" PRIx64, from);
			if (dso)
				add_dso(sb, &alf);
			strbuf_addf(sb, "/0x%" PRIx64, to);
			if (dso)
				add_dso(sb, &alt);
		}
		branch_flags(sb, &entries[i]);
	}
}

/* --- memory data source (struct perf_mem_data_src) --- */

/* Names of the set bits of m, joined by " or "; returns how many. */
static int add_bit_names(struct strbuf *sb, u64 m, const char *const *names, size_t nr, int printed)
{
	for (size_t i = 0; m && i < nr; i++, m >>= 1) {
		if (!(m & 1))
			continue;
		if (printed++)
			strbuf_addstr(sb, " or ");
		strbuf_addstr(sb, names[i]);
	}
	return printed;
}

static void mem_op(struct strbuf *sb, union perf_mem_data_src d)
{
	u64 op = d.mem_op;

	strbuf_addstr(sb, op & PERF_MEM_OP_NA ? "N/A" : op & PERF_MEM_OP_LOAD ? "LOAD" :
		      op & PERF_MEM_OP_STORE ? "STORE" : op & PERF_MEM_OP_PFETCH ? "PFETCH" :
		      op & PERF_MEM_OP_EXEC ? "EXEC" : "No");
}

static void mem_lvl(struct strbuf *sb, union perf_mem_data_src d)
{
	static const char *const lvl[] = {
		"N/A", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3", "Local RAM", "Remote RAM (1 hop)",
		"Remote RAM (2 hops)", "Remote Cache (1 hop)", "Remote Cache (2 hops)", "I/O",
		"Uncached",
	};
	static const char *const hops[] = {
		"N/A", "core, same node", "node, same socket", "socket, same board", "board",
	};
	size_t start = sb->len;
	u64 m = d.mem_lvl;
	int printed = 0;

	if (d.mem_remote)
		strbuf_addstr(sb, "Remote ");
	if (d.mem_hops)
		strbuf_addf(sb, "%s ", d.mem_hops < ARRAY_SIZE(hops) ? hops[d.mem_hops] : "N/A");
	else
		printed = add_bit_names(sb, m & ~(u64)(PERF_MEM_LVL_HIT | PERF_MEM_LVL_MISS), lvl,
					ARRAY_SIZE(lvl), 0);
	if (d.mem_lvl_num) {
		unsigned int num = d.mem_lvl_num;

		if (printed++)
			strbuf_addstr(sb, " or ");
		switch (num) {
		case PERF_MEM_LVLNUM_ANY_CACHE:	strbuf_addstr(sb, "Any cache"); break;
		case PERF_MEM_LVLNUM_LFB:	strbuf_addstr(sb, "LFB"); break;
		case PERF_MEM_LVLNUM_RAM:	strbuf_addstr(sb, "RAM"); break;
		case PERF_MEM_LVLNUM_PMEM:	strbuf_addstr(sb, "PMEM"); break;
		case PERF_MEM_LVLNUM_NA:	strbuf_addstr(sb, "N/A"); break;
		default:			strbuf_addf(sb, "L%u", num); break;
		}
	}
	if (sb->len == start)
		strbuf_addstr(sb, "N/A");
	if (m & PERF_MEM_LVL_HIT)
		strbuf_addstr(sb, " hit");
	if (m & PERF_MEM_LVL_MISS)
		strbuf_addstr(sb, " miss");
}

static void mem_snoop(struct strbuf *sb, union perf_mem_data_src d)
{
	static const char *const snoop[] = { "N/A", "None", "Hit", "Miss", "HitM" };
	static const char *const snoopx[] = { "Fwd", "Peer" };
	int printed = add_bit_names(sb, d.mem_snoop, snoop, ARRAY_SIZE(snoop), 0);

	printed = add_bit_names(sb, d.mem_snoopx, snoopx, ARRAY_SIZE(snoopx), printed);
	if (!printed)
		strbuf_addstr(sb, "N/A");
}

static void mem_tlb(struct strbuf *sb, union perf_mem_data_src d)
{
	static const char *const tlb[] = { "N/A", "HIT", "MISS", "L1", "L2", "Walker", "Fault" };
	u64 m = d.mem_dtlb;

	if (!add_bit_names(sb, m & ~(u64)(PERF_MEM_TLB_HIT | PERF_MEM_TLB_MISS), tlb, ARRAY_SIZE(tlb), 0))
		strbuf_addstr(sb, "N/A");
	if (m & PERF_MEM_TLB_HIT)
		strbuf_addstr(sb, " hit");
	if (m & PERF_MEM_TLB_MISS)
		strbuf_addstr(sb, " miss");
}

static void mem_blk(struct strbuf *sb, union perf_mem_data_src d)
{
	u64 m = d.mem_blk;

	if (!m || (m & PERF_MEM_BLK_NA)) {
		strbuf_addstr(sb, " N/A");
		return;
	}
	if (m & PERF_MEM_BLK_DATA)
		strbuf_addstr(sb, " Data");
	if (m & PERF_MEM_BLK_ADDR)
		strbuf_addstr(sb, " Addr");
}

void sample_format__data_src(struct strbuf *sb, u64 data_src)
{
	/* upstream pads to the longest decoding printed so far, within 99 characters */
	static size_t max_len;
	union perf_mem_data_src d = { .val = data_src };
	struct strbuf t = STRBUF_INIT;

	strbuf_addf(&t, "%16" PRIx64 " |OP ", data_src);
	mem_op(&t, d);
	strbuf_addstr(&t, "|LVL ");
	mem_lvl(&t, d);
	strbuf_addstr(&t, "|SNP ");
	mem_snoop(&t, d);
	strbuf_addstr(&t, "|TLB ");
	mem_tlb(&t, d);
	strbuf_addstr(&t, "|LCK ");
	strbuf_addstr(&t, d.mem_lock & PERF_MEM_LOCK_NA ? "N/A" :
		      d.mem_lock & PERF_MEM_LOCK_LOCKED ? "Yes" : "No");
	strbuf_addstr(&t, "|BLK ");
	mem_blk(&t, d);
	if (t.len > 99)
		strbuf_setlen(&t, 99);
	if (t.len > max_len)
		max_len = t.len;
	strbuf_add_str_pad(sb, t.buf, -(int)max_len);
	strbuf_release(&t);
}

/* --- sizes, IPC --- */

void sample_format__page_size(struct strbuf *sb, u64 size)
{
	static const char units[] = "BKMG";
	int i = 0;

	if (!size) {
		strbuf_addstr(sb, "N/A");
		return;
	}
	while (size / 1024 > 1 && i < 3) {
		size /= 1024;
		i++;
	}
	strbuf_add_u64(sb, size);
	strbuf_addch(sb, units[i]);
}

void sample_format__ipc(struct strbuf *sb, u64 f, const struct perf_sample *sample)
{
	unsigned int ipc;

	if (!(f & SF(IPC)) || !sample->cyc_cnt || !sample->insn_cnt)
		return;
	ipc = (unsigned int)(sample->insn_cnt * 100 / sample->cyc_cnt);
	strbuf_addf(sb, " \t IPC: %u.%02u (%" PRIu64 "/%" PRIu64 ") ", ipc / 100, ipc % 100,
		    sample->insn_cnt, sample->cyc_cnt);
}

/* --- instruction bytes --- */

#define MAX_INSN 16

/* Up to MAX_INSN bytes of code at ip from the DSO file it is mapped from. */
static int read_code(struct thread *thread, struct machine *machine, u64 ip, u8 *buf)
{
	static struct dso *last_dso;
	static int last_fd = -1;
	struct addr_location al;
	char path[PATH_MAX];
	ssize_t n;

	if (!thread)
		return -1;
	thread__resolve(thread, machine__addr_cpumode(machine, PERF_RECORD_MISC_USER, ip), ip, &al);
	/* kernel code is not readable from [kernel.kallsyms] */
	if (!al.map || !al.dso || dso__is_kernel(al.dso) || al.dso->kind != DSO_KIND_USER)
		return -1;
	if (al.dso != last_dso) {
		if (last_fd >= 0)
			close(last_fd);
		last_dso = al.dso;
		last_fd = open(symfs__join(path, sizeof(path), al.dso->long_name), O_RDONLY | O_CLOEXEC);
	}
	if (last_fd < 0)
		return -1;
	n = pread(last_fd, buf, MAX_INSN, (off_t)al.addr);
	return n > 0 ? (int)n : -1;
}

/* The length of the x86-64 instruction at the start of buf (0: unknown). */
static int insn_length(const u8 *buf, int len, u64 ip)
{
#ifdef HAVE_CAPSTONE_SUPPORT
	static csh handle;
	static bool opened, failed;
	cs_insn *insn;
	int size = 0;

	if (!opened && !failed) {
		failed = cs_open(CS_ARCH_X86, CS_MODE_64, &handle) != CS_ERR_OK;
		opened = !failed;
	}
	if (failed)
		return 0;
	if (cs_disasm(handle, buf, len, ip, 1, &insn) == 1) {
		size = insn->size;
		cs_free(insn, 1);
	}
	return size;
#else
	(void)buf;
	(void)len;
	(void)ip;
	return 0;
#endif
}

void sample_format__insn(struct strbuf *sb, u64 f, struct perf_sample *sample,
			 struct thread *thread, struct machine *machine)
{
	u8 buf[MAX_INSN];
	int len = 0;

	if (!(f & (SF(INSN) | SF(INSNLEN))))
		return;
	if (sample->ip) {
		int n = read_code(thread, machine, sample->ip, buf);

		if (n > 0)
			len = insn_length(buf, n, sample->ip);
	}
	if (f & SF(INSNLEN))
		strbuf_addf(sb, " ilen: %d", len);
	if ((f & SF(INSN)) && len) {
		strbuf_addstr(sb, " insn:");
		for (int i = 0; i < len; i++)
			strbuf_addf(sb, " %02x", buf[i]);
	}
}

/* --- BPF output: a hex dump, 8 bytes a line, and the text when it is one --- */

void sample_format__bpf_output(struct strbuf *sb, const struct perf_sample *sample)
{
	const unsigned char *data = sample->raw_data;
	u32 len = sample->raw_size;
	bool hit_nul = false, printable = true;

	strbuf_addch(sb, '\n');
	for (u32 i = 0; i < len; i += 8) {
		u32 end = i + 8 < len ? i + 8 : len;

		strbuf_addf(sb, "%17s %04x:", i ? "           " : "BPF output:", i);
		for (u32 j = i; j < i + 8; j++) {
			if (j < end)
				strbuf_addf(sb, " %02x", data[j]);
			else
				strbuf_addstr(sb, "   ");
		}
		strbuf_addstr(sb, "  ");
		for (u32 j = i; j < end; j++) {
			unsigned char ch = data[j];

			if (hit_nul && ch)
				printable = false;
			if (isprint(ch)) {
				strbuf_addch(sb, ch);
				continue;
			}
			strbuf_addch(sb, '.');
			if (!printable)
				continue;
			if (ch == '\0')
				hit_nul = true;
			else
				printable = false;
		}
		strbuf_addchars(sb, ' ', i + 8 - end);
		strbuf_addch(sb, '\n');
	}
	if (printable && hit_nul && len)
		strbuf_addf(sb, "%17s \"%s\"\n", "BPF string:", (const char *)data);
}

/* --- source code --- */

/* Line line (from 1) of file, without its newline; NULL when there is none. */
static const char *source_line(const char *file, u32 line, int *len)
{
	static char *cached_name, *text;
	static size_t size;
	const char *p, *end;

	if (!cached_name || strcmp(cached_name, file)) {
		struct strbuf sb = STRBUF_INIT;

		free(cached_name);
		free(text);
		cached_name = xstrdup(file);
		text = NULL;
		size = 0;
		if (strbuf_read_file(&sb, file, 0) < 0) {
			strbuf_release(&sb);
			return NULL;
		}
		text = strbuf_detach(&sb, &size);
	}
	if (!text || !line)
		return NULL;
	p = text;
	end = text + size;
	for (u32 l = 1; l < line && p < end; l++) {
		p = memchr(p, '\n', end - p);
		if (!p)
			return NULL;
		p++;
	}
	if (p >= end)
		return NULL;
	*len = (int)(((const char *)memchr(p, '\n', end - p) ?: end) - p);
	return p;
}

void sample_format__srccode(struct strbuf *sb, struct map *map, u64 addr, char **last_file,
			    u32 *last_line)
{
	const struct srcline *sl;
	const char *file, *code;
	u32 line;
	int len;

	if (!map || !map->dso)
		return;
	sl = dso__srcline(map->dso, addr);
	if (!sl || !sl->frames[0].file)
		return;
	file = sl->frames[0].file;
	line = sl->frames[0].line;
	if (*last_file && !strcmp(*last_file, file) && *last_line == line)
		return;
	code = source_line(file, line, &len);
	if (!code)
		return;
	strbuf_addf(sb, "|%-8u %.*s\n", line, len, code);
	free(*last_file);
	*last_file = xstrdup(file);
	*last_line = line;
}

/* --- time of day --- */

void sample_format__tod(struct strbuf *sb, const struct perf_env *env, u64 timestamp, bool nanosecs)
{
	u64 tod_ns;
	time_t sec;
	struct tm tm;
	char date[64];
	u64 nsec;

	if (!env->clock.enabled) {
		strbuf_addstr(sb, "disabled");
		return;
	}
	tod_ns = env->clock.tod_ns;
	if (timestamp > env->clock.clockid_ns)
		tod_ns += timestamp - env->clock.clockid_ns;
	else
		tod_ns -= env->clock.clockid_ns - timestamp;
	sec = (time_t)(tod_ns / 1000000000ULL);
	nsec = tod_ns % 1000000000ULL;
	if (!localtime_r(&sec, &tm)) {
		strbuf_addstr(sb, "failed");
		return;
	}
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
	if (nanosecs)
		strbuf_addf(sb, "%s.%09" PRIu64, date, nsec);
	else
		strbuf_addf(sb, "%s.%06" PRIu64, date, nsec / 1000);
}
