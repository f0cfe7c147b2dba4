#!/bin/sh
# wayland-session.sh: runs a command as a client of a headless sway
#
# Usage: wayland-session.sh SCALE COMMAND [ARG...]
#
# Starts sway headless (wlroots' headless backend, its pixman renderer:
# no GPU, no seat) with one 1280×960 output at SCALE, every window
# floating, no Xwayland; runs COMMAND with WAYLAND_DISPLAY and
# GDK_BACKEND=wayland set, and exits with its status. Sway before 1.8
# refuses to run as root: as root, it runs as nobody (root still
# reaches its socket). Used by test-view-wayland.sh and test-demo.sh.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

scale=$1
shift

run=$(mktemp -d /tmp/gsk-wayland.XXXXXX)
chmod 700 "$run"
cat > "$run/config" <<CONFIG
output HEADLESS-1 resolution 1280x960 position 0 0 scale $scale
default_border none
default_floating_border none
for_window [app_id=".*"] floating enable
xwayland disable
CONFIG

export XDG_RUNTIME_DIR="$run"
unset DISPLAY WAYLAND_DISPLAY
as_user=
if [ "$(id -u)" = 0 ]; then
  chown nobody "$run"
  as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups"
fi
WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
  $as_user sway --unsupported-gpu -c "$run/config" > "$run/sway.log" 2>&1 &
sway=$!
trap 'kill $sway 2>/dev/null || true; wait $sway 2>/dev/null || true; rm -rf "$run"' EXIT

for _ in $(seq 100); do
  socket=$(cd "$run" && ls wayland-* 2>/dev/null | grep -v lock | head -1 || true)
  [ -n "$socket" ] && break
  sleep 0.1
done
if [ -z "$socket" ]; then
  echo "Bail out! sway did not start:"
  sed 's/^/# /' "$run/sway.log"
  exit 1
fi

status=0
WAYLAND_DISPLAY=$socket GDK_BACKEND=wayland "$@" || status=$?
exit $status
