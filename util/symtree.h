/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Upstream's symbol lookup where symbols overlap.
 *
 * Upstream keeps a DSO's symbols in a red-black tree and stops its search at
 * the first node on the path that contains the address. Where symbols do
 * not overlap, that is the one containing symbol, which our flat binary
 * search finds. Where they do (a size-less _init stretched over the PLT
 * entries added after it, nested assembler symbols), the answer depends on
 * the tree's shape: getppid@plt in one binary, _init+0x50 in another.
 *
 * So the table records the order in which upstream would insert and erase
 * its nodes (a log), and when the final table has overlaps, the log is
 * replayed on a red-black tree with the textbook algorithms the kernel's
 * rbtree implements (same rotations, so the same shape). Lookups in the
 * overlapping parts walk that tree; the others never need it.
 */
#ifndef PERF_SYMTREE_H
#define PERF_SYMTREE_H

#include "util.h"

struct symbol;

#define SYMTREE_NIL UINT32_MAX

struct symtree_op {
	u64	start;		/* the key at insertion */
	u32	id;
	bool	erase;
};

/* What happened to the tree, in order. Ids are given at insertion. */
struct symtree_log {
	struct symtree_op *ops;
	size_t		nr;
	size_t		alloc;
	u32		next_id;
};

/* The final tree, over the indexes of the sorted symbol array. */
struct symtree {
	u32	*left;
	u32	*right;
	u32	root;
};

/* A new node with key start; returns its id. */
u32 symtree_log__insert(struct symtree_log *log, u64 start);
void symtree_log__erase(struct symtree_log *log, u32 id);
void symtree_log__exit(struct symtree_log *log);

/*
 * Replay log and express the result over syms[0..nr) (matched by their ids).
 * Returns false when the log does not end with exactly those symbols.
 */
bool symtree__build(struct symtree *tree, const struct symtree_log *log,
		    const struct symbol *syms, size_t nr);
/* Upstream's search: the first symbol on the path from the root that contains addr. */
struct symbol *symtree__find(const struct symtree *tree, struct symbol *syms, u64 addr);
void symtree__exit(struct symtree *tree);

/*
 * For tests: replay log, checking the red-black invariants (order, colours,
 * black heights, links) after every operation. Returns the number of
 * operations after which they did not hold.
 */
int symtree__check_replay(const struct symtree_log *log);

#endif
