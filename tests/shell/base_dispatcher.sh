#!/bin/bash
# perf dispatcher: usage, version, help, unknown commands
. "$PERF_SRCDIR/tests/shell/lib/common.sh"

# 'perf' alone: usage and the command list, exit 1
assert_status 1 "$PERF"
assert_contains out.txt " usage: perf [--version] [--help] [OPTIONS] COMMAND [ARGS]"
assert_contains out.txt " The most commonly used perf commands are:"
assert_contains out.txt "   test            Runs sanity tests."
assert_contains out.txt " See 'perf help COMMAND' for more information on a specific command."

assert_status 0 "$PERF" help
assert_contains out.txt "The most commonly used perf commands are:"

# versions
assert_status 0 "$PERF" --version
grep -qE '^perf version [0-9]+\.[0-9]+' out.txt || fail "bad version line: $(cat out.txt)"
assert_status 0 "$PERF" -v
assert_status 0 "$PERF" version
assert_status 0 "$PERF" version --build-options
assert_contains out.txt "libelf: [ on  ]"
assert_contains out.txt "libdw: [ on  ]"
assert_contains out.txt "libtraceevent: [ on  ]"

# unknown command: upstream's message and a suggestion
assert_status 1 "$PERF" tset
assert_contains err.txt "perf: 'tset' is not a perf-command. See 'perf --help'."
assert_contains err.txt "Did you mean this?"
assert_contains err.txt "	test"
assert_status 1 "$PERF" zzzzzzzzzz
assert_not_contains err.txt "Did you mean"

# top-level options
assert_status 129 "$PERF" --bogus
assert_contains err.txt "Unknown option: --bogus"
assert_status 129 "$PERF" --debug nosuch version
assert_contains err.txt "Unknown option name 'nosuch'"
assert_status 0 "$PERF" --debug verbose=2 version
assert_status 0 "$PERF" --no-pager version

# manuals: perf help CMD, perf CMD --help
assert_status 0 "$PERF" help test
assert_contains out.txt "PERF-TEST(1)"
assert_contains out.txt "NAME"
assert_contains out.txt "perf-test - Runs sanity tests."
assert_status 0 "$PERF" test --help
assert_contains out.txt "PERF-TEST(1)"
assert_status 0 "$PERF" --help
assert_contains out.txt "usage: perf"
assert_status 1 "$PERF" help nosuchcommand
assert_contains err.txt "No manual entry for perf-nosuchcommand"

# every command has a manual page and a -h generated from its option table
for cmd in $("$PERF" --list-cmds); do
	[ "$cmd" = help ] && continue
	"$PERF" help "$cmd" > man.txt 2>&1 || fail "no manual for $cmd"
	"$PERF" "$cmd" -h > /dev/null 2> usage.txt
	[ $? -eq 129 ] || fail "'perf $cmd -h' must exit 129"
	assert_contains usage.txt " Usage: perf $cmd"
done

# perf test itself
assert_status 0 "$PERF" test list
assert_contains out.txt "  1: Option parser"
assert_status 0 "$PERF" test list strbuf
assert_not_contains out.txt "Option parser"
assert_status 0 "$PERF" test 2
grep -qE '^[0-9]+ passed, 0 failed, [0-9]+ skipped$' out.txt || fail "no summary line"
assert_status 0 "$PERF" test -F hashmap
assert_contains out.txt "hashmap"
assert_contains out.txt ": Ok"
assert_status 0 "$PERF" test -s 2 strbuf
assert_contains out.txt "Skip (user override)"
exit 0
