/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf_data: the file (or pipe) a session reads or 'perf record' writes.
 *
 * Reading: path NULL means "perf.data", or standard input when it is a pipe;
 * "-" is standard input. Writing: "-" is standard output; an existing file
 * is renamed to <path>.old first, and the new one is created mode 0600.
 */
#ifndef PERF_DATA_H
#define PERF_DATA_H

#include <sys/types.h>
#include "util.h"

enum perf_data_mode {
	PERF_DATA_MODE_READ,
	PERF_DATA_MODE_WRITE,
};

struct perf_data {
	const char		*path;
	int			fd;
	bool			is_pipe;
	bool			force;		/* -f: skip the ownership check */
	enum perf_data_mode	mode;
	u64			size;		/* read: file size; write: bytes written */
	char			*owned_path;	/* when path was chosen here */
};

/* Open; prints upstream-style errors naming the file. 0 or -errno. */
int perf_data__open(struct perf_data *data);
void perf_data__close(struct perf_data *data);

static inline const char *perf_data__path(const struct perf_data *data)
{
	return data->path;
}

/* Write all of buf (counts data->size). n, or -errno (-ENOSPC for a full disk). */
ssize_t perf_data__write(struct perf_data *data, const void *buf, size_t size);

/*
 * --switch-output: rename the current file to <path>.<timestamp> and start a
 * new one at path (the caller writes a new header). *new_name gets the
 * rotated file's name (allocated). 0 or -errno.
 */
int perf_data__switch(struct perf_data *data, const char *timestamp, char **new_name);

#endif
