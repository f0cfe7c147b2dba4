/* test-mask.c: masks (issue 32): CSS mask-image and its longhands, and
 * a layer masking another (gsk_layer_set_mask ())
 *
 * Parsed and written back, refused with the place of the problem; a
 * mask layer's tree, moved and animated, masks frame by frame; cycles
 * and layers with parents are refused; a masked layer damages only what
 * its mask shows. What masks draw is held to Chromium (mask-gradient,
 * mask-image) and to a second scene (mask-layer) by the reftests.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "style-test-utils.h"

#define MS 1000

static void
test_mask_parse (void)
{
  g_autofree char *png = g_test_build_filename (G_TEST_DIST, "reftests", "mask-shape.png", NULL);
  g_autofree char *css = g_strdup_printf ("mask-image: url('%s'), none", png);
  g_autofree char *written = g_strdup_printf ("mask-image: url(\"%s\"), none;", png);

  assert_written ("mask-image: none", "mask-image: none;");
  assert_written ("mask-image: linear-gradient(black, transparent)",
                  "mask-image: linear-gradient(180deg, rgb(0,0,0), rgba(0,0,0,0));");
  assert_written (css, written);
  assert_written ("mask-mode: luminance, alpha, match-source", "mask-mode: luminance, alpha, match-source;");
  assert_written ("mask-size: cover, contain, 10px, auto 20%", "mask-size: cover, contain, 10px auto, auto 20%;");
  assert_written ("mask-position: center, right 20px, bottom left", "mask-position: 50% 50%, 100% 20px, 0% 100%;");
  assert_written ("mask-repeat: repeat-x, repeat-y, space round, no-repeat",
                  "mask-repeat: repeat no-repeat, no-repeat repeat, space round, no-repeat no-repeat;");
}

static void
test_mask_errors (void)
{
  assert_refused ("mask-mode: shiny", GSK_LAYER_ERROR_SYNTAX, "1:12: expected alpha, luminance or match-source");
  assert_refused ("mask-size: -4px", GSK_LAYER_ERROR_INVALID_VALUE, "1:12: *");
  assert_refused ("mask-repeat: sideways", GSK_LAYER_ERROR_SYNTAX, "1:14: expected repeat, *");
  assert_refused ("mask-image: url(/no/such/mask.png)", GSK_LAYER_ERROR_FAILED, "1:17: /no/such/mask.png: *");
  assert_refused ("mask-image: url(https://example.com/m.png)", GSK_LAYER_ERROR_UNSUPPORTED, "1:17: only PNG data: URIs*");
  assert_refused ("mask-image: url(data:image/png;base64,AAAA)", GSK_LAYER_ERROR_INVALID_VALUE, "1:17: *");
  assert_refused ("mask-image: image-set(a)", GSK_LAYER_ERROR_UNSUPPORTED, "1:13: only gradients and url()*");
  assert_refused ("mask-image: none, none, none, none, none", GSK_LAYER_ERROR_INVALID_VALUE, "1:37: more than 4 mask layers");
  assert_refused ("mask-image: none,", GSK_LAYER_ERROR_SYNTAX, "1:18: expected a value before “,”");
  assert_refused ("mask: none", GSK_LAYER_ERROR_UNSUPPORTED, "1:1: “mask” is not supported yet");
  assert_refused ("mask-clip: padding-box", GSK_LAYER_ERROR_UNSUPPORTED, "1:1: “mask-clip” is not supported yet");
}

/* Positions and sizes of one kind move; images change at the midpoint */
static void
test_mask_interpolate (void)
{
  g_autoptr (GskLayerStyle) a = style ("mask-image: linear-gradient(black, black); mask-position: 0% 10px; mask-size: 10px 20%");
  g_autoptr (GskLayerStyle) b = style ("mask-image: linear-gradient(black, black); mask-position: 100% 30px; mask-size: 30px 60%");
  g_autoptr (GskLayerStyle) mid = gsk_layer_style_interpolate (a, b, 0.5);
  g_autofree char *text = gsk_layer_style_to_string (mid);

  g_assert_cmpstr (text, ==, "mask-image: linear-gradient(180deg, rgb(0,0,0), rgb(0,0,0)); "
                             "mask-size: 20px 40%; mask-position: 50% 20px;");
}

/* A mask layer is held, placed in its owner's coordinates, and is no
 * child; what cannot be a mask is refused and changes nothing */
static void
test_mask_layer_api (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayer *mask = g_object_ref_sink (gsk_layer_new ());
  GskLayer *other = g_object_ref_sink (gsk_layer_new ());
  GskLayer *child = gsk_layer_new ();

  gsk_layer_add_child (root, card);
  gsk_layer_set_mask (card, mask);
  g_assert_true (gsk_layer_get_mask (card) == mask);
  g_assert_null (gsk_layer_get_parent (mask));
  g_assert_cmpuint (gsk_layer_get_n_children (card), ==, 0);
  g_assert_true (gsk_layer_get_root (mask) == root);

  /* A mask is nobody's child and nobody else's mask */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*already has a parent*");
  gsk_layer_add_child (other, mask);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*already has a parent or is a mask*");
  gsk_layer_set_mask (other, mask);
  g_test_assert_expected_messages ();
  g_assert_null (gsk_layer_get_mask (other));
  /* … nor a top level, though it has no parent to show */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*gsk_layer_is_top_level*");
  gsk_layer_update_hover (mask);
  g_test_assert_expected_messages ();

  /* A layer in a tree, or one holding the owner, is refused */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*already has a parent*");
  gsk_layer_set_mask (root, card);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*would make a cycle*");
  gsk_layer_set_mask (card, root);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*already has a parent or is a mask*");
  gsk_layer_set_mask (card, card);
  g_test_assert_expected_messages ();
  g_assert_true (gsk_layer_get_mask (card) == mask);

  /* The owner cannot go into its mask's tree */
  gsk_layer_add_child (mask, child);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*ancestor*cycle*");
  gsk_layer_remove_child (root, g_object_ref (card));
  gsk_layer_add_child (child, card);
  g_test_assert_expected_messages ();
  gsk_layer_add_child (root, card);
  g_object_unref (card);

  /* Replaced, the old mask is free again */
  gsk_layer_set_mask (card, other);
  gsk_layer_add_child (root, mask);
  g_assert_true (gsk_layer_get_parent (mask) == root);

  /* Destroyed while masking, a mask leaves its owner */
  g_object_run_dispose (G_OBJECT (other));
  g_assert_null (gsk_layer_get_mask (card));

  g_object_unref (other);
  g_object_unref (mask);
  g_assert_finalize_object (root);
}

/* The mask layer's tree masks: its opacity animating, its child moving;
 * frame by frame with the damage check */
/* The mask layer's tree masks: moved with its owner, its opacity
 * animating; frame by frame, each redrawing only what it damaged */
static void
test_mask_layer_draws (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayer *mask = gsk_layer_new ();
  GskLayer *hole = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);

  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (50, 50));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_background_color (card, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_add_child (root, card);
  /* The mask covers the left half; a child of it a square on the right */
  gsk_layer_set_size (mask, &GRAPHENE_SIZE_INIT (50, 100));
  gsk_layer_set_background_color (mask, &(GdkRGBA) { 0, 0, 0, 1 });
  gsk_layer_set_position (hole, &GRAPHENE_POINT_INIT (60, 10));
  gsk_layer_set_size (hole, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_set_background_color (hole, &(GdkRGBA) { 0, 0, 0, 1 });
  gsk_layer_add_child (mask, hole);
  gsk_layer_set_mask (card, mask);

  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, image));
  g_assert_cmphex (pixel_at (image, 75, 100), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 120, 70), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 125, 100), ==, 0);
  g_assert_cmphex (pixel_at (image, 40, 100), ==, 0);

  /* The mask moves with its owner */
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (60, 50));
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, image));
  g_assert_cmphex (pixel_at (image, 62, 100), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 115, 100), ==, 0);

  /* Its opacity eases from 1 to 0: the card fades with it */
  ease_linearly (mask, 1000);
  gsk_layer_set_opacity (mask, 0);
  gsk_layer_restore_easing_state (mask);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, image));
  g_assert_cmpuint (pixel_at (image, 85, 100) >> 24, >=, 120);
  g_assert_cmpuint (pixel_at (image, 85, 100) >> 24, <=, 136);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 600 * MS);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, image));
  g_assert_cmphex (pixel_at (image, 85, 100), ==, 0);

  /* No mask: all of it shows */
  gsk_layer_set_mask (card, NULL);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, image));
  g_assert_cmphex (pixel_at (image, 150, 140), ==, 0xffff0000);

  cairo_surface_destroy (image);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* A masked layer damages only what its mask shows; a mask of no size
 * hides the layer without a fuss */
static void
test_mask_damage (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  g_autoptr (GError) error = NULL;
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;
  cairo_surface_t *image;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 400));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (300, 300));
  gsk_layer_set_background_color (card, &(GdkRGBA) { 0, 0, 1, 1 });
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "mask-image: linear-gradient(black, black); "
                                                  "mask-size: 40px 40px; mask-position: 80px 80px; "
                                                  "mask-repeat: no-repeat", &error));
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_cmphex (pixel_at (target, 100, 100), ==, 0xff0000ff);
  g_assert_cmphex (pixel_at (target, 130, 100), ==, 0);

  gsk_layer_set_background_color (card, &(GdkRGBA) { 0, 1, 0, 1 });
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_get_extents (damage, &extents);
  g_assert_cmpint (extents.x, >=, 78);
  g_assert_cmpint (extents.y, >=, 78);
  g_assert_cmpint (extents.x + extents.width, <=, 122);
  g_assert_cmpint (extents.y + extents.height, <=, 122);
  cairo_region_destroy (damage);

  /* Zero-sized masks show nothing */
  g_assert_true (gsk_layer_set_style_from_string (card, "mask-image: linear-gradient(black, black); mask-size: 0 0",
                                                  &error));
  image = gsk_layer_renderer_render_to_surface (renderer, root, 400, 400);
  g_assert_cmphex (pixel_at (image, 100, 100), ==, 0);
  cairo_surface_destroy (image);
  gsk_layer_set_style (card, NULL);
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (0, 0));
  gsk_layer_set_mask (card, gsk_layer_new ());
  image = gsk_layer_renderer_render_to_surface (renderer, root, 400, 400);
  g_assert_cmphex (pixel_at (image, 0, 0), ==, 0);
  cairo_surface_destroy (image);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Scene files take a layer's mask as a layer, and write it back */
static void
test_mask_scene (void)
{
  const char *text =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], "
    "\"mask\": { \"type\": \"GskLayer\", \"id\": \"m\", \"size\": [50, 50], \"background-color\": \"#000000\" } } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (text, -1, "mask.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *saved = NULL;
  GskLayer *root;

  g_assert_no_error (error);
  root = gsk_layer_scene_get_root (scene);
  g_assert_nonnull (gsk_layer_get_mask (root));
  g_assert_true (gsk_layer_scene_get_layer_by_id (scene, "m") == gsk_layer_get_mask (root));

  saved = gsk_layer_scene_to_data (scene, NULL);
  again = gsk_layer_scene_new_from_data (saved, -1, "saved.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (gsk_layer_get_mask (gsk_layer_scene_get_root (again)));

  g_clear_pointer (&scene, g_object_unref);
  scene = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\", \"mask\": 3 } }",
                                         -1, "bad.json", &error);
  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mask/parse", test_mask_parse);
  g_test_add_func ("/mask/errors", test_mask_errors);
  g_test_add_func ("/mask/interpolate", test_mask_interpolate);
  g_test_add_func ("/mask/layer-api", test_mask_layer_api);
  g_test_add_func ("/mask/layer-draws", test_mask_layer_draws);
  g_test_add_func ("/mask/damage", test_mask_damage);
  g_test_add_func ("/mask/scene", test_mask_scene);

  return g_test_run ();
}
