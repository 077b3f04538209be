/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histograms of samples: one struct hists per event, one hist entry per
 * distinct value of the sort keys (comm, dso, sym, ...), with the summed
 * period and count, and with call chains the entry's share of them.
 *
 * Entries are found through a hash of their keys while samples stream in
 * (nothing is allocated per sample once an entry exists); at the end
 * hists__output_resort() orders them for printing as upstream does: by the
 * value columns, then by the keys.
 *
 * With --children every entry also accumulates the samples whose call
 * chains pass through it (stat_acc); see callchain.h for the chains.
 */
#ifndef PERF_HIST_H
#define PERF_HIST_H

#include "sort.h"
#include "util.h"

struct callchain_data;
struct dso;
struct evsel;
struct map;
struct srcline_frame;
struct symbol;
struct thread;

enum hist_filter {
	HIST_FILTER__DSO	= 1 << 0,
	HIST_FILTER__THREAD	= 1 << 1,
	HIST_FILTER__PARENT	= 1 << 2,
	HIST_FILTER__SYMBOL	= 1 << 3,
	HIST_FILTER__SOCKET	= 1 << 4,
};

struct he_stat {
	u64	period;
	u64	period_sys;
	u64	period_us;
	u64	period_guest_sys;
	u64	period_guest_us;
	u64	weight;
	u64	nr_events;
};

/*
 * The sort-key values of a sample (or of one call-chain entry of it): what
 * hists__findnew() looks up.
 */
struct hist_key {
	/* first: in a hist_entry these share the line of its stat */
	u8		filtered;	/* enum hist_filter */
	u8		cpumode;
	char		level;
	bool		chain;		/* a call-chain entry (ip as recorded) */
	s32		cpu;
	s32		socket;
	struct thread	*thread;
	const char	*comm;
	struct map	*map;
	struct dso	*dso;
	struct symbol	*sym;
	u64		ip;		/* map-relative for samples, as recorded for chain entries */
	const struct srcline_frame *srcline;	/* chain entries: an inline level's own line */
	u64		time;		/* already bucketed by --time-quantum */
	u64		weight;
	u64		code_page_size;
	u64		transaction;
	struct symbol	*parent;
	const char	*trace;		/* the formatted tracepoint payload (interned), trace key only */
};

/* The key fields hists__findnew() may cache lookups by (see hist.c). */
#define HIST_KEY_FIELDS 14

struct hist_entry {
	/* first: one cache line of a 64-byte aligned entry is all a sample writes */
	struct he_stat		stat;		/* the samples in this entry */
	struct hist_key		key;
	/* upstream's tree of entries as they are created (see hists__findnew) */
	struct hist_entry	*rb_left, *rb_right, *rb_parent;
	bool			rb_red;
	bool			merged;		/* folded into another entry when collapsing */
	struct hists		*hists;
	struct he_stat		stat_acc;	/* --children: also those through it */
	const char		*srcline;	/* computed on demand (srcline keys) */
	const char		*srcfile;
	u32			idx;		/* creation order */
	u32			acc_stamp;	/* --children: last sample counted in stat_acc */
	u32			path_stamp;	/* --children: last chain walk that met it */
	u32			max_depth;	/* longest chain appended (caller-above-callee ties) */
	struct callchain_data	*chains;	/* this entry's share of the call chains */
	/* --hierarchy: the entries one level down, and the level */
	struct hist_entry	*parent_he;
	struct hist_entry	**children;
	u32			nr_children;
	u32			alloc_children;
	u8			depth;
	bool			leaf;
	bool			filtered_out;	/* hierarchy: every child filtered */
	bool			dummy;		/* --group: only in other events */
	/* --group: the same entry in the group's other events (NULL: none) */
	struct hist_entry	**pairs;
};

/* Counts of a hists (upstream's hists->stats). */
struct hists_stats {
	u64	total_period;
	u64	total_non_filtered_period;
	u64	nr_samples;
	u64	nr_non_filtered_samples;
	u64	nr_entries;
	u64	nr_non_filtered_entries;
};

struct hists {
	struct evsel		*evsel;
	struct hist_fields	*fields;
	struct hist_entry	*in_root;	/* the entries' tree */
	u32			in_version;	/* bumped by every insertion */
	u64			*probes;	/* recent lookups, by key (see hists__findnew) */
	u16			probe_mask;	/* the key fields the sort keys read */
	u8			probe_bits[HIST_KEY_FIELDS];	/* those fields, one cache key word each */
	u8			nr_probe_words;
	u8			probe_stride;	/* words per cached lookup */
	u32			nr_entries;
	struct hist_entry	**entries;	/* every entry, in creation order */
	u32			alloc_entries;
	struct hist_entry	**sorted;	/* output order (after output_resort) */
	u32			nr_sorted;
	struct hists_stats	stats;
	u64			callchain_period;	/* samples appended to call chains */
	u64			callchain_non_filtered_period;
	u16			col_len[HISTC_NR_COLS];
	int			nr_hier_levels;	/* --hierarchy: the keys (0: no hierarchy) */
	struct hist_entry	**hier_roots;	/* --hierarchy: the first level, in output order */
	u32			nr_hier_roots;
	struct hist_entry	**hier_nodes;	/* --hierarchy: the upper-level entries (owned) */
	u32			nr_hier_nodes, alloc_hier_nodes;
	struct hists		**group;	/* --group leader: the members' hists, in order */
	int			nr_group;
	int			socket_filter;	/* --socket-filter, -1 for none */
	/* --children: the sample contexts (see hists__add_sample) */
	struct hist_context	**contexts;
	u32			nr_contexts, alloc_contexts;
	struct hist_context	*last_context;
	u64			last_context_hash;
	u32			stamp;		/* samples added, for per-sample marks in entries */
	struct hist_entry	**counted;	/* --children: the entries a sample counted so far */
	u32			alloc_counted;
	u64			nr_lookups;	/* hists__findnew() calls */
	struct callchain_store	*store;		/* where the entries' chains are (merged with them) */
};

struct callchain_store;
struct resolved_frame;

/* One sample for hists__add_sample(). */
struct hist_sample {
	struct hist_key		key;		/* the sample's values for the sort keys */
	u64			period;
	u64			weight;
	const struct resolved_frame *frames;	/* the call chain, in print order (callee or caller first) */
	const u32		*frame_ids;	/* the frames interned in store */
	u32			nr;
	struct callchain_store	*store;
	bool			use_callchain;	/* keep call chains for printing */
	bool			cumulate;	/* --children */
};

/*
 * Account a sample: its entry (found or created) gets the period; with
 * --children every entry on its call chain gets it once in stat_acc; call
 * chains go to the store. Returns the sample's entry.
 */
struct hist_entry *hists__add_sample(struct hists *hists, const struct hist_sample *hs);

struct hists *hists__new(struct evsel *evsel, struct hist_fields *fields);
void hists__delete(struct hists *hists);

/*
 * The entry with key's values, created (with zero stats) when new.
 * *created tells which. Upstream finds entries by a search in a red-black
 * tree whose compare is not always transitive (unresolved addresses compare
 * by the sign of their difference, symbols without dso keys by dso only for
 * resolved ones): equal keys can end up in two entries. The same tree is
 * kept here, and the result of a search is cached by the key values until
 * the tree changes, so most samples cost one cache probe.
 */
struct hist_entry *hists__findnew(struct hists *hists, const struct hist_key *key, bool *created);

/* Add a sample's period to an entry: self (its own sample) or accumulated (--children). */
void he_stat__add(struct he_stat *st, u8 cpumode, u64 period, u64 weight);

/* The percentage base: non-filtered total with --percentage relative, else the total. */
u64 hists__total_period(const struct hists *hists);

/*
 * Order the entries for output (value columns, then keys), recompute the
 * stats and column widths from the entries that are not filtered.
 */
void hists__output_resort(struct hists *hists);

/* --group: make the member's entries pairs of the leader's (adding empty leader entries). */
void hists__link_group(struct hists *leader, struct hists **members, int nr);

/*
 * --hierarchy: group the collapsed, non-filtered entries by the first key, then
 * the next...: one new entry per distinct key prefix (its stats the sum of
 * its children's), the entries themselves as the last level. Every level is
 * in output order. Call after hists__output_resort().
 */
void hists__build_hierarchy(struct hists *hists);

/* A value column of an entry (0 for NULL: no such entry in a group member). */
u64 hist_entry__field_value(enum hpp_kind kind, const struct hist_entry *he);
/* Upstream's output order of two entries: > 0 puts a first. */
int64_t hist_entry__sort(const struct hist_entry *a, const struct hist_entry *b);

/* The percentage limit (--percent-limit) compare value of an entry. */
double hist_entry__percent(const struct hist_entry *he);

static inline u16 hists__col_len(const struct hists *hists, enum hist_column col)
{
	return hists->col_len[col];
}

bool hists__new_col_len(struct hists *hists, enum hist_column col, u16 len);
void hists__calc_col_len(struct hists *hists, struct hist_entry *he);

#endif
