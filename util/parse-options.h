/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Declarative command-line options (after git's and perf's parse-options).
 *
 * A builtin declares a table of struct option, terminated by OPT_END(), and
 * calls parse_options(). The same table generates the -h usage text, so help
 * never drifts from the code.
 *
 *   static const char * const stat_usage[] = {
 *           "perf stat [<options>] [<command>]", NULL };
 *   const struct option opts[] = {
 *           OPT_BOOLEAN('a', "all-cpus", &all_cpus, "system-wide collection"),
 *           OPT_INTEGER('r', "repeat", &repeat, "repeat command"),
 *           OPT_CALLBACK('e', "event", &evlist, "event", "event selector", parse_events_option),
 *           OPT_END()
 *   };
 *   argc = parse_options(argc, argv, opts, stat_usage, PARSE_OPT_STOP_AT_NON_OPTION);
 *
 * Errors (unknown options, bad values, failing callbacks) print upstream's
 * messages and the usage, and exit with status 129, as do -h and
 * --help-all. --help (exact) shows the command's manual page.
 */
#ifndef PERF_PARSE_OPTIONS_H
#define PERF_PARSE_OPTIONS_H

#include <stdint.h>
#include "util.h"

enum parse_opt_type {
	OPTION_END,
	OPTION_GROUP,
	OPTION_BOOLEAN,		/* bool: true, --no-x false */
	OPTION_INCR,		/* int: +1 per use, --no-x resets to 0 */
	OPTION_SET_UINT,	/* unsigned int: set to defval */
	OPTION_INTEGER,		/* int */
	OPTION_UINTEGER,	/* unsigned int */
	OPTION_LONG,		/* long */
	OPTION_U64,		/* u64 */
	OPTION_STRING,		/* const char * (points into argv) */
	OPTION_CALLBACK,
};

/* parse_options() flags */
enum parse_opt_flags {
	PARSE_OPT_KEEP_DASHDASH = 1,	/* leave "--" in the remaining arguments */
	PARSE_OPT_STOP_AT_NON_OPTION = 2, /* the first non-option ends parsing (the workload) */
	PARSE_OPT_KEEP_ARGV0 = 4,
	PARSE_OPT_KEEP_UNKNOWN = 8,	/* leave unknown options in the remaining arguments */
};

/* struct option.flags */
enum parse_opt_option_flags {
	PARSE_OPT_OPTARG = 1,		/* the value is optional: --x=v or -xv only */
	PARSE_OPT_NOARG = 2,		/* callback takes no value */
	PARSE_OPT_NONEG = 4,		/* no --no-x form */
	PARSE_OPT_HIDDEN = 8,		/* not shown by -h (shown by --help-all) */
	PARSE_OPT_LASTARG_DEFAULT = 16,	/* with no value at the end of argv, use defval */
	PARSE_OPT_LITERAL_ARGHELP = 32,	/* print argh as is, without <> */
	PARSE_OPT_NOEMPTY = 64,		/* a string value must not be empty */
};

struct option;
/* unset is 1 for --no-x. Return 0 on success; non-zero makes parsing fail (exit 129). */
typedef int parse_opt_cb(const struct option *opt, const char *arg, int unset);

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	const char *argh;
	const char *help;
	int flags;
	parse_opt_cb *callback;
	intptr_t defval;
	bool *set;		/* when not NULL, set to true once the option is seen */
	void *data;		/* free for callbacks */
};

#define OPT_END()                   { .type = OPTION_END }
#define OPT_GROUP(h)                { .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h)     { .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), .value = (bool *)(v), .help = (h) }
#define OPT_BOOLEAN_FLAG(s, l, v, h, f) { .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), .value = (bool *)(v), .help = (h), .flags = (f) }
#define OPT_BOOLEAN_SET(s, l, v, os, h) { .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), .value = (bool *)(v), .help = (h), .set = (os) }
#define OPT_INCR(s, l, v, h)        { .type = OPTION_INCR, .short_name = (s), .long_name = (l), .value = (int *)(v), .help = (h) }
#define OPT_SET_UINT(s, l, v, h, i) { .type = OPTION_SET_UINT, .short_name = (s), .long_name = (l), .value = (unsigned int *)(v), .help = (h), .defval = (i) }
#define OPT_INTEGER(s, l, v, h)     { .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), .value = (int *)(v), .help = (h) }
#define OPT_INTEGER_SET(s, l, v, os, h) { .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), .value = (int *)(v), .help = (h), .set = (os) }
#define OPT_UINTEGER(s, l, v, h)    { .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), .value = (unsigned int *)(v), .help = (h) }
#define OPT_UINTEGER_SET(s, l, v, os, h) { .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), .value = (unsigned int *)(v), .help = (h), .set = (os) }
#define OPT_LONG(s, l, v, h)        { .type = OPTION_LONG, .short_name = (s), .long_name = (l), .value = (long *)(v), .help = (h) }
#define OPT_U64(s, l, v, h)         { .type = OPTION_U64, .short_name = (s), .long_name = (l), .value = (u64 *)(v), .help = (h) }
#define OPT_STRING(s, l, v, a, h)   { .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (const char **)(v), .argh = (a), .help = (h) }
#define OPT_STRING_SET(s, l, v, os, a, h) { .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (const char **)(v), .argh = (a), .help = (h), .set = (os) }
#define OPT_STRING_NOEMPTY(s, l, v, a, h) { .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (const char **)(v), .argh = (a), .help = (h), .flags = PARSE_OPT_NOEMPTY }
#define OPT_STRING_OPTARG(s, l, v, a, h, d) { .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (const char **)(v), .argh = (a), .help = (h), .flags = PARSE_OPT_OPTARG, .defval = (intptr_t)(d) }
#define OPT_CALLBACK(s, l, v, a, h, f) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), .help = (h), .callback = (f) }
#define OPT_CALLBACK_FLAG(s, l, v, a, h, f, fl) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), .help = (h), .callback = (f), .flags = (fl) }
#define OPT_CALLBACK_NOOPT(s, l, v, a, h, f) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), .help = (h), .callback = (f), .flags = PARSE_OPT_NOARG }
#define OPT_CALLBACK_DEFAULT(s, l, v, a, h, f, d) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), .help = (h), .callback = (f), .defval = (intptr_t)(d), .flags = PARSE_OPT_LASTARG_DEFAULT }
#define OPT_CALLBACK_OPTARG(s, l, v, d, a, h, f) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), .argh = (a), .help = (h), .callback = (f), .flags = PARSE_OPT_OPTARG, .data = (d) }

/*
 * Parse argv[1..] against options. Returns the number of remaining arguments,
 * which are moved to argv[0..] (argv[0] is kept first with PARSE_OPT_KEEP_ARGV0).
 * Exits with status 129 on errors and -h; shows the manual on --help.
 */
int parse_options(int argc, const char **argv, const struct option *options,
		  const char * const usagestr[], int flags);
/* The same, where the usage also lists subcommands (informational). */
int parse_options_subcommand(int argc, const char **argv, const struct option *options,
			     const char *const subcommands[], const char *usagestr[], int flags);

/* Print the full usage to stderr and exit 129. */
void __noreturn usage_with_options(const char * const *usagestr, const struct option *options);
/* The same with a message first ("  Error: <msg>"). */
void __noreturn usage_with_options_msg(const char * const *usagestr, const struct option *options,
				       const char *fmt, ...) __printf(3, 4);
/*
 * Print the usage lines and only the option named optstr (a short name when
 * short_opt, else a long name), as upstream does after a bad value. Returns
 * -1 so callers can "return parse_options_usage(...)".
 */
int parse_options_usage(const char * const *usagestr, const struct option *options,
			const char *optstr, bool short_opt);


/* Called for --help with the command name (e.g. "stat"); set by the dispatcher. */
extern void (*parse_options_help_hook)(const char *cmd);

/* Common callbacks */
int parse_opt_verbosity_cb(const struct option *opt, const char *arg, int unset);

#endif
