// SPDX-License-Identifier: GPL-2.0
/* perf buildid-list: the build ids in a perf.data file (or of an ELF file, or the kernel). */
#include "builtin.h"
#include "util/build-id.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/header.h"
#include "util/io.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/parse-options.h"
#include "util/session.h"
#include <elf.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

struct buildid_list {
	struct perf_tool	tool;
	struct machine		*machine;
};

static int bl__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
		      struct evsel *evsel)
{
	struct buildid_list *bl = container_of(tool, struct buildid_list, tool);

	(void)event;
	(void)evsel;
	machine__mark_sample_hit(bl->machine, sample);
	return 0;
}

static int bl__sideband(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct buildid_list *bl = container_of(tool, struct buildid_list, tool);

	return machine__process_event(bl->machine, event, sample);
}

static void print_build_id(const struct build_id *bid, const char *name)
{
	char hex[SBUILD_ID_SIZE];

	build_id__snprintf(bid, hex, sizeof(hex));
	printf("%-40s %s\n", hex, name);
}

static int print_kernel_build_id(bool with_maps)
{
	struct build_id bid;
	char hex[SBUILD_ID_SIZE];
	FILE *fp;
	char line[512];
	unsigned long long start = 0, end = 0, addr;
	char type, name[256];

	if (sysfs__read_build_id("/sys/kernel/notes", &bid)) {
		pr_err("cannot read the kernel build id from /sys/kernel/notes\n");
		return -1;
	}
	build_id__snprintf(&bid, hex, sizeof(hex));
	if (!with_maps) {
		printf("%s\n", hex);
		return 0;
	}
	/* the kernel text: _text to _etext */
	fp = fopen("/proc/kallsyms", "r");
	while (fp && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (!strcmp(name, "_text") && !start)
			start = addr;
		else if (!strcmp(name, "_etext"))
			end = addr;
	}
	if (fp)
		fclose(fp);
	printf("%s %llx %llx [kernel.kallsyms]\n", hex, start, end);
	/* the loaded modules with a build id */
	fp = fopen("/proc/modules", "r");
	while (fp && fgets(line, sizeof(line), fp)) {
		char path[512];
		unsigned long long size;

		if (sscanf(line, "%255s %llu %*s %*s %*s %llx", name, &size, &addr) != 3)
			continue;
		snprintf(path, sizeof(path), "/sys/module/%s/notes/.note.gnu.build-id", name);
		if (sysfs__read_build_id(path, &bid))
			continue;
		build_id__snprintf(&bid, hex, sizeof(hex));
		printf("%s %llx %llx [%s]\n", hex, addr, addr + size, name);
	}
	if (fp)
		fclose(fp);
	return 0;
}

/* 'perf buildid-list -i some-elf-file' prints that file's build id. */
static bool is_elf(const char *path)
{
	unsigned char magic[SELFMAG];
	int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	bool ret;

	if (fd < 0)
		return false;
	ret = readn(fd, magic, SELFMAG) == SELFMAG && !memcmp(magic, ELFMAG, SELFMAG);
	close(fd);
	return ret;
}

/* The DSOs with hits, in the order they were found (the header's table first). */
static void print_hit_dsos(struct machine *machine)
{
	for (size_t i = 0; i < machine->dsos.nr; i++) {
		struct dso *dso = machine->dsos.all[i];

		if (!dso->hit)
			continue;
		if (dso->has_build_id)
			print_build_id(&dso->bid, dso->long_name);
		else
			printf("%-40s %s\n", "", dso->long_name);
	}
}

static int list_build_ids(const char *input, bool force, bool with_hits)
{
	struct buildid_list bl = {
		.tool = {
			.sample		= bl__sample,
			.mmap		= bl__sideband,
			.mmap2		= bl__sideband,
			.comm		= bl__sideband,
			.fork		= bl__sideband,
			.exit		= bl__sideband,
			.ordered_events	= true,
			.no_warn	= true,
		},
	};
	struct perf_data data = { .path = input, .mode = PERF_DATA_MODE_READ, .force = force };
	struct perf_session *session;
	struct perf_env *env;
	bool has_table;
	int err = 0;

	if (is_elf(input)) {
		struct build_id bid;
		char hex[SBUILD_ID_SIZE];

		if (filename__read_build_id(input, &bid)) {
			pr_err("%s: no build id in this ELF file\n", input);
			return -1;
		}
		build_id__snprintf(&bid, hex, sizeof(hex));
		printf("%s\n", hex);
		return 0;
	}
	session = perf_session__new(&data, &bl.tool);
	if (!session)
		return -1;
	env = &session->header.env;
	has_table = perf_header__has_feat(&session->header, HEADER_BUILD_ID);
	/* AUX area data is not decoded: list every build id then */
	if (!session->header.is_pipe && perf_header__has_feat(&session->header, HEADER_AUXTRACE))
		with_hits = false;
	if (!has_table)
		with_hits = true;
	bl.machine = machine__new_host();
	machine__add_build_ids(bl.machine, env);
	if (with_hits || session->header.is_pipe)
		err = perf_session__process_events(session);
	if (!err) {
		if (with_hits) {
			print_hit_dsos(bl.machine);
		} else {
			for (int i = 0; i < env->nr_build_ids; i++)
				print_build_id(&env->build_ids[i].bid, env->build_ids[i].filename);
		}
	}
	machine__delete(bl.machine);
	perf_session__delete(session);
	return err;
}

int cmd_buildid_list(int argc, const char **argv)
{
	bool show_kernel = false, show_kernel_maps = false, with_hits = false, force = false;
	const char *input_name = NULL;
	const struct option options[] = {
	OPT_BOOLEAN('H', "with-hits", &with_hits, "Show only DSOs with hits"),
	OPT_STRING('i', "input", &input_name, "file", "input file name"),
	OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
	OPT_BOOLEAN('k', "kernel", &show_kernel, "Show current kernel build id"),
	OPT_BOOLEAN('m', "kernel-maps", &show_kernel_maps, "Show build id of current kernel + modules"),
	OPT_INCR('v', "verbose", &verbose, "be more verbose"),
	OPT_END()
	};
	const char * const buildid_list_usage[] = {
		"perf buildid-list [<options>]",
		NULL
	};

	argc = parse_options(argc, argv, options, buildid_list_usage, 0);
	if (argc)
		usage_with_options(buildid_list_usage, options);
	if (show_kernel || show_kernel_maps)
		return print_kernel_build_id(show_kernel_maps && !show_kernel);
	return list_build_ids(input_name, force, with_hits);
}
