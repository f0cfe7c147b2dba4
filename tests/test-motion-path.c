/* test-motion-path.c: CSS Motion Path on layers (issue 32)
 *
 * offset-path, offset-distance, offset-rotate and offset-anchor parsed
 * and written back, refused with their place, interpolated, and moving
 * a layer where it is drawn and picked. What it draws is held to
 * Chromium by the motion-path reftest; a scene file's animation of
 * offset-distance by anim-motion-path.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "style-test-utils.h"

static void
test_motion_parse (void)
{
  assert_written ("offset-path: none", "offset-path: none;");
  assert_written ("offset-path: path('M 0 0 h 10')", "offset-path: path(\"M 0 0 L 10 0\");");
  assert_written ("offset-distance: 40%", "offset-distance: 40%;");
  assert_written ("offset-distance: -12.5px", "offset-distance: -12.5px;");
  assert_written ("offset-rotate: auto", "offset-rotate: auto 0deg;");
  assert_written ("offset-rotate: 30deg reverse", "offset-rotate: reverse 30deg;");
  assert_written ("offset-rotate: 0.25turn", "offset-rotate: 90deg;");
  assert_written ("offset-anchor: auto", "offset-anchor: auto;");
  assert_written ("offset-anchor: right top", "offset-anchor: 100% 0%;");
  assert_written ("offset-anchor: 10px 20%", "offset-anchor: 10px 20%;");
  assert_written ("offset-path: ray(45deg)", "offset-path: ray(45deg closest-side);");
  assert_written ("offset-path: ray(sides 0.5turn at left 20px)", "offset-path: ray(180deg sides at 0% 20px);");
  assert_written ("offset-path: circle(10px at 20px 30px)", "offset-path: circle(10px at 20px 30px);");
  assert_written ("offset-path: padding-box inset(10px)", "offset-path: inset(10px 10px 10px 10px) padding-box;");
  assert_written ("offset-position: auto", "offset-position: auto;");
  assert_written ("offset-position: right bottom", "offset-position: 100% 100%;");
}

static void
test_motion_errors (void)
{
  assert_refused ("offset-path: path('M 0 0 L')", GSK_LAYER_ERROR_SYNTAX,
                  "1:27: expected a coordinate, found the end of the path");
  assert_refused ("offset-path: ray(45deg contain)", GSK_LAYER_ERROR_UNSUPPORTED,
                  "1:24: ray() “contain” is not supported yet");
  assert_refused ("offset-path: star()", GSK_LAYER_ERROR_SYNTAX, "1:14: unknown shape “star()”");
  assert_refused ("offset-path: ray(closest-side)", GSK_LAYER_ERROR_SYNTAX, "1:18: a ray needs an angle");
  assert_refused ("offset-path: ray(10deg wide)", GSK_LAYER_ERROR_SYNTAX, "1:24: expected an angle, a ray size, contain or at");
  assert_refused ("offset-path: ray(10deg at)", GSK_LAYER_ERROR_SYNTAX, "1:26: expected a position");
  assert_refused ("offset-path: url(#p)", GSK_LAYER_ERROR_UNSUPPORTED, "1:14: offset-path “url()” is not supported yet");
  assert_refused ("offset-distance: far", GSK_LAYER_ERROR_SYNTAX, "1:18: expected a length or a percentage");
  assert_refused ("offset-distance: NaNpx", GSK_LAYER_ERROR_INVALID_VALUE, "1:18: not a finite number");
  assert_refused ("offset-rotate: auto reverse", GSK_LAYER_ERROR_SYNTAX, "1:21: expected auto, reverse or an angle");
  assert_refused ("offset-rotate: 30px", GSK_LAYER_ERROR_SYNTAX, "1:16: expected auto, reverse or an angle");
  assert_refused ("offset-position: middle", GSK_LAYER_ERROR_SYNTAX, "1:18: expected a length or a percentage");
}

static void
check_between (const char *from,
               const char *to,
               double      t,
               const char *expected)
{
  g_autoptr (GskLayerStyle) a = style (from);
  g_autoptr (GskLayerStyle) b = style (to);
  g_autoptr (GskLayerStyle) r = gsk_layer_style_interpolate (a, b, t);
  g_autofree char *text = gsk_layer_style_to_string (r);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_motion_interpolate (void)
{
  check_between ("offset-distance: 0%", "offset-distance: 100%", 0.25, "offset-distance: 25%;");
  check_between ("offset-distance: 0", "offset-distance: 40px", 0.5, "offset-distance: 20px;");
  /* px against % needs calc(): half way, the other */
  check_between ("offset-distance: 10px", "offset-distance: 40%", 0.4, "offset-distance: 10px;");
  check_between ("offset-rotate: auto 0deg", "offset-rotate: auto 90deg", 0.5, "offset-rotate: auto 45deg;");
  check_between ("offset-rotate: auto", "offset-rotate: 90deg", 0.6, "offset-rotate: 90deg;");
  check_between ("offset-path: path('M 0 0 L 10 0')", "offset-path: path('M 0 10 L 30 0')", 0.5,
                 "offset-path: path(\"M 0 5 L 20 0\");");
  check_between ("offset-anchor: 0 0", "offset-anchor: 100% 50px", 0.5, "offset-anchor: 50% 25px;");
  check_between ("offset-path: ray(0deg)", "offset-path: ray(90deg)", 0.5, "offset-path: ray(45deg closest-side);");
  check_between ("offset-path: ray(0deg)", "offset-path: ray(90deg sides)", 0.4, "offset-path: ray(0deg closest-side);");
  check_between ("offset-path: circle(10px)", "offset-path: circle(30px)", 0.5,
                 "offset-path: circle(20px at 50% 50%);");
  check_between ("offset-position: 0% 10px", "offset-position: 100% 30px", 0.25, "offset-position: 25% 15px;");
}

/* The layer is drawn and picked where the path takes it; its position
 * stays what the application set */
static void
test_motion_moves (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *dot = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  g_autoptr (GError) error = NULL;
  graphene_point_t position;
  cairo_surface_t *image;
  guint32 *pixels;
  int stride;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 100));
  gsk_layer_set_position (dot, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_size (dot, &GRAPHENE_SIZE_INIT (10, 10));
  gsk_layer_set_background_color (dot, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_add_child (root, dot);
  /* Its centre 50 along a line from its own origin to (100, 0) */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: path('M 0 0 H 100'); offset-distance: 50%",
                                                   &error));
  g_assert_true (gsk_layer_pick (root, 60, 10) == dot);
  g_assert_true (gsk_layer_pick (root, 15, 15) == root);
  gsk_layer_get_position (dot, &position);
  g_assert_cmpfloat (position.x, ==, 10);

  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 100);
  pixels = (guint32 *) cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image) / 4;
  g_assert_cmphex (pixels[10 * stride + 60], ==, 0xffff0000);
  g_assert_cmphex (pixels[15 * stride + 15], ==, 0);
  cairo_surface_destroy (image);

  /* Past the end of an open path: at its end; offset-rotate turns it */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: path('M 0 0 H 100'); offset-distance: 300px; "
                                                   "offset-rotate: 45deg", &error));
  g_assert_true (gsk_layer_pick (root, 110, 10) == dot);
  /* Around a closed one (280 long), it wraps: 10 along it */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: path('M 0 0 H 100 V 40 H 0 Z'); "
                                                   "offset-distance: 290px", &error));
  g_assert_true (gsk_layer_pick (root, 20, 8) == dot);
  g_assert_true (gsk_layer_pick (root, 12, 12) == root);
  /* A ray from the containing block's centre (100, 50), 45px to the
   * right: the dot's centre there */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: ray(90deg); offset-distance: 45px", &error));
  g_assert_true (gsk_layer_pick (root, 143, 50) == dot);
  g_assert_true (gsk_layer_pick (root, 15, 15) == root);
  /* closest-side is 50 (top and bottom): 100% is 50px */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: ray(90deg); offset-distance: 100%", &error));
  g_assert_true (gsk_layer_pick (root, 148, 50) == dot);
  /* The containing block is the parent's bounds: it grows, the ray's
   * start and length follow */
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  g_assert_true (gsk_layer_pick (root, 198, 100) == dot);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 100));
  /* From where the layer is (auto), up */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: ray(0deg); offset-position: auto; "
                                                   "offset-distance: 5px", &error));
  g_assert_true (gsk_layer_pick (root, 10, 5) == dot);
  /* Round a circle from its rightmost point, clockwise: a quarter
   * round is at its bottom */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: circle(30px at 100px 50px); "
                                                   "offset-distance: 25%; offset-rotate: 0deg", &error));
  g_assert_true (gsk_layer_pick (root, 100, 80) == dot);
  /* None: back where it was */
  g_assert_true (gsk_layer_set_style_from_string (dot, "offset-path: none", &error));
  g_assert_true (gsk_layer_pick (root, 15, 15) == dot);

  g_object_unref (renderer);
  g_object_unref (root);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/motion-path/parse", test_motion_parse);
  g_test_add_func ("/motion-path/errors", test_motion_errors);
  g_test_add_func ("/motion-path/interpolate", test_motion_interpolate);
  g_test_add_func ("/motion-path/moves", test_motion_moves);

  return g_test_run ();
}
