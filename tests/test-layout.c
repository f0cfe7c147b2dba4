/* test-layout.c: preferred sizes and layout managers (issue 15)
 *
 * What a layer asks for (set by hand, from its manager, its content,
 * its text, with its style's edges), box layouts (natural sizes, the
 * room left over to the children that expand, shrinking toward
 * minimums, homogeneous, spacing, margins, alignments across and
 * along), bin layouts, nesting, relayout when a child's request
 * changes, and bad input. Frames are rendered with the damage check on
 * (the tests' environment), so every relayout is also checked against
 * a full redraw.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <gsklayer.h>

#include "font-caches.h"

static GskLayerRenderer *renderer;

/* One frame: the layout pass, then drawing */
static void
frame (GskLayer *root)
{
  cairo_surface_t *target = gsk_layer_renderer_render_to_surface (renderer, root, 320, 240);

  cairo_surface_destroy (target);
}

static GskLayer *
child_of (GskLayer *parent,
          float     w,
          float     h)
{
  GskLayer *child = gsk_layer_new ();

  gsk_layer_set_preferred_size (child, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (child, &(GdkRGBA) { 0.2f, 0.4f, 0.8f, 1 });
  gsk_layer_add_child (parent, child);
  return child;
}

static void
assert_placed (GskLayer *layer,
               float     x,
               float     y,
               float     w,
               float     h)
{
  graphene_point_t p;
  graphene_size_t s;

  gsk_layer_get_position (layer, &p);
  gsk_layer_get_size (layer, &s);
  g_test_message ("placed at %g,%g %gx%g; expected %g,%g %gx%g", p.x, p.y, s.width, s.height, x, y, w, h);
  g_assert_cmpfloat_with_epsilon (p.x, x, 1e-3);
  g_assert_cmpfloat_with_epsilon (p.y, y, 1e-3);
  g_assert_cmpfloat_with_epsilon (s.width, w, 1e-3);
  g_assert_cmpfloat_with_epsilon (s.height, h, 1e-3);
}

static GskLayer *
container (GskLayerLayoutManager *manager,
           float                  w,
           float                  h)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_layout_manager (root, manager);
  g_object_unref (manager);
  return root;
}

/* A row: natural sizes, spacing, the room left to the child that
 * expands, margins, and alignment across */
static void
test_box_row (void)
{
  GskLayerLayoutManager *box = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
  GskLayer *root, *a, *b, *c;
  graphene_size_t min, nat;

  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (box), 10);
  root = container (box, 300, 100);
  a = child_of (root, 50, 20);
  b = child_of (root, 60, 30);
  c = child_of (root, 40, 40);
  gsk_layer_set_margin (a, 5, 5, 5, 5);
  gsk_layer_set_x_expand (b, TRUE);
  gsk_layer_set_y_align (c, GSK_LAYER_ALIGN_CENTER);
  frame (root);

  /* 60 + 60 + 40 asked, 20 of spacing: 120 left, all to b */
  assert_placed (a, 5, 5, 50, 90);
  assert_placed (b, 70, 0, 180, 100);
  assert_placed (c, 260, 30, 40, 40);

  /* What the row asks for: the sum, the spacing, the tallest */
  gsk_layer_get_preferred_size (root, &min, &nat);
  g_assert_cmpfloat (nat.width, ==, 60 + 60 + 40 + 20);
  g_assert_cmpfloat (nat.height, ==, 40);

  /* A hidden child takes no room */
  gsk_layer_set_visible (b, FALSE);
  frame (root);
  assert_placed (c, 70, 30, 40, 40);

  /* b back, aligned at the end of its share instead of filling it */
  gsk_layer_set_visible (b, TRUE);
  gsk_layer_set_x_align (b, GSK_LAYER_ALIGN_END);
  frame (root);
  assert_placed (b, 190, 0, 60, 100);

  g_assert_finalize_object (root);
}

/* A column, homogeneous; then too little room: children shrink */
static void
test_box_column (void)
{
  GskLayerLayoutManager *box = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);
  GskLayer *root, *a, *b;

  gsk_layer_box_layout_set_homogeneous (GSK_LAYER_BOX_LAYOUT (box), TRUE);
  root = container (box, 100, 200);
  a = child_of (root, 30, 10);
  b = child_of (root, 30, 50);
  gsk_layer_set_x_align (a, GSK_LAYER_ALIGN_START);
  frame (root);
  assert_placed (a, 0, 0, 30, 100);
  assert_placed (b, 0, 100, 100, 100);

  /* 60 asked in 30: each in proportion (their minimums are their sizes) */
  gsk_layer_box_layout_set_homogeneous (GSK_LAYER_BOX_LAYOUT (box), FALSE);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 30));
  frame (root);
  assert_placed (a, 0, 0, 30, 5);
  assert_placed (b, 0, 5, 100, 25);

  g_assert_finalize_object (root);
}

/* A bin: every child over the whole layer, aligned */
static void
test_bin (void)
{
  GskLayer *root = container (gsk_layer_bin_layout_new (), 200, 100);
  GskLayer *fill = child_of (root, 10, 10);
  GskLayer *centre = child_of (root, 40, 20);
  GskLayer *corner = child_of (root, 30, 30);
  graphene_size_t nat;

  gsk_layer_set_margin (fill, 1, 2, 3, 4);
  gsk_layer_set_x_align (centre, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (centre, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_x_align (corner, GSK_LAYER_ALIGN_END);
  gsk_layer_set_y_align (corner, GSK_LAYER_ALIGN_START);
  frame (root);
  assert_placed (fill, 4, 1, 194, 96);
  assert_placed (centre, 80, 40, 40, 20);
  assert_placed (corner, 170, 0, 30, 30);

  /* The largest child with its margins */
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 40);
  g_assert_cmpfloat (nat.height, ==, 30);

  g_assert_finalize_object (root);
}

/* Nested managers: the inner box asks for its children's sum, and the
 * outer bin centres it at that size; a child that asks for more moves
 * both on the next frame */
static void
test_nested (void)
{
  GskLayer *root = container (gsk_layer_bin_layout_new (), 300, 200);
  GskLayer *row = gsk_layer_new (), *a, *b;
  GskLayerLayoutManager *box = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);

  gsk_layer_set_layout_manager (row, box);
  g_object_unref (box);
  gsk_layer_set_x_align (row, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (row, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_add_child (root, row);
  a = child_of (row, 50, 20);
  b = child_of (row, 30, 40);
  frame (root);
  assert_placed (row, 110, 80, 80, 40);
  assert_placed (a, 0, 0, 50, 40);
  assert_placed (b, 50, 0, 30, 40);

  gsk_layer_set_preferred_size (b, &GRAPHENE_SIZE_INIT (70, 40));
  frame (root);
  assert_placed (row, 90, 80, 120, 40);
  assert_placed (b, 50, 0, 70, 40);

  g_assert_finalize_object (root);
}

/* What layers ask for without a size set by hand: text, an image, the
 * style's border and padding; by hand on one axis only */
static void
test_measure (void)
{
  GskLayer *text = g_object_ref_sink (gsk_layer_text_new ("Hello, layout"));
  GskLayer *image = g_object_ref_sink (gsk_layer_new ());
  GskLayer *row = container (gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL), 10, 10);
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 48);
  GskLayerContent *content = gsk_layer_image_content_new (surface);
  graphene_size_t nat, text_size;
  float min, natural;

  gsk_layer_text_get_preferred_size (GSK_LAYER_TEXT (text), &text_size);
  gsk_layer_get_preferred_size (text, NULL, &nat);
  g_assert_cmpfloat (nat.width, >, 20);
  g_assert_cmpfloat (nat.width, ==, text_size.width);
  g_assert_cmpfloat (nat.height, ==, text_size.height);

  gsk_layer_set_content (image, content);
  g_object_unref (content);
  cairo_surface_destroy (surface);
  g_assert_true (gsk_layer_set_style_from_string (image, "border: 2px solid black; padding: 3px", &error));
  gsk_layer_get_preferred_size (image, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 64 + 10);
  g_assert_cmpfloat (nat.height, ==, 48 + 10);

  /* By hand on one axis: the other is still the content's */
  gsk_layer_set_preferred_size (image, &GRAPHENE_SIZE_INIT (100, -1));
  gsk_layer_measure (image, GSK_LAYER_ORIENTATION_HORIZONTAL, -1, &min, &natural);
  g_assert_cmpfloat (natural, ==, 100);
  gsk_layer_measure (image, GSK_LAYER_ORIENTATION_VERTICAL, -1, &min, &natural);
  g_assert_cmpfloat (natural, ==, 58);

  /* A plain layer asks for nothing */
  gsk_layer_get_preferred_size (row, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 0);

  g_assert_finalize_object (text);
  g_assert_finalize_object (image);
  g_assert_finalize_object (row);
}

/* A subclass's own manager, as applications write them */
typedef struct { GskLayerLayoutManager parent; } Diagonal;
typedef GskLayerLayoutManagerClass DiagonalClass;
static GType diagonal_get_type (void);
G_DEFINE_TYPE (Diagonal, diagonal, GSK_TYPE_LAYER_LAYOUT_MANAGER)

static void
diagonal_allocate (GskLayerLayoutManager *manager,
                   GskLayer              *layer,
                   float                  width,
                   float                  height)
{
  GskLayer *child;
  float at = 0;

  for (child = gsk_layer_get_first_child (layer); child; child = gsk_layer_get_next_sibling (child))
    {
      gsk_layer_allocate (child, at, at, 10, 10);
      at += 10;
    }
}

static void
diagonal_class_init (DiagonalClass *klass)
{
  klass->allocate = diagonal_allocate;
}

static void
diagonal_init (Diagonal *self)
{
}

static void
test_subclass (void)
{
  GskLayer *root = container (g_object_new (diagonal_get_type (), NULL), 100, 100);
  GskLayer *a = child_of (root, 1, 1), *b = child_of (root, 1, 1);

  frame (root);
  assert_placed (a, 0, 0, 10, 10);
  assert_placed (b, 10, 10, 10, 10);
  g_assert_finalize_object (root);
}

/* Bad input: a critical, and nothing changes */
static void
test_bad_input (void)
{
  GskLayerLayoutManager *box = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
  GskLayer *one = g_object_ref_sink (gsk_layer_new ());
  GskLayer *two = g_object_ref_sink (gsk_layer_new ());
  float top;

  gsk_layer_set_layout_manager (one, box);
  g_assert_true (gsk_layer_layout_manager_get_layer (box) == one);

  /* One manager, one layer */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*manager == NULL*");
  gsk_layer_set_layout_manager (two, box);
  g_test_assert_expected_messages ();
  g_assert_null (gsk_layer_get_layout_manager (two));
  g_assert_true (gsk_layer_layout_manager_get_layer (box) == one);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*spacing >= 0.f*");
  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (box), -4);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (gsk_layer_box_layout_get_spacing (GSK_LAYER_BOX_LAYOUT (box)), ==, 0);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_set_margin (two, NAN, 0, 0, 0);
  g_test_assert_expected_messages ();
  gsk_layer_get_margin (two, &top, NULL, NULL, NULL);
  g_assert_cmpfloat (top, ==, 0);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isnan*");
  gsk_layer_set_preferred_size (two, &GRAPHENE_SIZE_INIT (NAN, 3));
  g_test_assert_expected_messages ();

  /* Let go, and another layer may take it */
  gsk_layer_set_layout_manager (one, NULL);
  g_assert_null (gsk_layer_layout_manager_get_layer (box));
  gsk_layer_set_layout_manager (two, box);
  g_assert_true (gsk_layer_get_layout_manager (two) == box);

  g_object_unref (box);
  g_assert_finalize_object (one);
  g_assert_finalize_object (two);
}

static void
list_length_is (GskLayer *layer,
                guint     n)
{
  GList *list = gsk_layer_get_constraints (layer);

  g_assert_cmpuint (g_list_length (list), ==, n);
  g_list_free (list);
}

static GskLayer *
plain_child (GskLayer *parent,
             float     x,
             float     y,
             float     w,
             float     h,
             const char *name)
{
  GskLayer *child = gsk_layer_new ();

  gsk_layer_set_name (child, name);
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_add_child (parent, child);
  return child;
}

static void
add (GskLayer           *layer,
     GskLayerConstraint *constraint)
{
  gsk_layer_add_constraint (layer, constraint);
  g_object_unref (constraint);
}

/* One align constraint along both axes, as Clutter's CLUTTER_ALIGN_BOTH:
 * from code, by property and from a scene file */
static void
test_align_both (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *badge = plain_child (root, 0, 0, 100, 50, "badge");
  GskLayerConstraint *align = gsk_layer_align_constraint_new_both (root, 0.5f);
  gboolean both = FALSE;
  const char *json =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 100], \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"id\": \"dot\", \"size\": [20, 10], \"constraints\": [\n"
    "    { \"type\": \"GskLayerAlignConstraint\", \"source\": \"parent\", \"both-axes\": true, \"factor\": 1 } ] } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = NULL;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 200));
  g_object_get (align, "both-axes", &both, NULL);
  g_assert_true (both);
  add (badge, align);
  frame (root);
  assert_placed (badge, 100, 75, 100, 50);

  /* Back to one axis: x where the application put the layer (0), y at
   * the parent's top */
  g_object_set (align, "both-axes", FALSE, "axis", GSK_LAYER_ORIENTATION_VERTICAL, "factor", 0.f, NULL);
  gsk_layer_set_position (badge, &GRAPHENE_POINT_INIT (30, 40));
  frame (root);
  assert_placed (badge, 30, 0, 100, 50);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*factor*");
  g_assert_null (gsk_layer_align_constraint_new_both (root, 2.f));
  g_test_assert_expected_messages ();
  g_object_unref (root);

  scene = gsk_layer_scene_new_from_data (json, -1, "align-both.json", &error);
  g_assert_no_error (error);
  frame (gsk_layer_scene_get_root (scene));
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "dot"), 180, 90, 20, 10);
}

/* Align, bind and snap, to the parent and to siblings, run after the
 * siblings they read, again when a source moves */
static void
test_constraints (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *follower, *centred, *filler, *snapped, *leader;
  GskLayerConstraint *snap;
  GList *list;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 200));
  /* Added before the sibling it reads: it still runs after it */
  follower = plain_child (root, 0, 0, 20, 20, "follower");
  leader = plain_child (root, 0, 0, 40, 30, "leader");
  centred = plain_child (root, 0, 0, 100, 50, "centred");
  filler = plain_child (root, 7, 7, 1, 1, "filler");
  snapped = plain_child (root, 0, 100, 50, 10, "snapped");

  add (leader, gsk_layer_align_constraint_new (root, GSK_LAYER_ORIENTATION_VERTICAL, 1.f));
  add (follower, gsk_layer_bind_constraint_new (leader, GSK_LAYER_BIND_POSITION, 10));
  add (centred, gsk_layer_align_constraint_new (root, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5f));
  add (centred, gsk_layer_align_constraint_new (root, GSK_LAYER_ORIENTATION_VERTICAL, 0.5f));
  add (filler, gsk_layer_bind_constraint_new (root, GSK_LAYER_BIND_SIZE, -20));
  snap = gsk_layer_snap_constraint_new (centred, GSK_LAYER_SNAP_EDGE_RIGHT, GSK_LAYER_SNAP_EDGE_LEFT, -5);
  add (snapped, snap);
  frame (root);

  assert_placed (leader, 0, 170, 40, 30);
  assert_placed (follower, 10, 180, 20, 20);
  assert_placed (centred, 100, 75, 100, 50);
  assert_placed (filler, 7, 7, 280, 180);
  /* Its right edge at centred's left edge less 5: it widens */
  assert_placed (snapped, 0, 100, 95, 10);

  /* The leader moves: the follower follows on the next frame */
  gsk_layer_remove_constraint (leader, GSK_LAYER_CONSTRAINT (g_list_nth_data (list = gsk_layer_get_constraints (leader), 0)));
  g_list_free (list);
  gsk_layer_set_position (leader, &GRAPHENE_POINT_INIT (50, 60));
  frame (root);
  assert_placed (follower, 60, 70, 20, 20);

  /* The parent resized: filler and centred follow */
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (400, 300));
  frame (root);
  assert_placed (filler, 7, 7, 380, 280);
  assert_placed (centred, 150, 125, 100, 50);
  assert_placed (snapped, 0, 100, 145, 10);

  /* A constraint's own property changes */
  g_object_set (snap, "offset", -50.f, NULL);
  frame (root);
  assert_placed (snapped, 0, 100, 100, 10);

  g_assert_finalize_object (root);
}

/* Constraints that read each other in a circle: an error that names
 * the layers, and nothing of theirs applied; a source that is not near
 * is refused */
static void
test_constraint_errors (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *a = plain_child (root, 1, 2, 10, 10, "a");
  GskLayer *b = plain_child (root, 3, 4, 10, 10, "b");
  GskLayer *other = g_object_ref_sink (gsk_layer_new ());
  GskLayer *inner = plain_child (other, 0, 0, 1, 1, "inner");
  GskLayerConstraint *far;

  add (a, gsk_layer_bind_constraint_new (b, GSK_LAYER_BIND_X, 0));
  add (b, gsk_layer_bind_constraint_new (a, GSK_LAYER_BIND_X, 0));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*circle: “a” → “b” → “a”*");
  frame (root);
  g_test_assert_expected_messages ();
  assert_placed (a, 1, 2, 10, 10);
  assert_placed (b, 3, 4, 10, 10);

  /* A source in another tree */
  far = gsk_layer_bind_constraint_new (inner, GSK_LAYER_BIND_X, 0);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*source_is_near*");
  gsk_layer_add_constraint (a, far);
  g_test_assert_expected_messages ();
  list_length_is (a, 1);
  g_object_unref (far);

  g_assert_finalize_object (root);
  g_assert_finalize_object (other);
}

static float
presented_x (GskLayer *layer)
{
  GValue v = G_VALUE_INIT;
  float x;

  g_assert_true (gsk_layer_get_presentation_value (layer, "position", &v));
  x = ((graphene_point_t *) g_value_get_boxed (&v))->x;
  g_value_unset (&v);
  return x;
}

/* A layout changed inside the container's easing state moves the
 * children with it; a relayout meanwhile retargets, never jumps */
static void
test_animate_with_container (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayerLayoutManager *box = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
  GskLayer *root, *a, *b;
  float before;

  root = container (g_object_ref (box), 300, 100);
  gsk_layer_set_frame_clock (root, clock);
  a = child_of (root, 50, 20);
  b = child_of (root, 50, 20);
  frame (root);
  assert_placed (b, 50, 0, 50, 100);

  gsk_layer_save_easing_state (root);
  gsk_layer_set_easing_duration (root, 1000);
  gsk_layer_set_easing_mode (root, GSK_LAYER_EASING_LINEAR);
  gsk_layer_box_layout_set_spacing (GSK_LAYER_BOX_LAYOUT (box), 100);
  gsk_layer_restore_easing_state (root);

  /* The layout pass starts the move; the getter has where it goes */
  frame (root);
  assert_placed (b, 150, 0, 50, 100);
  g_assert_cmpfloat (presented_x (b), ==, 50);
  g_assert_nonnull (gsk_layer_get_transition (b, "position"));

  gsk_layer_manual_clock_advance (manual, 500 * 1000);
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (b), 100, 1e-3);

  /* A relayout now, outside any easing state: no jump */
  before = presented_x (b);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 120));
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (b), before, 1e-3);
  g_assert_nonnull (gsk_layer_get_transition (b, "position"));
  gsk_layer_manual_clock_advance (manual, 250 * 1000);
  frame (root);
  g_assert_cmpfloat (presented_x (b), >, before);
  g_assert_cmpfloat (presented_x (b), <, 150);

  /* And it ends where the layout put it */
  gsk_layer_manual_clock_advance (manual, 1000 * 1000);
  frame (root);
  g_assert_cmpfloat (presented_x (b), ==, 150);
  assert_placed (a, 0, 0, 50, 120);

  gsk_layer_set_frame_clock (root, NULL);
  g_object_unref (box);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Constraints start every pass from the layer's own size, not from what
 * they made of it last time: an align and a snap that resizes give the
 * same box on every pass, a relayout leaves it, and a scene file saves
 * the size they start from, so that it loads to the same picture (the
 * fuzzer found it drifting, a few pixels a pass, and a saved scene
 * drawing differently). A layer of no size snapped at both ends gets
 * the room between them at once. */
static void
test_constraint_stable (void)
{
  static const char json[] =
    "{ \"size\": [320, 240], \"root\": { \"type\": \"GskLayer\", \"size\": [160, 240], \"children\": ["
    "  { \"type\": \"GskLayer\", \"id\": \"card\", \"size\": [120, 80], \"background-color\": \"#1c71d8\","
    "    \"constraints\": [ { \"type\": \"GskLayerAlignConstraint\", \"source\": \"parent\", \"axis\": \"horizontal\", \"factor\": 0.5 },"
    "                       { \"type\": \"GskLayerSnapConstraint\", \"source\": \"parent\", \"from-edge\": \"right\","
    "                         \"to-edge\": \"right\", \"offset\": -8 } ] },"
    "  { \"type\": \"GskLayer\", \"id\": \"strip\", \"background-color\": \"#deddda\","
    "    \"constraints\": [ { \"type\": \"GskLayerSnapConstraint\", \"source\": \"parent\", \"from-edge\": \"top\","
    "                         \"to-edge\": \"top\", \"offset\": 100 },"
    "                       { \"type\": \"GskLayerSnapConstraint\", \"source\": \"parent\", \"from-edge\": \"bottom\","
    "                         \"to-edge\": \"bottom\", \"offset\": -20 },"
    "                       { \"type\": \"GskLayerBindConstraint\", \"source\": \"parent\", \"coordinate\": \"width\" } ] } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "stable.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL;
  GskLayer *root, *card, *strip;
  int i;

  g_assert_no_error (error);
  root = gsk_layer_scene_get_root (scene);
  card = gsk_layer_scene_get_layer_by_id (scene, "card");
  strip = gsk_layer_scene_get_layer_by_id (scene, "strip");

  for (i = 0; i < 4; i++)
    {
      gsk_layer_queue_relayout (card);
      gsk_layer_queue_relayout (strip);
      frame (root);
      /* Centred at 120 wide (x 20), then its right edge at 152 */
      assert_placed (card, 20, 0, 132, 80);
      assert_placed (strip, 0, 100, 160, 120);
    }

  /* The parent resized and back: the same boxes */
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (200, 240));
  frame (root);
  assert_placed (card, 40, 0, 152, 80);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (160, 240));
  frame (root);
  assert_placed (card, 20, 0, 132, 80);

  /* A top snap alone keeps the bottom edge where the layer's own box
   * has it, pass after pass */
  {
    GskLayer *top = gsk_layer_new ();
    GskLayerConstraint *align;

    gsk_layer_set_size (top, &GRAPHENE_SIZE_INIT (40, 100));
    gsk_layer_add_constraint (top, gsk_layer_snap_constraint_new (root, GSK_LAYER_SNAP_EDGE_TOP,
                                                                  GSK_LAYER_SNAP_EDGE_TOP, 30));
    gsk_layer_add_child (root, top);
    for (i = 0; i < 3; i++)
      {
        gsk_layer_queue_relayout (top);
        frame (root);
        assert_placed (top, 0, 30, 40, 70);
      }

    /* Set by the application, even to where the constraints put it: the
     * new start (before, the snap started from 0,0 40x100 each pass) */
    gsk_layer_set_size (top, &GRAPHENE_SIZE_INIT (40, 70));
    gsk_layer_set_position (top, &GRAPHENE_POINT_INIT (0, 30));
    gsk_layer_queue_relayout (top);
    frame (root);
    assert_placed (top, 0, 30, 40, 70);
    gsk_layer_set_position (top, &GRAPHENE_POINT_INIT (0, 50));
    frame (root);
    assert_placed (top, 0, 30, 40, 90);

    /* A constraint added or removed: the rest start from where it is */
    align = gsk_layer_align_constraint_new (root, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5);
    gsk_layer_add_constraint (top, align);
    frame (root);
    assert_placed (top, 60, 30, 40, 90);
    gsk_layer_remove_constraint (top, align);
    frame (root);
    assert_placed (top, 60, 30, 40, 90);
    gsk_layer_remove_child (root, top);
  }

  /* Under a layout manager: the constraints start from the box it
   * gives, in the same pass, and a still tree asks for no more frames */
  {
    GskLayer *box = container (gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL), 200, 100);
    GskLayer *item = child_of (box, 50, 40);

    gsk_layer_add_constraint (item, gsk_layer_snap_constraint_new (box, GSK_LAYER_SNAP_EDGE_BOTTOM,
                                                                   GSK_LAYER_SNAP_EDGE_BOTTOM, -10));
    for (i = 0; i < 3; i++)
      {
        frame (box);
        assert_placed (item, 0, 0, 50, 90);
      }
    g_assert_false (gsk_layer_get_frame_pending (box));
    g_object_unref (box);
  }

  data = gsk_layer_scene_to_data (scene, NULL);
  g_assert_nonnull (strstr (data, "120"));
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  frame (gsk_layer_scene_get_root (again));
  assert_placed (gsk_layer_scene_get_layer_by_id (again, "card"), 20, 0, 132, 80);
  assert_placed (gsk_layer_scene_get_layer_by_id (again, "strip"), 0, 100, 160, 120);
}

/* A constraint reads its source as it is on screen: a layer aligned to
 * a parent whose size animates follows it frame by frame (it jumped to
 * the end), and one whose own size animates stays centred */
static void
test_constraint_follows_animation (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *centred = plain_child (root, 0, 0, 20, 20, "centred");

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_frame_clock (root, clock);
  add (centred, gsk_layer_align_constraint_new (root, GSK_LAYER_ORIENTATION_HORIZONTAL, 0.5f));
  frame (root);
  g_assert_cmpfloat (presented_x (centred), ==, 40);

  gsk_layer_save_easing_state (root);
  gsk_layer_set_easing_duration (root, 1000);
  gsk_layer_set_easing_mode (root, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 100));
  gsk_layer_restore_easing_state (root);
  gsk_layer_manual_clock_advance (manual, 500 * 1000);
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (centred), (200 - 20) / 2.f, 1e-3);
  gsk_layer_manual_clock_advance (manual, 500 * 1000);
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (centred), (300 - 20) / 2.f, 1e-3);

  /* Its own size grows: it stays centred on the way, and ends at the
   * size it was given */
  gsk_layer_save_easing_state (centred);
  gsk_layer_set_easing_duration (centred, 1000);
  gsk_layer_set_easing_mode (centred, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_size (centred, &GRAPHENE_SIZE_INIT (100, 20));
  gsk_layer_restore_easing_state (centred);
  gsk_layer_manual_clock_advance (manual, 500 * 1000);
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (centred), (300 - 60) / 2.f, 1e-3);
  gsk_layer_manual_clock_advance (manual, 500 * 1000);
  frame (root);
  g_assert_cmpfloat_with_epsilon (presented_x (centred), (300 - 100) / 2.f, 1e-3);
  assert_placed (centred, 100, 0, 100, 20);

  gsk_layer_set_frame_clock (root, NULL);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Flow: rows that wrap when the next child would not fit */
static void
test_flow (void)
{
  GskLayerLayoutManager *flow = gsk_layer_flow_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL);
  GskLayer *root, *a, *b, *c;
  float min, nat;

  g_object_set (flow, "column-spacing", 10.f, "row-spacing", 5.f, NULL);
  root = container (g_object_ref (flow), 100, 100);
  a = child_of (root, 40, 10);
  b = child_of (root, 40, 20);
  c = child_of (root, 40, 10);
  gsk_layer_set_y_align (a, GSK_LAYER_ALIGN_START);
  frame (root);
  assert_placed (a, 0, 0, 40, 10);
  assert_placed (b, 50, 0, 40, 20);
  assert_placed (c, 0, 25, 40, 10);

  /* All in one row at most; the longest child at least; the rows'
   * height in a width */
  gsk_layer_measure (root, GSK_LAYER_ORIENTATION_HORIZONTAL, -1, &min, &nat);
  g_assert_cmpfloat (min, ==, 40);
  g_assert_cmpfloat (nat, ==, 140);
  gsk_layer_measure (root, GSK_LAYER_ORIENTATION_VERTICAL, 100, &min, &nat);
  g_assert_cmpfloat (nat, ==, 35);
  gsk_layer_measure (root, GSK_LAYER_ORIENTATION_VERTICAL, 140, &min, &nat);
  g_assert_cmpfloat (nat, ==, 20);

  /* One per line */
  g_object_set (flow, "max-children-per-line", 1u, NULL);
  frame (root);
  assert_placed (b, 0, 15, 40, 20);
  assert_placed (c, 0, 40, 40, 10);

  g_object_unref (flow);
  g_assert_finalize_object (root);
}

/* Fixed: children stay put; the layer asks for their extent */
static void
test_fixed (void)
{
  GskLayer *root = container (gsk_layer_fixed_layout_new (), 10, 10);
  GskLayer *a = plain_child (root, 10, 10, 20, 20, "a");
  GskLayer *b = plain_child (root, 50, 5, 10, 40, "b");
  graphene_size_t nat;

  gsk_layer_set_margin (b, 0, 3, 2, 0);
  frame (root);
  assert_placed (a, 10, 10, 20, 20);
  assert_placed (b, 50, 5, 10, 40);
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 63);
  g_assert_cmpfloat (nat.height, ==, 47);

  g_assert_finalize_object (root);
}

/* Scene files: a layout manager with its properties, and the children's
 * layout properties; saved back as read */
static void
test_scene (void)
{
  const char *json =
    "{ \"size\": [300, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [300, 100],\n"
    "  \"layout-manager\": { \"type\": \"GskLayerBoxLayout\", \"spacing\": 10, \"orientation\": \"horizontal\" },\n"
    "  \"children\": [\n"
    "    { \"type\": \"GskLayer\", \"id\": \"a\", \"preferred-size\": [50, 20], \"margin-left\": 5 },\n"
    "    { \"type\": \"GskLayer\", \"id\": \"b\", \"preferred-size\": [60, 30], \"x-expand\": true,\n"
    "      \"y-align\": \"center\" } ] } }";
  const char *bad =
    "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\",\n"
    "  \"layout-manager\": { \"type\": \"GskLayer\" } } }";
  const char *bad_property =
    "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\",\n"
    "  \"layout-manager\": { \"type\": \"GskLayerBoxLayout\", \"spaceing\": 3 } } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "layout.json", &error);
  g_autoptr (GskLayerScene) again = NULL, broken = NULL;
  g_autofree char *data = NULL, *data2 = NULL;
  GskLayer *root;

  g_assert_no_error (error);
  root = gsk_layer_scene_get_root (scene);
  g_assert_true (GSK_IS_LAYER_BOX_LAYOUT (gsk_layer_get_layout_manager (root)));
  frame (root);
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "a"), 5, 0, 50, 100);
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "b"), 65, 35, 235, 30);

  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  g_assert_nonnull (strstr (data, "\"type\" : \"GskLayerBoxLayout\""));
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  data2 = gsk_layer_scene_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data2);

  broken = gsk_layer_scene_new_from_data (bad, -1, "bad.json", &error);
  g_assert_null (broken);
  g_assert_cmpstr (error->message, ==, "bad.json:2:31: “GskLayer” is not a GskLayerLayoutManager type");
  g_clear_error (&error);
  broken = gsk_layer_scene_new_from_data (bad_property, -1, "bad.json", &error);
  g_assert_null (broken);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "bad.json:2:52: GskLayerBoxLayout has no property “spaceing”"));
}

/* Scene files: constraints by source id or "parent", saved back */
static void
test_scene_constraints (void)
{
  const char *json =
    "{ \"size\": [300, 200], \"root\": { \"type\": \"GskLayer\", \"size\": [300, 200], \"children\": [\n"
    "    { \"type\": \"GskLayer\", \"id\": \"follower\", \"size\": [20, 20], \"constraints\": [\n"
    "      { \"type\": \"GskLayerBindConstraint\", \"source\": \"leader\", \"coordinate\": \"position\", \"offset\": 10 } ] },\n"
    "    { \"type\": \"GskLayer\", \"id\": \"leader\", \"size\": [40, 30], \"constraints\": [\n"
    "      { \"type\": \"GskLayerAlignConstraint\", \"source\": \"parent\", \"axis\": \"vertical\", \"factor\": 1 } ] } ] } }";
  static const struct { const char *constraint, *message; } bad[] = {
    { "{ \"type\": \"GskLayerAlignConstraint\", \"source\": \"nobody\" }", "no layer has the id “nobody”" },
    { "{ \"type\": \"GskLayerAlignConstraint\" }", "a constraint needs a “source”" },
    { "{ \"type\": \"GskLayer\", \"source\": \"parent\" }",
      "“GskLayer” is not a GskLayerConstraint type" },
    { "{ \"type\": \"GskLayerAlignConstraint\", \"source\": \"parent\", \"factor\": 2 }", "“factor” must be between" },
    { "{ \"type\": \"GskLayerAlignConstraint\", \"source\": \"inner\" }",
      "“inner” is neither the parent nor a sibling of the layer it constrains" },
    { "{ \"type\": \"GskLayerBindConstraint\", \"source\": \"other\" }",
      "the constraints of “other” read it back through their sources, in a circle" },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "constraints.json", &error);
  g_autoptr (GskLayerScene) again = NULL;
  g_autofree char *data = NULL, *data2 = NULL;
  guint i;

  g_assert_no_error (error);
  frame (gsk_layer_scene_get_root (scene));
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "leader"), 0, 170, 40, 30);
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "follower"), 10, 180, 20, 20);

  data = gsk_layer_scene_to_data (scene, NULL);
  g_test_message ("%s", data);
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  data2 = gsk_layer_scene_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data2);
  g_assert_nonnull (strstr (data, "\"source\" : \"leader\""));

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *file = g_strdup_printf (
        "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\", \"children\": [\n"
        "  { \"type\": \"GskLayer\", \"id\": \"other\", \"children\": [ { \"type\": \"GskLayer\", \"id\": \"inner\" } ],\n"
        "    \"constraints\": [ { \"type\": \"GskLayerBindConstraint\", \"source\": \"self\" } ] },\n"
        "  { \"type\": \"GskLayer\", \"id\": \"self\", \"constraints\": [ %s ] } ] } }", bad[i].constraint);
      g_autoptr (GskLayerScene) broken = gsk_layer_scene_new_from_data (file, -1, "bad.json", &error);

      g_assert_null (broken);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, bad[i].message));
      g_assert_true (g_str_has_prefix (error->message, "bad.json:"));
      g_clear_error (&error);
    }
}

/* Grid: columns as wide as their widest child, a spanning child
 * widening its columns (those that expand, if any), the room left to
 * the columns that expand; the values worked out by GTK's rules */
static void
test_grid (void)
{
  GskLayerLayoutManager *grid = gsk_layer_grid_layout_new ();
  GskLayer *root, *a, *b, *c, *wide;
  guint column, row, cs, rs;
  graphene_size_t nat;

  g_object_set (grid, "column-spacing", 10.f, "row-spacing", 5.f, NULL);
  root = container (g_object_ref (grid), 300, 200);
  a = child_of (root, 40, 20);
  b = child_of (root, 60, 30);
  c = child_of (root, 30, 20);
  wide = child_of (root, 150, 10);
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), b, 1, 0, 1, 1);
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), c, 0, 1, 1, 1);
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), wide, 0, 2, 2, 1);
  g_assert_false (gsk_layer_grid_layout_get_cell (GSK_LAYER_GRID_LAYOUT (grid), a, &column, &row, &cs, &rs));
  g_assert_true (gsk_layer_grid_layout_get_cell (GSK_LAYER_GRID_LAYOUT (grid), wide, &column, &row, &cs, &rs));
  g_assert_cmpuint (cs, ==, 2);
  frame (root);

  /* Columns 40 and 60 asked; the spanning 150 needs 140 of them: each
   * grows by 20, to 60 and 80. Rows 30, 20, 10. */
  assert_placed (a, 0, 0, 60, 30);
  assert_placed (b, 70, 0, 80, 30);
  assert_placed (c, 0, 35, 60, 20);
  assert_placed (wide, 0, 60, 150, 10);
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 150);
  g_assert_cmpfloat (nat.height, ==, 70);

  /* b expands, so its column does: what the spanning child needs past
   * the two columns (40 of them) goes to that column alone, as GTK's
   * grids give it (gtk_grid_request_spanning ()), then the 150 left:
   * columns 40 and 100 + 150 */
  gsk_layer_set_x_expand (b, TRUE);
  frame (root);
  assert_placed (a, 0, 0, 40, 30);
  assert_placed (b, 50, 0, 250, 30);
  assert_placed (wide, 0, 60, 300, 10);
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 150);

  /* Only the spanning child expands: none of its columns did, so both
   * do; it widens them equally (60 and 80), and they share the 150
   * left: 135 and 155 */
  gsk_layer_set_x_expand (b, FALSE);
  gsk_layer_set_x_expand (wide, TRUE);
  frame (root);
  assert_placed (a, 0, 0, 135, 30);
  assert_placed (b, 145, 0, 155, 30);

  /* c, alone in column 0, expands: that column alone takes what the
   * spanning child needs (40 + 40, beside 60) and, the spanning child
   * expanding too but a column of it already expanding, all the room
   * left (80 + 150) */
  gsk_layer_set_x_expand (c, TRUE);
  frame (root);
  assert_placed (a, 0, 0, 230, 30);
  assert_placed (b, 240, 0, 60, 30);
  gsk_layer_set_x_expand (c, FALSE);
  gsk_layer_set_x_expand (wide, FALSE);
  gsk_layer_set_x_expand (b, TRUE);

  /* A layer with no parent is added as it is attached, as GTK's and
   * Clutter's grids add it */
  {
    GskLayer *d = gsk_layer_new ();

    gsk_layer_set_preferred_size (d, &GRAPHENE_SIZE_INIT (10, 10));
    gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), d, 2, 0, 1, 1);
    g_assert_true (gsk_layer_get_parent (d) == root);
    g_assert_true (gsk_layer_get_last_child (root) == d);
    frame (root);
    assert_placed (d, 290, 0, 10, 30);
  }

  /* Bad input */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*column_span > 0*");
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), a, 0, 0, 0, 1);
  g_test_assert_expected_messages ();

  g_object_unref (grid);
  g_assert_finalize_object (root);
}

/* A container resized inside its easing state: frame by frame, its
 * children follow the size on screen, never ahead of it or behind */
static void
test_container_resized (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = container (gsk_layer_bin_layout_new (), 100, 100);
  GskLayer *fill = child_of (root, 10, 10);
  GskLayer *centred = child_of (root, 20, 20);
  int i;

  gsk_layer_set_x_align (centred, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_frame_clock (root, clock);
  frame (root);

  gsk_layer_save_easing_state (root);
  gsk_layer_set_easing_duration (root, 1000);
  gsk_layer_set_easing_mode (root, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (300, 100));
  gsk_layer_restore_easing_state (root);

  for (i = 1; i <= 12; i++)
    {
      GValue v = G_VALUE_INIT;
      graphene_size_t on_screen, s;
      graphene_point_t p;

      gsk_layer_manual_clock_advance (manual, 100 * 1000);
      frame (root);
      g_assert_true (gsk_layer_get_presentation_value (root, "size", &v));
      on_screen = *(graphene_size_t *) g_value_get_boxed (&v);
      g_value_unset (&v);
      g_assert_cmpfloat_with_epsilon (on_screen.width, MIN (100 + 20 * i, 300), 1e-3);
      g_assert_true (gsk_layer_get_presentation_value (fill, "size", &v));
      s = *(graphene_size_t *) g_value_get_boxed (&v);
      g_value_unset (&v);
      g_assert_cmpfloat_with_epsilon (s.width, on_screen.width, 1e-3);
      g_assert_true (gsk_layer_get_presentation_value (centred, "position", &v));
      p = *(graphene_point_t *) g_value_get_boxed (&v);
      g_value_unset (&v);
      g_assert_cmpfloat_with_epsilon (p.x, (on_screen.width - 20) / 2, 1e-3);
    }

  gsk_layer_set_frame_clock (root, NULL);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Scene files: a grid, its children's cells, saved back */
static void
test_scene_grid (void)
{
  const char *json =
    "{ \"size\": [200, 100], \"root\": { \"type\": \"GskLayer\", \"size\": [200, 100],\n"
    "  \"layout-manager\": { \"type\": \"GskLayerGridLayout\", \"column-spacing\": 10 },\n"
    "  \"children\": [\n"
    "    { \"type\": \"GskLayer\", \"id\": \"a\", \"preferred-size\": [40, 20] },\n"
    "    { \"type\": \"GskLayer\", \"id\": \"b\", \"preferred-size\": [40, 20], \"grid-cell\": [1, 0, 1, 1] },\n"
    "    { \"type\": \"GskLayer\", \"id\": \"c\", \"preferred-size\": [90, 20], \"grid-cell\": [0, 1, 2, 1] } ] } }";
  const char *not_grid =
    "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\", \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"grid-cell\": [0, 0, 1, 1] } ] } }";
  const char *bad_span =
    "{ \"size\": [10, 10], \"root\": { \"type\": \"GskLayer\", \"children\": [\n"
    "  { \"type\": \"GskLayer\", \"grid-cell\": [0, 0, 0, 1] } ] } }";
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerScene) scene = gsk_layer_scene_new_from_data (json, -1, "grid.json", &error);
  g_autoptr (GskLayerScene) again = NULL, broken = NULL;
  g_autofree char *data = NULL, *data2 = NULL;

  g_assert_no_error (error);
  frame (gsk_layer_scene_get_root (scene));
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "a"), 0, 0, 40, 20);
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "b"), 50, 0, 40, 20);
  assert_placed (gsk_layer_scene_get_layer_by_id (scene, "c"), 0, 20, 90, 20);

  data = gsk_layer_scene_to_data (scene, NULL);
  g_assert_nonnull (strstr (data, "\"grid-cell\""));
  again = gsk_layer_scene_new_from_data (data, -1, "saved.json", &error);
  g_assert_no_error (error);
  data2 = gsk_layer_scene_to_data (again, NULL);
  g_assert_cmpstr (data, ==, data2);

  broken = gsk_layer_scene_new_from_data (not_grid, -1, "bad.json", &error);
  g_assert_null (broken);
  g_assert_cmpstr (error->message, ==, "bad.json:2:3: “grid-cell” needs a parent laid out by a GskLayerGridLayout");
  g_clear_error (&error);
  broken = gsk_layer_scene_new_from_data (bad_span, -1, "bad.json", &error);
  g_assert_null (broken);
  g_assert_cmpstr (error->message, ==, "bad.json:2:45: a grid span must be between 1 and 65535, not 0");
}

/* request-mode: a column flow asks for its height first, then the width
 * its columns take in that height */
static void
test_request_mode (void)
{
  GskLayer *root = container (gsk_layer_flow_layout_new (GSK_LAYER_ORIENTATION_VERTICAL), 10, 10);
  graphene_size_t nat;
  int i;

  for (i = 0; i < 4; i++)
    child_of (root, 30, 20);
  /* Width first: every child in one column, then the height that takes */
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.width, ==, 30);
  g_assert_cmpfloat (nat.height, ==, 80);

  g_object_set (gsk_layer_get_layout_manager (root), "max-children-per-line", 2u, NULL);
  gsk_layer_set_request_mode (root, GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT);
  g_assert_cmpint (gsk_layer_get_request_mode (root), ==, GSK_LAYER_REQUEST_WIDTH_FOR_HEIGHT);
  /* Height first: two to a column, then two columns side by side */
  gsk_layer_get_preferred_size (root, NULL, &nat);
  g_assert_cmpfloat (nat.height, ==, 40);
  g_assert_cmpfloat (nat.width, ==, 60);

  g_assert_finalize_object (root);
}

/* Issue 35, 1: cells are checked without sums that wrap around 2^32. A
 * column of G_MAXUINT spanning 2 wrapped to 1 and was taken; the next
 * layout pass read far outside its array. */
static void
test_grid_cells_past_limit (void)
{
  GskLayerLayoutManager *grid = gsk_layer_grid_layout_new ();
  GskLayer *root = container (g_object_ref (grid), 300, 200);
  GskLayer *child = child_of (root, 40, 20);
  guint column, row, cs, rs;
  const guint bad[][4] = {
    { G_MAXUINT, 0, 2, 1 }, { 0, G_MAXUINT, 1, 2 },
    { 65535, 0, G_MAXUINT, 1 }, { 0, 65535, 1, G_MAXUINT },
    { 65536, 0, 1, 1 }, { 0, 0, 65537, 1 }, { 1, 0, 65536, 1 },
  };

  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), child, 3, 4, 1, 1);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*65536*");
      gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), child, bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
      g_test_assert_expected_messages ();
      g_assert_true (gsk_layer_grid_layout_get_cell (GSK_LAYER_GRID_LAYOUT (grid), child, &column, &row, &cs, &rs));
      g_assert_cmpuint (column, ==, 3);
      g_assert_cmpuint (row, ==, 4);
      g_assert_cmpuint (cs, ==, 1);
      g_assert_cmpuint (rs, ==, 1);
    }
  frame (root);

  /* The last cell there is, and a span reaching it, are taken */
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), child, 65535, 0, 1, 1);
  gsk_layer_grid_layout_attach (GSK_LAYER_GRID_LAYOUT (grid), child, 0, 65534, 1, 2);
  g_assert_true (gsk_layer_grid_layout_get_cell (GSK_LAYER_GRID_LAYOUT (grid), child, &column, &row, &cs, &rs));
  g_assert_cmpuint (row + rs, ==, 65536);
  frame (root);

  g_object_unref (grid);
  g_assert_finalize_object (root);
}

/* Margins and constraint offsets are each valid, but their sums may
 * pass GSK_LAYER_MAX_COORDINATE: layout clamps what it places to the
 * limits rather than printing a critical and leaving the layer where it
 * was (issue 35, 6) */
static void
test_sums_past_limit (void)
{
  const float max = GSK_LAYER_MAX_COORDINATE;
  GskLayer *root = container (gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_HORIZONTAL), 300, 200);
  GskLayer *child = child_of (root, 40, 20);
  GskLayer *free_root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *source = gsk_layer_new ();
  GskLayer *bound = gsk_layer_new ();
  graphene_point_t p;
  graphene_size_t s;

  gsk_layer_set_margin (child, -max, 0, -max, 0);
  frame (root);
  gsk_layer_get_position (child, &p);
  gsk_layer_get_size (child, &s);
  g_test_message ("negative margins: at %g,%g, %gx%g", p.x, p.y, s.width, s.height);
  /* Across the row: stretched over the height and both margins, 200 +
   * 2 × max, clamped */
  g_assert_cmpfloat (p.y, ==, -max);
  g_assert_cmpfloat (s.height, ==, max);

  gsk_layer_set_margin (child, max, 0, max, 0);
  frame (root);
  gsk_layer_get_position (child, &p);
  gsk_layer_get_size (child, &s);
  g_assert_cmpfloat (p.y, ==, max);
  g_assert_cmpfloat (s.height, ==, 0);

  gsk_layer_set_size (free_root, &GRAPHENE_SIZE_INIT (300, 200));
  gsk_layer_set_position (source, &GRAPHENE_POINT_INIT (max - 1, -max + 1));
  gsk_layer_set_size (source, &GRAPHENE_SIZE_INIT (max, max));
  gsk_layer_add_child (free_root, source);
  gsk_layer_add_child (free_root, bound);
  add (bound, gsk_layer_bind_constraint_new (source, GSK_LAYER_BIND_X, 100));
  add (bound, gsk_layer_bind_constraint_new (source, GSK_LAYER_BIND_Y, -100));
  add (bound, gsk_layer_bind_constraint_new (source, GSK_LAYER_BIND_WIDTH, max));
  frame (free_root);
  gsk_layer_get_position (bound, &p);
  gsk_layer_get_size (bound, &s);
  g_assert_cmpfloat (p.x, ==, max);
  g_assert_cmpfloat (p.y, ==, -max);
  g_assert_cmpfloat (s.width, ==, max);

  g_assert_finalize_object (root);
  g_assert_finalize_object (free_root);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  renderer = gsk_layer_software_renderer_new ();

  g_test_add_func ("/layout/box-row", test_box_row);
  g_test_add_func ("/layout/box-column", test_box_column);
  g_test_add_func ("/layout/bin", test_bin);
  g_test_add_func ("/layout/nested", test_nested);
  g_test_add_func ("/layout/measure", test_measure);
  g_test_add_func ("/layout/subclass", test_subclass);
  g_test_add_func ("/layout/bad-input", test_bad_input);
  g_test_add_func ("/layout/flow", test_flow);
  g_test_add_func ("/layout/fixed", test_fixed);
  g_test_add_func ("/layout/request-mode", test_request_mode);
  g_test_add_func ("/layout/grid", test_grid);
  g_test_add_func ("/layout/grid/cells-past-limit", test_grid_cells_past_limit);
  g_test_add_func ("/layout/scene", test_scene);
  g_test_add_func ("/layout/scene-constraints", test_scene_constraints);
  g_test_add_func ("/layout/scene-grid", test_scene_grid);
  g_test_add_func ("/layout/constraints", test_constraints);
  g_test_add_func ("/layout/constraints/align-both", test_align_both);
  g_test_add_func ("/layout/sums-past-limit", test_sums_past_limit);
  g_test_add_func ("/layout/animate-with-container", test_animate_with_container);
  g_test_add_func ("/layout/container-resized", test_container_resized);
  g_test_add_func ("/layout/constraint-errors", test_constraint_errors);
  g_test_add_func ("/layout/constraint-follows-animation", test_constraint_follows_animation);
  g_test_add_func ("/layout/constraint-stable", test_constraint_stable);

  status = g_test_run ();
  g_object_unref (renderer);
  free_font_caches ();
  return status;
}
