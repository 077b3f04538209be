// SPDX-License-Identifier: GPL-2.0
#include "strbuf.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *res;

	strbuf_grow(sb, 0);
	res = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return res;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	bool fresh = !sb->alloc;

	if (need < sb->len) {
		fprintf(stderr, "perf: strbuf size overflow\n");
		exit(128);
	}
	if (need <= sb->alloc)
		return;
	if (fresh)
		sb->buf = NULL;
	ALLOC_GROW(sb->buf, need, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	strbuf_setlen(sb, sb->len + len);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int len;

	if (!strbuf_avail(sb))
		strbuf_grow(sb, 64);
	va_copy(cp, ap);
	len = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (len < 0)
		return;
	if ((size_t)len > strbuf_avail(sb)) {
		strbuf_grow(sb, len);
		len = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	strbuf_setlen(sb, sb->len + len);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	strbuf_setlen(sb, sb->len + n);
}

void strbuf_insert(struct strbuf *sb, size_t pos, const void *data, size_t len)
{
	if (pos > sb->len)
		pos = sb->len;
	strbuf_grow(sb, len);
	memmove(sb->buf + pos + len, sb->buf + pos, sb->len - pos);
	memcpy(sb->buf + pos, data, len);
	strbuf_setlen(sb, sb->len + len);
}

void strbuf_remove(struct strbuf *sb, size_t pos, size_t len)
{
	if (pos >= sb->len)
		return;
	if (len > sb->len - pos)
		len = sb->len - pos;
	memmove(sb->buf + pos, sb->buf + pos + len, sb->len - pos - len);
	strbuf_setlen(sb, sb->len - len);
}

void strbuf_rtrim(struct strbuf *sb)
{
	while (sb->len > 0 && isspace((unsigned char)sb->buf[sb->len - 1]))
		sb->len--;
	strbuf_setlen(sb, sb->len);
}

void strbuf_ltrim(struct strbuf *sb)
{
	size_t i = 0;

	while (i < sb->len && isspace((unsigned char)sb->buf[i]))
		i++;
	strbuf_remove(sb, 0, i);
}

void strbuf_trim(struct strbuf *sb)
{
	strbuf_rtrim(sb);
	strbuf_ltrim(sb);
}

void strbuf_add_u64_grouped(struct strbuf *sb, u64 v)
{
	char digits[32];
	int n = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v);

	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			strbuf_addch(sb, ',');
		strbuf_addch(sb, digits[i]);
	}
}

ssize_t strbuf_read(struct strbuf *sb, int fd, size_t hint)
{
	size_t start = sb->len;

	strbuf_grow(sb, hint ? hint : 8192);
	for (;;) {
		ssize_t n = read(fd, sb->buf + sb->len, sb->alloc - sb->len - 1);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			strbuf_setlen(sb, start);
			return -1;
		}
		if (n == 0)
			break;
		strbuf_setlen(sb, sb->len + n);
		if (strbuf_avail(sb) < 4096)
			strbuf_grow(sb, 8192);
	}
	return sb->len - start;
}

ssize_t strbuf_read_file(struct strbuf *sb, const char *path, size_t hint)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	int err;

	if (fd < 0)
		return -1;
	n = strbuf_read(sb, fd, hint);
	err = errno;
	close(fd);
	errno = err;
	return n;
}

int strbuf_getline(struct strbuf *sb, FILE *fp)
{
	int c;
	bool any = false;

	while ((c = getc(fp)) != EOF) {
		any = true;
		if (c == '\n')
			return 0;
		strbuf_addch(sb, c);
	}
	return any ? 0 : EOF;
}
