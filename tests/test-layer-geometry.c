/* test-layer-geometry.c: layer geometry (transforms, points mapped between
 * layers, bounds) and picking
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "layer-test-utils.h"

/* {{{ Geometry */

#define assert_point_near(p, ex, ey, eps) G_STMT_START { \
  const graphene_point_t *_p = (p); \
  if (fabs (_p->x - (ex)) > (eps) || fabs (_p->y - (ey)) > (eps)) \
    g_error ("%s:%d: point (%g, %g) is not near (%g, %g)", __FILE__, __LINE__, \
             _p->x, _p->y, (double) (ex), (double) (ey)); \
} G_STMT_END

#define assert_rect_near(r, ex, ey, ew, eh, eps) G_STMT_START { \
  const graphene_rect_t *_r = (r); \
  if (fabs (_r->origin.x - (ex)) > (eps) || fabs (_r->origin.y - (ey)) > (eps) || \
      fabs (_r->size.width - (ew)) > (eps) || fabs (_r->size.height - (eh)) > (eps)) \
    g_error ("%s:%d: rect (%g, %g, %g, %g) is not near (%g, %g, %g, %g)", __FILE__, __LINE__, \
             _r->origin.x, _r->origin.y, _r->size.width, _r->size.height, \
             (double) (ex), (double) (ey), (double) (ew), (double) (eh)); \
} G_STMT_END

static void
map_to_surface (GskLayer *layer,
                float     x,
                float     y,
                float     expected_x,
                float     expected_y)
{
  graphene_point_t p;

  g_assert_true (gsk_layer_map_point (layer, NULL, &GRAPHENE_POINT_INIT (x, y), &p));
  assert_point_near (&p, expected_x, expected_y, 1e-3f);
}

static void
test_geometry_rotate_pivot (void)
{
  GskLayer *layer = new_root ("layer", 100, 100);
  graphene_rect_t bounds;

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (10, 20));
  map_to_surface (layer, 0, 0, 10, 20);

  set_transform_string (layer, "rotate(90deg)");
  /* About the center (60, 70) on the surface: the top left corner
   * swings to the top right */
  map_to_surface (layer, 0, 0, 110, 20);
  map_to_surface (layer, 100, 0, 110, 120);
  map_to_surface (layer, 50, 50, 60, 70);
  g_assert_true (gsk_layer_get_transformed_bounds (layer, NULL, &bounds));
  assert_rect_near (&bounds, 10, 20, 100, 100, 1e-3f);

  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  map_to_surface (layer, 0, 0, 10, 20);
  map_to_surface (layer, 100, 0, 10, 120);
  map_to_surface (layer, 0, 100, -90, 20);
  g_assert_true (gsk_layer_get_transformed_bounds (layer, NULL, &bounds));
  assert_rect_near (&bounds, -90, 20, 100, 100, 1e-3f);

  /* The pivot is relative to the size */
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (1, 1, 0));
  map_to_surface (layer, 100, 100, 110, 120);
  map_to_surface (layer, 0, 0, 210, 20);

  g_assert_finalize_object (layer);
}

static void
test_geometry_transform_order (void)
{
  GskLayer *a = new_root ("a", 100, 100);
  GskLayer *b = new_root ("b", 100, 100);
  GskLayerTransform *built;

  gsk_layer_set_pivot_point (a, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  gsk_layer_set_pivot_point (b, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  set_transform_string (a, "translate(50px, 0) rotate(90deg)");
  set_transform_string (b, "rotate(90deg) translate(50px, 0)");

  /* translate, then rotate inside the translated system:
   * (10, 0) → rotate → (0, 10) → translate → (50, 10) */
  map_to_surface (a, 10, 0, 50, 10);
  map_to_surface (a, 0, 0, 50, 0);
  map_to_surface (a, 0, 10, 40, 0);
  /* rotate, then translate along the rotated x axis, which points down:
   * (10, 0) → translate → (60, 0) → rotate → (0, 60) */
  map_to_surface (b, 10, 0, 0, 60);
  map_to_surface (b, 0, 0, 0, 50);
  map_to_surface (b, 0, 10, -10, 50);

  /* The builder appends in the same order as the text */
  built = gsk_layer_transform_translate (NULL, 50, 0);
  built = gsk_layer_transform_rotate (built, 90);
  g_assert_true (gsk_layer_transform_equal (built, gsk_layer_get_transform (a)));
  gsk_layer_set_transform (b, built);
  map_to_surface (b, 10, 0, 50, 10);
  gsk_layer_transform_unref (built);

  /* About the default center pivot, with a position */
  gsk_layer_set_pivot_point (a, &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, 0));
  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (5, 5));
  /* (60, 50) is (10, 0) from the center (50, 50): rotate → (0, 10),
   * translate → (50, 10), back from the center → (100, 60), plus the
   * position */
  map_to_surface (a, 60, 50, 105, 65);

  g_assert_finalize_object (a);
  g_assert_finalize_object (b);
}

static void
test_geometry_perspective_z (void)
{
  GskLayer *root = new_root ("root", 200, 200);
  GskLayer *child = new_rect ("child", 50, 50, 100, 100);
  graphene_rect_t flat, near, far;

  gsk_layer_add_child (root, child);
  set_child_transform_string (root, "perspective(400px)");

  g_assert_true (gsk_layer_get_transformed_bounds (child, NULL, &flat));
  /* In the plane of the screen perspective changes nothing */
  assert_rect_near (&flat, 50, 50, 100, 100, 1e-3f);

  /* 100px closer to a viewer 400px away: 4/3 times as large, about the
   * parent's center (100, 100) */
  gsk_layer_set_z_position (child, 100);
  g_assert_true (gsk_layer_get_transformed_bounds (child, NULL, &near));
  g_assert_cmpfloat (near.size.width, >, flat.size.width);
  g_assert_cmpfloat (near.size.height, >, flat.size.height);
  g_assert_true (graphene_rect_contains_rect (&near, &flat));
  assert_rect_near (&near, 100 - 200 / 3.f, 100 - 200 / 3.f, 400 / 3.f, 400 / 3.f, 1e-2f);

  /* Farther: smaller */
  gsk_layer_set_z_position (child, -400);
  g_assert_true (gsk_layer_get_transformed_bounds (child, NULL, &far));
  assert_rect_near (&far, 75, 75, 50, 50, 1e-2f);

  /* Against the parent: the same, the parent being at the origin */
  g_assert_true (gsk_layer_get_transformed_bounds (child, root, &far));
  assert_rect_near (&far, 75, 75, 50, 50, 1e-2f);

  g_assert_finalize_object (root);
}

static void
test_geometry_map_point_3d (void)
{
  GskLayer *root = new_root ("root", 400, 400);
  GskLayer *a = new_rect ("a", 50, 60, 200, 150);
  GskLayer *b = new_rect ("b", 120, 100, 180, 220);
  GskLayer *c = new_rect ("c", 10, 20, 50, 50);
  graphene_point_t points[] = {
    GRAPHENE_POINT_INIT (0, 0),
    GRAPHENE_POINT_INIT (100, 75),
    GRAPHENE_POINT_INIT (199, 1),
    GRAPHENE_POINT_INIT (30, 140),
  };
  guint i;

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (b, c);
  set_child_transform_string (root, "perspective(600px)");
  set_transform_string (a, "rotateY(35deg) rotateX(-20deg)");
  set_transform_string (b, "rotateX(25deg) translateZ(30px) rotate(10deg)");
  set_transform_string (c, "rotateY(-30deg) scale(1.5)");

  for (i = 0; i < G_N_ELEMENTS (points); i++)
    {
      graphene_point_t on_b, back, on_c, back_c, screen, screen_via_b;

      /* a → b → a */
      g_assert_true (gsk_layer_map_point (a, b, &points[i], &on_b));
      g_assert_true (gsk_layer_map_point (b, a, &on_b, &back));
      assert_point_near (&back, points[i].x, points[i].y, 1e-3f);

      /* Both land on the same screen point */
      g_assert_true (gsk_layer_map_point (a, NULL, &points[i], &screen));
      g_assert_true (gsk_layer_map_point (b, NULL, &on_b, &screen_via_b));
      assert_point_near (&screen_via_b, screen.x, screen.y, 1e-3f);

      /* a → c (nested in b) → a */
      g_assert_true (gsk_layer_map_point (a, c, &points[i], &on_c));
      g_assert_true (gsk_layer_map_point (c, a, &on_c, &back_c));
      assert_point_near (&back_c, points[i].x, points[i].y, 1e-3f);
    }

  /* The rotations do something */
  {
    graphene_point_t p;

    g_assert_true (gsk_layer_map_point (a, b, &points[0], &p));
    g_assert_false (graphene_point_near (&p, &GRAPHENE_POINT_INIT (50 - 120, 60 - 100), 1.f));
  }

  g_assert_finalize_object (root);
}

static void
test_geometry_transformed_bounds (void)
{
  GskLayer *root = new_root ("root", 200, 200);
  GskLayer *parent = new_rect ("parent", 10, 10, 50, 50);
  GskLayer *child = new_rect ("child", 3, 4, 10, 10);
  GskLayer *other = new_root ("other", 10, 10);
  graphene_rect_t bounds;

  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (5, 5));
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, child);
  gsk_layer_set_pivot_point (parent, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  set_transform_string (parent, "scale(2)");

  g_assert_true (gsk_layer_get_transformed_bounds (child, child, &bounds));
  assert_rect_near (&bounds, 0, 0, 10, 10, 1e-4f);
  g_assert_true (gsk_layer_get_transformed_bounds (child, parent, &bounds));
  assert_rect_near (&bounds, 3, 4, 10, 10, 1e-4f);
  g_assert_true (gsk_layer_get_transformed_bounds (child, root, &bounds));
  assert_rect_near (&bounds, 16, 18, 20, 20, 1e-4f);
  /* The surface: the root's own position counts too */
  g_assert_true (gsk_layer_get_transformed_bounds (child, NULL, &bounds));
  assert_rect_near (&bounds, 21, 23, 20, 20, 1e-4f);

  /* Rotated by 45°: the box of a diamond */
  set_transform_string (child, "rotate(45deg)");
  g_assert_true (gsk_layer_get_transformed_bounds (child, parent, &bounds));
  assert_rect_near (&bounds, 8 - 5 * G_SQRT2, 9 - 5 * G_SQRT2, 10 * G_SQRT2, 10 * G_SQRT2, 1e-3f);

  /* Flattened to nothing */
  set_transform_string (child, "scale(0)");
  g_assert_false (gsk_layer_get_transformed_bounds (child, root, &bounds));
  /* Edge on: at most a line */
  set_transform_string (child, "rotateY(90deg)");
  gsk_layer_get_transformed_bounds (child, root, &bounds);
  g_assert_cmpfloat (bounds.size.width, <, 1e-3f);

  /* Not an ancestor */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*ancestor*");
  g_assert_false (gsk_layer_get_transformed_bounds (child, other, &bounds));
  g_test_assert_expected_messages ();

  g_assert_finalize_object (other);
  g_assert_finalize_object (root);
}

static void
test_geometry_compute_transform (void)
{
  GskLayer *root = new_root ("root", 200, 200);
  GskLayer *parent = new_rect ("parent", 10, 20, 100, 50);
  GskLayer *child = new_rect ("child", 3, 4, 10, 10);
  GskLayer *sibling = new_rect ("sibling", 30, 40, 10, 10);
  GskLayer *other = new_root ("other", 10, 10);
  graphene_matrix_t m, expected, child_local, parent_local, tmp;
  graphene_point_t p, q;

  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, child);
  gsk_layer_add_child (parent, sibling);
  set_transform_string (parent, "rotate(30deg) scale(2, 3)");
  set_transform_string (child, "translate(7px, -2px)");

  /* child: translate(7, -2) about its center, which is a plain
   * translation, then its position */
  graphene_matrix_init_translate (&child_local, &GRAPHENE_POINT3D_INIT (10, 2, 0));
  /* parent: about the center (50, 25) (row vectors: the first factor
   * applies first), then the position */
  graphene_matrix_init_translate (&parent_local, &GRAPHENE_POINT3D_INIT (-50, -25, 0));
  graphene_matrix_init_scale (&tmp, 2, 3, 1);
  graphene_matrix_multiply (&parent_local, &tmp, &parent_local);
  graphene_matrix_init_rotate (&tmp, 30, graphene_vec3_z_axis ());
  graphene_matrix_multiply (&parent_local, &tmp, &parent_local);
  graphene_matrix_init_translate (&tmp, &GRAPHENE_POINT3D_INIT (50 + 10, 25 + 20, 0));
  graphene_matrix_multiply (&parent_local, &tmp, &parent_local);

  g_assert_true (gsk_layer_compute_transform (child, child, &m));
  g_assert_true (graphene_matrix_is_identity (&m));

  g_assert_true (gsk_layer_compute_transform (child, parent, &m));
  g_assert_true (graphene_matrix_near (&m, &child_local, 1e-4f));

  graphene_matrix_multiply (&child_local, &parent_local, &expected);
  g_assert_true (gsk_layer_compute_transform (child, root, &m));
  g_assert_true (graphene_matrix_near (&m, &expected, 1e-4f));
  /* The root is at the origin of the surface */
  g_assert_true (gsk_layer_compute_transform (child, NULL, &m));
  g_assert_true (graphene_matrix_near (&m, &expected, 1e-4f));

  /* It agrees with map_point */
  graphene_matrix_transform_point (&expected, &GRAPHENE_POINT_INIT (1, 2), &p);
  g_assert_true (gsk_layer_map_point (child, root, &GRAPHENE_POINT_INIT (1, 2), &q));
  assert_point_near (&q, p.x, p.y, 1e-3f);

  /* To a sibling: through the common parent */
  g_assert_true (gsk_layer_compute_transform (child, sibling, &m));
  graphene_matrix_transform_point (&m, &GRAPHENE_POINT_INIT (1, 2), &p);
  assert_point_near (&p, 10 + 1 - 30, 2 + 2 - 40, 1e-3f);
  g_assert_true (gsk_layer_map_point (child, sibling, &GRAPHENE_POINT_INIT (1, 2), &q));
  assert_point_near (&q, p.x, p.y, 1e-3f);

  /* Down the tree: the inverse */
  g_assert_true (gsk_layer_compute_transform (root, child, &m));
  graphene_matrix_inverse (&expected, &tmp);
  g_assert_true (graphene_matrix_near (&m, &tmp, 1e-4f));

  /* Not in one tree */
  g_assert_false (gsk_layer_compute_transform (child, other, &m));
  g_assert_false (gsk_layer_map_point (child, other, &GRAPHENE_POINT_INIT (0, 0), &p));

  g_assert_finalize_object (other);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Pick */

/* Picks the same before the first frame and after it: the second time
 * with the bounds cached by the compile */
typedef void (* PickCheck) (GskLayer *root, gpointer data);

static void
check_picks_around_render (GskLayer  *root,
                           PickCheck  check,
                           gpointer   data)
{
  check (root, data);
  render_once (root, 256, 256);
  check (root, data);
}

static void
top_most_check (GskLayer *root,
                gpointer  data)
{
  GskLayer **l = data;

  assert_pick (root, 10, 10, l[0]);
  assert_pick (root, 30, 30, l[1]);
  assert_pick (root, 74.9f, 74.9f, l[1]);
  assert_pick (root, 60, 10, root);
  assert_pick (root, 99.9f, 99.9f, root);
  /* Outside everything; edges are half open */
  assert_pick (root, 100, 50, NULL);
  assert_pick (root, -1, 50, NULL);
  assert_pick (root, 500, 500, NULL);
}

static void
test_pick_top_most (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *l[2];

  l[0] = new_rect ("a", 0, 0, 50, 50);
  l[1] = new_rect ("b", 25, 25, 50, 50);
  gsk_layer_add_child (root, l[0]);
  gsk_layer_add_child (root, l[1]);
  check_picks_around_render (root, top_most_check, l);

  /* Child order decides */
  g_object_ref (l[0]);
  gsk_layer_remove_child (root, l[0]);
  gsk_layer_add_child (root, l[0]);
  g_object_unref (l[0]);
  assert_pick (root, 30, 30, l[0]);
  render_once (root, 256, 256);
  assert_pick (root, 30, 30, l[0]);

  /* A grandchild: above its parent, below its parent's upper sibling */
  gsk_layer_add_child (l[1], new_rect ("b1", 20, 20, 10, 10));
  assert_pick (root, 52, 52, gsk_layer_get_first_child (l[1]));
  assert_pick (root, 47, 47, l[0]);
  assert_pick (root, 60, 60, l[1]);

  /* Picking from a layer inside: in its parent's space */
  assert_pick (l[1], 52, 52, gsk_layer_get_first_child (l[1]));
  assert_pick (l[1], 47, 47, gsk_layer_get_first_child (l[1]));
  assert_pick (l[1], 30, 30, l[1]);
  assert_pick (l[1], 10, 10, NULL);

  g_assert_finalize_object (root);
}

static void
test_pick_z_position (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *a = new_rect ("a", 0, 0, 50, 50);
  GskLayer *b = new_rect ("b", 25, 25, 50, 50);
  GskLayer *c = new_rect ("c", 40, 40, 50, 50);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, c);
  assert_pick (root, 45, 45, c);

  gsk_layer_set_z_position (a, 1);
  assert_pick (root, 45, 45, a);
  render_once (root, 256, 256);
  assert_pick (root, 45, 45, a);

  gsk_layer_set_z_position (b, 2);
  assert_pick (root, 45, 45, b);
  render_once (root, 256, 256);
  assert_pick (root, 45, 45, b);

  /* Below the others */
  gsk_layer_set_z_position (b, -1);
  assert_pick (root, 45, 45, a);
  gsk_layer_set_z_position (a, 0);
  assert_pick (root, 45, 45, c);
  render_once (root, 256, 256);
  assert_pick (root, 45, 45, c);
  assert_pick (root, 30, 30, a);

  g_assert_finalize_object (root);
}

static void
reactive_check (GskLayer *root,
                gpointer  data)
{
  GskLayer *parent = gsk_layer_get_first_child (root);
  GskLayer *child = gsk_layer_get_first_child (parent);

  assert_pick (root, 15, 15, child);
  /* The parent is skipped, the root below it is found */
  assert_pick (root, 5, 5, root);
  assert_pick (root, 45, 45, root);
}

static void
test_pick_reactive (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *parent = new_rect ("parent", 0, 0, 50, 50);
  GskLayer *child = new_rect ("child", 10, 10, 10, 10);

  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, child);
  gsk_layer_set_reactive (parent, FALSE);
  check_picks_around_render (root, reactive_check, NULL);

  gsk_layer_set_reactive (root, FALSE);
  assert_pick (root, 5, 5, NULL);
  assert_pick (root, 15, 15, child);
  gsk_layer_set_reactive (child, FALSE);
  assert_pick (root, 15, 15, NULL);
  gsk_layer_set_reactive (parent, TRUE);
  assert_pick (root, 15, 15, parent);

  g_assert_finalize_object (root);
}

static void
hidden_check (GskLayer *root,
              gpointer  data)
{
  GskLayer **l = data;

  /* hidden's child is visible, but not drawn: not picked */
  assert_pick (root, 15, 15, l[0]);
  /* faded's child has full opacity, but is inside a group at 0 */
  assert_pick (root, 65, 15, l[0]);
  assert_pick (root, 5, 5, l[0]);
}

static void
test_pick_hidden (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *l[2];
  GskLayer *hidden = new_rect ("hidden", 0, 0, 50, 50);
  GskLayer *faded = new_rect ("faded", 50, 0, 50, 50);

  l[0] = root;
  gsk_layer_add_child (root, hidden);
  gsk_layer_add_child (hidden, new_rect ("hidden-child", 10, 10, 10, 10));
  gsk_layer_add_child (root, faded);
  gsk_layer_add_child (faded, new_rect ("faded-child", 10, 10, 10, 10));
  gsk_layer_set_visible (hidden, FALSE);
  gsk_layer_set_opacity (faded, 0);
  check_picks_around_render (root, hidden_check, l);

  /* Shown again */
  gsk_layer_set_visible (hidden, TRUE);
  assert_pick (root, 15, 15, gsk_layer_get_first_child (hidden));
  gsk_layer_set_opacity (faded, 0.01f);
  assert_pick (root, 65, 15, gsk_layer_get_first_child (faded));
  render_once (root, 256, 256);
  assert_pick (root, 15, 15, gsk_layer_get_first_child (hidden));
  assert_pick (root, 65, 15, gsk_layer_get_first_child (faded));
  assert_pick (root, 55, 5, faded);

  /* Hidden after a frame */
  gsk_layer_set_visible (hidden, FALSE);
  assert_pick (root, 15, 15, root);

  g_assert_finalize_object (root);
}

static void
clip_check (GskLayer *root,
            gpointer  data)
{
  GskLayer **l = data;

  assert_pick (root, 45, 45, l[1]);
  assert_pick (root, 25, 25, l[0]);
  /* The child's part outside its parent */
  assert_pick (root, 60, 60, gsk_layer_get_clip_to_bounds (l[0]) ? root : l[1]);
}

static void
test_pick_clip (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *l[2];
  int pass;

  l[0] = new_rect ("parent", 0, 0, 50, 50);
  l[1] = new_rect ("child", 40, 40, 40, 40);
  gsk_layer_add_child (root, l[0]);
  gsk_layer_add_child (l[0], l[1]);
  check_picks_around_render (root, clip_check, l);

  gsk_layer_set_clip_to_bounds (l[0], TRUE);
  check_picks_around_render (root, clip_check, l);

  /* The clip follows the parent's transform */
  set_transform_string (l[0], "rotate(45deg)");
  for (pass = 0; pass < 2; pass++)
    {
      graphene_point_t inside, outside;

      /* (42, 42) and (70, 70) of the parent */
      g_assert_true (gsk_layer_map_point (l[1], NULL, &GRAPHENE_POINT_INIT (2, 2), &inside));
      g_assert_true (gsk_layer_map_point (l[1], NULL, &GRAPHENE_POINT_INIT (30, 30), &outside));
      assert_pick (root, 25, 25, l[0]);
      assert_pick (root, inside.x, inside.y, l[1]);
      assert_pick (root, outside.x, outside.y, root);
      render_once (root, 256, 256);
    }

  gsk_layer_set_clip_to_bounds (l[0], FALSE);
  set_transform_string (l[0], "none");
  check_picks_around_render (root, clip_check, l);

  g_assert_finalize_object (root);
}

/* Rounded corners are not part of the layer, for picking as for CSS hit
 * testing; a rounded clip clips picking of the children too */
static void
test_pick_rounded (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *card = new_rect ("card", 10, 10, 60, 40);
  GskLayer *child = new_rect ("child", 0, 0, 30, 30);
  int pass;

  gsk_layer_add_child (root, card);
  gsk_layer_add_child (card, child);
  gsk_layer_set_corner_radius (card, 20.f);

  for (pass = 0; pass < 2; pass++)
    {
      /* The card's top right corner is cut; its middle edges are not */
      assert_pick (root, 68, 12, root);
      assert_pick (root, 68, 30, card);
      assert_pick (root, 45, 11, card);
      /* Just inside the arc, and just outside: the corner's centre is
       * at (40, 20) of the card, (50, 30) of the root */
      assert_pick (root, 50 + 13.9f, 30 - 13.9f, card);
      assert_pick (root, 50 + 14.3f, 30 - 14.3f, root);
      /* Children are not clipped without clip-to-bounds */
      assert_pick (root, 12, 12, child);
      render_once (root, 128, 128);
    }

  gsk_layer_set_clip_to_bounds (card, TRUE);
  for (pass = 0; pass < 2; pass++)
    {
      assert_pick (root, 12, 12, root);
      assert_pick (root, 25, 25, child);
      render_once (root, 128, 128);
    }

  /* The radius is clamped to half the smaller side (20): a stadium */
  gsk_layer_set_corner_radius (card, 1000.f);
  assert_pick (root, 12, 12, root);
  assert_pick (root, 35, 30, child);
  assert_pick (root, 30, 11, child);
  assert_pick (root, 50 + 14.3f, 30 - 14.3f, root);
  assert_pick (root, 50 + 13.9f, 30 - 13.9f, card);

  g_assert_finalize_object (root);
}

static void
test_pick_perspective (void)
{
  GskLayer *root = new_root ("root", 200, 200);
  GskLayer *card = new_rect ("card", 50, 50, 100, 100);
  graphene_rect_t projected;
  float left, right;
  int pass;

  gsk_layer_add_child (root, card);
  gsk_layer_set_reactive (root, FALSE);
  set_child_transform_string (root, "perspective(300px)");
  set_transform_string (card, "rotateY(60deg)");

  g_assert_true (gsk_layer_get_transformed_bounds (card, NULL, &projected));
  left = projected.origin.x;
  right = projected.origin.x + projected.size.width;
  /* Narrower than the card, within it */
  g_assert_cmpfloat (left, >, 60);
  g_assert_cmpfloat (right, <, 140);
  g_assert_cmpfloat (projected.size.width, <, 70);

  for (pass = 0; pass < 2; pass++)
    {
      graphene_point_t p;

      /* Inside the flat rectangle, outside the projected one */
      assert_pick (root, 55, 100, NULL);
      assert_pick (root, 145, 100, NULL);
      assert_pick (root, left - 1, 100, NULL);
      assert_pick (root, right + 1, 100, NULL);
      /* Inside */
      assert_pick (root, 100, 100, card);
      assert_pick (root, left + 1, 100, card);
      assert_pick (root, right - 1, 100, card);

      /* A point of the card is picked where it maps to */
      g_assert_true (gsk_layer_map_point (card, NULL, &GRAPHENE_POINT_INIT (90, 10), &p));
      assert_pick (root, p.x, p.y, card);

      render_once (root, 256, 256);
    }

  g_assert_finalize_object (root);
}

static void
test_pick_scale_zero (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *below = new_rect ("below", 0, 0, 100, 100);
  GskLayer *flat = new_rect ("flat", 0, 0, 100, 100);
  GskLayer *flat_x = new_rect ("flat-x", 0, 0, 100, 100);
  float x, y;
  int pass;

  gsk_layer_add_child (root, below);
  gsk_layer_add_child (root, flat);
  gsk_layer_add_child (flat, new_rect ("flat-child", 0, 0, 100, 100));
  gsk_layer_add_child (root, flat_x);
  set_transform_string (flat, "scale(0)");
  set_transform_string (flat_x, "scale(0, 1)");

  for (pass = 0; pass < 2; pass++)
    {
      for (y = 0; y < 100; y += 12.5f)
        for (x = 0; x < 100; x += 12.5f)
          assert_pick (root, x, y, below);
      /* The center, where both collapse */
      assert_pick (root, 50, 50, below);
      render_once (root, 256, 256);
    }

  g_assert_finalize_object (root);
}

static void
test_pick_nan (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *child = new_rect ("child", 0, 0, 100, 100);

  gsk_layer_add_child (root, child);
  assert_pick (root, 50, 50, child);
  assert_pick (root, NAN, 50, NULL);
  assert_pick (root, 50, NAN, NULL);
  assert_pick (root, NAN, NAN, NULL);
  assert_pick (root, INFINITY, 50, NULL);
  assert_pick (root, 50, -INFINITY, NULL);
  render_once (root, 256, 256);
  assert_pick (root, NAN, 50, NULL);
  assert_pick (child, NAN, 50, NULL);
  assert_pick (root, 50, 50, child);

  g_assert_finalize_object (root);
}

/* A grid of 5×5 squares of 20px, enough for the pick cache, in a parent
 * inside the root */
static GskLayer *
new_pick_grid (GskLayer **out_grid)
{
  GskLayer *root = new_root ("root", 256, 256);
  GskLayer *grid = new_rect ("grid", 0, 0, 100, 100);
  int i;

  gsk_layer_add_child (root, grid);
  for (i = 0; i < 25; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "cell%d", i);
      gsk_layer_add_child (grid, new_rect (name, (i % 5) * 20, (i / 5) * 20, 20, 20));
    }
  g_assert_cmpuint (gsk_layer_get_n_children (grid), >=, GSK_LAYER_PICK_CACHE_MIN);

  *out_grid = grid;
  return root;
}

static void
test_pick_after_move (void)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  GskLayer *grid;
  GskLayer *root = new_pick_grid (&grid);
  GskLayer *cell = gsk_layer_get_child_at_index (grid, 6);
  GskLayer *cell0 = gsk_layer_get_child_at_index (grid, 0);
  int with_render;

  gsk_layer_set_reactive (grid, FALSE);
  render_area (renderer, root, target);
  assert_pick (root, 30, 30, cell);
  assert_pick (root, 150, 150, root);

  for (with_render = 0; with_render < 2; with_render++)
    {
      float x = with_render ? 200 : 150;

      /* A cell */
      gsk_layer_set_position (cell, &GRAPHENE_POINT_INIT (x, x));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, x + 5, x + 5, cell);
      assert_pick (root, 30, 30, root);

      /* Back */
      gsk_layer_set_position (cell, &GRAPHENE_POINT_INIT (20, 20));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, 30, 30, cell);
      assert_pick (root, x + 5, x + 5, root);

      /* The parent of all cells */
      gsk_layer_set_position (grid, &GRAPHENE_POINT_INIT (x, 0));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, x + 30, 30, cell);
      assert_pick (root, 30, 30, root);
      gsk_layer_set_position (grid, &GRAPHENE_POINT_INIT (0, 0));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, 30, 30, cell);

      /* Grown */
      gsk_layer_set_size (cell0, &GRAPHENE_SIZE_INIT (x, x));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, x - 1, x - 1, cell0);
      gsk_layer_set_size (cell0, &GRAPHENE_SIZE_INIT (20, 20));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, x - 1, x - 1, root);

      /* Transformed */
      set_transform_string (cell, "translate(100px, 0)");
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, 125, 25, cell);
      assert_pick (root, 30, 30, root);
      set_transform_string (cell, "none");
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, 30, 30, cell);

      /* Moved to another parent */
      g_object_ref (cell);
      gsk_layer_remove_child (grid, cell);
      gsk_layer_add_child (root, cell);
      gsk_layer_set_position (cell, &GRAPHENE_POINT_INIT (x, 10));
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, x + 5, 15, cell);
      assert_pick (root, 30, 30, root);
      gsk_layer_remove_child (root, cell);
      gsk_layer_insert_child_at_index (grid, cell, 6);
      gsk_layer_set_position (cell, &GRAPHENE_POINT_INIT (20, 20));
      g_object_unref (cell);
      if (with_render)
        render_area (renderer, root, target);
      assert_pick (root, 30, 30, cell);
      assert_pick (root, x + 5, 15, root);
    }

  /* Picking outside the target works as well */
  gsk_layer_set_position (cell, &GRAPHENE_POINT_INIT (300, 300));
  render_area (renderer, root, target);
  assert_pick (root, 305, 305, cell);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_pick_z_position_many (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *raised = NULL, *last = NULL;
  int i, pass;

  for (i = 0; i < 2 * GSK_LAYER_PICK_CACHE_MIN; i++)
    {
      char name[16];
      GskLayer *l;

      g_snprintf (name, sizeof name, "l%d", i);
      l = new_rect (name, i, i, 50, 50);
      gsk_layer_add_child (root, l);
      if (i == 3)
        raised = l;
      last = l;
    }
  gsk_layer_set_z_position (raised, 1);

  for (pass = 0; pass < 2; pass++)
    {
      assert_pick (root, 40, 40, raised);
      assert_pick (root, 60, 60, last);
      render_once (root, 100, 100);
    }

  gsk_layer_set_z_position (raised, 0);
  assert_pick (root, 40, 40, last);
  render_once (root, 100, 100);
  assert_pick (root, 40, 40, last);
  gsk_layer_set_z_position (last, -1);
  assert_pick (root, 40, 40, gsk_layer_get_previous_sibling (last));
  render_once (root, 100, 100);
  assert_pick (root, 40, 40, gsk_layer_get_previous_sibling (last));
  assert_pick (root, 80, 80, last);

  g_assert_finalize_object (root);
}

/* After a frame into a small target, the children of a clip-to-bounds
 * layer that lies outside the target are still picked, however many
 * there are (the pick cache once recorded them as empty) */
static void
check_pick_outside_target (guint n_children)
{
  GskLayer *root = new_root ("root", 256, 256);
  GskLayer *clip = new_rect ("clip", 100, 100, 100, 100);
  GskLayer *first = NULL;
  guint i;

  gsk_layer_set_clip_to_bounds (clip, TRUE);
  gsk_layer_set_reactive (clip, FALSE);
  gsk_layer_add_child (root, clip);
  for (i = 0; i < n_children; i++)
    {
      GskLayer *child = new_rect ("child", 0, 0, 10, 10);

      if (i == 0)
        first = child;
      gsk_layer_insert_child_at_index (clip, child, 0);
    }

  assert_pick (root, 105, 105, first);
  assert_pick (root, 150, 150, root);
  render_once (root, 64, 64);
  assert_pick (root, 105, 105, first);
  assert_pick (root, 150, 150, root);

  g_assert_finalize_object (root);
}

static void
test_pick_outside_target_few (void)
{
  check_pick_outside_target (GSK_LAYER_PICK_CACHE_MIN - 1);
}

static void
test_pick_outside_target_many (void)
{
  check_pick_outside_target (GSK_LAYER_PICK_CACHE_MIN);
}

/* }}} */
/* {{{ main */

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (test_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer/geometry/rotate-pivot", test_geometry_rotate_pivot);
  g_test_add_func ("/layer/geometry/transform-order", test_geometry_transform_order);
  g_test_add_func ("/layer/geometry/perspective-z", test_geometry_perspective_z);
  g_test_add_func ("/layer/geometry/map-point-3d", test_geometry_map_point_3d);
  g_test_add_func ("/layer/geometry/transformed-bounds", test_geometry_transformed_bounds);
  g_test_add_func ("/layer/geometry/compute-transform", test_geometry_compute_transform);

  g_test_add_func ("/layer/pick/top-most", test_pick_top_most);
  g_test_add_func ("/layer/pick/z-position", test_pick_z_position);
  g_test_add_func ("/layer/pick/z-position-many", test_pick_z_position_many);
  g_test_add_func ("/layer/pick/reactive", test_pick_reactive);
  g_test_add_func ("/layer/pick/hidden", test_pick_hidden);
  g_test_add_func ("/layer/pick/clip", test_pick_clip);
  g_test_add_func ("/layer/pick/rounded", test_pick_rounded);
  g_test_add_func ("/layer/pick/perspective", test_pick_perspective);
  g_test_add_func ("/layer/pick/scale-zero", test_pick_scale_zero);
  g_test_add_func ("/layer/pick/nan", test_pick_nan);
  g_test_add_func ("/layer/pick/after-move", test_pick_after_move);
  g_test_add_func ("/layer/pick/outside-target-few", test_pick_outside_target_few);
  g_test_add_func ("/layer/pick/outside-target-many", test_pick_outside_target_many);

  return g_test_run ();
}

/* }}} */
