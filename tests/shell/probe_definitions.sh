#!/bin/bash
# perf probe -D: uprobe definitions from DWARF (args, members, strings, bitfields, lines, %return)
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/probe.sh"
probe_setup pdef

B=$PROBE_BIN
def() {
	"$PERF" probe -x "$B" -D "$1" > out.txt 2> err.txt || { cat err.txt; fail "-D '$1' failed"; }
}
# expect DEF LINE...: the definitions printed for DEF, in order
expect() {
	local d=$1 want
	shift
	def "$d"
	want=$(printf '%s\n' "$@")
	[ "$(cat out.txt)" = "$want" ] || { echo "got:"; cat out.txt; echo "want:"; echo "$want"; fail "-D '$d'"; }
}
G=$PROBE_GROUP

# -O0: the prologue is skipped when variables are used; frame-base offsets
expect 'probe_add a b' "p:$G/probe_add $B:0x1164 a=-20(%bp):s32 b=-32(%bp):s64"
assert_contains err.txt "Target program is compiled without optimization. Skipping prologue."
assert_contains err.txt "Probe on address 0x1159 to force probing at the function entry."
expect 'probe_add' "p:$G/probe_add $B:0x1159"
expect 'probe_add+4 a' "p:$G/probe_add $B:0x115d a=-20(%bp):s32"
expect 'probe_ret%return $retval' "r:$G/probe_ret__return $B:0x1241 \$retval"
expect 'probe_str s:string len' "p:$G/probe_str $B:0x119f s_string=+0(-24(%bp)):string len=-28(%bp):s32"
expect 'probe_item_use item->id item->name:string item->pos.y item->vals[2] item->label:string item->next->id' \
	"p:$G/probe_item_use $B:0x11c9 id=+0(-24(%bp)):s32 name=+4(-24(%bp)):string y=+24(-24(%bp)):s32 vals=+34(-24(%bp)):s16 label=+0(+40(-24(%bp))):string id_1=+0(+48(-24(%bp))):s32"
# bitfields: width@offset/container
expect 'probe_item_use item->flag item->mode' \
	"p:$G/probe_item_use $B:0x11c9 flag=+28(-24(%bp)):b3@0/32 mode=+28(-24(%bp)):b5@3/32"
expect 'probe_item_use item->name[1] item->id:x16 item->pos' \
	"p:$G/probe_item_use $B:0x11c9 name=+5(-24(%bp)):s8 id=+0(-24(%bp)):x16 pos=+20(-24(%bp)):x64"
expect 'probe_item_use $vars' "p:$G/probe_item_use $B:0x11c9 item=-24(%bp):x64 total=-4(%bp):s32 i=-8(%bp):s32"
expect 'probe_add $params' "p:$G/probe_add $B:0x1164 a=-20(%bp):s32 b=-32(%bp):s64"
# globals: uprobes fetch them by file offset
expect 'probe_add probe_global' "p:$G/probe_add $B:0x1164 probe_global=@+0x3028:s32"
# raw arguments go through as they are, at the symbol
expect 'probe_add %di +0(%si):u32' "p:$G/probe_add $B:0x1159 %di +0(%si):u32"
# names
expect 'pdef_grp:myev=probe_add a' "p:pdef_grp/myev $B:0x1164 a=-20(%bp):s32"
expect 'probe_add a:x64 c=b:s16' "p:$G/probe_add $B:0x1164 a_x64=-20(%bp):x64 c=-32(%bp):s16"
# lines: relative to the function, absolute in a file, lazy patterns
expect 'probe_add:2 sum' "p:$G/probe_add_L2 $B:0x1164 sum=-8(%bp):s64" "p:$G/probe_add_L2 $B:0x116a sum=-8(%bp):s64"
expect 'probe_prog.c:35 sum' "p:$G/probe_add $B:0x1175 sum=-8(%bp):s64"
expect 'probe_add;longsum=*' "p:$G/probe_add $B:0x1164" "p:$G/probe_add $B:0x116a"
# an inlined function: its copy in the caller
expect 'probe_square v sq' "p:$G/probe_square $B:0x1204 v=-12(%bp):s32 sq=-16(%bp):s32"

# -O2: registers, no prologue skip
B=$PROBE_BIN_O2
G=${PROBE_GROUP}_O2
expect 'probe_add a b' "p:$G/probe_add $B:0x1280 a=%di:s32 b=%si:s64"
expect 'probe_item_use item->pos.x item->flag' "p:$G/probe_item_use $B:0x12a0 x=+20(%di):s32 flag=+28(%di):b3@0/32"

# errors name the problem
B=$PROBE_BIN
assert_status 1 "$PERF" probe -x "$B" -D 'probe_add nosuch'
assert_contains err.txt "Failed to find the location of the 'nosuch' variable at this address."
assert_status 1 "$PERF" probe -x "$B" -D 'nosuchfunc'
assert_contains err.txt "Probe point 'nosuchfunc' not found."
assert_status 1 "$PERF" probe -x "$B" -D 'probe_add a->x'
assert_contains err.txt "a is not a data structure nor a union."
assert_status 1 "$PERF" probe -x "$B" -D 'probe_add a:string'
assert_contains err.txt "Failed to cast into string: a(int) is not a pointer nor array."
assert_status 1 "$PERF" probe -x "$B" -D 'probe_item_use item->nosuch'
assert_contains err.txt "has no member nosuch"
assert_status 1 "$PERF" probe -x "$B" -D 'probe_add:1'
assert_contains err.txt "This line is sharing the address with other lines."
assert_contains err.txt "Please try to probe at probe_add:0 instead."
assert_status 1 "$PERF" probe -x "$B" -D 'probe_add+1000'
assert_contains err.txt "Offset 1000 is bigger than the size of probe_add"
assert_status 129 "$PERF" probe -x "$B" -D 'probe_add:2+4'
assert_contains err.txt "Offset can't be used with line number."
assert_status 129 "$PERF" probe -x "$B" -D 'probe_ret%return x'
assert_contains err.txt "You can't specify local variable for kretprobe."
assert_status 129 "$PERF" probe -x "$B" -D 'bad-name=probe_add'
assert_contains err.txt "bad-name is bad for event name -it must follow C symbol-naming rule."
assert_status 129 "$PERF" probe -x "$B" -D 'probe_add a:foo'
assert_contains err.txt "Unknown type 'foo' in argument 'a:foo'"
assert_status 1 "$PERF" probe -x "$B" --max-probes 1 -D 'probe_add:2'
assert_contains err.txt "Too many( > 1) probe point found."
assert_status 129 "$PERF" probe -x ./nosuchbinary -D 'probe_add'
assert_contains err.txt "Failed to get the absolute path of ./nosuchbinary"

# the same definitions as the reference perf, where both agree on the syntax
if [ -n "$REF_PERF" ]; then
	for d in 'probe_add a b' 'probe_str s:string len' 'probe_ret%return $retval' 'probe_add:2 sum' \
		 'probe_item_use item->name:string item->vals[2] item->label:string' 'probe_prog.c:93'; do
		"$PERF" probe -x "$B" -D "$d" > ours.txt 2>/dev/null
		"$REF_PERF" probe -x "$B" -D "$d" > ref.txt 2>/dev/null
		assert_same ours.txt ref.txt
	done
fi
exit 0
