// SPDX-License-Identifier: GPL-2.0
/*
 * A target for perf probe tests: functions with known arguments, a string,
 * a struct with members, an array and bitfields, a return value, locals for
 * line probes, and an inlined function. Usage: probe_prog [N]: calls
 * probe_add() exactly N times (default 3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct probe_pos {
	int x;
	int y;
};

struct probe_item {
	int id;
	char name[16];
	struct probe_pos pos;
	unsigned int flag:3;
	unsigned int mode:5;
	short vals[4];
	const char *label;
	struct probe_item *next;
};

int probe_global = 42;
static long probe_static_counter;

int __attribute__((noinline)) probe_add(int a, long b)
{
	long sum = a + b;

	probe_static_counter += sum;
	return (int)sum;
}

int __attribute__((noinline)) probe_str(const char *s, int len)
{
	int n = (int)strlen(s);

	if (n > len)
		n = len;
	return n;
}

static inline __attribute__((always_inline)) int probe_square(int v)
{
	int sq = v * v;

	return sq + probe_global;
}

int __attribute__((noinline)) probe_item_use(struct probe_item *item)
{
	int total = 0;
	int i;

	for (i = 0; i < 4; i++)
		total += item->vals[i];
	total += probe_square(item->pos.x);
	total += item->flag + item->mode;
	return total;
}

int __attribute__((noinline)) probe_ret(int x)
{
	int r = x * 2 + 1;

	return r;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	struct probe_item second = { .id = 2, .name = "second", .label = "tail" };
	struct probe_item item = {
		.id = 7,
		.name = "first",
		.pos = { .x = 3, .y = -4 },
		.flag = 5,
		.mode = 17,
		.vals = { 10, 20, 30, 40 },
		.label = "hello label",
		.next = &second,
	};
	long acc = 0;
	int i;

	for (i = 0; i < n; i++)
		acc += probe_add(i, 100L * i);
	acc += probe_str("probe string", 64);
	acc += probe_item_use(&item);
	acc += probe_ret(20);
	printf("%ld\n", acc);
	return 0;
}
