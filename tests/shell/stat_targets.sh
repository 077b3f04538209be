#!/bin/bash
# perf stat targets: workload exit status, -p, -t, --per-thread, -a, -C, errors
. "$PERF_SRCDIR/tests/shell/lib/common.sh"

# the workload's exit status is perf stat's
assert_status 3 $PERF stat -e cs -- sh -c 'exit 3'
assert_contains err.txt " Performance counter stats for 'sh -c exit 3':"
assert_contains err.txt "seconds user"
# killed by a signal: reported, and perf stat still prints and succeeds
assert_status 0 $PERF stat -e cs -- sh -c 'kill -TERM $$'
assert_contains err.txt "sh: Terminated"
assert_contains err.txt "      cs"
# a missing command
assert_status 255 $PERF stat -e cs -- /nonexistent/cmd
assert_contains err.txt "Workload failed: No such file or directory"
assert_not_contains err.txt "Performance counter stats"

# a busy two-threaded process, attached to
$PERF test -w thloop 30 >/dev/null 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
# wait for its second thread (slow to start under a sanitizer or a loaded machine)
for i in $(seq 50); do
	tids=$(ls /proc/$pid/task 2>/dev/null | wc -l)
	[ "$tids" -ge 2 ] && break
	sleep 0.1
done
[ "$tids" -ge 2 ] || fail "thloop has $tids threads"
assert_status 0 $PERF stat -x, -p $pid -e task-clock,cs -- sleep 0.3
assert_contains err.txt ",msec,task-clock,"
tc=$(awk -F, '$3 == "task-clock" { print int($1) }' err.txt)
# two busy threads for 0.3 s on 2 CPUs: well over 100 ms
[ "$tc" -gt 100 ] || { cat err.txt; fail "-p task-clock $tc msec"; }
assert_status 0 $PERF stat -p $pid -e task-clock -- sleep 0.1
assert_contains err.txt " Performance counter stats for process id '$pid':"
assert_not_contains err.txt "seconds user"
assert_status 0 $PERF stat -t $pid -e task-clock -- sleep 0.1
assert_contains err.txt " Performance counter stats for thread id '$pid':"
# one line per thread, named comm-tid, biggest first
assert_status 0 $PERF stat --per-thread -x, -p $pid -e task-clock -- sleep 0.2
[ "$(grep -c ',task-clock,' err.txt)" = "$tids" ] || { cat err.txt; fail "--per-thread lines"; }
grep -q "^perf-$pid," err.txt || { cat err.txt; fail "--per-thread comm-tid"; }
awk -F, '{ if (NR > 1 && $2 + 0 > prev + 0) bad = 1; prev = $2 } END { exit bad }' err.txt ||
	{ cat err.txt; fail "--per-thread order"; }
# -p and -a: the pid wins, as upstream says
assert_status 0 $PERF stat -a -p $pid -e cs -- sleep 0.05
assert_contains err.txt "PID/TID switch overriding SYSTEM"
kill $pid
wait $pid 2>/dev/null

# a process that does not exist
assert_status 234 $PERF stat -p 999999999 -e cs -- sleep 0.1
assert_contains err.txt "Problems finding threads of monitor"
assert_contains err.txt "    -p, --pid <pid>       stat events on existing process id"

# system-wide: every CPU's clock
ncpu=$(grep -c ^processor /proc/cpuinfo)
assert_status 0 $PERF stat -a -x, -e cpu-clock -- sleep 0.1
cpus=$(awk -F, '$3 == "cpu-clock" { print $6 }' err.txt)
awk -v c="$cpus" -v n="$ncpu" 'BEGIN { exit !(c > n * 0.8 && c < n * 1.2) }' ||
	{ cat err.txt; fail "-a: $cpus CPUs utilized of $ncpu"; }
assert_status 0 $PERF stat -a -e cs -- sleep 0.05
assert_contains err.txt " Performance counter stats for 'system wide':"
assert_status 0 $PERF stat -C 0 -e cs -- sleep 0.05
assert_contains err.txt " Performance counter stats for 'CPU(s) 0':"
assert_status 0 $PERF stat -a -A -x, -e cs -- sleep 0.05
[ "$(grep -c '^CPU' err.txt)" = "$ncpu" ] || { cat err.txt; fail "-A lines"; }
# no command and no target: the whole system until a signal
$PERF stat -x, -e cs 2> sw.txt &
spid=$!
sleep 0.3
kill -INT $spid
wait $spid
st=$?
[ $st = 130 ] || fail "SIGINT: exit status $st, expected 130 (killed by SIGINT)"
assert_contains sw.txt ",cs,"
# modes that need CPUs
assert_status 234 $PERF stat -A -e cs -- true
assert_contains err.txt "both cgroup and no-aggregation modes only available in system-wide mode"
assert_status 234 $PERF stat --per-thread -e cs -- true
assert_contains err.txt "The --per-thread option is only available"
exit 0
