// SPDX-License-Identifier: GPL-2.0
/*
 * Hist entries: lookup by key hash while samples stream in, upstream's
 * output order and column widths at the end (see hist.h).
 */
#include "hist.h"
#include "callchain.h"
#include "callchain-resolve.h"
#include "debug.h"
#include "dso.h"
#include "evsel.h"
#include "map.h"
#include "symbol.h"
#include "thread.h"
#include <linux/perf_event.h>

/* The key fields a sort key reads (what a cached lookup must match). */
enum {
	PK_THREAD = 1 << 0, PK_COMM = 1 << 1, PK_MAP = 1 << 2, PK_DSO = 1 << 3, PK_SYM = 1 << 4,
	PK_IP = 1 << 5, PK_IP_NOSYM = 1 << 6, PK_PARENT = 1 << 7, PK_TRACE = 1 << 8, PK_TIME = 1 << 9,
	PK_WEIGHT = 1 << 10, PK_CPS = 1 << 11, PK_CPU = 1 << 12, PK_SOCKET = 1 << 13,
};
_Static_assert(PK_SOCKET == 1 << (HIST_KEY_FIELDS - 1), "a cache key word per key field");

/*
 * The lookup cache: NR_PROBES slots of hists->probe_stride words each, the
 * entry, the tree version it was found in, then the key words the sort keys
 * read (only those: a short key is cheap to hash and compare).
 */
enum { PROBE_HE, PROBE_VERSION, PROBE_KEY };

#define NR_PROBES 4096

static u16 key_fields(const struct sort_key *k)
{
	switch (k->width_idx) {
	case HISTC_THREAD: return PK_THREAD;
	case HISTC_COMM: return PK_COMM;
	case HISTC_DSO: return PK_DSO;
	case HISTC_SYMBOL: case HISTC_SYM_IPC: return PK_DSO | PK_SYM | PK_IP_NOSYM;
	case HISTC_PARENT: return PK_PARENT;
	case HISTC_CPU: return PK_CPU;
	case HISTC_SOCKET: return PK_SOCKET;
	case HISTC_SRCLINE: case HISTC_SRCFILE: case HISTC_ADDR: return PK_MAP | PK_DSO | PK_SYM | PK_IP;
	case HISTC_LOCAL_WEIGHT: case HISTC_GLOBAL_WEIGHT: return PK_WEIGHT;
	case HISTC_TRACE: return PK_TRACE;
	case HISTC_SYM_SIZE: return PK_SYM;
	case HISTC_DSO_SIZE: return PK_MAP;
	case HISTC_TIME: return PK_TIME;
	case HISTC_CODE_PAGE_SIZE: return PK_CPS;
	default: return 0;
	}
}

struct hists *hists__new(struct evsel *evsel, struct hist_fields *fields)
{
	struct hists *hists = xzalloc(sizeof(*hists));

	hists->evsel = evsel;
	hists->fields = fields;
	hists->socket_filter = -1;
	for (int i = 0; i < fields->nr_keys; i++)
		hists->probe_mask |= key_fields(fields->keys[i]);
	if (hists->probe_mask & PK_IP)
		hists->probe_mask &= (u16)~PK_IP_NOSYM;
	/* a cached answer is then one whose map is current (see hists__findnew) */
	if (fields->has_sym)
		hists->probe_mask |= PK_MAP;
	for (u8 bit = 0; bit < HIST_KEY_FIELDS; bit++) {
		if (hists->probe_mask & (1u << bit))
			hists->probe_bits[hists->nr_probe_words++] = bit;
	}
	hists->probe_stride = PROBE_KEY + hists->nr_probe_words;
	hists->probes = xcalloc((size_t)NR_PROBES * hists->probe_stride, sizeof(u64));
	return hists;
}

void hists__delete(struct hists *hists)
{
	if (!hists)
		return;
	for (u32 i = 0; i < hists->nr_entries; i++) {
		struct hist_entry *he = hists->entries[i];

		free(he->children);
		free(he->pairs);
		free(he);
	}
	for (u32 i = 0; i < hists->nr_hier_nodes; i++) {
		free(hists->hier_nodes[i]->children);
		free(hists->hier_nodes[i]);
	}
	free(hists->hier_nodes);
	free(hists->hier_roots);
	for (u32 i = 0; i < hists->nr_contexts; i++)
		free(hists->contexts[i]);
	free(hists->entries);
	free(hists->sorted);
	free(hists->probes);
	free(hists->contexts);
	free(hists->counted);
	free(hists->group);
	free(hists);
}

/* The value of one key field, as a cache key word. */
static u64 probe_word(u8 bit, const struct hist_key *k)
{
	switch (1u << bit) {
	case PK_THREAD: return (uintptr_t)k->thread;
	case PK_COMM: return (uintptr_t)k->comm;
	case PK_MAP: return (uintptr_t)k->map;
	case PK_DSO: return (uintptr_t)k->dso;
	case PK_SYM: return (uintptr_t)k->sym;
	case PK_IP: return k->ip;
	case PK_IP_NOSYM: return k->sym ? 0 : k->ip;
	case PK_PARENT: return (uintptr_t)k->parent;
	case PK_TRACE: return (uintptr_t)k->trace;
	case PK_TIME: return k->time;
	case PK_WEIGHT: return k->weight;
	case PK_CPS: return k->code_page_size;
	case PK_CPU: return (u32)k->cpu;
	case PK_SOCKET: return (u32)k->socket;
	default: return 0;
	}
}

/* The key words of k, and their hash. */
static u32 probe_key(const struct hists *hists, const struct hist_key *k, u64 *w)
{
	u64 h = 0;

	for (u8 i = 0; i < hists->nr_probe_words; i++) {
		w[i] = probe_word(hists->probe_bits[i], k);
		h = (h ^ w[i]) * 0x9e3779b97f4a7c15ULL;
	}
	return (u32)(h >> 40);
}

/* --- upstream's red-black tree of entries --- */

static void he_rotate(struct hists *hists, struct hist_entry *x, bool left)
{
	struct hist_entry *y = left ? x->rb_right : x->rb_left, *p = x->rb_parent;
	struct hist_entry *b = left ? y->rb_left : y->rb_right;

	if (left)
		x->rb_right = b;
	else
		x->rb_left = b;
	if (b)
		b->rb_parent = x;
	y->rb_parent = p;
	if (!p)
		hists->in_root = y;
	else if (p->rb_left == x)
		p->rb_left = y;
	else
		p->rb_right = y;
	if (left)
		y->rb_left = x;
	else
		y->rb_right = x;
	x->rb_parent = y;
}

static void he_insert_fixup(struct hists *hists, struct hist_entry *z)
{
	while (z->rb_parent && z->rb_parent->rb_red) {
		struct hist_entry *p = z->rb_parent, *g = p->rb_parent;
		bool p_left = g->rb_left == p;
		struct hist_entry *u = p_left ? g->rb_right : g->rb_left;

		if (u && u->rb_red) {
			p->rb_red = u->rb_red = false;
			g->rb_red = true;
			z = g;
			continue;
		}
		if (z == (p_left ? p->rb_right : p->rb_left)) {
			z = p;
			he_rotate(hists, z, p_left);
			p = z->rb_parent;
		}
		p->rb_red = false;
		g->rb_red = true;
		he_rotate(hists, g, !p_left);
	}
	hists->in_root->rb_red = false;
}

static struct hist_entry *he_new(struct hists *hists, const struct hist_entry *tmp)
{
	struct hist_entry *he = aligned_alloc(64, PERF_ALIGN(sizeof(*he), 64));

	if (!he)
		die("out of memory (a histogram entry)");
	memset(he, 0, sizeof(*he));
	he->hists = hists;
	he->key = tmp->key;
	he->srcline = tmp->srcline;
	he->srcfile = tmp->srcfile;
	he->idx = hists->nr_entries;
	he->leaf = true;
	ALLOC_GROW(hists->entries, hists->nr_entries + 1, hists->alloc_entries);
	hists->entries[hists->nr_entries++] = he;
	return he;
}

/*
 * Upstream's search: compare(existing, new) < 0 goes left; equal is found.
 * Not found: where it would go, in *parent and *left.
 */
static struct hist_entry *tree_search(struct hists *hists, const struct hist_entry *tmp,
				      struct hist_entry **parent, bool *left)
{
	struct hist_entry *cur = hists->in_root;

	*parent = NULL;
	*left = false;
	while (cur) {
		int64_t cmp = hist_entry__cmp_keys(hists->fields, cur, tmp);

		if (!cmp)
			return cur;
		*parent = cur;
		*left = cmp < 0;
		cur = *left ? cur->rb_left : cur->rb_right;
	}
	return NULL;
}

static struct hist_entry *tree_insert(struct hists *hists, const struct hist_entry *tmp,
				      struct hist_entry *parent, bool left)
{
	struct hist_entry *he = he_new(hists, tmp);

	he->rb_parent = parent;
	he->rb_red = true;
	if (!parent)
		hists->in_root = he;
	else if (left)
		parent->rb_left = he;
	else
		parent->rb_right = he;
	he_insert_fixup(hists, he);
	hists->in_version++;
	return he;
}

/* One of the sample's entries that the new one would equal (upstream's per-sample cache), or NULL. */
static struct hist_entry *counted_equal(const struct hists *hists, const struct hist_entry *tmp,
					struct hist_entry **counted, u32 nr_counted)
{
	for (u32 i = 0; i < nr_counted; i++) {
		if (!hist_entry__cmp_keys(hists->fields, counted[i], tmp))
			return counted[i];
	}
	return NULL;
}

/*
 * hists__findnew(), where a chain entry of a sample that is not in the tree
 * yet but equals one the sample already counted is that one: upstream
 * checks the sample's entries before it inserts, so it never creates it.
 */
static struct hist_entry *findnew_in_sample(struct hists *hists, const struct hist_key *key,
					    struct hist_entry **counted, u32 nr_counted, bool *created)
{
	struct hist_entry tmp, *he, *parent;
	bool left;
	u64 w[HIST_KEY_FIELDS], *probe;
	u8 n = hists->nr_probe_words, i;

	hists->nr_lookups++;
	probe = hists->probes + (size_t)(probe_key(hists, key, w) & (NR_PROBES - 1)) * hists->probe_stride;
	for (i = 0; i < n && probe[PROBE_KEY + i] == w[i]; i++)
		;
	if (i == n && probe[PROBE_HE] && probe[PROBE_VERSION] == hists->in_version) {
		*created = false;
		return (struct hist_entry *)(uintptr_t)probe[PROBE_HE];
	}
	tmp.hists = hists;
	tmp.key = *key;
	tmp.srcline = tmp.srcfile = NULL;
	tmp.stat.nr_events = 0;
	he = tree_search(hists, &tmp, &parent, &left);
	*created = !he;
	if (!he) {
		he = counted_equal(hists, &tmp, counted, nr_counted);
		if (he) {
			*created = false;
			return he;
		}
		he = tree_insert(hists, &tmp, parent, left);
	}
	probe[PROBE_HE] = (uintptr_t)he;
	probe[PROBE_VERSION] = hists->in_version;
	memcpy(probe + PROBE_KEY, w, n * sizeof(u64));
	/*
	 * Upstream follows a map replaced by exec() when sorting by symbol (and
	 * looks the symbol up again in it): the tree's searches may change.
	 */
	if (!*created && he->key.map != key->map && hists->fields->has_sym) {
		if (he->key.sym)
			he->key.sym = key->map ? map__find_symbol(key->map, he->key.sym->start) : NULL;
		he->key.map = key->map;
		he->key.dso = key->dso;
		hists->in_version++;
	}
	return he;
}

struct hist_entry *hists__findnew(struct hists *hists, const struct hist_key *key, bool *created)
{
	return findnew_in_sample(hists, key, NULL, 0, created);
}

void he_stat__add(struct he_stat *st, u8 cpumode, u64 period, u64 weight)
{
	st->period += period;
	st->nr_events++;
	st->weight += weight;
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		st->period_sys += period;
		break;
	case PERF_RECORD_MISC_USER:
		st->period_us += period;
		break;
	case PERF_RECORD_MISC_GUEST_KERNEL:
		st->period_guest_sys += period;
		break;
	case PERF_RECORD_MISC_GUEST_USER:
		st->period_guest_us += period;
		break;
	default:
		break;
	}
}

u64 hists__total_period(const struct hists *hists)
{
	return sort_conf.filter_relative ? hists->stats.total_non_filtered_period : hists->stats.total_period;
}

double hist_entry__percent(const struct hist_entry *he)
{
	u64 total = hists__total_period(he->hists);
	u64 period = sort_conf.cumulate ? he->stat_acc.period : he->stat.period;

	return total ? period * 100.0 / total : 0;
}

/* --- sample contexts (--children): the sample-level key values, interned --- */

struct hist_context {
	struct hist_entry	he;	/* only the key matters */
	u64			hash;
	u32			id;
	bool			nodedup;
};

/*
 * Upstream recognises an entry met again on a chain by comparing a partial
 * entry (no socket, time, weight, page size: zeros) with the entries of the
 * sample: when one of those keys is sorted on and the sample's value is not
 * zero, nothing compares equal, and every chain entry counts (again).
 */
static bool context_nodedup(const struct hist_fields *f, const struct hist_key *key)
{
	for (int i = 0; i < f->nr_keys; i++) {
		switch (f->keys[i]->width_idx) {
		case HISTC_SOCKET:
			if (key->socket)
				return true;
			break;
		case HISTC_TIME:
			if (key->time)
				return true;
			break;
		case HISTC_LOCAL_WEIGHT:
		case HISTC_GLOBAL_WEIGHT:
			if (key->weight)
				return true;
			break;
		case HISTC_CODE_PAGE_SIZE:
			if (key->code_page_size)
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

static u64 context_hash(const struct hist_fields *f, const struct hist_entry *he)
{
	u64 h = 0x51ed;

	for (int i = 0; i < f->nr_keys; i++)
		if (!f->keys[i]->per_frame)
			h = (h ^ f->keys[i]->hash(he)) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 31);
}

static bool context_equal(const struct hist_fields *f, const struct hist_entry *a, const struct hist_entry *b)
{
	for (int i = 0; i < f->nr_keys; i++)
		if (!f->keys[i]->per_frame && f->keys[i]->cmp(a, b))
			return false;
	return true;
}

static struct hist_context *hists__context(struct hists *hists, struct callchain_store *store,
					   const struct hist_key *key)
{
	struct hist_entry tmp;
	u64 h;

	memset(&tmp, 0, sizeof(tmp));
	tmp.hists = hists;
	tmp.key = *key;
	h = context_hash(hists->fields, &tmp);
	if (hists->last_context && hists->last_context_hash == h &&
	    context_equal(hists->fields, &hists->last_context->he, &tmp))
		return hists->last_context;
	for (u32 i = 0; i < hists->nr_contexts; i++) {
		struct hist_context *c = hists->contexts[i];

		if (c->hash == h && context_equal(hists->fields, &c->he, &tmp)) {
			hists->last_context = c;
			hists->last_context_hash = h;
			return c;
		}
	}
	ALLOC_GROW(hists->contexts, hists->nr_contexts + 1, hists->alloc_contexts);
	struct hist_context *c = xzalloc(sizeof(*c));

	c->he = tmp;
	c->hash = h;
	c->id = callchain_store__new_context(store);
	c->nodedup = context_nodedup(hists->fields, key);
	hists->contexts[hists->nr_contexts++] = c;
	hists->last_context = c;
	hists->last_context_hash = h;
	return c;
}

/* --- adding a sample --- */

/* Upstream's level and cpumode of a chain entry; an address without a map keeps the previous ones. */
static void chain_key(struct hist_key *ckey, const struct resolved_frame *rf)
{
	if (rf->map) {
		ckey->level = rf->level == 'k' ? 'k' : '.';
		ckey->cpumode = rf->level == 'k' ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	}
	ckey->map = rf->map;
	ckey->dso = rf->map ? rf->dso : NULL;
	ckey->sym = rf->sym;
	ckey->ip = rf->ip;
	ckey->srcline = rf->srcline;
	ckey->chain = true;
}

/*
 * Without call chains to print (-g none) there is no tree of chains to
 * keep: each entry of the chain is looked up (a probe of the lookup cache,
 * mostly), and counted once per sample.
 */
static void add_cumulative_flat(struct hists *hists, const struct hist_sample *hs, struct hist_entry *self)
{
	u32 stamp = ++hists->stamp, nr_counted = 0;
	struct hist_context *ctx = hists__context(hists, hs->store, &hs->key);
	struct hist_key ckey = hs->key;

	ALLOC_GROW(hists->counted, hs->nr + 1, hists->alloc_counted);
	hists->counted[nr_counted++] = self;
	self->acc_stamp = stamp;
	for (u32 i = 0; i < hs->nr; i++) {
		struct hist_entry *he;
		bool created;

		chain_key(&ckey, &hs->frames[i]);
		he = findnew_in_sample(hists, &ckey, hists->counted, ctx->nodedup ? 0 : nr_counted, &created);
		if (he->acc_stamp != stamp || ctx->nodedup) {
			he->acc_stamp = stamp;
			he_stat__add(&he->stat_acc, ckey.cpumode, hs->period, hs->weight);
			hists->counted[nr_counted++] = he;
		}
	}
}

static void add_cumulative(struct hists *hists, const struct hist_sample *hs, struct hist_entry *self)
{
	struct callchain_store *store = hs->store;
	u32 stamp = ++hists->stamp;
	struct hist_context *ctx = hists__context(hists, store, &hs->key);
	u32 node = callchain_store__root(store, ctx->id);
	struct hist_key ckey = hs->key;

	self->acc_stamp = stamp;
	if (hs->nr && hs->use_callchain && hs->nr > self->max_depth)
		self->max_depth = hs->nr;
	for (u32 i = 0; i < hs->nr; i++) {
		const struct resolved_frame *rf = &hs->frames[i];
		struct hist_entry *he;
		bool created;

		chain_key(&ckey, rf);
		node = callchain_store__step(store, node, hs->frame_ids[i], hs->period, &created);
		if (created) {
			he = hists__findnew(hists, &ckey, &created);
			callchain_store__set_node_entry(store, node, he, he->path_stamp != stamp, ctx->nodedup);
		}
		he = callchain_store__node_entry(store, node);
		if (he->acc_stamp != stamp || ctx->nodedup) {
			he->acc_stamp = stamp;
			he_stat__add(&he->stat_acc, ckey.cpumode, hs->period, hs->weight);
			if (hs->use_callchain && hs->nr - i > he->max_depth)
				he->max_depth = hs->nr - i;
		}
		he->path_stamp = stamp;
	}
	if (hs->nr)
		callchain_store__end(store, node, self, hs->period);
}

struct hist_entry *hists__add_sample(struct hists *hists, const struct hist_sample *hs)
{
	struct hist_entry *he;
	bool created;

	he = hists__findnew(hists, &hs->key, &created);
	he_stat__add(&he->stat, hs->key.cpumode, hs->period, hs->weight);
	hists->stats.nr_samples++;
	if (!he->key.filtered)
		hists->stats.nr_non_filtered_samples++;
	if (hs->use_callchain) {
		hists->callchain_period += hs->period;
		if (!he->key.filtered)
			hists->callchain_non_filtered_period += hs->period;
	}
	if (!hs->cumulate) {
		if (hs->use_callchain)
			callchain_store__add_chain(hs->store, he, hs->frame_ids, hs->nr, hs->period);
		return he;
	}
	he_stat__add(&he->stat_acc, hs->key.cpumode, hs->period, hs->weight);
	if (hs->use_callchain)
		add_cumulative(hists, hs, he);
	else
		add_cumulative_flat(hists, hs, he);
	return he;
}

/* --- output order --- */

static u64 field_value(enum hpp_kind kind, const struct hist_entry *he)
{
	switch (kind) {
	case HPP_OVERHEAD: return he->stat.period;
	case HPP_OVERHEAD_SYS: return he->stat.period_sys;
	case HPP_OVERHEAD_US: return he->stat.period_us;
	case HPP_OVERHEAD_GUEST_SYS: return he->stat.period_guest_sys;
	case HPP_OVERHEAD_GUEST_US: return he->stat.period_guest_us;
	case HPP_OVERHEAD_ACC: return he->stat_acc.period;
	case HPP_SAMPLES: return he->stat.nr_events;
	case HPP_PERIOD: return he->stat.period;
	default: return 0;
	}
}

u64 hist_entry__field_value(enum hpp_kind kind, const struct hist_entry *he)
{
	return he ? field_value(kind, he) : 0;
}

static int u64_cmp(u64 a, u64 b)
{
	return a > b ? 1 : a < b ? -1 : 0;
}

/* Upstream's value sort: > 0 puts a first; group members break ties in order. */
static int value_sort(const struct hist_field *f, const struct hist_entry *a, const struct hist_entry *b)
{
	int ret;

	if (f->kind == HPP_OVERHEAD_ACC) {
		if (!sort_conf.cumulate)
			return 0;
		ret = u64_cmp(a->stat_acc.period, b->stat_acc.period);
		if (ret)
			return ret;
		/* put the caller above the callee when they have equal period */
		if (a->key.thread != b->key.thread)
			return 0;
		ret = (int)b->max_depth - (int)a->max_depth;
		if (callchain_param.order == ORDER_CALLER)
			ret = -ret;
		return ret > 0 ? 1 : ret < 0 ? -1 : 0;
	}
	ret = u64_cmp(field_value(f->kind, a), field_value(f->kind, b));
	if (ret || !a->hists->nr_group)
		return ret;
	for (int i = 0; i < a->hists->nr_group; i++) {
		ret = u64_cmp(hist_entry__field_value(f->kind, a->pairs ? a->pairs[i] : NULL),
			      hist_entry__field_value(f->kind, b->pairs ? b->pairs[i] : NULL));
		if (ret)
			return ret;
	}
	return 0;
}

int64_t hist_entry__sort(const struct hist_entry *a, const struct hist_entry *b)
{
	const struct hist_fields *f = a->hists->fields;
	int64_t ret;

	for (int i = 0; i < f->nr_sorts; i++) {
		const struct hist_field *fld = f->sorts[i];

		if (fld->elide)
			continue;
		if (fld->key)
			ret = (fld->key->sort ? fld->key->sort : fld->key->cmp)(a, b);
		else
			ret = value_sort(fld, a, b);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Upstream keeps entries in red-black trees: by key compare as they are
 * created, again when collapsing, then by the output compare. Some of its
 * compares are not transitive (addresses compare by the sign of their
 * difference; --children ties look at the first thread of entries), so the
 * final order depends on the trees' shapes: build the same trees.
 */
struct rb_emu {
	u32	*left, *right, *parent;
	bool	*red;
	u32	root;
};

#define RB_NIL UINT32_MAX

static void rb_rotate(struct rb_emu *t, u32 x, bool left)
{
	u32 *a = left ? t->right : t->left, *b = left ? t->left : t->right;
	u32 y = a[x], p = t->parent[x];

	a[x] = b[y];
	if (b[y] != RB_NIL)
		t->parent[b[y]] = x;
	t->parent[y] = p;
	if (p == RB_NIL)
		t->root = y;
	else if (t->left[p] == x)
		t->left[p] = y;
	else
		t->right[p] = y;
	b[y] = x;
	t->parent[x] = y;
}

static void rb_fixup(struct rb_emu *t, u32 z)
{
	while (t->parent[z] != RB_NIL && t->red[t->parent[z]]) {
		u32 p = t->parent[z], g = t->parent[p];
		bool p_left = t->left[g] == p;
		u32 u = p_left ? t->right[g] : t->left[g];

		if (u != RB_NIL && t->red[u]) {
			t->red[p] = t->red[u] = false;
			t->red[g] = true;
			z = g;
			continue;
		}
		if (z == (p_left ? t->right[p] : t->left[p])) {
			z = p;
			rb_rotate(t, z, p_left);
			p = t->parent[z];
		}
		t->red[p] = false;
		t->red[g] = true;
		rb_rotate(t, g, !p_left);
	}
	t->red[t->root] = false;
}

static void rb_emu__init(struct rb_emu *t, u32 n)
{
	t->left = xmalloc((n + 1) * sizeof(u32));
	t->right = xmalloc((n + 1) * sizeof(u32));
	t->parent = xmalloc((n + 1) * sizeof(u32));
	t->red = xmalloc((n + 1) * sizeof(bool));
	t->root = RB_NIL;
}

static void rb_emu__exit(struct rb_emu *t)
{
	free(t->left);
	free(t->right);
	free(t->parent);
	free(t->red);
}

/* Hang node x under p (RB_NIL: as the root), on its left or right, and rebalance. */
static void rb_emu__link(struct rb_emu *t, u32 x, u32 p, bool left)
{
	t->left[x] = t->right[x] = RB_NIL;
	t->parent[x] = p;
	t->red[x] = true;
	if (p == RB_NIL)
		t->root = x;
	else if (left)
		t->left[p] = x;
	else
		t->right[p] = x;
	rb_fixup(t, x);
}

/* The nodes of t (n at most) in order into order[]; returns how many. */
static u32 rb_emu__in_order(const struct rb_emu *t, u32 n, u32 *order)
{
	u32 *stack = xmalloc((n + 1) * sizeof(u32));
	u32 sp = 0, k = 0, x = t->root;

	while (x != RB_NIL || sp) {
		while (x != RB_NIL) {
			stack[sp++] = x;
			x = t->left[x];
		}
		x = stack[--sp];
		order[k++] = x;
		x = t->right[x];
	}
	free(stack);
	return k;
}

static void in_order(struct hist_entry *root, struct hist_entry **v, u32 *n)
{
	struct hist_entry *x = root;

	if (!x)
		return;
	while (x->rb_left)
		x = x->rb_left;
	while (x) {
		v[(*n)++] = x;
		if (x->rb_right) {
			x = x->rb_right;
			while (x->rb_left)
				x = x->rb_left;
		} else {
			while (x->rb_parent && x->rb_parent->rb_right == x)
				x = x->rb_parent;
			x = x->rb_parent;
		}
	}
}

static void he_stat__sum(struct he_stat *d, const struct he_stat *s)
{
	d->period += s->period;
	d->period_sys += s->period_sys;
	d->period_us += s->period_us;
	d->period_guest_sys += s->period_guest_sys;
	d->period_guest_us += s->period_guest_us;
	d->weight += s->weight;
	d->nr_events += s->nr_events;
}

typedef int64_t (*group_cmp_t)(const void *arg, const struct hist_entry *a, const struct hist_entry *b);

/*
 * Upstream's grouping trees (collapse, --hierarchy levels): the entries go in
 * order into a tree by cmp(in the tree, new); one comparing equal to an entry
 * there joins it, else it becomes a new one. group[i] gets the index of in[i]'s
 * first equal (itself for a new one), heads[] the new ones in the tree's
 * order. Returns the number of heads.
 */
static u32 rb_group(group_cmp_t cmp_fn, const void *arg, struct hist_entry **in, u32 n, u32 *group, u32 *heads)
{
	struct rb_emu t;
	u32 *slot = xmalloc((n + 1) * sizeof(u32));
	u32 k, used = 0;

	rb_emu__init(&t, n);
	for (u32 i = 0; i < n; i++) {
		u32 p = RB_NIL, cur = t.root;
		bool left = false;

		group[i] = i;
		while (cur != RB_NIL) {
			int64_t cmp = cmp_fn(arg, in[slot[cur]], in[i]);

			if (!cmp) {
				group[i] = slot[cur];
				break;
			}
			p = cur;
			left = cmp < 0;
			cur = left ? t.left[cur] : t.right[cur];
		}
		if (group[i] != i)
			continue;
		slot[used] = i;
		rb_emu__link(&t, used, p, left);
		used++;
	}
	k = rb_emu__in_order(&t, n, heads);
	for (u32 j = 0; j < k; j++)
		heads[j] = slot[heads[j]];
	free(slot);
	rb_emu__exit(&t);
	return k;
}

static int64_t cmp_all_keys(const void *fields, const struct hist_entry *a, const struct hist_entry *b)
{
	return hist_entry__cmp_keys(fields, a, b);
}

static int64_t cmp_one_key(const void *key, const struct hist_entry *a, const struct hist_entry *b)
{
	return ((const struct sort_key *)key)->cmp(a, b);
}

/* Upstream's collapse: what compares equal now (the first tree kept apart) merges into the first of it. */
static void collapse(struct hists *hists, struct hist_entry **v, u32 *n)
{
	u32 nr = *n;
	struct hist_entry **in = xmalloc((nr + 1) * sizeof(*in));
	u32 *group = xmalloc((nr + 1) * sizeof(u32));
	u32 *heads = xmalloc((nr + 1) * sizeof(u32));
	u32 k;

	memcpy(in, v, nr * sizeof(*in));
	k = rb_group(cmp_all_keys, hists->fields, in, nr, group, heads);
	for (u32 i = 0; i < nr; i++) {
		struct hist_entry *d = in[group[i]], *src = in[i];

		if (d == src)
			continue;
		he_stat__sum(&d->stat, &src->stat);
		he_stat__sum(&d->stat_acc, &src->stat_acc);
		if (hists->store)
			callchain_store__merge_entry(hists->store, d, src);
		src->merged = true;
	}
	for (u32 i = 0; i < k; i++)
		v[i] = in[heads[i]];
	*n = k;
	free(heads);
	free(group);
	free(in);
}

static bool left_by_output(const struct hist_entry *new, const struct hist_entry *node)
{
	return hist_entry__sort(new, node) > 0;
}

/* Insert v[0..n) in order into a red-black tree by go_left; v becomes its in-order. */
static void rb_sort(struct hist_entry **v, u32 n,
		    bool (*go_left)(const struct hist_entry *new, const struct hist_entry *node))
{
	struct rb_emu t;
	struct hist_entry **in = xmalloc((n + 1) * sizeof(*in));
	u32 *order = xmalloc((n + 1) * sizeof(u32));
	u32 k;

	memcpy(in, v, n * sizeof(*in));
	rb_emu__init(&t, n);
	for (u32 i = 0; i < n; i++) {
		u32 p = RB_NIL, cur = t.root;
		bool left = false;

		while (cur != RB_NIL) {
			p = cur;
			left = go_left(in[i], in[cur]);
			cur = left ? t.left[cur] : t.right[cur];
		}
		rb_emu__link(&t, i, p, left);
	}
	k = rb_emu__in_order(&t, n, order);
	for (u32 j = 0; j < k; j++)
		v[j] = in[order[j]];
	free(order);
	rb_emu__exit(&t);
	free(in);
}

static void hists__reset_col_len(struct hists *hists)
{
	memset(hists->col_len, 0, sizeof(hists->col_len));
}

void hists__output_resort(struct hists *hists)
{
	struct hists_stats *st = &hists->stats;

	st->total_period = st->total_non_filtered_period = 0;
	st->nr_entries = st->nr_non_filtered_entries = 0;
	hists__reset_col_len(hists);
	free(hists->sorted);
	hists->sorted = xmalloc((hists->nr_entries + 1) * sizeof(*hists->sorted));
	memcpy(hists->sorted, hists->entries, hists->nr_entries * sizeof(*hists->sorted));
	hists->nr_sorted = hists->nr_entries;
	/* the entries' tree in order, collapsed (merging what compares equal now), then the output tree */
	hists->nr_sorted = 0;
	in_order(hists->in_root, hists->sorted, &hists->nr_sorted);
	collapse(hists, hists->sorted, &hists->nr_sorted);
	rb_sort(hists->sorted, hists->nr_sorted, left_by_output);
	for (u32 i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i];

		st->nr_entries++;
		st->total_period += he->stat.period;
		if (!he->key.filtered) {
			st->nr_non_filtered_entries++;
			st->total_non_filtered_period += he->stat.period;
			hists__calc_col_len(hists, he);
		}
	}
}

/* --- column widths --- */

bool hists__new_col_len(struct hists *hists, enum hist_column col, u16 len)
{
	if (len > hists->col_len[col]) {
		hists->col_len[col] = len;
		return true;
	}
	return false;
}

static void set_unresolved_dso_len(struct hists *hists)
{
	if (hists->col_len[HISTC_DSO] < 16 && !sort_conf.col_width_list && !sort_conf.field_sep &&
	    !sort_conf.dso_filter)
		hists->col_len[HISTC_DSO] = 16;
}

void hists__calc_col_len(struct hists *hists, struct hist_entry *he)
{
	const struct hist_fields *f = hists->fields;
	const char *comm;
	u16 len;

	if (he->key.sym) {
		len = (u16)strlen(symbol__name(he->key.sym)) + 4;
		if (verbose > 0)
			len += 16 + 2 + 3;
		hists__new_col_len(hists, HISTC_SYMBOL, len);
	} else {
		hists__new_col_len(hists, HISTC_SYMBOL, 16 + 4 + 2);
		set_unresolved_dso_len(hists);
	}
	comm = thread__comm_str(he->key.thread);
	len = (u16)strlen(comm ? comm : "");
	if (hists__new_col_len(hists, HISTC_COMM, len))
		hists->col_len[HISTC_THREAD] = len + 8;
	if (he->key.map && he->key.dso)
		hists__new_col_len(hists, HISTC_DSO,
				   (u16)strlen(verbose > 0 ? he->key.dso->long_name : he->key.dso->short_name));
	if (he->key.parent)
		hists__new_col_len(hists, HISTC_PARENT, (u16)strlen(symbol__name(he->key.parent)));
	hists__new_col_len(hists, HISTC_CGROUP, 6);
	hists__new_col_len(hists, HISTC_CGROUP_ID, 20);
	hists__new_col_len(hists, HISTC_CPU, 3);
	hists__new_col_len(hists, HISTC_SOCKET, 6);
	hists__new_col_len(hists, HISTC_LOCAL_WEIGHT, 12);
	hists__new_col_len(hists, HISTC_GLOBAL_WEIGHT, 12);
	hists__new_col_len(hists, HISTC_LOCAL_INS_LAT, 13);
	hists__new_col_len(hists, HISTC_GLOBAL_INS_LAT, 13);
	hists__new_col_len(hists, HISTC_LOCAL_P_STAGE_CYC, 13);
	hists__new_col_len(hists, HISTC_GLOBAL_P_STAGE_CYC, 13);
	hists__new_col_len(hists, HISTC_TIME, sort_conf.nanosecs ? 16 : 12);
	hists__new_col_len(hists, HISTC_CODE_PAGE_SIZE, 6);
	hists__new_col_len(hists, HISTC_ADDR, 18);
	if (f->needs & SORT_NEED_SRCLINE) {
		for (int i = 0; i < f->nr_keys; i++) {
			if (f->keys[i]->width_idx == HISTC_SRCLINE) {
				len = (u16)strlen(hist_entry__srcline(he));
				hists__new_col_len(hists, HISTC_SRCLINE, max(len, (u16)strlen("Source:Line")));
			} else if (f->keys[i]->width_idx == HISTC_SRCFILE) {
				hists__new_col_len(hists, HISTC_SRCFILE, (u16)strlen(hist_entry__srcfile(he)));
			}
		}
	}
	/*
	 * Upstream formats a trace output when it first compares its entry:
	 * after a single lookup none was compared, the column keeps its title's width.
	 */
	if (he->key.trace && hists->nr_lookups > 1)
		hists__new_col_len(hists, HISTC_TRACE, (u16)strlen(he->key.trace));
}

/* --- groups --- */

void hists__link_group(struct hists *leader, struct hists **members, int nr)
{
	leader->group = xcalloc(nr, sizeof(*leader->group));
	leader->nr_group = nr;
	memcpy(leader->group, members, nr * sizeof(*members));
	for (int m = 0; m < nr; m++) {
		struct hists *mh = members[m];

		for (u32 i = 0; i < mh->nr_entries; i++) {
			struct hist_entry *e = mh->entries[i], *le;
			bool created;

			le = hists__findnew(leader, &e->key, &created);
			if (created)
				le->dummy = true;
			if (!le->pairs)
				le->pairs = xcalloc(nr, sizeof(*le->pairs));
			le->pairs[m] = e;
		}
	}
}

/* --- --hierarchy --- */

/* An upper-level entry: the keys of its first entry, the stats of all of them. */
static struct hist_entry *hier_node__new(struct hists *hists, const struct hist_entry *first, int depth)
{
	struct hist_entry *node = xmalloc(sizeof(*node));

	*node = *first;
	memset(&node->stat, 0, sizeof(node->stat));
	memset(&node->stat_acc, 0, sizeof(node->stat_acc));
	node->rb_left = node->rb_right = node->rb_parent = NULL;
	node->chains = NULL;
	node->pairs = NULL;
	node->children = NULL;
	node->nr_children = node->alloc_children = 0;
	node->depth = (u8)depth;
	node->leaf = false;
	node->dummy = false;
	ALLOC_GROW(hists->hier_nodes, hists->nr_hier_nodes + 1, hists->alloc_hier_nodes);
	hists->hier_nodes[hists->nr_hier_nodes++] = node;
	return node;
}

/* The entries of v[0..n) (equal up to the level above) grouped by the key of level depth, in output order. */
static struct hist_entry **hier_level(struct hists *hists, struct hist_entry **v, u32 n, int depth,
				      struct hist_entry *parent, u32 *nr)
{
	bool last = depth == hists->nr_hier_levels - 1;
	struct hist_entry **out = xmalloc((n + 1) * sizeof(*out));
	struct hist_entry **members = xmalloc((n + 1) * sizeof(*members));
	u32 *group = xmalloc((n + 1) * sizeof(u32));
	u32 *heads = xmalloc((n + 1) * sizeof(u32));
	u32 k = rb_group(cmp_one_key, hists->fields->keys[depth], v, n, group, heads);

	for (u32 g = 0; g < k; g++) {
		u32 h = heads[g], m = 0;
		struct hist_entry *he;

		for (u32 i = h; i < n; i++)
			if (group[i] == h)
				members[m++] = v[i];
		if (last) {
			/* equal here but not when collapsing (upstream's compares are not transitive): one entry */
			he = members[0];
			for (u32 i = 1; i < m; i++) {
				he_stat__sum(&he->stat, &members[i]->stat);
				if (hists->store)
					callchain_store__merge_entry(hists->store, he, members[i]);
				members[i]->merged = true;
			}
			he->leaf = true;
		} else {
			he = hier_node__new(hists, members[0], depth);
			for (u32 i = 0; i < m; i++)
				he_stat__sum(&he->stat, &members[i]->stat);
			he->children = hier_level(hists, members, m, depth + 1, he, &he->nr_children);
			he->alloc_children = he->nr_children;
		}
		he->depth = (u8)depth;
		he->parent_he = parent;
		out[g] = he;
	}
	free(members);
	free(group);
	free(heads);
	rb_sort(out, k, left_by_output);
	*nr = k;
	return out;
}

void hists__build_hierarchy(struct hists *hists)
{
	struct hist_entry **v = xmalloc((hists->nr_entries + 1) * sizeof(*v));
	u32 n = 0, k = 0;

	/* the collapsed entries in the order upstream inserts them: its first tree's */
	in_order(hists->in_root, v, &n);
	for (u32 i = 0; i < n; i++)
		if (!v[i]->merged && !v[i]->key.filtered)
			v[k++] = v[i];
	hists->nr_hier_levels = hists->fields->nr_keys;
	hists->hier_roots = hier_level(hists, v, k, 0, NULL, &hists->nr_hier_roots);
	free(v);
}
