// SPDX-License-Identifier: GPL-2.0
#include "build-id.h"
#include "io.h"
#include "strbuf.h"
#include <byteswap.h>
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

void build_id__init(struct build_id *bid, const u8 *data, size_t size)
{
	if (size > BUILD_ID_SIZE)
		size = BUILD_ID_SIZE;
	memset(bid, 0, sizeof(*bid));
	memcpy(bid->data, data, size);
	bid->size = size;
}

bool build_id__is_defined(const struct build_id *bid)
{
	for (size_t i = 0; bid && i < bid->size; i++)
		if (bid->data[i])
			return true;
	return false;
}

int build_id__snprintf(const struct build_id *bid, char *buf, size_t size)
{
	size_t n = 0;

	if (!size)
		return 0;
	for (size_t i = 0; i < bid->size && n + 3 <= size; i++)
		n += snprintf(buf + n, size - n, "%02x", bid->data[i]);
	buf[n] = '\0';
	return n;
}

int build_id__parse(struct build_id *bid, const char *hex)
{
	size_t len = strlen(hex);

	memset(bid, 0, sizeof(*bid));
	if (!len || len % 2 || len > 2 * BUILD_ID_SIZE)
		return -EINVAL;
	for (size_t i = 0; i < len; i += 2) {
		char byte[3] = { hex[i], hex[i + 1], 0 };

		if (!isxdigit((unsigned char)hex[i]) || !isxdigit((unsigned char)hex[i + 1]))
			return -EINVAL;
		bid->data[i / 2] = (u8)strtoul(byte, NULL, 16);
	}
	bid->size = len / 2;
	return 0;
}

int build_id__from_notes(const void *notes, size_t size, bool swap, struct build_id *bid)
{
	const char *p = notes, *end = p + size;

	while (p + 12 <= end) {
		u32 namesz, descsz, type;

		memcpy(&namesz, p, 4);
		memcpy(&descsz, p + 4, 4);
		memcpy(&type, p + 8, 4);
		if (swap) {
			namesz = bswap_32(namesz);
			descsz = bswap_32(descsz);
			type = bswap_32(type);
		}
		p += 12;
		if (namesz > (size_t)(end - p))
			break;
		{
			const char *name = p;
			const char *desc = p + PERF_ALIGN((size_t)namesz, 4);

			if ((size_t)(end - desc) < descsz && desc <= end)
				break;
			if (desc > end)
				break;
			if (type == NT_GNU_BUILD_ID && namesz == 4 && !memcmp(name, "GNU", 4)) {
				build_id__init(bid, (const u8 *)desc, descsz);
				return 0;
			}
			p = desc + PERF_ALIGN((size_t)descsz, 4);
		}
	}
	return -ENOENT;
}

static int elf__read_build_id(Elf *elf, struct build_id *bid)
{
	Elf_Scn *scn = NULL;
	GElf_Ehdr ehdr;
	size_t phnum;
	bool swap;

	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &ehdr))
		return -EINVAL;
#if __BYTE_ORDER == __LITTLE_ENDIAN
	swap = ehdr.e_ident[EI_DATA] != ELFDATA2LSB;
#else
	swap = ehdr.e_ident[EI_DATA] != ELFDATA2MSB;
#endif
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		data = elf_rawdata(scn, NULL);
		if (data && data->d_buf && !build_id__from_notes(data->d_buf, data->d_size, swap, bid))
			return 0;
	}
	/* no section headers (a stripped image): the PT_NOTE segments */
	if (elf_getphdrnum(elf, &phnum))
		return -ENOENT;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr phdr;
		Elf_Data *data;

		if (!gelf_getphdr(elf, (int)i, &phdr) || phdr.p_type != PT_NOTE)
			continue;
		data = elf_getdata_rawchunk(elf, phdr.p_offset, phdr.p_filesz, ELF_T_BYTE);
		if (data && data->d_buf && !build_id__from_notes(data->d_buf, data->d_size, swap, bid))
			return 0;
	}
	return -ENOENT;
}

int filename__read_build_id(const char *path, struct build_id *bid)
{
	Elf *elf;
	int fd, err;

	memset(bid, 0, sizeof(*bid));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(fd);
		return -EINVAL;
	}
	err = elf__read_build_id(elf, bid);
	elf_end(elf);
	close(fd);
	return err;
}

int build_id__from_memory(const void *image, size_t size, struct build_id *bid)
{
	Elf *elf;
	int err;

	memset(bid, 0, sizeof(*bid));
	elf_version(EV_CURRENT);
	elf = elf_memory((char *)image, size);
	if (!elf)
		return -EINVAL;
	err = elf__read_build_id(elf, bid);
	elf_end(elf);
	return err;
}

int sysfs__read_build_id(const char *path, struct build_id *bid)
{
	struct strbuf sb = STRBUF_INIT;
	int err;

	memset(bid, 0, sizeof(*bid));
	if (strbuf_read_file(&sb, path, 1024) < 0) {
		err = -errno;
		strbuf_release(&sb);
		return err;
	}
	err = build_id__from_notes(sb.buf, sb.len, false, bid);
	strbuf_release(&sb);
	return err;
}

/* The vdso mapping of this process: its start from the aux vector, its size from /proc/self/maps. */
int vdso__read_build_id(struct build_id *bid, const void **image, size_t *size)
{
	unsigned long base = getauxval(AT_SYSINFO_EHDR);
	FILE *fp;
	char line[512];
	size_t sz = 0;

	memset(bid, 0, sizeof(*bid));
	if (!base)
		return -ENOENT;
	fp = fopen("/proc/self/maps", "r");
	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long start, end;

		if (sscanf(line, "%lx-%lx", &start, &end) == 2 && start == base) {
			sz = end - start;
			break;
		}
	}
	fclose(fp);
	if (!sz)
		return -ENOENT;
	if (image)
		*image = (const void *)base;
	if (size)
		*size = sz;
	return build_id__from_memory((const void *)base, sz, bid);
}

char *build_id_cache__dir(void)
{
	const char *dir = getenv("PERF_BUILDID_DIR");
	const char *home;

	if (dir && *dir)
		return xstrdup(dir);
	home = getenv("HOME");
	if (!home || !*home)
		return NULL;
	return xasprintf("%s/.debug", home);
}

static const char *cache_file_name(const char *name)
{
	if (!strcmp(name, "[kernel.kallsyms]"))
		return "kallsyms";
	if (!strcmp(name, "[vdso]"))
		return "vdso";
	return "elf";
}

char *build_id_cache__path(const struct build_id *bid, const char *name)
{
	char hex[SBUILD_ID_SIZE], *dir, *path;

	dir = build_id_cache__dir();
	if (!dir)
		return NULL;
	build_id__snprintf(bid, hex, sizeof(hex));
	path = xasprintf("%s%s%s/%s/%s", dir, name[0] == '/' ? "" : "/", name, hex,
			 cache_file_name(name));
	free(dir);
	return path;
}

char *build_id_cache__linkname(const struct build_id *bid)
{
	char hex[SBUILD_ID_SIZE], *dir, *path;

	dir = build_id_cache__dir();
	if (!dir)
		return NULL;
	build_id__snprintf(bid, hex, sizeof(hex));
	path = xasprintf("%s/.build-id/%.2s/%s", dir, hex, hex + 2);
	free(dir);
	return path;
}

bool build_id_cache__cached(const struct build_id *bid)
{
	char *link = build_id_cache__linkname(bid);
	bool ret = link && access(link, F_OK) == 0;

	free(link);
	return ret;
}

/* mkdir -p */
static int mkdir_p(const char *path)
{
	char *tmp = xstrdup(path);
	int err = 0;

	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) && errno != EEXIST) {
			err = -errno;
			break;
		}
		*p = '/';
	}
	if (!err && mkdir(tmp, 0755) && errno != EEXIST)
		err = -errno;
	free(tmp);
	return err;
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536];
	int in, out, err = 0;
	ssize_t n;

	in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -errno;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		err = -errno;
		close(in);
		return err;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (writen(out, buf, n) != n) {
			err = -errno;
			break;
		}
	}
	if (n < 0)
		err = -errno;
	close(in);
	if (close(out) && !err)
		err = -errno;
	if (err)
		unlink(to);
	return err;
}

/* Create <cache>/<name>/<hex>/ and the .build-id link to it; *file gets the copy's path. */
static int cache_prepare(const struct build_id *bid, const char *name, char **file)
{
	char *path, *dir, *link, *linkdir, *target, hex[SBUILD_ID_SIZE];
	int err;

	*file = NULL;
	path = build_id_cache__path(bid, name);
	link = build_id_cache__linkname(bid);
	if (!path || !link) {
		free(path);
		free(link);
		return -ENOENT;
	}
	dir = xstrdup(path);
	*strrchr(dir, '/') = '\0';
	err = mkdir_p(dir);
	if (err)
		goto out;
	linkdir = xstrdup(link);
	*strrchr(linkdir, '/') = '\0';
	err = mkdir_p(linkdir);
	free(linkdir);
	if (err)
		goto out;
	build_id__snprintf(bid, hex, sizeof(hex));
	target = xasprintf("../..%s%s/%s", name[0] == '/' ? "" : "/", name, hex);
	if (symlink(target, link) && errno != EEXIST)
		err = -errno;
	free(target);
	*file = path;
	path = NULL;
out:
	free(path);
	free(dir);
	free(link);
	return err;
}

int build_id_cache__add(const struct build_id *bid, const char *path)
{
	const char *src = path;
	char *file;
	int err;

	if (!build_id__is_defined(bid))
		return -EINVAL;
	err = cache_prepare(bid, path, &file);
	if (err)
		return err;
	if (access(file, F_OK) == 0)
		goto out;
	if (!strcmp(path, "[kernel.kallsyms]"))
		src = "/proc/kallsyms";
	if (src == path && link(src, file) == 0)
		goto out;
	err = copy_file(src, file);
out:
	free(file);
	return err;
}

int build_id_cache__add_image(const struct build_id *bid, const char *name,
			      const void *image, size_t size)
{
	char *file;
	int fd, err;

	err = cache_prepare(bid, name, &file);
	if (err)
		return err;
	if (access(file, F_OK) == 0)
		goto out;
	fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	if (writen(fd, image, size) != (ssize_t)size)
		err = -errno;
	close(fd);
	if (err)
		unlink(file);
out:
	free(file);
	return err;
}
