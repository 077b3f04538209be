/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers every file uses: checked allocation, sizes, min/max. */
#ifndef PERF_UTIL_H
#define PERF_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>

typedef uint64_t u64;
typedef int64_t s64;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint16_t u16;
typedef int16_t s16;
typedef uint8_t u8;
typedef int8_t s8;

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define __maybe_unused __attribute__((unused))
#define __noreturn __attribute__((noreturn))
#define __printf(a, b) __attribute__((format(printf, a, b)))

#ifndef min
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#endif

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define PERF_ALIGN(x, a) (((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))

/* Allocation that never returns NULL: a CLI has no better answer to OOM than a clear exit. */
void *xmalloc(size_t size);
void *xzalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
void *xmemdup(const void *p, size_t size);
char *xasprintf(const char *fmt, ...) __printf(1, 2);

/* free(*p) and clear the pointer */
#define zfree(pp) do { free(*(pp)); *(pp) = NULL; } while (0)

/*
 * Grow an array so that it holds at least nr elements; alloc is its current capacity.
 * Amortised doubling.
 */
#define ALLOC_GROW(x, nr, alloc) \
	do { \
		if ((size_t)(nr) > (size_t)(alloc)) { \
			size_t __n = (alloc) < 16 ? 16 : (size_t)(alloc) * 2; \
			if (__n < (size_t)(nr)) \
				__n = (nr); \
			(x) = xrealloc((x), __n * sizeof(*(x))); \
			(alloc) = __n; \
		} \
	} while (0)

static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}

static inline bool strends(const char *str, const char *suffix)
{
	size_t l = strlen(str), s = strlen(suffix);
	return l >= s && strcmp(str + l - s, suffix) == 0;
}

/* Seconds since an unspecified point (CLOCK_MONOTONIC), as a double. */
double monotonic_seconds(void);

#endif
