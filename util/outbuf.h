/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Buffered text output for commands that print a line per record (script,
 * report --stdio...): lines are built in a strbuf with the formatters below
 * (no printf per field, no stdio call per field) and written out in big
 * chunks.
 *
 *   struct outbuf ob;
 *   outbuf__init(&ob, stdout);
 *   strbuf_add_str_pad(&ob.sb, comm, 16);
 *   strbuf_add_u64_pad(&ob.sb, tid, 5);
 *   strbuf_addch(&ob.sb, '\n');
 *   outbuf__end_record(&ob);           (writes when a chunk is full)
 *   outbuf__exit(&ob);                 (writes the rest)
 *
 * Whoever writes to ob.fp directly must outbuf__flush() first, so the
 * output stays in order.
 */
#ifndef PERF_OUTBUF_H
#define PERF_OUTBUF_H

#include <stdio.h>
#include "strbuf.h"

#define OUTBUF_CHUNK	(128 * 1024)

struct outbuf {
	struct strbuf	sb;
	FILE		*fp;
	int		err;	/* errno of the first failed write, 0 */
};

void outbuf__init(struct outbuf *ob, FILE *fp);
/* Write what is buffered. Returns 0, or -errno of a failed write. */
int outbuf__flush(struct outbuf *ob);
/* Flush and free the buffer. Returns what the flush returned. */
int outbuf__exit(struct outbuf *ob);

/* Call after each record: writes the buffer out once a chunk is full. */
static inline void outbuf__end_record(struct outbuf *ob)
{
	if (ob->sb.len >= OUTBUF_CHUNK)
		outbuf__flush(ob);
}

/* strbuf_add() with the room check inline: the common case is one memcpy. */
static inline void strbuf_add_fast(struct strbuf *sb, const void *data, size_t len)
{
	if (unlikely(sb->len + len >= sb->alloc))
		strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

static inline void strbuf_addch_fast(struct strbuf *sb, char c)
{
	if (unlikely(sb->len + 1 >= sb->alloc))
		strbuf_grow(sb, 1);
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

/*
 * Fast formatters. width > 0 right-aligns in width columns ("%*"),
 * width < 0 left-aligns ("%-*"), 0 takes the length of the text.
 */
void strbuf_add_u64_pad(struct strbuf *sb, u64 v, int width);		/* %*llu */
void strbuf_add_s64_pad(struct strbuf *sb, s64 v, int width);		/* %*lld */
void strbuf_add_x64_pad(struct strbuf *sb, u64 v, int width);		/* %*llx */
void strbuf_add_x64_zpad(struct strbuf *sb, u64 v, int digits);	/* %0*llx */
void strbuf_add_u64_zpad(struct strbuf *sb, u64 v, int digits);	/* %0*llu */
void strbuf_add_str_pad(struct strbuf *sb, const char *s, int width);	/* %*s */

static inline void strbuf_add_u64(struct strbuf *sb, u64 v)
{
	strbuf_add_u64_pad(sb, v, 0);
}

static inline void strbuf_add_x64(struct strbuf *sb, u64 v)
{
	strbuf_add_x64_pad(sb, v, 0);
}

#endif
