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
#include <float.h>
#include <math.h>
#include <string.h>

#include <gsklayer.h>

#include "gsk-layer-bsp-private.h"
#include "font-caches.h"

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

/* CSS's grouping properties make a preserve-3d layer flat: opacity below
 * 1, a blend mode, clipping, filters, a backdrop filter. The rotations
 * of the does-not-cancel case then squash the child again (half its
 * height) */
static void
test_grouping_properties (void)
{
  GskLayer *root = new_root ();
  GskLayer *parent = add_layer (root, 50, 50, 100, 100, "rotateX(45deg)");
  GskLayer *child = add_layer (parent, 0, 0, 100, 100, "rotateX(-45deg)");
  g_autoptr (GError) error = NULL;

  gsk_layer_set_transform_style (parent, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  assert_maps_to (child, 50, 0, 100, 50);

  gsk_layer_set_opacity (parent, 0.5f);
  assert_maps_to (child, 50, 0, 100, 75);
  gsk_layer_set_opacity (parent, 1.f);
  assert_maps_to (child, 50, 0, 100, 50);

  gsk_layer_set_blend_mode (parent, GSK_LAYER_BLEND_MULTIPLY);
  assert_maps_to (child, 50, 0, 100, 75);
  gsk_layer_set_blend_mode (parent, GSK_LAYER_BLEND_NORMAL);
  assert_maps_to (child, 50, 0, 100, 50);

  gsk_layer_set_clip_to_bounds (parent, TRUE);
  assert_maps_to (child, 50, 0, 100, 75);
  gsk_layer_set_clip_to_bounds (parent, FALSE);

  g_assert_true (gsk_layer_set_style_from_string (parent, "filter: blur(1px)", &error));
  assert_maps_to (child, 50, 0, 100, 75);
  g_assert_true (gsk_layer_set_style_from_string (parent, "backdrop-filter: blur(1px)", &error));
  assert_maps_to (child, 50, 0, 100, 75);
  gsk_layer_set_style (parent, NULL);
  assert_maps_to (child, 50, 0, 100, 50);
  /* The property says what was asked for all along */
  g_assert_cmpint (gsk_layer_get_transform_style (parent), ==, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

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

/* Two planes that cross in a context: on the left of the line where
 * they cross, rotateY(40deg) turns a's side toward the viewer (z =
 * -x sin 40°, x < 0) and b's away; on the right the other way round. A
 * point is picked on the plane in front there, as it is drawn, though
 * b is later in the tree. Flat, both lie in the container's plane and
 * the later one is picked. */
static void
test_picking_by_depth (void)
{
  GskLayer *root = new_root ();
  GskLayer *pair = add_layer (root, 50, 50, 100, 100, "perspective(400px) rotateX(-15deg)");
  GskLayer *a = add_layer (pair, 0, 0, 100, 100, "rotateY(40deg)");
  GskLayer *b = add_layer (pair, 0, 0, 100, 100, "rotateY(-40deg)");
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();

  gsk_layer_set_transform_style (pair, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  /* Picking follows what the last frame drew */
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 80, 100) == a);
  g_assert_true (gsk_layer_pick (root, 120, 100) == b);
  g_assert_true (gsk_layer_pick (root, 70, 80) == a);
  g_assert_true (gsk_layer_pick (root, 130, 120) == b);
  /* Outside both: the root */
  g_assert_true (gsk_layer_pick (root, 10, 10) == root);

  /* b not reactive: the container's own plane (z = 0) is nearer there
   * than a's right side; not reactive either, then a, behind */
  gsk_layer_set_reactive (b, FALSE);
  g_assert_true (gsk_layer_pick (root, 120, 100) == pair);
  gsk_layer_set_reactive (pair, FALSE);
  g_assert_true (gsk_layer_pick (root, 120, 100) == a);
  /* … and on the left, a is in front of the container */
  gsk_layer_set_reactive (pair, TRUE);
  g_assert_true (gsk_layer_pick (root, 80, 100) == a);
  gsk_layer_set_reactive (b, TRUE);

  gsk_layer_set_transform_style (pair, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 90, 100) == b);
  g_assert_true (gsk_layer_pick (root, 110, 100) == b);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* A flip card: the back face first in the tree, the front after it, both
 * hidden from behind. Turned 30°, the front shows and takes the point;
 * turned 150°, the front is turned away (cos 150° < 0) and the back,
 * rotateY(180deg) more, faces the viewer. In a flat parent turned 150°,
 * a face's own transform is all that counts (CSS's accumulated matrix
 * stops at a flat parent): it shows, mirrored. */
static void
test_backface (void)
{
  GskLayer *root = new_root ();
  GskLayer *card = add_layer (root, 50, 50, 100, 100, "perspective(400px) rotateY(30deg)");
  GskLayer *back = add_layer (card, 0, 0, 100, 100, "rotateY(180deg)");
  GskLayer *front = add_layer (card, 0, 0, 100, 100, NULL);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerTransform *t = NULL;
  g_autoptr (GError) error = NULL;
  guint n = 0;

  g_assert_cmpint (gsk_layer_get_backface_visibility (front), ==, GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);
  g_signal_connect (front, "notify::backface-visibility", G_CALLBACK (count_notify), &n);
  gsk_layer_set_backface_visibility (front, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
  gsk_layer_set_backface_visibility (front, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (gsk_layer_set_style_from_string (back, "backface-visibility: hidden", &error));
  g_assert_no_error (error);
  g_assert_cmpint (gsk_layer_get_backface_visibility (back), ==, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
  gsk_layer_set_transform_style (card, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 100, 100) == front);

  g_assert_true (gsk_layer_transform_parse ("perspective(400px) rotateY(150deg)", &t, NULL));
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 100, 100) == back);

  /* Visible from behind again: the front, later, is in front */
  gsk_layer_set_backface_visibility (front, GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 100, 100) == front);
  gsk_layer_set_backface_visibility (front, GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);

  /* Flat card: the faces' own transforms decide; the back's is
   * rotateY(180deg), the front's none */
  gsk_layer_set_transform_style (card, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 200, 200));
  g_assert_true (gsk_layer_pick (root, 100, 100) == front);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* A context of 10,000 planes (parallel, each a little nearer, and a
 * tenth of them crossing the others) compiles and draws: ordered within
 * the BSP tree's bound of pieces, never a hang */
static void
test_many_planes (void)
{
  GskLayer *root = new_root ();
  GskLayer *stack = add_layer (root, 50, 50, 100, 100, "perspective(800px) rotateY(35deg)");
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *image;
  gint64 start;
  guint i;

  gsk_layer_set_transform_style (stack, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  for (i = 0; i < 10000; i++)
    {
      g_autofree char *t = i % 10 == 0 ? g_strdup_printf ("rotateY(%ddeg)", (int) (i % 170) - 85)
                                       : g_strdup_printf ("translateZ(%gpx)", i * 0.01 - 50);
      GskLayer *plane = add_layer (stack, 10, 10, 80, 80, t);

      gsk_layer_set_background_color (plane, &(GdkRGBA) { (i % 7) / 7.f, (i % 3) / 3.f, 0.5f, 1 });
    }

  start = g_get_monotonic_time ();
  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  g_test_message ("10,000 planes in one context: a frame in %.0f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (image);

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Hostile 3D: a perspective that is not a number is refused and changes
 * nothing; tiny (taken as 1 px) and huge ones, and planes seen edge-on,
 * draw and pick without a warning: an edge-on plane is neither drawn
 * nor picked */
static void
test_bad_perspective_and_edge_on (void)
{
  GskLayer *root = new_root ();
  GskLayer *context = add_layer (root, 0, 0, 200, 200, NULL);
  GskLayer *edge_on = add_layer (context, 50, 50, 100, 100, "rotateY(90deg)");
  GskLayer *plane = add_layer (context, 50, 50, 100, 100, "rotateX(30deg)");
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerTransform *t;
  const float depths[] = { 1e-30f, 0.5f, 1e30f, FLT_MAX };

  gsk_layer_set_transform_style (context, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_set_background_color (edge_on, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_set_background_color (plane, &(GdkRGBA) { 0, 0, 1, 1 });

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*depth*");
  t = gsk_layer_transform_perspective (NULL, NAN);
  g_test_assert_expected_messages ();
  g_assert_null (t);

  for (guint i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      cairo_surface_t *image;
      guint8 *centre;

      t = gsk_layer_transform_perspective (NULL, depths[i]);
      gsk_layer_set_child_transform (root, t);
      gsk_layer_transform_unref (t);
      image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
      cairo_surface_flush (image);
      /* The edge-on plane left nothing at the centre, where it stands:
       * the other plane shows there */
      centre = cairo_image_surface_get_data (image) + 100 * cairo_image_surface_get_stride (image) + 100 * 4;
      g_assert_cmpuint (centre[2], <, 16);
      g_assert_cmpuint (centre[0], >, 200);
      g_assert_true (gsk_layer_pick (root, 100.5f, 100.5f) == plane);
      cairo_surface_destroy (image);
    }

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* Text, images and draw () take part in a context as colours do: a text
 * layer and an image layer cross each other (and a drawn layer both), each cut along the other; the
 * text shows on both sides of the image (in front of it on the left,
 * past its edge on the right), GL draws what software draws
 * (where both show one colour: edges and glyphs are antialiased each
 * its own way), and a frame after a change and its undoing equals the
 * first */
static gboolean
uniform_around (const guint8 *data,
                int           stride,
                int           x,
                int           y)
{
  guint32 p = *((const guint32 *) (data + y * stride) + x);

  for (int j = -1; j <= 1; j++)
    for (int i = -1; i <= 1; i++)
      if (*((const guint32 *) (data + (y + j) * stride) + x + i) != p)
        return FALSE;
  return TRUE;
}

/* A layer that draws its own content: a dark ring on yellow */
typedef struct { GskLayer parent_instance; } DrawnLayer;
typedef struct { GskLayerClass parent_class; } DrawnLayerClass;
static GType drawn_layer_get_type (void);
G_DEFINE_TYPE (DrawnLayer, drawn_layer, GSK_TYPE_LAYER)

static void
drawn_layer_draw (GskLayer *self,
                  cairo_t  *cr)
{
  graphene_size_t size;

  gsk_layer_get_size (self, &size);
  cairo_set_source_rgb (cr, 0.96, 0.83, 0.18);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.15);
  cairo_set_line_width (cr, 8);
  cairo_arc (cr, size.width / 2, size.height / 2, MIN (size.width, size.height) / 3, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
drawn_layer_class_init (DrawnLayerClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = drawn_layer_draw;
}

static void
drawn_layer_init (DrawnLayer *self)
{
}

static void
test_text_and_image_planes (void)
{
  GskLayer *root = new_root ();
  GskLayer *context = add_layer (root, 0, 0, 200, 200, "rotateX(-10deg)");
  GskLayer *text = gsk_layer_text_new ("Crossing planes, WWWW MMMM");
  GskLayer *drawn;
  GskLayer *image = add_layer (context, 60, 50, 80, 100, "rotateY(-35deg)");
  cairo_surface_t *pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  GskLayerContent *content;
  GskLayerTransform *t = gsk_layer_transform_perspective (NULL, 500);
  GskLayerRenderer *software = gsk_layer_software_renderer_new ();
  GskLayerRenderer *incremental = gsk_layer_software_renderer_new ();
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *gl = gsk_layer_gl_renderer_new (&error);
  cairo_surface_t *a, *b, *target;
  int dark_left = 0, dark_right = 0, checked = 0, drawn_yellow = 0;

  g_assert_no_error (error);
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_transform_style (context, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  /* A 4×4 image of four colours, scaled up with nearest sampling */
  {
    cairo_t *cr = cairo_create (pixels);

    cairo_set_source_rgb (cr, 0.9, 0.6, 0.1);
    cairo_paint (cr);
    cairo_set_source_rgb (cr, 0.2, 0.6, 0.3);
    cairo_rectangle (cr, 0, 0, 2, 2);
    cairo_rectangle (cr, 2, 2, 2, 2);
    cairo_fill (cr);
    cairo_destroy (cr);
  }
  content = gsk_layer_image_content_new (pixels);
  gsk_layer_set_content (image, content);
  g_assert_true (gsk_layer_set_style_from_string (image, "image-rendering: pixelated", NULL));
  g_object_unref (content);
  cairo_surface_destroy (pixels);

  gsk_layer_set_position (text, &GRAPHENE_POINT_INIT (20, 80));
  gsk_layer_set_size (text, &GRAPHENE_SIZE_INIT (160, 40));
  gsk_layer_set_background_color (text, &(GdkRGBA) { 0.95f, 0.95f, 0.9f, 1 });
  gsk_layer_text_set_font (GSK_LAYER_TEXT (text), "Sans Bold 14");
  g_assert_true (gsk_layer_transform_parse ("rotateY(35deg)", &t, NULL));
  gsk_layer_set_transform (text, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (context, text);

  /* And a layer whose draw () paints it, crossing both, at the bottom */
  drawn = g_object_new (drawn_layer_get_type (), NULL);
  gsk_layer_set_position (drawn, &GRAPHENE_POINT_INIT (60, 120));
  gsk_layer_set_size (drawn, &GRAPHENE_SIZE_INIT (80, 60));
  g_assert_true (gsk_layer_transform_parse ("rotateX(50deg)", &t, NULL));
  gsk_layer_set_transform (drawn, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (context, drawn);

  a = gsk_layer_renderer_render_to_surface (software, root, 200, 200);
  b = gsk_layer_renderer_render_to_surface (gl, root, 200, 200);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  {
    const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
    int sa = cairo_image_surface_get_stride (a), sb = cairo_image_surface_get_stride (b);

    for (int y = 1; y < 199; y++)
      for (int x = 1; x < 199; x++)
        {
          const guint8 *p = da + y * sa + x * 4;

          /* The drawn layer's yellow */
          if (p[2] > 230 && p[1] > 195 && p[1] < 225 && p[0] < 70)
            drawn_yellow++;
          /* Glyph pixels: dark on the text's light background (above
           * the drawn layer's ring) */
          if (y < 110 && p[3] == 255 && p[0] < 80 && p[1] < 80 && p[2] < 80)
            {
              if (x < 100)
                dark_left++;
              else
                dark_right++;
            }
          if (!uniform_around (da, sa, x, y) || !uniform_around (db, sb, x, y))
            continue;
          checked++;
          for (int c = 0; c < 4; c++)
            if (abs ((int) da[y * sa + x * 4 + c] - (int) db[y * sb + x * 4 + c]) > 8)
              g_error ("at %d,%d software and GL differ inside an area of one colour", x, y);
        }
  }
  g_test_message ("glyph pixels left and right of the crossing: %d, %d; %d pixels compared with GL",
                  dark_left, dark_right, checked);
  g_assert_cmpint (dark_left, >, 50);
  g_assert_cmpint (dark_right, >, 50);
  g_assert_cmpint (checked, >, 15000);
  g_test_message ("pixels of the drawn layer's yellow: %d", drawn_yellow);
  g_assert_cmpint (drawn_yellow, >, 1000);

  /* Incremental: moved, moved back; the same picture as the first */
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  gsk_layer_renderer_set_check_damage (incremental, TRUE);
  cairo_region_destroy (gsk_layer_renderer_render (incremental, root, target));
  gsk_layer_set_position (image, &GRAPHENE_POINT_INIT (70, 50));
  cairo_region_destroy (gsk_layer_renderer_render (incremental, root, target));
  gsk_layer_set_position (image, &GRAPHENE_POINT_INIT (60, 50));
  cairo_region_destroy (gsk_layer_renderer_render (incremental, root, target));
  g_assert_null (gsk_layer_renderer_get_damage_error (incremental));
  cairo_surface_flush (target);
  for (int y = 0; y < 200; y++)
    g_assert_cmpmem (cairo_image_surface_get_data (target) + y * cairo_image_surface_get_stride (target), 200 * 4,
                     cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a), 200 * 4);

  cairo_surface_destroy (target);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  g_object_unref (incremental);
  g_object_unref (software);
  g_object_unref (gl);
  g_assert_finalize_object (root);
}

/* Found by fuzz-tree: clipping a preserve-3d layer makes it flat at
 * once for picking too, not at the next frame; and back */
static void
test_pick_follows_grouping (void)
{
  GskLayer *root = new_root ();
  GskLayer *box = add_layer (root, 7, 5, 24, 20, NULL);
  GskLayer *child = add_layer (box, 0, 15, 24, 20, NULL);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();

  gsk_layer_set_transform_style (box, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 64, 64));
  /* Below the box, on the child */
  g_assert_true (gsk_layer_pick (root, 25.5f, 34.5f) == child);

  /* Clipped: the child's part below the box is gone, before a frame and
   * after it alike */
  gsk_layer_set_clip_to_bounds (box, TRUE);
  g_assert_true (gsk_layer_pick (root, 25.5f, 34.5f) == root);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 64, 64));
  g_assert_true (gsk_layer_pick (root, 25.5f, 34.5f) == root);

  gsk_layer_set_clip_to_bounds (box, FALSE);
  g_assert_true (gsk_layer_pick (root, 25.5f, 34.5f) == child);
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (renderer, root, 64, 64));
  g_assert_true (gsk_layer_pick (root, 25.5f, 34.5f) == child);

  g_object_unref (renderer);
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

/* {{{ Drawing order in a context: the BSP tree */

/* A plane as the tests see it, worked out with graphene alone: its
 * corners in the context's space and the equation of its plane */
typedef struct
{
  double x[4], y[4], z[4];
  double n[3], d;
} Plane;

static void
plane_init (Plane                   *plane,
            const graphene_rect_t   *rect,
            const graphene_matrix_t *m)
{
  double ux, uy, uz, vx, vy, vz;
  int i;

  for (i = 0; i < 4; i++)
    {
      graphene_vec4_t v, r;

      graphene_vec4_init (&v,
                          rect->origin.x + (i == 1 || i == 2 ? rect->size.width : 0),
                          rect->origin.y + (i >= 2 ? rect->size.height : 0), 0, 1);
      graphene_matrix_transform_vec4 (m, &v, &r);
      plane->x[i] = graphene_vec4_get_x (&r) / graphene_vec4_get_w (&r);
      plane->y[i] = graphene_vec4_get_y (&r) / graphene_vec4_get_w (&r);
      plane->z[i] = graphene_vec4_get_z (&r) / graphene_vec4_get_w (&r);
    }
  ux = plane->x[1] - plane->x[0], uy = plane->y[1] - plane->y[0], uz = plane->z[1] - plane->z[0];
  vx = plane->x[3] - plane->x[0], vy = plane->y[3] - plane->y[0], vz = plane->z[3] - plane->z[0];
  plane->n[0] = uy * vz - uz * vy;
  plane->n[1] = uz * vx - ux * vz;
  plane->n[2] = ux * vy - uy * vx;
  plane->d = -(plane->n[0] * plane->x[0] + plane->n[1] * plane->y[0] + plane->n[2] * plane->z[0]);
}

/* How far (x, y) is inside the convex polygon, in pixels: negative
 * outside */
static double
inside_by (const double *px,
           const double *py,
           guint         n,
           double        x,
           double        y)
{
  double area = 0, margin = G_MAXDOUBLE;
  guint i;

  for (i = 0; i < n; i++)
    area += px[i] * py[(i + 1) % n] - px[(i + 1) % n] * py[i];
  for (i = 0; i < n; i++)
    {
      double ex = px[(i + 1) % n] - px[i], ey = py[(i + 1) % n] - py[i];
      double length = sqrt (ex * ex + ey * ey);
      double cross = ex * (y - py[i]) - ey * (x - px[i]);

      if (length < 1e-9)
        continue;
      margin = MIN (margin, (area >= 0 ? cross : -cross) / length);
    }
  return margin;
}

static double
plane_depth (const Plane *plane,
             double       x,
             double       y)
{
  return -(plane->n[0] * x + plane->n[1] * y + plane->d) / plane->n[2];
}

typedef struct
{
  double x, y;
  int last_item;
  guint n_pieces;
} Probe;

static void
probe_piece (guint                   item,
             const GskLayerBspPoint *points,
             guint                   n_points,
             gpointer                data)
{
  Probe *probe = data;
  double px[GSK_LAYER_BSP_MAX_POINTS], py[GSK_LAYER_BSP_MAX_POINTS];
  guint i;

  g_assert_cmpuint (n_points, >=, 3);
  for (i = 0; i < n_points; i++)
    {
      g_assert_true (isfinite (points[i].x) && isfinite (points[i].y) && isfinite (points[i].z));
      px[i] = points[i].x;
      py[i] = points[i].y;
    }
  probe->n_pieces++;
  if (inside_by (px, py, n_points, probe->x, probe->y) > 0)
    probe->last_item = item;
}

/* Every point of a grid over the planes shows, after the BSP's order,
 * the plane nearest the viewer there (the last added where coplanar
 * planes tie), away from edges and from where planes cross */
static guint
check_order (const graphene_rect_t   *rects,
             const graphene_matrix_t *matrices,
             guint                    n,
             guint                   *out_splits)
{
  GskLayerBsp *bsp = gsk_layer_bsp_new ();
  Plane *planes = g_new (Plane, n);
  guint i, checked = 0;
  double x, y;

  for (i = 0; i < n; i++)
    {
      plane_init (&planes[i], &rects[i], &matrices[i]);
      g_assert_true (gsk_layer_bsp_add_rect (bsp, &rects[i], &matrices[i]));
    }

  for (y = -150; y <= 350; y += 3.7)
    for (x = -150; x <= 350; x += 3.7)
      {
        int expected = -1;
        double best = -G_MAXDOUBLE, second = -G_MAXDOUBLE;
        gboolean ambiguous = FALSE;
        Probe probe = { x, y, -1, 0 };

        for (i = 0; i < n; i++)
          {
            double margin = inside_by (planes[i].x, planes[i].y, 4, x, y);
            double z;

            if (margin < -0.5)
              continue;
            if (margin < 0.5)
              {
                ambiguous = TRUE;
                break;
              }
            z = plane_depth (&planes[i], x, y);
            /* (coplanar: the later wins) */
            if (z >= best - 1e-6)
              {
                second = best;
                best = z;
                expected = i;
              }
            else
              second = MAX (second, z);
          }
        /* Too near where two planes cross, but not coplanar there */
        if (ambiguous || (best - second < 0.5 && best - second > 1e-6))
          continue;

        gsk_layer_bsp_foreach (bsp, probe_piece, &probe);
        if (probe.last_item != expected)
          g_test_message ("at (%g, %g): plane %d drawn last, plane %d nearest", x, y,
                          probe.last_item, expected);
        g_assert_cmpint (probe.last_item, ==, expected);
        checked++;
      }

  if (out_splits)
    *out_splits = gsk_layer_bsp_get_n_splits (bsp);
  gsk_layer_bsp_free (bsp);
  g_free (planes);
  return checked;
}

/* A rect of 100 × 100 turned about its centre by @angle degrees about
 * (@ax, @ay, @az), moved to (100, 100, @z) */
static void
turned (graphene_matrix_t *m,
        float              angle,
        float              ax,
        float              ay,
        float              az,
        float              z)
{
  graphene_matrix_init_translate (m, &GRAPHENE_POINT3D_INIT (-50, -50, 0));
  if (angle != 0)
    {
      graphene_vec3_t axis;

      graphene_vec3_init (&axis, ax, ay, az);
      graphene_matrix_rotate (m, angle, &axis);
    }
  graphene_matrix_translate (m, &GRAPHENE_POINT3D_INIT (100, 100, z));
}

static void
test_bsp_crossing (void)
{
  graphene_rect_t rects[2] = { GRAPHENE_RECT_INIT (0, 0, 100, 100), GRAPHENE_RECT_INIT (0, 0, 100, 100) };
  graphene_matrix_t m[2];
  guint splits;

  /* Two planes that cross along x = 100: each is in front on one side */
  turned (&m[0], 45, 0, 1, 0, 0);
  turned (&m[1], -45, 0, 1, 0, 0);
  g_assert_cmpuint (check_order (rects, m, 2, &splits), >, 500);
  g_assert_cmpuint (splits, ==, 1);

  /* Whichever comes first in the tree */
  turned (&m[0], -45, 0, 1, 0, 0);
  turned (&m[1], 45, 0, 1, 0, 0);
  g_assert_cmpuint (check_order (rects, m, 2, &splits), >, 500);
  g_assert_cmpuint (splits, ==, 1);
}

static void
test_bsp_three_crossing (void)
{
  graphene_rect_t rects[3];
  graphene_matrix_t m[3];
  guint i, splits;

  for (i = 0; i < 3; i++)
    rects[i] = GRAPHENE_RECT_INIT (0, 0, 100, 100);
  turned (&m[0], 60, 1, 0, 0, 0);
  turned (&m[1], 60, 0, 1, 0, 0);
  turned (&m[2], -50, 1, 1, 0, 0);
  g_assert_cmpuint (check_order (rects, m, 3, &splits), >, 500);
  g_assert_cmpuint (splits, >=, 2);
}

/* The faces of a cube meet at their edges: ordered, never cut */
static void
test_bsp_cube (void)
{
  static const struct { float angle, ax, ay; } faces[6] = {
    { 0, 0, 1 }, { 180, 0, 1 }, { 90, 0, 1 }, { -90, 0, 1 }, { 90, 1, 0 }, { -90, 1, 0 },
  };
  graphene_rect_t rects[6];
  graphene_matrix_t m[6];
  guint i, splits;

  for (i = 0; i < 6; i++)
    {
      rects[i] = GRAPHENE_RECT_INIT (0, 0, 100, 100);
      /* As CSS's rotateY(…) translateZ(50px) about the face's centre: out
       * by 50, then turned; then the whole cube turned */
      graphene_matrix_init_translate (&m[i], &GRAPHENE_POINT3D_INIT (-50, -50, 50));
      if (faces[i].angle != 0)
        {
          graphene_vec3_t axis;

          graphene_vec3_init (&axis, faces[i].ax, faces[i].ay, 0);
          graphene_matrix_rotate (&m[i], faces[i].angle, &axis);
        }
      graphene_matrix_rotate (&m[i], 30, graphene_vec3_y_axis ());
      graphene_matrix_rotate (&m[i], -20, graphene_vec3_x_axis ());
      graphene_matrix_translate (&m[i], &GRAPHENE_POINT3D_INIT (100, 100, 0));
    }
  /* Six faces, but only the three facing the viewer cover anything in
   * front: the grid must still see them in front of the three behind */
  g_assert_cmpuint (check_order (rects, m, 6, &splits), >, 1000);
  g_assert_cmpuint (splits, ==, 0);
}

/* Coplanar planes are drawn in the order added; parallel ones by depth
 * whatever that order */
static void
test_bsp_coplanar_and_parallel (void)
{
  graphene_rect_t rects[3] = {
    GRAPHENE_RECT_INIT (0, 0, 100, 100), GRAPHENE_RECT_INIT (50, 50, 100, 100), GRAPHENE_RECT_INIT (20, 20, 100, 100),
  };
  graphene_matrix_t m[3];
  guint splits;

  /* near, then two coplanar far ones: the near one covers both */
  turned (&m[0], 30, 1, 0, 0, 40);
  turned (&m[1], 30, 1, 0, 0, -40);
  turned (&m[2], 30, 1, 0, 0, -40);
  g_assert_cmpuint (check_order (rects, m, 3, &splits), >, 500);
  g_assert_cmpuint (splits, ==, 0);
}

/* Under perspective, a plane that reaches behind the viewer is clipped
 * to what is in front; one wholly behind, one seen edge-on and one with
 * a matrix that is not finite add nothing */
static void
test_bsp_behind_the_viewer (void)
{
  GskLayerBsp *bsp = gsk_layer_bsp_new ();
  graphene_rect_t rect = GRAPHENE_RECT_INIT (0, 0, 100, 100);
  graphene_matrix_t m, perspective;
  Probe probe = { 100, 120, -1, 0 };
  float nan_floats[16] = { NAN, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
  /* CSS's perspective(100px) about the origin, in graphene's order: w
   * is 1 - z / 100 */
  float perspective_floats[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.01f, 0, 0, 0, 1 };

  graphene_matrix_init_from_float (&perspective, perspective_floats);
  /* Tilted by 80° toward the viewer, 100 px from the eye */
  turned (&m, 80, 1, 0, 0, 0);
  graphene_matrix_multiply (&m, &perspective, &m);
  g_assert_true (gsk_layer_bsp_add_rect (bsp, &rect, &m));

  turned (&m, 0, 0, 0, 1, 200);
  graphene_matrix_multiply (&m, &perspective, &m);
  g_assert_false (gsk_layer_bsp_add_rect (bsp, &rect, &m));

  turned (&m, 90, 0, 1, 0, 0);
  g_assert_false (gsk_layer_bsp_add_rect (bsp, &rect, &m));

  graphene_matrix_init_from_float (&m, nan_floats);
  g_assert_false (gsk_layer_bsp_add_rect (bsp, &rect, &m));

  g_assert_cmpuint (gsk_layer_bsp_get_n_items (bsp), ==, 4);
  gsk_layer_bsp_foreach (bsp, probe_piece, &probe);
  g_assert_cmpuint (probe.n_pieces, ==, 1);
  gsk_layer_bsp_free (bsp);
}

static void
test_bsp_random (void)
{
  graphene_rect_t rects[24];
  graphene_matrix_t m[24];
  guint round, i, checked = 0;

  for (round = 0; round < 20; round++)
    {
      for (i = 0; i < G_N_ELEMENTS (rects); i++)
        {
          rects[i] = GRAPHENE_RECT_INIT (g_test_rand_double_range (-60, 60), g_test_rand_double_range (-60, 60),
                                         g_test_rand_double_range (20, 150), g_test_rand_double_range (20, 150));
          graphene_vec3_t axis;

          graphene_vec3_init (&axis, g_test_rand_double_range (-1, 1), g_test_rand_double_range (-1, 1),
                              g_test_rand_double_range (-0.2, 0.2));
          graphene_matrix_init_translate (&m[i], &GRAPHENE_POINT3D_INIT (-50, -50, 0));
          graphene_matrix_rotate (&m[i], g_test_rand_double_range (-80, 80), &axis);
          graphene_matrix_translate (&m[i], &GRAPHENE_POINT3D_INIT (g_test_rand_double_range (50, 150),
                                                                    g_test_rand_double_range (50, 150),
                                                                    g_test_rand_double_range (-80, 80)));
        }
      checked += check_order (rects, m, G_N_ELEMENTS (rects), NULL);
    }
  g_assert_cmpuint (checked, >, 5000);
}

/* Ten thousand planes that all cross: the pieces stay within their
 * bound, and every one is drawn */
static void
test_bsp_many (void)
{
  GskLayerBsp *bsp = gsk_layer_bsp_new ();
  graphene_rect_t rect = GRAPHENE_RECT_INIT (0, 0, 100, 100);
  Probe probe = { -1e6, -1e6, -1, 0 };
  guint i;

  for (i = 0; i < 10000; i++)
    {
      graphene_matrix_t m;

      turned (&m, (i % 170) - 85.f, 1, i % 7 - 3.f, 0, (i % 13) - 6.f);
      gsk_layer_bsp_add_rect (bsp, &rect, &m);
    }
  gsk_layer_bsp_foreach (bsp, probe_piece, &probe);
  g_assert_cmpuint (probe.n_pieces, >=, 9000);
  g_assert_cmpuint (probe.n_pieces, <=, 10000 * GSK_LAYER_BSP_PIECES_PER_PLANE + GSK_LAYER_BSP_EXTRA_PIECES);
  g_test_message ("10,000 crossing planes: %u pieces, %u splits", probe.n_pieces,
                  gsk_layer_bsp_get_n_splits (bsp));
  gsk_layer_bsp_free (bsp);
}

/* }}} */

/* The style of @layer halfway through a transition of a second from
 * @from to @to, printed */
static char *
style_halfway (GskLayer   *root,
               GskLayer   *layer,
               const char *from,
               const char *to)
{
  g_autoptr (GskLayerStyle) a = gsk_layer_style_new_from_string (from, NULL);
  g_autoptr (GskLayerStyle) b = gsk_layer_style_new_from_string (to, NULL);
  GValue va = G_VALUE_INIT, vb = G_VALUE_INIT, now = G_VALUE_INIT;
  GskLayerTransition *t = gsk_layer_property_transition_new ("style", NULL);
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  char *mid;

  g_value_init (&va, GSK_TYPE_LAYER_STYLE);
  g_value_init (&vb, GSK_TYPE_LAYER_STYLE);
  g_value_set_boxed (&va, a);
  g_value_set_boxed (&vb, b);
  gsk_layer_property_transition_set_from_value (GSK_LAYER_PROPERTY_TRANSITION (t), &va);
  gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (t), &vb);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 1000);
  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_add_transition (layer, "p", t);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500 * 1000);
  g_assert_true (gsk_layer_get_presentation_value (layer, "style", &now));
  mid = gsk_layer_style_to_string (g_value_get_boxed (&now));
  g_value_unset (&now);
  g_value_unset (&va);
  g_value_unset (&vb);
  gsk_layer_set_frame_clock (root, NULL);
  g_object_unref (t);
  g_object_unref (clock);
  return mid;
}

/* CSS's perspective declaration is the child transform perspective(),
 * about the pivot point (CSS's perspective-origin at its default); none
 * and a dropped declaration take it away; it interpolates as a length */
static void
test_perspective_declaration (void)
{
  GskLayer *root = new_root ();
  GskLayer *stage = add_layer (root, 0, 0, 200, 200, NULL);
  GskLayer *child = add_layer (stage, 50, 50, 100, 100, "rotateY(60deg)");
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  double d = 150, s = sin (60 * DEG), c = cos (60 * DEG);

  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: 150px", &error));
  g_assert_no_error (error);
  g_assert_nonnull (gsk_layer_get_child_transform (stage));
  /* As /3d/flat/stops-perspective with the middle layer preserve-3d: the
   * left edge nearer, enlarged by 1 / (1 - z / d) */
  assert_maps_to (child, 0, 50, 100 - 50 * c / (1 - 50 * s / d), 100);

  text = gsk_layer_style_to_string (gsk_layer_get_style (stage));
  g_assert_nonnull (strstr (text, "perspective: 150px"));

  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: none", &error));
  g_assert_null (gsk_layer_get_child_transform (stage));
  assert_maps_to (child, 0, 50, 100 - 50 * c, 100);
  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: 150px", &error));
  g_assert_true (gsk_layer_set_style_from_string (stage, "opacity: 1", &error));
  g_assert_null (gsk_layer_get_child_transform (stage));

  /* Refused: a percentage, a negative length; nothing changes */
  g_assert_false (gsk_layer_set_style_from_string (stage, "perspective: 50%", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_false (gsk_layer_set_style_from_string (stage, "perspective: -5px", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_null (gsk_layer_get_child_transform (stage));

  /* Halfway between 100px and 300px: 200px */
  {
    g_autofree char *mid = style_halfway (root, stage, "perspective: 100px", "perspective: 300px");

    g_assert_nonnull (strstr (mid, "perspective: 200px"));
  }

  g_assert_finalize_object (root);
}

/* The child transform's own origin, apart from the pivot point: CSS's
 * perspective-origin. The child at 50,50, 100 × 100, turned by
 * rotateY(60deg) about its centre, has its left edge at x = 100 - 50 cos
 * 60°, z = 50 sin 60° in the stage's space; perspective(150px) about an
 * origin (ox, oy) takes (x, y, z) to o + (p - o) / (1 - z / d). */
static void
test_perspective_origin (void)
{
  GskLayer *root = new_root ();
  GskLayer *stage = add_layer (root, 0, 0, 200, 200, NULL);
  GskLayer *child = add_layer (stage, 50, 50, 100, 100, "rotateY(60deg)");
  GskLayerTransform *perspective = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  double d = 150, s = sin (60 * DEG), c = cos (60 * DEG), k = 1 / (1 - 50 * s / d);
  graphene_point_t origin;
  guint notified = 0;

  g_assert_true (gsk_layer_transform_parse ("perspective(150px)", &perspective, NULL));
  gsk_layer_set_child_transform (stage, perspective);
  gsk_layer_transform_unref (perspective);
  gsk_layer_set_transform_style (stage, GSK_LAYER_TRANSFORM_STYLE_FLAT);
  g_signal_connect (stage, "notify::child-transform-origin", G_CALLBACK (count_notify), &notified);

  /* By default, the pivot point */
  gsk_layer_set_pivot_point (stage, &GRAPHENE_POINT3D_INIT (1, 1, 0));
  g_assert_false (gsk_layer_get_child_transform_origin (stage, &origin));
  g_assert_cmpfloat (origin.x, ==, 1);
  assert_maps_to (child, 0, 50, 200 + (100 - 50 * c - 200) * k, 200 + (100 - 200) * k);

  /* The top-left corner, whatever the pivot */
  gsk_layer_set_child_transform_origin (stage, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_set_child_transform_origin (stage, &GRAPHENE_POINT_INIT (0, 0));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (gsk_layer_get_child_transform_origin (stage, &origin));
  g_assert_cmpfloat (origin.x, ==, 0);
  g_assert_cmpfloat (origin.y, ==, 0);
  assert_maps_to (child, 0, 50, (100 - 50 * c) * k, 100 * k);
  gsk_layer_set_pivot_point (stage, &GRAPHENE_POINT3D_INIT (0.5, 0.5, 0));
  assert_maps_to (child, 0, 50, (100 - 50 * c) * k, 100 * k);

  /* Refused, nothing changes */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*coordinate_is_valid*");
  gsk_layer_set_child_transform_origin (stage, &GRAPHENE_POINT_INIT (NAN, 0));
  g_test_assert_expected_messages ();
  assert_maps_to (child, 0, 50, (100 - 50 * c) * k, 100 * k);

  gsk_layer_set_child_transform_origin (stage, NULL);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_false (gsk_layer_get_child_transform_origin (stage, NULL));
  assert_maps_to (child, 0, 50, 100 + (100 - 50 * c - 100) * k, 100);

  /* perspective-origin in a style: lengths from the left and top, and
   * percentages of the size, which follow it */
  gsk_layer_set_child_transform (stage, NULL);
  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: 150px; perspective-origin: 20px 80%", &error));
  g_assert_no_error (error);
  g_assert_true (gsk_layer_get_child_transform_origin (stage, &origin));
  g_assert_cmpfloat_with_epsilon (origin.x, 0.1, 1e-6);
  g_assert_cmpfloat_with_epsilon (origin.y, 0.8, 1e-6);
  assert_maps_to (child, 0, 50, 20 + (100 - 50 * c - 20) * k, 160 + (100 - 160) * k);
  text = gsk_layer_style_to_string (gsk_layer_get_style (stage));
  g_assert_nonnull (strstr (text, "perspective-origin: 20px 80%"));
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (200, 100));
  assert_maps_to (child, 0, 50, 20 + (100 - 50 * c - 20) * k, 80 + (100 - 80) * k);
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (200, 200));

  /* Keywords, in either order */
  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: 150px; perspective-origin: bottom right", &error));
  g_assert_true (gsk_layer_get_child_transform_origin (stage, &origin));
  g_assert_cmpfloat (origin.x, ==, 1);
  g_assert_cmpfloat (origin.y, ==, 1);

  /* perspective alone: CSS's initial origin, the centre, not the pivot */
  gsk_layer_set_pivot_point (stage, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  g_assert_true (gsk_layer_set_style_from_string (stage, "perspective: 150px", &error));
  g_assert_true (gsk_layer_get_child_transform_origin (stage, &origin));
  g_assert_cmpfloat (origin.x, ==, 0.5);
  assert_maps_to (child, 0, 50, 100 + (100 - 50 * c - 100) * k, 100);

  /* Dropped: back to the pivot point */
  g_assert_true (gsk_layer_set_style_from_string (stage, "opacity: 1", &error));
  g_assert_false (gsk_layer_get_child_transform_origin (stage, NULL));

  /* Not a position: refused, nothing changes */
  g_assert_false (gsk_layer_set_style_from_string (stage, "perspective-origin: 10px sideways", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (gsk_layer_get_child_transform_origin (stage, NULL));

  /* Halfway between the top-left corner and the bottom-right one */
  {
    g_autofree char *mid = style_halfway (root, stage, "perspective: 100px; perspective-origin: 0% 0%",
                                          "perspective: 100px; perspective-origin: 100% 100%");

    g_assert_nonnull (strstr (mid, "perspective-origin: 50% 50%"));
  }

  g_assert_finalize_object (root);
}

/* Found by fuzz-3d: a flat layer's subtree is one plane of its context,
 * and the planes it crosses are cut along it; a change deep inside it
 * (a descendant hidden) changes those cuts, so the whole context is
 * damaged, not just the descendant's bounds. Before, a seam where a
 * crossing plane had been cut stayed on screen (15 pixels off by up to
 * 14, outside the damage). */
static void
test_damage_under_flat_plane (void)
{
  static const struct {
    int parent;
    float x, y, w, h;
    const char *transform;
    gboolean preserve_3d, clip, backface_hidden;
  } planes[] = {
    { -1, 12, -9, 9, 38, "rotateX(237deg) rotateY(90deg) translateZ(37px)", TRUE, FALSE, FALSE },
    { 0, 31, 6, 8, 8, "rotateX(249deg) rotateY(213deg) translateZ(1px)", FALSE, FALSE, FALSE },
    { -1, -17, 22, 45, 19, "rotateX(225deg) rotateY(145.5deg) translateZ(20px)", FALSE, FALSE, FALSE },
    { 1, 12, 12, 21, 26, "rotateX(355.5deg) rotateY(355.5deg) translateZ(-60px)", TRUE, TRUE, TRUE },
  };
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *context = add_layer (root, 0, 0, 72, 72, "rotateX(156deg) rotateY(3deg) translateZ(-31px)");
  GskLayer *layers[G_N_ELEMENTS (planes)];
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerRenderer *fresh = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 72, 72);
  cairo_surface_t *image;
  GskLayerTransform *t = gsk_layer_transform_perspective (NULL, 612);
  guint i;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (72, 72));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_child_transform (root, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_transform_style (context, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  for (i = 0; i < G_N_ELEMENTS (planes); i++)
    {
      layers[i] = add_layer (planes[i].parent < 0 ? context : layers[planes[i].parent],
                             planes[i].x, planes[i].y, planes[i].w, planes[i].h, planes[i].transform);
      gsk_layer_set_background_color (layers[i], &(GdkRGBA) { 0.1f + 0.2f * i, 0.4f, 0.9f - 0.2f * i, 1 });
      if (planes[i].preserve_3d)
        gsk_layer_set_transform_style (layers[i], GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
      gsk_layer_set_clip_to_bounds (layers[i], planes[i].clip);
      if (planes[i].backface_hidden)
        gsk_layer_set_backface_visibility (layers[i], GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);
    }

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
  gsk_layer_set_visible (layers[3], FALSE);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));

  image = gsk_layer_renderer_render_to_surface (fresh, root, 72, 72);
  cairo_surface_flush (target);
  cairo_surface_flush (image);
  for (int y = 0; y < 72; y++)
    g_assert_cmpmem (cairo_image_surface_get_data (target) + y * cairo_image_surface_get_stride (target), 72 * 4,
                     cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image), 72 * 4);

  cairo_surface_destroy (image);
  cairo_surface_destroy (target);
  g_object_unref (fresh);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* {{{ A flat plane among crossing planes, pixel by pixel */

/* The scene of tests/reftests-open/flat-child-among-crossing-planes,
 * worked out per pixel from CSS's definitions: every layer turns about
 * the frame's centre (100, 100), where the context's perspective(400px)
 * and rotateX(-10deg) apply too. A plane point (a, b) is taken to the
 * screen by @plane; the nearest plane containing the pixel's centre
 * shows. */
typedef void (* PlaneMap) (double a, double b, double out[3]);

static void
outer_map (double x,
           double y,
           double z,
           double out[3])
{
  /* rotateX(-10deg): y' = y cos + z sin, z' = -y sin + z cos (of 10°);
   * then perspective(400px) divides by 1 - z / 400 */
  double c = cos (10 * DEG), s = sin (10 * DEG);
  double yy = y * c + z * s, zz = -y * s + z * c, k = 400 / (400 - zz);

  out[0] = x * k, out[1] = yy * k, out[2] = zz;
}

/* rotateY(-30deg): x' = x cos 30°, z' = x sin 30° */
static void
base_map (double a, double b, double out[3])
{
  outer_map (a * cos (30 * DEG), b, a * sin (30 * DEG), out);
}

/* The bar: rotateX(60deg) flattened (its height halved, depth dropped),
 * then its flat parent's rotateY(-40deg) */
static void
bar_map (double a, double b, double out[3])
{
  outer_map (a * cos (40 * DEG), b, a * sin (40 * DEG), out);
}

/* rotateX(60deg) kept in 3D inside rotateY(30deg), preserve-3d */
static void
tilted_map (double a, double b, double out[3])
{
  double y = b * cos (60 * DEG), z = b * sin (60 * DEG);

  outer_map (a * cos (30 * DEG) + z * sin (30 * DEG), y, -a * sin (30 * DEG) + z * cos (30 * DEG), out);
}

/* The plane point that @map takes to (@sx, @sy), by Newton's method */
static void
unmap (PlaneMap  map,
       double    sx,
       double    sy,
       double   *a,
       double   *b,
       double   *z)
{
  double p[3], pa[3], pb[3];

  *a = *b = 0;
  for (int i = 0; i < 30; i++)
    {
      double j00, j01, j10, j11, det, dx, dy;

      map (*a, *b, p);
      map (*a + 1e-3, *b, pa);
      map (*a, *b + 1e-3, pb);
      j00 = (pa[0] - p[0]) / 1e-3, j01 = (pb[0] - p[0]) / 1e-3;
      j10 = (pa[1] - p[1]) / 1e-3, j11 = (pb[1] - p[1]) / 1e-3;
      det = j00 * j11 - j01 * j10;
      dx = sx - p[0], dy = sy - p[1];
      *a += (j11 * dx - j01 * dy) / det;
      *b += (-j10 * dx + j00 * dy) / det;
    }
  map (*a, *b, p);
  *z = p[2];
}

static void
test_flat_plane_among_crossing_planes (void)
{
  static const struct {
    PlaneMap map;
    double half_width, half_height;
    guint32 rgb;
  } planes[] = {
    { base_map, 50, 50, 0x3584e4 },
    { tilted_map, 40, 40, 0x33d17a },
    { bar_map, 40, 20, 0xf6d32d },
  };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reftests-open", "flat-child-among-crossing-planes.json", NULL);
  g_autoptr (GError) error = NULL;
  GskLayerScene *scene = gsk_layer_scene_new_from_file (path, &error);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *image;
  const guint8 *data;
  int stride, checked = 0;

  g_assert_no_error (error);
  image = gsk_layer_renderer_render_to_surface (renderer, gsk_layer_scene_get_root (scene), 200, 200);
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);

  for (int y = 40; y < 170; y++)
    for (int x = 40; x < 170; x++)
      {
        double best_z = -G_MAXDOUBLE, second_z = -G_MAXDOUBLE;
        guint32 expected = 0, got;   /* nothing: transparent */
        gboolean skip = FALSE;

        for (guint i = 0; i < G_N_ELEMENTS (planes) && !skip; i++)
          {
            double a, b, z;
            gboolean inside, near;

            unmap (planes[i].map, x + 0.5 - 100, y + 0.5 - 100, &a, &b, &z);
            /* Within 1.5 px of an edge, antialiasing decides */
            inside = fabs (a) <= planes[i].half_width - 1.5 && fabs (b) <= planes[i].half_height - 1.5;
            near = fabs (a) <= planes[i].half_width + 1.5 && fabs (b) <= planes[i].half_height + 1.5;
            skip = near && !inside;
            if (!inside)
              continue;
            if (z > best_z)
              second_z = best_z, best_z = z, expected = planes[i].rgb;
            else if (z > second_z)
              second_z = z;
          }
        /* Where two planes cross, their cut decides */
        if (skip || (second_z > -G_MAXDOUBLE && best_z - second_z < 1))
          continue;
        got = *(const guint32 *) (data + y * stride + x * 4) & 0xffffff;
        /* (Within rounding: 8 per channel) */
        for (int shift = 0; shift < 24; shift += 8)
          if (abs ((int) ((got >> shift) & 0xff) - (int) ((expected >> shift) & 0xff)) > 8)
            g_error ("at %d,%d: #%06x drawn, #%06x in front", x, y, got, expected);
        checked++;
      }
  g_test_message ("%d pixels checked", checked);
  g_assert_cmpint (checked, >, 10000);

  cairo_surface_destroy (image);
  g_object_unref (renderer);
  g_object_unref (scene);
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  int status;

  /* GL without a display, for the test that compares the backends */
  g_setenv ("EGL_PLATFORM", "surfaceless", FALSE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/3d/transform-style/property", test_property);
  g_test_add_func ("/3d/transform-style/scene-file", test_scene_file);
  g_test_add_func ("/3d/transform-style/style-string", test_style_string);
  g_test_add_func ("/3d/flat/does-not-cancel", test_flat_does_not_cancel);
  g_test_add_func ("/3d/flat/stops-perspective", test_flat_stops_perspective);
  g_test_add_func ("/3d/contexts/nested", test_nested_contexts);
  g_test_add_func ("/3d/contexts/picking", test_picking);
  g_test_add_func ("/3d/contexts/grouping-properties", test_grouping_properties);
  g_test_add_func ("/3d/contexts/picking-by-depth", test_picking_by_depth);
  g_test_add_func ("/3d/backface", test_backface);
  g_test_add_func ("/3d/perspective-declaration", test_perspective_declaration);
  g_test_add_func ("/3d/perspective-origin", test_perspective_origin);
  g_test_add_func ("/3d/damage/under-flat-plane", test_damage_under_flat_plane);
  g_test_add_func ("/3d/contexts/flat-plane-among-crossing-planes", test_flat_plane_among_crossing_planes);
  g_test_add_func ("/3d/contexts/many-planes", test_many_planes);
  g_test_add_func ("/3d/bad/perspective-and-edge-on", test_bad_perspective_and_edge_on);
  g_test_add_func ("/3d/contexts/pick-follows-grouping", test_pick_follows_grouping);
  g_test_add_func ("/3d/contexts/text-and-image-planes", test_text_and_image_planes);
  g_test_add_func ("/3d/bsp/crossing", test_bsp_crossing);
  g_test_add_func ("/3d/bsp/three-crossing", test_bsp_three_crossing);
  g_test_add_func ("/3d/bsp/cube", test_bsp_cube);
  g_test_add_func ("/3d/bsp/coplanar-and-parallel", test_bsp_coplanar_and_parallel);
  g_test_add_func ("/3d/bsp/behind-the-viewer", test_bsp_behind_the_viewer);
  g_test_add_func ("/3d/bsp/random", test_bsp_random);
  g_test_add_func ("/3d/bsp/many", test_bsp_many);

  status = g_test_run ();
  free_font_caches ();
  return status;
}
