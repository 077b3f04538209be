/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf report --stdio: the column headers, one line per hist entry and its
 * call-chain graph (graph, fractal, flat, folded), byte for byte as
 * upstream prints them. Everything is built in a strbuf the caller writes.
 */
#ifndef PERF_UI_STDIO_HIST_H
#define PERF_UI_STDIO_HIST_H

#include <stdio.h>
#include "util/util.h"

struct callchain_store;
struct hist_entry;
struct hists;
struct strbuf;

struct hists_print {
	double			min_pcnt;	/* --percent-limit */
	bool			show_header;	/* not -q */
	bool			use_callchain;	/* print the call chains */
	struct callchain_store	*store;
	FILE			*fp;		/* where full buffers go */
};

/* The two header lines of the columns ("# Overhead  Command ..." and the dots). */
void hists__fprintf_headers(struct hists *hists, struct strbuf *sb);
/* The header, then every entry not filtered and over the limit, flushed to p->fp as it grows. */
void hists__fprintf(struct hists *hists, const struct hists_print *p, struct strbuf *sb);
/* One entry's line (no newline). */
void hist_entry__snprintf(struct hist_entry *he, struct strbuf *sb);

#endif
