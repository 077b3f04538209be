# Helpers for the report tests: run ours and the reference on one file and compare.
# Source after common.sh: . "$PERF_SRCDIR/tests/shell/lib/report.sh"

# Header lines that carry the version or vary by run (the tip is random).
# The reference's fractal "[...]" line reads an uninitialized flag: it may say "(inlined)".
mask() {
	grep -v -e '^# perf version' -e '^# (Tip:' -e '^# Captured and counted' |
		sed 's/\[\.\.\.\] (inlined)$/[...]/'
}

nr_cmp=0
# same FILE OPTIONS...: both print the same bytes (and fail or succeed alike)
same() {
	local f=$1 a b
	shift
	"$PERF" report -i "$f" --stdio "$@" > a.raw 2> a.err
	a=$?
	"$REF_PERF" report -i "$f" --stdio "$@" > b.raw 2> b.err
	b=$?
	if [ $b -ne 0 ]; then	# the reference refuses: so must we
		[ $a -ne 0 ] || fail "perf report -i $f $* succeeded, the reference failed: $(cat b.err)"
		return 0
	fi
	[ $a -eq 0 ] || { cat a.err; fail "perf report -i $f $* exited $a"; }
	mask < a.raw > a.txt
	mask < b.raw > b.txt
	cmp -s a.txt b.txt || { diff -u b.txt a.txt | head -40; fail "report -i $f $* differs from the reference"; }
	nr_cmp=$((nr_cmp + 1))
}

# The workload: a program never built with sanitizers (see tests/progs/report_loops.c).
loops=$PERF_BUILDDIR/tests/progs/report_loops
[ -x "$loops" ] || skip "tests/progs not built"

rec() {
	"$REF_PERF" record -q "$@" > /dev/null 2> rec.err || { cat rec.err; skip "the reference perf record failed"; }
}
