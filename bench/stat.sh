#!/bin/bash
# perf stat speed, side by side with the reference:
#   1. the start-up overhead of 'perf stat -e task-clock -- true' over a bare 'true'
#   2. 'perf stat -e syscalls:sys_enter_*' (~360 tracepoints): the time until the
#      workload starts (our own parsing, tracefs reads and opens) and the total
#      (mostly the kernel unregistering each tracepoint when the events close)
#
# usage: bench/stat.sh [OURS [REF]]   (RUNS=N for part 1, TP_RUNS=N for part 2)
set -e
OURS=${1:-$(dirname "$0")/../perf}
REF=${2:-/usr/bin/perf}
RUNS=${RUNS:-200}
TP_RUNS=${TP_RUNS:-2}
[ -x "$OURS" ] || { echo "no perf at $OURS (build it first)" >&2; exit 1; }
[ -x "$REF" ] || { echo "no reference perf at $REF" >&2; exit 1; }

echo "== 1. perf stat -e task-clock -- true (start-up overhead)"
if command -v hyperfine >/dev/null; then
	hyperfine -N -w 10 -r "$RUNS" --export-json /tmp/stat-bench.$$.json \
		'true' "$OURS stat -e task-clock -- true" "$REF stat -e task-clock -- true" >/dev/null
	python3 - /tmp/stat-bench.$$.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))['results']
med = [x['median'] * 1000 for x in r]
print(f"  median: true {med[0]:.2f} ms, ours {med[1]:.2f} ms, reference {med[2]:.2f} ms")
print(f"  overhead over true: ours {med[1] - med[0]:.2f} ms, reference {med[2] - med[0]:.2f} ms, "
      f"ratio ours/reference {(med[1] - med[0]) / (med[2] - med[0]):.2f}")
PY
	rm -f /tmp/stat-bench.$$.json
else
	# paired runs: each round times the three commands in turn
	python3 - "$OURS" "$REF" "$RUNS" <<'PY'
import statistics, subprocess, sys, time
ours, ref, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
cmds = [['true'], [ours, 'stat', '-e', 'task-clock', '--', 'true'], [ref, 'stat', '-e', 'task-clock', '--', 'true']]
t = [[], [], []]
for _ in range(runs):
    for i, c in enumerate(cmds):
        s = time.perf_counter()
        subprocess.run(c, stderr=subprocess.DEVNULL)
        t[i].append((time.perf_counter() - s) * 1000)
med = [statistics.median(x) for x in t]
print(f"  median: true {med[0]:.2f} ms, ours {med[1]:.2f} ms, reference {med[2]:.2f} ms")
print(f"  overhead over true: ours {med[1] - med[0]:.2f} ms, reference {med[2] - med[0]:.2f} ms")
PY
fi

echo "== 2. perf stat -e 'syscalls:sys_enter_*' -- date (tracepoints: ~360)"
for i in $(seq "$TP_RUNS"); do
	for who in ours reference; do
		p=$OURS
		[ $who = reference ] && p=$REF
		start=$(date +%s.%N)
		begun=$(/usr/bin/time -o /tmp/stat-bench.$$.time -f '%e %U %S' \
			"$p" stat -e 'syscalls:sys_enter_*' -- date +%s.%N 2>/dev/null)
		read -r wall user sys < /tmp/stat-bench.$$.time
		rm -f /tmp/stat-bench.$$.time
		awk -v w="$who" -v s="$start" -v b="$begun" -v wall="$wall" -v u="$user" -v sy="$sys" 'BEGIN {
			printf "  %-9s until the workload runs %6.3f s, total %6.2f s (perf itself: user %.2f s, sys %.2f s)\n",
			       w, b - s, wall, u, sy }'
	done
done
