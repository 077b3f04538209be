// SPDX-License-Identifier: GPL-2.0
#include "machine-hits.h"
#include "event.h"
#include "machine.h"
#include <errno.h>
#include <limits.h>

struct dso *machine__mark_sample_hit(struct machine *m, const struct perf_sample *sample)
{
	struct thread *thread;
	struct map *map;
	struct dso *dso = NULL;

	switch (sample->cpumode) {
	case PERF_RECORD_MISC_KERNEL:
		map = maps__find(&m->kmaps, sample->ip);
		dso = map ? map->dso : machine__kernel_dso(m);
		break;
	case PERF_RECORD_MISC_USER:
		thread = machine__findnew_thread(m, sample->pid, sample->tid);
		map = thread ? maps__find(thread->maps, sample->ip) : NULL;
		dso = map ? map->dso : NULL;
		break;
	default:
		break;
	}
	if (dso)
		dso->hit = true;
	return dso;
}

void machine__dump_sample(struct machine *m, const struct perf_sample *sample, FILE *fp)
{
	struct addr_location al;

	if (machine__resolve_sample(m, &al, sample)) {
		fprintf(fp, " ... thread: <unknown>\n");
		return;
	}
	fprintf(fp, " ... thread: %s:%d\n", thread__comm_str(al.thread), al.thread->tid);
	fprintf(fp, " ...... dso: %s\n", al.map ? al.dso->long_name :
		al.level == 'H' ? "[hypervisor]" : "<not found>");
}

int dso__read_running_build_id(struct dso *dso, struct build_id *bid, const void **image,
			       size_t *image_size)
{
	char path[PATH_MAX];
	const char *name = dso->long_name;

	*image = NULL;
	switch (dso->kind) {
	case DSO_KIND_KERNEL:
		return sysfs__read_build_id("/sys/kernel/notes", bid);
	case DSO_KIND_KMODULE:
		snprintf(path, sizeof(path), "/sys/module/%.*s/notes/.note.gnu.build-id",
			 name[0] == '[' ? (int)strlen(name) - 2 : (int)strlen(name), name + (name[0] == '['));
		return sysfs__read_build_id(path, bid);
	case DSO_KIND_VDSO:
		return vdso__read_build_id(bid, image, image_size);
	case DSO_KIND_USER:
		if (dso->has_build_id) {
			*bid = dso->bid;
			return 0;
		}
		if (name[0] != '/')
			return -ENOENT;
		return filename__read_build_id(name, bid);
	default:
		return -ENOENT;
	}
}
