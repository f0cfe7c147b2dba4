#!/bin/sh
# Builds the fuzzers with clang, AddressSanitizer and UBSan, and runs each
# for a fixed time on a copy of its seed corpus.
#
# Usage: tests/fuzz/run.sh [SECONDS_EACH]   (default 15: a minute in all)
#
# One process per fuzzer (no -jobs or -fork), one fuzzer at a time.
# Configures _build-fuzz (CC=clang, -Dfuzzing=true, tests and benchmarks
# off) and builds only the fuzzers, with ninja -j2. Each fuzzer runs one
# job at a time, from tests/fuzz/corpus/NAME copied into a scratch folder
# (the tree is never written to), with the dictionary tests/fuzz/gsk.dict.
# Exits non-zero on any finding (a crash, a sanitizer report, an abort
# from a check, a timeout or running out of memory) and prints where the
# input that caused it was saved. FUZZ_WORKDIR chooses the scratch folder
# (default: a new one under /tmp); FUZZ_ARGS adds libFuzzer options.
#
# The seed is fixed (FUZZ_SEED, default 1): libFuzzer then tries the same
# inputs in the same order on every run, and a short run in CI explores
# the same ground each time, so that a finding there is the change's and
# not the draw's. FUZZ_SEED=0 takes a random seed, for a longer search.
# FUZZ_TOLERANCE sets the largest per-channel difference the frame
# comparisons allow (each harness has its own; 0 finds any difference).
set -eu
cd "$(dirname "$0")/../.."

seconds=${1:-15}
seed=${FUZZ_SEED:-1}
builddir=_build-fuzz
fuzzers="fuzz-scene fuzz-parsers fuzz-animations fuzz-tree fuzz-input fuzz-layout fuzz-style fuzz-3d fuzz-scroll"

if ! command -v clang >/dev/null 2>&1; then
  echo "run.sh: clang is missing (apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi

if [ -f "$builddir/build.ninja" ]; then
  meson setup --reconfigure "$builddir" >/dev/null
else
  CC=clang meson setup "$builddir" -Dfuzzing=true -Db_sanitize=address,undefined -Db_lundef=false \
    -Dtests=false -Dbenchmarks=false -Dintrospection=disabled >/dev/null
fi
targets=
for f in $fuzzers; do
  targets="$targets tests/fuzz/$f"
done
# shellcheck disable=SC2086
ninja -C "$builddir" -j2 $targets >/dev/null

work=${FUZZ_WORKDIR:-$(mktemp -d /tmp/gsk-fuzz.XXXXXX)}
mkdir -p "$work"
dict=$(pwd)/tests/fuzz/gsk.dict

# halt_on_error: UBSan reports are findings too; G_SLICE: every block is
# a malloc() block that ASan can watch
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:intercept_tls_get_addr=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export G_SLICE=always-malloc
unset G_DEBUG

status=0
for f in $fuzzers; do
  rm -rf "$work/$f"
  mkdir -p "$work/$f/corpus" "$work/$f/artifacts"
  cp tests/fuzz/corpus/$f/* "$work/$f/corpus/"
  echo "run.sh: $f for ${seconds}s, seed $seed..." >&2
  # The fuzzer runs in its scratch folder: relative image paths that an
  # input names are looked for there
  if (cd "$work/$f" && "$OLDPWD/$builddir/tests/fuzz/$f" \
        -max_total_time="$seconds" -seed="$seed" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict="$dict" -artifact_prefix="$work/$f/artifacts/" ${FUZZ_ARGS:-} corpus \
        >"$work/$f/log" 2>&1); then
    grep -h 'stat::number_of_executed_units\|stat::average_exec_per_sec' "$work/$f/log" 2>/dev/null |
      sed "s/^/  /" >&2 || true
  else
    status=1
    echo "run.sh: $f FOUND A PROBLEM; the log: $work/$f/log" >&2
    for a in "$work/$f"/artifacts/*; do
      [ -e "$a" ] && echo "run.sh:   the input: $a (rerun: $builddir/tests/fuzz/$f $a)" >&2
    done
    grep -h -m1 -B2 -A12 'ERROR\|runtime error\|fuzz[-a-z]*: ' "$work/$f/log" 2>/dev/null |
      head -30 >&2 || true
  fi
done

if [ $status -eq 0 ]; then
  echo "run.sh: no findings; the scratch folder was $work" >&2
fi
exit $status
