/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Symbol name demangling, with the reference's output conventions.
 *
 * C++ (Itanium ABI) goes through libiberty's cplus_demangle_v3(), the
 * demangler the reference perf is built with: its output without parameter
 * lists ("ns::Foo::work") is what perf prints by default, with them
 * ("ns::Foo::work(int) const") under -v. Rust names (legacy "_ZN...17h<hash>E"
 * and v0 "_R...") are demangled here, printed as libiberty does (no hashes,
 * no crate disambiguators). OCaml names ("camlModule__fn_12") as upstream.
 */
#ifndef PERF_DEMANGLE_H
#define PERF_DEMANGLE_H

#include "util.h"

/*
 * The demangled form of name, malloc'ed, or NULL when name is not a mangled
 * name (or is malformed). params: C++ parameter lists and qualifiers.
 */
char *demangle_sym(const char *name, bool params);

/* The parts, for tests and callers that know the language. */
char *cxx_demangle(const char *name, bool params);
char *rust_demangle_v0(const char *name);	/* "_R..." */
char *rust_demangle_legacy(const char *name);	/* "_ZN...17h<16 hex>E" */
char *ocaml_demangle(const char *name);		/* "caml<Upper>..." */

#endif
