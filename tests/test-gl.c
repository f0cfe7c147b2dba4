/* test-gl.c: the OpenGL renderer, compared with the software one
 *
 * Each scene is drawn by both renderers and the images compared
 * directly, within the reftests' tolerance (tests/test-reftests.c):
 * every pixel within MAX_DIFF per channel, unpremultiplied, except at
 * most EDGE_FRACTION of them, within MAX_EDGE_DIFF. Where no GL context
 * can be made, every test that needs one is skipped and says why.
 *
 * Set GSK_LAYER_TEST_OUTPUT to a directory to keep the images.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdlib.h>

#include <string.h>

#include <gsklayer.h>
#include <epoxy/gl.h>
#include <epoxy/egl.h>

#include "gsk-layer-gl-renderer-private.h"
#include "gsk-layer-renderer-private.h"
#include "gsk-layer-debug-private.h"
#include "gsk-layer-render-cull-private.h"
#include "png-test-utils.h"
#include "filter-test-utils.h"

#define MAX_DIFF 6
#define EDGE_FRACTION 0.015
#define MAX_EDGE_DIFF 96

static GskLayerRenderer *
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

static cairo_surface_t *
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

static GskLayer *
new_root (int width,
          int height)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (width, height));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.95, 0.95, 0.9, 1 });

  return root;
}

static GskLayer *
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

static void
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
static GskLayer *
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

static void
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

static void
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

static void
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

static void
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
static void
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

static gboolean culling_is_off (void);

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

/* A texture larger than GL holds is drawn in tiles, not in software */
static void
test_too_large (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *huge;
  GskLayerContent *content;
  GskLayer *layer;
  GLint max_size = 0;
  cairo_t *cr;

  if (gl == NULL)
    return;

  /* The renderer's context is current after creation */
  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &max_size);
  g_assert_cmpint (max_size, >, 0);

  huge = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, max_size + 1, 2);
  g_assert_cmpint (cairo_surface_status (huge), ==, CAIRO_STATUS_SUCCESS);
  cr = cairo_create (huge);
  cairo_set_source_rgb (cr, 0.2, 0.5, 0.9);
  cairo_paint (cr);
  cairo_destroy (cr);

  root = new_root (64, 64);
  layer = add_layer (root, 0, 10, 64, 20, NULL);
  content = gsk_layer_image_content_new (huge);
  gsk_layer_set_content (layer, content);

  compare_backends ("too-large", gl, root, 64, 64);

  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->texture_uploads, ==, 1);
  /* Two tiles, two draws: the background joins the first one's batch */
  g_assert_cmpuint (stats->draw_calls, ==, 2);

  g_object_unref (content);
  cairo_surface_destroy (huge);
}

static cairo_surface_t *
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

/* With GL_MAX_TEXTURE_SIZE forced down to 256, a 600×400 image is drawn
 * as 3×2 tiles: 1:1, scaled and rotated (antialiased outer edges, seams
 * between pixels), in perspective, translucent; as software draws it */
static gboolean
culling_is_off (void)
{
  const char *env = g_getenv ("GSK_LAYER_DEBUG");

  return env != NULL && strstr (env, "no-cull") != NULL;
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

static void
test_tiles (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE"));
  g_autoptr (GskLayerRenderer) gl = NULL;
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *picture;
  GskLayerContent *content;
  GskLayer *layer;
  gsize held;

  g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", "256", TRUE);
  gl = new_gl_renderer_or_skip ();
  if (saved)
    g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", saved, TRUE);
  else
    g_unsetenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE");
  if (gl == NULL)
    return;

  picture = make_picture (600, 400);
  content = gsk_layer_image_content_new (picture);

  /* 1:1 */
  root = new_root (640, 440);
  layer = add_layer (root, 20, 20, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  compare_backends ("tiles-1to1", gl, root, 640, 440);
  stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("600×400 in tiles of 256: %u draw calls, %u uploads, %u quads",
                  stats->draw_calls, stats->texture_uploads, stats->quads);
  g_assert_false (stats->software);
  g_assert_cmpuint (stats->texture_uploads, ==, 1);
  /* The tiles, and the background unless it is the clear colour */
  g_assert_cmpuint (stats->quads, ==, (culling_is_off () ? 1 : 0) + 6);
  /* Each tile with a pixel of border towards its neighbours: columns of
   * 255, 256, 93 pixels wide and rows of 255, 147 */
  held = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  /* and, unless culling is off, the target's depth buffer: the picture
   * hides most of the background */
  g_assert_cmpuint (held, ==, 640 * 440 * 4 + (255 + 256 + 93) * (255 + 147) * 4 +
                              (culling_is_off () ? 0 : 640 * 440 * 4));
  g_clear_object (&root);

  /* Scaled up, rotated, translucent */
  root = new_root (500, 400);
  layer = add_layer (root, 30, 60, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "rotate(13deg) scale(0.71, 0.83)");
  gsk_layer_set_opacity (layer, 0.8f);
  layer = add_layer (root, 300, 150, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "scale(1.37)");
  compare_backends ("tiles-rotated", gl, root, 500, 400);
  g_clear_object (&root);

  /* In perspective */
  root = new_root (500, 400);
  layer = add_layer (root, 0, 0, 600, 400, NULL);
  gsk_layer_set_content (layer, content);
  set_transform (layer, "perspective(800px) rotateY(25deg) scale(0.7)");
  compare_backends ("tiles-perspective", gl, root, 500, 400);
  g_assert_false (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->software);

  g_object_unref (content);
  cairo_surface_destroy (picture);
}

/* Content textures live as long as their surfaces, or less */
static void
test_texture_eviction (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  const GskLayerGLStats *stats;
  cairo_surface_t *target;
  GskLayer *layer;
  guint i;

  if (gl == NULL)
    return;

  root = new_root (100, 100);
  layer = add_layer (root, 10, 10, 64, 64, NULL);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);

  for (i = 0; i < 5; i++)
    {
      cairo_surface_t *icon = make_icon (32 + i);
      GskLayerContent *content = gsk_layer_image_content_new (icon);

      gsk_layer_set_content (layer, content);
      g_object_unref (content);
      cairo_surface_destroy (icon);

      cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
      /* The texture of the last content only: the others' surfaces are
       * gone */
      stats = gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));
      g_assert_cmpuint (stats->cached_textures, ==, 1);
      g_assert_cmpuint (stats->texture_uploads, ==, 1);
    }

  cairo_surface_destroy (target);
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

/* A layer that draws itself, counting its draws */
#define TEST_TYPE_DRAWN (test_drawn_get_type ())
G_DECLARE_FINAL_TYPE (TestDrawn, test_drawn, TEST, DRAWN, GskLayer)

struct _TestDrawn
{
  GskLayer parent_instance;
  guint n_draws;
};

G_DEFINE_FINAL_TYPE (TestDrawn, test_drawn, GSK_TYPE_LAYER)

static void
test_drawn_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestDrawn *self = (TestDrawn *) layer;

  self->n_draws++;
  cairo_set_source_rgb (cr, 0.2, 0.1 * self->n_draws, 0.7);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_arc (cr, 16, 16, 10, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
test_drawn_class_init (TestDrawnClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = test_drawn_draw;
}

static void
test_drawn_init (TestDrawn *self)
{
}

static guint
frame_uploads (GskLayerRenderer *gl,
               GskLayer         *root,
               cairo_surface_t  *target)
{
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_null (gsk_layer_renderer_get_damage_error (gl));

  return gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->texture_uploads;
}

/* Content is uploaded once per invalidation: never again on frames that
 * do not change it, once when it changes */
static void
test_texture_uploads (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *target, *image;
  GskLayerContent *content;
  TestDrawn *drawn;
  GskLayer *layer;
  guint uploads;
  cairo_t *cr;
  int i;

  if (gl == NULL)
    return;

  gsk_layer_renderer_set_check_damage (gl, TRUE);
  root = new_root (200, 100);
  for (i = 0; i < 3; i++)
    {
      cairo_surface_t *icon = make_icon (24 + i);

      content = gsk_layer_image_content_new (icon);
      gsk_layer_set_content (add_layer (root, 10 + 40 * i, 10, 32, 32, NULL), content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
    }
  drawn = g_object_new (TEST_TYPE_DRAWN, NULL);
  gsk_layer_set_position (GSK_LAYER (drawn), &GRAPHENE_POINT_INIT (130, 50));
  gsk_layer_set_size (GSK_LAYER (drawn), &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_add_child (root, GSK_LAYER (drawn));

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 4);
  g_assert_cmpuint (drawn->n_draws, ==, 1);

  /* Nothing changed: nothing drawn, nothing uploaded */
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* Moving a layer redraws, but uploads nothing */
  move_fish (root, 1, 5.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* One layer's content invalidated: that one only */
  gsk_layer_invalidate_content (GSK_LAYER (drawn));
  uploads = frame_uploads (gl, root, target);
  g_assert_cmpuint (drawn->n_draws, ==, 2);
  g_assert_cmpuint (uploads, ==, 1);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);

  /* An image changed in place and its content invalidated: uploaded
   * again, not drawn from the stale texture */
  layer = gsk_layer_get_first_child (root);
  content = gsk_layer_get_content (layer);
  image = gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content));
  cr = cairo_create (image);
  cairo_set_source_rgb (cr, 0.1, 0.8, 0.3);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_mark_dirty (image);
  gsk_layer_content_invalidate (content);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);
  compare_backends ("uploads-image-changed", gl, root, 200, 100);

  cairo_surface_destroy (target);
}

static gsize
texture_bytes (int size)
{
  return (gsize) size * size * 4;
}

/* Layers taken out of the tree give their textures back, though they
 * and their content live on */
static void
test_texture_memory (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayer *removed[3];
  cairo_surface_t *target;
  gsize full, after;
  int i;

  if (gl == NULL)
    return;

  /* Textures of their own, whose sizes add up (atlas pages: see
   * test_atlas) */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), FALSE);

  root = new_root (320, 80);
  for (i = 0; i < 6; i++)
    {
      cairo_surface_t *icon = make_icon (64);
      GskLayerContent *content = gsk_layer_image_content_new (icon);
      GskLayer *layer = add_layer (root, 5 + 52 * i, 10, 48, 48, NULL);

      gsk_layer_set_content (layer, content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
      if (i % 2)
        removed[i / 2] = layer;
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 80);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  full = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("6 icons of 64×64 in 320×80: %" G_GSIZE_FORMAT " bytes", full);
  g_assert_cmpuint (full, >=, 6 * texture_bytes (64) + 320 * 80 * 4);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->cached_textures, ==, 6);

  for (i = 0; i < 3; i++)
    {
      g_object_ref (removed[i]);
      gsk_layer_remove_child (root, removed[i]);
    }
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  after = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_test_message ("3 removed: %" G_GSIZE_FORMAT " bytes", after);
  g_assert_cmpuint (after, ==, full - 3 * texture_bytes (64));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->cached_textures, ==, 3);

  /* Back in the tree: uploaded again */
  for (i = 0; i < 3; i++)
    {
      gsk_layer_add_child (root, removed[i]);
      g_object_unref (removed[i]);
    }
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 3);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==, full);

  /* Hidden: given back too */
  gsk_layer_set_visible (gsk_layer_get_first_child (root), FALSE);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==,
                    full - texture_bytes (64));

  cairo_surface_destroy (target);
}

/* A budget smaller than the scene: what frames do not draw goes, least
 * recently drawn first, and every frame is still right */
static void
test_texture_budget (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerGLRenderer *glr;
  cairo_surface_t *target;
  gsize target_bytes = 320 * 80 * 4, budget, held;
  guint notified = 0;
  int i;

  if (gl == NULL)
    return;

  /* Textures of their own, whose sizes add up (atlas pages: see
   * test_atlas) */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), FALSE);

  glr = GSK_LAYER_GL_RENDERER (gl);
  gsk_layer_renderer_set_check_damage (gl, TRUE);
  root = new_root (320, 80);
  for (i = 0; i < 8; i++)
    {
      cairo_surface_t *icon = make_icon (24 + i);
      GskLayerContent *content = gsk_layer_image_content_new (icon);

      gsk_layer_set_content (add_layer (root, 5 + 40 * i, 20, 32, 32, NULL), content);
      g_object_unref (content);
      cairo_surface_destroy (icon);
    }

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 80);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 8);
  held = gsk_layer_gl_renderer_get_texture_memory (glr);
  g_assert_cmpuint (held, ==, target_bytes + texture_bytes (24) + texture_bytes (25) +
                    texture_bytes (26) + texture_bytes (27) + texture_bytes (28) +
                    texture_bytes (29) + texture_bytes (30) + texture_bytes (31));

  /* Room for the frame and two icons: what exceeds it goes at once */
  budget = target_bytes + 2 * texture_bytes (32);
  g_signal_connect_swapped (gl, "notify::texture-budget", G_CALLBACK (g_atomic_int_inc), &notified);
  gsk_layer_gl_renderer_set_texture_budget (glr, budget);
  gsk_layer_gl_renderer_set_texture_budget (glr, budget);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_budget (glr), ==, budget);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), <=, budget);
  /* Least recently drawn first: the first icons drawn went */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + texture_bytes (30) + texture_bytes (31));

  /* A frame that draws an evicted icon uploads it again, and is right
   * (the damage check compares it with a full redraw) */
  move_fish (root, 0, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);
  /* ... and keeps it, giving back the least recently drawn (icon 6) */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + texture_bytes (24) + texture_bytes (31));
  move_fish (root, 7, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 0);
  move_fish (root, 6, 2.f);
  g_assert_cmpuint (frame_uploads (gl, root, target), ==, 1);

  /* A frame that draws everything keeps everything it drew, over the
   * budget, and matches software */
  compare_backends ("texture-budget", gl, root, 320, 80);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), >, budget);

  /* No limit */
  g_object_set (gl, "texture-budget", (guint64) G_MAXSIZE, NULL);
  g_assert_cmpuint (notified, ==, 2);

  cairo_surface_destroy (target);
}

/* Offscreens no longer used are given back after a while, and at once
 * past the budget */
static void
test_texture_offscreens (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  GskLayerGLRenderer *glr;
  cairo_surface_t *target;
  GskLayer *group;
  gsize target_bytes = 100 * 100 * 4;
  int i;

  if (gl == NULL)
    return;

  glr = GSK_LAYER_GL_RENDERER (gl);
  root = new_root (100, 100);
  group = add_layer (root, 10, 10, 60, 60, "#3584e4");
  gsk_layer_set_opacity (group, 0.5f);
  add_layer (group, 20, 20, 60, 60, "#e01b24");

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (glr)->offscreens, ==, 1);
  /* The group's offscreen is kept for the next frames */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==, 2 * target_bytes);

  /* Frames that need no offscreen give it back after a while */
  gsk_layer_set_opacity (group, 1.f);
  for (i = 0; i < 70; i++)
    {
      gsk_layer_set_opacity (gsk_layer_get_first_child (group), i % 2 ? 0.9f : 1.f);
      cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
    }
  /* (and the target's depth buffer, for the opaque child over the
   * group's own colour, unless culling is off) */
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    target_bytes + (culling_is_off () ? 0 : target_bytes));

  /* With no budget to spare, at once (the depth buffer too) */
  gsk_layer_set_opacity (group, 0.5f);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==,
                    2 * target_bytes + (culling_is_off () ? 0 : target_bytes));
  gsk_layer_gl_renderer_set_texture_budget (glr, target_bytes);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (glr), ==, target_bytes);
  compare_backends ("texture-offscreens", gl, root, 100, 100);

  cairo_surface_destroy (target);
}

/* A content of @size, in colors of its own: neighbours on an atlas page
 * that bled into each other would show */
static cairo_surface_t *
make_swatch (int size,
             int index)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, (index % 3) / 2., (index % 5) / 4., (index % 7) / 6.);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 1 - (index % 3) / 2., 1 - (index % 5) / 4., 1 - (index % 7) / 6.);
  cairo_rectangle (cr, 0, 0, size, 2);
  cairo_rectangle (cr, 0, size - 2, size, 2);
  cairo_fill (cr);
  cairo_destroy (cr);

  return surface;
}

/* @n layers with a content each, of sizes from 24 up, some rotated or
 * scaled down (their fringe samples past the content's edge) */
static GskLayer *
swatches_new (guint n)
{
  GskLayer *root = new_root (320, 240);
  guint i;

  for (i = 0; i < n; i++)
    {
      cairo_surface_t *surface = i % 2 ? make_icon (24 + i) : make_swatch (24 + i, i);
      GskLayerContent *content = gsk_layer_image_content_new (surface);
      GskLayer *layer = add_layer (root, 10 + (i % 8) * 38, 10 + (i / 8) * 38, 32, 32, NULL);

      gsk_layer_set_content (layer, content);
      if (i % 3 == 1)
        set_transform (layer, "rotate(27deg)");
      else if (i % 3 == 2)
        set_transform (layer, "scale(0.37) rotate(-11deg)");
      if (i % 4 == 3)
        gsk_layer_set_opacity (layer, 0.6f);
      g_object_unref (content);
      cairo_surface_destroy (surface);
    }

  return root;
}

static cairo_surface_t *
solid_surface (int           size,
               const GdkRGBA *color)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);

  gdk_cairo_set_source_rgba (cr, color);
  cairo_paint (cr);
  cairo_destroy (cr);

  return surface;
}

/* The most blue (premultiplied) in the box (x, y, w, h) of @surface */
static int
max_blue (cairo_surface_t *surface,
          int              x0,
          int              y0,
          int              w,
          int              h)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int x, y, most = 0;

  cairo_surface_flush (surface);
  for (y = y0; y < y0 + h; y++)
    for (x = x0; x < x0 + w; x++)
      most = MAX (most, (int) (*(const guint32 *) (data + y * stride + x * 4) & 0xff));

  return most;
}

/* A red content next to a blue one on an atlas page: the red one's
 * antialiased fringe samples past its edge, rotated at scale 1 (half a
 * texel: the repeated edge around it) and scaled down (two texels:
 * clamped to its texels), and never reads blue */
static void
test_atlas_fringe (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *red, *blue, *output;
  GskLayerContent *content;
  GskLayer *a, *b;
  int rgba[4];

  if (gl == NULL)
    return;

  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), TRUE);
  root = new_root (160, 80);
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0, 0, 0, 1 });
  red = solid_surface (20, &(GdkRGBA) { 1, 0, 0, 1 });
  blue = solid_surface (20, &(GdkRGBA) { 0, 0, 1, 1 });

  a = add_layer (root, 20, 20, 20, 20, NULL);
  content = gsk_layer_image_content_new (red);
  gsk_layer_set_content (a, content);
  g_object_unref (content);
  b = add_layer (root, 100, 20, 20, 20, NULL);
  content = gsk_layer_image_content_new (blue);
  gsk_layer_set_content (b, content);
  g_object_unref (content);

  set_transform (a, "rotate(30deg)");
  output = gsk_layer_renderer_render_to_surface (gl, root, 160, 80);
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->atlas_pages, ==, 1);
  g_assert_cmpint (max_blue (output, 100, 20, 20, 20), ==, 255);
  g_assert_cmpint (max_blue (output, 0, 0, 70, 80), ==, 0);
  cairo_surface_destroy (output);

  set_transform (a, "rotate(30deg) scale(0.25)");
  output = gsk_layer_renderer_render_to_surface (gl, root, 160, 80);
  g_assert_cmpint (max_blue (output, 0, 0, 70, 80), ==, 0);
  /* Something red was drawn there */
  cairo_surface_flush (output);
  get_rgba (cairo_image_surface_get_data (output), cairo_image_surface_get_stride (output), 30, 30, rgba);
  g_assert_cmpint (rgba[0], ==, 255);
  save_output ("atlas-fringe", output);
  cairo_surface_destroy (output);

  cairo_surface_destroy (red);
  cairo_surface_destroy (blue);
}

/* Small contents share an atlas page: one texture, two draw calls for
 * all of them, the same pixels as software; the page goes with them */
static void
test_atlas (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) plain = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) plain_root = NULL;
  GskLayerGLStats atlas_stats, plain_stats;
  cairo_surface_t *target;
  GskLayer *child;
  gsize held;

  if (gl == NULL)
    return;

  /* Whatever GSK_LAYER_DEBUG says */
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (gl), TRUE);
  root = swatches_new (48);
  compare_backends ("atlas", gl, root, 320, 240);
  atlas_stats = *gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl));

  plain = new_gl_renderer_or_skip ();
  gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (plain), FALSE);
  plain_root = swatches_new (48);
  compare_backends ("no-atlas", plain, plain_root, 320, 240);
  plain_stats = *gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (plain));

  g_test_message ("48 contents: with an atlas %u textures, %u draw calls; without, %u textures, %u draw calls",
                  atlas_stats.content_textures, atlas_stats.draw_calls,
                  plain_stats.content_textures, plain_stats.draw_calls);
  g_assert_false (atlas_stats.software);
  g_assert_cmpuint (atlas_stats.texture_uploads, ==, 48);
  g_assert_cmpuint (atlas_stats.cached_textures, ==, 48);
  g_assert_cmpuint (atlas_stats.atlas_pages, ==, 1);
  g_assert_cmpuint (atlas_stats.content_textures, ==, 1);
  /* The first swatch, on pixel boundaries, starts a batch with the
   * program without edge coverage; the first rotated one needs the
   * other, which then draws all the rest */
  g_assert_cmpuint (atlas_stats.draw_calls, ==, 2);
  g_assert_cmpuint (plain_stats.content_textures, ==, 48);
  g_assert_cmpuint (plain_stats.draw_calls, ==, 48);

  /* Taken out of the tree, they give the page back */
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 320, 240);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), >=,
                    320 * 240 * 4 + 1024 * 1024 * 4);
  while ((child = gsk_layer_get_first_child (root)) != NULL)
    gsk_layer_remove_child (root, child);
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  /* The target, and its depth buffer if overlapping swatches used it */
  held = gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl));
  g_assert_true (held == 320 * 240 * 4 || (!culling_is_off () && held == 2 * 320 * 240 * 4));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (gl))->atlas_pages, ==, 0);
  cairo_surface_destroy (target);

  /* Many pages: with the limit forced down, 256×256 pages of up to 64
   * pixels a side */
  {
    g_autofree char *saved = g_strdup (g_getenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE"));
    g_autoptr (GskLayerRenderer) small = NULL;
    g_autoptr (GskLayer) small_root = swatches_new (40);

    g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", "256", TRUE);
    small = new_gl_renderer_or_skip ();
    if (saved)
      g_setenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE", saved, TRUE);
    else
      g_unsetenv ("GSK_LAYER_GL_MAX_TEXTURE_SIZE");

    gsk_layer_gl_renderer_set_use_atlas (GSK_LAYER_GL_RENDERER (small), TRUE);
    compare_backends ("atlas-pages", small, small_root, 320, 240);
    g_test_message ("40 contents in pages of 256: %u pages, %u textures, %u draw calls",
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->atlas_pages,
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->content_textures,
                    gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->draw_calls);
    g_assert_cmpuint (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (small))->atlas_pages, >, 1);
  }
}

/* ---- A caller's context and framebuffer ---- */

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

/* A context of the test's own, as an application would have one: on
 * the surfaceless EGL display, as the renderer's own context code does */
typedef struct
{
  EGLDisplay display;
  EGLContext context;
  gboolean is_gles;
} TestContext;

static gboolean
test_context_init (TestContext *tc)
{
  static const EGLint gl_attribs[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE
  };
  static const EGLint gles_attribs[] = {
    EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE
  };

  *tc = (TestContext) { EGL_NO_DISPLAY, EGL_NO_CONTEXT, FALSE };

  if (!epoxy_has_egl () ||
      !epoxy_has_egl_extension (EGL_NO_DISPLAY, "EGL_MESA_platform_surfaceless"))
    {
      g_test_skip ("no surfaceless EGL here");
      return FALSE;
    }

  tc->display = eglGetPlatformDisplayEXT (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  /* Never terminated: the renderers share the display */
  if (tc->display == EGL_NO_DISPLAY || !eglInitialize (tc->display, NULL, NULL))
    {
      g_test_skip ("cannot initialize the surfaceless EGL display");
      return FALSE;
    }

  /* The API the headless renderer compared with uses: the shaders'
   * interpolation differs by a bit between GLSL and GLSL ES */
  if (g_strcmp0 (g_getenv ("GSK_LAYER_GL"), "gles") != 0 && eglBindAPI (EGL_OPENGL_API))
    tc->context = eglCreateContext (tc->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gl_attribs);
  if (tc->context == EGL_NO_CONTEXT && eglBindAPI (EGL_OPENGL_ES_API))
    {
      tc->is_gles = TRUE;
      tc->context = eglCreateContext (tc->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, gles_attribs);
    }
  if (tc->context == EGL_NO_CONTEXT)
    {
      g_test_skip ("cannot create a GL context");
      return FALSE;
    }

  g_assert_true (eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, tc->context));
  return TRUE;
}

static void
test_context_make_current (TestContext *tc)
{
  g_assert_true (eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, tc->context));
}

static void
test_context_finish (TestContext *tc)
{
  eglMakeCurrent (tc->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext (tc->display, tc->context);
}

static GLuint
make_fbo (int     width,
          int     height,
          GLuint *texture)
{
  GLuint fbo;

  glGenTextures (1, texture);
  glBindTexture (GL_TEXTURE_2D, *texture);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  glGenFramebuffers (1, &fbo);
  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
  g_assert_cmphex (glCheckFramebufferStatus (GL_FRAMEBUFFER), ==, GL_FRAMEBUFFER_COMPLETE);
  glBindTexture (GL_TEXTURE_2D, 0);

  return fbo;
}

/* Fills @fbo with the marker color: what no frame draws */
#define MARKER 0xff00ff80u   /* RGBA bytes 255, 0, 255, 128 read as a big-endian word */

static void
fill_marker (GLuint fbo)
{
  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glDisable (GL_SCISSOR_TEST);
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glClearColor (1, 0, 1, 128 / 255.);
  glClear (GL_COLOR_BUFFER_BIT);
}

/* @fbo as RGBA bytes, top row first */
static guint8 *
read_fbo (GLuint fbo,
          int    width,
          int    height)
{
  guint8 *pixels = g_malloc ((gsize) width * height * 4);
  guint8 *flipped = g_malloc ((gsize) width * height * 4);
  int y;

  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
  glReadPixels (0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  for (y = 0; y < height; y++)
    memcpy (flipped + (gsize) y * width * 4, pixels + (gsize) (height - 1 - y) * width * 4, width * 4);
  g_free (pixels);

  return flipped;
}

/* Every pixel of @fbo: inside @region as @expected (a cairo image of
 * the frame) has it, premultiplied, exactly; outside, the marker */
static void
assert_framebuffer (const char           *name,
                    GLuint                fbo,
                    cairo_surface_t      *expected,
                    const cairo_region_t *region)
{
  int width = cairo_image_surface_get_width (expected);
  int height = cairo_image_surface_get_height (expected);
  int stride = cairo_image_surface_get_stride (expected);
  const guint8 *data;
  g_autofree guint8 *pixels = read_fbo (fbo, width, height);
  guint n_wrong = 0, n_inside = 0;
  int x, y;

  cairo_surface_flush (expected);
  data = cairo_image_surface_get_data (expected);

  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++)
      {
        const guint8 *p = pixels + ((gsize) y * width + x) * 4;
        guint32 got = (guint32) p[0] << 24 | (guint32) p[1] << 16 | (guint32) p[2] << 8 | p[3];
        guint32 want;

        if (cairo_region_contains_point (region, x, y))
          {
            guint32 w = *(const guint32 *) (data + (gsize) y * stride + x * 4);

            want = ((w >> 16) & 0xff) << 24 | ((w >> 8) & 0xff) << 16 | (w & 0xff) << 8 | w >> 24;
            n_inside++;
          }
        else
          want = MARKER;

        if (got != want)
          {
            if (n_wrong++ < 5)
              g_test_message ("%s: pixel %d,%d is %08x, expected %08x (%s the region)",
                              name, x, y, got, want, want == MARKER ? "outside" : "inside");
          }
      }

  g_test_message ("%s: %u pixels redrawn, %u wrong", name, n_inside, n_wrong);
  g_assert_cmpuint (n_wrong, ==, 0);
}

/* The same scene twice, for renderers that must not share a root */
static GskLayer *
framebuffer_scene_new (void)
{
  GskLayer *root = fishbowl_new (30, 200, 150, 3);
  GskLayer *group, *clip, *child;

  group = add_layer (root, 20, 30, 80, 70, "rgba(40, 120, 200, 0.6)");
  gsk_layer_set_opacity (group, 0.7f);
  add_layer (group, 30, 20, 60, 40, "#e01b24");
  clip = add_layer (root, 120, 60, 60, 60, "#deddda");
  set_transform (clip, "rotate(20deg)");
  gsk_layer_set_clip_to_bounds (clip, TRUE);
  child = add_layer (clip, 30, 30, 50, 50, "#33d17a");
  gsk_layer_set_blend_mode (child, GSK_LAYER_BLEND_MULTIPLY);

  return root;
}

typedef struct
{
  GLint draw_fbo, read_fbo, program, vao, array_buffer, element_buffer, unpack_buffer;
  GLint active_texture, texture0, texture1, sampler0;
  GLint blend, blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha, eq_rgb, eq_alpha;
  GLint scissor_test, scissor[4], viewport[4];
  GLfloat clear_color[4];
  GLint depth_test, stencil_test, cull_face;
  GLint unpack_alignment, pack_alignment, unpack_row_length;
  GLint logic_op, unpack_swap_bytes;   /* desktop GL */
  GLboolean color_mask[4];
} Sentinel;

static void
get_sentinel (Sentinel *s)
{
  memset (s, 0, sizeof *s);
  glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &s->draw_fbo);
  glGetIntegerv (GL_READ_FRAMEBUFFER_BINDING, &s->read_fbo);
  glGetIntegerv (GL_CURRENT_PROGRAM, &s->program);
  glGetIntegerv (GL_VERTEX_ARRAY_BINDING, &s->vao);
  glGetIntegerv (GL_ARRAY_BUFFER_BINDING, &s->array_buffer);
  glGetIntegerv (GL_ELEMENT_ARRAY_BUFFER_BINDING, &s->element_buffer);
  glGetIntegerv (GL_PIXEL_UNPACK_BUFFER_BINDING, &s->unpack_buffer);
  glGetIntegerv (GL_ACTIVE_TEXTURE, &s->active_texture);
  glActiveTexture (GL_TEXTURE0);
  glGetIntegerv (GL_TEXTURE_BINDING_2D, &s->texture0);
  glGetIntegerv (GL_SAMPLER_BINDING, &s->sampler0);
  glActiveTexture (GL_TEXTURE1);
  glGetIntegerv (GL_TEXTURE_BINDING_2D, &s->texture1);
  glActiveTexture (s->active_texture);
  s->blend = glIsEnabled (GL_BLEND);
  glGetIntegerv (GL_BLEND_SRC_RGB, &s->blend_src_rgb);
  glGetIntegerv (GL_BLEND_DST_RGB, &s->blend_dst_rgb);
  glGetIntegerv (GL_BLEND_SRC_ALPHA, &s->blend_src_alpha);
  glGetIntegerv (GL_BLEND_DST_ALPHA, &s->blend_dst_alpha);
  glGetIntegerv (GL_BLEND_EQUATION_RGB, &s->eq_rgb);
  glGetIntegerv (GL_BLEND_EQUATION_ALPHA, &s->eq_alpha);
  s->scissor_test = glIsEnabled (GL_SCISSOR_TEST);
  glGetIntegerv (GL_SCISSOR_BOX, s->scissor);
  glGetIntegerv (GL_VIEWPORT, s->viewport);
  glGetFloatv (GL_COLOR_CLEAR_VALUE, s->clear_color);
  s->depth_test = glIsEnabled (GL_DEPTH_TEST);
  s->stencil_test = glIsEnabled (GL_STENCIL_TEST);
  s->cull_face = glIsEnabled (GL_CULL_FACE);
  glGetIntegerv (GL_UNPACK_ALIGNMENT, &s->unpack_alignment);
  glGetIntegerv (GL_PACK_ALIGNMENT, &s->pack_alignment);
  glGetIntegerv (GL_UNPACK_ROW_LENGTH, &s->unpack_row_length);
  glGetBooleanv (GL_COLOR_WRITEMASK, s->color_mask);
  if (!epoxy_is_desktop_gl ())
    return;
  s->logic_op = glIsEnabled (GL_COLOR_LOGIC_OP);
  glGetIntegerv (GL_UNPACK_SWAP_BYTES, &s->unpack_swap_bytes);
}

static GLuint
compile_sentinel_program (gboolean is_gles)
{
  const char *vs = is_gles ? "#version 300 es\nvoid main () { gl_Position = vec4 (0.0); }\n"
                           : "#version 330 core\nvoid main () { gl_Position = vec4 (0.0); }\n";
  const char *fs = is_gles ? "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main () { c = vec4 (1.0); }\n"
                           : "#version 330 core\nout vec4 c;\nvoid main () { c = vec4 (1.0); }\n";
  GLuint program = glCreateProgram ();
  GLuint v = glCreateShader (GL_VERTEX_SHADER), f = glCreateShader (GL_FRAGMENT_SHADER);
  GLint status;

  glShaderSource (v, 1, &vs, NULL);
  glCompileShader (v);
  glShaderSource (f, 1, &fs, NULL);
  glCompileShader (f);
  glAttachShader (program, v);
  glAttachShader (program, f);
  glLinkProgram (program);
  glGetProgramiv (program, GL_LINK_STATUS, &status);
  g_assert_true (status);
  glDeleteShader (v);
  glDeleteShader (f);

  return program;
}

/* Sets state a caller might have left, unlike anything the renderer
 * uses; @fbo stays bound for drawing and reading */
static void
set_sentinel_state (gboolean is_gles,
                    GLuint   fbo,
                    GLuint   objects[6])
{
  /* program, vao, array buffer, element buffer, unpack buffer, sampler */
  objects[0] = compile_sentinel_program (is_gles);
  glUseProgram (objects[0]);
  glGenVertexArrays (1, &objects[1]);
  glBindVertexArray (objects[1]);
  glGenBuffers (3, &objects[2]);
  glBindBuffer (GL_ARRAY_BUFFER, objects[2]);
  glBindBuffer (GL_ELEMENT_ARRAY_BUFFER, objects[3]);
  glBindBuffer (GL_PIXEL_UNPACK_BUFFER, objects[4]);
  glBufferData (GL_PIXEL_UNPACK_BUFFER, 16, NULL, GL_STATIC_DRAW);
  glGenSamplers (1, &objects[5]);
  /* Nearest filtering would show on every scaled texture */
  glSamplerParameteri (objects[5], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri (objects[5], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindSampler (0, objects[5]);

  glBindFramebuffer (GL_FRAMEBUFFER, fbo);
  glActiveTexture (GL_TEXTURE2);
  glEnable (GL_BLEND);
  glBlendFuncSeparate (GL_SRC_ALPHA, GL_ONE, GL_ZERO, GL_DST_ALPHA);
  glBlendEquationSeparate (GL_FUNC_SUBTRACT, GL_MAX);
  glEnable (GL_SCISSOR_TEST);
  glScissor (1, 2, 3, 4);
  glViewport (5, 6, 7, 8);
  glClearColor (0.25f, 0.5f, 0.75f, 0.125f);
  glEnable (GL_DEPTH_TEST);
  glEnable (GL_STENCIL_TEST);
  glEnable (GL_CULL_FACE);
  glCullFace (GL_FRONT_AND_BACK);
  glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei (GL_PACK_ALIGNMENT, 2);
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 7);
  /* Both would change every pixel GSK writes or uploads */
  if (!is_gles)
    {
      glEnable (GL_COLOR_LOGIC_OP);
      glLogicOp (GL_XOR);
      glPixelStorei (GL_UNPACK_SWAP_BYTES, GL_TRUE);
    }
  glColorMask (GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
}

static void
assert_sentinel_equal (const Sentinel *a,
                       const Sentinel *b)
{
#define SAME(field) g_assert_cmpint (a->field, ==, b->field)
  SAME (draw_fbo); SAME (read_fbo); SAME (program); SAME (vao); SAME (array_buffer);
  SAME (element_buffer); SAME (unpack_buffer); SAME (active_texture); SAME (texture0);
  SAME (texture1); SAME (sampler0); SAME (blend); SAME (blend_src_rgb); SAME (blend_dst_rgb);
  SAME (blend_src_alpha); SAME (blend_dst_alpha); SAME (eq_rgb); SAME (eq_alpha);
  SAME (scissor_test); SAME (depth_test); SAME (stencil_test); SAME (cull_face);
  SAME (unpack_alignment); SAME (pack_alignment); SAME (unpack_row_length);
  SAME (logic_op); SAME (unpack_swap_bytes);
#undef SAME
  g_assert_cmpmem (a->scissor, sizeof a->scissor, b->scissor, sizeof b->scissor);
  g_assert_cmpmem (a->viewport, sizeof a->viewport, b->viewport, sizeof b->viewport);
  g_assert_cmpmem (a->clear_color, sizeof a->clear_color, b->clear_color, sizeof b->clear_color);
  g_assert_cmpmem (a->color_mask, sizeof a->color_mask, b->color_mask, sizeof b->color_mask);
}

static void
test_framebuffer_no_context (void)
{
  TestContext tc;
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer;

  if (!test_context_init (&tc))
    return;

  eglMakeCurrent (tc.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  renderer = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_null (renderer);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_test_message ("%s", error->message);

  test_context_make_current (&tc);
  test_context_finish (&tc);
}

/* Draws through a caller's context into its framebuffer: the pixels are
 * those of the headless renderer, y up, the caller's GL state is left
 * as it was, and buffer ages redraw what each age lacks */
static void
test_framebuffer_caller_context (void)
{
  const int W = 200, H = 150;
  g_autoptr (GskLayerRenderer) headless = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) caller = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) reference_root = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *expected;
  cairo_region_t *region, *d1, *d2, *both;
  cairo_rectangle_int_t all = { 0, 0, W, H };
  Sentinel before, after;
  GLuint fbo, fbo_texture, other_fbo, other_texture, objects[6];
  TestContext tc;

  if (headless == NULL || !test_context_init (&tc))
    return;

  root = framebuffer_scene_new ();
  reference_root = framebuffer_scene_new ();

  caller = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_no_error (error);
  g_assert_true (GSK_IS_LAYER_GL_RENDERER (caller));

  fbo = make_fbo (W, H, &fbo_texture);
  other_fbo = make_fbo (W, H, &other_texture);
  fill_marker (fbo);

  /* Frame 1, age 0: all of it, into @fbo while @other_fbo is bound */
  set_sentinel_state (tc.is_gles, other_fbo, objects);
  glActiveTexture (GL_TEXTURE0);
  glBindTexture (GL_TEXTURE_2D, other_texture);
  glActiveTexture (GL_TEXTURE1);
  glBindTexture (GL_TEXTURE_2D, fbo_texture);
  glActiveTexture (GL_TEXTURE2);
  get_sentinel (&before);

  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root,
                                                        fbo, W, H, 0);
  g_assert_nonnull (region);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), ==, CAIRO_REGION_OVERLAP_IN);
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);
  get_sentinel (&after);
  assert_sentinel_equal (&before, &after);
  g_assert_false (gsk_layer_gl_renderer_get_stats (GSK_LAYER_GL_RENDERER (caller))->software);

  /* Nothing of the sentinel state leaks into the next frames either */
  glBindSampler (0, 0);
  glColorMask (GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 1, age 0", fbo, expected, region);
  cairo_surface_destroy (expected);
  cairo_region_destroy (region);

  /* Frame 2, age 1: only what changed */
  move_fish (root, 3, 7.5f);
  move_fish (reference_root, 3, 7.5f);
  fill_marker (fbo);
  d1 = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  g_assert_false (cairo_region_is_empty (d1));
  g_assert_cmpint (cairo_region_contains_rectangle (d1, &all), !=, CAIRO_REGION_OVERLAP_IN);
  g_assert_null (gsk_layer_renderer_get_damage_error (caller));
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 2, age 1", fbo, expected, d1);
  cairo_surface_destroy (expected);

  /* Frame 3, age 2: the union of frames 2 and 3 */
  move_fish (root, 20, -6.25f);
  move_fish (reference_root, 20, -6.25f);
  fill_marker (fbo);
  both = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 2);
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 3, age 2", fbo, expected, both);
  cairo_surface_destroy (expected);
  g_assert_cmpint (cairo_region_contains_rectangle (both, &all), !=, CAIRO_REGION_OVERLAP_IN);

  /* ... which is more than frame 3's own damage: age 1 of the same
   * change redraws less */
  move_fish (root, 20, 6.25f);
  move_fish (reference_root, 20, 6.25f);
  fill_marker (fbo);
  d2 = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("frame 4, age 1", fbo, expected, d2);
  {
    cairo_region_t *check = cairo_region_copy (d1);

    /* Frame 3 undid frame 2's change elsewhere: frame 4's damage is
     * frame 3's, and the age-2 redraw held frame 2's too */
    cairo_region_union (check, d2);
    g_assert_true (cairo_region_equal (check, both));
    g_assert_false (cairo_region_equal (d2, both));
    cairo_region_destroy (check);
  }

  /* Frame 5, age 0 after no change: everything again, nothing drawn */
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 0);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), ==, CAIRO_REGION_OVERLAP_IN);
  assert_framebuffer ("frame 5, age 0", fbo, expected, region);
  cairo_region_destroy (region);

  /* An age older than the renderer remembers is a full redraw too */
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 100);
  assert_framebuffer ("frame 6, age 100", fbo, expected, region);
  cairo_region_destroy (region);
  cairo_surface_destroy (expected);

  cairo_region_destroy (d1);
  cairo_region_destroy (d2);
  cairo_region_destroy (both);

  /* Dropped with its context current, as documented */
  g_assert_finalize_object (g_steal_pointer (&caller));
  g_assert_cmphex (glGetError (), ==, GL_NO_ERROR);

  glDeleteProgram (objects[0]);
  glDeleteVertexArrays (1, &objects[1]);
  glDeleteBuffers (3, &objects[2]);
  glDeleteSamplers (1, &objects[5]);
  glDeleteFramebuffers (1, &fbo);
  glDeleteFramebuffers (1, &other_fbo);
  glDeleteTextures (1, &fbo_texture);
  glDeleteTextures (1, &other_texture);
  test_context_finish (&tc);
}


/* Many small changes apart: more than 8 rectangles of damage go into the
 * framebuffer as their bounding box, written whole, and the rest of the
 * framebuffer is left alone */
static void
test_framebuffer_many_rectangles (void)
{
  const int W = 200, H = 150;
  g_autoptr (GskLayerRenderer) headless = new_gl_renderer_or_skip ();
  g_autoptr (GskLayerRenderer) caller = NULL;
  g_autoptr (GskLayer) root = NULL;
  g_autoptr (GskLayer) reference_root = NULL;
  g_autoptr (GError) error = NULL;
  cairo_rectangle_int_t all = { 0, 0, W, H }, extents;
  cairo_surface_t *expected;
  cairo_region_t *region;
  GskLayer *dots[12], *reference_dots[12];
  GLuint fbo, fbo_texture;
  TestContext tc;
  int i;

  if (headless == NULL || !test_context_init (&tc))
    return;

  root = g_object_ref_sink (gsk_layer_new ());
  reference_root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (W, H));
  gsk_layer_set_size (reference_root, &GRAPHENE_SIZE_INIT (W, H));
  /* Twelve dots on a grid, 40 px apart, inside 30..170 × 30..110 */
  for (i = 0; i < 12; i++)
    {
      dots[i] = add_layer (root, 30 + 40 * (i % 4), 30 + 40 * (i / 4), 4, 4, "#1c71d8");
      reference_dots[i] = add_layer (reference_root, 30 + 40 * (i % 4), 30 + 40 * (i / 4), 4, 4, "#1c71d8");
    }

  caller = gsk_layer_gl_renderer_new_for_current_context (&error);
  g_assert_no_error (error);
  fbo = make_fbo (W, H, &fbo_texture);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 0);
  cairo_region_destroy (region);

  for (i = 0; i < 12; i++)
    {
      gsk_layer_set_position (dots[i], &GRAPHENE_POINT_INIT (31 + 40 * (i % 4), 30 + 40 * (i / 4)));
      gsk_layer_set_position (reference_dots[i], &GRAPHENE_POINT_INIT (31 + 40 * (i % 4), 30 + 40 * (i / 4)));
    }
  fill_marker (fbo);
  region = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (caller), root, fbo, W, H, 1);
  g_assert_cmpint (cairo_region_num_rectangles (region), ==, 1);
  cairo_region_get_extents (region, &extents);
  g_assert_cmpint (cairo_region_contains_rectangle (region, &all), !=, CAIRO_REGION_OVERLAP_IN);
  g_assert_cmpint (extents.x, <=, 30);
  g_assert_cmpint (extents.x + extents.width, >=, 155);
  g_assert_cmpint (extents.y + extents.height, >=, 114);

  expected = gsk_layer_renderer_render_to_surface (headless, reference_root, W, H);
  test_context_make_current (&tc);
  assert_framebuffer ("twelve dots moved", fbo, expected, region);
  cairo_surface_destroy (expected);
  cairo_region_destroy (region);

  g_assert_finalize_object (g_steal_pointer (&caller));
  glDeleteFramebuffers (1, &fbo);
  glDeleteTextures (1, &fbo_texture);
  test_context_finish (&tc);
}

/* The GL backend antialiases an edge with a linear ramp over the pixel
 * across it, which is within 0.043 (11 of 255) of the box filter's
 * coverage at any angle; pixman, and so the software backend, comes
 * close to a box filter. Along the edges of a rotated square, away from
 * its corners (where both backends approximate the two edges' overlap
 * differently), the two may differ by that and pixman's own rounding. */
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
      if (max_edge > 14)
        {
          g_autofree char *gl_name = g_strdup_printf ("edge-coverage-%g.gl", angles[i]);
          g_autofree char *sw_name = g_strdup_printf ("edge-coverage-%g.software", angles[i]);

          save_output (gl_name, gl_out);
          save_output (sw_name, sw_out);
          g_test_fail_printf ("%s: edge pixels differ by up to %d, more than 14", rotate, max_edge);
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


/* Image surfaces may end on any thread: while frames are drawn, and
 * while renderers end, another thread drops the last reference to each
 * content surface at random moments. Nothing crashes, and the memory
 * count ends where it should */
static GAsyncQueue *doomed_surfaces;

static gpointer
surface_destroyer (gpointer data)
{
  for (;;)
    {
      cairo_surface_t *surface = g_async_queue_pop (doomed_surfaces);

      if (surface == data)
        return NULL;
      g_usleep (g_random_int_range (0, 300));
      cairo_surface_destroy (surface);
    }
}

/* Draws a frame of four layers whose surfaces only the other thread
 * holds once drawn, then takes the layers out */
static void
draw_doomed_surfaces (GskLayerRenderer *renderer,
                      GskLayer         *root,
                      cairo_surface_t  *target,
                      int               y)
{
  GskLayer *layers[4];
  int k;

  for (k = 0; k < 4; k++)
    {
      /* Atlas items, single textures: both kinds of entry */
      int size = k % 2 ? 200 : 40;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      GskLayerContent *content = gsk_layer_image_content_new (surface);

      layers[k] = add_layer (root, k * 60, y, 50, 50, NULL);
      gsk_layer_set_content (layers[k], content);
      g_object_unref (content);
      /* The other thread has the last reference now */
      g_async_queue_push (doomed_surfaces, surface);
    }
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  for (k = 0; k < 4; k++)
    gsk_layer_remove_child (root, layers[k]);
}

static void
test_texture_surfaces_end_on_other_threads (void)
{
  g_autoptr (GskLayerRenderer) gl = new_gl_renderer_or_skip ();
  g_autoptr (GskLayer) root = NULL;
  cairo_surface_t *target;
  GThread *thread;
  int stop, i;

  if (gl == NULL)
    return;

  root = new_root (256, 256);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 256, 256);
  doomed_surfaces = g_async_queue_new ();
  thread = g_thread_new ("surface-destroyer", surface_destroyer, &stop);

  for (i = 0; i < 400; i++)
    draw_doomed_surfaces (gl, root, target, i % 100);

  /* Renderers that end while the surfaces they drew end elsewhere */
  for (i = 0; i < 50; i++)
    {
      GskLayerRenderer *brief = gsk_layer_gl_renderer_new (NULL);

      draw_doomed_surfaces (brief, root, target, i % 100);
      g_object_unref (brief);
    }

  g_async_queue_push (doomed_surfaces, &stop);
  g_thread_join (thread);
  g_async_queue_unref (doomed_surfaces);

  /* All content gone: what is held is the frame's own target */
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  cairo_region_destroy (gsk_layer_renderer_render (gl, root, target));
  g_assert_cmpuint (gsk_layer_gl_renderer_get_texture_memory (GSK_LAYER_GL_RENDERER (gl)), ==, 256 * 256 * 4);

  cairo_surface_destroy (target);
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
  g_test_add_func ("/gl/tiles/too-large", test_too_large);
  g_test_add_func ("/gl/tiles/forced-limit", test_tiles);
  g_test_add_func ("/gl/texture/eviction", test_texture_eviction);
  g_test_add_func ("/gl/texture/uploads", test_texture_uploads);
  g_test_add_func ("/gl/texture/memory", test_texture_memory);
  g_test_add_func ("/gl/texture/budget", test_texture_budget);
  g_test_add_func ("/gl/texture/surfaces-end-on-other-threads", test_texture_surfaces_end_on_other_threads);
  g_test_add_func ("/gl/texture/offscreens", test_texture_offscreens);
  g_test_add_func ("/gl/atlas/contents", test_atlas);
  g_test_add_func ("/gl/atlas/fringe", test_atlas_fringe);
  g_test_add_func ("/gl/gles/fishbowl", test_gles);
  g_test_add_func ("/gl/framebuffer/no-context", test_framebuffer_no_context);
  g_test_add_func ("/gl/framebuffer/caller-context", test_framebuffer_caller_context);
  g_test_add_func ("/gl/framebuffer/many-rectangles", test_framebuffer_many_rectangles);
  g_test_add_func ("/gl/occlusion", test_occlusion);

  return g_test_run ();
}
