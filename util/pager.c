// SPDX-License-Identifier: GPL-2.0
#include "pager.h"
#include "util.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t pager_pid = -1;
static bool pager_disabled;
static int pager_columns;

void pager_disable(void)
{
	pager_disabled = true;
}

bool pager_in_use(void)
{
	return pager_pid > 0;
}

static void wait_for_pager(void)
{
	if (pager_pid <= 0)
		return;
	fflush(stdout);
	fflush(stderr);
	/* closing our end tells the pager the output is complete */
	close(STDOUT_FILENO);
	close(STDERR_FILENO);
	while (waitpid(pager_pid, NULL, 0) < 0 && errno == EINTR)
		;
	pager_pid = -1;
}

static void wait_for_pager_signal(int signo)
{
	wait_for_pager();
	signal(signo, SIG_DFL);
	raise(signo);
}

int pager_get_columns(void)
{
	struct winsize ws;
	const char *env;

	if (pager_columns)
		return pager_columns;
	env = getenv("COLUMNS");
	if (env && atoi(env) > 0)
		return atoi(env);
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		return ws.ws_col;
	return 80;
}

void setup_pager(void)
{
	const char *pager;
	int fds[2];
	pid_t pid;

	if (pager_disabled || pager_in_use() || !isatty(STDOUT_FILENO))
		return;
	pager = getenv("PERF_PAGER");
	if (!pager)
		pager = getenv("PAGER");
	if (!pager)
		pager = "less -FRX";
	if (!*pager || !strcmp(pager, "cat"))
		return;

	pager_columns = pager_get_columns();
	if (pipe(fds) < 0)
		return;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		dup2(fds[0], STDIN_FILENO);
		close(fds[0]);
		close(fds[1]);
		setenv("LESS", "FRX", 0);
		execl("/bin/sh", "sh", "-c", pager, (char *)NULL);
		_exit(127);
	}
	pager_pid = pid;
	dup2(fds[1], STDOUT_FILENO);
	if (isatty(STDERR_FILENO))
		dup2(fds[1], STDERR_FILENO);
	close(fds[0]);
	close(fds[1]);
	atexit(wait_for_pager);
	signal(SIGINT, wait_for_pager_signal);
	signal(SIGHUP, wait_for_pager_signal);
	signal(SIGTERM, wait_for_pager_signal);
	signal(SIGPIPE, wait_for_pager_signal);
}
