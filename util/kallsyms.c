// SPDX-License-Identifier: GPL-2.0
/* Parsing kallsyms files. */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>
#include "huge.h"
#include "kallsyms.h"
#include "symbol.h"

#define KSYM_NAME_MAX 512	/* longer names are cut, as the kernel's KSYM_NAME_LEN */

static int hexdigit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * The whole file in *bufp (free_huge() it), its length returned, -errno on
 * error. /proc files report size 0: read to EOF, into room for a distribution
 * kernel's ~6 MB, in huge pages (a fault per 4 KiB page costs more than the
 * read in a VM).
 */
static ssize_t read_fd(int fd, char **bufp)
{
	size_t alloc = 8 << 20, len = 0;
	char *buf = xrealloc_huge(NULL, alloc);

	for (;;) {
		ssize_t n = read(fd, buf + len, alloc - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = -errno;

			free_huge(buf);
			return err;
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (alloc - len < 64 * 1024) {
			alloc *= 2;
			buf = xrealloc_huge(buf, alloc);
		}
	}
	*bufp = buf;
	return (ssize_t)len;
}

static ssize_t read_whole(const char *path, char **bufp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -errno;
	len = read_fd(fd, bufp);
	close(fd);
	return len;
}

typedef int (*kallsyms_fn)(void *arg, const char *name, size_t len, char type, u64 addr);

static int parse_lines(const char *p, const char *end, void *arg, kallsyms_fn fn)
{
	int ret = 0;

	while (p < end && !ret) {
		const char *eol = memchr(p, '\n', end - p), *name;
		u64 addr = 0;
		int d;
		char type;
		size_t len;

		if (!eol)
			eol = end;
		while (p < eol && (d = hexdigit((unsigned char)*p)) >= 0) {
			addr = addr << 4 | (u64)d;
			p++;
		}
		if (eol - p >= 3 && p[0] == ' ' && p[2] == ' ') {
			type = p[1];
			name = p + 3;
			len = eol - name;
			if (len > KSYM_NAME_MAX)
				len = KSYM_NAME_MAX;
			ret = fn(arg, name, len, type, addr);
		}
		p = eol + 1;
	}
	return ret;
}

int kallsyms__parse(const char *path, void *arg, kallsyms_fn fn)
{
	char *buf = NULL;
	ssize_t size = read_whole(path, &buf);
	int ret;

	if (size < 0)
		return (int)size;
	ret = parse_lines(buf, buf + size, arg, fn);
	free_huge(buf);
	return ret;
}

u8 kallsyms__binding(char type)
{
	if (type == 'W' || type == 'w')
		return STB_WEAK;
	return isupper((unsigned char)type) ? STB_GLOBAL : STB_LOCAL;
}

u8 kallsyms__type(char type)
{
	type = (char)toupper((unsigned char)type);
	return type == 'T' || type == 'W' ? STT_FUNC : STT_OBJECT;
}

struct load_arg {
	struct symtab *st;
	int nr;
};

static int load_one(void *arg, const char *name, size_t len, char type, u64 addr)
{
	struct load_arg *la = arg;
	struct symbol *sym;
	char t = (char)toupper((unsigned char)type);

	if (t != 'T' && t != 'W' && t != 'D' && t != 'B')
		return 0;
	/* ARM module mapping symbols */
	if (name[0] == '$')
		return 0;
	sym = symtab__add(la->st, addr, 0, kallsyms__binding(type), kallsyms__type(type), name, len);
	sym->flags |= SYMBOL_KERNEL;
	la->nr++;
	return 0;
}

/*
 * /proc/kallsyms is made by the kernel as it is read, a page per read(): a
 * second thread reads it while this one parses what has arrived, so that
 * the two halves of the work overlap.
 */
struct kallsyms_stream {
	pthread_mutex_t	lock;
	pthread_cond_t	more;
	int		fd;
	char		*buf;		/* room for STREAM_MAX bytes, touched as filled */
	size_t		filled;		/* published to the parser (under lock) */
	bool		done;		/* end of file or error (under lock) */
	int		err;		/* -errno */
};

#define STREAM_MAX	(64UL << 20)	/* virtual: only what is read gets memory */
#define STREAM_STEP	(64 * 1024)	/* publish and parse in steps this big */

static void stream__publish(struct kallsyms_stream *ks, size_t filled, bool done, int err)
{
	pthread_mutex_lock(&ks->lock);
	ks->filled = filled;
	ks->done = done;
	ks->err = err;
	pthread_cond_signal(&ks->more);
	pthread_mutex_unlock(&ks->lock);
}

static void *stream__reader(void *arg)
{
	struct kallsyms_stream *ks = arg;
	size_t filled = 0, published = 0;

	for (;;) {
		ssize_t n = read(ks->fd, ks->buf + filled, STREAM_MAX - filled);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || (n == 0 && filled == STREAM_MAX)) {
			stream__publish(ks, filled, true, n < 0 ? -errno : -EFBIG);
			return NULL;
		}
		if (n == 0)
			break;
		filled += (size_t)n;
		if (filled - published >= STREAM_STEP) {
			stream__publish(ks, filled, false, 0);
			published = filled;
		}
	}
	stream__publish(ks, filled, true, 0);
	return NULL;
}

/* Wait for a step more than seen (or the end): the bytes filled, *done set at the end. */
static size_t stream__wait(struct kallsyms_stream *ks, size_t seen, bool *done, int *err)
{
	size_t filled;

	pthread_mutex_lock(&ks->lock);
	while (!ks->done && ks->filled - seen < STREAM_STEP)
		pthread_cond_wait(&ks->more, &ks->lock);
	filled = ks->filled;
	*done = ks->done;
	*err = ks->err;
	pthread_mutex_unlock(&ks->lock);
	return filled;
}

/* Parse the stream's complete lines as they arrive; the last one at the end. */
static int stream__parse(struct kallsyms_stream *ks, void *arg, kallsyms_fn fn)
{
	size_t parsed = 0, seen = 0;
	bool done = false;
	int err = 0, ret = 0;

	while (!done && !ret) {
		/* beyond what was seen: a line longer than a step waits, never spins */
		size_t filled = stream__wait(ks, seen, &done, &err), end = filled;

		seen = filled;
		if (!done) {
			while (end > parsed && ks->buf[end - 1] != '\n')
				end--;
		}
		ret = parse_lines(ks->buf + parsed, ks->buf + end, arg, fn);
		parsed = end;
	}
	return err ? err : ret;
}

/* Read fd in a second thread while fn gets its lines; *no_thread when none could start. */
static int kallsyms__parse_streamed(int fd, void *arg, kallsyms_fn fn, bool *no_thread)
{
	struct kallsyms_stream ks = { .fd = fd };
	pthread_t reader;
	int ret;

	ks.buf = xrealloc_huge(NULL, STREAM_MAX);
	pthread_mutex_init(&ks.lock, NULL);
	pthread_cond_init(&ks.more, NULL);
	*no_thread = pthread_create(&reader, NULL, stream__reader, &ks) != 0;
	ret = 0;
	if (!*no_thread) {
		ret = stream__parse(&ks, arg, fn);
		/* an error of fn stops the parse, never the reader: it ends at EOF */
		pthread_join(reader, NULL);
	}
	pthread_cond_destroy(&ks.more);
	pthread_mutex_destroy(&ks.lock);
	free_huge(ks.buf);
	return ret;
}

int kallsyms__load(const char *path, struct symtab *st)
{
	struct load_arg la = { st, 0 };
	char *buf = NULL;
	ssize_t size;
	struct stat sb;
	bool no_thread = true;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (!fstat(fd, &sb) && sb.st_size == 0) {
		/* a /proc file: room for a distribution kernel's ~6 MB of it */
		symtab__reserve(st, (8 << 20) / 20);
		symtab__reserve_names(st, 4 << 20);
		err = kallsyms__parse_streamed(fd, &la, load_one, &no_thread);
		if (err == -EFBIG && lseek(fd, 0, SEEK_SET) == 0) {
			/* bigger than the room: start again, reading it all at once */
			symtab__exit(st);
			la.nr = 0;
			no_thread = true;
		}
	}
	if (no_thread) {
		size = read_fd(fd, &buf);
		if (size >= 0) {
			/* a line is at least 20 bytes ("addr t name"): room for them all at once */
			symtab__reserve(st, (size_t)size / 20);
			symtab__reserve_names(st, (size_t)size);
			err = parse_lines(buf, buf + size, &la, load_one);
			free_huge(buf);
		} else {
			err = (int)size;
		}
	}
	close(fd);
	return err < 0 ? err : la.nr;
}

struct find_arg {
	const char *name;
	size_t len;
	u64 addr;
};

static int find_one(void *arg, const char *name, size_t len, char type, u64 addr)
{
	struct find_arg *fa = arg;
	char t = (char)toupper((unsigned char)type);

	if ((t != 'T' && t != 'W') || len != fa->len || memcmp(name, fa->name, len))
		return 0;
	fa->addr = addr;
	return 1;
}

int kallsyms__function_addr(const char *path, const char *name, u64 *addr)
{
	struct find_arg fa = { name, strlen(name), 0 };

	if (kallsyms__parse(path, &fa, find_one) != 1)
		return -1;
	*addr = fa.addr;
	return 0;
}
