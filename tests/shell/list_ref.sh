#!/bin/bash
# perf list prints what the reference prints, class by class and by glob
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf

failed=0
while IFS= read -r args; do
	for raw in "" --raw-dump; do
		# twice: probes and build-id cache entries may come and go meanwhile
		for try in 1 2; do
			"$REF_PERF" list $raw $args > ref.txt 2>&1
			$PERF list $raw $args > ours.txt 2>&1
			cmp -s ref.txt ours.txt && break
		done
		if ! cmp -s ref.txt ours.txt; then
			echo "--- perf list $raw $args"
			diff -u ref.txt ours.txt | head -20
			failed=1
		fi
	done
done <<'ARGS'

hw
sw
cache
pmu
tracepoint
sdt
metric
metricgroup
sched:*
sche?:sched_s*
fault
tsc
cs
cpu*
xyz
hw sw
sched:sched_switch sw
ARGS
$PERF list -h > ours.txt 2>&1
"$REF_PERF" list -h > ref.txt 2>&1
assert_same ref.txt ours.txt
exit $failed
