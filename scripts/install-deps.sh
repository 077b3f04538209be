#!/bin/sh
# Install the Debian packages perf needs to build and to run its tests.
# Idempotent and quiet: does nothing when everything is installed.
set -e
PKGS="gcc make pkg-config libelf-dev libdw-dev libunwind-dev libtraceevent-dev \
libslang2-dev zlib1g-dev libzstd-dev libcapstone-dev libiberty-dev binutils elfutils time procps \
linux-perf python3"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null || true
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
