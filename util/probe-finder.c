// SPDX-License-Identifier: GPL-2.0
/*
 * DWARF analysis for perf probe. The walk is: compilation units -> the
 * function instances a point names (out-of-line subprograms and inlined
 * copies) -> the addresses of the point (entry after the prologue, a line,
 * lazy-pattern lines) -> for each address, the scopes that contain it and
 * the fetch arguments for the variables the user asked for.
 */
#include "probe-finder.h"
#include "dwarf-aux.h"
#include "probe-event.h"
#include "probe-symbols.h"
#include "debug.h"
#include "string2.h"
#include "strbuf.h"
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

struct debuginfo {
	Dwarf *dw;
	Elf *dbg_elf;		/* the separate debug file, when used */
	int dbg_fd;
	char *path;
	struct probe_elf *elf;	/* the binary (not owned) */
	Dwarf_CFI *cfi_eh;	/* .eh_frame of the binary */
	bool uprobes;
};

/* x86-64 DWARF register numbers to tracefs names. */
static const char *const x86_64_regs[] = {
	"%ax", "%dx", "%cx", "%bx", "%si", "%di", "%bp", "%sp",
	"%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15", "%ip",
};

static const char *regname(unsigned int regno)
{
	return regno < ARRAY_SIZE(x86_64_regs) ? x86_64_regs[regno] : NULL;
}

/* ---- opening ---- */

static int open_debug_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0)
		pr_debug("Open Debuginfo file: %s\n", path);
	return fd;
}

/* A separate debug file: by build-id, then by .gnu_debuglink. */
static int find_separate_debug(struct probe_elf *elf, const char *path)
{
	char bid[41], *p;
	int fd = -1;
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (!elf)
		return -1;
	probe_elf__build_id_hex(elf, bid);
	if (bid[0]) {
		p = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug", bid, bid + 2);
		fd = open_debug_file(p);
		free(p);
		if (fd >= 0)
			return fd;
	}
	scn = probe_elf__section_by_name(elf, ".gnu_debuglink", &shdr);
	if (scn) {
		Elf_Data *d = elf_getdata(scn, NULL);
		char *dir = xstrdup(path), *slash = strrchr(dir, '/');
		const char *fmts[] = { "%s/%s", "%s/.debug/%s", "/usr/lib/debug%s/%s" };

		if (slash)
			*slash = '\0';
		for (size_t i = 0; d && d->d_size && i < ARRAY_SIZE(fmts) && fd < 0; i++) {
			p = xasprintf(fmts[i], slash ? dir : ".", (const char *)d->d_buf);
			if (strcmp(p, path))
				fd = open_debug_file(p);
			free(p);
		}
		free(dir);
	}
	return fd;
}

struct debuginfo *debuginfo__new(const char *path, struct probe_elf *elf, bool uprobes)
{
	struct debuginfo *dbg = xzalloc(sizeof(*dbg));
	GElf_Shdr shdr;

	dbg->dbg_fd = -1;
	dbg->elf = elf;
	dbg->uprobes = uprobes;
	if (elf && probe_elf__section_by_name(elf, ".debug_info", &shdr)) {
		dbg->dw = dwarf_begin_elf(elf->elf, DWARF_C_READ, NULL);
		dbg->path = xstrdup(path);
	}
	if (!dbg->dw) {
		dbg->dbg_fd = find_separate_debug(elf, path);
		if (dbg->dbg_fd >= 0) {
			dbg->dw = dwarf_begin(dbg->dbg_fd, DWARF_C_READ);
			dbg->path = xstrdup(path);
		}
	}
	if (!dbg->dw) {
		debuginfo__delete(dbg);
		errno = ENODATA;
		return NULL;
	}
	if (elf)
		dbg->cfi_eh = dwarf_getcfi_elf(elf->elf);
	return dbg;
}

void debuginfo__delete(struct debuginfo *dbg)
{
	if (!dbg)
		return;
	if (dbg->dw)
		dwarf_end(dbg->dw);
	if (dbg->dbg_fd >= 0)
		close(dbg->dbg_fd);
	free(dbg->path);
	free(dbg);
}

const char *debuginfo__path(const struct debuginfo *dbg)
{
	return dbg->path;
}

/* ---- function instances ---- */

struct func_inst {
	Dwarf_Die die;		/* DW_TAG_subprogram (concrete) or DW_TAG_inlined_subroutine */
	Dwarf_Die cu;
	Dwarf_Addr entry;
	bool inlined;
	char *name;
	int decl_line;
	const char *decl_file;
};

struct func_list {
	struct func_inst *v;
	size_t nr, alloc;
};

static void func_list__add(struct func_list *fl, Dwarf_Die *die, Dwarf_Die *cu, bool inlined,
			   const char *name)
{
	struct func_inst *fi;
	int line = 0;

	for (size_t i = 0; i < fl->nr; i++)
		if (dwarf_dieoffset(&fl->v[i].die) == dwarf_dieoffset(die))
			return;
	ALLOC_GROW(fl->v, fl->nr + 1, fl->alloc);
	fi = &fl->v[fl->nr++];
	fi->die = *die;
	fi->cu = *cu;
	fi->entry = die_entry(die);
	fi->inlined = inlined;
	fi->name = xstrdup(name);
	dwarf_decl_line(die, &line);
	fi->decl_line = line;
	fi->decl_file = die_decl_file(die);
}

static void func_list__clear(struct func_list *fl)
{
	for (size_t i = 0; i < fl->nr; i++)
		free(fl->v[i].name);
	zfree(&fl->v);
	fl->nr = fl->alloc = 0;
}

static bool func_name_match(const char *name, const char *want)
{
	return is_glob_pattern(want) ? strglobmatch(name, want) : !strcmp(name, want);
}

/* Walk a DIE subtree collecting matching concrete functions and inline copies. */
static void collect_funcs(Dwarf_Die *parent, Dwarf_Die *cu, const char *want, const char *file,
			  struct func_list *fl, int depth)
{
	Dwarf_Die child;

	if (depth > 64 || dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		const char *name;

		if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine &&
		    tag != DW_TAG_lexical_block && tag != DW_TAG_namespace &&
		    tag != DW_TAG_class_type && tag != DW_TAG_structure_type)
			continue;
		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			name = dwarf_diename(&child);
			if (name && func_name_match(name, want) && dwarf_hasattr(&child, DW_AT_low_pc) +
			    dwarf_hasattr(&child, DW_AT_entry_pc) + dwarf_hasattr(&child, DW_AT_ranges) &&
			    (!file || source_path_matches(die_decl_file(&child), file) ||
			     source_path_matches(dwarf_diename(cu), file)) &&
			    (tag == DW_TAG_subprogram || !probe_conf.no_inlines))
				func_list__add(fl, &child, cu, tag == DW_TAG_inlined_subroutine, name);
		}
		collect_funcs(&child, cu, want, file, fl, depth + 1);
	} while (dwarf_siblingof(&child, &child) == 0);
}

static void find_functions(struct debuginfo *dbg, const char *want, const char *file,
			   struct func_list *fl)
{
	Dwarf_Off off = 0;
	Dwarf_Die cu;

	while (cu_next(dbg->dw, &off, &cu)) {
		if (file && !cu_has_file(&cu, file))
			continue;
		collect_funcs(&cu, &cu, want, file, fl, 0);
	}
}

/* ---- lines ---- */

struct line_addr {
	int line;
	Dwarf_Addr addr;
	bool shared;		/* the row shares its address with an earlier line */
};

struct line_list {
	struct line_addr *v;
	size_t nr, alloc;
};

static void line_list__add(struct line_list *ll, int line, Dwarf_Addr addr, bool shared)
{
	ALLOC_GROW(ll->v, ll->nr + 1, ll->alloc);
	ll->v[ll->nr++] = (struct line_addr){ line, addr, shared };
}

/* Is addr inside an inlined subroutine nested in scope? */
static bool addr_in_nested_inline(Dwarf_Die *scope, Dwarf_Addr addr, int depth)
{
	Dwarf_Die child;

	if (depth > 64 || dwarf_child(scope, &child) != 0)
		return false;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_inlined_subroutine && dwarf_haspc(&child, addr) == 1)
			return true;
		if (tag == DW_TAG_lexical_block && dwarf_haspc(&child, addr) == 1 &&
		    addr_in_nested_inline(&child, addr, depth + 1))
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* Entry addresses of every function in a CU (rows there belong to the declaration line). */
static void collect_entries(Dwarf_Die *parent, Dwarf_Addr **v, size_t *nr, size_t *alloc, int depth)
{
	Dwarf_Die child;

	if (depth > 64 || dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			Dwarf_Addr e = die_entry(&child);

			if (e) {
				ALLOC_GROW(*v, *nr + 1, *alloc);
				(*v)[(*nr)++] = e;
			}
		}
		if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block ||
		    tag == DW_TAG_inlined_subroutine || tag == DW_TAG_namespace)
			collect_entries(&child, v, nr, alloc, depth + 1);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * The probe-able lines of a scope: a function instance (fi) or a whole CU
 * for one file. A row counts when it starts a statement, is in the scope
 * (for a function, not in an inlined copy of another function), and does not
 * share its address with the previous row or with a function entry (those
 * belong to the line before, or to the function's declaration line).
 */
static void walk_lines(Dwarf_Die *cu, struct func_inst *fi, const char *file, struct line_list *ll)
{
	Dwarf_Lines *lines;
	size_t nlines;
	Dwarf_Addr prev = (Dwarf_Addr)-1, *entries = NULL;
	size_t nent = 0, aent = 0;

	if (fi && fi->decl_line && fi->entry)
		line_list__add(ll, fi->decl_line, fi->entry, false);
	if (dwarf_getsrclines(cu, &lines, &nlines))
		return;
	if (!fi)
		collect_entries(cu, &entries, &nent, &aent, 0);
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		int lineno;
		bool stmt, end, shared;
		const char *src;

		if (!l || dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &lineno) ||
		    dwarf_linebeginstatement(l, &stmt) || dwarf_lineendsequence(l, &end))
			continue;
		if (end) {
			prev = (Dwarf_Addr)-1;
			continue;
		}
		if (!stmt)
			continue;
		src = dwarf_linesrc(l, NULL, NULL);
		if (fi) {
			if (dwarf_haspc(&fi->die, addr) != 1 || addr_in_nested_inline(&fi->die, addr, 0))
				continue;
			if (!source_path_matches(src, fi->decl_file) && !source_path_matches(fi->decl_file, src))
				continue;
			shared = addr == prev || addr == fi->entry;
		} else {
			if (!source_path_matches(src, file))
				continue;
			shared = addr == prev;
			for (size_t k = 0; k < nent && !shared; k++)
				shared = entries[k] == addr;
		}
		prev = addr;
		line_list__add(ll, lineno, addr, shared);
	}
	/* declaration lines of the functions of this file */
	if (!fi) {
		struct func_list fl = { 0 };

		collect_funcs(cu, cu, "*", NULL, &fl, 0);
		for (size_t k = 0; k < fl.nr; k++)
			if (!fl.v[k].inlined && fl.v[k].entry && fl.v[k].decl_line &&
			    source_path_matches(fl.v[k].decl_file, file))
				line_list__add(ll, fl.v[k].decl_line, fl.v[k].entry, false);
		func_list__clear(&fl);
	}
	free(entries);
}

/* ---- lazy patterns ---- */

static char *strip_spaces(const char *s)
{
	char *r = xmalloc(strlen(s) + 1), *d = r;

	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			*d++ = *s;
	*d = '\0';
	return r;
}

/* Lines of file (1-based) matching a lazy pattern: a glob where white space does not count. */
static int lazy_lines(const char *path, const char *pattern, int **out, size_t *nr)
{
	FILE *fp = fopen(path, "r");
	struct strbuf sb = STRBUF_INIT;
	char *pat = strip_spaces(pattern);
	size_t alloc = 0;
	int lineno = 0;

	*out = NULL;
	*nr = 0;
	if (!fp) {
		free(pat);
		return -errno;
	}
	while (strbuf_getline(&sb, fp) != EOF) {
		char *text = strip_spaces(sb.buf);

		lineno++;
		if (strglobmatch(text, pat)) {
			ALLOC_GROW(*out, *nr + 1, alloc);
			(*out)[(*nr)++] = lineno;
		}
		free(text);
		strbuf_reset(&sb);
	}
	strbuf_release(&sb);
	fclose(fp);
	free(pat);
	return 0;
}

static char *find_source(Dwarf_Die *cu, const char *src)
{
	char *p = cu_source_path(cu, src);

	if (probe_conf.source_prefix && p) {
		char *q = xasprintf("%s/%s", probe_conf.source_prefix, p[0] == '/' ? p + 1 : p);

		if (access(q, R_OK) == 0) {
			free(p);
			return q;
		}
		free(q);
		q = xasprintf("%s/%s", probe_conf.source_prefix, src);
		if (access(q, R_OK) == 0) {
			free(p);
			return q;
		}
		free(q);
	}
	return p;
}

/* ---- probe addresses ---- */

struct probe_addr {
	Dwarf_Addr addr;
	Dwarf_Die cu;
	Dwarf_Die func;		/* the instance probed (for the variables and the name) */
	bool has_func;
	int line;		/* absolute line, 0 when not a line probe */
	int rel_line;
	char *funcname;
	bool retprobe;
};

struct addr_list {
	struct probe_addr *v;
	size_t nr, alloc;
};

static void addr_list__add(struct addr_list *al, Dwarf_Addr addr, Dwarf_Die *cu, struct func_inst *fi,
			   int line, bool retprobe)
{
	struct probe_addr *pa;

	for (size_t i = 0; i < al->nr; i++)
		if (al->v[i].addr == addr && al->v[i].retprobe == retprobe)
			return;
	ALLOC_GROW(al->v, al->nr + 1, al->alloc);
	pa = &al->v[al->nr++];
	memset(pa, 0, sizeof(*pa));
	pa->addr = addr;
	pa->cu = *cu;
	pa->line = line;
	pa->retprobe = retprobe;
	if (fi) {
		pa->func = fi->die;
		pa->has_func = true;
		pa->funcname = xstrdup(fi->name);
		pa->rel_line = line ? line - fi->decl_line : -1;
	} else {
		pa->rel_line = -1;
	}
}

static void addr_list__clear(struct addr_list *al)
{
	for (size_t i = 0; i < al->nr; i++)
		free(al->v[i].funcname);
	zfree(&al->v);
	al->nr = al->alloc = 0;
}

/* The address after the prologue: the first statement row past the entry. */
static Dwarf_Addr skip_prologue(struct func_inst *fi)
{
	Dwarf_Lines *lines;
	size_t nlines;
	Dwarf_Addr best = 0;

	if (dwarf_getsrclines(&fi->cu, &lines, &nlines))
		return fi->entry;
	for (size_t i = 0; i < nlines; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr a;
		bool stmt;

		if (!l || dwarf_lineaddr(l, &a) || dwarf_linebeginstatement(l, &stmt) || !stmt)
			continue;
		if (a > fi->entry && dwarf_haspc(&fi->die, a) == 1 && (!best || a < best))
			best = a;
	}
	return best ? best : fi->entry;
}

/* A line sharing its address with other lines: tell the user which line owns it. */
static bool explain_shared_line(struct line_list *ll, int line, struct func_inst *fi, const char *file)
{
	for (size_t i = 0; i < ll->nr; i++) {
		if (ll->v[i].line != line || !ll->v[i].shared)
			continue;
		for (size_t j = 0; j < ll->nr; j++) {
			if (ll->v[j].shared || ll->v[j].addr != ll->v[i].addr)
				continue;
			pr_warning("This line is sharing the address with other lines.\n");
			if (fi)
				pr_warning("Please try to probe at %s:%d instead.\n", fi->name,
					   ll->v[j].line - fi->decl_line);
			else
				pr_warning("Please try to probe at %s:%d instead.\n", file, ll->v[j].line);
			return true;
		}
	}
	return false;
}

static int find_point_in_func(struct debuginfo *dbg, struct perf_probe_point *pp, struct func_inst *fi,
			      struct addr_list *al, bool need_prologue_skip)
{
	struct line_list ll = { 0 };
	int found = 0;

	if (pp->lazy_line) {
		int *lines;
		size_t n;
		char *path = find_source(&fi->cu, fi->decl_file);

		if (!path || lazy_lines(path, pp->lazy_line, &lines, &n) < 0) {
			pr_warning("Failed to open source file %s: %s\n", path ? path : fi->decl_file,
				   strerror(errno));
			free(path);
			return -ENOENT;
		}
		free(path);
		walk_lines(&fi->cu, fi, NULL, &ll);
		for (size_t i = 0; i < ll.nr; i++) {
			if (ll.v[i].addr == fi->entry && ll.v[i].line == fi->decl_line && i == 0)
				continue;
			for (size_t k = 0; k < n; k++) {
				if (lines[k] == ll.v[i].line) {
					addr_list__add(al, ll.v[i].addr, &fi->cu, fi, ll.v[i].line, false);
					found++;
				}
			}
		}
		free(lines);
	} else if (pp->line) {
		int want = fi->decl_line + pp->line;

		walk_lines(&fi->cu, fi, NULL, &ll);
		for (size_t i = 0; i < ll.nr; i++) {
			if (ll.v[i].line == want && !ll.v[i].shared) {
				addr_list__add(al, ll.v[i].addr, &fi->cu, fi, want, false);
				found++;
			}
		}
		if (!found && explain_shared_line(&ll, want, fi, NULL)) {
			free(ll.v);
			return -ENOENT;
		}
	} else {
		Dwarf_Addr a = fi->entry;

		if (pp->retprobe) {
			if (fi->inlined) {
				pr_warning("Skipping the inlined copy of %s at 0x%" PRIx64
					   ": a return probe needs a real function.\n", fi->name, (u64)a);
				goto out;
			}
		} else if (pp->offset) {
			a += pp->offset;
			if (dwarf_haspc(&fi->die, a) != 1) {
				pr_warning("Offset %" PRIu64 " is bigger than the size of %s\n", pp->offset,
					   fi->name);
				free(ll.v);
				return -ENOENT;
			}
		} else if (need_prologue_skip && !fi->inlined && !cu_is_optimized(&fi->cu)) {
			Dwarf_Addr s = skip_prologue(fi);

			if (s != a) {
				pr_warning("Target program is compiled without optimization. Skipping prologue.\n"
					   "Probe on address 0x%" PRIx64 " to force probing at the function entry.\n\n",
					   (u64)a);
				a = s;
			}
		}
		addr_list__add(al, a, &fi->cu, fi, 0, pp->retprobe);
		found++;
	}
out:
	free(ll.v);
	return found;
}

/* The innermost function instance containing addr in cu. */
static bool innermost_func(Dwarf_Die *cu, Dwarf_Addr addr, struct func_inst *fi)
{
	Dwarf_Die *scopes = NULL;
	int n = die_get_scopes(cu, addr, &scopes);
	bool ok = false;

	for (int i = 0; i < n; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
			int line = 0;

			fi->die = scopes[i];
			fi->cu = *cu;
			fi->entry = die_entry(&scopes[i]);
			fi->inlined = tag == DW_TAG_inlined_subroutine;
			fi->name = xstrdup(die_name(&scopes[i]));
			dwarf_decl_line(&scopes[i], &line);
			fi->decl_line = line;
			fi->decl_file = die_decl_file(&scopes[i]);
			ok = true;
			break;
		}
	}
	free(scopes);
	return ok;
}

static int find_point_in_file(struct debuginfo *dbg, struct perf_probe_point *pp, struct addr_list *al)
{
	Dwarf_Off off = 0;
	Dwarf_Die cu;
	int found = 0;

	while (cu_next(dbg->dw, &off, &cu)) {
		struct line_list ll = { 0 };
		const char *file = cu_find_file(&cu, pp->file);
		int *lazy = NULL;
		size_t nlazy = 0;

		if (!file)
			continue;
		walk_lines(&cu, NULL, file, &ll);
		if (pp->lazy_line) {
			char *path = find_source(&cu, file);

			if (!path || lazy_lines(path, pp->lazy_line, &lazy, &nlazy) < 0) {
				pr_warning("Failed to open source file %s.\n", path ? path : file);
				free(path);
				free(ll.v);
				return -ENOENT;
			}
			free(path);
		}
		for (size_t i = 0; i < ll.nr; i++) {
			bool hit = false;

			if (ll.v[i].shared)
				continue;
			if (pp->lazy_line) {
				for (size_t k = 0; k < nlazy && !hit; k++)
					hit = lazy[k] == ll.v[i].line;
			} else {
				hit = ll.v[i].line == pp->line;
			}
			if (hit) {
				struct func_inst fi = { 0 };
				bool has = innermost_func(&cu, ll.v[i].addr, &fi);

				addr_list__add(al, ll.v[i].addr, &cu, has ? &fi : NULL, ll.v[i].line, false);
				free(fi.name);
				found++;
			}
		}
		if (!found && !pp->lazy_line && explain_shared_line(&ll, pp->line, NULL, pp->file)) {
			free(lazy);
			free(ll.v);
			return -ENOENT;
		}
		free(lazy);
		free(ll.v);
	}
	return found;
}

/* All addresses a probe point names. Returns the count or -errno. */
static int find_probe_addrs(struct debuginfo *dbg, struct perf_probe_event *pev, struct addr_list *al,
			    bool need_prologue_skip)
{
	struct perf_probe_point *pp = &pev->point;
	int found = 0, ret;

	if (pp->function) {
		struct func_list fl = { 0 };

		find_functions(dbg, pp->function, pp->file, &fl);
		for (size_t i = 0; i < fl.nr; i++) {
			ret = find_point_in_func(dbg, pp, &fl.v[i], al, need_prologue_skip);
			if (ret < 0) {
				func_list__clear(&fl);
				return ret;
			}
			found += ret;
		}
		func_list__clear(&fl);
	} else if (pp->file) {
		ret = find_point_in_file(dbg, pp, al);
		if (ret < 0)
			return ret;
		found = ret;
	}
	if (found > probe_conf.max_probes) {
		pr_err("Too many( > %d) probe point found.\n", probe_conf.max_probes);
		return -E2BIG;
	}
	return found;
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

/* The default name of an argument, as upstream: the last member name, or VAR_TYPE. */
static char *default_arg_name(const struct perf_probe_arg *pa)
{
	const char *last = NULL;

	if (pa->name)
		return xstrdup(pa->name);
	for (struct perf_probe_arg_field *f = pa->field; f; f = f->next)
		if (f->name)
			last = f->name;
	if (last)
		return xstrdup(last);
	if (pa->field)
		return xstrdup(pa->var);
	if (pa->type)
		return xasprintf("%s_%s", pa->var, pa->type);
	return xstrdup(pa->var);
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
		name = default_arg_name(pa);
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

/* ---- -L ---- */

/* "FUNC[@SRC][:RLN[+NUM|-RLN2]]" or "SRC:ALN[+NUM|-ALN2]" */
int parse_line_range_desc(const char *arg, struct line_range *lr)
{
	char *buf = xstrdup(arg), *colon, *at, *end;
	int ret = -EINVAL;

	memset(lr, 0, sizeof(*lr));
	lr->end = INT_MAX;
	colon = strrchr(buf, ':');
	if (colon) {
		*colon++ = '\0';
		lr->start = (int)strtol(colon, &end, 10);
		if (end == colon || lr->start < 0) {
			pr_err("Failed to parse line number: '%s'\n", colon);
			goto out;
		}
		if (*end == '+' || *end == '-') {
			char sign = *end;
			char *p = end + 1;
			long v = strtol(p, &end, 10);

			if (end == p || *end) {
				pr_err("Failed to parse line range: '%s'\n", colon);
				goto out;
			}
			lr->end = sign == '+' ? lr->start + (int)v - 1 : (int)v;
			lr->end_given = true;
			if (lr->end < lr->start) {
				pr_err("Start line must be smaller than end line.\n");
				goto out;
			}
		} else if (*end) {
			pr_err("Tailing with invalid character '%c'.\n", *end);
			goto out;
		}
	}
	at = strchr(buf, '@');
	if (at) {
		*at++ = '\0';
		lr->file = xstrdup(at);
		lr->function = xstrdup(buf);
	} else if (strchr(buf, '.') || strchr(buf, '/')) {
		lr->file = xstrdup(buf);
	} else if (*buf) {
		lr->function = xstrdup(buf);
	} else {
		pr_err("No function or file name in the line range '%s'\n", arg);
		goto out;
	}
	ret = 0;
out:
	free(buf);
	return ret;
}

void line_range__clear(struct line_range *lr)
{
	free(lr->file);
	free(lr->function);
	free(lr->path);
	free(lr->lines);
	memset(lr, 0, sizeof(*lr));
}

static void lr_add(struct line_range *lr, int line)
{
	for (size_t i = 0; i < lr->nr_lines; i++)
		if (lr->lines[i] == line)
			return;
	ALLOC_GROW(lr->lines, lr->nr_lines + 1, lr->alloc_lines);
	lr->lines[lr->nr_lines++] = line;
}

static int int_cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* The last line of a function: the highest row line inside it. */
static int func_last_line(struct func_inst *fi, struct line_list *ll)
{
	int last = fi->decl_line;

	for (size_t i = 0; i < ll->nr; i++)
		if (ll->v[i].line > last)
			last = ll->v[i].line;
	return last;
}

int debuginfo__find_line_range(struct debuginfo *dbg, struct line_range *lr)
{
	if (lr->function) {
		struct func_list fl = { 0 };

		find_functions(dbg, lr->function, lr->file, &fl);
		for (size_t i = 0; i < fl.nr; i++) {
			struct func_inst *fi = &fl.v[i];
			struct line_list ll = { 0 };

			if (lr->path && strcmp(lr->path, fi->decl_file))
				continue;
			/* the out-of-line copy describes the function; fall back to an inlined one */
			if (fi->inlined) {
				bool has_real = false;

				for (size_t k = 0; k < fl.nr; k++)
					has_real |= !fl.v[k].inlined;
				if (has_real)
					continue;
			}
			walk_lines(&fi->cu, fi, NULL, &ll);
			if (!lr->path) {
				lr->path = find_source(&fi->cu, fi->decl_file);
				lr->offset = fi->decl_line;
				lr->func_end = func_last_line(fi, &ll);
			} else if (lr->offset != fi->decl_line) {
				free(ll.v);
				continue;
			}
			for (size_t k = 0; k < ll.nr; k++)
				if (!ll.v[k].shared)
					lr_add(lr, ll.v[k].line);
			free(ll.v);
			if (!fi->inlined)
				break;
		}
		func_list__clear(&fl);
	} else {
		Dwarf_Off off = 0;
		Dwarf_Die cu;

		while (cu_next(dbg->dw, &off, &cu)) {
			struct line_list ll = { 0 };
			const char *file = cu_find_file(&cu, lr->file);

			if (!file)
				continue;
			if (!lr->path)
				lr->path = find_source(&cu, file);
			walk_lines(&cu, NULL, file, &ll);
			for (size_t k = 0; k < ll.nr; k++)
				if (!ll.v[k].shared)
					lr_add(lr, ll.v[k].line);
			free(ll.v);
		}
	}
	if (!lr->path)
		return 0;
	if (lr->nr_lines)
		qsort(lr->lines, lr->nr_lines, sizeof(int), int_cmp);
	return 1;
}

/* ---- address -> point ---- */

int debuginfo__find_probe_point(struct debuginfo *dbg, u64 vaddr, bool retprobe,
				struct perf_probe_point *pp)
{
	Dwarf_Die cu, *scopes = NULL;
	struct func_inst fi = { 0 };
	Dwarf_Line *line;
	int n, lineno = 0;

	memset(pp, 0, sizeof(*pp));
	if (!dwarf_addrdie(dbg->dw, vaddr, &cu))
		return -ENOENT;
	n = die_get_scopes(&cu, vaddr, &scopes);
	free(scopes);
	if (n <= 0 || !innermost_func(&cu, vaddr, &fi))
		return -ENOENT;
	pp->function = fi.name;
	pp->file = xstrdup(fi.decl_file);
	pp->retprobe = retprobe;
	if (retprobe || vaddr == fi.entry)
		return 0;
	line = dwarf_getsrc_die(&cu, vaddr);
	if (line && !dwarf_lineno(line, &lineno) && lineno >= fi.decl_line) {
		Dwarf_Addr la;

		if (!dwarf_lineaddr(line, &la) && la == vaddr) {
			pp->line = lineno - fi.decl_line;
			return 0;
		}
	}
	pp->offset = vaddr - fi.entry;
	return 0;
}
