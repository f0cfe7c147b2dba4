#!/bin/sh
# Builds GSK and runs its normal test suite (warnings as errors, no
# sanitizers) inside a Debian 13 (trixie) root, as CI does beside the
# README's test command on Debian 12.
#
# Usage: tools/debian13-root.sh prepare   makes the root (debootstrap) and
#                                         installs what GSK needs in it
#        tools/debian13-root.sh test      copies this tree in, builds, tests
#
# The root is DEBIAN13_ROOT (default: /var/tmp/gsk-debian13-root), kept
# between runs: a second prepare only installs what is missing. Needs
# root (debootstrap, chroot, bind mounts) and Debian's archive.
set -eu
cd "$(dirname "$0")/.."

root=${DEBIAN13_ROOT:-/var/tmp/gsk-debian13-root}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

mount_all () {
  for d in proc sys dev dev/pts dev/shm; do
    mkdir -p "$root/$d"
    mountpoint -q "$root/$d" || mount --bind "/$d" "$root/$d"
  done
  cp /etc/resolv.conf "$root/etc/resolv.conf"
}

unmount_all () {
  for d in dev/shm dev/pts dev sys proc; do
    mountpoint -q "$root/$d" && umount -l "$root/$d" || true
  done
}

case "${1:-}" in
  prepare)
    if ! command -v debootstrap >/dev/null 2>&1; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    fi
    if [ ! -x "$root/usr/bin/apt-get" ]; then
      rm -rf "$root"
      debootstrap --variant=minbase trixie "$root" "$mirror" >/dev/null
    fi
    trap unmount_all EXIT
    mount_all
    cp tools/setup-debian.sh "$root/tmp/setup-debian.sh"
    chroot "$root" sh /tmp/setup-debian.sh
    ;;
  test)
    trap unmount_all EXIT
    mount_all
    rm -rf "$root/src/gsk"
    mkdir -p "$root/src/gsk"
    git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$root/src/gsk"
    chroot "$root" sh -c 'cd /src/gsk && . /etc/os-release && echo "In $PRETTY_NAME: GTK $(pkg-config --modversion gtk4), GLib $(pkg-config --modversion glib-2.0), cairo $(pkg-config --modversion cairo)" &&
      ./tools/build.sh _build -Dwerror=true -Dbenchmarks=true -Dintrospection=enabled -Ddocs=true &&
      meson test -C _build --print-errorlogs'
    ;;
  *)
    echo "usage: $0 prepare|test" >&2
    exit 2
    ;;
esac
