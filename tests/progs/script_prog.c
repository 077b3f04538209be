// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the perf script tests: a few levels of calls that burn CPU
 * (cpu-clock samples with call chains), system calls (write, getppid: the
 * syscall tracepoints), page faults, AVX-512 code (instruction lengths) and
 * script_probe(n) for uprobes.
 *
 *   script_prog [LOOPS]   (default 3000000: about 0.1 s)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) unsigned long script_leaf(unsigned long n)
{
	unsigned long s = 0;

	for (unsigned long i = 0; i < n; i++)
		s += i * 2654435761u;
	return s;
}

__attribute__((noinline)) unsigned long script_middle(unsigned long n)
{
	return script_leaf(n) + script_leaf(n / 2);
}

/* AVX-512 (EVEX) and mask (VEX) instructions: -F insn,insnlen on them */
__attribute__((noinline)) void script_avx(unsigned long n)
{
#ifdef __x86_64__
	if (!__builtin_cpu_supports("avx512bw"))
		return;
	for (unsigned long i = 0; i < n; i++)
		asm volatile("vptestnmb %%zmm1, %%zmm2, %%k1\n\tvptestnmb 8(%%rsp), %%zmm3, %%k2\n\t"
			     "kmovd %%k1, %%eax\n\tvptestnmb %%zmm4, %%zmm5, %%k1" ::: "eax");
#else
	(void)n;
#endif
}

__attribute__((noinline)) int script_probe(int n)
{
	return n * 3;
}

__attribute__((noinline)) void script_io(int n)
{
	char buf[16] = "script";
	int fd = open("/dev/null", O_WRONLY);

	for (int i = 0; i < n; i++) {
		if (write(fd, buf, sizeof(buf)) < 0)
			break;
		getppid();
	}
	close(fd);
}

/* touch fresh pages: page faults */
__attribute__((noinline)) void script_faults(int pages)
{
	char *p = malloc((size_t)pages * 4096);

	if (!p)
		return;
	for (int i = 0; i < pages; i++)
		p[i * 4096] = (char)i;
	sink += p[0];
	free(p);
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 3000000;

	for (int r = 0; r < 4; r++) {
		sink += script_middle(n / 4);
		sink += script_probe(r);
	}
	script_avx(n * 2);
	script_io(200);
	script_faults(64);
	return 0;
}
