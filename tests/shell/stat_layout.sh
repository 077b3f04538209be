#!/bin/bash
# perf stat table, CSV and JSON layouts match the reference (numbers masked)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
command -v python3 >/dev/null || skip "python3 not installed"

msr=""
[ -d /sys/bus/event_source/devices/msr ] && msr="-e msr/tsc/,tsc true"
python3 "$PERF_SRCDIR/tests/shell/lib/stat_compare.py" "$REF_PERF" "$PERF" <<CASES
# the default events (the hardware ones are <not supported> without a PMU)
true
-r 3 true
csv -x, true
csv -x, -r 2 true
csv -x';' -e task-clock,cs true
csv -j true
csv -j -r 2 -e task-clock,page-faults true
# software, tool, PMU, cache and raw events, breakpoints, groups, modifiers
-e task-clock,cs,faults,migrations,dummy true
-e duration_time,task-clock true
-e 'cycles:u,instructions:k,cpu-clock:u,r1234,L1-dcache-load-misses,page-faults:G' true
-e 'mem:0x1000:rw,mem:0x2000/4:w' true
-e '{cpu-clock,task-clock}:u,cs:H' true
-e '{cycles,instructions}' true
-d true
--no-big-num -e page-faults true
-n true
--metric-only -e task-clock,cs true
$msr
CASES
