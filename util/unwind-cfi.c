// SPDX-License-Identifier: GPL-2.0
/*
 * Per-DSO call frame information for the unwinder, read with libdw's CFI
 * interface (dwarf_getcfi_elf() for .eh_frame, dwarf_getcfi() for
 * .debug_frame), rows compiled once per distinct address.
 */
#include <dwarf.h>
#include "unwind-cfi.h"
#include "debug.h"
#include "dso.h"

#define ROW_NONE	UINT32_MAX
#define SLOT_EMPTY	UINT64_MAX

/* An open-addressed table: address -> row index. */
struct addr_table {
	u64	*keys;		/* SLOT_EMPTY when free */
	u32	*vals;
	u32	mask;		/* size - 1 */
	u32	used;
};

struct dso_cfi {
	struct symsrc	srcs[2];	/* the files of eh and dbg (one may serve both) */
	int		nr_srcs;
	Dwarf_CFI	*eh;		/* .eh_frame; owned (dwarf_cfi_end) */
	Dwarf		*dbg_dwarf;	/* owns dbg */
	Dwarf_CFI	*dbg;		/* .debug_frame */
	struct cfi_row	*rows;
	u32		nr_rows;
	u32		alloc_rows;
	Dwarf_Op	*ops;		/* the rows' expressions */
	u32		nr_ops;
	u32		alloc_ops;
	/*
	 * Looked-up address -> row (ROW_NONE: no FDE). Not by the range libdw
	 * gives with a row: after DW_CFA_restore_state its start is not the row's.
	 */
	struct addr_table by_addr;
};

void dso_cfi__delete(struct dso_cfi *c)
{
	if (!c)
		return;
	if (c->eh)
		dwarf_cfi_end(c->eh);
	if (c->dbg_dwarf)
		dwarf_end(c->dbg_dwarf);
	for (int i = 0; i < c->nr_srcs; i++)
		symsrc__destroy(&c->srcs[i]);
	free(c->rows);
	free(c->ops);
	free(c->by_addr.keys);
	free(c->by_addr.vals);
	free(c);
}

/* A section with contents in the file (debug files keep NOBITS placeholders). */
static bool has_section(const struct symsrc *ss, const char *name)
{
	GElf_Shdr shdr;

	return symsrc__section(ss, name, &shdr) && shdr.sh_type == SHT_PROGBITS && shdr.sh_size;
}

/* Keep the first candidate with an .eh_frame and the first with a .debug_frame. */
static int open_cb(struct symsrc *ss, void *arg)
{
	struct dso_cfi *c = arg;
	bool keep = false;

	if (!c->eh && has_section(ss, ".eh_frame")) {
		c->eh = dwarf_getcfi_elf(ss->elf);
		keep = c->eh != NULL;
	}
	if (!c->dbg && has_section(ss, ".debug_frame")) {
		Dwarf *dw = dwarf_begin_elf(ss->elf, DWARF_C_READ, NULL);

		c->dbg = dw ? dwarf_getcfi(dw) : NULL;
		if (c->dbg) {
			c->dbg_dwarf = dw;
			keep = true;
		} else if (dw) {
			dwarf_end(dw);
		}
	}
	if (!keep)
		return 0;
	c->srcs[c->nr_srcs++] = *ss;
	return DSO_SYMSRC_KEEP | (c->eh && c->dbg ? DSO_SYMSRC_STOP : 0);
}

static struct dso_cfi *dso__cfi(struct dso *dso)
{
	struct dso_cfi *c = dso->cfi;

	if (c)
		return c;
	c = dso->cfi = xzalloc(sizeof(*c));
	if (dso->kind == DSO_KIND_USER || dso->kind == DSO_KIND_VDSO)
		dso__for_each_symsrc(dso, open_cb, c);
	if (!c->eh && !c->dbg)
		pr_debug("unwind: no call frame information in %s\n", dso->long_name);
	return c;
}

bool dso__has_cfi(struct dso *dso)
{
	struct dso_cfi *c = dso__cfi(dso);

	return c->eh || c->dbg;
}

/* --- the address table --- */

static u32 slot_of(const struct addr_table *t, u64 addr)
{
	return (u32)((addr * 0x9e3779b97f4a7c15ULL) >> 32) & t->mask;
}

static void table_grow(struct addr_table *t)
{
	u32 old_size = t->keys ? t->mask + 1 : 0, size = old_size ? old_size * 2 : 256;
	u64 *old_keys = t->keys;
	u32 *old_vals = t->vals;

	t->keys = xmalloc(size * sizeof(*t->keys));
	t->vals = xmalloc(size * sizeof(*t->vals));
	memset(t->keys, 0xff, size * sizeof(*t->keys));
	t->mask = size - 1;
	for (u32 i = 0; i < old_size; i++) {
		u32 s;

		if (old_keys[i] == SLOT_EMPTY)
			continue;
		for (s = slot_of(t, old_keys[i]); t->keys[s] != SLOT_EMPTY; s = (s + 1) & t->mask)
			;
		t->keys[s] = old_keys[i];
		t->vals[s] = old_vals[i];
	}
	free(old_keys);
	free(old_vals);
}

/* The slot of addr: its entry, or the free one table_set() fills. */
static u32 table_slot(struct addr_table *t, u64 addr)
{
	u32 s;

	if (!t->keys || (t->used + 1) * 4 > (t->mask + 1) * 3)
		table_grow(t);
	for (s = slot_of(t, addr); t->keys[s] != SLOT_EMPTY && t->keys[s] != addr; s = (s + 1) & t->mask)
		;
	return s;
}

static void table_set(struct addr_table *t, u32 slot, u64 addr, u32 val)
{
	if (t->keys[slot] != addr)
		t->used++;
	t->keys[slot] = addr;
	t->vals[slot] = val;
}

/* --- compiling rows --- */

static u32 add_ops(struct dso_cfi *c, const Dwarf_Op *ops, size_t nops)
{
	u32 at = c->nr_ops;

	if (c->nr_ops + nops > c->alloc_ops) {
		c->alloc_ops = (c->nr_ops + nops) * 2;
		c->ops = xrealloc(c->ops, c->alloc_ops * sizeof(*c->ops));
	}
	memcpy(c->ops + at, ops, nops * sizeof(*ops));
	c->nr_ops += nops;
	return at;
}

static void compile_expr(struct dso_cfi *c, struct cfi_rule *r, const Dwarf_Op *ops, size_t nops)
{
	/* the register(R) rule comes as the location "in register R" */
	if (nops == 1 && (ops[0].atom == DW_OP_regx ||
			  (ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31))) {
		u64 reg = ops[0].atom == DW_OP_regx ? ops[0].number : (u64)(ops[0].atom - DW_OP_reg0);

		r->kind = reg < UNWIND_NR_REGS ? CFI_RULE_REG : CFI_RULE_UNDEF;
		r->ops = reg;
		return;
	}
	r->kind = CFI_RULE_LOC;
	if (nops && ops[nops - 1].atom == DW_OP_stack_value) {
		r->kind = CFI_RULE_VAL;
		nops--;
	}
	if (nops > UINT16_MAX) {
		r->kind = CFI_RULE_UNDEF;
		return;
	}
	r->nops = nops;
	r->ops = add_ops(c, ops, nops);
}

static void compile_reg(struct dso_cfi *c, Dwarf_Frame *frame, int regno, struct cfi_rule *r)
{
	Dwarf_Op mem[3], *ops;
	size_t nops;

	memset(r, 0, sizeof(*r));
	if (dwarf_frame_register(frame, regno, mem, &ops, &nops)) {
		r->kind = CFI_RULE_UNDEF;
	} else if (!nops) {
		r->kind = ops ? CFI_RULE_UNDEF : CFI_RULE_SAME;
	} else {
		compile_expr(c, r, ops, nops);
	}
}

/* The row of frame appended to the rows; ROW_NONE when the CFA is unknown there. */
static u32 compile_row(struct dso_cfi *c, Dwarf_Frame *frame)
{
	struct cfi_row row;
	Dwarf_Op *ops;
	size_t nops;
	bool signal = false;
	int ra = dwarf_frame_info(frame, NULL, NULL, &signal);

	memset(&row, 0, sizeof(row));
	if (ra < 0 || ra >= UNWIND_NR_REGS || dwarf_frame_cfa(frame, &ops, &nops) || !nops)
		return ROW_NONE;
	compile_expr(c, &row.cfa, ops, nops);
	row.cfa.kind = CFI_RULE_VAL;	/* the CFA rule is an expression for a value */
	for (int i = 0; i < UNWIND_NR_REGS; i++)
		compile_reg(c, frame, i, &row.regs[i]);
	row.ra = ra;
	row.signal = signal;
	ALLOC_GROW(c->rows, c->nr_rows + 1, c->alloc_rows);
	c->rows[c->nr_rows] = row;
	return c->nr_rows++;
}

static u32 lookup_row(struct dso_cfi *c, u64 vaddr)
{
	Dwarf_CFI *srcs[] = { c->eh, c->dbg };

	for (size_t i = 0; i < ARRAY_SIZE(srcs); i++) {
		Dwarf_Frame *frame;
		u32 idx;

		if (!srcs[i] || dwarf_cfi_addrframe(srcs[i], vaddr, &frame))
			continue;
		idx = compile_row(c, frame);
		free(frame);
		if (idx != ROW_NONE)
			return idx;
	}
	return ROW_NONE;
}

const struct cfi_row *dso__cfi_row(struct dso *dso, u64 vaddr, const Dwarf_Op **ops)
{
	struct dso_cfi *c = dso__cfi(dso);
	u32 s, idx;

	if (!c->eh && !c->dbg)
		return NULL;
	s = table_slot(&c->by_addr, vaddr);
	if (c->by_addr.keys[s] == vaddr) {
		idx = c->by_addr.vals[s];
	} else {
		idx = lookup_row(c, vaddr);
		/* lookup_row() does not touch this table: s is still the free slot */
		table_set(&c->by_addr, s, vaddr, idx);
	}
	*ops = c->ops;
	return idx == ROW_NONE ? NULL : &c->rows[idx];
}
