#!/bin/bash
# perf report --hierarchy prints what the reference prints: levels, limits, call graphs, events
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
. "$PERF_SRCDIR/tests/shell/lib/report.sh"

rec -o g.data -e cpu-clock -F 1000 -g -- sh -c "$loops sqrtloop 0.1; $loops leafloop 0.1"
rec -o ev.data -e cpu-clock -e task-clock -F 1000 -- "$loops" leafloop 0.15

same ev.data --hierarchy
same ev.data --hierarchy -n --show-total-period
same ev.data --hierarchy -s dso,sym
same ev.data --hierarchy -s sym
same ev.data --hierarchy -s cpu,pid,dso
same ev.data --hierarchy --percent-limit 0.5 -s dso,sym -n
same ev.data --hierarchy -q
same g.data --hierarchy
same g.data --hierarchy --no-children
same g.data --hierarchy --children -s dso,sym
same g.data --hierarchy -g caller --percent-limit 2
same g.data --hierarchy --no-children -g fractal -s sym,dso
same g.data --hierarchy -g folded -s comm,sym

# what this perf cannot print as upstream does is refused, never printed differently
for o in "--comm perf" "--dsos perf" "-F overhead,sym" "--group" "-t ,"; do
	$PERF report -i ev.data --stdio --hierarchy $o > /dev/null 2> err.txt && fail "--hierarchy $o was not refused"
	grep -q "not supported" err.txt || fail "--hierarchy $o: no clear error: $(cat err.txt)"
done
echo "$nr_cmp option sets compared"
exit 0
