/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fields 'perf script' prints (-F/--fields): upstream's names, the
 * default set per kind of event, the "TYPE:fields", "+field" and "-field"
 * forms, and the checks of the chosen fields against what the events of a
 * file sampled (upstream's messages, and its rule that a default field an
 * event lacks is dropped silently while a requested one is an error).
 */
#ifndef PERF_SCRIPT_FIELDS_H
#define PERF_SCRIPT_FIELDS_H

#include "evsel.h"
#include "util.h"

struct evlist;
struct perf_header;

/* Kinds of events, each with its own field set (upstream's output types). */
enum script_output_type {
	SCRIPT_OT_HW,		/* PERF_TYPE_HARDWARE */
	SCRIPT_OT_SW,
	SCRIPT_OT_TRACE,
	SCRIPT_OT_HW_CACHE,
	SCRIPT_OT_RAW,
	SCRIPT_OT_BREAKPOINT,
	SCRIPT_OT_SYNTH,	/* PERF_TYPE_SYNTH: synthesized from hardware traces */
	SCRIPT_OT_OTHER,	/* dynamic PMUs */
	SCRIPT_OT_MAX,
};

#define PERF_TYPE_SYNTH	(INT_MAX + 1U)

enum script_field_bit {
	SF_BIT_COMM, SF_BIT_TID, SF_BIT_PID, SF_BIT_TIME, SF_BIT_CPU, SF_BIT_EVNAME,
	SF_BIT_TRACE, SF_BIT_IP, SF_BIT_SYM, SF_BIT_DSO, SF_BIT_ADDR, SF_BIT_SYMOFFSET,
	SF_BIT_SRCLINE, SF_BIT_PERIOD, SF_BIT_IREGS, SF_BIT_UREGS, SF_BIT_BRSTACK,
	SF_BIT_BRSTACKSYM, SF_BIT_DATA_SRC, SF_BIT_WEIGHT, SF_BIT_BPF_OUTPUT,
	SF_BIT_BRSTACKINSN, SF_BIT_BRSTACKINSNLEN, SF_BIT_BRSTACKOFF, SF_BIT_CALLINDENT,
	SF_BIT_INSN, SF_BIT_INSNLEN, SF_BIT_SYNTH, SF_BIT_PHYS_ADDR, SF_BIT_METRIC,
	SF_BIT_MISC, SF_BIT_SRCCODE, SF_BIT_IPC, SF_BIT_TOD, SF_BIT_DATA_PAGE_SIZE,
	SF_BIT_CODE_PAGE_SIZE, SF_BIT_INS_LAT, SF_BIT_MACHINE_PID, SF_BIT_VCPU,
	SF_BIT_MAX,
};

#define SF(x)	(1ULL << SF_BIT_##x)

struct script_type_fields {
	u64	fields;			/* what is printed */
	u64	invalid;		/* fields that make no sense for the type */
	u64	user_set_fields;	/* asked for without a type: errors if missing */
	u64	user_unset_fields;	/* removed without a type ("-field") */
	bool	user_set;		/* -F changed this type */
	bool	wildcard_set;		/* ... with at least one field, or without a type */
};

struct script_fields {
	struct script_type_fields type[SCRIPT_OT_MAX];
	bool	print_flags;		/* "flags": the sample flags (branch kinds) */
};

/* The defaults: what 'perf script' prints without -F. */
void script_fields__init(struct script_fields *sf);

/*
 * Apply one -F argument ("comm,tid", "sw:ip,sym", "+addr", "-period").
 * Errors and warnings are printed in upstream's words; returns 0 or -EINVAL.
 */
int script_fields__parse(struct script_fields *sf, const char *arg);

/* True when some -F option applied to every type (upstream's "output_set_by_user"). */
bool script_fields__set_by_user(const struct script_fields *sf);

/* The output type of an event type (PERF_TYPE_*). */
enum script_output_type script_output_type(u32 attr_type);
/* "hardware", "software", "tracepoint", "hardware-cache" or "unknown". */
const char *script_output_type__name(enum script_output_type type);
/* The -F name of one field bit ("comm", "symoff"...). */
const char *script_field__name(enum script_field_bit bit);

/*
 * Check the chosen fields against the events of a file, once per output
 * type (its first event): a default field the event did not sample is
 * dropped, a requested one is an error (printed). With call chains shown
 * (use_callchain), tracepoints that have them print ip, sym, symoff and dso
 * unless -F set their fields. Returns 0 or -EINVAL.
 */
int script_fields__check_evlist(struct script_fields *sf, struct evlist *evlist,
				const struct perf_header *header, bool use_callchain);
/* The same for one event (pipe mode: as its attr arrives). */
int script_fields__check_evsel(struct script_fields *sf, struct evsel *evsel,
			       struct evlist *evlist, const struct perf_header *header);

static inline struct script_type_fields *script_fields__of(struct script_fields *sf,
							   const struct evsel *evsel)
{
	return &sf->type[script_output_type(evsel->attr.type)];
}

#endif
