#!/bin/sh
# Configures (or reconfigures) and builds GSK.
# Usage: tools/build.sh [BUILDDIR [MESON-OPTIONS...]]   (default: _build)
set -eu
cd "$(dirname "$0")/.."

dir=${1:-_build}
[ $# -gt 0 ] && shift

if [ -f "$dir/build.ninja" ]; then
  meson setup --reconfigure "$dir" "$@" >/dev/null
else
  meson setup "$dir" "$@" >/dev/null
fi
ninja -C "$dir"
