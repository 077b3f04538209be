/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine: every thread (by tid), every DSO, the kernel's maps, fed
 * record by record (mmap, comm, fork, exit) and asked where an address is:
 * which thread, map, DSO and symbol.
 *
 * Ownership: the machine owns its threads, maps, DSOs, symbols and comm
 * strings; pointers to them stay valid until machine__delete(), so tools
 * keep them in their tables without reference counts.
 *
 * Resolution is the hot path of every report (a sample and each of its
 * call-chain entries): thread lookup goes through a hash with a last-match
 * cache, address lookup through a direct-mapped cache of (address space,
 * address) -> (map, symbol), then binary searches. Nothing is allocated per
 * resolution.
 */
#ifndef PERF_MACHINE_H
#define PERF_MACHINE_H

#include <sys/types.h>
#include "build-id.h"
#include "dso.h"
#include "maps.h"
#include "thread.h"

#define HOST_KERNEL_ID (-1)

union perf_event;
struct perf_sample;

struct resolve_entry;

struct machine {
	pid_t			pid;		/* HOST_KERNEL_ID */
	struct dsos		dsos;
	struct map_pool		map_pool;
	struct maps		kmaps;		/* the kernel and its modules */
	struct map		*vmlinux_map;
	struct kmap		kmap;		/* shared by the kernel maps */
	struct hashmap		threads;	/* by tid, the live ones */
	struct thread		*last_thread;
	struct thread		**all_threads;	/* every thread ever created (owned) */
	size_t			nr_threads;
	size_t			alloc_threads;
	struct maps		**all_maps;	/* every address space (owned) */
	size_t			nr_maps;
	size_t			alloc_maps;
	struct hashmap		comm_strs;	/* interned comm strings */
	struct resolve_entry	*cache;		/* see machine__resolve() */
	bool			comm_exec;	/* COMM records carry the exec flag */
	bool			kernel_loaded;
	void			*priv;		/* for the tools */
};

struct machine *machine__new_host(void);
void machine__delete(struct machine *machine);

/* A string owned by the machine equal to str (for comms). */
const char *machine__intern(struct machine *machine, const char *str);

/* --- records --- */

/* An MMAP / MMAP2 record, in plain fields. */
struct mmap_event {
	pid_t		pid;
	pid_t		tid;
	u64		start;
	u64		len;
	u64		pgoff;
	u32		maj;		/* MMAP2 file identity (0 when unknown) */
	u32		min;
	u64		ino;
	u64		ino_generation;
	u32		prot;		/* PROT_EXEC for an MMAP without MISC_MMAP_DATA */
	u32		flags;
	const char	*filename;
	const struct build_id *build_id;	/* MMAP2 with MISC_MMAP_BUILD_ID, else NULL */
	u8		cpumode;	/* header.misc & PERF_RECORD_MISC_CPUMODE_MASK */
};

/* A new mapping: kernel ones ("[kernel.kallsyms]_text", modules) go to the kernel maps. */
int machine__process_mmap(struct machine *machine, const struct mmap_event *ev);
/* A COMM record (exec: PERF_RECORD_MISC_COMM_EXEC). */
int machine__process_comm(struct machine *machine, pid_t pid, pid_t tid, const char *comm,
			  bool exec, u64 ts);
/*
 * A FORK record: tid replaces any thread with that tid, inherits the parent's
 * comm, shares its process's maps or gets a copy of the parent's. clone_maps
 * is false for forks perf synthesized (header.misc has PERF_RECORD_MISC_FORK_EXEC).
 */
int machine__process_fork(struct machine *machine, pid_t pid, pid_t tid, pid_t ppid,
			  pid_t ptid, u64 ts, bool clone_maps);
/* An EXIT record: the thread is marked dead (it stays findable). */
int machine__process_exit(struct machine *machine, pid_t pid, pid_t tid, u64 ts);

/*
 * Feed one record of a perf.data file: MMAP, MMAP2, COMM, FORK and EXIT
 * change the machine; other records are ignored. Returns 0 or -1.
 */
int machine__process_event(struct machine *machine, union perf_event *event,
			   struct perf_sample *sample);
/*
 * A build-id table entry (HEADER_BUILD_ID, PERF_RECORD_HEADER_BUILD_ID): the
 * dso named filename has that build id. misc is the entry's header.misc
 * (its cpumode says kernel or user).
 */
void machine__add_build_id(struct machine *machine, const char *filename,
			   const struct build_id *bid, u16 misc);
struct perf_env;
/* Every entry of a perf.data header's build-id table (session->header.env). */
void machine__add_build_ids(struct machine *machine, const struct perf_env *env);

/* --- threads --- */

struct thread *machine__findnew_thread(struct machine *machine, pid_t pid, pid_t tid);
struct thread *machine__find_thread(struct machine *machine, pid_t pid, pid_t tid);
/* The idle task, pid 0, "swapper" (as upstream registers it). */
struct thread *machine__idle_thread(struct machine *machine);

#define machine__for_each_thread(machine, pos) \
	for (size_t __i = 0; __i < (machine)->nr_threads && ((pos) = (machine)->all_threads[__i], 1); __i++)

/* --- the kernel --- */

/*
 * Kernel maps for the running system, from /proc/kallsyms (or --kallsyms):
 * for tools without a kernel MMAP record (live mode, pipes from old files).
 */
int machine__create_kernel_maps(struct machine *machine);
struct map *machine__kernel_map(struct machine *machine);
struct dso *machine__kernel_dso(struct machine *machine);
/* The lowest kernel address (the kernel map start), or 0 when there is no kernel map. */
u64 machine__kernel_start(struct machine *machine);
/*
 * Load the kernel's symbols into dso (the kernel or a module): --vmlinux,
 * a vmlinux with the right build id, --kallsyms, /proc/kallsyms when the
 * build id matches the running kernel, the build-id cache's copy. Returns 0
 * or -1 (the kernel then resolves to raw addresses).
 */
int machine__load_kernel(struct machine *machine, struct dso *dso);

/* --- resolution --- */

struct addr_location {
	struct thread	*thread;
	struct maps	*maps;
	struct map	*map;		/* NULL: not in any map */
	struct dso	*dso;		/* map->dso */
	struct symbol	*sym;		/* NULL: no symbol there */
	const char	*comm;		/* the thread's comm at the sample's time */
	u64		addr;		/* map-relative (map__map_ip()), the raw address without a map */
	u8		cpumode;
	char		level;		/* 'k' kernel, '.' user, 'H' hypervisor / not resolved */
	bool		guest;		/* a guest address (not resolved: host only) */
};

/*
 * Resolve a sample: the thread (created if new), its comm at ts, the map and
 * symbol of ip in the address space cpumode selects. Marks the DSO hit.
 * Returns 0, or -1 when the thread cannot be created.
 */
int machine__resolve(struct machine *machine, struct addr_location *al, pid_t pid, pid_t tid,
		     u8 cpumode, u64 ip, u64 ts);
/* The map and symbol of addr in thread's (or the kernel's) address space. */
void thread__resolve(struct thread *thread, u8 cpumode, u64 addr, struct addr_location *al);
/* machine__resolve() for a decoded sample. */
int machine__resolve_sample(struct machine *machine, struct addr_location *al,
			    const struct perf_sample *sample);
/* The same, trying user, then kernel space, for addresses of unknown mode (branch stacks). */
void thread__resolve_any_cpumode(struct thread *thread, u64 addr, struct addr_location *al);

/*
 * One call-chain entry. PERF_CONTEXT_KERNEL/USER/HV markers switch *cpumode
 * (start with PERF_RECORD_MISC_USER, as upstream) and return 1; another
 * marker means a corrupt chain: -1 (upstream drops the chain). Otherwise
 * resolve ip in *cpumode's space and return 0.
 */
int machine__resolve_callchain_ip(struct machine *machine, struct thread *thread, u8 *cpumode,
				  u64 ip, struct addr_location *al);

/* The cpumode of an address by its value (kernel addresses above the kernel start). */
u8 machine__addr_cpumode(struct machine *machine, u8 cpumode, u64 addr);

/* The dso with this name (build-id table records). */
static inline struct dso *machine__findnew_dso(struct machine *machine, const char *name)
{
	return dsos__findnew(&machine->dsos, name, NULL);
}

#endif
