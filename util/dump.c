// SPDX-License-Identifier: GPL-2.0
#include "dump.h"
#include "evsel.h"
#include "string2.h"
#include <inttypes.h>

void dump_raw_event(const union perf_event *event, FILE *fp)
{
	const unsigned char *raw = (const unsigned char *)event;
	size_t size = event->header.size;
	char line[128];

	fprintf(fp, ".\n. ... raw event: size %zu bytes\n", size);
	for (size_t row = 0; row < size; row += 16) {
		size_t n = size - row < 16 ? size - row : 16, len;

		len = snprintf(line, sizeof(line), ".  %04zx: ", row);
		for (size_t i = 0; i < 16; i++) {
			if (i < n)
				len += snprintf(line + len, sizeof(line) - len, " %02x", raw[row + i]);
			else
				len += snprintf(line + len, sizeof(line) - len, "   ");
		}
		line[len++] = ' ';
		line[len++] = ' ';
		for (size_t i = 0; i < 16; i++) {
			unsigned char c = i < n ? raw[row + i] : ' ';

			line[len++] = i < n ? (c >= 0x20 && c < 0x7f ? c : '.') : ' ';
		}
		line[len++] = '\n';
		fwrite(line, 1, len, fp);
	}
	fputc('\n', fp);
}

static const char *const x86_regs[] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
	"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

const char *perf_reg_name(int id, const char *arch)
{
	static char buf[16];

	if (arch && !strcmp(arch, "x86")) {
		if (id >= 0 && id < (int)ARRAY_SIZE(x86_regs))
			return x86_regs[id];
		if (id >= 32 && id < 64 && !(id & 1)) {
			snprintf(buf, sizeof(buf), "XMM%d", (id - 32) / 2);
			return buf;
		}
	} else if (arch && !strcmp(arch, "arm64")) {
		if (id >= 0 && id <= 29) {
			snprintf(buf, sizeof(buf), "x%d", id);
			return buf;
		}
		if (id == 30)
			return "lr";
		if (id == 31)
			return "sp";
		if (id == 32)
			return "pc";
	}
	return "unknown";
}

const char *perf_env__arch_normalize(const char *m)
{
	if (!m)
		return "x86";
	if (!strcmp(m, "x86_64") || (m[0] == 'i' && strends(m, "86")))
		return "x86";
	if (!strcmp(m, "aarch64") || strstarts(m, "arm64"))
		return "arm64";
	if (strstarts(m, "arm"))
		return "arm";
	if (strstarts(m, "ppc") || strstarts(m, "powerpc"))
		return "powerpc";
	if (strstarts(m, "s390"))
		return "s390";
	return m;
}

static const char *regs_abi(const struct regs_dump *regs)
{
	static const char *const names[] = { "none", "32-bit", "64-bit" };

	return regs->abi < ARRAY_SIZE(names) ? names[regs->abi] : "unknown";
}

static void regs_printf(const char *type, const struct regs_dump *regs, const char *arch, FILE *fp)
{
	u64 mask = regs->mask;
	int i = 0;

	if (!regs->regs)
		return;
	fprintf(fp, "... %s regs: mask 0x%" PRIx64 " ABI %s\n", type, mask, regs_abi(regs));
	for (int rid = 0; rid < 64; rid++) {
		if (!(mask & (1ULL << rid)))
			continue;
		fprintf(fp, ".... %-5s 0x%016" PRIx64 "\n", perf_reg_name(rid, arch), regs->regs[i++]);
	}
}

static const char *const branch_types[] = {
	"N/A", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL", "SYSRET",
	"COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "",
};

static const char *const branch_new_types[] = {
	"FAULT_ALGN", "FAULT_DATA", "FAULT_INST", "ARCH_1", "ARCH_2", "ARCH_3", "ARCH_4", "ARCH_5",
};

static const char *const branch_specs[] = {
	"N/A", "SPEC_WRONG_PATH", "NON_SPEC_CORRECT_PATH", "SPEC_CORRECT_PATH",
};

static const char *branch_type_name(const struct branch_entry *e)
{
	if (e->flags.type == 15)	/* PERF_BR_EXTEND_ABI */
		return e->flags.new_type < ARRAY_SIZE(branch_new_types) ?
			branch_new_types[e->flags.new_type] : NULL;
	return branch_types[e->flags.type];
}

static void branch_stack_printf(struct perf_sample *sample, bool callstack, FILE *fp)
{
	struct branch_entry *entries = perf_sample__branch_entries(sample);
	u64 nr = sample->branch_stack->nr;

	if (!callstack)
		fprintf(fp, "... branch stack: nr:%" PRIu64 "\n", nr);
	else
		fprintf(fp, "... branch callstack: nr:%" PRIu64 "\n", nr + 1);
	for (u64 i = 0; i < nr; i++) {
		const struct branch_entry *e = &entries[i];

		if (!callstack) {
			const char *type = branch_type_name(e);

			fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 " -> %016" PRIx64
				" %hu cycles %s%s%s%s %x %s %s\n",
				i, e->from, e->to, (unsigned short)e->flags.cycles,
				e->flags.mispred ? "M" : " ", e->flags.predicted ? "P" : " ",
				e->flags.abort ? "A" : " ", e->flags.in_tx ? "T" : " ",
				(unsigned int)e->flags.reserved, type ? type : "(null)",
				e->flags.spec ? branch_specs[e->flags.spec] : "");
		} else if (i == 0) {
			fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 "\n..... %2" PRIu64 ": %016" PRIx64 "\n",
				i, e->to, i + 1, e->from);
		} else {
			fprintf(fp, "..... %2" PRIu64 ": %016" PRIx64 "\n", i + 1, e->from);
		}
	}
}

static const char *page_size_name(u64 size, char *buf, size_t len)
{
	if (!size || !unit_number__scnprintf(buf, len, size))
		snprintf(buf, len, "N/A");
	return buf;
}

static void sample_read_printf(struct perf_sample *sample, u64 read_format, FILE *fp)
{
	fprintf(fp, "... sample_read:\n");
	if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(fp, "...... time enabled %016" PRIx64 "\n", sample->read.time_enabled);
	if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(fp, "...... time running %016" PRIx64 "\n", sample->read.time_running);
	if (read_format & PERF_FORMAT_GROUP) {
		const u64 *v = (const u64 *)sample->read.group.values;

		fprintf(fp, ".... group nr %" PRIu64 "\n", sample->read.group.nr);
		for (u64 i = 0; i < sample->read.group.nr; i++) {
			u64 value = *v++, id = 0, lost = 0;

			if (read_format & PERF_FORMAT_ID)
				id = *v++;
			if (read_format & PERF_FORMAT_LOST)
				lost = *v++;
			fprintf(fp, "..... id %016" PRIx64 ", value %016" PRIx64, id, value);
			if (read_format & PERF_FORMAT_LOST)
				fprintf(fp, ", lost %" PRIu64, lost);
			fputc('\n', fp);
		}
	} else {
		fprintf(fp, "..... id %016" PRIx64 ", value %016" PRIx64, sample->read.one.id,
			sample->read.one.value);
		if (read_format & PERF_FORMAT_LOST)
			fprintf(fp, ", lost %" PRIu64, sample->read.one.lost);
		fputc('\n', fp);
	}
}

void dump_sample(struct evsel *evsel, union perf_event *event, struct perf_sample *sample,
		 const char *arch, FILE *fp)
{
	u64 type = evsel->attr.sample_type;
	char buf[32];

	fprintf(fp, "(IP, 0x%x): %d/%d: %#" PRIx64 " period: %" PRIu64 " addr: %#" PRIx64 "\n",
		event->header.misc, sample->pid, sample->tid, sample->ip, sample->period, sample->addr);
	if ((type & PERF_SAMPLE_CALLCHAIN) && sample->callchain) {
		struct ip_callchain *cc = sample->callchain;

		fprintf(fp, "... FP chain: nr:%" PRIu64 "\n", cc->nr);
		for (u64 i = 0; i < cc->nr; i++)
			fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)i, cc->ips[i]);
	}
	if ((type & PERF_SAMPLE_BRANCH_STACK) && sample->branch_stack)
		branch_stack_printf(sample, evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK, fp);
	if (type & PERF_SAMPLE_REGS_USER)
		regs_printf("user", &sample->user_regs, arch, fp);
	if (type & PERF_SAMPLE_REGS_INTR)
		regs_printf("intr", &sample->intr_regs, arch, fp);
	if (type & PERF_SAMPLE_STACK_USER)
		fprintf(fp, "... ustack: size %" PRIu64 ", offset 0x%x\n", sample->user_stack.size,
			sample->user_stack.offset);
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT)) {
		fprintf(fp, "... weight: %" PRIu64 "", sample->weight);
		if (type & PERF_SAMPLE_WEIGHT_STRUCT)
			fprintf(fp, ",0x%" PRIx16 ",0x%" PRIx16, sample->ins_lat, sample->p_stage_cyc);
		fputc('\n', fp);
	}
	if (type & PERF_SAMPLE_DATA_SRC)
		fprintf(fp, " . data_src: 0x%" PRIx64 "\n", sample->data_src);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		fprintf(fp, " .. phys_addr: 0x%" PRIx64 "\n", sample->phys_addr);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		fprintf(fp, " .. data page size: %s\n", page_size_name(sample->data_page_size, buf, sizeof(buf)));
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		fprintf(fp, " .. code page size: %s\n", page_size_name(sample->code_page_size, buf, sizeof(buf)));
	if (type & PERF_SAMPLE_TRANSACTION)
		fprintf(fp, "... transaction: %" PRIx64 "\n", sample->transaction);
	if (type & PERF_SAMPLE_READ)
		sample_read_printf(sample, evsel->attr.read_format, fp);
}

void dump_read(struct evsel *evsel, union perf_event *event, FILE *fp)
{
	struct perf_record_read *r = &event->read;
	u64 fmt = evsel ? evsel->attr.read_format : 0;
	const u64 *v = &r->time_enabled;
	const u64 *end = (const u64 *)((const char *)event + (event->header.size & ~7u));

	fprintf(fp, ": %d %d %s %" PRIu64 "\n", r->pid, r->tid, evsel && evsel->name ? evsel->name : "FAIL",
		r->value);
	if (!evsel)
		return;
	if ((fmt & PERF_FORMAT_TOTAL_TIME_ENABLED) && v < end)
		fprintf(fp, "... time enabled : %" PRIu64 "\n", *v++);
	if ((fmt & PERF_FORMAT_TOTAL_TIME_RUNNING) && v < end)
		fprintf(fp, "... time running : %" PRIu64 "\n", *v++);
	if ((fmt & PERF_FORMAT_ID) && v < end)
		fprintf(fp, "... id           : %" PRIu64 "\n", *v++);
	if ((fmt & PERF_FORMAT_LOST) && v < end)
		fprintf(fp, "... lost         : %" PRIu64 "\n", *v++);
}
