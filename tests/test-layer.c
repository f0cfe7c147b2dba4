/* test-layer.c: the layer tree, its geometry, picking, requests, drawing
 * and damage
 *
 * Tests of known library bugs are registered only when the environment
 * variable GSK_LAYER_TEST_KNOWN_BUGS is set.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gsklayer.h>

#include "gsk-layer-private.h"

/* {{{ Helpers */

static GskLayer *
new_named (const char *name)
{
  GskLayer *layer = gsk_layer_new ();

  gsk_layer_set_name (layer, name);
  return layer;
}

static GskLayer *
new_rect (const char *name,
          float       x,
          float       y,
          float       width,
          float       height)
{
  GskLayer *layer = new_named (name);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (width, height));
  return layer;
}

static GskLayer *
new_root (const char *name,
          float       width,
          float       height)
{
  return g_object_ref_sink (new_rect (name, 0, 0, width, height));
}

static void
set_color (GskLayer *layer,
           float     r,
           float     g,
           float     b,
           float     a)
{
  gsk_layer_set_background_color (layer, &(GdkRGBA) { r, g, b, a });
}

static const char *
name_or_null (GskLayer *layer)
{
  return layer ? gsk_layer_get_name (layer) : "(null)";
}

/* The names of the children, space separated, walking both ways and by
 * index, which must agree */
static char *
children_names (GskLayer *parent)
{
  GString *forward = g_string_new (NULL);
  GString *backward = g_string_new (NULL);
  GPtrArray *reversed = g_ptr_array_new ();
  GskLayer *c;
  guint i;

  for (c = gsk_layer_get_first_child (parent), i = 0; c != NULL; c = gsk_layer_get_next_sibling (c), i++)
    {
      g_assert_true (gsk_layer_get_parent (c) == parent);
      g_assert_true (gsk_layer_get_child_at_index (parent, i) == c);
      g_string_append_printf (forward, "%s%s", i ? " " : "", gsk_layer_get_name (c));
    }
  g_assert_cmpuint (i, ==, gsk_layer_get_n_children (parent));
  g_assert_null (gsk_layer_get_child_at_index (parent, i));

  for (c = gsk_layer_get_last_child (parent); c != NULL; c = gsk_layer_get_previous_sibling (c))
    g_ptr_array_insert (reversed, 0, (gpointer) gsk_layer_get_name (c));
  for (i = 0; i < reversed->len; i++)
    g_string_append_printf (backward, "%s%s", i ? " " : "", (char *) g_ptr_array_index (reversed, i));

  g_assert_cmpstr (forward->str, ==, backward->str);

  g_ptr_array_unref (reversed);
  g_string_free (backward, TRUE);
  return g_string_free (forward, FALSE);
}

#define assert_children(parent, expected) G_STMT_START { \
  char *_names = children_names (parent); \
  g_assert_cmpstr (_names, ==, (expected)); \
  g_free (_names); \
} G_STMT_END

static cairo_surface_t *
create_target (int width,
               int height)
{
  return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
}

static guint32
get_pixel (cairo_surface_t *surface,
           int              x,
           int              y)
{
  guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);

  return ((guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x];
}

/* Renders and returns the damage's total area in pixels */
static int
render_area (GskLayerRenderer *renderer,
             GskLayer         *root,
             cairo_surface_t  *target)
{
  cairo_region_t *damage = gsk_layer_renderer_render (renderer, root, target);
  int i, area = 0;

  g_assert_nonnull (damage);
  for (i = 0; i < cairo_region_num_rectangles (damage); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (damage, i, &r);
      area += r.width * r.height;
    }
  cairo_region_destroy (damage);

  return area;
}

static void
render_once (GskLayer *root,
             int       width,
             int       height)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (width, height);

  render_area (renderer, root, target);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
}

static void
count_cb (gpointer data)
{
  (*(guint *) data)++;
}

static void
free_counter (gpointer  data,
              GClosure *closure)
{
  g_free (data);
}

/* A counter of notify::@property, freed with the handler */
static guint *
count_notify (gpointer    object,
              const char *property)
{
  guint *counter = g_new0 (guint, 1);
  char *signal = g_strconcat ("notify::", property, NULL);

  g_signal_connect_data (object, signal, G_CALLBACK (count_cb), counter,
                         free_counter, G_CONNECT_SWAPPED);
  g_free (signal);

  return counter;
}

/* }}} */
/* {{{ Tree */

static void
test_tree_add (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");
  GskLayer *c = new_named ("c");
  GskLayer *d = new_named ("d");
  GskLayer *other = g_object_ref_sink (new_named ("other"));

  g_assert_null (gsk_layer_get_parent (root));
  g_assert_null (gsk_layer_get_first_child (root));
  g_assert_null (gsk_layer_get_last_child (root));
  g_assert_cmpuint (gsk_layer_get_n_children (root), ==, 0);
  g_assert_null (gsk_layer_get_child_at_index (root, 0));

  gsk_layer_add_child (root, a);
  g_assert_false (g_object_is_floating (a));
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, c);
  gsk_layer_add_child (b, d);

  assert_children (root, "a b c");
  assert_children (b, "d");
  g_assert_true (gsk_layer_get_first_child (root) == a);
  g_assert_true (gsk_layer_get_last_child (root) == c);
  g_assert_true (gsk_layer_get_next_sibling (a) == b);
  g_assert_null (gsk_layer_get_next_sibling (c));
  g_assert_null (gsk_layer_get_previous_sibling (a));
  g_assert_true (gsk_layer_get_previous_sibling (c) == b);
  g_assert_cmpuint (gsk_layer_get_n_children (root), ==, 3);
  g_assert_true (gsk_layer_get_child_at_index (root, 2) == c);
  g_assert_null (gsk_layer_get_child_at_index (root, 3));
  g_assert_null (gsk_layer_get_child_at_index (root, G_MAXUINT));

  g_assert_true (gsk_layer_get_parent (d) == b);
  g_assert_true (gsk_layer_get_root (d) == root);
  g_assert_true (gsk_layer_get_root (root) == root);
  g_assert_true (gsk_layer_get_root (other) == other);

  g_assert_true (gsk_layer_contains (root, root));
  g_assert_true (gsk_layer_contains (root, d));
  g_assert_true (gsk_layer_contains (b, d));
  g_assert_false (gsk_layer_contains (a, d));
  g_assert_false (gsk_layer_contains (d, b));
  g_assert_false (gsk_layer_contains (root, other));

  g_assert_finalize_object (other);
  g_assert_finalize_object (root);
}

static void
test_tree_insert_at_index (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));

  gsk_layer_insert_child_at_index (root, new_named ("a"), 0);
  assert_children (root, "a");
  gsk_layer_insert_child_at_index (root, new_named ("b"), 0);
  assert_children (root, "b a");
  gsk_layer_insert_child_at_index (root, new_named ("c"), 1);
  assert_children (root, "b c a");
  gsk_layer_insert_child_at_index (root, new_named ("d"), 3);
  assert_children (root, "b c a d");
  gsk_layer_insert_child_at_index (root, new_named ("e"), 2);
  assert_children (root, "b c e a d");
  /* Negative and past the end append */
  gsk_layer_insert_child_at_index (root, new_named ("f"), -1);
  assert_children (root, "b c e a d f");
  gsk_layer_insert_child_at_index (root, new_named ("g"), G_MININT);
  assert_children (root, "b c e a d f g");
  gsk_layer_insert_child_at_index (root, new_named ("h"), 100);
  assert_children (root, "b c e a d f g h");
  gsk_layer_insert_child_at_index (root, new_named ("i"), G_MAXINT);
  assert_children (root, "b c e a d f g h i");
  gsk_layer_insert_child_at_index (root, new_named ("j"), 7);
  assert_children (root, "b c e a d f g j h i");

  g_assert_finalize_object (root);
}

static void
test_tree_insert_above (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);

  gsk_layer_insert_child_above (root, new_named ("c"), a);
  assert_children (root, "a c b");
  gsk_layer_insert_child_above (root, new_named ("d"), b);
  assert_children (root, "a c b d");
  /* NULL: on top */
  gsk_layer_insert_child_above (root, new_named ("e"), NULL);
  assert_children (root, "a c b d e");
  gsk_layer_insert_child_above (root, new_named ("f"), a);
  assert_children (root, "a f c b d e");

  /* Into an empty parent */
  gsk_layer_insert_child_above (a, new_named ("g"), NULL);
  assert_children (a, "g");

  g_assert_finalize_object (root);
}

static void
test_tree_insert_below (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);

  gsk_layer_insert_child_below (root, new_named ("c"), b);
  assert_children (root, "a c b");
  gsk_layer_insert_child_below (root, new_named ("d"), a);
  assert_children (root, "d a c b");
  /* NULL: at the bottom */
  gsk_layer_insert_child_below (root, new_named ("e"), NULL);
  assert_children (root, "e d a c b");
  gsk_layer_insert_child_below (root, new_named ("f"), b);
  assert_children (root, "e d a c f b");

  gsk_layer_insert_child_below (a, new_named ("g"), NULL);
  assert_children (a, "g");

  g_assert_finalize_object (root);
}

static void
test_tree_remove (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");
  GskLayer *c = new_named ("c");
  GskLayer *d = new_named ("d");
  GskLayer *e = new_named ("e");

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, c);
  gsk_layer_add_child (root, d);
  gsk_layer_add_child (b, e);

  g_object_ref (a);
  g_object_ref (b);
  g_object_ref (c);
  g_object_ref (d);

  /* Middle, first, last, only */
  gsk_layer_remove_child (root, b);
  assert_children (root, "a c d");
  g_assert_null (gsk_layer_get_parent (b));
  g_assert_null (gsk_layer_get_next_sibling (b));
  g_assert_null (gsk_layer_get_previous_sibling (b));
  g_assert_true (gsk_layer_get_root (e) == b);
  g_assert_false (gsk_layer_contains (root, e));
  assert_children (b, "e");

  gsk_layer_remove_child (root, a);
  assert_children (root, "c d");
  gsk_layer_remove_child (root, d);
  assert_children (root, "c");
  gsk_layer_remove_child (root, c);
  assert_children (root, "");
  g_assert_null (gsk_layer_get_first_child (root));
  g_assert_null (gsk_layer_get_last_child (root));

  /* A removed layer can be added again, elsewhere */
  gsk_layer_add_child (a, c);
  assert_children (a, "c");
  gsk_layer_add_child (root, a);
  g_assert_true (gsk_layer_get_root (c) == root);

  g_object_unref (c);
  g_object_unref (a);
  g_assert_finalize_object (b);
  g_assert_finalize_object (d);
  g_assert_finalize_object (root);
}

static void
test_tree_replace (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");
  GskLayer *c = new_named ("c");
  GskLayer *x = new_named ("x");
  GskLayer *y = new_named ("y");
  GskLayer *z = new_named ("z");

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, c);
  g_object_add_weak_pointer (G_OBJECT (b), (gpointer *) &b);

  gsk_layer_replace_child (root, b, x);
  assert_children (root, "a x c");
  /* The only reference was the parent's */
  g_assert_null (b);
  gsk_layer_replace_child (root, a, y);
  assert_children (root, "y x c");
  gsk_layer_replace_child (root, c, z);
  assert_children (root, "y x z");
  g_assert_true (gsk_layer_get_parent (z) == root);

  g_assert_finalize_object (root);
}

static void
test_tree_remove_all (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *kept = g_object_ref (new_named ("kept"));
  GskLayer *gone = new_named ("gone");
  guint removed = 0;

  gsk_layer_add_child (root, kept);
  gsk_layer_add_child (root, gone);
  gsk_layer_add_child (root, new_named ("c"));
  gsk_layer_add_child (gone, new_named ("grandchild"));
  g_object_add_weak_pointer (G_OBJECT (gone), (gpointer *) &gone);
  g_signal_connect_swapped (root, "child-removed", G_CALLBACK (count_cb), &removed);

  gsk_layer_remove_all_children (root);
  g_assert_cmpuint (removed, ==, 3);
  assert_children (root, "");
  g_assert_null (gone);
  g_assert_null (gsk_layer_get_parent (kept));

  /* On an empty layer: nothing happens */
  gsk_layer_remove_all_children (root);
  g_assert_cmpuint (removed, ==, 3);

  g_assert_finalize_object (kept);
  g_assert_finalize_object (root);
}

static void
test_tree_references (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *child = new_named ("child");
  GskLayer *grandchild = new_named ("grandchild");

  g_assert_true (g_object_is_floating (child));
  g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &child);
  g_object_add_weak_pointer (G_OBJECT (grandchild), (gpointer *) &grandchild);

  gsk_layer_add_child (root, child);
  gsk_layer_add_child (child, grandchild);
  g_assert_false (g_object_is_floating (child));

  /* Alive while in the tree, with no reference of ours */
  g_assert_nonnull (child);
  g_assert_true (GSK_IS_LAYER (child));
  g_assert_true (GSK_IS_LAYER (grandchild));

  /* Finalized with its subtree when removed */
  gsk_layer_remove_child (root, child);
  g_assert_null (child);
  g_assert_null (grandchild);

  /* A parent that goes takes its children */
  child = new_named ("child2");
  g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &child);
  gsk_layer_add_child (root, child);
  g_assert_finalize_object (root);
  g_assert_null (child);
}

typedef struct {
  guint n_added;
  guint n_removed;
  GskLayer *last_added;
  GskLayer *last_removed;
  gboolean removed_still_alive;
} SignalRecord;

static void
child_added_cb (GskLayer     *parent,
                GskLayer     *child,
                SignalRecord *rec)
{
  rec->n_added++;
  rec->last_added = child;
  g_assert_true (gsk_layer_get_parent (child) == parent);
}

static void
child_removed_cb (GskLayer     *parent,
                  GskLayer     *child,
                  SignalRecord *rec)
{
  rec->n_removed++;
  rec->last_removed = child;
  rec->removed_still_alive = GSK_IS_LAYER (child);
  g_assert_null (gsk_layer_get_parent (child));
}

static void
test_tree_signals (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");
  GskLayer *c = new_named ("c");
  SignalRecord rec = { 0, };

  g_signal_connect (root, "child-added", G_CALLBACK (child_added_cb), &rec);
  g_signal_connect (root, "child-removed", G_CALLBACK (child_removed_cb), &rec);

  gsk_layer_add_child (root, a);
  g_assert_cmpuint (rec.n_added, ==, 1);
  g_assert_true (rec.last_added == a);
  gsk_layer_insert_child_at_index (root, b, 0);
  g_assert_cmpuint (rec.n_added, ==, 2);
  g_assert_true (rec.last_added == b);
  g_assert_cmpuint (rec.n_removed, ==, 0);

  /* Grandchildren are not the root's business */
  gsk_layer_add_child (a, new_named ("grandchild"));
  g_assert_cmpuint (rec.n_added, ==, 2);

  gsk_layer_remove_child (root, b);
  g_assert_cmpuint (rec.n_removed, ==, 1);
  g_assert_true (rec.last_removed == b);
  g_assert_true (rec.removed_still_alive);

  gsk_layer_replace_child (root, a, c);
  g_assert_cmpuint (rec.n_removed, ==, 2);
  g_assert_true (rec.last_removed == a);
  g_assert_cmpuint (rec.n_added, ==, 3);
  g_assert_true (rec.last_added == c);

  g_signal_handlers_disconnect_by_data (root, &rec);
  g_assert_finalize_object (root);
}

/* }}} */

static void
add_known_bug (const char     *path,
               GTestFunc       func)
{
  if (g_getenv ("GSK_LAYER_TEST_KNOWN_BUGS") != NULL)
    g_test_add_func (path, func);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layer/tree/add", test_tree_add);
  g_test_add_func ("/layer/tree/insert-at-index", test_tree_insert_at_index);
  g_test_add_func ("/layer/tree/insert-above", test_tree_insert_above);
  g_test_add_func ("/layer/tree/insert-below", test_tree_insert_below);
  g_test_add_func ("/layer/tree/remove", test_tree_remove);
  g_test_add_func ("/layer/tree/replace", test_tree_replace);
  g_test_add_func ("/layer/tree/remove-all", test_tree_remove_all);
  g_test_add_func ("/layer/tree/references", test_tree_references);
  g_test_add_func ("/layer/tree/signals", test_tree_signals);

  (void) add_known_bug;

  return g_test_run ();
}
