/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compression (zstd) streams for PERF_RECORD_COMPRESSED: one continuous zstd stream cut
 * into records, flushed after each batch of ring-buffer data, as upstream
 * writes it (-z) and reads it.
 */
#ifndef PERF_COMPRESS_H
#define PERF_COMPRESS_H

#include <sys/types.h>
#include "util.h"

struct zstd_data {
	void	*cstream;	/* ZSTD_CStream */
	void	*dstream;	/* ZSTD_DStream */
	int	level;
};

int zstd_init(struct zstd_data *data, int level);
void zstd_fini(struct zstd_data *data);

/*
 * Compress src into dst as a sequence of records of at most max_record_size
 * bytes each: process_header(record, payload_size) writes a record's header
 * at the start of each (and returns the header size). Returns the bytes
 * used in dst, or 0 on error.
 */
size_t zstd_compress_stream_to_records(struct zstd_data *data, void *dst, size_t dst_size,
				       const void *src, size_t src_size, size_t max_record_size,
				       size_t (*process_header)(void *record, size_t payload_size));

/*
 * Decompress one record's payload, appending to *buf (len bytes used,
 * alloc allocated; grown as needed). Returns the bytes appended, or -1 on a
 * corrupt stream.
 */
ssize_t zstd_decompress_stream(struct zstd_data *data, const void *src, size_t src_size,
			       char **buf, size_t *len, size_t *alloc);

#endif
