/* test-gl.c: the OpenGL renderer, compared with the software one
 *
 * Each scene is drawn by both renderers and the images compared
 * directly, within the reftests' tolerance (tests/test-reftests.c):
 * every pixel within MAX_DIFF per channel, unpremultiplied, except at
 * most EDGE_FRACTION of them, within MAX_EDGE_DIFF. Where no GL context
 * can be made, every test that needs one is skipped and says why.
 *
 * Textures, tiles and atlases are in test-gl-texture.c, drawing into a
 * caller's context and framebuffer in test-gl-framebuffer.c.
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdlib.h>

#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-gl-renderer-private.h"
#include "gsk-layer-renderer-private.h"
#include "gsk-layer-debug-private.h"
#include "gsk-layer-render-cull-private.h"
#include "png-test-utils.h"
#include "filter-test-utils.h"
#include "gl-test-utils.h"

static void
test_disabled (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL"));
  GskLayerRenderer *renderer;

  g_setenv ("GSK_LAYER_GL", "disable", TRUE);

  renderer = gsk_layer_gl_renderer_new (&error);
  g_assert_null (renderer);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "GSK_LAYER_GL=disable"));
  g_clear_error (&error);

  renderer = gsk_layer_renderer_new_for_backend ("gl", &error);
  g_assert_null (renderer);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_clear_error (&error);

  /* The default falls back to software, saying why */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_MESSAGE, "*Cannot use the GL renderer*GSK_LAYER_GL=disable*");
  renderer = gsk_layer_renderer_new_default ();
  g_test_assert_expected_messages ();
  g_assert_true (GSK_IS_LAYER_SOFTWARE_RENDERER (renderer));
  g_assert_finalize_object (renderer);

  if (saved)
    g_setenv ("GSK_LAYER_GL", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_GL");
}

static void
test_new_default (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_RENDERER"));
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *probe = gsk_layer_gl_renderer_new (&error);
  gboolean have_gl = probe != NULL;
  GskLayerRenderer *renderer;

  g_clear_object (&probe);
  g_clear_error (&error);

  g_unsetenv ("GSK_LAYER_RENDERER");
  if (!have_gl)
    g_test_expect_message ("GskLayer", G_LOG_LEVEL_MESSAGE, "*Cannot use the GL renderer*");
  renderer = gsk_layer_renderer_new_for_backend ("auto", &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  g_assert_true (have_gl ? GSK_IS_LAYER_GL_RENDERER (renderer) : GSK_IS_LAYER_SOFTWARE_RENDERER (renderer));
  g_assert_finalize_object (renderer);

  g_setenv ("GSK_LAYER_RENDERER", "software", TRUE);
  renderer = gsk_layer_renderer_new_default ();
  g_assert_true (GSK_IS_LAYER_SOFTWARE_RENDERER (renderer));
  g_assert_finalize_object (renderer);

  g_setenv ("GSK_LAYER_RENDERER", "metal", TRUE);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*GSK_LAYER_RENDERER=metal*");
  if (!have_gl)
    g_test_expect_message ("GskLayer", G_LOG_LEVEL_MESSAGE, "*Cannot use the GL renderer*");
  renderer = gsk_layer_renderer_new_default ();
  g_test_assert_expected_messages ();
  g_assert_nonnull (renderer);
  g_assert_finalize_object (renderer);

  if (saved)
    g_setenv ("GSK_LAYER_RENDERER", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_RENDERER");
}

static void
test_new_for_backend (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gsk_layer_renderer_new_for_backend ("gl", &error);

  if (renderer == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no GL renderer here: %s", error->message);

      g_test_skip (why);
      return;
    }

  g_assert_no_error (error);
  g_assert_true (GSK_IS_LAYER_GL_RENDERER (renderer));
  g_test_message ("%s", gsk_layer_gl_renderer_get_description (GSK_LAYER_GL_RENDERER (renderer)));
  g_assert_finalize_object (renderer);
}

static void
test_fishbowl (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *target;
  cairo_region_t *damage;

  if (gl == NULL)
    return;

  root = fishbowl_new (100, 320, 240, 7);
  compare_backends ("fishbowl", gl, root, 320, 240);

  /* One content, no groups: one upload, and one draw for every icon;
   * the opaque background that fills the frame is its clear colour (with
   * culling off, a draw of its own, of the program that computes no edge
   * coverage, as it is on pixel boundaries) */
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("fishbowl 100: %u draw calls, %u uploads, %u offscreens, %u quads, %u background clears",
                  stats->draw_calls, stats->texture_uploads, stats->offscreens, stats->quads,
                  stats->background_clears);
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->draw_calls, ==, culling_is_off () ? 2 : 1);
  g_assert_cmpuint (stats->background_clears, ==, culling_is_off () ? 0 : 1);
  g_assert_cmpuint (stats->texture_uploads, ==, 1);
  g_assert_cmpuint (stats->offscreens, ==, 0);
  g_assert_cmpuint (stats->quads, >=, 100);

  /* The public view of the same counts, as gsk render --stats prints */
  {
    guint draw_calls, uploads, offscreens;

    gsk_layer_gl_renderer_get_frame_stats (GSK_LAYER_GL_RENDERER (gl), &draw_calls, &uploads, &offscreens);
    g_assert_cmpuint (draw_calls, ==, stats->draw_calls);
    g_assert_cmpuint (uploads, ==, stats->texture_uploads);
    g_assert_cmpuint (offscreens, ==, stats->offscreens);
    g_assert_nonnull (strstr (gsk_layer_gl_renderer_get_gl_description (GSK_LAYER_GL_RENDERER (gl)), "GL"));
  }

  /* The next frames upload nothing, and draw only the damage */
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  gsk_layer_renderer_set_check_damage (gl, TRUE);
  move_fish (root, 10, 3.5f);
  damage = gsk_layer_renderer_render (gl, root, target);
  g_assert_false (cairo_region_is_empty (damage));
  g_assert_null (gsk_layer_renderer_get_damage_error (gl));
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_assert_cmpuint (stats->texture_uploads, ==, 0);
  g_assert_cmpuint (stats->cached_textures, ==, 1);

  cairo_region_destroy (damage);
  cairo_surface_destroy (target);
}

/* Damage in far-apart corners is redrawn as a pass per corner, each
 * with its own scissor and its own offscreen for the translucent group
 * across them both, and gives what a full redraw gives */
static void
test_damage_passes (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayer *group, *a, *b;
  cairo_surface_t *target;
  cairo_region_t *damage;

  if (gl == NULL)
    return;

  root = new_root (320, 240);
  group = add_layer (root, 10, 10, 300, 220, "rgba(40, 120, 200, 0.3)");
  gsk_layer_set_opacity (group, 0.6f);
  a = add_layer (group, 5, 5, 40, 30, "#e01b24");
  set_transform (a, "rotate(20deg)");
  b = add_layer (group, 250, 180, 40, 30, "#33d17a");
  set_transform (b, "rotate(-35deg)");

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  gsk_layer_renderer_set_check_damage (gl, TRUE);

  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (7.5f, 6.25f));
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (247.25f, 181.5f));
  damage = gsk_layer_renderer_render (gl, root, target);
  g_assert_cmpint (cairo_region_num_rectangles (damage), >=, 2);
  g_assert_null (gsk_layer_renderer_get_damage_error (gl));
  cairo_region_destroy (damage);
  cairo_surface_destroy (target);

  gsk_layer_renderer_set_check_damage (gl, FALSE);
  compare_backends ("damage-passes", gl, root, 320, 240);
}

static void
test_blend_modes (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GEnumClass) modes = g_type_class_ref (GSK_TYPE_LAYER_BLEND_MODE);
  const GskLayerGLStats *stats;
  guint i;

  if (gl == NULL)
    return;

  /* Every mode, over a backdrop with translucent and opaque parts */
  root = new_root (4 * 70, 4 * 70);
  for (i = 0; i < modes->n_values && i < 16; i++)
    {
      float x = (i % 4) * 70, y = (i / 4) * 70;
      GskLayer *group;

      add_layer (root, x + 5, y + 5, 40, 60, "#3584e4");
      add_layer (root, x + 25, y + 5, 40, 30, "rgba(46, 194, 126, 0.5)");
      group = add_layer (root, x + 15, y + 15, 45, 45, NULL);
      gsk_layer_set_blend_mode (group, modes->values[i].value);
      /* Not the non-separable modes: pixman composites those wrongly
       * through an opacity mask (see test_non_separable_opacity) */
      if (modes->values[i].value < GSK_LAYER_BLEND_HUE)
        gsk_layer_set_opacity (group, i % 3 ? 1.f : 0.8f);
      add_layer (group, 0, 0, 45, 25, "#e5a50a");
      add_layer (group, 10, 15, 35, 30, "rgba(192, 28, 40, 0.6)");
    }

  compare_backends ("blend-modes", gl, root, 4 * 70, 4 * 70);

  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("blend modes: %u draw calls, %u offscreens", stats->draw_calls, stats->offscreens);
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->offscreens, >=, 16);
}

static void
test_clips_and_groups (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *icon;
  GskLayerContent *content;
  GskLayer *parent, *child, *group;

  if (gl == NULL)
    return;

  root = new_root (240, 200);
  icon = make_icon (48);
  content = gsk_layer_image_content_new (icon);

  /* A rotated clip: an offscreen composited through the quad */
  parent = add_layer (root, 30, 30, 90, 70, "#deddda");
  set_transform (parent, "rotate(17deg)");
  gsk_layer_set_clip_to_bounds (parent, TRUE);
  child = add_layer (parent, 40, -20, 80, 80, NULL);
  gsk_layer_set_content (child, content);
  add_layer (parent, -10, 50, 60, 40, "#26a269");

  /* Group opacity of overlapping children, in perspective */
  group = add_layer (root, 130, 60, 90, 110, NULL);
  set_transform (group, "perspective(300px) rotateY(30deg)");
  gsk_layer_set_opacity (group, 0.6f);
  add_layer (group, 0, 0, 60, 60, "#c01c28");
  child = add_layer (group, 30, 40, 60, 70, NULL);
  gsk_layer_set_content (child, content);

  /* An axis-aligned clip: a scissor */
  parent = add_layer (root, 20, 140, 100, 40, "#613583");
  gsk_layer_set_clip_to_bounds (parent, TRUE);
  child = add_layer (parent, -20, -10, 70, 70, NULL);
  gsk_layer_set_content (child, content);
  set_transform (child, "scale(1.3)");

  compare_backends ("clips-and-groups", gl, root, 240, 200);

  g_object_unref (content);
  cairo_surface_destroy (icon);
}

/* A group with a non-separable blend mode and opacity: the blend result
 * mixed with the backdrop by the opacity, as CSS says. The software
 * backend gets this wrong (pixman's non-separable combiners with a
 * solid mask), so GL is checked against the value worked out by hand:
 * luminosity of #e5a50a over #3584e4 is (114, 178, 255); at 0.8, mixed
 * with the backdrop, (101.8, 168.8, 249.6). */
static void
test_non_separable_opacity (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *out;
  GskLayer *layer;
  guint32 p;

  if (gl == NULL)
    return;

  root = new_root (20, 20);
  add_layer (root, 0, 0, 20, 20, "#3584e4");
  layer = add_layer (root, 0, 0, 20, 20, "#e5a50a");
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_LUMINOSITY);
  gsk_layer_set_opacity (layer, 0.8f);

  out = gsk_layer_renderer_render_to_surface (gl, root, 20, 20);
  cairo_surface_flush (out);
  p = ((guint32 *) cairo_image_surface_get_data (out))[10 * cairo_image_surface_get_stride (out) / 4 + 10];
  g_assert_cmpint (abs ((int) ((p >> 16) & 0xff) - 102), <=, 1);
  g_assert_cmpint (abs ((int) ((p >> 8) & 0xff) - 169), <=, 1);
  g_assert_cmpint (abs ((int) (p & 0xff) - 250), <=, 1);
  g_assert_cmpint (p >> 24, ==, 255);

  cairo_surface_destroy (out);
}

/* Renders @root in full, culling on or off for that frame (the backend
 * reads GSK_LAYER_DEBUG every frame) */
static cairo_surface_t *
render_culled (GskLayerRenderer *gl,
               GskLayer         *root,
               gboolean          cull)
{
  char *saved = g_strdup (g_getenv ("GSK_LAYER_DEBUG"));
  cairo_surface_t *image;

  if (!cull)
    g_setenv ("GSK_LAYER_DEBUG", saved ? "no-cull,check-damage" : "no-cull", TRUE);
  image = gsk_layer_renderer_render_to_surface (gl, root, 320, 240);
  if (saved)
    g_setenv ("GSK_LAYER_DEBUG", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_DEBUG");
  g_free (saved);

  return image;
}

/* A frame of @root, culling on, and the passes that cleared to the
 * background; the same frame with culling off must be the same */
static guint
background_clears (GskLayerRenderer *gl,
                   GskLayer         *root)
{
  cairo_surface_t *culled, *whole;
  guint clears, largest;

  culled = render_culled (gl, root, TRUE);
  clears = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->background_clears;
  whole = render_culled (gl, root, FALSE);
  g_assert_cmpuint (count_pixels_over (culled, whole, 0, &largest), ==, 0);
  cairo_surface_destroy (culled);
  cairo_surface_destroy (whole);

  return clears;
}

/* An opaque colour at the bottom that fills the target is not drawn:
 * the frame is cleared to it, to the same bit. Not when it is
 * translucent, falls short of an edge by half a pixel, or is turned */
static void
test_background_clear (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerTransform *t;

  if (gl == NULL)
    return;

  root = new_root (320, 240);
  add_layer (root, 40, 30, 120, 80, "#3584e4");
  gsk_layer_set_opacity (add_layer (root, 100, 60, 150, 100, "#e01b24"), 0.5f);
  if (!culling_is_off ())
    g_assert_cmpuint (background_clears (gl, root), ==, 1);

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.95f, 0.95f, 0.9f, 0.8f });
  g_assert_cmpuint (background_clears (gl, root), ==, 0);

  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.95f, 0.95f, 0.9f, 1 });
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (319.5f, 240));
  g_assert_cmpuint (background_clears (gl, root), ==, 0);

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 300));
  t = gsk_layer_transform_rotate (NULL, 1);
  gsk_layer_set_transform (root, t);
  gsk_layer_transform_unref (t);
  g_assert_cmpuint (background_clears (gl, root), ==, 0);

  /* Moved beyond the target on every side, it fills it */
  gsk_layer_set_transform (root, NULL);
  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (-20, -10));
  if (!culling_is_off ())
    g_assert_cmpuint (background_clears (gl, root), ==, 1);
}

/* What opaque layers hide is not drawn, wholly hidden layers by the
 * CPU, the hidden parts of others by the depth test, and the frame is
 * the same to the bit: overlapping opaque images rotated and scaled,
 * among translucent ones, a group and a clip; then moving, with damage */
static void
test_occlusion (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerContent *opaque, *translucent;
  cairo_surface_t *picture, *culled, *whole;
  GskLayer *group, *clip, *layers[60];
  GRand *rand = g_rand_new_with_seed (5);
  guint hidden;
  int i;

  if (gl == NULL)
    return;

  picture = make_picture (80, 50);
  opaque = gsk_layer_image_content_new (picture);
  cairo_surface_destroy (picture);
  picture = make_picture (60, 40);
  cairo_surface_mark_dirty (picture);
  translucent = gsk_layer_image_content_new (picture);
  cairo_surface_destroy (picture);

  root = new_root (320, 240);
  for (i = 0; i < 60; i++)
    {
      GskLayerTransform *t = gsk_layer_transform_rotate (NULL, i % 4 ? g_rand_double_range (rand, -40, 40) : 0);

      layers[i] = add_layer (root, g_rand_double_range (rand, 0, 240), g_rand_double_range (rand, 0, 180),
                             80, 50, NULL);
      gsk_layer_set_content (layers[i], i % 5 == 4 ? translucent : opaque);
      t = gsk_layer_transform_scale (t, g_rand_double_range (rand, 0.8, 1.8), g_rand_double_range (rand, 0.8, 1.8));
      gsk_layer_set_transform (layers[i], t);
      gsk_layer_transform_unref (t);
      if (i % 9 == 8)
        gsk_layer_set_opacity (layers[i], 0.8f);
    }
  group = add_layer (root, 100, 60, 90, 70, "#3584e4");
  gsk_layer_set_opacity (group, 0.6f);
  add_layer (group, 20, 20, 60, 40, "#e01b24");
  clip = add_layer (root, 30, 140, 90, 60, "#33d17a");
  gsk_layer_set_clip_to_bounds (clip, TRUE);
  gsk_layer_set_content (add_layer (clip, -20, 10, 80, 50, NULL), opaque);
  for (i = 0; i < 6; i++)
    gsk_layer_set_content (add_layer (root, 40 + i * 40, 90 + (i % 2) * 30, 80, 50, NULL), opaque);

  hidden = gsk_layer_culling_get_n_hidden ();
  culled = render_culled (gl, root, TRUE);
  g_test_message ("%u layers hidden wholly; depth buffer held: %s", gsk_layer_culling_get_n_hidden () - hidden,
                  gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)) >= 2 * 320 * 240 * 4 ? "yes" : "no");
  whole = render_culled (gl, root, FALSE);
  if (!culling_is_off ())
    {
      g_assert_cmpuint (gsk_layer_culling_get_n_hidden () - hidden, >, 2);
      /* The target and its depth buffer, and the content */
      g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), >=, 2 * 320 * 240 * 4);
    }
  {
    guint largest;

    g_assert_cmpuint (count_pixels_over (culled, whole, 0, &largest), ==, 0);
  }
  save_output ("gl-occlusion", culled);
  cairo_surface_destroy (culled);
  cairo_surface_destroy (whole);

  /* Moving frames with damage, checked against full ones */
  {
    cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
    int frame;

    gsk_layer_renderer_set_check_damage (gl, TRUE);
    cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
    for (frame = 0; frame < 8; frame++)
      {
        gsk_layer_set_position (layers[frame * 5], &GRAPHENE_POINT_INIT (frame * 30, frame * 20));
        cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
        g_assert_null (gsk_layer_renderer_get_damage_error (gl));
      }
    cairo_surface_destroy (target);
  }

  g_object_unref (opaque);
  g_object_unref (translucent);
  g_rand_free (rand);
}

/* The same shaders on OpenGL ES 3 */
static void
test_gles (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL"));
  g_autoptr (GskLayerRenderer) gl = NULL;
  g_autoptr (GskLayer) root = NULL;

  g_setenv ("GSK_LAYER_GL", "gles", TRUE);
  gl = new_gl_renderer_or_skip ();
  if (saved)
    g_setenv ("GSK_LAYER_GL", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_GL");

  if (gl == NULL)
    return;

  g_test_message ("%s", gsk_layer_gl_renderer_get_description (GSK_LAYER_GL_RENDERER (gl)));

  root = fishbowl_new (40, 200, 160, 11);
  gsk_layer_set_opacity (gsk_layer_get_first_child (root), 0.5f);
  gsk_layer_set_blend_mode (gsk_layer_get_last_child (root), GSK_LAYER_BLEND_MULTIPLY);
  compare_backends ("gles-fishbowl", gl, root, 200, 160);
}

/* The GL backend antialiases an edge with a linear ramp over the pixel
 * across it, which is within 0.043 (11 of 255) of the box filter's
 * coverage at any angle; the software backend's masks come from cairo's
 * scan converter (ANTIALIAS_BEST: 15 rows a pixel), close to a box
 * filter. Along the edges of a rotated square, away from its corners
 * (where both backends approximate the two edges' overlap differently),
 * the two may differ by that and cairo's rounding: up to 16 levels. */
static void
test_edge_coverage (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) software = gsk_layer_software_renderer_new ();
  static const float angles[] = { 3, 10, 22.5, 30, 45, 60, 80, 137 };
  guint i;

  if (gl == NULL)
    return;

  for (i = 0; i < G_N_ELEMENTS (angles); i++)
    {
      g_autofree char *rotate = g_strdup_printf ("rotate(%gdeg)", angles[i]);
      double a = angles[i] * G_PI / 180, c = cos (a), s = sin (a);
      GskLayer *root = new_root (120, 120);
      GskLayer *square = add_layer (root, 28.3, 27.6, 64, 64, "#1c71d8");
      cairo_surface_t *gl_out, *sw_out;
      const guint8 *pa, *pb;
      int sa, sb, x, y, max_edge = 0, n_edge = 0;

      set_transform (square, rotate);
      gl_out = gsk_layer_renderer_render_to_surface (gl, root, 120, 120);
      sw_out = gsk_layer_renderer_render_to_surface (software, root, 120, 120);
      pa = cairo_image_surface_get_data (gl_out);
      pb = cairo_image_surface_get_data (sw_out);
      sa = cairo_image_surface_get_stride (gl_out);
      sb = cairo_image_surface_get_stride (sw_out);

      for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
          {
            /* The pixel centre in the square's own frame, about its centre */
            double dx = x + 0.5 - (28.3 + 32), dy = y + 0.5 - (27.6 + 32);
            double u = c * dx + s * dy, v = -s * dx + c * dy;
            int ga[4], sw[4], k, m = 0;

            if (fabs (fabs (u) - 32) > 1.5 && fabs (fabs (v) - 32) > 1.5)
              continue;   /* not on an edge */
            if (fabs (fabs (u) - 32) < 2.5 && fabs (fabs (v) - 32) < 2.5)
              continue;   /* at a corner */

            get_rgba (pa, sa, x, y, ga);
            get_rgba (pb, sb, x, y, sw);
            for (k = 0; k < 4; k++)
              m = MAX (m, abs (ga[k] - sw[k]));
            max_edge = MAX (max_edge, m);
            n_edge++;
          }

      g_test_message ("%s: %d edge pixels, largest difference %d", rotate, n_edge, max_edge);
      g_assert_cmpint (n_edge, >, 200);
      if (max_edge > 16)
        {
          g_autofree char *gl_name = g_strdup_printf ("edge-coverage-%g.gl", angles[i]);
          g_autofree char *sw_name = g_strdup_printf ("edge-coverage-%g.software", angles[i]);

          save_output (gl_name, gl_out);
          save_output (sw_name, sw_out);
          g_test_fail_printf ("%s: edge pixels differ by up to %d, more than 16", rotate, max_edge);
        }
      assert_similar (rotate, gl_out, sw_out);

      cairo_surface_destroy (gl_out);
      cairo_surface_destroy (sw_out);
      g_object_unref (root);
    }
}

/* Nested rounded clips: up to GSK_LAYER_GL_MAX_CLIPS (4) in the shader
 * without an offscreen, deeper ones through offscreens; both as the
 * software backend draws them */
static GskLayer *
nested_rounded_new (int depth)
{
  GskLayer *root = new_root (200, 200);
  GskLayer *parent = root;
  GskLayer *layer;
  int i;

  for (i = 0; i < depth; i++)
    {
      static const char *colors[] = { "#deddda", "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#dc8add", "#cdab8f" };

      layer = add_layer (parent, i == 0 ? 10 : 8, i == 0 ? 10 : 6, 180 - 16 * i, 180 - 14 * i, colors[i % 7]);
      gsk_layer_set_corner_radius (layer, 40.f - 4 * i);
      gsk_layer_set_clip_to_bounds (layer, TRUE);
      if (i == 1)
        set_transform (layer, "rotate(9deg)");
      parent = layer;
    }

  /* Crossing every corner of every clip */
  add_layer (parent, -60, -60, 400, 30, "#c01c28");
  add_layer (parent, -60, 60, 400, 300, "#1a5fb4");

  return root;
}

static void
test_rounded_nesting (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  const GskLayerGLStats *stats;
  GskLayer *root;

  if (gl == NULL)
    return;

  root = nested_rounded_new (4);
  compare_backends ("rounded-nested-4", gl, root, 200, 200);
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("4 nested rounded clips: %u offscreens, %u draw calls", stats->offscreens, stats->draw_calls);
  g_assert_cmpuint (stats->offscreens, ==, 0);
  g_object_unref (root);

  root = nested_rounded_new (7);
  compare_backends ("rounded-nested-7", gl, root, 200, 200);
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("7 nested rounded clips: %u offscreens, %u draw calls", stats->offscreens, stats->draw_calls);
  g_assert_cmpuint (stats->offscreens, ==, 3);
  g_object_unref (root);
}

/* Styles are drawn in shaders on a GPU, as cached rasters on a
 * rasterizer that runs on the CPU (WARP: Windows' under WSL without a
 * GPU): the choice from GL's own description */
static void
test_style_drawing_choice (void)
{
  static const struct {
    const char *description;
    gboolean software;
  } cases[] = {
    { "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)", TRUE },
    { "OpenGL ES 3.2 Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 128 bits)", TRUE },
    { "OpenGL 3.3 (Core Profile) Mesa 21.0.3, softpipe", TRUE },
    { "OpenGL 2.1 Mesa 20.3.5, Software Rasterizer", TRUE },
    { "OpenGL ES 3.0 SwiftShader 4.1.0.7, Google SwiftShader", TRUE },
    { "OpenGL 4.6 (Core Profile) Mesa 23.1.4, D3D12 (Microsoft Basic Render Driver)", TRUE },
    { "OpenGL 4.6 (Core Profile) Mesa 23.2.1, AMD Radeon RX 6600 (navi23, LLVM 15.0.7, DRM 3.54)", FALSE },
    { "OpenGL 4.6 (Core Profile) Mesa 22.3.6, Mesa Intel(R) UHD Graphics 620 (KBL GT2)", FALSE },
    { "OpenGL 4.6.0 NVIDIA 535.104.05, NVIDIA GeForce RTX 3060/PCIe/SSE2", FALSE },
  };
  GskLayerRenderer *gl;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (gsk_layer_gl_renderer_is_software_rasterizer (cases[i].description), ==, cases[i].software);

  gl = new_gl_renderer_or_skip ();
  if (gl == NULL)
    return;
  g_test_message ("%s", gsk_layer_gl_renderer_get_description (GSK_LAYER_GL_RENDERER (gl)));
  g_assert_cmpint (gsk_layer_renderer_get_vector_style (gl), ==,
                   GSK_LAYER_DEBUG_CHECK (VECTOR_STYLE) ||
                   (!GSK_LAYER_DEBUG_CHECK (RASTER_STYLE) &&
                    !gsk_layer_gl_renderer_is_software_rasterizer (
                      gsk_layer_gl_renderer_get_description (GSK_LAYER_GL_RENDERER (gl)))));
  g_object_unref (gl);
}

/* A group with a blur or a drop shadow that only moved, by whole
 * pixels, is drawn from its filtered pixels of the frame before: no
 * offscreen, no blur pass. What it draws is what filtering it afresh
 * gives, within a level where the blur is drawn at full resolution and
 * a few where it is drawn at a reduced one (whose grid stays with the
 * target). Anything else that changes draws it afresh. */
static void
test_filter_cache (void)
{
  GskLayerRenderer *gl = new_gl_renderer_or_skip ();
  GskLayerRenderer *fresh;
  const GskLayerGLStats *stats;
  GskLayer *root, *a, *b, *c;
  cairo_surface_t *target, *expected;
  guint n_over, largest;
  int i;

  if (gl == NULL)
    return;
  fresh = gsk_layer_gl_renderer_new (NULL);

  root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (320, 240));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  a = blurred_card (root, 20, 20, "background-image: linear-gradient(30deg, #e01b24, #f6d32d); filter: blur(3px)");
  b = blurred_card (root, 180, 30, "background-color: #3584e4; border-radius: 12px; filter: drop-shadow(4px 5px 6px #000000)");
  c = blurred_card (root, 120, 100, "background-color: #33d17a; filter: blur(16px)");

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_assert_cmpuint (stats->cached_filters, ==, 0);
  g_assert_cmpuint (stats->offscreens, >=, 3);

  /* All three move by whole pixels */
  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (25, 23));
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (176, 32));
  gsk_layer_set_position (c, &GRAPHENE_POINT_INIT (126, 104));
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("moved: %u drawn from kept pixels, %u offscreens, %u reduced blurs",
                  stats->cached_filters, stats->offscreens, stats->reduced_blurs);
  g_assert_cmpuint (stats->cached_filters, ==, 3);
  g_assert_cmpuint (stats->offscreens, ==, 0);
  g_assert_cmpuint (stats->reduced_blurs, ==, 0);

  expected = gsk_layer_renderer_render_to_surface (fresh, root, 320, 240);
  n_over = count_pixels_over (target, expected, 1, &largest);
  g_test_message ("against filtering afresh: %u pixels over 1, the largest difference %u", n_over, largest);
  g_assert_cmpuint (largest, <=, 8);
  cairo_surface_destroy (expected);

  /* A child changes, a move by half a pixel: filtered afresh. The
   * third card, untouched, is drawn again where the damage reaches it,
   * from its kept pixels */
  gsk_layer_set_background_color (gsk_layer_get_first_child (a), &(GdkRGBA) { 0.8f, 0.1f, 0.5f, 1 });
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (176.5f, 32));
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_assert_cmpuint (stats->cached_filters, ==, 1);
  g_assert_cmpuint (stats->offscreens, >=, 2);
  expected = gsk_layer_renderer_render_to_surface (fresh, root, 320, 240);
  n_over = count_pixels_over (target, expected, 1, &largest);
  g_test_message ("changed: %u pixels over 1, the largest difference %u", n_over, largest);
  g_assert_cmpuint (largest, <=, 8);
  cairo_surface_destroy (expected);

  /* An image drawn into in place (its serial bumped): filtered afresh,
   * though its ops are the same */
  {
    cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 30);
    GskLayerContent *content = gsk_layer_image_content_new (image);
    GskLayer *d = blurred_card (root, 230, 170, "filter: blur(2px)");
    cairo_t *cr;

    gsk_layer_set_content (gsk_layer_get_first_child (d), content);
    cr = cairo_create (image);
    cairo_set_source_rgb (cr, 0.9, 0.2, 0.1);
    cairo_paint (cr);
    cairo_destroy (cr);
    gsk_layer_content_invalidate (content);
    cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
    cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));

    cr = cairo_create (image);
    cairo_set_source_rgb (cr, 0.1, 0.2, 0.9);
    cairo_paint (cr);
    cairo_destroy (cr);
    gsk_layer_content_invalidate (content);
    cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
    stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
    g_assert_cmpuint (stats->offscreens, >=, 1);
    expected = gsk_layer_renderer_render_to_surface (fresh, root, 320, 240);
    n_over = count_pixels_over (target, expected, 1, &largest);
    g_test_message ("image changed: %u pixels over 1, the largest difference %u", n_over, largest);
    g_assert_cmpuint (largest, <=, 8);
    cairo_surface_destroy (expected);
    gsk_layer_remove_child (root, d);
    g_object_unref (content);
    cairo_surface_destroy (image);
  }

  /* Moving on, frame by frame, with every damaged frame checked
   * against a full one */
  gsk_layer_renderer_set_check_damage (gl, TRUE);
  for (i = 1; i <= 6; i++)
    {
      cairo_region_t *damage;

      gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (25 + 2 * i, 23 + i));
      gsk_layer_set_position (c, &GRAPHENE_POINT_INIT (126 + i, 104 - i));
      damage = gsk_layer_renderer_render (gl, root, target);
      g_assert_null (gsk_layer_renderer_get_damage_error (gl));
      cairo_region_destroy (damage);
    }

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (fresh);
  g_object_unref (gl);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gl/new/disabled", test_disabled);
  g_test_add_func ("/gl/new/for-backend", test_new_for_backend);
  g_test_add_func ("/gl/new/default", test_new_default);
  g_test_add_func ("/gl/compare/fishbowl", test_fishbowl);
  g_test_add_func ("/gl/damage/passes", test_damage_passes);
  g_test_add_func ("/gl/filter-cache", test_filter_cache);
  g_test_add_func ("/gl/style-drawing-choice", test_style_drawing_choice);
  g_test_add_func ("/gl/background-clear", test_background_clear);
  g_test_add_func ("/gl/compare/blend-modes", test_blend_modes);
  g_test_add_func ("/gl/compare/clips-and-groups", test_clips_and_groups);
  g_test_add_func ("/gl/compare/rounded-nesting", test_rounded_nesting);
  g_test_add_func ("/gl/compare/edge-coverage", test_edge_coverage);
  g_test_add_func ("/gl/blend/non-separable-opacity", test_non_separable_opacity);
  g_test_add_func ("/gl/gles/fishbowl", test_gles);
  g_test_add_func ("/gl/occlusion", test_occlusion);

  return g_test_run ();
}
