/* test-deform.c: layers drawn through a deformed mesh (issue 32)
 *
 * GskLayerDeform's mesh is made by its class's deform_vertex; what a
 * page turn draws is held to second scenes of explicit tiles by the
 * page-turn reftests. Here: the API and its refusals, a deformation
 * that only moves the layer draws what the moved layer draws (on both
 * backends), an identity deformation or one that fails draws the layer
 * flat, animation frame by frame (the damage check is on in every
 * test), damage where the tiles are, and scene files.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "style-test-utils.h"

#define MS 1000

/* {{{ Deformations of the tests */

typedef struct { GskLayerDeform parent_instance; float dx, dy; gboolean nan; guint n_calls; } TestShift;
typedef struct { GskLayerDeformClass parent_class; } TestShiftClass;

GType test_shift_get_type (void);
G_DEFINE_TYPE (TestShift, test_shift, GSK_TYPE_LAYER_DEFORM)

/* Every vertex moved by (dx, dy): the layer, moved; or one of them to
 * nowhere */
static void
test_shift_deform_vertex (GskLayerDeform     *deform,
                          float               width,
                          float               height,
                          graphene_point3d_t *vertex)
{
  TestShift *self = (TestShift *) deform;

  self->n_calls++;
  if (self->nan && vertex->x == width && vertex->y == height)
    {
      vertex->z = NAN;
      return;
    }
  vertex->x += self->dx;
  vertex->y += self->dy;
}

static void
test_shift_class_init (TestShiftClass *klass)
{
  GSK_LAYER_DEFORM_CLASS (klass)->deform_vertex = test_shift_deform_vertex;
}

static void
test_shift_init (TestShift *self)
{
}

/* }}} */

static const GdkRGBA blue = { 0.2f, 0.4f, 0.9f, 1 }, yellow = { 1, 0.8f, 0.1f, 1 }, green = { 0.2f, 0.8f, 0.4f, 1 };

/* A 120×80 card with two children at (@x, @y) in @layer (which it
 * fills: a GskLayer or a deformation) */
static GskLayer *
card (GskLayer *layer,
      float     x,
      float     y)
{
  GskLayer *a = gsk_layer_new (), *b = gsk_layer_new ();

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (120, 80));
  gsk_layer_set_background_color (layer, &blue);
  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (10, 10));
  gsk_layer_set_size (a, &GRAPHENE_SIZE_INIT (40, 30));
  gsk_layer_set_background_color (a, &yellow);
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (70, 40));
  gsk_layer_set_size (b, &GRAPHENE_SIZE_INIT (40, 30));
  gsk_layer_set_background_color (b, &green);
  gsk_layer_set_corner_radius (b, 8);
  gsk_layer_add_child (layer, a);
  gsk_layer_add_child (layer, b);
  return layer;
}

static GskLayer *
stage (GskLayer *child)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 140));
  gsk_layer_add_child (root, child);
  return root;
}

static cairo_surface_t *
draw (GskLayerRenderer *renderer,
      GskLayer         *root)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 140);

  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  return target;
}

/* The largest difference of a channel between two images */
static int
max_difference (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int x, y, c, most = 0;

  for (y = 0; y < 140; y++)
    for (x = 0; x < 200; x++)
      {
        guint32 pa = pixel_at (a, x, y), pb = pixel_at (b, x, y);

        for (c = 0; c < 32; c += 8)
          most = MAX (most, abs ((int) ((pa >> c) & 0xff) - (int) ((pb >> c) & 0xff)));
      }
  return most;
}

static void
test_deform_api (void)
{
  GskLayer *page = g_object_ref_sink (gsk_layer_page_turn_new ());
  GskLayerPageTurn *turn = GSK_LAYER_PAGE_TURN (page);
  guint notified = 0, x_tiles, y_tiles;
  GdkRGBA back;

  g_assert_true (GSK_IS_LAYER_DEFORM (page));
  gsk_layer_deform_get_n_tiles (GSK_LAYER_DEFORM (page), &x_tiles, &y_tiles);
  g_assert_cmpuint (x_tiles, ==, 32);
  g_assert_cmpuint (y_tiles, ==, 32);
  gsk_layer_deform_get_back_color (GSK_LAYER_DEFORM (page), &back);
  g_assert_cmpfloat (back.alpha, ==, 0);
  g_assert_cmpfloat (gsk_layer_page_turn_get_period (turn), ==, 0);
  g_assert_cmpfloat (gsk_layer_page_turn_get_angle (turn), ==, 0);
  g_assert_cmpfloat (gsk_layer_page_turn_get_radius (turn), ==, 24);

  g_signal_connect_swapped (page, "notify", G_CALLBACK (g_atomic_int_inc), &notified);
  gsk_layer_page_turn_set_period (turn, 0.5);
  gsk_layer_page_turn_set_period (turn, 0.5);
  gsk_layer_page_turn_set_angle (turn, 45);
  gsk_layer_page_turn_set_radius (turn, 12);
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 8, 4);
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 8, 4);
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), &yellow);
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), &yellow);
  /* period, angle, radius, x-tiles, y-tiles, back-color: once each */
  g_assert_cmpuint (notified, ==, 6);
  g_object_get (page, "x-tiles", &x_tiles, "y-tiles", &y_tiles, NULL);
  g_assert_cmpuint (x_tiles, ==, 8);
  g_assert_cmpuint (y_tiles, ==, 4);

  /* Refused, and nothing changes */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*period*");
  gsk_layer_page_turn_set_period (turn, 1.5);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*period*");
  gsk_layer_page_turn_set_period (turn, NAN);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*angle*");
  gsk_layer_page_turn_set_angle (turn, -1);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*radius*");
  gsk_layer_page_turn_set_radius (turn, 0);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*radius*");
  gsk_layer_page_turn_set_radius (turn, INFINITY);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*x_tiles*");
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 0, 4);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*y_tiles*");
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 8, 1000);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), &(GdkRGBA) { NAN, 0, 0, 1 });
  g_test_assert_expected_messages ();
  g_assert_cmpuint (notified, ==, 6);
  g_assert_cmpfloat (gsk_layer_page_turn_get_period (turn), ==, 0.5);
  g_assert_cmpfloat (gsk_layer_page_turn_get_angle (turn), ==, 45);
  g_assert_cmpfloat (gsk_layer_page_turn_get_radius (turn), ==, 12);
  gsk_layer_deform_get_n_tiles (GSK_LAYER_DEFORM (page), &x_tiles, &y_tiles);
  g_assert_cmpuint (x_tiles, ==, 8);
  g_assert_cmpuint (y_tiles, ==, 4);
  gsk_layer_deform_get_back_color (GSK_LAYER_DEFORM (page), &back);
  g_assert_true (gdk_rgba_equal (&back, &yellow));

  /* NULL: the layer mirrored */
  gsk_layer_deform_set_back_color (GSK_LAYER_DEFORM (page), NULL);
  gsk_layer_deform_get_back_color (GSK_LAYER_DEFORM (page), &back);
  g_assert_cmpfloat (back.alpha, ==, 0);

  g_assert_finalize_object (page);
}

/* A deformation that moves every vertex by (30, 20) draws what the
 * layer moved by as much draws, through the mesh's offscreen and tiles,
 * on both backends; a mesh made once per change */
static void
test_deform_moved (gconstpointer data)
{
  gboolean gl = GPOINTER_TO_INT (data);
  g_autoptr (GError) error = NULL;
  GskLayerRenderer *renderer = gl ? gsk_layer_gl_renderer_new (&error) : gsk_layer_software_renderer_new ();
  TestShift *shift;
  GskLayer *deformed, *moved;
  cairo_surface_t *a, *b;

  if (renderer == NULL)
    {
      /* As the reftests do where GL cannot be had (EGL_PLATFORM=surfaceless) */
      g_autofree char *why = g_strdup_printf ("no GL renderer here: %s", error->message);

      g_test_skip (why);
      return;
    }
  shift = g_object_new (test_shift_get_type (), NULL);
  deformed = stage (card (GSK_LAYER (shift), 20, 10));
  moved = stage (card (gsk_layer_new (), 50, 30));

  shift->dx = 30;
  shift->dy = 20;
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (shift), 6, 4);
  a = draw (renderer, deformed);
  b = draw (renderer, moved);
  g_assert_cmpint (max_difference (a, b), <=, 2);
  /* The mesh's corners: (6 + 1) × (4 + 1), once */
  g_assert_cmpuint (shift->n_calls, ==, 35);
  /* Where the flat layer would be but the moved one is not: empty */
  g_assert_cmphex (pixel_at (a, 25, 15), ==, 0);
  g_assert_cmphex (pixel_at (a, 60, 45), ==, pixel_at (b, 60, 45));
  cairo_surface_destroy (a);

  /* Drawn again with nothing changed: no new mesh */
  a = draw (renderer, deformed);
  g_assert_cmpuint (shift->n_calls, ==, 35);
  cairo_surface_destroy (a);

  /* A new size: a new mesh */
  gsk_layer_set_size (GSK_LAYER (shift), &GRAPHENE_SIZE_INIT (100, 80));
  a = draw (renderer, deformed);
  g_assert_cmpuint (shift->n_calls, ==, 70);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  g_object_unref (renderer);
  g_assert_finalize_object (deformed);
  g_assert_finalize_object (moved);
}

/* A page turned by 0, and a deformation that puts a vertex nowhere,
 * draw the layer flat */
static void
test_deform_flat (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *page = gsk_layer_page_turn_new ();
  TestShift *shift = g_object_new (test_shift_get_type (), NULL);
  GskLayer *flat_page = stage (card (page, 20, 10));
  GskLayer *broken = stage (card (GSK_LAYER (shift), 20, 10));
  GskLayer *plain = stage (card (gsk_layer_new (), 20, 10));
  cairo_surface_t *a, *b, *c;

  shift->dx = 30;
  shift->nan = TRUE;
  a = draw (renderer, flat_page);
  c = draw (renderer, plain);
  g_assert_cmpint (max_difference (a, c), ==, 0);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*TestShift*not finite*flat*");
  b = draw (renderer, broken);
  g_test_assert_expected_messages ();
  g_assert_cmpint (max_difference (b, c), ==, 0);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (c);
  g_object_unref (renderer);
  g_assert_finalize_object (flat_page);
  g_assert_finalize_object (broken);
  g_assert_finalize_object (plain);
}

/* A page turning in an easing state, frame by frame: the model at
 * once, the curl growing on screen, each frame redrawn where damaged
 * (the damage check compares every frame with a full redraw), and
 * what is damaged lies where the page is */
static void
test_deform_animate (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *page = gsk_layer_page_turn_new ();
  GskLayer *root = stage (card (page, 20, 10));
  GskLayer *other = gsk_layer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 140);
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;
  guint32 corner[4];
  int frame;

  gsk_layer_set_position (other, &GRAPHENE_POINT_INIT (160, 110));
  gsk_layer_set_size (other, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_set_background_color (other, &green);
  gsk_layer_add_child (root, other);
  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_deform_set_n_tiles (GSK_LAYER_DEFORM (page), 12, 8);
  gsk_layer_page_turn_set_radius (GSK_LAYER_PAGE_TURN (page), 10);
  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  /* The card's bottom-right corner, flat */
  corner[0] = pixel_at (target, 136, 86);
  g_assert_cmphex (corner[0], !=, 0);

  ease_linearly (page, 300);
  gsk_layer_page_turn_set_period (GSK_LAYER_PAGE_TURN (page), 0.6);
  gsk_layer_restore_easing_state (page);
  g_assert_cmpfloat (gsk_layer_page_turn_get_period (GSK_LAYER_PAGE_TURN (page)), ==, 0.6);

  for (frame = 1; frame <= 3; frame++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 100 * MS);
      damage = gsk_layer_renderer_render (renderer, root, target);
      /* Within the card, where the curl goes; the other layer never
       * changes: never damaged */
      cairo_region_get_extents (damage, &extents);
      g_assert_cmpint (extents.x, >=, 17);
      g_assert_cmpint (extents.y, >=, 7);
      g_assert_cmpint (extents.x + extents.width, <=, 143);
      g_assert_cmpint (extents.y + extents.height, <=, 93);
      g_assert_false (cairo_region_contains_point (damage, 170, 120));
      /* The corner curls up first */
      if (frame == 1)
        g_assert_true (cairo_region_contains_point (damage, 136, 86));
      cairo_region_destroy (damage);
      corner[frame] = pixel_at (target, 136, 86);
    }
  /* Turned away: the corner is bare, and the top-left still there */
  g_assert_cmphex (corner[3], ==, 0);
  g_assert_cmphex (pixel_at (target, 22, 12), ==, pixel_at (target, 22, 14));
  g_assert_cmphex (pixel_at (target, 22, 12), !=, 0);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* Scene files load and save a page turn */
static void
test_deform_scene (void)
{
  const char *text =
    "{ \"size\": [100, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [100, 100], \"children\": ["
    " { \"type\": \"GskLayerPageTurn\", \"id\": \"page\", \"size\": [80, 60], \"period\": 0.25, \"angle\": 30,"
    "   \"radius\": 10, \"x-tiles\": 10, \"y-tiles\": 6, \"back-color\": \"#ff0000\" } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (text, -1, "page.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *saved = NULL;
  GskLayer *page;
  guint x_tiles, y_tiles;
  GdkRGBA back;

  g_assert_no_error (error);
  saved = gsk_layer_scene_to_data (scene, NULL);
  again = gsk_layer_scene_new_from_data (saved, -1, "saved.json", &error);
  g_assert_no_error (error);
  page = gsk_layer_scene_get_layer_by_id (again, "page");
  g_assert_true (GSK_IS_LAYER_PAGE_TURN (page));
  g_assert_cmpfloat (gsk_layer_page_turn_get_period (GSK_LAYER_PAGE_TURN (page)), ==, 0.25);
  g_assert_cmpfloat (gsk_layer_page_turn_get_angle (GSK_LAYER_PAGE_TURN (page)), ==, 30);
  g_assert_cmpfloat (gsk_layer_page_turn_get_radius (GSK_LAYER_PAGE_TURN (page)), ==, 10);
  gsk_layer_deform_get_n_tiles (GSK_LAYER_DEFORM (page), &x_tiles, &y_tiles);
  g_assert_cmpuint (x_tiles, ==, 10);
  g_assert_cmpuint (y_tiles, ==, 6);
  gsk_layer_deform_get_back_color (GSK_LAYER_DEFORM (page), &back);
  g_assert_true (gdk_rgba_equal (&back, &(GdkRGBA) { 1, 0, 0, 1 }));

  /* Out of range: an error at its place */
  g_clear_object (&scene);
  scene = gsk_layer_scene_new_from_data ("{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayerPageTurn\", "
                                         "\"period\": 2 } }", -1, "bad.json", &error);
  g_assert_null (scene);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:1:"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/deform/api", test_deform_api);
  g_test_add_data_func ("/deform/moved/software", GINT_TO_POINTER (FALSE), test_deform_moved);
  g_test_add_data_func ("/deform/moved/gl", GINT_TO_POINTER (TRUE), test_deform_moved);
  g_test_add_func ("/deform/flat", test_deform_flat);
  g_test_add_func ("/deform/animate", test_deform_animate);
  g_test_add_func ("/deform/scene", test_deform_scene);

  return g_test_run ();
}
