// SPDX-License-Identifier: GPL-2.0
#include "compress.h"
#include "debug.h"
#include <zstd.h>

int zstd_init(struct zstd_data *data, int level)
{
	memset(data, 0, sizeof(*data));
	data->level = level;
	return 0;
}

void zstd_fini(struct zstd_data *data)
{
	if (data->cstream)
		ZSTD_freeCStream(data->cstream);
	if (data->dstream)
		ZSTD_freeDStream(data->dstream);
	data->cstream = data->dstream = NULL;
}

size_t zstd_compress_stream_to_records(struct zstd_data *data, void *dst, size_t dst_size,
				       const void *src, size_t src_size, size_t max_record_size,
				       size_t (*process_header)(void *record, size_t payload_size))
{
	ZSTD_inBuffer input = { src, src_size, 0 };
	size_t used = 0;

	if (!data->cstream) {
		data->cstream = ZSTD_createCStream();
		if (!data->cstream || ZSTD_isError(ZSTD_initCStream(data->cstream, data->level))) {
			pr_err("failed to initialize the zstd compressor\n");
			return 0;
		}
	}
	while (input.pos < input.size || used == 0) {
		char *record = (char *)dst + used;
		size_t hdr, room = dst_size - used, ret;
		ZSTD_outBuffer output;

		if (room > max_record_size)
			room = max_record_size;
		hdr = process_header(record, 0);
		if (room <= hdr + 1)
			return 0;
		output.dst = record + hdr;
		output.size = room - hdr;
		output.pos = 0;
		ret = ZSTD_compressStream(data->cstream, &output, &input);
		if (!ZSTD_isError(ret))
			ret = ZSTD_flushStream(data->cstream, &output);
		if (ZSTD_isError(ret)) {
			pr_err("zstd compression failed: %s\n", ZSTD_getErrorName(ret));
			return 0;
		}
		process_header(record, output.pos);
		used += hdr + output.pos;
		if (ret == 0 && input.pos == input.size)
			break;
	}
	return used;
}

ssize_t zstd_decompress_stream(struct zstd_data *data, const void *src, size_t src_size,
			       char **buf, size_t *len, size_t *alloc)
{
	ZSTD_inBuffer input = { src, src_size, 0 };
	size_t start = *len;

	if (!data->dstream) {
		data->dstream = ZSTD_createDStream();
		if (!data->dstream || ZSTD_isError(ZSTD_initDStream(data->dstream))) {
			pr_err("failed to initialize the zstd decompressor\n");
			return -1;
		}
	}
	for (;;) {
		ZSTD_outBuffer output;
		size_t ret;

		if (*alloc - *len < 65536) {
			*alloc = *alloc ? *alloc * 2 : 1 << 20;
			*buf = xrealloc(*buf, *alloc);
		}
		output.dst = *buf + *len;
		output.size = *alloc - *len;
		output.pos = 0;
		ret = ZSTD_decompressStream(data->dstream, &output, &input);
		if (ZSTD_isError(ret)) {
			pr_err("zstd decompression failed: %s\n", ZSTD_getErrorName(ret));
			return -1;
		}
		*len += output.pos;
		/* done when the input is used and the output buffer was not filled */
		if (input.pos == input.size && output.pos < output.size)
			break;
	}
	return *len - start;
}
