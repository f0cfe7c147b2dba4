#!/bin/sh
# Instruction counts of the benchmarks, which the machine's load does not
# move: callgrind over bench-tree, bench-fishbowl (software, N = 1000) and
# bench-animation, each whole program from a build directory; and the
# compile of one damaged frame of bench-damage's scene (10,000 still
# layers, one moving), per frame (issue 17: at most 200,000); and one
# clock tick of bench-animation's 20,000 transitions (issue 17: at most
# 2.0 M), the 42 ticks of a run over 42 (the first one makes each
# transform animation's transform, which later ones move in place).
# Usage: bench/count-instructions.sh [BUILDDIR]   (default: _build)
# Prints "NAME INSTRUCTIONS" lines; compare two builds' lines to see
# whether a change moved the cost.
set -eu
dir=${1:-_build}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

count ()
{
  name=$1; shift
  GSK_LAYER_RENDERER=software LP_NUM_THREADS=0 MESA_SHADER_CACHE_DISABLE=true \
    valgrind --tool=callgrind --callgrind-out-file="$out/$name.out" "$@" \
    >/dev/null 2>"$out/$name.err"
  total=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$out/$name.out" | head -1)
  printf '%-40s %15s\n' "$name" "$total"
}

count bench-tree "$dir/bench/bench-tree"
count bench-fishbowl-software-1000 "$dir/bench/bench-fishbowl" --backend=software --counts=1000 5
count bench-animation "$dir/bench/bench-animation"

# 31 damaged compiles, each after one set_position() (counted with it)
GSK_LAYER_RENDERER=software valgrind --tool=callgrind --toggle-collect=damaged_compile \
  --callgrind-out-file="$out/damage.out" "$dir/bench/bench-damage" --compile >/dev/null 2>"$out/damage.err"
total=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$out/damage.out" | head -1)
printf '%-40s %15s\n' "bench-damage-compile-per-frame" "$((total / 31))"

# The 42 ticks of bench-animation (one before its 41 measured rounds)
GSK_LAYER_RENDERER=software valgrind --tool=callgrind --toggle-collect=gsk_layer_manual_clock_advance \
  --callgrind-out-file="$out/tick.out" "$dir/bench/bench-animation" >/dev/null 2>"$out/tick.err"
total=$(sed -n 's/^summary: *//p; s/^totals: *//p' "$out/tick.out" | head -1)
printf '%-40s %15s\n' "bench-animation-tick" "$((total / 42))"
