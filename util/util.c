// SPDX-License-Identifier: GPL-2.0
#include "util.h"
#include "debug.h"
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static void __noreturn out_of_memory(size_t size)
{
	fprintf(stderr, "perf: out of memory allocating %zu bytes\n", size);
	exit(128);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *xzalloc(size_t size)
{
	return xcalloc(1, size);
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		out_of_memory(nmemb * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		out_of_memory(strlen(s) + 1);
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		out_of_memory(n + 1);
	return p;
}

void *xmemdup(const void *src, size_t size)
{
	void *p = xmalloc(size);

	memcpy(p, src, size);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory(strlen(fmt));
	return s;
}

double monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
