/* png-test-utils.h: reading the frames that examples write as PNG, for
 * the tests that run them (test-gl-area, test-examples)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>

/* The straight 8-bit RGB of an opaque pixel of an ARGB32 image */
static inline void
pixel (cairo_surface_t *surface,
       int              x,
       int              y,
       guint8           rgb[3])
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 p = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  rgb[0] = p >> 16;
  rgb[1] = p >> 8;
  rgb[2] = p;
}
