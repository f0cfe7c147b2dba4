/* test-shape.c: GskLayerShape, a path filled and stroked (issue 32)
 *
 * Its properties, their defaults and notification; values refused;
 * drawing (pixels at chosen points, crisp at a scale); a stroke drawn on
 * frame by frame; a path animating between paths of the same segments;
 * dashes laid by length; scene files. What it draws is held to
 * Chromium's SVG by the shape-* reftests.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "gsk-layer-path-private.h"

#define MS 1000

static GskLayerPath *
path (const char *data)
{
  GError *error = NULL;
  GskLayerPath *p = gsk_layer_path_parse (data, &error);

  g_assert_no_error (error);
  return p;
}

static guint32
pixel_at (cairo_surface_t *image,
          int              x,
          int              y)
{
  cairo_surface_flush (image);
  return *(guint32 *) (cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image) + x * 4);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* SVG's defaults; every property notifies once per real change */
static void
test_shape_properties (void)
{
  GskLayerPath *square = path ("M 0 0 H 10 V 10 H 0 Z");
  GskLayerShape *shape = GSK_LAYER_SHAPE (g_object_ref_sink (gsk_layer_shape_new (square)));
  GdkRGBA color;
  gsize n;
  guint count = 0;
  char *dash;

  g_assert_true (gsk_layer_shape_get_path (shape) == square);
  gsk_layer_shape_get_fill_color (shape, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 0, 1 }));
  gsk_layer_shape_get_stroke_color (shape, &color);
  g_assert_cmpfloat (color.alpha, ==, 0);
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_width (shape), ==, 1);
  g_assert_cmpint (gsk_layer_shape_get_line_cap (shape), ==, GSK_LAYER_LINE_CAP_BUTT);
  g_assert_cmpint (gsk_layer_shape_get_line_join (shape), ==, GSK_LAYER_LINE_JOIN_MITER);
  g_assert_cmpfloat (gsk_layer_shape_get_miter_limit (shape), ==, 4);
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_start (shape), ==, 0);
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_end (shape), ==, 1);
  g_assert_null (gsk_layer_shape_get_dash (shape, &n));
  g_assert_cmpuint (n, ==, 0);

  g_signal_connect (shape, "notify", G_CALLBACK (count_notify), &count);
  gsk_layer_shape_set_stroke_end (shape, 0.5f);
  gsk_layer_shape_set_stroke_end (shape, 0.5f);
  g_assert_cmpuint (count, ==, 1);
  gsk_layer_shape_set_stroke_color (shape, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_shape_set_stroke_color (shape, &(GdkRGBA) { 1, 0, 0, 1 });
  g_assert_cmpuint (count, ==, 2);
  /* An equal path is no change */
  {
    GskLayerPath *same = path ("M 0 0 H 10 V 10 H 0 Z");

    gsk_layer_shape_set_path (shape, same);
    gsk_layer_path_unref (same);
  }
  g_assert_cmpuint (count, ==, 2);
  gsk_layer_path_unref (square);

  /* Dashes as numbers and as SVG's text */
  gsk_layer_shape_set_dash (shape, (const float[]) { 4, 2 }, 2);
  g_assert_cmpuint (count, ==, 3);
  g_object_get (shape, "dash", &dash, NULL);
  g_assert_cmpstr (dash, ==, "4 2");
  g_free (dash);
  g_object_set (shape, "dash", "3, 1 0.5", NULL);
  g_assert_cmpfloat (gsk_layer_shape_get_dash (shape, &n)[2], ==, 0.5f);
  g_assert_cmpuint (n, ==, 3);
  g_object_set (shape, "dash", " none ", NULL);
  g_assert_null (gsk_layer_shape_get_dash (shape, &n));
  g_assert_cmpuint (count, ==, 5);

  g_object_unref (shape);
}

/* Bad values: a critical, and nothing changes */
static void
test_shape_refused (void)
{
  GskLayerShape *shape = GSK_LAYER_SHAPE (g_object_ref_sink (gsk_layer_shape_new (NULL)));
  gsize n;

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*end >= 0.f*");
  gsk_layer_shape_set_stroke_end (shape, NAN);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*width >= 0.f*");
  gsk_layer_shape_set_stroke_width (shape, -1);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*rgba_is_valid*");
  gsk_layer_shape_set_fill_color (shape, &(GdkRGBA) { NAN, 0, 0, 1 });
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*limit >= 1.f*");
  gsk_layer_shape_set_miter_limit (shape, 0.5f);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*sum > 0*");
  gsk_layer_shape_set_dash (shape, (const float[]) { 0, 0 }, 2);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*not a dash pattern*");
  g_object_set (shape, "dash", "4 -2", NULL);
  g_test_assert_expected_messages ();

  g_assert_cmpfloat (gsk_layer_shape_get_stroke_end (shape), ==, 1);
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_width (shape), ==, 1);
  g_assert_cmpfloat (gsk_layer_shape_get_miter_limit (shape), ==, 4);
  g_assert_null (gsk_layer_shape_get_dash (shape, &n));
  g_object_unref (shape);
}

static GskLayer *
ring_scene (GskLayerShape **out)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayerPath *ring = path ("M 50 10 A 40 40 0 1 1 49.99 10");
  GskLayer *shape = gsk_layer_shape_new (ring);

  gsk_layer_path_unref (ring);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_size (shape, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_shape_set_fill_color (GSK_LAYER_SHAPE (shape), &(GdkRGBA) { 0, 0, 0, 0 });
  gsk_layer_shape_set_stroke_color (GSK_LAYER_SHAPE (shape), &(GdkRGBA) { 0, 0, 1, 1 });
  gsk_layer_shape_set_stroke_width (GSK_LAYER_SHAPE (shape), 8);
  gsk_layer_add_child (root, shape);
  *out = GSK_LAYER_SHAPE (shape);
  return root;
}

/* A progress ring drawn on: stroke-end animates from 0 to 1 in an easing
 * state, and each frame draws as far round as it says (the renderer's
 * damage check is on in every test) */
static void
test_shape_draw_on (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  GskLayerShape *shape;
  GskLayer *root = ring_scene (&shape);

  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_shape_set_stroke_end (shape, 0);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  /* Nothing yet: right (90 to 50, 50) is where a quarter turn reaches */
  g_assert_cmphex (pixel_at (target, 90, 50), ==, 0);

  gsk_layer_save_easing_state (GSK_LAYER (shape));
  gsk_layer_set_easing_duration (GSK_LAYER (shape), 1000);
  gsk_layer_set_easing_mode (GSK_LAYER (shape), GSK_LAYER_EASING_LINEAR);
  gsk_layer_shape_set_stroke_end (shape, 1);
  gsk_layer_restore_easing_state (GSK_LAYER (shape));
  /* The model at once */
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_end (shape), ==, 1);

  /* A third of the way: past the right, not yet at the bottom */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 333 * MS);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));

  g_assert_cmphex (pixel_at (target, 90, 50), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (target, 50, 90), ==, 0);
  g_assert_cmphex (pixel_at (target, 10, 50), ==, 0);

  /* Two thirds: past the bottom */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 333 * MS);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));

  g_assert_cmphex (pixel_at (target, 50, 90), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (target, 10, 50), ==, 0);

  /* All of it */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 400 * MS);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_cmphex (pixel_at (target, 10, 50), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (target, 45, 10), ==, 0xff0000ff);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (root);
  g_object_unref (clock);
}

/* Drawn at the scale shown: at 3× a 1-unit stroke covers 3 pixels */
static void
test_shape_crisp (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayerPath *line = path ("M 0 10.5 H 20");
  GskLayer *shape = gsk_layer_shape_new (line);
  cairo_surface_t *image;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_set_size (shape, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_shape_set_stroke_color (GSK_LAYER_SHAPE (shape), &(GdkRGBA) { 0, 0, 0, 1 });
  gsk_layer_add_child (root, shape);
  gsk_layer_renderer_set_scale (renderer, 3);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 20, 20);
  /* Rows 30 to 32 (10 to 11 units) full, 29 and 33 empty */
  g_assert_cmphex (pixel_at (image, 30, 29), ==, 0);
  g_assert_cmphex (pixel_at (image, 30, 30), ==, 0xff000000);
  g_assert_cmphex (pixel_at (image, 30, 32), ==, 0xff000000);
  g_assert_cmphex (pixel_at (image, 30, 33), ==, 0);
  cairo_surface_destroy (image);

  gsk_layer_path_unref (line);
  g_object_unref (renderer);
  g_object_unref (root);
}

/* A path animates to one of the same segments point by point, and is
 * set at the end to one that is not */
static void
test_shape_path_animates (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerShape *shape;
  GskLayer *root = ring_scene (&shape);
  GskLayerPath *from = path ("M 10 10 L 20 10"), *to = path ("M 30 50 L 40 70"), *other = path ("M 0 0 H 5 V 5");
  GValue v = G_VALUE_INIT;
  char *text;

  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_shape_set_path (shape, from);
  gsk_layer_save_easing_state (GSK_LAYER (shape));
  gsk_layer_set_easing_duration (GSK_LAYER (shape), 1000);
  gsk_layer_set_easing_mode (GSK_LAYER (shape), GSK_LAYER_EASING_LINEAR);
  gsk_layer_shape_set_path (shape, to);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);
  g_assert_true (gsk_layer_get_presentation_value (GSK_LAYER (shape), "path", &v));
  text = gsk_layer_path_to_string (g_value_get_boxed (&v));
  g_assert_cmpstr (text, ==, "M 20 30 L 30 40");
  g_free (text);
  g_value_unset (&v);

  gsk_layer_shape_set_path (shape, other);
  gsk_layer_restore_easing_state (GSK_LAYER (shape));
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);
  g_assert_true (gsk_layer_get_presentation_value (GSK_LAYER (shape), "path", &v));
  text = gsk_layer_path_to_string (g_value_get_boxed (&v));
  g_assert_cmpstr (text, ==, "M 20 30 L 30 40");
  g_free (text);
  g_value_unset (&v);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 600 * MS);
  g_assert_true (gsk_layer_get_presentation_value (GSK_LAYER (shape), "path", &v));
  g_assert_true (gsk_layer_path_equal (g_value_get_boxed (&v), other));
  g_value_unset (&v);

  gsk_layer_path_unref (from);
  gsk_layer_path_unref (to);
  gsk_layer_path_unref (other);
  g_object_unref (root);
  g_object_unref (clock);
}

/* Dashes fall where the length along the curve says: on a circle of
 * radius 40 from its right, a dash of an eighth of a turn (10π) ends at
 * 45°, and after a gap of two eighths the next starts at 135° */
static void
test_shape_dash_by_length (void)
{
  GskLayerPath *circle = path ("M 90 50 A 40 40 0 1 1 10 50 A 40 40 0 1 1 90 50");
  GskLayerPath *dashes = gsk_layer_path_dash (circle, (const float[]) { 10 * G_PI, 20 * G_PI }, 2, 0, 0.01f);
  graphene_point_t p;

  g_assert_cmpuint (gsk_layer_path_get_n_segments (dashes), >, 4);
  g_assert_cmpfloat_with_epsilon (gsk_layer_path_get_length (dashes, 0.01f), 30 * G_PI, 0.1);
  g_assert_true (gsk_layer_path_get_point_at (dashes, 0, 0.01f, &p, NULL));
  g_assert_cmpfloat_with_epsilon (p.x, 90, 0.01);
  g_assert_cmpfloat_with_epsilon (p.y, 50, 0.01);
  g_assert_true (gsk_layer_path_get_point_at (dashes, 10 * G_PI - 0.001, 0.01f, &p, NULL));
  g_assert_cmpfloat_with_epsilon (p.x, 50 + 40 * G_SQRT2 / 2, 0.05);
  g_assert_cmpfloat_with_epsilon (p.y, 50 + 40 * G_SQRT2 / 2, 0.05);
  g_assert_true (gsk_layer_path_get_point_at (dashes, 10 * G_PI + 0.001, 0.01f, &p, NULL));
  g_assert_cmpfloat_with_epsilon (p.x, 50 - 40 * G_SQRT2 / 2, 0.05);
  g_assert_cmpfloat_with_epsilon (p.y, 50 + 40 * G_SQRT2 / 2, 0.05);

  gsk_layer_path_unref (dashes);
  gsk_layer_path_unref (circle);
}

/* Scene files: the type, its path as SVG path data (errors with their
 * place), enums by nick, dashes as text; saved and loaded back */
static void
test_shape_scene (void)
{
  const char *text =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], \"children\": [\n"
    "  { \"type\": \"GskLayerShape\", \"id\": \"check\", \"size\": [100, 100], \"path\": \"M 10 50 l 20 20 L 90 20\",\n"
    "    \"fill-color\": \"transparent\", \"stroke-color\": \"#2ec27e\", \"stroke-width\": 8,\n"
    "    \"line-cap\": \"round\", \"line-join\": \"round\", \"dash\": \"4 2\", \"stroke-end\": 0.5 } ] } }";
  const char *bad =
    "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayerShape\",\n"
    "  \"path\": \"M 0 0 L 5\" } }";
  GError *error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_data (text, -1, "check.json", &error);
  GskLayerScene *again;
  GskLayerShape *check;
  char *data, *saved_path;
  gsize n;

  g_assert_no_error (error);
  check = GSK_LAYER_SHAPE (gsk_layer_scene_get_layer_by_id (scene, "check"));
  g_assert_cmpint (gsk_layer_shape_get_line_cap (check), ==, GSK_LAYER_LINE_CAP_ROUND);
  g_assert_cmpfloat (gsk_layer_shape_get_stroke_end (check), ==, 0.5f);
  g_assert_cmpuint ((gsk_layer_shape_get_dash (check, &n), n), ==, 2);

  data = gsk_layer_scene_to_data (scene, NULL);
  again = gsk_layer_scene_new_from_data (data, -1, "again.json", &error);
  g_assert_no_error (error);
  check = GSK_LAYER_SHAPE (gsk_layer_scene_get_layer_by_id (again, "check"));
  saved_path = gsk_layer_path_to_string (gsk_layer_shape_get_path (check));
  g_assert_cmpstr (saved_path, ==, "M 10 50 L 30 70 L 90 20");
  g_assert_cmpuint ((gsk_layer_shape_get_dash (check, &n), n), ==, 2);
  g_free (saved_path);
  g_free (data);
  g_object_unref (again);
  g_object_unref (scene);

  g_assert_null (gsk_layer_scene_new_from_data (bad, -1, "bad.json", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_SYNTAX);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:2:21:"));
  g_clear_error (&error);
}

/* Fill and stroke gradients: read as CSS, refused with their column,
 * set once, painted over the layer's bounds; scene files take them
 * and refuse bad ones with their place */
static void
test_shape_gradients (void)
{
  g_autoptr (GskLayerPath) path = gsk_layer_path_parse ("M 0 0 H 100 V 20 H 0 Z", NULL);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *layer = gsk_layer_shape_new (path);
  GskLayerShape *shape = GSK_LAYER_SHAPE (layer);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GError *error = NULL;
  cairo_surface_t *image;
  guint notified = 0;
  char *text = NULL;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 20));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (100, 20));
  gsk_layer_add_child (root, layer);
  g_signal_connect_swapped (layer, "notify::fill-gradient", G_CALLBACK (g_atomic_int_inc), &notified);

  g_assert_true (gsk_layer_shape_set_fill_gradient (shape, "linear-gradient(to right, #ff0000, #0000ff)", &error));
  g_assert_no_error (error);
  g_assert_true (gsk_layer_shape_set_fill_gradient (shape, "linear-gradient(to right, #ff0000, #0000ff)", NULL));
  g_assert_cmpuint (notified, ==, 1);
  g_object_get (layer, "fill-gradient", &text, NULL);
  g_assert_cmpstr (text, ==, "linear-gradient(to right, #ff0000, #0000ff)");
  g_free (text);

  /* Red at the left, blue at the right: over the bounds */
  image = gsk_layer_renderer_render_to_surface (renderer, root, 100, 20);
  g_assert_cmphex (pixel_at (image, 0, 10) & 0xffff0000, ==, 0xfffe0000);
  g_assert_cmphex (pixel_at (image, 99, 10) & 0xff0000ff, ==, 0xff0000fe);
  cairo_surface_destroy (image);

  g_assert_false (gsk_layer_shape_set_fill_gradient (shape, "linear-gradient(red)", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "16: a gradient needs two color stops");
  g_clear_error (&error);
  g_assert_false (gsk_layer_shape_set_stroke_gradient (shape, "url(x.png)", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*is not a gradient*");
  g_object_set (layer, "stroke-gradient", "blue", NULL);
  g_test_assert_expected_messages ();
  g_assert_null (gsk_layer_shape_get_stroke_gradient (shape));
  g_assert_cmpstr (gsk_layer_shape_get_fill_gradient (shape), ==, "linear-gradient(to right, #ff0000, #0000ff)");
  g_assert_true (gsk_layer_shape_set_fill_gradient (shape, NULL, NULL));
  g_assert_null (gsk_layer_shape_get_fill_gradient (shape));

  g_assert_null (gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayerShape\",\n"
                                                "  \"fill-gradient\": \"radial-gradient(\" } }", -1, "bad.json", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:2:"));
  g_clear_error (&error);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shape/properties", test_shape_properties);
  g_test_add_func ("/shape/refused", test_shape_refused);
  g_test_add_func ("/shape/draw-on", test_shape_draw_on);
  g_test_add_func ("/shape/crisp", test_shape_crisp);
  g_test_add_func ("/shape/path-animates", test_shape_path_animates);
  g_test_add_func ("/shape/dash-by-length", test_shape_dash_by_length);
  g_test_add_func ("/shape/scene", test_shape_scene);
  g_test_add_func ("/shape/gradients", test_shape_gradients);

  return g_test_run ();
}
