#!/bin/bash
# perf stat -x and -j: every field of every line checked
. "$PERF_SRCDIR/tests/shell/lib/common.sh"
command -v python3 >/dev/null || skip "python3 not installed"
progs="$PERF_BUILDDIR/tests/progs"

$PERF stat -x, -e task-clock,page-faults,cs,cycles -- "$progs/touch_pages" 20 2> plain.csv || fail "-x,"
$PERF stat -x';' -r 3 -e task-clock,page-faults -- "$progs/touch_pages" 20 2> runs.csv || fail "-x -r"
$PERF stat -x, -a -A -e cs,cpu-clock -- sleep 0.05 2> cpus.csv || fail "-x -A"
$PERF stat -x, -a --per-core -e cs -- sleep 0.05 2> cores.csv || fail "-x --per-core"
$PERF stat -x, -I 100 --interval-count 2 -e task-clock -- sleep 0.25 2> interval.csv || fail "-x -I"
$PERF stat -j -e task-clock,page-faults,cs,cycles -- "$progs/touch_pages" 20 2> plain.json || fail "-j"
$PERF stat -j -r 2 -e page-faults -- "$progs/touch_pages" 20 2> runs.json || fail "-j -r"
$PERF stat -j -a --per-socket -e cs -- sleep 0.05 2> sockets.json || fail "-j --per-socket"
$PERF stat -j -I 100 --interval-count 2 -e cs -- sleep 0.25 2> interval.json || fail "-j -I"

python3 - <<'PY' || fail "field checks"
import json, sys

def num(s):
    float(s)
    return s

def rows(name, sep):
    return [l.rstrip('\n').split(sep) for l in open(name) if l.strip()]

def check(cond, what, line):
    if not cond:
        print('FAILED:', what, line)
        sys.exit(1)

# value, unit, event, run time, running %, metric value, metric unit
r = rows('plain.csv', ',')
check([x[2] for x in r] == ['task-clock', 'page-faults', 'cs', 'cycles'], 'events', r)
for f in r:
    check(len(f) == 7, '7 fields', f)
tc, pf, cs, cy = r
check(tc[1] == 'msec' and float(tc[0]) > 0 and tc[6] == 'CPUs utilized' and float(tc[5]) > 0, 'task-clock', tc)
check(int(pf[0]) >= 20 and pf[1] == '' and pf[4] == '100.00' and pf[6] in ('/sec', 'K/sec', 'M/sec'), 'page-faults', pf)
check(int(tc[3]) > 0 and int(pf[3]) > 0, 'run times', r)
check(cy[0] == '<not supported>' and cy[3] == '0' and cy[4] == '100.00' and cy[5:] == ['', ''], 'cycles', cy)
# -r adds the variance after the event name
for f in rows('runs.csv', ';'):
    check(len(f) == 8 and f[3].endswith('%'), 'variance field', f)
    num(f[3][:-1])
# -A: the CPU first
cpus = rows('cpus.csv', ',')
for f in cpus:
    check(len(f) == 8 and f[0].startswith('CPU'), 'CPU field', f)
check(len({f[0] for f in cpus}) == len(cpus) // 2, 'each CPU once per event', cpus)
# --per-core: the core id and the number of CPUs summed
for f in rows('cores.csv', ','):
    check(len(f) == 9 and f[0].startswith('S') and '-D' in f[0] and '-C' in f[0] and int(f[1]) >= 1, 'core fields', f)
# -I: the time first, increasing
times = []
for f in rows('interval.csv', ','):
    check(len(f) == 8, 'interval fields', f)
    times.append(float(f[0]))
check(len(times) == 2 and times[0] < times[1] and 0.09 < times[0] < 0.2, 'interval times', times)

def objs(name):
    return [json.loads(l) for l in open(name) if l.strip()]

keys = ['counter-value', 'unit', 'event', 'event-runtime', 'pcnt-running', 'metric-value', 'metric-unit']
o = objs('plain.json')
check([x['event'] for x in o] == ['task-clock', 'page-faults', 'cs', 'cycles'], 'json events', o)
for x in o:
    check(list(x.keys()) == keys, 'json keys in order', x)
check(o[0]['unit'] == 'msec' and float(o[0]['counter-value']) > 0 and o[0]['metric-unit'] == 'CPUs utilized', 'json task-clock', o[0])
check(float(o[1]['counter-value']) >= 20 and o[1]['pcnt-running'] == 100, 'json page-faults', o[1])
check(o[3]['counter-value'] == '<not supported>' and o[3]['event-runtime'] == 0, 'json cycles', o[3])
for x in objs('runs.json'):
    check(list(x.keys()) == keys[:3] + ['variance'] + keys[3:], 'json -r keys', x)
for x in objs('sockets.json'):
    check(list(x.keys())[:2] == ['socket', 'aggregate-number'] and x['socket'].startswith('S'), 'json socket', x)
t = objs('interval.json')
check(len(t) == 2 and all(list(x.keys())[0] == 'interval' for x in t) and t[0]['interval'] < t[1]['interval'], 'json interval', t)
PY
exit 0
