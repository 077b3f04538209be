// SPDX-License-Identifier: GPL-2.0
#include "huge.h"
#include "debug.h"
#include <sys/mman.h>
#include <unistd.h>

#define MAP_MIN		(2UL << 20)
#define HUGE_PAGE	(2UL << 20)
#define HDR		64	/* keeps the data aligned for any element */

struct huge_hdr {
	size_t	len;		/* the mapping's length, 0 for malloc */
	size_t	size;		/* malloc: the size asked for */
};

/* The whole mapping (a part would split it, and mremap() cannot grow split mappings). */
static void advise(void *map, size_t len)
{
	madvise(map, len, MADV_HUGEPAGE);
}

/* Whole huge pages: the kernel aligns only such mappings for them. */
static size_t map_len(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (size + HDR >= HUGE_PAGE)
		page = HUGE_PAGE;
	return (size + HDR + page - 1) & ~(page - 1);
}

static void *new_map(size_t size)
{
	size_t len = map_len(size);
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		die("out of memory (mapping %zu bytes)", len);
	advise(m, len);
	((struct huge_hdr *)m)->len = len;
	return (char *)m + HDR;
}

void *xrealloc_huge(void *ptr, size_t size)
{
	struct huge_hdr *h = ptr ? (struct huge_hdr *)((char *)ptr - HDR) : NULL;
	size_t len;
	void *m;

	if (h && h->len) {
		len = map_len(size);
		if (len <= h->len)
			return ptr;
		m = mremap(h, h->len, len, MREMAP_MAYMOVE);
		if (m == MAP_FAILED)
			die("out of memory (growing a mapping of %zu bytes to %zu: %m)", h->len, len);
		advise(m, len);
		((struct huge_hdr *)m)->len = len;
		return (char *)m + HDR;
	}
	if (size >= MAP_MIN) {
		void *n = new_map(size);

		if (h) {
			memcpy(n, ptr, h->size);
			free(h);
		}
		return n;
	}
	h = xrealloc(h, size + HDR);
	h->len = 0;
	h->size = size;
	return (char *)h + HDR;
}

void *xcalloc_huge(size_t nmemb, size_t size)
{
	size_t total = nmemb * size;
	struct huge_hdr *h;

	if (total >= MAP_MIN)
		return new_map(total);
	h = xcalloc(1, total + HDR);
	h->size = total;
	return (char *)h + HDR;
}

void free_huge(void *ptr)
{
	struct huge_hdr *h;

	if (!ptr)
		return;
	h = (struct huge_hdr *)((char *)ptr - HDR);
	if (h->len)
		munmap(h, h->len);
	else
		free(h);
}
