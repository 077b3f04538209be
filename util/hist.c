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

struct hists *hists__new(struct evsel *evsel, struct hist_fields *fields)
{
	struct hists *hists = xzalloc(sizeof(*hists));

	hists->evsel = evsel;
	hists->fields = fields;
	hists->table_size = 1024;
	hists->table = xcalloc(hists->table_size, sizeof(*hists->table));
	hists->socket_filter = -1;
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
	free(hists->entries);
	free(hists->sorted);
	free(hists->table);
	free(hists->contexts);
	free(hists->group);
	free(hists);
}

static void hists__grow(struct hists *hists)
{
	u32 size = hists->table_size * 2;
	struct hist_entry **table = xcalloc(size, sizeof(*table));

	for (u32 i = 0; i < hists->nr_entries; i++) {
		struct hist_entry *he = hists->entries[i];
		u32 b = (u32)he->hash & (size - 1);

		he->hnext = table[b];
		table[b] = he;
	}
	free(hists->table);
	hists->table = table;
	hists->table_size = size;
}

struct hist_entry *hists__findnew(struct hists *hists, const struct hist_key *key, bool *created)
{
	struct hist_entry tmp, *he;
	u64 hash;

	tmp.hists = hists;
	tmp.key = *key;
	tmp.srcline = tmp.srcfile = NULL;
	tmp.stat.nr_events = 0;
	hash = hist_entry__hash_keys(hists->fields, &tmp);
	for (he = hists->table[(u32)hash & (hists->table_size - 1)]; he; he = he->hnext) {
		if (he->hash == hash && !hist_entry__cmp_keys(hists->fields, he, &tmp)) {
			*created = false;
			/* upstream follows a map replaced by exec() */
			he->key.map = key->map;
			return he;
		}
	}
	he = xzalloc(sizeof(*he));
	he->hists = hists;
	he->key = *key;
	he->hash = hash;
	he->srcline = tmp.srcline;
	he->srcfile = tmp.srcfile;
	he->idx = hists->nr_entries;
	he->leaf = true;
	if (hists->nr_entries >= hists->table_size)
		hists__grow(hists);
	he->hnext = hists->table[(u32)hash & (hists->table_size - 1)];
	hists->table[(u32)hash & (hists->table_size - 1)] = he;
	ALLOC_GROW(hists->entries, hists->nr_entries + 1, hists->alloc_entries);
	hists->entries[hists->nr_entries++] = he;
	*created = true;
	return he;
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
	u32			id;
};

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

static u32 hists__context(struct hists *hists, struct callchain_store *store, const struct hist_key *key)
{
	struct hist_entry tmp;
	u64 h;

	memset(&tmp, 0, sizeof(tmp));
	tmp.hists = hists;
	tmp.key = *key;
	h = context_hash(hists->fields, &tmp);
	if (hists->last_context && hists->last_context_hash == h &&
	    context_equal(hists->fields, &hists->last_context->he, &tmp))
		return hists->last_context->id;
	for (u32 i = 0; i < hists->nr_contexts; i++) {
		struct hist_context *c = hists->contexts[i];

		if (c->he.hash == h && context_equal(hists->fields, &c->he, &tmp)) {
			hists->last_context = c;
			hists->last_context_hash = h;
			return c->id;
		}
	}
	ALLOC_GROW(hists->contexts, hists->nr_contexts + 1, hists->alloc_contexts);
	struct hist_context *c = xzalloc(sizeof(*c));

	c->he = tmp;
	c->he.hash = h;
	c->id = callchain_store__new_context(store);
	hists->contexts[hists->nr_contexts++] = c;
	hists->last_context = c;
	hists->last_context_hash = h;
	return c->id;
}

/* --- adding a sample --- */

static void add_cumulative(struct hists *hists, const struct hist_sample *hs, struct hist_entry *self)
{
	struct callchain_store *store = hs->store;
	u32 stamp = ++hists->stamp;
	u32 node = callchain_store__root(store, hists__context(hists, store, &hs->key));
	struct hist_key ckey = hs->key;

	self->acc_stamp = stamp;
	if (hs->nr && hs->use_callchain && hs->nr > self->max_depth)
		self->max_depth = hs->nr;
	for (u32 i = 0; i < hs->nr; i++) {
		const struct resolved_frame *rf = &hs->frames[i];
		struct hist_entry *he;
		bool created;

		/* upstream keeps the previous level for an address without a map */
		if (rf->map) {
			ckey.level = rf->level == 'k' ? 'k' : '.';
			ckey.cpumode = rf->level == 'k' ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
		}
		node = callchain_store__step(store, node, hs->frame_ids[i], hs->period, &created);
		if (created) {
			ckey.map = rf->map;
			ckey.dso = rf->map ? rf->dso : NULL;
			ckey.sym = rf->sym;
			ckey.ip = rf->ip;
			ckey.srcline = rf->srcline;
			ckey.chain = true;
			he = hists__findnew(hists, &ckey, &created);
			callchain_store__set_node_entry(store, node, he, he->path_stamp != stamp);
		}
		he = callchain_store__node_entry(store, node);
		if (he->acc_stamp != stamp) {
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
	add_cumulative(hists, hs, he);
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
		if (a->key.thread != b->key.thread || !a->hists->fields->has_sym)
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

static bool left_by_keys(const struct hist_entry *new, const struct hist_entry *node)
{
	return hist_entry__cmp_keys(new->hists->fields, node, new) < 0;
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
	u32 *stack, sp = 0, k = 0, x;
	struct hist_entry **in = xmalloc((n + 1) * sizeof(*in));

	memcpy(in, v, n * sizeof(*in));
	t.left = xmalloc((n + 1) * sizeof(u32));
	t.right = xmalloc((n + 1) * sizeof(u32));
	t.parent = xmalloc((n + 1) * sizeof(u32));
	t.red = xmalloc((n + 1) * sizeof(bool));
	t.root = RB_NIL;
	for (u32 i = 0; i < n; i++) {
		u32 p = RB_NIL, cur = t.root;
		bool left = false;

		while (cur != RB_NIL) {
			p = cur;
			left = go_left(in[i], in[cur]);
			cur = left ? t.left[cur] : t.right[cur];
		}
		t.left[i] = t.right[i] = RB_NIL;
		t.parent[i] = p;
		t.red[i] = true;
		if (p == RB_NIL)
			t.root = i;
		else if (left)
			t.left[p] = i;
		else
			t.right[p] = i;
		rb_fixup(&t, i);
	}
	stack = xmalloc((n + 1) * sizeof(u32));
	x = t.root;
	while (x != RB_NIL || sp) {
		while (x != RB_NIL) {
			stack[sp++] = x;
			x = t.left[x];
		}
		x = stack[--sp];
		v[k++] = in[x];
		x = t.right[x];
	}
	free(stack);
	free(t.left);
	free(t.right);
	free(t.parent);
	free(t.red);
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
	/* created in sample order; the tree of new entries, the collapsed one, the output one */
	rb_sort(hists->sorted, hists->nr_sorted, left_by_keys);
	rb_sort(hists->sorted, hists->nr_sorted, left_by_keys);
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
	if (he->key.trace)
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
