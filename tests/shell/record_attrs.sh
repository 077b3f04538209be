#!/bin/bash
# perf record configures its events as the reference does (evlist -v of both files)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
export PERF_BUILDID_DIR=$PWD/debug

# record with ours and with the reference: the events must be configured alike
same_attrs() {
	"$PERF" record -q -o ours.data "$@" > /dev/null 2> err.txt || { cat err.txt; fail "record $*"; }
	"$REF_PERF" record -q -o ref.data "$@" > /dev/null 2>&1 || fail "reference record $*"
	"$REF_PERF" evlist -v -i ours.data > a.txt 2>&1
	"$REF_PERF" evlist -v -i ref.data > b.txt 2>&1
	cmp -s a.txt b.txt || { diff -u b.txt a.txt; fail "attrs differ for: $*"; }
}

# the reference costs about a second per recording: few, dense cases
same_attrs -e '{cpu-clock,task-clock}' -e page-faults -d -T -P --sample-cpu -s --switch-events --namespaces -- true
same_attrs -e cpu-clock/call-graph=dwarf,stack-size=4096/ -e task-clock -c 1000000 --no-inherit -R -- true
same_attrs -a -g -e cpu-clock -e 'sched:sched_switch' --filter 'prev_pid > 0' -- true
same_attrs -e cycles -F 1000 -W --all-user --per-thread -k CLOCK_MONOTONIC_RAW -- true
same_attrs -- true

# -k: the clock's features, as the reference prints them for our file and for its own
"$PERF" record -q -k boot -e cpu-clock -o k.data -- true || fail "record -k boot"
"$REF_PERF" report --header-only -i k.data > h.txt 2>&1
assert_contains h.txt "# clockid frequency: "
assert_contains h.txt "# clockid: boottime (7)"
grep -qE '^# reference time: [0-9-]+ [0-9:]+\.[0-9]{6} = [0-9]+\.[0-9]{6} \(TOD\) = [0-9]+\.[0-9]{9} \(boottime\)$' h.txt ||
	fail "no reference time: $(grep clock h.txt)"
"$PERF" report --header-only -i k.data | grep '^# \(clockid\|reference time\)' > a.txt
grep '^# \(clockid\|reference time\)' h.txt > b.txt
cmp -s a.txt b.txt || { diff -u b.txt a.txt; fail "the clock features print differently"; }
"$PERF" record -k nosuchclock -o x.data -- true > out.txt 2> err.txt && fail "-k nosuchclock worked"
assert_contains err.txt "unknown clockid nosuchclock, check man page"
exit 0

