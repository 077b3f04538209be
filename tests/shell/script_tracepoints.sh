#!/bin/bash
# perf script on sched and syscall tracepoints recorded by the reference: payloads from the file's formats, byte for byte
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/script.sh"
need_root
script_setup
"$PERF" probe -l > /dev/null 2>&1	# perf mounts tracefs on demand

ref_record sys.data -e 'syscalls:sys_enter_openat,syscalls:sys_exit_openat,syscalls:sys_enter_write' \
	-e raw_syscalls:sys_enter -e 'sched:sched_process_exec' ./script_prog 100000
ref_record sched.data -a -e 'sched:sched_switch,sched:sched_wakeup,sched:sched_process_fork,sched:sched_process_exit' \
	-e 'timer:hrtimer_start' -e 'irq:*' -- sh -c './script_prog 200000; sleep 0.05'
ref_record tpg.data -g -e 'syscalls:sys_enter_write' -e 'sched:sched_switch' ./script_prog 100000

for f in sys.data sched.data tpg.data; do
	script_same $f
	script_same $f -F comm,tid,cpu,time,event,trace
	script_same $f -F trace:comm,pid,event,trace
	script_same $f -F +misc,+period
	script_same $f -F trace:-cpu,-trace
	script_same $f -L
	script_same $f --ns --show-task-events
done
script_same sched.data -C 0
script_same sched.data -C 1 --comm script_prog
script_same tpg.data -G
script_same tpg.data -F trace:ip,sym,dso
# "%ps" pointers in payloads are named with the kernel's symbols, as upstream does
grep -q "function=0x" ours.out && fail "hrtimer function pointers are not named"
"$PERF" script -i sched.data -F event,trace > out.txt
grep -q "function=[a-z_]" out.txt || { grep -m3 hrtimer out.txt; fail "no named function in hrtimer_start payloads"; }
exit 0
