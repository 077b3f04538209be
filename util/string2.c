// SPDX-License-Identifier: GPL-2.0
#include "string2.h"
#include "strbuf.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

static bool glob_class_match(const char **patp, int c, bool nocase)
{
	const char *p = *patp + 1;	/* after '[' */
	bool negate = false, matched = false;

	if (*p == '!' || *p == '^') {
		negate = true;
		p++;
	}
	if (nocase)
		c = tolower(c);
	do {
		int lo = (unsigned char)*p, hi;

		if (!lo)
			break;
		if (lo == '\\' && p[1])
			lo = (unsigned char)*++p;
		hi = lo;
		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = (unsigned char)p[2];
			p += 2;
		}
		if (nocase) {
			lo = tolower(lo);
			hi = tolower(hi);
		}
		if (c >= lo && c <= hi)
			matched = true;
		p++;
	} while (*p && *p != ']');
	*patp = *p == ']' ? p + 1 : p;
	return matched != negate;
}

static bool glob_match(const char *str, const char *pat, bool nocase)
{
	/* iterative with single backtrack point for '*' */
	const char *star_pat = NULL, *star_str = NULL;

	while (*str) {
		if (*pat == '*') {
			while (*pat == '*')
				pat++;
			if (!*pat)
				return true;
			star_pat = pat;
			star_str = str;
			continue;
		}
		if (*pat == '?') {
			pat++;
			str++;
			continue;
		}
		if (*pat == '[' && strchr(pat, ']')) {
			const char *p = pat;

			if (glob_class_match(&p, (unsigned char)*str, nocase)) {
				pat = p;
				str++;
				continue;
			}
		} else {
			const char *p = pat;

			if (*p == '\\' && p[1])
				p++;
			if (*p && (nocase ? tolower((unsigned char)*p) == tolower((unsigned char)*str)
					  : *p == *str)) {
				pat = p + 1;
				str++;
				continue;
			}
		}
		if (!star_pat)
			return false;
		pat = star_pat;
		str = ++star_str;
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

bool strglobmatch(const char *str, const char *pat)
{
	return glob_match(str, pat, false);
}

bool strglobmatch_nocase(const char *str, const char *pat)
{
	return glob_match(str, pat, true);
}

bool is_glob_pattern(const char *pat)
{
	return strpbrk(pat, "*?[") != NULL;
}

int strtailcmp(const char *s1, const char *s2)
{
	size_t i1 = strlen(s1), i2 = strlen(s2);

	while (i1 && i2) {
		i1--;
		i2--;
		if (s1[i1] != s2[i2])
			return s1[i1] - s2[i2];
	}
	return 0;
}

char *skip_spaces(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return (char *)s;
}

char *strim(char *s)
{
	size_t len;

	s = skip_spaces(s);
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	return s;
}

char *strreplace_all(const char *s, const char *needle, const char *replacement)
{
	struct strbuf sb = STRBUF_INIT;
	size_t nl = strlen(needle);
	const char *p;

	if (!nl)
		return xstrdup(s);
	while ((p = strstr(s, needle)) != NULL) {
		strbuf_add(&sb, s, p - s);
		strbuf_addstr(&sb, replacement);
		s = p + nl;
	}
	strbuf_addstr(&sb, s);
	return strbuf_detach(&sb, NULL);
}

int parse_u64(const char *str, u64 *out)
{
	char *end;
	unsigned long long v;

	if (!str || !*str || *str == '-' || isspace((unsigned char)*str))
		return -1;
	errno = 0;
	v = strtoull(str, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

int parse_size(const char *str, u64 *out)
{
	char *end;
	unsigned long long v;
	u64 mult = 1;

	if (!str || !isdigit((unsigned char)*str))
		return -1;
	errno = 0;
	v = strtoull(str, &end, 0);
	if (errno)
		return -1;
	switch (tolower((unsigned char)*end)) {
	case 'b': mult = 1; break;
	case 'k': mult = 1ULL << 10; break;
	case 'm': mult = 1ULL << 20; break;
	case 'g': mult = 1ULL << 30; break;
	case 't': mult = 1ULL << 40; break;
	case '\0': break;
	default: return -1;
	}
	if (*end) {
		end++;
		if (mult != 1 && tolower((unsigned char)*end) == 'b')
			end++;
		if (*end)
			return -1;
	}
	if (v && mult > UINT64_MAX / v)
		return -1;
	*out = v * mult;
	return 0;
}

int parse_time_ns(const char *str, u64 unit_ns, u64 *out)
{
	char *end;
	double v;
	u64 mult = unit_ns;

	if (!str || !*str || *str == '-')
		return -1;
	errno = 0;
	v = strtod(str, &end);
	if (errno || end == str)
		return -1;
	if (!strcmp(end, "ns"))
		mult = 1;
	else if (!strcmp(end, "us"))
		mult = 1000;
	else if (!strcmp(end, "ms"))
		mult = 1000000;
	else if (!strcmp(end, "s"))
		mult = 1000000000;
	else if (*end)
		return -1;
	*out = (u64)(v * mult + 0.5);
	return 0;
}

int unit_number__scnprintf(char *buf, size_t size, u64 n)
{
	static const char units[] = "BKMG";
	int i = 0;

	while (((n / 1024) > 1) && (i < 3)) {
		n /= 1024;
		i++;
	}
	return snprintf(buf, size, "%llu%c", (unsigned long long)n, units[i]);
}

static size_t strlist__position(const struct strlist *sl, const char *s, bool *found)
{
	size_t lo = 0, hi = sl->nr;

	*found = false;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(sl->entries[mid], s);

		if (c == 0) {
			*found = true;
			return mid;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int strlist__add(struct strlist *sl, const char *s)
{
	bool found;
	size_t pos = strlist__position(sl, s, &found);

	if (found)
		return 0;
	ALLOC_GROW(sl->entries, sl->nr + 1, sl->alloc);
	memmove(sl->entries + pos + 1, sl->entries + pos, (sl->nr - pos) * sizeof(char *));
	sl->entries[pos] = xstrdup(s);
	sl->nr++;
	return 1;
}

void strlist__add_list(struct strlist *sl, const char *list)
{
	const char *p = list;

	while (p && *p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);

		if (len) {
			char *item = xstrndup(p, len);

			strlist__add(sl, item);
			free(item);
		}
		p = comma ? comma + 1 : NULL;
	}
}

struct strlist *strlist__new(const char *list)
{
	struct strlist *sl = xzalloc(sizeof(*sl));

	strlist__add_list(sl, list);
	return sl;
}

void strlist__delete(struct strlist *sl)
{
	if (!sl)
		return;
	for (size_t i = 0; i < sl->nr; i++)
		free(sl->entries[i]);
	free(sl->entries);
	free(sl);
}

bool strlist__has(const struct strlist *sl, const char *s)
{
	bool found;

	if (!sl)
		return false;
	strlist__position(sl, s, &found);
	return found;
}
