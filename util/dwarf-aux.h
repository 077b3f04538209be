/* SPDX-License-Identifier: GPL-2.0 */
/* Small libdw helpers for the probe finder: names, types, scopes, units, source files. */
#ifndef PERF_DWARF_AUX_H
#define PERF_DWARF_AUX_H

#include <elfutils/libdw.h>
#include <stdbool.h>

struct strbuf;

/* The DIE's name (following abstract origins), "" when it has none. */
const char *die_name(Dwarf_Die *die);
/* DW_AT_type into mem, or NULL (void). */
Dwarf_Die *die_type(Dwarf_Die *die, Dwarf_Die *mem);
/* The type without typedefs and qualifiers into mem, or NULL (void). */
Dwarf_Die *die_real_type(Dwarf_Die *type, Dwarf_Die *mem);
/* "long int", "char*", "struct probe_item", "int[]" (qualifiers dropped, as upstream). */
void die_typename(Dwarf_Die *type, struct strbuf *sb);
/* The size of a type in bytes, -1 when unknown. */
long die_byte_size(Dwarf_Die *type);
/* A one-byte character type (for :string)? */
bool die_is_char(Dwarf_Die *type);
/* Was the unit compiled with optimization (-O other than -O0 in DW_AT_producer)? */
bool cu_is_optimized(Dwarf_Die *cu);
/* The entry address of a function or inlined copy, 0 when unknown. */
Dwarf_Addr die_entry(Dwarf_Die *die);
/* The declaration's source file as recorded, "" when unknown. */
const char *die_decl_file(Dwarf_Die *die);
const char *cu_comp_dir(Dwarf_Die *cu);
/* Does a recorded source path match what the user typed (whole trailing components)? */
bool source_path_matches(const char *recorded, const char *want);
/* Iterate the compilation units: *off starts at 0. */
bool cu_next(Dwarf *dw, Dwarf_Off *off, Dwarf_Die *cu);
/* Does the unit have a source file matching file (NULL: any)? */
bool cu_has_file(Dwarf_Die *cu, const char *file);
/*
 * The DIEs containing addr, innermost first, ending with the unit (allocated,
 * caller frees): blocks, inlined copies and the real function around them.
 */
int die_get_scopes(Dwarf_Die *cu, Dwarf_Addr addr, Dwarf_Die **out);
/* The unit's comp_dir joined with a recorded source path (allocated). */
char *cu_source_path(Dwarf_Die *cu, const char *src);
/* The unit's recorded file name matching user text, or NULL. */
const char *cu_find_file(Dwarf_Die *cu, const char *want);
/* Member name of a struct/union (anonymous members searched too); *bit_off from the start. */
bool die_find_member(Dwarf_Die *st, const char *name, Dwarf_Die *out, long *bit_off);

#endif
