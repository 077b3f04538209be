// SPDX-License-Identifier: GPL-2.0
/*
 * perf record: open the events, drain their ring buffers into perf.data
 * (or a pipe), then write the features and the build-id table of the DSOs
 * that samples hit.
 */
#include "builtin.h"
#include "util/build-id.h"
#include "util/compress.h"
#include "util/cpumap.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/io.h"
#include "util/machine-hits.h"
#include "util/machine.h"
#include "util/mmap.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/record.h"
#include "util/session.h"
#include "util/string2.h"
#include "util/synthetic-events.h"
#include "util/threadmap.h"
#include "util/tracing-data.h"
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define OUTPUT_BUF_SIZE		(1 << 20)
#define COMP_RECORD_MAX		(65536 - 8)	/* data of one COMPRESSED record */

struct switch_output {
	bool		enabled;
	bool		signal;
	u64		size;
	unsigned long	time;
	const char	*str;
	bool		set;
	int		max_files;
	char		**filenames;
	int		nr_files;
};

struct record {
	struct record_opts	opts;
	struct callchain_param	callchain;
	struct evlist		*evlist;
	struct perf_data	data;
	struct perf_header	header;
	struct perf_mmap_set	mmaps;
	const char		*output_name;
	const char		**argv;		/* the command line after "perf" */
	int			argc;
	/* output */
	char			*buf;
	size_t			buf_len;
	u64			bytes_written;	/* of the current file, after its header */
	long			waking;
	bool			no_buildid;
	bool			no_buildid_cache;
	bool			buildid_all;
	bool			buildid_mmap;
	bool			timestamp_filename;
	bool			dry_run;
	bool			timestamp_boundary;	/* the end pass even with -B */
	/* -z */
	int			comp_level;
	struct zstd_data	zstd;
	char			*comp_buf;
	size_t			comp_buf_size;
	u64			bytes_transferred;
	u64			bytes_compressed;
	/* tracing data (tracepoint formats), built once */
	char			*tracing_data;
	size_t			tracing_data_size;
	/* the workload */
	pid_t			workload_pid;
	int			cork_fd;
	int			err_fd;
	int			workload_status;
	/* results of the end-of-file pass */
	u64			samples;
	u64			first_sample_time;
	u64			last_sample_time;
	struct switch_output	switch_output;
	const char		*mmap_pages_str;
	const char		*delay_str;
	const char		*callgraph_str;
	bool			callgraph_fp;
	unsigned long		max_size;
	const char		*max_size_str;
};

static volatile sig_atomic_t done;
static volatile sig_atomic_t child_finished;
static volatile sig_atomic_t switch_output_signal;
static volatile sig_atomic_t signr = -1;

static void sig_handler(int sig)
{
	if (sig == SIGCHLD)
		child_finished = 1;
	else
		signr = sig;
	done = 1;
}

static void sig_switch_output(int sig)
{
	(void)sig;
	switch_output_signal = 1;
}

/* --- writing --- */

static int record__flush(struct record *rec)
{
	ssize_t n;

	if (!rec->buf_len)
		return 0;
	n = perf_data__write(&rec->data, rec->buf, rec->buf_len);
	rec->buf_len = 0;
	if (n < 0) {
		char sbuf[128];

		pr_err("failed to write perf data to %s: %s\n", rec->data.path,
		       str_error_r(-n, sbuf, sizeof(sbuf)));
		return (int)n;
	}
	return 0;
}

static int record__write(struct record *rec, const void *buf, size_t size)
{
	rec->bytes_written += size;
	if (size > OUTPUT_BUF_SIZE - rec->buf_len) {
		int err = record__flush(rec);

		if (err)
			return err;
		if (size > OUTPUT_BUF_SIZE) {
			ssize_t n = perf_data__write(&rec->data, buf, size);

			if (n < 0) {
				char sbuf[128];

				pr_err("failed to write perf data to %s: %s\n", rec->data.path,
				       str_error_r(-n, sbuf, sizeof(sbuf)));
				return (int)n;
			}
			return 0;
		}
	}
	memcpy(rec->buf + rec->buf_len, buf, size);
	rec->buf_len += size;
	return 0;
}

static int process_synthesized(void *ctx, const void *buf, size_t size)
{
	return record__write(ctx, buf, size);
}

static size_t compressed_header(void *record, size_t payload)
{
	struct perf_record_compressed *ev = record;

	ev->header.type = PERF_RECORD_COMPRESSED;
	ev->header.misc = 0;
	ev->header.size = sizeof(*ev) + payload;
	return sizeof(*ev);
}

/* A chunk of ring-buffer data, compressed with -z. */
static int record__push(void *ctx, const void *buf, size_t size)
{
	struct record *rec = ctx;
	size_t max, used;

	if (!rec->comp_level)
		return record__write(rec, buf, size);
	max = size + size / 8 + 4096 + (size / COMP_RECORD_MAX + 1) * sizeof(struct perf_record_compressed);
	if (rec->comp_buf_size < max) {
		rec->comp_buf = xrealloc(rec->comp_buf, max);
		rec->comp_buf_size = max;
	}
	used = zstd_compress_stream_to_records(&rec->zstd, rec->comp_buf, rec->comp_buf_size, buf, size,
					       COMP_RECORD_MAX, compressed_header);
	if (!used)
		return -EINVAL;
	rec->bytes_transferred += size;
	rec->bytes_compressed += used;
	return record__write(rec, rec->comp_buf, used);
}

/* Drain every ring buffer once; a FINISHED_ROUND after a pass that found data. */
static int record__mmap_read_all(struct record *rec)
{
	u64 before = rec->bytes_written;
	int err;

	for (int i = 0; i < rec->mmaps.nr; i++) {
		ssize_t n = perf_mmap__push(&rec->mmaps.maps[i], rec, record__push);

		if (n < 0)
			return (int)n;
	}
	if (rec->bytes_written != before) {
		struct perf_event_header round = { .type = PERF_RECORD_FINISHED_ROUND, .size = sizeof(round) };

		err = record__write(rec, &round, sizeof(round));
		if (err)
			return err;
	}
	return record__flush(rec);
}

/* --- the workload --- */

/*
 * Fork the workload, stopped until record__start_workload(): the events are
 * opened on it first. An exec failure comes back through err_fd.
 */
static int record__prepare_workload(struct record *rec, const char **argv)
{
	int cork[2], errp[2];
	pid_t pid;

	if (pipe2(cork, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		pr_err("Failed to create pipe for the workload: %s\n", strerror(errno));
		return -errno;
	}
	pid = fork();
	if (pid < 0) {
		pr_err("Failed to fork the workload: %s\n", strerror(errno));
		return -errno;
	}
	if (!pid) {
		char c;
		int err;

		close(cork[1]);
		close(errp[0]);
		/* in pipe mode stdout is perf.data: the workload writes to stderr */
		if (rec->data.is_pipe)
			dup2(2, 1);
		prctl(PR_SET_NAME, "perf-exec");
		signal(SIGTERM, SIG_DFL);
		if (read(cork[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], (char **)argv);
		err = errno;
		if (write(errp[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	close(cork[0]);
	close(errp[1]);
	rec->workload_pid = pid;
	rec->cork_fd = cork[1];
	rec->err_fd = errp[0];
	return 0;
}

static int record__start_workload(struct record *rec)
{
	char c = 0;
	int err = 0;

	if (write(rec->cork_fd, &c, 1) != 1)
		return -errno;
	close(rec->cork_fd);
	rec->cork_fd = -1;
	/* the exec closed the pipe, or its errno is there */
	if (read(rec->err_fd, &err, sizeof(err)) != sizeof(err))
		err = 0;
	close(rec->err_fd);
	rec->err_fd = -1;
	return -err;
}

/* --- events --- */

static int record__create_maps(struct record *rec)
{
	struct target *t = &rec->opts.target;
	struct perf_cpu_map *cpus = NULL;
	struct perf_thread_map *threads = NULL;

	if (t->pid || t->tid) {
		threads = perf_thread_map__new_str(t->pid, t->tid);
	} else if (t->uid_str) {
		threads = perf_thread_map__new_by_uid(t->uid);
	} else if (rec->workload_pid > 0 && !target__has_cpu(t)) {
		threads = perf_thread_map__new_array(&rec->workload_pid, 1);
	} else {
		threads = perf_thread_map__new_dummy();
	}
	if (!threads) {
		pr_err("Couldn't create thread/CPU maps: %s\n", strerror(errno ? errno : ESRCH));
		return -ESRCH;
	}
	if (t->per_thread)
		cpus = perf_cpu_map__new_any();
	else
		cpus = perf_cpu_map__new(t->cpu_list);
	if (!cpus) {
		perf_thread_map__put(threads);
		pr_err("Couldn't create thread/CPU maps: %s\n", strerror(EINVAL));
		return -EINVAL;
	}
	evlist__set_maps(rec->evlist, cpus, threads);
	perf_cpu_map__put(cpus);
	perf_thread_map__put(threads);
	return 0;
}

static void open_error(struct evsel *evsel, int err, const char *workload)
{
	char sbuf[128];

	switch (err) {
	case EPERM:
	case EACCES:
		pr_err("Access to performance monitoring and observability operations is limited.\n"
		       "Consider adjusting /proc/sys/kernel/perf_event_paranoid setting to open\n"
		       "access to performance monitoring and observability operations for processes\n"
		       "without CAP_PERFMON, CAP_SYS_PTRACE or CAP_SYS_ADMIN Linux capability.\n");
		return;
	case ENOENT:
	case ENODEV:
		pr_err("The %s event is not supported.\n", evsel->name);
		return;
	case EMFILE:
		pr_err("Too many events are opened.\n"
		       "Probably the maximum number of open file descriptors has been reached.\n"
		       "Hint: Try again after reducing the number of events.\n"
		       "Hint: Try increasing the limit with 'ulimit -n <limit>'\n");
		return;
	case ESRCH:
		if (workload) {
			pr_err("Failed to collect '%s' for the '%s' workload: %s\n", evsel->name, workload,
			       str_error_r(err, sbuf, sizeof(sbuf)));
			return;
		}
		pr_err("The process to record has exited (%s).\n", str_error_r(err, sbuf, sizeof(sbuf)));
		return;
	default:
		pr_err("The sys_perf_event_open() syscall returned with %d (%s) for event (%s).\n"
		       "/bin/dmesg | grep -i perf may provide additional information.\n",
		       err, str_error_r(err, sbuf, sizeof(sbuf)), evsel->name);
	}
}

/* Still running: in /proc, and not a zombie (perf_event_open() refuses those). */
static bool thread__alive(pid_t tid)
{
	char path[64], *stat = NULL, *p;
	bool alive;

	snprintf(path, sizeof(path), "/proc/%d/stat", tid);
	if (filename__read_str(path, &stat, NULL))
		return false;
	p = strrchr(stat, ')');
	alive = p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
	free(stat);
	return alive;
}

/*
 * A thread of the target exited between listing and opening (-u, -p):
 * drop the threads that are gone. Returns true when some were.
 */
static bool record__drop_missing_threads(struct record *rec)
{
	struct perf_thread_map *threads = rec->evlist->threads, *alive;
	pid_t *tids = xcalloc(perf_thread_map__nr(threads), sizeof(pid_t));
	int n = 0;

	for (int i = 0; i < perf_thread_map__nr(threads); i++) {
		pid_t tid = perf_thread_map__pid(threads, i);

		if (tid < 0 || thread__alive(tid))
			tids[n++] = tid;
	}
	if (n == perf_thread_map__nr(threads) || !n) {
		free(tids);
		return false;
	}
	alive = perf_thread_map__new_array(tids, n);
	free(tids);
	evlist__set_maps(rec->evlist, NULL, alive);
	perf_thread_map__put(alive);
	return true;
}

static int record__open(struct record *rec, const char *workload)
{
	struct evsel *evsel;
	int err;

	evlist__for_each_entry(rec->evlist, evsel) {
		char msg[256];

try_again:
		err = evsel__open(evsel, NULL, NULL);
		if (!err)
			continue;
		if (err == -ESRCH && target__has_task(&rec->opts.target) && record__drop_missing_threads(rec)) {
			struct evsel *pos;

			/* reopen everything on the threads that are left */
			evlist__for_each_entry(rec->evlist, pos) {
				evsel__close(pos);
				pos->nr_ids = 0;
			}
			return record__open(rec, workload);
		}
		/* 'P': down to the precision the PMU has */
		if (evsel->precise_max && evsel->attr.precise_ip && (err == -EOPNOTSUPP || err == -EINVAL)) {
			evsel->attr.precise_ip--;
			goto try_again;
		}
		if (evsel__fallback(evsel, -err, msg, sizeof(msg))) {
			if (verbose > 0)
				ui__warning("%s\n", msg);
			goto try_again;
		}
		open_error(evsel, -err, workload);
		return err;
	}
	evlist__for_each_entry(rec->evlist, evsel) {
		if (evsel->filter && evsel__apply_filter(evsel, evsel->filter)) {
			pr_err("failed to set filter \"%s\" on event %s with %d (%s)\n", evsel->filter,
			       evsel->name, errno, strerror(errno));
			return -EINVAL;
		}
	}
	err = evlist__mmap(rec->evlist, rec->opts.no_samples ? 1 : rec->mmaps.data_pages, &rec->mmaps);
	if (err) {
		if (err == -EPERM)
			pr_err("Permission error mapping pages.\n"
			       "Consider increasing /proc/sys/kernel/perf_event_mlock_kb,\n"
			       "or try again with a smaller value of -m/--mmap_pages.\n");
		else
			pr_err("failed to mmap with %d (%s)\n", -err, strerror(-err));
		return err;
	}
	return 0;
}

/* --- synthesis --- */

static int record__synthesize(struct record *rec)
{
	struct synth_ctx sc = {
		.process = process_synthesized,
		.ctx = rec,
		.id_hdr_size = evlist__id_hdr_size(rec->evlist),
	};
	struct target *t = &rec->opts.target;
	struct perf_header_write_info info = {
		.argv = rec->argv,
		.argc = rec->argc,
		.comp_level = rec->comp_level,
		.comp_mmap_len = (rec->mmaps.data_pages + 1) * sysconf(_SC_PAGESIZE),
	};
	struct evsel *evsel;
	bool exclude_kernel = true;
	int err;

	if (rec->data.is_pipe) {
		err = perf_event__synthesize_attrs(&sc, rec->evlist);
		if (!err)
			err = perf_event__synthesize_features(&sc, &rec->header, rec->evlist, &info);
		if (!err && rec->tracing_data)
			err = perf_event__synthesize_tracing_data(&sc, rec->tracing_data, rec->tracing_data_size);
		if (err)
			return err;
	}
	err = perf_event__synthesize_time_conv(&sc, rec->mmaps.nr ? &rec->mmaps.maps[0] : NULL);
	if (!err)
		err = perf_event__synthesize_id_index(&sc, rec->evlist);
	if (err)
		return err;
	evlist__for_each_entry(rec->evlist, evsel)
		if (!evsel->attr.exclude_kernel)
			exclude_kernel = false;
	if (!exclude_kernel) {
		if (perf_event__synthesize_kernel_mmap(&sc))
			pr_warning("Couldn't record kernel reference relocation symbol\n"
				   "Symbol resolution may be skewed if relocation was used (e.g. kexec).\n"
				   "Check /proc/kallsyms permission or run as root.\n");
		err = perf_event__synthesize_modules(&sc);
		if (err)
			return err;
	}
	err = perf_event__synthesize_extra_attr(&sc, rec->evlist, rec->data.is_pipe);
	if (!err)
		err = perf_event__synthesize_thread_map2(&sc, rec->evlist->threads);
	if (!err)
		err = perf_event__synthesize_cpu_map(&sc, rec->evlist->cpus);
	if (err)
		return err;
	/* the threads that exist now */
	if (target__has_cpu(t)) {
		err = perf_event__synthesize_all_processes(&sc, rec->opts.sample_address,
							   rec->opts.record_namespaces);
	} else {
		struct perf_thread_map *threads = rec->evlist->threads;
		bool workload = rec->workload_pid > 0 && !target__has_task(t);

		for (int i = 0; i < perf_thread_map__nr(threads) && !err; i++) {
			pid_t tid = perf_thread_map__pid(threads, i);

			if (tid <= 0)
				continue;
			/* the forked workload has not exec'd yet: its comm only */
			err = perf_event__synthesize_comm(&sc, tid, tid, !workload, rec->opts.sample_address);
		}
		/* the workload's comm too, as upstream writes it */
		if (!err && rec->workload_pid > 0 && target__has_task(t))
			err = perf_event__synthesize_comm(&sc, rec->workload_pid, rec->workload_pid, false, false);
	}
	if (!err)
		err = perf_event__synthesize_finished_init(&sc);
	if (!err)
		err = record__flush(rec);
	return err;
}

/* --- the file --- */

static void record__init_features(struct record *rec)
{
	bool with_bids = !rec->no_buildid && !rec->data.is_pipe && !rec->comp_level;

	perf_header__set_record_features(&rec->header, rec->evlist, with_bids,
					 rec->tracing_data != NULL, rec->comp_level != 0);
}

static int record__write_header(struct record *rec)
{
	int err;

	if (rec->data.is_pipe)
		return perf_header__write_pipe(rec->data.fd);
	rec->header.data_offset = 0;
	rec->header.data_size = 0;
	err = perf_header__write(&rec->header, rec->evlist, rec->data.fd, false, NULL);
	if (err)
		return err;
	if (lseek(rec->data.fd, rec->header.data_offset, SEEK_SET) < 0)
		return -errno;
	return 0;
}

struct bid_pass {
	struct perf_tool	tool;
	struct machine		*machine;
	u64			samples;
};

static int bid_pass__sample(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample,
			    struct evsel *evsel)
{
	struct bid_pass *bp = container_of(tool, struct bid_pass, tool);

	(void)event;
	(void)evsel;
	bp->samples++;
	machine__mark_sample_hit(bp->machine, sample);
	return 0;
}

static int bid_pass__sideband(struct perf_tool *tool, union perf_event *event, struct perf_sample *sample)
{
	struct bid_pass *bp = container_of(tool, struct bid_pass, tool);

	return machine__process_event(bp->machine, event, sample);
}

/*
 * Read back what was written: count the samples, their first and last
 * time, and the DSOs they hit, for the build-id table (when it is written).
 */
static int record__process_buildids(struct record *rec)
{
	struct bid_pass bp = {
		.tool = {
			.sample		= bid_pass__sample,
			.mmap		= bid_pass__sideband,
			.mmap2		= bid_pass__sideband,
			.comm		= bid_pass__sideband,
			.fork		= bid_pass__sideband,
			.exit		= bid_pass__sideband,
			.ordered_events	= true,
			.no_warn	= true,
		},
	};
	struct perf_data data = { .path = rec->data.path, .mode = PERF_DATA_MODE_READ, .force = true };
	struct perf_session *session;
	struct perf_env *env = &rec->header.env;
	int err;

	if (!rec->bytes_written)
		return 0;
	bp.machine = machine__new_host();
	session = perf_session__new(&data, &bp.tool);
	if (!session) {
		machine__delete(bp.machine);
		return -EINVAL;
	}
	err = perf_session__process_events(session);
	rec->samples = bp.samples;
	if (session->first_sample_time != -1ULL) {
		rec->first_sample_time = session->first_sample_time;
		rec->last_sample_time = session->last_sample_time;
	}
	perf_session__delete(session);

	/* the kernel and its modules first, as upstream writes them */
	for (int pass = 0; pass < 2 && perf_header__has_feat(&rec->header, HEADER_BUILD_ID); pass++) {
		for (size_t i = 0; i < bp.machine->dsos.nr; i++) {
			struct dso *dso = bp.machine->dsos.all[i];
			struct build_id bid;
			const void *image;
			size_t image_size = 0;
			bool vdso = dso->kind == DSO_KIND_VDSO;

			if (dso__is_kernel(dso) != (pass == 0))
				continue;
			if (!dso->hit && !vdso && !rec->buildid_all)
				continue;
			if (dso__read_running_build_id(dso, &bid, &image, &image_size) ||
			    !build_id__is_defined(&bid))
				continue;
			perf_env__add_build_id(env, -1, dso__is_kernel(dso) ? PERF_RECORD_MISC_KERNEL :
					       PERF_RECORD_MISC_USER, &bid, dso->long_name);
			if (rec->no_buildid_cache)
				continue;
			if (image)
				build_id_cache__add_image(&bid, dso->long_name, image, image_size);
			else
				build_id_cache__add(&bid, dso->long_name);
		}
	}
	machine__delete(bp.machine);
	return err;
}

static int record__finish_output(struct record *rec)
{
	struct perf_header_write_info info = {
		.argv = rec->argv,
		.argc = rec->argc,
		.comp_level = rec->comp_level,
		.comp_mmap_len = (rec->mmaps.data_pages + 1) * sysconf(_SC_PAGESIZE),
		.tracing_data = rec->tracing_data,
		.tracing_data_size = rec->tracing_data_size,
	};
	int err;

	if (rec->data.is_pipe)
		return 0;
	rec->header.data_size = rec->bytes_written;
	/* the data size first, so the file can be read back */
	err = perf_header__write(&rec->header, rec->evlist, rec->data.fd, false, NULL);
	if (!err && (perf_header__has_feat(&rec->header, HEADER_BUILD_ID) || rec->timestamp_boundary)) {
		err = record__process_buildids(rec);
		if (err)
			pr_warning("WARNING: could not read the samples back for the build-id table\n");
		err = 0;
	}
	info.first_sample_time = rec->first_sample_time;
	info.last_sample_time = rec->last_sample_time;
	if (rec->comp_level && rec->bytes_compressed)
		info.comp_ratio = (u32)((double)rec->bytes_transferred / rec->bytes_compressed + 0.5);
	if (!err)
		err = perf_header__write(&rec->header, rec->evlist, rec->data.fd, true, &info);
	if (err) {
		char sbuf[128];

		pr_err("failed to write the perf.data header of %s: %s\n", rec->data.path,
		       str_error_r(-err, sbuf, sizeof(sbuf)));
	}
	return err;
}

static void record__print_summary(struct record *rec)
{
	char samples[64] = "";
	double mb = rec->data.is_pipe ? 0 : rec->bytes_written / 1024.0 / 1024.0;

	if (quiet)
		return;
	if (rec->samples)
		snprintf(samples, sizeof(samples), " (%" PRIu64 " samples)", rec->samples);
	fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s%s%s", mb, rec->data.path,
		rec->timestamp_filename ? ".<timestamp>" : "", samples);
	if (rec->comp_level && rec->bytes_compressed)
		fprintf(stderr, ", compressed (original %.3f MB, ratio is %.3f)",
			rec->bytes_transferred / 1024.0 / 1024.0,
			(double)rec->bytes_transferred / rec->bytes_compressed);
	fprintf(stderr, " ]\n");
}

/* perf.data.2026112212345678: the time with centiseconds, as upstream names them. */
static void timestamp_str(char *buf, size_t size)
{
	struct timespec ts;
	struct tm tm;
	char base[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	localtime_r(&ts.tv_sec, &tm);
	strftime(base, sizeof(base), "%Y%m%d%H%M%S", &tm);
	snprintf(buf, size, "%s%02ld", base, ts.tv_nsec / 10000000);
}

/*
 * Finish the file and rename it perf.data.<timestamp>; unless at exit, start
 * a new one (--switch-output).
 */
static int record__switch_output(struct record *rec, bool at_exit)
{
	char ts[64], *name;
	int err;

	err = record__finish_output(rec);
	if (err)
		return err;
	if (!at_exit && !quiet)
		fprintf(stderr, "[ perf record: dump data: Woken up %ld times ]\n", rec->waking);
	rec->waking = 0;
	timestamp_str(ts, sizeof(ts));
	name = xasprintf("%s.%s", rec->data.path, ts);
	if (rename(rec->data.path, name)) {
		pr_err("failed to rename %s to %s: %s\n", rec->data.path, name, strerror(errno));
		free(name);
		return -errno;
	}
	if (!quiet)
		fprintf(stderr, "[ perf record: Dump %s ]\n", name);
	if (rec->switch_output.max_files) {
		int n = rec->switch_output.nr_files;

		if (n == rec->switch_output.max_files) {
			unlink(rec->switch_output.filenames[0]);
			free(rec->switch_output.filenames[0]);
			memmove(rec->switch_output.filenames, rec->switch_output.filenames + 1,
				(n - 1) * sizeof(char *));
			n--;
		}
		rec->switch_output.filenames[n] = name;
		rec->switch_output.nr_files = n + 1;
	} else {
		free(name);
	}
	if (at_exit)
		return 0;
	/* a new file: header, then the state of the system again */
	close(rec->data.fd);
	rec->data.fd = open(rec->data.path, O_CREAT | O_RDWR | O_TRUNC | O_CLOEXEC, 0600);
	if (rec->data.fd < 0) {
		pr_err("failed to create %s: %s\n", rec->data.path, strerror(errno));
		return -errno;
	}
	perf_env__exit(&rec->header.env);
	record__init_features(rec);
	rec->bytes_written = 0;
	rec->bytes_transferred = rec->bytes_compressed = 0;
	rec->samples = 0;
	err = record__write_header(rec);
	if (!err)
		err = record__synthesize(rec);
	return err;
}

/* --- the main loop --- */

static int record__poll(struct record *rec, sigset_t *oldmask)
{
	struct pollfd *fds = xcalloc(rec->mmaps.nr ? rec->mmaps.nr : 1, sizeof(*fds));
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 0 }, *timeout = NULL;
	int n, live = 0;

	for (int i = 0; i < rec->mmaps.nr; i++) {
		fds[i].fd = rec->mmaps.maps[i].fd;
		fds[i].events = POLLIN;
	}
	if (rec->switch_output.time) {
		ts.tv_sec = 1;
		timeout = &ts;
	}
	n = ppoll(fds, rec->mmaps.nr, timeout, oldmask);
	if (n > 0) {
		for (int i = 0; i < rec->mmaps.nr; i++)
			if (!(fds[i].revents & (POLLHUP | POLLERR)))
				live++;
		/* every monitored task is gone */
		if (!live && rec->mmaps.nr)
			done = 1;
	}
	free(fds);
	return n < 0 && errno != EINTR ? -errno : 0;
}

static int __cmd_record(struct record *rec, int argc, const char **argv)
{
	struct record_opts *opts = &rec->opts;
	sigset_t mask, oldmask;
	time_t last_switch = time(NULL);
	bool disabled = false;
	int err, status = 0;
	struct evsel *first;

	signal(SIGINT, sig_handler);
	signal(SIGTERM, sig_handler);
	signal(SIGCHLD, sig_handler);
	if (rec->switch_output.signal)
		signal(SIGUSR2, sig_switch_output);
	else
		signal(SIGUSR2, SIG_IGN);
	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGUSR2);

	rec->data.mode = PERF_DATA_MODE_WRITE;
	rec->data.path = rec->output_name;
	err = perf_data__open(&rec->data);
	if (err)
		return err;
	opts->pipe = rec->data.is_pipe;
	if (rec->comp_level)
		zstd_init(&rec->zstd, rec->comp_level);

	if (argc) {
		err = record__prepare_workload(rec, argv);
		if (err)
			goto out_close;
	}
	err = record__create_maps(rec);
	if (err)
		goto out_kill;
	evlist__config(rec->evlist, opts, &rec->callchain);
	first = evlist__first(rec->evlist);
	err = record__open(rec, argc ? argv[0] : NULL);
	if (err)
		goto out_kill;
	if (evlist__has_tracepoints(rec->evlist) &&
	    tracing_data__build(rec->evlist, &rec->tracing_data, &rec->tracing_data_size))
		pr_warning("WARNING: could not read the tracepoint formats: raw data will not be decoded\n");

	record__init_features(rec);
	rec->buf = xmalloc(OUTPUT_BUF_SIZE);
	err = record__write_header(rec);
	if (!err)
		err = record__synthesize(rec);
	if (err)
		goto out_kill;

	sigprocmask(SIG_BLOCK, &mask, &oldmask);
	if (argc) {
		err = record__start_workload(rec);
		if (err) {
			pr_err("Failed to collect '%s' for the '%s' workload: %s\n", first->name, argv[0],
			       strerror(-err));
			waitpid(rec->workload_pid, NULL, 0);
			rec->workload_pid = 0;
			sigprocmask(SIG_SETMASK, &oldmask, NULL);
			err = -1;
			goto out_unmap;
		}
	}
	/* events not enabled by the exec: now, or after the delay */
	if (opts->initial_delay > 0) {
		struct timespec d = { opts->initial_delay / 1000, (opts->initial_delay % 1000) * 1000000L };

		nanosleep(&d, NULL);
		if (!quiet)
			fprintf(stderr, "Events enabled\n");
	}
	if (!argc || target__has_cpu(&opts->target) || target__has_task(&opts->target) ||
	    opts->initial_delay > 0)
		if (opts->initial_delay >= 0)
			evlist__enable(rec->evlist);

	for (;;) {
		err = record__mmap_read_all(rec);
		if (err)
			break;
		if (switch_output_signal ||
		    (rec->switch_output.size && rec->bytes_written >= rec->switch_output.size) ||
		    (rec->switch_output.time && time(NULL) - last_switch >= (time_t)rec->switch_output.time)) {
			switch_output_signal = 0;
			last_switch = time(NULL);
			err = record__switch_output(rec, false);
			if (err)
				break;
		}
		if (rec->max_size && rec->bytes_written >= rec->max_size) {
			if (!quiet)
				fprintf(stderr, "[ perf record: perf size limit reached (%" PRIu64 " KB), stopping session ]\n",
					rec->bytes_written / 1024);
			done = 1;
		}
		if (done) {
			if (disabled)
				break;
			/* stop the events, then drain once more */
			evlist__disable(rec->evlist);
			disabled = true;
			continue;
		}
		err = record__poll(rec, &oldmask);
		if (err)
			break;
		rec->waking++;
	}
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	if (!quiet)
		fprintf(stderr, "[ perf record: Woken up %ld times to write data ]\n", rec->waking);

out_unmap:
	perf_mmap_set__munmap(&rec->mmaps);
	evlist__close(rec->evlist);
	if (rec->workload_pid > 0) {
		int wstatus;

		/* recording ended first (a signal, --max-size, an error): stop the workload too */
		if (!child_finished)
			kill(rec->workload_pid, SIGTERM);
		if (waitpid(rec->workload_pid, &wstatus, 0) == rec->workload_pid) {
			if (WIFEXITED(wstatus))
				status = WEXITSTATUS(wstatus);
			else if (WIFSIGNALED(wstatus) && signr == -1 && !err)
				signr = WTERMSIG(wstatus);	/* perf record dies of it too, as upstream */
		}
		rec->workload_pid = 0;
	}
	if (!err || err == -1) {
		int ferr = record__flush(rec);

		if (!ferr)
			ferr = rec->timestamp_filename ? record__switch_output(rec, true) :
							 record__finish_output(rec);
		if (!ferr && !err)
			record__print_summary(rec);
		if (ferr)
			err = ferr;
	}
	goto out_close;
out_kill:
	if (rec->workload_pid > 0) {
		kill(rec->workload_pid, SIGKILL);
		waitpid(rec->workload_pid, NULL, 0);
		rec->workload_pid = 0;
	}
	perf_mmap_set__munmap(&rec->mmaps);
	evlist__close(rec->evlist);
out_close:
	perf_data__close(&rec->data);
	if (err)
		return err < 0 ? err : -err;
	return status;
}

/* --- options --- */

static int record__parse_freq(const struct option *opt, const char *str, int unset)
{
	struct record_opts *opts = opt->value;
	char *end;
	unsigned long freq;

	if (unset || !str)
		return -1;
	if (!strcasecmp(str, "max")) {
		opts->user_freq = perf_event_max_sample_rate();
		pr_info("info: Using a maximum frequency rate of %'u Hz\n", opts->user_freq);
		return 0;
	}
	freq = strtoul(str, &end, 0);
	if (*end || freq > UINT_MAX) {
		pr_err("invalid frequency: %s\n", str);
		return -1;
	}
	opts->user_freq = freq;
	return 0;
}

static int record__parse_mmap_pages(const struct option *opt, const char *str, int unset)
{
	struct record *rec = opt->value;
	char *copy, *comma;
	size_t pages;

	if (unset)
		return 0;
	copy = xstrdup(str);
	comma = strchr(copy, ',');
	if (comma) {
		*comma = '\0';
		/* the second value sizes AUX area buffers: no AUX area tracing here */
		if (comma[1]) {
			pr_err("AUX area tracing mmap pages (-m ...,%s) are not supported\n", comma + 1);
			free(copy);
			return -1;
		}
	}
	if (*copy && parse_mmap_pages(copy, &pages)) {
		pr_err("Invalid argument for --mmap_pages/-m\n");
		free(copy);
		return -1;
	}
	if (*copy)
		rec->mmaps.data_pages = pages;
	free(copy);
	return 0;
}

static int record__parse_callgraph(const struct option *opt, const char *str, int unset)
{
	struct callchain_param *param = opt->value;

	if (unset) {
		param->enabled = false;
		param->record_mode = CALLCHAIN_NONE;
		return 0;
	}
	return parse_callchain_record_opt(str, param);
}

static int record__callgraph_fp(const struct option *opt, const char *str, int unset)
{
	struct callchain_param *param = opt->value;

	(void)str;
	if (unset) {
		param->enabled = false;
		param->record_mode = CALLCHAIN_NONE;
		return 0;
	}
	param->enabled = true;
	param->record_mode = CALLCHAIN_FP;
	return 0;
}

static int record__parse_comp(const struct option *opt, const char *str, int unset)
{
	int *level = opt->value;
	char *end;
	long v;

	if (unset) {
		*level = 0;
		return 0;
	}
	if (!str) {
		*level = 1;
		return 0;
	}
	v = strtol(str, &end, 0);
	if (*end || v < 1 || v > 22) {
		pr_err("Compression level must be in [1, 22] (got %s)\n", str);
		return -1;
	}
	*level = (int)v;
	return 0;
}

static int record__parse_switch_output(const struct option *opt, const char *str, int unset)
{
	struct switch_output *s = opt->value;

	if (unset)
		return 0;
	s->set = true;
	s->str = str ? str : "signal";
	return 0;
}

/* --switch-output: "signal", a size ("100M") or a time ("30s", "1m", "2h", "1d"). */
static int switch_output_setup(struct switch_output *s)
{
	const char *str = s->str;
	size_t len;
	u64 size;
	char *end;
	unsigned long v;

	if (!s->set)
		return 0;
	s->enabled = true;
	if (!strcmp(str, "signal")) {
		s->signal = true;
		return 0;
	}
	len = strlen(str);
	if (len && strchr("BKMGbkmg", str[len - 1]) && !parse_size(str, &size) && size) {
		s->size = size;
		return 0;
	}
	v = strtoul(str, &end, 10);
	if (end != str && v && (*end == 's' || *end == 'm' || *end == 'h' || *end == 'd') && !end[1]) {
		s->time = v * (*end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600 : 86400);
		return 0;
	}
	pr_err("Invalid --switch-output value: %s\n", str);
	return -1;
}

/* Upstream's default: cycles, as precise as the PMU allows. */
static struct evsel *default_event(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
		.size = sizeof(attr),
	};
	struct evsel *evsel = evsel__new(&attr, "cycles");

	evsel->precise_max = true;
	return evsel;
}

static const char * const record_usage[] = {
	"perf record [<options>] [<command>]",
	"perf record [<options>] -- <command> [<options>]",
	NULL
};

/* Options upstream has that need hardware or subsystems not supported here. */
static const char *record__unsupported(struct record *rec, bool branch_any, const char *branch_filter,
				       const char *cgroup, const char *clockid, bool snapshot,
				       const char *aux_sample, const char *affinity, const char *aio,
				       bool kcore, const char *control, const char *threads, bool off_cpu,
				       const char *switch_output_event, const char *intr_regs,
				       const char *user_regs)
{
	(void)rec;
	if (branch_any || branch_filter)
		return "-b/-j (branch stack sampling needs a PMU with LBR; none here)";
	if (cgroup)
		return "-G/--cgroup";
	if (clockid)
		return "-k/--clockid";
	if (snapshot || aux_sample)
		return "-S/--snapshot and --aux-sample (AUX area tracing)";
	if (affinity)
		return "--affinity";
	if (aio)
		return "--aio";
	if (kcore)
		return "--kcore";
	if (control)
		return "--control";
	if (threads)
		return "--threads";
	if (off_cpu)
		return "--off-cpu";
	if (switch_output_event)
		return "--switch-output-event";
	if (intr_regs || user_regs)
		return "-I/--intr-regs and --user-regs";
	return NULL;
}

int cmd_record(int argc, const char **argv)
{
	struct record rec = { .cork_fd = -1, .err_fd = -1, .evlist = evlist__new() };
	struct record_opts *opts = &rec.opts;
	bool branch_any = false, snapshot = false, kcore = false, off_cpu = false, exclude_perf = false;
	bool buildid_mmap = false, no_timestamp = false, dry_run = false, tail_synth = false;
	const char *branch_filter = NULL, *cgroup = NULL, *clockid = NULL, *aux_sample = NULL;
	const char *affinity = NULL, *aio = NULL, *control = NULL, *threads = NULL, *synth = NULL;
	const char *switch_output_event = NULL, *intr_regs = NULL, *user_regs = NULL, *vmlinux = NULL;
	const char *clang_path = NULL, *clang_opt = NULL, *debuginfod = NULL, *mmap_flush = NULL;
	unsigned int proc_map_timeout = 0, nr_threads_synth = 0, realtime_prio = 0;
	bool overwrite = false, no_bpf_event = false;
	const char *unsupported;
	int err;
	const struct option options[] = {
	OPT_CALLBACK('e', "event", rec.evlist, "event",
		     "event selector. use 'perf list' to list available events", parse_events_option),
	OPT_CALLBACK(0, "filter", rec.evlist, "filter", "event filter", parse_filter),
	OPT_BOOLEAN(0, "exclude-perf", &exclude_perf, "don't record events from perf itself"),
	OPT_STRING('p', "pid", &opts->target.pid, "pid", "record events on existing process id"),
	OPT_STRING('t', "tid", &opts->target.tid, "tid", "record events on existing thread id"),
	OPT_UINTEGER('r', "realtime", &realtime_prio, "collect data with this RT SCHED_FIFO priority"),
	OPT_BOOLEAN(0, "no-buffering", &opts->no_buffering, "collect data without buffering"),
	OPT_BOOLEAN('R', "raw-samples", &opts->raw_samples,
		    "collect raw sample records from all opened counters"),
	OPT_BOOLEAN('a', "all-cpus", &opts->target.system_wide, "system-wide collection from all CPUs"),
	OPT_STRING('C', "cpu", &opts->target.cpu_list, "cpu", "list of cpus to monitor"),
	OPT_U64('c', "count", &opts->user_interval, "event period to sample"),
	OPT_STRING('o', "output", &rec.output_name, "file", "output file name"),
	OPT_BOOLEAN_SET('i', "no-inherit", &opts->no_inherit, NULL, "child tasks do not inherit counters"),
	OPT_BOOLEAN(0, "tail-synthesize", &tail_synth, "synthesize non-sample events at the end of output"),
	OPT_BOOLEAN(0, "overwrite", &overwrite, "use overwrite mode"),
	OPT_BOOLEAN(0, "strict-freq", &opts->strict_freq, "Fail if the specified frequency can't be used"),
	OPT_CALLBACK('F', "freq", opts, "freq or 'max'", "profile at this frequency", record__parse_freq),
	OPT_CALLBACK('m', "mmap-pages", &rec, "pages[,pages]",
		     "number of mmap data pages and AUX area tracing mmap pages", record__parse_mmap_pages),
	OPT_STRING(0, "mmap-flush", &mmap_flush, "number",
		   "Minimal number of bytes that is extracted from mmap data pages (default: 1)"),
	OPT_BOOLEAN(0, "group", &opts->group, "put the counters into a counter group"),
	OPT_CALLBACK_NOOPT('g', NULL, &rec.callchain, NULL, "enables call-graph recording",
			   record__callgraph_fp),
	OPT_CALLBACK(0, "call-graph", &rec.callchain, "record_mode[,record_size]",
		     "setup and enables call-graph (stack chain/backtrace):\n\n"
		     "\t\t\t\trecord_mode:\tcall graph recording mode (fp|dwarf|lbr)\n"
		     "\t\t\t\trecord_size:\tif record_mode is 'dwarf', max size of stack recording (<bytes>)\n"
		     "\t\t\t\t\t\tdefault: 8192 (bytes)\n\n"
		     "\t\t\t\tDefault: fp", record__parse_callgraph),
	OPT_INCR('v', "verbose", &verbose, "be more verbose (show counter open errors, etc)"),
	OPT_BOOLEAN('q', "quiet", &quiet, "don't print any warnings or messages"),
	OPT_BOOLEAN('s', "stat", &opts->inherit_stat, "per thread counts"),
	OPT_BOOLEAN('d', "data", &opts->sample_address, "Record the sample addresses"),
	OPT_BOOLEAN(0, "phys-data", &opts->sample_phys_addr, "Record the sample physical addresses"),
	OPT_BOOLEAN(0, "data-page-size", &opts->sample_data_page_size, "Record the sampled data address data page size"),
	OPT_BOOLEAN(0, "code-page-size", &opts->sample_code_page_size, "Record the sampled code address (ip) page size"),
	OPT_BOOLEAN(0, "sample-cpu", &opts->sample_cpu, "Record the sample cpu"),
	OPT_BOOLEAN(0, "sample-identifier", &opts->sample_identifier, "Record the sample identifier"),
	OPT_BOOLEAN_SET('T', "timestamp", &opts->sample_time, &opts->sample_time_set, "Record the sample timestamps"),
	OPT_BOOLEAN_SET('P', "period", &opts->period, &opts->period_set, "Record the sample period"),
	OPT_BOOLEAN('n', "no-samples", &opts->no_samples, "don't sample"),
	OPT_BOOLEAN('N', "no-buildid-cache", &rec.no_buildid_cache, "do not update the buildid cache"),
	OPT_BOOLEAN('B', "no-buildid", &rec.no_buildid, "do not collect buildids in perf.data"),
	OPT_STRING('G', "cgroup", &cgroup, "name", "monitor event in cgroup name only"),
	OPT_STRING('D', "delay", &rec.delay_str, "ms",
		   "ms to wait before starting measurement after program start (-1: start with events "
		   "disabled), or ranges of time to enable events e.g. '-D 10-20,30-40'"),
	OPT_BOOLEAN(0, "kcore", &kcore, "copy /proc/kcore"),
	OPT_STRING('u', "uid", &opts->target.uid_str, "user", "user to profile"),
	OPT_BOOLEAN('b', "branch-any", &branch_any, "sample any taken branches"),
	OPT_STRING('j', "branch-filter", &branch_filter, "branch filter mask", "branch stack filter modes"),
	OPT_BOOLEAN('W', "weight", &opts->sample_weight, "sample by weight (on special events only)"),
	OPT_BOOLEAN(0, "transaction", &opts->sample_transaction, "sample transaction flags (special events only)"),
	OPT_BOOLEAN(0, "per-thread", &opts->target.per_thread, "use per-thread mmaps"),
	OPT_STRING_OPTARG('I', "intr-regs", &intr_regs, "any register",
			  "sample selected machine registers on interrupt, use '-I?' to list register names", ""),
	OPT_STRING_OPTARG(0, "user-regs", &user_regs, "any register",
			  "sample selected machine registers in user space, use '--user-regs=?' to list register names", ""),
	OPT_BOOLEAN(0, "running-time", &opts->running_time, "Record running/enabled time of read (:S) events"),
	OPT_STRING('k', "clockid", &clockid, "clockid", "clockid to use for events, see clock_gettime()"),
	OPT_STRING_OPTARG('S', "snapshot", &aux_sample, "opts", "AUX area tracing Snapshot Mode", ""),
	OPT_STRING_OPTARG(0, "aux-sample", &aux_sample, "opts", "sample AUX area", ""),
	OPT_UINTEGER(0, "proc-map-timeout", &proc_map_timeout, "per thread proc mmap processing timeout in ms"),
	OPT_BOOLEAN(0, "namespaces", &opts->record_namespaces, "Record namespaces events"),
	OPT_BOOLEAN(0, "all-cgroups", &opts->record_cgroup, "Record cgroup events"),
	OPT_BOOLEAN_SET(0, "switch-events", &opts->record_switch_events, NULL, "Record context switch events"),
	OPT_BOOLEAN_FLAG(0, "all-kernel", &opts->all_kernel, "Configure all used events to run in kernel space.",
			 PARSE_OPT_NONEG),
	OPT_BOOLEAN_FLAG(0, "all-user", &opts->all_user, "Configure all used events to run in user space.",
			 PARSE_OPT_NONEG),
	OPT_BOOLEAN(0, "kernel-callchains", &opts->kernel_callchains, "collect kernel callchains"),
	OPT_BOOLEAN(0, "user-callchains", &opts->user_callchains, "collect user callchains"),
	OPT_STRING(0, "clang-path", &clang_path, "clang path", "clang binary to use for compiling BPF scriptlets"),
	OPT_STRING(0, "clang-opt", &clang_opt, "clang options", "options passed to clang when compiling BPF scriptlets"),
	OPT_STRING(0, "vmlinux", &vmlinux, "file", "vmlinux pathname"),
	OPT_BOOLEAN(0, "buildid-all", &rec.buildid_all, "Record build-id of all DSOs regardless of hits"),
	OPT_BOOLEAN(0, "buildid-mmap", &buildid_mmap, "Record build-id in map events"),
	OPT_BOOLEAN(0, "timestamp-filename", &rec.timestamp_filename, "append timestamp to output filename"),
	OPT_BOOLEAN(0, "timestamp-boundary", &rec.timestamp_boundary, "Record timestamp boundary (time of first/last samples)"),
	OPT_CALLBACK_OPTARG(0, "switch-output", &rec.switch_output, NULL, "signal or size[BKMG] or time[smhd]",
			    "Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold",
			    record__parse_switch_output),
	OPT_STRING(0, "switch-output-event", &switch_output_event, "switch output event",
		   "switch output event selector. use 'perf list' to list available events"),
	OPT_INTEGER(0, "switch-max-files", &rec.switch_output.max_files, "Limit number of switch output generated files"),
	OPT_BOOLEAN(0, "dry-run", &dry_run, "Parse options then exit"),
	OPT_STRING_OPTARG(0, "aio", &aio, "n",
			  "Use <n> control blocks in asynchronous trace writing mode (default: 1, max: 4)", "1"),
	OPT_STRING(0, "affinity", &affinity, "node|cpu",
		   "Set affinity mask of trace reading thread to NUMA node cpu mask or cpu of processed mmap buffer"),
	OPT_CALLBACK_OPTARG('z', "compression-level", &rec.comp_level, NULL, "n",
			    "Compress records using specified level (default: 1 - fastest compression, 22 - greatest compression)",
			    record__parse_comp),
	OPT_STRING(0, "max-size", &rec.max_size_str, "size", "Limit the maximum size of the output file"),
	OPT_UINTEGER(0, "num-thread-synthesize", &nr_threads_synth, "number of threads to run for event synthesis"),
	OPT_STRING(0, "control", &control, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
		   "Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events,\n"
		   "\t\t\t  'snapshot': AUX area tracing snapshot).\n"
		   "\t\t\t  Optionally send control command completion ('ack\\n') to ack-fd descriptor.\n"
		   "\t\t\t  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd."),
	OPT_STRING(0, "synth", &synth, "no|all|task|mmap|cgroup", "Fine-tune event synthesis: default=all"),
	OPT_STRING_OPTARG(0, "debuginfod", &debuginfod, "debuginfod urls",
			  "Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls", ""),
	OPT_STRING_OPTARG(0, "threads", &threads, "spec",
			  "write collected trace data into several data files using parallel threads", ""),
	OPT_BOOLEAN(0, "off-cpu", &off_cpu, "Enable off-cpu analysis"),
	OPT_BOOLEAN(0, "no-bpf-event", &no_bpf_event, "do not record bpf events"),
	OPT_END()
	};

	record_opts__init(opts);
	/* the command line for the header, before parse_options() reorders argv */
	rec.argv = xmemdup(argv, argc * sizeof(*argv));
	rec.argc = argc;
	rec.mmaps.data_pages = perf_mmap__default_pages();
	argc = parse_options(argc, argv, options, record_usage, PARSE_OPT_STOP_AT_NON_OPTION);
	(void)no_timestamp;
	unsupported = record__unsupported(&rec, branch_any, branch_filter, cgroup, clockid, snapshot,
					  aux_sample, affinity, aio, kcore, control, threads, off_cpu,
					  switch_output_event, intr_regs, user_regs);
	if (!unsupported && (overwrite || tail_synth || exclude_perf || buildid_mmap || realtime_prio ||
			     (synth && strcmp(synth, "all")) || debuginfod || clang_path || clang_opt))
		unsupported = "--overwrite, --tail-synthesize, --exclude-perf, --buildid-mmap, -r, --synth, "
			      "--debuginfod and the BPF options";
	if (!unsupported && (vmlinux || proc_map_timeout || nr_threads_synth > 1 ||
			     (mmap_flush && strcmp(mmap_flush, "1"))))
		unsupported = "--vmlinux, --proc-map-timeout, --num-thread-synthesize and --mmap-flush";
	if (unsupported) {
		pr_err("perf record: %s is not supported\n", unsupported);
		err = -1;
		goto out;
	}
	opts->no_bpf_event = no_bpf_event;
	if (!argc && target__none(&opts->target))
		opts->target.system_wide = true;
	if (opts->target.uid_str) {
		struct passwd *pw = getpwnam(opts->target.uid_str);
		char *end;
		unsigned long uid = strtoul(opts->target.uid_str, &end, 10);

		if (pw)
			opts->target.uid = pw->pw_uid;
		else if (!*end)
			opts->target.uid = uid;
		else {
			pr_err("Invalid User: %s\n", opts->target.uid_str);
			err = -EINVAL;
			goto out;
		}
	}
	/* per-thread buffers, or every task of a user: no inheritance, as upstream */
	if (opts->target.per_thread || opts->target.uid_str)
		opts->no_inherit = true;
	if (rec.delay_str) {
		char *end;
		long d = strtol(rec.delay_str, &end, 10);

		if (*end || d < -1) {
			pr_err("Invalid -D/--delay value: %s (time ranges are not supported)\n", rec.delay_str);
			err = -EINVAL;
			goto out;
		}
		opts->initial_delay = (int)d;
	}
	if (rec.max_size_str) {
		u64 sz;

		if (parse_size(rec.max_size_str, &sz)) {
			pr_err("Invalid --max-size value: %s\n", rec.max_size_str);
			err = -EINVAL;
			goto out;
		}
		rec.max_size = sz;
	}
	if (switch_output_setup(&rec.switch_output)) {
		err = -EINVAL;
		goto out;
	}
	if (rec.switch_output.max_files)
		rec.switch_output.filenames = xcalloc(rec.switch_output.max_files, sizeof(char *));
	if (record_opts__config(opts)) {
		err = -EINVAL;
		goto out;
	}
	if (!rec.output_name) {
		struct stat st;

		rec.output_name = !fstat(STDOUT_FILENO, &st) && S_ISFIFO(st.st_mode) ? "-" : "perf.data";
	}
	if (!strcmp(rec.output_name, "-") && (rec.switch_output.enabled || rec.timestamp_filename)) {
		pr_err("--switch-output and --timestamp-filename need a file, not a pipe\n");
		err = -EINVAL;
		goto out;
	}
	/* every switched file is named after its time, the last one too */
	if (rec.switch_output.enabled)
		rec.timestamp_filename = true;
	evlist__set_clock_units(rec.evlist);
	if (!rec.evlist->nr_entries)
		evlist__add(rec.evlist, default_event());
	/* system-wide (or delayed) recording tracks tasks with a dummy event */
	if (target__has_cpu(&opts->target) || opts->initial_delay) {
		struct perf_event_attr attr = {
			.type = PERF_TYPE_SOFTWARE,
			.config = PERF_COUNT_SW_DUMMY,
			.size = sizeof(attr),
			.sample_period = 1,
		};
		struct evsel *dummy = evsel__new(&attr, "dummy:HG");

		evlist__add(rec.evlist, dummy);
		opts->tracking = dummy;
		opts->tracking_immediate = target__has_cpu(&opts->target) || opts->initial_delay <= 0;
		if (!opts->tracking_immediate)
			dummy->attr.enable_on_exec = 1;
	}
	if (dry_run) {
		err = 0;
		goto out;
	}
	err = __cmd_record(&rec, argc, argv);
out:
	zstd_fini(&rec.zstd);
	free(rec.comp_buf);
	free(rec.buf);
	free(rec.tracing_data);
	free((void *)rec.argv);
	for (int i = 0; i < rec.switch_output.nr_files; i++)
		free(rec.switch_output.filenames[i]);
	free(rec.switch_output.filenames);
	perf_header__exit(&rec.header);
	evlist__delete(rec.evlist);
	/* stopped by a signal (or the workload was): exit by it, as upstream does */
	if (signr != -1) {
		fflush(stdout);
		fflush(stderr);
		signal(signr, SIG_DFL);
		raise(signr);
	}
	return err;
}
