// SPDX-License-Identifier: GPL-2.0
/* Source lines with libdw, cached per DSO. */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <unistd.h>
#include "srcline.h"
#include "dso.h"
#include "hashmap.h"

struct srcline_entry {
	struct hashmap_entry ent;
	u64 addr;
	struct srcline sl;
	bool found;
};

struct pooled_str {
	struct hashmap_entry ent;
	char str[];
};

/*
 * The function scopes of one CU (subprograms and inlined subroutines), read
 * once: finding those around an address is then a binary search, where
 * dwarf_getscopes() walks the CU's DIEs at every lookup.
 */
struct cu_scope {
	Dwarf_Die	die;
	u32		parent;		/* the enclosing scope, or SCOPE_NONE */
	u32		ranges;		/* its ranges: cu_scopes.ranges[ranges, ranges + nr_ranges) */
	u32		nr_ranges;
};

struct scope_range {
	u64	low;
	u64	high;
	u32	scope;
	u32	depth;
};

struct cu_scopes {
	struct hashmap_entry ent;	/* by CU offset */
	Dwarf_Off	cu_off;
	struct cu_scope	*scopes;
	u32		nr_scopes;
	u32		alloc_scopes;
	struct scope_range *ranges;	/* each scope's, in scope order */
	struct scope_range *sorted;	/* all of them by start (deepest last) */
	u32		nr_ranges;
	u32		alloc_ranges;
	u8		*entry0;	/* per line table row, see srcline__row_file() */
};

#define SCOPE_NONE UINT32_MAX


/* A function symbol as addr2line's fallback sees it, see dso__srcline_symbol_file(). */
struct a2l_func {
	u64		value;
	u64		size;	/* as binutils counts it: st_size, at least 1 */
	const char	*file;	/* the STT_FILE name it takes, or NULL */
	bool		func;	/* STT_FUNC or STT_GNU_IFUNC, not STT_NOTYPE */
};

/* An allocated section of the DSO file and its function symbols, by value. */
struct a2l_section {
	u64		start, end;
	struct a2l_func	*funcs;
	size_t		nr, alloc;
};

struct srcline_cache {
	struct hashmap	entries;	/* by address */
	struct hashmap	strs;		/* interned file and function names */
	struct hashmap	cus;		/* struct cu_scopes by CU offset */
	Dwarf		*dwarf;
	int		fd;
	bool		tried;		/* opening the debug info was attempted */
	struct a2l_section *sections;	/* of the DSO file itself, read on demand */
	int		nr_sections;
	bool		sections_read;
};

static int entry_cmp(const void *data, const struct hashmap_entry *a,
		     const struct hashmap_entry *b, const void *key)
{
	const struct srcline_entry *x = container_of(a, struct srcline_entry, ent);

	(void)data;
	return x->addr != (key ? *(const u64 *)key : container_of(b, struct srcline_entry, ent)->addr);
}

static int str_cmp(const void *data, const struct hashmap_entry *a,
		   const struct hashmap_entry *b, const void *key)
{
	const struct pooled_str *x = container_of(a, struct pooled_str, ent);

	(void)data;
	return strcmp(x->str, key ? key : container_of(b, struct pooled_str, ent)->str);
}

static int cu_cmp(const void *data, const struct hashmap_entry *a,
		  const struct hashmap_entry *b, const void *key)
{
	const struct cu_scopes *x = container_of(a, struct cu_scopes, ent);

	(void)data;
	return x->cu_off != (key ? *(const Dwarf_Off *)key : container_of(b, struct cu_scopes, ent)->cu_off);
}

static const char *cache__intern(struct srcline_cache *c, const char *s)
{
	struct hashmap_entry key;
	struct pooled_str *ps;
	size_t len;

	if (!s)
		return NULL;
	hashmap_entry_init(&key, hash_str(s));
	ps = hashmap_iter_entry(hashmap_get(&c->strs, &key, s), struct pooled_str, ent);
	if (ps)
		return ps->str;
	len = strlen(s);
	ps = xmalloc(sizeof(*ps) + len + 1);
	memcpy(ps->str, s, len + 1);
	hashmap_entry_init(&ps->ent, key.hash);
	hashmap_add(&c->strs, &ps->ent);
	return ps->str;
}

static struct srcline_cache *srcline_cache__new(void)
{
	struct srcline_cache *c = xzalloc(sizeof(*c));

	hashmap_init(&c->entries, entry_cmp, NULL, 0);
	hashmap_init(&c->strs, str_cmp, NULL, 0);
	hashmap_init(&c->cus, cu_cmp, NULL, 0);
	c->fd = -1;
	return c;
}

void srcline_cache__delete(struct srcline_cache *c)
{
	struct hashmap_iter iter;
	struct srcline_entry *e;
	struct pooled_str *ps;
	struct cu_scopes *cu;

	if (!c)
		return;
	hashmap_for_each_entry(&c->cus, &iter, cu, struct cu_scopes, ent) {
		free(cu->scopes);
		free(cu->ranges);
		free(cu->sorted);
		free(cu->entry0);
		free(cu);
	}
	hashmap_clear(&c->cus);
	hashmap_for_each_entry(&c->entries, &iter, e, struct srcline_entry, ent) {
		free(e->sl.frames);
		free(e);
	}
	hashmap_for_each_entry(&c->strs, &iter, ps, struct pooled_str, ent)
		free(ps);
	hashmap_clear(&c->entries);
	hashmap_clear(&c->strs);
	if (c->dwarf)
		dwarf_end(c->dwarf);
	if (c->fd >= 0)
		close(c->fd);
	for (int i = 0; i < c->nr_sections; i++)
		free(c->sections[i].funcs);
	free(c->sections);
	free(c);
}

/* Open the DWARF of the file the symbols came from (a debug file when there is one). */
static void srcline_cache__open(struct srcline_cache *c, struct dso *dso)
{
	char path[4096];
	const char *file = dso->symsrc_filename;

	c->tried = true;
	if (!file) {
		if (dso->kind != DSO_KIND_USER)
			return;
		file = symfs__join(path, sizeof(path), dso->long_name);
	}
	c->fd = open(file, O_RDONLY);
	if (c->fd < 0)
		return;
	c->dwarf = dwarf_begin(c->fd, DWARF_C_READ);
	if (!c->dwarf) {
		close(c->fd);
		c->fd = -1;
	}
}

static const char *die_func_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *name;

	name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attr));
	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	return name;
}

static void srcline__add_frame(struct srcline *sl, u32 *alloc, const char *func,
			       const char *file, u32 line)
{
	ALLOC_GROW(sl->frames, sl->nr_frames + 1, *alloc);
	sl->frames[sl->nr_frames].func = func;
	sl->frames[sl->nr_frames].file = file;
	sl->frames[sl->nr_frames].line = line;
	sl->nr_frames++;
}

/* A file name from a line or file table, made absolute with the CU's directory as addr2line does. */
static const char *cache__path(struct srcline_cache *c, Dwarf_Die *cudie, const char *file)
{
	Dwarf_Attribute attr;
	const char *dir;
	char *full;
	const char *ret;

	if (!file || file[0] == '/')
		return cache__intern(c, file);
	dir = dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &attr));
	if (!dir)
		return cache__intern(c, file);
	full = xasprintf("%s/%s", dir, file);
	ret = cache__intern(c, full);
	free(full);
	return ret;
}

/* DIEs whose children may be or hold function scopes. */
static bool may_hold_scopes(int tag)
{
	switch (tag) {
	case DW_TAG_subprogram:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_lexical_block:
	case DW_TAG_namespace:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_interface_type:
	case DW_TAG_module:
	case DW_TAG_try_block:
	case DW_TAG_catch_block:
	case DW_TAG_partial_unit:
		return true;
	default:
		return false;
	}
}

static void cu_scopes__add(struct cu_scopes *cu, Dwarf_Die *die, u32 parent, u32 depth)
{
	struct cu_scope *sc;
	Dwarf_Addr base, low, high;
	ptrdiff_t off = 0;
	u32 idx = cu->nr_scopes;

	ALLOC_GROW(cu->scopes, cu->nr_scopes + 1, cu->alloc_scopes);
	sc = &cu->scopes[cu->nr_scopes++];
	sc->die = *die;
	sc->parent = parent;
	sc->ranges = cu->nr_ranges;
	sc->nr_ranges = 0;
	while ((off = dwarf_ranges(die, off, &base, &low, &high)) > 0) {
		if (high <= low)
			continue;
		ALLOC_GROW(cu->ranges, cu->nr_ranges + 1, cu->alloc_ranges);
		cu->ranges[cu->nr_ranges++] = (struct scope_range){ low, high, idx, depth };
		sc->nr_ranges++;
	}
}

/* Collect the function scopes under die; parent is the innermost one around it. */
static void cu_scopes__walk(struct cu_scopes *cu, Dwarf_Die *die, u32 parent, u32 depth)
{
	Dwarf_Die child, unit;
	Dwarf_Attribute attr;

	if (depth > 256 || dwarf_child(die, &child))
		return;
	do {
		int tag = dwarf_tag(&child);
		u32 inner = parent;

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			inner = cu->nr_scopes;
			cu_scopes__add(cu, &child, parent, depth);
		}
		if (tag == DW_TAG_imported_unit) {
			/* a partial unit's DIEs are part of this one (dwz) */
			if (dwarf_formref_die(dwarf_attr(&child, DW_AT_import, &attr), &unit))
				cu_scopes__walk(cu, &unit, parent, depth + 1);
		} else if (may_hold_scopes(tag)) {
			cu_scopes__walk(cu, &child, inner, depth + 1);
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * By start, then depth: the deepest of those starting at an address comes
 * last, and, as addr2line, the last DIE among equal ones (aliases of an
 * assembler function).
 */
static int range_cmp(const void *a, const void *b)
{
	const struct scope_range *x = a, *y = b;

	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->scope < y->scope ? -1 : x->scope > y->scope;
}

static struct cu_scopes *srcline_cache__cu(struct srcline_cache *c, Dwarf_Die *cudie)
{
	Dwarf_Off off = dwarf_dieoffset(cudie);
	struct hashmap_entry key;
	struct cu_scopes *cu;

	hashmap_entry_init(&key, hash_u64(off));
	cu = hashmap_iter_entry(hashmap_get(&c->cus, &key, &off), struct cu_scopes, ent);
	if (cu)
		return cu;
	cu = xzalloc(sizeof(*cu));
	cu->cu_off = off;
	cu_scopes__walk(cu, cudie, SCOPE_NONE, 0);
	if (cu->nr_ranges) {
		cu->sorted = xmalloc(cu->nr_ranges * sizeof(*cu->sorted));
		memcpy(cu->sorted, cu->ranges, cu->nr_ranges * sizeof(*cu->sorted));
		qsort(cu->sorted, cu->nr_ranges, sizeof(*cu->sorted), range_cmp);
	}
	hashmap_entry_init(&cu->ent, key.hash);
	hashmap_add(&c->cus, &cu->ent);
	return cu;
}

static bool cu_scope__contains(const struct cu_scopes *cu, u32 idx, u64 pc)
{
	const struct cu_scope *sc = &cu->scopes[idx];

	for (u32 i = 0; i < sc->nr_ranges; i++) {
		const struct scope_range *r = &cu->ranges[sc->ranges + i];

		if (pc >= r->low && pc < r->high)
			return true;
	}
	return false;
}

/*
 * The innermost function scope around pc, or SCOPE_NONE. Scopes nest, so it
 * is the scope of the last range starting at or before pc, or one of its
 * enclosing scopes.
 */
static u32 cu_scopes__find(const struct cu_scopes *cu, u64 pc)
{
	u32 lo = 0, hi = cu->nr_ranges, idx;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (cu->sorted[mid].low <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return SCOPE_NONE;
	for (idx = cu->sorted[lo - 1].scope; idx != SCOPE_NONE; idx = cu->scopes[idx].parent) {
		if (cu_scope__contains(cu, idx, pc))
			break;
	}
	return idx;
}

/* The index of line in the CU's table (the rows are one array: found by address). */
static size_t line_index(Dwarf_Lines *lines, size_t nlines, Dwarf_Line *line)
{
	char *first = (char *)dwarf_onesrcline(lines, 0);
	size_t i;

	if (nlines > 1 && first) {
		ptrdiff_t stride = (char *)dwarf_onesrcline(lines, 1) - first;

		if (stride > 0 && (char *)line >= first && ((char *)line - first) % stride == 0) {
			i = ((char *)line - first) / stride;
			if (i < nlines && dwarf_onesrcline(lines, i) == line)
				return i;
		}
	}
	for (i = 0; i < nlines && dwarf_onesrcline(lines, i) != line; i++)
		;
	return i;
}

/*
 * Which rows of the CU's line table use file 1 with no other file before
 * them in their sequence (see srcline__row_file()): one pass, once per CU.
 */
static const u8 *cu_scopes__entry0_rows(struct cu_scopes *cu, Dwarf_Lines *lines, size_t nlines)
{
	bool only_file1 = true;

	if (cu->entry0)
		return cu->entry0;
	cu->entry0 = xmalloc(nlines ? nlines : 1);
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Files *files;
		size_t idx = 0;
		bool end = false;

		if (dwarf_line_file(l, &files, &idx))
			idx = 0;
		cu->entry0[i] = only_file1 && idx == 1;
		if (idx != 1)
			only_file1 = false;
		if (!dwarf_lineendsequence(l, &end) && end)
			only_file1 = true;	/* the next row starts a sequence */
	}
	return cu->entry0;
}

/*
 * The file of a line table row as binutils' addr2line (2.40, what upstream
 * perf runs) names it. In DWARF 5 tables it starts every sequence with the
 * name of file entry 0 instead of entry 1 (the file register's initial
 * value): rows that use file 1 without a DW_LNS_set_file before them in
 * their sequence get entry 0's name. GCC usually puts the same file in both.
 */
static const char *srcline__row_file(struct cu_scopes *cu, Dwarf_Die *cudie, Dwarf_Line *line)
{
	Dwarf_Lines *lines;
	Dwarf_Files *files;
	Dwarf_Half version = 0;
	size_t idx, nlines, i;

	if (dwarf_line_file(line, &files, &idx) || idx != 1 ||
	    dwarf_cu_info(cudie->cu, &version, NULL, NULL, NULL, NULL, NULL, NULL) || version < 5 ||
	    dwarf_getsrclines(cudie, &lines, &nlines))
		return dwarf_linesrc(line, NULL, NULL);
	i = line_index(lines, nlines, line);
	if (i >= nlines || !cu_scopes__entry0_rows(cu, lines, nlines)[i])
		return dwarf_linesrc(line, NULL, NULL);
	return dwarf_filesrc(files, 0, NULL, NULL);
}

/* The line table's answer, then one frame per inlined level, innermost first. */
static bool srcline__lookup(struct srcline_cache *c, Dwarf_Addr pc, struct srcline *sl)
{
	Dwarf_Die cudie;
	Dwarf_Line *line;
	Dwarf_Files *files = NULL;
	struct cu_scopes *cu;
	const char *file;
	int lineno = 0;
	u32 alloc = 0;

	if (!dwarf_addrdie(c->dwarf, pc, &cudie))
		return false;
	line = dwarf_getsrc_die(&cudie, pc);
	/* a unit covers pc but has no line for it: addr2line falls back on the symbols */
	if (!line)
		return false;
	cu = srcline_cache__cu(c, &cudie);
	if (!(file = srcline__row_file(cu, &cudie, line)) || dwarf_lineno(line, &lineno))
		return false;
	file = cache__path(c, &cudie, file);
	for (u32 i = cu_scopes__find(cu, pc); i != SCOPE_NONE; i = cu->scopes[i].parent) {
		Dwarf_Die *s = &cu->scopes[i].die;
		Dwarf_Attribute attr;
		Dwarf_Word cfile = 0, cline = 0;
		int tag = dwarf_tag(s);

		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		srcline__add_frame(sl, &alloc, cache__intern(c, die_func_name(s)), file, (u32)lineno);
		if (tag == DW_TAG_subprogram)
			break;
		/* the caller continues at the call site */
		if (dwarf_formudata(dwarf_attr(s, DW_AT_call_file, &attr), &cfile) ||
		    dwarf_formudata(dwarf_attr(s, DW_AT_call_line, &attr), &cline))
			break;
		if (!files && dwarf_getsrcfiles(&cudie, &files, NULL))
			break;
		file = cache__path(c, &cudie, dwarf_filesrc(files, cfile, NULL, NULL));
		lineno = (int)cline;
		if (!file)
			break;
	}
	if (!sl->nr_frames)
		srcline__add_frame(sl, &alloc, NULL, file, (u32)lineno);
	return true;
}

/* The DSO's cache, its symbols loaded and its DWARF opened (when it has any). */
static struct srcline_cache *dso__srcline_cache(struct dso *dso)
{
	if (!dso->loaded)
		dso__load(dso);
	if (!dso->srclines)
		dso->srclines = srcline_cache__new();
	if (!dso->srclines->tried)
		srcline_cache__open(dso->srclines, dso);
	return dso->srclines;
}

const struct srcline *dso__srcline(struct dso *dso, u64 addr)
{
	struct srcline_cache *c = dso__srcline_cache(dso);
	struct srcline_entry *e;
	struct hashmap_entry key;

	hashmap_entry_init(&key, hash_u64(addr));
	e = hashmap_iter_entry(hashmap_get(&c->entries, &key, &addr), struct srcline_entry, ent);
	if (e)
		return e->found ? &e->sl : NULL;
	e = xzalloc(sizeof(*e));
	e->addr = addr;
	if (c->dwarf)
		e->found = srcline__lookup(c, dso__offset_to_vaddr(dso, addr), &e->sl);
	hashmap_entry_init(&e->ent, key.hash);
	hashmap_add(&c->entries, &e->ent);
	return e->found ? &e->sl : NULL;
}

char *srcline__snprintf(const struct srcline *sl, bool full, char *buf, size_t size)
{
	const char *file, *slash;

	if (!sl || !sl->frames[0].file || !sl->frames[0].line) {
		snprintf(buf, size, "??:0");
		return buf;
	}
	file = sl->frames[0].file;
	slash = strrchr(file, '/');
	if (!full && slash)
		file = slash + 1;
	snprintf(buf, size, "%s:%u", file, sl->frames[0].line);
	return buf;
}

/*
 * The function symbols of each section of elf, with the file name binutils'
 * elf_find_function gives them: the last STT_FILE before a local function,
 * or before a global one when no symbol came between the files.
 */
static void read_a2l_sections(struct srcline_cache *c, Elf *elf)
{
	enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL_SEEN } state = NOTHING_SEEN;
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	const char *file = NULL;
	Elf_Data *data;
	size_t nr, strndx;
	GElf_Shdr sh;

	if (elf_getshdrnum(elf, &nr) || !nr)
		return;
	c->sections = xcalloc(nr, sizeof(*c->sections));
	c->nr_sections = (int)nr;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		struct a2l_section *sec = &c->sections[elf_ndxscn(scn)];

		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_flags & SHF_ALLOC) {
			sec->start = sh.sh_addr;
			sec->end = sh.sh_addr + sh.sh_size;
		}
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
	}
	/* addr2line reads the static symbols, the dynamic ones when there are none */
	scn = symtab ? symtab : dynsym;
	if (!scn || !gelf_getshdr(scn, &sh) || !sh.sh_entsize || !(data = elf_getdata(scn, NULL)))
		return;
	strndx = sh.sh_link;
	for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++) {
		struct a2l_section *sec;
		GElf_Sym sym;
		int type;

		if (!gelf_getsym(data, (int)i, &sym))
			break;
		type = GELF_ST_TYPE(sym.st_info);
		if (type == STT_FILE) {
			file = elf_strptr(elf, strndx, sym.st_name);
			if (state == SYMBOL_SEEN)
				state = FILE_AFTER_SYMBOL_SEEN;
			continue;
		}
		if (state == NOTHING_SEEN)
			state = SYMBOL_SEEN;
		if ((type != STT_FUNC && type != STT_NOTYPE && type != STT_GNU_IFUNC) ||
		    sym.st_shndx == SHN_UNDEF || sym.st_shndx >= nr)
			continue;
		/* binutils skips the local hidden untyped markers annobin leaves */
		if (!sym.st_size && type == STT_NOTYPE && GELF_ST_BIND(sym.st_info) == STB_LOCAL &&
		    GELF_ST_VISIBILITY(sym.st_other) == STV_HIDDEN)
			continue;
		sec = &c->sections[sym.st_shndx];
		ALLOC_GROW(sec->funcs, sec->nr + 1, sec->alloc);
		sec->funcs[sec->nr].value = sym.st_value;
		sec->funcs[sec->nr].size = sym.st_size ?: 1;
		sec->funcs[sec->nr].func = type != STT_NOTYPE;
		sec->funcs[sec->nr].file = file && (GELF_ST_BIND(sym.st_info) == STB_LOCAL ||
						    state != FILE_AFTER_SYMBOL_SEEN) ?
					   cache__intern(c, file) : NULL;
		sec->nr++;
	}
	/* a stable sort: symbols of one value stay in table order, which binutils' choice depends on */
	for (int i = 0; i < c->nr_sections; i++) {
		struct a2l_section *sec = &c->sections[i];

		for (size_t j = 1; j < sec->nr; j++) {
			struct a2l_func f = sec->funcs[j];
			size_t k = j;

			if (sec->funcs[k - 1].value <= f.value)
				continue;
			while (k > 0 && sec->funcs[k - 1].value > f.value) {
				sec->funcs[k] = sec->funcs[k - 1];
				k--;
			}
			sec->funcs[k] = f;
		}
	}
}

/*
 * binutils takes the symbols of the file its DWARF came from (the debug
 * file, when there is one), else those of the DSO file.
 */
static void read_a2l_file(struct srcline_cache *c, struct dso *dso)
{
	char path[4096];
	const char *file = c->dwarf && dso->symsrc_filename ? dso->symsrc_filename :
			   symfs__join(path, sizeof(path), dso->long_name);
	int fd = open(file, O_RDONLY);
	Elf *elf;

	c->sections_read = true;
	if (fd < 0)
		return;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf) {
		read_a2l_sections(c, elf);
		elf_end(elf);
	}
	close(fd);
}

/*
 * binutils 2.40's choice among the symbols of the nearest value at or before
 * vaddr (funcs[0..end), sorted): in table order, a later one wins if it
 * reaches further while the chosen one does not reach vaddr, or if both
 * reach it and it is typed where the chosen one is not, or is smaller.
 */
static const struct a2l_func *a2l_best_fit(const struct a2l_func *funcs, size_t end, u64 vaddr)
{
	size_t first = end - 1;
	const struct a2l_func *best;

	while (first && funcs[first - 1].value == funcs[end - 1].value)
		first--;
	best = &funcs[first];
	for (size_t i = first + 1; i < end; i++) {
		const struct a2l_func *f = &funcs[i];

		if (best->value + best->size <= vaddr) {
			if (f->size > best->size)
				best = f;
		} else if (f->value + f->size > vaddr) {
			if (f->func != best->func ? f->func : f->size < best->size)
				best = f;
		}
	}
	return best;
}

bool dso__srcline_symbol_file(struct dso *dso, u64 addr, const char **file)
{
	struct srcline_cache *c;
	u64 vaddr;

	*file = NULL;
	if (dso->kind != DSO_KIND_USER)
		return false;
	c = dso__srcline_cache(dso);
	if (!c->sections_read)
		read_a2l_file(c, dso);
	vaddr = dso__offset_to_vaddr(dso, addr);
	for (int i = 1; i < c->nr_sections; i++) {
		const struct a2l_section *sec = &c->sections[i];
		size_t lo = 0, hi = sec->nr;

		if (vaddr < sec->start || vaddr >= sec->end)
			continue;
		/* the last function at or before vaddr */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (sec->funcs[mid].value <= vaddr)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (!lo)
			return false;
		*file = a2l_best_fit(sec->funcs, lo, vaddr)->file;
		return true;
	}
	return false;
}
