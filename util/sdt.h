/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SDT (USDT) markers: the .note.stapsdt notes of a binary (SystemTap's
 * format, version 3), their arguments ("-4@-4(%rbp) 8@%rsi") translated
 * into uprobe fetch arguments, and their registration in the probe cache.
 */
#ifndef PERF_SDT_H
#define PERF_SDT_H

#include "util.h"

struct probe_elf;
struct probe_trace_event;
struct strbuf;

struct sdt_note {
	char *provider;
	char *name;
	char *args;
	u64 addr;		/* the probe's address, adjusted for prelinking */
	u64 semaphore;		/* the semaphore's address, 0 when none */
};

/* Every SDT note of the binary into *notes (allocated). Returns the count or -errno. */
int sdt_notes__read(struct probe_elf *pe, struct sdt_note **notes);
void sdt_notes__free(struct sdt_note *notes, int n);

/* Append " arg1=-4(%bp):s32 ..." for the note's arguments. 0, or -EINVAL (arg named). */
int sdt_note__fetch_args(const struct sdt_note *note, struct strbuf *sb);
/* The uprobe definition of a note: "p:sdt_PROV/NAME PATH:0xOFF[(0xSEM)] args". NULL on errors. */
char *sdt_note__trace_command(struct probe_elf *pe, const struct sdt_note *note);

/*
 * Register the SDT markers of the binary at path (absolute) in the probe
 * cache, replacing older ones. Returns the number of markers or -errno.
 */
int sdt__cache_binary(const char *path);

/*
 * The trace definitions of the SDT events group:event (globs) from the
 * probe cache of every binary, or of target only (when not NULL; its notes
 * are read directly when it is not cached). Returns the count or -errno.
 */
int sdt__find_events(const char *group, const char *event, const char *target,
		     struct probe_trace_event **tevs);

#endif
