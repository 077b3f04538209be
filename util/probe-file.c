// SPDX-License-Identifier: GPL-2.0
/* tracefs probe files and the probe cache. */
#include "probe-file.h"
#include "probe-event.h"
#include "debug.h"
#include "fs.h"
#include "io.h"
#include "strbuf.h"
#include "string2.h"
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *probe_file_name(enum probe_file_kind kind)
{
	return kind == PROBE_FILE_KPROBE ? "kprobe_events" : "uprobe_events";
}

bool probe_file__exists(enum probe_file_kind kind)
{
	char *path = tracefs__path(probe_file_name(kind));
	bool ok = path && access(path, F_OK) == 0;

	free(path);
	return ok;
}

int probe_file__open(enum probe_file_kind kind, bool write, bool quiet_missing)
{
	const char *name = probe_file_name(kind);
	char *path = tracefs__path(name);
	int fd, err;

	if (!path) {
		pr_err("tracefs is not available: %s\n", tracefs__unavailable_reason());
		return -ENOENT;
	}
	fd = open(path, (write ? O_RDWR | O_APPEND : O_RDONLY) | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		if (err == ENOENT) {
			if (!quiet_missing) {
				if (kind == PROBE_FILE_KPROBE)
					pr_err("%s does not exist: this kernel has no kprobe events.\n"
					       "Kernel probes need a kernel built with CONFIG_KPROBE_EVENTS=y.\n",
					       path);
				else
					pr_err("%s does not exist: this kernel has no uprobe events.\n"
					       "User space probes need a kernel built with CONFIG_UPROBE_EVENTS=y.\n",
					       path);
			}
		} else if (err == EACCES || err == EPERM) {
			pr_err("No permission to %s %s: run as root, or lower\n"
			       "/proc/sys/kernel/perf_event_paranoid and give tracefs access.\n",
			       write ? "write" : "read", path);
		} else {
			pr_err("Failed to open %s: %s\n", path, strerror(err));
		}
		free(path);
		return -err;
	}
	pr_debug("Opening %s write=%d\n", path, write);
	free(path);
	return fd;
}

struct strlist *probe_file__get_rawlist(int fd)
{
	struct strbuf sb = STRBUF_INIT;
	struct strlist *sl = strlist__new(NULL);
	int dfd = dup(fd);
	FILE *fp;

	if (dfd < 0)
		return sl;
	lseek(dfd, 0, SEEK_SET);
	fp = fdopen(dfd, "r");
	if (!fp) {
		close(dfd);
		return sl;
	}
	while (strbuf_getline(&sb, fp) != EOF) {
		strbuf_trim(&sb);
		if (sb.len)
			strlist__add(sl, sb.buf);
		strbuf_reset(&sb);
	}
	fclose(fp);
	strbuf_release(&sb);
	return sl;
}

struct strlist *probe_file__get_namelist(int fd)
{
	struct strlist *raw = probe_file__get_rawlist(fd), *names = strlist__new(NULL);
	const char *ent;

	strlist__for_each(ent, raw) {
		struct probe_trace_event tev;
		char *n;

		if (parse_probe_trace_command(ent, &tev))
			continue;
		n = xasprintf("%s:%s", tev.group, tev.event);
		strlist__add(names, n);
		free(n);
		clear_probe_trace_event(&tev);
	}
	strlist__delete(raw);
	return names;
}

int probe_file__add_event(int fd, const char *cmd)
{
	struct strbuf sb = STRBUF_INIT;
	int err = 0;

	pr_debug("Writing event: %s\n", cmd);
	strbuf_addf(&sb, "%s\n", cmd);
	if (writen(fd, sb.buf, sb.len) != (ssize_t)sb.len) {
		err = -errno;
		pr_err("Failed to write event: %s\n", strerror(errno));
		if (errno == EINVAL)
			pr_err("  (the kernel rejected: %s)\n"
			       "  See <tracefs>/error_log for the reason.\n", cmd);
	}
	strbuf_release(&sb);
	return err;
}

int probe_file__del_event(int fd, const char *group, const char *event)
{
	char *cmd = xasprintf("-:%s/%s\n", group, event);
	int err = 0;

	pr_debug("Writing event: %s", cmd);
	if (writen(fd, cmd, strlen(cmd)) != (ssize_t)strlen(cmd)) {
		err = -errno;
		pr_err("Failed to delete event %s:%s: %s\n", group, event, strerror(errno));
	}
	free(cmd);
	return err;
}

/* ---- probe cache ---- */

char *buildid_dir(void)
{
	const char *env = getenv("PERF_BUILDID_DIR");
	const char *home = getenv("HOME");

	if (env && *env)
		return xstrdup(env);
	return xasprintf("%s/.debug", home && *home ? home : "/tmp");
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int err = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			err = -errno;
		*s = '/';
	}
	if (!err && mkdir(p, 0755) && errno != EEXIST)
		err = -errno;
	free(p);
	return err;
}

static void entry_parse_name(struct probe_cache_entry *ent)
{
	const char *s = ent->spev + (ent->spev[0] == '%' ? 1 : 0);
	const char *colon = strchr(s, ':'), *eq = strchr(s, '=');

	if (colon && (!eq || colon < eq)) {
		ent->group = xstrndup(s, (size_t)(colon - s));
		ent->event = xstrndup(colon + 1, (size_t)((eq ? eq : s + strlen(s)) - colon - 1));
	}
}

struct probe_cache_entry *probe_cache__add_entry(struct probe_cache *pcache, const char *spev,
						 bool sdt)
{
	struct probe_cache_entry *ent;

	ALLOC_GROW(pcache->entries, pcache->nr + 1, pcache->alloc);
	ent = &pcache->entries[pcache->nr++];
	memset(ent, 0, sizeof(*ent));
	ent->spev = xstrdup(spev);
	ent->sdt = sdt;
	entry_parse_name(ent);
	return ent;
}

void probe_cache_entry__add_tev(struct probe_cache_entry *ent, const char *cmd)
{
	ALLOC_GROW(ent->tevs, ent->nr + 1, ent->alloc);
	ent->tevs[ent->nr++] = xstrdup(cmd);
}

static void entry_clear(struct probe_cache_entry *ent)
{
	for (size_t i = 0; i < ent->nr; i++)
		free(ent->tevs[i]);
	free(ent->tevs);
	free(ent->spev);
	free(ent->group);
	free(ent->event);
}

struct probe_cache *probe_cache__new(const char *target, const char *build_id)
{
	struct probe_cache *pc = xzalloc(sizeof(*pc));
	char *root = buildid_dir(), *path;
	struct strbuf sb = STRBUF_INIT;
	struct probe_cache_entry *cur = NULL;
	FILE *fp;

	pc->target = xstrdup(target);
	pc->dir = xasprintf("%s%s%s/%s", root, target[0] == '/' ? "" : "/", target, build_id);
	free(root);
	path = xasprintf("%s/probes", pc->dir);
	fp = fopen(path, "r");
	free(path);
	if (!fp)
		return pc;
	while (strbuf_getline(&sb, fp) != EOF) {
		strbuf_trim(&sb);
		if (!sb.len)
			goto next;
		if (sb.buf[0] == '#') {
			cur = probe_cache__add_entry(pc, sb.buf + 1, false);
		} else if (sb.buf[0] == '%') {
			cur = probe_cache__add_entry(pc, sb.buf, true);
		} else if (cur) {
			probe_cache_entry__add_tev(cur, sb.buf);
		}
next:
		strbuf_reset(&sb);
	}
	strbuf_release(&sb);
	fclose(fp);
	return pc;
}

void probe_cache__delete(struct probe_cache *pcache)
{
	if (!pcache)
		return;
	for (size_t i = 0; i < pcache->nr; i++)
		entry_clear(&pcache->entries[i]);
	free(pcache->entries);
	free(pcache->dir);
	free(pcache->target);
	free(pcache);
}

void probe_cache__purge_sdt(struct probe_cache *pcache)
{
	size_t j = 0;

	for (size_t i = 0; i < pcache->nr; i++) {
		if (pcache->entries[i].sdt)
			entry_clear(&pcache->entries[i]);
		else
			pcache->entries[j++] = pcache->entries[i];
	}
	pcache->nr = j;
}

int probe_cache__commit(struct probe_cache *pcache)
{
	struct strbuf sb = STRBUF_INIT;
	char *path, *tmp;
	int fd, err;

	err = mkdir_p(pcache->dir);
	if (err)
		return err;
	for (size_t i = 0; i < pcache->nr; i++) {
		struct probe_cache_entry *ent = &pcache->entries[i];

		strbuf_addf(&sb, "%s%s\n", ent->sdt ? "" : "#", ent->spev);
		for (size_t k = 0; k < ent->nr; k++)
			strbuf_addf(&sb, "%s\n", ent->tevs[k]);
	}
	path = xasprintf("%s/probes", pcache->dir);
	tmp = xasprintf("%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || writen(fd, sb.buf, sb.len) != (ssize_t)sb.len) {
		err = -errno;
		if (fd >= 0)
			close(fd);
	} else {
		close(fd);
		if (rename(tmp, path))
			err = -errno;
	}
	free(path);
	free(tmp);
	strbuf_release(&sb);
	return err;
}

/* ~/.debug/.build-id/XX/YYYY... -> ../../<path>/<build-id>: walk these links. */
int buildid_cache__for_each(int (*fn)(const char *path, const char *build_id, void *arg), void *arg)
{
	char *root = buildid_dir(), *bdir = xasprintf("%s/.build-id", root);
	DIR *d = opendir(bdir);
	struct dirent *de;
	int ret = 0;

	while (d && !ret && (de = readdir(d)) != NULL) {
		char *sub;
		DIR *d2;
		struct dirent *e2;

		if (strlen(de->d_name) != 2)
			continue;
		sub = xasprintf("%s/%s", bdir, de->d_name);
		d2 = opendir(sub);
		while (d2 && !ret && (e2 = readdir(d2)) != NULL) {
			char *link = xasprintf("%s/%s", sub, e2->d_name), target[4096];
			char *bid = xasprintf("%s%s", de->d_name, e2->d_name), *p;
			ssize_t n = readlink(link, target, sizeof(target) - 1);

			if (n > 0 && e2->d_name[0] != '.') {
				target[n] = '\0';
				/* "../../<path>/<build-id>[/elf]": strip the dots and the build-id */
				p = target;
				while (!strncmp(p, "../", 3))
					p += 3;
				if (strends(p, "/elf") || strends(p, "/debug"))
					*strrchr(p, '/') = '\0';
				if (strrchr(p, '/') && !strcmp(strrchr(p, '/') + 1, bid)) {
					char *path;

					*strrchr(p, '/') = '\0';
					path = xasprintf("%s%s", p[0] == '[' ? "" : "/", p);
					ret = fn(path, bid, arg);
					free(path);
				}
			}
			free(link);
			free(bid);
		}
		if (d2)
			closedir(d2);
		free(sub);
	}
	if (d)
		closedir(d);
	free(bdir);
	free(root);
	return ret;
}

struct cache_show {
	const char *filter;
};

static int show_one_cache(const char *path, const char *build_id, void *arg)
{
	struct cache_show *cs = arg;
	struct probe_cache *pc;

	if (path[0] != '/')
		return 0;
	pc = probe_cache__new(path, build_id);
	if (pc->nr) {
		printf("%s (%s):\n", path, build_id);
		for (size_t i = 0; i < pc->nr; i++) {
			struct probe_cache_entry *ent = &pc->entries[i];
			char *name = ent->group && ent->event ?
				     xasprintf("%s:%s", ent->group, ent->event) : xstrdup(ent->spev);

			if (!cs->filter || strglobmatch(name, cs->filter) ||
			    (ent->event && strglobmatch(ent->event, cs->filter)))
				printf("%s\n", ent->spev + (ent->spev[0] == '%'));
			free(name);
		}
	}
	probe_cache__delete(pc);
	return 0;
}

int show_probe_cache(const char *filter)
{
	struct cache_show cs = { filter };

	return buildid_cache__for_each(show_one_cache, &cs);
}
