// SPDX-License-Identifier: GPL-2.0
#include "hw-events.h"
#include <inttypes.h>
#include <stdio.h>
#include <strings.h>

const struct event_symbol event_symbols_hw[PERF_COUNT_HW_MAX] = {
	[PERF_COUNT_HW_CPU_CYCLES]		= { "cpu-cycles", "cycles" },
	[PERF_COUNT_HW_INSTRUCTIONS]		= { "instructions", "" },
	[PERF_COUNT_HW_CACHE_REFERENCES]	= { "cache-references", "" },
	[PERF_COUNT_HW_CACHE_MISSES]		= { "cache-misses", "" },
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= { "branch-instructions", "branches" },
	[PERF_COUNT_HW_BRANCH_MISSES]		= { "branch-misses", "" },
	[PERF_COUNT_HW_BUS_CYCLES]		= { "bus-cycles", "" },
	[PERF_COUNT_HW_STALLED_CYCLES_FRONTEND]	= { "stalled-cycles-frontend", "idle-cycles-frontend" },
	[PERF_COUNT_HW_STALLED_CYCLES_BACKEND]	= { "stalled-cycles-backend", "idle-cycles-backend" },
	[PERF_COUNT_HW_REF_CPU_CYCLES]		= { "ref-cycles", "" },
};

const struct event_symbol event_symbols_sw[PERF_SW_EVENT_NR] = {
	[PERF_COUNT_SW_CPU_CLOCK]		= { "cpu-clock", "" },
	[PERF_COUNT_SW_TASK_CLOCK]		= { "task-clock", "" },
	[PERF_COUNT_SW_PAGE_FAULTS]		= { "page-faults", "faults" },
	[PERF_COUNT_SW_CONTEXT_SWITCHES]	= { "context-switches", "cs" },
	[PERF_COUNT_SW_CPU_MIGRATIONS]		= { "cpu-migrations", "migrations" },
	[PERF_COUNT_SW_PAGE_FAULTS_MIN]		= { "minor-faults", "" },
	[PERF_COUNT_SW_PAGE_FAULTS_MAJ]		= { "major-faults", "" },
	[PERF_COUNT_SW_ALIGNMENT_FAULTS]	= { "alignment-faults", "" },
	[PERF_COUNT_SW_EMULATION_FAULTS]	= { "emulation-faults", "" },
	[PERF_COUNT_SW_DUMMY]			= { "dummy", "" },
	[PERF_COUNT_SW_BPF_OUTPUT]		= { "bpf-output", "" },
	[11 /* PERF_COUNT_SW_CGROUP_SWITCHES */] = { "cgroup-switches", "" },
};

const char *const perf_tool_event_names[PERF_TOOL_MAX] = {
	[PERF_TOOL_NONE]	= NULL,
	[PERF_TOOL_DURATION_TIME] = "duration_time",
	[PERF_TOOL_USER_TIME]	= "user_time",
	[PERF_TOOL_SYSTEM_TIME]	= "system_time",
};

/* The short names perf prints for events it names itself. */
static const char *const hw_names[PERF_COUNT_HW_MAX] = {
	"cycles", "instructions", "cache-references", "cache-misses", "branches",
	"branch-misses", "bus-cycles", "stalled-cycles-frontend", "stalled-cycles-backend",
	"ref-cycles",
};

const char *hw_event__name(u64 config)
{
	return config < PERF_COUNT_HW_MAX ? hw_names[config] : NULL;
}

const char *sw_event__name(u64 config)
{
	return config < PERF_SW_EVENT_NR ? event_symbols_sw[config].symbol : NULL;
}

const char *const hw_cache_names[PERF_COUNT_HW_CACHE_MAX][HW_CACHE_MAX_ALIASES] = {
	[PERF_COUNT_HW_CACHE_L1D]	= { "L1-dcache", "l1-d", "l1d", "L1-data" },
	[PERF_COUNT_HW_CACHE_L1I]	= { "L1-icache", "l1-i", "l1i", "L1-instruction" },
	[PERF_COUNT_HW_CACHE_LL]	= { "LLC", "L2" },
	[PERF_COUNT_HW_CACHE_DTLB]	= { "dTLB", "d-tlb", "Data-TLB" },
	[PERF_COUNT_HW_CACHE_ITLB]	= { "iTLB", "i-tlb", "Instruction-TLB" },
	[PERF_COUNT_HW_CACHE_BPU]	= { "branch", "branches", "bpu", "btb", "bpc" },
	[PERF_COUNT_HW_CACHE_NODE]	= { "node" },
};

const char *const hw_cache_op_names[PERF_COUNT_HW_CACHE_OP_MAX][HW_CACHE_MAX_ALIASES] = {
	[PERF_COUNT_HW_CACHE_OP_READ]	  = { "load", "loads", "read" },
	[PERF_COUNT_HW_CACHE_OP_WRITE]	  = { "store", "stores", "write" },
	[PERF_COUNT_HW_CACHE_OP_PREFETCH] = { "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

const char *const hw_cache_result_names[PERF_COUNT_HW_CACHE_RESULT_MAX][HW_CACHE_MAX_ALIASES] = {
	[PERF_COUNT_HW_CACHE_RESULT_ACCESS] = { "refs", "Reference", "ops", "access" },
	[PERF_COUNT_HW_CACHE_RESULT_MISS]   = { "misses", "miss" },
};

#define OPS(r, w, p) ((r) << PERF_COUNT_HW_CACHE_OP_READ | (w) << PERF_COUNT_HW_CACHE_OP_WRITE | \
		      (p) << PERF_COUNT_HW_CACHE_OP_PREFETCH)

/* Which operations each cache level has (instruction caches are never written). */
static const unsigned int hw_cache_ops[PERF_COUNT_HW_CACHE_MAX] = {
	[PERF_COUNT_HW_CACHE_L1D]  = OPS(1, 1, 1),
	[PERF_COUNT_HW_CACHE_L1I]  = OPS(1, 0, 1),
	[PERF_COUNT_HW_CACHE_LL]   = OPS(1, 1, 1),
	[PERF_COUNT_HW_CACHE_DTLB] = OPS(1, 1, 1),
	[PERF_COUNT_HW_CACHE_ITLB] = OPS(1, 0, 0),
	[PERF_COUNT_HW_CACHE_BPU]  = OPS(1, 0, 0),
	[PERF_COUNT_HW_CACHE_NODE] = OPS(1, 1, 1),
};

bool hw_cache__op_valid(int type, int op)
{
	if (type < 0 || type >= PERF_COUNT_HW_CACHE_MAX || op < 0 || op >= PERF_COUNT_HW_CACHE_OP_MAX)
		return false;
	return hw_cache_ops[type] & (1U << op);
}

int hw_cache__name(int type, int op, int result, char *buf, size_t size)
{
	if (result == PERF_COUNT_HW_CACHE_RESULT_MISS)
		return snprintf(buf, size, "%s-%s-%s", hw_cache_names[type][0],
				hw_cache_op_names[op][0], hw_cache_result_names[result][0]);
	return snprintf(buf, size, "%s-%s", hw_cache_names[type][0], hw_cache_op_names[op][1]);
}

int hw_cache__lookup(const char *const names[][HW_CACHE_MAX_ALIASES], int nr, const char *word, size_t len)
{
	size_t longest = 0;
	int found = -1;

	for (int i = 0; i < nr; i++) {
		for (int j = 0; j < HW_CACHE_MAX_ALIASES && names[i][j]; j++) {
			size_t n = strlen(names[i][j]);

			if (n > longest && n <= len && !strncasecmp(word, names[i][j], n)) {
				longest = n;
				found = i;
			}
		}
	}
	return found;
}

/*
 * The modifier suffix for an event, from the bits a modifier string would
 * have set: the contexts still counted (when some are excluded), the
 * precision, and H/G when they differ from what the rest implies.
 */
static int add_modifiers(const struct perf_event_attr *attr, char *buf, size_t size)
{
	char mods[16];
	int n = 0;
	bool guest_default = false;

	if (attr->exclude_kernel || attr->exclude_user || attr->exclude_hv) {
		if (!attr->exclude_kernel)
			mods[n++] = 'k';
		if (!attr->exclude_user)
			mods[n++] = 'u';
		if (!attr->exclude_hv)
			mods[n++] = 'h';
		guest_default = true;
	}
	for (unsigned int i = 0; i < attr->precise_ip && i < 3; i++)
		mods[n++] = 'p';
	if (attr->precise_ip)
		guest_default = true;
	if (attr->exclude_host || attr->exclude_guest == guest_default) {
		if (!attr->exclude_host)
			mods[n++] = 'H';
		if (!attr->exclude_guest)
			mods[n++] = 'G';
	}
	mods[n] = '\0';
	if (!n)
		return 0;
	return snprintf(buf, size, ":%s", mods);
}

static int bp_name(const struct perf_event_attr *attr, char *buf, size_t size)
{
	int n = snprintf(buf, size, "mem:0x%" PRIx64 ":", (u64)attr->bp_addr);

	if ((size_t)n >= size)
		return n;
	if (attr->bp_type & 1)	/* HW_BREAKPOINT_R */
		n += snprintf(buf + n, size - n, "r");
	if (attr->bp_type & 2)	/* HW_BREAKPOINT_W */
		n += snprintf(buf + n, size - n, "w");
	if (attr->bp_type & 4)	/* HW_BREAKPOINT_X */
		n += snprintf(buf + n, size - n, "x");
	return n;
}

int perf_attr__name(const struct perf_event_attr *attr, char *buf, size_t size)
{
	const char *s;
	int n;

	switch (attr->type) {
	case PERF_TYPE_HARDWARE:
		s = hw_event__name(attr->config);
		n = snprintf(buf, size, "%s", s ? s : "unknown-hardware");
		break;
	case PERF_TYPE_SOFTWARE:
		s = sw_event__name(attr->config);
		n = snprintf(buf, size, "%s", s ? s : "unknown-software");
		break;
	case PERF_TYPE_HW_CACHE: {
		int type = attr->config & 0xff, op = (attr->config >> 8) & 0xff;
		int result = (attr->config >> 16) & 0xff;

		if (type >= PERF_COUNT_HW_CACHE_MAX || result >= PERF_COUNT_HW_CACHE_RESULT_MAX ||
		    !hw_cache__op_valid(type, op))
			n = snprintf(buf, size, "invalid-cache");
		else
			n = hw_cache__name(type, op, result, buf, size);
		break;
	}
	case PERF_TYPE_RAW:
		n = snprintf(buf, size, "raw 0x%" PRIx64, (u64)attr->config);
		break;
	case PERF_TYPE_BREAKPOINT:
		n = bp_name(attr, buf, size);
		break;
	case PERF_TYPE_TRACEPOINT:
		return snprintf(buf, size, "unknown tracepoint");
	default:
		return snprintf(buf, size, "unknown attr type: %u", attr->type);
	}
	if ((size_t)n >= size)
		return n;
	return n + add_modifiers(attr, buf + n, size - n);
}
