/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Build ids: the GNU build-id note of ELF files (libelf), of the running
 * kernel (/sys/kernel/notes) and of the vdso, and the build-id cache
 * (~/.debug, or $PERF_BUILDID_DIR) in upstream's layout:
 *
 *   <cache>/<absolute path of the file>/<hex build id>/elf     (kallsyms, vdso)
 *   <cache>/.build-id/<first 2 hex>/<other 38 hex> -> ../../<path>/<hex>
 */
#ifndef PERF_BUILD_ID_H
#define PERF_BUILD_ID_H

#include "util.h"

#define BUILD_ID_SIZE 20
#define SBUILD_ID_SIZE (BUILD_ID_SIZE * 2 + 1)

struct build_id {
	u8	data[BUILD_ID_SIZE];
	size_t	size;
};

/* The build id of an ELF file. 0, or -errno (-ENOENT when it has none). */
int filename__read_build_id(const char *path, struct build_id *bid);
/* The build id in a notes file such as /sys/kernel/notes. 0 or -errno. */
int sysfs__read_build_id(const char *path, struct build_id *bid);
/* The first GNU build-id note in a buffer of ELF notes. 0 or -ENOENT. */
int build_id__from_notes(const void *notes, size_t size, bool swap, struct build_id *bid);
/* The build id of an ELF image in memory (the vdso). 0 or -errno. */
int build_id__from_memory(const void *image, size_t size, struct build_id *bid);
/* The build id of this process's vdso, and its image (for the cache). 0 or -errno. */
int vdso__read_build_id(struct build_id *bid, const void **image, size_t *size);

void build_id__init(struct build_id *bid, const u8 *data, size_t size);
bool build_id__is_defined(const struct build_id *bid);
/* Lower-case hex into buf (at least SBUILD_ID_SIZE). Returns the length. */
int build_id__snprintf(const struct build_id *bid, char *buf, size_t size);
/* Parse hex (up to 40 digits). 0 or -EINVAL. */
int build_id__parse(struct build_id *bid, const char *hex);

/* The cache directory: $PERF_BUILDID_DIR, else $HOME/.debug. Allocated. */
char *build_id_cache__dir(void);
/*
 * Where the cached copy of name with this build id lives (allocated):
 * <cache>/<name>/<hex>/elf, or .../kallsyms for [kernel.kallsyms], .../vdso
 * for [vdso]. NULL when no cache directory can be determined.
 */
char *build_id_cache__path(const struct build_id *bid, const char *name);
/* <cache>/.build-id/xx/yyyy... (allocated). */
char *build_id_cache__linkname(const struct build_id *bid);
/*
 * Put a copy of the file at path (a hard link when possible) in the cache
 * under its build id, with the .build-id link. "[kernel.kallsyms]" caches
 * /proc/kallsyms. Returns 0 (also when it is already there) or -errno.
 */
int build_id_cache__add(const struct build_id *bid, const char *path);
/* Cache an in-memory image (the vdso) under name. 0 or -errno. */
int build_id_cache__add_image(const struct build_id *bid, const char *name,
			      const void *image, size_t size);
/* Is this build id in the cache? */
bool build_id_cache__cached(const struct build_id *bid);

#endif
