/* SPDX-License-Identifier: GPL-2.0 */
/* Whole reads and writes that survive EINTR and short transfers, and small file helpers. */
#ifndef PERF_IO_H
#define PERF_IO_H

#include <sys/types.h>
#include "util.h"

/* Read up to n bytes, stopping early only at EOF. Returns bytes read, or -1 (errno set). */
ssize_t readn(int fd, void *buf, size_t n);
/* Write all n bytes. Returns n, or -1 (errno set; ENOSPC for a full disk). */
ssize_t writen(int fd, const void *buf, size_t n);
ssize_t preadn(int fd, void *buf, size_t n, off_t offset);
ssize_t pwriten(int fd, const void *buf, size_t n, off_t offset);

/* Read a small file into a NUL-terminated allocated string; *len optional. Returns 0 or -errno. */
int filename__read_str(const char *path, char **buf, size_t *len);
/* The first number in a file (decimal, or 0x hex). Return 0 or -errno / -EINVAL. */
int filename__read_int(const char *path, int *value);
int filename__read_ull(const char *path, unsigned long long *value);
/* Write a string to a file (for sysfs/tracefs control files). Returns 0 or -errno. */
int filename__write_str(const char *path, const char *str, bool append);

#endif
