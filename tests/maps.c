// SPDX-License-Identifier: GPL-2.0
/*
 * Address spaces and threads: mmaps that overlap cut the old maps as the
 * kernel does, comm history, fork (copy or share) and exit, threads first
 * seen without a pid, anonymous executable memory as JIT maps, and the
 * kernel from a kallsyms file (relocation, modules, map bounds).
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/machine.h"

static void mmap_file(struct machine *m, pid_t pid, pid_t tid, u64 start, u64 len, u64 pgoff,
		      const char *name)
{
	struct mmap_event ev = {
		.pid = pid, .tid = tid, .start = start, .len = len, .pgoff = pgoff,
		.prot = PROT_READ | PROT_EXEC, .filename = name, .cpumode = PERF_RECORD_MISC_USER,
	};

	machine__process_mmap(m, &ev);
}

/* The maps of a thread as "start-end@pgoff:name" strings, for comparison. */
static int expect_maps(struct thread *th, const char *const *want, size_t nr)
{
	struct map *map;
	size_t i = 0;

	TEST_ASSERT_EQUAL("number of maps", maps__nr(th->maps), nr);
	maps__for_each(th->maps, map) {
		char buf[128];

		snprintf(buf, sizeof(buf), "%llx-%llx@%llx:%s", (unsigned long long)map->start,
			 (unsigned long long)map->end, (unsigned long long)map->pgoff, map->dso->short_name);
		TEST_ASSERT_STR("map", buf, want[i++]);
	}
	return TEST_OK;
}

static int test__split(void)
{
	struct machine *m = machine__new_host();
	struct thread *th = machine__findnew_thread(m, 100, 100);
	struct map *a_map;
	static const char *const step1[] = { "1000-9000@0:a" };
	static const char *const step2[] = { "1000-3000@0:a", "3000-5000@10000:b", "5000-9000@4000:a" };
	static const char *const step3[] = { "1000-3000@0:a", "3000-4000@10000:b", "4000-a000@0:c" };
	static const char *const step4[] = { "1000-3000@0:a", "3000-4000@10000:b", "4000-a000@0:c",
					     "10000-11000@0:d" };
	static const char *const step5[] = { "800-b000@0:e", "10000-11000@0:d" };

	mmap_file(m, 100, 100, 0x1000, 0x8000, 0, "/lib/a");
	if (expect_maps(th, step1, ARRAY_SIZE(step1)))
		return TEST_FAIL;
	a_map = maps__find(th->maps, 0x6000);
	/* in the middle: a is cut in two, the tail keeps its file offset */
	mmap_file(m, 100, 100, 0x3000, 0x2000, 0x10000, "/lib/b");
	if (expect_maps(th, step2, ARRAY_SIZE(step2)))
		return TEST_FAIL;
	TEST_ASSERT_VAL("replaced maps stay valid", a_map->start == 0x1000 && a_map->end == 0x9000);
	TEST_ASSERT_VAL("same file offset after the cut",
			map__map_ip(maps__find(th->maps, 0x6000), 0x6000) == map__map_ip(a_map, 0x6000));
	/* over the end of b and past all of the tail of a */
	mmap_file(m, 100, 100, 0x4000, 0x6000, 0, "/lib/c");
	if (expect_maps(th, step3, ARRAY_SIZE(step3)))
		return TEST_FAIL;
	mmap_file(m, 100, 100, 0x10000, 0x1000, 0, "/lib/d");
	if (expect_maps(th, step4, ARRAY_SIZE(step4)))
		return TEST_FAIL;
	/* one covering three */
	mmap_file(m, 100, 100, 0x800, 0xa800, 0, "/lib/e");
	if (expect_maps(th, step5, ARRAY_SIZE(step5)))
		return TEST_FAIL;
	TEST_ASSERT_VAL("lookup", maps__find(th->maps, 0xafff)->dso == maps__find(th->maps, 0x800)->dso);
	TEST_ASSERT_VAL("gap", !maps__find(th->maps, 0xb000) && !maps__find(th->maps, 0x7ff));
	TEST_ASSERT_VAL("end exclusive", !maps__find(th->maps, 0x11000));
	/* a DSO is shared by every map of the file */
	mmap_file(m, 100, 100, 0x20000, 0x1000, 0x2000, "/lib/d");
	TEST_ASSERT_VAL("one dso per file", maps__find(th->maps, 0x20000)->dso == maps__find(th->maps, 0x10000)->dso);
	TEST_ASSERT_EQUAL("dso-relative address", map__map_ip(maps__find(th->maps, 0x20010), 0x20010), 0x2010);
	machine__delete(m);
	return TEST_OK;
}

static int test__comm_fork_exit(void)
{
	struct machine *m = machine__new_host();
	struct thread *parent, *child, *thr, *old;
	const struct comm *c;

	parent = machine__findnew_thread(m, 10, 10);
	TEST_ASSERT_STR("placeholder comm", thread__comm_str(parent), ":10");
	machine__process_comm(m, 10, 10, "bash", false, 100);
	TEST_ASSERT_STR("comm replaces the placeholder", thread__comm_str(parent), "bash");
	TEST_ASSERT_EQUAL("one comm", parent->nr_comms, 1);
	mmap_file(m, 10, 10, 0x1000, 0x1000, 0, "/bin/bash");

	/* a new process: the parent's comm and a copy of its maps */
	machine__process_fork(m, 11, 11, 10, 10, 200, true);
	child = machine__find_thread(m, 11, 11);
	TEST_ASSERT_VAL("child", child && child != parent && child->ppid == 10);
	TEST_ASSERT_STR("inherited comm", thread__comm_str(child), "bash");
	TEST_ASSERT_VAL("copied maps", child->maps != parent->maps && maps__find(child->maps, 0x1800));
	/* exec: a new comm, new maps over the old */
	machine__process_comm(m, 11, 11, "ls", true, 300);
	mmap_file(m, 11, 11, 0x1000, 0x2000, 0, "/bin/ls");
	TEST_ASSERT_STR("exec comm", thread__comm_str(child), "ls");
	TEST_ASSERT_STR("comm at fork time", thread__comm_at(child, 250), "bash");
	TEST_ASSERT_STR("comm after exec", thread__comm_at(child, 300), "ls");
	TEST_ASSERT_STR("comm before everything", thread__comm_at(child, 5), "bash");
	c = thread__exec_comm(child);
	TEST_ASSERT_VAL("exec comm", c && !strcmp(c->str, "ls") && c->exec);
	TEST_ASSERT_VAL("parent's maps untouched",
			!strcmp(maps__find(parent->maps, 0x1800)->dso->short_name, "bash"));
	TEST_ASSERT_VAL("child's maps replaced",
			!strcmp(maps__find(child->maps, 0x1800)->dso->short_name, "ls"));

	/* a new thread of the child: shares its maps */
	machine__process_fork(m, 11, 12, 11, 11, 400, true);
	thr = machine__find_thread(m, 11, 12);
	TEST_ASSERT_VAL("thread shares the maps", thr && thr->maps == child->maps);
	mmap_file(m, 11, 12, 0x50000, 0x1000, 0, "/lib/libc.so.6");
	TEST_ASSERT_VAL("seen by the whole process", maps__find(child->maps, 0x50000) != NULL);

	/* a synthesized fork does not copy maps: the mmaps that follow describe them */
	machine__process_fork(m, 13, 13, 10, 10, 0, false);
	TEST_ASSERT_EQUAL("no copy", maps__nr(machine__find_thread(m, 13, 13)->maps), 0);

	/* exit: marked dead, still found */
	machine__process_exit(m, 11, 12, 500);
	TEST_ASSERT_VAL("dead but found", thr->dead && machine__find_thread(m, 11, 12) == thr);
	/* the tid is reused: a new thread replaces it, the old pointer stays valid */
	old = thr;
	machine__process_fork(m, 14, 12, 10, 10, 600, true);
	thr = machine__find_thread(m, 14, 12);
	TEST_ASSERT_VAL("replaced", thr && thr != old && !thr->dead && thr->pid == 14);
	TEST_ASSERT_STR("old one intact", thread__comm_str(old), "ls");

	/* the idle task */
	TEST_ASSERT_STR("swapper", thread__comm_str(machine__idle_thread(m)), "swapper");
	machine__delete(m);
	return TEST_OK;
}

static int test__pid_unknown(void)
{
	struct machine *m = machine__new_host();
	struct thread *th, *leader;

	/* seen first without its pid (pid -1), later with it: joins its process's maps */
	th = machine__findnew_thread(m, -1, 21);
	leader = machine__findnew_thread(m, 20, 20);
	mmap_file(m, 20, 20, 0x1000, 0x1000, 0, "/bin/prog");
	TEST_ASSERT_VAL("separate at first", th->maps != leader->maps);
	TEST_ASSERT_VAL("same thread", machine__findnew_thread(m, 20, 21) == th);
	TEST_ASSERT_VAL("joined", th->pid == 20 && th->maps == leader->maps);
	machine__delete(m);
	return TEST_OK;
}

static int test__anon_jit(void)
{
	struct machine *m = machine__new_host();
	pid_t pid = getpid();
	char *path = xasprintf("/tmp/perf-%d.map", pid);
	struct mmap_event ev = {
		.pid = pid, .tid = pid, .start = 0x7f0000000000ULL, .len = 0x10000,
		.prot = PROT_READ | PROT_EXEC, .filename = "//anon", .cpumode = PERF_RECORD_MISC_USER,
	};
	struct addr_location al;
	FILE *fp = fopen(path, "w");
	int ret = TEST_FAIL;

	if (!fp) {
		free(path);
		return test_skip("cannot write /tmp/perf-PID.map");
	}
	fputs("7f0000001000 100 jitted_fn\n", fp);
	fclose(fp);
	machine__process_mmap(m, &ev);
	/* executable anonymous memory is named after the JIT map, addresses as they are */
	machine__resolve(m, &al, pid, pid, PERF_RECORD_MISC_USER, 0x7f0000001010ULL, 1);
	if (!al.map || !al.dso || strcmp(al.dso->long_name, path) || !al.map->identity ||
	    al.addr != 0x7f0000001010ULL || !al.sym || strcmp(al.sym->name, "jitted_fn") || !al.dso->hit) {
		pr_err("JIT map not resolved\n");
		goto out;
	}
	if (strncmp(al.dso->short_name, "[JIT] tid ", 10) || al.level != '.') {
		pr_err("JIT dso short name %s\n", al.dso->short_name);
		goto out;
	}
	/* not executable: no symbols, no JIT map */
	ev.prot = PROT_READ;
	ev.filename = "[heap]";
	ev.start = 0x1000000;
	machine__process_mmap(m, &ev);
	machine__resolve(m, &al, pid, pid, PERF_RECORD_MISC_USER, 0x1000010, 1);
	if (!al.map || al.sym || strcmp(al.dso->long_name, "[heap]")) {
		pr_err("heap map wrong\n");
		goto out;
	}
	/* nothing mapped there, and a hypervisor address */
	machine__resolve(m, &al, pid, pid, PERF_RECORD_MISC_USER, 0x42, 1);
	if (al.map || al.sym || al.addr != 0x42)
		goto out;
	machine__resolve(m, &al, pid, pid, PERF_RECORD_MISC_HYPERVISOR, 0x42, 1);
	if (al.map || al.level != 'H')
		goto out;
	ret = TEST_OK;
out:
	unlink(path);
	free(path);
	machine__delete(m);
	return ret;
}

static const char kallsyms_text[] =
	"ffffffff81000000 T _text\n"
	"ffffffff81000100 T first_fn\n"
	"ffffffff81000200 t second_fn\n"
	"ffffffff81000300 T __entry_SYSCALL_64_trampoline\n"
	"ffffffff81000400 T last_fn\n"
	"ffffffffc0001000 t mod_fn\t[mymod]\n"
	"ffffffffc0001100 t mod_fn2\t[mymod]\n"
	"ffffffffc0002000 t other_fn\t[nomap]\n";

static int test__kernel(void)
{
	char *path = xasprintf("%s/kallsyms", symtest__tmpdir());
	struct machine *m = machine__new_host();
	/* recorded with the kernel 16 MiB lower than where this kallsyms has it */
	u64 shift = 0x1000000;
	struct mmap_event kev = {
		.pid = -1, .start = 0xffffffff81000000ULL - shift, .len = 0x1000,
		.pgoff = 0xffffffff81000000ULL - shift, .filename = "[kernel.kallsyms]_text",
		.cpumode = PERF_RECORD_MISC_KERNEL,
	};
	struct mmap_event mev = {
		.pid = -1, .start = 0xffffffffc0001000ULL, .len = 0x1000,
		.filename = "/lib/modules/6.1/kernel/mymod.ko", .cpumode = PERF_RECORD_MISC_KERNEL,
	};
	struct thread *th = machine__idle_thread(m);
	struct addr_location al;
	FILE *fp = fopen(path, "w");
	u8 cpumode = PERF_RECORD_MISC_USER;

	TEST_ASSERT_VAL("write kallsyms", fp && fputs(kallsyms_text, fp) >= 0 && !fclose(fp));
	symbol_conf.kallsyms_name = path;
	machine__process_mmap(m, &kev);
	machine__process_mmap(m, &mev);
	TEST_ASSERT_VAL("kernel map", machine__kernel_map(m) && machine__kernel_dso(m)->kind == DSO_KIND_KERNEL);

	thread__resolve(th, PERF_RECORD_MISC_KERNEL, 0xffffffff80000210ULL, &al);
	TEST_ASSERT_VAL("relocated symbol", al.sym && !strcmp(al.sym->name, "second_fn"));
	TEST_ASSERT_VAL("kernel level", al.level == 'k' && al.addr == 0xffffffff80000210ULL);
	TEST_ASSERT_EQUAL("origin", dso__symtab_origin(al.dso), 'k');
	/* the entry trampoline symbol is dropped, leaving a hole */
	thread__resolve(th, PERF_RECORD_MISC_KERNEL, 0xffffffff80000310ULL, &al);
	TEST_ASSERT_VAL("no trampoline", al.map && !al.sym);
	/* the kernel map now spans its symbols exactly */
	TEST_ASSERT_EQUAL("map start", machine__kernel_map(m)->start, 0xffffffff80000000ULL);
	TEST_ASSERT_EQUAL("map end", machine__kernel_map(m)->end, 0xffffffff80002000ULL);
	thread__resolve(th, PERF_RECORD_MISC_KERNEL, 0xffffffff80001fffULL, &al);
	TEST_ASSERT_VAL("last symbol", al.sym && !strcmp(al.sym->name, "last_fn"));
	thread__resolve(th, PERF_RECORD_MISC_KERNEL, 0xffffffff80002000ULL, &al);
	TEST_ASSERT_VAL("past the kernel", !al.map && !al.sym);

	/* module symbols: in the module's dso, relative to its map */
	thread__resolve(th, PERF_RECORD_MISC_KERNEL, 0xffffffffc0001104ULL, &al);
	TEST_ASSERT_VAL("module symbol", al.sym && !strcmp(al.sym->name, "mod_fn2"));
	TEST_ASSERT_VAL("module dso", !strcmp(al.dso->short_name, "[mymod]") && al.addr == 0x104);
	TEST_ASSERT_VAL("module without a map: dropped",
			!symtab__find_by_name(&machine__kernel_dso(m)->symtab, "other_fn"));

	/* call chains: context markers switch spaces */
	TEST_ASSERT_EQUAL("kernel marker",
			  machine__resolve_callchain_ip(m, th, &cpumode, PERF_CONTEXT_KERNEL, &al), 1);
	TEST_ASSERT_EQUAL("now kernel", cpumode, PERF_RECORD_MISC_KERNEL);
	TEST_ASSERT_EQUAL("entry", machine__resolve_callchain_ip(m, th, &cpumode, 0xffffffff80000110ULL, &al), 0);
	TEST_ASSERT_VAL("entry symbol", al.sym && !strcmp(al.sym->name, "first_fn"));
	TEST_ASSERT_EQUAL("user marker", machine__resolve_callchain_ip(m, th, &cpumode, PERF_CONTEXT_USER, &al), 1);
	TEST_ASSERT_EQUAL("now user", cpumode, PERF_RECORD_MISC_USER);
	TEST_ASSERT_EQUAL("bad marker", machine__resolve_callchain_ip(m, th, &cpumode, PERF_CONTEXT_GUEST, &al), -1);
	TEST_ASSERT_EQUAL("address mode", machine__addr_cpumode(m, PERF_RECORD_MISC_USER, 0xffffffff80000110ULL),
			  PERF_RECORD_MISC_KERNEL);
	symbol_conf.kallsyms_name = NULL;
	machine__delete(m);
	free(path);
	return TEST_OK;
}

/* The resolution cache must not outlive a change of the address space. */
static int test__cache(void)
{
	const char *prog = symtest__prog("symbols");
	struct machine *m = machine__new_host();
	struct addr_location al;
	u64 addr, size;

	TEST_ASSERT_VAL("nm", !symtest__nm(prog, "global_spin", &addr, &size));
	mmap_file(m, 30, 30, 0x400000, 0x10000, 0, prog);
	for (int i = 0; i < 3; i++) {
		machine__resolve(m, &al, 30, 30, PERF_RECORD_MISC_USER, 0x400000 + addr + 4, 1);
		TEST_ASSERT_VAL("resolved", al.sym && !strcmp(al.sym->name, "global_spin") && al.addr == addr + 4);
	}
	/* another file over it: the cached answer must go */
	mmap_file(m, 30, 30, 0x400000, 0x10000, 0, "/nonexistent/lib.so");
	machine__resolve(m, &al, 30, 30, PERF_RECORD_MISC_USER, 0x400000 + addr + 4, 1);
	TEST_ASSERT_VAL("new map", al.map && !al.sym && !strcmp(al.dso->long_name, "/nonexistent/lib.so"));
	TEST_ASSERT_VAL("missing file: loaded once, no symbols", al.dso->loaded && dso__load(al.dso) < 0);
	machine__delete(m);
	return TEST_OK;
}

static const struct test_case maps_cases[] = {
	TEST_CASE("overlapping mmaps split and replace maps", test__split),
	TEST_CASE("comm history, fork, exec and exit", test__comm_fork_exit),
	TEST_CASE("threads seen before their pid", test__pid_unknown),
	TEST_CASE("anonymous executable memory and JIT maps", test__anon_jit),
	TEST_CASE("kernel and modules from a kallsyms file", test__kernel),
	TEST_CASE("resolution cache invalidation", test__cache),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(maps, "Maps, threads and the machine", maps_cases);
