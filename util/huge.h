/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Big growable arrays (call-chain tries, chain stores, hash tables): past
 * a few MiB they live in their own mappings, grown with mremap() (no copy)
 * and backed by huge pages when the kernel allows it (transparent hugepages
 * in "madvise" mode). A report touching hundreds of MiB then takes hundreds
 * of times fewer page faults, which are expensive in virtual machines.
 *
 * Memory from these functions is freed with free_huge() only.
 */
#ifndef PERF_HUGE_H
#define PERF_HUGE_H

#include "util.h"

/* Like xrealloc (ptr from these functions or NULL). Never shrinks a mapping. */
void *xrealloc_huge(void *ptr, size_t size);
/* Zeroed memory (fresh mappings need no clearing). */
void *xcalloc_huge(size_t nmemb, size_t size);
void free_huge(void *ptr);

/* ALLOC_GROW for big arrays. */
#define ALLOC_GROW_HUGE(x, nr, alloc) \
	do { \
		if ((size_t)(nr) > (size_t)(alloc)) { \
			size_t __n = (alloc) < 1024 ? 1024 : (size_t)(alloc) * 2; \
			if (__n < (size_t)(nr)) \
				__n = (nr); \
			(x) = xrealloc_huge((x), __n * sizeof(*(x))); \
			(alloc) = __n; \
		} \
	} while (0)

#endif
