#!/bin/bash
# perf.data of the other byte order (a big-endian rewrite of ours) decodes to the same records
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
PY=$(command -v python3) || skip "python3 is not installed (it rewrites the file in big endian)"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

"$PERF" record -q -e '{cpu-clock,task-clock}' -e page-faults -g --sample-cpu -d --switch-events \
	--namespaces -o le.data -- "$SPIN" 100 2 || fail "record"
"$PY" "$PERF_SRCDIR/tests/shell/lib/perf_data_be.py" le.data be.data || fail "the big-endian rewrite failed"
cmp -s le.data be.data && fail "the rewrite changed nothing"

# the dumps without the raw bytes and the file names: the same records, decoded alike
for f in le be; do
	"$PERF" report -D -i $f.data 2> $f.err | grep -vE '^\.( |$)' | grep -vE '^0x[0-9a-f]+@' > $f.txt || fail "-D of $f.data"
	"$PERF" evlist -v -i $f.data > $f.evlist || fail "evlist of $f.data"
	"$PERF" report --header-only -i $f.data | grep -E 'hostname|cmdline|event :|nrcpus' > $f.header
done
[ -s be.err ] && fail "warnings on the big-endian file: $(cat be.err)"
assert_same le.txt be.txt
assert_same le.evlist be.evlist
assert_same le.header be.header
assert_contains be.txt "PERF_RECORD_SAMPLE"
assert_contains be.txt "... FP chain: nr:"
assert_contains be.txt "PERF_RECORD_MMAP2"
assert_contains be.txt "r-xp"
assert_contains be.txt "PERF_RECORD_NAMESPACES"
assert_contains be.txt "... scale: 0.000001"
exit 0
