/* test-clip-path.c: CSS clip-path on layers (issue 32)
 *
 * Parsed and written back, refused with the place of the problem,
 * laid out on a layer's boxes as CSS Shapes says, interpolated as CSS
 * interpolates basic shapes, animated frame by frame, and hit where it
 * draws. What it draws is held to Chromium by the clip-path-* reftests.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-style-private.h"
#include "style-test-utils.h"

#define MS 1000

/* Every shape and box, written as CSS writes it, and read back equal */
static void
test_clip_path_parse (void)
{
  assert_written ("clip-path: none", "clip-path: none;");
  assert_written ("clip-path: circle()", "clip-path: circle(closest-side at 50% 50%);");
  assert_written ("clip-path: circle(20px at left top)", "clip-path: circle(20px at 0% 0%);");
  assert_written ("clip-path: CIRCLE(farthest-side at 10px 30%) padding-box",
                  "clip-path: circle(farthest-side at 10px 30%) padding-box;");
  assert_written ("clip-path: ellipse(40% 10px)", "clip-path: ellipse(40% 10px at 50% 50%);");
  assert_written ("clip-path: content-box ellipse(closest-side farthest-side at 30% 50%)",
                  "clip-path: ellipse(closest-side farthest-side at 30% 50%) content-box;");
  assert_written ("clip-path: inset(10px)", "clip-path: inset(10px 10px 10px 10px);");
  assert_written ("clip-path: inset(1px 2% 3px round 4px 5px / 6px)",
                  "clip-path: inset(1px 2% 3px 2% round 4px 5px 4px 5px / 6px 6px 6px 6px);");
  assert_written ("clip-path: polygon(0 0, 100% 0, 50px 100%)", "clip-path: polygon(0 0, 100% 0, 50px 100%);");
  assert_written ("clip-path: polygon(evenodd, 0 0, 10px 0, 0 10px)",
                  "clip-path: polygon(evenodd, 0 0, 10px 0, 0 10px);");
  assert_written ("clip-path: polygon(nonzero, 0 0, 10px 0, 0 10px)", "clip-path: polygon(0 0, 10px 0, 0 10px);");
  assert_written ("clip-path: path('M 0 0 h 10 v 10 z')", "clip-path: path(\"M 0 0 L 10 0 L 10 10 Z\");");
  assert_written ("clip-path: path(evenodd, \"M0 0L5 5\")", "clip-path: path(evenodd, \"M 0 0 L 5 5\");");
  /* A box alone, each of CSS's names for a layer's three */
  assert_written ("clip-path: padding-box", "clip-path: padding-box;");
  assert_written ("clip-path: margin-box", "clip-path: border-box;");
  assert_written ("clip-path: fill-box", "clip-path: content-box;");
}

/* Each problem with its line and column; a path's with the place of the
 * problem in its data */
static void
test_clip_path_errors (void)
{
  assert_refused ("clip-path: circle(10px 20px)", GSK_LAYER_ERROR_SYNTAX,
                  "1:24: expected a radius, then “at” and a position");
  assert_refused ("clip-path: circle(-5px)", GSK_LAYER_ERROR_INVALID_VALUE, "1:19: a radius cannot be negative");
  assert_refused ("clip-path: ellipse(10px 20px at)", GSK_LAYER_ERROR_SYNTAX, "1:32: expected a position");
  assert_refused ("clip-path: polygon(0 0, 10px)", GSK_LAYER_ERROR_SYNTAX,
                  "1:24: a polygon's vertex is two lengths, x and y");
  assert_refused ("clip-path: path('M 0 0 L 10')", GSK_LAYER_ERROR_SYNTAX,
                  "1:28: expected a coordinate, found the end of the path");
  assert_refused ("clip-path: path(M 0 0)", GSK_LAYER_ERROR_SYNTAX, "1:17: expected path data in quotes");
  assert_refused ("clip-path: star(5)", GSK_LAYER_ERROR_SYNTAX, "1:12: unknown shape “star()”");
  assert_refused ("clip-path: url(#clip)", GSK_LAYER_ERROR_UNSUPPORTED, "1:12: “url()” is not supported yet");
  assert_refused ("clip-path: circle() circle()", GSK_LAYER_ERROR_SYNTAX,
                  "1:21: expected one basic shape and one reference box at most");
  assert_refused ("clip-path: border-box content-box", GSK_LAYER_ERROR_SYNTAX,
                  "1:23: expected one basic shape and one reference box at most");
  assert_refused ("clip-path: inset(1px 2px 3px 4px 5px)", GSK_LAYER_ERROR_SYNTAX,
                  "1:34: expected one to four lengths");
  assert_refused ("clip-path: circle(NaNpx)", GSK_LAYER_ERROR_INVALID_VALUE, "1:19: not a finite number");
  assert_refused ("clip-path: inset(infpx)", GSK_LAYER_ERROR_INVALID_VALUE, "1:18: not a finite number");
}

/* The shape laid out on a layer's three boxes */
static void
resolve (const char            *css,
         const graphene_size_t *size,
         GskLayerResolvedShape *out)
{
  g_autoptr (GskLayerStyle) s = style (css);
  graphene_size_t radii[4] = { { 0, 0 }, }, box_radii[3][4];
  graphene_rect_t boxes[3];

  gsk_layer_style_get_reference_boxes (s, size, radii, boxes, box_radii);
  gsk_layer_basic_shape_resolve (gsk_layer_style_get_clip_path (s), boxes, box_radii, out);
}

static void
assert_rect (const GskLayerResolvedShape *shape,
             float x, float y, float w, float h,
             float rx, float ry)
{
  g_assert_false (shape->is_path);
  g_assert_cmpfloat_with_epsilon (shape->rect.origin.x, x, 1e-4);
  g_assert_cmpfloat_with_epsilon (shape->rect.origin.y, y, 1e-4);
  g_assert_cmpfloat_with_epsilon (shape->rect.size.width, w, 1e-4);
  g_assert_cmpfloat_with_epsilon (shape->rect.size.height, h, 1e-4);
  g_assert_cmpfloat_with_epsilon (shape->radii[0].width, rx, 1e-4);
  g_assert_cmpfloat_with_epsilon (shape->radii[0].height, ry, 1e-4);
}

static void
test_clip_path_resolve (void)
{
  graphene_size_t size = { 200, 100 };
  GskLayerResolvedShape shape;
  g_autofree char *data = NULL;

  /* closest-side from the centre: 50; a percentage of the diagonal
   * over √2: 50% of √((200² + 100²) / 2) */
  resolve ("clip-path: circle()", &size, &shape);
  assert_rect (&shape, 50, 0, 100, 100, 50, 50);
  resolve ("clip-path: circle(50%)", &size, &shape);
  assert_rect (&shape, 100 - 79.0569f, 50 - 79.0569f, 2 * 79.0569f, 2 * 79.0569f, 79.0569f, 79.0569f);
  resolve ("clip-path: circle(farthest-side at 20px 30%)", &size, &shape);
  assert_rect (&shape, 20 - 180, 30 - 180, 360, 360, 180, 180);
  /* An ellipse's sides along each axis */
  resolve ("clip-path: ellipse(closest-side farthest-side at 30% 50%)", &size, &shape);
  assert_rect (&shape, 0, 0, 120, 100, 60, 50);
  /* Insets that pass each other meet; radii that do not fit shrink */
  resolve ("clip-path: inset(10px 60% 20px 60% round 50px)", &size, &shape);
  assert_rect (&shape, 100, 10, 0, 70, 0, 0);
  resolve ("clip-path: inset(10px round 100px)", &size, &shape);
  assert_rect (&shape, 10, 10, 180, 80, 40, 40);
  /* The padding box inside a border, its corners the border's inner ones */
  resolve ("border: 10px solid black; border-radius: 30px; clip-path: padding-box", &size, &shape);
  assert_rect (&shape, 10, 10, 180, 80, 0, 0);
  resolve ("border: 10px solid black; padding: 5px; clip-path: circle(10px at 0 0) content-box", &size, &shape);
  assert_rect (&shape, 5, 5, 20, 20, 10, 10);
  /* Polygons and paths are paths in the reference box */
  resolve ("border: 10px solid black; clip-path: polygon(0 0, 100% 0, 0 100%) padding-box", &size, &shape);
  g_assert_true (shape.is_path);
  data = gsk_layer_path_to_string (shape.path);
  g_assert_cmpstr (data, ==, "M 10 10 L 190 10 L 10 90 Z");
  gsk_layer_resolved_shape_clear (&shape);
  g_clear_pointer (&data, g_free);
  resolve ("padding: 5px; clip-path: path(evenodd, 'M 0 0 H 10 V 10 Z') content-box", &size, &shape);
  g_assert_true (shape.is_path);
  g_assert_cmpint (shape.fill_rule, ==, GSK_LAYER_PATH_FILL_RULE_EVENODD);
  data = gsk_layer_path_to_string (shape.path);
  g_assert_cmpstr (data, ==, "M 5 5 L 15 5 L 15 15 Z");
  gsk_layer_resolved_shape_clear (&shape);
}

static void
check_between (const char *from,
               const char *to,
               double      t,
               const char *expected)
{
  g_autoptr (GskLayerStyle) a = from ? style (from) : NULL;
  g_autoptr (GskLayerStyle) b = to ? style (to) : NULL;
  g_autoptr (GskLayerStyle) r = gsk_layer_style_interpolate (a, b, t);
  g_autofree char *text = gsk_layer_style_to_string (r);

  g_assert_cmpstr (text, ==, expected);
}

/* Shapes of one function on one box interpolate value by value; others
 * flip half way */
static void
test_clip_path_interpolate (void)
{
  check_between ("clip-path: circle(10px at 0 0)", "clip-path: circle(30px at 20px 40px)", 0.25,
                 "clip-path: circle(15px at 5px 10px);");
  check_between ("clip-path: circle(10%)", "clip-path: circle(30%)", 0.5, "clip-path: circle(20% at 50% 50%);");
  check_between ("clip-path: ellipse(10px 20px)", "clip-path: ellipse(30px 40px at 0 0)", 0.5,
                 "clip-path: ellipse(20px 30px at 25% 25%);");
  check_between ("clip-path: inset(0 round 0)", "clip-path: inset(20px round 10px)", 0.5,
                 "clip-path: inset(10px 10px 10px 10px round 5px 5px 5px 5px / 5px 5px 5px 5px);");
  check_between ("clip-path: polygon(0 0, 10px 0, 0 10%)", "clip-path: polygon(10px 10px, 30px 10px, 10px 50%)", 0.5,
                 "clip-path: polygon(5px 5px, 20px 5px, 5px 30%);");
  check_between ("clip-path: path('M 0 0 L 10 10')", "clip-path: path('M 10 0 L 30 10')", 0.5,
                 "clip-path: path(\"M 5 0 L 20 10\");");
  /* Mismatches: another function, another box, keywords against
   * lengths, another count of vertices, px against % of a non-zero
   * value, none */
  check_between ("clip-path: circle(10px)", "clip-path: ellipse(10px 10px)", 0.4,
                 "clip-path: circle(10px at 50% 50%);");
  check_between ("clip-path: circle(10px)", "clip-path: ellipse(10px 10px)", 0.6,
                 "clip-path: ellipse(10px 10px at 50% 50%);");
  check_between ("clip-path: circle(10px)", "clip-path: circle(10px) padding-box", 0.6,
                 "clip-path: circle(10px at 50% 50%) padding-box;");
  check_between ("clip-path: circle(closest-side)", "clip-path: circle(10px)", 0.4,
                 "clip-path: circle(closest-side at 50% 50%);");
  check_between ("clip-path: polygon(0 0, 1px 0, 0 1px)", "clip-path: polygon(0 0, 1px 0, 1px 1px, 0 1px)", 0.6,
                 "clip-path: polygon(0 0, 1px 0, 1px 1px, 0 1px);");
  check_between ("clip-path: circle(10px)", "clip-path: circle(10%)", 0.4, "clip-path: circle(10px at 50% 50%);");
  check_between ("clip-path: none", "clip-path: circle(10px)", 0.4, "clip-path: none;");
  check_between (NULL, "clip-path: circle(10px)", 0.6, "clip-path: circle(10px at 50% 50%);");
}

/* A clip-path set in an easing state animates frame by frame: the
 * circle grows, and each frame draws it (the damage check is on) */
static void
test_clip_path_animate (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  g_autoptr (GError) error = NULL;
  cairo_surface_t *image;
  GValue v = G_VALUE_INIT;
  char *text;

  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (50, 50));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "background-color: red; clip-path: circle(10px)", &error));
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_assert_cmphex (pixel_at (image, 100, 100), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 100, 75), ==, 0);
  cairo_surface_destroy (image);

  ease_linearly (card, 1000);
  g_assert_true (gsk_layer_set_style_from_string (card, "background-color: red; clip-path: circle(50px)", &error));
  gsk_layer_restore_easing_state (card);

  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);
  g_assert_true (gsk_layer_get_presentation_value (card, "style", &v));
  text = gsk_layer_style_to_string (g_value_get_boxed (&v));
  g_assert_cmpstr (text, ==, "background-color: rgb(255,0,0); clip-path: circle(30px at 50% 50%);");
  g_free (text);
  g_value_unset (&v);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_assert_cmphex (pixel_at (image, 100, 75), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 100, 65), ==, 0);
  cairo_surface_destroy (image);

  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * MS);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_assert_cmphex (pixel_at (image, 100, 55), ==, 0xffff0000);
  g_assert_cmphex (pixel_at (image, 55, 55), ==, 0);
  cairo_surface_destroy (image);

  g_object_unref (renderer);
  g_object_unref (root);
  g_object_unref (clock);
}

/* A clipped layer damages only what it shows: moving its content within
 * a small circle damages the circle's box, not the layer's */
static void
test_clip_path_damage (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayer *child = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  g_autoptr (GError) error = NULL;
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 400));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (300, 300));
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (300, 300));
  gsk_layer_set_background_color (child, &(GdkRGBA) { 0, 0, 1, 1 });
  gsk_layer_add_child (card, child);
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "clip-path: circle(20px at 100px 100px)", &error));
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));

  gsk_layer_set_background_color (child, &(GdkRGBA) { 0, 1, 0, 1 });
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_get_extents (damage, &extents);
  g_assert_cmpint (extents.x, >=, 78);
  g_assert_cmpint (extents.y, >=, 78);
  g_assert_cmpint (extents.x + extents.width, <=, 122);
  g_assert_cmpint (extents.y + extents.height, <=, 122);
  cairo_region_destroy (damage);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (root);
}

/* Hit testing follows the clip path, the subtree's too: corners outside
 * a circle, a child past it and an even-odd hole are not there */
static void
test_clip_path_pick (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *card = gsk_layer_new ();
  GskLayer *child = gsk_layer_new ();
  GskLayer *frame = gsk_layer_new ();

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 200));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (50, 50));
  gsk_layer_add_child (card, child);
  gsk_layer_add_child (root, card);
  g_assert_true (gsk_layer_set_style_from_string (card, "clip-path: circle(50px)", NULL));
  gsk_layer_set_position (frame, &GRAPHENE_POINT_INIT (200, 0));
  gsk_layer_set_size (frame, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_add_child (root, frame);
  g_assert_true (gsk_layer_set_style_from_string (frame, "clip-path: path(evenodd, 'M 0 0 H 100 V 100 H 0 Z "
                                                         "M 25 25 H 75 V 75 H 25 Z')", NULL));

  g_assert_true (gsk_layer_pick (root, 30, 50) == card);
  g_assert_true (gsk_layer_pick (root, 5, 5) == root);
  /* The child inside the circle, and not past it */
  g_assert_true (gsk_layer_pick (root, 70, 70) == child);
  g_assert_true (gsk_layer_pick (root, 95, 95) == root);
  g_assert_true (gsk_layer_pick (root, 120, 120) == root);
  g_assert_true (gsk_layer_pick (root, 210, 50) == frame);
  g_assert_true (gsk_layer_pick (root, 250, 50) == root);

  /* Moved, the shape goes with the layer */
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (100, 0));
  g_assert_true (gsk_layer_pick (root, 30, 50) == root);
  g_assert_true (gsk_layer_pick (root, 130, 50) == card);
  /* Without the clip path, all of it is there again */
  g_assert_true (gsk_layer_set_style_from_string (card, "", NULL));
  g_assert_true (gsk_layer_pick (root, 105, 5) == card);
  g_assert_true (gsk_layer_pick (root, 195, 95) == child);

  g_object_unref (root);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/clip-path/parse", test_clip_path_parse);
  g_test_add_func ("/clip-path/errors", test_clip_path_errors);
  g_test_add_func ("/clip-path/resolve", test_clip_path_resolve);
  g_test_add_func ("/clip-path/interpolate", test_clip_path_interpolate);
  g_test_add_func ("/clip-path/animate", test_clip_path_animate);
  g_test_add_func ("/clip-path/damage", test_clip_path_damage);
  g_test_add_func ("/clip-path/pick", test_clip_path_pick);

  return g_test_run ();
}
