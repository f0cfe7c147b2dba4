/* test-path.c: tests for GskLayerPath and GskLayerPathBuilder
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gsklayer.h>
#include "gsk-layer-path-private.h"

#include <math.h>

static GskLayerPath *
parse_or_fail (const char *string)
{
  GError *error = NULL;
  GskLayerPath *path = gsk_layer_path_parse (string, &error);

  if (path == NULL)
    g_error ("parsing “%s” failed: %s", string, error->message);
  return path;
}

static void
assert_string (const char *data,
               const char *expected)
{
  GskLayerPath *path = parse_or_fail (data);
  char *s = gsk_layer_path_to_string (path);

  g_assert_cmpstr (s, ==, expected);
  g_free (s);
  gsk_layer_path_unref (path);
}

/* Every command, absolute and relative, comes out absolute: H and V as
 * lines, S and T with their reflected control points */
static void
test_path_commands (void)
{
  assert_string ("", "");
  assert_string ("M 10 20 L 30 40", "M 10 20 L 30 40");
  assert_string ("m10,20 l5-5", "M 10 20 L 15 15");
  /* Pairs after a move are lines, relative after m */
  assert_string ("M0 0 10 0 10 10", "M 0 0 L 10 0 L 10 10");
  assert_string ("m1 1 2 2", "M 1 1 L 3 3");
  assert_string ("M 10 10 H 50 V 30 h -10 v 5", "M 10 10 L 50 10 L 50 30 L 40 30 L 40 35");
  assert_string ("M0 0C1 2 3 4 5 6S9 10 11 12", "M 0 0 C 1 2 3 4 5 6 C 7 8 9 10 11 12");
  /* S after a line mirrors nothing: its first control is the pen */
  assert_string ("M0 0 L 5 5 S 9 10 11 12", "M 0 0 L 5 5 C 5 5 9 10 11 12");
  assert_string ("M0 0Q10 0 10 10T10 30", "M 0 0 Q 10 0 10 10 Q 10 20 10 30");
  assert_string ("M0 0 q10 0 10 10 t0 20", "M 0 0 Q 10 0 10 10 Q 10 20 10 30");
  /* Flags need no separator */
  assert_string ("M0 0A10 10 0 0110 10", "M 0 0 A 10 10 0 0 1 10 10");
  assert_string ("M0 0 a 5 5 30 1 0 10 0", "M 0 0 A 5 5 30 1 0 10 0");
  /* After Z the pen is back at the subpath's start, and a new subpath
   * starts there */
  assert_string ("M10 10 L20 10 L20 20 Z l 5 5", "M 10 10 L 20 10 L 20 20 Z M 10 10 L 15 15");
  assert_string ("M .5.5 L-1e1 +2E-1", "M 0.5 0.5 L -10 0.2");
}

/* Written data reads back as the same path */
static void
test_path_round_trip (void)
{
  const char *data[] = {
    "M 0.1 0.2 L 1e-7 3.33333 C 1 2 3 4 5 6 Q 1 1 2 2 A 3 4 45 1 0 9 9 Z",
    "M 100 100 A 50 50 0 1 1 100 99.9",
    "m 1 1 l 2 2 z m 3 3 h 4",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (data); i++)
    {
      GskLayerPath *path = parse_or_fail (data[i]);
      char *s = gsk_layer_path_to_string (path);
      GskLayerPath *again = parse_or_fail (s);

      g_assert_true (gsk_layer_path_equal (path, again));
      g_free (s);
      gsk_layer_path_unref (again);
      gsk_layer_path_unref (path);
    }
}

static void
assert_error (const char *data,
              GskLayerError code,
              const char   *message)
{
  GError *error = NULL;

  g_assert_null (gsk_layer_path_parse (data, &error));
  g_assert_error (error, GSK_LAYER_ERROR, (int) code);
  g_assert_cmpstr (error->message, ==, message);
  g_error_free (error);
}

/* Bad data is refused whole, with the characters of the problem */
static void
test_path_errors (void)
{
  assert_error ("L 10 10", GSK_LAYER_ERROR_SYNTAX,
                "characters 1-1: path data starts with a move (M or m), not “L”");
  assert_error ("M 10", GSK_LAYER_ERROR_SYNTAX,
                "characters 5-5: expected a coordinate, found the end of the path");
  assert_error ("M 10 10 L 20 x", GSK_LAYER_ERROR_SYNTAX,
                "characters 14-14: expected a coordinate, found “x”");
  assert_error ("M 0 0 B 1 1", GSK_LAYER_ERROR_SYNTAX,
                "characters 7-7: expected a path command, found “B”");
  assert_error ("M 0 0 A 1 1 0 2 0 5 5", GSK_LAYER_ERROR_SYNTAX,
                "characters 15-15: an arc's flag is 0 or 1");
  assert_error ("M 0 0 L 1e39 0", GSK_LAYER_ERROR_INVALID_VALUE,
                "characters 9-12: a coordinate out of range");
  assert_error ("M 0 0 L 1,,2", GSK_LAYER_ERROR_SYNTAX,
                "characters 11-11: expected a coordinate, found “,”");
  /* Characters, not bytes */
  assert_error ("M 0 0 é", GSK_LAYER_ERROR_SYNTAX,
                "characters 7-7: expected a path command, found “é”");
  assert_error ("M 0 0 \xff", GSK_LAYER_ERROR_SYNTAX,
                "characters 7-7: the text is not UTF-8");
}

/* Past GSK_LAYER_PATH_MAX_SEGMENTS, path data is refused and a builder
 * drops segments with a critical */
static void
test_path_limit (void)
{
  GString *s = g_string_new ("M 0 0");
  GskLayerPathBuilder *builder;
  GskLayerPath *path;
  GError *error = NULL;
  guint i;

  /* 10^6 segments */
  for (i = 0; i < 1000000; i++)
    g_string_append (s, i % 2 ? " L 1 1" : " L 0 1");
  g_assert_null (gsk_layer_path_parse (s->str, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_suffix (error->message, "a path holds at most 262144 segments"));
  g_clear_error (&error);
  g_string_free (s, TRUE);

  builder = gsk_layer_path_builder_new ();
  gsk_layer_path_builder_move_to (builder, 0, 0);
  for (i = 1; i < GSK_LAYER_PATH_MAX_SEGMENTS; i++)
    gsk_layer_path_builder_line_to (builder, i, 0);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*at most 262144 segments*");
  gsk_layer_path_builder_line_to (builder, 0, 1);
  g_test_assert_expected_messages ();
  path = gsk_layer_path_builder_free_to_path (builder);
  g_assert_cmpuint (gsk_layer_path_get_n_segments (path), ==, GSK_LAYER_PATH_MAX_SEGMENTS);
  gsk_layer_path_unref (path);
}

/* Not finite: refused, nothing added */
static void
test_path_builder_nan (void)
{
  GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
  GskLayerPath *path;

  gsk_layer_path_builder_move_to (builder, 1, 2);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_path_builder_line_to (builder, NAN, 0);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_path_builder_cubic_to (builder, 0, 0, INFINITY, 0, 1, 1);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_path_builder_svg_arc_to (builder, NAN, 1, 0, FALSE, FALSE, 1, 1);
  g_test_assert_expected_messages ();
  path = gsk_layer_path_builder_free_to_path (builder);
  g_assert_cmpuint (gsk_layer_path_get_n_segments (path), ==, 1);
  gsk_layer_path_unref (path);
}

/* The builder moves its pen as a pen: to the origin at first, back to
 * the start after a close */
static void
test_path_builder (void)
{
  GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
  GskLayerPath *path, *copy;
  char *s;

  gsk_layer_path_builder_line_to (builder, 10, 0);
  gsk_layer_path_builder_quad_to (builder, 20, 0, 20, 10);
  gsk_layer_path_builder_close (builder);
  gsk_layer_path_builder_line_to (builder, 5, 5);
  gsk_layer_path_builder_close (builder);
  gsk_layer_path_builder_close (builder);
  gsk_layer_path_builder_add_rect (builder, &GRAPHENE_RECT_INIT (30, 30, -10, 5));
  gsk_layer_path_builder_add_ellipse (builder, &GRAPHENE_POINT_INIT (50, 50), 10, 5);
  path = gsk_layer_path_builder_free_to_path (builder);
  s = gsk_layer_path_to_string (path);
  g_assert_cmpstr (s, ==,
                   "M 0 0 L 10 0 Q 20 0 20 10 Z M 0 0 L 5 5 Z "
                   "M 20 30 L 30 30 L 30 35 L 20 35 Z "
                   "M 60 50 A 10 5 0 0 1 40 50 A 10 5 0 0 1 60 50 Z");
  g_free (s);

  builder = gsk_layer_path_builder_new ();
  gsk_layer_path_builder_add_path (builder, path);
  copy = gsk_layer_path_builder_free_to_path (builder);
  g_assert_true (gsk_layer_path_equal (path, copy));
  gsk_layer_path_unref (copy);
  gsk_layer_path_unref (path);
}

/* Bounds hold the curves, not their control points */
static void
test_path_bounds (void)
{
  GskLayerPath *path;
  graphene_rect_t bounds;

  path = parse_or_fail ("");
  g_assert_true (gsk_layer_path_is_empty (path));
  g_assert_false (gsk_layer_path_get_bounds (path, &bounds));
  /* Empty paths are equal and interpolate (a fuzz-parsers finding) */
  {
    GskLayerPath *built = gsk_layer_path_builder_free_to_path (gsk_layer_path_builder_new ());
    GskLayerPath *mid = gsk_layer_path_interpolate (path, built, 0.5);

    g_assert_true (gsk_layer_path_equal (path, built));
    g_assert_nonnull (mid);
    g_assert_true (gsk_layer_path_equal (mid, path));
    gsk_layer_path_unref (mid);
    gsk_layer_path_unref (built);
  }
  gsk_layer_path_unref (path);

  /* A circle of radius 10 about (50, 50), as two arcs */
  path = parse_or_fail ("M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z");
  g_assert_true (gsk_layer_path_get_bounds (path, &bounds));
  g_assert_cmpfloat_with_epsilon (bounds.origin.x, 40, 1e-4);
  g_assert_cmpfloat_with_epsilon (bounds.origin.y, 40, 1e-3);
  g_assert_cmpfloat_with_epsilon (bounds.size.width, 20, 1e-4);
  g_assert_cmpfloat_with_epsilon (bounds.size.height, 20, 1e-3);
  gsk_layer_path_unref (path);

  /* The cubic's controls reach y = 100; the curve only 75 */
  path = parse_or_fail ("M 0 0 C 0 100 100 100 100 0");
  g_assert_true (gsk_layer_path_get_bounds (path, &bounds));
  g_assert_cmpfloat_with_epsilon (bounds.size.height, 75, 1e-4);
  g_assert_cmpfloat_with_epsilon (bounds.size.width, 100, 1e-4);
  gsk_layer_path_unref (path);
}

typedef struct {
  float max_error;
  graphene_point_t centre;
  float radius;
} CircleCheck;

static gboolean
check_on_circle (GskLayerPathVerb        verb,
                 const graphene_point_t *pts,
                 gpointer                data)
{
  CircleCheck *c = data;
  int i;

  if (verb != GSK_LAYER_PATH_CUBIC)
    return TRUE;
  for (i = 0; i <= 16; i++)
    {
      float t = i / 16.f, s = 1 - t;
      float x = s * s * s * pts[0].x + 3 * s * s * t * pts[1].x + 3 * s * t * t * pts[2].x + t * t * t * pts[3].x;
      float y = s * s * s * pts[0].y + 3 * s * s * t * pts[1].y + 3 * s * t * t * pts[2].y + t * t * t * pts[3].y;

      c->max_error = MAX (c->max_error, fabsf (hypotf (x - c->centre.x, y - c->centre.y) - c->radius));
    }
  return TRUE;
}

/* Arcs as SVG's implementation notes give them: the centre chosen by
 * the flags, radii too small scaled up */
static void
test_path_arcs (void)
{
  struct {
    const char *data;
    float cx, cy, r;
  } arcs[] = {
    /* From (0, 0) to (100, 0) with r = 100: the small clockwise arc has
     * its centre below (y down: at (50, 86.6)) */
    { "M 0 0 A 100 100 0 0 1 100 0", 50, 86.60254f, 100 },
    { "M 0 0 A 100 100 0 1 1 100 0", 50, -86.60254f, 100 },
    { "M 0 0 A 100 100 0 0 0 100 0", 50, -86.60254f, 100 },
    /* r = 10 cannot reach 100 away: a half circle of r = 50 */
    { "M 0 0 A 10 10 0 0 1 100 0", 50, 0, 50 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (arcs); i++)
    {
      GskLayerPath *path = parse_or_fail (arcs[i].data);
      CircleCheck check = { 0, GRAPHENE_POINT_INIT (arcs[i].cx, arcs[i].cy), arcs[i].r };

      gsk_layer_path_foreach_cubic (path, check_on_circle, &check);
      g_assert_cmpfloat (check.max_error, <, 0.03f * arcs[i].r / 100 + 1e-3);
      gsk_layer_path_unref (path);
    }
}

/* Fill rules: a square within a square, both clockwise */
static void
test_path_contains (void)
{
  GskLayerPath *path = parse_or_fail ("M 0 0 H 100 V 100 H 0 Z M 25 25 H 75 V 75 H 25 Z");
  GskLayerPath *reversed = parse_or_fail ("M 0 0 H 100 V 100 H 0 Z M 25 25 V 75 H 75 V 25 Z");
  GskLayerPath *circle = parse_or_fail ("M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50");

  g_assert_true (gsk_layer_path_contains_point (path, &GRAPHENE_POINT_INIT (50, 50), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  g_assert_false (gsk_layer_path_contains_point (path, &GRAPHENE_POINT_INIT (50, 50), GSK_LAYER_PATH_FILL_RULE_EVENODD));
  g_assert_true (gsk_layer_path_contains_point (path, &GRAPHENE_POINT_INIT (10, 50), GSK_LAYER_PATH_FILL_RULE_EVENODD));
  g_assert_false (gsk_layer_path_contains_point (path, &GRAPHENE_POINT_INIT (150, 50), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  /* The inner square wound the other way is a hole either way */
  g_assert_false (gsk_layer_path_contains_point (reversed, &GRAPHENE_POINT_INIT (50, 50), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  /* Open subpaths are closed for filling */
  g_assert_true (gsk_layer_path_contains_point (circle, &GRAPHENE_POINT_INIT (50, 50), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  g_assert_true (gsk_layer_path_contains_point (circle, &GRAPHENE_POINT_INIT (57, 50), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  g_assert_false (gsk_layer_path_contains_point (circle, &GRAPHENE_POINT_INIT (58, 58), GSK_LAYER_PATH_FILL_RULE_NONZERO));
  gsk_layer_path_unref (path);
  gsk_layer_path_unref (reversed);
  gsk_layer_path_unref (circle);
}

/* Paths of the same segments interpolate point by point */
static void
test_path_interpolate (void)
{
  GskLayerPath *from = parse_or_fail ("M 0 0 L 10 0 A 5 5 0 0 1 20 0 Z");
  GskLayerPath *to = parse_or_fail ("M 10 10 L 30 0 A 15 25 90 0 1 40 20 Z");
  GskLayerPath *other = parse_or_fail ("M 0 0 L 10 0 A 5 5 0 1 1 20 0 Z");
  GskLayerPath *line = parse_or_fail ("M 0 0 L 10 0 L 20 0 Z");
  GskLayerPath *mid;
  char *s;

  mid = gsk_layer_path_interpolate (from, to, 0.5);
  s = gsk_layer_path_to_string (mid);
  g_assert_cmpstr (s, ==, "M 5 5 L 20 0 A 10 15 45 0 1 30 10 Z");
  g_free (s);
  gsk_layer_path_unref (mid);

  /* Beyond the ends too, for easings that overshoot */
  mid = gsk_layer_path_interpolate (from, to, 2);
  s = gsk_layer_path_to_string (mid);
  g_assert_cmpstr (s, ==, "M 20 20 L 50 0 A 25 45 180 0 1 60 40 Z");
  g_free (s);
  gsk_layer_path_unref (mid);

  /* Another arc flag, or other segments: no interpolation */
  g_assert_null (gsk_layer_path_interpolate (from, other, 0.5));
  g_assert_null (gsk_layer_path_interpolate (from, line, 0.5));

  gsk_layer_path_unref (from);
  gsk_layer_path_unref (to);
  gsk_layer_path_unref (other);
  gsk_layer_path_unref (line);
}

/* Cairo draws the same outline */
static void
test_path_cairo (void)
{
  GskLayerPath *path = parse_or_fail ("M 10 10 H 30 V 30 H 10 Z");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 40, 40);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;

  gsk_layer_path_to_cairo (path, cr);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  g_assert_cmpuint (data[20 * stride + 20], ==, 255);
  g_assert_cmpuint (data[20 * stride + 9], ==, 0);
  g_assert_cmpuint (data[30 * stride + 20], ==, 0);
  cairo_surface_destroy (surface);
  gsk_layer_path_unref (path);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/path/commands", test_path_commands);
  g_test_add_func ("/path/round-trip", test_path_round_trip);
  g_test_add_func ("/path/errors", test_path_errors);
  g_test_add_func ("/path/limit", test_path_limit);
  g_test_add_func ("/path/builder", test_path_builder);
  g_test_add_func ("/path/builder-nan", test_path_builder_nan);
  g_test_add_func ("/path/bounds", test_path_bounds);
  g_test_add_func ("/path/arcs", test_path_arcs);
  g_test_add_func ("/path/contains", test_path_contains);
  g_test_add_func ("/path/interpolate", test_path_interpolate);
  g_test_add_func ("/path/cairo", test_path_cairo);

  return g_test_run ();
}
