// SPDX-License-Identifier: GPL-2.0
/* Parsing kallsyms files. */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include "kallsyms.h"
#include "huge.h"
#include <fcntl.h>
#include <unistd.h>
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
static ssize_t read_whole(const char *path, char **bufp)
{
	size_t alloc = 8 << 20, len = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	char *buf;

	if (fd < 0)
		return -errno;
	buf = xrealloc_huge(NULL, alloc);
	for (;;) {
		ssize_t n = read(fd, buf + len, alloc - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = -errno;
			close(fd);
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
	close(fd);
	*bufp = buf;
	return (ssize_t)len;
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

int kallsyms__load(const char *path, struct symtab *st)
{
	struct load_arg la = { st, 0 };
	char *buf = NULL;
	ssize_t size = read_whole(path, &buf);
	int err;

	if (size < 0)
		return (int)size;
	/* a line is at least 20 bytes ("addr t name"): room for them all at once */
	symtab__reserve(st, (size_t)size / 20);
	symtab__reserve_names(st, (size_t)size);
	err = parse_lines(buf, buf + size, &la, load_one);
	free_huge(buf);
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
