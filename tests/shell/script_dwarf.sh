#!/bin/sh
# perf script on --call-graph dwarf recordings of the reference: the same bytes (unwound frames, inline levels, srclines)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf

progs=$PERF_BUILDDIR/tests/progs
[ -x "$progs/unwind_prog_O2" ] || skip "tests/progs not built"
# -O2 without frame pointers: inlined functions, a signal handler, a shared library
"$REF_PERF" record -q -o o2.data -e cpu-clock -F 1000 --call-graph dwarf -- \
	"$progs/unwind_prog_O2" chain,signal 100 > /dev/null 2>&1 &
p1=$!
"$REF_PERF" record -q -o lib.data -e cpu-clock -F 1000 --call-graph dwarf -- \
	"$progs/unwind_prog_lib" lib,syscall 100 > /dev/null 2>&1 ||
	skip "the reference could not record"
wait $p1 || skip "the reference could not record"

for data in o2 lib; do
	# srcline down to _start: a symbol without a line is "??:0", as addr2line's "??:?"
	for opts in "" "--no-inline" "-F ip,sym,symoff,dso,srcline" "--max-stack 3 -F ip,sym"; do
		# shellcheck disable=SC2086
		"$REF_PERF" script -i $data.data $opts > ref.txt 2> /dev/null
		# shellcheck disable=SC2086
		"$PERF" script -i $data.data $opts > ours.txt 2> err.txt || { cat err.txt; fail "perf script $opts"; }
		[ -s ref.txt ] || fail "the reference printed nothing for $data $opts"
		echo "$data.data $opts: $(wc -l < ref.txt) lines"
		assert_same ours.txt ref.txt
	done
done
# what the comparisons covered
"$PERF" script -i o2.data > ours.txt 2>&1
assert_contains ours.txt "mix+0x"
assert_contains ours.txt " (inlined)"
assert_contains ours.txt "__pthread_kill_implementation"
"$PERF" script -i lib.data > ours.txt 2>&1
assert_contains ours.txt "lib_inner+0x"
"$PERF" script -i lib.data -F ip,sym,srcline > ours.txt 2>&1
assert_contains ours.txt "??:0"
exit 0
