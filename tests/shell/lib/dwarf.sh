# Reference recordings for the dwarf tests. Source after common.sh.
#
# record_dwarf_progs: o2.data (-O2 PIE without frame pointers: inlined
# functions, a signal handler) and lib.data (non-PIE -O0 calling into a
# shared library, syscalls), both --call-graph dwarf by the reference perf.
# Skips when the reference or the test programs are missing.
record_dwarf_progs() {
	local progs=$PERF_BUILDDIR/tests/progs p1

	need_ref_perf
	[ -x "$progs/unwind_prog_O2" ] || skip "tests/progs not built"
	"$REF_PERF" record -q -o o2.data -e cpu-clock -F 1000 --call-graph dwarf -- \
		"$progs/unwind_prog_O2" chain,signal 100 > /dev/null 2>&1 &
	p1=$!
	"$REF_PERF" record -q -o lib.data -e cpu-clock -F 1000 --call-graph dwarf -- \
		"$progs/unwind_prog_lib" lib,syscall 100 > /dev/null 2>&1 ||
		skip "the reference could not record"
	wait $p1 || skip "the reference could not record"
}
