#!/bin/sh
# test-demo.sh: gsk-demo opens every demo from its sidebar and draws it
# (issue 33)
#
# Runs GSK_DEMO (set by tests/meson.build) with --run-all under
# xvfb-run: each demo is selected in the sidebar in turn, runs for 20
# frames, and its window is written as GTK's renderer draws it. Checks
# that every demo reported itself, that each picture is there and more
# than a blank window, that the pictures differ, and that nothing was
# logged as a warning or a critical. Then drives the gallery with real
# key events (xdotool): Down through the sidebar opens each demo in
# turn, Up goes back; and with the mouse: a click opens the list demo, a
# drag scrolls it, a click on a row removes it. Then every demo once more
# on Wayland (a headless sway) and on Broadway. The pictures are kept in
# $BUILD_DIR/gsk-demo-shots (the README's is the cube's).
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

# Inside xvfb-run (see below): the gallery driven by the keyboard, with
# real key events from xdotool: Down through every demo of the
# sidebar, then Up once
if [ "${1:-}" = "--drive" ]; then
  log=$2
  GSK_DEMO_LOG=1 GDK_BACKEND=x11 GTK_A11Y=none "$GSK_DEMO" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    grep -q "showing cube" "$log" && break
    sleep 0.1
  done
  wid=$(xdotool search --sync --onlyvisible --name "GSK demos" | head -1)
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  # Each key once the demo it should open showed (under ASan a demo
  # takes seconds to open: a fixed pause lost the last one)
  for step in Down:fishbowl Down:style Down:scene Down:list Down:coverflow Down:widgets Down:text-zoom \
              Down:gestures Down:layouts Down:shapes Down:page-turn Up:shapes; do
    xdotool key --window "$wid" "${step%%:*}"
    for _ in $(seq 150); do
      [ "$(grep "^gsk-demo: showing" "$log" | tail -1)" = "gsk-demo: showing ${step#*:}" ] && break
      sleep 0.1
    done
  done
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  exit 0
fi

# Inside xvfb-run: the mouse on the list demo, with real pointer events
# from xdotool: a click on its row in the sidebar, a drag up the list
# (it scrolls), then a click on a row (it leaves the model)
if [ "${1:-}" = "--mouse" ]; then
  log=$2
  GSK_DEMO_LOG=1 GDK_BACKEND=x11 GTK_A11Y=none "$GSK_DEMO" > "$log" 2>&1 &
  pid=$!
  wait_for () {
    for _ in $(seq 300); do
      grep -q "$1" "$log" && return 0
      sleep 0.1
    done
    return 1
  }
  # A step that times out leaves the checks after this run to say
  # which, with the log
  wait_for "showing cube" || true
  wid=$(xdotool search --sync --onlyvisible --name "GSK demos" | head -1)
  # The sidebar's fifth row (rows of 36 from the top of the window)
  xdotool mousemove --window "$wid" 100 162 click 1
  wait_for "showing list" || true
  sleep 1
  xdotool mousemove --window "$wid" 520 560 mousedown 1
  for y in 540 500 460 420 380 340 300 260 220 180; do
    xdotool mousemove --window "$wid" 520 "$y"
    sleep 0.05
  done
  xdotool mouseup 1
  wait_for "list: scrolled to" || true
  sleep 3
  xdotool mousemove --window "$wid" 520 120 click 1
  wait_for "list: removed" || true
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  exit 0
fi

out="${BUILD_DIR:-.}/gsk-demo-shots"
rm -rf "$out"
mkdir -p "$out"
n=0

ok () {
  n=$((n + 1))
  echo "ok $n $1"
}

fail () {
  n=$((n + 1))
  echo "not ok $n $1"
  exit 1
}

demos="cube fishbowl style scene list coverflow widgets text-zoom gestures layouts shapes page-turn"
n_demos=$(echo $demos | wc -w)

echo "1..7"
GDK_BACKEND=x11 GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" "$GSK_DEMO" --run-all "$out" \
  > "$out/stdout" 2> "$out/stderr" || fail "gsk-demo --run-all failed: $(cat "$out/stderr")"
for name in $demos; do
  grep -q "^gsk-demo: $name$" "$out/stdout" || fail "the $name demo was not shown"
  size=$(stat -c %s "$out/$name.png" 2>/dev/null || echo 0)
  [ "$size" -gt 40000 ] || fail "the $name demo's picture is missing or blank ($size bytes); gsk-demo said: $(tail -5 "$out/stderr")"
done
ok "every demo opened from the sidebar and drew ($n_demos pictures)"

[ "$(md5sum "$out"/*.png | cut -d' ' -f1 | sort -u | wc -l)" -eq "$n_demos" ] || fail "two demos drew the same picture"
ok "each demo drew its own picture"

if grep -E "WARNING|CRITICAL" "$out/stderr"; then
  fail "gsk-demo logged a warning or a critical"
fi
ok "no warning, no critical"

# The keyboard through the sidebar, as a user without a mouse goes
xvfb-run -a -s "-screen 0 1280x1024x24" sh "$0" --drive "$out/keys.log"
shown=$(grep "^gsk-demo: showing" "$out/keys.log" | sed 's/^gsk-demo: showing //' | tr '\n' ' ')
[ "$shown" = "$demos shapes " ] || fail "Down and Up through the sidebar showed: $shown"
if grep -E "WARNING|CRITICAL" "$out/keys.log"; then
  fail "gsk-demo logged a warning or a critical while driven by the keyboard"
fi
ok "Down and Up through the sidebar (xdotool) open the demos in turn: $shown"

# The mouse on the list demo: it opens, scrolls and loses a row
xvfb-run -a -s "-screen 0 1280x1024x24" sh "$0" --mouse "$out/mouse.log"
grep -q "^gsk-demo: showing list" "$out/mouse.log" || fail "a click on the sidebar did not open the list: $(cat "$out/mouse.log")"
grep -q "^gsk-demo: list: scrolled to [1-9]" "$out/mouse.log" || fail "a drag did not scroll the list: $(cat "$out/mouse.log")"
grep -q "^gsk-demo: list: removed" "$out/mouse.log" || fail "a click on a row did not remove it: $(cat "$out/mouse.log")"
if grep -E "WARNING|CRITICAL" "$out/mouse.log"; then
  fail "gsk-demo logged a warning or a critical while driven by the mouse"
fi
ok "the mouse (xdotool) opens the list, scrolls it and removes $(grep -o '“.*”' "$out/mouse.log" | head -1)"

# Every demo drew as above, and no warning: on the run in @dir, whose
# output is in @dir/stdout and @dir/stderr
check_run () {
  for name in $demos; do
    grep -q "^gsk-demo: $name$" "$1/stdout" || fail "on $2, the $name demo was not shown: $(cat "$1/stderr")"
    size=$(stat -c %s "$1/$name.png" 2>/dev/null || echo 0)
    [ "$size" -gt 40000 ] || fail "on $2, the $name demo's picture is missing or blank ($size bytes)"
  done
  if grep -E "WARNING|CRITICAL" "$1/stderr"; then
    fail "gsk-demo logged a warning or a critical on $2"
  fi
}

# On Wayland: a headless sway (tests/wayland-session.sh)
mkdir -p "$out/wayland"
GTK_A11Y=none NO_AT_BRIDGE=1 sh "$(dirname "$0")/wayland-session.sh" 1 "$GSK_DEMO" --run-all "$out/wayland" \
  > "$out/wayland/stdout" 2> "$out/wayland/stderr" || fail "gsk-demo --run-all failed on Wayland: $(cat "$out/wayland/stderr")"
check_run "$out/wayland" Wayland
ok "on Wayland (headless sway), every demo opened and drew ($n_demos pictures)"

# On Broadway: gtk4-broadwayd on a display nobody holds, no browser (it
# then draws about a frame a second: three frames a demo)
mkdir -p "$out/broadway"
for display in $(seq 20 40); do
  gtk4-broadwayd --address 127.0.0.1 ":$display" > "$out/broadway/broadwayd.log" 2>&1 &
  broadwayd=$!
  sleep 0.5
  kill -0 "$broadwayd" 2>/dev/null && break
  broadwayd=
done
[ -n "$broadwayd" ] || fail "gtk4-broadwayd did not start: $(cat "$out/broadway/broadwayd.log")"
# Under LeakSanitizer: GTK 4.8's Broadway renderer keeps the cairo
# surfaces it rasterizes nodes into until exit (allocated within
# gsk_renderer_render (), by GTK alone): suppressed for this run only,
# with the suppressions the other runs use (and whole stacks, which the
# suppression needs: libcairo has no frame pointers)
lsan_options=${LSAN_OPTIONS:-}
asan_options="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
supp=$(printf '%s' "$lsan_options" | sed -n 's/.*suppressions=\([^:]*\).*/\1/p')
if [ -n "$supp" ]; then
  { cat "$supp"; echo "leak:gsk_renderer_render"; } > "$out/broadway/lsan.supp"
  lsan_options="suppressions=$out/broadway/lsan.supp"
fi
status=0
ASAN_OPTIONS=$asan_options LSAN_OPTIONS=$lsan_options GDK_BACKEND=broadway BROADWAY_DISPLAY=":$display" GTK_A11Y=none NO_AT_BRIDGE=1 \
  "$GSK_DEMO" --run-all "$out/broadway" --frames 3 > "$out/broadway/stdout" 2> "$out/broadway/stderr" || status=$?
kill "$broadwayd" 2>/dev/null || true
wait "$broadwayd" 2>/dev/null || true
[ "$status" = 0 ] || fail "gsk-demo --run-all failed on Broadway: $(cat "$out/broadway/stderr")"
check_run "$out/broadway" Broadway
ok "on Broadway (gtk4-broadwayd :$display), every demo opened and drew ($n_demos pictures)"
