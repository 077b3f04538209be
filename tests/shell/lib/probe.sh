# Helpers for the perf probe shell tests. Source after common.sh.
#
# probe_setup NAME: needs root and uprobe_events; copies the probe test
# programs into the test's directory as NAME (-O0) and NAME_O2, so the events
# land in the group probe_NAME, which only this test uses; removes that group
# when the test exits (also on failure).

TRACEFS=/sys/kernel/tracing

probe_cleanup_group() {
	local f line ev
	for f in "$TRACEFS/uprobe_events" "$TRACEFS/kprobe_events"; do
		[ -w "$f" ] || continue
		# only our groups: other tests may have probes of their own
		grep -oE "^[pr]:($1)/[^ ]+" "$f" 2>/dev/null | sort -u | while read -r line; do
			ev=${line#?:}
			echo "-:$ev" >> "$f" 2>/dev/null
		done
	done
}

probe_setup() {
	need_root
	PROBE_NAME=$1
	PROBE_PROG=$PERF_BUILDDIR/tests/progs/probe_prog
	[ -x "$PROBE_PROG" ] || skip "test program $PROBE_PROG not built"
	# perf mounts tracefs on demand; list once so it is there
	"$PERF" probe -l > /dev/null 2>&1
	[ -e "$TRACEFS/uprobe_events" ] || skip "no uprobe_events in tracefs"
	cp "$PROBE_PROG" "./$PROBE_NAME" || fail "cannot copy $PROBE_PROG"
	cp "${PROBE_PROG}_O2" "./${PROBE_NAME}_O2" || fail "cannot copy ${PROBE_PROG}_O2"
	PROBE_BIN=$PWD/$PROBE_NAME
	PROBE_BIN_O2=$PWD/${PROBE_NAME}_O2
	PROBE_GROUP=probe_$PROBE_NAME
	trap 'probe_cleanup_group "probe_${PROBE_NAME}|probe_${PROBE_NAME}_O2|${PROBE_NAME}_grp"' EXIT
}

# have_cmd CMD: is "perf CMD" implemented by the perf under test?
have_cmd() {
	"$PERF" "$1" -h > /dev/null 2>&1
	[ $? -eq 129 ]
}
