#!/bin/bash
# perf probe events in perf stat, record and script: counts, argument values, strings, members, $retval
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
probe_setup prec

B=$PROBE_BIN
G=$PROBE_GROUP
assert_status 0 "$PERF" probe -q -x "$B" probe_add a b
assert_status 0 "$PERF" probe -q -x "$B" 'probe_ret%return' 'ret=$retval:s32'
assert_status 0 "$PERF" probe -q -x "$B" probe_str 's:string' len
assert_status 0 "$PERF" probe -q -x "$B" probe_item_use 'item->id' 'item->name:string' 'item->pos.y' \
	'item->flag' 'item->mode' 'item->vals[2]' 'item->label:string' 'next=item->next->name:string'
assert_status 0 "$PERF" probe -q -x "$PROBE_BIN_O2" probe_add a b

have_cmd stat || skip "perf stat is not implemented yet: the probes were added and removed only"
# probe_add runs exactly N times
assert_status 0 "$PERF" stat -x, -e "$G:probe_add" -e "${G}_O2:probe_add" "$B" 7
grep -q "^7,,$G:probe_add," err.txt || { cat err.txt; fail "perf stat: probe_add must count 7"; }
assert_status 0 "$PERF" stat -x, -e "${G}_O2:probe_add" "$PROBE_BIN_O2" 5
grep -q "^5,,${G}_O2:probe_add," err.txt || { cat err.txt; fail "perf stat: -O2 probe_add must count 5"; }

have_cmd record || skip "perf record is not implemented yet"
have_cmd script || skip "perf script is not implemented yet"
assert_status 0 "$PERF" record -q -o perf.data -e "$G:*" "$B" 2
assert_status 0 "$PERF" script -i perf.data
assert_contains out.txt "$G:probe_add: "
assert_contains out.txt "a=0 b=0"
assert_contains out.txt "a=1 b=100"
assert_contains out.txt 's_string="probe string" len=64'
assert_contains out.txt 'id=7 name="first" y=-4 flag=5 mode=17 vals=30 label="hello label" next="second"'
assert_contains out.txt "ret=41"
exit 0
