/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Call-chain trees of perf report: what the `|--12.50%--` graphs print.
 *
 * Upstream appends every sample's chain to a tree per hist entry (and with
 * --children, every suffix of it to the tree of each entry on the chain):
 * quadratic in the chain depth, per sample. Here a report never builds a
 * tree per sample. While samples stream in:
 *
 *  - every call-chain entry is interned once as a frame (its map, symbol,
 *    address and the key upstream matches entries by);
 *  - without --children, each entry keeps its distinct chains (interned
 *    arrays of frame ids) with their summed period and count;
 *  - with --children, every chain walks one shared trie (in the order the
 *    trees are printed, per sample context), counting periods per trie node;
 *    the node knows its hist entry and whether it is the first appearance of
 *    that entry on its path; entries keep the trie nodes where their own
 *    samples end.
 *
 * A hist entry's tree is built only when it is printed, level by level from
 * these aggregates, pruned by the threshold (nodes under it are never
 * expanded), with upstream's node boundaries, values and ordering: the same
 * output at a cost that grows with what is printed and the number of
 * distinct stacks, not with the number of samples.
 */
#ifndef PERF_CALLCHAIN_H
#define PERF_CALLCHAIN_H

#include "util.h"

struct hist_entry;
struct hists;
struct map;
struct dso;
struct symbol;
struct resolved_frame;
struct strbuf;

enum chain_mode {
	CHAIN_NONE,
	CHAIN_FLAT,
	CHAIN_GRAPH_ABS,	/* graph: percentages of the total */
	CHAIN_GRAPH_REL,	/* fractal: percentages of the parent */
	CHAIN_FOLDED,
};

enum chain_order {
	ORDER_CALLEE,		/* the sampled function first */
	ORDER_CALLER,		/* the outermost caller first */
};

enum chain_key {
	CCKEY_FUNCTION,
	CCKEY_ADDRESS,
	CCKEY_SRCLINE,
};

enum chain_value {
	CCVAL_PERCENT,
	CCVAL_PERIOD,
	CCVAL_COUNT,
};

struct callchain_param {
	bool		enabled;	/* -g given (or implied by the data) */
	enum chain_mode	mode;
	double		min_percent;
	u32		print_limit;	/* 0: no limit */
	enum chain_order order;
	bool		order_set;	/* caller/callee given explicitly */
	enum chain_key	key;
	enum chain_value value;
	bool		branch;		/* "branch": not supported without branch stacks */
};

extern struct callchain_param callchain_param;
/* Upstream's defaults: graph,0.5,callee,function,percent. */
void callchain_param__reset(void);

/*
 * Parse a -g argument ("graph,0.5,caller,function,percent", in any order,
 * prefixes allowed; "none" disables). Returns 0, or -1 on a bad token.
 */
int parse_callchain_report_opt(const char *arg);

/* One interned call-chain entry. */
struct cc_frame {
	struct map	*map;		/* first seen */
	struct dso	*dso;
	struct symbol	*sym;
	u64		ip;		/* the address as recorded (first seen when keyed by symbol) */
	u64		addr;		/* map-relative */
	u64		order_addr;	/* upstream's tie order: symbol start, else the address */
	u32		match;		/* frames with the same match id are one tree element */
	u32		dso_order;	/* the dso's creation rank (upstream compares dso pointers) */
	const char	*srcline;	/* -g address/srcline: "file:line" */
	const void	*level_key;	/* the inline level it was interned for (-g address/srcline) */
	u8		cpumode;	/* by the address space: kernel or user */
	char		level;		/* 'k' or '.' */
	bool		kernel;
	bool		has_map;
};

struct callchain_store;

/*
 * cumulate: --children (the trie); else per-entry chains. order: the order
 * frames are passed in and trees printed.
 */
struct callchain_store *callchain_store__new(bool cumulate);
void callchain_store__delete(struct callchain_store *store);
/* Intern frames per address, not per symbol (sort keys that look at addresses: srcline, addr). */
void callchain_store__set_by_address(struct callchain_store *store, bool by_address);

/* The frame id of a resolved entry (interned: one per symbol, or per address). */
u32 callchain_store__frame(struct callchain_store *store, const struct resolved_frame *rf);
const struct cc_frame *callchain_store__get_frame(const struct callchain_store *store, u32 id);

/*
 * Without --children: add a sample's chain (frame ids in print order, nr of
 * them) to entry he, with its period. Allocates only for a chain the entry
 * has not seen.
 */
void callchain_store__add_chain(struct callchain_store *store, struct hist_entry *he,
				const u32 *frames, u32 nr, u64 period);

/*
 * With --children: the walk of one sample's chain through the trie, from
 * the root of the sample's context (the sample-level key values, interned
 * by the caller as a small number):
 *
 *   node = callchain_store__root(store, context);
 *   for each frame, in print order:
 *           node = callchain_store__step(store, node, frame, period, &created);
 *           (when created: callchain_store__set_node_entry(store, node, he, first))
 *   callchain_store__end(store, node, self_he, period);
 */
u32 callchain_store__root(struct callchain_store *store, u32 context);
/* A new context number (its root is created on first use). */
u32 callchain_store__new_context(struct callchain_store *store);
/* The child of node for frame (created when new: *created); adds the sample to it. */
u32 callchain_store__step(struct callchain_store *store, u32 node, u32 frame, u64 period, bool *created);
/*
 * The hist entry of a trie node's frame in its context (set once, when the
 * node is created), and whether no ancestor of the node has the same entry.
 * nodedup: the context counts every appearance (the entry's own samples too).
 */
void callchain_store__set_node_entry(struct callchain_store *store, u32 node, struct hist_entry *he,
				     bool first, bool nodedup);
struct hist_entry *callchain_store__node_entry(const struct callchain_store *store, u32 node);
/* A sample of entry self_he (period) ends at node (node may be a root: an empty chain). */
void callchain_store__end(struct callchain_store *store, u32 node, struct hist_entry *self_he, u64 period);

/* Entry src is folded into dst: dst takes its chains. */
void callchain_store__merge_entry(struct callchain_store *store, struct hist_entry *dst,
				  struct hist_entry *src);

/* --- the trees, built for printing --- */

struct cc_node {
	struct cc_node	*parent;
	u32		*frames;	/* the run of entries of this node */
	u32		nr_frames;
	u64		hit;		/* period of the chains ending here */
	u64		children_hit;
	u32		count;
	u32		children_count;
	struct cc_node	**children;	/* kept children, in print order */
	u32		nr_children;
	struct cc_node	**flat_next;	/* flat/folded: not used */
};

static inline u64 cc_node__cumul(const struct cc_node *n)
{
	return n->hit + n->children_hit;
}

static inline u32 cc_node__cumul_count(const struct cc_node *n)
{
	return n->count + n->children_count;
}

struct cc_tree {
	struct cc_node	*root;		/* no frames; its children are the first level */
	struct cc_node	**flat;		/* flat/folded: the nodes to print, in order */
	u32		nr_flat;
	u32		max_depth;
};

/*
 * Build he's tree for printing in callchain_param's mode, dropping nodes
 * under min_hit (graph, flat, folded) or under the threshold of their
 * parent (fractal). The tree lives until the next build or store deletion.
 */
struct cc_tree *callchain_store__build(struct callchain_store *store, struct hist_entry *he, u64 min_hit);

/* The text of a tree entry as upstream prints it: the symbol, or the address. */
void cc_frame__name(const struct cc_frame *f, struct strbuf *sb, bool show_dso);

/* Per-entry chain data (owned by the store). */
struct callchain_data;

#endif
