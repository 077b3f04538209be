#!/bin/bash
# perf.data robustness: empty, truncated, bad magic, corrupt sizes and sections give an error or a warning, never a crash
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

"$PERF" record -q -e cpu-clock -g -o good.data -- "$SPIN" 100 || fail "record"
size=$(stat -c %s good.data)
data_off=$(od -A n -t u8 -j 40 -N 8 good.data | tr -d ' ')
data_size=$(od -A n -t u8 -j 48 -N 8 good.data | tr -d ' ')
feat_off=$((data_off + data_size))

# run READER... on a file: no crash (no signal, no sanitizer report); rc is returned
run() {
	local f=$1 rc
	shift
	"$PERF" "$@" -i "$f" > out.txt 2> err.txt
	rc=$?
	[ $rc -lt 128 ] || { cat err.txt | head; fail "'perf $* -i $f' died with status $rc"; }
	grep -q "AddressSanitizer\|runtime error\|Segmentation" err.txt && { head err.txt; fail "sanitizer: $*"; }
	return $rc
}

# every reader on every bad file: a clear error (rc 1) or a warning
readers() {
	run "$1" report -D
	run "$1" report --stats
	run "$1" report --header-only -I
	run "$1" evlist -v
	run "$1" buildid-list -H
	return 0
}

# patch FILE OFFSET HEXBYTES: overwrite bytes in place
patch() {
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

: > empty.data
run empty.data report --stats && fail "an empty file was accepted"
assert_contains err.txt "zero-sized data (empty.data), nothing to do!"

run nosuch.data report --stats && fail "a missing file was accepted"
assert_contains err.txt "failed to open nosuch.data: No such file or directory"

cp good.data magic.data
patch magic.data 0 'XXXXXXXX'
run magic.data report --stats && fail "a bad magic was accepted"
assert_contains err.txt "magic.data: not a perf.data file (bad magic"

head -c 50 good.data > short.data
run short.data report --stats && fail "a file shorter than its header was accepted"
assert_contains err.txt "short.data: file too short"

cp good.data hsize.data
patch hsize.data 8 '\x00\x10'
run hsize.data report --stats && fail "a bad header size was accepted"
assert_contains err.txt "unsupported header size 4096"

cp good.data attrsize.data
patch attrsize.data 16 '\x07'
run attrsize.data evlist && fail "a bad attr size was accepted"
assert_contains err.txt "bad attr size"

# an attrs section far larger than the file (an attr count that overflows)
cp good.data attrs.data
patch attrs.data 32 '\x00\x00\x00\x00\x00\x00\x00\x10'
run attrs.data evlist && fail "attrs past the end were accepted"
assert_contains err.txt "attrs.data: the attrs section"

cp good.data dataoff.data
patch dataoff.data 40 '\x00\x00\x00\x00\x00\x00\x00\x40'
run dataoff.data report --stats && fail "a data section outside the file was accepted"
assert_contains err.txt "the data section offset"

# a record of size 0, and one larger than what is left of the data
cp good.data rec0.data
patch rec0.data $((data_off + 6)) '\x00\x00'
run rec0.data report --stats && fail "a record of size 0 was accepted"
assert_contains err.txt "corrupt record at offset $(printf %#x "$data_off"): size 0 is smaller than a record header"
cp good.data recbig.data
patch recbig.data $((data_off + 6)) '\xff\xff'
run recbig.data report --stats && fail "a record past the data section was accepted"
assert_contains err.txt "corrupt record at offset $(printf %#x "$data_off"): size 65535 goes past the end of the data section"
readers recbig.data

# feature sections out of the file
cp good.data feat.data
patch feat.data $((feat_off)) '\xff\xff\xff\xff\xff\xff\x00\x00'
run feat.data report --header-only
assert_contains err.txt "feature section"
assert_contains out.txt "# ========"
readers feat.data

# truncated anywhere: in the attrs, in the data, in the features
for cut in 150 300 $((data_off + 100)) $((data_off + data_size / 2)) $((feat_off + 10)) $((size - 40)); do
	head -c $cut good.data > cut.data
	readers cut.data
done
head -c $((data_off + data_size / 2)) good.data > half.data
run half.data report --stats || fail "a file cut in its data is not read"
assert_contains err.txt "file truncated"
assert_contains out.txt "SAMPLE events:"

# random bytes over the data section never crash a reader
for seed in 1 2 3; do
	cp good.data noise.data
	awk -v seed=$seed -v off="$data_off" -v n="$data_size" 'BEGIN { srand(seed);
		for (i = 0; i < 20; i++) printf "%d %d\n", off + int(rand() * n), int(rand() * 256) }' |
	while read -r at byte; do
		patch noise.data "$at" "$(printf '\\x%02x' "$byte")"
	done
	readers noise.data
done

# pipe mode: cut short, and garbage after the header
"$PERF" record -q -e cpu-clock -o - -- "$SPIN" 50 > pipe.data || fail "record -o -"
head -c $(( $(stat -c %s pipe.data) / 2 )) pipe.data > pcut.data
readers pcut.data
head -c $(( $(stat -c %s pipe.data) / 2 )) pipe.data | "$PERF" report --stats > out.txt 2> err.txt
assert_contains err.txt "file truncated"
exit 0
