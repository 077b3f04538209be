// SPDX-License-Identifier: GPL-2.0
/* Kernel function arguments from BTF. */
#include "probe-btf.h"
#include "debug.h"
#include "io.h"
#include "probe-event.h"
#include "strbuf.h"
#include <errno.h>
#include <stdio.h>

#define BTF_MAGIC 0xeB9F

enum {
	BTF_KIND_INT = 1, BTF_KIND_PTR, BTF_KIND_ARRAY, BTF_KIND_STRUCT, BTF_KIND_UNION,
	BTF_KIND_ENUM, BTF_KIND_FWD, BTF_KIND_TYPEDEF, BTF_KIND_VOLATILE, BTF_KIND_CONST,
	BTF_KIND_RESTRICT, BTF_KIND_FUNC, BTF_KIND_FUNC_PROTO, BTF_KIND_VAR, BTF_KIND_DATASEC,
	BTF_KIND_FLOAT, BTF_KIND_DECL_TAG, BTF_KIND_TYPE_TAG, BTF_KIND_ENUM64,
};

struct btf_header {
	u16 magic;
	u8 version;
	u8 flags;
	u32 hdr_len;
	u32 type_off;
	u32 type_len;
	u32 str_off;
	u32 str_len;
};

struct btf_type {
	u32 name_off;
	u32 info;
	u32 size_type;		/* size, or the referenced type */
};

struct btf {
	char *data;
	size_t size;
	const char *strs;
	u32 str_len;
	const struct btf_type **types;	/* by id, 0 is void */
	u32 nr_types;
};

static int kind(const struct btf_type *t)
{
	return (t->info >> 24) & 0x1f;
}

static u32 vlen(const struct btf_type *t)
{
	return t->info & 0xffff;
}

static const char *btf_str(const struct btf *btf, u32 off)
{
	return off < btf->str_len ? btf->strs + off : "";
}

/* Bytes after the common header for each kind. */
static size_t extra_size(const struct btf_type *t)
{
	switch (kind(t)) {
	case BTF_KIND_INT: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return 12;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_DATASEC: case BTF_KIND_ENUM64:
		return 12 * (size_t)vlen(t);
	case BTF_KIND_ENUM: case BTF_KIND_FUNC_PROTO:
		return 8 * (size_t)vlen(t);
	default:
		return 0;
	}
}

struct btf *btf__load(const char *path)
{
	struct btf *btf = xzalloc(sizeof(*btf));
	struct btf_header h;
	size_t alloc = 0, pos, end;
	int err;

	err = filename__read_str(path, &btf->data, &btf->size);
	if (err) {
		free(btf);
		errno = -err;
		return NULL;
	}
	if (btf->size < sizeof(h))
		goto bad;
	memcpy(&h, btf->data, sizeof(h));
	if (h.magic != BTF_MAGIC || (u64)h.hdr_len + h.str_off + h.str_len > btf->size ||
	    (u64)h.hdr_len + h.type_off + h.type_len > btf->size)
		goto bad;
	btf->strs = btf->data + h.hdr_len + h.str_off;
	btf->str_len = h.str_len;
	pos = h.hdr_len + h.type_off;
	end = pos + h.type_len;
	ALLOC_GROW(btf->types, 1, alloc);
	btf->types[btf->nr_types++] = NULL;
	while (pos + sizeof(struct btf_type) <= end) {
		const struct btf_type *t = (const struct btf_type *)(btf->data + pos);

		ALLOC_GROW(btf->types, btf->nr_types + 1, alloc);
		btf->types[btf->nr_types++] = t;
		pos += sizeof(*t) + extra_size(t);
	}
	if (pos != end)
		goto bad;
	return btf;
bad:
	btf__delete(btf);
	errno = EINVAL;
	return NULL;
}

void btf__delete(struct btf *btf)
{
	if (!btf)
		return;
	free(btf->types);
	free(btf->data);
	free(btf);
}

static const struct btf_type *btf_type(const struct btf *btf, u32 id)
{
	return id < btf->nr_types ? btf->types[id] : NULL;
}

/* Skip typedefs, qualifiers and type tags; *user is set on a "user" tag (__user). */
static u32 btf_resolve(const struct btf *btf, u32 id, bool *user)
{
	for (int i = 0; i < 64; i++) {
		const struct btf_type *t = btf_type(btf, id);

		if (!t)
			return 0;
		switch (kind(t)) {
		case BTF_KIND_TYPE_TAG:
			if (user && !strcmp(btf_str(btf, t->name_off), "user"))
				*user = true;
			/* fall through */
		case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT:
			id = t->size_type;
			continue;
		default:
			return id;
		}
	}
	return 0;
}

static long btf_size(const struct btf *btf, u32 id)
{
	const struct btf_type *t = btf_type(btf, btf_resolve(btf, id, NULL));

	if (!t)
		return -1;
	switch (kind(t)) {
	case BTF_KIND_PTR:
		return 8;
	case BTF_KIND_ARRAY: {
		const u32 *a = (const u32 *)(t + 1);

		return btf_size(btf, a[0]) * (long)a[2];
	}
	case BTF_KIND_INT: case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
		return t->size_type;
	default:
		return -1;
	}
}

static const struct btf_type *find_func(const struct btf *btf, const char *name)
{
	for (u32 i = 1; i < btf->nr_types; i++) {
		const struct btf_type *t = btf->types[i];

		if (kind(t) == BTF_KIND_FUNC && !strcmp(btf_str(btf, t->name_off), name))
			return btf_type(btf, t->size_type);
	}
	return NULL;
}

/* Where a value is: in memory at base+off (is_addr), or the fetch expression itself. */
struct bloc {
	struct strbuf base;
	bool is_addr;
	bool user;
	long off;
};

static void bloc_value(const struct bloc *b, struct strbuf *out)
{
	if (b->is_addr)
		strbuf_addf(out, "+%s%ld(%s)", b->user ? "u" : "", b->off, b->base.buf);
	else
		strbuf_addstr(out, b->base.buf);
}

static void bloc_deref(struct bloc *b, long off, bool user)
{
	struct strbuf v = STRBUF_INIT;

	bloc_value(b, &v);
	strbuf_release(&b->base);
	b->base = v;
	b->is_addr = true;
	b->off = off;
	b->user = user;
}

static const char *const arg_regs[] = { "%di", "%si", "%dx", "%cx", "%r8", "%r9" };

static const char *type_suffix(const struct btf *btf, u32 id, char *buf, size_t size)
{
	const struct btf_type *t = btf_type(btf, btf_resolve(btf, id, NULL));
	long bytes = btf_size(btf, id);

	if (!t || (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8))
		return NULL;
	switch (kind(t)) {
	case BTF_KIND_INT: {
		u32 enc = *(const u32 *)(t + 1) >> 24;

		snprintf(buf, size, "%c%ld", (enc & 1) ? 's' : 'u', bytes * 8);
		return buf;
	}
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		snprintf(buf, size, "%c%ld", (t->info >> 31) ? 's' : 'u', bytes * 8);
		return buf;
	default:
		snprintf(buf, size, "x%ld", bytes * 8);
		return buf;
	}
}

/* A member of a struct/union: its type, and its offset in bits; anonymous members searched. */
static bool find_member(const struct btf *btf, const struct btf_type *st, const char *name,
			u32 *type, long *bit_off, int *bit_size)
{
	const u32 *m = (const u32 *)(st + 1);
	bool kflag = st->info >> 31;

	for (u32 i = 0; i < vlen(st); i++, m += 3) {
		long off = kflag ? (long)(m[2] & 0xffffff) : (long)m[2];
		int bsize = kflag ? (int)(m[2] >> 24) : 0;
		const char *n = btf_str(btf, m[0]);

		if (*n && !strcmp(n, name)) {
			*type = m[1];
			*bit_off = off;
			*bit_size = bsize;
			return true;
		}
		if (!*n) {
			const struct btf_type *inner = btf_type(btf, btf_resolve(btf, m[1], NULL));

			if (inner && (kind(inner) == BTF_KIND_STRUCT || kind(inner) == BTF_KIND_UNION) &&
			    find_member(btf, inner, name, type, bit_off, bit_size)) {
				*bit_off += off;
				return true;
			}
		}
	}
	return false;
}

static int convert_one(const struct btf *btf, const struct perf_probe_arg *pa, u32 type, int idx,
		       struct probe_trace_event *tev, const char *name)
{
	struct bloc b = { .base = STRBUF_INIT };
	struct strbuf val = STRBUF_INIT;
	char tbuf[32], *bitfield = NULL;
	const char *tstr;
	int ret = -EINVAL;

	if (idx < 6) {
		strbuf_addstr(&b.base, arg_regs[idx]);
	} else {
		strbuf_addstr(&b.base, "%sp");
		b.is_addr = true;
		b.off = 8L * (idx - 5);	/* above the return address */
	}
	for (const struct perf_probe_arg_field *f = pa->field; f; f = f->next) {
		bool user = false;
		u32 rid = btf_resolve(btf, type, &user);
		const struct btf_type *t = btf_type(btf, rid);

		if (!t) {
			pr_err("%s: cannot access a member of a void value.\n", pa->var);
			goto out;
		}
		if (!f->name) {
			if (kind(t) == BTF_KIND_PTR) {
				bool u2 = false;
				u32 elem = t->size_type;

				btf_resolve(btf, elem, &u2);
				bloc_deref(&b, f->index * btf_size(btf, elem), user || u2);
				type = elem;
			} else if (kind(t) == BTF_KIND_ARRAY && b.is_addr) {
				const u32 *a = (const u32 *)(t + 1);

				b.off += f->index * btf_size(btf, a[0]);
				type = a[0];
			} else {
				pr_err("%s is not an array nor a pointer: cannot use [%ld].\n", pa->var, f->index);
				goto out;
			}
			continue;
		}
		if (kind(t) == BTF_KIND_PTR) {
			bool u2 = false;
			u32 pointee = btf_resolve(btf, t->size_type, &u2);

			if (!f->ref) {
				pr_err("Semantic error: %s must be referred by '->'\n", f->name);
				goto out;
			}
			t = btf_type(btf, pointee);
			bloc_deref(&b, 0, user || u2);
		} else if (f->ref) {
			pr_err("Semantic error: %s must be referred by '.'\n", f->name);
			goto out;
		}
		if (!t || (kind(t) != BTF_KIND_STRUCT && kind(t) != BTF_KIND_UNION)) {
			pr_err("%s is not a data structure nor a union.\n", pa->var);
			goto out;
		}
		{
			long bit_off;
			int bit_size;

			if (!find_member(btf, t, f->name, &type, &bit_off, &bit_size)) {
				pr_err("%s(type:%s) has no member %s.\n", pa->var, btf_str(btf, t->name_off),
				       f->name);
				goto out;
			}
			if (!b.is_addr) {
				pr_err("%s is in a register: members of it cannot be fetched.\n", pa->var);
				goto out;
			}
			free(bitfield);
			bitfield = NULL;
			if (bit_size) {
				long cbits = btf_size(btf, type) * 8, start;

				if (cbits <= 0 || cbits > 64)
					cbits = 32;
				start = bit_off / cbits * cbits;
				b.off += start / 8;
				bitfield = xasprintf("b%d@%ld/%ld", bit_size, bit_off - start, cbits);
			} else {
				b.off += bit_off / 8;
			}
		}
	}
	if (pa->type && (!strcmp(pa->type, "string") || !strcmp(pa->type, "ustring"))) {
		bool user = false;
		const struct btf_type *t = btf_type(btf, btf_resolve(btf, type, &user));

		if (!t || (kind(t) != BTF_KIND_PTR && kind(t) != BTF_KIND_ARRAY)) {
			pr_err("Failed to cast into string: %s is not a pointer nor array.\n", pa->var);
			goto out;
		}
		if (kind(t) == BTF_KIND_PTR) {
			btf_resolve(btf, t->size_type, &user);
			bloc_deref(&b, 0, false);
		}
		tstr = user ? "ustring" : pa->type;
	} else if (pa->type) {
		tstr = pa->type;
	} else if (bitfield) {
		tstr = bitfield;
	} else {
		tstr = type_suffix(btf, type, tbuf, sizeof(tbuf));
	}
	bloc_value(&b, &val);
	probe_trace_event__add_arg(tev, name, val.buf, tstr);
	ret = 0;
out:
	free(bitfield);
	strbuf_release(&val);
	strbuf_release(&b.base);
	return ret;
}

int btf__convert_args(struct btf *btf, const char *func, const struct perf_probe_event *pev,
		      struct probe_trace_event *tev)
{
	const struct btf_type *proto = find_func(btf, func);
	const u32 *params;

	if (!proto || kind(proto) != BTF_KIND_FUNC_PROTO)
		return -ENOENT;
	params = (const u32 *)(proto + 1);
	for (int i = 0; i < pev->nargs; i++) {
		const struct perf_probe_arg *pa = &pev->args[i];
		bool all = !strcmp(pa->var, "$params") || !strcmp(pa->var, "$vars");
		bool found = false;

		if (!all && perf_probe_arg_is_raw(pa)) {
			probe_trace_event__add_arg(tev, pa->name, pa->var, pa->type);
			continue;
		}
		for (u32 k = 0; k < vlen(proto); k++) {
			const char *pname = btf_str(btf, params[2 * k]);
			struct perf_probe_arg one = { .var = (char *)pname };
			char *name;
			int ret;

			if (!*pname || (!all && strcmp(pname, pa->var)))
				continue;
			found = true;
			name = all ? xstrdup(pname) : perf_probe_arg__default_name(pa);
			ret = convert_one(btf, all ? &one : pa, params[2 * k + 1], (int)k, tev, name);
			free(name);
			if (ret)
				return ret;
			if (!all)
				break;
		}
		if (!found && !all) {
			pr_err("%s has no parameter '%s' (BTF knows only parameters at the function's entry;\n"
			       "local variables and lines need a vmlinux with DWARF, -k).\n", func, pa->var);
			return -EINVAL;
		}
	}
	return 0;
}
