#!/bin/bash
# perf stat -e: event syntax errors shown as the reference shows them
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf

# the error block: from "event syntax error" up to the "Run 'perf list'" line
block() {
	sed -n '/^event syntax error/,/^Run .perf list/p' | sed '/^Initial error:/,$d' | grep -v "^Run 'perf list'" |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

failed=0
while IFS= read -r ev; do
	[ -z "$ev" ] && continue
	"$REF_PERF" stat -e "$ev" -- true 2>&1 >/dev/null | block > ref.txt
	$PERF stat -e "$ev" -- true 2>&1 >/dev/null | block > ours.txt
	if ! cmp -s ref.txt ours.txt; then
		echo "--- -e '$ev'"
		diff -u ref.txt ours.txt
		failed=1
	fi
done <<'EVENTS'
foo
cpu-clock:z
cpu-clock:uu
cpu-clock:pppp
cpu-clock::u
cpu-clock:u:k
cpu-clock,
,cpu-clock
cpu-clock,,task-clock
cpu-clock task-clock
{cpu-clock}}
{cpu-clock,{task-clock}}
{cpu-clock,task-clock}:z
{cpu-clock,task-clock}:uu
cpu-clock/period=x/
cpu-clock/period=1
cpu-clock/foo=1/
cpu-clock/name=0x1/
cpu-clock/name=a b/
cpu-clock/name=x/:u
cpu-clock/time=2/
cpu-clock/percore=2/
cpu-clock/branch_type=foo/
cpu-clock/call-graph=fp/
cpu-clock/freq=10/
cpu-clock/no-inherit/
r
rxyz
read
L1-dcache-foo
L1-dcache-load-misses-xx
mem:
mem:0x1000:z
mem:0x1000:rwxr
sched:
:sched
sched:nonexist
nonexist:foo
sched:nomatch*
sched:sched_switch/period=3/
msr/tsc
msr/foo/
msr/event=foo/
nopmu/event=1/
uprobe/foo/
uprobe/retprobe=2/
verylongeventnamethatgoesonandonandonandonandonandonandonandonandonandonandon:foo
cpu-clock,task-clock,page-faults,context-switches,cpu-migrations,zzz
EVENTS
exit $failed
