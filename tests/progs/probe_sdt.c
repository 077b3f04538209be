// SPDX-License-Identifier: GPL-2.0
/*
 * A target for SDT (USDT) tests. There is no sys/sdt.h here, so this file
 * emits its own .note.stapsdt notes (version 3 of the SystemTap format).
 * Usage: probe_sdt [N]: fires sdt_probe_test:loop N times (default 3) and
 * sdt_probe_test:done once.
 */
#include <stdio.h>
#include <stdlib.h>

/* The size-and-sign prefix of an argument: -4 for int, 8 for a pointer. */
#define SDT_ARGSZ(x) ((int)(__builtin_classify_type(x) == 5 ? sizeof(void *) : sizeof(x)) * \
		      (((__typeof__(x))-1) < (__typeof__(x))1 ? -1 : 1))

#define SDT_NOTE_HEAD(provider, name) \
	"990:	nop\n" \
	"	.pushsection .note.stapsdt,\"?\",\"note\"\n" \
	"	.balign 4\n" \
	"	.4byte 992f-991f, 994f-993f, 3\n" \
	"991:	.asciz \"stapsdt\"\n" \
	"992:	.balign 4\n" \
	"993:	.8byte 990b\n" \
	"	.8byte _.stapsdt.base\n" \
	"	.8byte 0\n" \
	"	.asciz \"" #provider "\"\n" \
	"	.asciz \"" #name "\"\n"

#define SDT_NOTE_TAIL \
	"994:	.balign 4\n" \
	"	.popsection\n" \
	"	.ifndef _.stapsdt.base\n" \
	"	.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
	"	.weak _.stapsdt.base\n" \
	"	.hidden _.stapsdt.base\n" \
	"_.stapsdt.base: .space 1\n" \
	"	.size _.stapsdt.base, 1\n" \
	"	.popsection\n" \
	"	.endif\n"

#define SDT_PROBE0(provider, name) \
	__asm__ __volatile__(SDT_NOTE_HEAD(provider, name) "	.asciz \"\"\n" SDT_NOTE_TAIL)

#define SDT_PROBE2(provider, name, x1, x2) \
	__asm__ __volatile__(SDT_NOTE_HEAD(provider, name) \
			     "	.asciz \"%c[s1]@%[a1] %c[s2]@%[a2]\"\n" SDT_NOTE_TAIL \
			     :: [s1] "n"(SDT_ARGSZ(x1)), [a1] "nor"(x1), \
				[s2] "n"(SDT_ARGSZ(x2)), [a2] "nor"(x2))

long sdt_total;

static void __attribute__((noinline)) work(int i, long v)
{
	SDT_PROBE2(probe_test, loop, i, v);
	sdt_total += v;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	int i;

	for (i = 0; i < n; i++)
		work(i, 1000L + i);
	SDT_PROBE0(probe_test, done);
	printf("%ld\n", sdt_total);
	return 0;
}
