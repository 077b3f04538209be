// SPDX-License-Identifier: GPL-2.0
/*
 * C++ demangling through libiberty. On its own because libiberty's headers
 * clash with util.h (both define ARRAY_SIZE, xmemdup ...).
 */
#include <stdbool.h>
#include <libiberty/demangle.h>

char *cxx_demangle(const char *name, bool params);

char *cxx_demangle(const char *name, bool params)
{
	int opts = DMGL_GNU_V3 | (params ? DMGL_PARAMS | DMGL_ANSI : 0);

	/* libiberty's Rust demanglers are not tried: ours run first */
	return cplus_demangle_v3(name, opts);
}
