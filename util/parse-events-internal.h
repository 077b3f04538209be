/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the event grammar (parse-events.c) and its semantic actions (parse-events-add.c). */
#ifndef PERF_PARSE_EVENTS_INTERNAL_H
#define PERF_PARSE_EVENTS_INTERNAL_H

#include "parse-events.h"
#include "parse-events-lex.h"

/* One term of an event's '/.../' list. */
struct pe_term {
	int type;		/* enum pe_term_type */
	char *config;		/* the name of a PE_TERM_USER term */
	bool is_str;		/* the value is str, else num */
	bool no_value;		/* given without '=' (num is 1) */
	u64 num;
	char *str;
	int err_term;		/* columns of the term and of its value, for errors */
	int err_val;
};

struct pe_terms {
	struct pe_term *t;
	int nr;
	int alloc;
};

struct pe_group {
	int first, last;	/* indexes into parse_state.evsels */
	char *name;
};

struct parse_state {
	struct pe_lexer lx;
	struct pe_token tok;		/* the current token */
	const char *str;
	struct parse_events_error *err;
	struct evsel **evsels;		/* parsed so far, committed to the evlist at the end */
	int nr, alloc;
	struct pe_group *groups;
	int nr_groups, groups_alloc;
};

/* Record an error; returns -EINVAL. */
int pe_error(struct parse_state *ps, int idx, const char *str, const char *help);
int pe_parse_terms(struct parse_state *ps, struct pe_terms *terms);
void pe_terms__exit(struct pe_terms *terms);
/* Parse a whole term list ("event=0x3c,umask=1", a sysfs alias); errors are not recorded. */
int pe_parse_term_string(const char *str, struct pe_terms *terms);

/* The semantic actions: each appends evsels to ps->evsels or records an error. */
int pe_add_numeric(struct parse_state *ps, u32 type, u64 config, struct pe_terms *terms);
int pe_add_tool(struct parse_state *ps, int tool);
int pe_add_cache(struct parse_state *ps, const struct pe_token *words, int nr, struct pe_terms *terms);
int pe_add_breakpoint(struct parse_state *ps, u64 addr, u64 len, const struct pe_token *type);
int pe_add_tracepoint(struct parse_state *ps, const char *sys, const char *name, struct pe_terms *terms);
int pe_add_pmu(struct parse_state *ps, const struct pe_token *pmu, struct pe_terms *terms);
/* Returns the number of events added (0: no PMU has the alias). */
int pe_add_bare_alias(struct parse_state *ps, const struct pe_token *alias);
/* Apply a modifier string to evsels [first, last); group modifiers add to what members have. */
int pe_apply_modifiers(struct parse_state *ps, int first, int last, const struct pe_token *mod, bool group);
void pe_set_group(struct parse_state *ps, int first, int last, char *name);

#endif
