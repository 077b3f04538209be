/* SPDX-License-Identifier: GPL-2.0 */
/* The builtin commands: one cmd_<name>() per builtin-<name>.c. */
#ifndef PERF_BUILTIN_H
#define PERF_BUILTIN_H

#include <stdbool.h>

enum cmd_flags {
	CMD_USE_PAGER = 1,	/* page long output on a terminal */
};

struct cmd_struct {
	const char *cmd;
	int (*fn)(int argc, const char **argv);
	int flags;
	const char *help;	/* one line for 'perf help' */
};

/* Every command, in the order 'perf help' lists them; ends with a NULL cmd. */
extern const struct cmd_struct perf_commands[];
const struct cmd_struct *perf_command__find(const char *name);

/* Print perf's usage and the command list (for 'perf' and 'perf help'). */
void perf_print_usage_and_commands(void);
/* 'perf: 'x' is not a perf-command' with suggestions; returns the exit code. */
int perf_help_unknown_cmd(const char *cmd);
/* Show the manual page of a command ("stat"), through the pager; exits. */
void __attribute__((noreturn)) perf_show_manual(const char *cmd);

extern const char perf_usage_string[];
extern const char perf_more_info_string[];
extern const char perf_version_string[];

int cmd_buildid_list(int argc, const char **argv);
int cmd_evlist(int argc, const char **argv);
int cmd_help(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_stat(int argc, const char **argv);
int cmd_version(int argc, const char **argv);
int cmd_test(int argc, const char **argv);
int cmd_probe(int argc, const char **argv);
int cmd_buildid_cache(int argc, const char **argv);

#endif
