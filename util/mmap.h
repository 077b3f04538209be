/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffers events write their records into, and the reader that
 * drains them (perf record). One buffer per CPU (or per thread with
 * --per-thread); every other event on that CPU is redirected into it with
 * PERF_EVENT_IOC_SET_OUTPUT.
 */
#ifndef PERF_MMAP_H
#define PERF_MMAP_H

#include <linux/perf_event.h>
#include "util.h"

struct evlist;

struct perf_mmap {
	void	*base;		/* the control page, then the data */
	size_t	mask;		/* data size - 1 */
	int	fd;		/* the event it belongs to */
	int	cpu;		/* -1 in per-thread mode */
	int	thread;		/* thread index in per-thread mode, else -1 */
	u64	prev;		/* how far it was read */
};

static inline struct perf_event_mmap_page *perf_mmap__page(const struct perf_mmap *map)
{
	return map->base;
}

static inline size_t perf_mmap__data_size(const struct perf_mmap *map)
{
	return map->mask + 1;
}

/* Map fd's buffer of data_pages pages (a power of 2). 0 or -errno. */
int perf_mmap__mmap(struct perf_mmap *map, int fd, size_t data_pages, int cpu, int thread);
void perf_mmap__munmap(struct perf_mmap *map);

/*
 * Hand the bytes written since the last call to push() (in two pieces when
 * they wrap around the end of the buffer), then release them to the kernel.
 * Returns the bytes pushed, or the first negative value push() returned (the
 * data then stays in the buffer).
 */
ssize_t perf_mmap__push(struct perf_mmap *map, void *ctx,
			int (*push)(void *ctx, const void *buf, size_t size));
/* Bytes waiting to be read. */
size_t perf_mmap__available(const struct perf_mmap *map);

/* The buffers of an evlist whose events are open. */
struct perf_mmap_set {
	struct perf_mmap	*maps;
	int			nr;
	size_t			data_pages;
};

/*
 * Map one buffer per CPU of the evlist (per thread when its CPU map is the
 * "any CPU" one) and redirect every other fd into it. 0 or -errno.
 */
int evlist__mmap(struct evlist *evlist, size_t data_pages, struct perf_mmap_set *set);
void perf_mmap_set__munmap(struct perf_mmap_set *set);

/*
 * -m/--mmap-pages: a number of pages or a size ("512K", "8M"), rounded up
 * to a power of 2 (as upstream, with a notice). 0 or -1 on a bad value.
 */
int parse_mmap_pages(const char *str, size_t *pages);
/* The default: 512 KiB of data (129 pages with the control page, as upstream). */
size_t perf_mmap__default_pages(void);

#endif
