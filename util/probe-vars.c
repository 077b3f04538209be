// SPDX-License-Identifier: GPL-2.0
/*
 * The probe finder's variables: where a variable is at an address (frame
 * base, registers, location lists), its member chains, types and bitfields
 * as tracefs fetch arguments, $params and $vars, and the -V listing.
 */
#include "probe-finder.h"
#include "probe-finder-int.h"
#include "dwarf-aux.h"
#include "probe-event.h"
#include "probe-symbols.h"
#include "debug.h"
#include "strbuf.h"
#include <dwarf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

/* x86-64 DWARF register numbers to tracefs names. */
static const char *const x86_64_regs[] = {
	"%ax", "%dx", "%cx", "%bx", "%si", "%di", "%bp", "%sp",
	"%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15", "%ip",
};

const char *regname(unsigned int regno)
{
	return regno < ARRAY_SIZE(x86_64_regs) ? x86_64_regs[regno] : NULL;
}

/* ---- variables and fetch arguments ---- */

/*
 * Where a value lives while we walk a member chain: either in memory at
 * base + off (base a register name, a fetch expression holding a pointer,
 * or a static address), or directly in a register/expression.
 */
struct vloc {
	struct strbuf base;	/* "%bp", "+0(-24(%bp))", "" for static */
	bool is_addr;
	bool is_static;		/* memory at static address `addr` + off */
	u64 addr;
	long off;
};

static void vloc__release(struct vloc *v)
{
	strbuf_release(&v->base);
}

/* The fetch argument for the value stored at a memory location. */
static int static_ref(struct debuginfo *dbg, u64 addr, struct strbuf *out)
{
	if (dbg->uprobes) {
		u64 off;

		if (!dbg->elf || probe_elf__vaddr_to_offset(dbg->elf, addr, &off)) {
			pr_warning("Failed to find the file offset of the static address 0x%" PRIx64 "\n", addr);
			return -ENOENT;
		}
		strbuf_addf(out, "@+0x%" PRIx64, off);
	} else {
		strbuf_addf(out, "@0x%" PRIx64, addr);
	}
	return 0;
}

/* Append the fetch expression for the value of v (loading memory when v is an address). */
static int vloc__value(struct debuginfo *dbg, const struct vloc *v, struct strbuf *out)
{
	if (v->is_static)
		return static_ref(dbg, v->addr + v->off, out);
	if (!v->is_addr) {
		strbuf_addstr(out, v->base.buf);
		return 0;
	}
	strbuf_addf(out, "%+ld(%s)", v->off, v->base.buf);
	return 0;
}

/* Make v point at the memory its current value points to, plus off (a "->" or "*"). */
static int vloc__deref(struct debuginfo *dbg, struct vloc *v, long off)
{
	struct strbuf val = STRBUF_INIT;
	int ret = vloc__value(dbg, v, &val);

	if (ret)
		return ret;
	strbuf_release(&v->base);
	v->base = val;
	v->is_addr = true;
	v->is_static = false;
	v->off = off;
	return 0;
}

/* The frame base of the function around addr, as a register + offset. */
static int frame_base(struct debuginfo *dbg, Dwarf_Die *scopes, int nscopes, Dwarf_Addr addr,
		      unsigned int *reg, long *off)
{
	Dwarf_Attribute attr;
	Dwarf_Op *ops;
	size_t nops;

	for (int i = 0; i < nscopes; i++) {
		/* inlined copies list their abstract origin too: it has no frame base */
		if (dwarf_tag(&scopes[i]) != DW_TAG_subprogram ||
		    !dwarf_attr(&scopes[i], DW_AT_frame_base, &attr))
			continue;
		if (dwarf_getlocation_addr(&attr, addr, &ops, &nops, 1) != 1 || nops < 1)
			break;
		if (ops[0].atom == DW_OP_call_frame_cfa) {
			Dwarf_CFI *cfis[2] = { dwarf_getcfi(dbg->dw), dbg->cfi_eh };

			for (int k = 0; k < 2; k++) {
				Dwarf_Frame *frame;
				Dwarf_Op *cops;
				size_t ncops;

				if (!cfis[k] || dwarf_cfi_addrframe(cfis[k], addr, &frame))
					continue;
				if (dwarf_frame_cfa(frame, &cops, &ncops) == 0 && ncops == 1 &&
				    cops[0].atom == DW_OP_bregx) {
					*reg = (unsigned int)cops[0].number;
					*off = (long)cops[0].number2;
					free(frame);
					return 0;
				}
				if (dwarf_frame_cfa(frame, &cops, &ncops) == 0 && ncops == 1 &&
				    cops[0].atom >= DW_OP_breg0 && cops[0].atom <= DW_OP_breg31) {
					*reg = cops[0].atom - DW_OP_breg0;
					*off = (long)cops[0].number;
					free(frame);
					return 0;
				}
				free(frame);
			}
			pr_warning("Failed to get call frame on 0x%" PRIx64 "\n", (u64)addr);
			return -ENOENT;
		}
		if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
			*reg = ops[0].atom - DW_OP_breg0;
			*off = (long)ops[0].number;
			return 0;
		}
		if (ops[0].atom == DW_OP_bregx) {
			*reg = (unsigned int)ops[0].number;
			*off = (long)ops[0].number2;
			return 0;
		}
		break;
	}
	pr_warning("The frame base of the function at 0x%" PRIx64 " is not supported.\n", (u64)addr);
	return -ENOTSUP;
}

/* The location of variable vr at addr. -ENOENT when optimized out there. */
static int var_location(struct debuginfo *dbg, Dwarf_Die *vr, Dwarf_Die *scopes, int nscopes,
			Dwarf_Addr addr, struct vloc *v)
{
	Dwarf_Attribute attr;
	Dwarf_Op *ops;
	size_t nops;
	unsigned int reg;
	long off;
	const char *r;

	if (!dwarf_attr(vr, DW_AT_location, &attr))
		return -ENOENT;
	if (dwarf_getlocation_addr(&attr, addr, &ops, &nops, 1) != 1 || nops == 0)
		return -ENOENT;
	if (nops > 1 && !(nops == 2 && ops[1].atom == DW_OP_GNU_push_tls_address))
		return -ENOTSUP;
	switch (ops[0].atom) {
	case DW_OP_addr:
		v->is_addr = true;
		v->is_static = true;
		v->addr = ops[0].number;
		return 0;
	case DW_OP_fbreg:
		if (frame_base(dbg, scopes, nscopes, addr, &reg, &off))
			return -ENOENT;
		if (!(r = regname(reg)))
			return -ENOTSUP;
		strbuf_addstr(&v->base, r);
		v->is_addr = true;
		v->off = off + (long)ops[0].number;
		return 0;
	case DW_OP_bregx:
		reg = (unsigned int)ops[0].number;
		off = (long)ops[0].number2;
		goto breg;
	case DW_OP_regx:
		reg = (unsigned int)ops[0].number;
		goto regs;
	default:
		break;
	}
	if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
		reg = ops[0].atom - DW_OP_breg0;
		off = (long)ops[0].number;
breg:
		if (!(r = regname(reg)))
			return -ENOTSUP;
		strbuf_addstr(&v->base, r);
		v->is_addr = true;
		v->off = off;
		return 0;
	}
	if (ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31) {
		reg = ops[0].atom - DW_OP_reg0;
regs:
		if (!(r = regname(reg)))
			return -ENOTSUP;
		strbuf_addstr(&v->base, r);
		v->is_addr = false;
		return 0;
	}
	return -ENOTSUP;
}

/* Find a variable or parameter named name visible in the scopes (innermost first). */
static bool find_var_in_scopes(Dwarf_Die *scopes, int nscopes, const char *name, Dwarf_Die *out)
{
	for (int i = 0; i < nscopes; i++) {
		Dwarf_Die child;
		int tag = dwarf_tag(&scopes[i]);

		if (dwarf_child(&scopes[i], &child) == 0) {
			do {
				int ct = dwarf_tag(&child);

				if ((ct == DW_TAG_variable || ct == DW_TAG_formal_parameter) &&
				    !strcmp(die_name(&child), name)) {
					*out = child;
					return true;
				}
			} while (dwarf_siblingof(&child, &child) == 0);
		}
		/* after the function, only the compilation unit's globals */
		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			for (int j = i + 1; j < nscopes; j++)
				if (dwarf_tag(&scopes[j]) == DW_TAG_compile_unit)
					return find_var_in_scopes(&scopes[j], 1, name, out);
			return false;
		}
	}
	return false;
}

/* A global variable named name in any CU (extern declarations resolve to their definition). */
static bool find_global_var(struct debuginfo *dbg, const char *name, Dwarf_Die *out)
{
	Dwarf_Off off = 0;
	Dwarf_Die cu, child;

	while (cu_next(dbg->dw, &off, &cu)) {
		if (dwarf_child(&cu, &child) != 0)
			continue;
		do {
			if (dwarf_tag(&child) == DW_TAG_variable && !strcmp(die_name(&child), name) &&
			    dwarf_hasattr(&child, DW_AT_location)) {
				*out = child;
				return true;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	return false;
}

/* The basic type suffix for a (real) type DIE, or NULL when none fits. */
static const char *basic_type(Dwarf_Die *type, char *buf, size_t size)
{
	Dwarf_Die real;
	Dwarf_Attribute attr;
	Dwarf_Word enc = 0;
	long bytes;
	int tag;

	if (!die_real_type(type, &real))
		return NULL;
	tag = dwarf_tag(&real);
	bytes = die_byte_size(&real);
	if (tag == DW_TAG_pointer_type) {
		snprintf(buf, size, "x%zu", sizeof(void *) * 8);
		return buf;
	}
	if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
		return NULL;
	if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type) {
		snprintf(buf, size, "x%ld", bytes * 8);
		return buf;
	}
	if (tag == DW_TAG_enumeration_type) {
		Dwarf_Die under;

		if (die_type(&real, &under))
			return basic_type(&under, buf, size);
		snprintf(buf, size, "u%ld", bytes * 8);
		return buf;
	}
	if (tag != DW_TAG_base_type)
		return NULL;
	if (dwarf_attr(&real, DW_AT_encoding, &attr))
		dwarf_formudata(&attr, &enc);
	switch (enc) {
	case DW_ATE_signed:
	case DW_ATE_signed_char:
		snprintf(buf, size, "s%ld", bytes * 8);
		return buf;
	case DW_ATE_unsigned:
	case DW_ATE_unsigned_char:
	case DW_ATE_boolean:
		snprintf(buf, size, "u%ld", bytes * 8);
		return buf;
	default:
		snprintf(buf, size, "x%ld", bytes * 8);
		return buf;
	}
}

struct arg_ctx {
	struct debuginfo *dbg;
	Dwarf_Die *scopes;
	int nscopes;
	Dwarf_Addr addr;
	struct probe_trace_event *tev;
};

static char *sanitize_name(const char *s)
{
	char *r = xstrdup(s);

	for (char *p = r; *p; p++)
		if (!(*p == '_' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z')))
			*p = '_';
	return r;
}

/* Add an argument, making its name unique in the event (tracefs rejects duplicates). */
static void add_named_arg(struct probe_trace_event *tev, const char *name, const char *value,
			  const char *type)
{
	char *n = name ? sanitize_name(name) : NULL;

	if (n) {
		for (int suffix = 1;; suffix++) {
			bool dup = false;

			for (int i = 0; i < tev->nargs && !dup; i++)
				dup = tev->args[i].name && !strcmp(tev->args[i].name, n);
			if (!dup)
				break;
			free(n);
			n = xasprintf("%s_%d", name, suffix);
		}
	}
	probe_trace_event__add_arg(tev, n, value, type);
	free(n);
}

/* Convert one DWARF-resolved variable with its member chain into a fetch argument. */
static int convert_var(struct arg_ctx *ac, Dwarf_Die *vr, struct perf_probe_arg *pa, const char *name)
{
	struct vloc v = { .base = STRBUF_INIT };
	struct strbuf val = STRBUF_INIT;
	Dwarf_Die type, real;
	char tbuf[32];
	const char *type_str = NULL;
	char *bitfield = NULL;
	int ret;

	ret = var_location(ac->dbg, vr, ac->scopes, ac->nscopes, ac->addr, &v);
	if (ret) {
		if (ret == -ENOTSUP)
			pr_err("Sorry, the location of the '%s' variable at this address is not supported.\n",
			       pa->var);
		else
			pr_err("Failed to find the location of the '%s' variable at this address.\n"
			       " Perhaps it has been optimized out.\n"
			       " Use -V with the --range option to show '%s' location range.\n",
			       pa->var, pa->var);
		goto out;
	}
	if (!die_type(vr, &type)) {
		pr_err("Failed to get the type of %s.\n", pa->var);
		ret = -ENOENT;
		goto out;
	}
	for (struct perf_probe_arg_field *f = pa->field; f; f = f->next) {
		int tag;

		if (!die_real_type(&type, &real)) {
			pr_err("%s: cannot access a member of a void value.\n", pa->var);
			ret = -EINVAL;
			goto out;
		}
		tag = dwarf_tag(&real);
		if (!f->name) {	/* [index] */
			Dwarf_Die elem;
			long esize;

			if (tag != DW_TAG_array_type && tag != DW_TAG_pointer_type) {
				pr_err("%s is not an array nor a pointer: cannot use [%ld].\n", pa->var, f->index);
				ret = -EINVAL;
				goto out;
			}
			if (!die_type(&real, &elem) || (esize = die_byte_size(&elem)) <= 0) {
				pr_err("Failed to get the element size of %s.\n", pa->var);
				ret = -EINVAL;
				goto out;
			}
			if (tag == DW_TAG_pointer_type)
				ret = vloc__deref(ac->dbg, &v, f->index * esize);
			else if (!v.is_addr)
				ret = -EINVAL;
			else
				v.off += f->index * esize;
			if (ret)
				goto out;
			type = elem;
			continue;
		}
		if (tag != DW_TAG_pointer_type && tag != DW_TAG_structure_type && tag != DW_TAG_union_type) {
			pr_err("%s is not a data structure nor a union.\n", pa->var);
			ret = -EINVAL;
			goto out;
		}
		if (tag == DW_TAG_pointer_type) {
			Dwarf_Die pointee;

			if (!f->ref) {
				pr_err("Semantic error: %s must be referred by '->'\n", f->name);
				ret = -EINVAL;
				goto out;
			}
			if (!die_type(&real, &pointee) || !die_real_type(&pointee, &real)) {
				pr_err("%s is a pointer to void: cannot access '%s'.\n", pa->var, f->name);
				ret = -EINVAL;
				goto out;
			}
			tag = dwarf_tag(&real);
			ret = vloc__deref(ac->dbg, &v, 0);
			if (ret)
				goto out;
		} else if (f->ref) {
			pr_err("Semantic error: %s must be referred by '.'\n", f->name);
			ret = -EINVAL;
			goto out;
		}
		if (tag != DW_TAG_structure_type && tag != DW_TAG_union_type) {
			pr_err("%s is not a data structure nor a union.\n", pa->var);
			ret = -EINVAL;
			goto out;
		}
		{
			Dwarf_Die member;
			long bit_off;
			int bit_size;

			if (!die_find_member(&real, f->name, &member, &bit_off)) {
				pr_err("%s(type:%s) has no member %s.\n", pa->var, die_name(&real), f->name);
				ret = -EINVAL;
				goto out;
			}
			if (!v.is_addr) {
				pr_err("%s is in a register: members of it cannot be fetched.\n", pa->var);
				ret = -EINVAL;
				goto out;
			}
			if (!die_type(&member, &type)) {
				ret = -EINVAL;
				goto out;
			}
			bit_size = dwarf_bitsize(&member);
			zfree(&bitfield);
			if (bit_size > 0) {
				long csize = die_byte_size(&type);
				long cbits, start;

				if (csize <= 0 || csize > 8)
					csize = 4;
				cbits = csize * 8;
				start = bit_off / cbits * cbits;
				if (bit_off + bit_size > start + cbits) {
					pr_err("The bitfield %s straddles its storage unit.\n", f->name);
					ret = -ENOTSUP;
					goto out;
				}
				v.off += start / 8;
				bitfield = xasprintf("b%d@%ld/%ld", bit_size, bit_off - start, cbits);
			} else {
				v.off += bit_off / 8;
			}
		}
	}

	/* the type of the result */
	if (pa->type && (!strcmp(pa->type, "string") || !strcmp(pa->type, "ustring"))) {
		Dwarf_Die elem;
		int tag = die_real_type(&type, &real) ? dwarf_tag(&real) : 0;

		if ((tag != DW_TAG_pointer_type && tag != DW_TAG_array_type) ||
		    !die_type(&real, &elem) || !die_is_char(&elem)) {
			struct strbuf tn = STRBUF_INIT;

			die_typename(&type, &tn);
			pr_err("Failed to cast into string: %s(%s) is not a pointer nor array.\n",
			       pa->var, tn.buf);
			strbuf_release(&tn);
			ret = -EINVAL;
			goto out;
		}
		if (tag == DW_TAG_pointer_type)
			ret = vloc__deref(ac->dbg, &v, 0);
		if (!ret && v.is_static) {
			pr_err("Sorry, a string in a static array (%s) cannot be fetched.\n", pa->var);
			ret = -ENOTSUP;
		}
		if (ret)
			goto out;
		type_str = pa->type;
	} else if (pa->type) {
		type_str = pa->type;
	} else if (bitfield) {
		type_str = bitfield;
	} else {
		type_str = basic_type(&type, tbuf, sizeof(tbuf));
	}
	ret = vloc__value(ac->dbg, &v, &val);
	if (ret)
		goto out;
	add_named_arg(ac->tev, name, val.buf, type_str);
out:
	free(bitfield);
	strbuf_release(&val);
	vloc__release(&v);
	return ret;
}

/* Every parameter (and, for $vars, local) visible at the address, in declaration order. */
static int expand_vars(struct arg_ctx *ac, bool params_only)
{
	int found = 0;

	for (int i = 0; i < ac->nscopes; i++) {
		Dwarf_Die child;
		int tag = dwarf_tag(&ac->scopes[i]);

		if (tag == DW_TAG_compile_unit)
			break;
		if (params_only && tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine)
			continue;
		if (dwarf_child(&ac->scopes[i], &child) == 0) {
			do {
				int ct = dwarf_tag(&child);
				struct perf_probe_arg pa = { 0 };
				int save = verbose;

				if (ct != DW_TAG_formal_parameter && (params_only || ct != DW_TAG_variable))
					continue;
				pa.var = (char *)die_name(&child);
				if (!*pa.var)
					continue;
				verbose = -1;	/* variables optimized out here are skipped quietly */
				if (convert_var(ac, &child, &pa, pa.var) == 0)
					found++;
				verbose = save;
			} while (dwarf_siblingof(&child, &child) == 0);
		}
		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine)
			break;
	}
	return found;
}

static int convert_args(struct arg_ctx *ac, struct perf_probe_event *pev)
{
	for (int i = 0; i < pev->nargs; i++) {
		struct perf_probe_arg *pa = &pev->args[i];
		Dwarf_Die vr;
		char *name;
		int ret;

		if (!strcmp(pa->var, "$params") || !strcmp(pa->var, "$vars")) {
			if (pev->point.retprobe) {
				add_named_arg(ac->tev, pa->name, pa->var, NULL);
				continue;
			}
			expand_vars(ac, !strcmp(pa->var, "$params"));
			continue;
		}
		if (perf_probe_arg_is_raw(pa)) {
			add_named_arg(ac->tev, pa->name, pa->var, pa->type);
			continue;
		}
		if (pev->point.retprobe) {
			pr_err("Semantic error :You can't specify local variable for kretprobe.\n");
			return -EINVAL;
		}
		if (!find_var_in_scopes(ac->scopes, ac->nscopes, pa->var, &vr) &&
		    !find_global_var(ac->dbg, pa->var, &vr)) {
			pr_err("Failed to find the location of the '%s' variable at this address.\n"
			       " Perhaps it has been optimized out.\n"
			       " Use -V with the --range option to show '%s' location range.\n",
			       pa->var, pa->var);
			return -ENOENT;
		}
		name = perf_probe_arg__default_name(pa);
		ret = convert_var(ac, &vr, pa, name);
		free(name);
		if (ret)
			return ret;
	}
	return 0;
}

/* The symbol-relative name of an address: the outermost function containing it. */
static void outer_func(Dwarf_Die *scopes, int n, const char **name, Dwarf_Addr *entry)
{
	*name = NULL;
	*entry = 0;
	for (int i = 0; i < n; i++) {
		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram) {
			*name = die_name(&scopes[i]);
			*entry = die_entry(&scopes[i]);
		}
	}
}

int debuginfo__find_trace_events(struct debuginfo *dbg, struct perf_probe_event *pev,
				 struct probe_trace_event **tevs)
{
	struct addr_list al = { 0 };
	struct probe_trace_event *out = NULL;
	bool need_skip = false;
	int ret, n = 0;

	for (int i = 0; i < pev->nargs; i++)
		if (!perf_probe_arg_is_raw(&pev->args[i]))
			need_skip = true;
	ret = find_probe_addrs(dbg, pev, &al, need_skip);
	if (ret < 0)
		goto out;
	if (al.nr == 0) {
		ret = 0;	/* the caller may look elsewhere (symbol aliases) */
		goto out;
	}
	out = xcalloc(al.nr, sizeof(*out));
	for (size_t i = 0; i < al.nr; i++) {
		struct probe_addr *pa = &al.v[i];
		struct probe_trace_event *tev = &out[n++];
		struct arg_ctx ac = { .dbg = dbg, .addr = pa->addr, .tev = tev };

		tev->point.vaddr = pa->addr;
		tev->point.retprobe = pa->retprobe;
		tev->point.realname = pa->funcname ? xstrdup(pa->funcname) : NULL;
		tev->point.rel_line = pa->rel_line;
		tev->uprobes = dbg->uprobes;
		ac.nscopes = die_get_scopes(&pa->cu, pa->addr, &ac.scopes);
		if (ac.nscopes < 0)
			ac.nscopes = 0;
		ret = convert_args(&ac, pev);
		free(ac.scopes);
		if (ret)
			goto out;
	}
	ret = n;
	*tevs = out;
	out = NULL;
out:
	if (out)
		clear_probe_trace_events(out, n);
	free(out);
	addr_list__clear(&al);
	return ret;
}

/* ---- -V ---- */

static int strp_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_var_text(char ***v, size_t *nr, size_t *alloc, Dwarf_Die *vr)
{
	struct strbuf sb = STRBUF_INIT;
	Dwarf_Die type;

	die_typename(die_type(vr, &type), &sb);
	strbuf_addf(&sb, "\t%s", die_name(vr));
	for (size_t i = 0; i < *nr; i++) {
		if (!strcmp((*v)[i], sb.buf)) {
			strbuf_release(&sb);
			return;
		}
	}
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = strbuf_detach(&sb, NULL);
}

static void range_text(Dwarf_Die *vr, const char *fname, Dwarf_Addr entry,
		       Dwarf_Addr func_high, struct strbuf *sb)
{
	Dwarf_Attribute attr;
	Dwarf_Addr base, start, end;
	Dwarf_Op *ops;
	size_t nops;
	ptrdiff_t off = 0;
	bool first = true;

	if (!dwarf_attr(vr, DW_AT_location, &attr))
		return;
	strbuf_addf(sb, "\t@<%s+[", fname);
	while ((off = dwarf_getlocations(&attr, off, &base, &start, &end, &ops, &nops)) > 0) {
		if (start == 0 && end == (Dwarf_Addr)-1) {
			/* one location for the whole scope */
			start = entry;
			end = func_high;
		}
		if (start < entry || end == 0)
			continue;
		strbuf_addf(sb, "%s%" PRIu64 "-%" PRIu64, first ? "" : ",", (u64)(start - entry),
			    (u64)(end - entry));
		first = false;
	}
	strbuf_addstr(sb, "]>");
}

static void show_vars_at(struct debuginfo *dbg, struct probe_addr *pa, const char *filter)
{
	Dwarf_Die *scopes = NULL;
	int n = die_get_scopes(&pa->cu, pa->addr, &scopes);
	const char *fname;
	Dwarf_Addr entry, high = 0;
	char **v = NULL;
	size_t nr = 0, alloc = 0;

	outer_func(scopes, n, &fname, &entry);
	for (int i = 0; i < n; i++)
		if (dwarf_tag(&scopes[i]) == DW_TAG_subprogram && dwarf_highpc(&scopes[i], &high))
			high = entry;
	printf("\t@<%s+%" PRIu64 ">\n", fname ? fname : "?", (u64)(pa->addr - entry));
	for (int i = 0; i < n; i++) {
		Dwarf_Die child;
		int tag = dwarf_tag(&scopes[i]);

		if (tag == DW_TAG_compile_unit && !probe_conf.show_ext_vars)
			break;
		if (dwarf_child(&scopes[i], &child) == 0) {
			do {
				int ct = dwarf_tag(&child);
				struct vloc loc = { .base = STRBUF_INIT };
				const char *name = dwarf_diename(&child);
				bool valid;

				if ((ct != DW_TAG_variable && ct != DW_TAG_formal_parameter) || !name)
					continue;
				if (filter && !probe_filter_match(filter, name))
					continue;
				valid = var_location(dbg, &child, scopes, n, pa->addr, &loc) == 0;
				vloc__release(&loc);
				if (probe_conf.show_location_range) {
					struct strbuf sb = STRBUF_INIT;
					Dwarf_Die type;

					strbuf_addstr(&sb, valid ? "[VAL]\t" : "[INV]\t");
					die_typename(die_type(&child, &type), &sb);
					strbuf_addf(&sb, "\t%s", name);
					if (tag != DW_TAG_compile_unit)
						range_text(&child, fname ? fname : "?", entry, high, &sb);
					ALLOC_GROW(v, nr + 1, alloc);
					v[nr++] = strbuf_detach(&sb, NULL);
					continue;
				}
				if (valid)
					add_var_text(&v, &nr, &alloc, &child);
			} while (dwarf_siblingof(&child, &child) == 0);
		}
		if ((tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) &&
		    !probe_conf.show_ext_vars)
			break;
		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			/* skip to the CU for the globals */
			while (i + 1 < n && dwarf_tag(&scopes[i + 1]) != DW_TAG_compile_unit)
				i++;
		}
	}
	free(scopes);
	if (nr)
		qsort(v, nr, sizeof(*v), strp_cmp);
	if (!nr)
		printf("\t\t(No matched variables)\n");
	for (size_t i = 0; i < nr; i++) {
		printf("\t\t%s\n", v[i]);
		free(v[i]);
	}
	free(v);
}

int debuginfo__show_available_vars(struct debuginfo *dbg, struct perf_probe_event *pev,
				   const char *filter)
{
	struct addr_list al = { 0 };
	struct strbuf sb = STRBUF_INIT;
	int ret;

	ret = find_probe_addrs(dbg, pev, &al, false);
	synthesize_perf_probe_point(&sb, &pev->point);
	if (ret < 0)
		goto out;
	if (al.nr == 0) {
		pr_err("Failed to find the address of %s\n", sb.buf);
		ret = -ENOENT;
		goto out;
	}
	printf("Available variables at %s\n", sb.buf);
	for (size_t i = 0; i < al.nr; i++)
		show_vars_at(dbg, &al.v[i], filter);
	ret = 0;
out:
	strbuf_release(&sb);
	addr_list__clear(&al);
	return ret;
}

