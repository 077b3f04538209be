// SPDX-License-Identifier: GPL-2.0
#include "tracing-data.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "fs.h"
#include "strbuf.h"
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <event-parse.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

static const char tracing_magic[] = "\027\010\104tracing";	/* 10 bytes, no NUL */
#define TRACING_MAGIC_LEN 10

bool evlist__has_tracepoints(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT)
			return true;
	return false;
}

/* "sys" and "name" of a tracepoint evsel (from the parser, else from "sys:name"). */
static bool tp_names(struct evsel *evsel, char *sys, size_t sys_len, const char **name)
{
	const char *colon;

	if (evsel->tp_sys && evsel->tp_name) {
		snprintf(sys, sys_len, "%s", evsel->tp_sys);
		*name = evsel->tp_name;
		return true;
	}
	if (!evsel->name || !(colon = strchr(evsel->name, ':')))
		return false;
	snprintf(sys, sys_len, "%.*s", (int)(colon - evsel->name), evsel->name);
	*name = colon + 1;
	return true;
}

static bool tp_wanted(struct evlist *evlist, const char *sys, const char *name)
{
	struct evsel *evsel;
	char s[256];
	const char *n;

	evlist__for_each_entry(evlist, evsel) {
		if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !tp_names(evsel, s, sizeof(s), &n))
			continue;
		if (!strcmp(s, sys) && (!name || !strcmp(n, name)))
			return true;
	}
	return false;
}

static int add_file_u64(struct strbuf *sb, const char *path)
{
	struct strbuf content = STRBUF_INIT;
	u64 size;

	if (strbuf_read_file(&content, path, 4096) < 0) {
		strbuf_release(&content);
		return -errno;
	}
	size = content.len;
	strbuf_add(sb, &size, sizeof(size));
	strbuf_add(sb, content.buf, content.len);
	strbuf_release(&content);
	return 0;
}

static int add_system(struct strbuf *sb, struct evlist *evlist, const char *events_dir, const char *sys)
{
	char path[PATH_MAX];
	struct dirent *d;
	DIR *dir;
	u32 count = 0;
	int err = 0;

	if (snprintf(path, sizeof(path), "%s/%s", events_dir, sys) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir)) != NULL)
		if (d->d_name[0] != '.' && tp_wanted(evlist, sys, d->d_name))
			count++;
	strbuf_add(sb, sys, strlen(sys) + 1);
	strbuf_add(sb, &count, sizeof(count));
	rewinddir(dir);
	while (!err && (d = readdir(dir)) != NULL) {
		if (d->d_name[0] == '.' || !tp_wanted(evlist, sys, d->d_name))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s/%s/format", events_dir, sys, d->d_name) >=
		    (int)sizeof(path))
			err = -ENAMETOOLONG;
		else
			err = add_file_u64(sb, path);
	}
	closedir(dir);
	return err;
}

int tracing_data__build(struct evlist *evlist, char **buf, size_t *size)
{
	struct strbuf sb = STRBUF_INIT, content = STRBUF_INIT;
	const char *tracefs = tracefs__mountpoint();
	char path[PATH_MAX], events_dir[PATH_MAX];
	u32 page_size = sysconf(_SC_PAGESIZE), count = 0, size32;
	u64 zero64 = 0;
	struct dirent *d;
	DIR *dir;
	int err = 0;

	if (!evlist__has_tracepoints(evlist))
		return -ENOENT;
	if (!tracefs) {
		pr_err("tracefs is not available: %s\n", tracefs__unavailable_reason());
		return -ENOENT;
	}
	strbuf_add(&sb, tracing_magic, TRACING_MAGIC_LEN);
	strbuf_add(&sb, "0.6", 4);
	strbuf_addch(&sb, __BYTE_ORDER == __BIG_ENDIAN ? 1 : 0);
	strbuf_addch(&sb, sizeof(long));
	strbuf_add(&sb, &page_size, sizeof(page_size));

	if (snprintf(events_dir, sizeof(events_dir), "%s/events", tracefs) >= (int)sizeof(events_dir)) {
		err = -ENAMETOOLONG;
		goto out;
	}
	strbuf_add(&sb, "header_page", 12);
	if (snprintf(path, sizeof(path), "%s/header_page", events_dir) >= (int)sizeof(path)) {
		err = -ENAMETOOLONG;
		goto out;
	}
	err = add_file_u64(&sb, path);
	if (err)
		goto out;
	strbuf_add(&sb, "header_event", 13);
	if (snprintf(path, sizeof(path), "%s/header_event", events_dir) >= (int)sizeof(path)) {
		err = -ENAMETOOLONG;
		goto out;
	}
	err = add_file_u64(&sb, path);
	if (err)
		goto out;
	/* ftrace's own events: none */
	strbuf_add(&sb, &count, sizeof(count));

	dir = opendir(events_dir);
	if (!dir) {
		err = -errno;
		goto out;
	}
	while ((d = readdir(dir)) != NULL)
		if (d->d_type == DT_DIR && d->d_name[0] != '.' && strcmp(d->d_name, "ftrace") &&
		    tp_wanted(evlist, d->d_name, NULL))
			count++;
	strbuf_add(&sb, &count, sizeof(count));
	rewinddir(dir);
	while (!err && (d = readdir(dir)) != NULL) {
		if (d->d_type != DT_DIR || d->d_name[0] == '.' || !strcmp(d->d_name, "ftrace") ||
		    !tp_wanted(evlist, d->d_name, NULL))
			continue;
		err = add_system(&sb, evlist, events_dir, d->d_name);
	}
	closedir(dir);
	if (err)
		goto out;
	/* kallsyms: not recorded (upstream writes none either) */
	size32 = 0;
	strbuf_add(&sb, &size32, sizeof(size32));
	snprintf(path, sizeof(path), "%s/printk_formats", tracefs);
	if (strbuf_read_file(&content, path, 4096) < 0)
		strbuf_reset(&content);
	size32 = content.len;
	strbuf_add(&sb, &size32, sizeof(size32));
	strbuf_add(&sb, content.buf, content.len);
	/* saved cmdlines: none */
	strbuf_add(&sb, &zero64, sizeof(zero64));
out:
	strbuf_release(&content);
	if (err) {
		strbuf_release(&sb);
		return err;
	}
	*size = sb.len;
	*buf = strbuf_detach(&sb, NULL);
	return 0;
}

/* --- reading --- */

struct td_reader {
	const char *buf;
	size_t size, pos;
	bool swap;
};

static const char *td_take(struct td_reader *r, size_t n)
{
	const char *p;

	if (n > r->size - r->pos)
		return NULL;
	p = r->buf + r->pos;
	r->pos += n;
	return p;
}

static bool td_u32(struct td_reader *r, u32 *v)
{
	const char *p = td_take(r, 4);

	if (!p)
		return false;
	memcpy(v, p, 4);
	if (r->swap)
		*v = __builtin_bswap32(*v);
	return true;
}

static bool td_u64(struct td_reader *r, u64 *v)
{
	const char *p = td_take(r, 8);

	if (!p)
		return false;
	memcpy(v, p, 8);
	if (r->swap)
		*v = __builtin_bswap64(*v);
	return true;
}

/* A NUL-terminated string in the data. */
static const char *td_str(struct td_reader *r)
{
	const char *s = r->buf + r->pos;
	size_t n = strnlen(s, r->size - r->pos);

	if (n == r->size - r->pos)
		return NULL;
	r->pos += n + 1;
	return s;
}

/* A copy with a NUL (libtraceevent parses C strings). */
static char *td_copy(struct td_reader *r, u64 size)
{
	const char *p = size <= r->size - r->pos ? td_take(r, size) : NULL;

	return p ? xstrndup(p, size) : NULL;
}

static bool parse_formats(struct tep_handle *tep, struct td_reader *r, const char *sys)
{
	u32 count;

	if (!td_u32(r, &count))
		return false;
	for (u32 i = 0; i < count; i++) {
		u64 size;
		char *fmt;

		if (!td_u64(r, &size) || !(fmt = td_copy(r, size)))
			return false;
		if (tep_parse_event(tep, fmt, size, sys))
			pr_debug("tracing data: cannot parse a format of %s\n", sys);
		free(fmt);
	}
	return true;
}

struct tep_handle *tracing_data__parse(const void *buf, size_t size)
{
	struct td_reader r = { .buf = buf, .size = size };
	struct tep_handle *tep;
	const char *version, *s;
	u32 page_size, nr_systems, size32;
	u64 size64;
	int file_big, long_size;
	char *text;
	bool v06;

	s = td_take(&r, TRACING_MAGIC_LEN);
	if (!s || memcmp(s, tracing_magic, TRACING_MAGIC_LEN)) {
		pr_warning("WARNING: the tracing data has a bad magic: tracepoints are not decoded\n");
		return NULL;
	}
	version = td_str(&r);
	s = td_take(&r, 2);
	if (!version || !s)
		goto bad;
	v06 = strcmp(version, "0.6") >= 0;
	file_big = s[0];
	long_size = s[1];
	r.swap = (file_big != 0) != (__BYTE_ORDER == __BIG_ENDIAN);
	if (!td_u32(&r, &page_size))
		goto bad;
	tep = tep_alloc();
	if (!tep)
		return NULL;
	tep_set_file_bigendian(tep, file_big ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, __BYTE_ORDER == __BIG_ENDIAN ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(tep, long_size);
	tep_set_page_size(tep, page_size);

	s = td_str(&r);
	if (!s || strcmp(s, "header_page") || !td_u64(&r, &size64) || !(text = td_copy(&r, size64)))
		goto bad_tep;
	tep_parse_header_page(tep, text, size64, long_size);
	free(text);
	s = td_str(&r);
	if (!s || strcmp(s, "header_event") || !td_u64(&r, &size64) || !td_take(&r, size64))
		goto bad_tep;
	if (!parse_formats(tep, &r, "ftrace") || !td_u32(&r, &nr_systems))
		goto bad_tep;
	for (u32 i = 0; i < nr_systems; i++) {
		const char *sys = td_str(&r);

		if (!sys || !parse_formats(tep, &r, sys))
			goto bad_tep;
	}
	/* kallsyms, printk formats, saved cmdlines: optional extras */
	if (td_u32(&r, &size32) && (text = td_copy(&r, size32))) {
		if (size32)
			tep_parse_kallsyms(tep, text);
		free(text);
		if (td_u32(&r, &size32) && (text = td_copy(&r, size32))) {
			if (size32)
				tep_parse_printk_formats(tep, text);
			free(text);
			if (v06 && td_u64(&r, &size64) && (text = td_copy(&r, size64))) {
				if (size64)
					tep_parse_saved_cmdlines(tep, text);
				free(text);
			}
		}
	}
	return tep;
bad_tep:
	tep_free(tep);
bad:
	pr_warning("WARNING: the tracing data is truncated or corrupt (at byte %zu of %zu): "
		   "tracepoints are not decoded\n", r.pos, r.size);
	return NULL;
}

void tracing_data__put_tep(struct tep_handle *tep)
{
	if (tep)
		tep_free(tep);
}

void tracing_data__set_evsel_formats(struct tep_handle *tep, struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		struct tep_event *event;

		if (evsel->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		event = tep_find_event(tep, (int)evsel->attr.config);
		if (!event)
			continue;
		evsel->tp_format = event;
		if (!evsel->tp_sys)
			evsel->tp_sys = xstrdup(event->system);
		if (!evsel->tp_name)
			evsel->tp_name = xstrdup(event->name);
		if (!evsel->name || strstarts(evsel->name, "tracepoint "))
		{
			free(evsel->name);
			evsel->name = xasprintf("%s:%s", event->system, event->name);
		}
	}
}
