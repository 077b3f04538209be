#!/bin/bash
# perf probe on a shared library: libc's malloc, its return value, and its argument from debug info
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
need_root
"$PERF" probe -l > /dev/null 2>&1
[ -e "$TRACEFS/uprobe_events" ] || skip "no uprobe_events in tracefs"
LIBC=$(ldd /bin/true | awk '/libc.so/ {print $3}')
[ -n "$LIBC" ] && [ -e "$LIBC" ] || skip "libc not found"
LIBC=$(realpath "$LIBC")
G=plibc
trap 'probe_cleanup_group "$G"' EXIT

# the symbol's file offset
vaddr=$(readelf -sW "$LIBC" | awk '$8 == "malloc" || $8 ~ /^malloc@/ {print $2; exit}')
[ -n "$vaddr" ] || skip "no malloc symbol in $LIBC"
assert_status 0 "$PERF" probe -x "$LIBC" -D malloc
grep -q "^p:probe_libc/malloc $LIBC:0x" out.txt || fail "bad definition: $(cat out.txt)"
off=$(sed 's/.*:0x\([0-9a-f]*\).*/\1/' out.txt)
want=""
while read -r _ poff pva _ _ pmem _; do
	if [ $((0x$vaddr)) -ge $((pva)) ] && [ $((0x$vaddr)) -lt $((pva + pmem)) ]; then
		want=$((0x$vaddr - pva + poff))
		break
	fi
done < <(readelf -lW "$LIBC" | grep '^ *LOAD')
[ -n "$want" ] || fail "malloc is in no LOAD segment"
[ $((0x$off)) -eq "$want" ] || fail "malloc at file offset 0x$off, expected $want"
assert_status 0 "$PERF" probe -x "$LIBC" -D 'malloc%return $retval'
assert_contains out.txt "r:probe_libc/malloc__return $LIBC:0x$off \$retval"
if [ -n "$REF_PERF" ]; then
	"$REF_PERF" probe -x "$LIBC" -D malloc > ref.txt 2>/dev/null
	"$PERF" probe -x "$LIBC" -D malloc > ours.txt 2>/dev/null
	assert_same ours.txt ref.txt
fi

# add it (by a library name relative to /, too) and list it
assert_status 0 "$PERF" probe -x "$LIBC" "$G:malloc=malloc" '%di'
assert_contains err.txt "  $G:malloc (on malloc in $LIBC with %di)"
assert_status 0 "$PERF" probe -l "$G:*"
assert_contains out.txt "$G:malloc"
assert_contains out.txt "in $LIBC"

# with libc's debug information, the argument by name (malloc is __libc_malloc there)
if "$PERF" probe -x "$LIBC" -D 'malloc bytes' > out.txt 2> err.txt; then
	assert_contains out.txt "bytes=%di:u64"
fi

if have_cmd stat; then
	assert_status 0 "$PERF" stat -x, -e "$G:malloc" "$PERF_BUILDDIR/tests/progs/probe_prog" 1
	n=$(grep ",$G:malloc," err.txt | cut -d, -f1)
	[ -n "$n" ] && [ "$n" -ge 1 ] || { cat err.txt; fail "malloc was not counted"; }
fi
assert_status 0 "$PERF" probe -d "$G:malloc"
exit 0
