/* SPDX-License-Identifier: GPL-2.0 */
/* Internal to util/header*.c: the per-feature readers, writers and printers. */
#ifndef PERF_HEADER_FEAT_H
#define PERF_HEADER_FEAT_H

#include "header.h"

struct strbuf;

/* A feature payload being decoded (buf) or built (sb). */
struct feat_fd {
	const char			*buf;
	size_t				size;
	size_t				offset;
	bool				swap;
	struct strbuf			*sb;
	struct perf_header		*header;
	struct evlist			*evlist;
	const struct perf_header_write_info *info;
};

struct feature_ops {
	const char *name;
	int (*write)(struct feat_fd *ff);
	int (*process)(struct feat_fd *ff);
	void (*print)(struct feat_fd *ff, FILE *fp);
	bool full_only;		/* printed only with -I */
};

/* NULL for an unknown feature. */
const struct feature_ops *feature_ops__get(int feat);

/* Decoding helpers: 0, or -EINVAL when the payload is too short. */
int ff__read_u32(struct feat_fd *ff, u32 *v);
int ff__read_u64(struct feat_fd *ff, u64 *v);
int ff__read(struct feat_fd *ff, void *buf, size_t size);
/* A perf_header_string: u32 len, then len bytes holding a NUL-terminated string. */
char *ff__read_string(struct feat_fd *ff);

void ff__write(struct feat_fd *ff, const void *buf, size_t size);
void ff__write_u32(struct feat_fd *ff, u32 v);
void ff__write_u64(struct feat_fd *ff, u64 v);
/* u32 len (the string and its NUL padded to 64 bytes), then the padded string. */
void ff__write_string(struct feat_fd *ff, const char *str);

/* Attr field printing shared by EVENT_DESC and 'perf evlist -v'. */
void header__print_event_desc(struct evlist *evlist, FILE *fp);

#endif
