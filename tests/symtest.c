// SPDX-License-Identifier: GPL-2.0
/* Helpers shared by the symbol, map and srcline tests. */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/symtest.h"

const char *symtest__prog(const char *name)
{
	static char path[PATH_MAX];
	const char *dir = getenv("PERF_BUILDDIR");

	snprintf(path, sizeof(path), "%s/tests/progs/%s", dir ? dir : PERF_BUILDDIR, name);
	return path;
}

int symtest__run(const char *cmd, struct strbuf *out)
{
	FILE *fp = popen(cmd, "r");
	char buf[65536];
	size_t n;
	int status;

	if (!fp)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		strbuf_add(out, buf, n);
	status = pclose(fp);
	if (status < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

const char *symtest__ref_perf(void)
{
	const char *ref = getenv("REF_PERF");

	if (!ref || !*ref)
		ref = "/usr/bin/perf";
	return access(ref, X_OK) ? NULL : ref;
}

static char tmpdir[PATH_MAX];

static void remove_tmpdir(void)
{
	char cmd[PATH_MAX + 16];

	if (tmpdir[0]) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		if (system(cmd))
			tmpdir[0] = '\0';
	}
}

const char *symtest__tmpdir(void)
{
	if (!tmpdir[0]) {
		snprintf(tmpdir, sizeof(tmpdir), "/tmp/symtest-XXXXXX");
		if (!mkdtemp(tmpdir))
			return "/tmp";
		atexit(remove_tmpdir);
	}
	return tmpdir;
}

int symtest__nm(const char *path, const char *name, u64 *addr, u64 *size)
{
	struct strbuf out = STRBUF_INIT;
	char *cmd = xasprintf("nm -S --defined-only '%s' 2>/dev/null", path);
	char *line, *save = NULL;
	int ret = -1;

	if (symtest__run(cmd, &out) == 0) {
		for (line = strtok_r(out.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			unsigned long long a, s = 0;
			char type, sym[512];

			/* "addr size type name", or "addr type name" without a size */
			if ((sscanf(line, "%llx %llx %c %511s", &a, &s, &type, sym) == 4 ||
			     sscanf(line, "%llx %c %511s", &a, &type, sym) == 3) && !strcmp(sym, name)) {
				*addr = a;
				*size = s;
				ret = 0;
				break;
			}
		}
	}
	free(cmd);
	strbuf_release(&out);
	return ret;
}

static int find_libc(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	if (strstr(info->dlpi_name, "/libc.so")) {
		if (realpath(info->dlpi_name, data))
			return 1;
	}
	return 0;
}

const char *symtest__libc(void)
{
	static char path[PATH_MAX];

	if (!path[0])
		dl_iterate_phdr(find_libc, path);
	return path[0] ? path : NULL;
}
