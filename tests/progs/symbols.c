// SPDX-License-Identifier: GPL-2.0
/*
 * Test program for the symbol tests: static and global functions, aliases
 * (strong, weak, underscored, and zero-size ones at one address), PLT calls,
 * C++ and Rust names (through asm labels), always-inline chains for source
 * lines. "symbols [LOOPS]" spends its time in each of them in turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

volatile unsigned long sink;

static __attribute__((noinline)) void static_spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) void global_spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink ^= i;
}

/* three names at one address: upstream keeps the global with the fewest underscores */
__attribute__((noinline)) void alias_target(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink -= i;
}
void alias_weak(unsigned long n) __attribute__((weak, alias("alias_target")));
void __alias_underscored(unsigned long n) __attribute__((alias("alias_target")));

/* size-less symbols at one address: the later one in .symtab is stretched and kept */
void zs_long_name(unsigned long n);
asm(".text\n"
    ".globl zs_long_name\n.type zs_long_name,@function\n"
    ".globl zs_b\n.type zs_b,@function\n"
    ".p2align 4\n"
    "zs_long_name:\nzs_b:\n"
    "\tmov %rdi, %rcx\n"
    "1:\tdec %rcx\n"
    "\tjnz 1b\n"
    "\tret\n"
    ".globl zs_after\n.type zs_after,@function\n"
    "zs_after:\n\tret\n");

/* a C++ method and a Rust function, by their mangled names */
__attribute__((noinline)) void cxx_work(unsigned long n) __asm__("_ZN2ns3Foo4workEi");
__attribute__((noinline)) void cxx_work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 3;
}

__attribute__((noinline)) void rust_work(unsigned long n) __asm__("_RNvNtCs1234_7mycrate3sub4work");
__attribute__((noinline)) void rust_work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 5;
}

/* an inline chain: inline_user -> inl_mid -> inl_leaf */
static inline __attribute__((always_inline)) unsigned long inl_leaf(unsigned long x)
{
	return x * 7 + sink;
}

static inline __attribute__((always_inline)) unsigned long inl_mid(unsigned long x)
{
	return inl_leaf(x) + 1;
}

__attribute__((noinline)) void inline_user(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink = inl_mid(i);
}

/* calls through the PLT */
__attribute__((noinline)) void plt_user(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += (unsigned long)getppid() + (unsigned long)abs((int)i);
}

int main(int argc, char **argv)
{
	unsigned long loops = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;
	unsigned long n = 2000000;

	for (unsigned long l = 0; l < loops; l++) {
		static_spin(n);
		global_spin(n);
		alias_target(n);
		zs_long_name(n);
		cxx_work(n);
		rust_work(n);
		inline_user(n);
		plt_user(n / 20);
	}
	if (sink == 42)
		puts("unlikely");
	return 0;
}
