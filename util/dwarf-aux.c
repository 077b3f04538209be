// SPDX-License-Identifier: GPL-2.0
/* Small libdw helpers: names, types, scopes, compilation units, source files. */
#include "dwarf-aux.h"
#include "strbuf.h"
#include "util.h"
#include <dwarf.h>
#include <string.h>

const char *die_name(Dwarf_Die *die)
{
	const char *n = dwarf_diename(die);

	return n ? n : "";
}

/* Follow DW_AT_type. */
Dwarf_Die *die_type(Dwarf_Die *die, Dwarf_Die *mem)
{
	Dwarf_Attribute attr;

	if (!dwarf_attr_integrate(die, DW_AT_type, &attr) || !dwarf_formref_die(&attr, mem))
		return NULL;
	return mem;
}

/* Strip typedefs and qualifiers. */
Dwarf_Die *die_real_type(Dwarf_Die *type, Dwarf_Die *mem)
{
	Dwarf_Die cur = *type;

	for (int i = 0; i < 32; i++) {
		int tag = dwarf_tag(&cur);

		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
		    tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type) {
			*mem = cur;
			return mem;
		}
		if (!die_type(&cur, &cur))
			return NULL;	/* const void */
	}
	return NULL;
}

void die_typename(Dwarf_Die *type, struct strbuf *sb)
{
	Dwarf_Die t;
	int tag;

	if (!type) {
		strbuf_addstr(sb, "void");
		return;
	}
	tag = dwarf_tag(type);
	switch (tag) {
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		die_typename(die_type(type, &t), sb);
		return;
	case DW_TAG_pointer_type:
		die_typename(die_type(type, &t), sb);
		strbuf_addch(sb, '*');
		return;
	case DW_TAG_array_type:
		die_typename(die_type(type, &t), sb);
		strbuf_addstr(sb, "[]");
		return;
	case DW_TAG_structure_type:
		strbuf_addf(sb, "struct %s", die_name(type));
		return;
	case DW_TAG_union_type:
		strbuf_addf(sb, "union %s", die_name(type));
		return;
	case DW_TAG_enumeration_type:
		strbuf_addf(sb, "enum %s", die_name(type));
		return;
	case DW_TAG_subroutine_type:
		strbuf_addstr(sb, "(function_type)");
		return;
	default:
		strbuf_addstr(sb, die_name(type));
	}
}

long die_byte_size(Dwarf_Die *type)
{
	Dwarf_Word size;
	Dwarf_Die real;

	if (dwarf_tag(type) == DW_TAG_pointer_type)
		return sizeof(void *);
	if (!die_real_type(type, &real))
		return -1;
	if (dwarf_aggregate_size(&real, &size) == 0)
		return (long)size;
	return -1;
}

bool die_is_char(Dwarf_Die *type)
{
	Dwarf_Die real;
	Dwarf_Attribute attr;
	Dwarf_Word enc;

	if (!die_real_type(type, &real) || dwarf_tag(&real) != DW_TAG_base_type)
		return false;
	if (!dwarf_attr(&real, DW_AT_encoding, &attr) || dwarf_formudata(&attr, &enc))
		return false;
	return (enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char) && die_byte_size(&real) == 1;
}

/* Is the compilation unit optimized (DW_AT_producer with -O other than -O0)? */
bool cu_is_optimized(Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	const char *prod, *o, *last = NULL;

	if (!dwarf_attr(cu, DW_AT_producer, &attr) || !(prod = dwarf_formstring(&attr)))
		return false;
	for (o = prod; (o = strstr(o, " -O")) != NULL; o += 3)
		last = o + 3;
	return last && *last != '0';
}

Dwarf_Addr die_entry(Dwarf_Die *die)
{
	Dwarf_Addr a = 0;

	if (dwarf_entrypc(die, &a) && dwarf_lowpc(die, &a))
		return 0;
	return a;
}

/* The source file path of a function's declaration, as recorded. */
const char *die_decl_file(Dwarf_Die *die)
{
	const char *f = dwarf_decl_file(die);

	return f ? f : "";
}

const char *cu_comp_dir(Dwarf_Die *cu)
{
	Dwarf_Attribute attr;

	return dwarf_attr(cu, DW_AT_comp_dir, &attr) ? dwarf_formstring(&attr) : NULL;
}

/* Does a recorded source path match what the user typed (tail compare on components)? */
bool source_path_matches(const char *recorded, const char *want)
{
	size_t lr, lw;

	if (!want)
		return true;
	if (!recorded)
		return false;
	lr = strlen(recorded);
	lw = strlen(want);
	if (lw > lr)
		return false;
	if (strcmp(recorded + lr - lw, want))
		return false;
	return lw == lr || recorded[lr - lw - 1] == '/' || want[0] == '/';
}

/* Iterate compilation units. */
bool cu_next(Dwarf *dw, Dwarf_Off *off, Dwarf_Die *cu)
{
	Dwarf_Off next;
	size_t hsize;

	while (dwarf_nextcu(dw, *off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Off die_off = *off + hsize;

		*off = next;
		if (dwarf_offdie(dw, die_off, cu))
			return true;
	}
	return false;
}

bool cu_has_file(Dwarf_Die *cu, const char *file)
{
	Dwarf_Files *files;
	size_t n;

	if (!file)
		return true;
	if (source_path_matches(dwarf_diename(cu), file))
		return true;
	if (dwarf_getsrcfiles(cu, &files, &n))
		return false;
	for (size_t i = 0; i < n; i++)
		if (source_path_matches(dwarf_filesrc(files, i, NULL, NULL), file))
			return true;
	return false;
}

/*
 * The DIEs containing addr, innermost first, ending with the CU: lexical
 * blocks, inlined copies and the real function around them (libdw's
 * dwarf_getscopes() leaves the caller out for inlined code, and we need its
 * frame base).
 */
int die_get_scopes(Dwarf_Die *cu, Dwarf_Addr addr, Dwarf_Die **out)
{
	Dwarf_Die *v = NULL, parent = *cu, child;
	size_t nr = 0, alloc = 0;

	for (int depth = 0; depth < 64; depth++) {
		bool found = false;

		if (dwarf_child(&parent, &child) != 0)
			break;
		do {
			int tag = dwarf_tag(&child);

			if ((tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block ||
			     tag == DW_TAG_inlined_subroutine || tag == DW_TAG_namespace ||
			     tag == DW_TAG_try_block || tag == DW_TAG_catch_block) &&
			    (tag == DW_TAG_namespace || dwarf_haspc(&child, addr) == 1)) {
				if (tag != DW_TAG_namespace) {
					ALLOC_GROW(v, nr + 1, alloc);
					v[nr++] = child;
				}
				parent = child;
				found = true;
				break;
			}
		} while (dwarf_siblingof(&child, &child) == 0);
		if (!found)
			break;
	}
	ALLOC_GROW(v, nr + 1, alloc);
	v[nr++] = *cu;
	/* innermost first */
	for (size_t i = 0, j = nr - 2; nr >= 2 && i < j; i++, j--) {
		Dwarf_Die t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
	*out = v;
	return (int)nr;
}

/* The CU's comp_dir joined with a recorded source path. */
char *cu_source_path(Dwarf_Die *cu, const char *src)
{
	const char *dir = cu_comp_dir(cu);

	if (!src)
		return NULL;
	if (src[0] == '/' || !dir)
		return xstrdup(src);
	return xasprintf("%s/%s", dir, src);
}

/* The recorded file name of a line row matching user text, for a CU. */
const char *cu_find_file(Dwarf_Die *cu, const char *want)
{
	Dwarf_Files *files;
	size_t n;

	if (dwarf_getsrcfiles(cu, &files, &n))
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const char *f = dwarf_filesrc(files, i, NULL, NULL);

		if (f && source_path_matches(f, want))
			return f;
	}
	return NULL;
}

/* Find member name in a struct/union type (anonymous members searched too). Returns its byte offset. */
bool die_find_member(Dwarf_Die *st, const char *name, Dwarf_Die *out, long *bit_off)
{
	Dwarf_Die child;

	if (dwarf_child(st, &child) != 0)
		return false;
	do {
		Dwarf_Attribute attr;
		Dwarf_Word w;
		long base = 0;
		const char *n;

		if (dwarf_tag(&child) != DW_TAG_member)
			continue;
		if (dwarf_attr(&child, DW_AT_data_bit_offset, &attr) && !dwarf_formudata(&attr, &w)) {
			base = (long)w;
		} else if (dwarf_attr(&child, DW_AT_data_member_location, &attr)) {
			Dwarf_Op *ops;
			size_t nops;

			if (!dwarf_formudata(&attr, &w))
				base = (long)w * 8;
			else if (!dwarf_getlocation(&attr, &ops, &nops) && nops == 1 &&
				 ops[0].atom == DW_OP_plus_uconst)
				base = (long)ops[0].number * 8;
		}
		n = dwarf_diename(&child);
		if (n && !strcmp(n, name)) {
			*out = child;
			*bit_off = base;
			return true;
		}
		if (!n) {
			Dwarf_Die t, rt;
			long inner;

			if (die_type(&child, &t) && die_real_type(&t, &rt) &&
			    (dwarf_tag(&rt) == DW_TAG_structure_type || dwarf_tag(&rt) == DW_TAG_union_type) &&
			    die_find_member(&rt, name, out, &inner)) {
				*bit_off = base + inner;
				return true;
			}
		}
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

