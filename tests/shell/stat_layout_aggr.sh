#!/bin/bash
# perf stat aggregation, interval and attach layouts match the reference
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
command -v python3 >/dev/null || skip "python3 not installed"

sleep 60 &
pid=$!
# let it settle: counts on a sleeping process are deterministic
sleep 0.3
trap 'kill $pid 2>/dev/null' EXIT
python3 "$PERF_SRCDIR/tests/shell/lib/stat_compare.py" "$REF_PERF" "$PERF" <<CASES
-a -e cs,cpu-clock sleep 0.05
-a -A -e cs,cpu-clock sleep 0.05
csv -a -x, -A -e cs,cpu-clock sleep 0.05
csv -a -j -A -e cs,cpu-clock sleep 0.05
-a --per-core -e cs,cpu-clock sleep 0.05
csv -a -x, --per-die -e cs,cpu-clock sleep 0.05
csv -a -j --per-socket -e cs,cpu-clock sleep 0.05
-a --per-node -e cs,cpu-clock sleep 0.05
-C 0 -e cs sleep 0.05
# intervals, ended away from an interval boundary
-I 100 --interval-count 2 -e task-clock,cs sleep 0.25
csv -I 100 -x, --interval-count 2 -e task-clock,cs sleep 0.25
csv -I 100 -j --interval-count 2 -e task-clock,cs sleep 0.25
-I 100 -a -A --interval-count 1 -e cs sleep 0.15
# attached to a process
-p $pid -e cs,task-clock sleep 0.05
-t $pid -e cs sleep 0.05
--per-thread -p $pid -e cs,task-clock sleep 0.05
csv --per-thread -x, -p $pid -e cs sleep 0.05
CASES
