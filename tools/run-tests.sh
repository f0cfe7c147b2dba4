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
# intercept_tls_get_addr=0: GCC 12's (and LLVM 14's) __tls_get_addr
# interceptor takes a dynamic TLS block that happens to start 16 bytes into
# a page for a pre-2.25 glibc header and hands LeakSanitizer's tracer the
# words before it; the tracer then dies at exit ("Tracer caught signal 11")
# after a test has passed. Found that way in test-text and
# test-view-scale2-gl, one run in a few hundred.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  meson test -C _build-asan --print-errorlogs --timeout-multiplier=4

# Each fuzzer for a short fixed time; any finding fails
tests/fuzz/run.sh 15
