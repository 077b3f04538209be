// SPDX-License-Identifier: GPL-2.0
/*
 * Demangling: C++ through libiberty (what the reference is linked with),
 * Rust legacy and v0 and OCaml written here.
 *
 * The Rust printer follows the conventions of the reference's demangler in
 * its default (non-verbose) mode: no legacy "::h<hash>" segment, no "[hash]"
 * after crate names, integer constants without a type suffix. Constants
 * libiberty cannot print (str, references, arrays, tuples, ADTs) are printed
 * here the way rustc-demangle prints them.
 */
#include <ctype.h>
#include "demangle.h"
#include "strbuf.h"

/* --- OCaml: "caml" + Upper, "__" -> ".", "$xx" -> byte --- */

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

char *ocaml_demangle(const char *name)
{
	const char *p = name + 4;
	char *out, *o;

	if (strncmp(name, "caml", 4) || !isupper((unsigned char)name[4]))
		return NULL;
	out = o = xmalloc(strlen(name) + 1);
	while (*p) {
		if (p[0] == '_' && p[1] == '_') {
			*o++ = '.';
			p += 2;
		} else if (p[0] == '$' && hexval(p[1]) >= 0 && hexval(p[2]) >= 0) {
			*o++ = (char)(hexval(p[1]) << 4 | hexval(p[2]));
			p += 3;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

/* --- Rust --- */

#define RUST_MAX_DEPTH 300

struct rdm {
	const char *sym;	/* after the "_R" / "_ZN" prefix */
	size_t len;
	size_t next;
	struct strbuf *out;
	int skipping;		/* > 0: parse without printing */
	bool errored;
	bool legacy;
	unsigned int depth;
	u64 bound_lifetimes;	/* binder depth for lifetime names */
};

struct rust_ident {
	const char *ascii;
	size_t ascii_len;
	const char *puny;
	size_t puny_len;
};

static char rdm_peek(struct rdm *r)
{
	return r->next < r->len ? r->sym[r->next] : 0;
}

static char rdm_next(struct rdm *r)
{
	if (r->next >= r->len) {
		r->errored = true;
		return 0;
	}
	return r->sym[r->next++];
}

static bool rdm_eat(struct rdm *r, char c)
{
	if (rdm_peek(r) == c) {
		r->next++;
		return true;
	}
	return false;
}

static void rdm_print(struct rdm *r, const char *s, size_t len)
{
	if (!r->errored && !r->skipping && len)
		strbuf_add(r->out, s, len);
}

static void rdm_puts(struct rdm *r, const char *s)
{
	rdm_print(r, s, strlen(s));
}

static void rdm_print_u64(struct rdm *r, u64 v)
{
	char buf[24];

	rdm_print(r, buf, snprintf(buf, sizeof(buf), "%llu", (unsigned long long)v));
}

static u64 rdm_integer62(struct rdm *r)
{
	u64 x = 0;

	if (rdm_eat(r, '_'))
		return 0;
	while (!r->errored && !rdm_eat(r, '_')) {
		char c = rdm_next(r);

		x *= 62;
		if (isdigit((unsigned char)c))
			x += c - '0';
		else if (islower((unsigned char)c))
			x += 10 + (c - 'a');
		else if (isupper((unsigned char)c))
			x += 36 + (c - 'A');
		else
			r->errored = true;
	}
	return x + 1;
}

static u64 rdm_opt_integer62(struct rdm *r, char tag)
{
	if (!rdm_eat(r, tag))
		return 0;
	return 1 + rdm_integer62(r);
}

static struct rust_ident rdm_ident(struct rdm *r)
{
	struct rust_ident id = { NULL, 0, NULL, 0 };
	bool puny = !r->legacy && rdm_eat(r, 'u');
	char c = rdm_next(r);
	size_t len;

	if (!isdigit((unsigned char)c)) {
		r->errored = true;
		return id;
	}
	len = c - '0';
	if (c != '0') {
		while (isdigit((unsigned char)rdm_peek(r))) {
			len = len * 10 + (rdm_next(r) - '0');
			if (len > r->len) {
				r->errored = true;
				return id;
			}
		}
	}
	if (!r->legacy)
		rdm_eat(r, '_');
	if (len > r->len - r->next) {
		r->errored = true;
		return id;
	}
	id.ascii = r->sym + r->next;
	id.ascii_len = len;
	r->next += len;
	if (puny) {
		/* the last '_' separates the ASCII part from the punycode deltas */
		size_t i = len;

		while (i > 0 && id.ascii[i - 1] != '_')
			i--;
		id.puny = id.ascii + i;
		id.puny_len = len - i;
		id.ascii_len = i ? i - 1 : 0;
		if (!id.puny_len)
			r->errored = true;
	}
	if (!id.ascii_len)
		id.ascii = NULL;
	return id;
}

static void put_utf8(struct strbuf *sb, u32 c)
{
	if (c < 0x80) {
		strbuf_addch(sb, (int)c);
	} else if (c < 0x800) {
		strbuf_addch(sb, 0xc0 | (c >> 6));
		strbuf_addch(sb, 0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		strbuf_addch(sb, 0xe0 | (c >> 12));
		strbuf_addch(sb, 0x80 | ((c >> 6) & 0x3f));
		strbuf_addch(sb, 0x80 | (c & 0x3f));
	} else {
		strbuf_addch(sb, 0xf0 | (c >> 18));
		strbuf_addch(sb, 0x80 | ((c >> 12) & 0x3f));
		strbuf_addch(sb, 0x80 | ((c >> 6) & 0x3f));
		strbuf_addch(sb, 0x80 | (c & 0x3f));
	}
}

static u64 puny_adapt(u64 delta, u64 points, bool first)
{
	u64 k = 0;

	delta = first ? delta / 700 : delta / 2;
	delta += delta / points;
	while (delta > 35 * 26 / 2) {
		delta /= 35;
		k += 36;
	}
	return k + 36 * delta / (delta + 38);
}

#define PUNY_MAX 1024

/* RFC 3492 decoding, with Rust's '_' delimiter. */
static bool punycode_decode(const struct rust_ident *id, struct strbuf *sb)
{
	u32 out[PUNY_MAX];
	size_t n_out = 0, p = 0;
	u64 n = 0x80, i = 0, bias = 72;

	for (size_t k = 0; k < id->ascii_len; k++) {
		if (n_out >= PUNY_MAX)
			return false;
		out[n_out++] = (unsigned char)id->ascii[k];
	}
	while (p < id->puny_len) {
		u64 old_i = i, w = 1;

		for (u64 k = 36;; k += 36) {
			int c, d;
			u64 t;

			if (p >= id->puny_len)
				return false;
			c = id->puny[p++];
			if (c >= 'a' && c <= 'z')
				d = c - 'a';
			else if (c >= '0' && c <= '9')
				d = 26 + c - '0';
			else
				return false;
			if ((u64)d > (UINT32_MAX - i) / w)
				return false;
			i += d * w;
			t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
			if ((u64)d < t)
				break;
			w *= 36 - t;
			if (w > UINT32_MAX)
				return false;
		}
		bias = puny_adapt(i - old_i, n_out + 1, old_i == 0);
		n += i / (n_out + 1);
		i %= n_out + 1;
		if (n > 0x10ffff || n_out >= PUNY_MAX)
			return false;
		memmove(&out[i + 1], &out[i], (n_out - i) * sizeof(out[0]));
		out[i++] = (u32)n;
		n_out++;
	}
	for (size_t k = 0; k < n_out; k++)
		put_utf8(sb, out[k]);
	return true;
}

/* A legacy "$LT$"-style escape at e: the character, with *elen its length; 0 if none. */
static char legacy_escape(const char *e, size_t len, size_t *elen)
{
	static const struct { const char *code; char c; } codes[] = {
		{ "SP", '@' }, { "BP", '*' }, { "RF", '&' }, { "LT", '<' },
		{ "GT", '>' }, { "LP", '(' }, { "RP", ')' },
	};
	size_t n = 0;
	char c = 0;

	if (len < 3 || e[0] != '$')
		return 0;
	e++;
	len--;
	if (e[0] == 'C') {
		n = 1;
		c = ',';
	} else if (len > 2) {
		n = 2;
		for (size_t i = 0; i < ARRAY_SIZE(codes); i++) {
			if (e[0] == codes[i].code[0] && e[1] == codes[i].code[1])
				c = codes[i].c;
		}
		if (e[0] == 'u' && len > 3) {
			int hi = islower((unsigned char)e[1]) || isdigit((unsigned char)e[1]) ? hexval(e[1]) : -1;
			int lo = islower((unsigned char)e[2]) || isdigit((unsigned char)e[2]) ? hexval(e[2]) : -1;

			n = 3;
			if (hi < 0 || lo < 0 || hi > 7)
				return 0;
			c = (char)(hi << 4 | lo);
			if (iscntrl((unsigned char)c))
				return 0;
		}
	}
	if (!c || len <= n || e[n] != '$')
		return 0;
	*elen = n + 2;
	return c;
}

static void rdm_print_legacy_ident(struct rdm *r, const char *s, size_t len)
{
	/* the mangler puts '_' before an escape to start with an identifier character */
	if (len >= 2 && s[0] == '_' && s[1] == '$') {
		s++;
		len--;
	}
	while (len > 0) {
		size_t n = 0;

		if (s[0] == '$') {
			char c = legacy_escape(s, len, &n);

			if (!c) {
				rdm_print(r, s, len);
				return;
			}
			rdm_print(r, &c, 1);
		} else if (s[0] == '.') {
			if (len >= 2 && s[1] == '.') {
				rdm_puts(r, "::");
				n = 2;
			} else {
				rdm_puts(r, ".");
				n = 1;
			}
		} else {
			while (n < len && s[n] != '$' && s[n] != '.')
				n++;
			rdm_print(r, s, n);
		}
		s += n;
		len -= n;
	}
}

static void rdm_print_ident(struct rdm *r, const struct rust_ident *id)
{
	if (r->errored || r->skipping)
		return;
	if (r->legacy) {
		rdm_print_legacy_ident(r, id->ascii, id->ascii_len);
		return;
	}
	if (!id->puny) {
		rdm_print(r, id->ascii, id->ascii_len);
		return;
	}
	if (!punycode_decode(id, r->out))
		r->errored = true;
}

static void rdm_print_lifetime(struct rdm *r, u64 lt)
{
	u64 depth;

	rdm_puts(r, "'");
	if (lt == 0) {
		rdm_puts(r, "_");
		return;
	}
	/* an index past the binders is malformed; printed as libiberty does (wrapped) */
	depth = r->bound_lifetimes - lt;
	if (depth < 26) {
		char c = (char)('a' + depth);

		rdm_print(r, &c, 1);
	} else {
		rdm_puts(r, "_");
		rdm_print_u64(r, depth);
	}
}

static void rdm_binder(struct rdm *r)
{
	u64 n = rdm_opt_integer62(r, 'G');

	if (!n || r->errored)
		return;
	rdm_puts(r, "for<");
	for (u64 i = 0; i < n && !r->errored; i++) {
		if (i)
			rdm_puts(r, ", ");
		r->bound_lifetimes++;
		rdm_print_lifetime(r, 1);
	}
	rdm_puts(r, "> ");
}

static void rdm_path(struct rdm *r, bool in_value);
static void rdm_type(struct rdm *r);
static void rdm_const(struct rdm *r, bool in_value);

/* Follow a backref "B<base62>" (the 'B' already eaten) with fn, unless skipping. */
static void rdm_backref(struct rdm *r, void (*fn)(struct rdm *, bool), bool arg)
{
	size_t at = r->next - 1;
	u64 pos = rdm_integer62(r);
	size_t saved;

	if (r->errored)
		return;
	if (pos >= at) {
		r->errored = true;
		return;
	}
	if (r->skipping)
		return;
	saved = r->next;
	r->next = pos;
	fn(r, arg);
	r->next = saved;
}

static void rdm_type_fn(struct rdm *r, bool unused)
{
	(void)unused;
	rdm_type(r);
}

static const char *rust_basic_type(char tag)
{
	switch (tag) {
	case 'a': return "i8";
	case 'b': return "bool";
	case 'c': return "char";
	case 'd': return "f64";
	case 'e': return "str";
	case 'f': return "f32";
	case 'h': return "u8";
	case 'i': return "isize";
	case 'j': return "usize";
	case 'l': return "i32";
	case 'm': return "u32";
	case 'n': return "i128";
	case 'o': return "u128";
	case 'p': return "_";
	case 's': return "i16";
	case 't': return "u16";
	case 'u': return "()";
	case 'v': return "...";
	case 'x': return "i64";
	case 'y': return "u64";
	case 'z': return "!";
	default: return NULL;
	}
}

static void rdm_generic_arg(struct rdm *r)
{
	if (rdm_eat(r, 'L'))
		rdm_print_lifetime(r, rdm_integer62(r));
	else if (rdm_eat(r, 'K'))
		rdm_const(r, true);
	else
		rdm_type(r);
}

/* Generic args up to 'E', comma separated. Returns their number. */
static size_t rdm_generic_args(struct rdm *r)
{
	size_t i;

	for (i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
		if (i)
			rdm_puts(r, ", ");
		rdm_generic_arg(r);
	}
	return i;
}

/* A path whose generic args, if any, are left open ("Trait<A, B"): for dyn bindings. */
static bool rdm_path_open_generics(struct rdm *r)
{
	bool open = false;

	if (rdm_eat(r, 'B')) {
		size_t at = r->next - 1, saved;
		u64 pos = rdm_integer62(r);

		if (r->errored || pos >= at) {
			r->errored = true;
			return false;
		}
		if (r->skipping)
			return false;
		saved = r->next;
		r->next = pos;
		open = rdm_path_open_generics(r);
		r->next = saved;
	} else if (rdm_eat(r, 'I')) {
		rdm_path(r, false);
		rdm_puts(r, "<");
		rdm_generic_args(r);
		open = true;
	} else {
		rdm_path(r, false);
	}
	return open;
}

static void rdm_dyn_trait(struct rdm *r)
{
	bool open = rdm_path_open_generics(r);

	while (!r->errored && rdm_eat(r, 'p')) {
		struct rust_ident id;

		rdm_puts(r, open ? ", " : "<");
		open = true;
		id = rdm_ident(r);
		rdm_print_ident(r, &id);
		rdm_puts(r, " = ");
		rdm_type(r);
	}
	if (open)
		rdm_puts(r, ">");
}

static void rdm_fn_sig(struct rdm *r)
{
	u64 saved = r->bound_lifetimes;

	rdm_binder(r);
	if (rdm_eat(r, 'U'))
		rdm_puts(r, "unsafe ");
	if (rdm_eat(r, 'K')) {
		rdm_puts(r, "extern \"");
		if (rdm_eat(r, 'C')) {
			rdm_puts(r, "C");
		} else {
			struct rust_ident abi = rdm_ident(r);

			if (abi.puny)
				r->errored = true;
			/* '-' in ABI names were mangled as '_' */
			for (size_t i = 0; i < abi.ascii_len && !r->errored; i++)
				rdm_print(r, abi.ascii[i] == '_' ? "-" : &abi.ascii[i], 1);
		}
		rdm_puts(r, "\" ");
	}
	rdm_puts(r, "fn(");
	for (size_t i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
		if (i)
			rdm_puts(r, ", ");
		rdm_type(r);
	}
	rdm_puts(r, ")");
	if (!rdm_eat(r, 'u')) {
		rdm_puts(r, " -> ");
		rdm_type(r);
	}
	r->bound_lifetimes = saved;
}

static void rdm_dyn(struct rdm *r)
{
	u64 saved = r->bound_lifetimes, lt;

	rdm_puts(r, "dyn ");
	rdm_binder(r);
	for (size_t i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
		if (i)
			rdm_puts(r, " + ");
		rdm_dyn_trait(r);
	}
	r->bound_lifetimes = saved;
	if (!rdm_eat(r, 'L')) {
		r->errored = true;
		return;
	}
	lt = rdm_integer62(r);
	if (lt) {
		rdm_puts(r, " + ");
		rdm_print_lifetime(r, lt);
	}
}

static void rdm_type(struct rdm *r)
{
	char tag;
	const char *basic;
	size_t i;

	if (r->errored)
		return;
	tag = rdm_next(r);
	basic = rust_basic_type(tag);
	if (basic) {
		rdm_puts(r, basic);
		return;
	}
	if (++r->depth > RUST_MAX_DEPTH) {
		r->errored = true;
		return;
	}
	switch (tag) {
	case 'R':
	case 'Q':
		rdm_puts(r, "&");
		if (rdm_eat(r, 'L')) {
			u64 lt = rdm_integer62(r);

			if (lt) {
				rdm_print_lifetime(r, lt);
				rdm_puts(r, " ");
			}
		}
		if (tag == 'Q')
			rdm_puts(r, "mut ");
		rdm_type(r);
		break;
	case 'P':
		rdm_puts(r, "*const ");
		rdm_type(r);
		break;
	case 'O':
		rdm_puts(r, "*mut ");
		rdm_type(r);
		break;
	case 'A':
	case 'S':
		rdm_puts(r, "[");
		rdm_type(r);
		if (tag == 'A') {
			rdm_puts(r, "; ");
			rdm_const(r, true);
		}
		rdm_puts(r, "]");
		break;
	case 'T':
		rdm_puts(r, "(");
		for (i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
			if (i)
				rdm_puts(r, ", ");
			rdm_type(r);
		}
		if (i == 1)
			rdm_puts(r, ",");
		rdm_puts(r, ")");
		break;
	case 'F':
		rdm_fn_sig(r);
		break;
	case 'D':
		rdm_dyn(r);
		break;
	case 'B':
		rdm_backref(r, rdm_type_fn, false);
		break;
	default:
		r->next--;	/* a path: let it see its tag */
		rdm_path(r, false);
		break;
	}
	r->depth--;
}

/* Hex nibbles up to '_': their number, the value in *v (low 64 bits). */
static size_t rdm_hex(struct rdm *r, u64 *v)
{
	size_t n = 0;

	*v = 0;
	while (!r->errored && !rdm_eat(r, '_')) {
		int d = rdm_next(r);

		d = islower(d) || isdigit(d) ? hexval(d) : -1;
		if (d < 0) {
			r->errored = true;
			return 0;
		}
		*v = *v << 4 | (u64)d;
		n++;
	}
	return n;
}

static void rdm_const_uint(struct rdm *r)
{
	size_t start = r->next;
	u64 v;
	size_t n = rdm_hex(r, &v);

	if (r->errored)
		return;
	if (n > 16) {
		rdm_puts(r, "0x");
		rdm_print(r, r->sym + start, n);
	} else if (n > 0) {
		rdm_print_u64(r, v);
	} else {
		r->errored = true;
	}
}

static void rdm_const_char(struct rdm *r)
{
	u64 v;
	size_t n = rdm_hex(r, &v);
	char buf[32];

	if (r->errored || n == 0 || n > 8) {
		r->errored = true;
		return;
	}
	rdm_puts(r, "'");
	if (v == '\t') {
		rdm_puts(r, "\\t");
	} else if (v == '\r') {
		rdm_puts(r, "\\r");
	} else if (v == '\n') {
		rdm_puts(r, "\\n");
	} else if (v > ' ' && v < '~') {
		char c = (char)v;

		rdm_print(r, &c, 1);
	} else {
		rdm_print(r, buf, snprintf(buf, sizeof(buf), "\\u{%llx}", (unsigned long long)v));
	}
	rdm_puts(r, "'");
}

/* A string constant: hex-encoded UTF-8 bytes, printed as a quoted literal. */
static void rdm_const_str(struct rdm *r)
{
	rdm_puts(r, "\"");
	while (!r->errored && !rdm_eat(r, '_')) {
		int hi = hexval(rdm_next(r)), lo = hexval(rdm_next(r));
		char c;

		if (hi < 0 || lo < 0) {
			r->errored = true;
			return;
		}
		c = (char)(hi << 4 | lo);
		if (c == '"' || c == '\\')
			rdm_puts(r, "\\");
		rdm_print(r, &c, 1);
	}
	rdm_puts(r, "\"");
}

static void rdm_const_fn(struct rdm *r, bool in_value)
{
	rdm_const(r, in_value);
}

static void rdm_const(struct rdm *r, bool in_value)
{
	char tag;
	u64 v;
	size_t i;

	if (r->errored)
		return;
	tag = rdm_next(r);
	if (++r->depth > RUST_MAX_DEPTH) {
		r->errored = true;
		return;
	}
	switch (tag) {
	case 'p':
		rdm_puts(r, "_");
		break;
	case 'h': case 't': case 'm': case 'y': case 'o': case 'j':
		rdm_const_uint(r);
		break;
	case 'a': case 's': case 'l': case 'x': case 'n': case 'i':
		if (rdm_eat(r, 'n'))
			rdm_puts(r, "-");
		rdm_const_uint(r);
		break;
	case 'b':
		if (rdm_hex(r, &v) != 1 || v > 1)
			r->errored = true;
		else
			rdm_puts(r, v ? "true" : "false");
		break;
	case 'c':
		rdm_const_char(r);
		break;
	case 'e':
		rdm_puts(r, "*");
		rdm_const_str(r);
		break;
	case 'R':
	case 'Q':
		if (tag == 'R' && rdm_eat(r, 'e')) {
			rdm_const_str(r);
			break;
		}
		rdm_puts(r, tag == 'R' ? "&" : "&mut ");
		rdm_const(r, true);
		break;
	case 'A':
	case 'T':
		rdm_puts(r, tag == 'A' ? "[" : "(");
		for (i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
			if (i)
				rdm_puts(r, ", ");
			rdm_const(r, true);
		}
		if (tag == 'T' && i == 1)
			rdm_puts(r, ",");
		rdm_puts(r, tag == 'A' ? "]" : ")");
		break;
	case 'V':
		rdm_path(r, true);
		switch (rdm_next(r)) {
		case 'U':
			break;
		case 'T':
			rdm_puts(r, "(");
			for (i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
				if (i)
					rdm_puts(r, ", ");
				rdm_const(r, true);
			}
			rdm_puts(r, ")");
			break;
		case 'S':
			rdm_puts(r, " { ");
			for (i = 0; !r->errored && !rdm_eat(r, 'E'); i++) {
				struct rust_ident id;

				if (i)
					rdm_puts(r, ", ");
				rdm_opt_integer62(r, 's');
				id = rdm_ident(r);
				rdm_print_ident(r, &id);
				rdm_puts(r, ": ");
				rdm_const(r, true);
			}
			rdm_puts(r, " }");
			break;
		default:
			r->errored = true;
		}
		break;
	case 'B':
		rdm_backref(r, rdm_const_fn, in_value);
		break;
	default:
		r->errored = true;
	}
	r->depth--;
}

static void rdm_path(struct rdm *r, bool in_value)
{
	struct rust_ident id;
	char tag, ns;
	u64 dis;

	if (r->errored)
		return;
	if (++r->depth > RUST_MAX_DEPTH) {
		r->errored = true;
		return;
	}
	tag = rdm_next(r);
	switch (tag) {
	case 'C':
		rdm_opt_integer62(r, 's');
		id = rdm_ident(r);
		rdm_print_ident(r, &id);
		break;
	case 'N':
		ns = rdm_next(r);
		if (!islower((unsigned char)ns) && !isupper((unsigned char)ns)) {
			r->errored = true;
			break;
		}
		rdm_path(r, in_value);
		dis = rdm_opt_integer62(r, 's');
		id = rdm_ident(r);
		if (isupper((unsigned char)ns)) {
			/* closures, shims: "{closure#0}", "{shim:vtable#0}" */
			rdm_puts(r, "::{");
			if (ns == 'C')
				rdm_puts(r, "closure");
			else if (ns == 'S')
				rdm_puts(r, "shim");
			else
				rdm_print(r, &ns, 1);
			if (id.ascii || id.puny) {
				rdm_puts(r, ":");
				rdm_print_ident(r, &id);
			}
			rdm_puts(r, "#");
			rdm_print_u64(r, dis);
			rdm_puts(r, "}");
		} else if (id.ascii || id.puny) {
			rdm_puts(r, "::");
			rdm_print_ident(r, &id);
		}
		break;
	case 'M':
	case 'X':
		/* the impl's own path is not printed */
		rdm_opt_integer62(r, 's');
		r->skipping++;
		rdm_path(r, in_value);
		r->skipping--;
		/* fallthrough */
	case 'Y':
		rdm_puts(r, "<");
		rdm_type(r);
		if (tag != 'M') {
			rdm_puts(r, " as ");
			rdm_path(r, false);
		}
		rdm_puts(r, ">");
		break;
	case 'I':
		rdm_path(r, in_value);
		if (in_value)
			rdm_puts(r, "::");
		rdm_puts(r, "<");
		rdm_generic_args(r);
		rdm_puts(r, ">");
		break;
	case 'B':
		rdm_backref(r, rdm_path, in_value);
		break;
	default:
		r->errored = true;
	}
	r->depth--;
}

static char *rdm_result(struct rdm *r, struct strbuf *sb)
{
	if (r->errored) {
		strbuf_release(sb);
		return NULL;
	}
	return strbuf_detach(sb, NULL);
}

char *rust_demangle_v0(const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	struct rdm r = { .out = &sb };
	const char *p;

	if (name[0] == '_' && name[1] == 'R')
		r.sym = name + 2;
	else if (name[0] == 'R')
		r.sym = name + 1;	/* some tools strip one leading underscore */
	else if (name[0] == '_' && name[1] == '_' && name[2] == 'R')
		r.sym = name + 3;	/* Mach-O adds one */
	else
		return NULL;
	/* the path starts with an uppercase tag; a digit would be an encoding version */
	if (!isupper((unsigned char)r.sym[0]))
		return NULL;
	/* only [_0-9a-zA-Z] up to an optional ".suffix", which is not printed */
	for (p = r.sym; *p && *p != '.'; p++) {
		if (*p != '_' && !isalnum((unsigned char)*p))
			return NULL;
	}
	r.len = p - r.sym;
	rdm_path(&r, true);
	if (!r.errored && r.next < r.len) {
		/* the instantiating crate */
		r.skipping++;
		rdm_path(&r, false);
		r.skipping--;
	}
	if (r.next != r.len)
		r.errored = true;
	return rdm_result(&r, &sb);
}

/* "h" + 16 lowercase hex digits with at least 5 distinct ones: a legacy hash segment. */
static bool legacy_hash(const struct rust_ident *id)
{
	unsigned int seen = 0, count = 0;

	if (id->ascii_len != 17 || id->ascii[0] != 'h')
		return false;
	for (int i = 1; i < 17; i++) {
		int c = (unsigned char)id->ascii[i];
		int d = islower(c) || isdigit(c) ? hexval(c) : -1;

		if (d < 0)
			return false;
		seen |= 1u << d;
	}
	for (; seen; seen >>= 1)
		count += seen & 1;
	return count >= 5;
}

char *rust_demangle_legacy(const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	struct rdm r = { .out = &sb, .legacy = true };
	struct rust_ident id = { NULL, 0, NULL, 0 };
	bool dot_suffix = true;
	const char *p;

	if (strncmp(name, "_ZN", 3))
		return NULL;
	r.sym = name + 3;
	for (p = r.sym; *p; p++) {
		if (*p != '_' && !isalnum((unsigned char)*p) &&
		    *p != '$' && *p != '.' && *p != ':' && *p != '@')
			return NULL;
	}
	r.len = p - r.sym;
	/* ends with 'E', maybe followed by a ".suffix" that is ignored */
	while (r.len > 0 && !(dot_suffix && r.sym[r.len - 1] == 'E')) {
		dot_suffix = r.sym[r.len - 1] == '.';
		r.len--;
	}
	if (!r.len || r.sym[r.len - 1] != 'E')
		return NULL;
	r.len--;
	if (r.len <= 19 || memcmp(r.sym + r.len - 19, "17h", 3))
		return NULL;
	do {
		id = rdm_ident(&r);
		if (r.errored || !id.ascii)
			return NULL;
	} while (r.next < r.len);
	if (!legacy_hash(&id))
		return NULL;
	/* second pass: print everything but the hash */
	r.next = 0;
	r.len -= 19;
	do {
		if (r.next > 0)
			rdm_puts(&r, "::");
		id = rdm_ident(&r);
		rdm_print_ident(&r, &id);
	} while (!r.errored && r.next < r.len);
	return rdm_result(&r, &sb);
}

char *demangle_sym(const char *name, bool params)
{
	char *d;

	/* Rust first: legacy Rust names are also valid C++ names */
	d = rust_demangle_v0(name);
	if (!d)
		d = rust_demangle_legacy(name);
	if (!d)
		d = cxx_demangle(name, params);
	if (!d)
		d = ocaml_demangle(name);
	return d;
}
