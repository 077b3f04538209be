#!/bin/bash
# perf buildid-cache --add registers SDT markers; perf probe sdt_PROV:NAME; perf probe --cache -l
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
need_root
SDT_PROG=$PERF_BUILDDIR/tests/progs/probe_sdt
[ -x "$SDT_PROG" ] || skip "test program $SDT_PROG not built"
"$PERF" probe -l > /dev/null 2>&1
[ -e "$TRACEFS/uprobe_events" ] || skip "no uprobe_events in tracefs"
# a private build-id cache, and a provider name only this test uses
export HOME=$PWD/home
mkdir -p "$HOME"
cp "$SDT_PROG" ./psdt
cp "${SDT_PROG}_O2" ./psdt_O2
B=$PWD/psdt
G=sdt_probe_test
trap 'probe_cleanup_group "$G"' EXIT
probe_cleanup_group "$G"

# the notes: two markers
readelf -n "$B" 2>/dev/null | grep -q 'NT_STAPSDT' || skip "readelf cannot show the SDT notes"

assert_status 0 "$PERF" buildid-cache --add "$B"
bid=$(readelf -n "$B" | awk '/Build ID/ {print $3}')
[ -f "$HOME/.debug$B/$bid/elf" ] || fail "no copy of the binary in the cache"
[ -L "$HOME/.debug/.build-id/${bid:0:2}/${bid:2}" ] || fail "no .build-id link"
cat > want.txt <<EOT
%$G:loop=loop
p:$G/loop $B:0x1154 arg1=-4(%bp):s32 arg2=-16(%bp):s64
%$G:done=done
p:$G/done $B:0x11cd
EOT
assert_same "$HOME/.debug$B/$bid/probes" want.txt
assert_status 0 "$PERF" buildid-cache --list
assert_contains out.txt "$bid $B"
assert_status 0 "$PERF" probe --cache --list
assert_contains out.txt "$B ($bid):"
assert_contains out.txt "$G:loop=loop"

# the reference reads our cache, and we read its
if [ -n "$REF_PERF" ]; then
	"$REF_PERF" list sdt > ref.txt 2>&1
	assert_contains ref.txt "$G:loop"
	"$REF_PERF" buildid-cache --remove "$B" > /dev/null 2>&1
	"$REF_PERF" buildid-cache --add "$B" > /dev/null 2>&1
	assert_status 0 "$PERF" probe -D "$G:loop"
	assert_contains out.txt "p:$G/loop $B:0x1154 arg1=-4(%bp):s32 arg2=-16(%bp):s64"
fi

# probe a marker from the cache
assert_status 0 "$PERF" probe "$G:loop"
assert_contains err.txt "Added new event:"
assert_contains err.txt "  $G:loop (on %loop in $B)"
assert_contains "$TRACEFS/uprobe_events" "p:$G/loop $B:0x0000000000001154 arg1=-4(%bp):s32 arg2=-16(%bp):s64"
assert_status 0 "$PERF" probe -l "$G:*"
assert_contains out.txt "  $G:loop  (on work:2@tests/progs/probe_sdt.c in $B with arg1 arg2)"
assert_status 0 "$PERF" probe -d "$G:loop"

# straight from a binary that is not cached, with a glob and the -O2 register arguments
assert_status 0 "$PERF" probe -x ./psdt_O2 -D "%probe_test:*"
assert_contains out.txt "p:$G/loop $PWD/psdt_O2:0x11b0 arg1=%di:s32 arg2=%si:s64"
assert_contains out.txt "p:$G/done $PWD/psdt_O2:0x1086"
assert_status 0 "$PERF" probe -x ./psdt_O2 -D "renamed=%probe_test:done"
assert_contains out.txt "p:$G/renamed $PWD/psdt_O2:0x1086"
assert_status 1 "$PERF" probe "$G:nosuch"
assert_contains err.txt "SDT event $G:nosuch not found."

# remove and purge
assert_status 0 "$PERF" buildid-cache --remove "$B"
[ -e "$HOME/.debug$B/$bid" ] && fail "--remove left the cache entry"
assert_status 0 "$PERF" buildid-cache --list
assert_not_contains out.txt "$B"
assert_status 1 "$PERF" buildid-cache --remove "$B"
assert_status 0 "$PERF" buildid-cache --add "$B"
assert_status 0 "$PERF" buildid-cache --purge "$B"
[ -e "$HOME/.debug$B/$bid" ] && fail "--purge left the cache entry"
assert_status 1 "$PERF" buildid-cache --add ./nosuchfile
assert_contains err.txt "Couldn't add ./nosuchfile"
exit 0
