/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracefs probe files (kprobe_events, uprobe_events): read the defined
 * probes, add and delete lines. And the probe cache: the SDT markers (and
 * cached definitions) of a binary in the build-id cache,
 * ~/.debug/<path>/<build-id>/probes, in upstream's format:
 *
 *   %sdt_PROVIDER:NAME=NAME
 *   p:sdt_PROVIDER/NAME /path/to/bin:0x1154 arg1=-4(%bp):s32
 */
#ifndef PERF_PROBE_FILE_H
#define PERF_PROBE_FILE_H

#include "util.h"

struct strlist;
struct probe_trace_event;

enum probe_file_kind {
	PROBE_FILE_KPROBE,
	PROBE_FILE_UPROBE,
};

/* Open "<tracefs>/kprobe_events" or uprobe_events. -errno with the reason printed when not writable. */
int probe_file__open(enum probe_file_kind kind, bool write, bool quiet_missing);
/* Every line of the file (sorted, as upstream lists them). NULL on errors. */
struct strlist *probe_file__get_rawlist(int fd);
/* Every "group:event" defined in the file. */
struct strlist *probe_file__get_namelist(int fd);
/* Append one definition line. 0 or -errno (message printed). */
int probe_file__add_event(int fd, const char *cmd);
/* "-:group/event". 0 or -errno. */
int probe_file__del_event(int fd, const char *group, const char *event);
/* Is there a probe file of that kind on this kernel? */
bool probe_file__exists(enum probe_file_kind kind);

/* ---- the probe cache ---- */

struct probe_cache_entry {
	char *spev;		/* "%sdt_prov:name=name" or the user's definition */
	char **tevs;		/* trace definitions */
	size_t nr, alloc;
	bool sdt;
	char *group, *event;	/* from spev */
};

struct probe_cache {
	char *dir;		/* ~/.debug/<path>/<build-id> */
	char *target;		/* the binary path */
	struct probe_cache_entry *entries;
	size_t nr, alloc;
};

/* The build-id cache root: $PERF_BUILDID_DIR or $HOME/.debug. Allocated. */
char *buildid_dir(void);
/* Load the cache of a binary with that path and build-id (hex); empty when none. */
struct probe_cache *probe_cache__new(const char *target, const char *build_id);
void probe_cache__delete(struct probe_cache *pcache);
struct probe_cache_entry *probe_cache__add_entry(struct probe_cache *pcache, const char *spev,
						 bool sdt);
void probe_cache_entry__add_tev(struct probe_cache_entry *ent, const char *cmd);
/* Write the cache back (creates directories). 0 or -errno. */
int probe_cache__commit(struct probe_cache *pcache);
/* Drop SDT entries (before a re-scan). */
void probe_cache__purge_sdt(struct probe_cache *pcache);

/* Call fn for every cached binary: (path, build-id). Stops on a non-zero return. */
int buildid_cache__for_each(int (*fn)(const char *path, const char *build_id, void *arg), void *arg);

/* 'perf probe --cache --list': every cached binary and its entries matching filter. */
int show_probe_cache(const char *filter);

#endif
