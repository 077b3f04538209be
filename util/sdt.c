// SPDX-License-Identifier: GPL-2.0
/* SDT markers: .note.stapsdt parsing, argument translation, the probe cache. */
#include "sdt.h"
#include "debug.h"
#include "probe-event.h"
#include "probe-file.h"
#include "probe-symbols.h"
#include "strbuf.h"
#include "string2.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#define SDT_NOTE_TYPE	3
#define SDT_NOTE_NAME	"stapsdt"

int sdt_notes__read(struct probe_elf *pe, struct sdt_note **notes)
{
	GElf_Shdr shdr, base_shdr;
	Elf_Scn *scn = probe_elf__section_by_name(pe, ".note.stapsdt", &shdr);
	bool has_base = probe_elf__section_by_name(pe, ".stapsdt.base", &base_shdr) != NULL;
	Elf_Data *data;
	size_t off = 0, noff, doff, alloc = 0;
	GElf_Nhdr nhdr;
	int n = 0;

	*notes = NULL;
	if (!scn)
		return 0;
	data = elf_getdata(scn, NULL);
	if (!data)
		return -EINVAL;
	while ((off = gelf_getnote(data, off, &nhdr, &noff, &doff)) > 0) {
		const char *desc = (const char *)data->d_buf + doff, *p, *end = desc + nhdr.n_descsz;
		struct sdt_note *note;
		u64 addrs[3];

		if (nhdr.n_type != SDT_NOTE_TYPE || nhdr.n_namesz != sizeof(SDT_NOTE_NAME) ||
		    memcmp((const char *)data->d_buf + noff, SDT_NOTE_NAME, sizeof(SDT_NOTE_NAME)) ||
		    nhdr.n_descsz < 3 * 8 + 3)
			continue;
		memcpy(addrs, desc, sizeof(addrs));
		p = desc + sizeof(addrs);
		ALLOC_GROW(*notes, (size_t)n + 1, alloc);
		note = &(*notes)[n];
		memset(note, 0, sizeof(*note));
		note->provider = xstrndup(p, strnlen(p, (size_t)(end - p)));
		p += strlen(note->provider) + 1;
		if (p >= end) {
			free(note->provider);
			continue;
		}
		note->name = xstrndup(p, strnlen(p, (size_t)(end - p)));
		p += strlen(note->name) + 1;
		note->args = p < end ? xstrndup(p, strnlen(p, (size_t)(end - p))) : xstrdup("");
		note->addr = addrs[0];
		note->semaphore = addrs[2];
		/* prelinked binaries: move by the distance .stapsdt.base moved */
		if (has_base && addrs[1]) {
			note->addr += base_shdr.sh_addr - addrs[1];
			if (note->semaphore)
				note->semaphore += base_shdr.sh_addr - addrs[1];
		}
		n++;
	}
	return n;
}

void sdt_notes__free(struct sdt_note *notes, int n)
{
	for (int i = 0; i < n; i++) {
		free(notes[i].provider);
		free(notes[i].name);
		free(notes[i].args);
	}
	free(notes);
}

/* x86-64 register spellings to the tracefs names. */
static const char *sdt_reg(const char *r, size_t len)
{
	static const struct {
		const char *names[4];
		const char *tr;
	} regs[] = {
		{ { "rax", "eax", "ax", "al" }, "%ax" }, { { "rbx", "ebx", "bx", "bl" }, "%bx" },
		{ { "rcx", "ecx", "cx", "cl" }, "%cx" }, { { "rdx", "edx", "dx", "dl" }, "%dx" },
		{ { "rsi", "esi", "si", "sil" }, "%si" }, { { "rdi", "edi", "di", "dil" }, "%di" },
		{ { "rbp", "ebp", "bp", "bpl" }, "%bp" }, { { "rsp", "esp", "sp", "spl" }, "%sp" },
		{ { "rip", "eip", "ip", NULL }, "%ip" },
	};
	static char buf[8];

	for (size_t i = 0; i < ARRAY_SIZE(regs); i++)
		for (int k = 0; k < 4; k++)
			if (regs[i].names[k] && strlen(regs[i].names[k]) == len &&
			    !strncmp(r, regs[i].names[k], len))
				return regs[i].tr;
	/* r8..r15 with d/w/b suffixes */
	if (len >= 2 && r[0] == 'r' && isdigit((unsigned char)r[1])) {
		int num = atoi(r + 1);
		size_t digits = num >= 10 ? 2 : 1;

		if (num >= 8 && num <= 15 && (len == 1 + digits ||
		    (len == 2 + digits && strchr("dwb", r[1 + digits])))) {
			snprintf(buf, sizeof(buf), "%%r%d", num);
			return buf;
		}
	}
	return NULL;
}

/* One "[-]N@OPERAND" into a fetch argument. */
static int sdt_arg(const char *desc, int idx, struct strbuf *sb)
{
	char *end;
	long size = strtol(desc, &end, 10);
	const char *op, *reg;
	char type[8];

	if (*end != '@' || !size) {
		/* old notes without a size: "%rdi" */
		op = desc;
		size = 8;
	} else {
		op = end + 1;
	}
	if (labs(size) != 1 && labs(size) != 2 && labs(size) != 4 && labs(size) != 8)
		return -EINVAL;
	snprintf(type, sizeof(type), "%c%ld", size < 0 ? 's' : 'u', labs(size) * 8);
	strbuf_addf(sb, " arg%d=", idx);
	if (op[0] == '%') {
		if (!(reg = sdt_reg(op + 1, strlen(op + 1))))
			return -EINVAL;
		strbuf_addstr(sb, reg);
	} else if (op[0] == '$') {
		long v = strtol(op + 1, &end, 0);

		if (*end)
			return -EINVAL;
		strbuf_addf(sb, "\\%ld", v);
	} else {
		long disp = 0;
		const char *paren = strchr(op, '('), *close;

		if (!paren || !(close = strchr(paren, ')')) || paren[1] != '%' || memchr(paren, ',', (size_t)(close - paren)))
			return -EINVAL;
		if (paren != op) {
			disp = strtol(op, &end, 0);
			if (end != paren)
				return -EINVAL;	/* symbol(%rip) and the like */
		}
		if (!(reg = sdt_reg(paren + 2, (size_t)(close - paren - 2))) || !strcmp(reg, "%ip"))
			return -EINVAL;
		strbuf_addf(sb, "%+ld(%s)", disp, reg);
	}
	strbuf_addf(sb, ":%s", type);
	return 0;
}

int sdt_note__fetch_args(const struct sdt_note *note, struct strbuf *sb)
{
	char *args = xstrdup(note->args), *save = NULL, *tok;
	int idx = 1, ret = 0;

	for (tok = strtok_r(args, " ", &save); tok; tok = strtok_r(NULL, " ", &save), idx++) {
		size_t len = sb->len;

		if (sdt_arg(tok, idx, sb)) {
			strbuf_setlen(sb, len);
			pr_warning("Skipping unsupported SDT argument %d of %s:%s: '%s'\n", idx,
				   note->provider, note->name, tok);
		}
	}
	free(args);
	return ret;
}

char *sdt_note__trace_command(struct probe_elf *pe, const struct sdt_note *note)
{
	struct strbuf sb = STRBUF_INIT;
	u64 off, sem_off;

	if (probe_elf__vaddr_to_offset(pe, note->addr, &off))
		return NULL;
	strbuf_addf(&sb, "p:sdt_%s/%s %s:0x%" PRIx64, note->provider, note->name, pe->path, off);
	if (note->semaphore && !probe_elf__vaddr_to_offset(pe, note->semaphore, &sem_off))
		strbuf_addf(&sb, "(0x%" PRIx64 ")", sem_off);
	sdt_note__fetch_args(note, &sb);
	return strbuf_detach(&sb, NULL);
}

int sdt__cache_binary(const char *path)
{
	struct probe_elf *pe = probe_elf__open(path);
	struct probe_cache *pc;
	struct sdt_note *notes;
	char bid[41];
	int n, err;

	if (!pe)
		return -errno;
	probe_elf__build_id_hex(pe, bid);
	if (!bid[0]) {
		probe_elf__delete(pe);
		return -ENODATA;
	}
	n = sdt_notes__read(pe, &notes);
	if (n <= 0) {
		probe_elf__delete(pe);
		return n;
	}
	pc = probe_cache__new(path, bid);
	probe_cache__purge_sdt(pc);
	for (int i = 0; i < n; i++) {
		char *spev = xasprintf("%%sdt_%s:%s=%s", notes[i].provider, notes[i].name, notes[i].name);
		char *cmd = sdt_note__trace_command(pe, &notes[i]);
		struct probe_cache_entry *ent = NULL;

		/* one entry per marker name; a marker used in several places has several lines */
		for (size_t k = 0; k < pc->nr; k++)
			if (pc->entries[k].sdt && !strcmp(pc->entries[k].spev, spev))
				ent = &pc->entries[k];
		if (!ent)
			ent = probe_cache__add_entry(pc, spev, true);
		if (cmd)
			probe_cache_entry__add_tev(ent, cmd);
		free(cmd);
		free(spev);
	}
	err = probe_cache__commit(pc);
	probe_cache__delete(pc);
	sdt_notes__free(notes, n);
	probe_elf__delete(pe);
	return err ? err : n;
}

struct sdt_find {
	const char *group, *event, *target;
	struct probe_trace_event *tevs;
	int n;
	size_t alloc;
	bool matched_target;
};

static void sdt_find_add(struct sdt_find *sf, const char *cmd)
{
	struct probe_trace_event tev;

	if (parse_probe_trace_command(cmd, &tev))
		return;
	ALLOC_GROW(sf->tevs, (size_t)sf->n + 1, sf->alloc);
	sf->tevs[sf->n++] = tev;
}

static int sdt_find_in_cache(const char *path, const char *build_id, void *arg)
{
	struct sdt_find *sf = arg;
	struct probe_cache *pc;

	if (sf->target && strcmp(path, sf->target))
		return 0;
	pc = probe_cache__new(path, build_id);
	for (size_t i = 0; i < pc->nr; i++) {
		struct probe_cache_entry *ent = &pc->entries[i];

		if (!ent->sdt || !ent->group || !ent->event ||
		    !strglobmatch(ent->group, sf->group) || !strglobmatch(ent->event, sf->event))
			continue;
		sf->matched_target = true;
		for (size_t k = 0; k < ent->nr; k++)
			sdt_find_add(sf, ent->tevs[k]);
	}
	probe_cache__delete(pc);
	return 0;
}

int sdt__find_events(const char *group, const char *event, const char *target,
		     struct probe_trace_event **tevs)
{
	struct sdt_find sf = { .group = group, .event = event, .target = target };

	buildid_cache__for_each(sdt_find_in_cache, &sf);
	if (target && !sf.n) {
		struct probe_elf *pe = probe_elf__open(target);
		struct sdt_note *notes;
		int n;

		if (!pe)
			return -errno;
		n = sdt_notes__read(pe, &notes);
		for (int i = 0; i < n; i++) {
			char *g = xasprintf("sdt_%s", notes[i].provider), *cmd;

			if (strglobmatch(g, group) && strglobmatch(notes[i].name, event) &&
			    (cmd = sdt_note__trace_command(pe, &notes[i]))) {
				sdt_find_add(&sf, cmd);
				free(cmd);
			}
			free(g);
		}
		if (n > 0)
			sdt_notes__free(notes, n);
		probe_elf__delete(pe);
	}
	*tevs = sf.tevs;
	return sf.n;
}
