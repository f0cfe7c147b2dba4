/* test-damage.c: the damage checker itself, and damage on real changes
 *
 * The checker (GSK_LAYER_DEBUG=check-damage, or
 * gsk_layer_renderer_set_check_damage()) must catch a change the tree
 * did not account for and name the layer, and must stay quiet through
 * long runs of ordinary changes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

#include "gsk-layer-private.h"
#include "gsk-layer-compile-private.h"

static GskLayer *
colored_layer (const char *name,
               float       x,
               float       y,
               float       w,
               float       h,
               const char *color)
{
  GskLayer *l = gsk_layer_new ();
  GdkRGBA c;

  g_assert_true (gdk_rgba_parse (&c, color));
  gsk_layer_set_name (l, name);
  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (l, &c);

  return l;
}

static void
render (GskLayerRenderer *renderer,
        GskLayer         *root,
        cairo_surface_t  *target)
{
  cairo_region_t *damage = gsk_layer_renderer_render (renderer, root, target);

  cairo_region_destroy (damage);
}

/* A change made behind the tree's back is caught, and the layer drawn
 * where the pixels differ is named */
static void
test_checker_catches_unaccounted_change (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 100, 100);
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 100, 100, "white"));
  GskLayer *sneaky = colored_layer ("sneaky", 10, 10, 20, 20, "red");
  GskLayer *honest = colored_layer ("honest", 60, 60, 20, 20, "blue");
  const GError *error;

  gsk_layer_add_child (root, sneaky);
  gsk_layer_add_child (root, honest);
  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  render (renderer, root, target);
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));

  /* Green, without telling anyone; then an honest change elsewhere makes
   * a frame happen */
  gsk_layer_get_private (sneaky)->background[0] = 0.f;
  gsk_layer_get_private (sneaky)->background[1] = 1.f;
  gsk_layer_set_opacity (honest, 0.5f);
  /* Under GSK_LAYER_DEBUG=check-damage the checker also complains aloud */
  if (g_strstr_len (g_getenv ("GSK_LAYER_DEBUG") ? g_getenv ("GSK_LAYER_DEBUG") : "", -1, "check-damage"))
    g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "damage check: *sneaky*");
  render (renderer, root, target);
  g_test_assert_expected_messages ();

  error = gsk_layer_renderer_get_damage_error (renderer);
  g_assert_nonnull (error);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "400 pixels in 10,10 20x20"));
  g_assert_nonnull (strstr (error->message, "“sneaky”"));
  g_assert_null (strstr (error->message, "“honest”"));

  /* The checker leaves the correct frame behind */
  {
    guint32 *px = (guint32 *) cairo_image_surface_get_data (target);

    cairo_surface_flush (target);
    g_assert_cmphex (px[15 * 100 + 15], ==, 0xff00ff00);
  }

  /* And the next honest frame is clean again */
  gsk_layer_set_opacity (honest, 1.f);
  render (renderer, root, target);
  g_assert_null (gsk_layer_renderer_get_damage_error (renderer));

  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_assert_finalize_object (root);
}

/* Many frames of random ordinary changes: the damaged frames always
 * equal full redraws, and the damage stays small for small changes */
/* Moves @l to the top of its siblings */
static void
raise_to_top (GskLayer *l)
{
  GskLayer *parent = gsk_layer_get_parent (l);

  g_object_ref (l);
  gsk_layer_remove_child (parent, l);
  gsk_layer_add_child (parent, l);
  g_object_unref (l);
}

static void
test_random_changes (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 200, 200, "#eeeeee"));
  GPtrArray *layers = g_ptr_array_new ();
  GRand *rand = g_rand_new_with_seed (7);
  int i, frame;

  for (i = 0; i < 24; i++)
    {
      static const char *colors[] = { "#e01b24", "#33d17a", "#3584e4", "#f6d32d", "rgba(145,65,172,0.6)" };
      GskLayer *parent = layers->len > 0 && i % 3 == 0
                         ? g_ptr_array_index (layers, g_rand_int_range (rand, 0, layers->len))
                         : root;
      char name[16];
      GskLayer *l;

      g_snprintf (name, sizeof name, "l%d", i);
      l = colored_layer (name, g_rand_int_range (rand, 0, 160), g_rand_int_range (rand, 0, 160),
                         g_rand_int_range (rand, 8, 60), g_rand_int_range (rand, 8, 60),
                         colors[i % G_N_ELEMENTS (colors)]);
      gsk_layer_add_child (parent, l);
      g_ptr_array_add (layers, l);
    }

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  render (renderer, root, target);

  for (frame = 0; frame < 200; frame++)
    {
      GskLayer *l = g_ptr_array_index (layers, g_rand_int_range (rand, 0, layers->len));
      GskLayerTransform *t = NULL;
      const GError *error;

      switch (g_rand_int_range (rand, 0, 9))
        {
        case 0:
          gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (g_rand_int_range (rand, -20, 180),
                                                           g_rand_int_range (rand, -20, 180)));
          break;
        case 1:
          gsk_layer_set_opacity (l, g_rand_double_range (rand, 0, 1));
          break;
        case 2:
          gsk_layer_set_visible (l, !gsk_layer_get_visible (l));
          break;
        case 3:
          t = gsk_layer_transform_rotate (NULL, g_rand_double_range (rand, -180, 180));
          gsk_layer_set_transform (l, t);
          break;
        case 4:
          gsk_layer_set_z_position (l, g_rand_int_range (rand, -3, 3));
          break;
        case 5:
          gsk_layer_set_clip_to_bounds (l, !gsk_layer_get_clip_to_bounds (l));
          break;
        case 6:
          t = gsk_layer_transform_perspective (NULL, 300);
          t = gsk_layer_transform_rotate_3d (t, g_rand_double_range (rand, -60, 60),
                                             graphene_vec3_y_axis ());
          gsk_layer_set_transform (l, t);
          break;
        case 7:
          gsk_layer_set_blend_mode (l, g_rand_int_range (rand, 0, GSK_LAYER_BLEND_LUMINOSITY + 1));
          break;
        case 8:
          raise_to_top (l);
          break;
        }
      g_clear_pointer (&t, gsk_layer_transform_unref);

      render (renderer, root, target);
      error = gsk_layer_renderer_get_damage_error (renderer);
      if (error)
        g_error ("frame %d: %s", frame, error->message);
    }

  g_rand_free (rand);
  g_ptr_array_free (layers, TRUE);
  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_assert_finalize_object (root);
}

/* Frames compile only what changed: the ops of a layer that moved are
 * rewritten in place, the rest kept; what cannot be patched (the order
 * of children, a layer inside a group, a layer hidden) compiles in
 * full. Every frame is checked against a list compiled afresh from
 * every layer and drawn in full (the damage check). */
static guint
entered_since (guint *last)
{
  guint now = gsk_layer_compile_get_n_entered ();
  guint n = now - *last;

  *last = now;
  return n;
}

static void
check_frame (GskLayerRenderer *renderer,
             GskLayer         *root,
             cairo_surface_t  *target,
             const char       *what)
{
  const GError *error;

  render (renderer, root, target);
  error = gsk_layer_renderer_get_damage_error (renderer);
  if (error)
    g_error ("%s: %s", what, error->message);
}

static void
test_incremental_compile (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 300);
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 300, 300, "white"));
  GskLayer *cells[200], *group, *grouped, *box, *boxed[20];
  GskLayerTransform *t;
  GRand *rand = g_rand_new_with_seed (11);
  guint last = gsk_layer_compile_get_n_entered (), total;
  int i, frame, n_patched = 0;

  for (i = 0; i < 200; i++)
    {
      cells[i] = colored_layer ("cell", (i % 20) * 15, (i / 20) * 15, 12, 12, i % 3 ? "#3584e4" : "#e01b24");
      gsk_layer_add_child (root, cells[i]);
    }
  /* A box of 20 children (a dirty-child list of its own), clipped */
  box = colored_layer ("box", 40, 160, 200, 100, "#f6d32d");
  gsk_layer_set_clip_to_bounds (box, TRUE);
  gsk_layer_add_child (root, box);
  for (i = 0; i < 20; i++)
    {
      boxed[i] = colored_layer ("boxed", (i % 10) * 22, (i / 10) * 50, 18, 40, "#33d17a");
      gsk_layer_add_child (box, boxed[i]);
    }
  /* A group: what is inside makes its bounds */
  group = colored_layer ("group", 200, 20, 60, 60, "#9141ac");
  gsk_layer_set_opacity (group, 0.5f);
  grouped = colored_layer ("grouped", 10, 10, 20, 20, "#000000");
  gsk_layer_add_child (group, grouped);
  gsk_layer_add_child (root, group);
  total = 200 + 1 + 20 + 2 + 1;

  gsk_layer_renderer_set_check_damage (renderer, TRUE);
  check_frame (renderer, root, target, "first frame");
  g_assert_cmpuint (entered_since (&last), ==, total);

  /* One cell moved: one layer compiled */
  gsk_layer_set_position (cells[42], &GRAPHENE_POINT_INIT (33, 31));
  check_frame (renderer, root, target, "a cell moved");
  g_assert_cmpuint (entered_since (&last), ==, 1);

  /* A colour, a rotation and a child of the box, in one frame: three */
  gsk_layer_set_background_color (cells[7], &(GdkRGBA) { 0, 0, 0, 1 });
  t = gsk_layer_transform_rotate (NULL, 30);
  gsk_layer_set_transform (cells[150], t);
  gsk_layer_transform_unref (t);
  gsk_layer_set_position (boxed[3], &GRAPHENE_POINT_INIT (70, 60));
  check_frame (renderer, root, target, "three changes");
  g_assert_cmpuint (entered_since (&last), ==, 3);

  /* The box moved: it and its children */
  gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (44, 150));
  check_frame (renderer, root, target, "the box moved");
  g_assert_cmpuint (entered_since (&last), ==, 21);

  /* Nothing changed: nothing compiled */
  check_frame (renderer, root, target, "nothing changed");
  g_assert_cmpuint (entered_since (&last), ==, 0);

  /* Inside a group, a hidden layer, a new order: all of it */
  gsk_layer_set_position (grouped, &GRAPHENE_POINT_INIT (25, 20));
  check_frame (renderer, root, target, "inside a group");
  g_assert_cmpuint (entered_since (&last), >, total - 5);
  gsk_layer_set_visible (cells[5], FALSE);
  check_frame (renderer, root, target, "a cell hidden");
  g_assert_cmpuint (entered_since (&last), >, total - 5);
  gsk_layer_set_z_position (cells[8], 1);
  check_frame (renderer, root, target, "a cell raised");
  g_assert_cmpuint (entered_since (&last), >, total - 5);
  /* Then a moved cell is one layer again */
  gsk_layer_set_position (cells[8], &GRAPHENE_POINT_INIT (140, 5));
  check_frame (renderer, root, target, "the raised cell moved");
  g_assert_cmpuint (entered_since (&last), ==, 1);

  /* Every cell moved, more than a dirty-child list holds (the frames
   * after that do not note the cells until one where few changed), then
   * one cell a frame: one layer each */
  for (i = 0; i < 200; i++)
    {
      graphene_point_t p;

      gsk_layer_get_position (cells[i], &p);
      gsk_layer_set_position (cells[i], &GRAPHENE_POINT_INIT (p.x + 1, p.y));
    }
  check_frame (renderer, root, target, "every cell moved");
  g_assert_cmpuint (entered_since (&last), >=, 200);
  for (i = 0; i < 3; i++)
    {
      gsk_layer_set_position (cells[60 + i], &GRAPHENE_POINT_INIT (100 + i * 20, 120));
      check_frame (renderer, root, target, "a cell moved after all did");
      g_assert_cmpuint (entered_since (&last), ==, 1);
    }

  /* Many frames of everything, each checked against a fresh compile */
  for (frame = 0; frame < 300; frame++)
    {
      GskLayer *l = g_rand_boolean (rand) ? cells[g_rand_int_range (rand, 0, 200)]
                                          : boxed[g_rand_int_range (rand, 0, 20)];
      char what[64];
      guint n;

      switch (g_rand_int_range (rand, 0, 10))
        {
        case 0: case 1: case 2: case 3:
          gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (g_rand_int_range (rand, -10, 290),
                                                           g_rand_int_range (rand, -10, 290)));
          break;
        case 4:
          gsk_layer_set_opacity (l, g_rand_double_range (rand, 0, 1));
          break;
        case 5:
          gsk_layer_set_visible (l, !gsk_layer_get_visible (l));
          break;
        case 6:
          gsk_layer_set_z_position (l, g_rand_int_range (rand, -2, 3));
          break;
        case 7:
          t = gsk_layer_transform_rotate (NULL, g_rand_double_range (rand, -180, 180));
          gsk_layer_set_transform (l, t);
          gsk_layer_transform_unref (t);
          break;
        case 8:
          gsk_layer_set_position (group, &GRAPHENE_POINT_INIT (g_rand_int_range (rand, 0, 240), 20));
          break;
        case 9:
          raise_to_top (l);
          break;
        }
      g_snprintf (what, sizeof what, "random frame %d", frame);
      check_frame (renderer, root, target, what);
      n = entered_since (&last);
      if (n < total / 2)
        n_patched++;
    }
  g_test_message ("%d of 300 random frames compiled in part", n_patched);
  g_assert_cmpint (n_patched, >, 100);

  g_rand_free (rand);
  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_assert_finalize_object (root);
}

/* A small change redraws a small area; nothing changed redraws nothing */
static void
test_small_change_small_damage (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 400, 400, "white"));
  GskLayer *small = NULL;
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;
  int i;

  for (i = 0; i < 400; i++)
    {
      GskLayer *l = colored_layer ("cell", (i % 20) * 20, (i / 20) * 20, 18, 18, "#3584e4");

      gsk_layer_add_child (root, l);
      if (i == 210)
        small = l;
    }

  render (renderer, root, target);

  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (cairo_region_is_empty (damage));
  cairo_region_destroy (damage);

  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (205, 205));
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_get_extents (damage, &extents);
  /* Old place (200,200 18×18) and new (205,205 18×18), with the pixel
   * of margin damage keeps for antialiased edges */
  g_assert_cmpint (extents.x, ==, 199);
  g_assert_cmpint (extents.y, ==, 199);
  g_assert_cmpint (extents.width, ==, 25);
  g_assert_cmpint (extents.height, ==, 25);
  cairo_region_destroy (damage);

  gsk_layer_remove_child (root, small);
  damage = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_get_extents (damage, &extents);
  g_assert_cmpint (extents.x, ==, 204);
  g_assert_cmpint (extents.width, ==, 20);
  cairo_region_destroy (damage);

  g_object_unref (renderer);
  cairo_surface_destroy (target);
  g_assert_finalize_object (root);
}

/* Each image from render_to_surface() is complete, even when the new
 * surface lands where the last one was freed */
static void
test_render_to_surface_is_complete (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 64, 64, "white"));
  GskLayer *box = colored_layer ("box", 0, 0, 8, 8, "red");
  int i;

  gsk_layer_add_child (root, box);
  for (i = 0; i < 5; i++)
    {
      cairo_surface_t *image;
      guint32 *px;

      gsk_layer_set_position (box, &GRAPHENE_POINT_INIT (i * 10, 0));
      image = gsk_layer_renderer_render_to_surface (renderer, root, 64, 64);
      cairo_surface_flush (image);
      px = (guint32 *) cairo_image_surface_get_data (image);
      /* Far from the box, on every frame: white, not left transparent */
      g_assert_cmphex (px[60 * 64 + 60], ==, 0xffffffff);
      g_assert_cmphex (px[0 * 64 + i * 10], ==, 0xffff0000);
      cairo_surface_destroy (image);
    }

  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

/* A huge layer scaled down so that all of it shows: drawn whole, at a
 * lower resolution, never in a buffer its own size */
#define TEST_TYPE_HUGE (test_huge_get_type ())
G_DECLARE_FINAL_TYPE (TestHuge, test_huge, TEST, HUGE, GskLayer)

struct _TestHuge
{
  GskLayer parent_instance;
  double max_clip_pixels;
};

G_DEFINE_FINAL_TYPE (TestHuge, test_huge, GSK_TYPE_LAYER)

static void
test_huge_draw (GskLayer *layer,
                cairo_t  *cr)
{
  TestHuge *self = TEST_HUGE (layer);
  double x0, y0, x1, y1, sx, sy;

  /* In the buffer's pixels: through the matrix, then the device scale */
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  self->max_clip_pixels = MAX (self->max_clip_pixels, (x1 - x0) * sx * (y1 - y0) * sy);

  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_rectangle (cr, 90000, 90000, 10000, 10000);
  cairo_fill (cr);
}

static void
test_huge_class_init (TestHugeClass *klass)
{
  GSK_LAYER_CLASS (klass)->draw = test_huge_draw;
}

static void
test_huge_init (TestHuge *self)
{
}

static void
test_huge_layer_seen_whole (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayer *root = g_object_ref_sink (colored_layer ("root", 0, 0, 200, 200, "white"));
  TestHuge *huge = g_object_new (TEST_TYPE_HUGE, NULL);
  GskLayerTransform *t = gsk_layer_transform_scale (NULL, 0.002f, 0.002f);
  cairo_surface_t *image;
  guint32 *px;

  gsk_layer_set_size (GSK_LAYER (huge), &GRAPHENE_SIZE_INIT (100000, 100000));
  gsk_layer_set_pivot_point (GSK_LAYER (huge), &GRAPHENE_POINT3D_INIT (0, 0, 0));
  gsk_layer_set_transform (GSK_LAYER (huge), t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (root, GSK_LAYER (huge));

  image = gsk_layer_renderer_render_to_surface (renderer, root, 200, 200);
  cairo_surface_flush (image);
  px = (guint32 *) cairo_image_surface_get_data (image);
  g_assert_cmphex (px[10 * 200 + 10], ==, 0xffff0000);
  /* The far corner of the layer, 90000–100000, lands at 180–200 */
  g_assert_cmphex (px[195 * 200 + 195], ==, 0xff0000ff);
  g_assert_cmpfloat (huge->max_clip_pixels, <=, 4096.0 * 4096.0 + 1);

  cairo_surface_destroy (image);
  g_object_unref (renderer);
  g_assert_finalize_object (root);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/damage/checker/catches-unaccounted-change", test_checker_catches_unaccounted_change);
  g_test_add_func ("/damage/random-changes", test_random_changes);
  g_test_add_func ("/damage/small-change", test_small_change_small_damage);
  g_test_add_func ("/damage/incremental-compile", test_incremental_compile);
  g_test_add_func ("/damage/render-to-surface-complete", test_render_to_surface_is_complete);
  g_test_add_func ("/damage/huge-layer-seen-whole", test_huge_layer_seen_whole);

  return g_test_run ();
}
