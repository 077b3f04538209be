// SPDX-License-Identifier: GPL-2.0
/* Inline levels of addresses, cached per (dso, address). */
#include "inline-cache.h"
#include "debug.h"
#include "demangle.h"
#include "dso.h"
#include "hashmap.h"
#include "machine.h"
#include "srcline.h"

struct inline_entry {
	struct hashmap_entry	ent;
	const struct dso	*dso;
	u64			addr;
	struct inline_levels	*levels;	/* NULL: no source information */
};

struct inline_key {
	const struct dso	*dso;
	u64			addr;
};

struct inline_cache {
	struct hashmap	entries;
	struct machine	*machine;
};

static int entry_cmp(const void *data, const struct hashmap_entry *a, const struct hashmap_entry *b,
		     const void *keydata)
{
	const struct inline_entry *x = container_of(a, struct inline_entry, ent);
	const struct inline_key *k = keydata;
	struct inline_key other;

	(void)data;
	if (!k) {
		const struct inline_entry *y = container_of(b, struct inline_entry, ent);

		other = (struct inline_key){ y->dso, y->addr };
		k = &other;
	}
	return x->dso != k->dso || x->addr != k->addr;
}

static unsigned int key_hash(const struct inline_key *k)
{
	return hash_u64(k->addr ^ ((u64)(uintptr_t)k->dso * 0x9e3779b97f4a7c15ULL));
}

struct inline_cache *inline_cache__new(struct machine *machine)
{
	struct inline_cache *c = xzalloc(sizeof(*c));

	hashmap_init(&c->entries, entry_cmp, NULL, 0);
	c->machine = machine;
	return c;
}

void inline_cache__delete(struct inline_cache *c)
{
	struct hashmap_iter iter;
	struct inline_entry *e;

	if (!c)
		return;
	hashmap_for_each_entry(&c->entries, &iter, e, struct inline_entry, ent) {
		free(e->levels);
		free(e);
	}
	hashmap_clear(&c->entries);
	free(c);
}

/* A level's function as the symbol's would print: NULL when it is the symbol's own. */
static const char *level_name(struct inline_cache *c, const char *func, struct symbol *sym)
{
	char *demangled = NULL;
	const char *name = func, *ret;

	/* without a name, addr2line names the symbol-table function: the symbol's */
	if (!func)
		return NULL;
	if (symbol_conf.demangle)
		demangled = demangle_sym(func, verbose > 0);
	if (demangled)
		name = demangled;
	ret = strcmp(name, symbol__name(sym)) ? machine__intern(c->machine, name) : NULL;
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
		il->levels[i].name = level_name(c, sl->frames[i].func, sym);
		il->levels[i].srcline = &sl->frames[i];
	}
	return il;
}

const struct inline_levels *inline_cache__find(struct inline_cache *c, struct dso *dso, u64 addr,
					       struct symbol *sym)
{
	struct inline_key k = { dso, addr };
	struct hashmap_entry key;
	struct inline_entry *e;

	hashmap_entry_init(&key, key_hash(&k));
	e = hashmap_iter_entry(hashmap_get(&c->entries, &key, &k), struct inline_entry, ent);
	if (e)
		return e->levels;
	e = xmalloc(sizeof(*e));
	e->dso = dso;
	e->addr = addr;
	e->levels = inline_levels__new(c, dso, addr, sym);
	hashmap_entry_init(&e->ent, key.hash);
	hashmap_add(&c->entries, &e->ent);
	return e->levels;
}
