// SPDX-License-Identifier: GPL-2.0
#include "parse-options.h"
#include "debug.h"
#include "strbuf.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define USAGE_OPTS_WIDTH 24
#define USAGE_GAP 2
#define PARSE_OPT_EXIT_CODE 129

void (*parse_options_help_hook)(const char *cmd);

/* What went wrong while taking one option; the caller decides how to report it. */
enum opt_result {
	OPT_OK = 0,
	OPT_ERR_VALUE = -1,	/* bad value: message printed, show this option's usage */
	OPT_ERR_UNKNOWN = -2,	/* no such option: show the whole usage */
	OPT_ERR_HELP = -3,	/* -h */
	OPT_ERR_HELP_ALL = -4,	/* --help-all */
};

struct parse_ctx {
	const char **argv;	/* the arguments still to look at */
	int argc;
	const char **out;	/* where kept arguments go (within the caller's argv) */
	int cpidx;
	const char *opt;	/* rest of a short option bundle */
	int flags;
};

static const char *opt_name(const struct option *opt, bool is_short, char *buf, size_t size)
{
	if (is_short)
		snprintf(buf, size, "switch `%c'", opt->short_name);
	else
		snprintf(buf, size, "option `%s'", opt->long_name);
	return buf;
}

static int opterror(const struct option *opt, bool is_short, const char *reason)
{
	char name[128];

	/* no newline: the usage that follows starts with one, as upstream prints it */
	fprintf(stderr, " Error: %s %s", opt_name(opt, is_short, name, sizeof(name)), reason);
	return OPT_ERR_VALUE;
}

static bool takes_value(const struct option *opt)
{
	switch (opt->type) {
	case OPTION_INTEGER:
	case OPTION_UINTEGER:
	case OPTION_LONG:
	case OPTION_U64:
	case OPTION_STRING:
		return true;
	case OPTION_CALLBACK:
		return !(opt->flags & PARSE_OPT_NOARG);
	default:
		return false;
	}
}

/*
 * Find the value for opt: attached (-F99, --freq=99), the next argument, or
 * none for an optional value. Returns 0 with *arg set (possibly NULL), or an error.
 */
static int get_arg(struct parse_ctx *p, const struct option *opt, bool is_short,
		   const char *attached, const char **arg)
{
	if (attached) {
		*arg = attached;
		return 0;
	}
	if (opt->flags & PARSE_OPT_OPTARG) {
		*arg = NULL;
		return 0;
	}
	/* as upstream: an optional value is not taken from the next option ("-F --filter X") */
	if (p->argc > 1 && !((opt->flags & PARSE_OPT_LASTARG_DEFAULT) && p->argv[1][0] == '-')) {
		p->argc--;
		*arg = *++p->argv;
		return 0;
	}
	if (opt->flags & PARSE_OPT_LASTARG_DEFAULT) {
		*arg = (const char *)opt->defval;
		return 0;
	}
	if (opt->type == OPTION_INTEGER || opt->type == OPTION_UINTEGER ||
	    opt->type == OPTION_LONG || opt->type == OPTION_U64)
		return opterror(opt, is_short, "expects a numerical value");
	return opterror(opt, is_short, "requires a value");
}

static int parse_number(const struct option *opt, bool is_short, const char *arg)
{
	char *end;

	if (!arg || !*arg)
		return opterror(opt, is_short, "expects a numerical value");
	errno = 0;
	switch (opt->type) {
	case OPTION_INTEGER: {
		long v = strtol(arg, &end, 0);

		if (*end || errno || v < INT_MIN || v > INT_MAX)
			return opterror(opt, is_short, "expects a numerical value");
		*(int *)opt->value = (int)v;
		break;
	}
	case OPTION_LONG: {
		long v = strtol(arg, &end, 0);

		if (*end || errno)
			return opterror(opt, is_short, "expects a numerical value");
		*(long *)opt->value = v;
		break;
	}
	case OPTION_UINTEGER: {
		unsigned long v;

		if (*arg == '-')
			return opterror(opt, is_short, "expects an unsigned numerical value");
		v = strtoul(arg, &end, 0);
		if (*end || errno || v > UINT_MAX)
			return opterror(opt, is_short, "expects a numerical value");
		*(unsigned int *)opt->value = (unsigned int)v;
		break;
	}
	case OPTION_U64: {
		unsigned long long v;

		if (*arg == '-')
			return opterror(opt, is_short, "expects an unsigned numerical value");
		v = strtoull(arg, &end, 0);
		if (*end || errno)
			return opterror(opt, is_short, "expects a numerical value");
		*(u64 *)opt->value = v;
		break;
	}
	default:
		break;
	}
	return OPT_OK;
}

/* Apply one option. attached is the value glued to it, if any. */
static int get_value(struct parse_ctx *p, const struct option *opt, bool is_short,
		     bool unset, const char *attached)
{
	const char *arg = NULL;
	int err;

	if (unset && (opt->flags & PARSE_OPT_NONEG))
		return opterror(opt, is_short, "isn't available");
	if (attached && (unset || !takes_value(opt)))
		return opterror(opt, is_short, "takes no value");
	if (opt->set)
		*opt->set = true;

	switch (opt->type) {
	case OPTION_BOOLEAN:
		*(bool *)opt->value = !unset;
		return OPT_OK;
	case OPTION_INCR:
		*(int *)opt->value = unset ? 0 : *(int *)opt->value + 1;
		return OPT_OK;
	case OPTION_SET_UINT:
		*(unsigned int *)opt->value = unset ? 0 : (unsigned int)opt->defval;
		return OPT_OK;
	case OPTION_STRING:
		if (unset) {
			*(const char **)opt->value = NULL;
			return OPT_OK;
		}
		err = get_arg(p, opt, is_short, attached, &arg);
		if (err)
			return err;
		if (!arg && (opt->flags & PARSE_OPT_OPTARG))
			arg = (const char *)opt->defval;
		if (arg && !*arg && (opt->flags & PARSE_OPT_NOEMPTY))
			return opterror(opt, is_short, "should not be empty");
		*(const char **)opt->value = arg;
		return OPT_OK;
	case OPTION_CALLBACK:
		if (unset)
			return opt->callback(opt, NULL, 1) ? OPT_ERR_VALUE : OPT_OK;
		if (opt->flags & PARSE_OPT_NOARG)
			return opt->callback(opt, NULL, 0) ? OPT_ERR_VALUE : OPT_OK;
		err = get_arg(p, opt, is_short, attached, &arg);
		if (err)
			return err;
		if (!arg && (opt->flags & PARSE_OPT_OPTARG))
			arg = (const char *)opt->defval;
		return opt->callback(opt, arg, 0) ? OPT_ERR_VALUE : OPT_OK;
	case OPTION_INTEGER:
	case OPTION_UINTEGER:
	case OPTION_LONG:
	case OPTION_U64:
		if (unset) {
			switch (opt->type) {
			case OPTION_INTEGER: *(int *)opt->value = 0; break;
			case OPTION_UINTEGER: *(unsigned int *)opt->value = 0; break;
			case OPTION_LONG: *(long *)opt->value = 0; break;
			default: *(u64 *)opt->value = 0; break;
			}
			return OPT_OK;
		}
		if (!attached && (opt->flags & PARSE_OPT_OPTARG))
			return OPT_OK;
		err = get_arg(p, opt, is_short, attached, &arg);
		if (err)
			return err;
		return parse_number(opt, is_short, arg);
	default:
		return OPT_ERR_UNKNOWN;
	}
}

/* One character of a short option bundle; p->opt points at it and is advanced. */
static int parse_short_opt(struct parse_ctx *p, const struct option *options,
			   const struct option **which)
{
	for (; options->type != OPTION_END; options++) {
		if (options->type == OPTION_GROUP || options->short_name != *p->opt)
			continue;
		*which = options;
		p->opt = p->opt[1] ? p->opt + 1 : NULL;
		if (takes_value(options)) {
			const char *attached = p->opt;

			p->opt = NULL;	/* the rest of the bundle is the value */
			return get_value(p, options, true, false, attached);
		}
		return get_value(p, options, true, false, NULL);
	}
	return OPT_ERR_UNKNOWN;
}

/* Match "--arg[=value]" against long names: exact, "no-" negations, then unambiguous prefixes. */
static int parse_long_opt(struct parse_ctx *p, const char *arg, const struct option *options,
			  const struct option **which)
{
	const char *eq = strchr(arg, '=');
	size_t arg_len = eq ? (size_t)(eq - arg) : strlen(arg);
	const struct option *abbrev = NULL, *ambiguous = NULL;
	bool abbrev_unset = false, ambiguous_unset = false;

	for (const struct option *o = options; o->type != OPTION_END; o++) {
		const char *name = o->long_name;
		bool unset = false;

		if (o->type == OPTION_GROUP || !name)
			continue;
		/* exact matches first */
		if (strlen(name) == arg_len && !strncmp(name, arg, arg_len)) {
			*which = o;
			return get_value(p, o, false, false, eq ? eq + 1 : NULL);
		}
		if (!strncmp(arg, "no-", 3) && strlen(name) == arg_len - 3 &&
		    !strncmp(name, arg + 3, arg_len - 3)) {
			*which = o;
			return get_value(p, o, false, true, eq ? eq + 1 : NULL);
		}
		/* "--inherit" for an option named "no-inherit" */
		if (!strncmp(name, "no-", 3) && strlen(name + 3) == arg_len &&
		    !strncmp(name + 3, arg, arg_len)) {
			*which = o;
			return get_value(p, o, false, true, eq ? eq + 1 : NULL);
		}
		/* prefixes */
		if (!strncmp(name, arg, arg_len)) {
			unset = false;
		} else if (!strncmp(arg, "no-", 3) && arg_len > 3 && !strncmp(name, arg + 3, arg_len - 3) &&
			   !(o->flags & PARSE_OPT_NONEG)) {
			unset = true;
		} else {
			continue;
		}
		if (abbrev && abbrev != o) {
			ambiguous = o;
			ambiguous_unset = unset;
		} else {
			abbrev = o;
			abbrev_unset = unset;
		}
	}
	if (ambiguous) {
		fprintf(stderr, " Error: Ambiguous option: %.*s (could be --%s%s or --%s%s)\n",
			(int)arg_len, arg, abbrev_unset ? "no-" : "", abbrev->long_name,
			ambiguous_unset ? "no-" : "", ambiguous->long_name);
		return OPT_ERR_VALUE;
	}
	if (abbrev) {
		*which = abbrev;
		return get_value(p, abbrev, false, abbrev_unset, eq ? eq + 1 : NULL);
	}
	return OPT_ERR_UNKNOWN;
}

/* ------------------------------------------------------------------ usage */

static int option_sort_key_cmp(const void *va, const void *vb)
{
	const struct option *a = va, *b = vb;
	int sa = tolower(a->short_name), sb = tolower(b->short_name);

	/* options with a short name first, by letter; then long-only ones by name */
	if (!sa)
		sa = 'z' + 1;
	if (!sb)
		sb = 'z' + 1;
	if (sa != sb)
		return sa - sb;
	return strcmp(a->long_name ? a->long_name : "", b->long_name ? b->long_name : "");
}

/* A sorted copy of the table: sorted within each OPT_GROUP section, as upstream shows them. */
static struct option *sorted_options(const struct option *opts)
{
	size_t n = 0, start = 0;
	struct option *copy;

	while (opts[n].type != OPTION_END)
		n++;
	copy = xmemdup(opts, (n + 1) * sizeof(*opts));
	for (size_t i = 0; i <= n; i++) {
		if (i == n || copy[i].type == OPTION_GROUP) {
			if (i > start)
				qsort(copy + start, i - start, sizeof(*copy), option_sort_key_cmp);
			start = i + 1;
		}
	}
	return copy;
}

static int print_argh(const struct option *opt)
{
	bool literal = (opt->flags & PARSE_OPT_LITERAL_ARGHELP) || !opt->argh;
	const char *fmt;

	if (opt->flags & PARSE_OPT_OPTARG) {
		if (opt->long_name)
			fmt = literal ? "[=%s]" : "[=<%s>]";
		else
			fmt = literal ? "[%s]" : "[<%s>]";
	} else {
		fmt = literal ? " %s" : " <%s>";
	}
	return fprintf(stderr, fmt, opt->argh ? opt->argh : "...");
}

static void print_option_help(const struct option *opt)
{
	int pos = fprintf(stderr, "    ");
	int pad;

	if (opt->short_name)
		pos += fprintf(stderr, "-%c", opt->short_name);
	else
		pos += fprintf(stderr, "    ");
	if (opt->long_name && opt->short_name)
		pos += fprintf(stderr, ", ");
	if (opt->long_name)
		pos += fprintf(stderr, "--%s", opt->long_name);

	switch (opt->type) {
	case OPTION_INTEGER:
	case OPTION_UINTEGER:
	case OPTION_LONG:
	case OPTION_U64:
		if (opt->flags & PARSE_OPT_OPTARG)
			pos += fprintf(stderr, opt->long_name ? "[=<n>]" : "[<n>]");
		else
			pos += fprintf(stderr, " <n>");
		break;
	case OPTION_CALLBACK:
		if (opt->flags & PARSE_OPT_NOARG)
			break;
		/* fall through */
	case OPTION_STRING:
		if (opt->argh || (opt->flags & PARSE_OPT_OPTARG) || opt->type == OPTION_STRING)
			pos += print_argh(opt);
		break;
	default:
		break;
	}

	if (pos <= USAGE_OPTS_WIDTH) {
		pad = USAGE_OPTS_WIDTH - pos;
	} else {
		fputc('\n', stderr);
		pad = USAGE_OPTS_WIDTH;
	}
	fprintf(stderr, "%*s%s\n", pad + USAGE_GAP, "", opt->help ? opt->help : "");
}

static void print_usage_lines(const char * const *usagestr)
{
	if (!usagestr || !*usagestr)
		return;
	fprintf(stderr, "\n Usage: %s\n", *usagestr++);
	while (*usagestr && **usagestr)
		fprintf(stderr, "    or: %s\n", *usagestr++);
	while (*usagestr) {
		fprintf(stderr, "%s%s\n", **usagestr ? "    " : "", *usagestr);
		usagestr++;
	}
}

static void print_usage(const char * const *usagestr, const struct option *opts, bool all)
{
	struct option *sorted = sorted_options(opts);

	print_usage_lines(usagestr);
	if (opts->type != OPTION_GROUP)
		fputc('\n', stderr);
	for (const struct option *o = sorted; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP) {
			fputc('\n', stderr);
			if (o->help && *o->help)
				fprintf(stderr, "%s\n", o->help);
			continue;
		}
		if ((o->flags & PARSE_OPT_HIDDEN) && !all)
			continue;
		print_option_help(o);
	}
	fputc('\n', stderr);
	free(sorted);
}

void usage_with_options(const char * const *usagestr, const struct option *opts)
{
	print_usage(usagestr, opts, false);
	exit(PARSE_OPT_EXIT_CODE);
}

void usage_with_options_msg(const char * const *usagestr, const struct option *opts,
			    const char *fmt, ...)
{
	va_list ap;

	fputs("  Error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	usage_with_options(usagestr, opts);
}

int parse_options_usage(const char * const *usagestr, const struct option *opts,
			const char *optstr, bool short_opt)
{
	if (usagestr) {
		print_usage_lines(usagestr);
		fputc('\n', stderr);
	}
	if (!optstr)
		return -1;
	/* table order; a long name matches every option it is a prefix of */
	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP)
			continue;
		if (short_opt) {
			if (o->short_name == *optstr) {
				print_option_help(o);
				break;
			}
			continue;
		}
		if (o->long_name && strstarts(o->long_name, optstr))
			print_option_help(o);
	}
	return -1;
}

/* The command name for the manual: "perf stat [<options>]" -> "stat". */
static char *command_from_usage(const char * const *usagestr)
{
	const char *u = usagestr && *usagestr ? *usagestr : "perf";
	const char *s, *e;

	if (strstarts(u, "perf "))
		u += 5;
	s = u;
	e = s;
	while (*e && !isspace((unsigned char)*e) && *e != '[' && *e != '<')
		e++;
	return xstrndup(s, e - s);
}

static void list_long_options(const struct option *opts)
{
	for (; opts->type != OPTION_END; opts++) {
		if (opts->type == OPTION_GROUP || !opts->long_name || (opts->flags & PARSE_OPT_HIDDEN))
			continue;
		printf("--%s ", opts->long_name);
	}
	putchar('\n');
}

int parse_options_subcommand(int argc, const char **argv, const struct option *options,
			     const char *const subcommands[], const char *usagestr[], int flags)
{
	struct parse_ctx p = {
		.argv = argv, .argc = argc, .out = argv, .flags = flags,
	};
	(void)subcommands;

	if (flags & PARSE_OPT_KEEP_ARGV0)
		p.out[p.cpidx++] = argv[0];

	for (p.argc--, p.argv++; p.argc > 0; p.argc--, p.argv++) {
		const char *arg = p.argv[0];
		const struct option *which = NULL;
		int err;

		if (*arg != '-' || !arg[1]) {
			if (flags & PARSE_OPT_STOP_AT_NON_OPTION)
				break;
			p.out[p.cpidx++] = arg;
			continue;
		}

		if (arg[1] != '-') {
			/* a bundle of short options */
			p.opt = arg + 1;
			while (p.opt) {
				char sw = *p.opt;

				if (sw == 'h') {
					print_usage((const char * const *)usagestr, options, false);
					exit(PARSE_OPT_EXIT_CODE);
				}
				err = parse_short_opt(&p, options, &which);
				if (err == OPT_ERR_UNKNOWN) {
					if (flags & PARSE_OPT_KEEP_UNKNOWN) {
						p.out[p.cpidx++] = arg;
						break;
					}
					fprintf(stderr, "  Error: unknown switch `%c'\n", sw);
					usage_with_options((const char * const *)usagestr, options);
				}
				if (err) {
					char s[2] = { sw, 0 };

					parse_options_usage((const char * const *)usagestr, options, s, true);
					exit(PARSE_OPT_EXIT_CODE);
				}
			}
			continue;
		}

		if (!arg[2]) {	/* "--" */
			if (!(flags & PARSE_OPT_KEEP_DASHDASH)) {
				p.argc--;
				p.argv++;
			}
			break;
		}

		arg += 2;
		if (!strcmp(arg, "help")) {
			char *cmd = command_from_usage((const char * const *)usagestr);

			if (parse_options_help_hook)
				parse_options_help_hook(cmd);
			free(cmd);
			print_usage((const char * const *)usagestr, options, false);
			exit(PARSE_OPT_EXIT_CODE);
		}
		if (!strcmp(arg, "help-all")) {
			print_usage((const char * const *)usagestr, options, true);
			exit(PARSE_OPT_EXIT_CODE);
		}
		if (!strcmp(arg, "list-opts")) {
			list_long_options(options);
			exit(0);
		}
		err = parse_long_opt(&p, arg, options, &which);
		if (err == OPT_ERR_UNKNOWN) {
			if (flags & PARSE_OPT_KEEP_UNKNOWN) {
				p.out[p.cpidx++] = p.argv[0];
				continue;
			}
			fprintf(stderr, "  Error: unknown option `%s'\n", arg);
			usage_with_options((const char * const *)usagestr, options);
		}
		if (err) {
			/* the options named like what was typed, as upstream shows them */
			char *typed = xstrndup(arg, strcspn(arg, "="));

			parse_options_usage((const char * const *)usagestr, options, typed, false);
			free(typed);
			exit(PARSE_OPT_EXIT_CODE);
		}
	}

	/* keep what is left (the workload and its arguments) */
	memmove(p.out + p.cpidx, p.argv, p.argc * sizeof(*p.out));
	p.out[p.cpidx + p.argc] = NULL;
	return p.cpidx + p.argc;
}

int parse_options(int argc, const char **argv, const struct option *options,
		  const char * const usagestr[], int flags)
{
	return parse_options_subcommand(argc, argv, options, NULL, (const char **)usagestr, flags);
}

int parse_opt_verbosity_cb(const struct option *opt, const char *arg, int unset)
{
	int *target = opt->value;

	(void)arg;
	if (unset)
		*target = 0;
	else if (*target >= 0)
		(*target)++;
	return 0;
}
