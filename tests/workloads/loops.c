// SPDX-License-Identifier: GPL-2.0
/*
 * Workloads for tests and the demo (perf test -w NAME [SECONDS]): small
 * CPU-bound loops with well-known function names to find in profiles.
 */
#include "tests/tests.h"
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t done;

static void sighandler(int sig)
{
	(void)sig;
	done = 1;
}

/* Run until SECONDS (argv[0], default dflt) have passed, via SIGALRM. */
static int arm_timer(int argc, const char **argv, int dflt)
{
	int sec = argc > 0 ? atoi(argv[0]) : dflt;

	if (sec <= 0)
		sec = dflt;
	done = 0;
	signal(SIGALRM, sighandler);
	signal(SIGINT, sighandler);
	alarm(sec);
	return sec;
}

DEFINE_WORKLOAD(noploop, "loop doing nothing for SECONDS (default 1)")
{
	arm_timer(argc, argv, 1);
	while (!done)
		__asm__ volatile("" ::: "memory");
	return 0;
}

static void *thloop_thread(void *arg)
{
	(void)arg;
	while (!done)
		__asm__ volatile("" ::: "memory");
	return NULL;
}

DEFINE_WORKLOAD(thloop, "two threads looping for SECONDS (default 1)")
{
	pthread_t th;

	arm_timer(argc, argv, 1);
	if (pthread_create(&th, NULL, thloop_thread, NULL))
		return -1;
	thloop_thread(NULL);
	pthread_join(th, NULL);
	return 0;
}

/* leafloop: main -> parent -> child -> leaf, for call-graph tests. */
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

DEFINE_WORKLOAD(leafloop, "a call chain parent -> child -> leaf for SECONDS (default 1)")
{
	arm_timer(argc, argv, 1);
	while (!done)
		parent();
	return 0;
}

static volatile double sqrt_sink;

__attribute__((noinline)) static void sqrtloop_work(void)
{
	double x = 0;

	for (int i = 1; i < 100000 && !done; i++)
		x += sqrt((double)i);
	sqrt_sink = x;
}

DEFINE_WORKLOAD(sqrtloop, "sqrt() in a forked child for SECONDS (default 1)")
{
	int sec = arm_timer(argc, argv, 1);
	pid_t pid;
	int status;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		alarm(sec);	/* a pending alarm is not inherited */
		while (!done)
			sqrtloop_work();
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
