/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event parser: "cpu-clock,{cycles,instructions}:u,sched:*,msr/tsc/"
 * into evsels, with upstream perf's grammar, names and error messages.
 *
 *   events   := item (',' item)*
 *   item     := [NAME] '{' event (',' event)* '}' [':' modifiers] | event
 *   event    := symbol ['/' terms '/' | ':']        cpu-clock, cs/period=10/
 *             | cache ['-' op-or-result ['-' op-or-result]] ['/' terms '/'] [':']
 *             | 'mem:' ADDR ['/' LEN] [':' rwx] [':']
 *             | SYS ':' NAME ['/' terms '/'] [':']   (globs in SYS and NAME)
 *             | PMU '/' terms '/' | ALIAS [':']      msr/tsc/, tsc
 *             | 'r' HEX ['/' terms '/'] [':'] | TYPE ':' CONFIG ['/' terms '/'] [':']
 *             followed by optional modifiers [ukhHGIpPSDWe]+
 *   terms    := term (',' term)*,  term := NAME ['=' (NUMBER | NAME)]
 *
 * Each event is named after its own text ("cycles:u", "msr/tsc/"), except
 * tracepoints ("sys:name"), cache events (their words joined with '-') and
 * events given a name= term.
 *
 * attr has what the event string says: type, config*, bp_*, the exclude
 * bits (exclude_guest unless a modifier says otherwise), precise_ip,
 * pinned/exclusive, and sample_period 1 for tracepoints and breakpoints;
 * period/freq terms are in attr and evsel->config_terms. The rest
 * (sample_type, read_format, disabled, inherit...) is the command's.
 */
#ifndef PERF_PARSE_EVENTS_H
#define PERF_PARSE_EVENTS_H

#include "evlist.h"

struct option;

/* The first error found in an event string. */
struct parse_events_error {
	int num_errors;		/* 0: no error recorded */
	int idx;		/* offset in the event string of the bad token; -1 for the whole string */
	char *str;		/* what went wrong ("parser error", "unknown tracepoint") */
	char *help;		/* more lines to print after it, or NULL */
};

void parse_events_error__init(struct parse_events_error *err);
void parse_events_error__exit(struct parse_events_error *err);
/* Record an error (the first one recorded is kept); str and help are copied. */
void parse_events_error__handle(struct parse_events_error *err, int idx, const char *str,
				const char *help);
/*
 * Print upstream's block to stderr:
 *   event syntax error: 'cpu-clock:z'
 *                                 \___ parser error
 */
void parse_events_error__print(const struct parse_events_error *err, const char *event);

/*
 * Parse an event list and append the evsels to evlist (groups set up with
 * evlist__set_group). Returns 0, or a negative errno with err filled in (err
 * may be NULL); on failure the evlist is unchanged.
 */
int parse_events(struct evlist *evlist, const char *str, struct parse_events_error *err);

/* OPT_CALLBACK for -e/--event: opt->value is a struct evlist *. Prints errors; returns -1 on failure. */
int parse_events_option(const struct option *opt, const char *str, int unset);
/* OPT_CALLBACK for --filter: appends to the filter of the last event, a tracepoint. */
int parse_filter(const struct option *opt, const char *str, int unset);

/*
 * perf stat accepts only config, config1, config2, name, period, percore and
 * metric-id terms; call this before parsing its events.
 */
void parse_events__shrink_config_terms(void);

/* The terms every event accepts, as upstream lists them in "valid terms:" help. */
const char *parse_events__static_terms(void);

#endif
