// SPDX-License-Identifier: GPL-2.0
/*
 * A workload for the perf.data tests: spin for MSECS milliseconds of CPU in
 * each of THREADS threads (default 1), so cpu-clock has something to sample.
 *
 *   data_spin MSECS [THREADS]
 */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

static long msecs;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static void *spin(void *arg)
{
	volatile unsigned long x = 0;
	double end = now() + msecs;

	(void)arg;
	while (now() < end)
		for (int i = 0; i < 10000; i++)
			x += i;
	return NULL;
}

int main(int argc, char **argv)
{
	int nthreads = argc > 2 ? atoi(argv[2]) : 1;
	pthread_t th[64];

	msecs = argc > 1 ? atol(argv[1]) : 100;
	if (nthreads < 1 || nthreads > 64)
		nthreads = 1;
	for (int i = 1; i < nthreads; i++)
		pthread_create(&th[i], NULL, spin, NULL);
	spin(NULL);
	for (int i = 1; i < nthreads; i++)
		pthread_join(th[i], NULL);
	return 0;
}
