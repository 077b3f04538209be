// SPDX-License-Identifier: GPL-2.0
/*
 * perf probe: define dynamic tracepoints (uprobes with -x, kprobes
 * otherwise), list, delete, and show what can be probed (-L, -V, -F).
 */
#include "builtin.h"
#include "util/debug.h"
#include "util/parse-options.h"
#include "util/probe-event.h"
#include "util/probe-file.h"
#include "util/strbuf.h"
#include "util/string2.h"
#include <errno.h>
#include <stdio.h>

#define DEFAULT_VAR_FILTER "!__k???tab_* & !__crc_*"
#define DEFAULT_FUNC_FILTER "!_* & !*@plt"

enum probe_cmd {
	CMD_NONE,
	CMD_ADD,
	CMD_DEL,
	CMD_LIST,
	CMD_LINE,
	CMD_VARS,
	CMD_FUNCS,
	CMD_DEFINITION,
};

static struct {
	enum probe_cmd cmd;
	bool cmd_conflict;
	char **defs;		/* --add / -D / -V definitions */
	int ndefs, alloc_defs;
	struct strlist *dels;
	const char *list_filter;
	const char *line;
	const char *filter;
	bool filter_set;
	const char *target;
	const char *module;
	bool uprobes;
	bool cache;
	bool bootconfig;
	const char *symfs;
	const char *target_ns;
} params;

static const char * const probe_usage[] = {
	"perf probe [<options>] 'PROBEDEF' ['PROBEDEF' ...]",
	"perf probe [<options>] --add 'PROBEDEF' [--add 'PROBEDEF' ...]",
	"perf probe [<options>] --del '[GROUP:]EVENT' ...",
	"perf probe --list [GROUP:]EVENT ...",
	"perf probe [<options>] --line 'LINEDESC'",
	"perf probe [<options>] --vars 'PROBEPOINT'",
	"perf probe [<options>] --funcs",
	NULL
};

static void set_cmd(enum probe_cmd cmd)
{
	if (params.cmd != CMD_NONE && params.cmd != cmd)
		params.cmd_conflict = true;
	params.cmd = cmd;
}

static void add_def(const char *def)
{
	ALLOC_GROW(params.defs, (size_t)params.ndefs + 1, params.alloc_defs);
	params.defs[params.ndefs++] = xstrdup(def);
}

static int opt_add(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	set_cmd(CMD_ADD);
	add_def(arg);
	return 0;
}

static int opt_definition(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	set_cmd(CMD_DEFINITION);
	add_def(arg);
	return 0;
}

static int opt_del(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	set_cmd(CMD_DEL);
	if (!params.dels)
		params.dels = strlist__new(NULL);
	strlist__add(params.dels, arg);
	return 0;
}

static int opt_list(const struct option *opt, const char *arg, int unset)
{
	if (unset)
		return 0;
	set_cmd(CMD_LIST);
	params.list_filter = arg;
	return 0;
}

static int opt_line(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	set_cmd(CMD_LINE);
	params.line = arg;
	return 0;
}

static int opt_vars(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	set_cmd(CMD_VARS);
	add_def(arg);
	return 0;
}

static int opt_funcs(const struct option *opt, const char *arg, int unset)
{
	if (unset)
		return 0;
	set_cmd(CMD_FUNCS);
	if (arg) {
		params.filter = arg;
		params.filter_set = true;
	}
	return 0;
}

static int opt_filter(const struct option *opt, const char *arg, int unset)
{
	params.filter = unset ? NULL : arg;
	params.filter_set = true;
	return 0;
}

static int opt_exec(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	params.target = arg;
	params.uprobes = true;
	return 0;
}

static int opt_module(const struct option *opt, const char *arg, int unset)
{
	if (unset || !arg)
		return 0;
	if (params.uprobes) {
		pr_err("  Error: -m can't be used with -x (user space probes).\n");
		return -1;
	}
	params.module = arg;
	return 0;
}

static int opt_quiet(const struct option *opt, const char *arg, int unset)
{
	quiet = !unset;
	verbose = unset ? 0 : -1;
	return 0;
}

#define ADD_ARGH "[EVENT=]FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL|SRC;PT [[NAME=]ARG ...]"

static const struct option probe_options[] = {
	OPT_INCR('v', "verbose", &verbose, "be more verbose (show parsed arguments, etc)"),
	OPT_CALLBACK_NOOPT('q', "quiet", NULL, NULL,
			   "be quiet (do not show any warnings or messages)", opt_quiet),
	OPT_CALLBACK_DEFAULT('l', "list", NULL, "[GROUP:]EVENT", "list up probe events",
			     opt_list, NULL),
	OPT_CALLBACK('d', "del", NULL, "[GROUP:]EVENT", "delete a probe event.", opt_del),
	OPT_CALLBACK('a', "add", NULL, ADD_ARGH,
		     "probe point definition, where\n"
		     "\t\tGROUP:\tGroup name (optional)\n"
		     "\t\tEVENT:\tEvent name\n"
		     "\t\tFUNC:\tFunction name\n"
		     "\t\tOFF:\tOffset from function entry (in byte)\n"
		     "\t\t%return:\tPut the probe at function return\n"
		     "\t\tSRC:\tSource code path\n"
		     "\t\tRL:\tRelative line number from function entry.\n"
		     "\t\tAL:\tAbsolute line number in file.\n"
		     "\t\tPT:\tLazy expression of line code.\n"
		     "\t\tARG:\tProbe argument (local variable name or\n"
		     "\t\t\tkprobe-tracer argument format.)\n", opt_add),
	OPT_BOOLEAN('f', "force", &probe_conf.force_add, "forcibly add events with existing name"),
	OPT_CALLBACK('L', "line", NULL, "FUNC[:RLN[+NUM|-RLN2]]|SRC:ALN[+NUM|-ALN2]",
		     "Show source code lines.", opt_line),
	OPT_CALLBACK('V', "vars", NULL, "FUNC[@SRC][+OFF|%return|:RL|;PT]|SRC:AL|SRC;PT",
		     "Show accessible variables on PROBEDEF", opt_vars),
	OPT_BOOLEAN('\0', "externs", &probe_conf.show_ext_vars,
		    "Show external variables too (with --vars only)"),
	OPT_BOOLEAN('\0', "range", &probe_conf.show_location_range,
		    "Show variables location range in scope (with --vars only)"),
	OPT_STRING('k', "vmlinux", &probe_conf.vmlinux, "file", "vmlinux pathname"),
	OPT_STRING('s', "source", &probe_conf.source_prefix, "directory", "path to kernel source"),
	OPT_BOOLEAN('\0', "no-inlines", &probe_conf.no_inlines, "Don't search inlined functions"),
	OPT_CALLBACK('D', "definition", NULL, ADD_ARGH,
		     "Show trace event definition of given traceevent for k/uprobe_events.",
		     opt_definition),
	OPT_BOOLEAN('n', "dry-run", &probe_conf.dry_run, "dry run"),
	OPT_INTEGER('\0', "max-probes", &probe_conf.max_probes,
		    "Set how many probe points can be found for a probe."),
	OPT_CALLBACK_DEFAULT('F', "funcs", NULL, "[FILTER]", "Show potential probe-able functions.",
			     opt_funcs, NULL),
	OPT_CALLBACK('\0', "filter", NULL, "[!]FILTER",
		     "Set a filter (with --vars/funcs only)\n"
		     "\t\t\t(default: \"" DEFAULT_VAR_FILTER "\" for --vars,\n"
		     "\t\t\t \"" DEFAULT_FUNC_FILTER "\" for --funcs)", opt_filter),
	OPT_CALLBACK('x', "exec", NULL, "executable|path", "target executable name or path",
		     opt_exec),
	OPT_CALLBACK('m', "module", NULL, "modname|path",
		     "target module name (for online) or path (for offline)", opt_module),
	OPT_BOOLEAN('\0', "demangle", &(bool){ true }, "Enable symbol demangling"),
	OPT_BOOLEAN('\0', "demangle-kernel", &(bool){ false }, "Enable kernel symbol demangling"),
	OPT_BOOLEAN('\0', "cache", &params.cache, "Manipulate probe cache"),
	OPT_STRING('\0', "symfs", &params.symfs, "directory",
		   "Look for files with symbols relative to this directory"),
	OPT_STRING('\0', "target-ns", &params.target_ns, "pid", "target pid for namespace contexts"),
	OPT_BOOLEAN('\0', "bootconfig", &params.bootconfig,
		    "Output probe definition with bootconfig format"),
	OPT_END()
};

/* Parse every definition; semantic errors show the usage of the option they came from. */
static int parse_defs(struct perf_probe_event **out, const char *opt_name, char **target)
{
	struct perf_probe_event *pevs = xcalloc((size_t)params.ndefs, sizeof(*pevs));

	*target = NULL;
	if (params.uprobes) {
		*target = probe_resolve_target(params.target);
		if (!*target) {
			free(pevs);
			parse_options_usage(probe_usage, probe_options, "x", true);
			return 129;
		}
	}
	for (int i = 0; i < params.ndefs; i++) {
		struct perf_probe_event *pev = &pevs[i];
		int ret = params.cmd == CMD_VARS ? (memset(pev, 0, sizeof(*pev)),
						    parse_perf_probe_point(params.defs[i], pev)) :
			  parse_perf_probe_command(params.defs[i], pev);

		if (ret) {
			for (int k = 0; k <= i; k++)
				clear_perf_probe_event(&pevs[k]);
			free(pevs);
			free(*target);
			*target = NULL;
			parse_options_usage(probe_usage, probe_options, opt_name, true);
			return 129;
		}
		if (pev->sdt) {
			pev->uprobes = true;
			pev->target = *target ? xstrdup(*target) : NULL;
		} else if (params.uprobes) {
			pev->uprobes = true;
			pev->target = xstrdup(*target);
		} else if (params.module) {
			pev->target = xstrdup(params.module);
		}
	}
	*out = pevs;
	return 0;
}

static int unsupported(const char *opt, const char *why)
{
	pr_err("  Error: %s is not supported: %s\n", opt, why);
	return -ENOTSUP;
}

static int run_defs(const char *opt_name)
{
	struct perf_probe_event *pevs;
	char *target;
	int ret = parse_defs(&pevs, opt_name, &target);

	if (ret)
		return ret;
	if (params.cmd == CMD_VARS)
		ret = show_available_vars(pevs, params.ndefs,
					  params.filter_set ? params.filter : DEFAULT_VAR_FILTER);
	else
		ret = add_perf_probe_events(pevs, params.ndefs, params.cmd == CMD_DEFINITION);
	for (int i = 0; i < params.ndefs; i++)
		clear_perf_probe_event(&pevs[i]);
	free(pevs);
	free(target);
	return ret;
}

static void cleanup(void)
{
	for (int i = 0; i < params.ndefs; i++)
		free(params.defs[i]);
	free(params.defs);
	strlist__delete(params.dels);
}

int cmd_probe(int argc, const char **argv)
{
	int ret = 0;

	memset(&params, 0, sizeof(params));
	probe_conf.max_probes = PROBE_DEFAULT_MAX_PROBES;
	argc = parse_options(argc, argv, probe_options, probe_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc > 0) {
		struct strbuf sb = STRBUF_INIT;

		if (!strcmp(argv[0], "-")) {
			usage_with_options_msg(probe_usage, probe_options,
					       "'-' is not supported.\n");
		}
		if (params.cmd != CMD_NONE && params.cmd != CMD_ADD)
			usage_with_options_msg(probe_usage, probe_options,
					       "another command except --add is set.\n");
		/* the remaining words are one definition: the point and its arguments */
		for (int i = 0; i < argc; i++)
			strbuf_addf(&sb, "%s%s", i ? " " : "", argv[i]);
		set_cmd(CMD_ADD);
		add_def(sb.buf);
		strbuf_release(&sb);
	}
	if (params.cmd_conflict)
		usage_with_options_msg(probe_usage, probe_options, "another command except --add is set.\n");
	if (params.cmd == CMD_NONE)
		usage_with_options(probe_usage, probe_options);
	if (probe_conf.max_probes <= 0) {
		pr_err("  Error: --max-probes must be a positive number.\n");
		ret = -EINVAL;
		goto out;
	}
	if (params.symfs) {
		ret = unsupported("--symfs", "binaries are read at their own paths");
		goto out;
	}
	if (params.target_ns) {
		ret = unsupported("--target-ns", "probes are defined in perf's own mount namespace");
		goto out;
	}
	if (params.bootconfig) {
		ret = unsupported("--bootconfig", "use -D for the tracefs definition");
		goto out;
	}
	if (params.cache && params.cmd != CMD_LIST) {
		ret = unsupported("--cache", "only 'perf probe --cache --list' is; SDT markers are "
				  "cached with 'perf buildid-cache --add'");
		goto out;
	}

	switch (params.cmd) {
	case CMD_LIST:
		if (params.cache)
			ret = show_probe_cache(params.list_filter);
		else
			ret = show_perf_probe_events(params.list_filter);
		break;
	case CMD_DEL:
		ret = del_perf_probe_events(params.dels);
		break;
	case CMD_LINE:
		ret = show_line_range(params.line, params.target, params.uprobes);
		break;
	case CMD_FUNCS:
		ret = show_available_funcs(params.target, params.filter_set ? params.filter :
					   DEFAULT_FUNC_FILTER, params.uprobes);
		break;
	case CMD_VARS:
		ret = run_defs("V");
		break;
	case CMD_DEFINITION:
		ret = run_defs("D");
		break;
	case CMD_ADD:
		ret = run_defs("a");
		break;
	case CMD_NONE:
		break;
	}
out:
	cleanup();
	return ret;
}
