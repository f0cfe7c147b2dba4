/* test-layer-properties.c: the layer properties: defaults, accessors, the
 * GObject properties and corner radii
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "layer-test-utils.h"

/* {{{ Properties */

static void
test_properties_defaults (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  graphene_point_t position;
  graphene_size_t size;
  graphene_point3d_t pivot;
  graphene_rect_t bounds;
  GdkRGBA color;

  gsk_layer_get_position (layer, &position);
  g_assert_true (graphene_point_equal (&position, &GRAPHENE_POINT_INIT (0, 0)));
  gsk_layer_get_size (layer, &size);
  g_assert_true (graphene_size_equal (&size, &GRAPHENE_SIZE_INIT (0, 0)));
  gsk_layer_get_pivot_point (layer, &pivot);
  g_assert_true (graphene_point3d_equal (&pivot, &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, 0)));
  gsk_layer_get_bounds (layer, &bounds);
  g_assert_true (graphene_rect_equal (&bounds, &GRAPHENE_RECT_INIT (0, 0, 0, 0)));
  g_assert_null (gsk_layer_get_transform (layer));
  g_assert_null (gsk_layer_get_child_transform (layer));
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, 0.f);
  g_assert_true (gsk_layer_get_visible (layer));
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 1.f);
  g_assert_false (gsk_layer_get_clip_to_bounds (layer));
  gsk_layer_get_background_color (layer, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 0, 0 }));
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_NORMAL);
  g_assert_true (gsk_layer_get_reactive (layer));
  g_assert_null (gsk_layer_get_name (layer));
  g_assert_null (gsk_layer_get_content (layer));
  g_assert_false (gsk_layer_get_frame_pending (layer));

  g_assert_finalize_object (layer);
}

static void
test_properties_accessors (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayerTransform *t1 = gsk_layer_transform_rotate (NULL, 30);
  GskLayerTransform *t1_again = gsk_layer_transform_rotate (NULL, 30);
  GskLayerTransform *t2 = gsk_layer_transform_scale (NULL, 2, 3);
  GskLayerContent *content1 = gsk_layer_color_content_new (&(GdkRGBA) { 1, 0, 0, 1 });
  GskLayerContent *content2 = gsk_layer_color_content_new (&(GdkRGBA) { 0, 1, 0, 1 });
  char *name = g_strdup ("name");
  guint *n;
  graphene_point_t position;
  graphene_size_t size;
  graphene_point3d_t pivot;
  graphene_rect_t bounds;
  GdkRGBA color;

  n = count_notify (layer, "position");
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (10, -20.5f));
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_get_position (layer, &position);
  g_assert_true (graphene_point_equal (&position, &GRAPHENE_POINT_INIT (10, -20.5f)));
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (10, -20.5f));
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (10, 0));
  g_assert_cmpuint (*n, ==, 2);

  n = count_notify (layer, "size");
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (100, 50.25f));
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_get_size (layer, &size);
  g_assert_true (graphene_size_equal (&size, &GRAPHENE_SIZE_INIT (100, 50.25f)));
  gsk_layer_get_bounds (layer, &bounds);
  g_assert_true (graphene_rect_equal (&bounds, &GRAPHENE_RECT_INIT (0, 0, 100, 50.25f)));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (100, 50.25f));
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (0, 0));
  g_assert_cmpuint (*n, ==, 2);

  n = count_notify (layer, "pivot-point");
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, 0));
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 1, -5));
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_get_pivot_point (layer, &pivot);
  g_assert_true (graphene_point3d_equal (&pivot, &GRAPHENE_POINT3D_INIT (0, 1, -5)));
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 1, -5));
  g_assert_cmpuint (*n, ==, 1);

  n = count_notify (layer, "transform");
  gsk_layer_set_transform (layer, NULL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_transform (layer, t1);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_true (gsk_layer_get_transform (layer) == t1);
  /* An equal transform is no change */
  gsk_layer_set_transform (layer, t1_again);
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_transform (layer, t2);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_true (gsk_layer_transform_equal (gsk_layer_get_transform (layer), t2));
  gsk_layer_set_transform (layer, NULL);
  g_assert_cmpuint (*n, ==, 3);
  g_assert_null (gsk_layer_get_transform (layer));

  n = count_notify (layer, "child-transform");
  gsk_layer_set_child_transform (layer, NULL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_child_transform (layer, t2);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_true (gsk_layer_get_child_transform (layer) == t2);
  gsk_layer_set_child_transform (layer, t2);
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_child_transform (layer, NULL);
  g_assert_cmpuint (*n, ==, 2);

  n = count_notify (layer, "z-position");
  gsk_layer_set_z_position (layer, 0);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_z_position (layer, -3.5f);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, -3.5f);
  gsk_layer_set_z_position (layer, -3.5f);
  g_assert_cmpuint (*n, ==, 1);

  n = count_notify (layer, "visible");
  gsk_layer_set_visible (layer, TRUE);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_visible (layer, FALSE);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_false (gsk_layer_get_visible (layer));
  gsk_layer_set_visible (layer, FALSE);
  g_assert_cmpuint (*n, ==, 1);
  /* Any true value is TRUE */
  gsk_layer_set_visible (layer, 42);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_true (gsk_layer_get_visible (layer) == TRUE);
  gsk_layer_set_visible (layer, TRUE);
  g_assert_cmpuint (*n, ==, 2);

  n = count_notify (layer, "opacity");
  gsk_layer_set_opacity (layer, 1);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_opacity (layer, 0.25f);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.25f);
  gsk_layer_set_opacity (layer, 0.25f);
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_opacity (layer, 0);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.f);

  n = count_notify (layer, "clip-to-bounds");
  gsk_layer_set_clip_to_bounds (layer, FALSE);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_clip_to_bounds (layer, TRUE);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_true (gsk_layer_get_clip_to_bounds (layer));
  gsk_layer_set_clip_to_bounds (layer, 7);
  g_assert_cmpuint (*n, ==, 1);

  n = count_notify (layer, "background-color");
  gsk_layer_set_background_color (layer, NULL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 0, 0 });
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0.25f, 0.5f, 0.75f, 1 });
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_get_background_color (layer, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0.25f, 0.5f, 0.75f, 1 }));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0.25f, 0.5f, 0.75f, 1 });
  g_assert_cmpuint (*n, ==, 1);
  /* NULL is transparent */
  gsk_layer_set_background_color (layer, NULL);
  g_assert_cmpuint (*n, ==, 2);
  gsk_layer_get_background_color (layer, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0, 0, 0, 0 }));

  n = count_notify (layer, "blend-mode");
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_NORMAL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_LUMINOSITY);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_LUMINOSITY);
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_LUMINOSITY);
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_MULTIPLY);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_MULTIPLY);

  n = count_notify (layer, "reactive");
  gsk_layer_set_reactive (layer, TRUE);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_reactive (layer, FALSE);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_false (gsk_layer_get_reactive (layer));
  gsk_layer_set_reactive (layer, FALSE);
  g_assert_cmpuint (*n, ==, 1);

  n = count_notify (layer, "name");
  gsk_layer_set_name (layer, NULL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_name (layer, name);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_cmpstr (gsk_layer_get_name (layer), ==, "name");
  /* The name is copied */
  name[0] = 'g';
  g_assert_cmpstr (gsk_layer_get_name (layer), ==, "name");
  gsk_layer_set_name (layer, "name");
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_name (layer, NULL);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_null (gsk_layer_get_name (layer));

  n = count_notify (layer, "content");
  gsk_layer_set_content (layer, NULL);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_content (layer, content1);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_true (gsk_layer_get_content (layer) == content1);
  gsk_layer_set_content (layer, content1);
  g_assert_cmpuint (*n, ==, 1);
  gsk_layer_set_content (layer, content2);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_true (gsk_layer_get_content (layer) == content2);
  gsk_layer_set_content (layer, NULL);
  g_assert_cmpuint (*n, ==, 3);
  g_assert_null (gsk_layer_get_content (layer));

  g_free (name);
  g_assert_finalize_object (content1);
  g_assert_finalize_object (content2);
  gsk_layer_transform_unref (t1);
  gsk_layer_transform_unref (t1_again);
  gsk_layer_transform_unref (t2);
  g_assert_finalize_object (layer);
}

/* Two different values for a property, the first one not the default */
static void
property_values (GParamSpec *pspec,
                 GValue     *first,
                 GValue     *second)
{
  const char *name = pspec->name;

  g_value_init (first, pspec->value_type);
  g_value_init (second, pspec->value_type);

  if (g_str_equal (name, "position"))
    {
      g_value_set_boxed (first, &GRAPHENE_POINT_INIT (1, 2));
      g_value_set_boxed (second, &GRAPHENE_POINT_INIT (-3, 4.5f));
    }
  else if (g_str_equal (name, "size"))
    {
      g_value_set_boxed (first, &GRAPHENE_SIZE_INIT (10, 20));
      g_value_set_boxed (second, &GRAPHENE_SIZE_INIT (30, 0));
    }
  else if (g_str_equal (name, "child-transform-origin"))
    {
      g_value_set_boxed (first, &GRAPHENE_POINT_INIT (0, 1));
      g_value_set_boxed (second, &GRAPHENE_POINT_INIT (0.5f, -2));
    }
  else if (g_str_equal (name, "pivot-point"))
    {
      g_value_set_boxed (first, &GRAPHENE_POINT3D_INIT (0, 0, 0));
      g_value_set_boxed (second, &GRAPHENE_POINT3D_INIT (1, 0.25f, 10));
    }
  else if (g_str_equal (name, "transform") || g_str_equal (name, "child-transform"))
    {
      g_value_take_boxed (first, gsk_layer_transform_perspective (NULL, 400));
      g_value_take_boxed (second, gsk_layer_transform_translate (NULL, 5, 6));
    }
  else if (g_str_equal (name, "z-position"))
    {
      g_value_set_float (first, 2.5f);
      g_value_set_float (second, -7);
    }
  else if (g_str_equal (name, "translate") || g_str_equal (name, "scale") || g_str_equal (name, "rotate-axis"))
    {
      g_value_set_boxed (first, &GRAPHENE_POINT3D_INIT (2, 0.5f, 3));
      g_value_set_boxed (second, &GRAPHENE_POINT3D_INIT (-1, 4, 1));
    }
  else if (g_str_equal (name, "rotate"))
    {
      g_value_set_float (first, 45);
      g_value_set_float (second, -90);
    }
  else if (g_str_equal (name, "visible") || g_str_equal (name, "reactive"))
    {
      g_value_set_boolean (first, FALSE);
      g_value_set_boolean (second, TRUE);
    }
  else if (g_str_equal (name, "clip-to-bounds"))
    {
      g_value_set_boolean (first, TRUE);
      g_value_set_boolean (second, FALSE);
    }
  else if (g_str_equal (name, "opacity"))
    {
      g_value_set_float (first, 0.5f);
      g_value_set_float (second, 0.f);
    }
  else if (g_str_equal (name, "corner-radius"))
    {
      g_value_set_float (first, 12.5f);
      g_value_set_float (second, 0.f);
    }
  else if (g_str_equal (name, "background-color"))
    {
      g_value_set_boxed (first, &(GdkRGBA) { 1, 0, 0, 1 });
      g_value_set_boxed (second, &(GdkRGBA) { 0, 0, 1, 0.5f });
    }
  else if (g_str_equal (name, "blend-mode"))
    {
      g_value_set_enum (first, GSK_LAYER_BLEND_SCREEN);
      g_value_set_enum (second, GSK_LAYER_BLEND_DIFFERENCE);
    }
  else if (g_str_equal (name, "name"))
    {
      g_value_set_string (first, "first");
      g_value_set_string (second, "second");
    }
  else if (g_str_equal (name, "mask"))
    {
      g_value_take_object (first, g_object_ref_sink (gsk_layer_new ()));
      g_value_take_object (second, g_object_ref_sink (gsk_layer_new ()));
    }
  else if (g_str_equal (name, "content"))
    {
      GskLayerContent *c1 = gsk_layer_color_content_new (&(GdkRGBA) { 1, 0, 0, 1 });
      GskLayerContent *c2 = gsk_layer_color_content_new (&(GdkRGBA) { 0, 1, 0, 1 });

      g_value_take_object (first, c1);
      g_value_take_object (second, c2);
    }
  else if (g_str_equal (name, "style"))
    {
      g_value_take_boxed (first, gsk_layer_style_new_from_string ("border-radius: 4px 8px", NULL));
      g_value_take_boxed (second, gsk_layer_style_new_from_string ("opacity: 0.5", NULL));
    }
  else if (g_str_equal (name, "layout-manager"))
    {
      g_value_take_object (first, gsk_layer_bin_layout_new ());
      g_value_take_object (second, gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL));
    }
  else if (g_str_equal (name, "preferred-size"))
    {
      g_value_set_boxed (first, &GRAPHENE_SIZE_INIT (40, 20));
      g_value_set_boxed (second, &GRAPHENE_SIZE_INIT (-1, 7));
    }
  else if (g_str_has_prefix (name, "margin-"))
    {
      g_value_set_float (first, 4);
      g_value_set_float (second, -2.5f);
    }
  else if (g_str_equal (name, "x-align") || g_str_equal (name, "y-align"))
    {
      g_value_set_enum (first, GSK_LAYER_ALIGN_CENTER);
      g_value_set_enum (second, GSK_LAYER_ALIGN_END);
    }
  else if (g_str_equal (name, "backface-visibility"))
    {
      g_value_set_enum (first, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
      g_value_set_enum (second, GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);
    }
  else if (g_str_equal (name, "accessible-role"))
    {
      g_value_set_enum (first, GTK_ACCESSIBLE_ROLE_BUTTON);
      g_value_set_enum (second, GTK_ACCESSIBLE_ROLE_IMG);
    }
  else if (g_str_equal (name, "accessible-label"))
    {
      g_value_set_string (first, "Play");
      g_value_set_string (second, "Pause");
    }
  else if (g_str_equal (name, "transform-style"))
    {
      g_value_set_enum (first, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
      g_value_set_enum (second, GSK_LAYER_TRANSFORM_STYLE_FLAT);
    }
  else if (g_str_equal (name, "request-mode"))
    {
      g_value_set_enum (first, GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT);
      g_value_set_enum (second, GSK_LAYER_REQUEST_HEIGHT_FOR_WIDTH);
    }
  else if (g_str_equal (name, "x-expand") || g_str_equal (name, "y-expand"))
    {
      g_value_set_boolean (first, TRUE);
      g_value_set_boolean (second, FALSE);
    }
  else
    g_error ("The test knows no values for property %s", name);
}

static gboolean
property_values_equal (GParamSpec   *pspec,
                       const GValue *a,
                       const GValue *b)
{
  GType type = pspec->value_type;

  if (type == GRAPHENE_TYPE_POINT)
    return graphene_point_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GRAPHENE_TYPE_SIZE)
    return graphene_size_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GRAPHENE_TYPE_POINT3D)
    return graphene_point3d_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GDK_TYPE_RGBA)
    return gdk_rgba_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (type == GSK_TYPE_LAYER_STYLE)
    return gsk_layer_style_equal (g_value_get_boxed (a), g_value_get_boxed (b));

  return g_param_values_cmp (pspec, a, b) == 0;
}

static void
test_properties_corner_radius (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GValue v = G_VALUE_INIT;
  guint *n;

  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 0.f);

  n = count_notify (layer, "corner-radius");
  gsk_layer_set_corner_radius (layer, 0);
  g_assert_cmpuint (*n, ==, 0);
  gsk_layer_set_corner_radius (layer, 12.5f);
  g_assert_cmpuint (*n, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 12.5f);
  gsk_layer_set_corner_radius (layer, 12.5f);
  g_assert_cmpuint (*n, ==, 1);
  /* Kept as set, larger than the (empty) layer or not */
  gsk_layer_set_corner_radius (layer, 1e6f);
  g_assert_cmpuint (*n, ==, 2);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 1e6f);
  gsk_layer_set_corner_radius (layer, 12.5f);
  g_assert_cmpuint (*n, ==, 3);

  /* Bad values: a critical, and nothing changes */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*radius*");
  gsk_layer_set_corner_radius (layer, -1);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*radius*");
  gsk_layer_set_corner_radius (layer, NAN);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*radius*");
  gsk_layer_set_corner_radius (layer, INFINITY);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 12.5f);
  g_assert_cmpuint (*n, ==, 3);

  /* Implicitly animated, as opacity: the getter gives the target at
   * once, the presentation value moves with the clock */
  gsk_layer_set_frame_clock (layer, clock);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_corner_radius (layer, 32.5f);
  gsk_layer_restore_easing_state (layer);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 32.5f);
  g_assert_cmpuint (*n, ==, 4);

  g_assert_true (gsk_layer_get_presentation_value (layer, "corner-radius", &v));
  g_assert_cmpfloat_with_epsilon (g_value_get_float (&v), 12.5f, 1e-4);
  g_value_unset (&v);

  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 16 * G_TIME_SPAN_MILLISECOND);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * G_TIME_SPAN_MILLISECOND);
  g_assert_true (gsk_layer_get_presentation_value (layer, "corner-radius", &v));
  g_assert_cmpfloat (g_value_get_float (&v), >, 12.5f);
  g_assert_cmpfloat (g_value_get_float (&v), <, 32.5f);
  g_value_unset (&v);
  g_assert_cmpfloat (gsk_layer_get_corner_radius (layer), ==, 32.5f);

  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 1000 * G_TIME_SPAN_MILLISECOND);
  g_assert_true (gsk_layer_get_presentation_value (layer, "corner-radius", &v));
  g_assert_cmpfloat (g_value_get_float (&v), ==, 32.5f);
  g_value_unset (&v);
  /* Only the model value notified */
  g_assert_cmpuint (*n, ==, 4);

  gsk_layer_set_frame_clock (layer, NULL);
  g_object_unref (clock);
  g_assert_finalize_object (layer);
}

static void
test_properties_gobject (void)
{
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());
  GParamSpec **pspecs;
  guint n_pspecs, i;

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (layer), &n_pspecs);
  g_assert_cmpuint (n_pspecs, ==, 37);

  for (i = 0; i < n_pspecs; i++)
    {
      GParamSpec *pspec = pspecs[i];
      GValue first = G_VALUE_INIT, second = G_VALUE_INIT, got = G_VALUE_INIT;
      GValue deflt = G_VALUE_INIT;
      guint *n;

      g_test_message ("property %s", pspec->name);
      g_assert_true (pspec->flags & G_PARAM_READWRITE);
      g_assert_true (pspec->flags & G_PARAM_EXPLICIT_NOTIFY);

      /* The initial value is the spec's default */
      g_value_init (&got, pspec->value_type);
      g_object_get_property (G_OBJECT (layer), pspec->name, &got);
      if (G_IS_PARAM_SPEC_FLOAT (pspec) || G_IS_PARAM_SPEC_BOOLEAN (pspec) ||
          G_IS_PARAM_SPEC_ENUM (pspec) || G_IS_PARAM_SPEC_STRING (pspec) ||
          G_IS_PARAM_SPEC_OBJECT (pspec))
        {
          g_value_init (&deflt, pspec->value_type);
          g_param_value_set_default (pspec, &deflt);
          g_assert_true (g_param_values_cmp (pspec, &got, &deflt) == 0);
          g_value_unset (&deflt);
        }
      g_value_unset (&got);

      property_values (pspec, &first, &second);
      n = count_notify (layer, pspec->name);

      g_object_set_property (G_OBJECT (layer), pspec->name, &first);
      g_assert_cmpuint (*n, ==, 1);
      g_value_init (&got, pspec->value_type);
      g_object_get_property (G_OBJECT (layer), pspec->name, &got);
      g_assert_true (property_values_equal (pspec, &got, &first));
      g_value_unset (&got);

      /* The same value again */
      g_object_set_property (G_OBJECT (layer), pspec->name, &first);
      g_assert_cmpuint (*n, ==, 1);

      g_object_set_property (G_OBJECT (layer), pspec->name, &second);
      g_assert_cmpuint (*n, ==, 2);
      g_value_init (&got, pspec->value_type);
      g_object_get_property (G_OBJECT (layer), pspec->name, &got);
      g_assert_true (property_values_equal (pspec, &got, &second));
      g_assert_false (property_values_equal (pspec, &got, &first));
      g_value_unset (&got);

      g_value_unset (&first);
      g_value_unset (&second);
    }
  g_free (pspecs);

  /* g_object_set()/g_object_get() with several at once */
  {
    graphene_point_t *position = NULL;
    float opacity = 0;
    char *name = NULL;
    gboolean visible = FALSE;
    GskLayerTransform *transform = NULL;

    g_object_set (layer,
                  "position", &GRAPHENE_POINT_INIT (7, 8),
                  "opacity", 0.75f,
                  "name", "named",
                  "visible", TRUE,
                  "transform", NULL,
                  NULL);
    g_object_get (layer,
                  "position", &position,
                  "opacity", &opacity,
                  "name", &name,
                  "visible", &visible,
                  "transform", &transform,
                  NULL);
    g_assert_true (graphene_point_equal (position, &GRAPHENE_POINT_INIT (7, 8)));
    g_assert_cmpfloat (opacity, ==, 0.75f);
    g_assert_cmpstr (name, ==, "named");
    g_assert_true (visible);
    g_assert_null (transform);
    graphene_point_free (position);
    g_free (name);
  }

  g_assert_finalize_object (layer);
}

/* }}} */
/* {{{ main */

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (test_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer/properties/defaults", test_properties_defaults);
  g_test_add_func ("/layer/properties/accessors", test_properties_accessors);
  g_test_add_func ("/layer/properties/gobject", test_properties_gobject);
  g_test_add_func ("/layer/properties/corner-radius", test_properties_corner_radius);

  return g_test_run ();
}

/* }}} */
