// SPDX-License-Identifier: GPL-2.0
/* Inline levels of addresses, and the symbols of inlined functions, per DSO. */
#include "inline-cache.h"
#include "debug.h"
#include "demangle.h"
#include "dso.h"
#include "hashmap.h"
#include "srcline.h"

struct inline_entry {
	struct hashmap_entry	ent;	/* by address */
	u64			addr;
	struct inline_levels	*levels;	/* NULL: no source information */
};

/* The symbol of a function inlined in base. */
struct inline_sym {
	struct hashmap_entry	ent;	/* by (base, name) */
	const struct symbol	*base;
	struct symbol		*canonical;	/* the first of this name in the dso */
	struct symbol		sym;
	char			name[];
};

struct inline_sym_key {
	const struct symbol	*base;
	const char		*name;
};

/* The names of inlined functions, each with the first symbol of that name. */
struct inline_name {
	struct hashmap_entry	ent;
	struct symbol		*sym;
};

struct inline_cache {
	struct hashmap	entries;
	struct hashmap	syms;
	struct hashmap	names;
};

static int entry_cmp(const void *data, const struct hashmap_entry *a, const struct hashmap_entry *b,
		     const void *keydata)
{
	const struct inline_entry *x = container_of(a, struct inline_entry, ent);

	(void)data;
	return x->addr != (keydata ? *(const u64 *)keydata : container_of(b, struct inline_entry, ent)->addr);
}

static int sym_cmp(const void *data, const struct hashmap_entry *a, const struct hashmap_entry *b,
		   const void *keydata)
{
	const struct inline_sym *x = container_of(a, struct inline_sym, ent);
	const struct inline_sym_key *k = keydata;
	struct inline_sym_key other;

	(void)data;
	if (!k) {
		const struct inline_sym *y = container_of(b, struct inline_sym, ent);

		other = (struct inline_sym_key){ y->base, y->name };
		k = &other;
	}
	return x->base != k->base || strcmp(x->name, k->name);
}

static int name_cmp(const void *data, const struct hashmap_entry *a, const struct hashmap_entry *b,
		    const void *keydata)
{
	const struct inline_name *x = container_of(a, struct inline_name, ent);

	(void)data;
	return strcmp(x->sym->name, keydata ? keydata : container_of(b, struct inline_name, ent)->sym->name);
}

static unsigned int sym_hash(const struct inline_sym_key *k)
{
	return hash_str(k->name) ^ hash_u64((u64)(uintptr_t)k->base);
}

static struct inline_cache *inline_cache__new(void)
{
	struct inline_cache *c = xzalloc(sizeof(*c));

	hashmap_init(&c->entries, entry_cmp, NULL, 0);
	hashmap_init(&c->syms, sym_cmp, NULL, 0);
	hashmap_init(&c->names, name_cmp, NULL, 0);
	return c;
}

void inline_cache__delete(struct inline_cache *c)
{
	struct hashmap_iter iter;
	struct inline_entry *e;
	struct inline_sym *is;
	struct inline_name *in;

	if (!c)
		return;
	hashmap_for_each_entry(&c->entries, &iter, e, struct inline_entry, ent) {
		free(e->levels);
		free(e);
	}
	hashmap_for_each_entry(&c->names, &iter, in, struct inline_name, ent)
		free(in);
	hashmap_for_each_entry(&c->syms, &iter, is, struct inline_sym, ent)
		free(is);
	hashmap_clear(&c->entries);
	hashmap_clear(&c->syms);
	hashmap_clear(&c->names);
	free(c);
}

/* The first symbol of an inlined function's name in the dso. */
static struct symbol *canonical_sym(struct inline_cache *c, struct inline_sym *is)
{
	struct hashmap_entry key;
	struct inline_name *in;

	hashmap_entry_init(&key, hash_str(is->name));
	in = hashmap_iter_entry(hashmap_get(&c->names, &key, is->name), struct inline_name, ent);
	if (in)
		return in->sym;
	in = xmalloc(sizeof(*in));
	in->sym = &is->sym;
	hashmap_entry_init(&in->ent, key.hash);
	hashmap_add(&c->names, &in->ent);
	return in->sym;
}

/* The symbol of function name inlined in base: base's range, upstream's "name (inlined)". */
static struct symbol *inline_sym(struct inline_cache *c, struct symbol *base, const char *name)
{
	struct inline_sym_key k = { base, name };
	struct hashmap_entry key;
	struct inline_sym *is;
	size_t len = strlen(name);

	hashmap_entry_init(&key, sym_hash(&k));
	is = hashmap_iter_entry(hashmap_get(&c->syms, &key, &k), struct inline_sym, ent);
	if (is)
		return &is->sym;
	is = xzalloc(sizeof(*is) + len + 1);
	memcpy(is->name, name, len + 1);
	is->base = base;
	is->sym.start = base->start;
	is->sym.end = base->end;
	is->sym.name = is->name;
	is->sym.dname = is->name;	/* demangled already */
	is->sym.binding = base->binding;
	is->sym.type = base->type;
	is->sym.flags = SYMBOL_INLINED | SYMBOL_RAW;
	is->sym.id = base->id;
	is->canonical = canonical_sym(c, is);
	hashmap_entry_init(&is->ent, key.hash);
	hashmap_add(&c->syms, &is->ent);
	return &is->sym;
}

struct symbol *inline_sym__canonical(struct symbol *sym)
{
	return container_of(sym, struct inline_sym, sym)->canonical;
}

/* A level's symbol: sym itself when the level's function is sym's (or has no name). */
static struct symbol *level_sym(struct inline_cache *c, const char *func, struct symbol *sym)
{
	char *demangled = NULL;
	const char *name = func;
	struct symbol *ret = sym;

	/* without a name, addr2line names the symbol-table function: the symbol's */
	if (!func)
		return sym;
	if (symbol_conf.demangle)
		demangled = demangle_sym(func, verbose > 0);
	if (demangled)
		name = demangled;
	if (strcmp(name, symbol__name(sym)))
		ret = inline_sym(c, sym, name);
	free(demangled);
	return ret;
}

static struct inline_levels *inline_levels__new(struct inline_cache *c, struct dso *dso, u64 addr,
						struct symbol *sym)
{
	const struct srcline *sl = dso__srcline(dso, addr);
	struct inline_levels *il;

	if (!sl || !sl->nr_frames)
		return NULL;
	il = xmalloc(sizeof(*il) + sl->nr_frames * sizeof(il->levels[0]));
	il->nr = sl->nr_frames;
	for (u32 i = 0; i < sl->nr_frames; i++) {
		il->levels[i].sym = level_sym(c, sl->frames[i].func, sym);
		il->levels[i].srcline = &sl->frames[i];
	}
	return il;
}

const struct inline_levels *dso__inline_levels(struct dso *dso, u64 addr, struct symbol *sym)
{
	struct inline_cache *c = dso->inlines;
	struct hashmap_entry key;
	struct inline_entry *e;

	if (!c)
		c = dso->inlines = inline_cache__new();
	hashmap_entry_init(&key, hash_u64(addr));
	e = hashmap_iter_entry(hashmap_get(&c->entries, &key, &addr), struct inline_entry, ent);
	if (e)
		return e->levels;
	e = xmalloc(sizeof(*e));
	e->addr = addr;
	e->levels = inline_levels__new(c, dso, addr, sym);
	hashmap_entry_init(&e->ent, key.hash);
	hashmap_add(&c->entries, &e->ent);
	return e->levels;
}
