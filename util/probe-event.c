// SPDX-License-Identifier: GPL-2.0
/*
 * perf probe definitions: the grammar (parsing and synthesis of both the
 * user's and the tracefs syntax), event naming and the filters.
 */
#include "probe-event.h"
#include "debug.h"
#include "strbuf.h"
#include "string2.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>

struct probe_conf probe_conf = {
	.max_probes = PROBE_DEFAULT_MAX_PROBES,
};

#define semantic_error(fmt, ...) pr_err("Semantic error :" fmt, ##__VA_ARGS__)

bool is_c_varname(const char *s)
{
	if (!s || !*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

char *probe_uprobe_group_name(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name, *p;

	base = base ? base + 1 : path;
	name = xasprintf("probe_%s", base);
	p = strchr(name + 6, '.');
	if (p && p != name + 6)
		*p = '\0';
	for (p = name; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_'))
			*p = '_';
	return name;
}

bool probe_type_is_valid(const char *type)
{
	static const char *const named[] = { "string", "ustring", "symbol", "symstr", "char" };
	char c;
	int bits, w, o, s;
	char tail;

	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(type, named[i]))
			return true;
	if (sscanf(type, "%c%d%c", &c, &bits, &tail) == 2 && strchr("sux", c))
		return bits == 8 || bits == 16 || bits == 32 || bits == 64;
	if (sscanf(type, "b%d@%d/%d%c", &w, &o, &s, &tail) == 3)
		return w > 0 && o >= 0 && (s == 8 || s == 16 || s == 32 || s == 64) && w + o <= s;
	return false;
}

/* ---- the user's definition ---- */

static int parse_event_name(char **arg, struct perf_probe_event *pev)
{
	char *s = *arg, *eq = strchr(s, '='), *colon;
	char *spec = strpbrk(s, ";=@+%");

	if (!eq || spec != eq)
		return 0;
	*eq = '\0';
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		if (!is_c_varname(s)) {
			semantic_error("%s is bad for event name -it must follow C symbol-naming rule.\n", s);
			return -EINVAL;
		}
		pev->group = xstrdup(s);
		s = colon + 1;
	}
	if (!is_c_varname(s)) {
		semantic_error("%s is bad for event name -it must follow C symbol-naming rule.\n", s);
		return -EINVAL;
	}
	if (strlen(s) >= PROBE_MAX_EVENT_NAME) {
		semantic_error("Event name '%s' is too long (at most %d characters).\n", s,
			       PROBE_MAX_EVENT_NAME - 1);
		return -EINVAL;
	}
	pev->event = xstrdup(s);
	*arg = eq + 1;
	return 0;
}

/* "%[sdt_]PROV:NAME" or "sdt_PROV:NAME" */
static int parse_sdt_point(char *arg, struct perf_probe_event *pev)
{
	char *colon;

	if (*arg == '%')
		arg++;
	colon = strchr(arg, ':');
	if (!colon || colon == arg || !colon[1]) {
		semantic_error("SDT event must be given as %%[sdt_]PROVIDER:NAME, not '%s'\n", arg);
		return -EINVAL;
	}
	*colon = '\0';
	pev->group = strstarts(arg, "sdt_") ? xstrdup(arg) : xasprintf("sdt_%s", arg);
	pev->point.function = xstrdup(colon + 1);
	pev->sdt = true;
	return 0;
}

static int parse_number(const char *s, const char *what, u64 *out)
{
	char *end;

	errno = 0;
	*out = strtoull(s, &end, 0);
	if (errno || end == s || *end) {
		semantic_error("Failed to parse %s: '%s'\n", what, s);
		return -EINVAL;
	}
	return 0;
}

static int check_point(struct perf_probe_point *pp, bool file_spec)
{
	if (pp->lazy_line && pp->line) {
		semantic_error("Lazy pattern can't be used with line number.\n");
		return -EINVAL;
	}
	if (pp->lazy_line && pp->offset) {
		semantic_error("Lazy pattern can't be used with offset.\n");
		return -EINVAL;
	}
	if (pp->line && pp->offset) {
		semantic_error("Offset can't be used with line number.\n");
		return -EINVAL;
	}
	if (!pp->line && !pp->lazy_line && file_spec && !pp->offset) {
		semantic_error("File always requires line number or lazy pattern.\n");
		return -EINVAL;
	}
	if (pp->offset && !pp->function && !pp->has_address) {
		semantic_error("Offset requires an entry function.\n");
		return -EINVAL;
	}
	if (pp->retprobe && !pp->function && !pp->has_address) {
		semantic_error("Return probe requires an entry function.\n");
		return -EINVAL;
	}
	if ((pp->offset || pp->line || pp->lazy_line) && pp->retprobe) {
		semantic_error("Offset/Line/Lazy pattern can't be used with return probe.\n");
		return -EINVAL;
	}
	return 0;
}

/*
 * FUNC[@SRC][:RLN|+OFF|%return|;PTN] | SRC:ALN | SRC;PTN | 0xADDR[%return]
 */
static int parse_point(char *arg, struct perf_probe_event *pev)
{
	struct perf_probe_point *pp = &pev->point;
	char *sep, c, *tok = arg;
	bool file_spec = false;
	int ret;

	if (*arg == '%' || (strstarts(arg, "sdt_") && strchr(arg, ':') && !strpbrk(arg, "=@%;+")))
		return parse_sdt_point(arg, pev);

	sep = strpbrk(arg, ";:+@%");
	if (sep && *sep == ';') {
		*sep = '\0';
		pp->lazy_line = xstrdup(sep + 1);
		sep = NULL;
	}
	c = sep ? *sep : '\0';
	if (sep)
		*sep++ = '\0';
	/* the first word: a file when followed by a line or pattern and it looks like one */
	if ((c == ':' || (c == '\0' && pp->lazy_line)) && (strchr(tok, '.') || strchr(tok, '/'))) {
		file_spec = true;
		pp->file = xstrdup(tok);
	} else if (!strncmp(tok, "0x", 2) && c != ':') {
		if (parse_number(tok, "address", &pp->abs_address))
			return -EINVAL;
		pp->has_address = true;
	} else if (*tok) {
		if (strpbrk(tok, " \t")) {
			semantic_error("'%s' is not a function name.\n", tok);
			return -EINVAL;
		}
		pp->function = xstrdup(tok);
	} else if (!pp->lazy_line || c) {
		semantic_error("No function or file name in '%s'.\n", arg);
		return -EINVAL;
	}

	while (c) {
		char *next = strpbrk(sep, ";:+@%"), nc = '\0';
		u64 v;

		if (next && *next == ';') {
			*next = '\0';
			if (pp->lazy_line) {
				semantic_error("Only one lazy pattern is allowed.\n");
				return -EINVAL;
			}
			pp->lazy_line = xstrdup(next + 1);
			next = NULL;
		}
		if (next) {
			nc = *next;
			*next++ = '\0';
		}
		switch (c) {
		case ':':
			if (parse_number(sep, "line number", &v))
				return -EINVAL;
			if (v > INT_MAX) {
				semantic_error("Line number %s is too big.\n", sep);
				return -EINVAL;
			}
			pp->line = (int)v;
			if (!pp->line && file_spec) {
				semantic_error("Line number 0 is not in a file.\n");
				return -EINVAL;
			}
			break;
		case '+':
			if (parse_number(sep, "offset", &v))
				return -EINVAL;
			pp->offset = v;
			break;
		case '@':
			if (file_spec || pp->file) {
				semantic_error("SRC@SRC is not allowed.\n");
				return -EINVAL;
			}
			if (!*sep) {
				semantic_error("No source file name after '@'.\n");
				return -EINVAL;
			}
			pp->file = xstrdup(sep);
			break;
		case '%':
			if (strcmp(sep, "return")) {
				semantic_error("%%%s is not supported.\n", sep);
				return -ENOTSUP;
			}
			pp->retprobe = true;
			break;
		}
		c = nc;
		sep = next;
	}
	ret = check_point(pp, file_spec);
	if (ret)
		return ret;
	if (pp->function && is_glob_pattern(pp->function) && pev->event) {
		semantic_error("An event name can't be given with a function pattern.\n");
		return -EINVAL;
	}
	return 0;
}

bool perf_probe_arg_is_raw(const struct perf_probe_arg *arg)
{
	const char *v = arg->var;

	if (!strcmp(v, "$params") || !strcmp(v, "$vars"))
		return false;
	return v[0] == '$' || v[0] == '%' || v[0] == '@' || v[0] == '+' || v[0] == '-' ||
	       v[0] == '\\' || v[0] == '*' || isdigit((unsigned char)v[0]);
}

static int parse_arg_fields(char *s, struct perf_probe_arg *arg)
{
	struct perf_probe_arg_field **tail = &arg->field;

	while (*s) {
		struct perf_probe_arg_field *f = xzalloc(sizeof(*f));
		char *end;

		*tail = f;
		tail = &f->next;
		if (*s == '[') {
			f->index = strtol(s + 1, &end, 0);
			if (end == s + 1 || *end != ']') {
				semantic_error("Array index must be a number: '%s'\n", s);
				return -EINVAL;
			}
			s = end + 1;
			continue;
		}
		if (s[0] == '-' && s[1] == '>') {
			f->ref = true;
			s += 2;
		} else if (s[0] == '.') {
			s += 1;
		} else {
			semantic_error("Argument parse error: '%s'\n", s);
			return -EINVAL;
		}
		end = s;
		while (isalnum((unsigned char)*end) || *end == '_')
			end++;
		if (end == s) {
			semantic_error("Member name is missing in '%s'\n", s);
			return -EINVAL;
		}
		f->name = xstrndup(s, (size_t)(end - s));
		s = end;
	}
	return 0;
}

/* [NAME=]VAR[->FIELD|.FIELD|[IDX]]...[:TYPE] */
static int parse_probe_arg(const char *str, struct perf_probe_arg *arg)
{
	char *buf = xstrdup(str), *s = buf, *eq, *colon, *end;
	int ret = -EINVAL;

	eq = strchr(s, '=');
	if (eq && eq == strpbrk(s, "=:->.[%@+$(")) {
		*eq = '\0';
		if (!is_c_varname(s)) {
			semantic_error("%s is bad for argument name -it must follow C symbol-naming rule.\n", s);
			goto out;
		}
		arg->name = xstrdup(s);
		s = eq + 1;
	}
	/* a type: the last ':' (bitfield types have no ':') */
	colon = strrchr(s, ':');
	if (colon) {
		*colon = '\0';
		if (!colon[1]) {
			semantic_error("Type is missing after ':' in '%s'\n", str);
			goto out;
		}
		if (!probe_type_is_valid(colon + 1)) {
			semantic_error("Unknown type '%s' in argument '%s'\n"
				       "  (types: s8-s64, u8-u64, x8-x64, string, ustring, symbol, bWIDTH@OFFSET/SIZE)\n",
				       colon + 1, str);
			goto out;
		}
		arg->type = xstrdup(colon + 1);
	}
	if (!*s) {
		semantic_error("Empty argument in '%s'\n", str);
		goto out;
	}
	arg->var = xstrdup(s);
	if (perf_probe_arg_is_raw(arg) || !strcmp(s, "$params") || !strcmp(s, "$vars")) {
		ret = 0;
		goto out;
	}
	end = s;
	while (isalnum((unsigned char)*end) || *end == '_')
		end++;
	if (end == s || isdigit((unsigned char)*s)) {
		semantic_error("'%s' is not a variable name.\n", s);
		goto out;
	}
	free(arg->var);
	arg->var = xstrndup(s, (size_t)(end - s));
	ret = parse_arg_fields(end, arg);
out:
	free(buf);
	return ret;
}

/* Split on white space. */
static char **split_words(const char *cmd, int *n)
{
	char **v = NULL;
	size_t nr = 0, alloc = 0;
	const char *p = cmd;

	while (*p) {
		const char *s;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		s = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = xstrndup(s, (size_t)(p - s));
	}
	*n = (int)nr;
	return v;
}

int parse_perf_probe_point(const char *arg, struct perf_probe_event *pev)
{
	char *buf = xstrdup(arg), *s = buf;
	int ret = parse_event_name(&s, pev);

	if (!ret)
		ret = parse_point(s, pev);
	free(buf);
	return ret;
}

int parse_perf_probe_command(const char *cmd, struct perf_probe_event *pev)
{
	int argc, ret;
	char **argv = split_words(cmd, &argc);

	memset(pev, 0, sizeof(*pev));
	if (argc == 0) {
		semantic_error("Empty probe definition.\n");
		ret = -EINVAL;
		goto out;
	}
	ret = parse_perf_probe_point(argv[0], pev);
	if (ret)
		goto out;
	if (argc - 1 > PROBE_MAX_ARGS) {
		semantic_error("Too many arguments (at most %d).\n", PROBE_MAX_ARGS);
		ret = -E2BIG;
		goto out;
	}
	pev->nargs = argc - 1;
	pev->args = xcalloc((size_t)pev->nargs + 1, sizeof(*pev->args));
	for (int i = 0; i < pev->nargs; i++) {
		ret = parse_probe_arg(argv[i + 1], &pev->args[i]);
		if (ret)
			goto out;
		if (pev->point.retprobe && pev->args[i].var[0] != '$' &&
		    !perf_probe_arg_is_raw(&pev->args[i])) {
			semantic_error("You can't specify local variable for kretprobe.\n");
			ret = -EINVAL;
			goto out;
		}
	}
out:
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	return ret;
}

bool perf_probe_event_need_dwarf(const struct perf_probe_event *pev)
{
	const struct perf_probe_point *pp = &pev->point;

	if (pp->file || pp->line || pp->lazy_line)
		return true;
	for (int i = 0; i < pev->nargs; i++)
		if (!perf_probe_arg_is_raw(&pev->args[i]))
			return true;
	return false;
}

void clear_perf_probe_event(struct perf_probe_event *pev)
{
	free(pev->event);
	free(pev->group);
	free(pev->target);
	free(pev->point.file);
	free(pev->point.function);
	free(pev->point.lazy_line);
	for (int i = 0; i < pev->nargs; i++) {
		struct perf_probe_arg *a = &pev->args[i];
		struct perf_probe_arg_field *f = a->field;

		while (f) {
			struct perf_probe_arg_field *n = f->next;

			free(f->name);
			free(f);
			f = n;
		}
		free(a->name);
		free(a->var);
		free(a->type);
	}
	free(pev->args);
	memset(pev, 0, sizeof(*pev));
}

void synthesize_perf_probe_point(struct strbuf *sb, const struct perf_probe_point *pp)
{
	if (pp->function || pp->has_address) {
		if (pp->function)
			strbuf_addstr(sb, pp->function);
		else
			strbuf_addf(sb, "0x%" PRIx64, pp->abs_address);
		if (pp->offset)
			strbuf_addf(sb, "+%" PRIu64, pp->offset);
		else if (pp->line)
			strbuf_addf(sb, ":%d", pp->line);
		if (pp->retprobe)
			strbuf_addstr(sb, "%return");
		if (pp->file)
			strbuf_addf(sb, "@%s", pp->file);
	} else if (pp->file) {
		strbuf_addf(sb, "@%s", pp->file);
		if (pp->line)
			strbuf_addf(sb, ":%d", pp->line);
	}
	if (pp->lazy_line)
		strbuf_addf(sb, ";%s", pp->lazy_line);
}

void synthesize_perf_probe_arg(struct strbuf *sb, const struct perf_probe_arg *pa)
{
	if (pa->name)
		strbuf_addf(sb, "%s=", pa->name);
	strbuf_addstr(sb, pa->var);
	for (const struct perf_probe_arg_field *f = pa->field; f; f = f->next) {
		if (!f->name)
			strbuf_addf(sb, "[%ld]", f->index);
		else
			strbuf_addf(sb, "%s%s", f->ref ? "->" : ".", f->name);
	}
	if (pa->type)
		strbuf_addf(sb, ":%s", pa->type);
}

char *perf_probe_arg__default_name(const struct perf_probe_arg *pa)
{
	const char *last = NULL;

	if (pa->name)
		return xstrdup(pa->name);
	for (const struct perf_probe_arg_field *f = pa->field; f; f = f->next)
		if (f->name)
			last = f->name;
	if (last)
		return xstrdup(last);
	if (pa->field)
		return xstrdup(pa->var);
	if (pa->type)
		return xasprintf("%s_%s", pa->var, pa->type);
	return xstrdup(pa->var);
}

/* ---- trace definitions ---- */

void probe_trace_event__add_arg(struct probe_trace_event *tev, const char *name,
				const char *value, const char *type)
{
	struct probe_trace_arg *a;

	tev->args = xrealloc(tev->args, ((size_t)tev->nargs + 1) * sizeof(*tev->args));
	a = &tev->args[tev->nargs++];
	a->name = name ? xstrdup(name) : NULL;
	a->value = xstrdup(value);
	a->type = type ? xstrdup(type) : NULL;
}

char *synthesize_probe_trace_command(const struct probe_trace_event *tev)
{
	const struct probe_trace_point *tp = &tev->point;
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%c:%s/%s ", tp->retprobe ? 'r' : 'p', tev->group, tev->event);
	if (tev->uprobes)
		strbuf_addf(&sb, "%s:0x%" PRIx64, tp->module, tp->address);
	else if (tp->module)
		strbuf_addf(&sb, "%s:%s+%" PRIu64, tp->module, tp->symbol, tp->offset);
	else if (tp->symbol)
		strbuf_addf(&sb, "%s+%" PRIu64, tp->symbol, tp->offset);
	else
		strbuf_addf(&sb, "0x%" PRIx64, tp->address);
	for (int i = 0; i < tev->nargs; i++) {
		const struct probe_trace_arg *a = &tev->args[i];

		strbuf_addch(&sb, ' ');
		if (a->name)
			strbuf_addf(&sb, "%s=", a->name);
		strbuf_addstr(&sb, a->value);
		if (a->type)
			strbuf_addf(&sb, ":%s", a->type);
	}
	return strbuf_detach(&sb, NULL);
}

/* "p:grp/ev /path:0x0000000000001164 a=-20(%bp):s32" and the kprobe forms. */
int parse_probe_trace_command(const char *cmd, struct probe_trace_event *tev)
{
	int argc, ret = -EINVAL;
	char **argv = split_words(cmd, &argc);
	char *p, *slash;

	memset(tev, 0, sizeof(*tev));
	if (argc < 2 || (argv[0][0] != 'p' && argv[0][0] != 'r') || argv[0][1] != ':')
		goto out;
	tev->point.retprobe = argv[0][0] == 'r';
	p = argv[0] + 2;
	slash = strchr(p, '/');
	if (!slash)
		goto out;
	tev->group = xstrndup(p, (size_t)(slash - p));
	tev->event = xstrdup(slash + 1);
	p = argv[1];
	if (p[0] == '/') {	/* uprobe: PATH:0xOFF[(0xREF)] */
		char *colon = strrchr(p, ':');

		if (!colon)
			goto out;
		tev->uprobes = true;
		tev->point.module = xstrndup(p, (size_t)(colon - p));
		tev->point.address = strtoull(colon + 1, NULL, 0);
	} else {
		char *colon = strchr(p, ':'), *plus;

		if (colon) {
			tev->point.module = xstrndup(p, (size_t)(colon - p));
			p = colon + 1;
		}
		plus = strchr(p, '+');
		if (plus) {
			tev->point.symbol = xstrndup(p, (size_t)(plus - p));
			tev->point.offset = strtoull(plus + 1, NULL, 0);
		} else if (!strncmp(p, "0x", 2)) {
			tev->point.address = strtoull(p, NULL, 0);
		} else {
			tev->point.symbol = xstrdup(p);
		}
	}
	for (int i = 2; i < argc; i++) {
		char *eq = strchr(argv[i], '='), *val = eq ? eq + 1 : argv[i], *colon;
		char *name = eq ? xstrndup(argv[i], (size_t)(eq - argv[i])) : NULL;

		colon = strrchr(val, ':');
		if (colon && (!strrchr(val, ')') || colon > strrchr(val, ')')))
			*colon++ = '\0';
		else
			colon = NULL;
		probe_trace_event__add_arg(tev, name, val, colon);
		free(name);
	}
	ret = 0;
out:
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	if (ret)
		clear_probe_trace_event(tev);
	return ret;
}

void clear_probe_trace_event(struct probe_trace_event *tev)
{
	free(tev->event);
	free(tev->group);
	free(tev->point.symbol);
	free(tev->point.module);
	free(tev->point.realname);
	for (int i = 0; i < tev->nargs; i++) {
		free(tev->args[i].name);
		free(tev->args[i].value);
		free(tev->args[i].type);
	}
	free(tev->args);
	memset(tev, 0, sizeof(*tev));
}

void clear_probe_trace_events(struct probe_trace_event *tevs, int ntevs)
{
	for (int i = 0; i < ntevs; i++)
		clear_probe_trace_event(&tevs[i]);
}

/* ---- filters: globs with !, &, | and parentheses ---- */

struct filter_parser {
	const char *s;
	const char *str;
	bool error;
};

static bool filter_expr(struct filter_parser *fp);

static void filter_skip(struct filter_parser *fp)
{
	while (*fp->s == ' ' || *fp->s == '\t')
		fp->s++;
}

static bool filter_factor(struct filter_parser *fp)
{
	const char *start;
	char *glob;
	bool r;

	filter_skip(fp);
	if (*fp->s == '!') {
		fp->s++;
		return !filter_factor(fp);
	}
	if (*fp->s == '(') {
		fp->s++;
		r = filter_expr(fp);
		filter_skip(fp);
		if (*fp->s == ')')
			fp->s++;
		else
			fp->error = true;
		return r;
	}
	start = fp->s;
	while (*fp->s && !strchr("&|() \t", *fp->s))
		fp->s++;
	if (fp->s == start) {
		fp->error = true;
		return false;
	}
	glob = xstrndup(start, (size_t)(fp->s - start));
	r = strglobmatch(fp->str, glob);
	free(glob);
	return r;
}

static bool filter_term(struct filter_parser *fp)
{
	bool r = filter_factor(fp);

	for (;;) {
		filter_skip(fp);
		if (*fp->s != '&')
			return r;
		fp->s++;
		r = filter_factor(fp) && r;
	}
}

static bool filter_expr(struct filter_parser *fp)
{
	bool r = filter_term(fp);

	for (;;) {
		filter_skip(fp);
		if (*fp->s != '|')
			return r;
		fp->s++;
		r = filter_term(fp) || r;
	}
}

bool probe_filter_match(const char *filter, const char *str)
{
	struct filter_parser fp = { filter, str, false };

	return filter_expr(&fp);
}
