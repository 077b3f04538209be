// SPDX-License-Identifier: GPL-2.0
/*
 * Microbenchmark of the symbol layer:
 *   load    loading a DSO's symbols (libc by default), from a cold dso each time
 *   lookup  dso__find_symbol() on N random addresses inside the DSO
 *   resolve machine__resolve() on N addresses of a process mapping the DSO:
 *           random ones, and a call-chain-like stream (few hot addresses)
 *
 *   build/bench/symbols [-n N] [DSO]
 */
#include <getopt.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include "util/machine.h"

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u64 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double bench_load(const char *path, int rounds, size_t *nr)
{
	double t0 = monotonic_seconds();

	for (int i = 0; i < rounds; i++) {
		struct dsos dsos;
		struct dso *dso;

		dsos__init(&dsos);
		dso = dsos__findnew(&dsos, path, NULL);
		dso__load(dso);
		*nr = dso->symtab.nr;
		dsos__exit(&dsos);
	}
	return (monotonic_seconds() - t0) / rounds;
}

int main(int argc, char **argv)
{
	const char *path = "/usr/lib/x86_64-linux-gnu/libc.so.6";
	u64 n = 10000000, lo, hi, found = 0, *addrs;
	struct machine *m;
	struct dso *dso;
	struct mmap_event ev = { 0 };
	struct addr_location al;
	struct rusage ru;
	size_t nr = 0;
	double t0, t;
	int c;

	while ((c = getopt(argc, argv, "n:")) != -1) {
		if (c == 'n')
			n = strtoull(optarg, NULL, 0);
		else
			return fprintf(stderr, "usage: %s [-n N] [DSO]\n", argv[0]), 129;
	}
	if (optind < argc)
		path = argv[optind];

	t = bench_load(path, 20, &nr);
	printf("load     %-40s %8zu symbols  %8.3f ms/load\n", path, nr, t * 1e3);

	m = machine__new_host();
	dso = machine__findnew_dso(m, path);
	if (dso__load(dso) <= 0)
		return fprintf(stderr, "no symbols in %s\n", path), 1;
	lo = dso->symtab.syms[0].start;
	hi = dso->symtab.syms[dso->symtab.nr - 1].end;
	addrs = xmalloc(n * sizeof(*addrs));
	for (u64 i = 0; i < n; i++)
		addrs[i] = lo + rng() % (hi - lo);

	t0 = monotonic_seconds();
	for (u64 i = 0; i < n; i++)
		found += dso__find_symbol(dso, addrs[i]) != NULL;
	t = monotonic_seconds() - t0;
	printf("lookup   %llu random addresses: %6.1f ns each (%llu in a symbol)\n",
	       (unsigned long long)n, t * 1e9 / n, (unsigned long long)found);

	/* a process mapping the whole file at 0x7f0000000000 */
	ev.pid = ev.tid = 1000;
	ev.start = 0x7f0000000000ULL;
	ev.len = hi;
	ev.prot = PROT_READ | PROT_EXEC;
	ev.filename = path;
	ev.cpumode = PERF_RECORD_MISC_USER;
	machine__process_mmap(m, &ev);

	found = 0;
	t0 = monotonic_seconds();
	for (u64 i = 0; i < n; i++) {
		machine__resolve(m, &al, 1000, 1000, PERF_RECORD_MISC_USER, ev.start + addrs[i], i);
		found += al.sym != NULL;
	}
	t = monotonic_seconds() - t0;
	printf("resolve  %llu random addresses: %6.1f ns each (%llu in a symbol)\n",
	       (unsigned long long)n, t * 1e9 / n, (unsigned long long)found);

	/* call chains revisit a few thousand return addresses over and over */
	for (u64 i = 0; i < n; i++)
		addrs[i] = addrs[rng() % 4096];
	found = 0;
	t0 = monotonic_seconds();
	for (u64 i = 0; i < n; i++) {
		machine__resolve(m, &al, 1000, 1000, PERF_RECORD_MISC_USER, ev.start + addrs[i], i);
		found += al.sym != NULL;
	}
	t = monotonic_seconds() - t0;
	printf("resolve  %llu addresses, 4096 distinct: %6.1f ns each\n", (unsigned long long)n, t * 1e9 / n);

	getrusage(RUSAGE_SELF, &ru);
	printf("peak RSS %ld MiB\n", ru.ru_maxrss / 1024);
	free(addrs);
	machine__delete(m);
	return 0;
}
