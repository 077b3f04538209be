// SPDX-License-Identifier: GPL-2.0
/* perf version: the version, and with --build-options the libraries compiled in. */
#include "builtin.h"
#include "util/parse-options.h"
#include <stdio.h>

struct build_feature {
	const char *name;
	const char *macro;
	bool on;
	const char *version;
};

#define FEATURE(n, m, ...) { n, #m, __VA_ARGS__ }
#ifdef HAVE_ELF_SUPPORT
#define ELF_ON true, HAVE_ELF_SUPPORT_VERSION
#else
#define ELF_ON false, NULL
#endif
#ifdef HAVE_DW_SUPPORT
#define DW_ON true, HAVE_DW_SUPPORT_VERSION
#else
#define DW_ON false, NULL
#endif
#ifdef HAVE_UNWIND_SUPPORT
#define UNWIND_ON true, HAVE_UNWIND_SUPPORT_VERSION
#else
#define UNWIND_ON false, NULL
#endif
#ifdef HAVE_TRACEEVENT_SUPPORT
#define TRACEEVENT_ON true, HAVE_TRACEEVENT_SUPPORT_VERSION
#else
#define TRACEEVENT_ON false, NULL
#endif
#ifdef HAVE_SLANG_SUPPORT
#define SLANG_ON true, HAVE_SLANG_SUPPORT_VERSION
#else
#define SLANG_ON false, NULL
#endif
#ifdef HAVE_ZLIB_SUPPORT
#define ZLIB_ON true, HAVE_ZLIB_SUPPORT_VERSION
#else
#define ZLIB_ON false, NULL
#endif
#ifdef HAVE_ZSTD_SUPPORT
#define ZSTD_ON true, HAVE_ZSTD_SUPPORT_VERSION
#else
#define ZSTD_ON false, NULL
#endif
#ifdef HAVE_CAPSTONE_SUPPORT
#define CAPSTONE_ON true, HAVE_CAPSTONE_SUPPORT_VERSION
#else
#define CAPSTONE_ON false, NULL
#endif

static const struct build_feature features[] = {
	FEATURE("dwarf", HAVE_DWARF_SUPPORT, DW_ON),
	FEATURE("libelf", HAVE_LIBELF_SUPPORT, ELF_ON),
	FEATURE("libdw", HAVE_LIBDW_SUPPORT, DW_ON),
	FEATURE("libunwind", HAVE_LIBUNWIND_SUPPORT, UNWIND_ON),
	FEATURE("libtraceevent", HAVE_LIBTRACEEVENT, TRACEEVENT_ON),
	FEATURE("libslang", HAVE_SLANG_SUPPORT, SLANG_ON),
	FEATURE("zlib", HAVE_ZLIB_SUPPORT, ZLIB_ON),
	FEATURE("zstd", HAVE_ZSTD_SUPPORT, ZSTD_ON),
	FEATURE("libcapstone", HAVE_LIBCAPSTONE_SUPPORT, CAPSTONE_ON),
};

static void print_build_options(void)
{
	for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
		const struct build_feature *f = &features[i];

		printf("%22s: [ %-3s ]  # %s", f->name, f->on ? "on" : "OFF", f->macro);
		if (f->version)
			printf(" (%s)", f->version);
		putchar('\n');
	}
}

int cmd_version(int argc, const char **argv)
{
	bool build_options = false;
	const struct option options[] = {
		OPT_BOOLEAN(0, "build-options", &build_options, "display the build options"),
		OPT_END()
	};
	const char * const usage[] = { "perf version [<options>]", NULL };

	parse_options(argc, argv, options, usage, 0);
	printf("perf version %s\n", perf_version_string);
	if (build_options)
		print_build_options();
	return 0;
}
