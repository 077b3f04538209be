// SPDX-License-Identifier: GPL-2.0
/*
 * perf probe operations (declared in probe-event.h): resolving definitions
 * into trace events (debug info, symbol tables, kallsyms, SDT notes),
 * naming them, adding, deleting and listing them, and the -L, -V and -F
 * views.
 */
#include "probe-btf.h"
#include "probe-event.h"
#include "probe-file.h"
#include "probe-finder.h"
#include "probe-symbols.h"
#include "sdt.h"
#include "debug.h"
#include "fs.h"
#include "strbuf.h"
#include "string2.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

/* An open binary with its symbols and (lazily) its debug info. */
struct probe_target {
	char *path;
	struct probe_elf *elf;
	struct debuginfo *dbg;
	bool dbg_tried;
	bool uprobes;
};

static struct probe_target *probe_target__new(const char *path, bool uprobes)
{
	struct probe_target *t = xzalloc(sizeof(*t));

	t->path = xstrdup(path);
	t->uprobes = uprobes;
	t->elf = probe_elf__open(path);
	if (!t->elf) {
		pr_err("Failed to open %s: %s\n", path,
		       errno == ENOEXEC ? "not an ELF file" : strerror(errno));
		free(t->path);
		free(t);
		return NULL;
	}
	probe_elf__load_symbols(t->elf);
	return t;
}

static struct debuginfo *probe_target__debuginfo(struct probe_target *t)
{
	if (!t->dbg_tried) {
		t->dbg_tried = true;
		t->dbg = debuginfo__new(t->path, t->elf, t->uprobes);
	}
	return t->dbg;
}

static void probe_target__delete(struct probe_target *t)
{
	if (!t)
		return;
	debuginfo__delete(t->dbg);
	probe_elf__delete(t->elf);
	free(t->path);
	free(t);
}

/* ---- naming ---- */

/* The C-identifier prefix of a symbol ("atoi@plt" -> "atoi", "foo.isra.0" -> "foo"). */
static char *event_base_name(const char *s)
{
	size_t n = 0;

	while (s[n] && (isalnum((unsigned char)s[n]) || s[n] == '_'))
		n++;
	if (!n || isdigit((unsigned char)s[0]))
		return xasprintf("p_%.*s", (int)n, s);
	return xstrndup(s, n);
}

static char *default_event_name(const struct perf_probe_event *pev, const struct probe_trace_event *tev)
{
	const struct perf_probe_point *pp = &pev->point;
	const char *func = pp->function && !is_glob_pattern(pp->function) ? pp->function :
			   tev->point.realname;
	char *base, *name;

	if (!func) {
		if (pp->has_address)
			return xasprintf("abs_%" PRIx64, pp->abs_address);
		return xasprintf("addr_%" PRIx64, tev->point.vaddr);
	}
	base = event_base_name(func);
	if (pp->retprobe)
		name = xasprintf("%s__return", base);
	else if (pp->function && pp->line)
		name = xasprintf("%s_L%d", base, pp->line);
	else
		return base;
	free(base);
	return name;
}

/*
 * Name every event of one definition. All probe points of one definition with
 * the same base name share one event (the kernel keeps several probes in it).
 */
static int name_events(struct perf_probe_event *pev, struct probe_trace_event *tevs, int ntevs,
		       struct strlist *used)
{
	for (int i = 0; i < ntevs; i++) {
		struct probe_trace_event *tev = &tevs[i];
		char *base, *key, *name;
		bool shared = false;

		if (pev->sdt) {
			/* the marker's own names, unless EVENT= renamed it */
			if (pev->event) {
				free(tev->event);
				tev->event = xstrdup(pev->event);
			}
			continue;
		}
		free(tev->group);
		if (pev->group)
			tev->group = xstrdup(pev->group);
		else if (tev->uprobes)
			tev->group = probe_uprobe_group_name(tev->point.module);
		else
			tev->group = xstrdup(PROBE_DEFAULT_GROUP);
		base = pev->event ? xstrdup(pev->event) : default_event_name(pev, tev);
		if (strlen(base) >= PROBE_MAX_EVENT_NAME)
			base[PROBE_MAX_EVENT_NAME - 1] = '\0';
		/* an earlier point of this definition with the same base name */
		for (int k = 0; k < i && !shared; k++) {
			if (!strcmp(tevs[k].group, tev->group) && tevs[k].event &&
			    !strncmp(tevs[k].event, base, strlen(base)) &&
			    tevs[k].point.retprobe == tev->point.retprobe &&
			    (!tevs[k].event[strlen(base)] || tevs[k].event[strlen(base)] == '_')) {
				tev->event = xstrdup(tevs[k].event);
				shared = true;
			}
		}
		if (shared) {
			free(base);
			continue;
		}
		name = xstrdup(base);
		key = xasprintf("%s:%s", tev->group, name);
		if (strlist__has(used, key)) {
			if (!probe_conf.force_add) {
				pr_err("Error: event \"%s\" already exists.\n"
				       " Hint: Remove existing event by 'perf probe -d'\n"
				       "       or force duplicates by 'perf probe -f'\n", name);
				free(key);
				free(name);
				free(base);
				return -EEXIST;
			}
			for (int n = 1; strlist__has(used, key); n++) {
				free(name);
				free(key);
				name = xasprintf("%s_%d", base, n);
				key = xasprintf("%s:%s", tev->group, name);
			}
		}
		strlist__add(used, key);
		tev->event = name;
		free(key);
		free(base);
	}
	return 0;
}

/* ---- resolving ---- */

/* Without debug info: function entries (+offset) from the symbol table, raw arguments only. */
static int find_tevs_from_symbols(struct perf_probe_event *pev, struct probe_symtab *st,
				  struct probe_trace_event **out, bool uprobes)
{
	const struct perf_probe_point *pp = &pev->point;
	const struct probe_sym **syms;
	struct probe_trace_event *tevs;
	int n;

	if (pp->has_address) {
		tevs = xcalloc(1, sizeof(*tevs));
		tevs->point.vaddr = pp->abs_address + pp->offset;
		tevs->point.retprobe = pp->retprobe;
		n = 1;
		goto args;
	}
	n = probe_symtab__find_funcs(st, pp->function, &syms);
	if (n <= 0) {
		free(syms);
		return 0;
	}
	if (n > probe_conf.max_probes) {
		pr_err("Too many( > %d) probe point found.\n", probe_conf.max_probes);
		free(syms);
		return -E2BIG;
	}
	tevs = xcalloc((size_t)n, sizeof(*tevs));
	for (int i = 0; i < n; i++) {
		if (pp->offset && syms[i]->size && pp->offset >= syms[i]->size) {
			pr_err("Offset %" PRIu64 " is bigger than the size of %s\n", pp->offset,
			       syms[i]->name);
			clear_probe_trace_events(tevs, i);
			free(tevs);
			free(syms);
			return -ENOENT;
		}
		tevs[i].point.vaddr = syms[i]->addr + pp->offset;
		tevs[i].point.realname = xstrdup(syms[i]->name);
		tevs[i].point.symbol = xstrdup(syms[i]->name);
		tevs[i].point.offset = pp->offset;
		tevs[i].point.retprobe = pp->retprobe;
		tevs[i].point.rel_line = -1;
	}
	free(syms);
args:
	for (int i = 0; i < n; i++) {
		tevs[i].uprobes = uprobes;
		for (int k = 0; k < pev->nargs; k++)
			probe_trace_event__add_arg(&tevs[i], pev->args[k].name, pev->args[k].var,
						   pev->args[k].type);
	}
	*out = tevs;
	return n;
}

static void no_debuginfo_error(const struct perf_probe_event *pev, const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	synthesize_perf_probe_point(&sb, &pev->point);
	for (int i = 0; i < pev->nargs; i++) {
		if (!perf_probe_arg_is_raw(&pev->args[i])) {
			pr_err("Failed to find debug information for %s: the variable '%s' of '%s'\n"
			       "cannot be resolved. Build it with -g, install its debug information,\n"
			       "or use raw arguments (registers such as %%di, +0(%%si), $retval).\n",
			       path, pev->args[i].var, sb.buf);
			strbuf_release(&sb);
			return;
		}
	}
	pr_err("Failed to find debug information for %s: '%s' needs source lines.\n"
	       "Build it with -g or install its debug information.\n", path, sb.buf);
	strbuf_release(&sb);
}

/*
 * When the debug info does not know the function by that name (a symbol
 * alias such as libc's malloc), find the DWARF function at the symbol's
 * address and resolve the definition against it.
 */
static int find_tevs_by_alias(struct probe_target *t, struct perf_probe_event *pev,
			      struct probe_trace_event **tevs)
{
	const struct probe_sym **syms;
	struct perf_probe_point pp;
	char *orig;
	int n, ret = 0;

	if (!pev->point.function || is_glob_pattern(pev->point.function))
		return 0;
	n = probe_symtab__find_funcs(&t->elf->symtab, pev->point.function, &syms);
	if (n == 1 && !debuginfo__find_probe_point(t->dbg, syms[0]->addr, false, &pp)) {
		if (pp.function && strcmp(pp.function, pev->point.function)) {
			pr_debug("%s is %s in the debug information\n", pev->point.function, pp.function);
			orig = pev->point.function;
			pev->point.function = pp.function;
			pp.function = NULL;
			ret = debuginfo__find_trace_events(t->dbg, pev, tevs);
			for (int i = 0; i < ret; i++) {
				free((*tevs)[i].point.realname);
				(*tevs)[i].point.realname = xstrdup(orig);
			}
			free(pev->point.function);
			pev->point.function = orig;
		}
		free(pp.function);
		free(pp.file);
	}
	free(syms);
	return ret;
}

static void point_not_found(const struct perf_probe_event *pev)
{
	struct strbuf sb = STRBUF_INIT;

	synthesize_perf_probe_point(&sb, &pev->point);
	pr_err("Probe point '%s' not found.\n", sb.buf);
	strbuf_release(&sb);
}

static int convert_uprobe(struct probe_target *t, struct perf_probe_event *pev,
			  struct probe_trace_event **tevs)
{
	struct debuginfo *dbg = probe_target__debuginfo(t);
	int n = 0;

	if (dbg && !pev->point.has_address) {
		n = debuginfo__find_trace_events(dbg, pev, tevs);
		if (n == 0)
			n = find_tevs_by_alias(t, pev, tevs);
		if (n < 0)
			return n;
	}
	if (n == 0 && perf_probe_event_need_dwarf(pev)) {
		if (!dbg)
			no_debuginfo_error(pev, t->path);
		else
			point_not_found(pev);
		return -ENOENT;
	}
	if (n == 0)
		n = find_tevs_from_symbols(pev, &t->elf->symtab, tevs, true);
	if (n == 0) {
		point_not_found(pev);
		return -ENOENT;
	}
	for (int i = 0; n > 0 && i < n; i++) {
		struct probe_trace_event *tev = &(*tevs)[i];

		if (probe_elf__vaddr_to_offset(t->elf, tev->point.vaddr, &tev->point.address)) {
			pr_err("0x%" PRIx64 " is not in a loadable segment of %s\n", tev->point.vaddr, t->path);
			return -EINVAL;
		}
		free(tev->point.module);
		tev->point.module = xstrdup(t->path);
		tev->uprobes = true;
	}
	return n;
}

static struct probe_symtab kallsyms;
static bool kallsyms_loaded;

static int kernel_text_offset(u64 addr, u64 *off)
{
	const struct probe_sym *text = probe_symtab__find(&kallsyms, "_text");

	if (!text || addr < text->addr)
		return -ENOENT;
	*off = addr - text->addr;
	return 0;
}

static struct btf *btf;
static bool btf_tried;

/* The kernel's BTF, when it has one. */
static struct btf *kernel_btf(void)
{
	if (!btf_tried) {
		btf_tried = true;
		btf = btf__load("/sys/kernel/btf/vmlinux");
		if (!btf)
			pr_debug("No kernel BTF: %s\n", strerror(errno));
	}
	return btf;
}

/* Function entries from kallsyms, their parameters from BTF. */
static int convert_kprobe_btf(struct perf_probe_event *pev, struct probe_trace_event **tevs)
{
	int n = find_tevs_from_symbols(pev, &kallsyms, tevs, false);

	if (n == 0)
		point_not_found(pev);
	if (n <= 0)
		return n ? n : -ENOENT;
	for (int i = 0; i < n; i++) {
		struct probe_trace_event *tev = &(*tevs)[i];
		int ret;

		for (int k = 0; k < tev->nargs; k++) {
			free(tev->args[k].name);
			free(tev->args[k].value);
			free(tev->args[k].type);
		}
		tev->nargs = 0;
		ret = btf__convert_args(btf, tev->point.realname, pev, tev);
		if (ret == -ENOENT) {
			pr_err("The kernel's BTF does not describe %s: its variables cannot be resolved.\n"
			       "Use raw arguments (%%di, %%si, +0(%%di):u32 ...).\n", tev->point.realname);
		}
		if (ret) {
			clear_probe_trace_events(*tevs, n);
			zfree(tevs);
			return ret;
		}
	}
	return n;
}

static int convert_kprobe(struct perf_probe_event *pev, struct probe_trace_event **tevs)
{
	int n, err;

	if (!kallsyms_loaded) {
		err = probe_symtab__load_kallsyms(&kallsyms);
		if (err) {
			pr_err("Failed to read /proc/kallsyms: %s\n", strerror(-err));
			return err;
		}
		kallsyms_loaded = true;
	}
	if (probe_conf.vmlinux && perf_probe_event_need_dwarf(pev)) {
		struct probe_target *t = probe_target__new(probe_conf.vmlinux, false);

		if (!t)
			return -ENOENT;
		n = probe_target__debuginfo(t) ? debuginfo__find_trace_events(t->dbg, pev, tevs) : 0;
		if (!t->dbg)
			pr_err("Failed to find debug information in %s.\n", probe_conf.vmlinux);
		probe_target__delete(t);
		if (n <= 0) {
			if (n == 0)
				point_not_found(pev);
			return n ? n : -ENOENT;
		}
	} else if (perf_probe_event_need_dwarf(pev) && !pev->point.file && !pev->point.line &&
		   !pev->point.lazy_line && !pev->point.offset && !pev->point.retprobe &&
		   !pev->point.has_address && kernel_btf()) {
		n = convert_kprobe_btf(pev, tevs);
		if (n <= 0)
			return n ? n : -ENOENT;
	} else if (perf_probe_event_need_dwarf(pev)) {
		struct strbuf sb = STRBUF_INIT;

		synthesize_perf_probe_point(&sb, &pev->point);
		pr_err("Failed to find the kernel's debug information for '%s': there is no vmlinux\n"
		       "with DWARF here (give one with -k VMLINUX). Probe the function with raw\n"
		       "arguments instead (%%di, %%si, +0(%%di):u32, $retval ...).\n", sb.buf);
		strbuf_release(&sb);
		return -ENOENT;
	} else {
		n = find_tevs_from_symbols(pev, &kallsyms, tevs, false);
		if (n == 0) {
			point_not_found(pev);
			return -ENOENT;
		}
		if (n < 0)
			return n;
	}
	for (int i = 0; i < n; i++) {
		struct probe_trace_point *tp = &(*tevs)[i].point;
		u64 off;

		(*tevs)[i].uprobes = false;
		if (pev->target) {
			tp->module = xstrdup(pev->target);
			continue;
		}
		/* return probes need a symbol, entries are given from _text as upstream does */
		if (!tp->retprobe && !kernel_text_offset(tp->vaddr, &off)) {
			free(tp->symbol);
			tp->symbol = xstrdup("_text");
			tp->offset = off;
		} else if (!tp->symbol && tp->realname) {
			tp->symbol = xstrdup(tp->realname);
		}
	}
	return n;
}

static int convert_sdt(struct perf_probe_event *pev, struct probe_trace_event **tevs)
{
	int n = sdt__find_events(pev->group, pev->point.function, pev->target, tevs);

	if (n < 0) {
		pr_err("Failed to read the SDT markers of %s: %s\n", pev->target, strerror(-n));
		return n;
	}
	if (n == 0) {
		pr_err("SDT event %s:%s not found%s%s.\n"
		       "Register the binary's markers with 'perf buildid-cache --add BINARY',\n"
		       "or name it with -x BINARY.\n", pev->group, pev->point.function,
		       pev->target ? " in " : "", pev->target ? pev->target : "");
		return -ENOENT;
	}
	for (int i = 0; i < n; i++)
		(*tevs)[i].point.realname = xstrdup((*tevs)[i].event);
	return n;
}

/* ---- adding ---- */

static void print_added(struct perf_probe_event *pev, struct probe_trace_event *tevs, int ntevs)
{
	struct strbuf sb = STRBUF_INIT;

	pr_info("Added new event%s\n", ntevs > 1 ? "s:" : ":");
	for (int i = 0; i < ntevs; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "  %s:%s (on ", tevs[i].group, tevs[i].event);
		if (pev->sdt)
			strbuf_addf(&sb, "%%%s", tevs[i].point.realname);
		else
			synthesize_perf_probe_point(&sb, &pev->point);
		if (tevs[i].uprobes || pev->target)
			strbuf_addf(&sb, " in %s", tevs[i].uprobes ? tevs[i].point.module : pev->target);
		for (int k = 0; k < pev->nargs; k++) {
			strbuf_addstr(&sb, k ? " " : " with ");
			synthesize_perf_probe_arg(&sb, &pev->args[k]);
		}
		strbuf_addch(&sb, ')');
		pr_info("%s\n", sb.buf);
	}
	strbuf_release(&sb);
}

static struct strlist *existing_names(void)
{
	struct strlist *names = strlist__new(NULL);

	for (int k = 0; k < 2; k++) {
		enum probe_file_kind kind = k ? PROBE_FILE_UPROBE : PROBE_FILE_KPROBE;
		struct strlist *sl;
		const char *ent;
		int fd;

		if (!probe_file__exists(kind))
			continue;
		fd = probe_file__open(kind, false, true);
		if (fd < 0)
			continue;
		sl = probe_file__get_namelist(fd);
		strlist__for_each(ent, sl)
			strlist__add(names, ent);
		strlist__delete(sl);
		close(fd);
	}
	return names;
}

static char *resolve_target(const char *target)
{
	char buf[PATH_MAX];

	if (strchr(target, '/')) {
		if (!realpath(target, buf)) {
			pr_err("Failed to get the absolute path of %s: %s\n", target, strerror(errno));
			return NULL;
		}
		return xstrdup(buf);
	}
	/* a bare name: search $PATH like a shell */
	{
		const char *path = getenv("PATH");
		char *dirs = xstrdup(path ? path : "/usr/bin:/bin"), *save = NULL, *dir;
		char *found = NULL;

		for (dir = strtok_r(dirs, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
			char *p = xasprintf("%s/%s", dir, target);

			if (access(p, X_OK) == 0 && realpath(p, buf))
				found = xstrdup(buf);
			free(p);
		}
		free(dirs);
		if (!found)
			pr_err("Failed to get the absolute path of %s: %s\n", target, strerror(ENOENT));
		return found;
	}
}

int add_perf_probe_events(struct perf_probe_event *pevs, int npevs, bool definition_only)
{
	struct probe_trace_event **all = xcalloc((size_t)npevs, sizeof(*all));
	int *counts = xcalloc((size_t)npevs, sizeof(int));
	struct probe_target *target = NULL;
	struct strlist *used = NULL;
	int ufd = -1, kfd = -1, ret = 0;
	for (int i = 0; i < npevs && !ret; i++) {
		struct perf_probe_event *pev = &pevs[i];

		if (pev->uprobes && !pev->sdt) {
			if (!target) {
				target = probe_target__new(pev->target, true);
				if (!target) {
					ret = -ENOENT;
					break;
				}
			}
			ret = counts[i] = convert_uprobe(target, pev, &all[i]);
		} else if (pev->sdt) {
			ret = counts[i] = convert_sdt(pev, &all[i]);
		} else {
			if (!definition_only && !probe_conf.dry_run && !probe_file__exists(PROBE_FILE_KPROBE)) {
				char *p = tracefs__path("kprobe_events");

				pr_err("%s does not exist: this kernel has no kprobe events, so kernel\n"
				       "functions cannot be probed. A kernel built with CONFIG_KPROBE_EVENTS=y\n"
				       "is needed (user space probes with -x BINARY work without it).\n",
				       p ? p : "kprobe_events");
				free(p);
				ret = -ENOTSUP;
				break;
			}
			ret = counts[i] = convert_kprobe(pev, &all[i]);
		}
		if (ret > 0)
			ret = 0;
	}
	if (ret)
		goto out;

	used = existing_names();
	for (int i = 0; i < npevs && !ret; i++)
		ret = name_events(&pevs[i], all[i], counts[i], used);
	if (ret)
		goto out;

	if (definition_only) {
		for (int i = 0; i < npevs; i++) {
			for (int k = 0; k < counts[i]; k++) {
				char *cmd = synthesize_probe_trace_command(&all[i][k]);

				printf("%s\n", cmd);
				free(cmd);
			}
		}
		goto out;
	}
	for (int i = 0; i < npevs && !ret; i++) {
		for (int k = 0; k < counts[i] && !ret; k++) {
			struct probe_trace_event *tev = &all[i][k];
			int *fdp = tev->uprobes ? &ufd : &kfd;
			char *cmd;

			if (probe_conf.dry_run)
				continue;
			if (*fdp < 0) {
				*fdp = probe_file__open(tev->uprobes ? PROBE_FILE_UPROBE : PROBE_FILE_KPROBE,
							true, false);
				if (*fdp < 0) {
					ret = *fdp;
					break;
				}
			}
			cmd = synthesize_probe_trace_command(tev);
			ret = probe_file__add_event(*fdp, cmd);
			free(cmd);
		}
		if (ret)
			break;
		print_added(&pevs[i], all[i], counts[i]);
	}
	/* the usage hint names the last event added */
	for (int i = npevs; !ret && i-- > 0;) {
		if (counts[i]) {
			char *ev = xasprintf("%s:%s", all[i][counts[i] - 1].group,
					     all[i][counts[i] - 1].event);

			pr_info("\nYou can now use it in all perf tools, such as:\n\n"
				"\tperf record -e %s -aR sleep 1\n\n", ev);
			free(ev);
			break;
		}
	}
out:
	if (ret)
		pr_err("  Error: Failed to add events.\n");
	for (int i = 0; i < npevs; i++) {
		if (counts[i] > 0)
			clear_probe_trace_events(all[i], counts[i]);
		free(all[i]);
	}
	free(all);
	free(counts);
	strlist__delete(used);
	probe_target__delete(target);
	if (ufd >= 0)
		close(ufd);
	if (kfd >= 0)
		close(kfd);
	return ret;
}

/* ---- deleting ---- */

/* "[GROUP:]EVENT" into group and event globs (no group: any group). */
static void split_filter(const char *filter, char **group, char **event)
{
	const char *colon = strchr(filter, ':');

	if (colon) {
		*group = xstrndup(filter, (size_t)(colon - filter));
		*event = xstrdup(colon + 1);
	} else {
		*group = xstrdup("*");
		*event = xstrdup(filter);
	}
}

static int del_in_file(enum probe_file_kind kind, const char *group, const char *event, int *hits)
{
	struct strlist *names, *done = strlist__new(NULL);
	const char *ent;
	int fd, ret = 0;

	if (!probe_file__exists(kind)) {
		strlist__delete(done);
		return 0;
	}
	fd = probe_file__open(kind, true, true);
	if (fd < 0) {
		strlist__delete(done);
		return fd;
	}
	names = probe_file__get_namelist(fd);
	strlist__for_each(ent, names) {
		const char *colon = strchr(ent, ':');
		char *g = xstrndup(ent, (size_t)(colon - ent));

		if (strglobmatch(g, group) && strglobmatch(colon + 1, event) && strlist__add(done, ent)) {
			ret = probe_file__del_event(fd, g, colon + 1);
			if (!ret) {
				pr_info("Removed event: %s\n", ent);
				(*hits)++;
			}
		}
		free(g);
		if (ret)
			break;
	}
	strlist__delete(names);
	strlist__delete(done);
	close(fd);
	return ret;
}

int del_perf_probe_events(const struct strlist *filters)
{
	const char *filter;
	int ret = 0;

	if (!probe_file__exists(PROBE_FILE_KPROBE) && !probe_file__exists(PROBE_FILE_UPROBE)) {
		pr_err("Neither kprobe_events nor uprobe_events exists in tracefs.\n");
		return -ENOENT;
	}
	strlist__for_each(filter, filters) {
		char *group, *event;
		int hits = 0;

		split_filter(filter, &group, &event);
		ret = del_in_file(PROBE_FILE_KPROBE, group, event, &hits);
		if (!ret)
			ret = del_in_file(PROBE_FILE_UPROBE, group, event, &hits);
		free(group);
		free(event);
		if (!ret && !hits) {
			pr_info("\"%s\" does not hit any event.\n", filter);
			ret = -ENOENT;
		}
		if (ret)
			break;
	}
	if (ret)
		pr_err("  Error: Failed to delete events.\n");
	return ret;
}

/* ---- listing ---- */

struct target_cache {
	struct probe_target **v;
	size_t nr, alloc;
};

static struct probe_target *target_cache__get(struct target_cache *tc, const char *path)
{
	struct probe_target *t;

	for (size_t i = 0; i < tc->nr; i++)
		if (tc->v[i] && !strcmp(tc->v[i]->path, path))
			return tc->v[i];
	t = probe_target__new(path, true);
	ALLOC_GROW(tc->v, tc->nr + 1, tc->alloc);
	tc->v[tc->nr++] = t;
	return t;
}

/* "(on probe_add:2@tests/progs/probe_prog.c in /path with a b)" */
static void describe_uprobe(struct target_cache *tc, const struct probe_trace_event *tev,
			    struct strbuf *sb)
{
	struct probe_target *t = target_cache__get(tc, tev->point.module);
	struct perf_probe_point pp = { 0 };
	u64 vaddr;

	if (!t || probe_elf__offset_to_vaddr(t->elf, tev->point.address, &vaddr)) {
		strbuf_addf(sb, "0x%" PRIx64, tev->point.address);
		return;
	}
	if (probe_target__debuginfo(t) &&
	    !debuginfo__find_probe_point(t->dbg, vaddr, tev->point.retprobe, &pp)) {
		synthesize_perf_probe_point(sb, &pp);
		free(pp.function);
		free(pp.file);
		return;
	}
	{
		const struct probe_sym *s = probe_symtab__func_at(&t->elf->symtab, vaddr);

		if (!s) {
			strbuf_addf(sb, "0x%" PRIx64, vaddr);
			return;
		}
		strbuf_addstr(sb, s->name);
		if (vaddr > s->addr)
			strbuf_addf(sb, "+%" PRIu64, vaddr - s->addr);
		if (tev->point.retprobe)
			strbuf_addstr(sb, "%return");
	}
}

static void show_one(struct target_cache *tc, const struct probe_trace_event *tev)
{
	struct strbuf sb = STRBUF_INIT;
	char *name = xasprintf("%s:%s", tev->group, tev->event);

	strbuf_addf(&sb, "  %-20s (on ", name);
	if (tev->uprobes) {
		describe_uprobe(tc, tev, &sb);
		strbuf_addf(&sb, " in %s", tev->point.module);
	} else {
		if (tev->point.symbol && !strcmp(tev->point.symbol, "_text") && kallsyms_loaded) {
			const struct probe_sym *text = probe_symtab__find(&kallsyms, "_text");
			const struct probe_sym *s = text ?
				probe_symtab__func_at(&kallsyms, text->addr + tev->point.offset) : NULL;

			if (s && text)
				strbuf_addf(&sb, "%s+%" PRIu64, s->name,
					    text->addr + tev->point.offset - s->addr);
			else
				strbuf_addf(&sb, "_text+%" PRIu64, tev->point.offset);
		} else if (tev->point.symbol) {
			strbuf_addstr(&sb, tev->point.symbol);
			if (tev->point.offset)
				strbuf_addf(&sb, "+%" PRIu64, tev->point.offset);
		} else {
			strbuf_addf(&sb, "0x%" PRIx64, tev->point.address);
		}
		if (tev->point.retprobe)
			strbuf_addstr(&sb, "%return");
		if (tev->point.module)
			strbuf_addf(&sb, " in %s", tev->point.module);
	}
	for (int i = 0; i < tev->nargs; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : " with ",
			    tev->args[i].name ? tev->args[i].name : tev->args[i].value);
	strbuf_addch(&sb, ')');
	printf("%s\n", sb.buf);
	free(name);
	strbuf_release(&sb);
}

int show_perf_probe_events(const char *filter)
{
	struct target_cache tc = { 0 };
	char *group = NULL, *event = NULL;
	bool any_file = false;

	if (filter)
		split_filter(filter, &group, &event);
	for (int k = 0; k < 2; k++) {
		enum probe_file_kind kind = k ? PROBE_FILE_UPROBE : PROBE_FILE_KPROBE;
		struct strlist *raw;
		const char *ent;
		int fd;

		if (!probe_file__exists(kind))
			continue;
		fd = probe_file__open(kind, false, false);
		if (fd < 0)
			continue;
		any_file = true;
		if (kind == PROBE_FILE_KPROBE && !kallsyms_loaded &&
		    !probe_symtab__load_kallsyms(&kallsyms))
			kallsyms_loaded = true;
		raw = probe_file__get_rawlist(fd);
		strlist__for_each(ent, raw) {
			struct probe_trace_event tev;

			pr_debug("Parsing probe_events: %s\n", ent);
			if (parse_probe_trace_command(ent, &tev))
				continue;
			if (!filter || (strglobmatch(tev.group, group) && strglobmatch(tev.event, event)))
				show_one(&tc, &tev);
			clear_probe_trace_event(&tev);
		}
		strlist__delete(raw);
		close(fd);
	}
	for (size_t i = 0; i < tc.nr; i++)
		probe_target__delete(tc.v[i]);
	free(tc.v);
	free(group);
	free(event);
	if (!any_file) {
		pr_err("Neither kprobe_events nor uprobe_events is readable in tracefs.\n");
		return -ENOENT;
	}
	return 0;
}

/* ---- -L ---- */

static bool lr_has(const struct line_range *lr, int line)
{
	size_t lo = 0, hi = lr->nr_lines;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (lr->lines[mid] == line)
			return true;
		if (lr->lines[mid] < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

#define NR_ADDITIONAL_LINES 3

static int print_line_range(struct line_range *lr)
{
	FILE *fp = fopen(lr->path, "r");
	struct strbuf sb = STRBUF_INIT;
	int start, end, lineno = 0;

	if (!fp) {
		pr_err("Failed to open %s: %s\n", lr->path, strerror(errno));
		return -errno;
	}
	start = lr->offset + lr->start;
	if (lr->end_given) {
		end = lr->offset + lr->end;
	} else {
		int last = lr->nr_lines ? lr->lines[lr->nr_lines - 1] : start;

		if (lr->function && lr->func_end && last > lr->func_end)
			last = lr->func_end;
		end = last + NR_ADDITIONAL_LINES;
	}
	if (lr->function)
		printf("<%s@%s:%d>\n", lr->function, lr->path, lr->start);
	else
		printf("<%s:%d>\n", lr->path, lr->start);
	while (strbuf_getline(&sb, fp) != EOF) {
		lineno++;
		if (lineno > end)
			break;
		if (lineno >= start) {
			if (lr_has(lr, lineno))
				printf("%7d  %s\n", lineno - lr->offset, sb.buf);
			else
				printf("         %s\n", sb.buf);
		}
		strbuf_reset(&sb);
	}
	strbuf_release(&sb);
	fclose(fp);
	return 0;
}

int show_line_range(const char *arg, const char *target, bool user)
{
	struct line_range lr;
	struct probe_target *t = NULL;
	char *path = NULL;
	int ret;

	if (parse_line_range_desc(arg, &lr))
		return -EINVAL;
	if (user) {
		path = resolve_target(target);
	} else if (probe_conf.vmlinux) {
		path = xstrdup(probe_conf.vmlinux);
	} else {
		pr_err("Failed to find the kernel's debug information: there is no vmlinux with\n"
		       "DWARF here (give one with -k VMLINUX).\n");
		ret = -ENOENT;
		goto out;
	}
	ret = -ENOENT;
	if (!path || !(t = probe_target__new(path, user)))
		goto out;
	if (!probe_target__debuginfo(t)) {
		pr_err("Failed to find debug information for %s: build it with -g or install its\n"
		       "debug information.\n", path);
		goto out;
	}
	ret = debuginfo__find_line_range(t->dbg, &lr);
	if (ret == 0) {
		pr_err("Source line is not found.\n");
		ret = -ENOENT;
	}
	if (ret < 0)
		goto out;
	if (!lr.nr_lines && lr.function) {
		pr_err("Specified source line is not found.\n");
		ret = -ENOENT;
		goto out;
	}
	ret = print_line_range(&lr);
out:
	if (ret)
		pr_err("  Error: Failed to show lines.\n");
	line_range__clear(&lr);
	probe_target__delete(t);
	free(path);
	return ret;
}

/* ---- -V ---- */

int show_available_vars(struct perf_probe_event *pevs, int npevs, const char *filter)
{
	struct probe_target *t = NULL;
	char *path = NULL;
	int ret = 0;

	if (!pevs[0].uprobes && !probe_conf.vmlinux) {
		pr_err("Failed to find the kernel's debug information: there is no vmlinux with\n"
		       "DWARF here (give one with -k VMLINUX).\n");
		ret = -ENOENT;
		goto out;
	}
	path = xstrdup(pevs[0].uprobes ? pevs[0].target : probe_conf.vmlinux);
	t = probe_target__new(path, pevs[0].uprobes);
	if (!t) {
		ret = -ENOENT;
		goto out;
	}
	if (!probe_target__debuginfo(t)) {
		pr_err("Failed to find debug information for %s: build it with -g or install its\n"
		       "debug information.\n", path);
		ret = -ENOENT;
		goto out;
	}
	for (int i = 0; i < npevs && !ret; i++)
		ret = debuginfo__show_available_vars(t->dbg, &pevs[i], filter);
out:
	if (ret)
		pr_err("  Error: Failed to show vars.\n");
	probe_target__delete(t);
	free(path);
	return ret;
}

/* ---- -F ---- */

int show_available_funcs(const char *target, const char *filter, bool user)
{
	struct strlist *names = strlist__new(NULL);
	struct probe_target *t = NULL;
	struct probe_symtab *st;
	const char *name;
	char *path = NULL;
	int ret = 0;

	if (user) {
		path = resolve_target(target);
		if (!path || !(t = probe_target__new(path, true))) {
			ret = -ENOENT;
			goto out;
		}
		st = &t->elf->symtab;
	} else {
		if (!kallsyms_loaded) {
			ret = probe_symtab__load_kallsyms(&kallsyms);
			if (ret) {
				pr_err("Failed to read /proc/kallsyms: %s\n", strerror(-ret));
				goto out;
			}
			kallsyms_loaded = true;
		}
		st = &kallsyms;
	}
	for (size_t i = 0; i < st->nr; i++)
		if (probe_filter_match(filter, st->syms[i].name))
			strlist__add(names, st->syms[i].name);
	strlist__for_each(name, names)
		printf("%s\n", name);
out:
	if (ret)
		pr_err("  Error: Failed to show functions.\n");
	strlist__delete(names);
	probe_target__delete(t);
	free(path);
	return ret;
}

/* Resolve -x into an absolute path for every definition (NULL on errors, message printed). */
char *probe_resolve_target(const char *target)
{
	return resolve_target(target);
}
