// SPDX-License-Identifier: GPL-2.0
#include "outbuf.h"
#include <errno.h>

void outbuf__init(struct outbuf *ob, FILE *fp)
{
	strbuf_init(&ob->sb, OUTBUF_CHUNK + 4096);
	ob->fp = fp;
	ob->err = 0;
}

int outbuf__flush(struct outbuf *ob)
{
	if (ob->sb.len && !ob->err && fwrite(ob->sb.buf, 1, ob->sb.len, ob->fp) != ob->sb.len)
		ob->err = errno ? errno : EIO;
	strbuf_reset(&ob->sb);
	return -ob->err;
}

int outbuf__exit(struct outbuf *ob)
{
	int err = outbuf__flush(ob);

	if (!err && fflush(ob->fp))
		err = -(ob->err = errno ? errno : EIO);
	strbuf_release(&ob->sb);
	return err;
}

/* Append text of len bytes padded to width (see outbuf.h). */
static void add_padded(struct strbuf *sb, const char *text, size_t len, int width)
{
	size_t w = width < 0 ? (size_t)-width : (size_t)width;
	size_t pad = w > len ? w - len : 0;

	if (sb->len + len + pad >= sb->alloc)
		strbuf_grow(sb, len + pad);
	if (width > 0 && pad) {
		memset(sb->buf + sb->len, ' ', pad);
		sb->len += pad;
	}
	memcpy(sb->buf + sb->len, text, len);
	sb->len += len;
	if (width < 0 && pad) {
		memset(sb->buf + sb->len, ' ', pad);
		sb->len += pad;
	}
	sb->buf[sb->len] = '\0';
}

/* Digits of v in base 10 or 16 at the end of buf[24]; returns the first one. */
static char *u64_digits(u64 v, unsigned int base, char *end)
{
	static const char digits[] = "0123456789abcdef";
	char *p = end;

	do {
		*--p = digits[v % base];
		v /= base;
	} while (v);
	return p;
}

void strbuf_add_u64_pad(struct strbuf *sb, u64 v, int width)
{
	char buf[24], *p = u64_digits(v, 10, buf + sizeof(buf));

	add_padded(sb, p, buf + sizeof(buf) - p, width);
}

void strbuf_add_s64_pad(struct strbuf *sb, s64 v, int width)
{
	char buf[24], *p;

	if (v >= 0) {
		strbuf_add_u64_pad(sb, (u64)v, width);
		return;
	}
	p = u64_digits(-(u64)v, 10, buf + sizeof(buf));
	*--p = '-';
	add_padded(sb, p, buf + sizeof(buf) - p, width);
}

void strbuf_add_x64_pad(struct strbuf *sb, u64 v, int width)
{
	char buf[24], *p = u64_digits(v, 16, buf + sizeof(buf));

	add_padded(sb, p, buf + sizeof(buf) - p, width);
}

void strbuf_add_x64_zpad(struct strbuf *sb, u64 v, int digits)
{
	char buf[24], *p = u64_digits(v, 16, buf + sizeof(buf));

	while (buf + sizeof(buf) - p < digits && p > buf)
		*--p = '0';
	strbuf_add_fast(sb, p, buf + sizeof(buf) - p);
}

void strbuf_add_u64_zpad(struct strbuf *sb, u64 v, int digits)
{
	char buf[24], *p = u64_digits(v, 10, buf + sizeof(buf));

	while (buf + sizeof(buf) - p < digits && p > buf)
		*--p = '0';
	strbuf_add_fast(sb, p, buf + sizeof(buf) - p);
}

void strbuf_add_str_pad(struct strbuf *sb, const char *s, int width)
{
	add_padded(sb, s, strlen(s), width);
}
