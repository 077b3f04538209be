// SPDX-License-Identifier: GPL-2.0
#include "tracepoint.h"
#include "debug.h"
#include "fs.h"
#include "string2.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tracepoint__events_dir(void)
{
	static char path[4096];
	const char *mnt;

	if (path[0])
		return path;
	mnt = tracefs__mountpoint();
	if (!mnt)
		return NULL;
	snprintf(path, sizeof(path), "%s/events", mnt);
	return path;
}

/* Read "<dirfd>/<name>/id". */
static int read_id_at(int dirfd, const char *name, u64 *id)
{
	char path[512], buf[32], *end;
	ssize_t n;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/id", name) >= sizeof(path))
		return -ENAMETOOLONG;
	fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -EINVAL;
	buf[n] = '\0';
	*id = strtoull(buf, &end, 10);
	return end == buf ? -EINVAL : 0;
}

int tracepoint__id(const char *sys, const char *name, u64 *id)
{
	const char *dir = tracepoint__events_dir();
	char path[4096];
	int dfd, err;

	if (!dir)
		return -errno ? -errno : -ENOENT;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, sys) >= sizeof(path))
		return -ENAMETOOLONG;
	dfd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	err = read_id_at(dfd, name, id);
	close(dfd);
	return err;
}

/* The events of one subsystem directory matching name_glob. */
static int for_each_event(int sysfd, const char *sys, const char *name_glob,
			  tracepoint_cb cb, void *data, int *nr_found)
{
	struct dirent *de;
	DIR *d;
	int ret = 0;
	u64 id;

	if (!is_glob_pattern(name_glob)) {
		if (read_id_at(sysfd, name_glob, &id))
			return 0;
		(*nr_found)++;
		return cb(sys, name_glob, id, data);
	}
	d = fdopendir(dup(sysfd));
	if (!d)
		return -errno;
	while (!ret && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN))
			continue;
		if (!strglobmatch(de->d_name, name_glob))
			continue;
		if (read_id_at(sysfd, de->d_name, &id))
			continue;	/* "enable", "filter": not events */
		(*nr_found)++;
		ret = cb(sys, de->d_name, id, data);
	}
	closedir(d);
	return ret;
}

int tracepoint__for_each(const char *sys_glob, const char *name_glob, tracepoint_cb cb,
			 void *data, int *nr_found)
{
	const char *dir = tracepoint__events_dir();
	struct dirent *de;
	int dfd, sysfd, ret = 0;
	DIR *d;

	*nr_found = 0;
	if (!dir)
		return -(errno ? errno : ENOENT);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return -errno;
	if (!is_glob_pattern(sys_glob)) {
		sysfd = openat(dfd, sys_glob, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (sysfd < 0) {
			ret = -errno;
		} else {
			ret = for_each_event(sysfd, sys_glob, name_glob, cb, data, nr_found);
			close(sysfd);
		}
		close(dfd);
		return ret;
	}
	d = fdopendir(dfd);
	if (!d) {
		ret = -errno;
		close(dfd);
		return ret;
	}
	while (!ret && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN))
			continue;
		if (!strglobmatch(de->d_name, sys_glob))
			continue;
		sysfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (sysfd < 0)
			continue;
		ret = for_each_event(sysfd, de->d_name, name_glob, cb, data, nr_found);
		close(sysfd);
	}
	closedir(d);
	return ret;
}

char *tracepoint__format_path(const char *sys, const char *name)
{
	const char *dir = tracepoint__events_dir();

	return dir ? xasprintf("%s/%s/%s/format", dir, sys, name) : NULL;
}

char *tracepoint__strerror(int err, const char *sys, const char *name)
{
	const char *dir = tracepoint__events_dir();
	const char *mnt = tracefs__find_mountpoint();

	if (err < 0)
		err = -err;
	if (!dir)
		return xasprintf("Error:\t%s\n", tracefs__unavailable_reason());
	switch (err) {
	case ENOENT:
		return xasprintf("Error:\tFile %s/%s/%s not found.\n"
				 "Hint:\tPerhaps this kernel misses some CONFIG_ setting to enable this feature?.\n",
				 dir, sys, name);
	case EACCES:
		return xasprintf("Error:\tNo permissions to read %s/%s/%s\n"
				 "Hint:\tTry 'sudo mount -o remount,mode=755 %s'\n",
				 dir, sys, name, mnt ? mnt : dir);
	default: {
		char buf[128];

		return xasprintf("Error:\tCannot read %s/%s/%s: %s\n", dir, sys, name,
				 str_error_r(err, buf, sizeof(buf)));
	}
	}
}
