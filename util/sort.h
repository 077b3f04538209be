/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sort keys and output columns of perf report.
 *
 * A sort key (comm, dso, sym, ...) is part of a hist entry's identity: two
 * samples land in the same entry when every key compares equal. The output
 * columns are the keys plus the value columns (Overhead, Children, Samples,
 * Period, ...). -s/--sort picks the keys, -F/--fields the columns; the
 * defaults and the way each completes the other follow upstream:
 *
 *   -s comm,dso        columns: Overhead Command Shared Object
 *                      order:   overhead, comm, dso
 *   -F overhead,sym    columns as given, ordered by them
 *
 * Widths: every key column is as wide as its widest entry (and its header),
 * computed from the entries that will be printed (hists__calc_col_len()).
 */
#ifndef PERF_SORT_H
#define PERF_SORT_H

#include "util.h"

struct hist_entry;
struct hists;
struct evlist;
struct strbuf;
struct strlist;
struct dso;
struct dsos;

/* Width slots of key columns (several keys may share one, as pid and comm). */
enum hist_column {
	HISTC_SYMBOL,
	HISTC_TIME,
	HISTC_DSO,
	HISTC_THREAD,
	HISTC_COMM,
	HISTC_PARENT,
	HISTC_CPU,
	HISTC_SOCKET,
	HISTC_SRCLINE,
	HISTC_SRCFILE,
	HISTC_LOCAL_WEIGHT,
	HISTC_GLOBAL_WEIGHT,
	HISTC_TRACE,
	HISTC_SYM_SIZE,
	HISTC_SYM_IPC,
	HISTC_DSO_SIZE,
	HISTC_ADDR,
	HISTC_CODE_PAGE_SIZE,
	HISTC_CGROUP,
	HISTC_CGROUP_ID,
	HISTC_TRANSACTION,
	HISTC_LOCAL_INS_LAT,
	HISTC_GLOBAL_INS_LAT,
	HISTC_LOCAL_P_STAGE_CYC,
	HISTC_GLOBAL_P_STAGE_CYC,
	HISTC_NR_COLS,
};

/* What a key reads, so the report computes only what is needed. */
enum sort_need {
	SORT_NEED_SYM		= 1 << 0,	/* the symbol (resolution) */
	SORT_NEED_SRCLINE	= 1 << 1,	/* source lines of addresses */
	SORT_NEED_TRACE		= 1 << 2,	/* formatted tracepoint payloads */
	SORT_NEED_PARENT	= 1 << 3,	/* the parent symbol from the call chain */
	SORT_NEED_ADDR		= 1 << 4,	/* the exact address (entries per address) */
};

struct sort_key {
	const char	*name;		/* as in -s: "comm" */
	const char	*header;	/* "Command" */
	enum hist_column width_idx;
	u8		needs;		/* enum sort_need */
	bool		per_frame;	/* depends on the address (a call-chain entry), not only the sample */
	/* identity and order: < 0 when a goes first (upstream's order, ties included) */
	int64_t		(*cmp)(const struct hist_entry *a, const struct hist_entry *b);
	/* output order when it differs from cmp (names instead of addresses) */
	int64_t		(*sort)(const struct hist_entry *a, const struct hist_entry *b);
	u64		(*hash)(const struct hist_entry *he);
	/* the cell, at most width columns where the key pads (returns the length) */
	int		(*snprintf)(struct hist_entry *he, struct strbuf *sb, int width);
};

/* The value columns. */
enum hpp_kind {
	HPP_OVERHEAD,
	HPP_OVERHEAD_SYS,
	HPP_OVERHEAD_US,
	HPP_OVERHEAD_GUEST_SYS,
	HPP_OVERHEAD_GUEST_US,
	HPP_OVERHEAD_ACC,
	HPP_SAMPLES,
	HPP_PERIOD,
	HPP_KEY,		/* a sort key */
};

/* One column of the output, or one step of the output order. */
struct hist_field {
	enum hpp_kind		kind;
	const struct sort_key	*key;		/* HPP_KEY */
	const char		*name;		/* the header */
	int			len;		/* value columns: the default width */
	int			user_len;	/* -w */
	bool			elide;		/* a filter left one value: not printed */
	bool			output;		/* a column (else only an order key) */
};

#define MAX_HIST_FIELDS 32

/* The columns and the order of a report (upstream's perf_hpp_list). */
struct hist_fields {
	struct hist_field	*columns[MAX_HIST_FIELDS];
	int			nr_columns;
	struct hist_field	*sorts[MAX_HIST_FIELDS];
	int			nr_sorts;
	/* the keys, in -s order: what makes an entry (also the hierarchy levels) */
	const struct sort_key	*keys[MAX_HIST_FIELDS];
	int			nr_keys;
	u8			needs;		/* union of the keys' needs */
	bool			has_sym, has_dso, has_parent, has_sym_key_first;
	bool			per_frame_keys;	/* some key looks at frame addresses beyond the symbol */
};

/* Settings of sorting and printing shared by report's layers. */
struct sort_conf {
	const char	*sort_order;		/* -s, NULL for the default */
	const char	*field_order;		/* -F */
	const char	*parent_pattern;	/* -p; default "^sys_|^do_page_fault" */
	bool		parent_set;		/* -p was given: parent becomes a key */
	bool		cumulate;		/* --children */
	bool		show_nr_samples;	/* -n */
	bool		show_total_period;	/* --show-total-period */
	bool		show_cpu_utilization;
	bool		event_group;		/* --group */
	bool		filter_relative;	/* --percentage relative */
	bool		nanosecs;		/* --ns */
	bool		full_source_path;
	bool		exclude_other;		/* -x */
	const char	*field_sep;		/* -t */
	const char	*col_width_list;	/* -w */
	u64		time_quantum;		/* ns; 100 ms by default */
	bool		dso_filter;		/* --dsos given (no widening for raw addresses) */
};

extern struct sort_conf sort_conf;

/*
 * Build the columns and the order from sort_conf (-s, -F, -n, ...). On a
 * bad key, print upstream's message ("Unknown --sort key: `foo'") and return
 * -1; *bad_opt then names the option ('s' or 'F') for the usage lines.
 */
int hist_fields__setup(struct hist_fields *f, struct evlist *evlist, char *bad_opt);
void hist_fields__exit(struct hist_fields *f);
/* The data has no call chains: no Children column (upstream's perf_hpp__cancel_cumulate). */
void hist_fields__cancel_cumulate(struct hist_fields *f);
/* Hide key columns a single-value filter (--comm a, --dsos b, --symbols c) makes constant, printing "# comm: a". */
void hist_fields__setup_elide(struct hist_fields *f, const struct strlist *comms,
			      const struct strlist *dsos, const struct strlist *syms, struct strbuf *out);
/* Apply -w widths to the printed columns, in order. */
void hist_fields__set_user_widths(struct hist_fields *f, const char *list);

static inline bool hist_field__is_key(const struct hist_field *f)
{
	return f->kind == HPP_KEY;
}

/* Width of a column for the hists (its entries, its header). */
int hist_field__width(const struct hist_field *f, const struct hists *hists);

/* The key compare used for entry identity (all keys equal -> same entry). */
int64_t hist_entry__cmp_keys(const struct hist_fields *f, const struct hist_entry *a,
			     const struct hist_entry *b);

/* The key definitions, by name (prefix matching as upstream); NULL when unknown. */
const struct sort_key *sort_key__find(const char *name);

/* The default parent regex and its matcher. */
extern const char default_parent_pattern[];
int parent_regex__compile(const char *pattern);
bool parent_regex__match(const char *name);

/* What the report keeps per dso (in dso->priv). */
struct dso_report_info {
	u64	name_hash;
	u32	rank;		/* creation order (upstream's ties compare dso addresses) */
	u32	a2l_fails;
	bool	no_srcline;	/* too many lookups failed in a row, as upstream gives up */
};

/* The dsos whose creation order ranks them; the info is created on first use. */
void sort__set_dsos(struct dsos *dsos);
struct dso_report_info *dso__report_info(struct dso *dso);
void sort__free_dso_infos(void);
void sort__free_strings(void);

/* A copy of s owned by the report, the same pointer for equal strings. */
const char *sort__intern(const char *s);
/* True when every event of evlist is a tracepoint (the trace key is the default). */
bool sort__all_tracepoints(struct evlist *evlist);

/* The source line string of an entry's address ("file:line", or "sym+off"), cached. */
const char *hist_entry__srcline(struct hist_entry *he);
const char *hist_entry__srcfile(struct hist_entry *he);

#endif
