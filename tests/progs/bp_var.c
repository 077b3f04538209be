// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the global 'bp_target' N times (N = argv[1], default 100) and
 * reads it N times, for mem:ADDR breakpoint tests. With "addr" as argv[1],
 * prints its address instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

volatile long bp_target;

int main(int argc, char **argv)
{
	long n, sum = 0;

	if (argc > 1 && !strcmp(argv[1], "addr")) {
		printf("%p\n", (void *)&bp_target);
		return 0;
	}
	n = argc > 1 ? atol(argv[1]) : 100;
	for (long i = 0; i < n; i++)
		bp_target = i;
	for (long i = 0; i < n; i++)
		sum += bp_target;
	return sum == -1;
}
