#!/bin/bash
# session-walk.sh [FILE] [RUNS]: the session's pass over a perf.data file against
# the benchmark kit's perfdata-walk (the floor: decode every record, nothing else),
# paired runs, median times and their ratio. Goal: within 3x of the floor.
#
#   make bench && bench/session-walk.sh /tmp/pbench/data/cpu-fp-big.data 7
set -u
FILE=${1:-/tmp/pbench/data/cpu-fp-big.data}
RUNS=${2:-7}
HERE=$(cd "$(dirname "$0")/.." && pwd)
SESSION=$HERE/build/bench/session
WALK=${WALK:-/tmp/pbench/tools/perfdata-walk}
[ -x "$SESSION" ] || { echo "build it first: make bench" >&2; exit 2; }
[ -x "$WALK" ] || { echo "no $WALK (make -C /work/shared/bench/tools, or WALK=)" >&2; exit 2; }
[ -f "$FILE" ] || { echo "no $FILE" >&2; exit 2; }

med() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: > /tmp/session-walk.$$
cat "$FILE" > /dev/null	# both read from the page cache
for ((i = 0; i < RUNS; i++)); do
	w=$("$WALK" "$FILE" | sed -n 's/.* \([0-9.]*\) s, .*/\1/p')
	s=$("$SESSION" "$FILE" | sed -n 's/.* \([0-9.]*\) s, peak.*/\1/p')
	u=$("$SESSION" -u "$FILE" | sed -n 's/.* \([0-9.]*\) s, peak.*/\1/p')
	echo "$w $s $u" >> /tmp/session-walk.$$
done
W=$(awk '{ print $1 }' /tmp/session-walk.$$ | med)
S=$(awk '{ print $2 }' /tmp/session-walk.$$ | med)
U=$(awk '{ print $3 }' /tmp/session-walk.$$ | med)
rm -f /tmp/session-walk.$$
"$SESSION" "$FILE"
printf 'perfdata-walk %.3f s, session (ordered) %.3f s = %.2fx, session (file order) %.3f s = %.2fx (%d runs, medians)\n' \
	"$W" "$S" "$(echo "$S $W" | awk '{ print $1 / $2 }')" "$U" "$(echo "$U $W" | awk '{ print $1 / $2 }')" "$RUNS"
