#!/bin/sh
# test-bindings.sh: GSK through GObject introspection (issue 16)
#
# examples/python/animate-frames.py and examples/gjs/animate-frames.js
# build a tree, animate it implicitly on a manual clock and render five
# frames, through GskLayer-1.typelib; examples/animate-frames.c does the
# same in C. The frames must be the same files, byte for byte, and must
# move (the first and the last differ). examples/gjs/custom-draw.js
# subclasses GskLayer in JavaScript and draws its content in a vfunc
# override of draw(); examples/custom-draw.c is the same class in C:
# their two frames must be the same files, and differ from each other
# (the hand moved, so the content was drawn again). Set by
# tests/meson.build: ANIMATE_FRAMES and CUSTOM_DRAW (the C examples),
# EXAMPLES (the source folder of the others), PYTHON (Debian's python3,
# which has PyGObject), GJS, GI_TYPELIB_PATH and LD_LIBRARY_PATH (the
# build's typelib and library).
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# Whether $1-N.png and $2-N.png are the same files for N in 0…$3-1
same_frames () {
  i=0
  while [ "$i" -lt "$3" ]; do
    cmp -s "$1-$i.png" "$2-$i.png" || { echo "frame $i differs"; return 1; }
    i=$((i + 1))
  done
}

echo "1..7"
"$ANIMATE_FRAMES" "$dir/c" >/dev/null
echo "ok 1 the C example wrote its frames"

"$PYTHON" "$EXAMPLES/python/animate-frames.py" "$dir/py" >/dev/null
echo "ok 2 the Python example wrote its frames"

"$GJS" -m "$EXAMPLES/gjs/animate-frames.js" "$dir/js" >/dev/null
echo "ok 3 the GJS example wrote its frames"

if ! same_frames "$dir/c" "$dir/py" 5; then
  echo "not ok 4 C and Python differ"
  exit 1
fi
if ! same_frames "$dir/c" "$dir/js" 5; then
  echo "not ok 4 C and GJS differ"
  exit 1
fi
if cmp -s "$dir/c-0.png" "$dir/c-4.png"; then
  echo "not ok 4 the animation did not move"
  exit 1
fi
echo "ok 4 the five frames are the same in C, Python and GJS, and they move"

"$CUSTOM_DRAW" "$dir/draw-c" >/dev/null
echo "ok 5 the C subclass drew its frames"

"$GJS" -m "$EXAMPLES/gjs/custom-draw.js" "$dir/draw-js" >/dev/null
echo "ok 6 the GJS subclass drew its frames"

if ! same_frames "$dir/draw-c" "$dir/draw-js" 2; then
  echo "not ok 7 the subclass draws differently in C and GJS"
  exit 1
fi
if cmp -s "$dir/draw-c-0.png" "$dir/draw-c-1.png"; then
  echo "not ok 7 the dial's hand did not move"
  exit 1
fi
echo "ok 7 a draw() written in JavaScript draws what the C one does, again when its property changes"
