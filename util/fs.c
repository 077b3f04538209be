// SPDX-License-Identifier: GPL-2.0
#include "fs.h"
#include "debug.h"
#include <errno.h>
#include <mntent.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef TRACEFS_MAGIC
#define TRACEFS_MAGIC 0x74726163
#endif
#ifndef DEBUGFS_MAGIC
#define DEBUGFS_MAGIC 0x64626720
#endif

struct fs_cache {
	bool looked;
	char path[4096];
	bool found;
};

static struct fs_cache sysfs_cache, procfs_cache, tracefs_cache;
static int tracefs_errno;

static bool fs_has_magic(const char *path, long magic)
{
	struct statfs st;

	return statfs(path, &st) == 0 && (long)st.f_type == magic;
}

/* Scan /proc/mounts for the first mount of type fstype. */
static bool find_in_mounts(const char *fstype, char *out, size_t size)
{
	FILE *fp = setmntent("/proc/mounts", "r");
	struct mntent *m;
	bool found = false;

	if (!fp)
		return false;
	while ((m = getmntent(fp)) != NULL) {
		if (!strcmp(m->mnt_type, fstype)) {
			snprintf(out, size, "%s", m->mnt_dir);
			found = true;
			break;
		}
	}
	endmntent(fp);
	return found;
}

static const char *cached_mount(struct fs_cache *c, const char *fstype, const char *deflt)
{
	if (!c->looked) {
		c->looked = true;
		c->found = find_in_mounts(fstype, c->path, sizeof(c->path));
		if (!c->found && access(deflt, F_OK) == 0) {
			snprintf(c->path, sizeof(c->path), "%s", deflt);
			c->found = true;
		}
	}
	return c->found ? c->path : NULL;
}

const char *sysfs__mountpoint(void)
{
	return cached_mount(&sysfs_cache, "sysfs", "/sys");
}

const char *procfs__mountpoint(void)
{
	return cached_mount(&procfs_cache, "proc", "/proc");
}

const char *tracefs__find_mountpoint(void)
{
	static const char *const known[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing", "/tracing", "/trace",
	};
	struct fs_cache *c = &tracefs_cache;

	if (c->found)
		return c->path;
	if (find_in_mounts("tracefs", c->path, sizeof(c->path))) {
		c->found = true;
		return c->path;
	}
	for (size_t i = 0; i < ARRAY_SIZE(known); i++) {
		if (fs_has_magic(known[i], TRACEFS_MAGIC)) {
			snprintf(c->path, sizeof(c->path), "%s", known[i]);
			c->found = true;
			return c->path;
		}
	}
	/* an old kernel: tracing lives inside debugfs */
	if (find_in_mounts("debugfs", c->path, sizeof(c->path))) {
		size_t len = strlen(c->path);

		snprintf(c->path + len, sizeof(c->path) - len, "/tracing");
		if (access(c->path, F_OK) == 0) {
			c->found = true;
			return c->path;
		}
	}
	return NULL;
}

const char *tracefs__mountpoint(void)
{
	const char *mnt = tracefs__find_mountpoint();
	const char *target = "/sys/kernel/tracing";

	if (mnt)
		return mnt;
	if (tracefs_cache.looked) {
		errno = tracefs_errno;
		return NULL;
	}
	tracefs_cache.looked = true;
	if (access(target, F_OK) != 0) {
		tracefs_errno = ENOENT;
	} else if (mount("nodev", target, "tracefs", 0, NULL) != 0) {
		tracefs_errno = errno;
	} else {
		pr_debug("mounted tracefs at %s\n", target);
		snprintf(tracefs_cache.path, sizeof(tracefs_cache.path), "%s", target);
		tracefs_cache.found = true;
		return tracefs_cache.path;
	}
	errno = tracefs_errno;
	return NULL;
}

const char *tracefs__unavailable_reason(void)
{
	switch (tracefs_errno) {
	case EPERM:
	case EACCES:
		return "tracefs is not mounted and mounting it needs root (mount -t tracefs nodev /sys/kernel/tracing)";
	case ENOENT:
		return "this kernel has no tracefs (CONFIG_TRACING is off?)";
	case ENODEV:
		return "this kernel does not support tracefs";
	default:
		return "tracefs is not mounted and could not be mounted";
	}
}

char *tracefs__path(const char *name)
{
	const char *mnt = tracefs__mountpoint();

	if (!mnt)
		return NULL;
	return xasprintf("%s/%s", mnt, name);
}

char *sysfs__path(const char *name)
{
	const char *mnt = sysfs__mountpoint();

	return xasprintf("%s/%s", mnt ? mnt : "/sys", name);
}
