#!/bin/bash
# perf record files read by the reference: the same raw dump and samples, script/report/evlist/header work
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

# a file of ours: the reference dumps it exactly as we do, and finds every sample
check_file() {
	"$PERF" report -D -i "$1" > ours.txt 2> ours.err || fail "our -D of $1"
	"$REF_PERF" report -D -i "$1" > ref.txt 2> ref.err || fail "reference -D of $1: $(cat ref.err)"
	# without a build-id table the reference names the vdso after a temporary copy of its own
	sed -i 's|dso: /tmp/perf-vdso.so-.*|dso: [vdso]|' ref.txt
	cmp -s ours.txt ref.txt || { diff -u ref.txt ours.txt | head -40; fail "raw dumps of $1 differ"; }
	"$REF_PERF" script -G -F ip -i "$1" > script.txt 2> script.err || fail "reference script of $1: $(cat script.err)"
	grep -q "failed\|corrupt\|unexpected" script.err && fail "reference script warned: $(cat script.err)"
	awk '/PERF_RECORD_SAMPLE/ { sub(/.*: 0x/, ""); sub(/ period.*/, ""); print }' ours.txt | sort > ips1.txt
	awk '{ print $1 }' script.txt | sort > ips2.txt
	cmp -s ips1.txt ips2.txt || fail "the reference's script of $1 has other samples"
	"$REF_PERF" report --stdio -i "$1" > report.txt 2> report.err || fail "reference report of $1"
	"$REF_PERF" evlist -i "$1" > /dev/null 2>&1 || fail "reference evlist of $1"
}

"$PERF" record -q -e cpu-clock -g -o g.data -- "$SPIN" 200 2 || fail "record -g"
check_file g.data
assert_contains report.txt "data_spin"
"$PERF" record -q -e cpu-clock --call-graph dwarf -o dw.data -- "$SPIN" 100 || fail "record dwarf"
check_file dw.data
"$PERF" record -q -e cpu-clock -z -o z.data -- "$SPIN" 100 || fail "record -z"
check_file z.data
"$PERF" record -q -a -e cpu-clock -o a.data -- "$SPIN" 100 || fail "record -a"
check_file a.data

# the header: the same lines as the reference prints for its own file, but the values that change
"$REF_PERF" record -q -e cpu-clock -g -o refg.data -- "$SPIN" 100 || fail "reference record"
mask() {
	sed -e 's/: .*//' -e 's/=.*//' "$1"
}
"$REF_PERF" report --header-only -i g.data > h1.txt
"$REF_PERF" report --header-only -i refg.data > h2.txt
mask h1.txt > m1.txt
mask h2.txt > m2.txt
cmp -s m1.txt m2.txt || { diff -u m2.txt m1.txt; fail "header layouts differ"; }
assert_contains h1.txt "# cmdline : "
assert_contains h1.txt " record -q -e cpu-clock -g -o g.data -- $SPIN 200 2"

# pipe mode: ours into the reference, through a real pipe
"$PERF" record -q -e cpu-clock -o - -- "$SPIN" 100 | "$REF_PERF" script -G -F ip > pscript.txt 2> perr.txt ||
	fail "reference script from our pipe: $(cat perr.txt)"
[ -s pscript.txt ] || fail "no samples through the pipe"
"$PERF" record -q -e cpu-clock -o - -- "$SPIN" 100 > p.data || fail "record -o -"
check_file p.data
exit 0
