/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers shared by the symbol, map and srcline tests. */
#ifndef PERF_TESTS_SYMTEST_H
#define PERF_TESTS_SYMTEST_H

#include "util/strbuf.h"
#include "util/util.h"

/* The path of test program name (built in $PERF_BUILDDIR/tests/progs). */
const char *symtest__prog(const char *name);
/* Run a shell command, its stdout appended to out. Returns its exit status, -1 if it could not run. */
int symtest__run(const char *cmd, struct strbuf *out);
/* The reference perf, or NULL when it is not installed. */
const char *symtest__ref_perf(void);
/* A private temporary directory for this test (removed at exit). */
const char *symtest__tmpdir(void);
/* The address and size nm reports for name in path. Returns 0 or -1. */
int symtest__nm(const char *path, const char *name, u64 *addr, u64 *size);
/* The real path of the C library this process uses. */
const char *symtest__libc(void);

#endif
