// SPDX-License-Identifier: GPL-2.0
#include "print-events.h"
#include "evsel.h"
#include "hw-events.h"
#include "pager.h"
#include "perf-sys.h"
#include "pmu.h"
#include "probe-file.h"
#include "strbuf.h"
#include "string2.h"
#include "tracepoint.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* A growable list of names to sort before printing. */
struct name_list {
	char **names;
	size_t nr, alloc;
};

static void name_list__add(struct name_list *l, char *name)
{
	ALLOC_GROW(l->names, l->nr + 1, l->alloc);
	l->names[l->nr++] = name;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print (sorted) with the category tag, or as bare names; frees the list. */
static void name_list__print(struct name_list *l, const char *tag, bool name_only, bool sort)
{
	if (sort && l->nr)
		qsort(l->names, l->nr, sizeof(*l->names), cmp_names);
	for (size_t i = 0; i < l->nr; i++) {
		if (name_only)
			printf("%s ", l->names[i]);
		else
			printf("  %-50s [%s]\n", l->names[i], tag);
		free(l->names[i]);
	}
	if (l->nr && pager_in_use())
		printf("\n");
	free(l->names);
	memset(l, 0, sizeof(*l));
}

bool is_event_supported(u32 type, u64 config)
{
	struct perf_event_attr attr = {
		.type = type,
		.config = config,
		.size = sizeof(attr),
		.disabled = 1,
	};
	int fd = sys_perf_event_open(&attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd < 0 && errno == EACCES) {
		/* perf_event_paranoid 2: user space only */
		attr.exclude_kernel = 1;
		fd = sys_perf_event_open(&attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	}
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static bool glob_match(const char *name, const char *glob)
{
	return !glob || strglobmatch(name, glob);
}

void print_symbol_events(const char *glob, u32 type, bool name_only)
{
	const struct event_symbol *syms = type == PERF_TYPE_HARDWARE ? event_symbols_hw : event_symbols_sw;
	int nr = type == PERF_TYPE_HARDWARE ? PERF_COUNT_HW_MAX : PERF_SW_EVENT_NR;
	struct name_list l = { 0 };

	for (int i = 0; i < nr; i++) {
		const struct event_symbol *sym = &syms[i];

		if (!glob_match(sym->symbol, glob) && !(*sym->alias && glob_match(sym->alias, glob)))
			continue;
		if (!is_event_supported(type, i))
			continue;
		if (name_only || !*sym->alias)
			name_list__add(&l, xstrdup(sym->symbol));
		else
			name_list__add(&l, xasprintf("%s OR %s", sym->symbol, sym->alias));
	}
	name_list__print(&l, type == PERF_TYPE_HARDWARE ? "Hardware event" : "Software event", name_only, true);
}

void print_tool_events(const char *glob, bool name_only)
{
	struct name_list l = { 0 };

	for (int i = 1; i < PERF_TOOL_MAX; i++)
		if (glob_match(perf_tool_event_names[i], glob))
			name_list__add(&l, xstrdup(perf_tool_event_names[i]));
	name_list__print(&l, "Tool event", name_only, false);
}

void print_hwcache_events(const char *glob, bool name_only)
{
	struct name_list l = { 0 };
	char name[64];

	for (int type = 0; type < PERF_COUNT_HW_CACHE_MAX; type++) {
		for (int op = 0; op < PERF_COUNT_HW_CACHE_OP_MAX; op++) {
			if (!hw_cache__op_valid(type, op))
				continue;
			for (int res = 0; res < PERF_COUNT_HW_CACHE_RESULT_MAX; res++) {
				hw_cache__name(type, op, res, name, sizeof(name));
				if (!glob_match(name, glob))
					continue;
				if (!is_event_supported(PERF_TYPE_HW_CACHE, type | (op << 8) | (res << 16)))
					continue;
				name_list__add(&l, xstrdup(name));
			}
		}
	}
	name_list__print(&l, "Hardware cache event", name_only, true);
}

void print_pmu_events(const char *glob, bool name_only)
{
	struct name_list l = { 0 };
	struct perf_pmu *pmu;
	struct perf_pmu_alias *alias;

	for (pmu = perf_pmus__next(NULL); pmu; pmu = perf_pmus__next(pmu)) {
		/* the core PMU's events go by their own names */
		bool core = !strcmp(pmu->name, "cpu") || !strcmp(pmu->name, "cpu_core") ||
			    !strcmp(pmu->name, "cpu_atom");

		list_for_each_entry(alias, perf_pmu__aliases(pmu), list) {
			char *name = core ? xstrdup(alias->name) : xasprintf("%s/%s/", pmu->name, alias->name);

			if (glob && !strglobmatch_nocase(name, glob) && !strglobmatch_nocase(alias->name, glob)) {
				free(name);
				continue;
			}
			name_list__add(&l, name);
		}
	}
	name_list__print(&l, "Kernel PMU event", name_only, true);
}

struct tp_list {
	struct name_list l;
	const char *evt_glob;
};

static int tp_list_one(const char *sys, const char *name, u64 id, void *data)
{
	struct tp_list *t = data;

	(void)id;
	if (glob_match(name, t->evt_glob))
		name_list__add(&t->l, xasprintf("%s:%s", sys, name));
	return 0;
}

void print_tracepoint_events(const char *sys_glob, const char *evt_glob, bool name_only)
{
	struct tp_list t = { .evt_glob = NULL };
	int nr;

	tracepoint__for_each(sys_glob ? sys_glob : "*", evt_glob ? evt_glob : "*", tp_list_one, &t, &nr);
	name_list__print(&t.l, "Tracepoint event", name_only, true);
}

/* ---------------------------------------------------------------- SDT events */

struct sdt_list {
	const char *sys_glob, *evt_glob;
	struct name_list l;	/* "group:event@build-id@path" */
};

static int sdt_list_binary(const char *path, const char *build_id, void *arg)
{
	struct sdt_list *sl = arg;
	struct probe_cache *pc = probe_cache__new(path, build_id);

	for (size_t i = 0; i < pc->nr; i++) {
		struct probe_cache_entry *ent = &pc->entries[i];

		if (!ent->sdt || !ent->group || !ent->event)
			continue;
		if (glob_match(ent->group, sl->sys_glob) && glob_match(ent->event, sl->evt_glob))
			name_list__add(&sl->l, xasprintf("%s:%s@%s@%s", ent->group, ent->event, build_id, path));
	}
	probe_cache__delete(pc);
	return 0;
}

void print_sdt_events(const char *sys_glob, const char *evt_glob, bool name_only)
{
	struct sdt_list sl = { .sys_glob = sys_glob, .evt_glob = evt_glob };

	buildid_cache__for_each(sdt_list_binary, &sl);
	if (sl.l.nr)
		qsort(sl.l.names, sl.l.nr, sizeof(*sl.l.names), cmp_names);
	/* a marker in several binaries is shown with the binary and its build-id */
	for (size_t i = 0; i < sl.l.nr; i++) {
		char **names = sl.l.names, *at = strchr(names[i], '@'), *name;
		size_t len = at - names[i];
		bool dup = (i > 0 && !strncmp(names[i - 1], names[i], len) && names[i - 1][len] == '@') ||
			   (i + 1 < sl.l.nr && !strncmp(names[i + 1], names[i], len) && names[i + 1][len] == '@');

		if (dup && !name_only) {
			char *path = strchr(at + 1, '@');

			name = xasprintf("%.*s@%s(%.12s)", (int)len, names[i], path + 1, at + 1);
		} else {
			name = xstrndup(names[i], len);
		}
		free(names[i]);
		names[i] = name;
	}
	name_list__print(&sl.l, "SDT event", name_only, false);
}

void print_raw_syntax(bool name_only)
{
	if (name_only)
		return;
	printf("  %-50s [%s]\n", "rNNN", "Raw hardware event descriptor");
	printf("  %-50s [%s]\n", "cpu/t1=v1[,t2=v2,t3 ...]/modifier", "Raw hardware event descriptor");
	if (pager_in_use())
		printf("   (see 'man perf-list' on how to encode it)\n\n");
	printf("  %-50s [%s]\n", "mem:<addr>[/len][:access]", "Hardware breakpoint");
	if (pager_in_use())
		printf("\n");
}

void print_events(const char *glob, bool name_only)
{
	print_symbol_events(glob, PERF_TYPE_HARDWARE, name_only);
	print_symbol_events(glob, PERF_TYPE_SOFTWARE, name_only);
	print_tool_events(glob, name_only);
	print_hwcache_events(glob, name_only);
	print_pmu_events(glob, name_only);
	if (glob) {
		print_tracepoint_events(NULL, glob, name_only);
		print_sdt_events(NULL, glob, name_only);
		return;
	}
	print_raw_syntax(name_only);
	print_tracepoint_events(NULL, NULL, name_only);
	print_sdt_events(NULL, NULL, name_only);
	if (!name_only)
		printf("\nMetric Groups:\n\n");
}
