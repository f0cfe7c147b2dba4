#!/bin/sh
# test-view-wayland.sh: GskLayerView on Wayland, at a whole or a
# fractional output scale (issue 34)
#
# Usage: test-view-wayland.sh TEST_VIEW SCALE
#
# Runs TEST_VIEW's pixel tests as a client of a headless sway with one
# output at SCALE (wayland-session.sh), with the renderer GSK_RENDERER
# names: /view/pixels (what GTK's renderer draws of the view) and
# /view/pixels/screen (what the compositor shows, grabbed with grim). At
# 1.5, GTK 4.12 and later draw at 1.5 (wp_fractional_scale_v1): the
# view must too. TAP comes from TEST_VIEW.
#
# SPDX-License-Identifier: LGPL-2.1-or-later
set -eu

NO_AT_BRIDGE=1 GTK_A11Y=none TEST_VIEW_GRAB="grim -t png" \
  exec sh "$(dirname "$0")/wayland-session.sh" "$2" "$1" --tap -k -p /view/pixels
