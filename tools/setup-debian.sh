#!/bin/sh
# Installs what building and testing GSK needs on Debian 12 (bookworm) or
# Debian 13 (trixie), if missing.
set -eu

# libegl1, libegl-mesa0 and libgl1-mesa-dri: the GL backend's headless
# EGL context (surfaceless platform, llvmpipe without a GPU); epoxy loads
# them at run time, so the build itself needs only libepoxy-dev.
# xvfb and xauth: an X server for the tests of GSK inside GTK windows;
# xdotool: a real pointer and keyboard for the view's input tests.
# libgtk-4-bin (gtk4-broadwayd) and chromium: the Broadway test, where a
# headless browser composites the view's render nodes, and the touch
# test, where it touches them (Xvfb has no touchscreen). fonts-dejavu-core:
# the fonts the text tests lay out (fontconfig's default Sans and Serif).
# clang and its runtime (libclang-rt-14-dev on Debian 12, where clang is
# 14; libclang-rt-dev, clang's default, on later releases): libFuzzer,
# for the fuzzers' short runs.
# gobject-introspection, libgirepository1.0-dev, python3-gi and
# python3-gi-cairo: GskLayer-1.gir and its typelib, and the Python
# example the tests run through them; gjs: the JavaScript examples, the
# same through GJS. gi-docgen: the reference manual (-Ddocs=true).
# librsvg2-common: gdk-pixbuf's SVG
# loader, for SVG images in layers and their tests. adwaita-icon-theme:
# the icons test-view shows as layer content. debootstrap: the Debian 13
# root in which CI runs the suite again (tools/debian13-root.sh).
# sway and grim: a headless Wayland compositor and its screen grabber,
# for the view on Wayland at a whole and a fractional scale
# (tests/test-view-wayland.sh). dbus, at-spi2-core and gir1.2-atspi-2.0:
# a session bus, the accessibility bus and libatspi from Python, to read
# what a screen reader sees (tests/test-demo-a11y.py).

# The release's codename, from os-release (bookworm, trixie, ...)
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
# mesa-vulkan-drivers (lavapipe): GTK 4.14 and later draw with Vulkan
# too, and the view's tests run there when it is installed
case "$codename" in
  bookworm) clang_rt=libclang-rt-14-dev; vulkan= ;;
  *) clang_rt=libclang-rt-dev; vulkan=mesa-vulkan-drivers ;;
esac

packages="meson ninja-build pkg-config gcc binutils libglib2.0-dev
  libgraphene-1.0-dev libcairo2-dev libpixman-1-dev libjson-glib-dev
  libgtk-4-dev libepoxy-dev libpng-dev
  libegl1 libegl-mesa0 libgl1-mesa-dri
  xvfb xauth xdotool libgtk-4-bin chromium fonts-dejavu-core
  clang $clang_rt $vulkan
  gobject-introspection libgirepository1.0-dev python3-gi python3-gi-cairo gjs
  gi-docgen
  librsvg2-common adwaita-icon-theme debootstrap sway grim
  dbus at-spi2-core gir1.2-atspi-2.0"

missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done

if [ -n "$missing" ]; then
  echo "Installing:$missing"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
