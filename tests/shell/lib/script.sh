# Helpers for the perf script shell tests. Source after common.sh.
#
# script_prog: the workload (tests/progs/script_prog), copied into the test's
# directory. ref_record ARGS...: record perf.data-like files with the
# reference perf (quietly). script_same FILE ARGS...: our perf script and the
# reference's print the same bytes (stdout and stderr) and agree on success.

script_setup() {
	need_ref_perf
	SCRIPT_PROG=$PERF_BUILDDIR/tests/progs/script_prog
	[ -x "$SCRIPT_PROG" ] || skip "test program $SCRIPT_PROG not built"
	cp "$SCRIPT_PROG" ./script_prog || fail "cannot copy $SCRIPT_PROG"
}

# ref_record OUTPUT ARGS...: the reference records into OUTPUT
ref_record() {
	local out=$1
	shift
	"$REF_PERF" record -q -o "$out" "$@" > record.log 2>&1 || {
		cat record.log
		skip "the reference perf cannot record: $*"
	}
}

# script_same FILE ARGS... (stdin is not for either perf: -i - is tested apart)
script_same() {
	local f=$1 ours theirs
	shift
	# both at once: the reference's start-up (kernel symbols) dominates on small files
	"$REF_PERF" script -i "$f" "$@" > ref.out 2> ref.err &
	local refpid=$!
	"$PERF" script -i "$f" "$@" > ours.out 2> ours.err
	ours=$?
	wait $refpid
	theirs=$?
	[ $ours -ne 0 ] && ours=1
	[ $theirs -ne 0 ] && theirs=1
	if ! cmp -s ours.out ref.out || ! cmp -s ours.err ref.err || [ $ours != $theirs ]; then
		echo "--- perf script -i $f $* (exit: ours $ours, reference $theirs)"
		diff -u ref.out ours.out | head -20
		diff -u ref.err ours.err | head -10
		fail "perf script $* differs from the reference"
	fi
}
