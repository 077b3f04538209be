// SPDX-License-Identifier: GPL-2.0
/*
 * The workload of the report comparison tests, a program of its own: never
 * built with sanitizers. (Under ASan, 'perf test -w' starts by mapping a
 * dozen more libraries, each hit by a sample or two: sibling entries of one
 * value in different DSOs, which the reference orders by the heap addresses
 * of its DSO objects.)
 *
 *   report_loops sqrtloop|leafloop [SECONDS]
 *
 * sqrtloop: sqrt() in a forked child; leafloop: main -> parent -> child ->
 * leaf. Whole seconds, default 1, as perf test -w.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t done;

static void on_alarm(int sig)
{
	(void)sig;
	done = 1;
}

static volatile unsigned long leaf_counter;

__attribute__((noinline)) static void leaf(void)
{
	for (int i = 0; i < 1000; i++)
		leaf_counter++;
}

__attribute__((noinline)) static void child(void)
{
	leaf();
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void parent(void)
{
	child();
	__asm__ volatile("" ::: "memory");
}

static volatile double sqrt_sink;

__attribute__((noinline)) static void sqrtloop_work(void)
{
	double x = 0;

	for (int i = 1; i < 100000 && !done; i++)
		x += sqrt((double)i);
	sqrt_sink = x;
}

static int sqrtloop(int sec)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 1;
	if (pid == 0) {
		alarm(sec);	/* a pending alarm is not inherited */
		while (!done)
			sqrtloop_work();
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv)
{
	int sec = argc > 2 ? atoi(argv[2]) : 1;

	if (sec <= 0)
		sec = 1;
	signal(SIGALRM, on_alarm);
	alarm(sec);
	if (argc > 1 && !strcmp(argv[1], "sqrtloop"))
		return sqrtloop(sec);
	if (argc > 1 && !strcmp(argv[1], "leafloop")) {
		while (!done)
			parent();
		return 0;
	}
	fprintf(stderr, "usage: report_loops sqrtloop|leafloop [SECONDS]\n");
	return 2;
}
