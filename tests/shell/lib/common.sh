# Helpers for shell tests. Source with: . "$PERF_SRCDIR/tests/shell/lib/common.sh"
#
# $PERF is the perf under test (an absolute path), $REF_PERF the reference
# perf (/usr/bin/perf) when installed. Tests run in a fresh temporary
# directory. Exit 0: pass, 2: skip (the last line printed is the reason).

: "${PERF:?PERF must point at the perf binary under test}"
: "${PERF_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${PERF_BUILDDIR:=$PERF_SRCDIR/build}"
REF_PERF=${REF_PERF:-/usr/bin/perf}
[ -x "$REF_PERF" ] || REF_PERF=""

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

skip() {
	echo "$*"
	exit 2
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
}

need_ref_perf() {
	[ -n "$REF_PERF" ] || skip "reference perf (/usr/bin/perf) not installed"
}

# assert_contains FILE TEXT: FILE has a line containing TEXT (fixed string)
assert_contains() {
	grep -qF -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "'$2' not found in $1"; }
}

assert_not_contains() {
	if grep -qF -- "$2" "$1"; then echo "--- $1:"; cat "$1"; fail "'$2' unexpectedly found in $1"; fi
}

# assert_status EXPECTED CMD...: run CMD, check its exit status
assert_status() {
	local want=$1 got
	shift
	"$@" > out.txt 2> err.txt
	got=$?
	[ "$got" -eq "$want" ] || { cat out.txt err.txt; fail "'$*' exited $got, expected $want"; }
}

# assert_same FILE1 FILE2: identical files (shows a diff otherwise)
assert_same() {
	cmp -s "$1" "$2" || { diff -u "$1" "$2" | head -60; fail "$1 and $2 differ"; }
}
