// SPDX-License-Identifier: GPL-2.0
/*
 * The semantic actions of the event parser: term checking, evsel creation
 * for each kind of event, modifiers and groups.
 */
#include "parse-events-internal.h"
#include "hw-events.h"
#include "pmu.h"
#include "strbuf.h"
#include "string2.h"
#include "tracepoint.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>

#define HW_BREAKPOINT_R 1
#define HW_BREAKPOINT_W 2
#define HW_BREAKPOINT_X 4
#define HW_BREAKPOINT_LEN_4 4

static bool config_terms_shrunk;	/* perf stat: only the counting terms */

void parse_events__shrink_config_terms(void)
{
	config_terms_shrunk = true;
}

static bool term_usable_in_stat(int type)
{
	return (type >= PE_TERM_CONFIG && type <= PE_TERM_PERIOD) ||
	       type == PE_TERM_PERCORE || type == PE_TERM_METRIC_ID;
}

const char *parse_events__static_terms(void)
{
	static char all[512], stat[256];
	char *buf = config_terms_shrunk ? stat : all;
	size_t size = config_terms_shrunk ? sizeof(stat) : sizeof(all);

	if (!buf[0]) {
		size_t len = 0;

		for (int i = PE_TERM_USER + 1; i < PE_TERM_NR; i++) {
			if (config_terms_shrunk && !term_usable_in_stat(i))
				continue;
			len += snprintf(buf + len, size - len, "%s%s", len ? "," : "", pe_term_names[i]);
		}
	}
	return buf;
}

static void attr_init(struct perf_event_attr *attr, u32 type, u64 config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = type;
	attr->config = config;
	/* perf counts the host only unless told otherwise */
	attr->exclude_guest = 1;
}

static struct evsel *new_evsel(struct parse_state *ps, const struct perf_event_attr *attr,
			       const char *name, struct evsel_config_terms *ct)
{
	struct evsel *evsel = evsel__new(attr, name);

	evsel->config_terms = ct;
	ALLOC_GROW(ps->evsels, ps->nr + 1, ps->alloc);
	ps->evsels[ps->nr++] = evsel;
	return evsel;
}

/* ------------------------------------------------------------------ terms */

static int check_num(struct parse_state *ps, const struct pe_term *t)
{
	return t->is_str ? pe_error(ps, t->err_val, "expected numeric value", NULL) : 0;
}

static int check_str(struct parse_state *ps, const struct pe_term *t)
{
	return t->is_str ? 0 : pe_error(ps, t->err_val, "expected string value", NULL);
}

static int check_bool(struct parse_state *ps, const struct pe_term *t)
{
	int ret = check_num(ps, t);

	if (!ret && t->num > 1)
		ret = pe_error(ps, t->err_val, "expected 0 or 1", NULL);
	return ret;
}

static bool valid_branch_type(const char *s)
{
	static const char *const modes[] = {
		"u", "k", "hv", "any", "any_call", "any_ret", "ind_call", "abort_tx", "in_tx",
		"no_tx", "cond", "ind_jmp", "call", "save_type", "stack", "hw_index", "priv", "no",
	};

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if (!strcmp(s, modes[i]))
			return true;
	return false;
}

static struct evsel_config_terms *ct_get(struct evsel_config_terms **ctp)
{
	if (!*ctp)
		*ctp = xzalloc(sizeof(**ctp));
	return *ctp;
}

static struct evsel_config_terms *ct_dup(const struct evsel_config_terms *ct)
{
	struct evsel_config_terms *c;

	if (!ct)
		return NULL;
	c = xmemdup(ct, sizeof(*ct));
	c->callgraph = ct->callgraph ? xstrdup(ct->callgraph) : NULL;
	c->branch_type = ct->branch_type ? xstrdup(ct->branch_type) : NULL;
	c->drv_cfg = ct->drv_cfg ? xstrdup(ct->drv_cfg) : NULL;
	c->metric_id = ct->metric_id ? xstrdup(ct->metric_id) : NULL;
	return c;
}

static void set_str(char **dst, const char *src)
{
	free(*dst);
	*dst = xstrdup(src);
}

/* Keep what a term overrides for the command to apply. */
static void record_term(struct evsel_config_terms **ctp, const struct pe_term *t)
{
	struct evsel_config_terms *ct;

	switch (t->type) {
	case PE_TERM_CONFIG:
	case PE_TERM_CONFIG1:
	case PE_TERM_CONFIG2:
	case PE_TERM_NAME:
	case PE_TERM_USER:
		return;
	default:
		break;
	}
	ct = ct_get(ctp);
	switch (t->type) {
	case PE_TERM_PERIOD:
		ct->set |= EVSEL_TERM_PERIOD;
		ct->period = t->num;
		break;
	case PE_TERM_FREQ:
		ct->set |= EVSEL_TERM_FREQ;
		ct->freq = t->num;
		break;
	case PE_TERM_TIME:
		ct->set |= EVSEL_TERM_TIME;
		ct->time = t->num;
		break;
	case PE_TERM_CALLGRAPH:
		ct->set |= EVSEL_TERM_CALLGRAPH;
		set_str(&ct->callgraph, t->str);
		break;
	case PE_TERM_STACKSIZE:
		ct->set |= EVSEL_TERM_STACK_SIZE;
		ct->stack_size = t->num;
		break;
	case PE_TERM_MAX_STACK:
		ct->set |= EVSEL_TERM_MAX_STACK;
		ct->max_stack = (int)t->num;
		break;
	case PE_TERM_INHERIT:
	case PE_TERM_NOINHERIT:
		ct->set |= EVSEL_TERM_INHERIT;
		ct->inherit = (t->type == PE_TERM_INHERIT) == !!t->num;
		break;
	case PE_TERM_OVERWRITE:
	case PE_TERM_NOOVERWRITE:
		ct->set |= EVSEL_TERM_OVERWRITE;
		ct->overwrite = (t->type == PE_TERM_OVERWRITE) == !!t->num;
		break;
	case PE_TERM_MAX_EVENTS:
		ct->set |= EVSEL_TERM_MAX_EVENTS;
		ct->max_events = t->num;
		break;
	case PE_TERM_BRANCH_TYPE:
		ct->set |= EVSEL_TERM_BRANCH;
		set_str(&ct->branch_type, t->str);
		break;
	case PE_TERM_DRV_CFG:
		ct->set |= EVSEL_TERM_DRV_CFG;
		set_str(&ct->drv_cfg, t->str);
		break;
	case PE_TERM_PERCORE:
		ct->set |= EVSEL_TERM_PERCORE;
		ct->percore = t->num;
		break;
	case PE_TERM_AUX_OUTPUT:
		ct->set |= EVSEL_TERM_AUX_OUTPUT;
		ct->aux_output = !!t->num;
		break;
	case PE_TERM_AUX_SAMPLE_SIZE:
		ct->set |= EVSEL_TERM_AUX_SAMPLE_SIZE;
		ct->aux_sample_size = (u32)t->num;
		break;
	case PE_TERM_METRIC_ID:
		ct->set |= EVSEL_TERM_METRIC_ID;
		set_str(&ct->metric_id, t->str);
		break;
	default:
		break;
	}
}

/* Check one static term and put its effect in attr; help_valid is the "valid terms" help. */
static int config_term_common(struct parse_state *ps, struct perf_event_attr *attr,
			      const struct pe_term *t, const char *help_valid)
{
	int ret = 0;

	switch (t->type) {
	case PE_TERM_CONFIG:
	case PE_TERM_CONFIG1:
	case PE_TERM_CONFIG2:
	case PE_TERM_PERIOD:
	case PE_TERM_FREQ:
		ret = check_num(ps, t);
		if (ret)
			break;
		if (t->type == PE_TERM_CONFIG)
			attr->config = t->num;
		else if (t->type == PE_TERM_CONFIG1)
			attr->config1 = t->num;
		else if (t->type == PE_TERM_CONFIG2)
			attr->config2 = t->num;
		else if (t->type == PE_TERM_PERIOD)
			attr->sample_period = t->num;
		else {
			attr->sample_freq = t->num;
			attr->freq = 1;
		}
		break;
	case PE_TERM_BRANCH_TYPE:
		ret = check_str(ps, t);
		if (!ret && !valid_branch_type(t->str))
			ret = pe_error(ps, t->err_val, "invalid branch sample type", NULL);
		break;
	case PE_TERM_TIME:
	case PE_TERM_PERCORE:
		ret = check_bool(ps, t);
		break;
	case PE_TERM_NAME:
	case PE_TERM_CALLGRAPH:
	case PE_TERM_METRIC_ID:
		ret = check_str(ps, t);
		break;
	case PE_TERM_STACKSIZE:
	case PE_TERM_INHERIT:
	case PE_TERM_NOINHERIT:
	case PE_TERM_OVERWRITE:
	case PE_TERM_NOOVERWRITE:
	case PE_TERM_MAX_STACK:
	case PE_TERM_MAX_EVENTS:
	case PE_TERM_AUX_OUTPUT:
		ret = check_num(ps, t);
		break;
	case PE_TERM_AUX_SAMPLE_SIZE:
		ret = check_num(ps, t);
		if (!ret && t->num > UINT_MAX)
			ret = pe_error(ps, t->err_val, "too big", NULL);
		break;
	default: {
		char *help = xasprintf("valid terms: %s", help_valid);

		ret = pe_error(ps, t->err_term, "unknown term", help);
		free(help);
		return ret;
	}
	}
	if (!ret && config_terms_shrunk && !term_usable_in_stat(t->type)) {
		char *msg = xasprintf("'%s' is not usable in 'perf stat'", pe_term_names[t->type]);

		ret = pe_error(ps, -1, msg, NULL);
		free(msg);
	}
	return ret;
}

/* The name= term's value, or NULL. */
static const char *terms_name(const struct pe_terms *terms)
{
	const char *name = NULL;

	for (int i = 0; i < terms->nr; i++)
		if (terms->t[i].type == PE_TERM_NAME && terms->t[i].is_str && !name)
			name = terms->t[i].str;
	return name;
}

/* Apply the static terms (PMU format terms are skipped when pmu is true). */
static int apply_terms(struct parse_state *ps, struct perf_event_attr *attr, const struct pe_terms *terms,
		       bool pmu, struct evsel_config_terms **ctp)
{
	for (int i = 0; i < terms->nr; i++) {
		const struct pe_term *t = &terms->t[i];
		int ret;

		if (pmu && (t->type == PE_TERM_USER || t->type == PE_TERM_DRV_CFG))
			continue;
		ret = config_term_common(ps, attr, t, parse_events__static_terms());
		if (ret)
			return ret;
		record_term(ctp, t);
	}
	return 0;
}

/* ---------------------------------------------------------- simple events */

int pe_add_numeric(struct parse_state *ps, u32 type, u64 config, struct pe_terms *terms)
{
	struct evsel_config_terms *ct = NULL;
	struct perf_event_attr attr;
	int ret;

	attr_init(&attr, type, config);
	ret = apply_terms(ps, &attr, terms, false, &ct);
	if (ret) {
		evsel_config_terms__delete(ct);
		return ret;
	}
	new_evsel(ps, &attr, terms_name(terms), ct);
	return 0;
}

int pe_add_tool(struct parse_state *ps, int tool)
{
	struct perf_event_attr attr;

	attr_init(&attr, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY);
	new_evsel(ps, &attr, NULL, NULL)->tool_event = tool;
	return 0;
}

int pe_add_cache(struct parse_state *ps, const struct pe_token *words, int nr, struct pe_terms *terms)
{
	struct evsel_config_terms *ct = NULL;
	struct perf_event_attr attr;
	struct strbuf name = STRBUF_INIT;
	int type, op = -1, result = -1, ret;

	type = hw_cache__lookup(hw_cache_names, PERF_COUNT_HW_CACHE_MAX, words[0].text, words[0].len);
	strbuf_add(&name, words[0].text, words[0].len);
	for (int i = 1; i < nr; i++) {
		const struct pe_token *w = &words[i];

		strbuf_addch(&name, '-');
		strbuf_add(&name, w->text, w->len);
		if (op == -1) {
			op = hw_cache__lookup(hw_cache_op_names, PERF_COUNT_HW_CACHE_OP_MAX, w->text, w->len);
			if (op >= 0) {
				if (!hw_cache__op_valid(type, op)) {
					char *msg = xasprintf("'%.*s' is not an operation of '%.*s'",
							      w->len, w->text, words[0].len, words[0].text);

					ret = pe_error(ps, w->col, msg, NULL);
					free(msg);
					strbuf_release(&name);
					return ret;
				}
				continue;
			}
		}
		if (result == -1)
			result = hw_cache__lookup(hw_cache_result_names, PERF_COUNT_HW_CACHE_RESULT_MAX,
						  w->text, w->len);
	}
	if (op == -1)
		op = PERF_COUNT_HW_CACHE_OP_READ;
	if (result == -1)
		result = PERF_COUNT_HW_CACHE_RESULT_ACCESS;
	attr_init(&attr, PERF_TYPE_HW_CACHE, type | (op << 8) | (result << 16));
	ret = apply_terms(ps, &attr, terms, false, &ct);
	if (!ret)
		new_evsel(ps, &attr, terms_name(terms) ? terms_name(terms) : name.buf, ct);
	else
		evsel_config_terms__delete(ct);
	strbuf_release(&name);
	return ret;
}

int pe_add_breakpoint(struct parse_state *ps, u64 addr, u64 len, const struct pe_token *type)
{
	struct perf_event_attr attr;

	attr_init(&attr, PERF_TYPE_BREAKPOINT, 0);
	attr.bp_addr = addr;
	for (int i = 0; type && i < type->len; i++) {
		int bit = type->text[i] == 'r' ? HW_BREAKPOINT_R :
			  type->text[i] == 'w' ? HW_BREAKPOINT_W : HW_BREAKPOINT_X;

		if (attr.bp_type & bit) {
			char *msg = xasprintf("invalid breakpoint access type '%.*s'", type->len, type->text);
			int ret = pe_error(ps, type->col, msg, NULL);

			free(msg);
			return ret;
		}
		attr.bp_type |= bit;
	}
	if (!attr.bp_type)
		attr.bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
	if (!len)
		len = attr.bp_type == HW_BREAKPOINT_X ? sizeof(long) : HW_BREAKPOINT_LEN_4;
	attr.bp_len = len;
	attr.sample_period = 1;
	new_evsel(ps, &attr, NULL, NULL);
	return 0;
}

/* ------------------------------------------------------------ tracepoints */

struct tp_add {
	struct parse_state *ps;
	const struct evsel_config_terms *ct;
};

static int tp_add_one(const char *sys, const char *name, u64 id, void *data)
{
	struct tp_add *a = data;
	struct perf_event_attr attr;
	struct evsel *evsel;
	char *full = xasprintf("%s:%s", sys, name);

	attr_init(&attr, PERF_TYPE_TRACEPOINT, id);
	/* every hit is a sample; which fields a sample has is record's choice */
	attr.sample_period = 1;
	evsel = new_evsel(a->ps, &attr, full, ct_dup(a->ct));
	evsel->tp_sys = xstrdup(sys);
	evsel->tp_name = xstrdup(name);
	free(full);
	return 0;
}

static int tracepoint_error(struct parse_state *ps, int err, const char *sys, const char *name)
{
	char *help = tracepoint__strerror(err, sys, name);
	const char *msg;
	int ret;

	switch (err) {
	case EACCES:
	case EPERM:
		msg = "can't access trace events";
		break;
	case ENOENT:
		msg = "unknown tracepoint";
		break;
	default:
		msg = "failed to add tracepoint";
		break;
	}
	ret = pe_error(ps, 0, msg, help);
	free(help);
	return ret;
}

static int tracepoint_terms(struct parse_state *ps, const struct pe_terms *terms,
			    struct evsel_config_terms **ctp)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	for (int i = 0; i < terms->nr; i++) {
		const struct pe_term *t = &terms->t[i];
		int ret;

		switch (t->type) {
		case PE_TERM_CALLGRAPH:
		case PE_TERM_STACKSIZE:
		case PE_TERM_INHERIT:
		case PE_TERM_NOINHERIT:
		case PE_TERM_MAX_STACK:
		case PE_TERM_MAX_EVENTS:
		case PE_TERM_OVERWRITE:
		case PE_TERM_NOOVERWRITE:
		case PE_TERM_AUX_OUTPUT:
		case PE_TERM_AUX_SAMPLE_SIZE:
			ret = config_term_common(ps, &attr, t, parse_events__static_terms());
			break;
		default:
			ret = pe_error(ps, t->err_term, "unknown term", "valid terms: call-graph,stack-size\n");
			break;
		}
		if (ret)
			return ret;
		record_term(ctp, t);
	}
	return 0;
}

int pe_add_tracepoint(struct parse_state *ps, const char *sys, const char *name, struct pe_terms *terms)
{
	struct evsel_config_terms *ct = NULL;
	struct tp_add a = { .ps = ps };
	int ret, nr_found = 0;
	u64 id;

	ret = tracepoint_terms(ps, terms, &ct);
	if (ret)
		goto out;
	a.ct = ct;
	if (is_glob_pattern(sys) || is_glob_pattern(name)) {
		ret = tracepoint__for_each(sys, name, tp_add_one, &a, &nr_found);
		if (!ret && !nr_found)
			ret = -ENOENT;
	} else {
		ret = tracepoint__id(sys, name, &id);
		if (!ret)
			ret = tp_add_one(sys, name, id, &a);
	}
	if (ret)
		ret = tracepoint_error(ps, -ret, sys, name);
out:
	evsel_config_terms__delete(ct);
	return ret;
}

/* ------------------------------------------------------------------- PMUs */

static void copy_term(struct pe_terms *dst, const struct pe_term *src)
{
	struct pe_term *t;

	ALLOC_GROW(dst->t, dst->nr + 1, dst->alloc);
	t = &dst->t[dst->nr++];
	*t = *src;
	t->config = src->config ? xstrdup(src->config) : NULL;
	t->str = src->str ? xstrdup(src->str) : NULL;
}

/* Is term a use of a sysfs event alias ("tsc", "tsc=1")? */
static struct perf_pmu_alias *term_alias(struct perf_pmu *pmu, const struct pe_term *t)
{
	if (t->type != PE_TERM_USER)
		return NULL;
	if (!t->no_value && (t->is_str || t->num != 1 || perf_pmu__format(pmu, t->config)))
		return NULL;
	return perf_pmu__alias(pmu, t->config);
}

/* Replace alias terms by the terms they stand for ("tsc" -> "event=0x00"). */
static void expand_aliases(struct perf_pmu *pmu, const struct pe_terms *terms, struct pe_terms *out,
			   const struct perf_pmu_alias **last_alias)
{
	for (int i = 0; i < terms->nr; i++) {
		const struct pe_term *t = &terms->t[i];
		struct perf_pmu_alias *alias = term_alias(pmu, t);
		struct pe_terms sub = { 0 };

		if (!alias || pe_parse_term_string(alias->terms, &sub)) {
			pe_terms__exit(&sub);
			copy_term(out, t);
			continue;
		}
		for (int j = 0; j < sub.nr; j++) {
			sub.t[j].err_term = t->err_term;
			sub.t[j].err_val = t->err_val;
			copy_term(out, &sub.t[j]);
		}
		pe_terms__exit(&sub);
		*last_alias = alias;
	}
}

static int unknown_pmu_term(struct parse_state *ps, struct perf_pmu *pmu, const struct pe_term *t)
{
	char *formats = perf_pmu__format_names(pmu);
	char *msg = xasprintf("unknown term '%s' for pmu '%s'", t->config, pmu->name);
	char *help = xasprintf("valid terms: %s%s%s", formats, *formats ? "," : "",
			       parse_events__static_terms());
	int ret = pe_error(ps, t->err_term, msg, help);

	free(formats);
	free(msg);
	free(help);
	return ret;
}

static int apply_format_term(struct parse_state *ps, struct perf_pmu *pmu, struct perf_event_attr *attr,
			     const struct pe_term *t)
{
	struct perf_pmu_format *f = perf_pmu__format(pmu, t->config);
	u64 max;

	if (!f)
		return unknown_pmu_term(ps, pmu, t);
	if (t->is_str)
		return pe_error(ps, t->err_val, "expected numeric value", NULL);
	max = perf_pmu_format__max(f);
	if (t->num > max) {
		char *msg = xasprintf("value too big for format, maximum is %llu", (unsigned long long)max);
		int ret = pe_error(ps, t->err_val, msg, NULL);

		free(msg);
		return ret;
	}
	perf_pmu_format__apply(f, attr, t->num);
	return 0;
}

static int add_pmu_event(struct parse_state *ps, struct perf_pmu *pmu, const struct pe_terms *user_terms)
{
	const struct perf_pmu_alias *alias = NULL;
	struct evsel_config_terms *ct = NULL;
	struct pe_terms terms = { 0 };
	struct perf_event_attr attr;
	struct evsel *evsel;
	int ret;

	expand_aliases(pmu, user_terms, &terms, &alias);
	attr_init(&attr, pmu->type, 0);
	ret = apply_terms(ps, &attr, &terms, true, &ct);
	for (int i = 0; !ret && i < terms.nr; i++) {
		const struct pe_term *t = &terms.t[i];

		if (t->type == PE_TERM_USER)
			ret = apply_format_term(ps, pmu, &attr, t);
		else if (t->type == PE_TERM_DRV_CFG)
			record_term(&ct, t);
	}
	if (ret) {
		evsel_config_terms__delete(ct);
		pe_terms__exit(&terms);
		return ret;
	}
	evsel = new_evsel(ps, &attr, terms_name(&terms), ct);
	evsel->pmu_name = xstrdup(pmu->name);
	evsel->cpus = perf_cpu_map__get(pmu->cpus);
	if (alias) {
		evsel->unit = alias->unit ? xstrdup(alias->unit) : NULL;
		evsel->scale = alias->scale;
	}
	pe_terms__exit(&terms);
	return 0;
}

/* An alias used without its PMU: one event on every PMU that has it. Returns the count. */
static int add_alias_everywhere(struct parse_state *ps, const char *name, int col,
				const struct pe_terms *extra)
{
	struct pe_terms terms = { 0 };
	struct perf_pmu *pmu;
	struct pe_term *t;
	int nr = 0, ret = 0;

	ALLOC_GROW(terms.t, 1, terms.alloc);
	t = &terms.t[terms.nr++];
	memset(t, 0, sizeof(*t));
	t->type = PE_TERM_USER;
	t->config = xstrdup(name);
	t->no_value = true;
	t->num = 1;
	t->err_term = t->err_val = col;
	for (int i = 0; extra && i < extra->nr; i++)
		copy_term(&terms, &extra->t[i]);
	for (pmu = perf_pmus__next(NULL); pmu && !ret; pmu = perf_pmus__next(pmu)) {
		if (!perf_pmu__alias(pmu, name))
			continue;
		ret = add_pmu_event(ps, pmu, &terms);
		nr++;
	}
	pe_terms__exit(&terms);
	return ret ? ret : nr;
}

int pe_add_pmu(struct parse_state *ps, const struct pe_token *tok, struct pe_terms *terms)
{
	char *name = xstrndup(tok->text, tok->len);
	struct perf_pmu *pmu = perf_pmu__find(name);
	int ret;

	if (pmu) {
		ret = add_pmu_event(ps, pmu, terms);
	} else {
		ret = add_alias_everywhere(ps, name, tok->col, terms);
		if (ret == 0) {
			char *msg = xasprintf("Cannot find PMU `%s'. Missing kernel support?", name);

			ret = pe_error(ps, tok->col, msg, NULL);
			free(msg);
		}
	}
	free(name);
	return ret < 0 ? ret : 0;
}

int pe_add_bare_alias(struct parse_state *ps, const struct pe_token *tok)
{
	char *name = xstrndup(tok->text, tok->len);
	int ret = add_alias_everywhere(ps, name, tok->col, NULL);

	free(name);
	return ret;
}

/* -------------------------------------------------------------- modifiers */

struct event_modifier {
	int eu, ek, eh, eH, eG, eI;
	int precise;
	bool precise_max, sample_read, pinned, exclusive, weak, exclude_GH;
};

/* Upstream's limit: each letter once (p up to three times). */
static bool modifier_valid(const char *str, int len)
{
	if (len > 15)
		return false;
	for (int i = 0; i < len; i++)
		if (str[i] != 'p' && memchr(str + i + 1, str[i], len - i - 1))
			return false;
	return true;
}

/*
 * The exclude bits for a modifier string: from nothing for an event's own
 * modifiers, from the member's current bits for a group's.
 */
static int parse_modifier(const char *str, int len, const struct evsel *base, struct event_modifier *m)
{
	const struct perf_event_attr *a = base ? &base->attr : NULL;
	int exclude;

	memset(m, 0, sizeof(*m));
	if (a) {
		m->eu = a->exclude_user;
		m->ek = a->exclude_kernel;
		m->eh = a->exclude_hv;
		m->eH = a->exclude_host;
		m->eG = a->exclude_guest;
		m->eI = a->exclude_idle;
		m->precise = a->precise_ip;
		m->pinned = a->pinned;
		m->exclusive = a->exclusive;
		m->exclude_GH = base->exclude_GH;
	}
	exclude = m->eu | m->ek | m->eh;
	for (int i = 0; i < len; i++) {
		switch (str[i]) {
		case 'u':
		case 'k':
		case 'h':
			/* the first of u/k/h excludes every context but the ones named */
			if (!exclude)
				exclude = m->eu = m->ek = m->eh = 1;
			if (str[i] == 'u') {
				if (!m->exclude_GH)
					m->eG = 1;
				m->eu = 0;
			} else if (str[i] == 'k') {
				m->ek = 0;
			} else {
				m->eh = 0;
			}
			break;
		case 'G':
		case 'H':
			if (!m->exclude_GH) {
				m->exclude_GH = true;
				m->eG = m->eH = 1;
			}
			if (str[i] == 'G')
				m->eG = 0;
			else
				m->eH = 0;
			break;
		case 'I':
			m->eI = 1;
			break;
		case 'p':
			m->precise++;
			/* precise sampling implies counting the host only */
			if (!m->exclude_GH)
				m->eG = 1;
			break;
		case 'P':
			m->precise_max = true;
			break;
		case 'S':
			m->sample_read = true;
			break;
		case 'D':
			m->pinned = true;
			break;
		case 'e':
			m->exclusive = true;
			break;
		case 'W':
			m->weak = true;
			break;
		default:
			return -EINVAL;
		}
	}
	return m->precise > 3 ? -EINVAL : 0;
}

int pe_apply_modifiers(struct parse_state *ps, int first, int last, const struct pe_token *mod, bool group)
{
	struct event_modifier m;

	if (!modifier_valid(mod->text, mod->len) ||
	    (!group && parse_modifier(mod->text, mod->len, NULL, &m)))
		return pe_error(ps, mod->col, "Bad modifier", NULL);
	for (int i = first; i < last; i++) {
		struct evsel *evsel = ps->evsels[i];
		struct perf_event_attr *a = &evsel->attr;

		if (group && parse_modifier(mod->text, mod->len, evsel, &m))
			return pe_error(ps, mod->col, "Bad modifier", NULL);
		a->exclude_user = m.eu;
		a->exclude_kernel = m.ek;
		a->exclude_hv = m.eh;
		a->exclude_host = m.eH;
		a->exclude_guest = m.eG;
		a->exclude_idle = m.eI;
		a->precise_ip = m.precise;
		evsel->exclude_GH = m.exclude_GH;
		evsel->sample_read = m.sample_read;
		evsel->precise_max = m.precise_max;
		evsel->weak_group = m.weak;
		if (evsel->leader == evsel) {
			a->pinned = m.pinned;
			a->exclusive = m.exclusive;
		}
	}
	return 0;
}

void pe_set_group(struct parse_state *ps, int first, int last, char *name)
{
	struct evsel *leader = ps->evsels[first];
	struct pe_group *g;

	for (int i = first; i < last; i++)
		ps->evsels[i]->leader = leader;
	leader->nr_members = last - first;
	ALLOC_GROW(ps->groups, ps->nr_groups + 1, ps->groups_alloc);
	g = &ps->groups[ps->nr_groups++];
	g->first = first;
	g->last = last - 1;
	g->name = name;
}
