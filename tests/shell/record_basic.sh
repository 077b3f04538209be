#!/bin/bash
# perf record: a workload, the messages, perf.data.old, mode 0600, -q, exit status, bad input
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

assert_status 0 "$PERF" record -e cpu-clock -o perf.data -- "$SPIN" 100
assert_contains err.txt "[ perf record: Woken up "
assert_contains err.txt " times to write data ]"
grep -qE '^\[ perf record: Captured and wrote [0-9]+\.[0-9]{3} MB perf.data \([0-9]+ samples\) \]$' err.txt ||
	fail "no summary line: $(cat err.txt)"
[ "$(stat -c %a perf.data)" = 600 ] || fail "perf.data mode is $(stat -c %a perf.data), not 600"

# the samples are there, and their count is the one printed
n=$(sed -n 's/.*(\([0-9]*\) samples).*/\1/p' err.txt)
assert_status 0 "$PERF" report --stats -i perf.data
assert_contains out.txt "SAMPLE events:"
got=$(awk '/^ *SAMPLE events:/ { print $3; exit }' out.txt)
[ "$got" = "$n" ] || fail "printed $n samples, the file has $got"
assert_status 0 "$PERF" evlist -i perf.data
assert_contains out.txt "cpu-clock"

# the old file is kept as perf.data.old
cp perf.data first.data
assert_status 0 "$PERF" record -q -e cpu-clock -o perf.data -- true
[ -s err.txt ] && fail "-q printed: $(cat err.txt)"
cmp -s perf.data.old first.data || fail "perf.data.old is not the previous perf.data"

# the default event: cycles, or cpu-clock where there is no hardware PMU
assert_status 0 "$PERF" record -o def.data -- "$SPIN" 50
assert_status 0 "$PERF" evlist -i def.data
grep -qE '^(cycles|cpu-clock)' out.txt || fail "default event: $(cat out.txt)"

# the workload's exit status; a workload that does not exist
assert_status 3 "$PERF" record -q -o st.data -- sh -c 'exit 3'
"$PERF" record -e cpu-clock -o nx.data -- /nonexistent/cmd > out.txt 2> err.txt && fail "a missing workload succeeded"
assert_contains err.txt "Failed to collect 'cpu-clock' for the '/nonexistent/cmd' workload: No such file or directory"

# option errors, as upstream words them
"$PERF" record -F 0 -o x.data -- true > out.txt 2> err.txt && fail "-F 0 worked"
assert_contains err.txt "frequency and count are zero, aborting"
rate=$(cat /proc/sys/kernel/perf_event_max_sample_rate)
"$PERF" record --strict-freq -F $((rate + 1000)) -o x.data -- true > out.txt 2> err.txt && fail "--strict-freq above the max worked"
assert_contains err.txt "error: Maximum frequency rate ($rate Hz) exceeded."
assert_status 0 "$PERF" record -F $((rate + 1000)) -o x.data -- true
assert_contains err.txt "warning: Maximum frequency rate ($rate Hz) exceeded, throttling from $((rate + 1000)) Hz to $rate Hz."
assert_status 0 "$PERF" record -F max -o x.data -- true
assert_contains err.txt "info: Using a maximum frequency rate of $rate Hz"
"$PERF" record -e no-such-event -o x.data -- true > out.txt 2> err.txt && fail "a bad event worked"
assert_contains err.txt "event syntax error"
"$PERF" record -p 999999999 -o x.data > out.txt 2> err.txt && fail "-p of no process worked"
assert_contains err.txt "Couldn't create thread/CPU maps"
"$PERF" record -b -o x.data -- true > out.txt 2> err.txt && fail "-b worked"
assert_contains err.txt "is not supported"
assert_status 0 "$PERF" record --dry-run -e cpu-clock -o dry.data -- true
[ -e dry.data ] && fail "--dry-run wrote a file"
exit 0
