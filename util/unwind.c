// SPDX-License-Identifier: GPL-2.0
/*
 * DWARF unwinding of --call-graph dwarf samples: the user registers and the
 * copy of the user stack in each sample, walked with the call frame
 * information (.eh_frame, .debug_frame) of the DSOs mapped by the thread.
 *
 * Why libdw, and why our own frame stepping. Upstream perf can use either
 * libunwind or elfutils' libdw, and is moving to libdw; libdw is also what
 * our model already uses for source lines and probes, so it is one library
 * less. We read the CFI with libdw (dwarf_getcfi_elf(), dwarf_getcfi(),
 * dwarf_cfi_addrframe()) but do not unwind through dwfl_getthread_frames():
 * a Dwfl wants every module of the address space reported and attached per
 * process, and rebuilds each frame's register rules from the CFI at every
 * step. Instead util/unwind-cfi.c compiles the rules once per DSO address
 * and a step here is a table lookup plus a few DWARF expression operations
 * on the stack copy. Nothing is allocated per sample.
 *
 * The frames are delivered as the reference perf (6.1, libunwind) delivers
 * them: the sample's ip first, then each caller's return address minus one
 * (in the call instruction, for symbols and source lines), except the
 * address a signal interrupted, which is exact: the address a frame's CFI
 * is looked up at. When no CFI covers an address
 * of a DSO that has CFI, one frame-pointer step is tried, as libunwind does.
 * A bad stack copy ends the chain: every read is bounded by the copy and a
 * step that makes no progress stops.
 */
#include <dwarf.h>
#include <linux/perf_event.h>
#include "unwind.h"
#include "unwind-arch.h"
#include "unwind-cfi.h"
#include "event.h"
#include "machine.h"

bool unwind__sample_has_stack(const struct perf_sample *sample)
{
	return sample->user_regs.regs && sample->user_regs.mask && sample->user_stack.size;
}

/* The copy of the user stack: [start, end) of the thread's memory. */
struct stack_copy {
	u64		start;
	u64		end;
	const char	*data;
};

/*
 * A word of the stack copy. As the reference, the word must end before the
 * copy's last byte: its last word is never read.
 */
static bool stack__read(const struct stack_copy *st, u64 addr, u64 *val)
{
	if (addr < st->start || addr + 8 < addr || addr + 8 >= st->end)
		return false;
	memcpy(val, st->data + (addr - st->start), 8);
	return true;
}

#define EXPR_STACK 16

struct expr_ctx {
	const struct unwind_regs	*regs;
	const struct stack_copy		*st;
	u64				cfa;
	bool				has_cfa;
};

static bool expr__reg(const struct expr_ctx *x, u64 reg, u64 *val)
{
	if (reg >= UNWIND_NR_REGS || !(x->regs->valid & (1U << reg)))
		return false;
	*val = x->regs->regs[reg];
	return true;
}

static bool expr__branch(const Dwarf_Op *ops, u16 nops, const Dwarf_Op *op, u16 *next)
{
	/* a skip/bra operand is relative to the end of its 3-byte operation */
	u64 target = op->offset + 3 + (s16)op->number;

	for (u16 i = 0; i < nops; i++) {
		if (ops[i].offset == target) {
			*next = i;
			return true;
		}
	}
	if (nops && target > ops[nops - 1].offset) {
		*next = nops;	/* past the end */
		return true;
	}
	return false;
}

static bool expr__binary(u8 atom, u64 a, u64 b, u64 *r)
{
	switch (atom) {
	case DW_OP_and:   *r = a & b; break;
	case DW_OP_or:    *r = a | b; break;
	case DW_OP_xor:   *r = a ^ b; break;
	case DW_OP_plus:  *r = a + b; break;
	case DW_OP_minus: *r = a - b; break;
	case DW_OP_mul:   *r = a * b; break;
	case DW_OP_shl:   *r = b < 64 ? a << b : 0; break;
	case DW_OP_shr:   *r = b < 64 ? a >> b : 0; break;
	case DW_OP_shra:  *r = (u64)((s64)a >> (b < 64 ? b : 63)); break;
	case DW_OP_div:
		if (!b || ((s64)a == INT64_MIN && (s64)b == -1))
			return false;
		*r = (u64)((s64)a / (s64)b);
		break;
	case DW_OP_mod:
		if (!b)
			return false;
		*r = a % b;
		break;
	case DW_OP_eq: *r = a == b; break;
	case DW_OP_ne: *r = a != b; break;
	case DW_OP_ge: *r = (s64)a >= (s64)b; break;
	case DW_OP_gt: *r = (s64)a > (s64)b; break;
	case DW_OP_le: *r = (s64)a <= (s64)b; break;
	case DW_OP_lt: *r = (s64)a < (s64)b; break;
	default:
		return false;
	}
	return true;
}

/* Evaluate a CFI expression; its result (the top of the stack) in *result. */
static bool expr__eval(const struct expr_ctx *x, const Dwarf_Op *ops, u16 nops, u64 *result)
{
	u64 stack[EXPR_STACK], a, b;
	int sp = 0;
	u16 i = 0, steps = 0;

#define PUSH(v) do { u64 v_ = (v); if (sp == EXPR_STACK) return false; stack[sp++] = v_; } while (0)
#define POP(v)  do { if (!sp) return false; (v) = stack[--sp]; } while (0)
	while (i < nops) {
		const Dwarf_Op *op = &ops[i++];
		u8 atom = op->atom;

		if (++steps > 1024)	/* branches may loop */
			return false;
		if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) {
			PUSH(atom - DW_OP_lit0);
		} else if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31) {
			if (!expr__reg(x, atom - DW_OP_breg0, &a))
				return false;
			PUSH(a + op->number);
		} else {
			switch (atom) {
			case DW_OP_addr:
			case DW_OP_const1u: case DW_OP_const1s:
			case DW_OP_const2u: case DW_OP_const2s:
			case DW_OP_const4u: case DW_OP_const4s:
			case DW_OP_const8u: case DW_OP_const8s:
			case DW_OP_constu: case DW_OP_consts:
				PUSH(op->number);
				break;
			case DW_OP_bregx:
				if (!expr__reg(x, op->number, &a))
					return false;
				PUSH(a + op->number2);
				break;
			case DW_OP_call_frame_cfa:
				if (!x->has_cfa)
					return false;
				PUSH(x->cfa);
				break;
			case DW_OP_dup:
				if (!sp)
					return false;
				PUSH(stack[sp - 1]);
				break;
			case DW_OP_drop:
				POP(a);
				break;
			case DW_OP_over:
				if (sp < 2)
					return false;
				PUSH(stack[sp - 2]);
				break;
			case DW_OP_pick:
				if (op->number >= (u64)sp)
					return false;
				PUSH(stack[sp - 1 - op->number]);
				break;
			case DW_OP_swap:
				POP(a);
				POP(b);
				PUSH(a);
				PUSH(b);
				break;
			case DW_OP_rot:
				if (sp < 3)
					return false;
				a = stack[sp - 1];
				stack[sp - 1] = stack[sp - 2];
				stack[sp - 2] = stack[sp - 3];
				stack[sp - 3] = a;
				break;
			case DW_OP_deref:
			case DW_OP_deref_size:
				POP(a);
				if (!stack__read(x->st, a, &b))
					return false;
				if (atom == DW_OP_deref_size && op->number < 8)
					b &= (1ULL << (op->number * 8)) - 1;
				PUSH(b);
				break;
			case DW_OP_abs:
				POP(a);
				PUSH((s64)a < 0 ? -a : a);
				break;
			case DW_OP_neg:
				POP(a);
				PUSH(-a);
				break;
			case DW_OP_not:
				POP(a);
				PUSH(~a);
				break;
			case DW_OP_plus_uconst:
				POP(a);
				PUSH(a + op->number);
				break;
			case DW_OP_skip:
				if (!expr__branch(ops, nops, op, &i))
					return false;
				break;
			case DW_OP_bra:
				POP(a);
				if (a && !expr__branch(ops, nops, op, &i))
					return false;
				break;
			case DW_OP_nop:
				break;
			default:
				POP(b);
				POP(a);
				if (!expr__binary(atom, a, b, &a))
					return false;
				PUSH(a);
				break;
			}
		}
	}
#undef PUSH
#undef POP
	if (!sp)
		return false;
	*result = stack[sp - 1];
	return true;
}

/* The result of one step. */
enum step_result {
	STEP_END,	/* no caller (undefined return address) or it cannot be found */
	STEP_OK,
};

/* One step with the CFI row of the frame: the caller's registers in *caller. */
static enum step_result step_cfi(const struct unwind_regs *regs, const struct cfi_row *row,
				 const Dwarf_Op *ops, const struct stack_copy *st,
				 struct unwind_regs *caller)
{
	struct expr_ctx x = { .regs = regs, .st = st };

	if (!expr__eval(&x, ops + row->cfa.ops, row->cfa.nops, &x.cfa))
		return STEP_END;
	x.has_cfa = true;
	caller->valid = 0;
	for (int i = 0; i < UNWIND_NR_REGS; i++) {
		const struct cfi_rule *r = &row->regs[i];
		u64 val;

		switch (r->kind) {
		case CFI_RULE_SAME:
			if (!(regs->valid & (1U << i)))
				continue;
			val = regs->regs[i];
			break;
		case CFI_RULE_LOC:
			if (!expr__eval(&x, ops + r->ops, r->nops, &val) || !stack__read(st, val, &val))
				continue;
			break;
		case CFI_RULE_VAL:
			if (!expr__eval(&x, ops + r->ops, r->nops, &val))
				continue;
			break;
		case CFI_RULE_REG:
			if (!expr__reg(&x, r->ops, &val))
				continue;
			break;
		default:
			continue;
		}
		caller->regs[i] = val;
		caller->valid |= 1U << i;
	}
	/* the caller's stack pointer is the CFA unless the CFI says otherwise */
	if (row->regs[UNWIND_REG_SP].kind == CFI_RULE_SAME ||
	    row->regs[UNWIND_REG_SP].kind == CFI_RULE_UNDEF) {
		caller->regs[UNWIND_REG_SP] = x.cfa;
		caller->valid |= 1U << UNWIND_REG_SP;
	}
	if (!(caller->valid & (1U << row->ra)))
		return STEP_END;
	caller->regs[UNWIND_REG_RA] = caller->regs[row->ra];
	caller->valid |= 1U << UNWIND_REG_RA;
	return STEP_OK;
}

/*
 * No CFI for the address: libunwind's guess for x86_64, a frame-pointer
 * frame, trusted only when the frame pointer is a little above the stack
 * pointer.
 */
static enum step_result step_fp(const struct unwind_regs *regs, const struct stack_copy *st,
				struct unwind_regs *caller)
{
	u64 fp = regs->regs[UNWIND_REG_FP], sp = regs->regs[UNWIND_REG_SP];

	if (!(regs->valid & (1U << UNWIND_REG_FP)) || !fp || fp < sp || fp - sp > 0x4000)
		return STEP_END;
	if (!stack__read(st, fp, &caller->regs[UNWIND_REG_FP]) ||
	    !stack__read(st, fp + 8, &caller->regs[UNWIND_REG_RA]))
		return STEP_END;
	caller->regs[UNWIND_REG_SP] = fp + 16;
	caller->valid = (1U << UNWIND_REG_FP) | (1U << UNWIND_REG_SP) | (1U << UNWIND_REG_RA);
	return STEP_OK;
}

/* A frame being unwound: where it is, and the CFI row that says how to find its caller. */
struct frame {
	struct unwind_regs	regs;		/* regs[UNWIND_REG_RA] is the frame's pc */
	u64			lookup;		/* pc, or pc - 1 after a call: its CFI, its address shown */
	struct addr_location	al;		/* lookup resolved */
	struct cfi_row		row;
	const Dwarf_Op		*ops;
	bool			has_row;
	bool			has_cfi;	/* its DSO has CFI (elsewhere) */
};

/* Resolve the frame's lookup address and find its CFI row. */
static void frame__find_cfi(struct frame *f, struct thread *thread)
{
	const struct cfi_row *row = NULL;
	struct dso *dso;

	thread__resolve(thread, PERF_RECORD_MISC_USER, f->lookup, &f->al);
	f->has_row = f->has_cfi = false;
	dso = f->al.map ? f->al.dso : NULL;
	if (!dso || (dso->kind != DSO_KIND_USER && dso->kind != DSO_KIND_VDSO))
		return;
	if (!dso->loaded)
		dso__load(dso);		/* the program headers, for the ELF address */
	row = dso__cfi_row(dso, dso__offset_to_vaddr(dso, map__map_ip(f->al.map, f->lookup)), &f->ops);
	if (row) {
		f->row = *row;
		f->has_row = true;
	}
	f->has_cfi = row || dso__has_cfi(dso);
}

int unwind__get_entries(struct machine *machine, struct thread *thread,
			const struct perf_sample *sample, int max_stack,
			unwind_entry_cb_t cb, void *arg)
{
	struct stack_copy st;
	struct frame frames[2], *cur = &frames[0], *next = &frames[1], *tmp;
	int n = 0, ret;

	(void)machine;
	if (max_stack <= 0 || !unwind__sample_has_stack(sample))
		return 0;
	if (unwind_arch__sample_regs(&sample->user_regs, &cur->regs)) {
		/* not unwindable (a 32-bit process): the ip alone */
		u64 ip = unwind_arch__sample_ip(&sample->user_regs);
		struct addr_location al;

		if (!ip)
			return 0;
		thread__resolve(thread, PERF_RECORD_MISC_USER, ip, &al);
		ret = cb(ip, &al, arg);
		return ret < 0 ? ret : 1;
	}
	st.start = cur->regs.regs[UNWIND_REG_SP];
	st.end = st.start + sample->user_stack.size;
	st.data = sample->user_stack.data;
	if (st.end < st.start)
		st.end = UINT64_MAX;

	/* the interrupted instruction: exact */
	cur->lookup = cur->regs.regs[UNWIND_REG_RA];
	if (!cur->lookup)
		return 0;
	frame__find_cfi(cur, thread);
	for (;;) {
		u64 pc = cur->regs.regs[UNWIND_REG_RA], new_pc;
		enum step_result r;

		ret = cb(cur->lookup, &cur->al, arg);
		if (ret)
			return ret < 0 ? ret : n;
		if (++n >= max_stack)
			break;
		if (cur->has_row)
			r = step_cfi(&cur->regs, &cur->row, cur->ops, &st, &next->regs);
		else if (cur->has_cfi)
			r = step_fp(&cur->regs, &st, &next->regs);
		else
			r = STEP_END;
		if (r != STEP_OK)
			break;
		new_pc = next->regs.regs[UNWIND_REG_RA];
		/*
		 * The end of the chain, or no progress. A zero return address from
		 * the frame-pointer guess is not the end for libunwind: upstream shows
		 * it, less one, as an unknown frame (ffffffffffffffff) and stops there.
		 */
		if ((!new_pc && cur->has_row) ||
		    (new_pc == pc && next->regs.regs[UNWIND_REG_SP] == cur->regs.regs[UNWIND_REG_SP]))
			break;
		/* a return address is after its call, except into an interrupted frame */
		next->lookup = cur->has_row && cur->row.signal ? new_pc : new_pc - 1;
		frame__find_cfi(next, thread);
		tmp = cur;
		cur = next;
		next = tmp;
	}
	return n;
}
