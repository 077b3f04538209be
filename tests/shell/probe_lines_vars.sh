#!/bin/bash
# perf probe -L, -V and -F on a test program, checked against its source and the reference
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
probe_setup plv

B=$PROBE_BIN
SRC=$PERF_SRCDIR/tests/progs/probe_prog.c

# -L FUNC: the function's lines, numbered from its declaration where they can be probed
assert_status 0 "$PERF" probe -x "$B" -L probe_add
head -1 out.txt | grep -qE '^<probe_add@/.*tests/progs/probe_prog.c:0>$' || fail "bad -L header: $(head -1 out.txt)"
decl=$(grep -n 'probe_add(int a, long b)$' "$SRC" | cut -d: -f1)
# every numbered line is the source line decl+N
grep -E '^ +[0-9]+  ' out.txt | while IFS= read -r l; do
	n=$(echo "$l" | awk '{print $1}')
	text=${l:9}
	want=$(sed -n "$((decl + n))p" "$SRC")
	[ "$text" = "$want" ] || fail "-L line $n is '$text', source has '$want'"
done || exit 1
assert_contains out.txt "      0  int __attribute__((noinline)) probe_add(int a, long b)"
assert_contains out.txt "      2  	long sum = a + b;"
assert_contains out.txt "      6  }"
grep -q '^         {$' out.txt || fail "the '{' line shares the entry address: it must not be numbered"

# ranges: FUNC:START-END, FUNC:START+COUNT, SRC:START-END
assert_status 0 "$PERF" probe -x "$B" -L probe_add:2-4
[ "$(grep -c '' out.txt)" -eq 4 ] || fail "probe_add:2-4 shows 3 lines"
assert_status 0 "$PERF" probe -x "$B" -L probe_add:2+2
[ "$(grep -cE '^ +[0-9]+  ' out.txt)" -eq 1 ] || fail "probe_add:2+2: one probe-able line (2)"
assert_status 0 "$PERF" probe -x "$B" -L probe_prog.c:$((decl - 1))-$((decl + 9))
assert_contains out.txt "     $((decl + 2))  	long sum = a + b;"
# -O2: lines sharing an address with another line are not probe-able
assert_status 0 "$PERF" probe -x "$PROBE_BIN_O2" -L probe_item_use
[ "$(grep -cE '^ +[0-9]+  ' out.txt)" -eq 3 ] || { cat out.txt; fail "-O2 probe_item_use: lines 0, 5, 8"; }
assert_status 1 "$PERF" probe -x "$B" -L nosuchfunc
assert_contains err.txt "Error: Failed to show lines."

# -V: variables at the point, "type<TAB>name", sorted
assert_status 0 "$PERF" probe -x "$B" -V probe_add
printf 'Available variables at probe_add\n\t@<probe_add+0>\n\t\tint\ta\n\t\tlong int\tb\n\t\tlong int\tsum\n' > want.txt
assert_same out.txt want.txt
assert_status 0 "$PERF" probe -x "$B" -V probe_add --externs
assert_contains out.txt "		int	probe_global"
assert_contains out.txt "		long int	probe_static_counter"
assert_status 0 "$PERF" probe -x "$B" -V probe_str
assert_contains out.txt "		char*	s"
assert_status 0 "$PERF" probe -x "$B" -V probe_item_use:2
assert_contains out.txt "		struct probe_item*	item"
# at -O2, sum lives only in the middle of the function
assert_status 0 "$PERF" probe -x "$PROBE_BIN_O2" -V probe_add --range
assert_contains out.txt "		[INV]	long int	sum	@<probe_add+[6-14]>"
assert_contains out.txt "		[VAL]	int	a	@<probe_add+[0-14]>"

# -F: functions from the symbol table, with the default and a given filter
assert_status 0 "$PERF" probe -x "$B" -F
assert_contains out.txt "probe_add"
assert_contains out.txt "main"
grep -qx "_start" out.txt && fail "-F shows _start"
assert_not_contains out.txt "@plt"
assert_status 0 "$PERF" probe -x "$B" -F --filter '*@plt'
assert_contains out.txt "atoi@plt"
assert_status 0 "$PERF" probe -x "$B" -F 'probe_*'
[ "$(grep -c '' out.txt)" -ge 5 ] || fail "-F 'probe_*'"
assert_not_contains out.txt "main"

if [ -n "$REF_PERF" ]; then
	for a in "-L probe_add" "-L probe_item_use" "-L probe_prog.c:$((decl - 1))-$((decl + 9))" \
		 "-V probe_add" "-V probe_add:2" "-V main --externs" "-F" "-F --filter *"; do
		"$PERF" probe -x "$B" $a > ours.txt 2>/dev/null
		"$REF_PERF" probe -x "$B" $a > ref.txt 2>/dev/null
		assert_same ours.txt ref.txt
	done
	for a in "-L probe_item_use" "-L probe_square" "-V probe_add" "-V probe_square"; do
		"$PERF" probe -x "$PROBE_BIN_O2" $a > ours.txt 2>/dev/null
		"$REF_PERF" probe -x "$PROBE_BIN_O2" $a > ref.txt 2>/dev/null
		assert_same ours.txt ref.txt
	done
fi
exit 0
