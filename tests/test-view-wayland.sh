#!/bin/sh
# test-view-wayland.sh: GskLayerView on Wayland, at a whole or a
# fractional output scale (issue 34)
#
# Usage: test-view-wayland.sh TEST_VIEW SCALE
#
# Starts sway headless (wlroots' headless backend, its pixman renderer:
# no GPU, no seat) with one output at SCALE, then runs TEST_VIEW's
# pixel tests as a Wayland client, with the renderer GSK_RENDERER names:
# /view/pixels (what GTK's renderer draws of the view) and /view/pixels/screen
# (what the compositor shows, grabbed with grim). At 1.5, GTK 4.12 and
# later draw at 1.5 (wp_fractional_scale_v1): the view must too. TAP
# comes from TEST_VIEW.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

test_view=$1
scale=$2

run=$(mktemp -d /tmp/gsk-wayland.XXXXXX)
chmod 700 "$run"
cat > "$run/config" <<EOF
output HEADLESS-1 resolution 1280x960 position 0 0 scale $scale
default_border none
default_floating_border none
for_window [app_id=".*"] floating enable
xwayland disable
EOF

export XDG_RUNTIME_DIR="$run"
unset DISPLAY WAYLAND_DISPLAY
# Sway before 1.8 refuses to run as root: as root, it runs as nobody (root
# still reaches its socket)
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

WAYLAND_DISPLAY=$socket GDK_BACKEND=wayland NO_AT_BRIDGE=1 GTK_A11Y=none \
  TEST_VIEW_GRAB="grim -t png" \
  "$test_view" --tap -k -p /view/pixels
