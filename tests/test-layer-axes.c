/* test-layer-axes.c: translate, rotate and scale, as CSS Transforms 2
 * (issue 15)
 *
 * Each property moves the layer as the equivalent transform does, in
 * CSS's order (translate, rotate, scale, then transform) about the
 * pivot point; each animates on its own, implicitly, while another
 * does; bad values change nothing; scene files write them and read them
 * back. What they draw is in the reftest transform-properties.json,
 * against Chromium drawing the same CSS.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#define MS 1000

static GskLayer *
layer_in (GskLayer *root)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (30, 40));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (100, 50));
  gsk_layer_add_child (root, layer);
  return layer;
}

static void
assert_same_matrix (GskLayer *a,
                    GskLayer *b,
                    GskLayer *root)
{
  graphene_matrix_t ma, mb;
  float fa[16], fb[16];

  g_assert_true (gsk_layer_compute_transform (a, root, &ma));
  g_assert_true (gsk_layer_compute_transform (b, root, &mb));
  graphene_matrix_to_float (&ma, fa);
  graphene_matrix_to_float (&mb, fb);
  for (int i = 0; i < 16; i++)
    g_assert_cmpfloat_with_epsilon (fa[i], fb[i], 1e-4);
}

/* translate, rotate and scale are the transform "translate() rotate()
 * scale()" put before the layer's own */
static void
test_order (void)
{
  static const struct {
    graphene_point3d_t translate, scale, axis;
    float rotate;
    const char *transform, *equivalent;
  } cases[] = {
    { { 10, 20, 0 }, { 1, 1, 1 }, { 0, 0, 1 }, 0, NULL, "translate(10px, 20px)" },
    { { 0, 0, 0 }, { 2, 0.5f, 1 }, { 0, 0, 1 }, 0, NULL, "scale(2, 0.5)" },
    { { 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, 1 }, 30, NULL, "rotate(30deg)" },
    { { 0, 0, 0 }, { 1, 1, 1 }, { 0, 0, -1 }, 30, NULL, "rotate(-30deg)" },
    { { 10, 20, 0 }, { 2, 0.5f, 1 }, { 0, 0, 1 }, 30, "skewX(10deg)",
      "translate(10px, 20px) rotate(30deg) scale(2, 0.5) skewX(10deg)" },
    { { 5, 0, 40 }, { 1, 1, 2 }, { 0, 1, 0 }, 45, "perspective(300px)",
      "translate3d(5px, 0, 40px) rotateY(45deg) scale3d(1, 1, 2) perspective(300px)" },
    { { 0, 0, 0 }, { 1, 1, 1 }, { 1, 1, 0 }, 60, "translateX(7px)",
      "rotate3d(1, 1, 0, 60deg) translateX(7px)" },
  };
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  guint i;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 300));
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GskLayer *a = layer_in (root), *b = layer_in (root);
      g_autoptr (GskLayerTransform) transform = NULL, equivalent = NULL;
      graphene_point3d_t p;

      g_test_message ("case %u: %s", i, cases[i].equivalent);
      gsk_layer_set_pivot_point (a, &GRAPHENE_POINT3D_INIT (0.25f, 0.75f, 0));
      gsk_layer_set_pivot_point (b, &GRAPHENE_POINT3D_INIT (0.25f, 0.75f, 0));
      gsk_layer_set_translate (a, &cases[i].translate);
      gsk_layer_set_rotate_axis (a, &cases[i].axis);
      gsk_layer_set_rotate (a, cases[i].rotate);
      gsk_layer_set_scale (a, &cases[i].scale);
      if (cases[i].transform)
        {
          g_assert_true (gsk_layer_transform_parse (cases[i].transform, &transform, NULL));
          gsk_layer_set_transform (a, transform);
        }
      g_assert_true (gsk_layer_transform_parse (cases[i].equivalent, &equivalent, NULL));
      gsk_layer_set_transform (b, equivalent);
      assert_same_matrix (a, b, root);

      /* The getters return what was set */
      gsk_layer_get_translate (a, &p);
      g_assert_true (graphene_point3d_equal (&p, &cases[i].translate));
      gsk_layer_get_scale (a, &p);
      g_assert_true (graphene_point3d_equal (&p, &cases[i].scale));
      gsk_layer_get_rotate_axis (a, &p);
      g_assert_true (graphene_point3d_equal (&p, &cases[i].axis));
      g_assert_cmpfloat (gsk_layer_get_rotate (a), ==, cases[i].rotate);
    }

  g_assert_finalize_object (root);
}

static void
assert_matrix_of (GskLayer   *a,
                  GskLayer   *b,
                  GskLayer   *root,
                  const char *equivalent)
{
  g_autoptr (GskLayerTransform) transform = NULL;

  g_assert_true (gsk_layer_transform_parse (equivalent, &transform, NULL));
  gsk_layer_set_transform (b, transform);
  assert_same_matrix (a, b, root);
}

/* A rotation in the plane alone is set in place when only its angle
 * changes; any other change makes the transform anew: each step equals
 * its CSS, and the frames drawn equal full redraws */
static void
test_rotate_in_place (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *a = layer_in (root), *b = layer_in (root);
  g_autoptr (GskLayerRenderer) renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  static const struct {
    graphene_point3d_t axis;
    float rotate;
    const char *equivalent;
  } steps[] = {
    { { 0, 0, 1 }, 30, "rotate(30deg)" },
    { { 0, 0, 1 }, 50, "rotate(50deg)" },
    { { 1, 0, 0 }, 50, "rotateX(50deg)" },
    { { 1, 0, 0 }, 70, "rotateX(70deg)" },
    { { 0, 0, -1 }, 70, "rotate(-70deg)" },
    { { 0, 0, -1 }, 20, "rotate(-20deg)" },
    { { 0, 0, 1 }, 20, "rotate(20deg)" },
    { { 0, 0, 1 }, 0, "none" },
    { { 0, 0, 1 }, 45, "rotate(45deg)" },
  };
  guint i;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 300));
  gsk_layer_set_background_color (a, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  for (i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_test_message ("step %u: %s", i, steps[i].equivalent);
      gsk_layer_set_rotate_axis (a, &steps[i].axis);
      gsk_layer_set_rotate (a, steps[i].rotate);
      assert_matrix_of (a, b, root, steps[i].equivalent);
      cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
    }

  cairo_surface_destroy (target);
  g_assert_finalize_object (root);
}

/* Each animates on its own: rotate and scale at once, implicitly, and
 * the matrix at any moment is the one of their values then */
static void
test_animate (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *a = layer_in (root), *b = layer_in (root);
  g_autoptr (GskLayerTransform) halfway = NULL;
  guint notifies = 0;
  GValue v = G_VALUE_INIT;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 300));
  gsk_layer_set_frame_clock (root, clock);
  g_signal_connect_swapped (a, "notify::rotate", G_CALLBACK (g_atomic_int_inc), &notifies);

  gsk_layer_save_easing_state (a);
  gsk_layer_set_easing_duration (a, 1000);
  gsk_layer_set_easing_mode (a, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_rotate (a, 90);
  gsk_layer_set_scale (a, &GRAPHENE_POINT3D_INIT (3, 3, 1));
  gsk_layer_set_translate (a, &GRAPHENE_POINT3D_INIT (40, 0, 0));
  gsk_layer_restore_easing_state (a);

  /* The model at once, notified once */
  g_assert_cmpfloat (gsk_layer_get_rotate (a), ==, 90);
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_nonnull (gsk_layer_get_transition (a, "rotate"));
  g_assert_nonnull (gsk_layer_get_transition (a, "scale"));

  gsk_layer_manual_clock_advance (manual, 500 * MS);
  g_assert_true (gsk_layer_get_presentation_value (a, "rotate", &v));
  g_assert_cmpfloat_with_epsilon (g_value_get_float (&v), 45, 1e-3);
  g_value_unset (&v);
  g_assert_true (gsk_layer_transform_parse ("translate(20px, 0) rotate(45deg) scale(2, 2)", &halfway, NULL));
  gsk_layer_set_transform (b, halfway);
  assert_same_matrix (a, b, root);
  g_assert_cmpuint (notifies, ==, 1);

  gsk_layer_manual_clock_advance (manual, 600 * MS);
  g_assert_null (gsk_layer_get_transition (a, "rotate"));
  g_assert_true (gsk_layer_get_presentation_value (a, "rotate", &v));
  g_assert_cmpfloat (g_value_get_float (&v), ==, 90);
  g_value_unset (&v);

  gsk_layer_set_frame_clock (root, NULL);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Bad values: a critical, and nothing changes */
static void
test_bad_values (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  graphene_point3d_t p;

  if (g_test_subprocess ())
    {
      gsk_layer_set_rotate (layer, NAN);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*isfinite (degrees)*");

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*coordinate_is_valid*");
  gsk_layer_set_translate (layer, &GRAPHENE_POINT3D_INIT (INFINITY, 0, 0));
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*scale_is_valid*");
  gsk_layer_set_scale (layer, &GRAPHENE_POINT3D_INIT (1, NAN, 1));
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*axis->x != 0.f*");
  gsk_layer_set_rotate_axis (layer, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  g_test_assert_expected_messages ();

  gsk_layer_get_translate (layer, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (0, 0, 0)));
  gsk_layer_get_scale (layer, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (1, 1, 1)));
  gsk_layer_get_rotate_axis (layer, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (0, 0, 1)));

  g_assert_finalize_object (layer);
}

/* Scene files take them, and write them back */
static void
test_scene (void)
{
  const char *json =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 100], \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"card\", \"size\": [60, 40], \"translate\": [10, 5, 0],\n"
    "    \"rotate\": 30, \"rotate-axis\": [0, 1, 0], \"scale\": [2, 2, 1] } ] },\n"
    "  \"animations\": [ { \"target\": \"card\", \"property\": \"rotate\", \"to\": 90, \"duration\": 1000 } ] }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "axes.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL, *data2 = NULL;
  GskLayer *card;
  graphene_point3d_t p;

  g_assert_no_error (error);
  card = gsk_layer_scene_get_layer_by_id (scene, "card");
  g_assert_cmpfloat (gsk_layer_get_rotate (card), ==, 30);
  gsk_layer_get_translate (card, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (10, 5, 0)));
  gsk_layer_get_scale (card, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (2, 2, 1)));
  gsk_layer_get_rotate_axis (card, &p);
  g_assert_true (graphene_point3d_equal (&p, &GRAPHENE_POINT3D_INIT (0, 1, 0)));

  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  data2 = gsk_layer_scene_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data2);
  g_assert_cmpfloat (gsk_layer_get_rotate (gsk_layer_scene_get_layer_by_id (again, "card")), ==, 30);

  /* An axis with no direction is the file's mistake, said where it is
   * (fuzz-scene found it a critical) */
  {
    g_autoptr (GskLayerScene) broken =
      gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\",\n"
                                     "  \"rotate-axis\": [0, 0, 0] } }", -1, "bad.json", &error);

    g_assert_null (broken);
    g_assert_cmpstr (error->message, ==, "bad.json:2:18: “rotate-axis” cannot be [0, 0, 0]: it has no direction");
    g_clear_error (&error);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer-axes/order", test_order);
  g_test_add_func ("/layer-axes/animate", test_animate);
  g_test_add_func ("/layer-axes/rotate-in-place", test_rotate_in_place);
  g_test_add_func ("/layer-axes/bad-values", test_bad_values);
  g_test_add_func ("/layer-axes/scene", test_scene);

  return g_test_run ();
}
