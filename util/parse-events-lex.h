/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tokenizer of the event parser (internal to parse-events.c and its test).
 *
 * It reproduces the token classes and longest-match rules of upstream's flex
 * scanner, including its modes: at the start of each event the whole event
 * text is returned first as PE_EVENT_NAME (it names the event) and then
 * scanned again token by token; after '/' the PMU term rules apply; after
 * "mem:" the breakpoint rules. It also keeps upstream's error columns: a
 * syntax error at a token is reported at the start of the token before it.
 */
#ifndef PERF_PARSE_EVENTS_LEX_H
#define PERF_PARSE_EVENTS_LEX_H

#include "util.h"

/* Punctuation tokens are their own character: ',' ':' '/' '{' '}' '=' '-' */
enum pe_token_type {
	PE_EOF = 0,
	PE_ERROR = 256,		/* a character no rule accepts */
	PE_EVENT_NAME,		/* the text of the event that follows */
	PE_NAME,
	PE_VALUE,		/* decimal or 0x hex number */
	PE_RAW,			/* rNNN (hex) */
	PE_VALUE_SYM_HW,	/* cycles, instructions...: num is the PERF_COUNT_HW_* config */
	PE_VALUE_SYM_SW,	/* cpu-clock, cs...: num is the PERF_COUNT_SW_* config */
	PE_VALUE_SYM_TOOL,	/* duration_time...: num is the enum perf_tool_event */
	PE_NAME_CACHE_TYPE,	/* L1-dcache, LLC, dTLB... */
	PE_NAME_CACHE_OP_RESULT, /* load, stores, misses... */
	PE_PREFIX_MEM,		/* "mem:" */
	PE_MODIFIER_EVENT,	/* [ukhHGIpPSDWe]+ */
	PE_MODIFIER_BP,		/* [rwx]{1,3} after mem: */
	PE_TERM,		/* a static term name: num is the enum pe_term_type */
	PE_DRV_CFG_TERM,	/* @name[=value] */
};

/* Static terms, in upstream's order (the "valid terms:" lists follow it). */
enum pe_term_type {
	PE_TERM_USER = 0,	/* anything else: a PMU format or event alias */
	PE_TERM_CONFIG,
	PE_TERM_CONFIG1,
	PE_TERM_CONFIG2,
	PE_TERM_NAME,
	PE_TERM_PERIOD,
	PE_TERM_FREQ,
	PE_TERM_BRANCH_TYPE,
	PE_TERM_TIME,
	PE_TERM_CALLGRAPH,
	PE_TERM_STACKSIZE,
	PE_TERM_NOINHERIT,
	PE_TERM_INHERIT,
	PE_TERM_MAX_STACK,
	PE_TERM_MAX_EVENTS,
	PE_TERM_NOOVERWRITE,
	PE_TERM_OVERWRITE,
	PE_TERM_DRV_CFG,
	PE_TERM_PERCORE,
	PE_TERM_AUX_OUTPUT,
	PE_TERM_AUX_SAMPLE_SIZE,
	PE_TERM_METRIC_ID,
	PE_TERM_NR,
};

extern const char *const pe_term_names[PE_TERM_NR];

enum pe_lex_mode {
	PE_LEX_INITIAL,
	PE_LEX_EVENT,		/* at the start of an event: emit PE_EVENT_NAME */
	PE_LEX_CONFIG,		/* between '/' and '/': terms */
	PE_LEX_MEM,		/* after "mem:" */
};

struct pe_token {
	int type;		/* enum pe_token_type or a punctuation character */
	const char *text;	/* points into the event string */
	int len;
	u64 num;
	int col;		/* offset of the token in the string */
	int err_col;		/* where a syntax error at this token is shown */
};

struct pe_lexer {
	const char *str;
	int pos;		/* bytes consumed */
	int col;		/* column counter (can run ahead of pos, as flex's does after "mem:") */
	int loc_first;		/* start of the last token */
	int loc_last;		/* start of the token before it */
	enum pe_lex_mode mode;
};

void pe_lexer__init(struct pe_lexer *lx, const char *str);
/* The next token (PE_EOF at the end, forever). */
void pe_lexer__next(struct pe_lexer *lx, struct pe_token *tok);
/* A token type's name for messages and tests ("PE_NAME", "','"). */
const char *pe_token__type_name(int type);

#endif
