/* test-clone.c: live clones of a layer's tree (issue 32)
 *
 * A clone shows its source as it is now: frame by frame while the
 * source's tree animates, when the source is hidden or in no tree, each
 * frame redrawing only what it damaged; ancestors are refused as
 * sources and cycles through clones of clones end. What a clone draws
 * is held to a second scene that draws the copies as layers by the
 * clone reftest.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

#include "style-test-utils.h"

#define MS 1000

static GskLayer *
rect (float          x,
      float          y,
      float          w,
      float          h,
      const GdkRGBA *color)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (layer, color);
  return layer;
}

static const GdkRGBA red = { 1, 0, 0, 1 }, blue = { 0, 0, 1, 1 }, green = { 0, 1, 0, 1 };

static void
test_clone_api (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *source = rect (0, 0, 10, 10, &red);
  GskLayer *clone = gsk_layer_clone_new (source);
  GskLayer *other = g_object_ref_sink (gsk_layer_new ());
  guint notified = 0;

  gsk_layer_add_child (root, source);
  gsk_layer_add_child (source, clone);
  g_assert_true (gsk_layer_clone_get_source (GSK_LAYER_CLONE (clone)) == source);
  g_signal_connect_swapped (clone, "notify::source", G_CALLBACK (g_atomic_int_inc), &notified);

  /* Its own ancestors and itself are refused, and nothing changes */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*one of its ancestors*");
  gsk_layer_clone_set_source (GSK_LAYER_CLONE (clone), root);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*one of its ancestors*");
  g_object_set (clone, "source", clone, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (gsk_layer_clone_get_source (GSK_LAYER_CLONE (clone)) == source);
  g_assert_cmpuint (notified, ==, 0);

  gsk_layer_clone_set_source (GSK_LAYER_CLONE (clone), other);
  gsk_layer_clone_set_source (GSK_LAYER_CLONE (clone), other);
  g_assert_cmpuint (notified, ==, 1);

  /* A clone holds its source, and lets it go with itself */
  g_object_add_weak_pointer (G_OBJECT (other), (gpointer *) &other);
  g_object_unref (other);
  g_assert_nonnull (other);
  gsk_layer_remove_child (source, clone);
  g_assert_null (other);
  g_assert_finalize_object (root);
}

/* The clone's box shows the source's as it is, each frame of an
 * animation of a layer in the source's tree, each frame drawn over the
 * last where it was damaged */
static void
test_clone_live (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *source = rect (10, 10, 80, 80, &blue);
  GskLayer *dot = rect (0, 0, 20, 20, &red);
  GskLayer *clone = gsk_layer_clone_new (source);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  int frame, x, y;

  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 100));
  gsk_layer_add_child (source, dot);
  gsk_layer_add_child (root, source);
  gsk_layer_set_position (clone, &GRAPHENE_POINT_INIT (110, 10));
  gsk_layer_set_size (clone, &GRAPHENE_SIZE_INIT (80, 80));
  gsk_layer_add_child (root, clone);

  ease_linearly (dot, 1000);
  gsk_layer_set_position (dot, &GRAPHENE_POINT_INIT (60, 60));
  gsk_layer_restore_easing_state (dot);

  for (frame = 0; frame <= 5; frame++)
    {
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      for (y = 10; y < 90; y += 3)
        for (x = 10; x < 90; x += 3)
          g_assert_cmphex (pixel_at (target, x + 100, y), ==, pixel_at (target, x, y));
      /* The dot is somewhere in both */
      g_assert_cmphex (pixel_at (target, 20 + 12 * frame, 20 + 12 * frame), ==, 0xffff0000);
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 200 * MS);
    }

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* A hidden source, and one in no tree at all, are drawn in their
 * clones; a change to either shows there */
static void
test_clone_hidden_source (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *hidden = rect (0, 0, 40, 40, &red);
  GskLayer *loose = g_object_ref_sink (rect (500, 500, 40, 40, &green));
  GskLayer *clone1 = gsk_layer_clone_new (hidden);
  GskLayer *clone2 = gsk_layer_clone_new (loose);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 100));
  gsk_layer_set_visible (hidden, FALSE);
  gsk_layer_add_child (root, hidden);
  gsk_layer_set_position (clone1, &GRAPHENE_POINT_INIT (50, 0));
  gsk_layer_set_size (clone1, &GRAPHENE_SIZE_INIT (40, 40));
  gsk_layer_add_child (root, clone1);
  gsk_layer_set_position (clone2, &GRAPHENE_POINT_INIT (100, 0));
  gsk_layer_set_size (clone2, &GRAPHENE_SIZE_INIT (40, 40));
  gsk_layer_add_child (root, clone2);

  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_cmphex (pixel_at (target, 20, 20), ==, 0);
  g_assert_cmphex (pixel_at (target, 70, 20), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (target, 120, 20), ==, 0xff00ff00);

  /* Twice: a change must reach the clones after the first, too */
  for (int i = 0; i < 2; i++)
    {
      gsk_layer_set_background_color (hidden, i ? &red : &blue);
      gsk_layer_set_background_color (loose, i ? &green : &red);
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
      g_assert_cmphex (pixel_at (target, 70, 20), ==, i ? 0xffff0000 : 0xff0000ff);
      g_assert_cmphex (pixel_at (target, 120, 20), ==, i ? 0xff00ff00 : 0xffff0000);
    }

  /* A hidden source whose content is drawn by code: rasterized for its
   * clone */
  {
    g_autoptr (GskLayerPath) path = gsk_layer_path_parse ("M 0 0 H 40 V 40 H 0 Z", NULL);
    GskLayer *shape = gsk_layer_shape_new (path);
    GskLayer *clone3 = gsk_layer_clone_new (shape);

    gsk_layer_set_size (shape, &GRAPHENE_SIZE_INIT (40, 40));
    gsk_layer_shape_set_fill_color (GSK_LAYER_SHAPE (shape), &blue);
    gsk_layer_set_visible (shape, FALSE);
    gsk_layer_add_child (root, shape);
    gsk_layer_set_position (clone3, &GRAPHENE_POINT_INIT (150, 50));
    gsk_layer_set_size (clone3, &GRAPHENE_SIZE_INIT (40, 40));
    gsk_layer_add_child (root, clone3);
    cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
    g_assert_cmphex (pixel_at (target, 170, 70), ==, 0xff0000ff);
    g_assert_cmphex (pixel_at (target, 20, 20), ==, 0);
  }

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (loose);
  g_assert_finalize_object (root);
}

/* A source changed damages its clones' boxes, and only them and its own */
static void
test_clone_damage (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *source = rect (0, 0, 40, 40, &red);
  GskLayer *clone = gsk_layer_clone_new (source);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  cairo_region_t *damage;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 400));
  gsk_layer_add_child (root, source);
  gsk_layer_set_position (clone, &GRAPHENE_POINT_INIT (300, 300));
  gsk_layer_set_size (clone, &GRAPHENE_SIZE_INIT (80, 80));
  gsk_layer_add_child (root, clone);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_cmphex (pixel_at (target, 370, 370), ==, 0xffff0000);

  gsk_layer_set_background_color (source, &blue);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_cmpint (cairo_region_contains_point (damage, 20, 20), ==, TRUE);
  g_assert_cmpint (cairo_region_contains_point (damage, 340, 340), ==, TRUE);
  g_assert_cmpint (cairo_region_contains_point (damage, 200, 200), ==, FALSE);
  g_assert_cmpint (cairo_region_contains_point (damage, 20, 340), ==, FALSE);
  cairo_region_destroy (damage);
  g_assert_cmphex (pixel_at (target, 370, 370), ==, 0xff0000ff);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Clones of clones through each other's trees draw a few levels deep
 * and stop */
static void
test_clone_cycle (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *a = rect (0, 0, 50, 50, &red);
  GskLayer *b = rect (100, 0, 50, 50, &blue);
  GskLayer *in_a = gsk_layer_clone_new (b);
  GskLayer *in_b = gsk_layer_clone_new (a);
  cairo_surface_t *image;
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 100));
  gsk_layer_set_position (in_a, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_size (in_a, &GRAPHENE_SIZE_INIT (30, 30));
  gsk_layer_add_child (a, in_a);
  gsk_layer_set_position (in_b, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_size (in_b, &GRAPHENE_SIZE_INIT (30, 30));
  gsk_layer_add_child (b, in_b);
  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);

  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 100);
  /* a; its clone of b at 0.6 (10 to 40); in it b's clone of a, at
   * 0.36 (16 to 34); in that a's clone of b (19.6 to 30.4) … */
  g_assert_cmphex (pixel_at (image, 5, 5), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 12, 12), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (image, 17, 17), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 20, 20), ==, 0xff0000ff);
  cairo_surface_destroy (image);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* A clone put under its source after the fact (the check is when the
 * source is set) neither hangs a change nor a frame: its copies nest a
 * few levels deep and stop */
static void
test_clone_under_source (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *source = rect (0, 0, 80, 80, &red);
  GskLayer *clone = gsk_layer_clone_new (source);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_add_child (root, source);
  gsk_layer_set_position (clone, &GRAPHENE_POINT_INIT (40, 40));
  gsk_layer_set_size (clone, &GRAPHENE_SIZE_INIT (40, 40));
  gsk_layer_add_child (source, clone);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  gsk_layer_set_background_color (source, &blue);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_cmphex (pixel_at (target, 10, 10), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (target, 50, 50), ==, 0xff0000ff);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Scene files name a clone's source by id, and write it back so */
static void
test_clone_scene (void)
{
  const char *text =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], \"children\": ["
    " { \"type\": \"GskLayerClone\", \"source\": \"card\", \"size\": [20, 20] },"
    " { \"type\": \"GskLayer\", \"id\": \"card\", \"size\": [10, 10] } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (text, -1, "clone.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *saved = NULL;
  GskLayer *clone;

  g_assert_no_error (error);
  clone = gsk_layer_get_first_child (gsk_layer_scene_get_root (scene));
  g_assert_true (gsk_layer_clone_get_source (GSK_LAYER_CLONE (clone)) ==
                 gsk_layer_scene_get_layer_by_id (scene, "card"));

  saved = gsk_layer_scene_to_data (scene, NULL);
  again = gsk_layer_scene_new_from_data (saved, -1, "saved.json", &error);
  g_assert_no_error (error);
  clone = gsk_layer_get_first_child (gsk_layer_scene_get_root (again));
  g_assert_true (gsk_layer_clone_get_source (GSK_LAYER_CLONE (clone)) ==
                 gsk_layer_scene_get_layer_by_id (again, "card"));

  g_clear_object (&scene);
  scene = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayerClone\", "
                                         "\"source\": \"nobody\" } }", -1, "bad.json", &error);
  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_suffix (error->message, "no layer has the id “nobody”"));
  g_clear_error (&error);
  scene = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\", \"id\": \"top\", "
                                         "\"children\": [ { \"type\": \"GskLayerClone\", \"source\": \"top\" } ] } }",
                                         -1, "bad.json", &error);
  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_suffix (error->message, "a clone cannot show its own ancestor"));
}

/* Found by fuzz-tree: a clone of a layer with a drop shadow, under a
 * top level turned in 3D, drew its second frame differently from a
 * full redraw of it (the renderer's damage check, on in every test) */
static void
test_clone_filtered_3d (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  GskLayer *layers[8];
  GskLayerTransform *t = NULL;
  guint i;

  for (i = 0; i < 8; i++)
    {
      layers[i] = i == 7 ? gsk_layer_clone_new (NULL) : gsk_layer_new ();
      gsk_layer_set_position (layers[i], &GRAPHENE_POINT_INIT (i % 3 * 7, i % 4 * 5));
      gsk_layer_set_size (layers[i], &GRAPHENE_SIZE_INIT (i == 0 ? 64 : 24, i == 0 ? 64 : 20));
      gsk_layer_set_background_color (layers[i], &(GdkRGBA) { i / 8.f, 1 - i / 8.f, 0.5f, i % 2 ? 0.6f : 1 });
      if (i > 0)
        gsk_layer_add_child (layers[(i - 1) / 2], layers[i]);
    }
  g_object_ref_sink (layers[0]);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, layers[0], target));

  g_assert_true (gsk_layer_set_style_from_string (layers[4], "filter: drop-shadow(3px 4px 2px rgba(0, 0, 0, 0.6))", NULL));
  gsk_layer_clone_set_source (GSK_LAYER_CLONE (layers[7]), layers[4]);
  g_assert_true (gsk_layer_transform_parse ("perspective(100px) rotateY(60deg)", &t, NULL));
  gsk_layer_set_transform (layers[0], t);
  gsk_layer_transform_unref (t);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, layers[0], target));

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (layers[0]);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/clone/api", test_clone_api);
  g_test_add_func ("/clone/live", test_clone_live);
  g_test_add_func ("/clone/hidden-source", test_clone_hidden_source);
  g_test_add_func ("/clone/damage", test_clone_damage);
  g_test_add_func ("/clone/cycle", test_clone_cycle);
  g_test_add_func ("/clone/under-source", test_clone_under_source);
  g_test_add_func ("/clone/scene", test_clone_scene);
  g_test_add_func ("/clone/filtered-3d", test_clone_filtered_3d);

  return g_test_run ();
}
