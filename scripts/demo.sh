#!/bin/sh
# The main job on the demo workload: count it, then record and report it.
# Usage: scripts/demo.sh [PERF]   (default ./perf)
set -e
PERF=${1:-./perf}
DIR=$(mktemp -d /tmp/pdemo.XXXXXX)
trap 'rm -rf "$DIR"' EXIT

echo "== perf stat: counting the demo workload (perf test -w leafloop 1)"
"$PERF" stat -- "$PERF" test -w leafloop 1

echo "== perf record -g: sampling it with call graphs"
"$PERF" record -g -o "$DIR/perf.data" -- "$PERF" test -w leafloop 1

echo "== perf report --stdio"
"$PERF" report --stdio -i "$DIR/perf.data" | head -60
