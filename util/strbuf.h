/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strbuf: a growable, always NUL-terminated string buffer (after git's).
 *
 *   struct strbuf sb = STRBUF_INIT;
 *   strbuf_addf(&sb, "%d samples", n);
 *   puts(sb.buf);
 *   strbuf_release(&sb);
 *
 * buf is never NULL: an empty strbuf points at a shared empty string, so it
 * can be printed at any time. The owner releases it or detaches the buffer.
 */
#ifndef PERF_STRBUF_H
#define PERF_STRBUF_H

#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include "util.h"

extern char strbuf_slopbuf[];

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

#define STRBUF_INIT { 0, 0, strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (who frees it); sb is left empty. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
/* Make room for at least extra more bytes plus the NUL. */
void strbuf_grow(struct strbuf *sb, size_t extra);

static inline size_t strbuf_avail(const struct strbuf *sb)
{
	return sb->alloc ? sb->alloc - sb->len - 1 : 0;
}

static inline void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (sb->alloc) {
		sb->len = len;
		sb->buf[len] = '\0';
	}
}

static inline void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

static inline void strbuf_addch(struct strbuf *sb, int c)
{
	if (!strbuf_avail(sb))
		strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len);
static inline void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __printf(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Append n copies of c. */
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
/* Insert data at pos (0 <= pos <= len). */
void strbuf_insert(struct strbuf *sb, size_t pos, const void *data, size_t len);
/* Remove len bytes at pos. */
void strbuf_remove(struct strbuf *sb, size_t pos, size_t len);
void strbuf_rtrim(struct strbuf *sb);
void strbuf_ltrim(struct strbuf *sb);
void strbuf_trim(struct strbuf *sb);
/* Append an unsigned number with thousands separators ("1,234,567"). */
void strbuf_add_u64_grouped(struct strbuf *sb, u64 v);

/* Append everything readable from fd until EOF. Returns bytes read or -1 (errno set). */
ssize_t strbuf_read(struct strbuf *sb, int fd, size_t hint);
/* Append the whole file at path. Returns bytes read or -1 (errno set). */
ssize_t strbuf_read_file(struct strbuf *sb, const char *path, size_t hint);
/* Append one line from fp without its newline. Returns 0, or EOF at end of file. */
int strbuf_getline(struct strbuf *sb, FILE *fp);

#endif
