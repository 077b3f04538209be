#!/bin/bash
# perf report --stdio prints what the reference prints: files it recorded, many option sets
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
. "$PERF_SRCDIR/tests/shell/lib/report.sh"

# a workload that forks and execs two programs, with and without call chains
work="$loops sqrtloop 0.1; $loops leafloop 0.1"
rec -o g.data -e cpu-clock -F 1000 -g -- sh -c "$work"
rec -o nog.data -e cpu-clock -F 1000 --sample-cpu -- sh -c "$work"
# tracepoints (the trace key is the default)
rec -o tp.data -e sched:sched_process_exec -e sched:sched_process_fork -- sh -c "$work"

same g.data
same g.data -n --show-total-period
same g.data -s dso
same g.data -s pid,dso -T
same g.data -F overhead,sample,period,comm,dso
same g.data --percent-limit 5 --comm report_loops
same g.data -t , --group
same nog.data
same nog.data -s comm,dso -q
same nog.data --dso report_loops
same nog.data --percentage relative --comm sh
same nog.data -s cpu,comm
same nog.data --cpu 0
same nog.data --time 10%/2
same nog.data --time 100%/1000
same tp.data
same tp.data -s trace,comm
same tp.data -s trace --raw-trace
# upstream's per-field columns (--raw-trace, default sort) are refused
assert_status 1 "$PERF" report -i tp.data --stdio --raw-trace
assert_contains err.txt "is not supported by this perf"

# -C on a file without CPU samples: upstream's message, but an error status
assert_status 1 "$PERF" report -i g.data --stdio --cpu 0
assert_contains err.txt "File does not contain CPU events. Remove -C option to proceed."

# a pipe: -i - reads the file from stdin
"$PERF" report -i - --stdio < nog.data 2> /dev/null | mask > a.txt
"$REF_PERF" report -i - --stdio < nog.data 2> /dev/null | mask > b.txt
assert_same b.txt a.txt
echo "$nr_cmp option sets compared"
exit 0
