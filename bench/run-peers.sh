#!/bin/sh
# Measures GSK against its peers, side by side in one run, and prints one
# table per issue:
#   issue 4, fishbowl: GSK GL and software, plain cairo, Clutter 1.26 and
#     GTK 4's own GL renderer, N = 100, 1000, 10000 (bench-fishbowl*);
#     and the floor, the same pixels by the simplest GL program (no
#     antialiasing, no clips, no tree: bench-fishbowl-floor), the least
#     any GL renderer spends on them here
#   issue 17, cards: the same peers, N = 100 and 1000 opaque 200×140
#     images overlapping (bench-fishbowl* --scene=cards)
#   issue 5, animations: one tick of 10,000 layers x (transform + opacity)
#     implicit animations, GSK and Clutter 1.26 (bench-animation*)
#   issue 11, input: one motion event in 10,000 layers, picked, crossed
#     and emitted, GSK and Clutter 1.26 (bench-input*)
#
# Usage: bench/run-peers.sh [FRAMES [PASSES]]   (default: 15 frames, 2 passes)
#
# Each case is the median of FRAMES frames (fewer when N = 10000 is slow:
# each case stops after about 3 s). The whole set runs PASSES times,
# interleaved, and the table keeps each case's best median: this machine
# is shared, and a busy spell should not be blamed on one implementation.
#
# Installs what it needs with apt-get if missing (Clutter's development
# files, Xvfb), builds GSK with the peers in _build-peers (-Dpeers=enabled,
# -j2) and runs everything under one Xvfb server: Clutter and GDK need an
# X display, GSK's GL backend uses EGL surfaceless. Not run by CI.
set -eu
cd "$(dirname "$0")/.."

frames=${1:-15}
passes=${2:-2}
builddir=_build-peers
out=$builddir/run-peers.raw

# What the peers need
if ! pkg-config --exists clutter-1.0 clutter-x11-1.0 || ! command -v xvfb-run >/dev/null 2>&1 ||
   ! command -v xauth >/dev/null 2>&1; then
  echo "run-peers: installing libclutter-1.0-dev, xvfb, xauth" >&2
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libclutter-1.0-dev xvfb xauth >/dev/null
fi

if [ -f "$builddir/build.ninja" ]; then
  meson setup --reconfigure "$builddir" -Dpeers=enabled -Dtests=false -Dbenchmarks=true >/dev/null
else
  meson setup "$builddir" -Dpeers=enabled -Dtests=false -Dbenchmarks=true >/dev/null
fi
ninja -C "$builddir" -j2 >/dev/null

b=$builddir/bench
echo "run-peers: measuring (about 2 minutes)..." >&2

# One X server for the whole run. For each N, every implementation in
# turn, so that a slow spell of this shared machine hits them all alike.
xvfb-run -a -s "-screen 0 1280x1024x24" sh -c '
  b=$1; frames=$2; passes=$3
  pass=0
  while [ $pass -lt $passes ]; do
    for n in 100 1000 10000; do
      "$b/bench-fishbowl" --raw --backend=gl,software,cairo --counts=$n "$frames"
      "$b/bench-fishbowl-floor" --raw --counts=$n "$frames"
      "$b/bench-fishbowl-clutter" --raw --counts=$n "$frames"
      GDK_BACKEND=x11 "$b/bench-fishbowl-gtk" --raw --counts=$n "$frames"
    done
    for n in 100 1000; do
      "$b/bench-fishbowl" --scene=cards --raw --backend=gl,software,cairo --counts=$n "$frames"
      "$b/bench-fishbowl-floor" --scene=cards --raw --counts=$n "$frames"
      "$b/bench-fishbowl-clutter" --scene=cards --raw --counts=$n "$frames"
      GDK_BACKEND=x11 "$b/bench-fishbowl-gtk" --scene=cards --raw --counts=$n "$frames"
    done
    "$b/bench-animation" --raw --backend=gl,software
    "$b/bench-animation-clutter" --raw
    "$b/bench-input" --raw
    "$b/bench-input-clutter" --raw
    pass=$((pass + 1))
  done
' run-peers "$b" "$frames" "$passes" >"$out" 2>&1 || { cat "$out" >&2; exit 1; }

grep -v '^\(fishbowl\|cards\|animation\|input\|info\) ' "$out" >&2 || true
echo "run-peers: the raw measurements are in $out" >&2

clutter=$(pkg-config --modversion clutter-1.0)
gtk=$(pkg-config --modversion gtk4)

awk -v frames="$frames" -v passes="$passes" -v clutter="$clutter" -v gtk="$gtk" -v cpus="$(nproc)" '
# The best of the passes medians
$1 == "fishbowl" { if (!(($2, $3) in ms) || $4 < ms[$2, $3]) ms[$2, $3] = $4; seen[$3] = 1 }
$1 == "cards" { if (!(($2, $3) in cms) || $4 < cms[$2, $3]) cms[$2, $3] = $4; cseen[$3] = 1 }
$1 == "animation" { if (!($2 in anim) || $3 < anim[$2]) anim[$2] = $3 }
$1 == "input" { if (!($2 in input) || $3 < input[$2]) input[$2] = $3 }
$1 == "info" && $2 == "gl-renderer" { $1 = $2 = ""; sub(/^ +/, ""); renderer = $0 }

function hdr() { return sprintf("%8s %6s", "ms", "fps") }
function cell(m) { return m > 0 ? sprintf("%8.2f %6.1f", m, 1000 / m) : sprintf("%8s %6s", "-", "-") }
function ratio(a, b, target,   r) {
  # fps of a / fps of b = ms of b / ms of a; "!" marks a missed target
  if (!(a > 0 && b > 0))
    return sprintf("%8s", "-")
  r = b / a
  return sprintf("%7.2f%s", r, (target > 0 && r < target) ? "!" : " ")
}
function per_layer(m, n) { return m > 0 ? sprintf("%6.1f", m * 1000 / n) : sprintf("%6s", "-") }

END {
  printf "GL: %s; Clutter %s; GTK %s; %d CPUs\n", renderer, clutter, gtk, cpus
  printf "each case: the best of %d passes of the median of up to %d frames\n\n", passes, frames

  printf "Issues 4 and 17 - fishbowl: N 64x64 icons moving and rotating over 1024x768, half at opacity 0.7\n"
  printf "ratios are of frames per second (>1: GSK faster); ! marks a ratio below issue 17'"'"'s target\n"
  printf "(GSK GL / floor >= 0.95 at N = 1000 and 10000, software / cairo >= 2.0); GL floor: the same pixels by the simplest GL\n"
  printf "program (texture x opacity, blended, read back: no antialiasing, clips or tree), bench-fishbowl-floor\n"
  printf "%6s | %-15s | %-15s | %-15s | %-15s | %-15s | %-15s | %-44s | %s\n",
         "", "GSK GL", "Clutter " clutter, "GTK " gtk " GL", "GL floor", "GSK software", "plain cairo",
         "fps ratio", "us per layer"
  printf "%6s | %s | %s | %s | %s | %s | %s | %8s %8s %8s %8s %8s | %6s %6s %6s %6s\n", "N",
         hdr(), hdr(), hdr(), hdr(), hdr(), hdr(), "GL/Clut", "GL/GTK", "GL/floor", "fl/Clut", "sw/cairo",
         "GL", "sw", "Clut", "GTK"
  n_count = split("100 1000 10000", counts, " ")
  for (i = 1; i <= n_count; i++) {
    n = counts[i]
    if (!(n in seen))
      continue
    gl = ms["gsk-gl", n]; sw = ms["gsk-software", n]; ca = ms["cairo", n]
    cl = ms["clutter", n]; gt = ms["gtk", n]; fl = ms["floor", n]
    printf "%6d | %s | %s | %s | %s | %s | %s | %s %s %s %s %s | %s %s %s %s\n", n,
           cell(gl), cell(cl), cell(gt), cell(fl), cell(sw), cell(ca),
           ratio(gl, cl, 0), ratio(gl, gt, 0), ratio(gl, fl, n >= 1000 ? 0.95 : 0), ratio(fl, cl, 0), ratio(sw, ca, 2.0),
           per_layer(gl, n), per_layer(sw, n), per_layer(cl, n), per_layer(gt, n)
  }

  printf "\nIssue 17 - cards: N opaque 200x140 images overlapping, sliding and slowly rotating over 1024x768\n"
  printf "targets at N = 1000: GSK GL / Clutter >= 4, GSK GL / GTK >= 4, GSK software / cairo >= 4\n"
  printf "%6s | %-15s | %-15s | %-15s | %-15s | %-15s | %-15s | %s\n",
         "", "GSK GL", "Clutter " clutter, "GTK " gtk " GL", "GL floor", "GSK software", "plain cairo", "fps ratio"
  printf "%6s | %s | %s | %s | %s | %s | %s | %8s %8s %8s %8s\n", "N",
         hdr(), hdr(), hdr(), hdr(), hdr(), hdr(), "GL/Clut", "GL/GTK", "GL/floor", "sw/cairo"
  n_count = split("100 1000", counts, " ")
  for (i = 1; i <= n_count; i++) {
    n = counts[i]
    if (!(n in cseen))
      continue
    gl = cms["gsk-gl", n]; sw = cms["gsk-software", n]; ca = cms["cairo", n]
    cl = cms["clutter", n]; gt = cms["gtk", n]; fl = cms["floor", n]
    printf "%6d | %s | %s | %s | %s | %s | %s | %s %s %s %s\n", n,
           cell(gl), cell(cl), cell(gt), cell(fl), cell(sw), cell(ca),
           ratio(gl, cl, n >= 1000 ? 4 : 0), ratio(gl, gt, n >= 1000 ? 4 : 0), ratio(gl, fl, 0),
           ratio(sw, ca, n >= 1000 ? 4 : 0)
  }

  printf "\nIssue 5 - 10,000 layers, each with a running transform and opacity implicit animation (10 s)\n"
  printf "medians of 41 frames; ratio = Clutter / GSK (>1: GSK faster or smaller)\n"
  printf "%-58s | %14s | %14s | %7s\n", "", "GSK", "Clutter " clutter, "ratio"
  row("one clock tick: all 20,000 transitions advance one frame", anim["gsk-tick"], anim["clutter-tick"], "ms", 1)
  row("frame: tick + render on GL (GSK: compile, damage, draw,", anim["gsk-frame-gl"], anim["clutter-frame"], "ms", 0)
  printf "%-58s |\n", "  read back; Clutter: relayout, paint, swap to Xvfb)"
  row("frame: tick + render in software (GSK)", anim["gsk-frame-software"], "", "ms", 0)
  row("memory per running transition", anim["gsk-bytes"], anim["clutter-bytes"], "bytes", 0)
  printf "targets (issue 5): one tick <= 1 ms, memory per transition < 256 bytes\n"

  printf "\nIssue 11 - one motion event in 10,000 reactive layers drawn once: pick, leave and enter,\n"
  printf "capture and bubble handlers; medians of 31 batches of 200; ratio = Clutter / GSK\n"
  printf "%-58s | %14s | %14s | %7s\n", "", "GSK", "Clutter " clutter, "ratio"
  row("one motion event (Clutter: clutter_stage_get_actor_at_pos", input["gsk-motion-us"], input["clutter-motion-us"], "us", 0)
  printf "%-58s |\n", "  and the same emissions by hand)"
  row("one tick of a kinetic pan over 10,000 rows (Clutter:", input["gsk-pan-tick-ms"], input["clutter-pan-tick-ms"], "ms", 0)
  printf "%-58s |\n", "  ClutterPanAction, between marker timelines)"
  printf "targets (issue 11): one motion event <= 20 us, one kinetic pan tick <= 0.5 ms\n"
}

function row(label, g, c, unit, is_tick,   gs, cs, rs) {
  gs = g != "" ? sprintf("%11.2f %-2s", g, unit == "bytes" ? "B" : unit) : sprintf("%14s", "-")
  cs = c != "" ? sprintf("%11.2f %-2s", c, unit == "bytes" ? "B" : unit) : sprintf("%14s", "-")
  rs = (g != "" && c != "" && g > 0) ? sprintf("%7.2f", c / g) : sprintf("%7s", "-")
  printf "%-58s | %s | %s | %s\n", label, gs, cs, rs
}
' "$out"

# Issue 15: a flow layout of N children laid out again, GSK's layout
# pass against Clutter's clutter_actor_allocate(), side by side
printf "\nIssue 15 - a flow layout 1024 wide laid out again (every child moves, or one changes); medians of 30\n"
xvfb-run -a -s "-screen 0 1280x1024x24" sh -c '"$1/bench-layout" 30; "$1/bench-layout-clutter" 30' run-peers "$b" |
  awk '
/^#/ { next }
NF == 4 { gsk[$1] = $2; gsk1[$1] = $3; next }
NF == 3 { cl[$1] = $2; cl1[$1] = $3; next }
END {
  printf "%8s | %12s | %12s | %7s | %12s | %12s | %7s\n", "N", "GSK all ms", "Clutter ms", "ratio", "GSK one ms", "Clutter ms", "ratio"
  for (n = 100; n <= 10000; n *= 10)
    printf "%8d | %12.3f | %12.3f | %7.2f | %12.3f | %12.3f | %7.2f\n", n, gsk[n], cl[n], cl[n] / gsk[n], gsk1[n], cl1[n], cl1[n] / gsk1[n]
  printf "target (issue 15): 10,000 children laid out again in at most 2 ms\n"
}'
