/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Threads: pid/tid, the history of their comm (name) over time, and the
 * address space (struct maps) they share with the other threads of their
 * process. Threads are created and found through their machine
 * (machine__findnew_thread()) and owned by it until machine__delete(): a
 * thread replaced by a new one with the same tid stays valid.
 */
#ifndef PERF_THREAD_H
#define PERF_THREAD_H

#include <sys/types.h>
#include "hashmap.h"

struct maps;
struct machine;

struct comm {
	u64		start;		/* timestamp it took effect */
	const char	*str;		/* interned by the machine */
	bool		exec;		/* set by exec() */
};

struct thread {
	struct hashmap_entry ent;	/* in the machine's table, by tid */
	pid_t		pid;		/* -1 when not known yet */
	pid_t		tid;
	pid_t		ppid;
	struct maps	*maps;		/* shared by the threads of a process */
	struct machine	*machine;
	struct comm	*comms;		/* oldest first */
	u32		nr_comms;
	u32		alloc_comms;
	bool		comm_set;	/* false while the comm is the ":tid" placeholder */
	bool		dead;		/* exited */
	bool		in_table;	/* findable by tid (not replaced by a newer thread) */
	void		*priv;		/* for the tools */
};

/* The latest comm (upstream's thread__comm_str). */
const char *thread__comm_str(const struct thread *thread);
/* The comm in effect at timestamp ts (the first one for earlier times). */
const char *thread__comm_at(const struct thread *thread, u64 ts);
/* The comm set by the last exec(), upstream's choice for per-process names. */
const struct comm *thread__exec_comm(const struct thread *thread);
static inline const struct comm *thread__comm(const struct thread *thread)
{
	return &thread->comms[thread->nr_comms - 1];
}

/* For the machine. */
struct thread *thread__new(struct machine *machine, pid_t pid, pid_t tid, const char *placeholder);
void thread__delete(struct thread *thread);
/* Record a comm change; str must be interned (machine__intern()). */
void thread__set_comm(struct thread *thread, const char *str, u64 ts, bool exec);

#endif
