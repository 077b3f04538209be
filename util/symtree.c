// SPDX-License-Identifier: GPL-2.0
/*
 * Replaying upstream's red-black tree of symbols: insertion and deletion as
 * in the textbook (Cormen et al., 3rd edition), which is what the kernel's
 * rbtree does rotation for rotation, on arrays indexed by node id.
 */
#include "symtree.h"
#include "huge.h"
#include "symbol.h"

#define NIL SYMTREE_NIL

u32 symtree_log__insert(struct symtree_log *log, u64 start)
{
	ALLOC_GROW_HUGE(log->ops, log->nr + 1, log->alloc);
	log->ops[log->nr].start = start;
	log->ops[log->nr].id = log->next_id;
	log->ops[log->nr].erase = false;
	log->nr++;
	return log->next_id++;
}

void symtree_log__erase(struct symtree_log *log, u32 id)
{
	ALLOC_GROW_HUGE(log->ops, log->nr + 1, log->alloc);
	log->ops[log->nr].start = 0;
	log->ops[log->nr].id = id;
	log->ops[log->nr].erase = true;
	log->nr++;
}

void symtree_log__exit(struct symtree_log *log)
{
	free_huge(log->ops);
	memset(log, 0, sizeof(*log));
}

struct rb {
	u32	*left;
	u32	*right;
	u32	*parent;
	u64	*key;
	u8	*red;
	u32	root;
};

static inline bool is_red(const struct rb *t, u32 n)
{
	return n != NIL && t->red[n];
}

/* Make v take u's place under u's parent. */
static void rb_replace(struct rb *t, u32 u, u32 v)
{
	u32 p = t->parent[u];

	if (p == NIL)
		t->root = v;
	else if (t->left[p] == u)
		t->left[p] = v;
	else
		t->right[p] = v;
	if (v != NIL)
		t->parent[v] = p;
}

static void rb_rotate_left(struct rb *t, u32 x)
{
	u32 y = t->right[x];

	t->right[x] = t->left[y];
	if (t->left[y] != NIL)
		t->parent[t->left[y]] = x;
	rb_replace(t, x, y);
	t->left[y] = x;
	t->parent[x] = y;
}

static void rb_rotate_right(struct rb *t, u32 x)
{
	u32 y = t->left[x];

	t->left[x] = t->right[y];
	if (t->right[y] != NIL)
		t->parent[t->right[y]] = x;
	rb_replace(t, x, y);
	t->right[y] = x;
	t->parent[x] = y;
}

static void rb_insert(struct rb *t, u32 z)
{
	u32 y = NIL, x = t->root;

	/* equal keys go right: after the ones already there */
	while (x != NIL) {
		y = x;
		x = t->key[z] < t->key[x] ? t->left[x] : t->right[x];
	}
	t->parent[z] = y;
	t->left[z] = t->right[z] = NIL;
	t->red[z] = 1;
	if (y == NIL)
		t->root = z;
	else if (t->key[z] < t->key[y])
		t->left[y] = z;
	else
		t->right[y] = z;

	while (is_red(t, t->parent[z])) {
		u32 p = t->parent[z], g = t->parent[p], u;

		if (p == t->left[g]) {
			u = t->right[g];
			if (is_red(t, u)) {
				t->red[p] = t->red[u] = 0;
				t->red[g] = 1;
				z = g;
				continue;
			}
			if (z == t->right[p]) {
				z = p;
				rb_rotate_left(t, z);
				p = t->parent[z];
			}
			t->red[p] = 0;
			t->red[g] = 1;
			rb_rotate_right(t, g);
		} else {
			u = t->left[g];
			if (is_red(t, u)) {
				t->red[p] = t->red[u] = 0;
				t->red[g] = 1;
				z = g;
				continue;
			}
			if (z == t->left[p]) {
				z = p;
				rb_rotate_right(t, z);
				p = t->parent[z];
			}
			t->red[p] = 0;
			t->red[g] = 1;
			rb_rotate_left(t, g);
		}
	}
	t->red[t->root] = 0;
}

/* Restore the colours after removing a black node; x (maybe NIL) is under xp. */
static void rb_erase_fixup(struct rb *t, u32 x, u32 xp)
{
	while (x != t->root && !is_red(t, x)) {
		u32 w;

		/* as the kernel: x is the left child unless it is the right one */
		if (x != t->right[xp]) {
			w = t->right[xp];
			if (is_red(t, w)) {
				t->red[w] = 0;
				t->red[xp] = 1;
				rb_rotate_left(t, xp);
				w = t->right[xp];
			}
			if (!is_red(t, t->left[w]) && !is_red(t, t->right[w])) {
				t->red[w] = 1;
				x = xp;
				xp = t->parent[x];
				continue;
			}
			if (!is_red(t, t->right[w])) {
				t->red[t->left[w]] = 0;
				t->red[w] = 1;
				rb_rotate_right(t, w);
				w = t->right[xp];
			}
			t->red[w] = t->red[xp];
			t->red[xp] = 0;
			t->red[t->right[w]] = 0;
			rb_rotate_left(t, xp);
		} else {
			w = t->left[xp];
			if (is_red(t, w)) {
				t->red[w] = 0;
				t->red[xp] = 1;
				rb_rotate_right(t, xp);
				w = t->left[xp];
			}
			if (!is_red(t, t->left[w]) && !is_red(t, t->right[w])) {
				t->red[w] = 1;
				x = xp;
				xp = t->parent[x];
				continue;
			}
			if (!is_red(t, t->left[w])) {
				t->red[t->right[w]] = 0;
				t->red[w] = 1;
				rb_rotate_left(t, w);
				w = t->left[xp];
			}
			t->red[w] = t->red[xp];
			t->red[xp] = 0;
			t->red[t->left[w]] = 0;
			rb_rotate_right(t, xp);
		}
		x = t->root;
	}
	if (x != NIL)
		t->red[x] = 0;
}

static void rb_erase(struct rb *t, u32 z)
{
	u32 y = z, x, xp;
	bool y_red = t->red[y];

	if (t->left[z] == NIL) {
		x = t->right[z];
		xp = t->parent[z];
		rb_replace(t, z, x);
	} else if (t->right[z] == NIL) {
		x = t->left[z];
		xp = t->parent[z];
		rb_replace(t, z, x);
	} else {
		/* the successor takes z's place and colour */
		y = t->right[z];
		while (t->left[y] != NIL)
			y = t->left[y];
		y_red = t->red[y];
		x = t->right[y];
		if (t->parent[y] == z) {
			xp = y;
		} else {
			xp = t->parent[y];
			rb_replace(t, y, x);
			t->right[y] = t->right[z];
			t->parent[t->right[y]] = y;
		}
		rb_replace(t, z, y);
		t->left[y] = t->left[z];
		t->parent[t->left[y]] = y;
		t->red[y] = t->red[z];
	}
	if (!y_red)
		rb_erase_fixup(t, x, xp);
}

bool symtree__build(struct symtree *tree, const struct symtree_log *log,
		    const struct symbol *syms, size_t nr)
{
	size_t n = log->next_id, alive = 0;
	struct rb t = { .root = NIL };
	u32 *index = NULL;
	u8 *in_tree = NULL;
	bool ok = false;

	memset(tree, 0, sizeof(*tree));
	tree->root = NIL;
	if (!n || !nr)
		return false;
	t.left = xmalloc(n * sizeof(u32));
	t.right = xmalloc(n * sizeof(u32));
	t.parent = xmalloc(n * sizeof(u32));
	t.key = xmalloc(n * sizeof(u64));
	t.red = xcalloc(n, 1);
	in_tree = xcalloc(n, 1);
	for (size_t i = 0; i < log->nr; i++) {
		const struct symtree_op *op = &log->ops[i];

		if (op->id >= n || in_tree[op->id] == !op->erase)
			goto out;
		if (op->erase) {
			rb_erase(&t, op->id);
			in_tree[op->id] = 0;
			alive--;
		} else {
			t.key[op->id] = op->start;
			rb_insert(&t, op->id);
			in_tree[op->id] = 1;
			alive++;
		}
	}
	/* the tree must hold exactly the final symbols */
	if (alive != nr)
		goto out;
	index = xmalloc(n * sizeof(u32));
	for (size_t i = 0; i < n; i++)
		index[i] = NIL;
	for (size_t i = 0; i < nr; i++) {
		if (syms[i].id >= n || !in_tree[syms[i].id] || index[syms[i].id] != NIL)
			goto out;
		index[syms[i].id] = (u32)i;
	}
	tree->left = xmalloc(nr * sizeof(u32));
	tree->right = xmalloc(nr * sizeof(u32));
	for (size_t i = 0; i < nr; i++) {
		u32 id = syms[i].id;

		tree->left[i] = t.left[id] == NIL ? NIL : index[t.left[id]];
		tree->right[i] = t.right[id] == NIL ? NIL : index[t.right[id]];
	}
	tree->root = index[t.root];
	ok = true;
out:
	free(t.left);
	free(t.right);
	free(t.parent);
	free(t.key);
	free(t.red);
	free(in_tree);
	free(index);
	return ok;
}

struct symbol *symtree__find(const struct symtree *tree, struct symbol *syms, u64 addr)
{
	u32 n = tree->root;

	while (n != NIL) {
		struct symbol *s = &syms[n];

		if (addr < s->start)
			n = tree->left[n];
		else if (addr < s->end)
			return s;
		else
			n = tree->right[n];
	}
	return NULL;
}

void symtree__exit(struct symtree *tree)
{
	free(tree->left);
	free(tree->right);
	tree->left = tree->right = NULL;
	tree->root = NIL;
}

/* Black height of the subtree at n, or -1 when it breaks an invariant. */
static int rb_check(const struct rb *t, u32 n, u32 parent, const u64 **prev)
{
	int hl, hr;

	if (n == NIL)
		return 1;
	if (t->parent[n] != parent || (t->red[n] && (is_red(t, t->left[n]) || is_red(t, t->right[n]))))
		return -1;
	hl = rb_check(t, t->left[n], n, prev);
	/* in order, keys never decrease */
	if (hl < 0 || (*prev && **prev > t->key[n]))
		return -1;
	*prev = &t->key[n];
	hr = rb_check(t, t->right[n], n, prev);
	if (hr < 0 || hl != hr)
		return -1;
	return hl + !t->red[n];
}

int symtree__check_replay(const struct symtree_log *log)
{
	size_t n = log->next_id;
	struct rb t = { .root = NIL };
	int bad = 0;

	t.left = xmalloc((n + 1) * sizeof(u32));
	t.right = xmalloc((n + 1) * sizeof(u32));
	t.parent = xmalloc((n + 1) * sizeof(u32));
	t.key = xmalloc((n + 1) * sizeof(u64));
	t.red = xcalloc(n + 1, 1);
	for (size_t i = 0; i < log->nr; i++) {
		const struct symtree_op *op = &log->ops[i];
		const u64 *prev = NULL;

		if (op->erase) {
			rb_erase(&t, op->id);
		} else {
			t.key[op->id] = op->start;
			rb_insert(&t, op->id);
		}
		if (is_red(&t, t.root) || rb_check(&t, t.root, NIL, &prev) < 0)
			bad++;
	}
	free(t.left);
	free(t.right);
	free(t.parent);
	free(t.key);
	free(t.red);
	return bad;
}
