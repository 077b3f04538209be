// SPDX-License-Identifier: GPL-2.0
/*
 * Call-chain aggregates and the trees built from them (see callchain.h).
 *
 * Trees are built level by level. An "element" is one entry of the tree
 * being built (one struct callchain_list upstream) together with its
 * members: the aggregates that pass through it (chain positions, or trie
 * nodes). Expanding an element groups the members' next entries by match
 * key into child elements. Upstream's nodes are runs of elements: a run
 * goes on while an element has exactly one child element and no chain ends
 * in it, which is where upstream would have split a node. Only elements
 * that can be printed are expanded; the others only count.
 */
#include "callchain.h"
#include "callchain-resolve.h"
#include "dso.h"
#include "hist.h"
#include "huge.h"
#include "inline-cache.h"
#include "sort.h"
#include "map.h"
#include "srcline.h"
#include "strbuf.h"
#include "symbol.h"
#include <inttypes.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <math.h>

struct callchain_param callchain_param;

void callchain_param__reset(void)
{
	callchain_param = (struct callchain_param){
		.mode = CHAIN_GRAPH_ABS,
		.min_percent = 0.5,
		.order = ORDER_CALLEE,
		.key = CCKEY_FUNCTION,
		.value = CCVAL_PERCENT,
	};
}

static bool token_is(const char *tok, const char *word)
{
	return !strncmp(tok, word, strlen(tok));
}

static bool parse_token(const char *tok)
{
	static const struct { const char *word; int what, val; } words[] = {
		{ "graph", 0, CHAIN_GRAPH_ABS }, { "flat", 0, CHAIN_FLAT },
		{ "fractal", 0, CHAIN_GRAPH_REL }, { "folded", 0, CHAIN_FOLDED },
		{ "caller", 1, ORDER_CALLER }, { "callee", 1, ORDER_CALLEE },
		{ "function", 2, CCKEY_FUNCTION }, { "address", 2, CCKEY_ADDRESS },
		{ "srcline", 2, CCKEY_SRCLINE }, { "branch", 3, 0 },
		{ "percent", 4, CCVAL_PERCENT }, { "period", 4, CCVAL_PERIOD },
		{ "count", 4, CCVAL_COUNT },
	};

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		if (!token_is(tok, words[i].word))
			continue;
		switch (words[i].what) {
		case 0: callchain_param.mode = words[i].val; break;
		case 1: callchain_param.order = words[i].val; callchain_param.order_set = true; break;
		case 2: callchain_param.key = words[i].val; break;
		case 3: callchain_param.branch = true; break;
		default: callchain_param.value = words[i].val; break;
		}
		return true;
	}
	return false;
}

int parse_callchain_report_opt(const char *arg)
{
	bool minpcnt_set = false;
	char *str, *tok, *save = NULL, *end;
	int err = 0;

	callchain_param.enabled = true;
	if (!arg)
		return 0;
	str = xstrdup(arg);
	for (tok = strtok_r(str, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (token_is(tok, "none")) {
			callchain_param.mode = CHAIN_NONE;
			callchain_param.enabled = false;
			break;
		}
		if (parse_token(tok))
			continue;
		if (!minpcnt_set) {
			callchain_param.min_percent = strtod(tok, &end);
			minpcnt_set = true;
		} else {
			callchain_param.print_limit = strtoul(tok, &end, 0);
		}
		if (end == tok) {
			err = -1;
			break;
		}
	}
	free(str);
	return err;
}

/* --- small open-addressing tables of u32 ids --- */

static inline u64 mix64(u64 h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

static inline u64 hash2(u64 a, u64 b)
{
	return mix64(a * 0x9e3779b97f4a7c15ULL ^ mix64(b));
}

/*
 * Slots hold id + 1 (0 is empty) and the high half of the id's hash, so a
 * probe rejects other ids without touching them.
 */
struct id_table {
	u64	*slots;
	u32	mask;
	u32	nr;
};

static void id_table__exit(struct id_table *t)
{
	free_huge(t->slots);
	t->slots = NULL;
	t->mask = t->nr = 0;
}

static inline u32 id_table__first(const struct id_table *t, u64 h)
{
	return (u32)h & t->mask;
}

static inline u32 id_table__next(const struct id_table *t, u32 pos)
{
	return (pos + 1) & t->mask;
}

/* The id at pos if its hash matches h, else UINT32_MAX. */
static inline u32 id_table__get(const struct id_table *t, u32 pos, u64 h)
{
	u64 v = t->slots[pos];

	return (u32)(v >> 32) == (u32)(h >> 32) ? (u32)v - 1 : UINT32_MAX;
}

static inline void id_table__set(struct id_table *t, u32 pos, u32 id, u64 h)
{
	t->slots[pos] = ((h >> 32) << 32) | (id + 1);
	t->nr++;
}

static void id_table__grow(struct id_table *t, u64 (*hash_of)(void *ctx, u32 id), void *ctx)
{
	u64 *old = t->slots;
	u32 old_size = t->slots ? t->mask + 1 : 0;
	u32 size = old_size ? old_size * 2 : 1024;

	t->slots = xcalloc_huge(size, sizeof(u64));
	t->mask = size - 1;
	for (u32 i = 0; i < old_size; i++) {
		u32 pos;

		if (!old[i])
			continue;
		pos = id_table__first(t, hash_of(ctx, (u32)old[i] - 1));
		while (t->slots[pos])
			pos = id_table__next(t, pos);
		t->slots[pos] = old[i];
	}
	free_huge(old);
}

static inline bool id_table__full(const struct id_table *t)
{
	return !t->slots || (t->nr + 1) * 4 > (t->mask + 1) * 3;
}

/* --- the store --- */

/* A distinct chain of one entry (no --children). */
struct cc_chain {
	struct hist_entry *he;
	u64		hash;
	u64		period;
	u32		count;
	u32		off;		/* frames in store->chain_frames */
	u32		len;
	u32		next;		/* the entry's next chain, +1 (0 ends) */
};

struct trie_node {
	u32		parent;		/* NO_NODE for roots */
	u32		frame;		/* NO_FRAME for roots */
	u32		first_child;	/* +1, 0 for none */
	u32		next_sibling;	/* +1 */
	u32		count;
	u32		end;		/* +1: the samples ending here (node_ends), 0 for none */
	u64		period;
	struct hist_entry *he;
	u32		r_stamp;	/* the tree build whose r_idx this is */
	u32		r_idx;
	bool		first;		/* no ancestor has the same entry */
	bool		nodedup;	/* every appearance counts, own samples included */
};

/* Samples ending at a node: their total, and the first entry they belong to. */
struct node_end {
	u64		period;
	u32		count;
	u32		he_idx;		/* the record in he's ends */
	struct hist_entry *he;
};

/* (parent, frame) -> child, keys kept in the table so a lookup touches one line. */
struct step_slot {
	u32		parent;
	u32		frame;
	u32		id;		/* +1, 0 for empty */
};

#define NO_NODE UINT32_MAX
#define NO_FRAME UINT32_MAX

/* Where one entry's samples end in the trie. */
struct cc_end {
	u32	node;
	u32	count;
	u64	period;
};

struct callchain_data {
	u32		first_chain;	/* +1: list of struct cc_chain */
	u32		last_chain;
	u32		*firsts;	/* trie nodes where the entry first appears on a path */
	u32		nr_firsts, alloc_firsts;
	struct cc_end	*ends;
	u32		nr_ends, alloc_ends;
};

struct callchain_store {
	bool		cumulate;
	bool		by_address;	/* frames per address (not per symbol) */
	bool		match_by_address;
	/* frames */
	struct cc_frame	*frames;
	u32		nr_frames, alloc_frames;
	struct id_table	frame_table;
	struct id_table	match_table;	/* match ids when frames are finer than matching */
	u32		*match_reps;	/* a frame of each match id */
	u32		nr_match, alloc_match;
	/* chains (no --children) */
	struct cc_chain	*chains;
	u32		nr_chains, alloc_chains;
	u32		*chain_frames;
	size_t		nr_chain_frames, alloc_chain_frames;
	struct id_table	chain_table;
	/* the trie (--children) */
	struct trie_node *nodes;
	u32		nr_nodes, alloc_nodes;
	struct step_slot *steps;	/* (parent, frame) -> child */
	u32		step_mask, nr_steps;
	struct node_end	*node_ends;
	u32		nr_node_ends, alloc_node_ends;
	u32		*roots;		/* by context */
	u32		nr_roots;
	u32		nr_contexts;
	/* nodes where several entries end: (node, he) -> index into the entry's ends */
	struct id_table	end_table;
	struct { u32 node; struct hist_entry *he; u32 idx; } *multi_ends;
	u32		nr_multi_ends, alloc_multi_ends;
	/* per-entry data */
	struct callchain_data **datas;
	u32		nr_datas, alloc_datas;
	/* the tree being built */
	struct cc_builder *builder;
};

static struct callchain_data *he_data(struct callchain_store *s, struct hist_entry *he)
{
	if (!he->chains) {
		he->chains = xzalloc(sizeof(*he->chains));
		ALLOC_GROW(s->datas, s->nr_datas + 1, s->alloc_datas);
		s->datas[s->nr_datas++] = he->chains;
	}
	return he->chains;
}

struct callchain_store *callchain_store__new(bool cumulate)
{
	struct callchain_store *s = xzalloc(sizeof(*s));

	s->cumulate = cumulate;
	s->match_by_address = callchain_param.key != CCKEY_FUNCTION;
	s->by_address = s->match_by_address;
	return s;
}

static void builder__delete(struct cc_builder *b);

void callchain_store__delete(struct callchain_store *s)
{
	if (!s)
		return;
	for (u32 i = 0; i < s->nr_datas; i++) {
		free(s->datas[i]->firsts);
		free(s->datas[i]->ends);
		free(s->datas[i]);
	}
	free(s->datas);
	free_huge(s->frames);
	id_table__exit(&s->frame_table);
	id_table__exit(&s->match_table);
	free(s->match_reps);
	free_huge(s->chains);
	free_huge(s->chain_frames);
	id_table__exit(&s->chain_table);
	free_huge(s->nodes);
	free_huge(s->steps);
	free_huge(s->node_ends);
	free(s->roots);
	id_table__exit(&s->end_table);
	free(s->multi_ends);
	builder__delete(s->builder);
	free(s);
}

void callchain_store__set_by_address(struct callchain_store *s, bool by_address)
{
	s->by_address = by_address || s->match_by_address;
}

/* --- frames --- */

struct frame_key {
	struct dso	*dso;
	struct symbol	*sym;
	u64		ip;
	const void	*level;		/* the inline level, when its srcline is shown */
	bool		kernel;
};

static void frame_key__init(const struct callchain_store *s, const struct resolved_frame *rf,
			    bool by_address, struct frame_key *k)
{
	k->dso = rf->map ? rf->dso : NULL;
	/* upstream matches inlined functions by name, whatever they are inlined in */
	k->sym = symbol__inlined(rf->sym) ? inline_sym__canonical(rf->sym) : rf->sym;
	k->kernel = rf->level == 'k';
	/* upstream matches entries by symbol start when there is a symbol, else by address */
	k->ip = (by_address || !rf->sym) ? rf->ip : 0;
	/* two inline levels of one function at one address differ by their source lines */
	k->level = s->match_by_address ? rf->srcline : NULL;
}

static u64 frame_key__hash(const struct frame_key *k)
{
	return hash2((u64)(uintptr_t)k->dso ^ ((u64)k->kernel << 63),
		     hash2((u64)(uintptr_t)k->sym ^ (u64)(uintptr_t)k->level, k->ip));
}

static bool frame_matches(const struct cc_frame *f, const struct frame_key *k, bool by_address)
{
	if (f->dso != k->dso || f->sym != k->sym || f->kernel != k->kernel || f->level_key != k->level)
		return false;
	return (!by_address && f->sym) ? true : f->ip == k->ip;
}

static u64 frame_hash_of(void *ctx, u32 id)
{
	struct callchain_store *s = ctx;
	const struct cc_frame *f = &s->frames[id];
	struct frame_key k = { .dso = f->dso, .sym = f->sym, .kernel = f->kernel,
			       .ip = (s->by_address || !f->sym) ? f->ip : 0, .level = f->level_key };

	return frame_key__hash(&k);
}

/*
 * -g srcline: upstream matches entries by their source line alone, when they
 * have one, else as -g function does.
 */
static bool match_by_srcline(const struct cc_frame *f)
{
	return callchain_param.key == CCKEY_SRCLINE && f->srcline;
}

static bool frame_match_by_address(const struct callchain_store *s, const struct cc_frame *f)
{
	return s->match_by_address && !(callchain_param.key == CCKEY_SRCLINE && f->sym);
}

/* What f is matched by when not by its source line, whatever inline level it was interned for. */
static void frame_match_key(const struct callchain_store *s, const struct cc_frame *f, const void *level,
			    struct frame_key *k)
{
	*k = (struct frame_key){ .dso = f->dso, .sym = f->sym, .kernel = f->kernel,
				 .ip = (frame_match_by_address(s, f) || !f->sym) ? f->ip : 0, .level = level };
}

static u64 frame_match_hash(const struct callchain_store *s, const struct cc_frame *f)
{
	struct frame_key k;

	if (match_by_srcline(f))
		return hash2(hash_str(f->srcline), 0);
	frame_match_key(s, f, NULL, &k);
	return frame_key__hash(&k);
}

static bool frames_match(const struct callchain_store *s, const struct cc_frame *rep, const struct cc_frame *f)
{
	struct frame_key k;

	frame_match_key(s, f, rep->level_key, &k);
	if (match_by_srcline(rep) || match_by_srcline(f))
		return match_by_srcline(rep) && match_by_srcline(f) && !strcmp(rep->srcline, f->srcline);
	return frame_matches(rep, &k, frame_match_by_address(s, f));
}

static u64 match_hash_of(void *ctx, u32 id)
{
	struct callchain_store *s = ctx;

	return frame_match_hash(s, &s->frames[s->match_reps[id]]);
}

static u32 match_id(struct callchain_store *s, u32 frame_id)
{
	const struct cc_frame *f = &s->frames[frame_id];
	u64 h = frame_match_hash(s, f);
	u32 pos;

	if (id_table__full(&s->match_table))
		id_table__grow(&s->match_table, match_hash_of, s);
	for (pos = id_table__first(&s->match_table, h); s->match_table.slots[pos];
	     pos = id_table__next(&s->match_table, pos)) {
		u32 id = id_table__get(&s->match_table, pos, h);

		if (id != UINT32_MAX && frames_match(s, &s->frames[s->match_reps[id]], f))
			return id;
	}
	ALLOC_GROW(s->match_reps, s->nr_match + 1, s->alloc_match);
	s->match_reps[s->nr_match] = frame_id;
	id_table__set(&s->match_table, pos, s->nr_match, h);
	return s->nr_match++;
}

static u32 dso_rank(struct dso *dso)
{
	/* dsos are created in order; upstream compares their (heap) addresses */
	return dso ? dso__report_info(dso)->rank : 0;
}

u32 callchain_store__frame(struct callchain_store *s, const struct resolved_frame *rf)
{
	struct frame_key k;
	struct cc_frame *f;
	u64 h;
	u32 pos;

	frame_key__init(s, rf, s->by_address, &k);
	h = frame_key__hash(&k);
	if (id_table__full(&s->frame_table))
		id_table__grow(&s->frame_table, frame_hash_of, s);
	for (pos = id_table__first(&s->frame_table, h); s->frame_table.slots[pos];
	     pos = id_table__next(&s->frame_table, pos)) {
		u32 id = id_table__get(&s->frame_table, pos, h);

		if (id != UINT32_MAX && frame_matches(&s->frames[id], &k, s->by_address))
			return id;
	}
	ALLOC_GROW_HUGE(s->frames, s->nr_frames + 1, s->alloc_frames);
	f = &s->frames[s->nr_frames];
	memset(f, 0, sizeof(*f));
	f->map = rf->map;
	f->dso = k.dso;
	f->sym = k.sym;
	f->ip = rf->ip;
	f->addr = rf->addr;
	f->kernel = k.kernel;
	f->level_key = k.level;
	f->has_map = rf->map != NULL;
	f->level = k.kernel ? 'k' : '.';
	f->cpumode = k.kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	f->dso_order = dso_rank(f->dso);
	if (s->match_by_address && rf->map && rf->dso) {
		/* an inline level of an unwound address is where that level is */
		struct srcline level = { 1, (struct srcline_frame *)rf->srcline };
		const struct srcline *sl = rf->srcline ? &level : dso__srcline(rf->dso, rf->addr);

		const char *file;

		if (sl) {
			/* as addr2line: a unit without a line is ":0" */
			const char *sf = sl->frames[0].file ?: "", *slash = strrchr(sf, '/');

			f->srcline = xasprintf("%s:%u", slash ? slash + 1 : sf, sl->frames[0].line);
		} else if (dso__srcline_symbol_file(rf->dso, rf->addr, &file)) {
			/* addr2line's answer from the symbol table: "??:?" (upstream's ??:0) or "file.c:0" */
			f->srcline = xasprintf("%s:0", file ?: "??");
		} else if (callchain_param.key == CCKEY_ADDRESS) {
			/* where addr2line has nothing, upstream shows the address */
			if (rf->sym)
				f->srcline = xasprintf("+%" PRIu64, rf->addr - rf->sym->start);
			else
				f->srcline = xasprintf("%s[%" PRIx64 "]", rf->dso->short_name,
						       map__rip_2objdump(rf->map, rf->addr));
		}
	}
	/* upstream orders siblings by address when chains are keyed by address */
	f->order_addr = (rf->sym && (callchain_param.key == CCKEY_FUNCTION ||
				     (callchain_param.key == CCKEY_SRCLINE && !f->srcline))) ? rf->sym->start : rf->ip;
	id_table__set(&s->frame_table, pos, s->nr_frames, h);
	s->nr_frames++;
	f->match = (s->by_address == s->match_by_address && callchain_param.key != CCKEY_SRCLINE) ? s->nr_frames - 1
										  : match_id(s, s->nr_frames - 1);
	return s->nr_frames - 1;
}

const struct cc_frame *callchain_store__get_frame(const struct callchain_store *s, u32 id)
{
	return &s->frames[id];
}

void cc_frame__name(const struct cc_frame *f, struct strbuf *sb, bool show_dso)
{
	if (f->sym) {
		strbuf_addstr(sb, symbol__name(f->sym));
		if (f->srcline && callchain_param.key != CCKEY_FUNCTION) {
			strbuf_addch(sb, ' ');
			strbuf_addstr(sb, f->srcline);
		}
	} else {
		strbuf_addf(sb, "%#" PRIx64, f->ip);
	}
	if (symbol__inlined(f->sym))
		strbuf_addstr(sb, " (inlined)");
	if (show_dso) {
		strbuf_addch(sb, ' ');
		strbuf_addstr(sb, f->dso ? f->dso->short_name : "unknown");
	}
}

/* --- chains of entries (no --children) --- */

static u64 chain_hash(const struct hist_entry *he, const u32 *frames, u32 nr)
{
	u64 h = mix64((u64)(uintptr_t)he);

	for (u32 i = 0; i < nr; i++)
		h = (h ^ frames[i]) * 0x100000001b3ULL;
	return mix64(h ^ nr);
}

static u64 chain_hash_of(void *ctx, u32 id)
{
	return ((struct callchain_store *)ctx)->chains[id].hash;
}

void callchain_store__add_chain(struct callchain_store *s, struct hist_entry *he,
				const u32 *frames, u32 nr, u64 period)
{
	struct callchain_data *d;
	struct cc_chain *c;
	u64 h;
	u32 pos;

	if (!nr)
		return;
	h = chain_hash(he, frames, nr);
	if (id_table__full(&s->chain_table))
		id_table__grow(&s->chain_table, chain_hash_of, s);
	for (pos = id_table__first(&s->chain_table, h); s->chain_table.slots[pos];
	     pos = id_table__next(&s->chain_table, pos)) {
		u32 id = id_table__get(&s->chain_table, pos, h);

		if (id == UINT32_MAX)
			continue;
		c = &s->chains[id];
		if (c->hash == h && c->he == he && c->len == nr &&
		    !memcmp(&s->chain_frames[c->off], frames, nr * sizeof(u32))) {
			c->period += period;
			c->count++;
			return;
		}
	}
	ALLOC_GROW_HUGE(s->chain_frames, s->nr_chain_frames + nr, s->alloc_chain_frames);
	memcpy(&s->chain_frames[s->nr_chain_frames], frames, nr * sizeof(u32));
	ALLOC_GROW_HUGE(s->chains, s->nr_chains + 1, s->alloc_chains);
	c = &s->chains[s->nr_chains];
	*c = (struct cc_chain){ .he = he, .hash = h, .period = period, .count = 1,
				.off = (u32)s->nr_chain_frames, .len = nr };
	s->nr_chain_frames += nr;
	id_table__set(&s->chain_table, pos, s->nr_chains++, h);
	d = he_data(s, he);
	if (d->last_chain)
		s->chains[d->last_chain - 1].next = s->nr_chains;
	else
		d->first_chain = s->nr_chains;
	d->last_chain = s->nr_chains;
}

/* --- the trie (--children) --- */

static u32 new_node(struct callchain_store *s, u32 parent, u32 frame)
{
	struct trie_node *n;

	if (s->nr_nodes == s->alloc_nodes) {
		s->alloc_nodes = s->alloc_nodes ? s->alloc_nodes * 2 : 4096;
		s->nodes = xrealloc_huge(s->nodes, s->alloc_nodes * sizeof(*s->nodes));
	}
	n = &s->nodes[s->nr_nodes];
	memset(n, 0, sizeof(*n));
	n->parent = parent;
	n->frame = frame;
	return s->nr_nodes++;
}

static void steps_grow(struct callchain_store *s)
{
	struct step_slot *old = s->steps;
	u32 old_size = old ? s->step_mask + 1 : 0, size = old_size ? old_size * 2 : 4096;

	s->steps = xcalloc_huge(size, sizeof(*s->steps));
	s->step_mask = size - 1;
	for (u32 i = 0; i < old_size; i++) {
		u32 pos;

		if (!old[i].id)
			continue;
		pos = (u32)hash2(old[i].parent, old[i].frame) & s->step_mask;
		while (s->steps[pos].id)
			pos = (pos + 1) & s->step_mask;
		s->steps[pos] = old[i];
	}
	free_huge(old);
}

u32 callchain_store__new_context(struct callchain_store *s)
{
	return s->nr_contexts++;
}

u32 callchain_store__root(struct callchain_store *s, u32 context)
{
	if (context >= s->nr_roots) {
		u32 n = context + 1;

		s->roots = xrealloc(s->roots, n * sizeof(u32));
		for (u32 i = s->nr_roots; i < n; i++)
			s->roots[i] = NO_NODE;
		s->nr_roots = n;
	}
	if (s->roots[context] == NO_NODE)
		s->roots[context] = new_node(s, NO_NODE, NO_FRAME);
	return s->roots[context];
}

u32 callchain_store__step(struct callchain_store *s, u32 node, u32 frame, u64 period, bool *created)
{
	u32 pos, id;

	*created = false;
	if ((s->nr_steps + 1) * 2 > s->step_mask || !s->steps)
		steps_grow(s);
	for (pos = (u32)hash2(node, frame) & s->step_mask; s->steps[pos].id; pos = (pos + 1) & s->step_mask) {
		if (s->steps[pos].parent == node && s->steps[pos].frame == frame) {
			id = s->steps[pos].id - 1;
			goto found;
		}
	}
	id = new_node(s, node, frame);
	s->steps[pos] = (struct step_slot){ .parent = node, .frame = frame, .id = id + 1 };
	s->nr_steps++;
	s->nodes[id].next_sibling = s->nodes[node].first_child;
	s->nodes[node].first_child = id + 1;
	*created = true;
found:
	s->nodes[id].period += period;
	s->nodes[id].count++;
	return id;
}

void callchain_store__set_node_entry(struct callchain_store *s, u32 node, struct hist_entry *he, bool first,
				     bool nodedup)
{
	first = first || nodedup;
	s->nodes[node].he = he;
	s->nodes[node].first = first;
	s->nodes[node].nodedup = nodedup;
	if (first) {
		struct callchain_data *d = he_data(s, he);

		ALLOC_GROW(d->firsts, d->nr_firsts + 1, d->alloc_firsts);
		d->firsts[d->nr_firsts++] = node;
	}
}

struct hist_entry *callchain_store__node_entry(const struct callchain_store *s, u32 node)
{
	return s->nodes[node].he;
}

static u64 end_hash(u32 node, const struct hist_entry *he)
{
	return hash2(node, (u64)(uintptr_t)he);
}

static u64 end_hash_of(void *ctx, u32 id)
{
	struct callchain_store *s = ctx;

	return end_hash(s->multi_ends[id].node, s->multi_ends[id].he);
}

static u32 add_end(struct callchain_store *s, struct hist_entry *he, u32 node)
{
	struct callchain_data *d = he_data(s, he);

	ALLOC_GROW(d->ends, d->nr_ends + 1, d->alloc_ends);
	d->ends[d->nr_ends] = (struct cc_end){ .node = node };
	return d->nr_ends++;
}

void callchain_store__end(struct callchain_store *s, u32 node, struct hist_entry *he, u64 period)
{
	struct node_end *ne;
	struct callchain_data *d;
	u32 idx, pos;
	u64 h;

	if (!s->nodes[node].end) {
		ALLOC_GROW_HUGE(s->node_ends, s->nr_node_ends + 1, s->alloc_node_ends);
		s->node_ends[s->nr_node_ends] = (struct node_end){ .he = he, .he_idx = add_end(s, he, node) };
		s->nodes[node].end = ++s->nr_node_ends;
	}
	ne = &s->node_ends[s->nodes[node].end - 1];
	ne->period += period;
	ne->count++;
	if (ne->he == he) {
		idx = ne->he_idx;
		d = he->chains;
		goto add;
	}
	/* another entry already ends here: (node, he) records in a table */
	h = end_hash(node, he);
	if (id_table__full(&s->end_table))
		id_table__grow(&s->end_table, end_hash_of, s);
	for (pos = id_table__first(&s->end_table, h); s->end_table.slots[pos];
	     pos = id_table__next(&s->end_table, pos)) {
		u32 id = id_table__get(&s->end_table, pos, h);

		if (id != UINT32_MAX && s->multi_ends[id].node == node && s->multi_ends[id].he == he) {
			idx = s->multi_ends[id].idx;
			d = he->chains;
			goto add;
		}
	}
	idx = add_end(s, he, node);
	d = he->chains;
	ALLOC_GROW(s->multi_ends, s->nr_multi_ends + 1, s->alloc_multi_ends);
	s->multi_ends[s->nr_multi_ends].node = node;
	s->multi_ends[s->nr_multi_ends].he = he;
	s->multi_ends[s->nr_multi_ends].idx = idx;
	id_table__set(&s->end_table, pos, s->nr_multi_ends++, h);
add:
	d->ends[idx].period += period;
	d->ends[idx].count++;
}

void callchain_store__merge_entry(struct callchain_store *s, struct hist_entry *dst, struct hist_entry *src)
{
	struct callchain_data *d, *from = src->chains;

	if (!from)
		return;
	d = he_data(s, dst);
	if (from->first_chain) {
		if (d->last_chain)
			s->chains[d->last_chain - 1].next = from->first_chain;
		else
			d->first_chain = from->first_chain;
		d->last_chain = from->last_chain;
		from->first_chain = from->last_chain = 0;
	}
	for (u32 i = 0; i < from->nr_firsts; i++) {
		ALLOC_GROW(d->firsts, d->nr_firsts + 1, d->alloc_firsts);
		d->firsts[d->nr_firsts++] = from->firsts[i];
	}
	for (u32 i = 0; i < from->nr_ends; i++) {
		ALLOC_GROW(d->ends, d->nr_ends + 1, d->alloc_ends);
		d->ends[d->nr_ends++] = from->ends[i];
	}
	from->nr_firsts = from->nr_ends = 0;
}

/* --- building a tree for printing --- */

enum { REGION_CUM, REGION_SELF };

struct cc_member {
	u32	ref;		/* chain index, or trie node */
	u32	pos;		/* chain position, or the trie region */
	u64	period;
	u32	count;
	u32	group;		/* while grouping: the group index */
};

/* A child element being formed: members with the same match key. */
struct cc_group {
	u32	key;
	u32	frame;
	u32	start, end;	/* members in b->members */
	u64	period;
	u32	count;
};

/* R(node) for the entry being built: its own samples through node, and ending at node. */
struct r_val {
	u64	rp;
	u64	ep;
	u32	rc;
	u32	ec;
};

struct cc_builder {
	struct callchain_store *s;
	struct callchain_data *d;
	u64		min_hit;
	struct cc_member *members;
	size_t		nr_members, alloc_members;
	struct cc_member *tmp;
	size_t		nr_tmp, alloc_tmp;
	struct cc_group	*groups;
	size_t		nr_groups, alloc_groups;
	u32		*gtable;	/* key -> group + 1, while grouping */
	u32		gmask;
	u32		*gused;		/* slots to clear */
	size_t		nr_gused, alloc_gused;
	struct r_val	*r;
	u32		nr_r, alloc_r;
	u32		stamp;		/* marks the trie nodes with an R value in this build */
	u32		*r_roots;
	u32		nr_r_roots, alloc_r_roots;
	/* the tree */
	struct cc_tree	tree;
	struct cc_node	*nodes;
	size_t		nr_nodes, alloc_nodes;
	u32		*frames;
	size_t		nr_frames, alloc_frames;
	u32		*kids;		/* children node indices, per node contiguous */
	size_t		nr_kids, alloc_kids;
	u32		*kid_tmp;
	size_t		nr_kid_tmp, alloc_kid_tmp;
	struct cc_node	**flat;
	size_t		nr_flat, alloc_flat;
	u32		*flat_idx;
	size_t		nr_flat_idx, alloc_flat_idx;
	struct cc_node	**ptrs;
	size_t		alloc_ptrs;
};

static void builder__delete(struct cc_builder *b)
{
	if (!b)
		return;
	free_huge(b->members);
	free_huge(b->tmp);
	free(b->groups);
	free(b->gtable);
	free(b->gused);
	free_huge(b->r);
	free(b->r_roots);
	free(b->nodes);
	free(b->frames);
	free(b->kids);
	free(b->kid_tmp);
	free(b->flat);
	free(b->flat_idx);
	free(b->ptrs);
	free(b);
}

/* --- R: the entry's own samples per trie node --- */

static struct r_val *r_find(struct cc_builder *b, u32 node, bool create)
{
	struct trie_node *n = &b->s->nodes[node];

	if (n->r_stamp == b->stamp)
		return &b->r[n->r_idx];
	if (!create)
		return NULL;
	ALLOC_GROW_HUGE(b->r, b->nr_r + 1, b->alloc_r);
	memset(&b->r[b->nr_r], 0, sizeof(*b->r));
	n->r_stamp = b->stamp;
	n->r_idx = b->nr_r;
	return &b->r[b->nr_r++];
}

static void r_compute(struct cc_builder *b)
{
	const struct trie_node *nodes = b->s->nodes;

	b->nr_r = 0;
	b->nr_r_roots = 0;
	if (!++b->stamp)
		b->stamp = 1;	/* wrapped: stale marks could match (4G builds later) */
	for (u32 i = 0; i < b->d->nr_ends; i++) {
		const struct cc_end *e = &b->d->ends[i];
		struct r_val *v = r_find(b, e->node, true);
		u32 n = e->node;

		v->ep += e->period;
		v->ec += e->count;
		for (;;) {
			v = r_find(b, n, true);
			if (nodes[n].parent == NO_NODE && !v->rc) {
				ALLOC_GROW(b->r_roots, b->nr_r_roots + 1, b->alloc_r_roots);
				b->r_roots[b->nr_r_roots++] = n;
			}
			v->rp += e->period;
			v->rc += e->count;
			if (nodes[n].parent == NO_NODE)
				break;
			n = nodes[n].parent;
		}
	}
}

static inline void r_get(struct cc_builder *b, u32 node, u64 *rp, u32 *rc, u64 *ep, u32 *ec)
{
	const struct r_val *v = r_find(b, node, false);

	*rp = v ? v->rp : 0;
	*rc = v ? v->rc : 0;
	*ep = v ? v->ep : 0;
	*ec = v ? v->ec : 0;
}

/* --- expansion --- */

static inline void tmp_push(struct cc_builder *b, u32 ref, u32 pos, u64 period, u32 count)
{
	ALLOC_GROW_HUGE(b->tmp, b->nr_tmp + 1, b->alloc_tmp);
	b->tmp[b->nr_tmp++] = (struct cc_member){ .ref = ref, .pos = pos, .period = period, .count = count };
}

static inline u32 member_frame(const struct cc_builder *b, const struct cc_member *m)
{
	const struct callchain_store *s = b->s;

	if (!s->cumulate)
		return s->chain_frames[s->chains[m->ref].off + m->pos];
	return s->nodes[m->ref].frame;
}

/* Collect the next entries of members [start, end) into tmp; add what ends there to *ep, *ec. */
static void collect_children(struct cc_builder *b, size_t start, size_t end, u64 *ep, u32 *ec)
{
	const struct callchain_store *s = b->s;

	for (size_t i = start; i < end; i++) {
		const struct cc_member m = b->members[i];

		if (!s->cumulate) {
			if (m.pos + 1 < s->chains[m.ref].len) {
				tmp_push(b, m.ref, m.pos + 1, m.period, m.count);
			} else {
				*ep += m.period;
				*ec += m.count;
			}
			continue;
		}
		u64 rp, rep;
		u32 rc, rec;
		const struct trie_node *n = &s->nodes[m.ref];

		r_get(b, m.ref, &rp, &rc, &rep, &rec);
		if (m.pos == REGION_CUM && n->nodedup)
			rp = rep = 0, rc = rec = 0;
		if (m.pos == REGION_CUM) {
			const struct node_end *ne = n->end ? &s->node_ends[n->end - 1] : NULL;

			*ep += (ne ? ne->period : 0) - rep;
			*ec += (ne ? ne->count : 0) - rec;
		} else {
			*ep += rep;
			*ec += rec;
		}
		for (u32 c = n->first_child; c; c = s->nodes[c - 1].next_sibling) {
			const struct trie_node *child = &s->nodes[c - 1];

			r_get(b, c - 1, &rp, &rc, &rep, &rec);
			if (m.pos == REGION_CUM && child->nodedup)
				rp = 0, rc = 0;
			if (m.pos == REGION_CUM) {
				if (child->count > rc)
					tmp_push(b, c - 1, REGION_CUM, child->period - rp, child->count - rc);
			} else if (rc) {
				tmp_push(b, c - 1, REGION_SELF, rp, rc);
			}
		}
	}
}

static int group_order(const void *pa, const void *pb, void *arg);

/*
 * Group tmp into child elements: push groups (in upstream's child order) and
 * their members onto the stacks. Returns the first group's index.
 */
static size_t group_tmp(struct cc_builder *b)
{
	size_t first = b->nr_groups, nr, pos;
	const struct callchain_store *s = b->s;

	if (!b->nr_tmp)
		return first;
	if (!b->gtable) {
		b->gmask = 4095;
		b->gtable = xcalloc(b->gmask + 1, sizeof(u32));
	}
	for (size_t i = 0; i < b->nr_tmp; i++) {
		struct cc_member *m = &b->tmp[i];
		u32 frame = member_frame(b, m);
		u32 key = s->frames[frame].match;
		u32 slot = (u32)mix64(key) & b->gmask;
		struct cc_group *g;

		for (;;) {
			u32 v = b->gtable[slot];

			if (!v) {
				ALLOC_GROW(b->groups, b->nr_groups + 1, b->alloc_groups);
				g = &b->groups[b->nr_groups];
				*g = (struct cc_group){ .key = key, .frame = frame };
				b->gtable[slot] = (u32)(b->nr_groups++ - first) + 1;
				ALLOC_GROW(b->gused, b->nr_gused + 1, b->alloc_gused);
				b->gused[b->nr_gused++] = slot;
				break;
			}
			g = &b->groups[first + v - 1];
			if (g->key == key)
				break;
			slot = (slot + 1) & b->gmask;
		}
		g->period += m->period;
		g->count += m->count;
		g->end++;		/* member count, for now */
		m->group = (u32)(g - b->groups);
		/* keep the table sparse */
		if ((b->nr_groups - first) * 2 > b->gmask) {
			free(b->gtable);
			b->gmask = b->gmask * 2 + 1;
			b->gtable = xcalloc(b->gmask + 1, sizeof(u32));
			b->nr_gused = 0;
			for (size_t j = first; j < b->nr_groups; j++) {
				u32 sl = (u32)mix64(b->groups[j].key) & b->gmask;

				while (b->gtable[sl])
					sl = (sl + 1) & b->gmask;
				b->gtable[sl] = (u32)(j - first) + 1;
				ALLOC_GROW(b->gused, b->nr_gused + 1, b->alloc_gused);
				b->gused[b->nr_gused++] = sl;
			}
		}
	}
	for (size_t i = 0; i < b->nr_gused; i++)
		b->gtable[b->gused[i]] = 0;
	b->nr_gused = 0;
	/* members, grouped, onto the member stack */
	nr = b->nr_tmp;
	ALLOC_GROW_HUGE(b->members, b->nr_members + nr, b->alloc_members);
	pos = b->nr_members;
	for (size_t j = first; j < b->nr_groups; j++) {
		size_t n = b->groups[j].end;

		b->groups[j].start = (u32)pos;
		b->groups[j].end = (u32)pos;
		pos += n;
	}
	for (size_t i = 0; i < nr; i++) {
		struct cc_group *g = &b->groups[b->tmp[i].group];

		b->members[g->end++] = b->tmp[i];
	}
	b->nr_members += nr;
	b->nr_tmp = 0;
	if (b->nr_groups - first > 1)
		qsort_r(&b->groups[first], b->nr_groups - first, sizeof(struct cc_group), group_order, b);
	return first;
}

/*
 * Upstream keeps children in a tree ordered by (dso, symbol start or address),
 * greatest first; by name when one is an inlined function (same start).
 */
static int group_order(const void *pa, const void *pb, void *arg)
{
	const struct cc_builder *b = arg;
	const struct cc_frame *fa = &b->s->frames[((const struct cc_group *)pa)->frame];
	const struct cc_frame *fb = &b->s->frames[((const struct cc_group *)pb)->frame];

	if (match_by_srcline(fa) && match_by_srcline(fb)) {
		int cmp = strcmp(fa->srcline, fb->srcline);

		return cmp < 0 ? 1 : cmp > 0 ? -1 : 0;
	}
	if (fa->sym && fb->sym && (symbol__inlined(fa->sym) || symbol__inlined(fb->sym))) {
		int cmp = strcmp(symbol__name(fa->sym), symbol__name(fb->sym));

		if (cmp)
			return cmp < 0 ? 1 : -1;
	}

	if (fa->dso_order != fb->dso_order)
		return fa->dso_order < fb->dso_order ? 1 : -1;
	if (fa->order_addr != fb->order_addr)
		return fa->order_addr < fb->order_addr ? 1 : -1;
	return 0;
}

/* --- nodes --- */

static u32 node_new(struct cc_builder *b, u32 parent)
{
	struct cc_node *n;

	ALLOC_GROW(b->nodes, b->nr_nodes + 1, b->alloc_nodes);
	n = &b->nodes[b->nr_nodes];
	memset(n, 0, sizeof(*n));
	n->parent = (struct cc_node *)(uintptr_t)parent;	/* an index until fixup */
	return (u32)b->nr_nodes++;
}

static bool keep_child(const struct cc_builder *b, const struct cc_group *g, const struct cc_node *parent)
{
	if (callchain_param.mode == CHAIN_GRAPH_REL) {
		u64 min_hit = (u64)ceil((double)parent->children_hit * (callchain_param.min_percent / 100.0));

		return g->period >= min_hit;
	}
	return g->period >= b->min_hit;
}

static void flat_add(struct cc_builder *b, u32 idx)
{
	const struct cc_node *n = &b->nodes[idx];

	if (n->hit && n->hit >= b->min_hit) {
		ALLOC_GROW(b->flat_idx, b->nr_flat_idx + 1, b->alloc_flat_idx);
		b->flat_idx[b->nr_flat_idx++] = idx;
	}
}

static void build_children(struct cc_builder *b, u32 idx, size_t gfirst);

/* A node from group g: its run of elements, then its children. */
static u32 build_node(struct cc_builder *b, u32 parent, size_t gidx)
{
	u32 idx = node_new(b, parent);
	struct cc_group g = b->groups[gidx];
	size_t member_mark = b->nr_members, group_mark = b->nr_groups;
	size_t mstart = g.start, mend = g.end, gfirst;
	u64 ends_p;
	u32 ends_c;

	b->nodes[idx].frames = (u32 *)(uintptr_t)b->nr_frames;	/* an offset until fixup */
	for (;;) {
		ALLOC_GROW(b->frames, b->nr_frames + 1, b->alloc_frames);
		b->frames[b->nr_frames++] = g.frame;
		b->nodes[idx].nr_frames++;
		ends_p = 0;
		ends_c = 0;
		collect_children(b, mstart, mend, &ends_p, &ends_c);
		gfirst = group_tmp(b);
		if (ends_c || b->nr_groups - gfirst != 1)
			break;
		/* one child and nothing ends: the same upstream node goes on */
		g = b->groups[gfirst];
		b->nr_groups = gfirst;
		memmove(&b->members[member_mark], &b->members[g.start], (g.end - g.start) * sizeof(struct cc_member));
		b->nr_members = member_mark + (g.end - g.start);
		mstart = member_mark;
		mend = b->nr_members;
	}
	b->nodes[idx].hit = ends_p;
	b->nodes[idx].count = ends_c;
	b->nodes[idx].children_hit = g.period - ends_p;
	b->nodes[idx].children_count = g.count - ends_c;
	if (callchain_param.mode == CHAIN_FLAT || callchain_param.mode == CHAIN_FOLDED) {
		build_children(b, idx, gfirst);
		flat_add(b, idx);
	} else {
		build_children(b, idx, gfirst);
	}
	b->nr_members = member_mark;
	b->nr_groups = group_mark;
	return idx;
}

static int cumul_order(const void *pa, const void *pb, void *arg)
{
	const struct cc_builder *b = arg;
	const struct cc_node *na = &b->nodes[*(const u32 *)pa], *nb = &b->nodes[*(const u32 *)pb];
	u64 ca = cc_node__cumul(na), cb = cc_node__cumul(nb);

	if (ca != cb)
		return ca < cb ? 1 : -1;
	/* equal: keep the key order (the indices grow in it) */
	return *(const u32 *)pa < *(const u32 *)pb ? -1 : 1;
}

static void build_children(struct cc_builder *b, u32 idx, size_t gfirst)
{
	size_t gend = b->nr_groups, kid_mark = b->nr_kid_tmp, nr;

	for (size_t i = gfirst; i < gend; i++) {
		u32 child;

		if (!keep_child(b, &b->groups[i], &b->nodes[idx]))
			continue;
		child = build_node(b, idx, i);
		ALLOC_GROW(b->kid_tmp, b->nr_kid_tmp + 1, b->alloc_kid_tmp);
		b->kid_tmp[b->nr_kid_tmp++] = child;
	}
	nr = b->nr_kid_tmp - kid_mark;
	if (nr > 1 && callchain_param.mode != CHAIN_FLAT && callchain_param.mode != CHAIN_FOLDED)
		qsort_r(&b->kid_tmp[kid_mark], nr, sizeof(u32), cumul_order, b);
	ALLOC_GROW(b->kids, b->nr_kids + nr, b->alloc_kids);
	b->nodes[idx].children = (struct cc_node **)(uintptr_t)b->nr_kids;	/* an offset until fixup */
	b->nodes[idx].nr_children = (u32)nr;
	if (nr)	/* kids may still be NULL */
		memcpy(&b->kids[b->nr_kids], &b->kid_tmp[kid_mark], nr * sizeof(u32));
	b->nr_kids += nr;
	b->nr_kid_tmp = kid_mark;
}

static int flat_order(const void *pa, const void *pb, void *arg)
{
	const struct cc_builder *b = arg;
	u32 pa_ = *(const u32 *)pa, pb_ = *(const u32 *)pb;
	u64 ha = b->nodes[b->flat_idx[pa_]].hit, hb = b->nodes[b->flat_idx[pb_]].hit;

	if (ha != hb)
		return ha < hb ? 1 : -1;
	return pa_ < pb_ ? -1 : 1;	/* equal hits keep the post-order */
}

/* Indices to pointers, once the arrays stopped moving. */
static void fixup(struct cc_builder *b)
{
	struct cc_tree *t = &b->tree;
	u32 *pos;

	ALLOC_GROW(b->ptrs, b->nr_kids + b->nr_flat_idx + 1, b->alloc_ptrs);
	for (size_t i = 0; i < b->nr_kids; i++)
		b->ptrs[i] = &b->nodes[b->kids[i]];
	for (size_t i = 0; i < b->nr_nodes; i++) {
		struct cc_node *n = &b->nodes[i];
		u32 parent = (u32)(uintptr_t)n->parent;

		n->parent = i ? &b->nodes[parent] : NULL;
		n->frames = &b->frames[(uintptr_t)n->frames];
		n->children = &b->ptrs[(uintptr_t)n->children];
	}
	/* flat: post-order, then by hit, keeping the post-order among equal hits */
	pos = xmalloc((b->nr_flat_idx + 1) * sizeof(u32));
	for (size_t i = 0; i < b->nr_flat_idx; i++)
		pos[i] = (u32)i;
	if (b->nr_flat_idx > 1)
		qsort_r(pos, b->nr_flat_idx, sizeof(u32), flat_order, b);
	t->flat = &b->ptrs[b->nr_kids];
	for (size_t i = 0; i < b->nr_flat_idx; i++)
		t->flat[i] = &b->nodes[b->flat_idx[pos[i]]];
	t->nr_flat = (u32)b->nr_flat_idx;
	t->root = &b->nodes[0];
	free(pos);
}

struct cc_tree *callchain_store__build(struct callchain_store *s, struct hist_entry *he, u64 min_hit)
{
	struct cc_builder *b = s->builder;
	struct callchain_data *d = he->chains;
	u64 total_p = 0;
	u32 total_c = 0;
	size_t gfirst;

	if (!b)
		b = s->builder = xzalloc(sizeof(*b));
	b->s = s;
	b->d = d;
	b->min_hit = min_hit;
	b->nr_members = b->nr_tmp = b->nr_groups = b->nr_nodes = b->nr_frames = 0;
	b->nr_kids = b->nr_kid_tmp = b->nr_flat_idx = 0;
	node_new(b, 0);
	b->nodes[0].frames = (u32 *)(uintptr_t)0;
	if (d && !s->cumulate) {
		for (u32 c = d->first_chain; c; c = s->chains[c - 1].next)
			tmp_push(b, c - 1, 0, s->chains[c - 1].period, s->chains[c - 1].count);
	} else if (d) {
		u64 rp, rep;
		u32 rc, rec;

		r_compute(b);
		/* the entry's own samples: whole chains from their context roots */
		for (u32 i = 0; i < b->nr_r_roots; i++) {
			const struct trie_node *root = &s->nodes[b->r_roots[i]];

			for (u32 c = root->first_child; c; c = s->nodes[c - 1].next_sibling) {
				r_get(b, c - 1, &rp, &rc, &rep, &rec);
				if (rc)
					tmp_push(b, c - 1, REGION_SELF, rp, rc);
			}
		}
		/* the samples of others through it: from its first appearance on */
		for (u32 i = 0; i < d->nr_firsts; i++) {
			const struct trie_node *n = &s->nodes[d->firsts[i]];

			r_get(b, d->firsts[i], &rp, &rc, &rep, &rec);
			if (n->nodedup)
				rp = 0, rc = 0;
			if (n->count > rc)
				tmp_push(b, d->firsts[i], REGION_CUM, n->period - rp, n->count - rc);
		}
	}
	for (size_t i = 0; i < b->nr_tmp; i++) {
		total_p += b->tmp[i].period;
		total_c += b->tmp[i].count;
	}
	b->nodes[0].children_hit = total_p;
	b->nodes[0].children_count = total_c;
	gfirst = group_tmp(b);
	build_children(b, 0, gfirst);
	fixup(b);
	return &b->tree;
}
