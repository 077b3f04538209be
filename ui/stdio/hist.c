// SPDX-License-Identifier: GPL-2.0
#include "ui/stdio/hist.h"
#include "util/callchain.h"
#include "util/color.h"
#include "util/hist.h"
#include "util/sort.h"
#include "util/strbuf.h"
#include <inttypes.h>

#define FLUSH_SIZE (256 * 1024)

static void flush(struct strbuf *sb, FILE *fp, bool force)
{
	if (fp && (force || sb->len >= FLUSH_SIZE)) {
		fwrite(sb->buf, 1, sb->len, fp);
		strbuf_reset(sb);
	}
}

static const char *field_sep(void)
{
	return sort_conf.field_sep;
}

/* Replace the separator in a cell so columns stay parseable, as upstream does. */
static void replace_sep(struct strbuf *sb, size_t from)
{
	const char *sep = field_sep();

	if (!sep)
		return;
	for (size_t i = from; i < sb->len; i++)
		if (sb->buf[i] == *sep)
			sb->buf[i] = '.';
}

static bool skip_column(const struct hist_field *f)
{
	return f->elide;
}

/* --- headers --- */

static void widen_key_columns(struct hists *hists)
{
	const struct hist_fields *f = hists->fields;

	for (int i = 0; i < f->nr_columns; i++)
		if (f->columns[i]->key)
			hists__new_col_len(hists, f->columns[i]->key->width_idx, (u16)strlen(f->columns[i]->name));
}

void hists__fprintf_headers(struct hists *hists, struct strbuf *sb)
{
	const struct hist_fields *f = hists->fields;
	const char *sep = field_sep();
	bool first = true;

	widen_key_columns(hists);
	strbuf_addstr(sb, "# ");
	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];
		int w = hist_field__width(c, hists);

		if (skip_column(c))
			continue;
		if (!first)
			strbuf_addstr(sb, sep ? sep : "  ");
		first = false;
		if (c->key)
			strbuf_addf(sb, "%-*.*s", w, w, c->name);
		else
			strbuf_addf(sb, "%*s", w, c->name);
	}
	strbuf_addch(sb, '\n');
	if (sep)
		return;
	strbuf_addstr(sb, "# ");
	first = true;
	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];

		if (skip_column(c))
			continue;
		if (!first)
			strbuf_addstr(sb, "  ");
		first = false;
		strbuf_addchars(sb, '.', hist_field__width(c, hists));
	}
	strbuf_addstr(sb, "\n#\n");
}

/* --- entries --- */

static void value_cell(const struct hist_field *c, const struct hist_entry *he, const struct hists *hists,
		       struct strbuf *sb)
{
	int len = c->user_len ? c->user_len : c->len;
	bool percent = c->kind != HPP_SAMPLES && c->kind != HPP_PERIOD;
	int n = 1 + hists->nr_group;

	if (field_sep())
		len = 1;
	else
		len -= percent ? 2 : 1;
	if (c->kind == HPP_OVERHEAD_ACC && !sort_conf.cumulate) {
		strbuf_addf(sb, " %*s", (c->user_len ? c->user_len : c->len) - 1, "N/A");
		return;
	}
	for (int i = 0; i < n; i++) {
		const struct hist_entry *e = i ? (he->pairs ? he->pairs[i - 1] : NULL) : (he->dummy ? NULL : he);
		const struct hists *h = i ? hists->group[i - 1] : hists;
		u64 v = hist_entry__field_value(c->kind, e);

		if (percent) {
			u64 total = hists__total_period(h);
			double pct = total ? 100.0 * v / total : 0.0;

			if (perf_color__enabled() && c->kind != HPP_OVERHEAD_ACC)
				color_addf(sb, percent_color(pct), " %*.2f%%", len, pct);
			else if (perf_color__enabled())
				color_addf(sb, percent_color(pct), " %*.2f%%", len, pct);
			else
				strbuf_addf(sb, " %*.2f%%", len, pct);
		} else {
			strbuf_addf(sb, " %*" PRIu64, len, v);
		}
	}
}

void hist_entry__snprintf(struct hist_entry *he, struct strbuf *sb)
{
	struct hists *hists = he->hists;
	const struct hist_fields *f = hists->fields;
	const char *sep = field_sep();
	bool first = true;

	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];
		size_t start;

		if (skip_column(c))
			continue;
		if (!sep || !first)
			strbuf_addstr(sb, sep ? sep : "  ");
		first = false;
		start = sb->len;
		if (!c->key) {
			int w = hist_field__width(c, hists);

			value_cell(c, he, hists, sb);
			/* upstream pads values to the column's width even with a separator */
			if (sep && (int)(sb->len - start) < w)
				strbuf_addchars(sb, ' ', w - (sb->len - start));
			continue;
		}
		{
			int w = hist_field__width(c, hists);
			int printed = c->key->snprintf(he, sb, w);

			replace_sep(sb, start);
			if (i != f->nr_columns - 1 && printed < w)
				strbuf_addchars(sb, ' ', w - printed);
		}
	}
}

/* --- call chains --- */

static void left_margin(struct strbuf *sb, int margin)
{
	strbuf_addchars(sb, ' ', 12 + margin);
}

static void node_value(struct strbuf *sb, const struct cc_node *n, u64 total)
{
	u64 period = cc_node__cumul(n);
	u32 count = cc_node__cumul_count(n);

	if (callchain_param.mode == CHAIN_FOLDED) {
		period = n->hit;
		count = n->count;
	}
	switch (callchain_param.value) {
	case CCVAL_PERIOD:
		strbuf_addf(sb, "%" PRIu64, period);
		break;
	case CCVAL_COUNT:
		strbuf_addf(sb, "%u", count);
		break;
	default: {
		double pct = total ? period * 100.0 / total : 0.0;

		color_addf(sb, percent_color(pct), "%.2f%%", pct);
		break;
	}
	}
}

static void frame_name(struct strbuf *sb, const struct callchain_store *store, u32 frame)
{
	cc_frame__name(callchain_store__get_frame(store, frame), sb, false);
}

/* upstream's depth mask is an int shifted by the depth: only 32 levels keep their pipes */
static inline int bit(int n)
{
	return (int)(1u << (n & 31));
}

static void graph_line(struct strbuf *sb, int depth, int mask, int margin)
{
	left_margin(sb, margin);
	for (int i = 0; i < depth; i++)
		strbuf_addstr(sb, (mask & bit(i)) ? "|          " : "           ");
	strbuf_addch(sb, '\n');
}

static void graph_entry(struct strbuf *sb, const struct cc_node *n, const char *name, int depth, int mask,
			int period, u64 total, int margin)
{
	left_margin(sb, margin);
	for (int i = 0; i < depth; i++) {
		strbuf_addch(sb, (mask & bit(i)) ? '|' : ' ');
		if (!period && i == depth - 1) {
			strbuf_addstr(sb, "--");
			node_value(sb, n, total);
			strbuf_addstr(sb, "--");
		} else {
			strbuf_addstr(sb, "          ");
		}
	}
	strbuf_addstr(sb, name);
	strbuf_addch(sb, '\n');
}

static void graph_level(struct strbuf *sb, const struct callchain_store *store, const struct cc_node *parent,
			u64 total, int depth, int mask, int margin)
{
	struct strbuf name = STRBUF_INIT;
	int new_mask = mask;
	u64 remaining = total;
	u32 printed = 0;
	u32 cumul_count = 0;
	const struct cc_node *child = NULL;

	for (u32 k = 0; k < parent->nr_children; k++) {
		u64 new_total;

		child = parent->children[k];
		remaining -= cc_node__cumul(child);
		cumul_count += cc_node__cumul_count(child);
		if (k + 1 == parent->nr_children && (callchain_param.mode != CHAIN_GRAPH_REL || !remaining))
			new_mask &= ~bit(depth - 1);
		graph_line(sb, depth, mask, margin);
		for (u32 i = 0; i < child->nr_frames; i++) {
			strbuf_reset(&name);
			frame_name(&name, store, child->frames[i]);
			graph_entry(sb, child, name.buf, depth, new_mask, (int)i, total, margin);
		}
		new_total = callchain_param.mode == CHAIN_GRAPH_REL ? child->children_hit : total;
		graph_level(sb, store, child, new_total, depth + 1, new_mask | bit(depth), margin);
		if (++printed == callchain_param.print_limit)
			break;
	}
	if (callchain_param.mode == CHAIN_GRAPH_REL && remaining && remaining != total) {
		struct cc_node rem = { .hit = remaining };

		if (callchain_param.value == CCVAL_COUNT && child && child->parent) {
			int64_t c = (int64_t)child->parent->children_count - cumul_count;

			if (c <= 0)
				goto out;
			rem.count = (u32)c;
		}
		new_mask &= ~bit(depth - 1);
		graph_entry(sb, &rem, "[...]", depth, new_mask, 0, total, margin);
	}
out:
	strbuf_release(&name);
}

static void callchain_graph(struct strbuf *sb, const struct callchain_store *store, const struct cc_tree *tree,
			    u64 total, u64 parent_total, int margin)
{
	const struct cc_node *root = tree->root;
	size_t start = sb->len;
	struct strbuf name = STRBUF_INIT;

	/* one root: no percentage for it (it would repeat the entry's), unless a limit cut some away */
	if (root->nr_children == 1 && cc_node__cumul(root->children[0]) == parent_total) {
		const struct cc_node *cnode = root->children[0];
		bool printed = false;
		u32 entries = 0;

		for (u32 i = 0; i < cnode->nr_frames; i++) {
			/* sorted by symbol first: the first entry is the entry's own symbol */
			if (!i && !sort_conf.field_order && sort_conf.sort_order &&
			    strstarts(sort_conf.sort_order, "sym"))
				continue;
			if (!printed) {
				left_margin(sb, margin);
				strbuf_addstr(sb, "|\n");
				left_margin(sb, margin);
				strbuf_addstr(sb, "---");
				margin += 3;
				printed = true;
			} else {
				left_margin(sb, margin);
			}
			strbuf_reset(&name);
			frame_name(&name, store, cnode->frames[i]);
			strbuf_addstr(sb, name.buf);
			strbuf_addch(sb, '\n');
			if (++entries == callchain_param.print_limit)
				break;
		}
		root = cnode;
	}
	if (callchain_param.mode == CHAIN_GRAPH_REL)
		total = parent_total;
	graph_level(sb, store, root, total, 1, 1, margin);
	if (sb->len > start)
		strbuf_addch(sb, '\n');
	strbuf_release(&name);
}

static void flat_path(struct strbuf *sb, const struct callchain_store *store, const struct cc_node *n)
{
	if (!n)
		return;
	flat_path(sb, store, n->parent);
	for (u32 i = 0; i < n->nr_frames; i++) {
		strbuf_addchars(sb, ' ', 16);
		frame_name(sb, store, n->frames[i]);
		strbuf_addch(sb, '\n');
	}
}

static void callchain_flat(struct strbuf *sb, const struct callchain_store *store, const struct cc_tree *tree,
			   u64 total)
{
	for (u32 i = 0; i < tree->nr_flat; i++) {
		strbuf_addchars(sb, ' ', 11);
		node_value(sb, tree->flat[i], total);
		strbuf_addch(sb, '\n');
		flat_path(sb, store, tree->flat[i]);
		strbuf_addch(sb, '\n');
		if (i + 1 == callchain_param.print_limit)
			break;
	}
}

static bool folded_path(struct strbuf *sb, const struct callchain_store *store, const struct cc_node *n)
{
	const char *sep = field_sep() ? field_sep() : ";";
	bool any;

	if (!n)
		return false;
	any = folded_path(sb, store, n->parent);
	for (u32 i = 0; i < n->nr_frames; i++) {
		if (any)
			strbuf_addstr(sb, sep);
		frame_name(sb, store, n->frames[i]);
		any = true;
	}
	return any;
}

static void callchain_folded(struct strbuf *sb, const struct callchain_store *store, const struct cc_tree *tree,
			     u64 total)
{
	for (u32 i = 0; i < tree->nr_flat; i++) {
		node_value(sb, tree->flat[i], total);
		strbuf_addch(sb, ' ');
		folded_path(sb, store, tree->flat[i]);
		strbuf_addch(sb, '\n');
		if (i + 1 == callchain_param.print_limit)
			break;
	}
}

static void entry_callchain(struct strbuf *sb, struct hist_entry *he, const struct hists_print *p, u64 min_hit)
{
	struct hists *hists = he->hists;
	u64 total = hists->stats.total_period;
	u64 parent_total = sort_conf.cumulate ? he->stat_acc.period : he->stat.period;
	const struct cc_tree *tree;

	if (callchain_param.mode == CHAIN_NONE)
		return;
	/* nothing of an entry under the threshold can be printed */
	if (callchain_param.mode != CHAIN_GRAPH_REL && parent_total < min_hit)
		return;
	tree = callchain_store__build(p->store, he, min_hit);
	switch (callchain_param.mode) {
	case CHAIN_GRAPH_ABS:
	case CHAIN_GRAPH_REL:
		callchain_graph(sb, p->store, tree, total, parent_total, 0);
		break;
	case CHAIN_FLAT:
		callchain_flat(sb, p->store, tree, total);
		break;
	case CHAIN_FOLDED:
		callchain_folded(sb, p->store, tree, total);
		break;
	default:
		break;
	}
}

/* --- --hierarchy --- */

#define HIER_INDENT 3

/* The width of the value columns and their separators. */
static int hier_values_width(struct hists *hists)
{
	const struct hist_fields *f = hists->fields;
	int w = 0, n = 0;

	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];

		if (skip_column(c) || c->key)
			continue;
		w += hist_field__width(c, hists) + (n++ ? 2 : 0);
	}
	return w;
}

/* "#   Overhead  Samples  Command / Shared Object / Symbol" and its dots. */
static void hier_headers(struct hists *hists, struct strbuf *sb)
{
	const struct hist_fields *f = hists->fields;
	int indent = (hists->nr_hier_levels - 1) * HIER_INDENT;
	int depth = 0, dots = 0;
	bool first = true;
	size_t start;

	widen_key_columns(hists);
	strbuf_addstr(sb, "# ");
	strbuf_addchars(sb, ' ', indent);
	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];

		if (skip_column(c) || c->key)
			continue;
		if (!first)
			strbuf_addstr(sb, "  ");
		first = false;
		strbuf_addf(sb, "%*s", hist_field__width(c, hists), c->name);
	}
	strbuf_addstr(sb, "  ");
	start = sb->len;
	first = true;
	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];
		const char *name = c->name;
		int w, len;

		if (skip_column(c) || !c->key)
			continue;
		if (!first)
			strbuf_addstr(sb, " / ");
		first = false;
		while (*name == ' ')
			name++;
		for (len = (int)strlen(name); len && name[len - 1] == ' '; len--)
			;
		strbuf_add(sb, name, len);
		w = depth++ * HIER_INDENT + hist_field__width(c, hists);
		if (w > dots)
			dots = w;
	}
	/* the dots cover the widest level, and the titles */
	if ((int)(sb->len - start) > dots)
		dots = (int)(sb->len - start);
	strbuf_addstr(sb, "\n# ");
	strbuf_addchars(sb, '.', indent + hier_values_width(hists));
	strbuf_addstr(sb, "  ");
	strbuf_addchars(sb, '.', dots);
	strbuf_addstr(sb, "\n#\n");
}

/* The key column of a level. */
static const struct hist_field *hier_column(const struct hists *hists, int depth)
{
	const struct hist_fields *f = hists->fields;

	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];

		if (c->key && !skip_column(c) && depth-- == 0)
			return c;
	}
	return NULL;
}

/* One entry of the tree: indent, value columns, then the key of its level, left-aligned. */
static void hier_entry_line(struct hist_entry *he, struct strbuf *sb)
{
	struct hists *hists = he->hists;
	const struct hist_fields *f = hists->fields;
	const struct hist_field *kc = hier_column(hists, he->depth);
	size_t start, skip = 0;

	strbuf_addchars(sb, ' ', he->depth * HIER_INDENT);
	for (int i = 0; i < f->nr_columns; i++) {
		const struct hist_field *c = f->columns[i];

		if (skip_column(c) || c->key)
			continue;
		strbuf_addstr(sb, "  ");
		value_cell(c, he, hists, sb);
	}
	strbuf_addchars(sb, ' ', (hists->nr_hier_levels - 1) * HIER_INDENT);
	strbuf_addstr(sb, "  ");
	if (kc) {
		/* left-aligned: keys that print right-aligned lose their leading blanks */
		start = sb->len;
		kc->key->snprintf(he, sb, hist_field__width(kc, hists));
		while (start + skip < sb->len && sb->buf[start + skip] == ' ')
			skip++;
		if (skip) {
			memmove(sb->buf + start, sb->buf + start + skip, sb->len - start - skip);
			strbuf_setlen(sb, sb->len - skip);
		}
	}
	strbuf_addch(sb, '\n');
}

static void hier_fprintf(struct hist_entry **v, u32 n, const struct hists_print *p, u64 min_hit,
			 struct strbuf *sb)
{
	for (u32 i = 0; i < n; i++) {
		struct hist_entry *he = v[i];
		bool any = false;

		if ((float)hist_entry__percent(he) < p->min_pcnt)
			continue;
		hier_entry_line(he, sb);
		flush(sb, p->fp, false);
		if (he->leaf) {
			if (p->use_callchain)
				entry_callchain(sb, he, p, min_hit);
			continue;
		}
		for (u32 k = 0; k < he->nr_children && !any; k++)
			any = (float)hist_entry__percent(he->children[k]) >= p->min_pcnt;
		if (!any) {
			/* every child is under --percent-limit */
			strbuf_addchars(sb, ' ', (he->hists->nr_hier_levels + he->depth + 2) * HIER_INDENT +
					hier_values_width(he->hists) - 2);
			strbuf_addf(sb, "no entry >= %.2f%%\n", p->min_pcnt);
			continue;
		}
		hier_fprintf(he->children, he->nr_children, p, min_hit, sb);
	}
}

void hists__fprintf(struct hists *hists, const struct hists_print *p, struct strbuf *sb)
{
	u64 cc_total = sort_conf.filter_relative ? hists->callchain_non_filtered_period : hists->callchain_period;
	u64 min_hit = (u64)(cc_total * (callchain_param.min_percent / 100));

	if (hists->nr_hier_levels) {
		if (p->show_header)
			hier_headers(hists, sb);
		else
			widen_key_columns(hists);
		hier_fprintf(hists->hier_roots, hists->nr_hier_roots, p, min_hit, sb);
		flush(sb, p->fp, true);
		return;
	}
	if (p->show_header)
		hists__fprintf_headers(hists, sb);
	else
		widen_key_columns(hists);
	for (u32 i = 0; i < hists->nr_sorted; i++) {
		struct hist_entry *he = hists->sorted[i];
		float percent;

		if (he->key.filtered)
			continue;
		percent = (float)hist_entry__percent(he);
		if (percent < p->min_pcnt)
			continue;
		hist_entry__snprintf(he, sb);
		strbuf_addch(sb, '\n');
		if (p->use_callchain)
			entry_callchain(sb, he, p, min_hit);
		flush(sb, p->fp, false);
	}
	flush(sb, p->fp, true);
}
