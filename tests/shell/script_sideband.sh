#!/bin/bash
# perf script --show-task/mmap/switch/namespace/round/lost-events, software events, --per-event-dump, --header and pipe input against the reference
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/script.sh"
script_setup

ref_record sb.data --switch-events --namespaces -e cpu-clock -c 200000 -- sh -c './script_prog; true'
ref_record sw.data -e page-faults -e context-switches -e minor-faults -c 1 ./script_prog 100000
"$REF_PERF" record -q -o - -g -e cpu-clock -c 200000 ./script_prog > pipe.data 2> record.log ||
	skip "the reference cannot record to a pipe"

for f in sb.data sw.data pipe.data; do
	script_same $f --show-task-events
	script_same $f --show-mmap-events -F +misc
	script_same $f --show-task-events --show-mmap-events --show-switch-events --show-namespace-events
	script_same $f --show-round-events
	script_same $f --show-lost-events --show-cgroup-events --show-bpf-events
	script_same $f --header
	script_same $f --header-only -I
done
script_same sw.data -F sw:comm,tid,event,ip,sym
script_same sw.data -F +addr,+period
script_same sb.data --deltatime --show-switch-events -F +cpu,+misc

# pipe input on standard input
"$PERF" script -i - < pipe.data > ours.out 2>&1 || fail "perf script -i - failed"
"$REF_PERF" script -i - < pipe.data > ref.out 2>&1
assert_same ours.out ref.out

# --per-event-dump: one file per event next to the input
mkdir ours ref
cp sw.data ours/ && cp sw.data ref/
(cd ours && "$PERF" script -i sw.data --per-event-dump > out.txt 2>&1) || fail "--per-event-dump failed"
(cd ref && "$REF_PERF" script -i sw.data --per-event-dump > out.txt 2>&1)
for f in ref/*.dump; do
	assert_same "ours/${f#ref/}" "$f"
done
assert_same ours/out.txt ref/out.txt
exit 0
