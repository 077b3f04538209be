// SPDX-License-Identifier: GPL-2.0
#include "color.h"
#include "strbuf.h"
#include <stdarg.h>
#include <unistd.h>

static int color_mode = -1;	/* -1: auto, 0: never, 1: always */
static int color_on = -1;

int perf_color__set_mode(const char *mode)
{
	if (!mode || !strcmp(mode, "auto"))
		color_mode = -1;
	else if (!strcmp(mode, "always"))
		color_mode = 1;
	else if (!strcmp(mode, "never"))
		color_mode = 0;
	else
		return -1;
	color_on = -1;
	return 0;
}

bool perf_color__enabled(void)
{
	if (color_on < 0) {
		const char *term = getenv("TERM");

		if (color_mode >= 0)
			color_on = color_mode;
		else
			color_on = isatty(STDOUT_FILENO) && term && strcmp(term, "dumb");
	}
	return color_on;
}

const char *percent_color(double percent)
{
	if (percent >= 5.0)
		return PERF_COLOR_RED;
	if (percent > 0.5)
		return PERF_COLOR_GREEN;
	return PERF_COLOR_NORMAL;
}

void color_addf(struct strbuf *sb, const char *color, const char *fmt, ...)
{
	bool on = perf_color__enabled() && color && *color;
	va_list ap;

	if (on)
		strbuf_addstr(sb, color);
	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
	if (on)
		strbuf_addstr(sb, PERF_COLOR_RESET);
}
