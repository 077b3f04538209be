// SPDX-License-Identifier: GPL-2.0
#include "ui/progress.h"
#include <stdio.h>
#include <unistd.h>

#define CHECK_EVERY	4096
#define SHOW_AFTER	1.0	/* seconds */
#define REFRESH		0.25

void ui_progress__init(struct ui_progress *p, u64 start, u64 end, const char *title)
{
	p->title = title;
	p->start = start;
	p->end = end;
	p->calls = 0;
	p->shown = false;
	p->enabled = end > start && isatty(STDERR_FILENO);
	p->t0 = monotonic_seconds();
	p->next = p->t0 + SHOW_AFTER;
}

void ui_progress__update(struct ui_progress *p, u64 pos)
{
	double now, frac;

	if (!p->enabled || ++p->calls % CHECK_EVERY)
		return;
	now = monotonic_seconds();
	if (now < p->next)
		return;
	p->next = now + REFRESH;
	frac = pos <= p->start ? 0 : pos >= p->end ? 1 : (double)(pos - p->start) / (double)(p->end - p->start);
	fprintf(stderr, "\r%s %3d%%", p->title, (int)(frac * 100));
	fflush(stderr);
	p->shown = true;
}

void ui_progress__finish(struct ui_progress *p)
{
	if (p->shown) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
	p->shown = false;
}
