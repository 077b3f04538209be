#!/bin/bash
# perf.data files of the reference read by ours: the same raw dump, stats, header, evlist and build ids
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
need_ref_perf
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

# same_output ARGS...: ours and the reference print the same (stdout and stderr) for ARGS
same_output() {
	"$PERF" "$@" > ours.txt 2> ours.err
	a=$?
	"$REF_PERF" "$@" > ref.txt 2> ref.err
	b=$?
	# without a build-id table the reference names the vdso after a temporary copy of its own
	sed -i -e 's|dso: /tmp/perf-vdso.so-.*|dso: [vdso]|' -e 's| /tmp/perf-vdso.so-.*| [vdso]|' ref.txt
	[ $a -eq $b ] || fail "'perf $*' exits $a, the reference $b: $(cat ours.err)"
	cmp -s ours.txt ref.txt || { diff -u ref.txt ours.txt | head -40; fail "'perf $*' differs"; }
	cmp -s ours.err ref.err || { diff -u ref.err ours.err | head -20; fail "'perf $*' warns differently"; }
}

# same_sorted ARGS...: the same lines, in any order
same_sorted() {
	"$PERF" "$@" 2>&1 | sort > ours.txt
	"$REF_PERF" "$@" 2>&1 | sed 's| /tmp/perf-vdso.so-.*| [vdso]|' | sort > ref.txt
	cmp -s ours.txt ref.txt || { diff -u ref.txt ours.txt | head -20; fail "'perf $*' differs"; }
}

check_file() {
	same_output report -D -i "$1"
	same_output report --stats -i "$1"
	same_output report --header-only -I -i "$1"
	same_output evlist -v -i "$1"
	same_output evlist -F -i "$1"
	same_output evlist -g -i "$1"
	same_output evlist --trace-fields -i "$1"
	same_output buildid-list -i "$1"
	# system-wide: a binary rebuilt while recording makes two DSOs of one name, in some order
	same_sorted buildid-list -H -i "$1"
}

# a system-wide file with groups, call chains and tracepoints (tracing data, a dummy event)
"$REF_PERF" record -q -a -g -e '{cpu-clock,task-clock}' -e sched:sched_switch -e sched:sched_process_exec \
	-o sys.data -- "$SPIN" 100 2 > /dev/null 2>&1 || fail "reference record -a"
check_file sys.data

# pipe mode with dwarf stacks, from a file and from a pipe
"$REF_PERF" record -q -e cpu-clock --call-graph dwarf,2048 -o - -- "$SPIN" 100 > pipe.data 2> /dev/null ||
	fail "reference record -o -"
check_file pipe.data
cat pipe.data | "$PERF" report -D > a.txt 2>&1 || fail "-D from a pipe"
cat pipe.data | "$REF_PERF" report -D 2>&1 | sed 's|dso: /tmp/perf-vdso.so-.*|dso: [vdso]|' > b.txt
cmp -s a.txt b.txt || { diff -u b.txt a.txt | head; fail "-D from a real pipe differs"; }
cat pipe.data | "$PERF" evlist -i - > a.txt || fail "evlist -i -"
assert_contains a.txt "cpu-clock"

# compressed
"$REF_PERF" record -q -z -e cpu-clock -o z.data -- "$SPIN" 100 > /dev/null 2>&1 || fail "reference record -z"
check_file z.data
assert_contains ours.txt "[kernel.kallsyms]"
"$PERF" report --header-only -i z.data > h.txt
assert_contains h.txt "# compressed : Zstd, level = 1, ratio = "
exit 0
