/* test-3d.c: 3D rendering contexts, as CSS Transforms 2 (issue 29)
 *
 * transform-style: a flat layer (the default) projects its children onto
 * its plane, a preserve-3d one keeps their depth. Every expected
 * position here is worked out on paper from CSS's definitions (rotations
 * about the transform origin, perspective about the perspective origin,
 * flattening as an orthographic projection onto the plane z = 0), never
 * from GSK's matrices. What the same scenes draw is in the reftests
 * transform-style-*.json, against Chromium drawing the same CSS.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <gsklayer.h>

#define DEG (G_PI / 180.0)

static GskLayer *
add_layer (GskLayer   *parent,
           float       x,
           float       y,
           float       width,
           float       height,
           const char *transform)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  if (transform != NULL)
    {
      GskLayerTransform *t = NULL;

      g_assert_true (gsk_layer_transform_parse (transform, &t, NULL));
      gsk_layer_set_transform (layer, t);
      gsk_layer_transform_unref (t);
    }
  if (parent != NULL)
    gsk_layer_add_child (parent, layer);
  return layer;
}

static GskLayer *
new_root (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 200));
  return root;
}

/* Where @p of @layer is on the top level's surface, by map_point() and
 * by compute_transform(), which must agree */
static void
assert_maps_to (GskLayer *layer,
                float     x,
                float     y,
                double    expected_x,
                double    expected_y)
{
  graphene_point_t out;
  graphene_matrix_t m;
  graphene_vec4_t v, r;

  g_assert_true (gsk_layer_map_point (layer, NULL, &GRAPHENE_POINT_INIT (x, y), &out));
  g_assert_cmpfloat_with_epsilon (out.x, expected_x, 1e-3);
  g_assert_cmpfloat_with_epsilon (out.y, expected_y, 1e-3);

  g_assert_true (gsk_layer_compute_transform (layer, NULL, &m));
  graphene_vec4_init (&v, x, y, 0, 1);
  graphene_matrix_transform_vec4 (&m, &v, &r);
  g_assert_cmpfloat_with_epsilon (graphene_vec4_get_x (&r) / graphene_vec4_get_w (&r), expected_x, 1e-3);
  g_assert_cmpfloat_with_epsilon (graphene_vec4_get_y (&r) / graphene_vec4_get_w (&r), expected_y, 1e-3);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

static void
test_property (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  guint n = 0;

  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  g_signal_connect (layer, "notify::transform-style", G_CALLBACK (count_notify), &n);

  gsk_layer_set_transform_style (layer, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  g_assert_cmpuint (n, ==, 1);
  /* Notified on a real change only */
  gsk_layer_set_transform_style (layer, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  g_assert_cmpuint (n, ==, 1);

  /* A value that is not one: refused, nothing changes */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*style == GSK_LAYER_TRANSFORM_STYLE_FLAT*");
  gsk_layer_set_transform_style (layer, (GskLayerTransformStyle) 7);
  g_test_assert_expected_messages ();
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  g_assert_cmpuint (n, ==, 1);

  g_object_set (layer, "transform-style", GSK_LAYER_TRANSFORM_STYLE_FLAT, NULL);
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  g_assert_cmpuint (n, ==, 2);

  g_assert_finalize_object (layer);
}

/* A parent turned by rotateX(45deg) and a child by rotateX(-45deg), both
 * about their centres, with no perspective. Flat: the child is squashed
 * onto the parent's plane (cos 45°), and the parent squashes that again:
 * half its height. Preserve-3d: the two rotations cancel. */
static void
test_flat_does_not_cancel (void)
{
  GskLayer *root = new_root ();
  GskLayer *parent = add_layer (root, 50, 50, 100, 100, "rotateX(45deg)");
  GskLayer *child = add_layer (parent, 0, 0, 100, 100, "rotateX(-45deg)");

  assert_maps_to (child, 50, 0, 100, 100 - 50 * 0.5);
  assert_maps_to (child, 50, 100, 100, 100 + 50 * 0.5);
  assert_maps_to (child, 0, 50, 50, 100);
  /* The parent itself: cos 45° */
  assert_maps_to (parent, 50, 0, 100, 100 - 50 * cos (45 * DEG));

  gsk_layer_set_transform_style (parent, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  assert_maps_to (child, 50, 0, 100, 50);
  assert_maps_to (child, 50, 100, 100, 150);
  assert_maps_to (child, 0, 50, 50, 100);
  assert_maps_to (parent, 50, 0, 100, 100 - 50 * cos (45 * DEG));

  /* And flat again */
  gsk_layer_set_transform_style (parent, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  assert_maps_to (child, 50, 0, 100, 75);

  g_assert_finalize_object (root);
}

/* A perspective of 150 px on the grandparent (about its centre, which is
 * the child's centre on screen), a middle layer with no transform, and a
 * child turned by rotateY(60deg). Flat middle: the child reaches it as an
 * orthographic projection, cos 60° of its width, symmetric. Preserve-3d
 * middle: the grandparent's perspective reaches the child, whose nearer
 * side grows. */
static void
test_flat_stops_perspective (void)
{
  GskLayer *root = new_root ();
  GskLayer *grandparent = add_layer (root, 0, 0, 200, 200, NULL);
  GskLayer *middle = add_layer (grandparent, 50, 50, 100, 100, NULL);
  GskLayer *child = add_layer (middle, 0, 0, 100, 100, "rotateY(60deg)");
  GskLayerTransform *perspective = NULL;
  double d = 150, s = sin (60 * DEG), c = cos (60 * DEG);
  double left_x, left_z, right_x, right_z;

  g_assert_true (gsk_layer_transform_parse ("perspective(150px)", &perspective, NULL));
  gsk_layer_set_child_transform (grandparent, perspective);
  gsk_layer_transform_unref (perspective);

  assert_maps_to (child, 0, 50, 100 - 50 * c, 100);
  assert_maps_to (child, 100, 50, 100 + 50 * c, 100);

  /* rotateY(a) takes (x, 0) to (x cos a, -x sin a) about the centre; the
   * perspective divides by 1 - z / d */
  left_x = -50 * c, left_z = 50 * s;
  right_x = 50 * c, right_z = -50 * s;
  gsk_layer_set_transform_style (middle, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  assert_maps_to (child, 0, 50, 100 + left_x / (1 - left_z / d), 100);
  assert_maps_to (child, 100, 50, 100 + right_x / (1 - right_z / d), 100);
  /* The vertical edge nearer the viewer is longer */
  assert_maps_to (child, 0, 0, 100 + left_x / (1 - left_z / d), 100 - 50 / (1 - left_z / d));

  g_assert_finalize_object (root);
}

/* A context of three: the grandparent's preserve-3d reaches through a
 * preserve-3d parent to the grandchild, and a flat layer inside ends it */
static void
test_nested_contexts (void)
{
  GskLayer *root = new_root ();
  GskLayer *a = add_layer (root, 50, 50, 100, 100, "rotateX(30deg)");
  GskLayer *b = add_layer (a, 0, 0, 100, 100, "rotateX(30deg)");
  GskLayer *c = add_layer (b, 0, 0, 100, 100, "rotateX(-60deg)");

  /* All flat: each one squashes what it holds */
  assert_maps_to (c, 50, 0, 100, 100 - 50 * cos (60 * DEG) * cos (30 * DEG) * cos (30 * DEG));

  /* a and b preserve-3d: one context, the rotations add up to none */
  gsk_layer_set_transform_style (a, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_set_transform_style (b, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  assert_maps_to (c, 50, 0, 100, 50);
  /* b itself, at 60° */
  assert_maps_to (b, 50, 0, 100, 100 - 50 * cos (60 * DEG));

  /* b flat: c is squashed onto b's plane, which is at 60° in a's
   * context: cos 60° twice */
  gsk_layer_set_transform_style (b, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  assert_maps_to (c, 50, 0, 100, 100 - 50 * cos (60 * DEG) * cos (60 * DEG));

  g_assert_finalize_object (root);
}

/* Picking follows the same planes: a point on the parent outside the
 * squashed child picks the parent while it is flat, the child when the
 * rotations cancel */
static void
test_picking (void)
{
  GskLayer *root = new_root ();
  GskLayer *parent = add_layer (root, 50, 50, 100, 100, "rotateX(45deg)");
  GskLayer *child = add_layer (parent, 0, 0, 100, 100, "rotateX(-45deg)");

  /* The parent covers y in 100 ± 35.36, the flat child 100 ± 25 */
  g_assert_true (gsk_layer_pick (root, 100, 70) == parent);
  g_assert_true (gsk_layer_pick (root, 100, 100) == child);
  g_assert_true (gsk_layer_pick (root, 100, 60) == root);

  gsk_layer_set_transform_style (parent, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  g_assert_true (gsk_layer_pick (root, 100, 70) == child);
  g_assert_true (gsk_layer_pick (root, 100, 55) == child);
  g_assert_true (gsk_layer_pick (root, 100, 45) == root);

  g_assert_finalize_object (root);
}

static void
test_scene_file (void)
{
  const char *json =
    "{ \"size\": [200, 200], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 200],\n"
    "  \"children\": [ { \"type\": \"GskLayer\", \"name\": \"box\",\n"
    "                   \"transform-style\": \"preserve-3d\" } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "3d.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL;
  GskLayer *box;

  g_assert_no_error (error);
  box = gsk_layer_get_first_child (gsk_layer_scene_get_root (scene));
  g_assert_cmpint (gsk_layer_get_transform_style (box), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  /* Saved, and read back; a flat layer (the default) writes nothing */
  data = gsk_layer_scene_to_data (scene, NULL);
  g_assert_nonnull (strstr (data, "\"transform-style\" : \"preserve-3d\""));
  g_assert_null (strstr (strstr (data, "transform-style") + 1, "transform-style"));
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  box = gsk_layer_get_first_child (gsk_layer_scene_get_root (again));
  g_assert_cmpint (gsk_layer_get_transform_style (box), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  /* A value that is not one: an error with its place, and no scene */
  g_clear_object (&again);
  again = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\",\n"
                                         "  \"transform-style\": \"preserve\" } }", -1, "bad.json", &error);
  g_assert_null (again);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "bad.json:2:"));
}

/* transform-style in a style string sets the property, as
 * mix-blend-mode does; a later style without it goes back to flat */
static void
test_style_string (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerStyle) style = NULL;
  g_autofree char *text = NULL;

  g_assert_true (gsk_layer_set_style_from_string (layer, "transform-style: preserve-3d", &error));
  g_assert_no_error (error);
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  text = gsk_layer_style_to_string (gsk_layer_get_style (layer));
  g_assert_nonnull (strstr (text, "transform-style: preserve-3d"));
  style = gsk_layer_style_new_from_string (text, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_style_equal (style, gsk_layer_get_style (layer)));

  g_assert_true (gsk_layer_set_style_from_string (layer, "opacity: 1", &error));
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_FLAT);

  /* A value that is not one: an error at its place, nothing changes */
  g_assert_true (gsk_layer_set_style_from_string (layer, "transform-style: flat", &error));
  g_assert_false (gsk_layer_set_style_from_string (layer, "transform-style: 3d", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "1:18:"));
  g_assert_cmpint (gsk_layer_get_transform_style (layer), ==, GSK_LAYER_TRANSFORM_STYLE_FLAT);

  g_assert_finalize_object (layer);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/3d/transform-style/property", test_property);
  g_test_add_func ("/3d/transform-style/scene-file", test_scene_file);
  g_test_add_func ("/3d/transform-style/style-string", test_style_string);
  g_test_add_func ("/3d/flat/does-not-cancel", test_flat_does_not_cancel);
  g_test_add_func ("/3d/flat/stops-perspective", test_flat_stops_perspective);
  g_test_add_func ("/3d/contexts/nested", test_nested_contexts);
  g_test_add_func ("/3d/contexts/picking", test_picking);

  return g_test_run ();
}
