#!/usr/bin/env python3
# Compare the output of 'perf stat ARGS' between the reference perf and ours.
#
#   stat_compare.py REF OURS < CASES
#
# CASES has one case per line: "[csv] ARGS..." (shell words; "csv" when the
# layout is not fixed width). Both perfs run each case at the same time.
#
# Numbers are masked (counts and times differ between runs); the rest of each
# line must be the same, and for the aligned table the line length too (the
# columns are fixed width). The noise column "( +- x.xx% )" is dropped (it
# is absent when two runs happen to be equal). Prints the differences and
# exits 1 when there are any.
import re
import shlex
import subprocess
import sys

NOISE = re.compile(r'  \( \+-[ 0-9.]+% \)')


def mask(line):
    line = re.sub(r'[KMG]/sec', '/sec', line)
    line = re.sub(r'\d+(\.\d+)?', 'N', line)
    line = re.sub(r'N([,.]N)+', 'N', line)
    return ' '.join(line.split())


def start(perf, args):
    return subprocess.Popen([perf, 'stat'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(p):
    out, err = p.communicate()
    return p.returncode, out.splitlines(), err.splitlines()


def compare(ref, ours, args, fixed):
    pr, po = start(ref, args), start(ours, args)
    r, o = finish(pr), finish(po)
    diffs = []
    if r[0] != o[0]:
        diffs.append(f'exit status: reference {r[0]}, ours {o[0]}')
    for name, a, b in (('stdout', r[1], o[1]), ('stderr', r[2], o[2])):
        if len(a) != len(b):
            diffs.append(f'{name}: {len(a)} lines in the reference, {len(b)} in ours')
        for i, (x, y) in enumerate(zip(a, b)):
            x, y = NOISE.sub('', x), NOISE.sub('', y)
            same_len = len(x) == len(y) or not fixed or 'seconds' in x or x.startswith('# started')
            if mask(x) != mask(y) or not same_len:
                diffs.append(f'{name} line {i + 1}:\n  reference |{x}|\n  ours      |{y}|')
    if diffs:
        print('perf stat ' + ' '.join(args))
        print('\n'.join(diffs[:20]))
    return not diffs


def main():
    ref, ours = sys.argv[1], sys.argv[2]
    ok = True
    for line in sys.stdin:
        words = shlex.split(line, comments=True)
        if not words:
            continue
        fixed = words[0] != 'csv'
        if not fixed:
            words = words[1:]
        ok = compare(ref, ours, words, fixed) and ok
    sys.exit(0 if ok else 1)


main()
