#!/bin/bash
# perf report call graphs print what the reference prints: children, orders, modes, limits, events
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf

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

rec() {
	"$REF_PERF" record -q "$@" > /dev/null 2> rec.err || { cat rec.err; skip "the reference perf record failed"; }
}

# call chains through a fork and exec, and two events
rec -o g.data -e cpu-clock -F 1000 -g -- sh -c "$PERF test -w sqrtloop 0.1; $PERF test -w leafloop 0.1"
rec -o ev.data -e cpu-clock -e task-clock -F 500 -g -- "$PERF" test -w leafloop 0.15

same g.data --no-children
same g.data -g none
same g.data -g flat
same g.data -g folded
same g.data -g fractal
same g.data -g graph,0.5,caller
same g.data --no-children -g callee,5
same g.data -G
same g.data --max-stack 3
same g.data --no-children --max-stack 2 -s sym
same g.data -g graph,0,callee,function,period
same g.data -g folded,0,caller,function,count --no-children
same g.data -g none -s dso,sym
same ev.data
same ev.data --group
same ev.data --no-children -s sym
echo "$nr_cmp option sets compared"
exit 0
