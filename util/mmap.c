// SPDX-License-Identifier: GPL-2.0
#include "mmap.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "string2.h"
#include <errno.h>
#include <inttypes.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static size_t page_size(void)
{
	static size_t sz;

	if (!sz)
		sz = sysconf(_SC_PAGESIZE);
	return sz;
}

int perf_mmap__mmap(struct perf_mmap *map, int fd, size_t data_pages, int cpu, int thread)
{
	size_t len = (data_pages + 1) * page_size();

	map->base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map->base == MAP_FAILED) {
		map->base = NULL;
		return -errno;
	}
	map->mask = data_pages * page_size() - 1;
	map->fd = fd;
	map->cpu = cpu;
	map->thread = thread;
	map->prev = 0;
	return 0;
}

void perf_mmap__munmap(struct perf_mmap *map)
{
	if (map->base)
		munmap(map->base, map->mask + 1 + page_size());
	map->base = NULL;
}

static inline u64 read_head(const struct perf_mmap *map)
{
	/* pairs with the kernel's write barrier before it moves data_head */
	return __atomic_load_n(&perf_mmap__page(map)->data_head, __ATOMIC_ACQUIRE);
}

static inline void write_tail(struct perf_mmap *map, u64 tail)
{
	/* the reads of the data are done before the kernel may reuse it */
	__atomic_store_n(&perf_mmap__page(map)->data_tail, tail, __ATOMIC_RELEASE);
}

size_t perf_mmap__available(const struct perf_mmap *map)
{
	return map->base ? read_head(map) - map->prev : 0;
}

ssize_t perf_mmap__push(struct perf_mmap *map, void *ctx,
			int (*push)(void *ctx, const void *buf, size_t size))
{
	const char *data;
	u64 head, start, end, size;
	int err;

	if (!map->base)
		return 0;
	data = (const char *)map->base + page_size();
	head = read_head(map);
	start = map->prev;
	size = head - start;
	if (!size)
		return 0;
	if (size > map->mask + 1) {
		/* cannot happen unless the kernel overwrote unread data */
		pr_debug("ring buffer of cpu %d overrun: %" PRIu64 " bytes\n", map->cpu, size);
		start = head - (map->mask + 1);
		size = map->mask + 1;
	}
	end = head;
	if ((start & map->mask) + size > map->mask + 1) {
		size_t first = map->mask + 1 - (start & map->mask);

		err = push(ctx, data + (start & map->mask), first);
		if (err < 0)
			return err;
		start += first;
	}
	err = push(ctx, data + (start & map->mask), end - start);
	if (err < 0)
		return err;
	map->prev = head;
	write_tail(map, head);
	return size;
}

void perf_mmap_set__munmap(struct perf_mmap_set *set)
{
	for (int i = 0; i < set->nr; i++)
		perf_mmap__munmap(&set->maps[i]);
	zfree(&set->maps);
	set->nr = 0;
}

/* Map the first fd of (cpu_idx, thread_idx) and redirect the others there. */
static int mmap_one(struct evlist *evlist, struct perf_mmap_set *set, int cpu_idx, int thread_idx,
		    bool per_thread)
{
	struct perf_mmap *map = &set->maps[set->nr];
	struct evsel *evsel;
	int output = -1;

	evlist__for_each_entry(evlist, evsel) {
		int nthreads = per_thread ? 1 : evsel->nr_fd_threads;

		for (int t = 0; t < nthreads; t++) {
			int fd = evsel__fd(evsel, cpu_idx, per_thread ? thread_idx : t);

			if (fd < 0)
				continue;
			if (output < 0) {
				int err = perf_mmap__mmap(map, fd, set->data_pages,
							  per_thread ? -1 : perf_cpu_map__cpu(evlist->cpus, cpu_idx),
							  per_thread ? thread_idx : -1);

				if (err)
					return err;
				output = fd;
				set->nr++;
				continue;
			}
			if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, output) < 0)
				return -errno;
		}
	}
	return 0;
}

int evlist__mmap(struct evlist *evlist, size_t data_pages, struct perf_mmap_set *set)
{
	bool per_thread = perf_cpu_map__has_any(evlist->cpus);
	int nr = per_thread ? perf_thread_map__nr(evlist->threads) : perf_cpu_map__nr(evlist->cpus);
	int err = 0;

	memset(set, 0, sizeof(*set));
	set->data_pages = data_pages;
	set->maps = xcalloc(nr ? nr : 1, sizeof(*set->maps));
	for (int i = 0; i < nr && !err; i++)
		err = per_thread ? mmap_one(evlist, set, 0, i, true) : mmap_one(evlist, set, i, 0, false);
	if (err)
		perf_mmap_set__munmap(set);
	return err;
}

size_t perf_mmap__default_pages(void)
{
	return (512 * 1024) / page_size();
}

int parse_mmap_pages(const char *str, size_t *pages)
{
	u64 val, p;
	char *end;

	if (!str || !*str)
		return -1;
	val = strtoull(str, &end, 0);
	if (*end) {
		/* a size with a unit */
		if (parse_size(str, &val) || val < page_size())
			return -1;
		val /= page_size();
	}
	if (!val || val > (1ULL << 32))
		return -1;
	p = 1;
	while (p < val)
		p <<= 1;
	if (p != val) {
		char buf[64];

		unit_number__scnprintf(buf, sizeof(buf), p * page_size());
		pr_info("rounding mmap pages size to %s (%llu pages)\n", buf, (unsigned long long)p);
	}
	*pages = p;
	return 0;
}
