#!/bin/bash
# perf stat -I, --interval-count, --summary, -D, --control and Ctrl-C
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
command -v python3 >/dev/null || skip "python3 not installed"

# intervals until the command ends, then the partial last one
assert_status 0 $PERF stat -I 100 -e task-clock,duration_time -- sleep 0.35
assert_contains err.txt "#           time             counts unit events"
[ "$(grep -c 'duration_time' err.txt)" = 4 ] || { cat err.txt; fail "-I 100 over 0.35 s: 4 intervals"; }
awk '/duration_time/ { t = $1 + 0; if (t <= prev) exit 1; prev = t }' err.txt || fail "times not increasing"
# each duration_time is its interval's length
awk '/duration_time/ && n++ < 3 { d = $2 / 1e6; if (d < 95 || d > 130) exit 1 }' err.txt ||
	{ cat err.txt; fail "interval durations"; }
# --interval-count stops the printing, not the command
assert_status 0 $PERF stat -I 100 --interval-count 2 -e cs -- sleep 0.3
[ "$(grep -c '      cs' err.txt)" = 2 ] || { cat err.txt; fail "--interval-count 2"; }
assert_status 234 $PERF stat --interval-count 2 -e cs -- true
assert_contains err.txt "interval-count option should be used together with interval-print."
# --summary: the totals after the intervals; with -x a "summary" first field
assert_status 0 $PERF stat -I 100 --summary -e task-clock -- sleep 0.15
assert_contains err.txt " Performance counter stats for 'sleep 0.15':"
assert_status 0 $PERF stat -x, -I 100 --summary -e cs -- sleep 0.15
grep -q '^         summary,[0-9]*,,cs,' err.txt || { cat err.txt; fail "CSV summary"; }
assert_status 0 $PERF stat -x, --no-csv-summary -I 100 --summary -e cs -- sleep 0.15
grep -q '^[0-9]*,,cs,' err.txt || { cat err.txt; fail "--no-csv-summary"; }
# the header every 25 intervals
assert_status 0 $PERF stat -I 10 --interval-count 26 -e cs -- sleep 0.35
[ "$(grep -c '^#           time' err.txt)" = 2 ] || { cat err.txt; fail "header every 25 intervals"; }

# -D: counting starts later, the time elapsed with it
assert_status 0 $PERF stat -D 200 -e task-clock -- sleep 0.3
assert_contains err.txt "Events disabled"
assert_contains err.txt "Events enabled"
awk '/seconds time elapsed/ { exit !($1 > 0.05 && $1 < 0.2) }' err.txt || { cat err.txt; fail "-D elapsed"; }
# --timeout ends the command
assert_status 0 $PERF stat --timeout 100 -e cs -- sleep 5
assert_contains err.txt "sleep: Terminated"
awk '/seconds time elapsed/ { exit !($1 < 1) }' err.txt || fail "--timeout did not stop sleep"

# --control: enable when told, acked
mkfifo ctl ack
$PERF stat -D -1 --control fifo:ctl,ack -x, -e task-clock -- $PERF test -w noploop 1 2> ctl.txt &
spid=$!
exec 7> ctl
exec 8< ack
echo enable >&7
read -r -t 5 reply <&8 || fail "--control: no ack"
[ "$reply" = ack ] || fail "--control: got '$reply'"
wait $spid || fail "--control run"
exec 7>&- 8<&-
assert_contains ctl.txt "Events disabled"
assert_contains ctl.txt "Events enabled"
tc=$(awk -F, '$3 == "task-clock" { print int($1) }' ctl.txt)
[ -n "$tc" ] && [ "$tc" -gt 300 ] || { cat ctl.txt; fail "--control enabled counting: $tc msec"; }

# Ctrl-C: sent to perf stat and its command (a terminal's process group)
python3 - "$PERF" <<'PY' || fail "Ctrl-C"
import os, signal, subprocess, sys, time
perf = sys.argv[1]
def ctrl_c(args, delay=0.2):
    p = subprocess.Popen([perf, 'stat'] + args, stderr=subprocess.PIPE, text=True, preexec_fn=os.setpgrp)
    time.sleep(delay)
    os.killpg(p.pid, signal.SIGINT)
    err = p.communicate()[1]
    return p.returncode, err
# with a command: the command ends, the counts are printed, exit 0
rc, err = ctrl_c(['-e', 'cs', 'sleep', '5'])
assert rc == 0 and 'sleep: Interrupt' in err and 'Performance counter stats' in err, (rc, err)
# intervals: the last partial interval, then perf stat ends as interrupted
rc, err = ctrl_c(['-I', '100', '-e', 'cs', 'sleep', '5'])
assert rc == -signal.SIGINT and err.count('      cs') >= 2, (rc, err)
# system-wide: the counts so far
rc, err = ctrl_c(['-a', '-e', 'cs'])
assert rc == -signal.SIGINT and "'system wide'" in err and 'seconds time elapsed' in err, (rc, err)
PY
exit 0
