// SPDX-License-Identifier: GPL-2.0
#include "evsel.h"
#include "evlist.h"
#include "cgroup.h"
#include "hw-events.h"
#include "perf-sys.h"
#include <errno.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <unistd.h>

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name)
{
	struct evsel *evsel = xzalloc(sizeof(*evsel));

	evsel->attr = *attr;
	if (!evsel->attr.size)
		evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->scale = 1.0;
	INIT_LIST_HEAD(&evsel->node);
	if (name)
		evsel->name = xstrdup(name);
	return evsel;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	evsel__close(evsel);
	perf_cpu_map__put(evsel->cpus);
	perf_thread_map__put(evsel->threads);
	free(evsel->name);
	free(evsel->pmu_name);
	free(evsel->filter);
	free(evsel->group_name);
	free(evsel->tp_sys);
	free(evsel->tp_name);
	free(evsel->ids);
	free(evsel->unit);
	evsel_config_terms__delete(evsel->config_terms);
	cgroup__put(evsel->cgrp);
	free(evsel);
}

void evsel_config_terms__delete(struct evsel_config_terms *terms)
{
	if (!terms)
		return;
	free(terms->callgraph);
	free(terms->branch_type);
	free(terms->drv_cfg);
	free(terms->metric_id);
	free(terms);
}

const char *evsel__name(struct evsel *evsel)
{
	char buf[128];

	if (evsel->name)
		return evsel->name;
	if (evsel->tool_event)
		evsel->name = xstrdup(perf_tool_event_names[evsel->tool_event]);
	else if (evsel->tp_sys && evsel->tp_name)
		evsel->name = xasprintf("%s:%s", evsel->tp_sys, evsel->tp_name);
	else {
		perf_attr__name(&evsel->attr, buf, sizeof(buf));
		evsel->name = xstrdup(buf);
	}
	return evsel->name;
}

void evsel__set_name(struct evsel *evsel, const char *name)
{
	free(evsel->name);
	evsel->name = name ? xstrdup(name) : NULL;
}

int evsel__fd(const struct evsel *evsel, int cpu_idx, int thread_idx)
{
	if (!evsel->fd || cpu_idx >= evsel->nr_fd_cpus || thread_idx >= evsel->nr_fd_threads)
		return -1;
	return evsel->fd[cpu_idx * evsel->nr_fd_threads + thread_idx];
}

bool evsel__is_open(const struct evsel *evsel)
{
	return evsel->fd != NULL;
}

void evsel__add_id(struct evsel *evsel, u64 id)
{
	ALLOC_GROW(evsel->ids, evsel->nr_ids + 1, evsel->ids_alloc);
	evsel->ids[evsel->nr_ids++] = id;
	if (evsel->evlist)
		evlist__id_add(evsel->evlist, evsel, id);
}

/*
 * Cgroup events are opened, enabled and disabled from the CPU they count on,
 * as upstream does for every event. Done from another CPU, the kernel runs
 * the request by IPI in whatever task is current there; when that task is in
 * a cgroup never measured on that CPU, the cgroup's clock is left unstarted
 * and the first run reads a time enabled of 0 or of the whole uptime.
 */
struct cpu_pin {
	cpu_set_t saved;
	bool have_saved;
	bool pinned;
};

static bool evsel__needs_pin(const struct evsel *evsel)
{
	return evsel->cgrp != NULL;
}

static void cpu_pin__to(struct cpu_pin *pin, int cpu)
{
	cpu_set_t one;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return;
	if (!pin->have_saved) {
		if (sched_getaffinity(0, sizeof(pin->saved), &pin->saved))
			return;
		pin->have_saved = true;
	}
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	/* on failure (a cpuset without that CPU) the kernel's IPI path remains */
	if (!sched_setaffinity(0, sizeof(one), &one))
		pin->pinned = true;
}

static void cpu_pin__restore(struct cpu_pin *pin)
{
	if (pin->pinned)
		sched_setaffinity(0, sizeof(pin->saved), &pin->saved);
	pin->pinned = false;
}

int evsel__open(struct evsel *evsel, struct perf_cpu_map *cpus, struct perf_thread_map *threads)
{
	struct cpu_pin pin = { .pinned = false };
	int ncpus, nthreads, err = 0;

	if (!cpus)
		cpus = evsel->cpus ? evsel->cpus : evsel->evlist ? evsel->evlist->cpus : NULL;
	if (!threads)
		threads = evsel->threads ? evsel->threads : evsel->evlist ? evsel->evlist->threads : NULL;
	ncpus = perf_cpu_map__nr(cpus);
	nthreads = perf_thread_map__nr(threads);
	if (evsel->fd)
		evsel__close(evsel);
	evsel->fd_cpus = perf_cpu_map__get(cpus);
	evsel->fd = xmalloc(ncpus * nthreads * sizeof(int));
	evsel->nr_fd_cpus = ncpus;
	evsel->nr_fd_threads = nthreads;
	for (int i = 0; i < ncpus * nthreads; i++)
		evsel->fd[i] = -1;

	for (int c = 0; c < ncpus; c++) {
		if (evsel__needs_pin(evsel))
			cpu_pin__to(&pin, perf_cpu_map__cpu(cpus, c));
		for (int t = 0; t < nthreads; t++) {
			unsigned long flags = PERF_FLAG_FD_CLOEXEC;
			pid_t pid = perf_thread_map__pid(threads, t);
			int group_fd = -1, fd;
			u64 id;

			if (!evsel__is_group_leader(evsel))
				group_fd = evsel__fd(evsel->leader, c, t);
			if (evsel->cgrp) {
				/* a cgroup event: the cgroup directory stands for the pid */
				pid = evsel->cgrp->fd;
				flags |= PERF_FLAG_PID_CGROUP;
			}
			fd = sys_perf_event_open(&evsel->attr, pid, perf_cpu_map__cpu(cpus, c), group_fd, flags);
			if (fd < 0) {
				err = -errno;
				goto out_close;
			}
			evsel->fd[c * nthreads + t] = fd;
			if (ioctl(fd, PERF_EVENT_IOC_ID, &id) == 0)
				evsel__add_id(evsel, id);
		}
	}
	cpu_pin__restore(&pin);
	evsel->open_errno = 0;
	evsel->supported = true;
	return 0;

out_close:
	cpu_pin__restore(&pin);
	evsel->open_errno = -err;
	evsel__close(evsel);
	return err;
}

void evsel__close(struct evsel *evsel)
{
	if (!evsel->fd)
		return;
	for (int i = 0; i < evsel->nr_fd_cpus * evsel->nr_fd_threads; i++)
		if (evsel->fd[i] >= 0)
			close(evsel->fd[i]);
	zfree(&evsel->fd);
	perf_cpu_map__put(evsel->fd_cpus);
	evsel->fd_cpus = NULL;
	evsel->nr_fd_cpus = evsel->nr_fd_threads = 0;
}

static int evsel__ioctl_all(struct evsel *evsel, unsigned long request, unsigned long arg)
{
	struct cpu_pin pin = { .pinned = false };
	int err = 0;

	for (int c = 0; evsel->fd && c < evsel->nr_fd_cpus && !err; c++) {
		if (evsel__needs_pin(evsel))
			cpu_pin__to(&pin, perf_cpu_map__cpu(evsel->fd_cpus, c));
		for (int t = 0; t < evsel->nr_fd_threads; t++) {
			int fd = evsel->fd[c * evsel->nr_fd_threads + t];

			if (fd >= 0 && ioctl(fd, request, arg) < 0) {
				err = -errno;
				break;
			}
		}
	}
	cpu_pin__restore(&pin);
	return err;
}

int evsel__enable(struct evsel *evsel)
{
	return evsel__ioctl_all(evsel, PERF_EVENT_IOC_ENABLE, 0);
}

int evsel__disable(struct evsel *evsel)
{
	return evsel__ioctl_all(evsel, PERF_EVENT_IOC_DISABLE, 0);
}

int evsel__apply_filter(struct evsel *evsel, const char *filter)
{
	return evsel__ioctl_all(evsel, PERF_EVENT_IOC_SET_FILTER, (unsigned long)filter);
}

int evsel__read_counter(struct evsel *evsel, int cpu_idx, int thread_idx,
			struct perf_counts_values *count)
{
	u64 buf[8];
	u64 fmt = evsel->attr.read_format;
	int fd = evsel__fd(evsel, cpu_idx, thread_idx);
	ssize_t n;
	int i = 0;

	memset(count, 0, sizeof(*count));
	if (fd < 0)
		return -EBADF;
	if (fmt & PERF_FORMAT_GROUP)
		return -EINVAL;	/* group reads are decoded by the caller */
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return -errno;
	if (n < (ssize_t)sizeof(u64))
		return -EINVAL;
	count->val = buf[i++];
	if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED)
		count->ena = buf[i++];
	if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING)
		count->run = buf[i++];
	if (fmt & PERF_FORMAT_ID)
		count->id = buf[i++];
	if (fmt & PERF_FORMAT_LOST)
		count->lost = buf[i++];
	return 0;
}

int evsel__group_idx(const struct evsel *evsel)
{
	return evsel->idx - evsel->leader->idx;
}

int perf_evsel__id_hdr_size(const struct perf_event_attr *attr)
{
	u64 type = attr->sample_type;
	int size = 0;

	if (type & PERF_SAMPLE_TID)
		size += sizeof(u64);
	if (type & PERF_SAMPLE_TIME)
		size += sizeof(u64);
	if (type & PERF_SAMPLE_ID)
		size += sizeof(u64);
	if (type & PERF_SAMPLE_STREAM_ID)
		size += sizeof(u64);
	if (type & PERF_SAMPLE_CPU)
		size += sizeof(u64);
	if (type & PERF_SAMPLE_IDENTIFIER)
		size += sizeof(u64);
	return size;
}
