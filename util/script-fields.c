// SPDX-License-Identifier: GPL-2.0
#include "script-fields.h"
#include <errno.h>
#include <stdio.h>
#include "debug.h"
#include "evlist.h"
#include "header.h"

static const char *const field_names[SF_BIT_MAX] = {
	[SF_BIT_COMM] = "comm", [SF_BIT_TID] = "tid", [SF_BIT_PID] = "pid",
	[SF_BIT_TIME] = "time", [SF_BIT_CPU] = "cpu", [SF_BIT_EVNAME] = "event",
	[SF_BIT_TRACE] = "trace", [SF_BIT_IP] = "ip", [SF_BIT_SYM] = "sym",
	[SF_BIT_DSO] = "dso", [SF_BIT_ADDR] = "addr", [SF_BIT_SYMOFFSET] = "symoff",
	[SF_BIT_SRCLINE] = "srcline", [SF_BIT_PERIOD] = "period", [SF_BIT_IREGS] = "iregs",
	[SF_BIT_UREGS] = "uregs", [SF_BIT_BRSTACK] = "brstack", [SF_BIT_BRSTACKSYM] = "brstacksym",
	[SF_BIT_DATA_SRC] = "data_src", [SF_BIT_WEIGHT] = "weight",
	[SF_BIT_BPF_OUTPUT] = "bpf-output", [SF_BIT_BRSTACKINSN] = "brstackinsn",
	[SF_BIT_BRSTACKINSNLEN] = "brstackinsnlen", [SF_BIT_BRSTACKOFF] = "brstackoff",
	[SF_BIT_CALLINDENT] = "callindent", [SF_BIT_INSN] = "insn", [SF_BIT_INSNLEN] = "insnlen",
	[SF_BIT_SYNTH] = "synth", [SF_BIT_PHYS_ADDR] = "phys_addr", [SF_BIT_METRIC] = "metric",
	[SF_BIT_MISC] = "misc", [SF_BIT_SRCCODE] = "srccode", [SF_BIT_IPC] = "ipc",
	[SF_BIT_TOD] = "tod", [SF_BIT_DATA_PAGE_SIZE] = "data_page_size",
	[SF_BIT_CODE_PAGE_SIZE] = "code_page_size", [SF_BIT_INS_LAT] = "ins_lat",
	[SF_BIT_MACHINE_PID] = "machine_pid", [SF_BIT_VCPU] = "vcpu",
};

const char *script_field__name(enum script_field_bit bit)
{
	return bit < SF_BIT_MAX ? field_names[bit] : "";
}

/* The name of a field mask: that of its only bit, "" for several (as upstream). */
static const char *field_mask__name(u64 mask)
{
	for (int i = 0; i < SF_BIT_MAX; i++)
		if (mask == SF(COMM) << i)
			return field_names[i];
	return "";
}

enum script_output_type script_output_type(u32 attr_type)
{
	switch (attr_type) {
	case PERF_TYPE_HARDWARE:	return SCRIPT_OT_HW;
	case PERF_TYPE_SOFTWARE:	return SCRIPT_OT_SW;
	case PERF_TYPE_TRACEPOINT:	return SCRIPT_OT_TRACE;
	case PERF_TYPE_HW_CACHE:	return SCRIPT_OT_HW_CACHE;
	case PERF_TYPE_RAW:		return SCRIPT_OT_RAW;
	case PERF_TYPE_BREAKPOINT:	return SCRIPT_OT_BREAKPOINT;
	case PERF_TYPE_SYNTH:		return SCRIPT_OT_SYNTH;
	default:			return SCRIPT_OT_OTHER;
	}
}

/* The attr type whose events an output type stands for (-1: any other). */
static s64 output_type__attr_type(enum script_output_type type)
{
	static const s64 attr_types[SCRIPT_OT_MAX] = {
		[SCRIPT_OT_HW] = PERF_TYPE_HARDWARE, [SCRIPT_OT_SW] = PERF_TYPE_SOFTWARE,
		[SCRIPT_OT_TRACE] = PERF_TYPE_TRACEPOINT, [SCRIPT_OT_HW_CACHE] = PERF_TYPE_HW_CACHE,
		[SCRIPT_OT_RAW] = PERF_TYPE_RAW, [SCRIPT_OT_BREAKPOINT] = PERF_TYPE_BREAKPOINT,
		[SCRIPT_OT_SYNTH] = PERF_TYPE_SYNTH, [SCRIPT_OT_OTHER] = -1,
	};

	return attr_types[type];
}

const char *script_output_type__name(enum script_output_type type)
{
	switch (type) {
	case SCRIPT_OT_HW:		return "hardware";
	case SCRIPT_OT_SW:		return "software";
	case SCRIPT_OT_TRACE:		return "tracepoint";
	case SCRIPT_OT_HW_CACHE:	return "hardware-cache";
	default:			return "unknown";
	}
}

#define SF_SAMPLE_IP	(SF(IP) | SF(SYM) | SF(SYMOFFSET) | SF(DSO))
#define SF_DEFAULT	(SF(COMM) | SF(TID) | SF(CPU) | SF(TIME) | SF(EVNAME) | SF_SAMPLE_IP)

void script_fields__init(struct script_fields *sf)
{
	static const struct { u64 fields, invalid; } defaults[SCRIPT_OT_MAX] = {
		[SCRIPT_OT_HW] = { SF_DEFAULT | SF(PERIOD), SF(TRACE) | SF(BPF_OUTPUT) },
		[SCRIPT_OT_SW] = { SF_DEFAULT | SF(PERIOD) | SF(BPF_OUTPUT), SF(TRACE) },
		[SCRIPT_OT_TRACE] = {
			SF(COMM) | SF(TID) | SF(CPU) | SF(TIME) | SF(EVNAME) | SF(TRACE), 0 },
		[SCRIPT_OT_HW_CACHE] = { SF_DEFAULT | SF(PERIOD), SF(TRACE) | SF(BPF_OUTPUT) },
		[SCRIPT_OT_RAW] = {
			SF_DEFAULT | SF(PERIOD) | SF(ADDR) | SF(DATA_SRC) | SF(WEIGHT) | SF(PHYS_ADDR) |
			SF(DATA_PAGE_SIZE) | SF(CODE_PAGE_SIZE) | SF(INS_LAT),
			SF(TRACE) | SF(BPF_OUTPUT) },
		[SCRIPT_OT_BREAKPOINT] = { SF_DEFAULT | SF(PERIOD), SF(TRACE) | SF(BPF_OUTPUT) },
		[SCRIPT_OT_SYNTH] = { SF_DEFAULT | SF(SYNTH), SF(TRACE) | SF(BPF_OUTPUT) },
		[SCRIPT_OT_OTHER] = { SF_DEFAULT | SF(PERIOD), SF(TRACE) | SF(BPF_OUTPUT) },
	};

	memset(sf, 0, sizeof(*sf));
	for (int t = 0; t < SCRIPT_OT_MAX; t++) {
		sf->type[t].fields = defaults[t].fields;
		sf->type[t].invalid = defaults[t].invalid;
	}
}

bool script_fields__set_by_user(const struct script_fields *sf)
{
	for (int t = 0; t < SCRIPT_OT_MAX; t++)
		if (sf->type[t].user_set)
			return true;
	return false;
}

static int type_by_prefix(const char *name)
{
	static const struct { const char *name; enum script_output_type type; } prefixes[] = {
		{ "hw", SCRIPT_OT_HW }, { "sw", SCRIPT_OT_SW }, { "trace", SCRIPT_OT_TRACE },
		{ "raw", SCRIPT_OT_RAW }, { "break", SCRIPT_OT_BREAKPOINT }, { "synth", SCRIPT_OT_SYNTH },
	};

	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (!strcmp(name, prefixes[i].name))
			return prefixes[i].type;
	return -1;
}

static int field_by_name(const char *name)
{
	for (int i = 0; i < SF_BIT_MAX; i++)
		if (!strcmp(name, field_names[i]))
			return i;
	return -1;
}

enum field_change { CHANGE_NONE, CHANGE_SET, CHANGE_ADD, CHANGE_REMOVE };

/* A field without a type: every type it is valid for. */
static void apply_to_all(struct script_fields *sf, u64 field, const char *name, bool remove)
{
	for (int t = 0; t < SCRIPT_OT_MAX; t++) {
		struct script_type_fields *tf = &sf->type[t];

		if (tf->invalid & field) {
			pr_warning("'%s' not valid for %s events. Ignoring.\n", name,
				   script_output_type__name(t));
			continue;
		}
		if (remove) {
			tf->fields &= ~field;
			tf->user_set_fields &= ~field;
			tf->user_unset_fields |= field;
		} else {
			tf->fields |= field;
			tf->user_set_fields |= field;
			tf->user_unset_fields &= ~field;
		}
		tf->user_set = tf->wildcard_set = true;
	}
}

/* The comma-separated fields of list, for type (-1: all types). */
static int parse_field_list(struct script_fields *sf, char *list, int type)
{
	enum field_change change = CHANGE_NONE;
	char *save = NULL;

	for (char *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int bit;

		if (*tok == '+' || *tok == '-') {
			if (change == CHANGE_SET)
				goto badmix;
			change = *tok++ == '+' ? CHANGE_ADD : CHANGE_REMOVE;
		} else {
			if (change == CHANGE_ADD || change == CHANGE_REMOVE)
				goto badmix;
			change = CHANGE_SET;
		}
		bit = field_by_name(tok);
		if (bit < 0 && !strcmp(tok, "flags")) {
			sf->print_flags = change != CHANGE_REMOVE;
			continue;
		}
		if (bit < 0) {
			fprintf(stderr, "Invalid field requested.\n");
			return -EINVAL;
		}
		if (type < 0) {
			apply_to_all(sf, 1ULL << bit, tok, change == CHANGE_REMOVE);
			continue;
		}
		if (sf->type[type].invalid & (1ULL << bit)) {
			fprintf(stderr, "'%s' not valid for %s events.\n", tok, script_output_type__name(type));
			return -EINVAL;
		}
		if (change == CHANGE_REMOVE)
			sf->type[type].fields &= ~(1ULL << bit);
		else
			sf->type[type].fields |= 1ULL << bit;
		sf->type[type].user_set = sf->type[type].wildcard_set = true;
	}
	if (type >= 0 && !sf->type[type].fields)
		pr_debug("No fields requested for %s type. Events will not be displayed.\n",
			 script_output_type__name(type));
	return 0;
badmix:
	fprintf(stderr, "Cannot mix +-field with overridden fields\n");
	return -EINVAL;
}

int script_fields__parse(struct script_fields *sf, const char *arg)
{
	char *str = xstrdup(arg), *list = str, *colon = strchr(str, ':');
	int type = -1, err;

	if (colon) {
		*colon = '\0';
		list = colon + 1;
		type = type_by_prefix(str);
		if (type < 0) {
			fprintf(stderr, "Invalid event type in field string.\n");
			err = -EINVAL;
			goto out;
		}
		if (sf->type[type].user_set)
			pr_warning("Overriding previous field request for %s events.\n",
				   script_output_type__name(type));
		/* "+x" and "-x" edit the defaults; a plain list replaces them */
		if (!strpbrk(list, "+-")) {
			sf->type[type].fields = 0;
			sf->type[type].user_set = true;
			sf->type[type].wildcard_set = false;
		}
	} else {
		if (!*str) {
			fprintf(stderr, "Cannot set fields to 'none' for all event types.\n");
			err = -EINVAL;
			goto out;
		}
		if (!strpbrk(list, "+-")) {
			if (script_fields__set_by_user(sf))
				pr_warning("Overriding previous field request for all events.\n");
			for (int t = 0; t < SCRIPT_OT_MAX; t++) {
				sf->type[t].fields = 0;
				sf->type[t].user_set = sf->type[t].wildcard_set = true;
			}
		}
	}
	err = parse_field_list(sf, list, type);
out:
	free(str);
	return err;
}

/* --- checks against the file --- */

struct check_ctx {
	struct script_fields	*sf;
	struct evsel		*evsel;
	struct script_type_fields *tf;
	bool			allow_user_set;	/* hardware-trace files: fields are synthesized */
};

/*
 * The event lacks sample_type bits for a field: an error when the user asked
 * for it by name (without a type), else the field is dropped quietly.
 */
static int check_stype(struct check_ctx *c, u64 sample_type, const char *what, u64 field,
		       bool allow_user_set)
{
	if (c->evsel->attr.sample_type & sample_type)
		return 0;
	if (c->tf->user_set_fields & field) {
		if (allow_user_set)
			return 0;
		pr_err("Samples for '%s' event do not have %s attribute set. Cannot print '%s' field.\n",
		       evsel__name(c->evsel), what, field_mask__name(field));
		return -EINVAL;
	}
	c->tf->fields &= ~field;
	pr_debug("Samples for '%s' event do not have %s attribute set. Skipping '%s' field.\n",
		 evsel__name(c->evsel), what, field_mask__name(field));
	return 0;
}

static bool evlist__has_type(struct evlist *evlist, u32 type)
{
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel)
		if (evsel->attr.type == type)
			return true;
	return false;
}

static u64 evlist__branch_type(struct evlist *evlist)
{
	struct evsel *evsel;
	u64 type = 0;

	evlist__for_each_entry(evlist, evsel)
		type |= evsel->attr.branch_sample_type;
	return type;
}

static bool evsel__is_dummy(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE && evsel->attr.config == PERF_COUNT_SW_DUMMY;
}

/* The sample_type checks, in upstream's order (the first failure is the one reported). */
static int check_sample_types(struct check_ctx *c)
{
	static const struct {
		u64 field, stype;
		const char *what;
		bool allow;	/* accepted for hardware-trace files */
	} checks[] = {
		{ SF(ADDR), PERF_SAMPLE_ADDR, "ADDR", true },
		{ SF(DATA_SRC), PERF_SAMPLE_DATA_SRC, "DATA_SRC", true },
		{ SF(WEIGHT), PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT", true },
	};
	u64 f = c->tf->fields;

	if ((f & SF(IP)) && check_stype(c, PERF_SAMPLE_IP, "IP", SF(IP), false))
		return -EINVAL;
	for (size_t i = 0; i < ARRAY_SIZE(checks); i++)
		if ((c->tf->fields & checks[i].field) &&
		    check_stype(c, checks[i].stype, checks[i].what, checks[i].field,
				checks[i].allow && c->allow_user_set))
			return -EINVAL;
	return 0;
}

static int check_ip_fields(struct check_ctx *c, struct evlist *evlist)
{
	u64 f = c->tf->fields, st = c->evsel->attr.sample_type;

	if ((f & SF(SYM)) && !(st & (PERF_SAMPLE_IP | PERF_SAMPLE_ADDR))) {
		pr_err("Display of symbols requested but neither sample IP nor sample address\n"
		       "available. Hint: use 'perf record -d' to record the sample address.\n");
		return -EINVAL;
	}
	if ((f & SF(SYMOFFSET)) && !(f & SF(SYM))) {
		pr_err("Display of offsets requested but symbol is notselected.\n");
		return -EINVAL;
	}
	if ((f & SF(DSO)) && !(st & (PERF_SAMPLE_IP | PERF_SAMPLE_ADDR))) {
		pr_err("Display of DSO requested but no address to convert.\n");
		return -EINVAL;
	}
	if ((f & (SF(SRCLINE) | SF(SRCCODE))) && !(f & SF(IP))) {
		pr_err("Display of source line number requested but sample IP is not\n"
		       "selected. Hence, no address to lookup the source line number.\n");
		return -EINVAL;
	}
	if ((f & (SF(BRSTACKINSN) | SF(BRSTACKINSNLEN))) && !c->allow_user_set &&
	    !(evlist__branch_type(evlist) & PERF_SAMPLE_BRANCH_ANY)) {
		pr_err("Display of branch stack assembler requested, but non all-branch filter set\n"
		       "Hint: run 'perf record -b ...'\n");
		return -EINVAL;
	}
	return 0;
}

static int check_more_sample_types(struct check_ctx *c)
{
	static const struct {
		u64 field, stype;
		const char *what;
		bool allow;
	} checks[] = {
		{ SF(PID) | SF(TID), PERF_SAMPLE_TID, "TID", false },
		{ SF(TIME), PERF_SAMPLE_TIME, "TIME", false },
		{ SF(CPU), PERF_SAMPLE_CPU, "CPU", true },
		{ SF(IREGS), PERF_SAMPLE_REGS_INTR, "IREGS", true },
		{ SF(UREGS), PERF_SAMPLE_REGS_USER, "UREGS", false },
		{ SF(PHYS_ADDR), PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR", true },
		{ SF(DATA_PAGE_SIZE), PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE", false },
		{ SF(CODE_PAGE_SIZE), PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE", false },
		{ SF(INS_LAT), PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT", false },
	};

	for (size_t i = 0; i < ARRAY_SIZE(checks); i++)
		if ((c->tf->fields & checks[i].field) &&
		    check_stype(c, checks[i].stype, checks[i].what, checks[i].field,
				checks[i].allow && c->allow_user_set))
			return -EINVAL;
	return 0;
}

int script_fields__check_evsel(struct script_fields *sf, struct evsel *evsel, struct evlist *evlist,
			       const struct perf_header *header)
{
	struct check_ctx c = {
		.sf = sf, .evsel = evsel, .tf = script_fields__of(sf, evsel),
		.allow_user_set = perf_header__has_feat(header, HEADER_AUXTRACE),
	};

	if (evsel__is_dummy(evsel) || perf_header__has_feat(header, HEADER_STAT))
		return 0;
	if ((c.tf->fields & SF(TRACE)) && !evlist__has_type(evlist, PERF_TYPE_TRACEPOINT)) {
		pr_err("No trace sample to read. Did you call 'perf record -R'?\n");
		return -EINVAL;
	}
	if (check_sample_types(&c) || check_ip_fields(&c, evlist) || check_more_sample_types(&c))
		return -EINVAL;
	return 0;
}

static struct evsel *first_of_type(struct evlist *evlist, enum script_output_type type)
{
	s64 attr_type = output_type__attr_type(type);
	struct evsel *evsel;

	evlist__for_each_entry(evlist, evsel) {
		/* the dummy event of side-band tracking is no software event of the user's */
		if (evsel__is_dummy(evsel))
			continue;
		if (attr_type < 0 ? script_output_type(evsel->attr.type) == type
				  : evsel->attr.type == (u32)attr_type)
			return evsel;
	}
	return NULL;
}

static bool evsel__has_callchain(const struct evsel *evsel)
{
	return evsel->attr.sample_type & PERF_SAMPLE_CALLCHAIN;
}

int script_fields__check_evlist(struct script_fields *sf, struct evlist *evlist,
				const struct perf_header *header, bool use_callchain)
{
	struct evsel *evsel;
	bool tod = false;

	for (int t = 0; t < SCRIPT_OT_MAX; t++) {
		struct script_type_fields *tf = &sf->type[t];

		evsel = first_of_type(evlist, t);
		if (!evsel && tf->user_set && !tf->wildcard_set && t != SCRIPT_OT_SYNTH) {
			pr_err("%s events do not exist. Remove corresponding -F option to proceed.\n",
			       script_output_type__name(t));
			return -EINVAL;
		}
		if (evsel && tf->fields && script_fields__check_evsel(sf, evsel, evlist, header))
			return -EINVAL;
		if (evsel)
			tod |= tf->fields & SF(TOD);
	}
	if (tod && !header->env.clock.enabled) {
		pr_err("Can't provide 'tod' time, missing clock data. Please record with -k/--clockid option.\n");
		return -EINVAL;
	}
	if (!use_callchain || sf->type[SCRIPT_OT_TRACE].user_set)
		return 0;
	evlist__for_each_entry(evlist, evsel) {
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT && evsel__has_callchain(evsel)) {
			sf->type[SCRIPT_OT_TRACE].fields |= SF_SAMPLE_IP;
			break;
		}
	}
	return 0;
}
