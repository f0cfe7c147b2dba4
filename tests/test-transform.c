/* test-transform.c: tests for GskLayerTransform
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gsklayer.h>
#include "gsk-layer-transform-private.h"

#include <float.h>
#include <math.h>

#define EPSILON 1e-4

static GskLayerTransform *
parse_or_fail (const char *string)
{
  GskLayerTransform *transform = NULL;
  GError *error = NULL;

  if (!gsk_layer_transform_parse (string, &transform, &error))
    g_error ("parsing “%s” failed: %s", string, error->message);

  return transform;
}

/* Checks that @css maps (x, y, z, 1), after the divide by w, to the
 * expected point */
static void
check_maps (const char *css,
            float       x,
            float       y,
            float       z,
            float       expected_x,
            float       expected_y,
            float       expected_z)
{
  GskLayerTransform *transform = parse_or_fail (css);
  graphene_matrix_t matrix;
  graphene_vec4_t point, result;
  float w, rx, ry, rz;

  gsk_layer_transform_to_matrix (transform, &matrix);
  graphene_vec4_init (&point, x, y, z, 1.f);
  graphene_matrix_transform_vec4 (&matrix, &point, &result);

  w = graphene_vec4_get_w (&result);
  rx = graphene_vec4_get_x (&result) / w;
  ry = graphene_vec4_get_y (&result) / w;
  rz = graphene_vec4_get_z (&result) / w;

  if (fabsf (rx - expected_x) > EPSILON ||
      fabsf (ry - expected_y) > EPSILON ||
      fabsf (rz - expected_z) > EPSILON)
    g_test_fail_printf ("“%s” maps (%g, %g, %g) to (%g, %g, %g), expected (%g, %g, %g)",
                        css, x, y, z, rx, ry, rz,
                        expected_x, expected_y, expected_z);

  gsk_layer_transform_unref (transform);
}

static void
check_matrix (const char  *css,
              const float  expected[16])
{
  GskLayerTransform *transform = parse_or_fail (css);
  graphene_matrix_t matrix;
  float m[16];

  gsk_layer_transform_to_matrix (transform, &matrix);
  graphene_matrix_to_float (&matrix, m);

  for (guint i = 0; i < 16; i++)
    {
      if (fabsf (m[i] - expected[i]) > EPSILON)
        g_test_fail_printf ("“%s”: matrix element %u is %g, expected %g",
                            css, i, m[i], expected[i]);
    }

  gsk_layer_transform_unref (transform);
}

static void
test_identity (void)
{
  graphene_matrix_t matrix;
  char *string;

  g_assert_null (gsk_layer_transform_ref (NULL));
  gsk_layer_transform_unref (NULL);

  g_assert_cmpuint (gsk_layer_transform_get_n_ops (NULL), ==, 0);
  g_assert_cmpint (gsk_layer_transform_get_category (NULL), ==, GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY);
  g_assert_true (gsk_layer_transform_equal (NULL, NULL));

  graphene_matrix_init_scale (&matrix, 2, 2, 2);
  gsk_layer_transform_to_matrix (NULL, &matrix);
  g_assert_true (graphene_matrix_is_identity (&matrix));

  string = gsk_layer_transform_to_string (NULL);
  g_assert_cmpstr (string, ==, "none");
  g_free (string);
}

static void
test_boxed (void)
{
  GskLayerTransform *transform, *copy;

  g_assert_true (G_TYPE_IS_BOXED (GSK_TYPE_LAYER_TRANSFORM));
  g_assert_cmpstr (g_type_name (GSK_TYPE_LAYER_TRANSFORM), ==, "GskLayerTransform");

  transform = gsk_layer_transform_rotate (NULL, 30);
  copy = g_boxed_copy (GSK_TYPE_LAYER_TRANSFORM, transform);
  g_assert_true (copy == transform);
  g_boxed_free (GSK_TYPE_LAYER_TRANSFORM, copy);

  {
    g_autoptr (GskLayerTransform) autoptr = gsk_layer_transform_ref (transform);
    g_assert_true (gsk_layer_transform_equal (autoptr, transform));
  }

  gsk_layer_transform_unref (transform);
}

static void
test_builder_order (void)
{
  GskLayerTransform *transform = NULL, *parsed;
  graphene_vec3_t axis;
  graphene_matrix_t matrix;
  float values[16];

  transform = gsk_layer_transform_translate (transform, 10, 20);
  transform = gsk_layer_transform_rotate (transform, 45);
  transform = gsk_layer_transform_scale (transform, 2, 3);
  transform = gsk_layer_transform_skew (transform, 5, 6);
  transform = gsk_layer_transform_perspective (transform, 400);
  transform = gsk_layer_transform_rotate_3d (transform, 30, graphene_vec3_init (&axis, 0, 3, 4));
  transform = gsk_layer_transform_matrix (transform, graphene_matrix_init_from_2d (&matrix, 1, 2, 3, 4, 5, 6));
  transform = gsk_layer_transform_translate_3d (transform, 1, 2, 3);
  transform = gsk_layer_transform_scale_3d (transform, 4, 5, 6);

  g_assert_cmpuint (gsk_layer_transform_get_n_ops (transform), ==, 9);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 0, values), ==, GSK_LAYER_TRANSFORM_OP_TRANSLATE);
  g_assert_cmpfloat (values[0], ==, 10);
  g_assert_cmpfloat (values[1], ==, 20);
  g_assert_cmpfloat (values[2], ==, 0);
  g_assert_cmpfloat (values[15], ==, 0);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 1, values), ==, GSK_LAYER_TRANSFORM_OP_ROTATE);
  g_assert_cmpfloat (values[0], ==, 0);
  g_assert_cmpfloat (values[1], ==, 0);
  g_assert_cmpfloat (values[2], ==, 1);
  g_assert_cmpfloat (values[3], ==, 45);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 2, values), ==, GSK_LAYER_TRANSFORM_OP_SCALE);
  g_assert_cmpfloat (values[0], ==, 2);
  g_assert_cmpfloat (values[1], ==, 3);
  g_assert_cmpfloat (values[2], ==, 1);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 3, values), ==, GSK_LAYER_TRANSFORM_OP_SKEW);
  g_assert_cmpfloat (values[0], ==, 5);
  g_assert_cmpfloat (values[1], ==, 6);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 4, values), ==, GSK_LAYER_TRANSFORM_OP_PERSPECTIVE);
  g_assert_cmpfloat (values[0], ==, 400);

  /* The axis comes back normalized */
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 5, values), ==, GSK_LAYER_TRANSFORM_OP_ROTATE);
  g_assert_cmpfloat_with_epsilon (values[0], 0.f, 1e-7);
  g_assert_cmpfloat_with_epsilon (values[1], 0.6f, 1e-7);
  g_assert_cmpfloat_with_epsilon (values[2], 0.8f, 1e-7);
  g_assert_cmpfloat (values[3], ==, 30);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 6, values), ==, GSK_LAYER_TRANSFORM_OP_MATRIX);
  g_assert_cmpfloat (values[0], ==, 1);
  g_assert_cmpfloat (values[1], ==, 2);
  g_assert_cmpfloat (values[4], ==, 3);
  g_assert_cmpfloat (values[5], ==, 4);
  g_assert_cmpfloat (values[10], ==, 1);
  g_assert_cmpfloat (values[12], ==, 5);
  g_assert_cmpfloat (values[13], ==, 6);
  g_assert_cmpfloat (values[15], ==, 1);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 7, values), ==, GSK_LAYER_TRANSFORM_OP_TRANSLATE);
  g_assert_cmpfloat (values[2], ==, 3);

  g_assert_cmpint (gsk_layer_transform_get_op (transform, 8, NULL), ==, GSK_LAYER_TRANSFORM_OP_SCALE);

  parsed = parse_or_fail ("translate(10px, 20px) rotate(45deg) scale(2, 3) skew(5deg, 6deg) "
                          "perspective(400px) rotate3d(0, 3, 4, 30deg) matrix(1, 2, 3, 4, 5, 6) "
                          "translate3d(1px, 2px, 3px) scale3d(4, 5, 6)");
  g_assert_true (gsk_layer_transform_equal (transform, parsed));

  gsk_layer_transform_unref (parsed);
  gsk_layer_transform_unref (transform);
}

#define EXPECT_CRITICAL() \
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*assertion*failed*")

static void
test_builder_nan (void)
{
  GskLayerTransform *base, *result;
  graphene_vec3_t axis;
  graphene_matrix_t matrix;
  float m[16];

  base = gsk_layer_transform_translate (NULL, 1, 2);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_translate (base, NAN, 0);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_translate_3d (base, 0, 0, INFINITY);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_scale (base, 1, -INFINITY);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_scale_3d (base, 1, 1, NAN);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate (base, NAN);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate_3d (base, 10, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate_3d (base, 10, graphene_vec3_init (&axis, 0, 0, 0));
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate_3d (base, 10, graphene_vec3_init (&axis, NAN, 0, 1));
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate_3d (base, INFINITY, graphene_vec3_init (&axis, 0, 0, 1));
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_skew (base, 0, NAN);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_perspective (base, 0);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_perspective (base, -100);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_perspective (base, NAN);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_perspective (base, INFINITY);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  EXPECT_CRITICAL ();
  result = gsk_layer_transform_matrix (base, NULL);
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  for (guint i = 0; i < 16; i++)
    m[i] = i == 7 ? NAN : 1.f;
  EXPECT_CRITICAL ();
  result = gsk_layer_transform_matrix (base, graphene_matrix_init_from_float (&matrix, m));
  g_test_assert_expected_messages ();
  g_assert_true (result == base);

  /* NULL passes through as well */
  EXPECT_CRITICAL ();
  result = gsk_layer_transform_rotate (NULL, INFINITY);
  g_test_assert_expected_messages ();
  g_assert_null (result);

  /* Nothing was appended */
  g_assert_cmpuint (gsk_layer_transform_get_n_ops (base), ==, 1);
  gsk_layer_transform_unref (base);
}

static void
test_builder_perspective_clamp (void)
{
  GskLayerTransform *transform;
  float values[16];

  /* CSS Transforms 2: depths below 1px are treated as 1px */
  transform = gsk_layer_transform_perspective (NULL, 0.25f);
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 0, values), ==, GSK_LAYER_TRANSFORM_OP_PERSPECTIVE);
  g_assert_cmpfloat (values[0], ==, 1.f);
  gsk_layer_transform_unref (transform);
}

static void
test_get_op_range (void)
{
  GskLayerTransform *transform;
  float values[16] = { 42.f };

  transform = gsk_layer_transform_translate (NULL, 1, 2);

  EXPECT_CRITICAL ();
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 1, values), ==, GSK_LAYER_TRANSFORM_OP_MATRIX);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (values[0], ==, 42.f);

  EXPECT_CRITICAL ();
  g_assert_cmpint (gsk_layer_transform_get_op (NULL, 0, values), ==, GSK_LAYER_TRANSFORM_OP_MATRIX);
  g_test_assert_expected_messages ();

  gsk_layer_transform_unref (transform);
}

static void
test_category (void)
{
  static const struct {
    const char *css;
    GskLayerTransformCategory category;
  } tests[] = {
    { "none", GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY },
    { "translate(0, 0)", GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE },
    { "translate(1px, 2px) translateX(3px) translateY(4px)", GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE },
    { "translate3d(1px, 2px, 0)", GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE },
    { "translateZ(1px)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "translate(1px) scale(2)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "scale3d(2, 3, 1)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "scaleZ(2)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "rotate(10deg)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "rotate(0)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "rotate3d(0, 0, -1, 10deg)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "rotateX(10deg)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "rotate3d(0.1, 0, 1, 10deg)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "skew(10deg, 20deg)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "matrix(1, 2, 3, 4, 5, 6)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 7, 1)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    { "perspective(100px)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
    /* Never back down */
    { "rotate(10deg) translate(1px, 2px)", GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE },
    { "perspective(100px) translate(1px)", GSK_LAYER_TRANSFORM_CATEGORY_3D },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      GskLayerTransform *transform = parse_or_fail (tests[i].css);
      GskLayerTransformCategory category = gsk_layer_transform_get_category (transform);

      if (category != tests[i].category)
        g_test_fail_printf ("“%s” has category %d, expected %d", tests[i].css, category, tests[i].category);

      gsk_layer_transform_unref (transform);
    }
}

static void
test_matrix_order (void)
{
  /* Each function applies in the space set up by those before it */
  check_maps ("translate(10px, 0) rotate(90deg)", 1, 0, 0, 10, 1, 0);
  check_maps ("rotate(90deg) translate(10px, 0)", 0, 0, 0, 0, 10, 0);
  check_maps ("translate(100px, 0) scale(2) rotate(90deg)", 1, 0, 0, 100, 2, 0);
  check_maps ("scale(2) translate(10px, 5px)", 0, 0, 0, 20, 10, 0);
  check_maps ("translate(10px, 5px) scale(2)", 0, 0, 0, 10, 5, 0);
  check_maps ("translateX(5px) translateY(6px) translateZ(7px)", 0, 0, 0, 5, 6, 7);

  /* The matrix of A B is B × A in graphene's row-vector convention */
  check_matrix ("translate(10px, 20px) scale(2, 3)",
                (float[16]) { 2, 0, 0, 0,
                              0, 3, 0, 0,
                              0, 0, 1, 0,
                              10, 20, 0, 1 });
  check_matrix ("scale(2, 3) translate(10px, 20px)",
                (float[16]) { 2, 0, 0, 0,
                              0, 3, 0, 0,
                              0, 0, 1, 0,
                              20, 60, 0, 1 });
}

static void
test_matrix_rotate (void)
{
  /* Clockwise on screen, y pointing down */
  check_maps ("rotate(90deg)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotateZ(90deg)", 0, 1, 0, -1, 0, 0);
  check_maps ("rotate(-90deg)", 1, 0, 0, 0, -1, 0);
  check_maps ("rotate(30deg)", 1, 0, 0, cosf (G_PI / 6), sinf (G_PI / 6), 0);
  check_maps ("rotateX(90deg)", 0, 1, 0, 0, 0, 1);
  check_maps ("rotateY(90deg)", 0, 0, 1, 1, 0, 0);
  check_maps ("rotate3d(1, 0, 0, 90deg)", 0, 1, 0, 0, 0, 1);
  check_maps ("rotate3d(0, 0, 2, 90deg)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotate3d(1, 1, 0, 180deg)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotate3d(1e-30, 0, 0, 90deg)", 0, 1, 0, 0, 0, 1);
  check_maps ("rotate3d(1e30, 0, 0, 90deg)", 0, 1, 0, 0, 0, 1);

  /* Angle units */
  check_maps ("rotate(0.25turn)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotate(100grad)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotate(1.5707963rad)", 1, 0, 0, 0, 1, 0);
  check_maps ("rotate(0)", 3, 4, 5, 3, 4, 5);
}

static void
test_matrix_scale_skew (void)
{
  check_maps ("scale(2, 3)", 1, 1, 1, 2, 3, 1);
  check_maps ("scale(2)", 1, 1, 1, 2, 2, 1);
  check_maps ("scaleX(2)", 1, 1, 1, 2, 1, 1);
  check_maps ("scaleY(2)", 1, 1, 1, 1, 2, 1);
  check_maps ("scaleZ(5)", 1, 1, 1, 1, 1, 5);
  check_maps ("scale3d(2, 3, 4)", 1, 1, 1, 2, 3, 4);

  check_maps ("skew(45deg, 0)", 0, 1, 0, 1, 1, 0);
  check_maps ("skew(45deg)", 0, 1, 0, 1, 1, 0);
  check_maps ("skewX(45deg)", 0, 1, 0, 1, 1, 0);
  check_maps ("skewY(45deg)", 1, 0, 0, 1, 1, 0);
  check_maps ("skew(45deg, 45deg)", 1, 1, 0, 2, 2, 0);
  check_maps ("skewX(-45deg)", 0, 2, 0, -2, 2, 0);
}

static void
test_matrix_perspective (void)
{
  /* w = 1 - z/d = 0.5, so x and y double */
  check_maps ("perspective(100px) translateZ(50px)", 1, 1, 0, 2, 2, 100);
  check_maps ("perspective(100px)", 3, 4, 0, 3, 4, 0);
  /* Moving away halves */
  check_maps ("perspective(100px) translateZ(-100px)", 4, 6, 0, 2, 3, -50);
  /* perspective(0) is perspective(1px) */
  check_maps ("perspective(0) translateZ(0.5px)", 1, 1, 0, 2, 2, 1);
  check_matrix ("perspective(400px)",
                (float[16]) { 1, 0, 0, 0,
                              0, 1, 0, 0,
                              0, 0, 1, -1.f / 400,
                              0, 0, 0, 1 });
}

static void
test_matrix_matrix (void)
{
  /* x' = a x + c y + e, y' = b x + d y + f */
  check_maps ("matrix(1, 2, 3, 4, 5, 6)", 1, 1, 0, 9, 12, 0);
  check_maps ("matrix(1, 2, 3, 4, 5, 6)", 0, 0, 7, 5, 6, 7);
  /* Column by column, the translation last */
  check_maps ("matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1)", 0, 0, 0, 10, 20, 30);
  check_maps ("matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.01, 0, 0, 0, 1) translateZ(50px)",
              1, 1, 0, 2, 2, 100);
  check_matrix ("matrix3d(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)",
                (float[16]) { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 });
  check_matrix ("matrix(1, 2, 3, 4, 5, 6)",
                (float[16]) { 1, 2, 0, 0,
                              3, 4, 0, 0,
                              0, 0, 1, 0,
                              5, 6, 0, 1 });
}

static void
test_parse_none (void)
{
  static const char *identities[] = {
    "none", "NONE", "None", "", "   ", "\t none \n", "perspective(none)",
  };

  for (guint i = 0; i < G_N_ELEMENTS (identities); i++)
    {
      GskLayerTransform *before = gsk_layer_transform_scale (NULL, 2, 2);
      GskLayerTransform *transform = before;
      GError *error = NULL;

      g_assert_true (gsk_layer_transform_parse (identities[i], &transform, &error));
      g_assert_no_error (error);
      g_assert_null (transform);

      gsk_layer_transform_unref (before);
    }

  /* Validation only */
  g_assert_true (gsk_layer_transform_parse ("rotate(1deg)", NULL, NULL));
  g_assert_false (gsk_layer_transform_parse ("rotate(1px)", NULL, NULL));
}

static void
test_parse_functions (void)
{
  static const struct {
    const char *css;
    GskLayerTransformOp op;
    float values[4];
  } tests[] = {
    { "translate(10px)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 10, 0, 0 } },
    { "translate(10, 20)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 10, 20, 0 } },
    { "translateX(-3.5px)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { -3.5, 0, 0 } },
    { "translateY(+.5px)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 0, 0.5, 0 } },
    { "translateZ(1e2px)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 0, 0, 100 } },
    { "translate3d(1px, 2PX, 3)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 1, 2, 3 } },
    { "scale(2)", GSK_LAYER_TRANSFORM_OP_SCALE, { 2, 2, 1 } },
    { "scale(2, -3)", GSK_LAYER_TRANSFORM_OP_SCALE, { 2, -3, 1 } },
    { "scaleX(2)", GSK_LAYER_TRANSFORM_OP_SCALE, { 2, 1, 1 } },
    { "scaleY(2)", GSK_LAYER_TRANSFORM_OP_SCALE, { 1, 2, 1 } },
    { "scaleZ(2)", GSK_LAYER_TRANSFORM_OP_SCALE, { 1, 1, 2 } },
    { "scale3d(1, 2, 3)", GSK_LAYER_TRANSFORM_OP_SCALE, { 1, 2, 3 } },
    { "rotate(45deg)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0, 0, 1, 45 } },
    { "rotateZ(-45deg)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0, 0, 1, -45 } },
    { "rotateX(0.5turn)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 1, 0, 0, 180 } },
    { "rotateY(200grad)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0, 1, 0, 180 } },
    { "rotate3d(0, 0, 5, 3.14159265rad)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0, 0, 1, 180 } },
    { "rotate3d(3, 0, -4, 10deg)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0.6f, 0, -0.8f, 10 } },
    { "skew(10deg)", GSK_LAYER_TRANSFORM_OP_SKEW, { 10, 0 } },
    { "skew(10deg, 0.1turn)", GSK_LAYER_TRANSFORM_OP_SKEW, { 10, 36 } },
    { "skewX(10deg)", GSK_LAYER_TRANSFORM_OP_SKEW, { 10, 0 } },
    { "skewY(10deg)", GSK_LAYER_TRANSFORM_OP_SKEW, { 0, 10 } },
    { "perspective(400px)", GSK_LAYER_TRANSFORM_OP_PERSPECTIVE, { 400 } },
    { "perspective(0)", GSK_LAYER_TRANSFORM_OP_PERSPECTIVE, { 1 } },
    { "perspective(0.5px)", GSK_LAYER_TRANSFORM_OP_PERSPECTIVE, { 1 } },
    { "matrix(1, 2, 3, 4, 5, 6)", GSK_LAYER_TRANSFORM_OP_MATRIX, { 1, 2, 0, 0 } },
    /* Syntax: case, white space, signs, exponents */
    { "ROTATE(45DEG)", GSK_LAYER_TRANSFORM_OP_ROTATE, { 0, 0, 1, 45 } },
    { "TranslateX( 10px )", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 10, 0, 0 } },
    { "\n translate(\t1px\n,2px ) \t", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { 1, 2, 0 } },
    { "translate(-1.5E+1px,.25e-1px)", GSK_LAYER_TRANSFORM_OP_TRANSLATE, { -15, 0.025f, 0 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      GskLayerTransform *transform = parse_or_fail (tests[i].css);
      float values[16];

      g_assert_cmpuint (gsk_layer_transform_get_n_ops (transform), ==, 1);
      if (gsk_layer_transform_get_op (transform, 0, values) != tests[i].op)
        g_test_fail_printf ("“%s”: wrong kind of operation", tests[i].css);

      for (guint j = 0; j < 4; j++)
        {
          if (fabsf (values[j] - tests[i].values[j]) > EPSILON)
            g_test_fail_printf ("“%s”: value %u is %g, expected %g",
                                tests[i].css, j, values[j], tests[i].values[j]);
        }

      gsk_layer_transform_unref (transform);
    }
}

static void
test_parse_list (void)
{
  GskLayerTransform *transform;
  float values[16];

  /* No white space needed between functions */
  transform = parse_or_fail ("rotate(90deg)translate(1px,2px)  scale(3)");
  g_assert_cmpuint (gsk_layer_transform_get_n_ops (transform), ==, 3);
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 0, values), ==, GSK_LAYER_TRANSFORM_OP_ROTATE);
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 1, values), ==, GSK_LAYER_TRANSFORM_OP_TRANSLATE);
  g_assert_cmpfloat (values[1], ==, 2);
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 2, values), ==, GSK_LAYER_TRANSFORM_OP_SCALE);
  g_assert_cmpfloat (values[1], ==, 3);
  gsk_layer_transform_unref (transform);

  /* perspective(none) adds nothing */
  transform = parse_or_fail ("scale(2) perspective(none) rotate(1deg)");
  g_assert_cmpuint (gsk_layer_transform_get_n_ops (transform), ==, 2);
  gsk_layer_transform_unref (transform);
}

static void
test_to_string_simple (void)
{
  static const struct {
    const char *css;
    const char *expected;
  } tests[] = {
    { "none", "none" },
    { "translate(10px, 20px)", "translate(10px, 20px)" },
    { "translateX(10px)", "translate(10px, 0px)" },
    { "translateZ(-5px)", "translateZ(-5px)" },
    { "translate3d(1px, 2px, 3px)", "translate3d(1px, 2px, 3px)" },
    { "translate3d(1px, 2px, 0px)", "translate(1px, 2px)" },
    { "translate(0.1px, -0)", "translate(0.1px, 0px)" },
    { "rotate(45deg)", "rotate(45deg)" },
    { "rotateZ(0.5turn)", "rotate(180deg)" },
    { "ROTATEX(90deg)", "rotateX(90deg)" },
    { "rotateY(90deg)", "rotateY(90deg)" },
    { "rotate3d(1, 1, 0, 30deg)", "rotate3d(1, 1, 0, 30deg)" },
    { "scale(2, 3)", "scale(2, 3)" },
    { "scale(2)", "scale(2, 2)" },
    { "scaleZ(2)", "scaleZ(2)" },
    { "scale3d(1, 2, 3)", "scale3d(1, 2, 3)" },
    { "skew(10deg)", "skewX(10deg)" },
    { "skewY(10deg)", "skewY(10deg)" },
    { "skew(10deg, 20deg)", "skew(10deg, 20deg)" },
    { "perspective(400px)", "perspective(400px)" },
    { "matrix(1, 2, 3, 4, 5, 6)", "matrix(1, 2, 3, 4, 5, 6)" },
    { "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1)", "matrix(1, 0, 0, 1, 5, 6)" },
    { "matrix3d(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)",
      "matrix3d(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)" },
    { "translate(10px, 20px) rotate(45deg) scale(2, 3)", "translate(10px, 20px) rotate(45deg) scale(2, 3)" },
    { "scale(1e-7, 123456.7) translate(16777216px, 0)", "scale(1e-07, 123456.7) translate(16777216px, 0px)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      GskLayerTransform *transform = parse_or_fail (tests[i].css);
      char *string = gsk_layer_transform_to_string (transform);

      g_assert_cmpstr (string, ==, tests[i].expected);

      g_free (string);
      gsk_layer_transform_unref (transform);
    }
}

static void
check_round_trip (GskLayerTransform *transform)
{
  GskLayerTransform *parsed = NULL;
  GError *error = NULL;
  char *string, *again;

  string = gsk_layer_transform_to_string (transform);
  if (!gsk_layer_transform_parse (string, &parsed, &error))
    g_error ("“%s” does not parse back: %s", string, error->message);

  if (!gsk_layer_transform_equal (transform, parsed))
    g_test_fail_printf ("“%s” does not read back equal", string);

  again = gsk_layer_transform_to_string (parsed);
  g_assert_cmpstr (string, ==, again);

  g_free (again);
  g_free (string);
  gsk_layer_transform_unref (parsed);
}

static void
test_to_string_round_trip (void)
{
  static const char *strings[] = {
    "none",
    "translate(10px, 20px)",
    "translate3d(1px, 2px, 3px)",
    "translateZ(-7.5px)",
    "scale(2, 3)",
    "scale3d(1, 2, 3)",
    "scaleZ(0.5)",
    "rotate(45deg)",
    "rotateX(30deg)",
    "rotateY(-30deg)",
    "rotate3d(1, 2, 3, 0.3rad)",
    "rotate3d(1e-30, 0, 1e30, 1deg)",
    "skew(10deg, 20deg)",
    "skewX(1grad)",
    "skewY(0.1turn)",
    "perspective(400px)",
    "perspective(0.5px)",
    "matrix(1, 2, 3, 4, 5, 6)",
    "matrix3d(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)",
    "translate(0.1px, 0.2px) rotate(0.3rad) scale(1e-7, 123456.7) perspective(1e+30px)",
  };
  static const float awkward[] = {
    0.1f, 1.f / 3.f, G_PI, -2.f / 7.f, 16777217.f, 1e-7f, 123456.789f,
    GSK_LAYER_MAX_COORDINATE, -GSK_LAYER_MAX_COORDINATE, FLT_MIN, 1.4e-45f, -0.f, 0.f, 1.f, 100.f,
  };
  GskLayerTransform *transform = NULL;
  graphene_vec3_t axis;
  graphene_matrix_t matrix;
  float m[16];

  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      transform = parse_or_fail (strings[i]);
      check_round_trip (transform);
      gsk_layer_transform_unref (transform);
    }

  /* Every kind of operation with values that need all their digits; a
   * list whose product overflows is refused when read back */
  transform = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
    {
      float a = awkward[i];
      float b = awkward[(i + 1) % G_N_ELEMENTS (awkward)];
      float c = awkward[(i + 2) % G_N_ELEMENTS (awkward)];

      transform = gsk_layer_transform_translate (transform, a, b);
      transform = gsk_layer_transform_translate_3d (transform, a, b, c);
      transform = gsk_layer_transform_scale (transform, a, b);
      transform = gsk_layer_transform_scale_3d (transform, a, b, c);
      transform = gsk_layer_transform_rotate (transform, a);
      if (a != 0.f || b != 0.f || c != 0.f)
        transform = gsk_layer_transform_rotate_3d (transform, b, graphene_vec3_init (&axis, a, b, c));
      transform = gsk_layer_transform_skew (transform, a, b);
      if (a > 0.f)
        transform = gsk_layer_transform_perspective (transform, a);

      for (guint j = 0; j < 16; j++)
        m[j] = awkward[(i + j) % G_N_ELEMENTS (awkward)];
      transform = gsk_layer_transform_matrix (transform, graphene_matrix_init_from_float (&matrix, m));
      transform = gsk_layer_transform_matrix (transform, graphene_matrix_init_from_2d (&matrix, a, b, c, a, b, c));

      if (gsk_layer_transform_is_finite (transform))
        check_round_trip (transform);
      else
        {
          char *string = gsk_layer_transform_to_string (transform);
          GskLayerTransform *parsed = NULL;
          GError *error = NULL;

          g_assert_false (gsk_layer_transform_parse (string, &parsed, &error));
          g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
          g_assert_nonnull (strstr (error->message, "overflows"));
          g_clear_error (&error);
          g_free (string);
        }
      g_clear_pointer (&transform, gsk_layer_transform_unref);
    }
}

static void
test_equal (void)
{
  static const struct {
    const char *first;
    const char *second;
    gboolean equal;
  } tests[] = {
    { "none", "", TRUE },
    { "translate(0, 0)", "none", FALSE },
    { "rotate(45deg)", "rotateZ(45deg)", TRUE },
    { "rotate(45deg)", "rotate3d(0, 0, 2, 45deg)", TRUE },
    { "rotate(45deg)", "rotate3d(0, 0, -1, -45deg)", FALSE },
    { "scale(2)", "scale(2, 2)", TRUE },
    { "skew(10deg)", "skewX(10deg)", TRUE },
    { "translate(1px, 2px)", "translate(1px, 3px)", FALSE },
    { "translate(1px, 2px)", "translate(1px, 2px) translate(0, 0)", FALSE },
    { "rotate(90deg)", "matrix(0, 1, -1, 0, 0, 0)", FALSE },
    { "scale(1, 2) rotate(3deg)", "rotate(3deg) scale(1, 2)", FALSE },
    { "translate(1px) perspective(10px)", "translateX(1px) perspective(10px)", TRUE },
  };
  GskLayerTransform *shared, *a, *b, *c;

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      GskLayerTransform *first = parse_or_fail (tests[i].first);
      GskLayerTransform *second = parse_or_fail (tests[i].second);

      if (gsk_layer_transform_equal (first, second) != tests[i].equal ||
          gsk_layer_transform_equal (second, first) != tests[i].equal)
        g_test_fail_printf ("“%s” and “%s” should%s be equal",
                            tests[i].first, tests[i].second,
                            tests[i].equal ? "" : " not");

      gsk_layer_transform_unref (first);
      gsk_layer_transform_unref (second);
    }

  /* A shared tail */
  shared = gsk_layer_transform_translate (NULL, 1, 2);
  a = gsk_layer_transform_rotate (gsk_layer_transform_ref (shared), 10);
  b = gsk_layer_transform_rotate (gsk_layer_transform_ref (shared), 10);
  c = gsk_layer_transform_rotate (gsk_layer_transform_ref (shared), 11);
  g_assert_true (gsk_layer_transform_equal (a, a));
  g_assert_true (gsk_layer_transform_equal (a, b));
  g_assert_false (gsk_layer_transform_equal (a, c));
  g_assert_false (gsk_layer_transform_equal (a, shared));
  g_assert_false (gsk_layer_transform_equal (NULL, shared));
  gsk_layer_transform_unref (a);
  gsk_layer_transform_unref (b);
  gsk_layer_transform_unref (c);
  gsk_layer_transform_unref (shared);
}

static void
test_errors_position (void)
{
  static const struct {
    const char *css;
    GskLayerError code;
    const char *message;  /* a pattern */
  } tests[] = {
    { "rotate(45deg) rotat(3deg)", GSK_LAYER_ERROR_SYNTAX,
      "characters 15-19: unknown transform function “rotat” (expected one of matrix, matrix3d, *translateZ)" },
    { "  rötate(1deg)", GSK_LAYER_ERROR_SYNTAX, "characters 3-8: unknown transform function “rötate”*" },
    { "translate(10px 20px)", GSK_LAYER_ERROR_SYNTAX, "characters 16-19: expected “,” or “)”, got “20px”" },
    { "perspective(-5px)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 13-16: *" },
    { "rotate3d(0, 0, 0, 10deg)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 10-16: *axis*" },
    { "scale(1e999)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-11: “1e999” is out of range" },
    { "scale(1e39)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-10: “1e39” is out of range" },
    { "rotateX(1e38turn)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 9-16: *out of range" },
    { "rotate(45deg", GSK_LAYER_ERROR_SYNTAX, "characters 1-12: unterminated rotate(): expected “)”" },
    { "rotate(", GSK_LAYER_ERROR_SYNTAX, "characters 1-7: unterminated rotate()*" },
    { "translate(50%)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 11-13: percentages are not supported*" },
    { "rotate(45)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 8-9: *needs a unit*" },
    { "rotate(10px)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 8-11: expected an angle*" },
    { "translate(10em)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 11-14: expected a length in px, got “10em”" },
    { "scale(2px)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-9: expected a number*" },
    { "rotate(foo)", GSK_LAYER_ERROR_SYNTAX, "characters 8-10: expected an angle, got “foo”" },
    { "rotate(1deg, 2deg)", GSK_LAYER_ERROR_SYNTAX, "characters 1-18: rotate() takes 1 argument, got 2" },
    { "matrix(1, 2, 3)", GSK_LAYER_ERROR_SYNTAX, "characters 1-15: matrix() takes 6 arguments, got 3" },
    { "translate(1px, 2px, 3px)", GSK_LAYER_ERROR_SYNTAX, "characters 1-24: translate() takes 1 to 2 arguments, got 3" },
    { "scale()", GSK_LAYER_ERROR_SYNTAX, "characters 1-7: scale() takes 1 to 2 arguments, got 0" },
    { "scale(2,)", GSK_LAYER_ERROR_SYNTAX, "characters 9-9: expected a number, got “)”" },
    { "scale(2", GSK_LAYER_ERROR_SYNTAX, "characters 1-7: unterminated scale()*" },
    { "scale(2) none", GSK_LAYER_ERROR_SYNTAX, "characters 10-13: “none” cannot be combined*" },
    { "none scale(2)", GSK_LAYER_ERROR_SYNTAX, "characters 1-4: “none” cannot be combined*" },
    { "rotate (45deg)", GSK_LAYER_ERROR_SYNTAX, "characters 1-6: expected “(” right after “rotate”" },
    { "scale(2) 45deg", GSK_LAYER_ERROR_SYNTAX, "characters 10-14: expected a transform function, got “45deg”" },
    { "scale(2) , scale(3)", GSK_LAYER_ERROR_SYNTAX, "characters 10-10: expected a transform function, got “,”" },
    { "scale(1.)", GSK_LAYER_ERROR_SYNTAX, "characters 8-8: unexpected “.” after “1”" },
    { "scale(0x10)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-10: expected a number*" },
    { "scale(inf)", GSK_LAYER_ERROR_SYNTAX, "characters 7-9: expected a number, got “inf”" },
    { "scale(nan)", GSK_LAYER_ERROR_SYNTAX, "characters 7-9: expected a number, got “nan”" },
    { "translate(1px 2px", GSK_LAYER_ERROR_SYNTAX, "characters 15-17: expected “,” or “)”*" },
    { "scale(2) \xff", GSK_LAYER_ERROR_SYNTAX, "characters 10-10: invalid UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      GskLayerTransform *before = gsk_layer_transform_scale (NULL, 2, 2);
      GskLayerTransform *transform = before;
      GError *error = NULL;

      g_assert_false (gsk_layer_transform_parse (tests[i].css, &transform, &error));
      g_assert_error (error, GSK_LAYER_ERROR, (int) tests[i].code);
      if (!g_pattern_match_simple (tests[i].message, error->message))
        g_test_fail_printf ("“%s” gave “%s”, expected “%s”",
                            tests[i].css, error->message, tests[i].message);

      /* Left untouched */
      g_assert_true (transform == before);

      g_clear_error (&error);
      gsk_layer_transform_unref (before);
    }
}

static void
test_long_chain (void)
{
  GskLayerTransform *transform = NULL;
  float dx = 0;
  graphene_matrix_t matrix;
  char *string;
  float values[16];

  for (guint i = 0; i < 20000; i++)
    transform = gsk_layer_transform_translate (transform, 1, 0);

  g_assert_cmpuint (gsk_layer_transform_get_n_ops (transform), ==, 20000);
  g_assert_cmpint (gsk_layer_transform_get_category (transform), ==, GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE);
  g_assert_cmpint (gsk_layer_transform_get_op (transform, 0, values), ==, GSK_LAYER_TRANSFORM_OP_TRANSLATE);

  gsk_layer_transform_to_matrix (transform, &matrix);
  dx = graphene_matrix_get_x_translation (&matrix);
  g_assert_cmpfloat (dx, ==, 20000);

  string = gsk_layer_transform_to_string (transform);
  g_assert_true (g_str_has_prefix (string, "translate(1px, 0px) translate(1px, 0px)"));
  g_free (string);

  /* Must not recurse */
  gsk_layer_transform_unref (transform);
}

/* The 2D fast path of the compile step must give what the 4×4 path
 * gives, for every 2D operation and their compositions */
static void
test_affine_matches_matrix (void)
{
  static const char *cases[] = {
    "none",
    "translate(10px, -20px)",
    "scale(2, 0.5)",
    "rotate(30deg)",
    "rotate(-135deg)",
    "rotate3d(0, 0, -1, 40deg)",
    "skew(20deg, 10deg)",
    "skewX(-15deg)",
    "matrix(0.9, 0.2, -0.3, 1.1, 5, 7)",
    "translate(50px, 0) rotate(90deg)",
    "rotate(90deg) translate(50px, 0)",
    "scale(1.5) rotate(20deg) translate(3px, 4px) skew(5deg, 0)",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GskLayerTransform *t = NULL;
      graphene_matrix_t m;
      float a[6], f[16];
      GError *error = NULL;

      g_assert_true (gsk_layer_transform_parse (cases[i], &t, &error));
      g_assert_no_error (error);
      g_assert_true (gsk_layer_transform_to_affine (t, a));
      gsk_layer_transform_to_matrix (t, &m);
      graphene_matrix_to_float (&m, f);

      g_assert_cmpfloat_with_epsilon (a[0], f[0], 1e-5);
      g_assert_cmpfloat_with_epsilon (a[1], f[1], 1e-5);
      g_assert_cmpfloat_with_epsilon (a[2], f[4], 1e-5);
      g_assert_cmpfloat_with_epsilon (a[3], f[5], 1e-5);
      g_assert_cmpfloat_with_epsilon (a[4], f[12], 1e-4);
      g_assert_cmpfloat_with_epsilon (a[5], f[13], 1e-4);

      g_clear_pointer (&t, gsk_layer_transform_unref);
    }
}

static void
test_affine_refuses_3d (void)
{
  GskLayerTransform *t = NULL;
  float a[6];

  g_assert_true (gsk_layer_transform_parse ("rotateY(10deg)", &t, NULL));
  g_assert_false (gsk_layer_transform_to_affine (t, a));
  gsk_layer_transform_unref (t);

  g_assert_true (gsk_layer_transform_parse ("perspective(100px)", &t, NULL));
  g_assert_false (gsk_layer_transform_to_affine (t, a));
  gsk_layer_transform_unref (t);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/transform/identity", test_identity);
  g_test_add_func ("/transform/boxed", test_boxed);
  g_test_add_func ("/transform/builder/order", test_builder_order);
  g_test_add_func ("/transform/builder/nan", test_builder_nan);
  g_test_add_func ("/transform/builder/perspective-clamp", test_builder_perspective_clamp);
  g_test_add_func ("/transform/builder/long-chain", test_long_chain);
  g_test_add_func ("/transform/get-op/range", test_get_op_range);
  g_test_add_func ("/transform/category", test_category);
  g_test_add_func ("/transform/matrix/order", test_matrix_order);
  g_test_add_func ("/transform/matrix/rotate", test_matrix_rotate);
  g_test_add_func ("/transform/matrix/scale-skew", test_matrix_scale_skew);
  g_test_add_func ("/transform/matrix/perspective", test_matrix_perspective);
  g_test_add_func ("/transform/matrix/matrix", test_matrix_matrix);
  g_test_add_func ("/transform/parse/none", test_parse_none);
  g_test_add_func ("/transform/parse/functions", test_parse_functions);
  g_test_add_func ("/transform/parse/list", test_parse_list);
  g_test_add_func ("/transform/to-string/simple", test_to_string_simple);
  g_test_add_func ("/transform/to-string/round-trip", test_to_string_round_trip);
  g_test_add_func ("/transform/equal", test_equal);
  g_test_add_func ("/transform/errors/position", test_errors_position);
  g_test_add_func ("/transform/affine/matches-matrix", test_affine_matches_matrix);
  g_test_add_func ("/transform/affine/refuses-3d", test_affine_refuses_3d);

  return g_test_run ();
}
