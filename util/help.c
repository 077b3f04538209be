// SPDX-License-Identifier: GPL-2.0
#include "help.h"
#include "string2.h"
#include <ctype.h>

struct perf_doc {
	const char *name;
	const char *text;
};

/* Generated at build time from Documentation/perf*.txt (see the Makefile). */
extern const struct perf_doc perf_docs[];

const char *perf_doc__find(const char *name)
{
	for (const struct perf_doc *d = perf_docs; d->name; d++)
		if (!strcmp(d->name, name))
			return d->text;
	return NULL;
}

const char *perf_doc__name(size_t i)
{
	for (size_t n = 0; perf_docs[n].name; n++)
		if (n == i)
			return perf_docs[n].name;
	return NULL;
}

int levenshtein(const char *string1, const char *string2, int w, int s, int a, int d)
{
	int len1 = strlen(string1), len2 = strlen(string2);
	int *row0 = xcalloc(len2 + 1, sizeof(int));
	int *row1 = xcalloc(len2 + 1, sizeof(int));
	int *row2 = xcalloc(len2 + 1, sizeof(int));
	int i, j, *tmp, result;

	for (j = 0; j <= len2; j++)
		row1[j] = j * a;
	for (i = 0; i < len1; i++) {
		row2[0] = (i + 1) * d;
		for (j = 0; j < len2; j++) {
			/* substitution */
			row2[j + 1] = row1[j] + s * (string1[i] != string2[j]);
			/* swap */
			if (i > 0 && j > 0 && string1[i - 1] == string2[j] &&
			    string1[i] == string2[j - 1] && row2[j + 1] > row0[j - 1] + w)
				row2[j + 1] = row0[j - 1] + w;
			/* deletion */
			if (row2[j + 1] > row1[j + 1] + d)
				row2[j + 1] = row1[j + 1] + d;
			/* insertion */
			if (row2[j + 1] > row2[j] + a)
				row2[j + 1] = row2[j] + a;
		}
		tmp = row0;
		row0 = row1;
		row1 = row2;
		row2 = tmp;
	}
	result = row1[len2];
	free(row0);
	free(row1);
	free(row2);
	return result;
}

/* ------------------------------------------------------- asciidoc renderer */

#define BODY_INDENT 7
#define ITEM_INDENT 11

static bool is_underline(const char *line, size_t len, char c)
{
	if (len < 2)
		return false;
	for (size_t i = 0; i < len; i++)
		if (line[i] != c)
			return false;
	return true;
}

static bool word_edge_before(const char *s, size_t i)
{
	return i == 0 || isspace((unsigned char)s[i - 1]) || strchr("([{\"", s[i - 1]);
}

static bool word_edge_after(const char *s, size_t i, size_t len)
{
	return i + 1 == len || isspace((unsigned char)s[i + 1]) ||
	       (ispunct((unsigned char)s[i + 1]) && s[i + 1] != '\'' && s[i + 1] != '_' && s[i + 1] != '-');
}

/* Inline markup: 'perf stat' -> perf stat, linkperf:perf-top[1] -> perf-top(1), `x` -> x. */
static void add_inline(struct strbuf *out, const char *s, size_t len)
{
	char open_quote = 0;	/* the emphasis quote we are inside, if any */
	size_t i = 0;

	while (i < len) {
		char c = s[i];

		if (!strncmp(s + i, "linkperf:", 9)) {
			i += 9;
			while (i < len && s[i] != '[')
				strbuf_addch(out, s[i++]);
			if (i < len) {
				strbuf_addch(out, '(');
				i++;
				while (i < len && s[i] != ']')
					strbuf_addch(out, s[i++]);
				strbuf_addch(out, ')');
				i++;
			}
			continue;
		}
		if (c == '`' || c == '\'' || c == '*') {
			if (open_quote == c && i > 0 && !isspace((unsigned char)s[i - 1]) &&
			    word_edge_after(s, i, len)) {
				open_quote = 0;		/* closing */
				i++;
				continue;
			}
			if (!open_quote && word_edge_before(s, i) && i + 1 < len &&
			    !isspace((unsigned char)s[i + 1]) && memchr(s + i + 1, c, len - i - 1)) {
				open_quote = c;		/* opening, with a closing one ahead */
				i++;
				continue;
			}
		}
		strbuf_addch(out, c);
		i++;
	}
}

static void add_line(struct strbuf *out, int indent, const char *s, size_t len)
{
	if (len) {
		strbuf_addchars(out, ' ', indent);
		add_inline(out, s, len);
	}
	strbuf_addch(out, '\n');
}

static void add_header(struct strbuf *out, const char *title, size_t len, int width)
{
	char name[256];
	size_t n = 0;
	const char *mid = "perf Manual";
	int gap, used;

	/* "perf-stat(1)" -> "PERF-STAT(1)" */
	for (size_t i = 0; i < len && n < sizeof(name) - 1; i++)
		name[n++] = toupper((unsigned char)title[i]);
	name[n] = '\0';
	used = 2 * (int)n + (int)strlen(mid);
	gap = width > used ? width - used : 2;
	strbuf_addf(out, "%s%*s%s%*s%s\n", name, gap / 2, "", mid, gap - gap / 2, "", name);
}

void render_asciidoc(const char *text, int width, struct strbuf *out)
{
	const char *p = text;
	bool in_literal = false, after_label = false, header_done = false;
	int body_indent = BODY_INDENT;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *next = eol ? eol + 1 : p + len;
		const char *nl_end = strchr(next, '\n');
		size_t next_len = nl_end ? (size_t)(nl_end - next) : strlen(next);

		/* title: "perf-stat(1)" over "=====" */
		if (!header_done && *next && is_underline(next, next_len, '=')) {
			add_header(out, p, len, width);
			header_done = true;
			p = nl_end ? nl_end + 1 : next + next_len;
			continue;
		}
		/* literal block fences */
		if (len >= 4 && (is_underline(p, len, '-') || is_underline(p, len, '.'))) {
			in_literal = !in_literal;
			p = next;
			continue;
		}
		if (in_literal) {
			strbuf_addchars(out, ' ', body_indent + 4);
			strbuf_add(out, p, len);
			strbuf_addch(out, '\n');
			p = next;
			continue;
		}
		/* section heading: "OPTIONS" over "-------" */
		if (len && *next && is_underline(next, next_len, '-') && next_len + 2 >= len &&
		    next_len <= len + 2 && !isspace((unsigned char)*p)) {
			if (out->len && (out->len < 2 || out->buf[out->len - 2] != '\n'))
				strbuf_addch(out, '\n');
			for (size_t i = 0; i < len; i++)
				strbuf_addch(out, toupper((unsigned char)p[i]));
			strbuf_addch(out, '\n');
			body_indent = BODY_INDENT;
			after_label = false;
			p = nl_end ? nl_end + 1 : next + next_len;
			continue;
		}
		if ((len == 7 && !strncmp(p, "[verse]", 7)) || (len == 1 && *p == '+')) {
			p = next;
			continue;
		}
		/* option labels: "-e::", "--event=::" (consecutive ones share a line) */
		if (len > 2 && !strncmp(p + len - 2, "::", 2) && !isspace((unsigned char)*p)) {
			if (after_label) {
				strbuf_setlen(out, out->len - 1);
				strbuf_addstr(out, ", ");
			} else {
				strbuf_addchars(out, ' ', BODY_INDENT);
			}
			add_inline(out, p, len - 2);
			strbuf_addch(out, '\n');
			after_label = true;
			body_indent = ITEM_INDENT;
			p = next;
			continue;
		}
		after_label = false;
		if (!len) {
			strbuf_addch(out, '\n');
			p = next;
			continue;
		}
		{
			const char *s = p;
			size_t l = len;
			int extra = 0;

			/* a tab-indented description keeps the item indent; deeper indents are kept */
			while (l && (*s == '\t' || *s == ' ')) {
				extra += *s == '\t' ? 8 : 1;
				s++;
				l--;
			}
			extra = extra > 8 ? extra - 8 : 0;
			if (body_indent == ITEM_INDENT && p[0] != '\t' && p[0] != ' ' &&
			    out->len >= 2 && out->buf[out->len - 1] == '\n' && out->buf[out->len - 2] == '\n')
				body_indent = BODY_INDENT;	/* back to plain text after a blank line */
			add_line(out, body_indent + extra, s, l);
		}
		p = next;
	}
}
