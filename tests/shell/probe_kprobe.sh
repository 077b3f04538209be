#!/bin/bash
# perf probe on kernel functions: kallsyms definitions, and a clear error without kprobe events
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
need_root
[ -r /proc/kallsyms ] || skip "no /proc/kallsyms"
grep -q ' T vfs_read$' /proc/kallsyms || skip "vfs_read is not in /proc/kallsyms"
"$PERF" probe -l > /dev/null 2>&1
text=$(awk '$3 == "_text" {print $1; exit}' /proc/kallsyms)
vfs=$(awk '$3 == "vfs_read" && ($2 == "T" || $2 == "t") {print $1; exit}' /proc/kallsyms)
[ "$text" != 0000000000000000 ] || skip "kallsyms addresses are hidden"
off=$(( 0x$vfs - 0x$text ))

# -D works without kprobe events: entries from _text, return probes on the symbol
assert_status 0 "$PERF" probe -D vfs_read
assert_contains out.txt "p:probe/vfs_read _text+$off"
assert_status 0 "$PERF" probe -D 'vfs_read%return $retval'
assert_contains out.txt "r:probe/vfs_read__return vfs_read+0 \$retval"
assert_status 0 "$PERF" probe -D 'kgrp:kev=vfs_read+4 %di +0(%si):u32'
assert_contains out.txt "p:kgrp/kev _text+$((off + 4)) %di +0(%si):u32"
assert_status 1 "$PERF" probe -D nosuch_kernel_function_xyz
assert_contains err.txt "Probe point 'nosuch_kernel_function_xyz' not found."
# lines and local variables need the kernel's DWARF
assert_status 1 "$PERF" probe -D 'vfs_read:3 count'
assert_contains err.txt "there is no vmlinux"
# parameters at the entry come from BTF: registers, members, strings
if [ -r /sys/kernel/btf/vmlinux ]; then
	assert_status 0 "$PERF" probe -D 'vfs_read count file->f_flags buf:string'
	grep -qE "^p:probe/vfs_read _text\+$off count=%dx:u64 f_flags=\+[0-9]+\(%di\):u32 buf_string=\+0\(%si\):string$" out.txt ||
		fail "BTF arguments: $(cat out.txt)"
	assert_status 0 "$PERF" probe -D 'vfs_read $params'
	assert_contains out.txt "file=%di:x64 buf=%si:x64 count=%dx:u64 pos=%cx:x64"
	assert_status 1 "$PERF" probe -D 'vfs_read nosuch'
	assert_contains err.txt "vfs_read has no parameter 'nosuch'"
	assert_status 1 "$PERF" probe -D 'vfs_read file->nosuch'
	assert_contains err.txt "has no member nosuch"
fi
assert_status 0 "$PERF" probe -F 'vfs_r*'
assert_contains out.txt "vfs_read"

if [ -e /sys/kernel/tracing/kprobe_events ]; then
	# a kernel with kprobes: add, list and remove one
	trap 'probe_cleanup_group pkprobe' EXIT
	assert_status 0 "$PERF" probe 'pkprobe:vread=vfs_read'
	assert_status 0 "$PERF" probe -l 'pkprobe:*'
	assert_contains out.txt "pkprobe:vread"
	assert_status 0 "$PERF" probe -d 'pkprobe:*'
	exit 0
fi
# this kernel has no kprobe events: say so, and what would be needed
assert_status 1 "$PERF" probe vfs_read
assert_contains err.txt "/sys/kernel/tracing/kprobe_events does not exist: this kernel has no kprobe events"
assert_contains err.txt "CONFIG_KPROBE_EVENTS=y"
assert_contains err.txt "Error: Failed to add events."
exit 0
