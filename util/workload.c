// SPDX-License-Identifier: GPL-2.0
#include "workload.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int workload__prepare(struct workload *w, const char **argv)
{
	int go[2], err[2], ready[2];
	char c;

	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0 || pipe2(ready, O_CLOEXEC) < 0) {
		perror("failed to create pipes");
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	w->pid = fork();
	if (w->pid < 0) {
		perror("failed to fork");
		return -1;
	}
	if (!w->pid) {
		int e;

		close(go[1]);
		close(err[0]);
		close(ready[0]);
		/* perf ignores or catches these: the command must not inherit that */
		signal(SIGTERM, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		close(ready[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], (char **)argv);
		e = errno;
		if (write(err[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	close(ready[1]);
	/* the child is set up once it closed its end */
	while (read(ready[0], &c, 1) < 0 && errno == EINTR)
		;
	close(ready[0]);
	w->go_fd = go[1];
	w->err_fd = err[0];
	return 0;
}

int workload__start(struct workload *w)
{
	char c = 0;
	int e = 0;
	ssize_t n;

	if (write(w->go_fd, &c, 1) != 1)
		return errno;
	close(w->go_fd);
	do {
		n = read(w->err_fd, &e, sizeof(e));
	} while (n < 0 && errno == EINTR);
	close(w->err_fd);
	return n == sizeof(e) ? e : 0;
}
