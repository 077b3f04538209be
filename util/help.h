/* SPDX-License-Identifier: GPL-2.0 */
/* Help text helpers: the built-in manual pages and "did you mean" suggestions. */
#ifndef PERF_HELP_H
#define PERF_HELP_H

#include "strbuf.h"

/* The asciidoc text of a manual page ("perf-stat"), linked into the binary; NULL if none. */
const char *perf_doc__find(const char *name);
/* Iterate over the manual pages: returns the name of page i, or NULL past the end. */
const char *perf_doc__name(size_t i);

/*
 * Render an asciidoc manual page (upstream's Documentation style) as
 * man-like plain text into out. width is the page width for the header line.
 */
void render_asciidoc(const char *text, int width, struct strbuf *out);

/* Damerau-Levenshtein distance with git's weights (swap, substitution, insertion, deletion). */
int levenshtein(const char *string1, const char *string2, int w, int s, int a, int d);

#endif
