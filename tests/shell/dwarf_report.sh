#!/bin/sh
# perf report --stdio on --call-graph dwarf recordings of the reference: the same output (inline entries, srcline keys)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf

progs=$PERF_BUILDDIR/tests/progs
[ -x "$progs/unwind_prog_O2" ] || skip "tests/progs not built"
# -O2 PIE without frame pointers (inlined functions, a signal handler); non-PIE -O0 with a library
"$REF_PERF" record -q -o o2.data -e cpu-clock -F 1000 --call-graph dwarf -- \
	"$progs/unwind_prog_O2" chain,signal 100 > /dev/null 2>&1 &
p1=$!
"$REF_PERF" record -q -o lib.data -e cpu-clock -F 1000 --call-graph dwarf -- \
	"$progs/unwind_prog_lib" lib,syscall 100 > /dev/null 2>&1 ||
	skip "the reference could not record"
wait $p1 || skip "the reference could not record"

# the header's comment lines carry versions and a random tip; children
# mode is left out: some samples (entries of equal value, repeated frames)
# come out of upstream in ways we reproduce only most of the time
for data in o2 lib; do
	for opts in "--no-children" "--no-children --no-inline" "--no-children -G" \
		    "-s srcline --no-children"; do
		# shellcheck disable=SC2086
		"$REF_PERF" report -i $data.data --stdio $opts 2> /dev/null | grep -v '^#' > ref.txt
		# shellcheck disable=SC2086
		"$PERF" report -i $data.data --stdio $opts 2> err.txt | grep -v '^#' > ours.txt
		[ -s ref.txt ] || fail "the reference printed nothing for $data $opts"
		echo "$data.data $opts: $(wc -l < ref.txt) lines"
		assert_same ours.txt ref.txt
	done
done
# what the comparisons covered
"$PERF" report -i o2.data --stdio > ours.txt 2>&1
assert_contains ours.txt "mix (inlined)"
"$PERF" report -i o2.data --stdio -s srcline > ours.txt 2>&1
assert_contains ours.txt "unwind_prog.c:"
assert_contains ours.txt "??:0"
exit 0
