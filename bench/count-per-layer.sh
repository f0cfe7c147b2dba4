#!/bin/sh
# What a layer costs the CPU (issue 17): the fishbowl with 8×8 icons
# (--scene=tiny: fill is negligible), N = 10000, on GSK's GL and
# software backends, Clutter 1.26 and GTK 4's GL renderer: instructions
# of the whole process (callgrind; llvmpipe on one thread, so that its
# work is counted too) per layer per frame. Each runs F and 2F measured
# frames; the difference over F frames and N layers is the steady cost
# of a frame, set-up and start-up left out.
#
# Usage: bench/count-per-layer.sh [N [F]]   (default: 10000 layers, 2 frames)
# Needs the peers build of bench/run-peers.sh (_build-peers) and xvfb-run;
# takes about ten minutes.
set -eu
cd "$(dirname "$0")/.."
n=${1:-10000}
f=${2:-2}
b=_build-peers/bench

if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24" "$0" "$@"
fi
[ -x "$b/bench-fishbowl-clutter" ] || { echo "count-per-layer: run bench/run-peers.sh once first (it builds $b)" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count ()
{
  name=$1; frames=$2; shift 2
  LP_NUM_THREADS=0 MESA_SHADER_CACHE_DISABLE=true GDK_BACKEND=x11 BENCH_NO_BUDGET=1 \
    valgrind --tool=callgrind --callgrind-out-file="$out/$name-$frames.out" "$@" --scene=tiny --counts="$n" "$frames" \
    >/dev/null 2>"$out/$name-$frames.err"
  sed -n 's/^totals: *//p; s/^summary: *//p' "$out/$name-$frames.out" | head -1
}

per_layer ()
{
  name=$1; shift
  a=$(count "$name" "$f" "$@")
  c=$(count "$name" $((2 * f)) "$@")
  echo $(( (c - a) / f / n ))
}

# GSK's GL on EGL without a display, as its benchmarks; GTK's through GDK
# on the X server (EGL_PLATFORM would take GDK's GL elsewhere)
export EGL_PLATFORM=surfaceless
gl=$(per_layer gsk-gl "$b/bench-fishbowl" --backend=gl)
sw=$(per_layer gsk-software "$b/bench-fishbowl" --backend=software)
unset EGL_PLATFORM
cl=$(per_layer clutter "$b/bench-fishbowl-clutter")
gt=$(per_layer gtk "$b/bench-fishbowl-gtk")

echo "Issue 17 - instructions per layer per frame, the fishbowl of $n 8x8 icons (callgrind, whole process)"
printf '%-14s %12s\n' "GSK GL" "$gl" "GSK software" "$sw" "Clutter" "$cl" "GTK 4 GL" "$gt"
awk -v gl="$gl" -v cl="$cl" -v gt="$gt" 'BEGIN {
  printf "GSK GL / Clutter %.2f (target <= 0.33), GSK GL / GTK %.2f (target <= 0.50)\n", gl / cl, gl / gt }'
