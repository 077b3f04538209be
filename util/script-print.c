// SPDX-License-Identifier: GPL-2.0
#include "script-print.h"
#include <inttypes.h>
#include <stdio.h>
#include "evlist.h"
#include "evsel.h"
#include "event.h"
#include "env.h"
#include "machine.h"
#include "outbuf.h"
#include "sample-format.h"
#include "srcline.h"
#include "trace-event.h"

#define NSEC_PER_SEC	((u64)1000000000)
#define NSEC_PER_USEC	((u64)1000)

void script_printer__init(struct script_printer *sp)
{
	memset(sp, 0, sizeof(*sp));
	sp->max_stack = 127;
	resolved_chain__init(&sp->chain);
}

void script_printer__exit(struct script_printer *sp)
{
	script_printer__release_threads(sp);
	resolved_chain__exit(&sp->chain);
	zfree(&sp->line_cache);
}

int script_printer__name_width(struct evlist *evlist)
{
	struct evsel *evsel;
	int width = 0;

	evlist__for_each_entry(evlist, evsel) {
		int len = (int)strlen(evsel__name(evsel));

		if (len > width)
			width = len;
	}
	return width;
}

/* What the printer keeps per thread (in thread->priv): the last source line shown. */
struct script_thread {
	char	*srcfile;
	u32	srcline;
};

static struct script_thread *script_thread(struct thread *thread)
{
	if (!thread->priv)
		thread->priv = xzalloc(sizeof(struct script_thread));
	return thread->priv;
}

static bool evsel__has_callchain(const struct evsel *evsel)
{
	return evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
}

/* --- the start of a line: comm, tid, cpu, misc, time --- */

static void print_comm(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel, u64 f,
		       struct thread *thread)
{
	const char *comm = thread ? thread__comm_str(thread) : ":-1";

	if (sp->latency) {
		char buf[9];

		snprintf(buf, sizeof(buf), "%s", comm);
		strbuf_add_str_pad(sb, buf, 8);
	} else if ((f & SF(IP)) && evsel__has_callchain(evsel) && sp->use_callchain) {
		strbuf_addstr(sb, comm);
	} else {
		strbuf_add_str_pad(sb, comm, 16);
	}
	strbuf_addch(sb, ' ');
}

static void print_cpu(struct script_printer *sp, struct strbuf *sb, s32 cpu)
{
	if (sp->latency) {
		strbuf_add_s64_pad(sb, cpu, 3);
		strbuf_addch(sb, ' ');
	} else if (cpu >= 0) {
		strbuf_addch(sb, '[');
		strbuf_add_u64_zpad(sb, cpu, 3);
		strbuf_addstr(sb, "] ");
	} else {
		strbuf_addf(sb, "[%03d] ", cpu);
	}
}

/* The record's header.misc as letters, padded to 6 columns. */
static void print_misc(struct strbuf *sb, u16 misc, u32 record_type)
{
	size_t start = sb->len;
	int n, pad;

#define HAS(m) ((misc & PERF_RECORD_MISC_##m) == PERF_RECORD_MISC_##m)
	if (HAS(KERNEL))
		strbuf_addch(sb, 'K');
	if (HAS(USER))
		strbuf_addch(sb, 'U');
	if (HAS(HYPERVISOR))
		strbuf_addch(sb, 'H');
	if (HAS(GUEST_KERNEL))
		strbuf_addch(sb, 'G');
	if (HAS(GUEST_USER))
		strbuf_addch(sb, 'g');
	switch (record_type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		if (HAS(MMAP_DATA))
			strbuf_addch(sb, 'M');
		break;
	case PERF_RECORD_COMM:
		if (HAS(COMM_EXEC))
			strbuf_addch(sb, 'E');
		break;
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		if (HAS(SWITCH_OUT)) {
			strbuf_addch(sb, 'S');
			if (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT)
				strbuf_addch(sb, 'p');
		}
		break;
	default:
		break;
	}
#undef HAS
	/* a one-space string in 6 - n columns, left-aligned when that is negative */
	n = (int)(sb->len - start);
	pad = 6 - n;
	strbuf_addchars(sb, ' ', pad < 0 ? (size_t)-pad : pad > 0 ? (size_t)pad : 1);
}

static void print_time(struct script_printer *sp, struct strbuf *sb, u64 time)
{
	u64 t = time, secs;

	if (sp->reltime) {
		if (!sp->initial_time)
			sp->initial_time = time;
		t = time - sp->initial_time;
	} else if (sp->deltatime) {
		t = sp->previous_time ? time - sp->previous_time : 0;
		sp->previous_time = time;
	}
	secs = t / NSEC_PER_SEC;
	if (sp->nanosecs) {
		strbuf_add_u64_pad(sb, secs, 5);
		strbuf_addch_fast(sb, '.');
		strbuf_add_u64_zpad(sb, t % NSEC_PER_SEC, 9);
	} else {
		/* "%12s" of "secs.usecs" */
		char buf[32], *end = buf + sizeof(buf), *p = end;
		u64 usecs = t % NSEC_PER_SEC / NSEC_PER_USEC;

		for (int i = 0; i < 6; i++, usecs /= 10)
			*--p = '0' + usecs % 10;
		*--p = '.';
		do {
			*--p = '0' + secs % 10;
			secs /= 10;
		} while (secs);
		while (end - p < 12)
			*--p = ' ';
		strbuf_add_fast(sb, p, end - p);
	}
	strbuf_add_fast(sb, ": ", 2);
}

void script_print__start(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel,
			 struct perf_sample *sample, struct thread *thread, u32 record_type)
{
	u64 f = script_fields__of(sp->fields, evsel)->fields;

	if (f & SF(COMM))
		print_comm(sp, sb, evsel, f, thread);
	if ((f & SF(PID)) && (f & SF(TID))) {
		strbuf_add_s64_pad(sb, (s32)sample->pid, 5);
		strbuf_addch(sb, '/');
		strbuf_add_s64_pad(sb, (s32)sample->tid, -5);
		strbuf_addch(sb, ' ');
	} else if (f & (SF(PID) | SF(TID))) {
		strbuf_add_s64_pad(sb, (s32)(f & SF(PID) ? sample->pid : sample->tid), 5);
		strbuf_addch(sb, ' ');
	}
	if (f & SF(CPU))
		print_cpu(sp, sb, (s32)sample->cpu);
	if (f & SF(MISC))
		print_misc(sb, sample->misc, record_type);
	if (f & SF(TOD)) {
		sample_format__tod(sb, sp->env, sample->time, sp->nanosecs);
		strbuf_addch(sb, ' ');
	}
	if (f & SF(TIME))
		print_time(sp, sb, sample->time);
}

/* --- symbols --- */

static void print_dsoname(struct script_printer *sp, struct strbuf *sb, const struct map *map)
{
	const struct dso *dso = map ? map->dso : NULL;
	const char *name = "[unknown]";

	if (dso) {
		name = dso->long_name;
		if (sp->show_kernel_path && dso__is_kernel(dso) && dso->symsrc_filename &&
		    dso->symtab_type == DSO_BINARY_TYPE__VMLINUX)
			name = dso->symsrc_filename;
	}
	strbuf_addstr(sb, name);
}

/* "+0x<offset of addr in sym>" (addr map-relative). */
static void print_symoff(struct strbuf *sb, const struct symbol *sym, const struct map *map, u64 addr)
{
	u64 off = addr < sym->end ? addr - sym->start : addr - (map ? map->start : 0) - sym->start;

	strbuf_add_fast(sb, "+0x", 3);
	strbuf_add_x64(sb, off);
}

/* sym's name and, with symoff, "+0x<offset of addr>"; "[unknown]" without a symbol. */
static void print_symname(struct strbuf *sb, struct symbol *sym, const struct map *map, u64 addr,
			  bool symoff)
{
	if (!sym) {
		strbuf_addstr(sb, "[unknown]");
		return;
	}
	strbuf_addstr(sb, symbol__name(sym));
	if (symoff)
		print_symoff(sb, sym, map, addr);
}

/* "file:line" of one level of a source location. */
static void print_srcline_frame(struct script_printer *sp, struct strbuf *sb,
				const struct srcline_frame *sf)
{
	const char *file = sf->file ? sf->file : "";
	const char *slash = strrchr(file, '/');

	strbuf_addstr(sb, !sp->full_source_path && slash ? slash + 1 : file);
	strbuf_addch(sb, ':');
	strbuf_add_u64(sb, sf->line);
}

/*
 * "\n  file:line" of a map-relative address, as upstream's map__fprintf_srcline
 * prints what addr2line says; without a line, what addr2line's fallback on
 * the ELF symbols gives (see dso__srcline_symbol_file()).
 */
static void print_srcline(struct script_printer *sp, struct strbuf *sb, struct map *map, u64 addr)
{
	const struct srcline *sl;
	const char *file;

	if (!map || !map->dso)
		return;
	sl = dso__srcline(map->dso, addr);
	if (sl) {
		strbuf_addstr(sb, "\n  ");
		print_srcline_frame(sp, sb, &sl->frames[0]);
		return;
	}
	if (dso__srcline_symbol_file(map->dso, addr, &file)) {
		const char *slash = file ? strrchr(file, '/') : NULL;

		/* addr2line names a symbol without a line "??:?", upstream prints ??:0 */
		strbuf_addf(sb, "\n  %s:0", !file ? "??" : !sp->full_source_path && slash ? slash + 1 : file);
		return;
	}
	strbuf_addstr(sb, "\n  ");
	strbuf_addstr(sb, map->dso->short_name);
	strbuf_addch(sb, '[');
	strbuf_add_x64(sb, map__rip_2objdump(map, addr));
	strbuf_addch(sb, ']');
}

/*
 * The text of a frame (or of the one-ip form) depends only on its map and
 * address and the fields: formatted lines are cached by (map, ip, fields),
 * so the symbol names and hex digits of hot addresses are copied, not
 * formatted again.
 */
#define LINE_CACHE_BITS	14
#define LINE_CACHE_TEXT	118
#define LINE_FRAME	(1ULL << 63)	/* in the key: a chain frame, not the one-ip form */

struct line_cache_entry {
	const struct map	*map;
	u64			ip;
	u64			key;	/* the fields | LINE_FRAME */
	u16			len;	/* 0: empty */
	char			text[LINE_CACHE_TEXT];
};

static struct line_cache_entry *line_cache__slot(struct script_printer *sp, const struct map *map,
						 u64 ip)
{
	u64 h = (ip ^ ((uintptr_t)map >> 4)) * 0x9e3779b97f4a7c15ULL;

	if (!sp->line_cache)
		sp->line_cache = xcalloc(1 << LINE_CACHE_BITS, sizeof(struct line_cache_entry));
	return &sp->line_cache[h >> (64 - LINE_CACHE_BITS)];
}

static bool line_cache__hit(const struct line_cache_entry *e, const struct map *map, u64 ip, u64 key)
{
	return e->len && e->map == map && e->ip == ip && e->key == key;
}

static void line_cache__fill(struct line_cache_entry *e, const struct map *map, u64 ip, u64 key,
			     const char *text, size_t len)
{
	if (len > LINE_CACHE_TEXT) {
		e->len = 0;
		return;
	}
	e->map = map;
	e->ip = ip;
	e->key = key;
	e->len = (u16)len;
	memcpy(e->text, text, len);
}

static void format_frame(struct script_printer *sp, struct strbuf *sb, u64 f,
			 const struct resolved_frame *fr)
{
	u64 addr = fr->map ? fr->addr : 0;

	if (f & SF(IP)) {
		strbuf_addch_fast(sb, '\t');
		strbuf_add_x64_pad(sb, fr->map && !dso__is_kernel(fr->dso) ? addr : fr->ip, 16);
	}
	if (f & SF(SYM)) {
		strbuf_addch_fast(sb, ' ');
		print_symname(sb, fr->sym, fr->map, addr, f & SF(SYMOFFSET));
	}
	/* an inline level of an unwound address says so instead of its dso */
	if ((f & SF(DSO)) && !symbol__inlined(fr->sym)) {
		strbuf_add_fast(sb, " (", 2);
		print_dsoname(sp, sb, fr->map);
		strbuf_addch_fast(sb, ')');
	}
	if ((f & SF(SRCLINE)) && fr->srcline) {
		/* an inline level of an unwound address: where that level is */
		strbuf_addstr(sb, "\n  ");
		print_srcline_frame(sp, sb, fr->srcline);
	} else if (f & SF(SRCLINE)) {
		print_srcline(sp, sb, fr->map, addr);
	}
	if (symbol__inlined(fr->sym))
		strbuf_addstr(sb, " (inlined)");
	strbuf_addch_fast(sb, '\n');
}

static void print_callchain(struct script_printer *sp, struct strbuf *sb, u64 f)
{
	for (int i = 0; i < sp->chain.nr; i++) {
		const struct resolved_frame *fr = &sp->chain.frames[i];
		struct line_cache_entry *e = line_cache__slot(sp, fr->map, fr->ip);

		/* the inline levels of an address share its (map, ip): not cached */
		if (fr->srcline) {
			format_frame(sp, sb, f, fr);
		} else if (line_cache__hit(e, fr->map, fr->ip, f | LINE_FRAME)) {
			strbuf_add_fast(sb, e->text, e->len);
		} else {
			size_t start = sb->len;

			format_frame(sp, sb, f, fr);
			line_cache__fill(e, fr->map, fr->ip, f | LINE_FRAME, sb->buf + start, sb->len - start);
		}
		if (sp->bt_stop_list && fr->sym &&
		    strlist__has(sp->bt_stop_list, symbol__name(fr->sym)))
			break;
	}
}

static void format_ip(struct script_printer *sp, struct strbuf *sb, u64 f, u64 ip,
		      struct addr_location *al)
{
	if (f & SF(IP))
		strbuf_add_x64_pad(sb, ip, 16);
	if (f & SF(SYM)) {
		strbuf_addch_fast(sb, ' ');
		print_symname(sb, al->sym, al->map, al->addr, f & SF(SYMOFFSET));
	}
	if (f & SF(DSO)) {
		strbuf_add_fast(sb, " (", 2);
		print_dsoname(sp, sb, al->map);
		strbuf_addch_fast(sb, ')');
	}
	if (f & SF(SRCLINE))
		print_srcline(sp, sb, al->map, al->addr);
}

/* The sample's ip: one "ip sym+off (dso)" or, with a call chain, a line per frame. */
static void print_ip(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel, u64 f,
		     struct perf_sample *sample, struct addr_location *al)
{
	struct line_cache_entry *e;
	size_t start;

	if (sp->use_callchain && sample->callchain) {
		sample__resolve_callchain(sp->machine, al->thread, evsel, sample, sp->max_stack,
					  &sp->chain);
		strbuf_addch_fast(sb, '\n');
		print_callchain(sp, sb, f);
		return;
	}
	strbuf_addch_fast(sb, ' ');
	e = line_cache__slot(sp, al->map, sample->ip);
	if (line_cache__hit(e, al->map, sample->ip, f)) {
		strbuf_add_fast(sb, e->text, e->len);
		return;
	}
	start = sb->len;
	format_ip(sp, sb, f, sample->ip, al);
	line_cache__fill(e, al->map, sample->ip, f, sb->buf + start, sb->len - start);
}

/* Page faults and branch traces: the sample's address is code or data worth naming. */
static bool addr_correlates_sym(const struct perf_event_attr *attr)
{
	if (attr->type == PERF_TYPE_SOFTWARE &&
	    (attr->config == PERF_COUNT_SW_PAGE_FAULTS || attr->config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
	     attr->config == PERF_COUNT_SW_PAGE_FAULTS_MAJ))
		return true;
	return sample_format__is_bts(attr);
}

static void print_addr(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel, u64 f,
		       struct perf_sample *sample, struct thread *thread)
{
	struct addr_location al;
	u8 cpumode;

	strbuf_add_x64_pad(sb, sample->addr, 16);
	if (!addr_correlates_sym(&evsel->attr) || !thread)
		return;
	cpumode = machine__addr_cpumode(sp->machine, sample->cpumode, sample->addr);
	thread__resolve(thread, cpumode, sample->addr, &al);
	if (f & SF(SYM)) {
		strbuf_addch(sb, ' ');
		print_symname(sb, al.sym, al.map, al.addr, f & SF(SYMOFFSET));
	}
	if (f & SF(DSO)) {
		strbuf_addstr(sb, " (");
		print_dsoname(sp, sb, al.map);
		strbuf_addch(sb, ')');
	}
}

/* Branch traces (BTS, Intel PT branches): "from => to" on one line. */
static void print_branch_sample(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel,
				u64 f, struct perf_sample *sample, struct addr_location *al)
{
	struct script_type_fields *tf = script_fields__of(sp->fields, evsel);
	bool srcline_last = false;

	if (f & SF(IP)) {
		u64 ipf = f;

		if (!(sp->use_callchain && sample->callchain) && (f & SF(SRCLINE))) {
			srcline_last = true;
			ipf &= ~SF(SRCLINE);
		}
		print_ip(sp, sb, evsel, ipf, sample, al);
	}
	if ((f & SF(ADDR)) || ((evsel->attr.sample_type & PERF_SAMPLE_ADDR) && !tf->user_set)) {
		strbuf_addstr(sb, " => ");
		print_addr(sp, sb, evsel, f, sample, al->thread);
	}
	sample_format__ipc(sb, f, sample);
	if (srcline_last)
		print_srcline(sp, sb, al->map, al->addr);
	sample_format__insn(sb, f, sample, al->thread, sp->machine);
	strbuf_addch(sb, '\n');
}

void script_print__sample(struct script_printer *sp, struct strbuf *sb, struct evsel *evsel,
			  struct perf_sample *sample, struct addr_location *al)
{
	struct perf_event_attr *attr = &evsel->attr;
	u64 f = script_fields__of(sp->fields, evsel)->fields;

	if (!f)
		return;
	script_print__start(sp, sb, evsel, sample, al->thread, PERF_RECORD_SAMPLE);
	if (f & SF(PERIOD)) {
		strbuf_add_u64_pad(sb, sample->period, 10);
		strbuf_addch(sb, ' ');
	}
	if (f & SF(EVNAME)) {
		strbuf_add_str_pad(sb, evsel__name(evsel), sp->name_width);
		strbuf_addstr(sb, ": ");
	}
	if (sp->fields->print_flags)
		sample_format__flags(sb, sample->flags);
	if (sample_format__is_bts(attr)) {
		print_branch_sample(sp, sb, evsel, f, sample, al);
		return;
	}
	if ((f & SF(TRACE)) && sample->raw_data)
		trace_event__fprintf_payload(evsel, sample, sb);
	if ((f & SF(ADDR)))
		print_addr(sp, sb, evsel, f, sample, al->thread);
	if (f & SF(DATA_SRC))
		sample_format__data_src(sb, sample->data_src);
	if (f & SF(WEIGHT))
		strbuf_add_u64_pad(sb, sample->weight, 16);
	if (f & SF(INS_LAT))
		strbuf_add_u64_pad(sb, sample->ins_lat, 16);
	if (f & SF(IP))
		print_ip(sp, sb, evsel, f, sample, al);
	if (f & SF(IREGS))
		sample_format__regs(sb, &sample->intr_regs, attr->sample_regs_intr);
	if (f & SF(UREGS))
		sample_format__regs(sb, &sample->user_regs, attr->sample_regs_user);
	if (f & (SF(BRSTACK) | SF(BRSTACKSYM) | SF(BRSTACKOFF)))
		sample_format__brstack(sb, f, sample, al->thread, sp->machine);
	if ((f & SF(BPF_OUTPUT)) && sample_format__is_bpf_output(attr))
		sample_format__bpf_output(sb, sample);
	sample_format__insn(sb, f, sample, al->thread, sp->machine);
	if (f & SF(PHYS_ADDR))
		strbuf_add_x64_pad(sb, sample->phys_addr, 16);
	if (f & SF(DATA_PAGE_SIZE)) {
		strbuf_addch(sb, ' ');
		sample_format__page_size(sb, sample->data_page_size);
	}
	if (f & SF(CODE_PAGE_SIZE)) {
		strbuf_addch(sb, ' ');
		sample_format__page_size(sb, sample->code_page_size);
	}
	sample_format__ipc(sb, f, sample);
	strbuf_addch(sb, '\n');
	if ((f & SF(SRCCODE)) && al->thread) {
		struct script_thread *st = script_thread(al->thread);

		sample_format__srccode(sb, al->map, al->addr, &st->srcfile, &st->srcline);
	}
}

void script_printer__release_threads(struct script_printer *sp)
{
	struct thread *thread;

	if (!sp->machine)
		return;
	machine__for_each_thread(sp->machine, thread) {
		struct script_thread *st = thread->priv;

		if (st) {
			free(st->srcfile);
			free(st);
			thread->priv = NULL;
		}
	}
}
