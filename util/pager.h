/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pager for long outputs on a terminal: $PERF_PAGER, else $PAGER, else
 * "less -FRX". Nothing happens when stdout is not a terminal, with
 * --no-pager, or when the pager is "cat" or empty.
 */
#ifndef PERF_PAGER_H
#define PERF_PAGER_H

#include <stdbool.h>

void setup_pager(void);
bool pager_in_use(void);
/* Disable the pager for the rest of the run (--no-pager). */
void pager_disable(void);
/* Columns of the terminal perf writes to (80 when not a terminal). */
int pager_get_columns(void);

#endif
