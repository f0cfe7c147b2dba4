#!/bin/sh
# Builds GSK with warnings as errors and runs the whole test suite, then
# again built with AddressSanitizer and UndefinedBehaviorSanitizer, then
# runs each fuzzer for 15 seconds under both (tests/fuzz/run.sh).
set -eu
cd "$(dirname "$0")/.."

./tools/build.sh _build -Dwerror=true -Dbenchmarks=true -Dintrospection=enabled -Ddocs=true
meson test -C _build --print-errorlogs

# GCC leaves float-to-int overflow out of -fsanitize=undefined: asked for
# it by name, as clang's fuzzer builds have it
# (Without introspection: Python cannot load an ASan library)
./tools/build.sh _build-asan -Dwerror=true -Dbenchmarks=false -Dintrospection=disabled -Db_sanitize=address,undefined -Db_lundef=false \
  -Dc_args=-fsanitize=float-cast-overflow -Dc_link_args=-fsanitize=float-cast-overflow
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C _build-asan --print-errorlogs --timeout-multiplier=4

# Each fuzzer for a short fixed time; any finding fails
tests/fuzz/run.sh 15
