// SPDX-License-Identifier: GPL-2.0
/* Symbols for probes: ELF symbol tables, PLT entries, kallsyms. */
#include "probe-symbols.h"
#include "debug.h"
#include "string2.h"
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

struct probe_elf *probe_elf__open(const char *path)
{
	struct probe_elf *pe;
	int fd, err;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	pe = xzalloc(sizeof(*pe));
	pe->fd = fd;
	pe->path = xstrdup(path);
	pe->elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!pe->elf || elf_kind(pe->elf) != ELF_K_ELF || !gelf_getehdr(pe->elf, &pe->ehdr)) {
		err = ENOEXEC;
		goto fail;
	}
	/* the GNU build-id note, when there is one */
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(pe->elf, scn)) != NULL;) {
		GElf_Shdr shdr;
		Elf_Data *data;
		GElf_Nhdr nhdr;
		size_t off = 0, noff, doff;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		while (data && (off = gelf_getnote(data, off, &nhdr, &noff, &doff)) > 0) {
			if (nhdr.n_type == NT_GNU_BUILD_ID && nhdr.n_namesz == 4 &&
			    !memcmp((char *)data->d_buf + noff, "GNU", 4) && nhdr.n_descsz <= 20) {
				memcpy(pe->build_id, (char *)data->d_buf + doff, nhdr.n_descsz);
				pe->build_id_size = nhdr.n_descsz;
			}
		}
	}
	return pe;
fail:
	probe_elf__delete(pe);
	errno = err;
	return NULL;
}

void probe_elf__delete(struct probe_elf *pe)
{
	if (!pe)
		return;
	if (pe->elf)
		elf_end(pe->elf);
	if (pe->fd >= 0)
		close(pe->fd);
	probe_symtab__exit(&pe->symtab);
	free(pe->path);
	free(pe);
}

void probe_elf__build_id_hex(const struct probe_elf *pe, char *buf)
{
	for (size_t i = 0; i < pe->build_id_size; i++)
		sprintf(buf + 2 * i, "%02x", pe->build_id[i]);
	buf[2 * pe->build_id_size] = '\0';
}

Elf_Scn *probe_elf__section_by_name(const struct probe_elf *pe, const char *name, GElf_Shdr *shdr)
{
	size_t shstrndx;

	if (elf_getshdrstrndx(pe->elf, &shstrndx))
		return NULL;
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(pe->elf, scn)) != NULL;) {
		const char *n;

		if (!gelf_getshdr(scn, shdr))
			continue;
		n = elf_strptr(pe->elf, shstrndx, shdr->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

/* The PT_LOAD segment holding a virtual address (or a file offset). */
static bool find_load_segment(const struct probe_elf *pe, u64 value, bool is_offset, GElf_Phdr *ph)
{
	size_t n;

	if (elf_getphdrnum(pe->elf, &n))
		return false;
	for (size_t i = 0; i < n; i++) {
		u64 start, size;

		if (!gelf_getphdr(pe->elf, (int)i, ph) || ph->p_type != PT_LOAD)
			continue;
		start = is_offset ? ph->p_offset : ph->p_vaddr;
		size = is_offset ? ph->p_filesz : ph->p_memsz;
		if (value >= start && value < start + size)
			return true;
	}
	return false;
}

int probe_elf__vaddr_to_offset(const struct probe_elf *pe, u64 vaddr, u64 *offset)
{
	GElf_Phdr ph;

	if (!find_load_segment(pe, vaddr, false, &ph))
		return -ENOENT;
	*offset = vaddr - ph.p_vaddr + ph.p_offset;
	return 0;
}

int probe_elf__offset_to_vaddr(const struct probe_elf *pe, u64 offset, u64 *vaddr)
{
	GElf_Phdr ph;

	if (!find_load_segment(pe, offset, true, &ph))
		return -ENOENT;
	*vaddr = offset - ph.p_offset + ph.p_vaddr;
	return 0;
}

void probe_symtab__add(struct probe_symtab *st, const char *name, u64 addr, u64 size,
		       bool is_func, bool global)
{
	struct probe_sym *s;

	ALLOC_GROW(st->syms, st->nr + 1, st->alloc);
	s = &st->syms[st->nr++];
	s->name = xstrdup(name);
	s->addr = addr;
	s->size = size;
	s->is_func = is_func;
	s->is_plt = strends(name, "@plt");
	s->global = global;
	st->sorted = false;
}

void probe_symtab__exit(struct probe_symtab *st)
{
	for (size_t i = 0; i < st->nr; i++)
		free(st->syms[i].name);
	zfree(&st->syms);
	st->nr = st->alloc = 0;
}

static int sym_cmp(const void *a, const void *b)
{
	const struct probe_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

void probe_symtab__fixup(struct probe_symtab *st)
{
	if (st->nr)
		qsort(st->syms, st->nr, sizeof(*st->syms), sym_cmp);
	for (size_t i = 0; i < st->nr; i++) {
		struct probe_sym *s = &st->syms[i];

		if (s->size || !s->is_func)
			continue;
		for (size_t j = i + 1; j < st->nr; j++) {
			if (st->syms[j].addr > s->addr && st->syms[j].is_func) {
				s->size = st->syms[j].addr - s->addr;
				break;
			}
		}
	}
	st->sorted = true;
}

/* Which ELF symbols count: functions, objects, and global labels in data sections. */
static bool elf_sym_wanted(Elf *elf, const GElf_Sym *sym, const char *name)
{
	int type = GELF_ST_TYPE(sym->st_info);
	Elf_Scn *scn;
	GElf_Shdr shdr;

	if (!*name || sym->st_shndx == SHN_UNDEF || sym->st_shndx == SHN_ABS)
		return false;
	if (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT)
		return true;
	if (type != STT_NOTYPE || GELF_ST_BIND(sym->st_info) == STB_LOCAL || name[0] == '.')
		return false;
	scn = elf_getscn(elf, sym->st_shndx);
	return scn && gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_PROGBITS;
}

static int load_symbol_section(struct probe_elf *pe, Elf_Scn *scn, const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n;

	if (!data || !shdr->sh_entsize)
		return -EINVAL;
	n = shdr->sh_size / shdr->sh_entsize;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *name;
		int type;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		name = elf_strptr(pe->elf, shdr->sh_link, sym.st_name);
		if (!name || !elf_sym_wanted(pe->elf, &sym, name))
			continue;
		type = GELF_ST_TYPE(sym.st_info);
		probe_symtab__add(&pe->symtab, name, sym.st_value, sym.st_size,
				  type == STT_FUNC || type == STT_GNU_IFUNC,
				  GELF_ST_BIND(sym.st_info) != STB_LOCAL);
	}
	return 0;
}

/* "name@plt" for every PLT slot, from .rela.plt and .plt.sec (or .plt). */
static void load_plt_symbols(struct probe_elf *pe)
{
	GElf_Shdr rela_sh, plt_sh, dynsym_sh;
	Elf_Scn *rela, *plt, *dynsym;
	Elf_Data *rdata, *sdata;
	u64 base, entsize = 16;
	size_t n;

	rela = probe_elf__section_by_name(pe, ".rela.plt", &rela_sh);
	if (!rela)
		return;
	plt = probe_elf__section_by_name(pe, ".plt.sec", &plt_sh);
	if (plt) {
		base = plt_sh.sh_addr;
	} else {
		plt = probe_elf__section_by_name(pe, ".plt", &plt_sh);
		if (!plt)
			return;
		base = plt_sh.sh_addr + entsize;	/* slot 0 is the resolver stub */
	}
	dynsym = elf_getscn(pe->elf, rela_sh.sh_link);
	if (!dynsym || !gelf_getshdr(dynsym, &dynsym_sh))
		return;
	rdata = elf_getdata(rela, NULL);
	sdata = elf_getdata(dynsym, NULL);
	if (!rdata || !sdata || !rela_sh.sh_entsize)
		return;
	n = rela_sh.sh_size / rela_sh.sh_entsize;
	for (size_t i = 0; i < n; i++) {
		GElf_Rela r;
		GElf_Sym sym;
		const char *name;
		char *pltname;

		if (!gelf_getrela(rdata, (int)i, &r) ||
		    !gelf_getsym(sdata, (int)GELF_R_SYM(r.r_info), &sym))
			continue;
		name = elf_strptr(pe->elf, dynsym_sh.sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		pltname = xasprintf("%s@plt", name);
		probe_symtab__add(&pe->symtab, pltname, base + i * entsize, entsize, true, true);
		free(pltname);
	}
}

int probe_elf__load_symbols(struct probe_elf *pe)
{
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (pe->symbols_loaded)
		return 0;
	scn = probe_elf__section_by_name(pe, ".symtab", &shdr);
	if (!scn)
		scn = probe_elf__section_by_name(pe, ".dynsym", &shdr);
	if (scn)
		load_symbol_section(pe, scn, &shdr);
	load_plt_symbols(pe);
	probe_symtab__fixup(&pe->symtab);
	pe->symbols_loaded = true;
	return 0;
}

int probe_symtab__load_kallsyms(struct probe_symtab *st)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long addr;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		probe_symtab__add(st, name, addr, 0, true, type == 'T' || type == 'W');
	}
	fclose(fp);
	probe_symtab__fixup(st);
	return 0;
}

int probe_symtab__find_funcs(const struct probe_symtab *st, const char *name,
			     const struct probe_sym ***out)
{
	bool glob = is_glob_pattern(name);
	const struct probe_sym **res = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t i = 0; i < st->nr; i++) {
		const struct probe_sym *s = &st->syms[i];

		if (!s->is_func || (glob && s->is_plt))
			continue;
		if (glob ? !strglobmatch(s->name, name) : strcmp(s->name, name))
			continue;
		/* aliases at one address are one probe point */
		if (nr && res[nr - 1]->addr == s->addr)
			continue;
		ALLOC_GROW(res, nr + 1, alloc);
		res[nr++] = s;
	}
	*out = res;
	return (int)nr;
}

const struct probe_sym *probe_symtab__func_at(const struct probe_symtab *st, u64 addr)
{
	size_t lo = 0, hi = st->nr;
	const struct probe_sym *best = NULL;

	/* the last symbol starting at or before addr */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (st->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i-- > 0;) {
		const struct probe_sym *s = &st->syms[i];

		if (best && s->addr != best->addr)
			break;
		if (!s->is_func || addr >= s->addr + (s->size ? s->size : 1))
			continue;
		if (!best || (s->global && !best->global))
			best = s;
	}
	return best;
}

const struct probe_sym *probe_symtab__find(const struct probe_symtab *st, const char *name)
{
	for (size_t i = 0; i < st->nr; i++)
		if (!strcmp(st->syms[i].name, name))
			return &st->syms[i];
	return NULL;
}
