#!/bin/bash
# perf stat output options: -o, --append, --log-fd, --quiet, -B, --table, errors
. "$PERF_SRCDIR/tests/shell/lib/common.sh"

# -o: a "# started on" line, then the usual output; --append adds to it
assert_status 0 $PERF stat -o stat.out -e cs -- true
[ -s err.txt ] && { cat err.txt; fail "-o: output on stderr"; }
head -1 stat.out | grep -q '^# started on ' || fail "-o: no started-on line"
assert_contains stat.out " Performance counter stats for 'true':"
assert_status 0 $PERF stat -o stat.out --append -e faults -- true
[ "$(grep -c 'Performance counter stats' stat.out)" = 2 ] || fail "--append did not append"
assert_contains stat.out "      cs"
assert_contains stat.out "      faults"
assert_status 0 $PERF stat -j -o out.json -e cs -- true
grep -q 'started on' out.json && fail "-j -o: started-on line in JSON"
# --log-fd: to that descriptor
$PERF stat --log-fd 3 -e cs -- true 3> log.txt 2> err.txt || fail "--log-fd"
assert_contains log.txt " Performance counter stats for 'true':"
[ -s err.txt ] && fail "--log-fd: output on stderr"
assert_status 234 $PERF stat --log-fd 3 -o x -e cs -- true
assert_contains err.txt "cannot use both --output and --log-fd"
assert_status 234 $PERF stat --log-fd -1 -e cs -- true
assert_contains err.txt "argument to --log-fd must be a > 0"
# --quiet: nothing at all, the exit status still the command's
assert_status 4 $PERF stat --quiet -e cs -- sh -c 'exit 4'
[ -s err.txt ] || [ -s out.txt ] && fail "--quiet printed something"
assert_status 129 $PERF stat -q -e cs -- true
assert_contains err.txt "unknown switch \`q'"
# -B is the default; not with -x
assert_status 234 $PERF stat -x, -B -e cs -- true
assert_contains err.txt "-B option not supported with -x"
assert_status 0 env LC_ALL=C $PERF stat --no-big-num -e page-faults -- true
grep -Eq '^ +[0-9]+      page-faults ' err.txt || { cat err.txt; fail "--no-big-num"; }
# -r with --table: one line per run, then the final result
assert_status 0 $PERF stat -r 3 --table -e cs -- true
assert_contains err.txt "# Table of individual measurements:"
assert_contains err.txt "# Final result:"
[ "$(grep -Ec '^ +[0-9.]+ \([+-][0-9.]+\) #+$' err.txt)" = 3 ] || { cat err.txt; fail "--table rows"; }
assert_status 234 $PERF stat --table -e cs -- true
assert_contains err.txt "--table is only supported with -r"
assert_status 234 $PERF stat -r -1 -e cs -- true
assert_contains err.txt "Run count must be a positive number"
# -n: no counters, the elapsed time only
assert_status 0 $PERF stat -n -- true
assert_contains err.txt "seconds time elapsed"
grep -q '      ' err.txt && grep -q 'task-clock' err.txt && fail "-n counted"
# --pre/--post around each run
assert_status 0 $PERF stat -r 2 --pre 'echo pre >> prepost' --post 'echo post >> prepost' -e cs -- true
[ "$(tr '\n' ' ' < prepost)" = "pre post pre post " ] || fail "--pre/--post order: $(cat prepost)"
assert_status 255 $PERF stat --pre false -e cs -- true
# -v: the raw counts and the unsupported events
assert_status 0 $PERF stat -v -e cs,cycles -- true
assert_contains err.txt "cycles event is not supported by the kernel."
grep -Eq '^cs: [0-9]+ [0-9]+ [0-9]+$' err.txt || { cat err.txt; fail "-v counts"; }
# event errors: the marked string, upstream's help and the -e usage
assert_status 129 $PERF stat -e cpu-clock:z -- true
assert_contains err.txt "event syntax error: 'cpu-clock:z'"
assert_contains err.txt "                              \\___ parser error"
assert_contains err.txt "Run 'perf list' for a list of valid events"
assert_contains err.txt "    -e, --event <event>   event selector. use 'perf list' to list available events"
assert_status 129 $PERF stat -e cpu-clock/freq=10/ -- true
assert_contains err.txt "\\___ 'freq' is not usable in 'perf stat'"
# upstream's stat record/report subcommands are not here
assert_status 255 $PERF stat record -e cs -- true
assert_contains err.txt "perf stat record is not supported"
exit 0
