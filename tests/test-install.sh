#!/bin/sh
# test-install.sh: what `meson install` puts where, and a program built
# against the installed tree through pkg-config alone (issue 16)
#
# Installs the build into a scratch DESTDIR, checks the headers, the
# pkg-config file, the shared library and its soname, the gsk tool and
# its manual page, the GIR and typelib and the reference manual (when
# the build has them), then builds examples/hello-layers.c with nothing
# but `pkg-config --cflags --libs gsklayer-1` (the .pc file copied with
# its prefix pointed into DESTDIR, as if installed there) and runs it,
# and the installed gsk tool, and the Python example through the
# installed typelib; then builds it again with the build tree's
# meson-uninstalled/gsklayer-1-uninstalled.pc alone. Set by tests/meson.build: BUILD_ROOT, SOURCE_ROOT,
# PREFIX, LIBDIR, DATADIR, BINDIR, MANDIR, INCLUDEDIR (as meson has
# them), HAVE_GIR and HAVE_DOCS (1 or 0), CC, PYTHON.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
root="$dest$PREFIX"
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

has () {
  [ -e "$root/$1" ] || fail "installed: $1 is missing"
}

echo "1..9"

meson install -C "$BUILD_ROOT" --destdir "$dest" --no-rebuild --quiet >/dev/null
ok "meson install into a scratch DESTDIR"

has "$INCLUDEDIR/gsklayer-1/gsklayer.h"
has "$INCLUDEDIR/gsklayer-1/gsk-layer-version-macros.h"
has "$LIBDIR/pkgconfig/gsklayer-1.pc"
has "$LIBDIR/libgsklayer-1.so"
has "$BINDIR/gsk"
has "$MANDIR/man1/gsk.1"
ok "headers, pkg-config file, library, gsk and its manual page are in place"

soname=$(readelf -d "$root/$LIBDIR/libgsklayer-1.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libgsklayer-1.so.0" ] || fail "the library's soname is '$soname', not libgsklayer-1.so.0"
[ -e "$root/$LIBDIR/$soname" ] || fail "$soname is not installed"
ok "the library has the soname $soname, installed beside it"

if [ "$HAVE_GIR" = 1 ]; then
  has "$DATADIR/gir-1.0/GskLayer-1.gir"
  has "$LIBDIR/girepository-1.0/GskLayer-1.typelib"
  ok "GskLayer-1.gir and its typelib are in place"
else
  ok "# SKIP the build has no introspection"
fi

if [ "$HAVE_DOCS" = 1 ]; then
  has "$DATADIR/doc/gsklayer-1/index.html"
  has "$DATADIR/doc/gsklayer-1/getting-started.html"
  has "$DATADIR/doc/gsklayer-1/coordinates-pivot.png"
  ok "the reference manual is in $DATADIR/doc/gsklayer-1"
else
  ok "# SKIP the build has no manual (-Ddocs=false)"
fi

# The .pc file as if GSK were installed in DESTDIR
mkdir "$dest/pc"
sed "s|^prefix=.*|prefix=$root|" "$root/$LIBDIR/pkgconfig/gsklayer-1.pc" > "$dest/pc/gsklayer-1.pc"
# shellcheck disable=SC2046
PKG_CONFIG_PATH="$dest/pc" $CC -o "$dest/hello-layers" "$SOURCE_ROOT/examples/hello-layers.c" \
  $(PKG_CONFIG_PATH="$dest/pc" pkg-config --cflags --libs gsklayer-1)
LD_LIBRARY_PATH="$root/$LIBDIR" "$dest/hello-layers" "$dest/hello.png" >/dev/null
[ -s "$dest/hello.png" ] || fail "the program built against the installed tree wrote no image"
# It links the installed library, not the build's
LD_LIBRARY_PATH="$root/$LIBDIR" ldd "$dest/hello-layers" | grep -q "$root/$LIBDIR/libgsklayer-1.so.0" ||
  fail "the program does not load the installed library"
ok "examples/hello-layers.c builds with pkg-config gsklayer-1 alone, runs, and draws"

LD_LIBRARY_PATH="$root/$LIBDIR" "$root/$BINDIR/gsk" render --demo -o "$dest/demo.png" --backend software >/dev/null
[ -s "$dest/demo.png" ] || fail "the installed gsk drew nothing"
ok "the installed gsk renders the demo"

if [ "$HAVE_GIR" = 1 ]; then
  GI_TYPELIB_PATH="$root/$LIBDIR/girepository-1.0" LD_LIBRARY_PATH="$root/$LIBDIR" \
    "$PYTHON" "$SOURCE_ROOT/examples/python/animate-frames.py" "$dest/py" >/dev/null
  [ -s "$dest/py-4.png" ] || fail "the Python example wrote no frames through the installed typelib"
  ok "the Python example runs through the installed typelib"
else
  ok "# SKIP the build has no introspection"
fi

# The build tree's own pkg-config file, as one builds against GSK before
# installing it (issue 31): every public header reachable from its Cflags
# shellcheck disable=SC2046
$CC -o "$dest/hello-uninstalled" "$SOURCE_ROOT/examples/hello-layers.c" \
  $(PKG_CONFIG_PATH="$BUILD_ROOT/meson-uninstalled" pkg-config --cflags --libs gsklayer-1) ||
  fail "examples/hello-layers.c does not build with the build tree's gsklayer-1-uninstalled.pc"
LD_LIBRARY_PATH="$BUILD_ROOT/gsk" "$dest/hello-uninstalled" "$dest/hello-uninstalled.png" >/dev/null
[ -s "$dest/hello-uninstalled.png" ] || fail "the program built against the build tree wrote no image"
ok "examples/hello-layers.c builds with the build tree's pkg-config file alone, and runs"
