#!/bin/bash
# perf script on cpu-clock -g files recorded by the reference (one process, system-wide): the same bytes for a matrix of -F fields, filters and time formats; the same folded stacks
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/script.sh"
script_setup

ref_record fp.data -e cpu-clock -c 100000 -g ./script_prog
# a second event with other fields: page faults with their data address
# (-c is record-wide, so the periods go in the event terms)
ref_record two.data -g -d -e cpu-clock/period=200000/ -e page-faults/period=1/ ./script_prog 300000
ref_record all.data -a -g -e cpu-clock -c 2000000 -- ./script_prog

script_same fp.data
# stackcollapse: our output folds into the reference's stacks
awk -f "$PERF_SRCDIR/tests/shell/lib/stackcollapse.awk" ours.out > ours.folded
awk -f "$PERF_SRCDIR/tests/shell/lib/stackcollapse.awk" ref.out > ref.folded
[ -s ref.folded ] || fail "the reference's output folds into nothing"
grep -q "script_prog;.*script_middle;script_leaf " ours.folded || { head ours.folded; fail "no script_middle;script_leaf stack"; }
assert_same ours.folded ref.folded

script_same fp.data -G -F comm,tid,time,ip,sym --show-info
script_same fp.data -F ip,sym,symoff,dso --ns
script_same fp.data -F +pid,+misc,-period,-dso --reltime
script_same fp.data -F sw:comm,pid,tid,event,ip,sym,symoff --deltatime
script_same fp.data -F +insn,+insnlen,+flags -L --max-stack 2
script_same fp.data --stop-bt main --comm script_prog -S script_leaf,main
script_same fp.data --dsos '[kernel.kallsyms]' --no-demangle --show-kernel-path
# source lines of the workload only (addr2line on libc is slow in the reference)
script_same fp.data -F comm,ip,sym,srcline -S script_leaf,script_middle --max-stack 3 --full-source-path
script_same two.data
script_same two.data -F +addr,+data_src,-ip
script_same two.data --switch-on page-faults -F ip,sym,dso
script_same two.data --switch-off page-faults --show-on-off-events -G
script_same all.data
script_same all.data -F comm,pid,tid,cpu,time,ip,sym,dso -C 1

# --pid/--tid/--time with values from the file
pid=$("$REF_PERF" script -i fp.data -F pid | head -1 | tr -d ' ')
script_same fp.data --pid "$pid" -G
script_same fp.data --tid "$pid",1 -F tid,ip
t=$("$REF_PERF" script -i fp.data -F time | sed -n 5p | tr -d ' :')
script_same fp.data --time "$t," -G
script_same fp.data --time "10%/2" -G
exit 0
