// SPDX-License-Identifier: GPL-2.0
/*
 * Call-chain entries as report interns them: with -g srcline or -g address,
 * the inline levels of one address are distinct entries, each with its own
 * source line, even when they are the same function (glibc's __mmap64 is
 * inlined into its own alias).
 */
#include <linux/perf_event.h>
#include <sys/mman.h>
#include "tests/tests.h"
#include "util/callchain.h"
#include "util/callchain-resolve.h"
#include "util/machine.h"
#include "util/srcline.h"
#include "util/symbol.h"

static struct map *test_map(struct machine *m)
{
	struct mmap_event ev = {
		.pid = 100, .tid = 100, .start = 0x400000, .len = 0x10000, .pgoff = 0,
		.prot = PROT_READ | PROT_EXEC, .filename = "/lib/libtest.so",
		.cpumode = PERF_RECORD_MISC_USER,
	};

	machine__process_mmap(m, &ev);
	return maps__find(machine__findnew_thread(m, 100, 100)->maps, 0x401000);
}

static int intern_levels(enum chain_key key, const char *want0, const char *want1)
{
	static struct symbol sym = { .start = 0x1000, .end = 0x1100, .name = "mmap_like",
				     .type = 2 /* STT_FUNC */ };
	static const struct srcline_frame levels[] = {
		{ "mmap_like", "/src/mmap64.c", 58 }, { "mmap_like", "/src/mmap64.c", 46 },
	};
	struct machine *m = machine__new_host();
	struct map *map = test_map(m);
	struct callchain_store *store;
	u32 ids[2];

	TEST_ASSERT_VAL("the map", map != NULL);
	callchain_param__reset();
	callchain_param.key = key;
	store = callchain_store__new(false);
	for (int i = 0; i < 2; i++) {
		struct resolved_frame rf = {
			.ip = 0x401010, .map = map, .dso = map->dso, .sym = &sym, .addr = 0x1010,
			.cpumode = PERF_RECORD_MISC_USER, .level = '.', .srcline = &levels[i],
		};

		ids[i] = callchain_store__frame(store, &rf);
	}
	TEST_ASSERT_VAL("two entries", ids[0] != ids[1]);
	TEST_ASSERT_STR("the inner level's line", callchain_store__get_frame(store, ids[0])->srcline, want0);
	TEST_ASSERT_STR("the outer level's line", callchain_store__get_frame(store, ids[1])->srcline, want1);
	callchain_store__delete(store);
	callchain_param__reset();
	machine__delete(m);
	return TEST_OK;
}

static int test__inline_levels_srcline(void)
{
	return intern_levels(CCKEY_SRCLINE, "mmap64.c:58", "mmap64.c:46");
}

static int test__inline_levels_address(void)
{
	return intern_levels(CCKEY_ADDRESS, "mmap64.c:58", "mmap64.c:46");
}

static const struct test_case callchain_cases[] = {
	{ "-g srcline: inline levels of one function at one address keep their lines",
	  test__inline_levels_srcline },
	{ "-g address: the same", test__inline_levels_address },
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(callchain, "Call-chain entries", callchain_cases);
