#!/bin/bash
# perf stat counts exactly: syscalls, page faults, msr/tsc/, groups, -r
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
progs="$PERF_BUILDDIR/tests/progs"
[ -x "$progs/write_n" ] || skip "test programs not built"

# field 1 of the CSV line of event $2 in file $1
count() {
	awk -F';' -v ev="$2" '$3 == ev { print $1 }' "$1"
}

# N write() calls are N syscalls:sys_enter_write, in one run or the mean of three
if $PERF stat -x';' -e syscalls:sys_enter_write -- true 2>/dev/null; then
	$PERF stat -x';' -e syscalls:sys_enter_write,syscalls:sys_exit_write -- "$progs/write_n" 1234 2> out.csv ||
		fail "write_n failed"
	[ "$(count out.csv syscalls:sys_enter_write)" = 1234 ] || { cat out.csv; fail "sys_enter_write != 1234"; }
	[ "$(count out.csv syscalls:sys_exit_write)" = 1234 ] || { cat out.csv; fail "sys_exit_write != 1234"; }
	$PERF stat -r 3 -e syscalls:sys_enter_write -- "$progs/write_n" 500 2> out.txt
	assert_contains out.txt "               500      syscalls:sys_enter_write                                           "
	grep sys_enter_write out.txt | grep -q '( +-' && { cat out.txt; fail "variance for equal runs"; }
	assert_contains out.txt " (3 runs):"
	# a glob: the write syscall among all the others
	$PERF stat -x';' -e 'syscalls:sys_enter_wr*' -- "$progs/write_n" 77 2> out.csv
	[ "$(count out.csv syscalls:sys_enter_write)" = 77 ] || { cat out.csv; fail "glob: sys_enter_write != 77"; }
	[ "$(count out.csv syscalls:sys_enter_writev)" = 0 ] || { cat out.csv; fail "glob: sys_enter_writev"; }
	# a filter on the count
	$PERF stat -x';' -e syscalls:sys_enter_write --filter 'count == 2' -- "$progs/write_n" 10 2> out.csv
	[ "$(count out.csv syscalls:sys_enter_write)" = 0 ] || { cat out.csv; fail "filter count==2 matched"; }
else
	echo "no syscalls tracepoints (tracefs needs root): skipping the syscall counts"
fi

# each fresh page touched is one page fault (plus the program's own, the same each run)
base=$($PERF stat -x';' -e page-faults -- "$progs/touch_pages" 0 2>&1 | cut -d';' -f1)
more=$($PERF stat -x';' -e page-faults -- "$progs/touch_pages" 1000 2>&1 | cut -d';' -f1)
diff=$((more - base))
[ "$diff" -ge 995 ] && [ "$diff" -le 1005 ] || fail "1000 pages touched gave $diff more page faults ($base, $more)"

# msr/tsc/ counts for real: a few GHz x the run time
if [ -d /sys/bus/event_source/devices/msr ]; then
	$PERF stat -x';' -e msr/tsc/,tsc -- "$progs/write_n" 10 2> out.csv
	[ "$(count out.csv msr/tsc/)" -gt 1000 ] || { cat out.csv; fail "msr/tsc/ did not count"; }
	[ "$(count out.csv tsc)" -gt 1000 ] || { cat out.csv; fail "tsc (the alias alone) did not count"; }
fi

# groups: every member counts, the leader reads them all at once
$PERF stat -x';' -e '{task-clock,page-faults,cs}' -- "$progs/touch_pages" 10 2> out.csv
[ "$(count out.csv page-faults)" -gt 10 ] || { cat out.csv; fail "group member page-faults"; }
grep -q '<not' out.csv && { cat out.csv; fail "group not counted"; }

exit 0
