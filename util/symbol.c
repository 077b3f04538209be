// SPDX-License-Identifier: GPL-2.0
/* Symbol tables: sorted arrays, upstream's fixups, binary search. */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include "symbol.h"
#include "build-id.h"
#include "debug.h"
#include "demangle.h"
#include "huge.h"

struct symbol_conf symbol_conf = {
	.demangle = true,
	.inline_name = true,
	.symfs = "",
};

const char *buildid_dir__get(void)
{
	static char *dir;

	if (symbol_conf.buildid_dir)
		return symbol_conf.buildid_dir;
	if (dir)
		return dir;
	dir = build_id_cache__dir();
	if (!dir)
		dir = xstrdup("/.debug");
	return dir;
}

char *symfs__join(char *buf, size_t size, const char *path)
{
	const char *symfs = symbol_conf.symfs ? symbol_conf.symfs : "";

	snprintf(buf, size, "%s%s", symfs, path);
	return buf;
}

/* --- names --- */

/* Grows by half, from 16: most DSOs have few symbols (ALLOC_GROW_HUGE starts at 1024). */
static void syms__grow(struct symtab *st, size_t nr)
{
	size_t n;

	if (nr <= st->alloc)
		return;
	n = (st->alloc + 16) * 3 / 2;
	if (n < nr)
		n = nr;
	st->syms = xrealloc_huge(st->syms, n * sizeof(*st->syms));
	st->alloc = n;
}

struct name_chunk {
	struct name_chunk *next;
	size_t used;
	size_t size;
	char data[];
};

#define NAME_CHUNK_SIZE (64 * 1024 - sizeof(struct name_chunk))

/* Big tables (a kernel's) live in huge pages: see huge.h. */
static struct name_chunk *names__new_chunk(struct symtab *st, size_t len)
{
	size_t size = len > NAME_CHUNK_SIZE ? len : NAME_CHUNK_SIZE;
	struct name_chunk *c = xrealloc_huge(NULL, sizeof(*c) + size);

	c->size = size;
	c->used = 0;
	c->next = st->names;
	st->names = c;
	return c;
}

static char *names__alloc(struct symtab *st, size_t len)
{
	struct name_chunk *c = st->names;

	if (!c || c->size - c->used < len)
		c = names__new_chunk(st, len);
	c->used += len;
	return c->data + c->used - len;
}

const char *symbol__name(struct symbol *sym)
{
	char *d;

	if (sym->dname)
		return sym->dname;
	sym->dname = sym->name;
	if (!symbol_conf.demangle || (sym->flags & SYMBOL_RAW))
		return sym->name;
	if ((sym->flags & SYMBOL_KERNEL) && !symbol_conf.demangle_kernel)
		return sym->name;
	if (sym->flags & SYMBOL_PLT) {
		/* "name@plt": the name part is demangled */
		char *base = xstrndup(sym->name, strlen(sym->name) - 4);

		d = demangle_sym(base, verbose > 0);
		free(base);
		if (d) {
			sym->dname = xasprintf("%s@plt", d);
			free(d);
		}
		return sym->dname;
	}
	d = demangle_sym(sym->name, verbose > 0);
	if (d)
		sym->dname = d;
	return sym->dname;
}

void symtab__init(struct symtab *st)
{
	memset(st, 0, sizeof(*st));
}

static void symtab__drop_index(struct symtab *st)
{
	zfree(&st->starts);
	zfree(&st->max_end);
	zfree(&st->by_name);
	symtree__exit(&st->tree);
	st->has_tree = false;
	st->finished = false;
}

void symtab__exit(struct symtab *st)
{
	struct name_chunk *c, *next;

	for (size_t i = 0; i < st->nr; i++) {
		if (st->syms[i].dname && st->syms[i].dname != st->syms[i].name)
			free((char *)st->syms[i].dname);
	}
	for (c = st->names; c; c = next) {
		next = c->next;
		free_huge(c);
	}
	symtab__drop_index(st);
	symtree_log__exit(&st->log);
	free_huge(st->syms);
	memset(st, 0, sizeof(*st));
}

struct symbol *symtab__add(struct symtab *st, u64 start, u64 size, u8 binding, u8 type,
			   const char *name, size_t len)
{
	struct symbol *sym;
	char *copy = names__alloc(st, len + 1);

	if (st->finished)
		symtab__drop_index(st);
	memcpy(copy, name, len);
	copy[len] = '\0';
	syms__grow(st, st->nr + 1);
	sym = &st->syms[st->nr++];
	sym->start = start;
	sym->end = start + size;
	sym->name = copy;
	sym->dname = NULL;
	sym->binding = binding;
	sym->type = type;
	sym->flags = 0;
	sym->id = symtree_log__insert(&st->log, start);
	return sym;
}

/* --- sorting --- */

struct sort_key {
	u64 start;
	size_t idx;
};

/* LSD radix sort of the keys by start, a byte at a time: stable, no comparisons. */
static void radix_sort(struct sort_key *keys, size_t n)
{
	struct sort_key *tmp = xrealloc_huge(NULL, n * sizeof(*tmp)), *src = keys, *dst = tmp;

	for (int shift = 0; shift < 64; shift += 8) {
		size_t count[256] = { 0 }, pos = 0;

		for (size_t i = 0; i < n; i++)
			count[(src[i].start >> shift) & 0xff]++;
		/* all keys share this byte (the high ones, usually): nothing to do */
		if (count[(src[0].start >> shift) & 0xff] == n)
			continue;
		for (int b = 0; b < 256; b++) {
			size_t c = count[b];

			count[b] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++)
			dst[count[(src[i].start >> shift) & 0xff]++] = src[i];
		tmp = src;
		src = dst;
		dst = tmp;
	}
	if (src != keys) {
		memcpy(keys, src, n * sizeof(*keys));
		free_huge(src);
	} else {
		free_huge(dst);
	}
}

/* Two sorted runs, [0, mid) and [mid, nr): merged in one pass (PLT entries appended). */
static bool symtab__merge_runs(struct symtab *st, size_t mid)
{
	struct symbol *out, *a = st->syms, *b = st->syms + mid;
	size_t i = 0, j = 0, k = 0, nb = st->nr - mid;

	for (size_t x = mid + 1; x < st->nr; x++) {
		if (st->syms[x - 1].start > st->syms[x].start)
			return false;
	}
	out = xrealloc_huge(NULL, st->alloc * sizeof(*out));
	while (i < mid && j < nb)
		out[k++] = a[i].start <= b[j].start ? a[i++] : b[j++];
	while (i < mid)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
	free_huge(st->syms);
	st->syms = out;
	return true;
}

void symtab__sort(struct symtab *st)
{
	struct sort_key *keys;
	struct symbol saved;
	size_t i;

	for (i = 1; i < st->nr; i++) {
		if (st->syms[i - 1].start > st->syms[i].start)
			break;
	}
	if (i >= st->nr || symtab__merge_runs(st, i))
		return;
	/* sort small keys, then move each symbol once */
	keys = xrealloc_huge(NULL, st->nr * sizeof(*keys));
	for (i = 0; i < st->nr; i++) {
		keys[i].start = st->syms[i].start;
		keys[i].idx = i;
	}
	radix_sort(keys, st->nr);
	/* apply the permutation in place, cycle by cycle: no second array */
	for (i = 0; i < st->nr; i++) {
		size_t j = i, k;

		if (keys[i].idx == i)
			continue;
		saved = st->syms[i];
		while ((k = keys[j].idx) != i) {
			st->syms[j] = st->syms[k];
			keys[j].idx = j;
			j = k;
		}
		st->syms[j] = saved;
		keys[j].idx = j;
	}
	free_huge(keys);
}

void symtab__reserve(struct symtab *st, size_t nr)
{
	syms__grow(st, st->nr + nr);
}

void symtab__reserve_names(struct symtab *st, size_t bytes)
{
	if (!st->names || st->names->size - st->names->used < bytes)
		names__new_chunk(st, bytes);
}

/* --- upstream's fixups --- */

static inline u64 roundup_page(u64 x)
{
	return (x + 4095) & ~4095ULL;
}

void symtab__fixup_end(struct symtab *st, bool kallsyms)
{
	struct symbol *prev, *curr;

	if (!st->nr)
		return;
	for (size_t i = 1; i < st->nr; i++) {
		prev = &st->syms[i - 1];
		curr = &st->syms[i];
		if (prev->end != prev->start)
			continue;
		/* kallsyms: do not stretch the last kernel symbol over the gap to the modules */
		if (kallsyms && !strchr(prev->name, '[') != !strchr(curr->name, '['))
			prev->end = roundup_page(prev->end + 4096);
		else
			prev->end = curr->start;
	}
	curr = &st->syms[st->nr - 1];
	if (curr->end == curr->start)
		curr->end = roundup_page(curr->start) + 4096;
}

static size_t leading_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* Upstream's preference among aliases: true when a is kept over b. */
static bool symbol__better(struct symbol *a, struct symbol *b)
{
	u64 sa = symbol__size(a), sb = symbol__size(b);
	bool xa, xb;
	const char *na, *nb;
	size_t la, lb;

	if (sa && !sb)
		return true;
	if (!sa && sb)
		return false;
	xa = a->binding == STB_WEAK;
	xb = b->binding == STB_WEAK;
	if (xa != xb)
		return xb;
	xa = a->binding == STB_GLOBAL;
	xb = b->binding == STB_GLOBAL;
	if (xa != xb)
		return xa;
	/* upstream compares the names it stores: the demangled ones */
	na = symbol__name(a);
	nb = symbol__name(b);
	la = leading_underscores(na);
	lb = leading_underscores(nb);
	if (la != lb)
		return la < lb;
	la = strlen(na);
	lb = strlen(nb);
	if (la != lb)
		return la > lb;
	return true;
}

static void symbol__release(struct symbol *sym)
{
	if (sym->dname && sym->dname != sym->name)
		free((char *)sym->dname);
	sym->dname = NULL;
}

void symtab__fixup_duplicate(struct symtab *st)
{
	size_t i = 0, out = 0;

	if (symbol_conf.allow_aliases)
		return;
	while (i < st->nr) {
		struct symbol *best = &st->syms[i];
		size_t j = i + 1;

		for (; j < st->nr && st->syms[j].start == best->start; j++) {
			/* the loser leaves upstream's tree, in this order */
			if (symbol__better(best, &st->syms[j])) {
				symtree_log__erase(&st->log, st->syms[j].id);
				symbol__release(&st->syms[j]);
			} else {
				symtree_log__erase(&st->log, best->id);
				symbol__release(best);
				best = &st->syms[j];
			}
		}
		st->syms[out++] = *best;
		i = j;
	}
	st->nr = out;
}

void symtab__filter(struct symtab *st, bool (*keep)(struct symbol *sym, void *arg), void *arg)
{
	size_t out = 0;

	symtab__drop_index(st);
	for (size_t i = 0; i < st->nr; i++) {
		if (keep(&st->syms[i], arg)) {
			st->syms[out++] = st->syms[i];
		} else {
			symtree_log__erase(&st->log, st->syms[i].id);
			symbol__release(&st->syms[i]);
		}
	}
	st->nr = out;
}

void symtab__finish(struct symtab *st)
{
	bool overlap = false;

	symtab__drop_index(st);
	symtab__sort(st);
	/* the table is final: give back what loading reserved */
	if (st->alloc > st->nr + st->nr / 8) {
		st->syms = xrealloc_huge(st->syms, (st->nr ? st->nr : 1) * sizeof(*st->syms));
		st->alloc = st->nr ? st->nr : 1;
	}
	st->starts = xmalloc((st->nr ? st->nr : 1) * sizeof(u64));
	for (size_t i = 0; i < st->nr; i++) {
		st->starts[i] = st->syms[i].start;
		st->syms[i].flags &= ~SYMBOL_OVERLAP;
		if (i && st->syms[i - 1].end > st->syms[i].start)
			overlap = true;
	}
	if (overlap) {
		u64 m = 0;

		st->max_end = xmalloc(st->nr * sizeof(u64));
		for (size_t i = 0; i < st->nr; i++) {
			struct symbol *s = &st->syms[i];

			/* meets an earlier symbol, or the next one */
			if ((i && m > s->start) || (i + 1 < st->nr && s->end > s[1].start))
				s->flags |= SYMBOL_OVERLAP;
			if (s->end > m)
				m = s->end;
			st->max_end[i] = m;
		}
		st->has_tree = symtree__build(&st->tree, &st->log, st->syms, st->nr);
	}
	/* later additions cannot be replayed: keep the ids, drop the log */
	free_huge(st->log.ops);
	st->log.ops = NULL;
	st->log.nr = st->log.alloc = 0;
	st->finished = true;
}

/* Index of the first symbol starting after addr (branch-free: lookups are random). */
static size_t symtab__upper(const struct symtab *st, u64 addr)
{
	const u64 *base = st->starts;
	size_t n = st->nr;

	if (!n)
		return 0;
	while (n > 1) {
		size_t half = n / 2;

		base = base[half] <= addr ? base + half : base;
		n -= half;
	}
	return (size_t)(base - st->starts) + (*base <= addr);
}

struct symbol *symtab__find(const struct symtab *st, u64 addr)
{
	struct symbol *sym;
	size_t i;

	if (!st->finished || !st->nr)
		return NULL;
	i = symtab__upper(st, addr);
	if (i == 0)
		return NULL;
	sym = &st->syms[--i];
	if (!st->max_end)
		return addr < sym->end ? sym : NULL;
	/* contained by this one only */
	if (addr < sym->end && !(sym->flags & SYMBOL_OVERLAP))
		return sym;
	/* contained by none */
	if (addr >= sym->end && (i == 0 || st->max_end[i - 1] <= addr))
		return NULL;
	if (st->has_tree)
		return symtree__find(&st->tree, st->syms, addr);
	/* no replay possible (aliases kept): the innermost */
	for (;;) {
		if (addr < st->syms[i].end)
			return &st->syms[i];
		if (i == 0 || st->max_end[i - 1] <= addr)
			return NULL;
		i--;
	}
}

/*
 * [*lo, *hi): the addresses around addr that symtab__find() answers the same
 * way (the same i below; inside or past the symbol), so a caller may cache
 * the answer for all of them. *hi == 0 stands for "to the end of the space".
 */
struct symbol *symtab__find_range(const struct symtab *st, u64 addr, u64 *lo, u64 *hi)
{
	struct symbol *sym = symtab__find(st, addr);
	size_t i;

	*lo = addr;
	*hi = addr + 1;
	if (!st->finished)
		return sym;
	if (!st->nr) {
		*lo = *hi = 0;
		return sym;
	}
	i = symtab__upper(st, addr);
	if (i == 0) {
		*lo = 0;
		*hi = st->starts[0];
		return sym;
	}
	*hi = i < st->nr ? st->starts[i] : 0;
	if (sym == &st->syms[i - 1] && !(sym->flags & SYMBOL_OVERLAP)) {
		*lo = st->starts[i - 1];
		if (sym->end && (!*hi || sym->end < *hi))
			*hi = sym->end;
	} else if (!sym && (st->max_end ? st->max_end[i - 1] : st->syms[i - 1].end) <= addr) {
		/* past every symbol before: none contains it (the tree is not asked) */
		*lo = st->max_end ? st->max_end[i - 1] : st->syms[i - 1].end;
	} else {
		*lo = addr;
		*hi = addr + 1;
	}
	return sym;
}

struct symbol *symtab__find_next(const struct symtab *st, u64 addr)
{
	size_t i;

	if (!st->finished || !st->nr)
		return NULL;
	i = addr ? symtab__upper(st, addr - 1) : 0;
	return i < st->nr ? &st->syms[i] : NULL;
}

static int cmp_by_name(const void *a, const void *b)
{
	struct symbol *x = *(struct symbol *const *)a, *y = *(struct symbol *const *)b;
	int r = strcmp(symbol__name(x), symbol__name(y));

	if (r)
		return r;
	return x->start < y->start ? -1 : x->start > y->start;
}

struct symbol *symtab__find_by_name(struct symtab *st, const char *name)
{
	size_t lo = 0, hi = st->nr;

	if (!st->finished || !st->nr)
		return NULL;
	if (!st->by_name) {
		st->by_name = xmalloc(st->nr * sizeof(*st->by_name));
		for (size_t i = 0; i < st->nr; i++)
			st->by_name[i] = &st->syms[i];
		qsort(st->by_name, st->nr, sizeof(*st->by_name), cmp_by_name);
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(symbol__name(st->by_name[mid]), name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < st->nr && !strcmp(symbol__name(st->by_name[lo]), name))
		return st->by_name[lo];
	return NULL;
}

/* --- JIT maps --- */

static const char *parse_hex(const char *p, u64 *v)
{
	const char *start;

	*v = 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2]))
		p += 2;
	start = p;
	while (isxdigit((unsigned char)*p)) {
		int c = tolower((unsigned char)*p++);

		*v = (*v << 4) | (u64)(c <= '9' ? c - '0' : c - 'a' + 10);
	}
	return p == start ? NULL : p;
}

int symtab__load_perf_map(struct symtab *st, const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL;
	size_t n = 0;
	ssize_t len;
	int nr = 0;

	if (!fp)
		return -errno;
	while ((len = getline(&line, &n, fp)) > 0) {
		u64 start, size;
		const char *p = line, *name;

		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		p = parse_hex(p, &start);
		if (!p || *p != ' ')
			continue;
		p = parse_hex(p + 1, &size);
		if (!p || *p != ' ' || !p[1])
			continue;
		name = p + 1;
		symtab__add(st, start, size, STB_GLOBAL, STT_FUNC, name, line + len - name)->flags |= SYMBOL_RAW;
		nr++;
	}
	free(line);
	fclose(fp);
	return nr;
}
