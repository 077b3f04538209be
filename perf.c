// SPDX-License-Identifier: GPL-2.0
/*
 * perf: the dispatcher. Handles the top-level options, then runs one builtin
 * command (git style: "perf COMMAND [ARGS]").
 */
#include "builtin.h"
#include "util/debug.h"
#include "util/pager.h"
#include "util/parse-options.h"
#include "util/util.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

const char perf_usage_string[] =
	"perf [--version] [--help] [OPTIONS] COMMAND [ARGS]";
const char perf_more_info_string[] =
	"See 'perf help COMMAND' for more information on a specific command.";
const char perf_version_string[] = PERF_VERSION;

const struct cmd_struct perf_commands[] = {
	{ "buildid-cache", cmd_buildid_cache, 0, "Manage build-id cache." },
	{ "buildid-list", cmd_buildid_list, CMD_USE_PAGER, "List the buildids in a perf.data file" },
	{ "evlist",	cmd_evlist,	CMD_USE_PAGER, "List the event names in a perf.data file" },
	{ "help",	cmd_help,	0, "Display help information about perf" },
	{ "list",	cmd_list,	CMD_USE_PAGER, "List all symbolic event types" },
	{ "probe",	cmd_probe,	0, "Define new dynamic tracepoints" },
	{ "record",	cmd_record,	0, "Run a command and record its profile into perf.data" },
	{ "report",	cmd_report,	CMD_USE_PAGER, "Read perf.data (created by perf record) and display the profile" },
	{ "script",	cmd_script,	CMD_USE_PAGER, "Read perf.data (created by perf record) and display trace output" },
	{ "stat",	cmd_stat,	0, "Run a command and gather performance counter statistics" },
	{ "test",	cmd_test,	0, "Runs sanity tests." },
	{ "version",	cmd_version,	0, "display the version of perf binary" },
	{ NULL, NULL, 0, NULL },
};

const struct cmd_struct *perf_command__find(const char *name)
{
	for (const struct cmd_struct *c = perf_commands; c->cmd; c++)
		if (!strcmp(c->cmd, name))
			return c;
	return NULL;
}

static void __noreturn top_level_usage_error(const char *fmt, const char *what)
{
	fprintf(stderr, fmt, what);
	fprintf(stderr, "\n Usage: %s\n", perf_usage_string);
	exit(129);
}

/* Top-level options before the command. Returns how many arguments were used. */
static int handle_options(int argc, const char **argv, bool *show_version, int *version_verbose)
{
	int used = 0;

	while (argc > 0) {
		const char *cmd = argv[0];

		if (cmd[0] != '-')
			break;
		if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
			/* "perf --help [CMD]" is "perf help [CMD]" */
			break;
		} else if (!strcmp(cmd, "--version") || !strcmp(cmd, "-v") || !strcmp(cmd, "-vv")) {
			*show_version = true;
			if (!strcmp(cmd, "-vv"))
				*version_verbose = 1;
		} else if (!strcmp(cmd, "--no-pager")) {
			pager_disable();
		} else if (!strcmp(cmd, "--debug") || strstarts(cmd, "--debug=")) {
			const char *val = cmd[7] == '=' ? cmd + 8 : NULL;

			if (!val) {
				if (argc < 2)
					top_level_usage_error("No variable specified for --debug.\n", "");
				val = argv[1];
				argc--;
				argv++;
				used++;
			}
			if (perf_debug_option(val))
				top_level_usage_error("Unknown option name '%s'\n", val);
		} else if (!strcmp(cmd, "--list-cmds")) {
			for (const struct cmd_struct *c = perf_commands; c->cmd; c++)
				printf("%s ", c->cmd);
			putchar('\n');
			exit(0);
		} else if (!strcmp(cmd, "--list-opts")) {
			puts("--version --help --no-pager --debug --list-cmds --list-opts");
			exit(0);
		} else {
			top_level_usage_error("Unknown option: %s\n", cmd);
		}
		argc--;
		argv++;
		used++;
	}
	return used;
}

static int run_builtin(const struct cmd_struct *c, int argc, const char **argv)
{
	int status;

	if (c->flags & CMD_USE_PAGER)
		setup_pager();
	status = c->fn(argc, argv);
	if (status < 0)
		status = 1;	/* a negative errno from a command is a failure */
	/* flush and report write errors (a full disk, a closed pipe) */
	if (fflush(stdout) || ferror(stdout)) {
		if (errno != EPIPE && errno != EINVAL && errno != EBADF) {
			fprintf(stderr, "perf: write failure on standard output: %s\n", strerror(errno));
			return 1;
		}
	}
	return status;
}

static void show_manual_hook(const char *cmd)
{
	perf_show_manual(cmd);
}

int main(int argc, const char **argv)
{
	bool show_version = false;
	int version_verbose = 0;
	const struct cmd_struct *c;
	const char *cmd;
	int used;

	/* scripts pipe perf into head(1): a closed pipe is not an error worth a signal */
	signal(SIGPIPE, SIG_DFL);
	parse_options_help_hook = show_manual_hook;

	argc--;
	argv++;
	used = handle_options(argc, argv, &show_version, &version_verbose);
	argc -= used;
	argv += used;

	if (show_version) {
		const char *vargv[] = { "version", version_verbose ? "--build-options" : NULL, NULL };

		return cmd_version(version_verbose ? 2 : 1, vargv);
	}
	if (argc == 0) {
		perf_print_usage_and_commands();
		return 1;
	}
	cmd = argv[0];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		argv[0] = "help";
		cmd = "help";
	}
	c = perf_command__find(cmd);
	if (!c)
		return perf_help_unknown_cmd(cmd);
	return run_builtin(c, argc, argv);
}

#ifdef __SANITIZE_ADDRESS__
/*
 * Sanitizer builds look for memory errors; the memory a command holds until
 * exit is not one of them.
 */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0:abort_on_error=0";
}
#endif
