/* test-device-scale.c: renderers drawing at a device scale (issue 13)
 *
 * The renderer API (set, get, notify, refused values), the size of the
 * images, draw() and content delegates drawn at the scale and again
 * when it changes, damage in device pixels at a fractional scale, and
 * the two backends against each other. What the scale draws is
 * compared with scenes drawn at the larger size directly in the
 * reftests (device-scale-*.json) and, for text, in test-text.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "font-caches.h"

/* {{{ A layer that records its draws */

#define TEST_TYPE_PROBE (test_probe_get_type ())
G_DECLARE_FINAL_TYPE (TestProbe, test_probe, TEST, PROBE, GskLayer)

struct _TestProbe
{
  GskLayer parent_instance;
  guint n_draws;
  double device_scale_x, device_scale_y;
  int pixels_w, pixels_h;
};

G_DEFINE_FINAL_TYPE (TestProbe, test_probe, GSK_TYPE_LAYER)

static void
test_probe_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestProbe *self = TEST_PROBE (layer);
  cairo_surface_t *target = cairo_get_target (cr);
  graphene_size_t size;

  self->n_draws++;
  cairo_surface_get_device_scale (target, &self->device_scale_x, &self->device_scale_y);
  self->pixels_w = cairo_image_surface_get_width (target);
  self->pixels_h = cairo_image_surface_get_height (target);

  /* A one-unit checkerboard: stretched from 1×, it would blur */
  gsk_layer_get_size (layer, &size);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int y = 0; y < size.height; y++)
    for (int x = y % 2; x < size.width; x += 2)
      cairo_rectangle (cr, x, y, 1, 1);
  cairo_fill (cr);
}

static void
test_probe_class_init (TestProbeClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = test_probe_draw;
}

static void
test_probe_init (TestProbe *self)
{
}

/* }}} */
/* {{{ A content delegate that records its sizes */

#define TEST_TYPE_CONTENT (test_content_get_type ())
G_DECLARE_FINAL_TYPE (TestContent, test_content, TEST, CONTENT, GObject)

struct _TestContent
{
  GObject parent_instance;
  int width, height;
};

static void
test_content_draw (GskLayerContent *content,
                   cairo_t         *cr,
                   int              width,
                   int              height)
{
  TestContent *self = TEST_CONTENT (content);

  self->width = width;
  self->height = height;
  cairo_set_source_rgb (cr, 0, 0.5, 0);
  cairo_paint (cr);
}

static void
test_content_iface_init (GskLayerContentInterface *iface)
{
  iface->draw = test_content_draw;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestContent, test_content, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT, test_content_iface_init))

static void
test_content_class_init (TestContentClass *klass)
{
}

static void
test_content_init (TestContent *self)
{
}

/* }}} */

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

static void
test_api (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  static const double bad[] = { 0, -1, 0.2, 8.5, 100 };
  guint notified = 0, i;
  double value;

  g_assert_cmpfloat (gsk_layer_renderer_get_scale (renderer), ==, 1);
  g_signal_connect (renderer, "notify::scale", G_CALLBACK (count_notify), &notified);

  gsk_layer_renderer_set_scale (renderer, 1.25);
  g_assert_cmpfloat (gsk_layer_renderer_get_scale (renderer), ==, 1.25);
  g_assert_cmpuint (notified, ==, 1);
  gsk_layer_renderer_set_scale (renderer, 1.25);
  g_assert_cmpuint (notified, ==, 1);

  g_object_set (renderer, "scale", 2.0, NULL);
  g_object_get (renderer, "scale", &value, NULL);
  g_assert_cmpfloat (value, ==, 2);
  g_assert_cmpuint (notified, ==, 2);

  /* Refused, with a critical warning, and nothing changes */
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*scale >= GSK_LAYER_MIN_SCALE*");
      gsk_layer_renderer_set_scale (renderer, bad[i]);
      g_test_assert_expected_messages ();
    }
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*scale >= GSK_LAYER_MIN_SCALE*");
  gsk_layer_renderer_set_scale (renderer, NAN);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (gsk_layer_renderer_get_scale (renderer), ==, 2);
  g_assert_cmpuint (notified, ==, 2);

  gsk_layer_renderer_set_scale (renderer, GSK_LAYER_MIN_SCALE);
  gsk_layer_renderer_set_scale (renderer, GSK_LAYER_MAX_SCALE);
  g_assert_cmpfloat (gsk_layer_renderer_get_scale (renderer), ==, GSK_LAYER_MAX_SCALE);

  g_object_unref (renderer);
}

static void
test_image_size (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  cairo_surface_t *image;
  double sx, sy;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (101, 40));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 0, 0, 1 });

  gsk_layer_renderer_set_scale (renderer, 1.25);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 101, 40);
  /* 126.25 rounds up */
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 127);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 50);
  cairo_surface_get_device_scale (image, &sx, &sy);
  g_assert_cmpfloat (sx, ==, 1.25);
  g_assert_cmpfloat (sy, ==, 1.25);
  cairo_surface_destroy (image);

  /* Beyond the largest image once scaled: refused */
  gsk_layer_renderer_set_scale (renderer, 8);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*size_is_allowed*");
  image = gsk_layer_renderer_render_to_surface (renderer, root, 4096, 4096);
  g_test_assert_expected_messages ();
  g_assert_null (image);

  g_object_unref (root);
  g_object_unref (renderer);
}

/* The share of pixels that are neither black nor white */
static double
grey_share (cairo_surface_t *s,
            int              x0,
            int              y0,
            int              w,
            int              h)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  int x, y, grey = 0;

  cairo_surface_flush (s);
  for (y = y0; y < y0 + h; y++)
    for (x = x0; x < x0 + w; x++)
      {
        int g = data[y * stride + x * 4 + 1];

        grey += g > 24 && g < 231;
      }
  return (double) grey / (w * h);
}

static void
test_draw_at_scale (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  TestProbe *probe = g_object_new (TEST_TYPE_PROBE, NULL);
  cairo_surface_t *target;
  cairo_region_t *damage;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (40, 40));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (GSK_LAYER (probe), &GRAPHENE_POINT_INIT (8, 8));
  gsk_layer_set_size (GSK_LAYER (probe), &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_add_child (root, GSK_LAYER (probe));

  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  cairo_surface_destroy (target);
  g_assert_cmpuint (probe->n_draws, ==, 1);
  g_assert_cmpfloat (probe->device_scale_x, ==, 1);
  g_assert_cmpint (probe->pixels_w, ==, 20);

  /* A new scale draws the content again, with that device scale on the
   * cairo target, into that many pixels */
  gsk_layer_renderer_set_scale (renderer, 2);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 80, 80);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_cmpuint (probe->n_draws, ==, 2);
  g_assert_cmpfloat (probe->device_scale_x, ==, 2);
  g_assert_cmpfloat (probe->device_scale_y, ==, 2);
  g_assert_cmpint (probe->pixels_w, ==, 40);
  g_assert_cmpint (probe->pixels_h, ==, 40);
  /* A full frame, in device pixels */
  g_assert_cmpint (cairo_region_contains_rectangle (damage, &(cairo_rectangle_int_t) { 0, 0, 80, 80 }),
                   ==, CAIRO_REGION_OVERLAP_IN);
  cairo_region_destroy (damage);

  /* The checkerboard is as sharp as at 1×: every pixel black or white */
  g_assert_cmpfloat (grey_share (target, 16, 16, 40, 40), <, 0.01);

  /* Nothing changed: nothing is drawn */
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (cairo_region_is_empty (damage));
  cairo_region_destroy (damage);
  g_assert_cmpuint (probe->n_draws, ==, 2);

  /* At 1.25 the checkerboard's units are 1.25 pixels: drawn at that
   * scale, not stretched from 1× or 2× */
  gsk_layer_renderer_set_scale (renderer, 1.25);
  cairo_surface_destroy (target);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 50, 50);
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (damage);
  g_assert_cmpuint (probe->n_draws, ==, 3);
  g_assert_cmpfloat (probe->device_scale_x, ==, 1.25);
  g_assert_cmpint (probe->pixels_w, ==, 25);

  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (renderer);
}

static void
test_content_at_scale (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *layer = gsk_layer_new ();
  TestContent *content = g_object_new (TEST_TYPE_CONTENT, NULL);
  cairo_surface_t *image;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (60, 40));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (30, 20));
  gsk_layer_set_content (layer, GSK_LAYER_CONTENT (content));
  gsk_layer_add_child (root, layer);

  gsk_layer_renderer_set_scale (renderer, 2);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 60, 40);
  g_assert_cmpint (content->width, ==, 60);
  g_assert_cmpint (content->height, ==, 40);
  cairo_surface_destroy (image);

  gsk_layer_renderer_set_scale (renderer, 1.5);
  image = gsk_layer_renderer_render_to_surface (renderer, root, 60, 40);
  g_assert_cmpint (content->width, ==, 45);
  g_assert_cmpint (content->height, ==, 30);
  cairo_surface_destroy (image);

  g_object_unref (content);
  g_object_unref (root);
  g_object_unref (renderer);
}

/* Moves at a fractional scale redraw what they touch, in device pixels:
 * the renderer's damage check draws each frame again in full and
 * compares */
static void
test_damage_fractional (void)
{
  static const double scales[] = { 1.25, 1.5, 0.75, 3 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
      GskLayer *root = g_object_ref_sink (gsk_layer_new ());
      GskLayer *box = gsk_layer_new ();
      GskLayer *text = gsk_layer_text_new ("Moves");
      double s = scales[i];
      cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, ceil (120 * s), ceil (80 * s));
      int step;

      gsk_layer_renderer_set_scale (renderer, s);
      gsk_layer_renderer_set_check_damage (renderer, TRUE);
      gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (120, 80));
      gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
      gsk_layer_set_size (box, &GRAPHENE_SIZE_INIT (21, 13));
      gsk_layer_set_background_color (box, &(GdkRGBA) { 0.2f, 0.4f, 0.9f, 1 });
      gsk_layer_set_corner_radius (box, 4);
      gsk_layer_add_child (root, box);
      gsk_layer_add_child (root, text);

      for (step = 0; step < 12; step++)
        {
          GskLayerTransform *t = gsk_layer_transform_rotate (NULL, step * 7.5f);
          cairo_region_t *damage;
          cairo_rectangle_int_t extents;

          gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (3.3 + step * 7.1, 5.7 + step * 3.3));
          gsk_layer_set_position (text, &GRAPHENE_POINT_INIT (60 - step * 2.7, 40 + step * 1.3));
          gsk_layer_set_transform (text, t);
          gsk_layer_transform_unref (t);
          damage = gsk_layer_renderer_render (renderer, root, target);
          g_assert_null (gsk_layer_renderer_get_damage_error (renderer));
          cairo_region_get_extents (damage, &extents);
          g_assert_cmpint (extents.x + extents.width, <=, ceil (120 * s));
          g_assert_cmpint (extents.y + extents.height, <=, ceil (80 * s));
          cairo_region_destroy (damage);
        }

      cairo_surface_destroy (target);
      g_object_unref (root);
      g_object_unref (renderer);
    }
}

/* The GL backend draws the same pixels as the software one at a scale */
static void
test_backends_agree (void)
{
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *gl = gsk_layer_gl_renderer_new (&error);
  GskLayerRenderer *sw = gsk_layer_software_renderer_new ();
  GskLayer *root, *card, *text;
  cairo_surface_t *a, *b;
  GskLayerTransform *t = NULL;
  int x, y, c, over = 0, worst = 0, w, h;

  if (gl == NULL)
    {
      g_autofree char *why = g_strdup_printf ("no GL renderer here: %s", error->message);

      g_test_skip (why);
      g_object_unref (sw);
      return;
    }

  root = g_object_ref_sink (gsk_layer_new ());
  card = gsk_layer_new ();
  text = gsk_layer_text_new ("Both backends");
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (160, 100));
  gsk_layer_set_background_color (root, &(GdkRGBA) { 1, 1, 1, 1 });
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (20, 10));
  gsk_layer_set_size (card, &GRAPHENE_SIZE_INIT (60, 40));
  gsk_layer_set_background_color (card, &(GdkRGBA) { 0.9f, 0.1f, 0.1f, 1 });
  gsk_layer_set_corner_radius (card, 8);
  g_assert_true (gsk_layer_transform_parse ("perspective(300px) rotateY(30deg)", &t, NULL));
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_position (text, &GRAPHENE_POINT_INIT (10, 60));
  gsk_layer_add_child (root, card);
  gsk_layer_add_child (root, text);

  gsk_layer_renderer_set_scale (gl, 1.25);
  gsk_layer_renderer_set_scale (sw, 1.25);
  a = gsk_layer_renderer_render_to_surface (gl, root, 160, 100);
  b = gsk_layer_renderer_render_to_surface (sw, root, 160, 100);
  w = cairo_image_surface_get_width (a);
  h = cairo_image_surface_get_height (a);
  g_assert_cmpint (w, ==, 200);
  g_assert_cmpint (h, ==, 125);
  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);

  for (y = 0; y < h; y++)
    for (x = 0; x < w; x++)
      {
        const guint8 *pa = cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a) + x * 4;
        const guint8 *pb = cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b) + x * 4;
        int m = 0;

        for (c = 0; c < 4; c++)
          m = MAX (m, ABS (pa[c] - pb[c]));
        over += m > 6;
        worst = MAX (worst, m);
      }
  g_test_message ("%d of %d pixels differ by more than 6, the most by %d", over, w * h, worst);
  /* The reftests' tolerance: antialiased edges may differ */
  g_assert_cmpint (over, <=, w * h * 15 / 1000);
  g_assert_cmpint (worst, <, 96);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  g_object_unref (root);
  g_object_unref (gl);
  g_object_unref (sw);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/device-scale/api", test_api);
  g_test_add_func ("/device-scale/image-size", test_image_size);
  g_test_add_func ("/device-scale/draw", test_draw_at_scale);
  g_test_add_func ("/device-scale/content", test_content_at_scale);
  g_test_add_func ("/device-scale/damage-fractional", test_damage_fractional);
  g_test_add_func ("/device-scale/backends-agree", test_backends_agree);

  status = g_test_run ();
  free_font_caches ();
  return status;
}
