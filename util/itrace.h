/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_ITRACE_H
#define PERF_ITRACE_H

/* The help of --itrace, as upstream's report and script print it with -h. */
#define ITRACE_HELP \
	"Instruction Tracing options\n" \
	"\t\t\t\ti[period]:    \t\tsynthesize instructions events\n" \
	"\t\t\t\tb:\t    \t\tsynthesize branches events (branch misses for Arm SPE)\n" \
	"\t\t\t\tc:\t    \t\tsynthesize branches events (calls only)\n" \
	"\t\t\t\tr:\t    \t\tsynthesize branches events (returns only)\n" \
	"\t\t\t\tx:\t    \t\tsynthesize transactions events\n" \
	"\t\t\t\tw:\t    \t\tsynthesize ptwrite events\n" \
	"\t\t\t\tp:\t    \t\tsynthesize power events\n" \
	"\t\t\t\to:\t\t\tsynthesize other events recorded due to the use\n" \
	"\t\t\t\t\t\t\tof aux-output (refer to perf record)\n" \
	"\t\t\t\tI:\t\t\tsynthesize interrupt or similar (asynchronous) events\n" \
	"\t\t\t\t\t\t\t(e.g. Intel PT Event Trace)\n" \
	"\t\t\t\te[flags]:\t\tsynthesize error events\n" \
	"\t\t\t\t\t\t\teach flag must be preceded by + or -\n" \
	"\t\t\t\t\t\t\terror flags are: o (overflow)\n" \
	"\t\t\t\t\t\t\t\t\t l (data lost)\n" \
	"\t\t\t\td[flags]:\t\tcreate a debug log\n" \
	"\t\t\t\t\t\t\teach flag must be preceded by + or -\n" \
	"\t\t\t\t\t\t\tlog flags are: a (all perf events)\n" \
	"\t\t\t\t\t\t\t               o (output to stdout)\n" \
	"\t\t\t\tf:\t    \t\tsynthesize first level cache events\n" \
	"\t\t\t\tm:\t    \t\tsynthesize last level cache events\n" \
	"\t\t\t\tt:\t    \t\tsynthesize TLB events\n" \
	"\t\t\t\ta:\t    \t\tsynthesize remote access events\n" \
	"\t\t\t\tg[len]:     \t\tsynthesize a call chain (use with i or x)\n" \
	"\t\t\t\tG[len]:\t\t\tsynthesize a call chain on existing event records\n" \
	"\t\t\t\tl[len]:     \t\tsynthesize last branch entries (use with i or x)\n" \
	"\t\t\t\tL[len]:\t\t\tsynthesize last branch entries on existing event records\n" \
	"\t\t\t\tsNUMBER:    \t\tskip initial number of events\n" \
	"\t\t\t\tq:\t\t\tquicker (less detailed) decoding\n" \
	"\t\t\t\tA:\t\t\tapproximate IPC\n" \
	"\t\t\t\tZ:\t\t\tprefer to ignore timestamps (so-called \"timeless\" decoding)\n" \
	"\t\t\t\tPERIOD[ns|us|ms|i|t]:   specify period to sample stream\n" \
	"\t\t\t\tconcatenate multiple options. Default is ibxwpe or cewp\n"

#endif
