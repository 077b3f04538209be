// SPDX-License-Identifier: GPL-2.0
/*
 * The whole model against the reference: record a fork/exec workload with
 * call chains using the reference perf, replay its records (as 'perf script
 * -D' dumps them: mmaps, comms, forks, exits, raw samples with raw call
 * chains) into a machine, and resolve every sample and chain entry: the
 * thread's comm, the DSO, the symbol and offset must be what the reference
 * prints for the same record.
 */
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <sys/mman.h>
#include "tests/tests.h"
#include "tests/symtest.h"
#include "util/data.h"
#include "util/fs.h"
#include "util/io.h"
#include "util/machine.h"
#include "util/session.h"

#define UPROBE_GROUP "perf_symtest"

/*
 * A uprobe on strtoul@plt of prog, so that samples land in the PLT, where
 * _init overlaps. Returns the event name, or NULL without uprobes.
 */
static char *plt_uprobe(const char *prog, const char *name, char **events_path)
{
	struct dsos dsos;
	struct dso *dso;
	struct symbol *plt;
	char *def = NULL;
	const char *tracefs = tracefs__mountpoint();

	*events_path = NULL;
	if (!tracefs)
		return NULL;
	dsos__init(&dsos);
	dso = dsos__findnew(&dsos, prog, NULL);
	dso__load(dso);
	/* called once per run: one sample per process */
	plt = symtab__find_by_name(&dso->symtab, "strtoul@plt");
	if (plt) {
		/* dso-relative addresses are file offsets, what uprobes take */
		def = xasprintf("p:%s/%s %s:%#llx\n", UPROBE_GROUP, name, prog, (unsigned long long)plt->start);
		*events_path = xasprintf("%s/uprobe_events", tracefs);
		if (filename__write_str(*events_path, def, true)) {
			zfree(events_path);
			zfree(&def);
		}
	}
	dsos__exit(&dsos);
	free(def);
	return *events_path ? xasprintf("-e %s:%s ", UPROBE_GROUP, name) : NULL;
}

static void plt_uprobe_remove(char *events_path, const char *name)
{
	char *def = xasprintf("-:%s/%s\n", UPROBE_GROUP, name);

	if (events_path)
		filename__write_str(events_path, def, true);
	free(events_path);
	free(def);
}

struct replay {
	struct machine	*machine;
	struct thread	*thread;	/* of the current sample */
	u64		chain[256];
	size_t		nr_chain;
	size_t		next;		/* next chain entry to compare */
	u8		cpumode;	/* while walking the chain */
	u64		ts;
	bool		in_sample;
	int		checked;
	int		mismatches;
	int		kernel_checked;
	int		symbols_found;
};

static const char *after(const char *line, const char *tag)
{
	const char *p = strstr(line, tag);

	return p ? p + strlen(tag) : NULL;
}

/* "PERF_RECORD_MMAP2 7385/7385: [0x561c2a0c0000(0x1000) @ 0x1000 fe:00 5309666 92737668]: r-xp /path" */
static void replay_mmap(struct replay *r, const char *p, bool mmap2)
{
	struct mmap_event ev = { 0 };
	char prot[8] = "", name[4096];
	unsigned long long start, len, pgoff, ino = 0, gen = 0;
	unsigned int maj = 0, min = 0;
	int pid, tid, n;

	if (mmap2)
		n = sscanf(p, " %d/%d: [%llx(%llx) @ %llx %x:%x %llu %llu]: %7s %4095[^\n]", &pid, &tid,
			   &start, &len, &pgoff, &maj, &min, &ino, &gen, prot, name) == 11;
	else
		n = sscanf(p, " %d/%d: [%llx(%llx) @ %llx]: %7s %4095[^\n]", &pid, &tid,
			   &start, &len, &pgoff, prot, name) == 7;
	if (!n)
		return;
	ev.pid = pid;
	ev.tid = tid;
	ev.start = start;
	ev.len = len;
	ev.pgoff = pgoff;
	ev.maj = maj;
	ev.min = min;
	ev.ino = ino;
	ev.ino_generation = gen;
	ev.filename = name;
	ev.prot = strchr(prot, 'x') ? PROT_EXEC : 0;
	if (strchr(prot, 'r'))
		ev.prot |= PROT_READ;
	ev.cpumode = pid == -1 ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
	machine__process_mmap(r->machine, &ev);
}

/* "PERF_RECORD_SAMPLE(IP, 0x2): 7383/7383: 0x7f4051ad73e0 period: ..." */
static void replay_sample(struct replay *r, const char *line, const char *p)
{
	unsigned int misc;
	int pid, tid;

	r->in_sample = false;
	if (sscanf(p, "%*[^,], %x): %d/%d:", &misc, &pid, &tid) != 3)
		return;
	r->ts = strtoull(line, NULL, 10);
	r->thread = machine__findnew_thread(r->machine, pid, tid);
	r->cpumode = PERF_RECORD_MISC_USER;
	r->nr_chain = r->next = 0;
	r->in_sample = true;
}

/* Our answer for one chain entry, as perf script prints it: "sym+0xoff (dso)". */
static void our_answer(struct replay *r, u64 ip, char *buf, size_t size)
{
	struct addr_location al;
	u8 mode = machine__addr_cpumode(r->machine, r->cpumode, ip);

	thread__resolve(r->thread, mode, ip, &al);
	if (al.sym)
		snprintf(buf, size, "%s+0x%" PRIx64 " (%s)", symbol__name(al.sym),
			 al.addr - al.sym->start, al.dso ? al.dso->long_name : "[unknown]");
	else
		snprintf(buf, size, "[unknown] (%s)", al.dso ? al.dso->long_name : "[unknown]");
	if (al.sym)
		r->symbols_found++;
	if (mode == PERF_RECORD_MISC_KERNEL)
		r->kernel_checked++;
}

/* "\t    153e0 update_active.constprop.0+0x270 (/usr/lib/.../ld-linux-x86-64.so.2)" */
static void replay_chain_line(struct replay *r, const char *line)
{
	char ours[4096];
	const char *theirs = line;

	while (*theirs == '\t' || *theirs == ' ')
		theirs++;
	theirs = strchr(theirs, ' ');	/* after the address */
	if (!theirs)
		return;
	theirs++;
	/* markers switch the address space and are not printed */
	while (r->next < r->nr_chain && r->chain[r->next] >= PERF_CONTEXT_MAX)
		machine__resolve_callchain_ip(r->machine, r->thread, &r->cpumode, r->chain[r->next++], NULL);
	if (r->next >= r->nr_chain)
		return;
	our_answer(r, r->chain[r->next++], ours, sizeof(ours));
	r->checked++;
	if (strcmp(ours, theirs) && r->mismatches++ < 10)
		pr_err("%d/%d: ours '%s', reference '%s'\n", r->thread->pid, r->thread->tid, ours, theirs);
}

static void replay_line(struct replay *r, const char *line)
{
	const char *p;
	int pid, tid, ppid, ptid, idx;
	unsigned long long v;
	char comm[64];

	if ((p = after(line, "PERF_RECORD_MMAP2")))
		replay_mmap(r, p, true);
	else if ((p = after(line, "PERF_RECORD_MMAP ")))
		replay_mmap(r, p - 1, false);
	else if ((p = after(line, "PERF_RECORD_COMM")) &&
		 sscanf(strchr(p, ':') + 1, " %63[^:]:%d/%d", comm, &pid, &tid) == 3)
		machine__process_comm(r->machine, pid, tid, comm, strstarts(p, " exec"),
				      strtoull(line, NULL, 10));
	else if ((p = after(line, "PERF_RECORD_FORK(")) &&
		 sscanf(p, "%d:%d):(%d:%d)", &pid, &tid, &ppid, &ptid) == 4)
		machine__process_fork(r->machine, pid, tid, ppid, ptid, strtoull(line, NULL, 10), true);
	else if ((p = after(line, "PERF_RECORD_EXIT(")) && sscanf(p, "%d:%d)", &pid, &tid) == 2)
		machine__process_exit(r->machine, pid, tid, strtoull(line, NULL, 10));
	else if ((p = after(line, "PERF_RECORD_SAMPLE(")))
		replay_sample(r, line, p);
	else if (r->in_sample && sscanf(line, ".....  %d: %llx", &idx, &v) == 2 &&
		 r->nr_chain < ARRAY_SIZE(r->chain))
		r->chain[r->nr_chain++] = v;
	else if (r->in_sample && (p = after(line, " ... thread: "))) {
		/* the reference's comm for the sample's thread */
		const char *ours = thread__comm_str(r->thread);
		size_t len = strrchr(p, ':') ? (size_t)(strrchr(p, ':') - p) : strlen(p);

		r->checked++;
		if ((strlen(ours) != len || strncmp(ours, p, len)) && r->mismatches++ < 10)
			pr_err("comm: ours '%s', reference '%.*s'\n", ours, (int)len, p);
	} else if (r->in_sample && line[0] == '\t')
		replay_chain_line(r, line);
}

static int test__resolve_vs_reference(void)
{
	const char *ref = symtest__ref_perf(), *dir = symtest__tmpdir();
	char *prog = xstrdup(symtest__prog("symbols"));
	char *nopie = xstrdup(symtest__prog("symbols-nopie"));
	struct strbuf out = STRBUF_INIT;
	struct replay r = { 0 };
	char *cmd, *line, *save = NULL, *up1, *up2, *ev1, *ev2;
	int ret = TEST_FAIL, saved_verbose = verbose, status;

	if (!ref) {
		free(prog);
		free(nopie);
		return test_skip("reference perf not installed");
	}
	up1 = plt_uprobe(prog, "plt", &ev1);
	up2 = plt_uprobe(nopie, "plt_nopie", &ev2);
	/* fork + exec, two layouts, user and kernel samples, frame-pointer chains */
	cmd = xasprintf("%s record -q -N -o %s/perf.data -e cpu-clock -F 4000 %s%s -g -- "
			"sh -c '%s 1; %s 1' >/dev/null 2>&1 && "
			"%s script -D -F comm,tid,ip,sym,symoff,dso -i %s/perf.data 2>/dev/null",
			ref, dir, up1 ? up1 : "", up2 ? up2 : "", prog, nopie, ref, dir);
	status = symtest__run(cmd, &out);
	plt_uprobe_remove(ev1, "plt");
	plt_uprobe_remove(ev2, "plt_nopie");
	pr_debug("PLT uprobes: %s%s\n", up1 ? up1 : "none ", up2 ? up2 : "none");
	free(up1);
	free(up2);
	free(prog);
	free(nopie);
	if (status != 0 || !strstr(out.buf, "PERF_RECORD_SAMPLE")) {
		ret = test_skip("the reference could not record");
		goto out;
	}
	verbose = 0;
	r.machine = machine__new_host();
	for (line = strtok_r(out.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		replay_line(&r, line);
	verbose = saved_verbose;
	pr_debug("%d answers compared (%d kernel, %d with symbols), %d differ\n",
		 r.checked, r.kernel_checked, r.symbols_found, r.mismatches);
	if (r.checked < 100 || !r.symbols_found)
		pr_err("too few samples compared: %d\n", r.checked);
	else if (!r.mismatches)
		ret = TEST_OK;
	machine__delete(r.machine);
out:
	free(cmd);
	strbuf_release(&out);
	return ret;
}

/* Through the perf.data reader: records fed with machine__process_event(). */
struct session_replay {
	struct perf_tool tool;
	struct machine	*machine;
	struct strbuf	out;		/* "sym+0xoff (dso)" per chain entry, as perf script */
	int		samples;
};

static int replay_side_band(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct session_replay *sr = container_of(tool, struct session_replay, tool);

	return machine__process_event(sr->machine, event, sample);
}

static int replay_session_sample(struct perf_tool *tool, union perf_event *event,
				 struct perf_sample *sample, struct evsel *evsel)
{
	struct session_replay *sr = container_of(tool, struct session_replay, tool);
	struct addr_location al;
	u8 cpumode = PERF_RECORD_MISC_USER;

	(void)event;
	(void)evsel;
	machine__resolve_sample(sr->machine, &al, sample);
	sr->samples++;
	for (u64 i = 0; sample->callchain && i < sample->callchain->nr; i++) {
		int r = machine__resolve_callchain_ip(sr->machine, al.thread, &cpumode,
						      sample->callchain->ips[i], &al);

		if (r < 0)
			break;
		if (r > 0)
			continue;
		if (al.sym)
			strbuf_addf(&sr->out, "%s+0x%" PRIx64 " (%s)\n", symbol__name(al.sym),
				    al.addr - al.sym->start, al.dso->long_name);
		else
			strbuf_addf(&sr->out, "[unknown] (%s)\n", al.dso ? al.dso->long_name : "[unknown]");
	}
	return 0;
}

/* perf script's call-chain lines without their addresses. */
static void strip_addresses(const char *in, struct strbuf *out)
{
	const char *line = in;

	while (*line) {
		const char *eol = strchrnul(line, '\n'), *p = line;

		if (*p == '\t') {
			while (*p == '\t' || *p == ' ')
				p++;
			p = strchr(p, ' ');
			if (p && p < eol) {
				strbuf_add(out, p + 1, eol - p - 1);
				strbuf_addch(out, '\n');
			}
		}
		line = *eol ? eol + 1 : eol;
	}
}

static int test__session_vs_reference(void)
{
	const char *ref = symtest__ref_perf(), *dir = symtest__tmpdir();
	const char *prog = symtest__prog("symbols");
	struct session_replay sr = {
		.tool = {
			.sample = replay_session_sample, .mmap = replay_side_band, .mmap2 = replay_side_band,
			.comm = replay_side_band, .fork = replay_side_band, .exit = replay_side_band,
			.ordered_events = true, .no_warn = true,
		},
		.out = STRBUF_INIT,
	};
	struct strbuf script = STRBUF_INIT, theirs = STRBUF_INIT;
	struct perf_data data = { .mode = PERF_DATA_MODE_READ };
	struct perf_session *session = NULL;
	char *cmd;
	int ret = TEST_FAIL, saved_verbose = verbose;

	if (!ref)
		return test_skip("reference perf not installed");
	cmd = xasprintf("%s record -q -N -o %s/perf.data -e cpu-clock -F 4000 -g -- sh -c '%s 1; %s 1' "
			">/dev/null 2>&1 && %s script -F ip,sym,symoff,dso -i %s/perf.data 2>/dev/null",
			ref, dir, prog, prog, ref, dir);
	if (symtest__run(cmd, &script) != 0 || !script.len) {
		ret = test_skip("the reference could not record");
		goto out;
	}
	strip_addresses(script.buf, &theirs);
	data.path = xasprintf("%s/perf.data", dir);
	session = perf_session__new(&data, &sr.tool);
	if (!session)
		goto out;
	verbose = 0;
	sr.machine = machine__new_host();
	machine__add_build_ids(sr.machine, &session->header.env);
	if (perf_session__process_events(session))
		goto out;
	pr_debug("%d samples, %zu bytes of call chains\n", sr.samples, sr.out.len);
	if (sr.samples < 50 || strcmp(sr.out.buf, theirs.buf)) {
		char *a = sr.out.buf, *b = theirs.buf;
		int line = 1;

		/* the first difference */
		for (; *a && *a == *b; a++, b++)
			line += *a == '\n';
		pr_err("%d samples; line %d differs: ours '%.80s', reference '%.80s'\n",
		       sr.samples, line, strtok(a, "\n") ?: "", strtok(b, "\n") ?: "");
		goto out;
	}
	ret = TEST_OK;
out:
	verbose = saved_verbose;
	if (session)
		perf_session__delete(session);
	machine__delete(sr.machine);
	free((char *)data.path);
	free(cmd);
	strbuf_release(&script);
	strbuf_release(&theirs);
	strbuf_release(&sr.out);
	return ret;
}

static const struct test_case machine_reference_cases[] = {
	TEST_CASE("records replayed from perf script -D", test__resolve_vs_reference),
	TEST_CASE("perf.data read by the session", test__session_vs_reference),
	TEST_CASE_END,
};

DEFINE_SUITE_CASES(machine_reference, "Symbol resolution matches the reference", machine_reference_cases);
