// SPDX-License-Identifier: GPL-2.0
/*
 * perf test: runs the builtin unit tests and the shell tests in
 * tests/shell/, each in its own child process.
 */
#include "builtin.h"
#include "tests/tests.h"
#include "util/parse-options.h"
#include "util/strbuf.h"
#include "util/string2.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The suites, in the order perf test numbers them. */
extern const struct test_suite suite__parse_options;
extern const struct test_suite suite__strbuf;
extern const struct test_suite suite__hashmap;
extern const struct test_suite suite__string;
extern const struct test_suite suite__help;
extern const struct test_suite suite__parse_events;
extern const struct test_suite suite__stat;
extern const struct test_suite suite__probe_event;
extern const struct test_suite suite__parse_events;
extern const struct test_suite suite__event;
extern const struct test_suite suite__ordered_events;
extern const struct test_suite suite__perf_data;
extern const struct test_suite suite__symbols;
extern const struct test_suite suite__machine_reference;
extern const struct test_suite suite__demangle;
extern const struct test_suite suite__maps;
extern const struct test_suite suite__srcline;
extern const struct test_suite suite__dso;
extern const struct test_suite suite__time_utils;
extern const struct test_suite suite__unwind;
extern const struct test_suite suite__callchain;

static const struct test_suite *const suites[] = {
	&suite__parse_options,
	&suite__strbuf,
	&suite__hashmap,
	&suite__string,
	&suite__help,
	&suite__parse_events,
	&suite__stat,
	&suite__probe_event,
	&suite__parse_events,
	&suite__event,
	&suite__ordered_events,
	&suite__perf_data,
	&suite__symbols,
	&suite__machine_reference,
	&suite__demangle,
	&suite__maps,
	&suite__srcline,
	&suite__dso,
	&suite__time_utils,
	&suite__unwind,
	&suite__callchain,
};

extern const struct test_workload workload__noploop_def;
extern const struct test_workload workload__thloop_def;
extern const struct test_workload workload__leafloop_def;
extern const struct test_workload workload__sqrtloop_def;

static const struct test_workload *const workloads[] = {
	&workload__noploop_def,
	&workload__thloop_def,
	&workload__leafloop_def,
	&workload__sqrtloop_def,
};

#define C_TEST_TIMEOUT 300
#define SHELL_TEST_TIMEOUT 300

/* One runnable line of the table: a C test case or a shell script. */
struct test_entry {
	int num;		/* the number shown */
	int sub;		/* 1-based case number in a multi-case suite, else 0 */
	const char *desc;
	const struct test_case *tcase;
	char *script;		/* path of a shell test */
	bool is_header;		/* the line naming a multi-case suite */
};

struct test_run {
	struct test_entry *entries;
	size_t nr, alloc;
	int width;
	bool no_fork;
	struct strlist *skip;
	int passed, failed, skipped;
};

/* Shared with the child so a skip reason survives the fork. */
static char *skip_reason_buf;
#define SKIP_REASON_SIZE 256

int test_skip(const char *fmt, ...)
{
	va_list ap;

	if (skip_reason_buf) {
		va_start(ap, fmt);
		vsnprintf(skip_reason_buf, SKIP_REASON_SIZE, fmt, ap);
		va_end(ap);
	}
	return TEST_SKIP;
}

static void add_entry(struct test_run *r, struct test_entry e)
{
	int w;

	ALLOC_GROW(r->entries, r->nr + 1, r->alloc);
	r->entries[r->nr++] = e;
	w = strlen(e.desc) + (e.sub ? 2 : 0);
	if (w > r->width)
		r->width = w;
}

/* The description of a shell test: the first comment line after the #! line. */
static char *shell_test_desc(const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[512];
	char *desc = NULL;

	if (!fp)
		return NULL;
	while (fgets(line, sizeof(line), fp)) {
		if (!strncmp(line, "#!", 2))
			continue;
		if (line[0] == '#') {
			char *d = strim(line + 1);

			if (strstarts(d, "SPDX"))
				continue;
			desc = xstrdup(d);
		}
		break;
	}
	fclose(fp);
	return desc;
}

static const char *shell_tests_dir(void)
{
	const char *dir = getenv("PERF_TEST_SHELL_DIR");

	return dir ? dir : PERF_SRCDIR "/tests/shell";
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect_tests(struct test_run *r)
{
	int num = 0;
	const char *dir = shell_tests_dir();
	char **names = NULL;
	size_t nr = 0, alloc = 0;
	struct dirent *de;
	DIR *d;

	for (size_t i = 0; i < ARRAY_SIZE(suites); i++) {
		const struct test_suite *s = suites[i];
		int ncases = 0;

		while (s->cases[ncases].desc)
			ncases++;
		num++;
		if (ncases == 1) {
			add_entry(r, (struct test_entry){ num, 0, s->desc, &s->cases[0], NULL, false });
			continue;
		}
		add_entry(r, (struct test_entry){ num, 0, s->desc, NULL, NULL, true });
		for (int c = 0; c < ncases; c++)
			add_entry(r, (struct test_entry){ num, c + 1, s->cases[c].desc, &s->cases[c], NULL, false });
	}

	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.' || !strends(de->d_name, ".sh"))
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (nr)
		qsort(names, nr, sizeof(*names), cmp_str);
	for (size_t i = 0; i < nr; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *desc = shell_test_desc(path);

		add_entry(r, (struct test_entry){ ++num, 0, desc ? desc : xstrdup(names[i]), NULL, path, false });
		free(names[i]);
	}
	free(names);
}

/* Does entry e match the command-line selection (numbers or description fragments)? */
static bool selected(const struct test_entry *e, int argc, const char **argv)
{
	if (argc == 0)
		return true;
	for (int i = 0; i < argc; i++) {
		char *end;
		long n = strtol(argv[i], &end, 10);

		if (*argv[i] && !*end) {
			if (n == e->num)
				return true;
			continue;
		}
		if (strcasestr(e->desc, argv[i]))
			return true;
	}
	return false;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	remove(path);
	return 0;
}

static void __noreturn exec_shell_test(const struct test_entry *e, const char *workdir)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n > 0) {
		self[n] = '\0';
		setenv("PERF", self, 1);
	}
	setenv("PERF_SRCDIR", PERF_SRCDIR, 0);
	setenv("PERF_BUILDDIR", PERF_BUILDDIR, 0);
	setenv("PERF_TEST_VERBOSE", verbose > 0 ? "1" : "0", 1);
	if (workdir && chdir(workdir) < 0)
		_exit(1);
	execl("/bin/bash", "bash", e->script, (char *)NULL);
	fprintf(stderr, "cannot run %s: %s\n", e->script, strerror(errno));
	_exit(1);
}

/* Run one entry in a child; collect its output into out. Returns TEST_OK/FAIL/SKIP. */
static int run_in_child(const struct test_entry *e, struct strbuf *out)
{
	int fds[2], status = 0, timeout = e->script ? SHELL_TEST_TIMEOUT : C_TEST_TIMEOUT;
	char workdir[] = "/tmp/ptest.XXXXXX";
	double deadline;
	bool timed_out = false;
	pid_t pid;

	if (pipe(fds) < 0)
		return TEST_FAIL;
	if (e->script && !mkdtemp(workdir)) {
		close(fds[0]);
		close(fds[1]);
		strbuf_addf(out, "cannot create a work directory: %s\n", strerror(errno));
		return TEST_FAIL;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return TEST_FAIL;
	}
	if (pid == 0) {
		setpgid(0, 0);
		close(fds[0]);
		dup2(fds[1], STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[1]);
		if (e->script)
			exec_shell_test(e, workdir);
		{
			int ret = e->tcase->run();

			fflush(stdout);
			fflush(stderr);
			_exit(ret == TEST_OK ? 0 : ret == TEST_SKIP ? 2 : 1);
		}
	}
	setpgid(pid, pid);
	close(fds[1]);
	deadline = monotonic_seconds() + timeout;
	for (;;) {
		struct pollfd pfd = { .fd = fds[0], .events = POLLIN };
		int left = (int)((deadline - monotonic_seconds()) * 1000);
		char buf[4096];
		ssize_t n;

		if (left <= 0) {
			timed_out = true;
			kill(-pid, SIGKILL);
			break;
		}
		if (poll(&pfd, 1, left) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (!pfd.revents)
			continue;
		n = read(fds[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		strbuf_add(out, buf, n);
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	/* leftovers of a shell test (background jobs) go with its process group */
	kill(-pid, SIGKILL);
	if (e->script)
		nftw(workdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	if (timed_out) {
		strbuf_addf(out, "test timed out after %d seconds\n", timeout);
		return TEST_FAIL;
	}
	if (WIFSIGNALED(status)) {
		strbuf_addf(out, "test killed by signal %d (%s)\n", WTERMSIG(status), strsignal(WTERMSIG(status)));
		return TEST_FAIL;
	}
	if (WEXITSTATUS(status) == 0)
		return TEST_OK;
	if (WEXITSTATUS(status) == 2)
		return TEST_SKIP;
	return TEST_FAIL;
}

/* For a skipped shell test, the reason is its last line of output. */
static void last_line(const struct strbuf *out, char *buf, size_t size)
{
	size_t end = out->len;
	size_t start;

	while (end && isspace((unsigned char)out->buf[end - 1]))
		end--;
	start = end;
	while (start && out->buf[start - 1] != '\n')
		start--;
	snprintf(buf, size, "%.*s", (int)(end - start), out->buf + start);
}

static void print_output(const struct strbuf *out)
{
	if (!out->len)
		return;
	fprintf(stderr, "--- start ---\n%s", out->buf);
	if (out->buf[out->len - 1] != '\n')
		fputc('\n', stderr);
	fprintf(stderr, "---- end ----\n");
}

static void run_entry(struct test_run *r, const struct test_entry *e)
{
	struct strbuf out = STRBUF_INIT;
	int width = r->width - (e->sub ? 2 : 0);
	char num[16];
	int ret;

	if (e->sub)
		printf("%3d.%d: %-*s:", e->num, e->sub, width, e->desc);
	else
		printf("%3d: %-*s:", e->num, width, e->desc);
	if (e->is_header) {
		putchar('\n');
		return;
	}
	snprintf(num, sizeof(num), "%d", e->num);
	if (strlist__has(r->skip, num)) {
		printf(" Skip (user override)\n");
		r->skipped++;
		return;
	}
	fflush(stdout);
	skip_reason_buf[0] = '\0';
	if (r->no_fork && !e->script) {
		ret = e->tcase->run();
	} else {
		ret = run_in_child(e, &out);
		if (verbose > 0 || ret == TEST_FAIL) {
			putchar('\n');
			fflush(stdout);
			print_output(&out);
			printf("%3d: %-*s:", e->num, width, e->desc);
		}
	}
	switch (ret) {
	case TEST_OK:
		printf(" Ok\n");
		r->passed++;
		break;
	case TEST_SKIP:
		if (e->script && !skip_reason_buf[0])
			last_line(&out, skip_reason_buf, SKIP_REASON_SIZE);
		if (skip_reason_buf[0])
			printf(" Skip (%s)\n", skip_reason_buf);
		else
			printf(" Skip\n");
		r->skipped++;
		break;
	default:
		printf(" FAILED!\n");
		r->failed++;
		break;
	}
	fflush(stdout);
	strbuf_release(&out);
}

static int run_workload(const char *name, int argc, const char **argv)
{
	for (size_t i = 0; i < ARRAY_SIZE(workloads); i++)
		if (!strcmp(workloads[i]->name, name))
			return workloads[i]->run(argc, argv);
	pr_err("No workload found: %s\n", name);
	fprintf(stderr, "Available workloads:\n");
	for (size_t i = 0; i < ARRAY_SIZE(workloads); i++)
		fprintf(stderr, "  %-10s %s\n", workloads[i]->name, workloads[i]->desc);
	return -1;
}

/* Include a multi-case suite's header line when any of its cases is selected. */
static bool entry_wanted(const struct test_run *r, size_t i, int argc, const char **argv)
{
	const struct test_entry *e = &r->entries[i];

	if (selected(e, argc, argv))
		return true;
	if (e->is_header)
		for (size_t j = i + 1; j < r->nr && r->entries[j].num == e->num; j++)
			if (selected(&r->entries[j], argc, argv))
				return true;
	if (e->sub) {
		/* a case of a selected suite */
		size_t h = i;

		while (h > 0 && !r->entries[h].is_header)
			h--;
		return selected(&r->entries[h], argc, argv);
	}
	return false;
}

int cmd_test(int argc, const char **argv)
{
	struct test_run r = { .width = 0 };
	const char *skip = NULL, *workload = NULL;
	bool list = false;
	const char * const usage[] = {
		"perf test [<options>] [{list <test-name-fragment>|[<test-name-fragments>|<test-numbers>]}]",
		NULL,
	};
	const struct option options[] = {
		OPT_BOOLEAN('F', "dont-fork", &r.no_fork, "Do not fork for testcase"),
		OPT_STRING('s', "skip", &skip, "tests", "tests to skip"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_STRING('w', "workload", &workload, "work", "workload to run for testing"),
		OPT_END()
	};

	argc = parse_options(argc, argv, options, usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (workload)
		return run_workload(workload, argc, argv) ? 1 : 0;
	if (argc > 0 && !strcmp(argv[0], "list")) {
		list = true;
		argc--;
		argv++;
	}
	/* cleaned up by exit; shared with the forked tests */
	skip_reason_buf = mmap(NULL, SKIP_REASON_SIZE, PROT_READ | PROT_WRITE,
			       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (skip_reason_buf == MAP_FAILED) {
		pr_err("perf test: cannot map shared memory: %s\n", strerror(errno));
		return 1;
	}
	r.skip = strlist__new(skip);
	collect_tests(&r);

	for (size_t i = 0; i < r.nr; i++) {
		const struct test_entry *e = &r.entries[i];

		if (!entry_wanted(&r, i, argc, argv))
			continue;
		if (list) {
			if (e->sub)
				printf("%3d:%d: %s\n", e->num, e->sub, e->desc);
			else
				printf("%3d: %s\n", e->num, e->desc);
			continue;
		}
		run_entry(&r, e);
	}
	if (list)
		return 0;
	printf("%d passed, %d failed, %d skipped\n", r.passed, r.failed, r.skipped);
	strlist__delete(r.skip);
	return r.failed ? 1 : 0;
}
