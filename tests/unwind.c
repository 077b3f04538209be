// SPDX-License-Identifier: GPL-2.0
/*
 * DWARF unwinding: this process's own stack, copies of it cut short or
 * filled with garbage (short chains, never a crash or a loop), chains of
 * files the reference perf recorded from tests/progs/unwind_prog in its
 * layouts (the same frames as 'perf script' shows, with and without the
 * inline levels of unwound addresses), and CFI found only in
 * .debug_frame, also in a separate debug file.
 */
#include <asm/perf_regs.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/callchain-resolve.h"
#include "util/data.h"
#include "util/event.h"
#include "util/machine.h"
#include "util/session.h"
#include "util/unwind.h"

#define NOINLINE __attribute__((noinline, noclone))
#define STACK_COPY 8192
/* what perf record --call-graph dwarf samples on x86_64: all but DS, ES, FS, GS */
#define USER_REGS_MASK (((1ULL << PERF_REG_X86_64_MAX) - 1) & ~(0xfULL << PERF_REG_X86_DS))

/* This process's registers and stack at one point of unwind_self_3(). */
struct self_capture {
	u64	regs[PERF_REG_X86_64_MAX];	/* by perf_event_x86_regs index */
	u64	packed[PERF_REG_X86_64_MAX];	/* in mask order, as in a sample */
	char	stack[STACK_COPY];
	u64	size;
};

/* The end of the mapping holding addr (the stack), from /proc/self/maps. */
static u64 mapping_end(u64 addr)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long long start, end;
	char line[512];
	u64 ret = addr;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx-%llx", &start, &end) == 2 && addr >= start && addr < end) {
			ret = end;
			break;
		}
	}
	if (f)
		fclose(f);
	return ret;
}

/* Word by word, unseen by AddressSanitizer: the stack holds its redzones. */
__attribute__((no_sanitize_address)) NOINLINE
static void copy_stack(char *dst, u64 src, u64 size)
{
	for (u64 i = 0; i < size; i += 8) {
		u64 w = *(volatile u64 *)(uintptr_t)(src + i);

		memcpy(dst + i, &w, 8);
	}
}

NOINLINE void unwind_self_3(struct self_capture *c);
NOINLINE void unwind_self_2(struct self_capture *c);
NOINLINE void unwind_self_1(struct self_capture *c);

NOINLINE void unwind_self_3(struct self_capture *c)
{
	u64 *r = c->regs, sp;
	int n = 0;

	__asm__ volatile(
		"movq %%rax, 0*8(%0)\n\t"
		"movq %%rbx, 1*8(%0)\n\t"
		"movq %%rcx, 2*8(%0)\n\t"
		"movq %%rdx, 3*8(%0)\n\t"
		"movq %%rsi, 4*8(%0)\n\t"
		"movq %%rdi, 5*8(%0)\n\t"
		"movq %%rbp, 6*8(%0)\n\t"
		"movq %%rsp, 7*8(%0)\n\t"
		"leaq 0(%%rip), %%rax\n\t"
		"movq %%rax, 8*8(%0)\n\t"
		"movq %%r8, 16*8(%0)\n\t"
		"movq %%r9, 17*8(%0)\n\t"
		"movq %%r10, 18*8(%0)\n\t"
		"movq %%r11, 19*8(%0)\n\t"
		"movq %%r12, 20*8(%0)\n\t"
		"movq %%r13, 21*8(%0)\n\t"
		"movq %%r14, 22*8(%0)\n\t"
		"movq %%r15, 23*8(%0)\n\t"
		: : "r"(r) : "rax", "memory");
	sp = r[PERF_REG_X86_SP];
	c->size = mapping_end(sp) - sp;
	if (c->size > STACK_COPY)
		c->size = STACK_COPY;
	copy_stack(c->stack, sp, c->size);
	for (int i = 0; i < PERF_REG_X86_64_MAX; i++) {
		if (USER_REGS_MASK & (1ULL << i))
			c->packed[n++] = r[i];
	}
	__asm__ volatile("" ::: "memory");	/* not a tail call */
}

NOINLINE void unwind_self_2(struct self_capture *c)
{
	unwind_self_3(c);
	__asm__ volatile("" ::: "memory");
}

NOINLINE void unwind_self_1(struct self_capture *c)
{
	unwind_self_2(c);
	__asm__ volatile("" ::: "memory");
}

/* A machine with this process's executable mappings. */
static struct machine *self_machine(struct thread **thread)
{
	struct machine *m = machine__new_host();
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096], perms[8], path[4096];
	unsigned long long start, end, pgoff;

	*thread = machine__findnew_thread(m, getpid(), gettid());
	while (f && fgets(line, sizeof(line), f)) {
		struct mmap_event ev = { .pid = getpid(), .tid = getpid(), .prot = PROT_READ | PROT_EXEC,
					 .cpumode = PERF_RECORD_MISC_USER };

		path[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095s", &start, &end, perms, &pgoff, path) < 4 ||
		    perms[2] != 'x' || (path[0] != '/' && strcmp(path, "[vdso]")))
			continue;
		ev.start = start;
		ev.len = end - start;
		ev.pgoff = pgoff;
		ev.filename = path;
		machine__process_mmap(m, &ev);
	}
	if (f)
		fclose(f);
	return m;
}

static void self_sample(struct self_capture *c, struct perf_sample *sample, u64 stack_size)
{
	memset(sample, 0, sizeof(*sample));
	sample->pid = getpid();
	sample->tid = gettid();
	sample->user_regs.abi = PERF_SAMPLE_REGS_ABI_64;
	sample->user_regs.mask = USER_REGS_MASK;
	sample->user_regs.regs = c->packed;
	sample->user_stack.size = stack_size;
	sample->user_stack.data = c->stack;
}

#define MAX_FRAMES 127

struct frames {
	u64		ip[MAX_FRAMES + 1];
	const char	*name[MAX_FRAMES + 1];
	int		nr;
};

static int collect(u64 ip, struct addr_location *al, void *arg)
{
	struct frames *fr = arg;

	if (fr->nr > MAX_FRAMES)
		return -1;	/* more than asked for */
	fr->ip[fr->nr] = ip;
	fr->name[fr->nr++] = al->sym ? al->sym->name : NULL;
	return 0;
}

/* Does a symbol name (maybe "name.constprop.0") name function want? */
static bool is_func(const char *name, const char *want)
{
	size_t len = strlen(want);

	return name && !strncmp(name, want, len) && (name[len] == '\0' || name[len] == '.');
}

static int unwind(struct machine *m, struct thread *thread, struct perf_sample *sample, struct frames *fr)
{
	fr->nr = 0;
	return unwind__get_entries(m, thread, sample, MAX_FRAMES, collect, fr);
}

static int test__self(void)
{
	static struct self_capture c;
	static const char *const want[] = { "unwind_self_3", "unwind_self_2", "unwind_self_1", "test__self" };
	struct perf_sample sample;
	struct thread *thread;
	struct machine *m = self_machine(&thread);
	struct frames fr;
	int n, ret = TEST_FAIL;

	unwind_self_1(&c);
	self_sample(&c, &sample, c.size);
	n = unwind(m, thread, &sample, &fr);
	for (int i = 0; i < fr.nr; i++)
		pr_debug("  %#" PRIx64 " %s\n", fr.ip[i], fr.name[i] ?: "[unknown]");
	if (n != fr.nr || n < (int)ARRAY_SIZE(want)) {
		pr_err("%d frames\n", n);
		goto out;
	}
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		if (!is_func(fr.name[i], want[i])) {
			pr_err("frame %zu is %s, not %s\n", i, fr.name[i] ?: "[unknown]", want[i]);
			goto out;
		}
	}
	/* the first frame is the exact ip, the callers are in their call instruction */
	TEST_ASSERT_EQUAL("first ip", fr.ip[0], c.regs[PERF_REG_X86_IP]);
	TEST_ASSERT_VAL("caller ip in the call", fr.ip[1] == (u64)(uintptr_t)unwind_self_2 ||
			fr.ip[1] > (u64)(uintptr_t)unwind_self_2);
	/* once more: the same frames from the cached CFI */
	{
		struct frames again;

		TEST_ASSERT_EQUAL("again", unwind(m, thread, &sample, &again), n);
		TEST_ASSERT_VAL("same ips", !memcmp(again.ip, fr.ip, n * sizeof(u64)));
	}
	ret = TEST_OK;
out:
	machine__delete(m);
	return ret;
}

/* xorshift64: deterministic garbage */
static u64 next_rand(u64 *state)
{
	u64 x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *state = x;
}

static int test__garbage(void)
{
	static struct self_capture c, bad;
	struct perf_sample sample;
	struct thread *thread;
	struct machine *m = self_machine(&thread);
	struct frames full, fr;
	u64 seed = 0x2545f4914f6cdd1dULL, sp;
	int n;

	unwind_self_1(&c);
	self_sample(&c, &sample, c.size);
	n = unwind(m, thread, &sample, &full);
	TEST_ASSERT_VAL("a full chain", n >= 4);
	sp = c.regs[PERF_REG_X86_SP];

	/* a copy cut short: a prefix of the whole chain */
	for (u64 size = 0; size <= c.size; size += 8) {
		self_sample(&c, &sample, size);
		n = unwind(m, thread, &sample, &fr);
		TEST_ASSERT_VAL("no more frames than the whole copy gives", n >= 0 && n <= full.nr);
		TEST_ASSERT_VAL("a prefix", !memcmp(fr.ip, full.ip, n * sizeof(u64)));
	}

	/* garbage: random words, some of them return addresses or stack addresses */
	bad = c;
	for (int iter = 0; iter < 3000; iter++) {
		u64 *words = (u64 *)bad.stack;

		for (size_t i = 0; i < STACK_COPY / 8; i++) {
			u64 r = next_rand(&seed);

			switch (r & 3) {
			case 0:  words[i] = full.ip[(r >> 8) % full.nr] + 1; break;
			case 1:  words[i] = sp + ((r >> 8) % STACK_COPY); break;
			default: words[i] = r; break;
			}
		}
		memcpy(bad.packed, c.packed, sizeof(bad.packed));
		/* the frame pointer and, now and then, the stack pointer are garbage too */
		bad.packed[PERF_REG_X86_BP] = sp + (next_rand(&seed) % (2 * STACK_COPY));
		if (iter % 3 == 0)
			bad.packed[PERF_REG_X86_SP] = next_rand(&seed);
		self_sample(&bad, &sample, STACK_COPY);
		n = unwind(m, thread, &sample, &fr);
		TEST_ASSERT_VAL("a bounded chain", n >= 0 && n <= MAX_FRAMES);
	}

	/* a stack whose every word points at itself */
	for (size_t i = 0; i < STACK_COPY / 8; i++) {
		u64 w = sp + i * 8;

		memcpy(bad.stack + i * 8, &w, 8);
	}
	memcpy(bad.packed, c.packed, sizeof(bad.packed));
	bad.packed[PERF_REG_X86_BP] = sp;
	self_sample(&bad, &sample, STACK_COPY);
	n = unwind(m, thread, &sample, &fr);
	TEST_ASSERT_VAL("a loop ends", n >= 0 && n <= MAX_FRAMES);

	/* no registers of a 64-bit process: the ip alone */
	self_sample(&c, &sample, c.size);
	sample.user_regs.abi = PERF_SAMPLE_REGS_ABI_32;
	TEST_ASSERT_EQUAL("32-bit: one frame", unwind(m, thread, &sample, &fr), 1);
	machine__delete(m);
	return TEST_OK;
}

/* The address of libc's symbol name plus off in this process, or 0. */
static u64 libc_symbol(struct thread *thread, const char *name, u64 off)
{
	struct map *map;

	maps__for_each(thread->maps, map) {
		const char *base = strrchr(map->dso->long_name, '/');
		struct symbol *sym;

		if (!base || strncmp(base, "/libc.so", 8) || dso__load(map->dso) <= 0)
			continue;
		sym = symtab__find_by_name(&map->dso->symtab, name);
		if (sym)
			return map__unmap_ip(map, sym->start + off);
	}
	return 0;
}

/*
 * Where no CFI covers the address (after the syscall of libc's signal
 * return trampoline, its FDE ends there), libunwind guesses a frame-pointer
 * frame; a zero return address read that way is one more frame for it,
 * which upstream shows, less one, as ffffffffffffffff.
 */
static int test__guess_zero(void)
{
	static struct self_capture c;
	struct perf_sample sample;
	struct thread *thread;
	struct machine *m = self_machine(&thread);
	u64 *words = (u64 *)c.stack, sp = 0x7ffd00000000ULL, ip, caller;
	struct frames fr;
	int n;

	ip = libc_symbol(thread, "__restore_rt", 9);
	caller = libc_symbol(thread, "__libc_sigaction", 16);
	if (!ip || !caller) {
		machine__delete(m);
		return test_skip("no symbols for libc's __restore_rt");
	}
	memset(&c, 0, sizeof(c));
	c.packed[PERF_REG_X86_SP] = sp;
	c.packed[PERF_REG_X86_BP] = sp + 0x100;
	c.packed[PERF_REG_X86_IP] = ip;
	words[0x100 / 8] = sp + 0x200;
	self_sample(&c, &sample, STACK_COPY);
	n = unwind(m, thread, &sample, &fr);
	TEST_ASSERT_EQUAL("the guess gives a zero return address: two frames", n, 2);
	TEST_ASSERT_EQUAL("the trampoline", fr.ip[0], ip);
	TEST_ASSERT_EQUAL("zero less one", fr.ip[1], UINT64_MAX);
	/* a return address there: the frame of the call, and on from there */
	words[0x108 / 8] = caller;
	n = unwind(m, thread, &sample, &fr);
	TEST_ASSERT_VAL("at least two frames", n >= 2);
	TEST_ASSERT_EQUAL("the caller, in its call", fr.ip[1], caller - 1);
	machine__delete(m);
	return TEST_OK;
}

/* --- files recorded by the reference --- */

struct chain_printer {
	struct perf_tool	tool;
	struct machine		*machine;
	struct resolved_chain	chain;
	struct strbuf		out;
	int			samples;
	/* for the .debug_frame checks: samples in leaf(), and those unwound up to main() */
	int			in_leaf;
	int			to_main;
};

static int printer_side_band(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	return machine__process_event(container_of(tool, struct chain_printer, tool)->machine, event, sample);
}

/* Does the chain go leaf, chain_c, chain_b, chain_a, main (inline levels aside)? */
static bool leaf_to_main(const struct resolved_chain *chain)
{
	static const char *const want[] = { "leaf", "chain_c", "chain_b", "chain_a", "main" };
	size_t j = 0;

	for (int i = 0; i < chain->nr && j < ARRAY_SIZE(want); i++) {
		const struct resolved_frame *f = &chain->frames[i];

		/* one unwound address, by its outermost inline level */
		if (i + 1 < chain->nr && f[1].ip == f->ip)
			continue;
		/* mix() may be a frame of its own below leaf() */
		if (!j && f->sym && is_func(f->sym->name, "mix"))
			continue;
		if (!f->sym || !is_func(f->sym->name, want[j++]))
			return false;
	}
	return j == ARRAY_SIZE(want);
}

/* Each sample as 'perf script -F ip,sym,symoff,dso' prints it (--no-inline: !symbol_conf.inline_name). */
static int printer_sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			  struct evsel *evsel)
{
	struct chain_printer *cp = container_of(tool, struct chain_printer, tool);
	struct thread *thread = machine__findnew_thread(cp->machine, sample->pid, sample->tid);
	struct strbuf *sb = &cp->out;

	(void)event;
	cp->samples++;
	sample__resolve_callchain(cp->machine, thread, evsel, sample, 127, &cp->chain);
	strbuf_addch(sb, '\n');
	for (int i = 0; i < cp->chain.nr; i++) {
		const struct resolved_frame *f = &cp->chain.frames[i];

		strbuf_addf(sb, "\t%16" PRIx64 " ", f->addr);
		if (f->sym)
			strbuf_addf(sb, "%s+0x%" PRIx64, symbol__name(f->sym), f->addr - f->sym->start);
		else
			strbuf_addstr(sb, "[unknown]");
		if (symbol__inlined(f->sym))
			strbuf_addstr(sb, " (inlined)\n");
		else
			strbuf_addf(sb, " (%s)\n", f->dso ? f->dso->long_name : "[unknown]");
	}
	strbuf_addch(sb, '\n');
	if (cp->chain.nr && cp->chain.frames[0].sym &&
	    (is_func(cp->chain.frames[0].sym->name, "leaf") || is_func(cp->chain.frames[0].sym->name, "mix"))) {
		cp->in_leaf++;
		cp->to_main += leaf_to_main(&cp->chain);
	}
	return 0;
}

static int print_chains(const char *path, struct chain_printer *cp)
{
	struct perf_data data = { .mode = PERF_DATA_MODE_READ, .path = path };
	struct perf_session *session;
	int err;

	cp->tool = (struct perf_tool){
		.sample = printer_sample, .mmap = printer_side_band, .mmap2 = printer_side_band,
		.comm = printer_side_band, .fork = printer_side_band, .exit = printer_side_band,
		.ordered_events = true, .no_warn = true,
	};
	resolved_chain__init(&cp->chain);
	session = perf_session__new(&data, &cp->tool);
	if (!session)
		return -1;
	cp->machine = machine__new_host();
	machine__idle_thread(cp->machine);
	machine__add_build_ids(cp->machine, &session->header.env);
	err = perf_session__process_events(session);
	perf_session__delete(session);
	machine__delete(cp->machine);
	resolved_chain__exit(&cp->chain);
	return err;
}

/*
 * Record each of runs ("PROG MODES [NEXT...]", 100 ms a mode) with the
 * reference, all at once, into DIR/NAME-I.data. Returns 0 or a skip.
 */
static int ref_record(const char *name, const char *const *runs, size_t nr)
{
	const char *ref = symtest__ref_perf(), *dir = symtest__tmpdir();
	struct strbuf cmd = STRBUF_INIT, out = STRBUF_INIT;
	int ret;

	if (!ref)
		return test_skip("reference perf not installed");
	strbuf_addstr(&cmd, "set -e; ");
	for (size_t i = 0; i < nr; i++) {
		char *args = xstrdup(runs[i]), *save = NULL;

		strbuf_addf(&cmd, "%s record -q -o %s/%s-%zu.data -e cpu-clock -F 1000 --call-graph dwarf --",
			    ref, dir, name, i);
		/* the programs by their path, their modes and durations as they are */
		for (char *w = strtok_r(args, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			if (!strncmp(w, "unwind_prog", 11))
				strbuf_addf(&cmd, " %s/tests/progs/%s", PERF_BUILDDIR, w);
			else
				strbuf_addf(&cmd, " %s", w);
		}
		strbuf_addf(&cmd, " >/dev/null 2>&1 & p%zu=$!; ", i);
		free(args);
	}
	/* the recordings run side by side: wait for each, for its status */
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(&cmd, "wait $p%zu; ", i);
	strbuf_addstr(&cmd, "echo done");
	ret = symtest__run(cmd.buf, &out);
	if (ret || strcmp(out.buf, "done\n"))
		ret = test_skip("the reference could not record unwind_prog");
	strbuf_release(&cmd);
	strbuf_release(&out);
	return ret;
}

/* The reference's 'perf script -F ip,sym,symoff,dso [--no-inline]' of DIR/NAME-I.data. */
static int ref_script(const char *name, size_t i, struct strbuf *out)
{
	char *cmd = xasprintf("%s script -F ip,sym,symoff,dso%s -i %s/%s-%zu.data 2>/dev/null",
			      symtest__ref_perf(), symbol_conf.inline_name ? "" : " --no-inline",
			      symtest__tmpdir(), name, i);
	int ret = symtest__run(cmd, out);

	free(cmd);
	return ret;
}

/* Our chains of DIR/NAME-I.data against the reference's, with inline frames or not. */
static int compare_file(const char *name, size_t i, const char *what, bool inlines)
{
	struct strbuf script = STRBUF_INIT;
	struct chain_printer cp = { .out = STRBUF_INIT };
	char *path = xasprintf("%s/%s-%zu.data", symtest__tmpdir(), name, i);
	int ret = TEST_FAIL;
	bool saved_inline = symbol_conf.inline_name;

	symbol_conf.inline_name = inlines;
	if (ref_script(name, i, &script) || print_chains(path, &cp))
		goto out;
	pr_debug("%s%s: %d samples, %zu bytes of chains\n", what, inlines ? "" : " (no inline)",
		 cp.samples, cp.out.len);
	if (cp.samples < 5 || strcmp(cp.out.buf, script.buf)) {
		char *a = cp.out.buf, *b = script.buf;
		int line = 1;

		for (; *a && *a == *b; a++, b++)
			line += *a == '\n';
		pr_err("%s%s: %d samples; line %d differs: ours '%.100s', reference '%.100s'\n", what,
		       inlines ? "" : " (no inline)", cp.samples, line, strtok(a, "\n") ?: "",
		       strtok(b, "\n") ?: "");
		goto out;
	}
	ret = TEST_OK;
out:
	symbol_conf.inline_name = saved_inline;
	strbuf_release(&cp.out);
	strbuf_release(&script);
	free(path);
	return ret;
}

/*
 * Each layout in its own recording: the reference's libunwind goes wrong in
 * a process that executes another program after it was sampled.
 */
static const char *const ref_runs[] = {
	"unwind_prog chain,recurse,signal,syscall 100",
	"unwind_prog_O2 chain,signal,recurse 100",
	"unwind_prog_stripped chain 200",
	"unwind_prog_lib lib,chain 100",
};

static int test__reference(void)
{
	int ret = ref_record("layout", ref_runs, ARRAY_SIZE(ref_runs)), saved_verbose = verbose;

	if (ret)
		return ret;
	verbose = 0;	/* -v would add C++ parameter lists */
	for (size_t i = 0; i < ARRAY_SIZE(ref_runs) && !ret; i++) {
		ret = compare_file("layout", i, ref_runs[i], false);
		if (!ret)
			ret = compare_file("layout", i, ref_runs[i], true);
	}
	verbose = saved_verbose;
	return ret;
}

/* CFI only in .debug_frame: the reference (libunwind, .eh_frame only) cannot unwind these. */
static int test__debug_frame(void)
{
	static const char *const runs[] = {
		"unwind_prog_dbgframe chain 100 unwind_prog_debuglink chain 100",
	};
	struct chain_printer cp = { .out = STRBUF_INIT };
	char *path = xasprintf("%s/debug_frame-0.data", symtest__tmpdir());
	int ret = ref_record("debug_frame", runs, ARRAY_SIZE(runs));

	if (ret)
		goto out;
	ret = TEST_FAIL;
	if (print_chains(path, &cp))
		goto out;
	pr_debug("%d samples, %d in leaf, %d of them unwound to main\n", cp.samples, cp.in_leaf, cp.to_main);
	if (cp.in_leaf < 10 || cp.to_main != cp.in_leaf) {
		pr_err("%d samples in leaf(), %d unwound to main()\n", cp.in_leaf, cp.to_main);
		goto out;
	}
	ret = TEST_OK;
out:
	strbuf_release(&cp.out);
	free(path);
	return ret;
}

static const struct test_case unwind_cases[] = {
	TEST_CASE("this process's stack", test__self),
	TEST_CASE("stack copies cut short or garbage", test__garbage),
	TEST_CASE("as the reference: PIE, -O2, stripped, non-PIE with a library; recursion, signals; "
		  "inline frames", test__reference),
	TEST_CASE(".debug_frame only, also in a separate debug file", test__debug_frame),
	TEST_CASE("no CFI at the address: the frame-pointer guess, a zero return address", test__guess_zero),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(unwind, "DWARF unwinding", unwind_cases);
