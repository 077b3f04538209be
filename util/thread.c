// SPDX-License-Identifier: GPL-2.0
/* Threads and their comm history. */
#include "thread.h"

struct thread *thread__new(struct machine *machine, pid_t pid, pid_t tid, const char *placeholder)
{
	struct thread *thread = xzalloc(sizeof(*thread));

	thread->pid = pid;
	thread->tid = tid;
	thread->ppid = -1;
	thread->machine = machine;
	thread->alloc_comms = 1;
	thread->comms = xcalloc(1, sizeof(*thread->comms));
	thread->comms[0].str = placeholder;
	thread->nr_comms = 1;
	return thread;
}

void thread__delete(struct thread *thread)
{
	if (!thread)
		return;
	free(thread->comms);
	free(thread);
}

void thread__set_comm(struct thread *thread, const char *str, u64 ts, bool exec)
{
	struct comm *c;

	if (!thread->comm_set) {
		/* the ":tid" placeholder is replaced, not kept in the history */
		c = &thread->comms[0];
		c->str = str;
		c->start = ts;
		c->exec |= exec;
		thread->comm_set = true;
		return;
	}
	ALLOC_GROW(thread->comms, thread->nr_comms + 1, thread->alloc_comms);
	c = &thread->comms[thread->nr_comms++];
	c->str = str;
	c->start = ts;
	c->exec = exec;
}

const char *thread__comm_str(const struct thread *thread)
{
	return thread__comm(thread)->str;
}

const char *thread__comm_at(const struct thread *thread, u64 ts)
{
	for (u32 i = thread->nr_comms; i-- > 1;) {
		if (thread->comms[i].start <= ts)
			return thread->comms[i].str;
	}
	return thread->comms[0].str;
}

const struct comm *thread__exec_comm(const struct thread *thread)
{
	const struct comm *oldest = &thread->comms[0];

	for (u32 i = thread->nr_comms; i-- > 0;) {
		if (thread->comms[i].exec)
			return &thread->comms[i];
	}
	/*
	 * An oldest comm without a time is the parent's, inherited through a
	 * synthesized fork: for a main thread, the next one is more likely right.
	 */
	if (thread->nr_comms > 1 && !oldest->start && thread->pid == thread->tid)
		return &thread->comms[1];
	return oldest;
}
