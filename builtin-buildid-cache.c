// SPDX-License-Identifier: GPL-2.0
/*
 * perf buildid-cache: manage the build-id cache (~/.debug): add binaries
 * (a copy under <path>/<build-id>/elf, a .build-id/XX/YYY link, and their
 * SDT markers in the probe cache), list, remove and purge them.
 */
#include "builtin.h"
#include "util/debug.h"
#include "util/parse-options.h"
#include "util/probe-file.h"
#include "util/probe-symbols.h"
#include "util/sdt.h"
#include "util/string2.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static const char * const buildid_cache_usage[] = {
	"perf buildid-cache [<options>]",
	NULL
};

static int mkdir_parents(char *path)
{
	for (char *s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0755) && errno != EEXIST) {
			*s = '/';
			return -errno;
		}
		*s = '/';
	}
	return 0;
}

static int copy_file(const char *from, const char *to)
{
	char buf[65536], *tmp = xasprintf("%s.tmp", to);
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, err = 0;
	ssize_t n;

	if (in < 0) {
		err = -errno;
		goto out;
	}
	out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
	if (out < 0) {
		err = -errno;
		goto out;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, (size_t)n) != n) {
			err = -errno;
			goto out;
		}
	}
	if (n < 0)
		err = -errno;
out:
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out) && !err)
		err = -errno;
	if (!err && rename(tmp, to))
		err = -errno;
	if (err)
		unlink(tmp);
	free(tmp);
	return err;
}

/* The build-id of path in hex, and its absolute path. 0 or -errno (message printed). */
static int file_build_id(const char *file, char *bid, char *abs)
{
	struct probe_elf *pe;

	if (!realpath(file, abs)) {
		pr_err("Couldn't add %s: %s\n", file, strerror(errno));
		return -errno;
	}
	pe = probe_elf__open(abs);
	if (!pe) {
		pr_err("Couldn't add %s: %s\n", file, errno == ENOEXEC ? "not an ELF file" : strerror(errno));
		return -ENOEXEC;
	}
	probe_elf__build_id_hex(pe, bid);
	probe_elf__delete(pe);
	if (!bid[0]) {
		pr_err("Couldn't add %s: it has no build-id (link it with --build-id)\n", file);
		return -ENODATA;
	}
	return 0;
}

static int add_file(const char *file)
{
	char bid[41], abs[PATH_MAX];
	char *root = buildid_dir(), *dir, *elf, *link, *target;
	int err = file_build_id(file, bid, abs);

	if (err) {
		free(root);
		return err;
	}
	dir = xasprintf("%s%s/%s", root, abs, bid);
	elf = xasprintf("%s/elf", dir);
	link = xasprintf("%s/.build-id/%.2s/%s", root, bid, bid + 2);
	/* ../../<path>/<build-id>, relative to .build-id/XX/ */
	target = xasprintf("../..%s/%s", abs, bid);
	err = mkdir_parents(elf);
	if (!err)
		err = copy_file(abs, elf);
	if (!err)
		err = mkdir_parents(link);
	if (!err) {
		unlink(link);
		if (symlink(target, link))
			err = -errno;
	}
	if (!err) {
		int n = sdt__cache_binary(abs);

		if (n < 0)
			pr_warning("Failed to cache the SDT markers of %s: %s\n", abs, strerror(-n));
		else
			pr_debug("%d SDT markers of %s cached\n", n, abs);
		pr_debug("Adding %s %s: Ok\n", bid, abs);
	} else {
		pr_err("Couldn't add %s: %s\n", file, strerror(-err));
	}
	free(dir);
	free(elf);
	free(link);
	free(target);
	free(root);
	return err;
}

static int rm_cb(const char *path, const struct stat *sb, int type, struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

static int remove_tree(const char *path)
{
	return nftw(path, rm_cb, 16, FTW_DEPTH | FTW_PHYS) ? -errno : 0;
}

/* Remove one <path>/<build-id> entry and its .build-id link. */
static int remove_entry(const char *root, const char *abs, const char *bid)
{
	char *dir = xasprintf("%s%s/%s", root, abs, bid);
	char *link = xasprintf("%s/.build-id/%.2s/%s", root, bid, bid + 2);
	int err = access(dir, F_OK) ? -ENOENT : remove_tree(dir);

	unlink(link);
	free(dir);
	free(link);
	return err;
}

static int remove_file(const char *file)
{
	char bid[41], abs[PATH_MAX], *root;
	int err = file_build_id(file, bid, abs);

	if (err)
		return err;
	root = buildid_dir();
	err = remove_entry(root, abs, bid);
	if (err)
		pr_err("Couldn't remove %s: %s is not in the cache\n", file, bid);
	else
		pr_debug("Removing %s %s: Ok\n", bid, abs);
	free(root);
	return err;
}

/* Every cached build-id of a path. */
static int purge_path(const char *file)
{
	char abs[PATH_MAX], *root = buildid_dir(), *dir;
	struct dirent *de;
	DIR *d;
	int n = 0, err = 0;

	if (!realpath(file, abs))
		snprintf(abs, sizeof(abs), "%s", file);
	dir = xasprintf("%s%s", root, abs);
	d = opendir(dir);
	while (d && (de = readdir(d)) != NULL) {
		if (strlen(de->d_name) != 40)
			continue;
		err = remove_entry(root, abs, de->d_name);
		if (err)
			break;
		n++;
	}
	if (d)
		closedir(d);
	if (!n && !err) {
		pr_err("Couldn't purge %s: not in the cache\n", file);
		err = -ENOENT;
	}
	rmdir(dir);
	free(dir);
	free(root);
	return err;
}

static int list_cb(const char *path, const char *build_id, void *arg)
{
	(void)arg;
	printf("%s %s\n", build_id, path);
	return 0;
}

static int purge_all_cb(const char *path, const char *build_id, void *arg)
{
	char *root = arg;

	if (path[0] == '/') {
		int err = remove_entry(root, path, build_id);

		if (err)
			pr_err("Couldn't remove %s %s: %s\n", build_id, path, strerror(-err));
	}
	return 0;
}

static int for_each_in_list(const char *list, int (*fn)(const char *file))
{
	struct strlist *sl = strlist__new(list);
	const char *f;
	int err = 0;

	strlist__for_each(f, sl) {
		int e = fn(f);

		if (e && !err)
			err = e;
	}
	strlist__delete(sl);
	return err;
}

static int update_file(const char *file)
{
	return add_file(file);
}

int cmd_buildid_cache(int argc, const char **argv)
{
	const char *add = NULL, *remove = NULL, *purge = NULL, *update = NULL;
	const char *missing = NULL, *kcore = NULL, *debuginfod = NULL, *target_ns = NULL;
	bool list = false, purge_all = false, force = false;
	int err = 0;
	const struct option options[] = {
		OPT_STRING('a', "add", &add, "file list", "file(s) to add"),
		OPT_STRING('k', "kcore", &kcore, "file", "kcore file to add"),
		OPT_STRING('r', "remove", &remove, "file list", "file(s) to remove"),
		OPT_STRING('p', "purge", &purge, "file list", "file(s) to remove (remove old caches too)"),
		OPT_BOOLEAN('P', "purge-all", &purge_all, "purge all cached files"),
		OPT_BOOLEAN('l', "list", &list, "list all cached files"),
		OPT_STRING('M', "missing", &missing, "file", "to find missing build ids in the cache"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_STRING('u', "update", &update, "file list", "file(s) to update"),
		OPT_STRING_OPTARG('\0', "debuginfod", &debuginfod, "debuginfod urls",
				  "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls",
				  "system"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_STRING('\0', "target-ns", &target_ns, "n", "target pid for namespace context"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, buildid_cache_usage, 0);
	if (argc)
		usage_with_options_msg(buildid_cache_usage, options, "unexpected argument '%s'", argv[0]);
	if (kcore || missing || debuginfod || target_ns) {
		pr_err("  Error: %s is not supported by this perf.\n",
		       kcore ? "--kcore" : missing ? "--missing" : debuginfod ? "--debuginfod" : "--target-ns");
		return -ENOTSUP;
	}
	if (add)
		err = for_each_in_list(add, add_file);
	if (remove) {
		int e = for_each_in_list(remove, remove_file);

		err = err ? err : e;
	}
	if (purge) {
		int e = for_each_in_list(purge, purge_path);

		err = err ? err : e;
	}
	if (update) {
		int e = for_each_in_list(update, update_file);

		err = err ? err : e;
	}
	if (purge_all) {
		char *root = buildid_dir();

		buildid_cache__for_each(purge_all_cb, root);
		free(root);
	}
	if (list)
		buildid_cache__for_each(list_cb, NULL);
	if (force)
		err = 0;
	return err;
}
