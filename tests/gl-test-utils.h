/* gl-test-utils.h: what the OpenGL renderer's tests (test-gl.c,
 * test-gl-texture.c, test-gl-framebuffer.c) share: a GL renderer or a
 * skipped test, scenes of coloured layers and icons, and the comparison
 * with the software renderer, within the tolerance test-gl.c describes
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <stdlib.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-gl-renderer-private.h"

#define MAX_DIFF 6
#define EDGE_FRACTION 0.015
#define MAX_EDGE_DIFF 96

static inline GskLayerRenderer *
new_gl_renderer_or_skip (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_gl_renderer_new (&error);

  if (renderer == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no GL renderer here: %s", error->message);

      g_test_skip (why);
    }

  return renderer;
}

static inline cairo_surface_t *
make_icon (int size)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  cairo_pattern_t *gradient;

  gradient = cairo_pattern_create_radial (size * 0.35, size * 0.35, 0, size / 2., size / 2., size / 2.);
  cairo_pattern_add_color_stop_rgba (gradient, 0, 1, 0.9, 0.3, 1);
  cairo_pattern_add_color_stop_rgba (gradient, 1, 0.8, 0.2, 0.1, 0.9);
  cairo_set_source (cr, gradient);
  cairo_arc (cr, size / 2., size / 2., size / 2. - 1, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.1, 0.3, 0.8);
  cairo_rectangle (cr, size / 4., size / 4., size / 8., size / 2.);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);
  cairo_destroy (cr);

  return surface;
}

static inline GskLayer *
new_root (int width,
          int height)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (width, height));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.95, 0.95, 0.9, 1 });

  return root;
}

static inline GskLayer *
add_layer (GskLayer   *parent,
           float       x,
           float       y,
           float       width,
           float       height,
           const char *color)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  if (color)
    {
      GdkRGBA rgba;

      g_assert_true (gdk_rgba_parse (&rgba, color));
      gsk_layer_set_background_color (layer, &rgba);
    }
  gsk_layer_add_child (parent, layer);

  return layer;
}

static inline void
set_transform (GskLayer   *layer,
               const char *text)
{
  g_autoptr (GskLayerTransform) transform = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (gsk_layer_transform_parse (text, &transform, &error));
  g_assert_no_error (error);
  gsk_layer_set_transform (layer, transform);
}

/* A fishbowl: @n icons sharing one content, moving and rotating about,
 * half of them at opacity 0.7 */
static inline GskLayer *
fishbowl_new (guint    n,
              int      width,
              int      height,
              guint32  seed)
{
  GskLayer *root = new_root (width, height);
  cairo_surface_t *icon = make_icon (64);
  GskLayerContent *content = gsk_layer_image_content_new (icon);
  GRand *rand = g_rand_new_with_seed (seed);
  guint i;

  for (i = 0; i < n; i++)
    {
      GskLayer *layer = add_layer (root,
                                   g_rand_double_range (rand, -32, width - 32),
                                   g_rand_double_range (rand, -32, height - 32),
                                   64, 64, NULL);
      g_autofree char *rotate = g_strdup_printf ("rotate(%gdeg)", g_rand_double_range (rand, 0, 360));

      gsk_layer_set_content (layer, content);
      set_transform (layer, rotate);
      if (i % 2)
        gsk_layer_set_opacity (layer, 0.7f);
    }

  g_rand_free (rand);
  g_object_unref (content);
  cairo_surface_destroy (icon);

  return root;
}

static inline void
move_fish (GskLayer *root,
           guint     index,
           float     dx)
{
  GskLayer *child = gsk_layer_get_first_child (root);
  graphene_point_t pos;

  while (index-- > 0)
    child = gsk_layer_get_next_sibling (child);

  gsk_layer_get_position (child, &pos);
  pos.x += dx;
  gsk_layer_set_position (child, &pos);
}

static inline void
get_rgba (const guint8 *data,
          int           stride,
          int           x,
          int           y,
          int           rgba[4])
{
  guint32 p = *(const guint32 *) (data + y * stride + x * 4);
  int a = p >> 24;

  rgba[3] = a;
  if (a == 0)
    {
      rgba[0] = rgba[1] = rgba[2] = 0;
      return;
    }
  rgba[0] = (((p >> 16) & 0xff) * 255 + a / 2) / a;
  rgba[1] = (((p >> 8) & 0xff) * 255 + a / 2) / a;
  rgba[2] = ((p & 0xff) * 255 + a / 2) / a;
}

static inline void
save_output (const char      *name,
             cairo_surface_t *surface)
{
  const char *dir = g_getenv ("GSK_LAYER_TEST_OUTPUT");
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;

  path = g_strdup_printf ("%s/%s.png", dir, name);
  cairo_surface_write_to_png (surface, path);
}

static inline void
assert_similar (const char      *name,
                cairo_surface_t *gl,
                cairo_surface_t *sw)
{
  int w = cairo_image_surface_get_width (gl);
  int h = cairo_image_surface_get_height (gl);
  const guint8 *a, *b;
  int sa, sb, x, y;
  guint n_over = 0;
  int max_seen = 0;

  g_assert_cmpint (cairo_image_surface_get_width (sw), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (sw), ==, h);

  cairo_surface_flush (gl);
  cairo_surface_flush (sw);
  a = cairo_image_surface_get_data (gl);
  b = cairo_image_surface_get_data (sw);
  sa = cairo_image_surface_get_stride (gl);
  sb = cairo_image_surface_get_stride (sw);

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      {
        int pa[4], pb[4], c, m = 0;

        get_rgba (a, sa, x, y, pa);
        get_rgba (b, sb, x, y, pb);
        for (c = 0; c < 4; c++)
          m = MAX (m, abs (pa[c] - pb[c]));
        max_seen = MAX (max_seen, m);
        if (m > MAX_DIFF)
          n_over++;
      }

  g_test_message ("%s: %u pixels over %d, largest difference %d", name, n_over, MAX_DIFF, max_seen);

  if (n_over > EDGE_FRACTION * w * h || max_seen > MAX_EDGE_DIFF)
    {
      g_autofree char *gl_name = g_strconcat (name, ".gl", NULL);
      g_autofree char *sw_name = g_strconcat (name, ".software", NULL);

      save_output (gl_name, gl);
      save_output (sw_name, sw);
      g_test_fail_printf ("%s: %u pixels differ by more than %d (allowed %.0f), largest "
                          "difference %d (allowed %d)", name, n_over, MAX_DIFF,
                          EDGE_FRACTION * w * h, max_seen, MAX_EDGE_DIFF);
    }
}

/* Draws @root with both renderers and compares */
static inline void
compare_backends (const char       *name,
                  GskLayerRenderer *gl,
                  GskLayer         *root,
                  int               width,
                  int               height)
{
  g_autoptr (GskLayerRenderer) software = gsk_layer_software_renderer_new ();
  cairo_surface_t *a, *b;

  a = gsk_layer_renderer_render_to_surface (gl, root, width, height);
  b = gsk_layer_renderer_render_to_surface (software, root, width, height);
  assert_similar (name, a, b);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static inline cairo_surface_t *
make_picture (int width,
              int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  cairo_pattern_t *gradient;
  int x, y;

  gradient = cairo_pattern_create_linear (0, 0, width, height);
  cairo_pattern_add_color_stop_rgb (gradient, 0, 0.9, 0.2, 0.1);
  cairo_pattern_add_color_stop_rgb (gradient, 0.5, 0.1, 0.7, 0.3);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0.1, 0.2, 0.9);
  cairo_set_source (cr, gradient);
  cairo_paint (cr);
  cairo_pattern_destroy (gradient);

  /* Sharp detail everywhere, seams included */
  for (y = 0; y < height; y += 20)
    for (x = (y / 20) % 2 * 20; x < width; x += 40)
      {
        cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
        cairo_rectangle (cr, x, y, 20, 20);
        cairo_fill (cr);
      }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_set_line_width (cr, 3);
  cairo_arc (cr, width / 2., height / 2., MIN (width, height) / 2. - 4, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_destroy (cr);

  return surface;
}

/* Culling turned off (GSK_LAYER_DEBUG=no-cull), which changes what
 * frames draw and clear */
static inline gboolean
culling_is_off (void)
{
  const char *env = g_getenv ("GSK_LAYER_DEBUG");

  return env != NULL && strstr (env, "no-cull") != NULL;
}
