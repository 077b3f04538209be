// SPDX-License-Identifier: GPL-2.0
#include "io.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

ssize_t readn(int fd, void *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = read(fd, (char *)buf + done, n - done);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			break;
		done += r;
	}
	return done;
}

ssize_t writen(int fd, const void *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(fd, (const char *)buf + done, n - done);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (w == 0) {
			errno = ENOSPC;
			return -1;
		}
		done += w;
	}
	return done;
}

ssize_t preadn(int fd, void *buf, size_t n, off_t offset)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = pread(fd, (char *)buf + done, n - done, offset + done);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			break;
		done += r;
	}
	return done;
}

ssize_t pwriten(int fd, const void *buf, size_t n, off_t offset)
{
	size_t done = 0;

	while (done < n) {
		ssize_t w = pwrite(fd, (const char *)buf + done, n - done, offset + done);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (w == 0) {
			errno = ENOSPC;
			return -1;
		}
		done += w;
	}
	return done;
}

int filename__read_str(const char *path, char **bufp, size_t *lenp)
{
	size_t alloc = 4096, len = 0;
	char *buf;
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	buf = xmalloc(alloc);
	for (;;) {
		ssize_t n = read(fd, buf + len, alloc - len - 1);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		if (n == 0)
			break;
		len += n;
		if (alloc - len < 2) {
			alloc *= 2;
			buf = xrealloc(buf, alloc);
		}
	}
	close(fd);
	if (err) {
		free(buf);
		return err;
	}
	buf[len] = '\0';
	*bufp = buf;
	if (lenp)
		*lenp = len;
	return 0;
}

int filename__read_ull(const char *path, unsigned long long *value)
{
	char buf[64], *end;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = readn(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -EINVAL;
	buf[n] = '\0';
	errno = 0;
	*value = strtoull(buf, &end, 0);
	if (end == buf || errno)
		return -EINVAL;
	return 0;
}

int filename__read_int(const char *path, int *value)
{
	char buf[64], *end;
	ssize_t n;
	long v;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = readn(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -EINVAL;
	buf[n] = '\0';
	v = strtol(buf, &end, 0);
	if (end == buf)
		return -EINVAL;
	*value = (int)v;
	return 0;
}

int filename__write_str(const char *path, const char *str, bool append)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	int err = 0;

	if (fd < 0)
		return -errno;
	if (writen(fd, str, strlen(str)) < 0)
		err = -errno;
	if (close(fd) < 0 && !err)
		err = -errno;
	return err;
}
