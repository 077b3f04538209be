// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys: identity, order and cells of hist entries, with upstream's
 * headers, widths and orders (see sort.h).
 *
 * Compare functions follow upstream's sign: cmp(a, b) > 0 puts a first.
 */
#include "sort.h"
#include "dso.h"
#include "debug.h"
#include "evlist.h"
#include "hist.h"
#include "machine.h"
#include "map.h"
#include "srcline.h"
#include "strbuf.h"
#include "string2.h"
#include "symbol.h"
#include "thread.h"
#include "time-utils.h"
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <regex.h>
#include <strings.h>

struct sort_conf sort_conf = {
	.time_quantum = 100000000ULL,
};

const char default_parent_pattern[] = "^sys_|^do_page_fault";

static regex_t parent_regex;
static bool parent_regex_set;

int parent_regex__compile(const char *pattern)
{
	if (parent_regex_set)
		regfree(&parent_regex);
	parent_regex_set = false;
	if (regcomp(&parent_regex, pattern, REG_EXTENDED)) {
		pr_err("Invalid regex: %s\n", pattern);
		return -1;
	}
	parent_regex_set = true;
	return 0;
}

bool parent_regex__match(const char *name)
{
	return parent_regex_set && !regexec(&parent_regex, name, 0, NULL, 0);
}

static inline u64 mix(u64 h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 29;
	return h;
}

static u64 hash_string(const char *s)
{
	u64 h = 0xcbf29ce484222325ULL;

	if (!s)
		return 0;
	while (*s)
		h = (h ^ (u8)*s++) * 0x100000001b3ULL;
	return h;
}

static int cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return !l ? -1 : 1;
}

static int64_t sign64(int64_t v)
{
	return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* "%-*.*s" into sb; returns the length added */
static int pad_str(struct strbuf *sb, const char *s, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-*.*s", width, width, s);
	return (int)(sb->len - len);
}

static const char *dso_name(const struct dso *dso)
{
	return verbose > 0 ? dso->long_name : dso->short_name;
}

/* --- pid --- */

static int64_t thread_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return (int64_t)r->key.thread->tid - l->key.thread->tid;
}

static u64 thread_hash(const struct hist_entry *he)
{
	return mix((u64)he->key.thread->tid + 1);
}

static int thread_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	const char *comm = thread__comm_str(he->key.thread);
	size_t len = sb->len;
	int w = max(7, width) - 8;

	strbuf_addf(sb, "%7d:%-*.*s", he->key.thread->tid, w, w, comm ? comm : "");
	return (int)(sb->len - len);
}

/* --- comm --- */

static int64_t comm_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	if (l->key.comm == r->key.comm)
		return 0;
	return strcmp(r->key.comm, l->key.comm);
}

/* comms are interned by the machine: equal strings are one pointer */
static u64 comm_hash(const struct hist_entry *he)
{
	return mix((u64)(uintptr_t)he->key.comm);
}

static int comm_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	return pad_str(sb, he->key.comm, width);
}

/* --- dso --- */

static int64_t dso_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	const struct dso *dl = r->key.dso, *dr = l->key.dso;

	if (dl == dr)
		return 0;
	if (!dl || !dr)
		return cmp_null(dr, dl);
	return strcmp(dso_name(dl), dso_name(dr));
}

static u64 dso_hash(const struct hist_entry *he)
{
	return he->key.dso ? dso__report_info(he->key.dso)->name_hash : 0;
}

static int dso_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	return pad_str(sb, he->key.dso ? dso_name(he->key.dso) : "[unknown]", width);
}

/* --- sym --- */

/* upstream subtracts: the sign of the 64-bit difference decides, even across the sign bit */
static int64_t addr_cmp(u64 l, u64 r)
{
	return (int64_t)(r - l);
}

static int64_t sym_identity(const struct symbol *l, const struct symbol *r)
{
	if (!l || !r)
		return cmp_null(l, r);
	if (l == r)
		return 0;
	/* an inlined function (the range of the one it is inlined in): by name, then range */
	if (symbol__inlined(l) || symbol__inlined(r)) {
		int ret = strcmp(symbol__name((struct symbol *)l), symbol__name((struct symbol *)r));

		if (ret)
			return ret;
		if (l->start <= r->end && l->end >= r->start)
			return 0;
	}
	if (l->start != r->start)
		return (int64_t)(r->start - l->start);
	return (int64_t)(r->end - l->end);
}

static int64_t sym_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	int64_t ret;

	if (!l->key.sym && !r->key.sym)
		return addr_cmp(l->key.ip, r->key.ip);
	ret = dso_cmp(l, r);
	if (ret)
		return ret;
	return sym_identity(l->key.sym, r->key.sym);
}

static int64_t sym_sort(const struct hist_entry *l, const struct hist_entry *r)
{
	if (!l->key.sym || !r->key.sym)
		return cmp_null(l->key.sym, r->key.sym);
	return strcmp(symbol__name(r->key.sym), symbol__name(l->key.sym));
}

static u64 sym_hash(const struct hist_entry *he)
{
	if (!he->key.sym)
		return mix(he->key.ip);
	return mix(he->key.sym->start) ^ dso_hash(he);
}

static int sym_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	struct map *map = he->key.map;
	struct symbol *sym = he->key.sym;
	size_t len = sb->len;

	if (verbose > 0) {
		char o = map && map->dso ? dso__symtab_origin(map->dso) : '!';
		u64 rip = he->key.ip;

		if (map && map->dso && dso__is_kernel(map->dso) && !map->identity)
			rip = map__unmap_ip(map, rip);
		strbuf_addf(sb, "%-#*llx %c ", 18, (unsigned long long)rip, o);
	}
	strbuf_addf(sb, "[%c] ", he->key.level);
	if (sym && map) {
		const char *name = symbol__name(sym);

		if (sym->type == 1 /* STT_OBJECT */) {
			strbuf_addstr(sb, name);
			strbuf_addf(sb, "+0x%llx", (unsigned long long)(he->key.ip - sym->start));
		} else {
			int left = width - (int)(sb->len - len);

			strbuf_addf(sb, "%.*s", left > 0 ? left : 0, name);
			if (symbol__inlined(sym))
				strbuf_addstr(sb, " (inlined)");
		}
	} else {
		strbuf_addf(sb, "%-#.*llx", 16, (unsigned long long)he->key.ip);
	}
	return (int)(sb->len - len);
}

/* --- parent --- */

static int64_t parent_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	if (!l->key.parent || !r->key.parent)
		return cmp_null(l->key.parent, r->key.parent);
	return strcmp(symbol__name(r->key.parent), symbol__name(l->key.parent));
}

static u64 parent_hash(const struct hist_entry *he)
{
	return he->key.parent ? hash_string(symbol__name(he->key.parent)) : 0;
}

static int parent_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	return pad_str(sb, he->key.parent ? symbol__name(he->key.parent) : "[other]", width);
}

/* --- cpu, socket --- */

static int64_t cpu_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return (int64_t)r->key.cpu - l->key.cpu;
}

static u64 cpu_hash(const struct hist_entry *he)
{
	return mix((u64)(u32)he->key.cpu + 7);
}

static int cpu_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%*.*d", width, width, he->key.cpu);
	return (int)(sb->len - len);
}

static int64_t socket_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return (int64_t)r->key.socket - l->key.socket;
}

static u64 socket_hash(const struct hist_entry *he)
{
	return mix((u64)(u32)he->key.socket + 11);
}

static int socket_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%*.*d", width, width - 3, he->key.socket);
	return (int)(sb->len - len);
}

/* --- srcline, srcfile --- */

/* Interned strings: srclines, files and trace outputs compare by pointer. */
static struct {
	char	**slots;
	u32	mask;
	u32	nr;
} strings;

const char *sort__intern(const char *s)
{
	u64 h = hash_string(s);
	u32 pos;

	if (!strings.slots || (strings.nr + 1) * 2 > strings.mask) {
		char **old = strings.slots;
		u32 old_size = old ? strings.mask + 1 : 0;

		strings.mask = old_size ? old_size * 2 - 1 : 1023;
		strings.slots = xcalloc(strings.mask + 1, sizeof(char *));
		for (u32 i = 0; i < old_size; i++) {
			if (!old[i])
				continue;
			pos = (u32)hash_string(old[i]) & strings.mask;
			while (strings.slots[pos])
				pos = (pos + 1) & strings.mask;
			strings.slots[pos] = old[i];
		}
		free(old);
	}
	for (pos = (u32)h & strings.mask; strings.slots[pos]; pos = (pos + 1) & strings.mask)
		if (!strcmp(strings.slots[pos], s))
			return strings.slots[pos];
	strings.nr++;
	strings.slots[pos] = xstrdup(s);
	return strings.slots[pos];
}

void sort__free_strings(void)
{
	for (u32 i = 0; strings.slots && i <= strings.mask; i++)
		free(strings.slots[i]);
	zfree(&strings.slots);
	strings.nr = strings.mask = 0;
}

/* Upstream stops asking a dso for source lines after this many straight failures. */
#define A2L_FAIL_LIMIT 123

/* "file:line" of one source level, the file's basename unless full paths are asked for. */
static const char *srcline_frame__intern(const struct srcline_frame *sf)
{
	const char *file = sf->file ?: "", *slash = strrchr(file, '/');
	char buf[PATH_MAX + 16];

	if (!sort_conf.full_source_path && slash)
		file = slash + 1;
	snprintf(buf, sizeof(buf), "%s:%u", file, sf->line);
	return sort__intern(buf);
}

/* "file:0" (or "??:0") where addr2line falls back on the symbols, see dso__srcline_symbol_file(). */
static const char *dso__symbol_srcline(struct dso *dso, u64 addr)
{
	struct srcline_frame sf = { .line = 0 };

	if (!dso__srcline_symbol_file(dso, addr, &sf.file))
		return NULL;
	if (!sf.file)
		sf.file = "??";
	return srcline_frame__intern(&sf);
}

/*
 * The source line at dso-relative addr as addr2line gives it (interned),
 * NULL when it finds nothing. Counts failures as upstream, which gives up
 * on a DSO after A2L_FAIL_LIMIT of them before any success.
 */
static const char *dso__a2l_srcline(struct dso *dso, u64 addr, bool known)
{
	struct dso_report_info *info = dso__report_info(dso);
	const struct srcline *sl;
	const char *ret = NULL;

	if (info->no_srcline)
		return NULL;
	if (known) {
		sl = dso__srcline(dso, addr);
		ret = sl ? srcline_frame__intern(&sl->frames[0]) : dso__symbol_srcline(dso, addr);
	}
	if (ret)
		info->a2l_fails = 0;
	else if (info->a2l_fails && ++info->a2l_fails > A2L_FAIL_LIMIT)
		info->no_srcline = true;
	return ret;
}

/*
 * upstream's srcline of an entry: "file:line", "??:0" (see above), on
 * failure "sym+off" (show_sym) or "+off", or "dso[addr]" without a symbol;
 * "??:0" without a map. A call-chain entry has its inline level's line when
 * it has one (every frame with a symbol in a file with line tables, as
 * upstream's --inline); otherwise upstream asks addr2line with the address
 * as recorded taken for a file address, which finds nothing.
 */
static const char *entry_srcline(struct hist_entry *he, bool show_sym)
{
	struct map *map = he->key.map;
	struct dso *dso = he->key.dso;
	u64 addr = he->key.ip;
	bool known = true;
	char buf[PATH_MAX + 64];
	const char *sl;

	if (!map || !dso)
		return sort__intern("??:0");
	if (he->key.srcline)
		return srcline_frame__intern(he->key.srcline);
	if (he->key.chain && dso->kind == DSO_KIND_USER) {
		/* with --inline, upstream's one level of a symbol without a line */
		if (symbol_conf.inline_name && he->key.sym) {
			sl = dso__symbol_srcline(dso, map__map_ip(map, addr));
			if (sl)
				return sl;
		}
		/* upstream's file address of a recorded one is off, but for ET_EXEC's text offset */
		known = false;
	}
	sl = dso__a2l_srcline(dso, addr, known);
	if (sl)
		return sl;
	if (he->key.sym)
		snprintf(buf, sizeof(buf), "%s+%" PRIu64, show_sym ? symbol__name(he->key.sym) : "",
			 addr - he->key.sym->start);
	else
		snprintf(buf, sizeof(buf), "%s[%" PRIx64 "]", dso->short_name,
			 he->key.chain ? addr : map__rip_2objdump(map, addr));
	return sort__intern(buf);
}

const char *hist_entry__srcline(struct hist_entry *he)
{
	if (!he->srcline)
		he->srcline = entry_srcline(he, true);
	return he->srcline;
}

const char *hist_entry__srcfile(struct hist_entry *he)
{
	if (!he->srcfile) {
		const char *sl = entry_srcline(he, false);
		const char *colon = strchr(sl, ':');

		if (colon && colon != sl && strcmp(sl, "??:0")) {
			char *f = xstrndup(sl, colon - sl);

			he->srcfile = sort__intern(f);
			free(f);
		} else {
			he->srcfile = sort__intern("");
		}
	}
	return he->srcfile;
}

static int64_t srcline_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	const char *sl = hist_entry__srcline((struct hist_entry *)l);
	const char *sr = hist_entry__srcline((struct hist_entry *)r);

	return sl == sr ? 0 : strcmp(sr, sl);
}

static u64 srcline_hash(const struct hist_entry *he)
{
	return mix((u64)(uintptr_t)hist_entry__srcline((struct hist_entry *)he));
}

static int srcline_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-.*s", width, hist_entry__srcline(he));
	return (int)(sb->len - len);
}

static int64_t srcfile_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	const char *sl = hist_entry__srcfile((struct hist_entry *)l);
	const char *sr = hist_entry__srcfile((struct hist_entry *)r);

	return sl == sr ? 0 : strcmp(sr, sl);
}

static u64 srcfile_hash(const struct hist_entry *he)
{
	return mix((u64)(uintptr_t)hist_entry__srcfile((struct hist_entry *)he));
}

static int srcfile_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-.*s", width, hist_entry__srcfile(he));
	return (int)(sb->len - len);
}

/* --- weights --- */

static int64_t weight_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return l->key.weight == r->key.weight ? 0 : l->key.weight > r->key.weight ? 1 : -1;
}

static u64 weight_hash(const struct hist_entry *he)
{
	return mix(he->key.weight + 3);
}

static int local_weight_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;
	u64 w = he->stat.nr_events ? he->stat.weight / he->stat.nr_events : 0;

	strbuf_addf(sb, "%-*llu", width, (unsigned long long)w);
	return (int)(sb->len - len);
}

static int global_weight_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-*llu", width, (unsigned long long)he->stat.weight);
	return (int)(sb->len - len);
}

/* --- trace --- */

static const char *entry_trace(const struct hist_entry *he)
{
	return he->key.trace ? he->key.trace : "N/A";
}

static int64_t trace_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	const char *tl = entry_trace(l), *tr = entry_trace(r);

	return tl == tr ? 0 : strcmp(tr, tl);
}

static u64 trace_hash(const struct hist_entry *he)
{
	return hash_string(entry_trace(he));
}

static int trace_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-.*s", width, entry_trace(he));
	return (int)(sb->len - len);
}

/* --- symbol_size, dso_size --- */

static int64_t size_cmp(u64 l, u64 r)
{
	return l == r ? 0 : l < r ? 1 : -1;
}

static int64_t sym_size_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return size_cmp(l->key.sym ? symbol__size(l->key.sym) : 0, r->key.sym ? symbol__size(r->key.sym) : 0);
}

static u64 sym_size_hash(const struct hist_entry *he)
{
	return mix(he->key.sym ? symbol__size(he->key.sym) : 0);
}

static int sym_size_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	if (he->key.sym)
		strbuf_addf(sb, "%*d", width, (int)symbol__size(he->key.sym));
	else
		strbuf_addf(sb, "%*s", width, "unknown");
	return (int)(sb->len - len);
}

/* The column upstream shows next to symbol_size; without branch data always empty. */
static int64_t none_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	(void)l;
	(void)r;
	return 0;
}

static u64 none_hash(const struct hist_entry *he)
{
	(void)he;
	return 0;
}

static int ipc_null_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	(void)he;
	return pad_str(sb, "-      -", width);
}

static int64_t dso_size_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return size_cmp(l->key.map ? map__size(l->key.map) : 0, r->key.map ? map__size(r->key.map) : 0);
}

static u64 dso_size_hash(const struct hist_entry *he)
{
	return mix(he->key.map ? map__size(he->key.map) : 0);
}

static int dso_size_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	if (he->key.map && he->key.map->dso)
		strbuf_addf(sb, "%*d", width, (int)map__size(he->key.map));
	else
		strbuf_addf(sb, "%*s", width, "unknown");
	return (int)(sb->len - len);
}

/* --- time --- */

static int64_t time_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return addr_cmp(l->key.time, r->key.time);
}

static u64 time_hash(const struct hist_entry *he)
{
	return mix(he->key.time + 5);
}

static int time_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	char buf[64];
	size_t len = sb->len;

	if (sort_conf.nanosecs)
		timestamp__scnprintf_nsec(he->key.time, buf, sizeof(buf));
	else
		timestamp__scnprintf_usec(he->key.time, buf, sizeof(buf));
	strbuf_addf(sb, "%-.*s", width, buf);
	return (int)(sb->len - len);
}

/* --- addr --- */

static u64 entry_addr(const struct hist_entry *he)
{
	return he->key.map ? map__unmap_ip(he->key.map, he->key.ip) : he->key.ip;
}

static int64_t eaddr_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return addr_cmp(entry_addr(l), entry_addr(r));
}

static u64 eaddr_hash(const struct hist_entry *he)
{
	return mix(entry_addr(he));
}

static int eaddr_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	strbuf_addf(sb, "%-#*llx", width, (unsigned long long)entry_addr(he));
	return (int)(sb->len - len);
}

/* --- code_page_size, cgroup, cgroup_id --- */

static int64_t code_page_cmp(const struct hist_entry *l, const struct hist_entry *r)
{
	return addr_cmp(l->key.code_page_size, r->key.code_page_size);
}

static u64 code_page_hash(const struct hist_entry *he)
{
	return mix(he->key.code_page_size);
}

static int code_page_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	char buf[32];
	u64 sz = he->key.code_page_size;

	if (!sz)
		snprintf(buf, sizeof(buf), "N/A");
	else if (sz >= (1ULL << 30))
		snprintf(buf, sizeof(buf), "%lluG", (unsigned long long)(sz >> 30));
	else if (sz >= (1ULL << 20))
		snprintf(buf, sizeof(buf), "%lluM", (unsigned long long)(sz >> 20));
	else
		snprintf(buf, sizeof(buf), "%lluK", (unsigned long long)(sz >> 10));
	return pad_str(sb, buf, width);
}

static int cgroup_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	(void)he;
	return pad_str(sb, "N/A", width);
}

static int cgroup_id_snprintf(struct hist_entry *he, struct strbuf *sb, int width)
{
	size_t len = sb->len;

	(void)he;
	(void)width;
	strbuf_addstr(sb, "0/0x0");
	return (int)(sb->len - len);
}

#define KEY(_name, _header, _col, _needs, _frame, _cmp, _sort, _hash, _snprintf) \
	{ .name = _name, .header = _header, .width_idx = _col, .needs = _needs, .per_frame = _frame, \
	  .cmp = _cmp, .sort = _sort, .hash = _hash, .snprintf = _snprintf }

/* In upstream's order: a prefix picks the first key it matches. */
static const struct sort_key sort_keys[] = {
	KEY("pid", "    Pid:Command", HISTC_THREAD, 0, false, thread_cmp, NULL, thread_hash, thread_snprintf),
	KEY("comm", "Command", HISTC_COMM, 0, false, comm_cmp, NULL, comm_hash, comm_snprintf),
	KEY("dso", "Shared Object", HISTC_DSO, 0, true, dso_cmp, NULL, dso_hash, dso_snprintf),
	KEY("symbol", "Symbol", HISTC_SYMBOL, SORT_NEED_SYM, true, sym_cmp, sym_sort, sym_hash, sym_snprintf),
	KEY("parent", "Parent symbol", HISTC_PARENT, SORT_NEED_PARENT, false, parent_cmp, NULL, parent_hash,
	    parent_snprintf),
	KEY("cpu", "CPU", HISTC_CPU, 0, false, cpu_cmp, NULL, cpu_hash, cpu_snprintf),
	KEY("socket", "Socket", HISTC_SOCKET, 0, false, socket_cmp, NULL, socket_hash, socket_snprintf),
	KEY("srcline", "Source:Line", HISTC_SRCLINE, SORT_NEED_SRCLINE | SORT_NEED_ADDR, true, srcline_cmp, NULL,
	    srcline_hash, srcline_snprintf),
	KEY("srcfile", "Source File", HISTC_SRCFILE, SORT_NEED_SRCLINE | SORT_NEED_ADDR, true, srcfile_cmp, NULL,
	    srcfile_hash, srcfile_snprintf),
	KEY("local_weight", "Local Weight", HISTC_LOCAL_WEIGHT, 0, false, weight_cmp, NULL, weight_hash,
	    local_weight_snprintf),
	KEY("weight", "Weight", HISTC_GLOBAL_WEIGHT, 0, false, weight_cmp, NULL, weight_hash,
	    global_weight_snprintf),
	KEY("trace", "Trace output", HISTC_TRACE, SORT_NEED_TRACE, false, trace_cmp, NULL, trace_hash,
	    trace_snprintf),
	KEY("symbol_size", "Symbol size", HISTC_SYM_SIZE, SORT_NEED_SYM, true, sym_size_cmp, NULL, sym_size_hash,
	    sym_size_snprintf),
	KEY("dso_size", "DSO size", HISTC_DSO_SIZE, 0, true, dso_size_cmp, NULL, dso_size_hash,
	    dso_size_snprintf),
	KEY("cgroup", "Cgroup", HISTC_CGROUP, 0, false, none_cmp, NULL, none_hash, cgroup_snprintf),
	KEY("cgroup_id", "cgroup id (dev/inode)", HISTC_CGROUP_ID, 0, false, none_cmp, NULL, none_hash,
	    cgroup_id_snprintf),
	KEY("time", "Time", HISTC_TIME, 0, false, time_cmp, NULL, time_hash, time_snprintf),
	KEY("code_page_size", "Code Page Size", HISTC_CODE_PAGE_SIZE, 0, false, code_page_cmp, NULL,
	    code_page_hash, code_page_snprintf),
	KEY("addr", "Address", HISTC_ADDR, SORT_NEED_ADDR, true, eaddr_cmp, NULL, eaddr_hash, eaddr_snprintf),
};

/* The column upstream adds after symbol_size. */
static const struct sort_key ipc_null_key =
	KEY("ipc_null", "IPC   [IPC Coverage]", HISTC_SYM_IPC, SORT_NEED_SYM, true, sym_cmp, NULL, sym_hash,
	    ipc_null_snprintf);

/* Keys of upstream's branch and memory modes: they need data this machine cannot record. */
static const char *const mode_keys[] = {
	"dso_from", "dso_to", "symbol_from", "symbol_to", "mispredict", "abort", "in_tx", "cycles",
	"srcline_from", "srcline_to", "ipc_lbr", "addr_from", "addr_to", "symbol_daddr", "dso_daddr",
	"locked", "tlb", "mem", "snoop", "dcacheline", "symbol_iaddr", "phys_daddr", "data_page_size",
	"blocked",
};

/* Upstream keys this report does not compute. */
static const char *const unsupported_keys[] = {
	"transaction", "ipc_null", "local_ins_lat", "ins_lat", "local_p_stage_cyc", "p_stage_cyc",
};

static const struct {
	const char *name;
	enum hpp_kind kind;
	const char *header;
	int len;
} hpp_dims[] = {
	{ "overhead", HPP_OVERHEAD, "Overhead", 8 },
	{ "overhead_sys", HPP_OVERHEAD_SYS, "sys", 8 },
	{ "overhead_us", HPP_OVERHEAD_US, "usr", 8 },
	{ "overhead_guest_sys", HPP_OVERHEAD_GUEST_SYS, "guest sys", 9 },
	{ "overhead_guest_us", HPP_OVERHEAD_GUEST_US, "guest usr", 9 },
	{ "overhead_children", HPP_OVERHEAD_ACC, "Children", 8 },
	{ "sample", HPP_SAMPLES, "Samples", 12 },
	{ "period", HPP_PERIOD, "Period", 12 },
};

const struct sort_key *sort_key__find(const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < ARRAY_SIZE(sort_keys); i++)
		if (!strncasecmp(name, sort_keys[i].name, len))
			return &sort_keys[i];
	return NULL;
}

/* --- what the report keeps per dso --- */

static struct dsos *report_dsos;

void sort__set_dsos(struct dsos *dsos)
{
	report_dsos = dsos;
}

struct dso_report_info *dso__report_info(struct dso *dso)
{
	struct dso_report_info *info = dso->priv;

	if (info)
		return info;
	info = xzalloc(sizeof(*info));
	info->a2l_fails = 1;
	info->name_hash = hash_string(dso_name(dso));
	if (report_dsos) {
		for (size_t i = 0; i < report_dsos->nr; i++) {
			if (report_dsos->all[i] == dso) {
				info->rank = (u32)i + 1;
				break;
			}
		}
	}
	dso->priv = info;
	return info;
}

void sort__free_dso_infos(void)
{
	if (!report_dsos)
		return;
	for (size_t i = 0; i < report_dsos->nr; i++)
		zfree(&report_dsos->all[i]->priv);
}

/* --- fields --- */

static struct hist_field *field_new(enum hpp_kind kind, const struct sort_key *key)
{
	struct hist_field *fld = xzalloc(sizeof(*fld));

	fld->kind = kind;
	fld->key = key;
	if (key) {
		fld->name = key->header;
		return fld;
	}
	for (size_t i = 0; i < ARRAY_SIZE(hpp_dims); i++) {
		if (hpp_dims[i].kind == kind) {
			fld->name = hpp_dims[i].header;
			fld->len = hpp_dims[i].len;
		}
	}
	return fld;
}

static struct hist_field *find_field(struct hist_field **list, int nr, enum hpp_kind kind,
				     const struct sort_key *key)
{
	for (int i = 0; i < nr; i++)
		if (list[i]->kind == kind && list[i]->key == key)
			return list[i];
	return NULL;
}

static void add_sort(struct hist_fields *f, struct hist_field *fld)
{
	if (f->nr_sorts < MAX_HIST_FIELDS)
		f->sorts[f->nr_sorts++] = fld;
	else
		free(fld);
}

static void add_column(struct hist_fields *f, struct hist_field *fld)
{
	fld->output = true;
	if (f->nr_columns < MAX_HIST_FIELDS)
		f->columns[f->nr_columns++] = fld;
}

static void note_key(struct hist_fields *f, const struct sort_key *key)
{
	for (int i = 0; i < f->nr_keys; i++)
		if (f->keys[i] == key)
			return;
	if (f->nr_keys < MAX_HIST_FIELDS)
		f->keys[f->nr_keys++] = key;
	f->needs |= key->needs;
	if (key->per_frame && (key->needs & SORT_NEED_ADDR))
		f->per_frame_keys = true;
	if (!strcmp(key->name, "symbol"))
		f->has_sym = true;
	else if (!strcmp(key->name, "dso"))
		f->has_dso = true;
	else if (!strcmp(key->name, "parent"))
		f->has_parent = true;
}

static bool in_list(const char *tok, const char *const *list, size_t nr, bool exact)
{
	size_t len = strlen(tok);

	for (size_t i = 0; i < nr; i++)
		if (!strncasecmp(tok, list[i], len) && (!exact || len == strlen(list[i])))
			return true;
	return false;
}

static void add_key(struct hist_fields *f, const struct sort_key *key, bool sort)
{
	struct hist_field **list = sort ? f->sorts : f->columns;
	int nr = sort ? f->nr_sorts : f->nr_columns;

	if (find_field(list, nr, HPP_KEY, key))
		return;
	if (sort) {
		add_sort(f, field_new(HPP_KEY, key));
		note_key(f, key);
	} else {
		add_column(f, field_new(HPP_KEY, key));
	}
	if (key->width_idx == HISTC_SYM_SIZE)
		add_key(f, &ipc_null_key, sort);
}

static int add_hpp(struct hist_fields *f, const char *tok, bool sort)
{
	size_t len = strlen(tok);

	for (size_t i = 0; i < ARRAY_SIZE(hpp_dims); i++) {
		if (strncasecmp(tok, hpp_dims[i].name, len))
			continue;
		if (sort && !find_field(f->sorts, f->nr_sorts, hpp_dims[i].kind, NULL))
			add_sort(f, field_new(hpp_dims[i].kind, NULL));
		if (!sort && !find_field(f->columns, f->nr_columns, hpp_dims[i].kind, NULL))
			add_column(f, field_new(hpp_dims[i].kind, NULL));
		return 0;
	}
	return -ESRCH;
}

/* One -s or -F token: 0, -EINVAL (a key of another mode), -ESRCH (unknown), -ENOTSUP. */
static int token_add(struct hist_fields *f, const char *tok, bool sort)
{
	const struct sort_key *key;

	if (in_list(tok, unsupported_keys, ARRAY_SIZE(unsupported_keys), true))
		return -ENOTSUP;
	/* -s looks at the keys first, -F at the value columns */
	if (!sort && !add_hpp(f, tok, false))
		return 0;
	key = sort_key__find(tok);
	if (key) {
		add_key(f, key, sort);
		return 0;
	}
	if (sort && !add_hpp(f, tok, true))
		return 0;
	if (in_list(tok, mode_keys, ARRAY_SIZE(mode_keys), false))
		return -EINVAL;
	return -ESRCH;
}

static int parse_list(struct hist_fields *f, const char *list, bool sort)
{
	const char *opt = sort ? "sort" : "fields";
	char *str = xstrdup(list), *tok, *save = NULL;
	int err = 0;

	for (tok = strtok_r(str, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		err = token_add(f, tok, sort);
		if (err == -EINVAL)
			pr_err("Error:\nInvalid --%s key: `%s'\n", opt, tok);
		else if (err == -ESRCH)
			pr_err("Error:\nUnknown --%s key: `%s'\n", opt, tok);
		else if (err == -ENOTSUP)
			pr_err("Error:\nThe --%s key `%s' is not supported by this perf\n", opt, tok);
		if (err)
			break;
	}
	free(str);
	return err;
}

static bool is_strict_order(const char *order)
{
	return order && *order != '+';
}

bool sort__all_tracepoints(struct evlist *evlist)
{
	struct evsel *evsel;

	if (!evlist || !evlist->nr_entries)
		return false;
	evlist__for_each_entry(evlist, evsel)
		if (evsel->attr.type != PERF_TYPE_TRACEPOINT)
			return false;
	return true;
}

/* "overhead" (and "overhead_children") first unless given (upstream looks for the substring). */
static char *prefix_if_not_in(const char *pre, char *str)
{
	char *n;

	if (strstr(str, pre))
		return str;
	n = xasprintf("%s,%s", pre, str);
	free(str);
	return n;
}

static void add_default_columns(struct hist_fields *f)
{
	if (sort_conf.cumulate)
		add_column(f, field_new(HPP_OVERHEAD_ACC, NULL));
	add_column(f, field_new(HPP_OVERHEAD, NULL));
	if (sort_conf.cumulate)
		f->columns[f->nr_columns - 1]->name = "Self";
	if (sort_conf.show_cpu_utilization) {
		add_column(f, field_new(HPP_OVERHEAD_SYS, NULL));
		add_column(f, field_new(HPP_OVERHEAD_US, NULL));
	}
	if (sort_conf.show_nr_samples)
		add_column(f, field_new(HPP_SAMPLES, NULL));
	if (sort_conf.show_total_period)
		add_column(f, field_new(HPP_PERIOD, NULL));
}

int hist_fields__setup(struct hist_fields *f, struct evlist *evlist, char *bad_opt)
{
	const char *sort_order = sort_conf.sort_order, *field_order = sort_conf.field_order;
	const char *def = sort__all_tracepoints(evlist) ? "trace" : "comm,dso,symbol";
	char *keys = NULL;

	memset(f, 0, sizeof(*f));
	*bad_opt = 0;
	if (sort_order && *sort_order == '+')
		keys = xasprintf("%s,%s", def, sort_order + 1);
	else if (sort_order)
		keys = xstrdup(sort_order);
	else if (!is_strict_order(field_order))
		keys = xstrdup(def);
	if (keys && !is_strict_order(field_order)) {
		keys = prefix_if_not_in("overhead", keys);
		if (sort_conf.cumulate)
			keys = prefix_if_not_in("overhead_children", keys);
	}
	if (keys) {
		int err = parse_list(f, keys, true);

		free(keys);
		if (err) {
			*bad_opt = 's';
			return -1;
		}
	}
	if (sort_conf.parent_set)
		add_key(f, sort_key__find("parent"), true);
	if (!is_strict_order(field_order))
		add_default_columns(f);
	if (field_order && parse_list(f, field_order + (*field_order == '+'), false)) {
		*bad_opt = 'F';
		return -1;
	}
	/* sort keys become columns, then columns become sort keys */
	for (int i = 0; i < f->nr_sorts; i++) {
		struct hist_field *s = f->sorts[i];
		struct hist_field *c = find_field(f->columns, f->nr_columns, s->kind, s->key);

		if (!c) {
			add_column(f, s);
		} else if (c != s) {
			f->sorts[i] = c;
			if (!strcmp(s->name, "Self"))
				c->name = "Self";
			free(s);
		}
	}
	for (int i = 0; i < f->nr_columns; i++) {
		struct hist_field *c = f->columns[i];

		if (find_field(f->sorts, f->nr_sorts, c->kind, c->key))
			continue;
		add_sort(f, c);
		if (c->key)
			note_key(f, c->key);
	}
	return 0;
}

void hist_fields__exit(struct hist_fields *f)
{
	/* sorts first: those that are also columns are freed with the columns */
	for (int i = 0; i < f->nr_sorts; i++)
		if (!f->sorts[i]->output)
			free(f->sorts[i]);
	for (int i = 0; i < f->nr_columns; i++)
		free(f->columns[i]);
	memset(f, 0, sizeof(*f));
}

static bool elide_one(const struct strlist *list, const char *name, struct strbuf *out)
{
	if (list && strlist__nr_entries(list) == 1) {
		if (out)
			strbuf_addf(out, "# %s: %s\n", name, strlist__entry(list, 0));
		return true;
	}
	return false;
}

void hist_fields__setup_elide(struct hist_fields *f, const struct strlist *comms,
			      const struct strlist *dsos, const struct strlist *syms, struct strbuf *out)
{
	bool all = true;

	for (int i = 0; i < f->nr_columns; i++) {
		struct hist_field *c = f->columns[i];

		if (!c->key)
			continue;
		if (c->key->width_idx == HISTC_SYMBOL)
			c->elide = elide_one(syms, "symbol", out);
		else if (c->key->width_idx == HISTC_DSO)
			c->elide = elide_one(dsos, "dso", out);
		else if (c->key->width_idx == HISTC_COMM)
			c->elide = elide_one(comms, "comm", out);
		if (!c->elide)
			all = false;
	}
	if (all)
		for (int i = 0; i < f->nr_columns; i++)
			f->columns[i]->elide = false;
}

void hist_fields__set_user_widths(struct hist_fields *f, const char *list)
{
	const char *p = list;

	for (int i = 0; i < f->nr_columns && p && *p; i++) {
		char *end;

		f->columns[i]->user_len = (int)strtol(p, &end, 10);
		p = *end == ',' ? end + 1 : NULL;
	}
}

int hist_field__width(const struct hist_field *f, const struct hists *hists)
{
	int len;

	if (f->key)
		return f->user_len ? f->user_len : hists__col_len(hists, f->key->width_idx);
	len = f->user_len ? f->user_len : f->len;
	if (sort_conf.event_group && hists->nr_group)
		len = max(len, (hists->nr_group + 1) * f->len);
	if (len < (int)strlen(f->name))
		len = (int)strlen(f->name);
	return len;
}

int64_t hist_entry__cmp_keys(const struct hist_fields *f, const struct hist_entry *a, const struct hist_entry *b)
{
	for (int i = 0; i < f->nr_keys; i++) {
		int64_t r = f->keys[i]->cmp(a, b);

		if (r)
			return sign64(r);
	}
	return 0;
}


void hist_fields__cancel_cumulate(struct hist_fields *f)
{
	if (is_strict_order(sort_conf.field_order))
		return;
	for (int i = 0; i < f->nr_columns; i++) {
		struct hist_field *c = f->columns[i];

		if (c->kind == HPP_OVERHEAD_ACC) {
			memmove(&f->columns[i], &f->columns[i + 1], (f->nr_columns - i - 1) * sizeof(*f->columns));
			f->nr_columns--;
			c->output = false;
			i--;
		} else if (c->kind == HPP_OVERHEAD) {
			c->name = "Overhead";
		}
	}
}
