/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A progress line on stderr for long runs: shown only when stderr is a
 * terminal and the work has taken more than a second, updated a few times
 * a second, erased at the end. Progress is a position between two values
 * (for perf report, sample times between the first and last sample).
 */
#ifndef PERF_UI_PROGRESS_H
#define PERF_UI_PROGRESS_H

#include "util/util.h"

struct ui_progress {
	const char	*title;
	u64		start, end;	/* the range of positions */
	u64		calls;
	double		t0;		/* when it started */
	double		next;		/* next time to print */
	bool		enabled;	/* stderr is a terminal and the range is known */
	bool		shown;
};

void ui_progress__init(struct ui_progress *p, u64 start, u64 end, const char *title);
/* Cheap: looks at the clock once every few thousand calls. */
void ui_progress__update(struct ui_progress *p, u64 pos);
/* Erase the line if it was shown. */
void ui_progress__finish(struct ui_progress *p);

#endif
