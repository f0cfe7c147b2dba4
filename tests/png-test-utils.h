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

/* How many pixels of the ARGB32 images @a and @b (of one size) differ
 * by more than @tolerance in some channel; the largest difference in
 * @largest */
static inline guint
count_pixels_over (cairo_surface_t *a,
                   cairo_surface_t *b,
                   guint            tolerance,
                   guint           *largest)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);
  const guint8 *da, *db;
  guint n = 0;
  int x, y, c;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  da = cairo_image_surface_get_data (a);
  db = cairo_image_surface_get_data (b);
  *largest = 0;
  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      {
        guint d = 0;

        for (c = 0; c < 4; c++)
          d = MAX (d, (guint) ABS (da[y * sa + x * 4 + c] - db[y * sb + x * 4 + c]));
        *largest = MAX (*largest, d);
        n += d > tolerance;
      }

  return n;
}
