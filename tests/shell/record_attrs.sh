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
same_attrs -e cycles -F 1000 -W --all-user --per-thread -- true
same_attrs -- true
exit 0

