/* SPDX-License-Identifier: GPL-2.0 */
/* String helpers: globs, trimming, size units, and strlist (a sorted set of strings). */
#ifndef PERF_STRING2_H
#define PERF_STRING2_H

#include <stdio.h>
#include "util.h"

/* Shell-style glob: '*', '?', '[abc]', '[a-z]', '[!x]', and '\' escapes. */
bool strglobmatch(const char *str, const char *pat);
/* The same, ignoring case. */
bool strglobmatch_nocase(const char *str, const char *pat);
/* True when pat has glob metacharacters. */
bool is_glob_pattern(const char *pat);

/* Compare the tails of two strings (how "/usr/lib/libc.so.6" matches "libc.so.6"). */
int strtailcmp(const char *s1, const char *s2);

char *skip_spaces(const char *s);
/* Trim leading and trailing white space in place; returns the trimmed start. */
char *strim(char *s);
/* Replace every occurrence of needle in s; returns a new string. */
char *strreplace_all(const char *s, const char *needle, const char *replacement);

/*
 * Parse a size with an optional unit suffix, B/K/M/G/T (case insensitive,
 * an optional trailing 'B' as in "8MB"): "4096", "8K", "1M". Returns 0 or -1.
 */
int parse_size(const char *str, u64 *out);
/* Parse a time with an optional suffix ns/us/ms/s (default unit: unit_ns nanoseconds). */
int parse_time_ns(const char *str, u64 unit_ns, u64 *out);
/* Parse a non-negative integer (decimal, 0x hex, 0 octal) with no trailing junk. */
int parse_u64(const char *str, u64 *out);

/* "1.23 MB" style human sizes, as upstream prints in record messages. */
int unit_number__scnprintf(char *buf, size_t size, u64 n);

/* A sorted set of unique strings. Owns its copies. */
struct strlist {
	char **entries;
	size_t nr;
	size_t alloc;
};

/* A list split on commas (NULL or "" gives an empty list). */
struct strlist *strlist__new(const char *comma_list);
void strlist__delete(struct strlist *sl);
/* Add a copy of s. Returns 1 if added, 0 if already there. */
int strlist__add(struct strlist *sl, const char *s);
/* Split s on commas and add every item. */
void strlist__add_list(struct strlist *sl, const char *comma_list);
bool strlist__has(const struct strlist *sl, const char *s);
static inline size_t strlist__nr_entries(const struct strlist *sl) { return sl ? sl->nr : 0; }
static inline const char *strlist__entry(const struct strlist *sl, size_t i) { return sl->entries[i]; }

#define strlist__for_each(pos, sl) \
	for (size_t __i = 0; (sl) && __i < (sl)->nr && ((pos) = (sl)->entries[__i], 1); __i++)

#endif
