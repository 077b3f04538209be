// SPDX-License-Identifier: GPL-2.0
/* The perf.data file header: reading, validating, printing and writing. */
#include "header.h"
#include "header-feat.h"
#include "data.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "io.h"
#include "strbuf.h"
#include <byteswap.h>
#include <errno.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Ids per event in a file: more is a corrupt attr section. */
#define MAX_IDS_PER_EVENT	(1 << 24)
#define MAX_ATTRS		(1 << 16)
/* A feature section larger than this is corrupt. */
#define MAX_FEATURE_SIZE	(1ULL << 32)

void perf_header__init(struct perf_header *header)
{
	memset(header, 0, sizeof(*header));
}

void perf_header__exit(struct perf_header *header)
{
	perf_env__exit(&header->env);
	zfree(&header->tracing_data);
}

const char *header_feat__name(int feat)
{
	const struct feature_ops *ops = feature_ops__get(feat);

	return ops ? ops->name : NULL;
}

/* --- feat_fd --- */

int ff__read(struct feat_fd *ff, void *buf, size_t size)
{
	if (size > ff->size - ff->offset)
		return -EINVAL;
	memcpy(buf, ff->buf + ff->offset, size);
	ff->offset += size;
	return 0;
}

int ff__read_u32(struct feat_fd *ff, u32 *v)
{
	int err = ff__read(ff, v, sizeof(*v));

	if (!err && ff->swap)
		*v = bswap_32(*v);
	return err;
}

int ff__read_u64(struct feat_fd *ff, u64 *v)
{
	int err = ff__read(ff, v, sizeof(*v));

	if (!err && ff->swap)
		*v = bswap_64(*v);
	return err;
}

char *ff__read_string(struct feat_fd *ff)
{
	u32 len;
	char *s;

	if (ff__read_u32(ff, &len) || len > ff->size - ff->offset)
		return NULL;
	s = xmalloc(len + 1);
	memcpy(s, ff->buf + ff->offset, len);
	s[len] = '\0';		/* also when the writer forgot the NUL */
	ff->offset += len;
	return s;
}

void ff__write(struct feat_fd *ff, const void *buf, size_t size)
{
	strbuf_add(ff->sb, buf, size);
}

void ff__write_u32(struct feat_fd *ff, u32 v)
{
	ff__write(ff, &v, sizeof(v));
}

void ff__write_u64(struct feat_fd *ff, u64 v)
{
	ff__write(ff, &v, sizeof(v));
}

#define NAME_ALIGN 64

void ff__write_string(struct feat_fd *ff, const char *str)
{
	size_t olen = strlen(str) + 1;
	u32 len = PERF_ALIGN(olen, NAME_ALIGN);

	ff__write_u32(ff, len);
	ff__write(ff, str, olen);
	strbuf_addchars(ff->sb, 0, len - olen);
}

/* --- reading --- */

static bool section_ok(const struct perf_file_section *s, u64 file_size)
{
	return s->offset <= file_size && s->size <= file_size - s->offset;
}

static void swap_section(struct perf_file_section *s)
{
	s->offset = bswap_64(s->offset);
	s->size = bswap_64(s->size);
}

/* A name for events without one in the file (no EVENT_DESC feature). */
static char *attr__fallback_name(const struct perf_event_attr *attr)
{
	static const char *const sw[] = {
		"cpu-clock", "task-clock", "page-faults", "context-switches",
		"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
		"emulation-faults", "dummy", "bpf-output", "cgroup-switches",
	};
	static const char *const hw[] = {
		"cycles", "instructions", "cache-references", "cache-misses",
		"branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
		"stalled-cycles-backend", "ref-cycles",
	};

	switch (attr->type) {
	case PERF_TYPE_SOFTWARE:
		if (attr->config < ARRAY_SIZE(sw))
			return xstrdup(sw[attr->config]);
		break;
	case PERF_TYPE_HARDWARE:
		if (attr->config < ARRAY_SIZE(hw))
			return xstrdup(hw[attr->config]);
		break;
	case PERF_TYPE_RAW:
		return xasprintf("raw 0x%" PRIx64, (u64)attr->config);
	case PERF_TYPE_TRACEPOINT:
		return xasprintf("tracepoint %" PRIu64, (u64)attr->config);
	case PERF_TYPE_BREAKPOINT:
		return xasprintf("mem:0x%" PRIx64, (u64)attr->bp_addr);
	default:
		break;
	}
	return xasprintf("unknown attr type: %u", attr->type);
}

/* An evsel for attr (copied, bounded by its own size field) in evlist. */
static struct evsel *header__add_evsel(struct evlist *evlist, const void *raw, size_t avail,
				       bool swap)
{
	struct perf_event_attr attr;
	size_t sz;
	struct evsel *evsel;

	memset(&attr, 0, sizeof(attr));
	sz = avail < sizeof(attr) ? avail : sizeof(attr);
	memcpy(&attr, raw, sz);
	if (swap)
		perf_event__attr_swap(&attr, sz);
	if (!attr.size)
		attr.size = PERF_ATTR_SIZE_VER0;
	/* fields past what the writer knew are zero */
	if (attr.size < sz)
		memset((char *)&attr + attr.size, 0, sizeof(attr) - attr.size);
	evsel = evsel__new(&attr, NULL);
	evsel->attr.size = attr.size;	/* keep the file's value (evlist -v prints it) */
	evlist__add(evlist, evsel);
	return evsel;
}

static int read_attrs(struct perf_header *header, struct perf_data *data, struct evlist *evlist,
		      const struct perf_file_header *fh)
{
	u64 entry = fh->attr_size, nr;
	char *buf;
	int err = 0;

	if (entry < PERF_ATTR_SIZE_VER0 + sizeof(struct perf_file_section) || entry > 1 << 16) {
		pr_err("%s: bad attr size %" PRIu64 " in the file header\n", data->path, entry);
		return -EINVAL;
	}
	if (fh->attrs.size % entry) {
		pr_err("%s: the attrs section (%" PRIu64 " bytes) is not a multiple of the attr size %"
		       PRIu64 "\n", data->path, fh->attrs.size, entry);
		return -EINVAL;
	}
	if (!section_ok(&fh->attrs, data->size)) {
		pr_err("%s: the attrs section [%#" PRIx64 ", +%#" PRIx64 "] is past the end of the file (%"
		       PRIu64 " bytes): file truncated or corrupt\n", data->path, fh->attrs.offset,
		       fh->attrs.size, data->size);
		return -EINVAL;
	}
	nr = fh->attrs.size / entry;
	if (nr > MAX_ATTRS) {
		pr_err("%s: %" PRIu64 " events in the attrs section is too many\n", data->path, nr);
		return -EINVAL;
	}
	buf = xmalloc(entry);
	for (u64 i = 0; i < nr; i++) {
		struct perf_file_section ids;
		struct evsel *evsel;
		u64 *id_buf;

		if (preadn(data->fd, buf, entry, fh->attrs.offset + i * entry) != (ssize_t)entry) {
			pr_err("%s: cannot read attr %" PRIu64 "\n", data->path, i);
			err = -EIO;
			break;
		}
		evsel = header__add_evsel(evlist, buf, entry - sizeof(ids), header->needs_swap);
		memcpy(&ids, buf + entry - sizeof(ids), sizeof(ids));
		if (header->needs_swap)
			swap_section(&ids);
		if (!section_ok(&ids, data->size) || ids.size % sizeof(u64) ||
		    ids.size / sizeof(u64) > MAX_IDS_PER_EVENT) {
			pr_err("%s: bad id section of event %" PRIu64 " [%#" PRIx64 ", +%#" PRIx64 "]\n",
			       data->path, i, ids.offset, ids.size);
			err = -EINVAL;
			break;
		}
		if (!ids.size)
			continue;
		id_buf = xmalloc(ids.size);
		if (preadn(data->fd, id_buf, ids.size, ids.offset) != (ssize_t)ids.size) {
			free(id_buf);
			err = -EIO;
			break;
		}
		for (u64 j = 0; j < ids.size / sizeof(u64); j++)
			evsel__add_id(evsel, header->needs_swap ? bswap_64(id_buf[j]) : id_buf[j]);
		free(id_buf);
	}
	free(buf);
	return err;
}

int perf_header__process_feature(struct perf_header *header, struct evlist *evlist, int feat,
				 const void *buf, size_t size, bool swap)
{
	const struct feature_ops *ops = feature_ops__get(feat);
	struct feat_fd ff = {
		.buf = buf, .size = size, .swap = swap, .header = header, .evlist = evlist,
	};
	int err;

	if (!ops || !ops->process)
		return 0;	/* unknown features are skipped by size */
	err = ops->process(&ff);
	if (err)
		pr_warning("WARNING: failed to process the %s feature (%zu bytes): ignored\n",
			   ops->name, size);
	return err;
}

static void read_features(struct perf_header *header, struct perf_data *data, struct evlist *evlist)
{
	int nr = 0, idx = 0;
	struct perf_file_section *secs;
	size_t table;

	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_FEAT_BITS; feat++)
		if (perf_header__has_feat(header, feat))
			nr++;
	if (!nr)
		return;
	table = nr * sizeof(*secs);
	if (header->feat_offset > data->size || table > data->size - header->feat_offset) {
		pr_warning("WARNING: %s: the feature section table at %#" PRIx64
			   " is past the end of the file: file truncated? Header features ignored.\n",
			   data->path, header->feat_offset);
		memset(header->adds_features, 0, sizeof(header->adds_features));
		return;
	}
	secs = xmalloc(table);
	if (preadn(data->fd, secs, table, header->feat_offset) != (ssize_t)table) {
		free(secs);
		memset(header->adds_features, 0, sizeof(header->adds_features));
		return;
	}
	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_FEAT_BITS; feat++) {
		struct perf_file_section *s;
		char *buf;

		if (!perf_header__has_feat(header, feat))
			continue;
		s = &secs[idx++];
		if (header->needs_swap)
			swap_section(s);
		if (!section_ok(s, data->size) || s->size > MAX_FEATURE_SIZE) {
			pr_warning("WARNING: %s: the %s feature section [%#" PRIx64 ", +%#" PRIx64
				   "] is out of the file: ignored\n", data->path,
				   header_feat__name(feat) ?: "unknown", s->offset, s->size);
			perf_header__clear_feat(header, feat);
			continue;
		}
		if (!feature_ops__get(feat))
			continue;
		buf = xmalloc(s->size + 1);
		if (preadn(data->fd, buf, s->size, s->offset) != (ssize_t)s->size ||
		    perf_header__process_feature(header, evlist, feat, buf, s->size, header->needs_swap))
			perf_header__clear_feat(header, feat);
		free(buf);
	}
	free(secs);
}

static int read_file_header(struct perf_header *header, struct perf_data *data,
			    struct perf_file_header *fh)
{
	u64 magic;

	memset(fh, 0, sizeof(*fh));
	if (data->is_pipe) {
		struct perf_pipe_file_header ph;

		if (readn(data->fd, &ph, sizeof(ph)) != sizeof(ph)) {
			pr_err("%s: short read of the pipe header: not perf.data input\n",
			       data->path);
			return -EINVAL;
		}
		fh->magic = ph.magic;
		fh->size = ph.size;
	} else {
		ssize_t n = preadn(data->fd, fh, sizeof(*fh), 0);

		if (n < (ssize_t)sizeof(struct perf_pipe_file_header)) {
			pr_err("%s: file too short (%" PRIu64 " bytes) for a perf.data header\n",
			       data->path, data->size);
			return -EINVAL;
		}
	}
	magic = fh->magic;
	if (magic == PERF_MAGIC2_SWAPPED) {
		header->needs_swap = true;
		fh->size = bswap_64(fh->size);
	} else if (magic == PERF_MAGIC1) {
		pr_err("%s: version 1 perf.data files (PERFFILE) are not supported\n", data->path);
		return -EINVAL;
	} else if (magic != PERF_MAGIC2) {
		pr_err("%s: not a perf.data file (bad magic %#" PRIx64 " at offset 0)\n",
		       data->path, magic);
		return -EINVAL;
	}
	if (fh->size == sizeof(struct perf_pipe_file_header)) {
		header->is_pipe = true;
		return 0;
	}
	if (data->is_pipe) {
		pr_err("%s: a pipe carries a file-mode header (size %" PRIu64 ")\n", data->path, fh->size);
		return -EINVAL;
	}
	if (fh->size != sizeof(*fh) && fh->size != offsetof(struct perf_file_header, adds_features)) {
		pr_err("%s: unsupported header size %" PRIu64 " (expected %zu)\n", data->path,
		       fh->size, sizeof(*fh));
		return -EINVAL;
	}
	if (data->size < fh->size) {
		pr_err("%s: file too short (%" PRIu64 " bytes) for a perf.data header\n",
		       data->path, data->size);
		return -EINVAL;
	}
	if (fh->size != sizeof(*fh))
		memset(fh->adds_features, 0, sizeof(fh->adds_features));
	if (header->needs_swap) {
		fh->attr_size = bswap_64(fh->attr_size);
		swap_section(&fh->attrs);
		swap_section(&fh->data);
		swap_section(&fh->event_types);
		/* the feature bitmap is an array of u64 */
		for (int i = 0; i < HEADER_FEAT_BITS / 64; i++)
			fh->adds_features[i] = bswap_64(fh->adds_features[i]);
	}
	return 0;
}

int perf_header__read(struct perf_header *header, struct perf_data *data, struct evlist *evlist)
{
	struct perf_file_header fh;
	struct stat st;
	int err;

	if (!fstat(data->fd, &st))
		header->captured_on = st.st_mtime;
	err = read_file_header(header, data, &fh);
	if (err)
		return err;
	if (header->is_pipe) {
		header->data_offset = data->is_pipe ? 0 : sizeof(struct perf_pipe_file_header);
		header->data_size = data->is_pipe ? 0 : data->size - header->data_offset;
		return 0;
	}
	header->attr_size = fh.attr_size;
	memcpy(header->adds_features, fh.adds_features, sizeof(fh.adds_features));
	perf_header__clear_feat(header, HEADER_RESERVED);
	header->data_offset = fh.data.offset;
	header->data_size = fh.data.size;
	if (fh.data.offset < fh.size || fh.data.offset > data->size) {
		pr_err("%s: the data section offset %#" PRIx64 " is outside the file (%" PRIu64
		       " bytes)\n", data->path, fh.data.offset, data->size);
		return -EINVAL;
	}
	if (!fh.data.size && data->size > fh.data.offset) {
		/* the header of a recording that never finished: read what is there */
		pr_warning("WARNING: %s: the header has no data size (perf record did not finish?): "
			   "reading the %" PRIu64 " bytes after offset %#" PRIx64 "\n", data->path,
			   data->size - fh.data.offset, fh.data.offset);
		header->data_size = data->size - fh.data.offset;
		memset(header->adds_features, 0, sizeof(header->adds_features));
	} else if (fh.data.size > data->size - fh.data.offset) {
		pr_warning("WARNING: %s: file truncated: the data section should have %" PRIu64
			   " bytes, the file has %" PRIu64 ". Reading what is there.\n", data->path,
			   fh.data.size, data->size - fh.data.offset);
		header->data_size = data->size - fh.data.offset;
		memset(header->adds_features, 0, sizeof(header->adds_features));
	}
	header->feat_offset = fh.data.offset + fh.data.size;
	err = read_attrs(header, data, evlist, &fh);
	if (err)
		return err;
	if (!evlist->nr_entries) {
		pr_err("%s: the file has no events (empty attrs section)\n", data->path);
		return -EINVAL;
	}
	read_features(header, data, evlist);
	evlist__set_fallback_names(evlist);
	return 0;
}

int perf_event__process_attr(union perf_event *event, struct evlist *evlist)
{
	const char *raw = (const char *)&event->attr.attr;
	size_t avail = event->header.size - sizeof(event->header);
	struct evsel *evsel;
	u32 attr_size;
	u64 n_ids;
	const u64 *ids;

	if (avail < PERF_ATTR_SIZE_VER0)
		return -EINVAL;
	memcpy(&attr_size, raw + offsetof(struct perf_event_attr, size), sizeof(attr_size));
	if (!attr_size)
		attr_size = PERF_ATTR_SIZE_VER0;
	if (attr_size > avail || attr_size < PERF_ATTR_SIZE_VER0)
		return -EINVAL;
	evsel = header__add_evsel(evlist, raw, attr_size, false);
	n_ids = (avail - attr_size) / sizeof(u64);
	ids = (const u64 *)(raw + attr_size);
	for (u64 i = 0; i < n_ids; i++)
		evsel__add_id(evsel, ids[i]);
	return 0;
}

int perf_event__process_event_update(union perf_event *event, struct evlist *evlist)
{
	struct perf_record_event_update *ev = &event->event_update;
	size_t len;
	struct evsel *evsel;

	if (event->header.size < offsetof(struct perf_record_event_update, str))
		return -EINVAL;
	evsel = evlist__id2evsel(evlist, ev->id);
	if (!evsel)
		return 0;
	if (ev->type == PERF_EVENT_UPDATE__NAME) {
		len = event->header.size - offsetof(struct perf_record_event_update, str);
		free(evsel->name);
		evsel->name = xstrndup(ev->str, strnlen(ev->str, len));
	}
	return 0;
}

void evlist__set_fallback_names(struct evlist *evlist)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (!evsel->name)
			evsel->name = attr__fallback_name(&evsel->attr);
}

/* --- printing --- */

void perf_header__fprintf_feature(struct perf_header *header, struct evlist *evlist, int feat,
				  FILE *fp, bool full)
{
	const struct feature_ops *ops = feature_ops__get(feat);
	struct feat_fd ff = { .header = header, .evlist = evlist };

	if (!ops || !ops->print)
		return;
	if (ops->full_only && !full) {
		fprintf(fp, "# %s info available, use -I to display\n", ops->name);
		return;
	}
	ops->print(&ff, fp);
}

int perf_header__fprintf_info(struct perf_header *header, struct evlist *evlist, FILE *fp, bool full)
{
	char buf[64];
	struct tm tm;

	evlist__set_fallback_names(evlist);
	localtime_r(&header->captured_on, &tm);
	strftime(buf, sizeof(buf), "%a %b %e %H:%M:%S %Y", &tm);
	fprintf(fp, "# ========\n");
	fprintf(fp, "# captured on    : %s\n", buf);
	fprintf(fp, "# header version : 1\n");
	fprintf(fp, "# data offset    : %" PRIu64 "\n", header->is_pipe ? 0 : header->data_offset);
	fprintf(fp, "# data size      : %" PRIu64 "\n", header->is_pipe ? 0 : header->data_size);
	fprintf(fp, "# feat offset    : %" PRIu64 "\n", header->is_pipe ? 0 : header->feat_offset);
	if (header->is_pipe) {
		fprintf(fp, "# ========\n#\n");
		return 0;
	}
	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++)
		if (perf_header__has_feat(header, feat))
			perf_header__fprintf_feature(header, evlist, feat, fp, full);
	fprintf(fp, "# missing features: ");
	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++) {
		if (perf_header__has_feat(header, feat))
			continue;
		/* like upstream, the BPF features are never listed */
		if (feat == HEADER_BPF_PROG_INFO || feat == HEADER_BPF_BTF || feat == HEADER_PMU_CAPS)
			continue;
		fprintf(fp, "%s ", header_feat__name(feat));
	}
	fprintf(fp, "\n# ========\n#\n");
	return 0;
}

/* --- writing --- */

static void write_header_struct(struct perf_header *header, u64 attrs_offset, u64 attrs_size,
				struct perf_file_header *fh)
{
	memset(fh, 0, sizeof(*fh));
	fh->magic = PERF_MAGIC2;
	fh->size = sizeof(*fh);
	fh->attr_size = sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	fh->attrs.offset = attrs_offset;
	fh->attrs.size = attrs_size;
	fh->data.offset = header->data_offset;
	fh->data.size = header->data_size;
	memcpy(fh->adds_features, header->adds_features, sizeof(fh->adds_features));
}

static int write_features(struct perf_header *header, struct evlist *evlist, int fd,
			  const struct perf_header_write_info *info)
{
	struct perf_file_section *secs;
	struct strbuf sb = STRBUF_INIT;
	int nr = 0, idx = 0, err = 0;
	u64 offset;

	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++)
		if (perf_header__has_feat(header, feat))
			nr++;
	secs = xcalloc(nr ? nr : 1, sizeof(*secs));
	offset = header->feat_offset + nr * sizeof(*secs);
	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++) {
		if (!perf_header__has_feat(header, feat))
			continue;
		strbuf_reset(&sb);
		if (perf_header__write_feature(header, evlist, feat, info, &sb)) {
			/* as upstream: a feature that cannot be written is left out */
			perf_header__clear_feat(header, feat);
			continue;
		}
		if (pwriten(fd, sb.buf, sb.len, offset) != (ssize_t)sb.len) {
			err = -errno;
			goto out;
		}
		secs[idx].offset = offset;
		secs[idx].size = sb.len;
		offset += sb.len;
		idx++;
	}
	if (idx && pwriten(fd, secs, idx * sizeof(*secs), header->feat_offset) !=
	    (ssize_t)(idx * sizeof(*secs)))
		err = -errno;
	/* cut what a previous, longer feature area left */
	if (!err && ftruncate(fd, offset))
		err = -errno;
out:
	strbuf_release(&sb);
	free(secs);
	return err;
}

int perf_header__write(struct perf_header *header, struct evlist *evlist, int fd, bool with_features,
		       const struct perf_header_write_info *info)
{
	struct perf_file_header fh;
	struct perf_file_section *id_secs;
	struct evsel *evsel;
	u64 offset = sizeof(fh), attrs_offset;
	int i = 0, err = 0;
	size_t attr_entry = sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	char *attrs;

	/* ids of every event, then the attrs pointing at them */
	id_secs = xcalloc(evlist->nr_entries ? evlist->nr_entries : 1, sizeof(*id_secs));
	evlist__for_each_entry(evlist, evsel) {
		size_t sz = evsel->nr_ids * sizeof(u64);

		id_secs[i].offset = offset;
		id_secs[i].size = sz;
		if (sz && pwriten(fd, evsel->ids, sz, offset) != (ssize_t)sz) {
			err = -errno;
			goto out;
		}
		offset += sz;
		i++;
	}
	attrs_offset = offset;
	attrs = xcalloc(evlist->nr_entries ? evlist->nr_entries : 1, attr_entry);
	i = 0;
	evlist__for_each_entry(evlist, evsel) {
		char *p = attrs + i * attr_entry;
		struct perf_event_attr attr = evsel->attr;

		attr.size = sizeof(attr);
		memcpy(p, &attr, sizeof(attr));
		memcpy(p + sizeof(attr), &id_secs[i], sizeof(id_secs[i]));
		i++;
	}
	if (pwriten(fd, attrs, i * attr_entry, attrs_offset) != (ssize_t)(i * attr_entry))
		err = -errno;
	free(attrs);
	if (err)
		goto out;
	offset = attrs_offset + i * attr_entry;
	if (!header->data_offset) {
		header->data_offset = offset;
	} else if (header->data_offset != offset) {
		err = -EINVAL;	/* the events changed under the data */
		goto out;
	}
	if (with_features) {
		header->feat_offset = header->data_offset + header->data_size;
		err = write_features(header, evlist, fd, info);
		if (err)
			goto out;
	}
	write_header_struct(header, attrs_offset, i * attr_entry, &fh);
	if (!with_features)
		memset(fh.adds_features, 0, sizeof(fh.adds_features));
	if (pwriten(fd, &fh, sizeof(fh), 0) != sizeof(fh))
		err = -errno;
out:
	free(id_secs);
	return err;
}

void perf_header__set_record_features(struct perf_header *header, struct evlist *evlist,
				      bool with_build_ids, bool with_tracing, bool compressed)
{
	struct evsel *evsel;
	bool branch_stack = false;

	for (int feat = HEADER_FIRST_FEATURE; feat < HEADER_LAST_FEATURE; feat++)
		perf_header__set_feat(header, feat);
	evlist__for_each_entry(evlist, evsel)
		if (evsel->attr.sample_type & PERF_SAMPLE_BRANCH_STACK)
			branch_stack = true;
	if (!with_tracing)
		perf_header__clear_feat(header, HEADER_TRACING_DATA);
	if (!with_build_ids)
		perf_header__clear_feat(header, HEADER_BUILD_ID);
	if (!branch_stack)
		perf_header__clear_feat(header, HEADER_BRANCH_STACK);
	if (!evlist->nr_groups)
		perf_header__clear_feat(header, HEADER_GROUP_DESC);
	if (!compressed)
		perf_header__clear_feat(header, HEADER_COMPRESSED);
	perf_header__clear_feat(header, HEADER_AUXTRACE);
	perf_header__clear_feat(header, HEADER_STAT);
	perf_header__clear_feat(header, HEADER_CLOCKID);
	perf_header__clear_feat(header, HEADER_DIR_FORMAT);
	perf_header__clear_feat(header, HEADER_CLOCK_DATA);
}

int perf_header__write_pipe(int fd)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };

	if (writen(fd, &ph, sizeof(ph)) != sizeof(ph))
		return -errno;
	return 0;
}

int perf_header__write_feature(struct perf_header *header, struct evlist *evlist, int feat,
			       const struct perf_header_write_info *info, struct strbuf *sb)
{
	const struct feature_ops *ops = feature_ops__get(feat);
	struct feat_fd ff = { .sb = sb, .header = header, .evlist = evlist, .info = info };

	if (!ops || !ops->write)
		return -EINVAL;
	return ops->write(&ff);
}

/* --- attr printing (EVENT_DESC lines, perf evlist -v) --- */

struct bit_name {
	u64 bit;
	const char *name;
};

static const struct bit_name sample_type_bits[] = {
	{ PERF_SAMPLE_IP, "IP" }, { PERF_SAMPLE_TID, "TID" }, { PERF_SAMPLE_TIME, "TIME" },
	{ PERF_SAMPLE_ADDR, "ADDR" }, { PERF_SAMPLE_READ, "READ" },
	{ PERF_SAMPLE_CALLCHAIN, "CALLCHAIN" }, { PERF_SAMPLE_ID, "ID" },
	{ PERF_SAMPLE_CPU, "CPU" }, { PERF_SAMPLE_PERIOD, "PERIOD" },
	{ PERF_SAMPLE_STREAM_ID, "STREAM_ID" }, { PERF_SAMPLE_RAW, "RAW" },
	{ PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK" }, { PERF_SAMPLE_REGS_USER, "REGS_USER" },
	{ PERF_SAMPLE_STACK_USER, "STACK_USER" }, { PERF_SAMPLE_WEIGHT, "WEIGHT" },
	{ PERF_SAMPLE_DATA_SRC, "DATA_SRC" }, { PERF_SAMPLE_IDENTIFIER, "IDENTIFIER" },
	{ PERF_SAMPLE_TRANSACTION, "TRANSACTION" }, { PERF_SAMPLE_REGS_INTR, "REGS_INTR" },
	{ PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR" }, { PERF_SAMPLE_AUX, "AUX" },
	{ PERF_SAMPLE_CGROUP, "CGROUP" }, { PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE" },
	{ PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE" }, { PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT" },
	{ 0, NULL }
};

static const struct bit_name read_format_bits[] = {
	{ PERF_FORMAT_TOTAL_TIME_ENABLED, "TOTAL_TIME_ENABLED" },
	{ PERF_FORMAT_TOTAL_TIME_RUNNING, "TOTAL_TIME_RUNNING" },
	{ PERF_FORMAT_ID, "ID" }, { PERF_FORMAT_GROUP, "GROUP" }, { PERF_FORMAT_LOST, "LOST" },
	{ 0, NULL }
};

static const struct bit_name branch_sample_bits[] = {
	{ PERF_SAMPLE_BRANCH_USER, "USER" }, { PERF_SAMPLE_BRANCH_KERNEL, "KERNEL" },
	{ PERF_SAMPLE_BRANCH_HV, "HV" }, { PERF_SAMPLE_BRANCH_ANY, "ANY" },
	{ PERF_SAMPLE_BRANCH_ANY_CALL, "ANY_CALL" }, { PERF_SAMPLE_BRANCH_ANY_RETURN, "ANY_RETURN" },
	{ PERF_SAMPLE_BRANCH_IND_CALL, "IND_CALL" }, { PERF_SAMPLE_BRANCH_ABORT_TX, "ABORT_TX" },
	{ PERF_SAMPLE_BRANCH_IN_TX, "IN_TX" }, { PERF_SAMPLE_BRANCH_NO_TX, "NO_TX" },
	{ PERF_SAMPLE_BRANCH_COND, "COND" }, { PERF_SAMPLE_BRANCH_CALL_STACK, "CALL_STACK" },
	{ PERF_SAMPLE_BRANCH_IND_JUMP, "IND_JUMP" }, { PERF_SAMPLE_BRANCH_CALL, "CALL" },
	{ PERF_SAMPLE_BRANCH_NO_FLAGS, "NO_FLAGS" }, { PERF_SAMPLE_BRANCH_NO_CYCLES, "NO_CYCLES" },
	{ PERF_SAMPLE_BRANCH_TYPE_SAVE, "TYPE_SAVE" }, { PERF_SAMPLE_BRANCH_HW_INDEX, "HW_INDEX" },
	{ PERF_SAMPLE_BRANCH_PRIV_SAVE, "PRIV_SAVE" },
	{ 0, NULL }
};

static void bits_str(char *buf, size_t size, u64 value, const struct bit_name *bits)
{
	size_t n = 0;
	bool first = true;

	buf[0] = '\0';
	for (int i = 0; bits[i].name; i++) {
		if (!(value & bits[i].bit))
			continue;
		n += snprintf(buf + n, n < size ? size - n : 0, "%s%s", first ? "" : "|", bits[i].name);
		first = false;
		value &= ~bits[i].bit;
	}
	if (value)
		snprintf(buf + n, n < size ? size - n : 0, "%s%#" PRIx64, first ? "" : "|", value);
}

int perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr, attr__fprintf_f fn, void *priv)
{
	char buf[512];
	int ret = 0;

#define PRINT_U(name, v) do { if (v) { snprintf(buf, sizeof(buf), "%" PRIu64, (u64)(v)); \
		ret += fn(fp, name, buf, priv); } } while (0)
#define PRINT_S(name, v) do { if (v) { snprintf(buf, sizeof(buf), "%" PRId64, (s64)(v)); \
		ret += fn(fp, name, buf, priv); } } while (0)
#define PRINT_X(name, v) do { if (v) { snprintf(buf, sizeof(buf), "%#" PRIx64, (u64)(v)); \
		ret += fn(fp, name, buf, priv); } } while (0)
#define PRINT_BITS(name, v, tbl) do { if (v) { bits_str(buf, sizeof(buf), v, tbl); \
		ret += fn(fp, name, buf, priv); } } while (0)
#define F(f) PRINT_U(#f, attr->f)

	PRINT_U("type", attr->type);
	PRINT_U("size", attr->size);
	PRINT_X("config", attr->config);
	PRINT_U("{ sample_period, sample_freq }", attr->sample_period);
	PRINT_BITS("sample_type", attr->sample_type, sample_type_bits);
	PRINT_BITS("read_format", attr->read_format, read_format_bits);
	F(disabled); F(inherit); F(pinned); F(exclusive); F(exclude_user); F(exclude_kernel);
	F(exclude_hv); F(exclude_idle); F(mmap); F(comm); F(freq); F(inherit_stat);
	F(enable_on_exec); F(task); F(watermark); F(precise_ip); F(mmap_data); F(sample_id_all);
	F(exclude_host); F(exclude_guest); F(exclude_callchain_kernel); F(exclude_callchain_user);
	F(mmap2); F(comm_exec); F(use_clockid); F(context_switch); F(write_backward);
	F(namespaces); F(ksymbol); F(bpf_event); F(aux_output); F(cgroup); F(text_poke);
	F(build_id); F(inherit_thread); F(remove_on_exec); F(sigtrap);
	PRINT_U("{ wakeup_events, wakeup_watermark }", attr->wakeup_events);
	PRINT_U("bp_type", attr->bp_type);
	PRINT_X("{ bp_addr, config1 }", attr->bp_addr);
	PRINT_X("{ bp_len, config2 }", attr->bp_len);
	PRINT_BITS("branch_sample_type", attr->branch_sample_type, branch_sample_bits);
	PRINT_X("sample_regs_user", attr->sample_regs_user);
	PRINT_U("sample_stack_user", attr->sample_stack_user);
	PRINT_S("clockid", attr->clockid);
	PRINT_X("sample_regs_intr", attr->sample_regs_intr);
	PRINT_U("aux_watermark", attr->aux_watermark);
	PRINT_U("sample_max_stack", attr->sample_max_stack);
	PRINT_U("aux_sample_size", attr->aux_sample_size);
	PRINT_U("sig_data", attr->sig_data);
#undef F
#undef PRINT_U
#undef PRINT_S
#undef PRINT_X
#undef PRINT_BITS
	return ret;
}

static int desc_attr__fprintf(FILE *fp, const char *name, const char *val, void *priv)
{
	(void)priv;
	return fprintf(fp, ", %s = %s", name, val);
}

void perf_header__fprintf_event_desc(struct evsel *evsel, FILE *fp)
{
	fprintf(fp, "# event : name = %s, ", evsel->name ? evsel->name : "");
	if (evsel->nr_ids) {
		fprintf(fp, ", id = {");
		for (int i = 0; i < evsel->nr_ids; i++)
			fprintf(fp, "%s %" PRIu64, i ? "," : "", evsel->ids[i]);
		fprintf(fp, " }");
	}
	perf_event_attr__fprintf(fp, &evsel->attr, desc_attr__fprintf, NULL);
	fputc('\n', fp);
}
