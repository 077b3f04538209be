#!/bin/bash
# perf report call graphs print what the reference prints: children, orders, modes, limits, events
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
. "$PERF_SRCDIR/tests/shell/lib/report.sh"

# call chains through a fork and exec, and two events
rec -o g.data -e cpu-clock -F 1000 -g -- sh -c "$loops sqrtloop 0.1; $loops leafloop 0.1"
rec -o ev.data -e cpu-clock -e task-clock -F 500 -g -- "$loops" leafloop 0.15

same g.data --no-children
same g.data -g none
same g.data -g flat
same g.data -g folded
same g.data -g fractal
same g.data -g graph,0.5,caller
same g.data --no-children -g callee,5
same g.data -G
same g.data --max-stack 3
same g.data --no-children --max-stack 2 -s sym
same g.data -g graph,0,callee,function,period
same g.data -g folded,0,caller,function,count --no-children
same g.data -g none -s dso,sym
# entries keyed by address and by source line: their siblings' order, lines merged
same g.data -g address
same g.data -g srcline
same g.data --no-children -g caller,0.5,caller,srcline
same ev.data
same ev.data --group
same ev.data --no-children -s sym
echo "$nr_cmp option sets compared"
exit 0
