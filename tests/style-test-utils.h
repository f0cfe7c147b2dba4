/* style-test-utils.h: what the tests of style properties share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

#include "gsk-layer-style-private.h"

/* @css read as a style, which must succeed */
static inline GskLayerStyle *
style (const char *css)
{
  g_autoptr (GError) error = NULL;
  GskLayerStyle *s = gsk_layer_style_new_from_string (css, &error);

  g_assert_no_error (error);
  return s;
}

/* @css is written back as @expected, which reads as the same style */
static inline void
assert_written (const char *css,
                const char *expected)
{
  g_autoptr (GskLayerStyle) s = style (css);
  g_autofree char *text = gsk_layer_style_to_string (s);
  g_autoptr (GskLayerStyle) again = style (text);

  g_assert_cmpstr (text, ==, expected);
  g_assert_true (gsk_layer_style_equal (s, again));
}

/* @css is refused with @code and a message that matches @message (a
 * g_pattern_match_simple () pattern: a plain message matches itself) */
static inline void
assert_refused (const char    *css,
                GskLayerError  code,
                const char    *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerStyle) s = gsk_layer_style_new_from_string (css, &error);

  g_assert_null (s);
  g_assert_error (error, GSK_LAYER_ERROR, (int) code);
  if (!g_pattern_match_simple (message, error->message))
    g_assert_cmpstr (error->message, ==, message);
}

/* The pixel at (@x, @y) of @image as 0xAARRGGBB */
static inline guint32
pixel_at (cairo_surface_t *image,
          int              x,
          int              y)
{
  cairo_surface_flush (image);
  return *(guint32 *) (cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image) + x * 4);
}

/* Opens an easing state on @layer in which what is set eases linearly
 * over @duration milliseconds; gsk_layer_restore_easing_state () ends it */
static inline void
ease_linearly (GskLayer *layer,
               guint     duration)
{
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, duration);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
}
