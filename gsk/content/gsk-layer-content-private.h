/* gsk-layer-content-private.h: what the library shares about contents
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>

G_BEGIN_DECLS

/* A content surface is normally never drawn into again once in a list:
 * new content comes as a new surface. An image content's surface is the
 * application's, which may change it in place and invalidate the
 * content: that bumps the surface's serial, and a backend that caches
 * something made from a surface (a texture) compares serials. */
guint gsk_layer_surface_get_serial (cairo_surface_t         *surface);
void  gsk_layer_surface_changed    (cairo_surface_t         *surface);

G_END_DECLS
