// SPDX-License-Identifier: GPL-2.0
#include "parse-events-lex.h"
#include "hw-events.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

const char *const pe_term_names[PE_TERM_NR] = {
	[PE_TERM_USER]		= "<user>",
	[PE_TERM_CONFIG]	= "config",
	[PE_TERM_CONFIG1]	= "config1",
	[PE_TERM_CONFIG2]	= "config2",
	[PE_TERM_NAME]		= "name",
	[PE_TERM_PERIOD]	= "period",
	[PE_TERM_FREQ]		= "freq",
	[PE_TERM_BRANCH_TYPE]	= "branch_type",
	[PE_TERM_TIME]		= "time",
	[PE_TERM_CALLGRAPH]	= "call-graph",
	[PE_TERM_STACKSIZE]	= "stack-size",
	[PE_TERM_NOINHERIT]	= "no-inherit",
	[PE_TERM_INHERIT]	= "inherit",
	[PE_TERM_MAX_STACK]	= "max-stack",
	[PE_TERM_MAX_EVENTS]	= "nr",
	[PE_TERM_NOOVERWRITE]	= "no-overwrite",
	[PE_TERM_OVERWRITE]	= "overwrite",
	[PE_TERM_DRV_CFG]	= "driver-config",
	[PE_TERM_PERCORE]	= "percore",
	[PE_TERM_AUX_OUTPUT]	= "aux-output",
	[PE_TERM_AUX_SAMPLE_SIZE] = "aux-sample-size",
	[PE_TERM_METRIC_ID]	= "metric-id",
};

void pe_lexer__init(struct pe_lexer *lx, const char *str)
{
	lx->str = str;
	lx->pos = 0;
	lx->col = 0;
	/* bison starts locations at column 1 */
	lx->loc_first = 1;
	lx->loc_last = 1;
	lx->mode = PE_LEX_EVENT;
}

/* What flex does before each rule's action: advance the location over len bytes. */
static void lex_advance(struct pe_lexer *lx, int len)
{
	lx->loc_last = lx->loc_first;
	lx->loc_first = lx->col;
	lx->col += len;
}

static void make_token(struct pe_lexer *lx, struct pe_token *tok, int type, int len)
{
	tok->type = type;
	tok->text = lx->str + lx->pos;
	tok->len = len;
	tok->num = 0;
	lex_advance(lx, len);
	tok->col = lx->loc_first;
	tok->err_col = lx->loc_last;
	lx->pos += len;
}

/* ---------------------------------------------------------------- matchers */

static bool is_name_first(int c)
{
	return isalpha(c) || c == '_' || c == '*' || c == '?' || c == '[' || c == ']';
}

static bool is_name_char(int c)
{
	return isalnum(c) || c == '_' || c == '*' || c == '?' || c == '.' || c == '[' || c == ']' || c == '!';
}

/* [a-zA-Z_*?\[\]][a-zA-Z0-9_*?.\[\]!]* */
static int match_name(const char *s)
{
	int n = 0;

	if (!is_name_first((unsigned char)s[0]))
		return 0;
	while (s[++n] && is_name_char((unsigned char)s[n]))
		;
	return n;
}

/* [a-zA-Z_*?][a-zA-Z0-9\-_*?.:]* (names inside PMU terms) */
static int match_name_minus(const char *s)
{
	int n = 0;
	int c = (unsigned char)s[0];

	if (!(isalpha(c) || c == '_' || c == '*' || c == '?'))
		return 0;
	for (n = 1; s[n]; n++) {
		c = (unsigned char)s[n];
		if (!(isalnum(c) || c == '-' || c == '_' || c == '*' || c == '?' || c == '.' || c == ':'))
			break;
	}
	return n;
}

/* [0-9]+ or 0x[0-9a-fA-F]+ */
static int match_number(const char *s, u64 *val)
{
	int n = 0;

	if (s[0] == '0' && s[1] == 'x' && isxdigit((unsigned char)s[2])) {
		for (n = 2; isxdigit((unsigned char)s[n]); n++)
			;
		*val = strtoull(s + 2, NULL, 16);
		return n;
	}
	while (isdigit((unsigned char)s[n]))
		n++;
	if (n)
		*val = strtoull(s, NULL, 10);
	return n;
}

/* r[0-9a-fA-F]+ (and r0x... inside terms) */
static int match_raw(const char *s, bool allow_0x, u64 *val)
{
	int n = 1, start = 1;

	if (s[0] != 'r')
		return 0;
	if (allow_0x && s[1] == '0' && s[2] == 'x' && isxdigit((unsigned char)s[3]))
		n = start = 3;
	while (isxdigit((unsigned char)s[n]))
		n++;
	if (n == start)
		return 0;
	*val = strtoull(s + start, NULL, 16);
	return n;
}

static int match_span(const char *s, const char *set, int max)
{
	int n = 0;

	while (s[n] && strchr(set, s[n]) && n < max)
		n++;
	return n;
}

/* The longest word of a NULL-terminated list that s starts with. */
static int match_words(const char *s, const char *const *words, int nr, int *which)
{
	int best = 0;

	for (int i = 0; i < nr; i++) {
		int len;

		if (!words[i])
			continue;
		len = strlen(words[i]);
		if (len > best && !strncmp(s, words[i], len)) {
			best = len;
			*which = i;
		}
	}
	return best;
}

static void match_one(const char *s, const char *word, int type, u64 config,
		      int *best, int *best_type, u64 *best_config)
{
	int n;

	if (!word || !*word)
		return;
	n = strlen(word);
	if (n > *best && !strncmp(s, word, n)) {
		*best = n;
		*best_type = type;
		*best_config = config;
	}
}

/* The symbolic events: hardware, software and tool names, aliases included. */
static int match_symbol(const char *s, int *type, u64 *config)
{
	int best = 0, i;

	for (i = 0; i < PERF_COUNT_HW_MAX; i++) {
		match_one(s, event_symbols_hw[i].symbol, PE_VALUE_SYM_HW, i, &best, type, config);
		match_one(s, event_symbols_hw[i].alias, PE_VALUE_SYM_HW, i, &best, type, config);
	}
	for (i = 0; i < PERF_SW_EVENT_NR; i++) {
		match_one(s, event_symbols_sw[i].symbol, PE_VALUE_SYM_SW, i, &best, type, config);
		match_one(s, event_symbols_sw[i].alias, PE_VALUE_SYM_SW, i, &best, type, config);
	}
	for (i = 1; i < PERF_TOOL_MAX; i++)
		match_one(s, perf_tool_event_names[i], PE_VALUE_SYM_TOOL, i, &best, type, config);
	return best;
}

static int match_cache_words(const char *s, const char *const table[][HW_CACHE_MAX_ALIASES], int nr)
{
	int best = 0, which;

	for (int i = 0; i < nr; i++) {
		int n = match_words(s, table[i], HW_CACHE_MAX_ALIASES, &which);

		if (n > best)
			best = n;
	}
	return best;
}

/* --------------------------------------------------------------- the modes */

/* Candidate tokens of one position: the longest wins, the earliest on a tie. */
struct candidate {
	int type;
	int len;
	u64 num;
	enum pe_lex_mode next_mode;
};

static void consider(struct candidate *best, int type, int len, u64 num, enum pe_lex_mode next_mode)
{
	if (len > best->len) {
		best->type = type;
		best->len = len;
		best->num = num;
		best->next_mode = next_mode;
	}
}

/* The rules shared by the INITIAL and CONFIG modes (flex's inclusive "config" state). */
static void initial_rules(const char *s, struct candidate *best, enum pe_lex_mode mode)
{
	int type = 0;
	u64 num = 0;
	int n;

	n = match_symbol(s, &type, &num);
	consider(best, type, n, num, mode);
	if (!strncmp(s, "mem:", 4))
		consider(best, PE_PREFIX_MEM, 4, 0, PE_LEX_MEM);
	consider(best, PE_NAME_CACHE_TYPE, match_cache_words(s, hw_cache_names, PERF_COUNT_HW_CACHE_MAX), 0, mode);
	consider(best, PE_NAME_CACHE_OP_RESULT,
		 match_cache_words(s, hw_cache_op_names, PERF_COUNT_HW_CACHE_OP_MAX), 0, mode);
	consider(best, PE_NAME_CACHE_OP_RESULT,
		 match_cache_words(s, hw_cache_result_names, PERF_COUNT_HW_CACHE_RESULT_MAX), 0, mode);
	n = match_raw(s, false, &num);
	consider(best, PE_RAW, n, num, mode);
	n = match_number(s, &num);
	consider(best, PE_VALUE, n, num, mode);
	consider(best, PE_MODIFIER_EVENT, match_span(s, "ukhpPGHSDIWe", 64), 0, mode);
	consider(best, PE_NAME, match_name(s), 0, mode);
	switch (*s) {
	case '/':
		consider(best, '/', 1, 0, PE_LEX_CONFIG);
		break;
	case ',':
	case '{':
		consider(best, *s, 1, 0, PE_LEX_EVENT);
		break;
	case '-':
	case ':':
	case '}':
	case '=':
		consider(best, *s, 1, 0, mode);
		break;
	}
}

static void config_rules(const char *s, struct candidate *best)
{
	int which = -1, n;
	u64 num = 0;

	n = match_words(s, pe_term_names, PE_TERM_NR, &which);
	if (which == PE_TERM_USER || which == PE_TERM_DRV_CFG)
		n = 0;
	consider(best, PE_TERM, n, which, PE_LEX_CONFIG);
	n = match_raw(s, true, &num);
	consider(best, PE_RAW, n, num, PE_LEX_CONFIG);
	if (*s == ',')
		consider(best, ',', 1, 0, PE_LEX_CONFIG);
	if (*s == '/')
		consider(best, '/', 1, 0, PE_LEX_INITIAL);
	consider(best, PE_NAME, match_name_minus(s), 0, PE_LEX_CONFIG);
	if (*s == '@') {
		/* @name[=value]: a driver setting */
		n = 1;
		while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
			n++;
		if (n > 1 && s[n] == '=' && s[n + 1] &&
		    (isalnum((unsigned char)s[n + 1]) || strchr("_*?.:", s[n + 1]))) {
			n++;
			while (s[n] && (isalnum((unsigned char)s[n]) || strchr("_*?.:", s[n])))
				n++;
		}
		if (n > 1)
			consider(best, PE_DRV_CFG_TERM, n, 0, PE_LEX_CONFIG);
	}
	initial_rules(s, best, PE_LEX_CONFIG);
}

/* [^,{}/]+ */
static int span_event_chars(const char *s)
{
	int n = 0;

	while (s[n] && !strchr(",{}/", s[n]))
		n++;
	return n;
}

/* group: [^,{}/]*[{][^}]*[}][^,{}/]* */
static int match_group(const char *s)
{
	int n = span_event_chars(s);

	if (s[n] != '{')
		return 0;
	n++;
	while (s[n] && s[n] != '}')
		n++;
	if (s[n] != '}')
		return 0;
	n++;
	return n + span_event_chars(s + n);
}

/* event_pmu: [^,{}/]+[/][^/]*[/][^,{}/]* */
static int match_event_pmu(const char *s)
{
	int n = span_event_chars(s);

	if (!n || s[n] != '/')
		return 0;
	n++;
	while (s[n] && s[n] != '/')
		n++;
	if (s[n] != '/')
		return 0;
	n++;
	return n + span_event_chars(s + n);
}

/*
 * At the start of an event: returns true with tok set to PE_EVENT_NAME or ','
 * or false after switching to the INITIAL mode without consuming anything.
 */
static bool lex_event_mode(struct pe_lexer *lx, struct pe_token *tok)
{
	const char *s = lx->str + lx->pos;
	int group, pmu, event, len;

	if (!*s) {
		lx->mode = PE_LEX_INITIAL;
		return false;
	}
	if (*s == ',') {
		make_token(lx, tok, ',', 1);
		return true;
	}
	group = match_group(s);
	pmu = match_event_pmu(s);
	event = span_event_chars(s);
	len = max(pmu, event);
	lx->mode = PE_LEX_INITIAL;
	if (!group && !len)
		return false;
	if (group >= len) {
		/* a group: no name, scan it again token by token */
		lex_advance(lx, group);
		lx->col -= group;
		return false;
	}
	make_token(lx, tok, PE_EVENT_NAME, len);
	/* rescan the same text */
	lx->col -= len;
	lx->pos -= len;
	return true;
}

/* After "mem:": an address, a length, an access type; anything else ends the mode. */
static bool lex_mem_mode(struct pe_lexer *lx, struct pe_token *tok)
{
	const char *s = lx->str + lx->pos;
	u64 num = 0;
	int n;

	if (!*s) {
		lx->mode = PE_LEX_INITIAL;
		return false;
	}
	n = match_span(s, "rwx", 3);
	if (n) {
		make_token(lx, tok, PE_MODIFIER_BP, n);
		return true;
	}
	if (*s == ':' || *s == '/') {
		make_token(lx, tok, *s, 1);
		return true;
	}
	n = match_number(s, &num);
	if (n) {
		make_token(lx, tok, PE_VALUE, n);
		tok->num = num;
		return true;
	}
	/* flex counts the character, then puts it back */
	lex_advance(lx, 1);
	lx->mode = PE_LEX_INITIAL;
	return false;
}

void pe_lexer__next(struct pe_lexer *lx, struct pe_token *tok)
{
	for (;;) {
		const char *s = lx->str + lx->pos;
		struct candidate best = { .type = PE_ERROR, .len = 0 };

		if (lx->mode == PE_LEX_EVENT) {
			if (lex_event_mode(lx, tok))
				return;
			continue;
		}
		if (lx->mode == PE_LEX_MEM) {
			if (lex_mem_mode(lx, tok))
				return;
			continue;
		}
		if (!*s) {
			tok->type = PE_EOF;
			tok->text = s;
			tok->len = 0;
			tok->num = 0;
			tok->col = lx->col;
			/* no rule runs at the end: the location is the last token's */
			tok->err_col = lx->loc_last;
			return;
		}
		if (*s == ' ' || *s == '\t' || *s == '\n') {
			lex_advance(lx, 1);
			lx->pos++;
			continue;
		}
		if (lx->mode == PE_LEX_CONFIG)
			config_rules(s, &best);
		else
			initial_rules(s, &best, PE_LEX_INITIAL);
		if (!best.len) {
			make_token(lx, tok, PE_ERROR, 1);
			return;
		}
		make_token(lx, tok, best.type, best.len);
		tok->num = best.num;
		lx->mode = best.next_mode;
		return;
	}
}

const char *pe_token__type_name(int type)
{
	static const char *const names[] = {
		[PE_ERROR - PE_ERROR] = "PE_ERROR",
		[PE_EVENT_NAME - PE_ERROR] = "PE_EVENT_NAME",
		[PE_NAME - PE_ERROR] = "PE_NAME",
		[PE_VALUE - PE_ERROR] = "PE_VALUE",
		[PE_RAW - PE_ERROR] = "PE_RAW",
		[PE_VALUE_SYM_HW - PE_ERROR] = "PE_VALUE_SYM_HW",
		[PE_VALUE_SYM_SW - PE_ERROR] = "PE_VALUE_SYM_SW",
		[PE_VALUE_SYM_TOOL - PE_ERROR] = "PE_VALUE_SYM_TOOL",
		[PE_NAME_CACHE_TYPE - PE_ERROR] = "PE_NAME_CACHE_TYPE",
		[PE_NAME_CACHE_OP_RESULT - PE_ERROR] = "PE_NAME_CACHE_OP_RESULT",
		[PE_PREFIX_MEM - PE_ERROR] = "PE_PREFIX_MEM",
		[PE_MODIFIER_EVENT - PE_ERROR] = "PE_MODIFIER_EVENT",
		[PE_MODIFIER_BP - PE_ERROR] = "PE_MODIFIER_BP",
		[PE_TERM - PE_ERROR] = "PE_TERM",
		[PE_DRV_CFG_TERM - PE_ERROR] = "PE_DRV_CFG_TERM",
	};
	static char punct[4][4];
	static int next;

	if (type == PE_EOF)
		return "end of input";
	if (type >= PE_ERROR && type <= PE_DRV_CFG_TERM)
		return names[type - PE_ERROR];
	next = (next + 1) % 4;
	snprintf(punct[next], sizeof(punct[next]), "'%c'", type);
	return punct[next];
}
