#!/bin/bash
# perf stat -G and --for-each-cgroup count only in the cgroup
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_root

mnt=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$mnt" ] || skip "no cgroup2 mount"
grep -q 'perf_event' /proc/mounts && skip "a cgroup v1 perf_event hierarchy is mounted"
cg="perf-test-$$"
mkdir "$mnt/$cg" 2>/dev/null || skip "cannot create a cgroup under $mnt"
mkdir "$mnt/$cg-idle"
trap 'kill $wpid 2>/dev/null; wait $wpid 2>/dev/null; rmdir "$mnt/$cg" "$mnt/$cg-idle"' EXIT
# a busy loop in the cgroup
(echo $BASHPID > "$mnt/$cg/cgroup.procs" && exec $PERF test -w noploop 30) &
wpid=$!
sleep 0.2

assert_status 0 $PERF stat -a -x, -e task-clock,cs -G "$cg" -- sleep 0.3
assert_contains err.txt ",msec,task-clock,$cg,"
assert_contains err.txt ",cs,$cg,"
tc=$(awk -F, '$3 == "task-clock" { print int($1) }' err.txt)
[ "$tc" -gt 30 ] && [ "$tc" -lt 400 ] || { cat err.txt; fail "task-clock in $cg: $tc msec"; }
# the first run on a fresh cgroup has a sane run time (ns), not 0 nor the uptime
rt=$(awk -F, '$3 == "task-clock" { print $5 }' err.txt)
[ -n "$rt" ] && [ "$rt" -gt 0 ] && [ "$rt" -lt 10000000000 ] || { cat err.txt; fail "run time in $cg: $rt ns"; }
# the table: the cgroup after the event name
assert_status 0 $PERF stat -a -e task-clock -G "$cg" -- sleep 0.1
grep -q "msec task-clock                       $cg #" err.txt || { cat err.txt; fail "table cgroup column"; }
# one cgroup per event, in order; the idle one counts nothing
assert_status 0 $PERF stat -a -x, -e task-clock,task-clock -G "$cg,$cg-idle" -- sleep 0.1
grep -q "^<not counted>,msec,task-clock,$cg-idle," err.txt || { cat err.txt; fail "-G a,b"; }
# every event for every cgroup
assert_status 0 $PERF stat -a -j -e task-clock,cs --for-each-cgroup "$cg,$cg-idle" -- sleep 0.1
[ "$(grep -c '"cgroup" : ' err.txt)" = 4 ] || { cat err.txt; fail "--for-each-cgroup lines"; }
# errors
assert_status 129 $PERF stat -G "$cg" -e cs -- true
assert_contains err.txt "must define events before cgroups"
assert_status 234 $PERF stat -e cs -G "$cg" -- true
assert_contains err.txt "both cgroup and no-aggregation modes only available in system-wide mode"
assert_status 129 $PERF stat -a -e cs -G nonexistent-cgroup -- true
assert_contains err.txt "no access to cgroup"
exit 0
