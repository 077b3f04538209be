#!/bin/bash
# perf record build ids: the table of the DSOs with samples, the build-id cache, -N, -B, --buildid-all, buildid-list
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
export PERF_BUILDID_DIR=$PWD/debug
SPIN=$PERF_BUILDDIR/tests/progs/data_spin

assert_status 0 "$PERF" record -e cpu-clock -o b.data -- "$SPIN" 100
assert_status 0 "$PERF" buildid-list -i b.data
bid=$("$PERF" buildid-list -i "$SPIN")
[ ${#bid} -eq 40 ] || fail "no build id for $SPIN: $bid"
assert_contains out.txt "$bid $SPIN"
kbid=$("$PERF" buildid-list -k)
assert_contains out.txt "$kbid [kernel.kallsyms]"
assert_contains out.txt "[vdso]"
# only hit DSOs (and the vdso, as upstream): the workload's ld.so is there, not every library
assert_status 0 "$PERF" buildid-list -H -i b.data
assert_contains out.txt "$bid $SPIN"

# the cache: <dir>/<path>/<build id>/elf and the .build-id link
[ -f "debug$SPIN/$bid/elf" ] || fail "not cached: debug$SPIN/$bid/elf"
link=debug/.build-id/${bid:0:2}/${bid:2}
[ -L "$link" ] || fail "no link $link"
[ "$(readlink "$link")" = "../..$SPIN/$bid" ] || fail "bad link: $(readlink "$link")"
[ -f "debug/[kernel.kallsyms]/$kbid/kallsyms" ] || fail "kallsyms not cached"
ls debug/\[vdso\]/*/vdso > /dev/null 2>&1 || fail "vdso not cached"

# -N: a table but no cache; -B: neither, and no sample count
rm -rf debug
assert_status 0 "$PERF" record -N -e cpu-clock -o n.data -- "$SPIN" 50
[ -e debug ] && fail "-N updated the cache"
"$PERF" buildid-list -i n.data > n.txt
assert_contains n.txt "$bid $SPIN"
assert_status 0 "$PERF" record -B -e cpu-clock -o nb.data -- "$SPIN" 50
assert_not_contains err.txt "samples)"
"$PERF" report --header-only -i nb.data > h.txt
assert_contains h.txt "missing features: TRACING_DATA BUILD_ID"
"$PERF" buildid-list -i nb.data > nb.txt
assert_contains nb.txt "                                         $SPIN"

# --buildid-all: every DSO mapped, hit or not (libc is mapped by the workload)
assert_status 0 "$PERF" record --buildid-all -e cpu-clock -o all.data -- "$SPIN" 20
"$PERF" buildid-list -i all.data > all.txt
grep -q "libc.so" all.txt || fail "--buildid-all lacks libc: $(cat all.txt)"

if [ -n "$REF_PERF" ]; then
	"$REF_PERF" buildid-list -i b.data > ref.txt
	"$PERF" buildid-list -i b.data > ours.txt
	assert_same ref.txt ours.txt
	"$REF_PERF" buildid-list -H -i b.data > ref.txt
	"$PERF" buildid-list -H -i b.data > ours.txt
	assert_same ref.txt ours.txt
fi
exit 0
