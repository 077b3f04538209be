/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Source lines of addresses, from the DWARF line tables and inline scopes,
 * read in process with libdw (never by running addr2line). Answers are
 * cached per DSO: one lookup per distinct address.
 */
#ifndef PERF_SRCLINE_H
#define PERF_SRCLINE_H

#include "util.h"

struct dso;
struct srcline_cache;

/* One level of what addr2line -i -f prints: a function and where in it we are. */
struct srcline_frame {
	const char	*func;		/* linkage name if any, else DW_AT_name; may be NULL */
	const char	*file;		/* full path */
	u32		line;
};

struct srcline {
	u32			nr_frames;	/* 1 + the number of inlined levels */
	struct srcline_frame	*frames;	/* innermost first: frames[0] is the line table's answer */
};

/*
 * The source location of a dso-relative address (map__map_ip() space), or
 * NULL when the DSO has no debug information for it. Owned by the DSO.
 */
const struct srcline *dso__srcline(struct dso *dso, u64 addr);

static inline const char *srcline__file(const struct srcline *sl)
{
	return sl ? sl->frames[0].file : NULL;
}

static inline u32 srcline__line(const struct srcline *sl)
{
	return sl ? sl->frames[0].line : 0;
}

/*
 * What addr2line falls back to where dso__srcline() finds no line: a
 * function symbol of the DSO file (its .symtab, else .dynsym), the nearest
 * at or before addr in its section. False when there is none (addr2line
 * prints "??:0", upstream perf then "dso[addr]"); else *file is the STT_FILE
 * name it gives a local function ("crtstuff.c": perf shows "crtstuff.c:0"),
 * or NULL ("??:?": perf shows nothing).
 */
bool dso__srcline_symbol_file(struct dso *dso, u64 addr, const char **file);

/* "file:line" (the file's basename unless full), or "??:0", into buf. */
char *srcline__snprintf(const struct srcline *sl, bool full, char *buf, size_t size);

void srcline_cache__delete(struct srcline_cache *cache);

#endif
