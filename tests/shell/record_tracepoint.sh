#!/bin/bash
# perf record of tracepoints: period 1, --filter, the tracepoint formats saved in the file and in pipe mode
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_root
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

assert_status 0 "$PERF" record -e sched:sched_process_exec -e sched:sched_process_exit -o tp.data -- "$SPIN" 10
"$PERF" evlist -F -i tp.data > ev.txt
assert_contains ev.txt "sched:sched_process_exec: sample_period=1"
"$PERF" evlist --trace-fields -i tp.data > ev.txt
assert_contains ev.txt "sched:sched_process_exec: trace_fields: filename,pid,old_pid"
"$PERF" report --stats -i tp.data > st.txt
assert_contains st.txt "sched:sched_process_exec stats:"
"$PERF" report --header-only -i tp.data > h.txt
assert_not_contains h.txt "missing features: TRACING_DATA"

# the formats come from the file: a reader does not need tracefs
if [ -n "$REF_PERF" ]; then
	"$REF_PERF" script -i tp.data > s.txt 2> serr.txt || fail "reference script: $(cat serr.txt)"
	assert_contains s.txt "sched:sched_process_exec: filename=$SPIN pid="
	assert_contains s.txt "sched:sched_process_exit: comm=data_spin"
fi

# a filter on the last tracepoint: only matching samples
assert_status 0 "$PERF" record -a -e sched:sched_switch --filter 'prev_pid == 1' -o f.data -- sleep 0.2
"$PERF" report -D -i f.data > d.txt
grep -q "PERF_RECORD_SAMPLE" d.txt && fail "the filter let samples through"
"$PERF" record -e cpu-clock --filter 'x > 1' -o x.data -- true > out.txt 2> err.txt && fail "--filter on cpu-clock worked"

# pipe mode: the formats travel as a TRACING_DATA record
"$PERF" record -q -e sched:sched_process_exec -o - -- "$SPIN" 10 > p.data || fail "record -o -"
"$PERF" report --stats -i p.data > st.txt
assert_contains st.txt "TRACING_DATA events:"
"$PERF" evlist --trace-fields -i p.data > ev.txt
assert_contains ev.txt "sched:sched_process_exec: trace_fields: filename,pid,old_pid"
if [ -n "$REF_PERF" ]; then
	"$REF_PERF" script -i p.data > s.txt 2> serr.txt || fail "reference script of the pipe: $(cat serr.txt)"
	assert_contains s.txt "sched:sched_process_exec: filename=$SPIN"
fi
exit 0
