#!/bin/bash
# perf probe: add uprobes, the messages, naming (-f suffixes), -l, -d with globs, -n, -q
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
probe_setup pald

B=$PROBE_BIN
G=$PROBE_GROUP
UE=$TRACEFS/uprobe_events

assert_status 0 "$PERF" probe -x "$B" probe_add a b
assert_contains err.txt "Added new event:"
assert_contains err.txt "  $G:probe_add (on probe_add in $B with a b)"
assert_contains err.txt "You can now use it in all perf tools, such as:"
assert_contains err.txt "	perf record -e $G:probe_add -aR sleep 1"
assert_contains "$UE" "p:$G/probe_add $B:0x0000000000001164 a=-20(%bp):s32 b=-32(%bp):s64"

# the same name again: an error, or a _1 suffix with -f
assert_status 1 "$PERF" probe -x "$B" probe_add a
assert_contains err.txt "Error: event \"probe_add\" already exists."
assert_status 0 "$PERF" probe -f -x "$B" probe_add a
assert_contains err.txt "  $G:probe_add_1 (on probe_add in $B with a)"
assert_status 0 "$PERF" probe -f -x "$B" probe_add
assert_contains err.txt "$G:probe_add_2"

# several points for one definition share one event; several definitions with --add
assert_status 0 "$PERF" probe -x "$B" 'probe_add:2' sum
assert_contains err.txt "Added new events:"
[ "$(grep -c "$G:probe_add_L2 (on probe_add:2 in $B with sum)" err.txt)" -eq 2 ] || fail "two probe_add_L2 points"
assert_status 0 "$PERF" probe -x "$B" -a 'probe_ret%return $retval' -a 'probe_str s:string'
assert_contains err.txt "$G:probe_ret__return (on probe_ret%return in $B with \$retval)"
assert_contains err.txt "$G:probe_str (on probe_str in $B with s:string)"

# -q: nothing on the terminal; -n: nothing written
assert_status 0 "$PERF" probe -q -x "$B" 'l35=probe_prog.c:35'
[ -s out.txt ] || [ -s err.txt ] && fail "-q printed something"
assert_status 0 "$PERF" probe -n -x "$B" 'dry=probe_add'
assert_contains err.txt "$G:dry (on probe_add in $B)"
assert_not_contains "$UE" "$G/dry "

# -l: sorted definitions with the source location
assert_status 0 "$PERF" probe -l "$G:*"
cat > want.txt <<EOT
  $G:l35       (on probe_add:4@tests/progs/probe_prog.c in $B)
  $G:probe_add (on probe_add:2@tests/progs/probe_prog.c in $B with a b)
  $G:probe_add_1 (on probe_add:2@tests/progs/probe_prog.c in $B with a)
  $G:probe_add_2 (on probe_add@tests/progs/probe_prog.c in $B)
  $G:probe_add_L2 (on probe_add:2@tests/progs/probe_prog.c in $B with sum)
  $G:probe_add_L2 (on probe_add:2@tests/progs/probe_prog.c in $B with sum)
  $G:probe_str (on probe_str:2@tests/progs/probe_prog.c in $B with s_string)
  $G:probe_ret__return (on probe_ret%return@tests/progs/probe_prog.c in $B with arg1)
EOT
assert_same out.txt want.txt
if [ -n "$REF_PERF" ]; then
	"$REF_PERF" probe -l "$G:*" > ref.txt 2>/dev/null
	assert_same out.txt ref.txt
fi
assert_status 0 "$PERF" probe -l "$G:probe_add_?"
[ "$(grep -c '' out.txt)" -eq 2 ] || fail "-l with a glob: probe_add_1 and probe_add_2"

# -d with globs; only matching events go
assert_status 0 "$PERF" probe -d "$G:probe_add_*"
assert_contains err.txt "Removed event: $G:probe_add_1"
assert_contains err.txt "Removed event: $G:probe_add_2"
assert_contains err.txt "Removed event: $G:probe_add_L2"
grep -qx "Removed event: $G:probe_add" err.txt && fail "probe_add matched probe_add_*"
grep -q "$G/probe_add_" "$UE" && fail "probe_add_* still defined"
grep -q "$G/probe_add " "$UE" || fail "probe_add was removed by probe_add_*"
assert_status 1 "$PERF" probe -d "$G:nosuch*"
assert_contains err.txt "\"$G:nosuch*\" does not hit any event."
assert_contains err.txt "Error: Failed to delete events."
assert_status 0 "$PERF" probe -q -d "$G:*"
[ -s err.txt ] && fail "-q -d printed something"
grep -q "$G/" "$UE" && fail "probes of $G are left"

# command line errors
assert_status 129 "$PERF" probe -l -d "$G:x"
assert_contains err.txt "Error: another command except --add is set."
exit 0
