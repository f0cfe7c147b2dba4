/* test-hostile.c: what fuzzing found (issue 18), each kept from coming back
 *
 * Every test here failed before its fix. Values at GSK's documented
 * limits (GSK_LAYER_MAX_COORDINATE and the others in gsk-layer-types.h)
 * must draw the same pixels however a frame is computed; values beyond
 * them are refused.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <malloc.h>
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include <gmodule.h>
#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "gsk-layer-transform-private.h"

#define EXPECT_CRITICAL(stmt) G_STMT_START { \
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*"); \
  stmt; \
  g_test_assert_expected_messages (); \
} G_STMT_END

static GskLayer *
rect_layer (float x,
            float y,
            float w,
            float h)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (l, &(GdkRGBA) { 0.31f, 0.57f, 0.93f, 0.77f });

  return l;
}

static GskLayer *
new_root (int w,
          int h)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });

  return root;
}

/* A frame of @root drawn in full by a renderer that never saw it */
static cairo_surface_t *
render_fresh (GskLayer *root,
              int       w,
              int       h)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *surface = gsk_layer_renderer_render_to_surface (renderer, root, w, h);

  g_object_unref (renderer);
  return surface;
}

/* Draws a frame with @renderer into @target, checking its damage */
static void
render_checked (GskLayerRenderer *renderer,
                GskLayer         *root,
                cairo_surface_t  *target)
{
  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  g_clear_pointer (&(cairo_region_t *) { gsk_layer_renderer_render (renderer, root, target) },
                   cairo_region_destroy);
  g_assert_no_error ((GError *) gsk_layer_renderer_get_damage_error (renderer));
}

static void
assert_same_pixels (cairo_surface_t *a,
                    cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int y;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  for (y = 0; y < h; y++)
    {
      const guint32 *ra = (const guint32 *) (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a));
      const guint32 *rb = (const guint32 *) (cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b));
      int x;

      for (x = 0; x < w; x++)
        if (ra[x] != rb[x])
          g_error ("pixel %d,%d differs: %08x against %08x", x, y, ra[x], rb[x]);
    }
}

/* {{{ Finding 8: a translucent layer's first child */

/* The layer becomes an opacity group, whose pixels round differently:
 * they were not damaged */
static void
test_first_child_of_translucent_layer (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  GskLayer *root = new_root (100, 100);
  GskLayer *layer = rect_layer (10, 10, 60, 60);
  GskLayer *child = rect_layer (0, 0, 5, 5);
  cairo_surface_t *fresh;

  gsk_layer_set_opacity (layer, 0.37f);
  gsk_layer_add_child (root, layer);
  render_checked (renderer, root, target);

  g_object_ref (child);
  gsk_layer_add_child (layer, child);
  render_checked (renderer, root, target);
  fresh = render_fresh (root, 100, 100);
  assert_same_pixels (target, fresh);
  cairo_surface_destroy (fresh);

  /* And back, when the last child goes */
  gsk_layer_remove_child (layer, child);
  render_checked (renderer, root, target);
  fresh = render_fresh (root, 100, 100);
  assert_same_pixels (target, fresh);
  cairo_surface_destroy (fresh);

  g_object_unref (child);
  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

static GskLayer *
colored_layer (float x, float y, float w, float h,
               float r, float g, float b, float a)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (l, &(GdkRGBA) { r / 255.f, g / 255.f, b / 255.f, a });

  return l;
}

/* Found by fuzz-tree: a skewed polygon whose vertices lie left of and
 * above the damaged area. Its mask starts where the damage does, and
 * truncating vertex coordinates toward zero rounded them one way in the
 * full frame and the other in the damaged one: one pixel differed. */
static void
test_polygon_edge_in_damaged_frame (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  GskLayer *root = g_object_ref_sink (colored_layer (0, 0, 64, 64, 0, 255, 127.5f, 1));
  GskLayer *parent = colored_layer (7, 5, 24, 20, 31.875f, 223.125f, 127.5f, 0.6f);
  GskLayer *below = colored_layer (0, 15, 24, 20, 95.625f, 159.375f, 127.5f, 0.6f);
  GskLayer *skewed = colored_layer (7, 0, 24, 20, 127.5f, 127.5f, 127.5f, 1);
  GskLayerTransform *skew;
  cairo_surface_t *fresh;

  g_assert_true (gsk_layer_transform_parse ("skew(-7deg, -35deg) skew(-35deg, -35deg)", &skew, NULL));
  gsk_layer_set_transform (skewed, skew);
  gsk_layer_transform_unref (skew);
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, below);
  gsk_layer_add_child (parent, skewed);
  render_checked (renderer, root, target);

  gsk_layer_remove_child (parent, below);
  render_checked (renderer, root, target);
  fresh = render_fresh (root, 64, 64);
  assert_same_pixels (target, fresh);
  cairo_surface_destroy (fresh);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Findings 3 and 4: huge geometry */

/* A layer as wide as GSK allows, a quarter pixel off the grid, is drawn
 * where a small layer at the same place is: the pivot (half the width
 * away) does not round its position */
static void
test_huge_layer_in_place (void)
{
  GskLayer *huge_root = new_root (60, 20);
  GskLayer *small_root = new_root (60, 20);
  GskLayer *huge = rect_layer (10.25f, 2, GSK_LAYER_MAX_COORDINATE, 10);
  GskLayer *small = rect_layer (10.25f, 2, 100, 10);
  cairo_surface_t *a, *b;
  GskLayerTransform *scale;

  gsk_layer_add_child (huge_root, huge);
  gsk_layer_add_child (small_root, small);
  a = render_fresh (huge_root, 60, 20);
  b = render_fresh (small_root, 60, 20);
  assert_same_pixels (a, b);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);

  /* An identity transform about the far pivot neither */
  gsk_layer_transform_parse ("scale(1)", &scale, NULL);
  gsk_layer_set_transform (huge, scale);
  gsk_layer_set_transform (small, scale);
  gsk_layer_transform_unref (scale);
  a = render_fresh (huge_root, 60, 20);
  b = render_fresh (small_root, 60, 20);
  assert_same_pixels (a, b);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);

  g_assert_finalize_object (huge_root);
  g_assert_finalize_object (small_root);
}

/* Mapping a point computes world matrices outside a frame: the next
 * incremental frame must still equal a full one */
static void
test_map_point_then_incremental_frame (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 60, 40);
  GskLayer *root = new_root (60, 40);
  GskLayer *huge = rect_layer (10.25f, 2, GSK_LAYER_MAX_COORDINATE, 10);
  GskLayer *other = rect_layer (5, 20, 10, 10);
  graphene_point_t p;
  cairo_surface_t *fresh;

  gsk_layer_add_child (root, huge);
  gsk_layer_add_child (root, other);
  render_checked (renderer, root, target);

  gsk_layer_set_position (huge, &GRAPHENE_POINT_INIT (12.75f, 3.5f));
  g_assert_true (gsk_layer_map_point (huge, NULL, &GRAPHENE_POINT_INIT (1, 1), &p));
  g_assert_cmpfloat_with_epsilon (p.x, 13.75f, 1e-6);
  gsk_layer_set_position (other, &GRAPHENE_POINT_INIT (30, 20));
  render_checked (renderer, root, target);

  fresh = render_fresh (root, 60, 40);
  assert_same_pixels (target, fresh);

  cairo_surface_destroy (fresh);
  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Operations within range whose product overflows: refused by the
 * parser and by the layer, which keeps what it had */
static void
test_transform_overflow (void)
{
  static const struct {
    const char *css;
    const char *message;
  } bad[] = {
    { "translate(0, 1e38px) scale(10) translate(0, 1e38px)", "characters 14-19: “1e38px” is out of range*" },
    { "scale(1e30)", "characters 7-10: “1e30” is out of range*" },
    { "skewX(90deg)", "characters 7-11: the skew “90deg” is too close to 90°" },
    { "matrix(1, 0, 0, 1, 0, 3e7)", "characters 23-25: “3e7” is out of range*" },
    { "scale(16777216) scale(16777216) scale(16777216) scale(16777216) scale(16777216) scale(16777216)",
      "characters 81-95: the transform overflows here*" },
  };
  GskLayer *root = new_root (64, 64);
  GskLayer *layer = rect_layer (8, 8, 16, 16);
  GskLayerTransform *t = NULL, *kept;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GError *error = NULL;

      g_assert_false (gsk_layer_transform_parse (bad[i].css, &t, &error));
      g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
      if (!g_pattern_match_simple (bad[i].message, error->message))
        g_error ("%s: “%s” does not match “%s”", bad[i].css, error->message, bad[i].message);
      g_error_free (error);
    }

  /* Each operation is within range, so code can build the list; a
   * layer refuses it */
  g_assert_true (gsk_layer_transform_parse ("rotate(10deg)", &kept, NULL));
  gsk_layer_set_transform (layer, kept);
  for (guint i = 0; i < 6; i++)
    t = gsk_layer_transform_scale (t, GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
  EXPECT_CRITICAL (gsk_layer_set_transform (layer, t));
  EXPECT_CRITICAL (gsk_layer_set_child_transform (layer, t));
  g_assert_true (gsk_layer_get_transform (layer) == kept);
  g_assert_null (gsk_layer_get_child_transform (layer));
  EXPECT_CRITICAL (t = gsk_layer_transform_translate (t, 1e38f, 0));
  EXPECT_CRITICAL (t = gsk_layer_transform_skew (t, 90.f, 0));
  g_assert_cmpuint (gsk_layer_transform_get_n_ops (t), ==, 6);

  gsk_layer_transform_unref (t);
  gsk_layer_transform_unref (kept);
  g_assert_finalize_object (root);
}

/* Layers nested under scales that overflow together are neither drawn
 * nor picked, and the layers around them are */
static void
test_nested_overflow_leaves_parent_pickable (void)
{
  GskLayer *root = new_root (64, 64);
  GskLayer *parent = rect_layer (8, 8, 48, 48);
  GskLayer *l = parent, *picked;
  GskLayerTransform *scale;
  cairo_surface_t *image;

  gsk_layer_set_reactive (parent, TRUE);
  gsk_layer_add_child (root, parent);
  g_assert_true (gsk_layer_transform_parse ("scale(16777216)", &scale, NULL));
  for (guint i = 0; i < 6; i++)
    {
      GskLayer *child = rect_layer (0, 0, 16777216, 16777216);

      gsk_layer_set_reactive (child, TRUE);
      gsk_layer_set_pivot_point (child, &GRAPHENE_POINT3D_INIT (0, 0, GSK_LAYER_MAX_COORDINATE));
      gsk_layer_set_transform (child, scale);
      gsk_layer_add_child (l, child);
      l = child;
    }
  gsk_layer_transform_unref (scale);

  image = render_fresh (root, 64, 64);
  picked = gsk_layer_pick (root, 30, 30);
  g_assert_nonnull (picked);
  g_assert_true (gsk_layer_contains (parent, picked));
  g_assert_true (gsk_layer_pick (root, 4, 4) == root);

  cairo_surface_destroy (image);
  g_assert_finalize_object (root);
}

static GskLayerScene *load_scene (const char *text);

/* The largest pixel difference between two images */
static int
max_difference (cairo_surface_t *a,
                cairo_surface_t *b,
                int             *n_over)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int most = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  *n_over = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w * 4; x++)
      {
        int d = abs (cairo_image_surface_get_data (a)[y * cairo_image_surface_get_stride (a) + x] -
                     cairo_image_surface_get_data (b)[y * cairo_image_surface_get_stride (b) + x]);

        most = MAX (most, d);
        if (d > 8)
          (*n_over)++;
      }

  return most;
}

/* Finding 5: scale(1e30) under a rotated child-transform made the
 * software backend convert doubles near -6.5e12 to int and draw a
 * wedge where GL drew something else. Layers as large as GSK allows,
 * under a rotation, are drawn by both backends as layers of a size
 * that just covers the target are */
static void
test_huge_layers_rotated (void)
{
  const char *huge = "{\"size\": [64, 64], \"root\": {\"type\": \"GskLayer\", \"size\": [64, 64],\n"
    "  \"background-color\": \"white\", \"child-transform\": \"rotate(30deg)\", \"children\": [\n"
    "  {\"type\": \"GskLayer\", \"position\": [8, 8], \"size\": [16, 16], \"background-color\": \"#e01b24\",\n"
    "   \"pivot-point\": [0, 0, 0], \"transform\": \"scale(16777216)\"},\n"
    "  {\"type\": \"GskLayer\", \"position\": [40, 8], \"size\": [4, 4], \"background-color\": \"#3584e4\",\n"
    "   \"pivot-point\": [0, 0, 0], \"transform\": \"scale(-16777216, 16777216) rotate(10deg)\"}]}}";
  const char *plain = "{\"size\": [64, 64], \"root\": {\"type\": \"GskLayer\", \"size\": [64, 64],\n"
    "  \"background-color\": \"white\", \"child-transform\": \"rotate(30deg)\", \"children\": [\n"
    "  {\"type\": \"GskLayer\", \"position\": [8, 8], \"size\": [400, 400], \"background-color\": \"#e01b24\"},\n"
    "  {\"type\": \"GskLayer\", \"position\": [40, 8], \"size\": [100, 100], \"background-color\": \"#3584e4\",\n"
    "   \"pivot-point\": [0, 0, 0], \"transform\": \"scale(-1, 1) rotate(10deg)\"}]}}";
  GskLayerScene *a = load_scene (huge), *b = load_scene (plain);
  GskLayerRenderer *renderers[2] = { gsk_layer_software_renderer_new (), gsk_layer_gl_renderer_new (NULL) };
  cairo_surface_t *expected = render_fresh (gsk_layer_scene_get_root (b), 64, 64);

  for (guint i = 0; i < G_N_ELEMENTS (renderers); i++)
    {
      cairo_surface_t *image;
      int most, n_over;

      if (renderers[i] == NULL)
        {
          g_test_message ("no GL here: software only");
          continue;
        }
      image = gsk_layer_renderer_render_to_surface (renderers[i], gsk_layer_scene_get_root (a), 64, 64);
      most = max_difference (image, expected, &n_over);
      g_test_message ("%s: largest difference %d, %d channels over 8",
                      G_OBJECT_TYPE_NAME (renderers[i]), most, n_over);
      /* Edges, antialiased along other paths, may differ a little: GL's
       * ramp against cairo's scan converter (up to 16 levels, as
       * test-gl's edge-coverage allows), along some 150 edge pixels */
      g_assert_cmpint (n_over, <, 64);
      cairo_surface_destroy (image);
      g_object_unref (renderers[i]);
    }

  cairo_surface_destroy (expected);
  g_object_unref (a);
  g_object_unref (b);
}

/* }}} */
/* {{{ Finding 6: picking where nothing is drawn */

/* Every pixel whose centre picks the layer shows some of it */
static void
assert_picked_only_where_drawn (const char *child_transform,
                                const char *transform)
{
  GskLayer *root = new_root (64, 64);
  GskLayer *layer = rect_layer (8, 8, 48, 48);
  GskLayerTransform *t;
  cairo_surface_t *image;
  guchar *data;
  int x, y, stride, picked = 0;

  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 1, 1 });
  gsk_layer_set_reactive (layer, TRUE);
  g_assert_true (gsk_layer_transform_parse (child_transform, &t, NULL));
  gsk_layer_set_child_transform (root, t);
  g_clear_pointer (&t, gsk_layer_transform_unref);
  g_assert_true (gsk_layer_transform_parse (transform, &t, NULL));
  gsk_layer_set_transform (layer, t);
  g_clear_pointer (&t, gsk_layer_transform_unref);
  gsk_layer_add_child (root, layer);

  image = render_fresh (root, 64, 64);
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (y = 0; y < 64; y++)
    for (x = 0; x < 64; x++)
      if (gsk_layer_pick (root, x + 0.5f, y + 0.5f) == layer)
        {
          guint32 pixel = *(guint32 *) (data + y * stride + 4 * x);

          picked++;
          if (pixel == 0xffffffff)
            g_error ("%s / %s: %d,%d picks the layer, which is not drawn there",
                     child_transform, transform, x, y);
        }
  g_test_message ("%s / %s: %d pixels pick the layer", child_transform, transform, picked);

  cairo_surface_destroy (image);
  g_assert_finalize_object (root);
}

static void
test_pick_under_strong_perspective (void)
{
  assert_picked_only_where_drawn ("perspective(1px)", "rotateX(89.99deg)");
  assert_picked_only_where_drawn ("perspective(2px)", "rotateY(-89.9deg) translateZ(-1px)");
  assert_picked_only_where_drawn ("perspective(0.5px)", "rotateX(80deg) rotateY(80deg)");
  assert_picked_only_where_drawn ("none", "perspective(1px) rotateX(89.999deg)");
  /* 25 pixels picked it before, where w at the point found is 3e-5 */
  assert_picked_only_where_drawn ("none", "perspective(0.531635px) rotateX(89.6997deg) rotateY(-93.2294deg)");
}

static void
test_pick_near_singular (void)
{
  assert_picked_only_where_drawn ("none", "scale3d(4.5e-7, 57, -1) skew(-6deg, 56deg)");
  assert_picked_only_where_drawn ("none", "scale(1e-6, 1)");
  assert_picked_only_where_drawn ("perspective(100px)", "rotateY(89.9999deg)");
}

/* }}} */
/* {{{ Finding 1: a scene's "type" calling functions */

/* Exported by this program (export_dynamic), named like a type's
 * get_type(), but registering none */
G_MODULE_EXPORT GType hostile_bogus_get_type (void);

static guint bogus_calls;

GType
hostile_bogus_get_type (void)
{
  bogus_calls++;
  return 12345;
}

/* Loads @text, expecting @code and @message (a pattern) */
static void
assert_scene_error (const char *text,
                    int         code,
                    const char *message)
{
  GError *error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_data (text, -1, "hostile.json", &error);

  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, code);
  if (!g_pattern_match_simple (message, error->message))
    g_error ("“%s” does not match “%s”", error->message, message);
  g_error_free (error);
}

static void
test_scene_type_calls_nothing (void)
{
  static const char *names[] = {
    /* Functions of libraries that take arguments, or return no type */
    "cairo_device", "CairoDevice", "g_variant", "cairo_font_face",
    "CairoFontFace", "cairo_surface", "CairoSurface", "GdkTexture_",
    "gsk_layer", "", "Gsk Layer", "GskLayer2",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      char *text = g_strdup_printf ("{\"size\": [8, 8], \"root\": {\"type\": \"%s\"}}", names[i]);

      assert_scene_error (text, GSK_LAYER_ERROR_UNKNOWN_TYPE, "hostile.json:1:*unknown type*");
      g_free (text);
    }

  /* A registered type that is not a layer */
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GVariant\"}}",
                      GSK_LAYER_ERROR_UNKNOWN_TYPE, "hostile.json:1:*is not a GskLayer type*");

  /* The program's own function is called, and its answer not believed */
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"HostileBogus\"}}",
                      GSK_LAYER_ERROR_UNKNOWN_TYPE, "hostile.json:1:*unknown type “HostileBogus”*");
  g_assert_cmpuint (bogus_calls, ==, 1);
}

/* }}} */
/* {{{ Finding 2: easings whose curves are not finite */

static void
test_easing_not_finite (void)
{
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n"
                      " \"animations\": [{\"target\": \"a\", \"property\": \"position\", \"to\": [4, 4],\n"
                      "   \"easing\": \"spring(1, 1e49, 5e-318, 0)\"}]}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:3:*spring moves too fast*");
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n"
                      " \"animations\": [{\"target\": \"a\", \"property\": \"position\", \"to\": [4, 4],\n"
                      "   \"duration\": 100, \"easing\": \"cubic-bezier(0.1, 0.7, 0, 1e308)\"}]}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:3:*y coordinates of cubic-bezier()*");

  /* Found by fuzz-parsers: its settling search stopped at NaN, where ωt
   * overflows, and took that for settled */
  {
    GskLayerEasing *easing = NULL;
    GError *error = NULL;

    g_assert_false (gsk_layer_easing_parse ("spring(214, 891, 931e-320, 0)", &easing, &error));
    g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
    g_assert_nonnull (strstr (error->message, "does not settle"));
    g_error_free (error);
  }
}

/* Found by fuzz-animations: an explicit transition took a NaN color or
 * pivot, which its layer's getter then returned and its tick set */
static void
test_transition_values_checked (void)
{
  GskLayerTransition *transition;
  GValue value = G_VALUE_INIT;
  GError *error = NULL;

  transition = gsk_layer_property_transition_new ("background-color", NULL);
  g_value_init (&value, GDK_TYPE_RGBA);
  g_value_set_boxed (&value, &(GdkRGBA) { NAN, 0, 0, 1 });
  EXPECT_CRITICAL (gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
  EXPECT_CRITICAL (gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
  g_assert_false (gsk_layer_property_transition_get_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &(GValue) G_VALUE_INIT));
  g_object_unref (transition);

  transition = gsk_layer_keyframe_transition_new ("background-color", NULL);
  g_assert_false (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (transition), 0.5, &value, NULL, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_object_unref (transition);
  g_value_unset (&value);

  transition = gsk_layer_property_transition_new ("pivot-point", NULL);
  g_value_init (&value, GRAPHENE_TYPE_POINT3D);
  g_value_set_boxed (&value, &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, INFINITY));
  EXPECT_CRITICAL (gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
  g_value_set_boxed (&value, &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, 1e20f));
  EXPECT_CRITICAL (gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &value));
  g_object_unref (transition);
  g_value_unset (&value);

  /* Scene files say where */
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"position\": [1e30, 0]}}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:1:*1e+30 is out of range for “position”*");
  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n"
                      " \"animations\": [{\"target\": \"a\", \"property\": \"pivot-point\", \"to\": [0, 0, 3e38]}]}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:2:*out of range*");
}

/* The wildest curve allowed, across the widest range allowed: what is
 * on screen stays in range, without a critical */
static void
test_overshoot_stays_in_range (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root (8, 8);
  GskLayer *layer = rect_layer (0, 0, 4, 4);
  GskLayerEasing *easing;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_frame_clock (root, clock);
  g_assert_true (gsk_layer_easing_parse ("cubic-bezier(0.5, 1e6, 0.5, -1e6)", &easing, NULL));
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing (layer, easing);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (GSK_LAYER_MAX_COORDINATE, -GSK_LAYER_MAX_COORDINATE));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (GSK_LAYER_MAX_COORDINATE, 0));
  gsk_layer_set_opacity (layer, 0.f);
  gsk_layer_restore_easing_state (layer);
  gsk_layer_easing_unref (easing);

  for (int i = 0; i < 40; i++)
    {
      GskLayerPrivate *p = gsk_layer_get_private (layer);

      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 25000);
      g_assert_true (fabsf (p->position.x) <= GSK_LAYER_MAX_COORDINATE);
      g_assert_true (fabsf (p->position.y) <= GSK_LAYER_MAX_COORDINATE);
      g_assert_true (p->size.width >= 0 && p->size.width <= GSK_LAYER_MAX_COORDINATE);
      g_assert_true (p->opacity >= 0 && p->opacity <= 1);
      g_clear_pointer (&(cairo_surface_t *) { render_fresh (root, 8, 8) }, cairo_surface_destroy);
    }

  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Found by fuzz-style: a style animated towards box-shadow: 0 0
 * 16777216px red with an easing that overshoots showed a blur of
 * 22,139,014 px, which printed as a style that does not parse back.
 * Interpolated lengths stay within GSK_LAYER_MAX_COORDINATE */
static void
test_overshoot_style_stays_in_range (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root (8, 8);
  GskLayer *layer = rect_layer (0, 0, 4, 4);
  GskLayerEasing *easing;
  guint checked = 0;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_frame_clock (root, clock);
  g_assert_true (gsk_layer_set_style_from_string (layer, "padding: 4px; box-shadow: 0 0 0 red", NULL));
  g_assert_true (gsk_layer_easing_parse ("cubic-bezier(0.3, -1.5, 0.7, 2.5)", &easing, NULL));
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 100);
  gsk_layer_set_easing (layer, easing);
  g_assert_true (gsk_layer_set_style_from_string (layer, "padding: 0; box-shadow: 0 0 16777216px red", NULL));
  gsk_layer_restore_easing_state (layer);
  gsk_layer_easing_unref (easing);

  for (int i = 0; i < 10; i++)
    {
      GValue v = G_VALUE_INIT;

      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 10000);
      if (gsk_layer_get_presentation_value (layer, "style", &v) && g_value_get_boxed (&v) != NULL)
        {
          char *printed = gsk_layer_style_to_string (g_value_get_boxed (&v));
          GskLayerStyle *again = gsk_layer_style_new_from_string (printed, NULL);

          g_test_message ("%s", printed);
          g_assert_nonnull (again);
          gsk_layer_style_unref (again);
          g_free (printed);
          checked++;
        }
      g_value_unset (&v);
    }
  g_assert_cmpuint (checked, >=, 8);

  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Found by fuzz-animations: a rotation towards the largest angle a float
 * holds, overshooting, went past it to an infinite angle, and building
 * the transform failed with a critical. Alone and with another
 * operation (the two ways a transform is interpolated). */
static void
test_overshoot_rotation (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root (8, 8);
  GskLayer *alone = rect_layer (0, 0, 4, 4);
  GskLayer *paired = rect_layer (4, 4, 4, 4);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (alone), "transform");
  GskLayerTransform *from[2], *to[2];
  GskLayerEasing *easing;

  gsk_layer_add_child (root, alone);
  gsk_layer_add_child (root, paired);
  gsk_layer_set_frame_clock (root, clock);
  from[0] = gsk_layer_transform_rotate (NULL, 0);
  to[0] = gsk_layer_transform_rotate (NULL, G_MAXFLOAT);
  from[1] = gsk_layer_transform_rotate (gsk_layer_transform_translate (NULL, 1, 1), -G_MAXFLOAT);
  to[1] = gsk_layer_transform_rotate (gsk_layer_transform_translate (NULL, 2, 2), G_MAXFLOAT);
  gsk_layer_set_transform (alone, from[0]);
  gsk_layer_set_transform (paired, from[1]);

  g_assert_true (gsk_layer_easing_parse ("cubic-bezier(0.5, 1e6, 0.5, -1e6)", &easing, NULL));
  gsk_layer_save_easing_state (alone);
  gsk_layer_save_easing_state (paired);
  gsk_layer_set_easing_duration (alone, 1000);
  gsk_layer_set_easing_duration (paired, 1000);
  gsk_layer_set_easing (alone, easing);
  gsk_layer_set_easing (paired, easing);
  gsk_layer_set_transform (alone, to[0]);
  gsk_layer_set_transform (paired, to[1]);
  gsk_layer_restore_easing_state (alone);
  gsk_layer_restore_easing_state (paired);
  gsk_layer_easing_unref (easing);

  for (int i = 0; i < 40; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 25000);
      g_assert_true (gsk_layer_transform_is_finite (gsk_layer_peek_presentation_transform (alone, pspec)));
      g_assert_true (gsk_layer_transform_is_finite (gsk_layer_peek_presentation_transform (paired, pspec)));
      g_clear_pointer (&(cairo_surface_t *) { render_fresh (root, 8, 8) }, cairo_surface_destroy);
    }

  for (int i = 0; i < 2; i++)
    {
      gsk_layer_transform_unref (from[i]);
      gsk_layer_transform_unref (to[i]);
    }
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Found by fuzz-animations: transforms whose operations differ are
 * interpolated as matrices; where a matrix does not decompose (it is
 * singular), the nearer end is used, and that end, a product of
 * operations each within range, had an entry beyond what a matrix takes */
static void
test_singular_matrix_interpolation (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root (8, 8);
  GskLayer *layer = rect_layer (0, 0, 4, 4);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (layer), "transform");
  GskLayerTransform *from, *to;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_frame_clock (root, clock);
  g_assert_true (gsk_layer_transform_parse ("scale3d(0, 16777216, 1) scale(1, 64) rotateY(32deg)", &from, NULL));
  g_assert_true (gsk_layer_transform_parse ("perspective(1px)", &to, NULL));
  gsk_layer_set_transform (layer, from);

  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_transform (layer, to);
  gsk_layer_restore_easing_state (layer);

  for (int i = 0; i < 10; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 50000);
      g_assert_true (gsk_layer_transform_is_finite (gsk_layer_peek_presentation_transform (layer, pspec)));
      g_clear_pointer (&(cairo_surface_t *) { render_fresh (root, 8, 8) }, cairo_surface_destroy);
    }

  gsk_layer_transform_unref (from);
  gsk_layer_transform_unref (to);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Found by fuzz-animations: a spring retargeted while it moves hands its
 * velocity on in units of the new move; a move of a thousandth of a
 * unit at speed asked for a spring faster than springs may start, and
 * making it failed with a critical */
static void
test_spring_retarget_short_move (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root (8, 8);
  GskLayer *layer = rect_layer (0, 0, 4, 4);
  GskLayerEasing *spring = gsk_layer_easing_new_spring (1, 100, 10, 0);
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  float x;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing (layer, spring);
  gsk_layer_set_z_position (layer, 10000);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 50000);
  x = p->z_position;
  g_assert_cmpfloat (x, >, 0);
  g_assert_cmpfloat (x, <, 10000);

  /* A thousandth of a unit from where it is, at thousands a second */
  gsk_layer_set_z_position (layer, x + 0.001f);
  gsk_layer_restore_easing_state (layer);
  for (int i = 0; i < 20; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 50000);
      g_assert_true (isfinite (p->z_position));
      g_assert_true (fabsf (p->z_position) <= GSK_LAYER_MAX_COORDINATE);
    }

  gsk_layer_easing_unref (spring);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Found by fuzz-tree: the root's compiled bounds, a float rect from a
 * child's box far to the left to its own right edge, lost that edge to
 * rounding, and a point the root covered was no longer picked after a
 * frame */
static void
test_pick_same_after_frame (void)
{
  GskLayerScene *scene = load_scene (
    "{\"size\": [64, 64], \"root\": {\"type\": \"GskLayer\", \"size\": [64, 64],\n"
    "  \"child-transform\": \"scale3d(25.25, 16777216, 64) skew(45deg, 1e+30deg) scale(10, 0.999)\",\n"
    "  \"background-color\": \"rgb(0,255,127.5)\", \"children\": [\n"
    "  {\"type\": \"GskLayer\", \"position\": [14, 10], \"size\": [24, 20],\n"
    "   \"transform\": \"perspective(100px) rotateY(60deg)\", \"clip-to-bounds\": true,\n"
    "   \"background-color\": \"rgb(63.75,191.25,127.5)\", \"reactive\": false}]}}");
  GskLayer *root = gsk_layer_scene_get_root (scene);

  for (int y = 2; y < 64; y += 8)
    for (int x = 2; x < 64; x += 8)
      {
        GskLayer *before = gsk_layer_pick (root, x, y), *after;

        g_clear_pointer (&(cairo_surface_t *) { render_fresh (root, 64, 64) }, cairo_surface_destroy);
        after = gsk_layer_pick (root, x, y);
        g_assert_true (before == after);
        g_assert_true (after == root);
      }

  g_object_unref (scene);
}

/* Found by fuzz-tree: a layer turned edge-on by rotateX(90deg) (in
 * float, its height shrinks to 1e-6 pixels) was picked on its line
 * before a frame, by unprojection, and not after one, where its
 * compiled box was empty. Neither: it is not drawn. */
static void
test_pick_edge_on (void)
{
  GskLayerScene *scene = load_scene (
    "{\"size\": [64, 64], \"root\": {\"type\": \"GskLayer\", \"size\": [64, 64],\n"
    "  \"background-color\": \"rgb(0,255,127.5)\", \"children\": [\n"
    "  {\"type\": \"GskLayer\", \"position\": [7, 5], \"size\": [24, 20], \"children\": [\n"
    "    {\"type\": \"GskLayer\", \"position\": [0, 15], \"size\": [24, 20], \"children\": [\n"
    "      {\"type\": \"GskLayer\", \"name\": \"edge-on\", \"position\": [7, 15], \"size\": [24, 20],\n"
    "       \"transform\": \"rotateX(90deg)\"}]}]}]}}");
  GskLayer *root = gsk_layer_scene_get_root (scene);
  GskLayer *before, *after;

  before = gsk_layer_pick (root, 17.5f, 45);
  g_clear_pointer (&(cairo_surface_t *) { render_fresh (root, 64, 64) }, cairo_surface_destroy);
  after = gsk_layer_pick (root, 17.5f, 45);
  g_assert_true (before == root);
  g_assert_true (after == root);

  g_object_unref (scene);
}

/* }}} */
/* {{{ Findings 7, 9 and 10: scene files */

/* A layer with 64-bit integer properties */
#define HOSTILE_TYPE_INT_LAYER (hostile_int_layer_get_type ())
G_DECLARE_FINAL_TYPE (HostileIntLayer, hostile_int_layer, HOSTILE, INT_LAYER, GskLayer)

struct _HostileIntLayer
{
  GskLayer parent_instance;
  gint64 i64;
  guint64 u64;
};

G_DEFINE_FINAL_TYPE (HostileIntLayer, hostile_int_layer, GSK_TYPE_LAYER)

static void
hostile_int_layer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HostileIntLayer *self = HOSTILE_INT_LAYER (object);

  if (prop_id == 1)
    self->i64 = g_value_get_int64 (value);
  else
    self->u64 = g_value_get_uint64 (value);
}

static void
hostile_int_layer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HostileIntLayer *self = HOSTILE_INT_LAYER (object);

  if (prop_id == 1)
    g_value_set_int64 (value, self->i64);
  else
    g_value_set_uint64 (value, self->u64);
}

static void
hostile_int_layer_class_init (HostileIntLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = hostile_int_layer_set_property;
  object_class->get_property = hostile_int_layer_get_property;
  g_object_class_install_property (object_class, 1,
    g_param_spec_int64 ("i64", NULL, NULL, G_MININT64, G_MAXINT64, 0, G_PARAM_READWRITE));
  g_object_class_install_property (object_class, 2,
    g_param_spec_uint64 ("u64", NULL, NULL, 0, G_MAXUINT64, 0, G_PARAM_READWRITE));
}

static void
hostile_int_layer_init (HostileIntLayer *self)
{
}

static GskLayerScene *
load_scene (const char *text)
{
  GError *error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_data (text, -1, "hostile.json", &error);

  g_assert_no_error (error);
  return scene;
}

/* Integers above 2^53 were saved through a double */
static void
test_scene_big_integers (void)
{
  static const gint64 values[] = { 9007199254740993, G_MAXINT64, G_MININT64, -9007199254740993 };

  g_type_ensure (HOSTILE_TYPE_INT_LAYER);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      char *text = g_strdup_printf ("{\"size\": [8, 8], \"root\": {\"type\": \"HostileIntLayer\", "
                                    "\"i64\": %" G_GINT64_FORMAT ", \"u64\": %" G_GINT64_FORMAT "}}",
                                    values[i], values[i] < 0 ? -(values[i] + 1) : values[i]);
      GskLayerScene *scene = load_scene (text), *again;
      char *saved, *resaved;

      g_assert_cmpint (HOSTILE_INT_LAYER (gsk_layer_scene_get_root (scene))->i64, ==, values[i]);
      saved = gsk_layer_scene_to_data (scene, NULL);
      again = load_scene (saved);
      g_assert_cmpint (HOSTILE_INT_LAYER (gsk_layer_scene_get_root (again))->i64, ==, values[i]);
      g_assert_cmpuint (HOSTILE_INT_LAYER (gsk_layer_scene_get_root (again))->u64, ==,
                        HOSTILE_INT_LAYER (gsk_layer_scene_get_root (scene))->u64);
      resaved = gsk_layer_scene_to_data (again, NULL);
      g_assert_cmpstr (saved, ==, resaved);

      g_free (resaved);
      g_free (saved);
      g_object_unref (again);
      g_object_unref (scene);
      g_free (text);
    }
}

/* The duplicate check joined target and name with a newline */
static void
test_scene_animation_names (void)
{
  GskLayerScene *scene = load_scene (
    "{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"id\": \"a\", \"children\": [\n"
    "  {\"type\": \"GskLayer\", \"id\": \"a\\nb\"}]},\n"
    " \"animations\": [\n"
    "  {\"target\": \"a\\nb\", \"property\": \"opacity\", \"name\": \"c\", \"to\": 0.5, \"duration\": 10},\n"
    "  {\"target\": \"a\", \"property\": \"opacity\", \"name\": \"b\\nc\", \"to\": 0.5, \"duration\": 10}]}");

  g_assert_cmpuint (gsk_layer_scene_get_n_animations (scene), ==, 2);
  g_object_unref (scene);

  assert_scene_error ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\", \"id\": \"a\"},\n"
                      " \"animations\": [{\"target\": \"a\", \"property\": \"opacity\", \"to\": 0.5, \"duration\": 10},\n"
                      "  {\"target\": \"a\", \"property\": \"opacity\", \"to\": 0.2, \"duration\": 10}]}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:3:*a second animation called “opacity”*");
}

/* A PNG header that declares @width × @height, base64 in a data: URI */
static char *
png_header_uri (guint32 width,
                guint32 height)
{
  guchar header[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R' };
  char *base64, *uri;

  for (int i = 0; i < 4; i++)
    {
      header[16 + i] = width >> (24 - 8 * i);
      header[20 + i] = height >> (24 - 8 * i);
    }
  header[24] = 8;
  header[25] = 6;
  base64 = g_base64_encode (header, sizeof header);
  uri = g_strconcat ("data:image/png;base64,", base64, NULL);
  g_free (base64);
  return uri;
}

/* A 90-byte scene took 51 s and 4.2 GB; an image 1 GB */
static void
test_scene_resource_limits (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = new_root (8, 8);
  char *uri, *text, *dir, *path;
  GError *error = NULL;
  GskLayerContent *content;

  assert_scene_error ("{\"size\": [32767, 32767], \"root\": {\"type\": \"GskLayer\"}}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:1:11: the scene size must be between 1 and 16384*");
  assert_scene_error ("{\"size\": [16384, 16384], \"root\": {\"type\": \"GskLayer\"}}",
                      GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:1:10: the scene is 16384×16384 pixels*");

  uri = png_header_uri (16000, 16000);
  text = g_strdup_printf ("{\"size\": [8, 8], \"root\": {\"type\": \"GskLayer\",\n"
                          "  \"content\": {\"type\": \"image\", \"data\": \"%s\"}}}", uri);
  assert_scene_error (text, GSK_LAYER_ERROR_INVALID_VALUE, "hostile.json:2:*the image is 16000×16000 pixels*");
  g_free (text);
  g_free (uri);

  dir = g_dir_make_tmp ("test-hostile-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "huge.png", NULL);
  {
    guchar header[33] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                          0, 0, 0x40, 0x01, 0, 0, 0, 1, 8, 6 };

    g_assert_true (g_file_set_contents (path, (const char *) header, sizeof header, NULL));
  }
  content = gsk_layer_image_content_new_from_file (path, &error);
  g_assert_null (content);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "16385×1 pixels"));
  g_clear_error (&error);
  g_remove (path);
  g_rmdir (dir);
  g_free (path);
  g_free (dir);

  EXPECT_CRITICAL (g_assert_null (gsk_layer_renderer_render_to_surface (renderer, root, 32768, 1)));
  EXPECT_CRITICAL (g_assert_null (gsk_layer_renderer_render_to_surface (renderer, root, 16384, 16384)));
  EXPECT_CRITICAL (g_assert_null (gsk_layer_scene_new (root, 16385, 1)));

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Saving a 999-deep tree wrote 28 MB: indentation grew with depth */
static void
test_scene_deep_tree (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ()), *l = root;
  GskLayerScene *scene, *again;
  char *text;
  gsize length;
  GString *deep;

  for (guint i = 1; i < GSK_LAYER_MAX_DEPTH; i++)
    {
      GskLayer *child = gsk_layer_new ();

      gsk_layer_add_child (l, child);
      l = child;
    }
  scene = gsk_layer_scene_new (root, 8, 8);
  text = gsk_layer_scene_to_data (scene, &length);
  g_test_message ("%u layers deep: %" G_GSIZE_FORMAT " bytes", GSK_LAYER_MAX_DEPTH, length);
  /* Linear in the depth: 28 MB before for 999 layers */
  g_assert_cmpuint (length, <, GSK_LAYER_MAX_DEPTH * 400);
  again = load_scene (text);
  g_object_unref (again);
  g_free (text);
  g_object_unref (scene);
  g_object_unref (root);

  /* One more does not load */
  deep = g_string_new ("{\"size\": [8, 8], \"root\": ");
  for (guint i = 0; i <= GSK_LAYER_MAX_DEPTH; i++)
    g_string_append (deep, "{\"type\": \"GskLayer\", \"children\": [");
  g_string_append (deep, "{\"type\": \"GskLayer\"}");
  for (guint i = 0; i <= GSK_LAYER_MAX_DEPTH; i++)
    g_string_append (deep, "]}");
  g_string_append (deep, "}");
  {
    char *pattern = g_strdup_printf ("hostile.json:1:*layers are nested more than %d deep", GSK_LAYER_MAX_DEPTH);

    assert_scene_error (deep->str, GSK_LAYER_ERROR_INVALID_VALUE, pattern);
    g_free (pattern);
  }
  g_string_free (deep, TRUE);
}

/* }}} */

/* A backdrop blur of 3 px on a layer scaled 1000 times is a blur of
 * 3000 px: the software backend mirrored what is below by 9000 px all
 * round a 40 px box and blurred that (minutes; fuzz-tree found it).
 * What is below is one colour, so the blurred backdrop is that colour */
static void
test_backdrop_huge_scale (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *pane = gsk_layer_new ();
  GskLayerTransform *t = gsk_layer_transform_scale (NULL, 1000, 1000);
  cairo_surface_t *image;
  guint32 pixel;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (64, 64));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
  gsk_layer_set_size (pane, &GRAPHENE_SIZE_INIT (40, 40));
  gsk_layer_set_position (pane, &GRAPHENE_POINT_INIT (12, 12));
  gsk_layer_set_transform (pane, t);
  gsk_layer_transform_unref (t);
  g_assert_true (gsk_layer_set_style_from_string (pane, "backdrop-filter: blur(3px)", NULL));
  gsk_layer_add_child (root, pane);

  image = gsk_layer_renderer_render_to_surface (renderer, root, 64, 64);
  pixel = *(guint32 *) (cairo_image_surface_get_data (image) + 32 * cairo_image_surface_get_stride (image) + 32 * 4);
  g_assert_cmphex (pixel, ==, 0xff3366cc);

  cairo_surface_destroy (image);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* Every distinct name a layer was ever given stayed interned until the
 * process exited: some 420 bytes each, 84 MB for 200,000 (issue 35, 7).
 * Names now live while a layer has them. Heap in use, by glibc's
 * count (AddressSanitizer's allocator does not keep it: there, the
 * leak check at exit covers the names) */
static void
test_names_do_not_accumulate (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayer *twin = g_object_ref_sink (gsk_layer_new ());
  struct mallinfo2 before, after;
  char name[64];

  /* Warm up what the first names allocate once (the intern table) */
  for (guint i = 0; i < 1000; i++)
    {
      g_snprintf (name, sizeof name, "row %u of a list that only grows", i);
      gsk_layer_set_name (layer, name);
    }
  before = mallinfo2 ();
  for (guint i = 0; i < 200000; i++)
    {
      g_snprintf (name, sizeof name, "row %u of a list that only grows", 1000 + i);
      gsk_layer_set_name (layer, name);
    }
  after = mallinfo2 ();
  g_test_message ("heap in use: %zu -> %zu bytes", before.uordblks, after.uordblks);
  g_assert_cmpint ((gssize) after.uordblks - (gssize) before.uordblks, <, 1 << 20);

  /* Shared while in use, kept while one layer has it */
  gsk_layer_set_name (twin, name);
  g_assert_true (gsk_layer_get_name (twin) == gsk_layer_get_name (layer));
  gsk_layer_set_name (layer, NULL);
  g_assert_null (gsk_layer_get_name (layer));
  g_assert_cmpstr (gsk_layer_get_name (twin), ==, name);

  g_assert_finalize_object (layer);
  g_assert_finalize_object (twin);
}

/* box-shadow: 0 0 16777216px red cost a second a frame on the software
 * backend: its raster spanned the blur's reach, for a shadow that puts
 * less than a level of alpha anywhere (issue 35, 10). A shadow blurred
 * to nothing reaches nowhere and draws nothing; an inset one blurred so
 * leaves its colour over the padding box */
static void
test_shadow_blurred_away (void)
{
  const char *styles[][2] = {
    /* Drawn, and what it must draw the same as */
    { "box-shadow: 0 0 16777216px red", "" },
    { "box-shadow: 40px 0 1000000px 2px red, 0 0 100000px blue", "" },
    { "box-shadow: inset 0 0 16777216px red", "background-color: red" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      GskLayer *root = new_root (200, 150);
      GskLayer *card = rect_layer (50, 40, 100, 60);
      GskLayer *twin_root = new_root (200, 150);
      GskLayer *twin = rect_layer (50, 40, 100, 60);
      cairo_surface_t *a, *b;
      graphene_rect_t extents;

      gsk_layer_add_child (root, card);
      gsk_layer_add_child (twin_root, twin);
      g_assert_true (gsk_layer_set_style_from_string (card, styles[i][0], NULL));
      g_assert_true (gsk_layer_set_style_from_string (twin, styles[i][1], NULL));
      gsk_layer_style_get_box_extents (gsk_layer_get_style (card), &GRAPHENE_SIZE_INIT (100, 60), &extents);
      g_test_message ("%s: extents %g,%g %gx%g", styles[i][0], extents.origin.x, extents.origin.y,
                      extents.size.width, extents.size.height);
      g_assert_true (graphene_rect_equal (&extents, &GRAPHENE_RECT_INIT (0, 0, 100, 60)));

      a = render_fresh (root, 200, 150);
      b = render_fresh (twin_root, 200, 150);
      assert_same_pixels (a, b);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
      g_assert_finalize_object (root);
      g_assert_finalize_object (twin_root);
    }

  /* A wide blur that still shows is drawn: 100 px over a 100 x 60 box
   * peaks at 0.38 x 0.24 of its alpha */
  {
    GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
    graphene_rect_t extents;

    g_assert_true (gsk_layer_set_style_from_string (layer, "box-shadow: 0 0 100px red", NULL));
    gsk_layer_style_get_box_extents (gsk_layer_get_style (layer), &GRAPHENE_SIZE_INIT (100, 60), &extents);
    g_assert_cmpfloat (extents.size.width, ==, 100 + 2 * 150);
    g_assert_finalize_object (layer);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hostile/damage/first-child-of-translucent-layer", test_first_child_of_translucent_layer);
  g_test_add_func ("/hostile/damage/polygon-edge-in-damaged-frame", test_polygon_edge_in_damaged_frame);
  g_test_add_func ("/hostile/geometry/huge-layer-in-place", test_huge_layer_in_place);
  g_test_add_func ("/hostile/geometry/map-point-then-incremental-frame", test_map_point_then_incremental_frame);

  g_test_add_func ("/hostile/geometry/transform-overflow", test_transform_overflow);
  g_test_add_func ("/hostile/geometry/nested-overflow", test_nested_overflow_leaves_parent_pickable);
  g_test_add_func ("/hostile/geometry/huge-layers-rotated", test_huge_layers_rotated);
  g_test_add_func ("/hostile/pick/strong-perspective", test_pick_under_strong_perspective);
  g_test_add_func ("/hostile/pick/near-singular", test_pick_near_singular);

  g_test_add_func ("/hostile/scene/type-calls-nothing", test_scene_type_calls_nothing);

  g_test_add_func ("/hostile/easing/not-finite", test_easing_not_finite);
  g_test_add_func ("/hostile/easing/transition-values-checked", test_transition_values_checked);
  g_test_add_func ("/hostile/easing/overshoot-stays-in-range", test_overshoot_stays_in_range);
  g_test_add_func ("/hostile/easing/overshoot-rotation", test_overshoot_rotation);
  g_test_add_func ("/hostile/easing/overshoot-style", test_overshoot_style_stays_in_range);
  g_test_add_func ("/hostile/easing/singular-matrix-interpolation", test_singular_matrix_interpolation);
  g_test_add_func ("/hostile/easing/spring-retarget-short-move", test_spring_retarget_short_move);

  g_test_add_func ("/hostile/pick/same-after-frame", test_pick_same_after_frame);
  g_test_add_func ("/hostile/pick/edge-on", test_pick_edge_on);
  g_test_add_func ("/hostile/scene/big-integers", test_scene_big_integers);
  g_test_add_func ("/hostile/scene/animation-names", test_scene_animation_names);
  g_test_add_func ("/hostile/scene/resource-limits", test_scene_resource_limits);
  g_test_add_func ("/hostile/scene/deep-tree", test_scene_deep_tree);
  g_test_add_func ("/hostile/backdrop-huge-scale", test_backdrop_huge_scale);
  g_test_add_func ("/hostile/names-do-not-accumulate", test_names_do_not_accumulate);
  g_test_add_func ("/hostile/shadow-blurred-away", test_shadow_blurred_away);

  return g_test_run ();
}

/* vim: set foldmethod=marker: */
