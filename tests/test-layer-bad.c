/* test-layer-bad.c: bad input: what the layer tree refuses, and what it
 * survives
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "layer-test-utils.h"

/* {{{ Bad input */

#define EXPECT_CRITICAL(stmt) G_STMT_START { \
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*"); \
  stmt; \
  g_test_assert_expected_messages (); \
} G_STMT_END

static void
test_bad_tree (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *a = new_rect ("a", 0, 0, 10, 10);
  GskLayer *b = new_rect ("b", 0, 0, 10, 10);
  GskLayer *other = new_root ("other", 10, 10);
  GskLayer *other_child = new_named ("other-child");
  GskLayer *loose = g_object_ref_sink (new_named ("loose"));
  GskLayer *stranger = g_object_ref_sink (new_named ("stranger"));
  SignalRecord rec = { 0, };

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, b);
  gsk_layer_add_child (other, other_child);
  render_once (root, 100, 100);
  render_once (other, 10, 10);
  g_signal_connect (root, "child-added", G_CALLBACK (child_added_cb), &rec);
  g_signal_connect (root, "child-removed", G_CALLBACK (child_removed_cb), &rec);
  g_signal_connect (a, "child-added", G_CALLBACK (child_added_cb), &rec);
  g_signal_connect (b, "child-added", G_CALLBACK (child_added_cb), &rec);

  /* A cycle: the root under its grandchild */
  EXPECT_CRITICAL (gsk_layer_add_child (b, root));
  EXPECT_CRITICAL (gsk_layer_insert_child_at_index (b, root, 0));
  EXPECT_CRITICAL (gsk_layer_insert_child_above (b, root, NULL));
  EXPECT_CRITICAL (gsk_layer_insert_child_below (b, root, NULL));
  g_assert_null (gsk_layer_get_parent (root));
  assert_children (b, "");

  /* Itself */
  EXPECT_CRITICAL (gsk_layer_add_child (loose, loose));
  EXPECT_CRITICAL (gsk_layer_insert_child_at_index (loose, loose, -1));
  g_assert_null (gsk_layer_get_parent (loose));
  assert_children (loose, "");

  /* A child that has a parent */
  EXPECT_CRITICAL (gsk_layer_add_child (root, b));
  EXPECT_CRITICAL (gsk_layer_add_child (other, a));
  EXPECT_CRITICAL (gsk_layer_add_child (a, b));
  EXPECT_CRITICAL (gsk_layer_insert_child_at_index (other, a, 0));
  EXPECT_CRITICAL (gsk_layer_insert_child_above (other, a, other_child));
  EXPECT_CRITICAL (gsk_layer_insert_child_below (other, a, NULL));
  EXPECT_CRITICAL (gsk_layer_replace_child (other, other_child, a));
  g_assert_true (gsk_layer_get_parent (a) == root);
  g_assert_true (gsk_layer_get_parent (b) == a);
  g_assert_true (gsk_layer_get_parent (other_child) == other);
  assert_children (root, "a");
  assert_children (a, "b");
  assert_children (other, "other-child");

  /* Removing what is not a child */
  EXPECT_CRITICAL (gsk_layer_remove_child (root, b));
  EXPECT_CRITICAL (gsk_layer_remove_child (root, other_child));
  EXPECT_CRITICAL (gsk_layer_remove_child (root, loose));
  EXPECT_CRITICAL (gsk_layer_remove_child (root, root));
  EXPECT_CRITICAL (gsk_layer_replace_child (root, b, stranger));
  assert_children (root, "a");
  assert_children (a, "b");
  g_assert_null (gsk_layer_get_parent (stranger));

  /* Above or below a sibling of another parent */
  EXPECT_CRITICAL (gsk_layer_insert_child_above (root, stranger, other_child));
  EXPECT_CRITICAL (gsk_layer_insert_child_below (root, stranger, other_child));
  EXPECT_CRITICAL (gsk_layer_insert_child_above (root, stranger, b));
  EXPECT_CRITICAL (gsk_layer_insert_child_below (root, stranger, root));
  g_assert_null (gsk_layer_get_parent (stranger));
  assert_children (root, "a");
  assert_children (other, "other-child");

  /* NULL and not a layer */
  EXPECT_CRITICAL (gsk_layer_add_child (root, NULL));
  EXPECT_CRITICAL (gsk_layer_add_child (NULL, stranger));
  {
    GObject *not_a_layer = g_object_new (G_TYPE_OBJECT, NULL);

    EXPECT_CRITICAL (gsk_layer_add_child (root, (GskLayer *) not_a_layer));
    g_assert_finalize_object (not_a_layer);
  }
  assert_children (root, "a");

  /* Nothing happened */
  g_assert_cmpuint (rec.n_added, ==, 0);
  g_assert_cmpuint (rec.n_removed, ==, 0);
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_false (gsk_layer_get_frame_pending (other));

  g_signal_handlers_disconnect_by_data (root, &rec);
  g_signal_handlers_disconnect_by_data (a, &rec);
  g_signal_handlers_disconnect_by_data (b, &rec);
  g_assert_finalize_object (stranger);
  g_assert_finalize_object (loose);
  g_assert_finalize_object (other);
  g_assert_finalize_object (root);
}

/* GObject refuses a property value out of its range with a WARNING in
 * GLib 2.74 and a CRITICAL in later releases (2.84 in Debian 13): in a
 * child, where neither is fatal, the refusal is printed and the values
 * stay */
static void
test_bad_values_through_gobject (void)
{
  GskLayer *layer;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stderr ("*GLib-GObject-*out of range for property 'opacity'*"
                                 "GLib-GObject-*out of range for property 'z-position'*");
      return;
    }

  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  layer = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_opacity (layer, 0.5f);
  g_object_set (layer, "opacity", 1.5f, NULL);
  g_object_set (layer, "z-position", (float) NAN, NULL);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, 0.f);
  g_object_unref (layer);
}

static void
test_bad_values (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *layer = new_rect ("layer", 10, 20, 30, 40);
  float bad[] = { NAN, INFINITY, -INFINITY };
  guint *n_position, *n_size, *n_pivot, *n_z, *n_opacity, *n_color, *n_blend;
  graphene_point_t position;
  graphene_size_t size;
  graphene_point3d_t pivot;
  GdkRGBA color;
  guint i;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0.25f, 0.75f, 2));
  gsk_layer_set_z_position (layer, 3);
  gsk_layer_set_opacity (layer, 0.5f);
  set_color (layer, 0.1f, 0.2f, 0.3f, 0.4f);
  gsk_layer_set_blend_mode (layer, GSK_LAYER_BLEND_SCREEN);
  render_once (root, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (root));

  n_position = count_notify (layer, "position");
  n_size = count_notify (layer, "size");
  n_pivot = count_notify (layer, "pivot-point");
  n_z = count_notify (layer, "z-position");
  n_opacity = count_notify (layer, "opacity");
  n_color = count_notify (layer, "background-color");
  n_blend = count_notify (layer, "blend-mode");

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      float v = bad[i];

      EXPECT_CRITICAL (gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (v, 0)));
      EXPECT_CRITICAL (gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (0, v)));
      EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (v, 10)));
      EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (10, v)));
      EXPECT_CRITICAL (gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (v, 0, 0)));
      EXPECT_CRITICAL (gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, v, 0)));
      EXPECT_CRITICAL (gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 0, v)));
      EXPECT_CRITICAL (gsk_layer_set_z_position (layer, v));
      EXPECT_CRITICAL (gsk_layer_set_opacity (layer, v));
      EXPECT_CRITICAL (gsk_layer_set_background_color (layer, &(GdkRGBA) { v, 0, 0, 1 }));
      EXPECT_CRITICAL (gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 0, v }));
    }

  /* -1 unsets an axis (natural size); no other negative size */
  EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (-2, 10)));
  EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (10, -0.5f)));
  EXPECT_CRITICAL (gsk_layer_set_opacity (layer, 1.5f));
  EXPECT_CRITICAL (gsk_layer_set_opacity (layer, -0.1f));
  EXPECT_CRITICAL (gsk_layer_set_background_color (layer, &(GdkRGBA) { 2, 0, 0, 1 }));
  EXPECT_CRITICAL (gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 0, -1 }));
  EXPECT_CRITICAL (gsk_layer_set_blend_mode (layer, 100));
  EXPECT_CRITICAL (gsk_layer_set_position (layer, NULL));
  EXPECT_CRITICAL (gsk_layer_set_size (layer, NULL));
  EXPECT_CRITICAL (gsk_layer_set_pivot_point (layer, NULL));

  /* Through GObject: the param specs refuse what they can */
  EXPECT_CRITICAL (g_object_set (layer, "position", &GRAPHENE_POINT_INIT (NAN, 0), NULL));

  /* Nothing changed */
  gsk_layer_get_position (layer, &position);
  g_assert_true (graphene_point_equal (&position, &GRAPHENE_POINT_INIT (10, 20)));
  gsk_layer_get_size (layer, &size);
  g_assert_true (graphene_size_equal (&size, &GRAPHENE_SIZE_INIT (30, 40)));
  gsk_layer_get_pivot_point (layer, &pivot);
  g_assert_true (graphene_point3d_equal (&pivot, &GRAPHENE_POINT3D_INIT (0.25f, 0.75f, 2)));
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, 3);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  gsk_layer_get_background_color (layer, &color);
  g_assert_true (gdk_rgba_equal (&color, &(GdkRGBA) { 0.1f, 0.2f, 0.3f, 0.4f }));
  g_assert_cmpint (gsk_layer_get_blend_mode (layer), ==, GSK_LAYER_BLEND_SCREEN);
  g_assert_cmpuint (*n_position, ==, 0);
  g_assert_cmpuint (*n_size, ==, 0);
  g_assert_cmpuint (*n_pivot, ==, 0);
  g_assert_cmpuint (*n_z, ==, 0);
  g_assert_cmpuint (*n_opacity, ==, 0);
  g_assert_cmpuint (*n_color, ==, 0);
  g_assert_cmpuint (*n_blend, ==, 0);
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* Finite values beyond GSK_LAYER_MAX_COORDINATE are refused too */
  EXPECT_CRITICAL (gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (-1e30f, 1e30f)));
  EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (G_MAXFLOAT, 0)));
  EXPECT_CRITICAL (gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (0, GSK_LAYER_MAX_COORDINATE * 2)));
  EXPECT_CRITICAL (gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 0, G_MAXFLOAT)));
  EXPECT_CRITICAL (gsk_layer_set_z_position (layer, -1e20f));
  EXPECT_CRITICAL (gsk_layer_set_corner_radius (layer, 1e20f));
  g_assert_cmpuint (*n_position, ==, 0);
  g_assert_cmpuint (*n_size, ==, 0);
  g_assert_cmpuint (*n_pivot, ==, 0);
  g_assert_cmpuint (*n_z, ==, 0);

  /* Values at the limit are accepted */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (-GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (GSK_LAYER_MAX_COORDINATE, 0));
  g_assert_cmpuint (*n_position, ==, 1);
  g_assert_cmpuint (*n_size, ==, 1);
  render_once (root, 100, 100);
  g_assert_true (gsk_layer_pick (root, 50, 50) == root);

  g_assert_finalize_object (root);
}

static void
test_bad_render (void)
{
  GskLayer *root = new_root ("root", 10, 10);
  GskLayer *child = new_rect ("child", 0, 0, 5, 5);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (10, 10);
  cairo_surface_t *a8 = cairo_image_surface_create (CAIRO_FORMAT_A8, 10, 10);
  cairo_region_t *damage = NULL;

  gsk_layer_add_child (root, child);

  /* Only top levels are rendered */
  EXPECT_CRITICAL (damage = gsk_layer_renderer_render (renderer, child, target));
  g_assert_null (damage);
  EXPECT_CRITICAL (damage = gsk_layer_renderer_render (renderer, root, a8));
  g_assert_null (damage);
  EXPECT_CRITICAL (damage = gsk_layer_renderer_render (renderer, root, NULL));
  g_assert_null (damage);
  g_assert_true (gsk_layer_get_frame_pending (root));

  /* The renderer still works */
  g_assert_cmpint (render_area (renderer, root, target), ==, 100);
  g_assert_false (gsk_layer_get_frame_pending (root));

  cairo_surface_destroy (a8);
  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
remove_victim_hook (TestLayer *self,
                    cairo_t   *cr)
{
  GskLayer *victim = self->hook_data;

  if (gsk_layer_get_parent (victim) != NULL)
    gsk_layer_remove_child (gsk_layer_get_parent (victim), victim);
}

static void
test_bad_draw_removes (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *drawer = test_layer_new ("drawer", 0, 0, 50, 50);
  TestLayer *victim = test_layer_new ("victim", 50, 50, 50, 50);
  GskLayer *plain_victim = new_rect ("plain-victim", 50, 0, 50, 50);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  set_color (root, 1, 1, 1, 1);
  drawer->color = (GdkRGBA) { 1, 0, 0, 1 };
  victim->color = (GdkRGBA) { 0, 1, 0, 1 };
  set_color (plain_victim, 0, 0, 1, 1);
  gsk_layer_add_child (root, GSK_LAYER (drawer));
  gsk_layer_add_child (root, GSK_LAYER (victim));
  g_object_add_weak_pointer (G_OBJECT (victim), (gpointer *) &victim);
  g_object_add_weak_pointer (G_OBJECT (plain_victim), (gpointer *) &plain_victim);

  /* The drawer removes a layer that draws too, before its turn */
  drawer->draw_hook = remove_victim_hook;
  drawer->hook_data = victim;
  render_area (renderer, root, target);
  g_assert_cmpuint (drawer->n_draws, ==, 1);
  g_assert_null (victim);
  g_assert_cmphex (get_pixel (target, 25, 25), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 75, 75), ==, 0xffffffff);

  /* A plain layer added in the same frame */
  drawer->hook_data = plain_victim;
  gsk_layer_add_child (root, plain_victim);
  gsk_layer_invalidate_content (GSK_LAYER (drawer));
  render_area (renderer, root, target);
  g_assert_cmpuint (drawer->n_draws, ==, 2);
  g_assert_null (plain_victim);
  g_assert_cmphex (get_pixel (target, 25, 25), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xffffffff);
  assert_children (root, "drawer");

  /* Still usable */
  set_color (root, 0, 0, 0, 1);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xff000000);
  g_assert_cmpuint (drawer->n_draws, ==, 2);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* What draw() removes is gone from the same frame: the frame's damage
 * is taken after draw() runs */
static void
test_bad_draw_removes_drawn (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *drawer = test_layer_new ("drawer", 0, 0, 50, 50);
  GskLayer *victim = new_rect ("victim", 50, 0, 50, 50);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  set_color (root, 1, 1, 1, 1);
  drawer->color = (GdkRGBA) { 1, 0, 0, 1 };
  set_color (victim, 0, 0, 1, 1);
  gsk_layer_add_child (root, GSK_LAYER (drawer));
  gsk_layer_add_child (root, victim);
  /* Outlive the removal, to check it */
  g_object_ref (victim);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xff0000ff);

  /* Drawn in the last frame, removed by draw() in this one */
  drawer->draw_hook = remove_victim_hook;
  drawer->hook_data = victim;
  gsk_layer_invalidate_content (GSK_LAYER (drawer));
  render_area (renderer, root, target);
  g_assert_cmpuint (drawer->n_draws, ==, 2);
  g_assert_null (gsk_layer_get_parent (victim));
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xffffffff);

  g_assert_finalize_object (victim);
  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* The same for layout_children() */
static void
test_bad_layout_removes_drawn (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *box = test_layer_new ("box", 0, 0, 100, 100);
  GskLayer *victim = new_rect ("victim", 50, 0, 50, 50);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  set_color (root, 1, 1, 1, 1);
  gsk_layer_add_child (root, GSK_LAYER (box));
  set_color (victim, 0, 0, 1, 1);
  gsk_layer_add_child (GSK_LAYER (box), victim);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xff0000ff);

  /* The next layout removes the child */
  box->remove_first_child = TRUE;
  gsk_layer_queue_relayout (GSK_LAYER (box));
  render_area (renderer, root, target);
  assert_children (GSK_LAYER (box), "");
  g_assert_cmphex (get_pixel (target, 75, 25), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_bad_dispose_in_tree (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *doomed = new_rect ("doomed", 10, 10, 50, 50);
  GskLayer *child = new_rect ("doomed-child", 5, 5, 10, 10);
  GskLayer *sibling = new_rect ("sibling", 60, 60, 20, 20);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);
  SignalRecord rec = { 0, };

  set_color (doomed, 1, 0, 0, 1);
  set_color (child, 0, 1, 0, 1);
  set_color (sibling, 0, 0, 1, 1);
  gsk_layer_add_child (root, doomed);
  gsk_layer_add_child (doomed, child);
  gsk_layer_add_child (root, sibling);
  g_object_ref (doomed);
  g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &child);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 20, 20), ==, 0xff00ff00);

  g_signal_connect (root, "child-removed", G_CALLBACK (child_removed_cb), &rec);

  /* Redraws queued from the layer, its child and its sibling */
  gsk_layer_set_position (doomed, &GRAPHENE_POINT_INIT (20, 20));
  set_color (child, 1, 1, 0, 1);
  gsk_layer_queue_redraw (doomed, NULL);
  gsk_layer_set_position (sibling, &GRAPHENE_POINT_INIT (70, 70));
  g_assert_true (gsk_layer_get_frame_pending (root));

  g_object_run_dispose (G_OBJECT (doomed));
  g_assert_null (gsk_layer_get_parent (doomed));
  assert_children (root, "sibling");
  g_assert_cmpuint (rec.n_removed, ==, 1);
  g_assert_true (rec.last_removed == doomed);
  /* It let go of its children */
  g_assert_null (child);
  g_assert_cmpuint (gsk_layer_get_n_children (doomed), ==, 0);

  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 20, 20), ==, 0);
  g_assert_cmphex (get_pixel (target, 30, 30), ==, 0);
  g_assert_cmphex (get_pixel (target, 75, 75), ==, 0xff0000ff);

  /* Changing what is left of it asks nothing of anyone */
  gsk_layer_set_position (doomed, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_queue_redraw (doomed, NULL);
  gsk_layer_queue_relayout (doomed);
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  /* The root, while it has children */
  g_object_add_weak_pointer (G_OBJECT (sibling), (gpointer *) &sibling);
  gsk_layer_set_opacity (sibling, 0.5f);
  g_object_run_dispose (G_OBJECT (root));
  g_assert_null (sibling);
  assert_children (root, "");
  render_area (renderer, root, target);

  g_signal_handlers_disconnect_by_data (root, &rec);
  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (doomed);
  g_assert_finalize_object (root);
}

typedef struct {
  GskLayer *root;
  guint n_visits;
  guint n_removed;
} RemovingTraversal;

/* Removes the next sibling of every visited layer, and every child of
 * every fifth visited layer */
static GskLayerTraverseResult
removing_cb (GskLayer *layer,
             int       depth,
             gpointer  user_data)
{
  RemovingTraversal *t = user_data;
  GskLayer *next = gsk_layer_get_next_sibling (layer);

  g_assert_true (GSK_IS_LAYER (layer));
  t->n_visits++;

  if (next != NULL)
    {
      gsk_layer_remove_child (gsk_layer_get_parent (layer), next);
      t->n_removed++;
    }
  if (t->n_visits % 5 == 0)
    {
      t->n_removed += gsk_layer_get_n_children (layer);
      gsk_layer_remove_all_children (layer);
    }

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

static GskLayer *
new_wide_tree (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  int i, j;

  for (i = 0; i < 10; i++)
    {
      GskLayer *child = new_named ("child");

      gsk_layer_add_child (root, child);
      for (j = 0; j < 10; j++)
        {
          GskLayer *grandchild = new_named ("grandchild");

          gsk_layer_add_child (child, grandchild);
          gsk_layer_add_child (grandchild, new_named ("leaf"));
        }
    }

  return root;
}

static guint
count_layers (GskLayer *root)
{
  DeepRecord rec = { 0, };

  gsk_layer_traverse (root, PRE, deep_cb, &rec);
  return rec.n;
}

static void
test_bad_traverse_removes (void)
{
  GskLayerTraverseOrder orders[] = { PRE, POST, BREADTH };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      GskLayer *root = new_wide_tree ();
      RemovingTraversal t = { root, 0, 0 };
      guint before = count_layers (root);

      g_assert_cmpuint (before, ==, 1 + 10 + 100 + 100);
      gsk_layer_traverse (root, orders[i], removing_cb, &t);
      g_assert_cmpuint (t.n_removed, >, 0);
      /* Nothing visited twice, nothing left unvisited that is still in
       * the tree: every remaining layer was visited */
      g_assert_cmpuint (t.n_visits, <=, before);
      g_assert_cmpuint (t.n_visits, >=, count_layers (root));
      render_once (root, 100, 100);
      g_assert_finalize_object (root);
    }

  /* Emptying the root from its first visit */
  {
    GskLayer *root = new_wide_tree ();
    RemovingTraversal t = { root, 4, 0 };

    gsk_layer_traverse (root, PRE, removing_cb, &t);
    g_assert_cmpuint (t.n_visits, ==, 5);
    assert_children (root, "");
    g_assert_finalize_object (root);
  }
}

#define N_SIBLINGS 100000

static void
test_bad_many_siblings (void)
{
  GskLayer *root = new_root ("root", 256, 256);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  GskLayer *last = NULL, *middle = NULL;
  double elapsed;
  guint i;

  g_test_timer_start ();
  for (i = 0; i < N_SIBLINGS; i++)
    {
      /* 100 rows of 1000, 2×2 each, overlapping in columns of 250 */
      GskLayer *l = new_rect (NULL, (i % 1000) / 4.f, (i / 1000) * 2.5f, 2, 2);

      set_color (l, (i % 7) / 7.f, (i % 11) / 11.f, (i % 13) / 13.f, 1);
      gsk_layer_add_child (root, l);
      if (i == 50 * 1000 + 502)
        {
          gsk_layer_set_name (l, "middle");
          middle = l;
        }
      last = l;
    }
  elapsed = g_test_timer_elapsed ();
  g_test_message ("building %d siblings: %.2fs", N_SIBLINGS, elapsed);
  g_assert_cmpuint (gsk_layer_get_n_children (root), ==, N_SIBLINGS);
  g_assert_true (gsk_layer_get_last_child (root) == last);
  gsk_layer_set_name (last, "last");
  g_assert_true (gsk_layer_get_child_at_index (root, 50 * 1000 + 502) == middle);

  g_test_timer_start ();
  render_area (renderer, root, target);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("first frame: %.2fs", elapsed);
  g_assert_cmpuint (get_pixel (target, 0, 0) >> 24, ==, 0xff);

  /* The top-most one under the point: at (249.75, 247.5) the last one,
   * at (125.5, 125.5) the one at (125.5, 125) */
  g_test_timer_start ();
  assert_pick (root, 250, 248, last);
  assert_pick (root, 125.5f, 125.5f, middle);
  assert_pick (root, 255, 255, root);
  assert_pick (root, 256, 255, NULL);
  g_test_message ("4 picks: %.4fs", g_test_timer_elapsed ());

  /* One moves */
  gsk_layer_set_position (middle, &GRAPHENE_POINT_INIT (252, 252));
  assert_pick (root, 253, 253, middle);
  render_area (renderer, root, target);
  assert_pick (root, 253, 253, middle);
  g_assert_false (gsk_layer_pick (root, 125.5f, 125.5f) == middle);

  g_test_timer_start ();
  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
  g_test_message ("destroying: %.2fs", g_test_timer_elapsed ());
}

/* }}} */
/* {{{ main */

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (test_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer/bad/tree", test_bad_tree);
  g_test_add_func ("/layer/bad/values", test_bad_values);
  g_test_add_func ("/layer/bad/values/through-gobject", test_bad_values_through_gobject);
  g_test_add_func ("/layer/bad/render", test_bad_render);
  g_test_add_func ("/layer/bad/draw-removes", test_bad_draw_removes);
  g_test_add_func ("/layer/bad/draw-removes-drawn", test_bad_draw_removes_drawn);
  g_test_add_func ("/layer/bad/layout-removes-drawn", test_bad_layout_removes_drawn);
  g_test_add_func ("/layer/bad/dispose-in-tree", test_bad_dispose_in_tree);
  g_test_add_func ("/layer/bad/traverse-removes", test_bad_traverse_removes);
  g_test_add_func ("/layer/bad/100000-siblings", test_bad_many_siblings);

  return g_test_run ();
}

/* }}} */
