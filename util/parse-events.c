// SPDX-License-Identifier: GPL-2.0
/*
 * A recursive-descent parser for upstream perf's event grammar (see
 * parse-events.h), over the tokens of parse-events-lex.c. Semantic actions
 * (parse-events-add.c) turn each event into evsels as soon as it is parsed.
 */
#include "parse-events.h"
#include "parse-events-internal.h"
#include "debug.h"
#include "parse-options.h"
#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* ------------------------------------------------------------------ errors */

void parse_events_error__init(struct parse_events_error *err)
{
	memset(err, 0, sizeof(*err));
}

void parse_events_error__exit(struct parse_events_error *err)
{
	zfree(&err->str);
	zfree(&err->help);
	err->num_errors = 0;
}

void parse_events_error__handle(struct parse_events_error *err, int idx, const char *str,
				const char *help)
{
	if (!err)
		return;
	if (!err->num_errors++) {
		err->idx = idx;
		err->str = str ? xstrdup(str) : NULL;
		err->help = help ? xstrdup(help) : NULL;
	}
}

/* The terminal width the error block is fitted to (80 when not a terminal). */
static int term_width(void)
{
	const char *lines = getenv("LINES"), *cols = getenv("COLUMNS");
	struct winsize ws;

	if (lines && cols && atoi(lines) > 0 && atoi(cols) > 0)
		return atoi(cols);
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		return ws.ws_col;
	return 80;
}

void parse_events_error__print(const struct parse_events_error *err, const char *event)
{
	static const char prefix[] = "event syntax error: ";
	const int max_idx = 13;		/* longer prefixes of the event are cut */
	int len_prefix = sizeof(prefix) - 1, len_event = strlen(event);
	int max_len = term_width() - 2 - len_prefix, cut = 0, col;
	char *buf;

	if (!err || !err->num_errors)
		return;
	if (max_len < 8)
		max_len = 8;
	if (err->idx > max_idx)
		cut = err->idx - max_idx;
	if (cut > len_event)
		cut = len_event;
	buf = xstrndup(event + cut, max_len);
	if (cut && strlen(buf) >= 2)
		buf[0] = buf[1] = '.';
	if (len_event - cut > max_len)
		buf[max_len - 1] = buf[max_len - 2] = '.';
	col = len_prefix + err->idx - cut;
	fprintf(stderr, "%s'%s'\n", prefix, buf);
	fprintf(stderr, "%*s\\___ %s\n", col + 1, "", err->str ? err->str : "parser error");
	if (err->help)
		fprintf(stderr, "\n%s\n", err->help);
	free(buf);
}

int pe_error(struct parse_state *ps, int idx, const char *str, const char *help)
{
	parse_events_error__handle(ps->err, idx, str, help);
	return -EINVAL;
}

/* ----------------------------------------------------------------- tokens */

static void next(struct parse_state *ps)
{
	pe_lexer__next(&ps->lx, &ps->tok);
}

/* The token after the current one, without consuming anything. */
static void peek(const struct parse_state *ps, struct pe_token *tok)
{
	struct pe_lexer lx = ps->lx;

	pe_lexer__next(&lx, tok);
}

static int syntax_error(struct parse_state *ps)
{
	/* upstream's column, except for characters it would silently skip */
	int col = ps->tok.type == PE_ERROR ? ps->tok.col : ps->tok.err_col;

	return pe_error(ps, col, "parser error", NULL);
}

static int expect(struct parse_state *ps, int type)
{
	if (ps->tok.type != type)
		return syntax_error(ps);
	next(ps);
	return 0;
}

static char *tok_str(const struct pe_token *tok)
{
	return xstrndup(tok->text, tok->len);
}

/* ------------------------------------------------------------------ terms */

void pe_terms__exit(struct pe_terms *terms)
{
	for (int i = 0; i < terms->nr; i++) {
		free(terms->t[i].config);
		free(terms->t[i].str);
	}
	free(terms->t);
	memset(terms, 0, sizeof(*terms));
}

static struct pe_term *pe_terms__add(struct pe_terms *terms)
{
	struct pe_term *t;

	ALLOC_GROW(terms->t, terms->nr + 1, terms->alloc);
	t = &terms->t[terms->nr++];
	memset(t, 0, sizeof(*t));
	return t;
}

/* term := RAW | NAME ['=' value] | TERM ['=' value] | @drv-cfg */
static int parse_term(struct parse_state *ps, struct pe_terms *terms)
{
	struct pe_term *t;

	switch (ps->tok.type) {
	case PE_RAW:
		t = pe_terms__add(terms);
		t->type = PE_TERM_CONFIG;
		t->num = ps->tok.num;
		t->err_term = t->err_val = ps->tok.col;
		next(ps);
		return 0;
	case PE_DRV_CFG_TERM:
		t = pe_terms__add(terms);
		t->type = PE_TERM_DRV_CFG;
		t->is_str = true;
		t->str = xstrndup(ps->tok.text + 1, ps->tok.len - 1);
		t->err_term = t->err_val = ps->tok.col;
		next(ps);
		return 0;
	case PE_NAME:
	case PE_TERM:
		break;
	default:
		return syntax_error(ps);
	}
	t = pe_terms__add(terms);
	t->type = ps->tok.type == PE_TERM ? (int)ps->tok.num : PE_TERM_USER;
	if (t->type == PE_TERM_USER)
		t->config = tok_str(&ps->tok);
	t->err_term = ps->tok.col;
	next(ps);
	if (ps->tok.type != '=') {
		t->no_value = true;
		t->num = 1;
		return 0;
	}
	next(ps);
	t->err_val = ps->tok.col;
	if (ps->tok.type == PE_VALUE) {
		t->num = ps->tok.num;
	} else if (ps->tok.type == PE_NAME) {
		t->is_str = true;
		t->str = tok_str(&ps->tok);
	} else {
		return syntax_error(ps);
	}
	next(ps);
	return 0;
}

int pe_parse_terms(struct parse_state *ps, struct pe_terms *terms)
{
	for (;;) {
		int ret = parse_term(ps, terms);

		if (ret)
			return ret;
		if (ps->tok.type != ',')
			return 0;
		next(ps);
	}
}

int pe_parse_term_string(const char *str, struct pe_terms *terms)
{
	struct parse_state ps = { .str = str };
	int ret;

	pe_lexer__init(&ps.lx, str);
	ps.lx.mode = PE_LEX_CONFIG;
	next(&ps);
	ret = pe_parse_terms(&ps, terms);
	if (!ret && ps.tok.type != PE_EOF)
		ret = -EINVAL;
	return ret;
}

/* opt_event_config := '/' terms '/' | '/' '/' | nothing */
static int parse_opt_config(struct parse_state *ps, struct pe_terms *terms)
{
	int ret;

	if (ps->tok.type != '/')
		return 0;
	next(ps);
	if (ps->tok.type == '/') {
		next(ps);
		return 0;
	}
	ret = pe_parse_terms(ps, terms);
	return ret ? ret : expect(ps, '/');
}

/* sep_dc := ':' | nothing */
static void skip_colon(struct parse_state *ps)
{
	if (ps->tok.type == ':')
		next(ps);
}

/* ---------------------------------------------------------------- events */

static int parse_symbol(struct parse_state *ps)
{
	struct pe_terms terms = { 0 };
	struct pe_token sym = ps->tok;
	int ret = 0;

	next(ps);
	if (sym.type == PE_VALUE_SYM_TOOL) {
		/* sep_slash_slash_dc: no terms for tool events */
		if (ps->tok.type == '/') {
			next(ps);
			if (ps->tok.type != '/')
				return syntax_error(ps);
			next(ps);
		} else {
			skip_colon(ps);
		}
		return pe_add_tool(ps, sym.num);
	}
	if (ps->tok.type == '/')
		ret = parse_opt_config(ps, &terms);
	else
		skip_colon(ps);
	if (!ret)
		ret = pe_add_numeric(ps, sym.type == PE_VALUE_SYM_HW ? PERF_TYPE_HARDWARE : PERF_TYPE_SOFTWARE,
				     sym.num, &terms);
	pe_terms__exit(&terms);
	return ret;
}

/* cache ['-' op_or_result ['-' op_or_result]] opt_event_config sep_dc */
static int parse_cache(struct parse_state *ps)
{
	struct pe_terms terms = { 0 };
	struct pe_token words[3];
	int nr = 0, ret;

	words[nr++] = ps->tok;
	next(ps);
	while (nr < 3 && ps->tok.type == '-') {
		next(ps);
		if (ps->tok.type != PE_NAME_CACHE_OP_RESULT)
			return syntax_error(ps);
		words[nr++] = ps->tok;
		next(ps);
	}
	ret = parse_opt_config(ps, &terms);
	if (!ret) {
		skip_colon(ps);
		ret = pe_add_cache(ps, words, nr, &terms);
	}
	pe_terms__exit(&terms);
	return ret;
}

/* 'mem:' ADDR ['/' LEN] [':' rwx] sep_dc */
static int parse_breakpoint(struct parse_state *ps)
{
	struct pe_token type = { .type = PE_EOF };
	u64 addr, len = 0;

	next(ps);
	if (ps->tok.type != PE_VALUE)
		return syntax_error(ps);
	addr = ps->tok.num;
	next(ps);
	if (ps->tok.type == '/') {
		next(ps);
		if (ps->tok.type != PE_VALUE)
			return syntax_error(ps);
		len = ps->tok.num;
		next(ps);
	}
	if (ps->tok.type == ':') {
		next(ps);
		if (ps->tok.type == PE_MODIFIER_BP) {
			type = ps->tok;
			next(ps);
			skip_colon(ps);
		}
	}
	return pe_add_breakpoint(ps, addr, len, type.type == PE_EOF ? NULL : &type);
}

/* Can this token name a tracepoint ("probe_libc:read" lexes "read" as a cache word)? */
static bool is_tracepoint_name(const struct pe_token *tok)
{
	switch (tok->type) {
	case PE_NAME:
		return true;
	case PE_NAME_CACHE_TYPE:
	case PE_NAME_CACHE_OP_RESULT:
	case PE_VALUE_SYM_HW:
	case PE_VALUE_SYM_SW:
	case PE_VALUE_SYM_TOOL:
	case PE_RAW:
		for (int i = 0; i < tok->len; i++)
			if (tok->text[i] == '-')
				return false;
		return true;
	default:
		return false;
	}
}

/* SYS ['-' SYS2] ':' NAME opt_event_config sep_dc */
static int parse_tracepoint(struct parse_state *ps)
{
	struct pe_terms terms = { 0 };
	char *sys = tok_str(&ps->tok), *name = NULL;
	int ret;

	next(ps);
	if (ps->tok.type == '-') {
		char *tmp;

		next(ps);
		if (ps->tok.type != PE_NAME) {
			free(sys);
			return syntax_error(ps);
		}
		tmp = xasprintf("%s-%.*s", sys, ps->tok.len, ps->tok.text);
		free(sys);
		sys = tmp;
		next(ps);
	}
	ret = expect(ps, ':');
	if (!ret && !is_tracepoint_name(&ps->tok))
		ret = syntax_error(ps);
	if (!ret) {
		name = tok_str(&ps->tok);
		next(ps);
		ret = parse_opt_config(ps, &terms);
	}
	if (!ret) {
		skip_colon(ps);
		ret = pe_add_tracepoint(ps, sys, name, &terms);
	}
	pe_terms__exit(&terms);
	free(sys);
	free(name);
	return ret;
}

/* PMU '/' terms '/' */
static int parse_pmu(struct parse_state *ps)
{
	struct pe_terms terms = { 0 };
	struct pe_token pmu = ps->tok;
	int ret;

	next(ps);
	ret = parse_opt_config(ps, &terms);
	if (!ret)
		ret = pe_add_pmu(ps, &pmu, &terms);
	pe_terms__exit(&terms);
	return ret;
}

/*
 * A PMU event alias on its own ("tsc", "tsc:u", "mem-loads/period=9/"):
 * every PMU that has it.
 */
static int parse_bare_alias(struct parse_state *ps)
{
	struct pe_token alias = ps->tok;
	struct pe_terms terms = { 0 };
	int ret;

	next(ps);
	/* alias names may have dashes: join NAME ('-' NAME)* */
	while (ps->tok.type == '-') {
		next(ps);
		if (ps->tok.type != PE_NAME)
			return syntax_error(ps);
		alias.len = ps->tok.text + ps->tok.len - alias.text;
		next(ps);
	}
	if (ps->tok.type == '/') {
		ret = parse_opt_config(ps, &terms);
		if (!ret)
			ret = pe_add_pmu(ps, &alias, &terms);
		pe_terms__exit(&terms);
		return ret;
	}
	skip_colon(ps);
	if (pe_add_bare_alias(ps, &alias) <= 0)
		return syntax_error(ps);
	return 0;
}

static int parse_name_event(struct parse_state *ps)
{
	struct pe_lexer lx = ps->lx;
	struct pe_token t1, t2, t3, t4;

	pe_lexer__next(&lx, &t1);
	if (t1.type == '/')
		return parse_pmu(ps);
	pe_lexer__next(&lx, &t2);
	/* SYS ':' NAME and SYS '-' SYS2 ':' NAME are tracepoints, ALIAS ':' modifiers is not */
	if (t1.type == ':' && is_tracepoint_name(&t2))
		return parse_tracepoint(ps);
	if (t1.type == '-' && t2.type == PE_NAME) {
		pe_lexer__next(&lx, &t3);
		pe_lexer__next(&lx, &t4);
		if (t3.type == ':' && is_tracepoint_name(&t4))
			return parse_tracepoint(ps);
	}
	return parse_bare_alias(ps);
}

/* TYPE ':' CONFIG opt_event_config sep_dc, or rNNN opt_event_config sep_dc */
static int parse_numeric(struct parse_state *ps)
{
	struct pe_terms terms = { 0 };
	u64 type = ps->tok.num, config;
	bool raw = ps->tok.type == PE_RAW;
	int ret = 0;

	next(ps);
	if (raw) {
		config = type;
		type = PERF_TYPE_RAW;
	} else {
		ret = expect(ps, ':');
		if (ret)
			return ret;
		if (ps->tok.type != PE_VALUE)
			return syntax_error(ps);
		config = ps->tok.num;
		next(ps);
	}
	ret = parse_opt_config(ps, &terms);
	if (!ret) {
		skip_colon(ps);
		ret = pe_add_numeric(ps, type, config, &terms);
	}
	pe_terms__exit(&terms);
	return ret;
}

static int parse_event_def(struct parse_state *ps)
{
	switch (ps->tok.type) {
	case PE_VALUE_SYM_HW:
	case PE_VALUE_SYM_SW:
	case PE_VALUE_SYM_TOOL:
		return parse_symbol(ps);
	case PE_NAME_CACHE_TYPE:
		return parse_cache(ps);
	case PE_PREFIX_MEM:
		return parse_breakpoint(ps);
	case PE_NAME:
		return parse_name_event(ps);
	case PE_VALUE:
	case PE_RAW:
		return parse_numeric(ps);
	default:
		return syntax_error(ps);
	}
}

/* event := [EVENT_NAME] event_def [modifiers] */
static int parse_event(struct parse_state *ps)
{
	char *name = NULL;
	int first = ps->nr, ret;

	if (ps->tok.type == PE_EVENT_NAME) {
		name = tok_str(&ps->tok);
		next(ps);
	}
	ret = parse_event_def(ps);
	if (!ret && ps->tok.type == PE_MODIFIER_EVENT) {
		ret = pe_apply_modifiers(ps, first, ps->nr, &ps->tok, false);
		if (!ret)
			next(ps);
	}
	for (int i = first; !ret && name && i < ps->nr; i++)
		if (!ps->evsels[i]->name)
			ps->evsels[i]->name = xstrdup(name);
	free(name);
	return ret;
}

/* group := [NAME] '{' event (',' event)* '}' [':' modifiers] */
static int parse_group(struct parse_state *ps)
{
	char *group_name = NULL;
	int first = ps->nr, ret;

	if (ps->tok.type == PE_NAME) {
		group_name = tok_str(&ps->tok);
		next(ps);
	}
	ret = expect(ps, '{');
	while (!ret) {
		ret = parse_event(ps);
		if (ret || ps->tok.type != ',')
			break;
		next(ps);
	}
	if (!ret)
		ret = expect(ps, '}');
	if (ret) {
		free(group_name);
		return ret;
	}
	pe_set_group(ps, first, ps->nr, group_name);
	if (ps->tok.type == ':') {
		next(ps);
		if (ps->tok.type != PE_MODIFIER_EVENT)
			return syntax_error(ps);
		ret = pe_apply_modifiers(ps, first, ps->nr, &ps->tok, true);
		if (!ret)
			next(ps);
	}
	return ret;
}

static int parse_item(struct parse_state *ps)
{
	struct pe_token t;

	if (ps->tok.type == '{')
		return parse_group(ps);
	if (ps->tok.type == PE_NAME) {
		peek(ps, &t);
		if (t.type == '{')
			return parse_group(ps);
	}
	return parse_event(ps);
}

static void parse_state__exit(struct parse_state *ps)
{
	for (int i = 0; i < ps->nr; i++)
		evsel__delete(ps->evsels[i]);
	free(ps->evsels);
	for (int i = 0; i < ps->nr_groups; i++)
		free(ps->groups[i].name);
	free(ps->groups);
}

/* Move the parsed events to the evlist and set their groups up there. */
static void parse_state__commit(struct parse_state *ps, struct evlist *evlist)
{
	for (int i = 0; i < ps->nr; i++) {
		ps->evsels[i]->leader = ps->evsels[i];
		evlist__add(evlist, ps->evsels[i]);
	}
	for (int i = 0; i < ps->nr_groups; i++) {
		struct evsel *leader = ps->evsels[ps->groups[i].first];

		evlist__set_group(evlist, leader, ps->evsels[ps->groups[i].last]);
		leader->group_name = ps->groups[i].name;
		ps->groups[i].name = NULL;
	}
	ps->nr = 0;
}

int parse_events(struct evlist *evlist, const char *str, struct parse_events_error *err)
{
	struct parse_state ps = { .str = str, .err = err };
	int ret;

	pe_lexer__init(&ps.lx, str);
	next(&ps);
	for (;;) {
		ret = parse_item(&ps);
		if (ret || ps.tok.type != ',')
			break;
		next(&ps);
	}
	if (!ret && ps.tok.type != PE_EOF)
		ret = syntax_error(&ps);
	if (!ret)
		parse_state__commit(&ps, evlist);
	parse_state__exit(&ps);
	return ret;
}

int parse_events_option(const struct option *opt, const char *str, int unset)
{
	struct evlist *evlist = opt->value;
	struct parse_events_error err;
	int ret;

	(void)unset;
	parse_events_error__init(&err);
	ret = parse_events(evlist, str, &err);
	if (ret) {
		parse_events_error__print(&err, str);
		fprintf(stderr, "Run 'perf list' for a list of valid events\n");
	}
	parse_events_error__exit(&err);
	return ret ? -1 : 0;
}

int parse_filter(const struct option *opt, const char *str, int unset)
{
	struct evlist *evlist = opt->value;
	struct evsel *last = evlist__last(evlist);

	(void)unset;
	if (!last) {
		fprintf(stderr, "--filter option should follow a -e tracepoint or HW tracer option\n");
		return -1;
	}
	if (last->attr.type != PERF_TYPE_TRACEPOINT) {
		fprintf(stderr, "This CPU does not support address filtering\n");
		return -1;
	}
	if (last->filter) {
		char *f = xasprintf("(%s) && (%s)", last->filter, str);

		free(last->filter);
		last->filter = f;
	} else {
		last->filter = xstrdup(str);
	}
	return 0;
}
