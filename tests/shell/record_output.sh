#!/bin/bash
# perf record output: pipe mode, -z, --switch-output, --timestamp-filename, --max-size, a full disk
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

samples() {
	"$PERF" report --stats -i "$1" 2>/dev/null | awk '/^ *SAMPLE events:/ { print $3; exit }'
}

# stdout a pipe and no -o: pipe mode, as upstream; -o - is the same
"$PERF" record -e cpu-clock -- "$SPIN" 100 2> err.txt | cat > pipe.data
assert_contains err.txt "[ perf record: Captured and wrote 0.000 MB - ]"
[ "$(head -c 8 pipe.data)" = PERFILE2 ] || fail "no perf.data on the pipe"
[ "$(stat -c %s pipe.data)" -gt 200 ] || fail "pipe.data too small"
[ -e perf.data ] && fail "pipe mode wrote perf.data"
[ "$(samples pipe.data)" -gt 0 ] || fail "no samples in pipe mode"
"$PERF" report --header-only -i pipe.data > h.txt
assert_contains h.txt "# data offset    : 0"
assert_contains h.txt "# cmdline : "
assert_contains h.txt "# event : name = cpu-clock"
"$PERF" record -q -e cpu-clock -o - -- "$SPIN" 100 | "$PERF" report --stats > st.txt || fail "pipe to report"
assert_contains st.txt "ATTR events:"
assert_contains st.txt "FEATURE events:"

# -z: COMPRESSED records; the samples are the same kind of data
assert_status 0 "$PERF" record -z -e cpu-clock -o z.data -- "$SPIN" 200
grep -qE 'Captured and wrote .* MB z.data, compressed \(original .* MB, ratio is [0-9.]+\) \]' err.txt ||
	fail "no compression summary: $(cat err.txt)"
"$PERF" report --stats -i z.data > st.txt
assert_contains st.txt "COMPRESSED events:"
assert_contains st.txt "SAMPLE events:"
"$PERF" report --header-only -i z.data > h.txt
assert_contains h.txt "# compressed : Zstd, level = 1, ratio = "
assert_status 0 "$PERF" record -z5 -e cpu-clock -o z5.data -- true
"$PERF" report --header-only -i z5.data > h.txt
assert_contains h.txt "level = 5"
"$PERF" record --compression-level=30 -o x.data -- true > out.txt 2> err.txt && fail "-z 30 worked"
assert_contains err.txt "Compression level must be in [1, 22]"

# --switch-output: files named by time, each complete
"$PERF" record -e cpu-clock --switch-output -o sw.data -- "$SPIN" 700 > out.txt 2> err.txt &
rpid=$!
sleep 0.25
kill -USR2 $rpid
sleep 0.25
kill -USR2 $rpid
wait $rpid || fail "record --switch-output failed: $(cat err.txt)"
n=$(ls sw.data.* | wc -l)
[ "$n" -eq 3 ] || fail "$n files instead of 3: $(ls sw.data*)"
[ -e sw.data ] && fail "sw.data left over"
assert_contains err.txt "[ perf record: dump data: Woken up"
assert_contains err.txt "[ perf record: Dump sw.data.20"
assert_contains err.txt "[ perf record: Captured and wrote"
assert_contains err.txt "sw.data.<timestamp>"
for f in sw.data.*; do
	echo "$f" | grep -qE '^sw\.data\.[0-9]{16}$' || fail "bad name $f"
	"$PERF" report --header-only -i "$f" > h.txt 2> herr.txt
	[ -s herr.txt ] && fail "$f is incomplete: $(cat herr.txt)"
	"$PERF" report -D -i "$f" > d.txt
	assert_contains d.txt "PERF_RECORD_COMM"
done
"$PERF" record --switch-output=100x -o x.data -- true > out.txt 2> err.txt && fail "a bad --switch-output worked"
assert_contains err.txt "Invalid --switch-output value: 100x"
assert_status 0 "$PERF" record -e cpu-clock -F 10000 -m 4 --switch-output=8K --switch-max-files=2 -o mx.data -- "$SPIN" 500
[ "$(grep -c 'Dump mx.data' err.txt)" -gt 2 ] || fail "--switch-output=8K switched only $(grep -c 'Dump mx.data' err.txt) times"
[ "$(ls mx.data.* | wc -l)" -eq 2 ] || fail "--switch-max-files=2 kept $(ls mx.data.* | wc -l) files"
assert_status 0 "$PERF" record -e cpu-clock --timestamp-filename -o ts.data -- true
ls ts.data.* > /dev/null 2>&1 || fail "no timestamped file"
assert_contains err.txt "[ perf record: Dump ts.data."
# --max-size stops the recording and the workload (which perf record then exits by, as upstream)
assert_status 143 "$PERF" record -e cpu-clock -F 10000 --max-size=20K -o max.data -- "$SPIN" 2000
assert_contains err.txt "perf size limit reached"
[ "$(samples max.data)" -gt 0 ] || fail "no samples before the size limit"

# a full disk: a clear error, not a crash
mkdir small
if mount -t tmpfs -o size=64k tmpfs small 2>/dev/null; then
	"$PERF" record -e cpu-clock -F 20000 -o small/f.data -- "$SPIN" 1000 > out.txt 2> err.txt
	rc=$?
	umount small
	[ $rc -ne 0 ] && [ $rc -lt 128 ] || fail "a full disk: exit $rc"
	assert_contains err.txt "No space left on device"
fi
exit 0
