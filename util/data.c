// SPDX-License-Identifier: GPL-2.0
#include "data.h"
#include "debug.h"
#include "io.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int open_read(struct perf_data *data)
{
	struct stat st;
	char sbuf[128];
	int fd, err;

	if (!data->path || !*data->path) {
		if (!fstat(STDIN_FILENO, &st) && S_ISFIFO(st.st_mode))
			data->path = "-";
		else
			data->path = "perf.data";
	}
	if (!strcmp(data->path, "-")) {
		data->fd = STDIN_FILENO;
		data->is_pipe = true;
		data->size = 0;
		return 0;
	}
	fd = open(data->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		pr_err("failed to open %s: %s", data->path, str_error_r(-err, sbuf, sizeof(sbuf)));
		if (err == -ENOENT && !strcmp(data->path, "perf.data"))
			pr_err("  (try 'perf record' first)");
		pr_err("\n");
		return err;
	}
	if (fstat(fd, &st) < 0) {
		err = -errno;
		pr_err("failed to stat %s: %s\n", data->path, str_error_r(-err, sbuf, sizeof(sbuf)));
		close(fd);
		return err;
	}
	if (S_ISFIFO(st.st_mode)) {
		data->fd = fd;
		data->is_pipe = true;
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		pr_err("%s is a directory: perf.data directories (--threads) are not supported\n",
		       data->path);
		close(fd);
		return -EISDIR;
	}
	if (!data->force && st.st_uid && st.st_uid != geteuid()) {
		pr_err("File %s not owned by current user or root (use -f to override)\n", data->path);
		close(fd);
		return -EACCES;
	}
	if (!st.st_size) {
		pr_err("zero-sized data (%s), nothing to do!\n", data->path);
		close(fd);
		return -EINVAL;
	}
	data->fd = fd;
	data->size = st.st_size;
	return 0;
}

/* perf.data -> perf.data.old, as upstream does before overwriting. */
static int backup_old(const char *path)
{
	struct stat st;
	char *old, sbuf[128];
	int err = 0;

	if (stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	old = xasprintf("%s.old", path);
	if (rename(path, old)) {
		err = -errno;
		pr_err("Can't move data file %s to %s: %s\n", path, old,
		       str_error_r(errno, sbuf, sizeof(sbuf)));
	}
	free(old);
	return err;
}

static int open_write(struct perf_data *data)
{
	char sbuf[128];
	int fd, err;

	if (!data->path || !*data->path)
		data->path = "perf.data";
	if (!strcmp(data->path, "-")) {
		data->fd = STDOUT_FILENO;
		data->is_pipe = true;
		data->size = 0;
		return 0;
	}
	err = backup_old(data->path);
	if (err)
		return err;
	fd = open(data->path, O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		err = -errno;
		pr_err("failed to open %s : %s\n", data->path, str_error_r(-err, sbuf, sizeof(sbuf)));
		return err;
	}
	data->fd = fd;
	data->size = 0;
	return 0;
}

int perf_data__open(struct perf_data *data)
{
	data->fd = -1;
	data->is_pipe = false;
	if (data->mode == PERF_DATA_MODE_READ)
		return open_read(data);
	return open_write(data);
}

void perf_data__close(struct perf_data *data)
{
	if (data->fd >= 0 && !(data->is_pipe && (data->fd == STDIN_FILENO || data->fd == STDOUT_FILENO)))
		close(data->fd);
	data->fd = -1;
	zfree(&data->owned_path);
}

ssize_t perf_data__write(struct perf_data *data, const void *buf, size_t size)
{
	ssize_t n = writen(data->fd, buf, size);

	if (n < 0)
		return -errno;
	data->size += n;
	return n;
}

int perf_data__switch(struct perf_data *data, const char *timestamp, char **new_name)
{
	char *name = xasprintf("%s.%s", data->path, timestamp);
	char sbuf[128];
	int fd, err;

	*new_name = NULL;
	if (data->is_pipe) {
		free(name);
		return -EINVAL;
	}
	if (rename(data->path, name)) {
		err = -errno;
		pr_err("failed to rename %s to %s: %s\n", data->path, name,
		       str_error_r(-err, sbuf, sizeof(sbuf)));
		free(name);
		return err;
	}
	fd = open(data->path, O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		err = -errno;
		pr_err("failed to create %s: %s\n", data->path, str_error_r(-err, sbuf, sizeof(sbuf)));
		free(name);
		return err;
	}
	close(data->fd);
	data->fd = fd;
	data->size = 0;
	*new_name = name;
	return 0;
}
