#!/bin/bash
# perf stat mem: breakpoints count the writes to a variable
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
progs="$PERF_BUILDDIR/tests/progs"
[ -x "$progs/bp_var" ] || skip "test programs not built"

count() {
	awk -F';' -v ev="$2" '$3 == ev { print $1 }' "$1"
}

# the address of bp_var's variable, the same in every run without ASLR
addr=$(setarch -R "$progs/bp_var" addr 2>/dev/null) || skip "setarch -R unavailable"
setarch -R $PERF stat -x';' -e "mem:$addr:w,mem:$addr/8:w:u" -- "$progs/bp_var" 300 2> out.csv ||
	{ cat out.csv; fail "mem:$addr:w"; }
grep -q '<not supported>' out.csv && { cat out.csv; fail "breakpoints not supported"; }
# the fifth breakpoint does not fit in the four debug registers
$PERF stat -e "mem:$addr:w,mem:$addr:w,mem:$addr:w,mem:$addr:w,mem:$addr:w" -- true 2> err.txt &&
	fail "five breakpoints opened"
assert_contains err.txt "No space left on device"
n=$(count out.csv "mem:$addr:w")
if [ "$n" = 0 ]; then
	# the kernel accepts breakpoints but some hypervisors never trigger them
	skip "hardware breakpoints open but never trigger on this machine"
fi
[ "$n" = 300 ] || { cat out.csv; fail "mem:$addr:w counted $n, not 300"; }
[ "$(count out.csv "mem:$addr")" = 300 ] || { cat out.csv; fail "mem:$addr/8:w:u"; }
exit 0
