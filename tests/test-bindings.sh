#!/bin/sh
# test-bindings.sh: GSK through GObject introspection (issue 16, first part)
#
# examples/python/animate-frames.py builds a tree, animates it implicitly
# on a manual clock and renders five frames with PyGObject, through
# GskLayer-1.typelib; examples/animate-frames.c does the same in C. The
# frames must be the same files, byte for byte, and must move (the
# first and the last differ). Set by tests/meson.build: ANIMATE_FRAMES
# (the C example), ANIMATE_FRAMES_PY (the Python one), PYTHON (Debian's
# python3, which has PyGObject), GI_TYPELIB_PATH and LD_LIBRARY_PATH (the
# build's typelib and library).
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

echo "1..3"
"$ANIMATE_FRAMES" "$dir/c" >/dev/null
echo "ok 1 the C example wrote its frames"

"$PYTHON" "$ANIMATE_FRAMES_PY" "$dir/py" >/dev/null
echo "ok 2 the Python example wrote its frames"

for i in 0 1 2 3 4; do
  if ! cmp -s "$dir/c-$i.png" "$dir/py-$i.png"; then
    echo "not ok 3 frame $i differs between C and Python"
    exit 1
  fi
done
if cmp -s "$dir/c-0.png" "$dir/c-4.png"; then
  echo "not ok 3 the animation did not move"
  exit 1
fi
echo "ok 3 the five frames are the same in C and Python, and they move"
