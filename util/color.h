/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Colours of --stdio output on a terminal, as upstream colours it:
 * percentages of 5% and more in red, above 0.5% in green.
 */
#ifndef PERF_COLOR_H
#define PERF_COLOR_H

#include "util.h"

struct strbuf;

#define PERF_COLOR_NORMAL	""
#define PERF_COLOR_RESET	"\033[m"
#define PERF_COLOR_RED		"\033[31m"
#define PERF_COLOR_GREEN	"\033[32m"
#define PERF_COLOR_BLUE		"\033[34m"

/* --stdio-color: "always", "never", "auto" (a terminal on stdout). Returns 0 or -1. */
int perf_color__set_mode(const char *mode);
/* Whether output is coloured (decided by the mode and stdout). */
bool perf_color__enabled(void);

/* The colour of a percentage. */
const char *percent_color(double percent);

/* Append fmt's output in colour (plain when colours are off or color is ""). */
void color_addf(struct strbuf *sb, const char *color, const char *fmt, ...) __printf(3, 4);

#endif
