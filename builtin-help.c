// SPDX-License-Identifier: GPL-2.0
/* perf help: the command list, and the manual page of a command. */
#include "builtin.h"
#include "util/debug.h"
#include "util/help.h"
#include "util/pager.h"
#include "util/parse-options.h"
#include "util/strbuf.h"
#include <stdio.h>
#include <string.h>

#define SIMILARITY_FLOOR 7

static void print_command_list(FILE *fp)
{
	int width = 0;

	for (const struct cmd_struct *c = perf_commands; c->cmd; c++)
		if ((int)strlen(c->cmd) > width)
			width = strlen(c->cmd);
	if (width < 13)
		width = 13;
	for (const struct cmd_struct *c = perf_commands; c->cmd; c++) {
		if (!strcmp(c->cmd, "help"))
			continue;
		fprintf(fp, "   %-*s   %s\n", width, c->cmd, c->help);
	}
}

void perf_print_usage_and_commands(void)
{
	printf("\n usage: %s\n\n", perf_usage_string);
	printf(" The most commonly used perf commands are:\n");
	print_command_list(stdout);
	printf("\n %s\n\n", perf_more_info_string);
}

struct suggestion {
	const char *name;
	int dist;
};

static int suggestion_cmp(const void *a, const void *b)
{
	const struct suggestion *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist - y->dist;
	return strcmp(x->name, y->name);
}

int perf_help_unknown_cmd(const char *cmd)
{
	struct suggestion s[64];
	size_t n = 0, shown = 0;

	fprintf(stderr, "perf: '%s' is not a perf-command. See 'perf --help'.\n", cmd);
	for (const struct cmd_struct *c = perf_commands; c->cmd && n < ARRAY_SIZE(s); c++) {
		s[n].name = c->cmd;
		/* a prefix of a command name is a strong hint */
		s[n].dist = strstarts(c->cmd, cmd) ? 0 : levenshtein(cmd, c->cmd, 0, 2, 1, 4);
		n++;
	}
	qsort(s, n, sizeof(*s), suggestion_cmp);
	if (!n || s[0].dist >= SIMILARITY_FLOOR)
		return 1;
	while (shown < n && s[shown].dist == s[0].dist)
		shown++;
	fprintf(stderr, "\nDid you mean %s?\n", shown < 2 ? "this" : "one of these");
	for (size_t i = 0; i < shown; i++)
		fprintf(stderr, "\t%s\n", s[i].name);
	return 1;
}

void perf_show_manual(const char *cmd)
{
	struct strbuf page = STRBUF_INIT, out = STRBUF_INIT;
	const char *text;

	if (strstarts(cmd, "perf-"))
		strbuf_addstr(&page, cmd);
	else if (!strcmp(cmd, "perf") || !*cmd)
		strbuf_addstr(&page, "perf");
	else
		strbuf_addf(&page, "perf-%s", cmd);
	text = perf_doc__find(page.buf);
	if (!text) {
		fprintf(stderr, "No manual entry for %s\n", page.buf);
		exit(1);
	}
	render_asciidoc(text, 78, &out);
	setup_pager();
	fwrite(out.buf, 1, out.len, stdout);
	strbuf_release(&out);
	strbuf_release(&page);
	exit(fflush(stdout) ? 1 : 0);
}

int cmd_help(int argc, const char **argv)
{
	bool show_all = false;
	const struct option options[] = {
		OPT_BOOLEAN('a', "all", &show_all, "print all available commands"),
		OPT_END()
	};
	const char * const usage[] = { "perf help [--all] [COMMAND]", NULL };

	argc = parse_options(argc, argv, options, usage, 0);
	if (show_all) {
		printf("\n Usage: %s\n\n", perf_usage_string);
		printf("available perf commands\n");
		printf("-----------------------\n");
		print_command_list(stdout);
		printf("\n %s\n\n", perf_more_info_string);
		return 0;
	}
	if (argc == 0) {
		perf_print_usage_and_commands();
		return 0;
	}
	perf_show_manual(argv[0]);
}
