#!/bin/bash
# perf script -F: upstream's warnings and errors for bad fields, types, +/- mixes and fields an event did not sample; -l, -D, unsupported options
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
. "$PERF_SRCDIR/tests/shell/lib/script.sh"
script_setup

ref_record f.data -e cpu-clock -c 200000 ./script_prog
ref_record pf.data -e page-faults -c 1 -d ./script_prog 100000

for args in "-F foo" "-F comm,foo" "-F xx:comm" "-F comm,+tid" "-F +tid,comm" "-F sw:trace" "-F trace" \
	"-F sw:" "-F hw:" "-F trace:" "-F addr" "-F sw:addr" "-F comm,symoff" "-F comm,srcline" \
	"-F weight" "-F cpu" "-F iregs" "-F uregs" "-F flags" "-F -period" "-F data_src" "-F ins_lat" \
	"-F brstackinsn" "-F tod" "-F phys_addr" "-F sym" "-F bpf-output" "-F sw:bpf-output" \
	"-F hw:bpf-output" "-F comm -F tid" "-F sw:comm -F sw:tid" "-F machine_pid,vcpu,comm" \
	"-F trace:ip" "-C 0" "--pid x" "--reltime --deltatime" "--switch-on nosuch" "--time abc"; do
	# shellcheck disable=SC2086
	script_same f.data $args
done
script_same pf.data -F +addr,+data_src
script_same pf.data -F data_page_size

# -F with an empty field list for all types is an error (exit 129 with the usage)
assert_status 129 "$PERF" script -i f.data -F ''
assert_contains err.txt "Cannot set fields to 'none' for all event types."
# -l: no scripting languages here, so an empty list
assert_status 0 "$PERF" script -l
assert_contains out.txt "List of available trace scripts:"
# options of features this perf does not have fail clearly
assert_status 1 "$PERF" script -i f.data -s foo.py
assert_contains err.txt "not supported"
assert_status 1 "$PERF" script -i f.data --call-trace
assert_contains err.txt "not supported"
# -D: the raw dump, with each sample's line after its record
script_same f.data -D
exit 0
