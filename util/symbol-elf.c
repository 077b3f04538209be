// SPDX-License-Identifier: GPL-2.0
/* ELF symbol tables, PLT entries, build ids and debug links, with libelf. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "symbol-elf.h"
#include "symbol.h"
#include "debug.h"
#include "io.h"

static void elf__init_library(void)
{
	static bool done;

	if (!done) {
		elf_version(EV_CURRENT);
		done = true;
	}
}

static Elf_Scn *elf__section_by_name(Elf *elf, size_t shstrndx, const char *name,
				     GElf_Shdr *shdr, size_t *idx)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *n;

		if (!gelf_getshdr(scn, shdr))
			continue;
		n = elf_strptr(elf, shstrndx, shdr->sh_name);
		if (n && !strcmp(n, name)) {
			if (idx)
				*idx = elf_ndxscn(scn);
			return scn;
		}
	}
	return NULL;
}

Elf_Scn *symsrc__section(const struct symsrc *ss, const char *name, GElf_Shdr *shdr)
{
	return elf__section_by_name(ss->elf, ss->shstrndx, name, shdr, NULL);
}

int elf_file__read_debuglink(const char *path, char *buf, size_t size)
{
	int fd, ret = -1;
	Elf *elf;
	GElf_Shdr shdr;
	size_t shstrndx;
	Elf_Scn *scn;
	Elf_Data *d;

	elf__init_library();
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || elf_getshdrstrndx(elf, &shstrndx))
		goto out;
	scn = elf__section_by_name(elf, shstrndx, ".gnu_debuglink", &shdr, NULL);
	if (!scn)
		goto out;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || !d->d_size || !memchr(d->d_buf, '\0', d->d_size))
		goto out;
	snprintf(buf, size, "%s", (const char *)d->d_buf);
	ret = 0;
out:
	elf_end(elf);
	close(fd);
	return ret;
}

bool build_id__matches(const struct build_id *want, const struct build_id *have)
{
	if (want->size > have->size && want->size == BUILD_ID_SIZE) {
		if (memcmp(want->data, have->data, have->size))
			return false;
		for (size_t i = have->size; i < want->size; i++) {
			if (want->data[i])
				return false;
		}
		return true;
	}
	return want->size == have->size && !memcmp(want->data, have->data, want->size);
}

static int symsrc__setup(struct symsrc *ss, const struct build_id *bid, const void *image, size_t size)
{
	struct build_id file_bid;
	int err;

	if (elf_kind(ss->elf) != ELF_K_ELF || !gelf_getehdr(ss->elf, &ss->ehdr) ||
	    elf_getshdrstrndx(ss->elf, &ss->shstrndx))
		return -EINVAL;
	if (bid && build_id__is_defined(bid)) {
		/* a file without a build id cannot be the one that was recorded */
		err = image ? build_id__from_memory(image, size, &file_bid) :
			      filename__read_build_id(ss->path, &file_bid);
		if (err || !build_id__matches(bid, &file_bid)) {
			pr_debug("%s: build id mismatch\n", ss->path);
			return -EINVAL;
		}
	}
	ss->symtab = elf__section_by_name(ss->elf, ss->shstrndx, ".symtab",
					  &ss->symtab_shdr, &ss->symtab_idx);
	if (ss->symtab && ss->symtab_shdr.sh_type != SHT_SYMTAB)
		ss->symtab = NULL;
	ss->dynsym = elf__section_by_name(ss->elf, ss->shstrndx, ".dynsym",
					  &ss->dynsym_shdr, &ss->dynsym_idx);
	if (ss->dynsym && ss->dynsym_shdr.sh_type != SHT_DYNSYM)
		ss->dynsym = NULL;
	return 0;
}

int symsrc__init(struct symsrc *ss, const char *path, int type, const struct build_id *bid)
{
	int err;

	elf__init_library();
	memset(ss, 0, sizeof(*ss));
	ss->fd = open(path, O_RDONLY);
	if (ss->fd < 0)
		return -errno;
	ss->path = xstrdup(path);
	ss->type = type;
	ss->elf = elf_begin(ss->fd, ELF_C_READ_MMAP, NULL);
	err = ss->elf ? symsrc__setup(ss, bid, NULL, 0) : -EINVAL;
	if (err)
		symsrc__destroy(ss);
	return err;
}

int symsrc__init_mem(struct symsrc *ss, void *image, size_t size, const char *name, int type,
		     const struct build_id *bid)
{
	int err;

	elf__init_library();
	memset(ss, 0, sizeof(*ss));
	ss->fd = -1;
	ss->path = xstrdup(name);
	ss->type = type;
	ss->elf = elf_memory(image, size);
	err = ss->elf ? symsrc__setup(ss, bid, image, size) : -EINVAL;
	if (err)
		symsrc__destroy(ss);
	return err;
}

void symsrc__destroy(struct symsrc *ss)
{
	if (ss->elf)
		elf_end(ss->elf);
	if (ss->fd >= 0)
		close(ss->fd);
	zfree(&ss->path);
	ss->elf = NULL;
	ss->fd = -1;
}

int symsrc__segments(struct symsrc *ss, struct elf_segment **segs)
{
	size_t nphdr, n = 0;

	*segs = NULL;
	if (elf_getphdrnum(ss->elf, &nphdr))
		return 0;
	*segs = xcalloc(nphdr ? nphdr : 1, sizeof(**segs));
	for (size_t i = 0; i < nphdr; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(ss->elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		(*segs)[n].vaddr = ph.p_vaddr;
		(*segs)[n].offset = ph.p_offset;
		(*segs)[n].memsz = ph.p_memsz;
		n++;
	}
	return (int)n;
}

static bool sym__is_label(const GElf_Sym *sym)
{
	return GELF_ST_TYPE(sym->st_info) == STT_NOTYPE && sym->st_name != 0 &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx != SHN_ABS;
}

static bool sym__is_wanted(const GElf_Sym *sym)
{
	int type = GELF_ST_TYPE(sym->st_info);

	if (!sym->st_name || sym->st_shndx == SHN_UNDEF)
		return false;
	return type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT;
}

/* ARM "mapping symbols" ($a, $d, $t, $x) mark code/data runs, not functions. */
static bool sym__is_arm_mapping(const GElf_Ehdr *ehdr, const char *name)
{
	if (ehdr->e_machine != EM_ARM && ehdr->e_machine != EM_AARCH64)
		return false;
	return name[0] == '$' && strchr("adtx", name[1]) && name[1] &&
	       (name[2] == '\0' || name[2] == '.');
}

/* Lookup helpers over the segments, to move a virtual address to a file offset. */
struct load_map {
	struct elf_segment *segs;
	int nr;
};

static bool load_map__adjust(const struct load_map *lm, u64 *addr)
{
	for (int i = 0; i < lm->nr; i++) {
		const struct elf_segment *s = &lm->segs[i];

		if (*addr >= s->vaddr && *addr < s->vaddr + s->memsz) {
			*addr -= s->vaddr - s->offset;
			return true;
		}
	}
	return false;
}

/* The section header that describes sym: the runtime's one for NOBITS in a debug file. */
static bool sym__section(struct symsrc *syms, struct symsrc *runtime, size_t shndx,
			 GElf_Shdr *shdr, Elf **owner)
{
	Elf_Scn *scn = elf_getscn(syms->elf, shndx);

	*owner = syms->elf;
	if (!scn || !gelf_getshdr(scn, shdr))
		return false;
	if (shdr->sh_type == SHT_NOBITS && runtime && runtime != syms) {
		scn = elf_getscn(runtime->elf, shndx);
		if (scn && gelf_getshdr(scn, shdr))
			*owner = runtime->elf;
	}
	return true;
}

int symsrc__load(struct symsrc *syms, struct symsrc *runtime, struct symtab *st,
		 bool dynsym, bool adjust, bool kernel)
{
	Elf_Scn *scn = dynsym ? syms->dynsym : syms->symtab;
	GElf_Shdr *shdr = dynsym ? &syms->dynsym_shdr : &syms->symtab_shdr;
	struct load_map lm = { NULL, 0 };
	Elf_Data *data, *strs;
	Elf_Scn *strscn;
	size_t nr_syms;
	int nr = 0;

	if (!scn)
		return 0;
	data = elf_getdata(scn, NULL);
	strscn = elf_getscn(syms->elf, shdr->sh_link);
	strs = strscn ? elf_getdata(strscn, NULL) : NULL;
	if (!data || !strs || !strs->d_buf || !shdr->sh_entsize)
		return 0;
	if (adjust)
		lm.nr = symsrc__segments(runtime ? runtime : syms, &lm.segs);
	nr_syms = shdr->sh_size / shdr->sh_entsize;
	symtab__reserve(st, nr_syms);
	for (size_t i = 1; i < nr_syms; i++) {
		GElf_Sym sym;
		GElf_Shdr sec;
		Elf *owner;
		const char *name, *secname;
		bool label;
		u64 addr;
		struct symbol *s;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		label = sym__is_label(&sym);
		if (!label && !sym__is_wanted(&sym))
			continue;
		if (sym.st_name >= strs->d_size)
			continue;
		name = (const char *)strs->d_buf + sym.st_name;
		if (sym__is_arm_mapping(&syms->ehdr, name))
			continue;
		/* absolute and other special sections (common, xindex) name no code */
		if (sym.st_shndx >= SHN_LORESERVE)
			continue;
		if (!sym__section(syms, runtime, sym.st_shndx, &sec, &owner))
			continue;
		/* not loaded at run time (.gnu.warning.*) */
		if (!(sec.sh_flags & SHF_ALLOC))
			continue;
		if (label) {
			size_t ndx;

			if (elf_getshdrstrndx(owner, &ndx))
				continue;
			secname = elf_strptr(owner, ndx, sec.sh_name);
			if (!secname || (!strstr(secname, "text") && !strstr(secname, "data")))
				continue;
		}
		addr = sym.st_value;
		/* thumb functions have bit 0 set */
		if (syms->ehdr.e_machine == EM_ARM && (addr & 1))
			addr--;
		if (adjust && !load_map__adjust(&lm, &addr))
			continue;
		s = symtab__add(st, addr, sym.st_size, GELF_ST_BIND(sym.st_info),
				GELF_ST_TYPE(sym.st_info), name, strlen(name));
		if (kernel)
			s->flags |= SYMBOL_KERNEL;
		nr++;
	}
	free(lm.segs);
	return nr;
}

/* Header and entry sizes of .plt, per architecture (x86: the section's entsize). */
static void plt_sizes(const GElf_Ehdr *ehdr, const GElf_Shdr *plt, u64 *header, u64 *entry)
{
	switch (ehdr->e_machine) {
	case EM_ARM:
		*header = 20;
		*entry = 12;
		break;
	case EM_AARCH64:
		*header = 32;
		*entry = 16;
		break;
	case EM_SPARC:
		*header = 48;
		*entry = 12;
		break;
	case EM_SPARCV9:
		*header = 128;
		*entry = 32;
		break;
	default:
		*header = plt->sh_entsize;
		*entry = plt->sh_entsize;
		break;
	}
}

int symsrc__synthesize_plt(struct symsrc *ss, struct symtab *st)
{
	GElf_Shdr rel_shdr, plt_shdr, str_shdr;
	Elf_Data *rels, *dsyms, *strs;
	Elf_Scn *rel_scn, *str_scn;
	u64 offset, header, entry;
	size_t nr_rels;
	char name[1024];
	int nr = 0;

	if (!ss || !ss->dynsym)
		return 0;
	rel_scn = elf__section_by_name(ss->elf, ss->shstrndx, ".rela.plt", &rel_shdr, NULL);
	if (!rel_scn)
		rel_scn = elf__section_by_name(ss->elf, ss->shstrndx, ".rel.plt", &rel_shdr, NULL);
	if (!rel_scn || rel_shdr.sh_link != ss->dynsym_idx || !rel_shdr.sh_entsize)
		return 0;
	if (rel_shdr.sh_type != SHT_RELA && rel_shdr.sh_type != SHT_REL)
		return 0;
	if (!elf__section_by_name(ss->elf, ss->shstrndx, ".plt", &plt_shdr, NULL))
		return 0;
	rels = elf_getdata(rel_scn, NULL);
	dsyms = elf_getdata(ss->dynsym, NULL);
	str_scn = elf_getscn(ss->elf, ss->dynsym_shdr.sh_link);
	if (!rels || !dsyms || !str_scn || !gelf_getshdr(str_scn, &str_shdr))
		return 0;
	strs = elf_getdata(str_scn, NULL);
	if (!strs || !strs->d_size)
		return 0;
	plt_sizes(&ss->ehdr, &plt_shdr, &header, &entry);
	offset = plt_shdr.sh_offset + header;
	nr_rels = rel_shdr.sh_size / rel_shdr.sh_entsize;
	for (size_t i = 0; i < nr_rels; i++) {
		GElf_Sym sym;
		u64 info;
		const char *sname = "";
		struct symbol *s;
		int len;

		if (rel_shdr.sh_type == SHT_RELA) {
			GElf_Rela r;

			if (!gelf_getrela(rels, (int)i, &r))
				break;
			info = r.r_info;
		} else {
			GElf_Rel r;

			if (!gelf_getrel(rels, (int)i, &r))
				break;
			info = r.r_info;
		}
		if (gelf_getsym(dsyms, (int)(ss->ehdr.e_ident[EI_CLASS] == ELFCLASS64 ?
					     GELF_R_SYM(info) : ELF32_R_SYM(info)), &sym) &&
		    sym.st_name < strs->d_size)
			sname = (const char *)strs->d_buf + sym.st_name;
		len = snprintf(name, sizeof(name), "%s@plt", sname);
		if (len >= (int)sizeof(name))
			len = sizeof(name) - 1;
		s = symtab__add(st, offset, entry, STB_GLOBAL, STT_FUNC, name, len);
		s->flags |= SYMBOL_PLT;
		offset += entry;
		nr++;
	}
	return nr;
}
