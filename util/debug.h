/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Messages to the user, filtered by verbosity.
 *
 * verbose: 0 by default, raised by -v and --debug verbose=N, -1 with -q (quiet).
 * pr_err always prints; pr_warning and pr_info are silenced by -q;
 * pr_debug/pr_debug2/pr_debug3 need -v, -vv, -vvv.
 */
#ifndef PERF_DEBUG_H
#define PERF_DEBUG_H

#include <stdarg.h>
#include <stdbool.h>
#include "util.h"

extern int verbose;
extern bool quiet;
extern bool dump_trace;		/* -D: raw dump of every record */

int eprintf(int level, int var, const char *fmt, ...) __printf(3, 4);
int veprintf(int level, int var, const char *fmt, va_list args);

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_err(fmt, ...)     eprintf(-1, verbose, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning(fmt, ...) eprintf(0, verbose, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warning_once(fmt, ...) do { \
		static bool __warned; \
		if (!__warned) { __warned = true; pr_warning(fmt, ##__VA_ARGS__); } \
	} while (0)
#define pr_info(fmt, ...)    eprintf(0, verbose, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)   eprintf(1, verbose, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug2(fmt, ...)  eprintf(2, verbose, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug3(fmt, ...)  eprintf(3, verbose, pr_fmt(fmt), ##__VA_ARGS__)

/* Parse a --debug argument: "verbose", "verbose=N". Returns 0 or -1 on a bad value. */
int perf_debug_option(const char *str);

/* Print "Error:\n..." style fatal message and exit(128), as git's die(). */
void __noreturn die(const char *fmt, ...) __printf(1, 2);

/* Print a warning once per call site with the "Warning:" prefix used by upstream. */
void ui__warning(const char *fmt, ...) __printf(1, 2);
void ui__error(const char *fmt, ...) __printf(1, 2);

/* strerror_r that always returns a usable string */
const char *str_error_r(int errnum, char *buf, size_t buflen);

#endif
