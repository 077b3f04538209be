#!/bin/bash
# perf script on uprobe events (perf probe -x) recorded by the reference: argument values, return probes, call chains
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/script.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
script_setup
probe_setup pscript
G=$PROBE_GROUP
# our probes go on the script workload, in this test's group
cleanup() { probe_cleanup_group "$G"; }
trap cleanup EXIT
assert_status 0 "$PERF" probe -q -x ./script_prog "$G:script_probe=script_probe" n
assert_status 0 "$PERF" probe -q -x ./script_prog "$G:script_middle__return=script_middle%return" '$retval'

ref_record probe.data -e "$G:*" ./script_prog 10000
ref_record probeg.data -g -e "$G:script_probe" ./script_prog 10000
"$REF_PERF" script -i probe.data > ref.txt
grep -q "n=3" ref.txt || { cat ref.txt; skip "the reference recorded no probe hits"; }

script_same probe.data
script_same probe.data -F comm,tid,event,trace
script_same probe.data -F +ip,+sym
script_same probeg.data
script_same probeg.data -F +srcline
script_same probeg.data -G
exit 0
