// SPDX-License-Identifier: GPL-2.0
/*
 * A workload for the DWARF unwinding tests: known call chains ending in a
 * leaf that spins, to be recorded with --call-graph dwarf.
 *
 *   unwind_prog [MODE[,MODE...]] [MILLISECONDS [NEXT ARGS...]]
 *
 *   chain    main -> chain_a -> chain_b -> chain_c -> leaf (+ an inlined step)
 *   recurse  main -> recurse (x 300) -> leaf, a chain deeper than the stack copy
 *   signal   main -> chain_a -> chain_b -> chain_c -> raise -> on_signal -> leaf
 *   lib      main -> lib_entry (libunwind_prog.so) -> lib_inner -> lib_callback -> leaf
 *   syscall  main -> chain_a -> chain_b -> chain_c -> getppid, in a loop (kernel + user chains)
 *
 * The modes run one after the other, each for the duration (300 ms by
 * default). With more arguments, it then executes them (another
 * unwind_prog, another layout): one process goes through several programs.
 *
 * Built with -DUNWIND_LIB it is libunwind_prog.so, the library of "lib".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

#ifdef UNWIND_LIB

NOINLINE static void lib_inner(void (*cb)(int), int arg)
{
	cb(arg + 1);
	__asm__ volatile("" ::: "memory");	/* not a tail call */
}

NOINLINE void lib_entry(void (*cb)(int), int arg)
{
	lib_inner(cb, arg);
	__asm__ volatile("" ::: "memory");
}

#else

extern void lib_entry(void (*cb)(int), int arg) __attribute__((weak));

static long duration_ms = 300;
static volatile unsigned long sink;

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static inline unsigned long mix(unsigned long x)
{
	x ^= x >> 13;
	x *= 0x9e3779b97f4a7c15UL;
	return x ^ (x >> 29);
}

/* Spin for the duration, checking the clock now and then. */
NOINLINE static void leaf(int seed)
{
	double end = now_ms() + duration_ms;
	unsigned long x = seed;

	while (now_ms() < end) {
		for (int i = 0; i < 200000; i++)
			x = mix(x + i);
		sink = x;
	}
}

NOINLINE static void syscalls(void)
{
	double end = now_ms() + duration_ms;

	while (now_ms() < end) {
		for (int i = 0; i < 1000; i++)
			sink += getppid();
	}
}

static void on_signal(int sig)
{
	leaf(sig);
}

static const char *mode = "chain";

NOINLINE static void chain_c(int n)
{
	if (!strcmp(mode, "signal"))
		raise(SIGUSR1);
	else if (!strcmp(mode, "syscall"))
		syscalls();
	else
		leaf(n);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void chain_b(int n)
{
	chain_c(n + 1);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void chain_a(int n)
{
	chain_b(n + 1);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void recurse(int depth)
{
	if (depth > 0)
		recurse(depth - 1);
	else
		syscalls();
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void lib_callback(int n)
{
	leaf(n);
	__asm__ volatile("" ::: "memory");
}

static int run(const char *what)
{
	mode = what;
	if (!strcmp(mode, "recurse")) {
		recurse(300);
	} else if (!strcmp(mode, "lib")) {
		if (!lib_entry) {
			fprintf(stderr, "unwind_prog: not linked with libunwind_prog.so\n");
			return 1;
		}
		lib_entry(lib_callback, 1);
	} else if (!strcmp(mode, "chain") || !strcmp(mode, "signal") || !strcmp(mode, "syscall")) {
		chain_a(1);
	} else {
		fprintf(stderr, "unwind_prog: unknown mode %s\n", mode);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	char *modes = strdup(argc > 1 ? argv[1] : "chain"), *save = NULL;

	if (argc > 2)
		duration_ms = atol(argv[2]);
	signal(SIGUSR1, on_signal);
	for (char *m = strtok_r(modes, ",", &save); m; m = strtok_r(NULL, ",", &save)) {
		if (run(m))
			return 1;
	}
	free(modes);
	if (argc > 3) {
		execv(argv[3], argv + 3);
		perror(argv[3]);
		return 1;
	}
	return 0;
}

#endif
