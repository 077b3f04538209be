#!/bin/bash
# perf record targets: -p, -t, -a, -C, --per-thread, -u, -D; Ctrl-C and SIGTERM leave a complete file
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

samples() {
	"$PERF" report --stats -i "$1" 2>/dev/null | awk '/^ *SAMPLE events:/ { print $3; exit }'
}

# attach to a running process (its threads: -p; one thread: -t) while a command runs
"$SPIN" 20000 &
pid=$!
sleep 0.1
tid=$(ls /proc/$pid/task | sort -n | tail -1)
assert_status 0 "$PERF" record -e cpu-clock -p $pid -o p.data -- sleep 0.3
[ "$(samples p.data)" -gt 0 ] || fail "no samples with -p"
"$PERF" report -D -i p.data > d.txt
assert_contains d.txt "PERF_RECORD_COMM: data_spin:$pid/$pid"
assert_contains d.txt "PERF_RECORD_MMAP2 $pid/$pid: "
assert_contains d.txt "r-xp $SPIN"
grep -q "PERF_RECORD_SAMPLE(IP, 0x2): $pid/" d.txt || fail "no samples of the process"
assert_status 0 "$PERF" record -e cpu-clock -t $tid -o t.data -- sleep 0.3
"$PERF" report -D -i t.data > d.txt
grep -q "PERF_RECORD_SAMPLE(IP, 0x[0-9]): $pid/$tid:" d.txt || fail "no samples of thread $tid"
grep "PERF_RECORD_SAMPLE" d.txt | grep -v ": $pid/$tid:" > other.txt
[ -s other.txt ] && fail "-t sampled other threads: $(head -2 other.txt)"
assert_status 0 "$PERF" record -e cpu-clock --per-thread -p $pid -o pt.data -- sleep 0.3
[ "$(samples pt.data)" -gt 0 ] || fail "no samples with --per-thread"

# system-wide and one CPU: every process is synthesized, a dummy event tracks them
assert_status 0 "$PERF" record -e cpu-clock -a -o a.data -- sleep 0.2
"$PERF" evlist -i a.data > ev.txt
assert_contains ev.txt "dummy:HG"
"$PERF" report -D -i a.data > d.txt
assert_contains d.txt "PERF_RECORD_COMM: data_spin:$pid/$pid"
assert_contains d.txt "PERF_RECORD_FORK(1:1):(0:0)"
assert_status 0 "$PERF" record -e cpu-clock -C 0 -o c.data -- sleep 0.2
"$PERF" report -D -i c.data | grep "PERF_RECORD_SAMPLE" | grep -v "^0 " > other.txt
[ -s other.txt ] && fail "-C 0 sampled another CPU: $(head -2 other.txt)"
assert_status 0 "$PERF" record -e cpu-clock -u root -o u.data -- sleep 0.2
kill $pid
wait $pid 2>/dev/null

# -D: the events start late (and -1: never, here)
assert_status 0 "$PERF" record -e cpu-clock -D 100 -o delay.data -- "$SPIN" 200
assert_contains err.txt "Events enabled"
assert_status 0 "$PERF" record -e cpu-clock -D -1 -o off.data -- "$SPIN" 100
[ -z "$(samples off.data)" ] || fail "-D -1 sampled"

# stopped by SIGINT / SIGTERM: the file is complete (features, build ids)
# (perf record then exits by the signal, as upstream: 130, 143)
for sig in INT TERM; do
	"$PERF" record -e cpu-clock -a -o sig.data > out.txt 2> err.txt &
	rpid=$!
	sleep 0.3
	kill -$sig $rpid
	wait $rpid
	rc=$?
	[ $rc -eq $((128 + $(kill -l $sig))) ] || { cat err.txt; fail "SIG$sig: perf record exited $rc"; }
	assert_contains err.txt "[ perf record: Captured and wrote"
	"$PERF" report --header-only -i sig.data > h.txt 2> herr.txt
	assert_contains h.txt "# hostname :"
	[ -s herr.txt ] && fail "SIG$sig left an incomplete file: $(cat herr.txt)"
	[ "$(samples sig.data)" -gt 0 ] || fail "no samples after SIG$sig"
done
exit 0
