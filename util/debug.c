// SPDX-License-Identifier: GPL-2.0
#include "debug.h"
#include "string2.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int verbose;
bool quiet;
bool dump_trace;

int veprintf(int level, int var, const char *fmt, va_list args)
{
	if (var < level || (quiet && level >= 0))
		return 0;
	return vfprintf(stderr, fmt, args);
}

int eprintf(int level, int var, const char *fmt, ...)
{
	va_list args;
	int ret;

	va_start(args, fmt);
	ret = veprintf(level, var, fmt, args);
	va_end(args);
	return ret;
}

int perf_debug_option(const char *str)
{
	const char *eq;
	char *end;
	long v;

	if (strcmp(str, "verbose") == 0) {
		verbose = 1;
		return 0;
	}
	if (!strstarts(str, "verbose"))
		return -1;
	eq = str + strlen("verbose");
	if (*eq != '=')
		return -1;
	v = strtol(eq + 1, &end, 10);
	if (end == eq + 1 || *end || v < 0 || v > 10)
		return -1;
	verbose = (int)v;
	return 0;
}

void die(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	fprintf(stderr, "Fatal: ");
	vfprintf(stderr, fmt, args);
	fputc('\n', stderr);
	va_end(args);
	exit(128);
}

void ui__warning(const char *fmt, ...)
{
	va_list args;

	if (quiet)
		return;
	va_start(args, fmt);
	fprintf(stderr, "Warning:\n");
	vfprintf(stderr, fmt, args);
	va_end(args);
}

void ui__error(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	fprintf(stderr, "Error:\n");
	vfprintf(stderr, fmt, args);
	va_end(args);
}

const char *str_error_r(int errnum, char *buf, size_t buflen)
{
	/* GNU strerror_r may return a static string instead of filling buf */
	const char *s = strerror_r(errnum, buf, buflen);

	if (!s) {
		snprintf(buf, buflen, "unknown error %d", errnum);
		s = buf;
	}
	return s;
}
