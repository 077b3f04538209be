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
#include "probe-finder-int.h"
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

void addr_list__clear(struct addr_list *al)
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
int find_probe_addrs(struct debuginfo *dbg, struct perf_probe_event *pev, struct addr_list *al,
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
