/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf probe events: the user's definitions ("perf probe" syntax), the
 * tracefs definitions they turn into (k/uprobe_events syntax), and the
 * steps between: parsing, naming, resolving, adding, listing, deleting.
 *
 *   perf probe definition                     trace definition
 *   [[GRP:]EV=]FUNC[@SRC][:RLN|+OFF|%return|;PTN] ARG...
 *   [[GRP:]EV=]SRC:ALN, SRC;PTN              p:GRP/EV PATH:0xOFF NAME=FETCH:TYPE ...
 */
#ifndef PERF_PROBE_EVENT_H
#define PERF_PROBE_EVENT_H

#include <stdio.h>
#include "util.h"

struct strbuf;
struct strlist;

#define PROBE_DEFAULT_GROUP	"probe"
#define PROBE_MAX_ARGS		128
#define PROBE_MAX_EVENT_NAME	64
#define PROBE_DEFAULT_MAX_PROBES 128

/* Where to probe, as the user wrote it. */
struct perf_probe_point {
	char *file;		/* source file (@SRC or SRC:ALN) */
	char *function;		/* function name, or NULL */
	int line;		/* relative to the function when function is set, else absolute */
	bool retprobe;		/* %return */
	char *lazy_line;	/* ;PTN */
	u64 offset;		/* +OFF from the function */
	u64 abs_address;	/* 0xADDR given instead of a function */
	bool has_address;
};

/* One step of a member/index chain: ->name, .name, [index]. */
struct perf_probe_arg_field {
	struct perf_probe_arg_field *next;
	char *name;		/* member name, NULL for an index */
	long index;
	bool ref;		/* reached with "->" */
};

struct perf_probe_arg {
	char *name;		/* NAME= given by the user, or NULL */
	char *var;		/* variable, $retval, $params, $vars, %REG, @SYM, +OFF(...) */
	char *type;		/* :TYPE, or NULL */
	struct perf_probe_arg_field *field;
	bool user_access;	/* "u" prefix on a dereference (+u0(...)) */
};

struct perf_probe_event {
	char *event;		/* EVENT= or NULL */
	char *group;		/* GROUP: or NULL */
	struct perf_probe_point point;
	int nargs;
	struct perf_probe_arg *args;
	bool uprobes;
	char *target;		/* -x path (resolved), or a module for the kernel */
	bool sdt;		/* an SDT marker ("sdt_PROV:NAME" or "%[sdt_]PROV:NAME") */
};

/* A resolved probe: one line of k/uprobe_events. */
struct probe_trace_arg {
	char *name;		/* NAME=, or NULL */
	char *value;		/* fetch argument: %di, -20(%bp), +0(%si), @+0x3028, $retval */
	char *type;		/* s32, string, b3@0/32, or NULL */
};

struct probe_trace_point {
	char *symbol;		/* kernel: symbol or "_text" */
	u64 offset;		/* kernel: offset from symbol */
	char *module;		/* uprobes: the binary path; kernel: a module, or NULL */
	u64 address;		/* uprobes: file offset; kernel: address (informational) */
	u64 vaddr;		/* the address in the binary (debug info, messages) */
	bool retprobe;
	char *realname;		/* the function the point is in (naming, listing) */
	int rel_line;		/* relative line in that function (naming line probes), -1 unknown */
};

struct probe_trace_event {
	char *event;
	char *group;
	struct probe_trace_point point;
	int nargs;
	struct probe_trace_arg *args;
	bool uprobes;
};

/* Options that change how definitions resolve. */
struct probe_conf {
	bool force_add;		/* -f: _1 suffixes instead of "already exists" */
	bool no_inlines;
	bool dry_run;
	int max_probes;
	bool show_ext_vars;	/* --externs */
	bool show_location_range; /* --range */
	const char *vmlinux;	/* -k */
	const char *source_prefix; /* -s */
};
extern struct probe_conf probe_conf;

/* Parse one definition (the words of "PROBEDEF", already joined by spaces). 0 or -errno with a message. */
int parse_perf_probe_command(const char *cmd, struct perf_probe_event *pev);
/* Parse "[GROUP:]EVENT" point part only (for -V, which takes a point). */
int parse_perf_probe_point(const char *arg, struct perf_probe_event *pev);
void clear_perf_probe_event(struct perf_probe_event *pev);

/* Does the event need debug info (lines, source, local variables)? */
bool perf_probe_event_need_dwarf(const struct perf_probe_event *pev);
/* Is arg a raw fetch argument ($retval, %REG, @SYM, +OFF(...), $comm, $stackN)? */
bool perf_probe_arg_is_raw(const struct perf_probe_arg *arg);

/* The name an argument gets: NAME=, the last member's name, or VAR_TYPE, or VAR (allocated). */
char *perf_probe_arg__default_name(const struct perf_probe_arg *pa);

/* "probe_add:2", "probe_ret%return", "@probe_prog.c:93", "%loop". Appends to sb. */
void synthesize_perf_probe_point(struct strbuf *sb, const struct perf_probe_point *pp);
/* "a", "s:string", "x=item->pos.y" */
void synthesize_perf_probe_arg(struct strbuf *sb, const struct perf_probe_arg *pa);

/* The k/uprobe_events line: "p:grp/ev PATH:0x1164 a=-20(%bp):s32" (vaddr_form: 0x%lx as upstream's -D). */
char *synthesize_probe_trace_command(const struct probe_trace_event *tev);
/* Parse one k/uprobe_events line back. 0 or -EINVAL. */
int parse_probe_trace_command(const char *cmd, struct probe_trace_event *tev);
void clear_probe_trace_event(struct probe_trace_event *tev);
void clear_probe_trace_events(struct probe_trace_event *tevs, int ntevs);
/* Append an argument to tev (takes copies). */
void probe_trace_event__add_arg(struct probe_trace_event *tev, const char *name,
				const char *value, const char *type);

/* Is s a valid event/group name (a C identifier)? */
bool is_c_varname(const char *s);
/* "probe_" + the binary's base name up to the first '.', non C characters as '_'. */
char *probe_uprobe_group_name(const char *path);
/* A valid type suffix: s8..s64, u8..u64, x8..x64, string, ustring, symbol, bW@O/S. */
bool probe_type_is_valid(const char *type);

/* Top-level operations, used by builtin-probe.c. Each prints its own errors. */
int add_perf_probe_events(struct perf_probe_event *pevs, int npevs, bool definition_only);
int del_perf_probe_events(const struct strlist *filters);
int show_perf_probe_events(const char *filter);
int show_line_range(const char *arg, const char *target, bool user);
int show_available_vars(struct perf_probe_event *pevs, int npevs, const char *filter);
int show_available_funcs(const char *target, const char *filter, bool user);

/* The absolute path of a -x target (a bare name is looked up in $PATH). NULL with a message. */
char *probe_resolve_target(const char *target);

/* A glob filter with "!" negation and "&"/"|" as upstream's --filter ("!_* & !*@plt"). */
bool probe_filter_match(const char *filter, const char *str);

#endif
