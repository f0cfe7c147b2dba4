/* test-layer.c: the layer tree, its geometry, picking, requests, drawing
 * and damage
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
/* {{{ Iter */

static GskLayer *
new_parent_with_children (const char *names)
{
  GskLayer *parent = g_object_ref_sink (new_named ("parent"));
  char **split = g_strsplit (names, " ", -1);
  guint i;

  for (i = 0; split[i] != NULL; i++)
    gsk_layer_add_child (parent, new_named (split[i]));
  g_strfreev (split);

  return parent;
}

static void
test_iter_next (void)
{
  GskLayer *parent = new_parent_with_children ("a b c d");
  GskLayer *empty = g_object_ref_sink (new_named ("empty"));
  GString *seen = g_string_new (NULL);
  GskLayerIter iter;
  GskLayer *child;

  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_is_valid (&iter));
  while (gsk_layer_iter_next (&iter, &child))
    g_string_append (seen, gsk_layer_get_name (child));
  g_assert_cmpstr (seen->str, ==, "abcd");
  g_assert_true (gsk_layer_iter_is_valid (&iter));
  /* Stays at the end */
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  /* The child argument is optional */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, NULL));

  gsk_layer_iter_init (&iter, empty);
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  gsk_layer_iter_init (&iter, empty);
  g_assert_false (gsk_layer_iter_prev (&iter, &child));

  g_string_free (seen, TRUE);
  g_assert_finalize_object (empty);
  g_assert_finalize_object (parent);
}

static void
test_iter_prev (void)
{
  GskLayer *parent = new_parent_with_children ("a b c d");
  GString *seen = g_string_new (NULL);
  GskLayerIter iter;
  GskLayer *child;

  /* A fresh iterator goes back from the last child */
  gsk_layer_iter_init (&iter, parent);
  while (gsk_layer_iter_prev (&iter, &child))
    g_string_append (seen, gsk_layer_get_name (child));
  g_assert_cmpstr (seen->str, ==, "dcba");

  /* Back and forth */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "a");
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "b");
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "c");
  g_assert_true (gsk_layer_iter_prev (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "b");
  g_assert_true (gsk_layer_iter_prev (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "a");
  g_assert_false (gsk_layer_iter_prev (&iter, &child));

  /* Past the end, prev comes back to the last child */
  gsk_layer_iter_init (&iter, parent);
  while (gsk_layer_iter_next (&iter, NULL))
    ;
  g_assert_true (gsk_layer_iter_prev (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "d");

  g_string_free (seen, TRUE);
  g_assert_finalize_object (parent);
}

static void
test_iter_remove (void)
{
  GskLayer *parent = new_parent_with_children ("a b c d e f g");
  GString *seen = g_string_new (NULL);
  GskLayer *removed[4];
  GskLayerIter iter;
  GskLayer *child;
  guint i = 0, n_removed = 0;

  gsk_layer_iter_init (&iter, parent);
  while (gsk_layer_iter_next (&iter, &child))
    {
      g_string_append (seen, gsk_layer_get_name (child));
      if (i++ % 2 == 0)
        {
          removed[n_removed] = child;
          g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &removed[n_removed]);
          n_removed++;
          gsk_layer_iter_remove (&iter);
          g_assert_true (gsk_layer_iter_is_valid (&iter));
        }
    }
  /* Every child visited once, every other one removed and finalized */
  g_assert_cmpstr (seen->str, ==, "abcdefg");
  g_assert_cmpuint (n_removed, ==, 4);
  for (i = 0; i < n_removed; i++)
    g_assert_null (removed[i]);
  assert_children (parent, "b d f");

  /* prev after a remove goes to the child before the removed one */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "d");
  gsk_layer_iter_remove (&iter);
  g_assert_true (gsk_layer_iter_prev (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "b");
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "f");
  /* Removing the last child ends the iteration */
  gsk_layer_iter_remove (&iter);
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  assert_children (parent, "b");

  /* Backwards, removing everything */
  gsk_layer_add_child (parent, new_named ("x"));
  gsk_layer_add_child (parent, new_named ("y"));
  gsk_layer_iter_init (&iter, parent);
  while (gsk_layer_iter_prev (&iter, &child))
    gsk_layer_iter_remove (&iter);
  assert_children (parent, "");

  g_string_free (seen, TRUE);
  g_assert_finalize_object (parent);
}

static void
test_iter_changed (void)
{
  GskLayer *parent = new_parent_with_children ("a b c");
  GskLayer *other = new_parent_with_children ("o");
  GskLayerIter iter;
  GskLayer *child;

  /* Adding */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  gsk_layer_add_child (parent, new_named ("d"));
  g_assert_false (gsk_layer_iter_is_valid (&iter));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*changed while*");
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  g_test_assert_expected_messages ();
  /* It stays ended, without warning again */
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  g_assert_false (gsk_layer_iter_prev (&iter, &child));

  /* Removing, seen by prev */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  gsk_layer_remove_child (parent, gsk_layer_get_first_child (parent));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*changed while*");
  g_assert_false (gsk_layer_iter_prev (&iter, &child));
  g_test_assert_expected_messages ();

  /* Removing, then iter_remove */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  gsk_layer_remove_child (parent, gsk_layer_get_last_child (parent));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*changed while*");
  gsk_layer_iter_remove (&iter);
  g_test_assert_expected_messages ();
  /* The iterator did not remove anything */
  assert_children (parent, "b c");

  /* Reordering through replace */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  gsk_layer_replace_child (parent, child, new_named ("z"));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_WARNING, "*changed while*");
  g_assert_false (gsk_layer_iter_next (&iter, &child));
  g_test_assert_expected_messages ();

  /* Changes to other layers, even grandchildren, do not matter */
  gsk_layer_iter_init (&iter, parent);
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  gsk_layer_add_child (child, new_named ("grandchild"));
  gsk_layer_add_child (other, new_named ("p"));
  gsk_layer_set_opacity (child, 0.5f);
  g_assert_true (gsk_layer_iter_is_valid (&iter));
  g_assert_true (gsk_layer_iter_next (&iter, &child));
  g_assert_cmpstr (gsk_layer_get_name (child), ==, "c");

  g_assert_finalize_object (other);
  g_assert_finalize_object (parent);
}

/* }}} */

/* {{{ Traverse */

/* root
 * ├ a
 * │ ├ a1
 * │ └ a2
 * ├ b
 * │ └ b1
 * │   └ b1x
 * └ c
 */
static GskLayer *
new_traverse_tree (void)
{
  GskLayer *root = g_object_ref_sink (new_named ("root"));
  GskLayer *a = new_named ("a");
  GskLayer *b = new_named ("b");
  GskLayer *b1 = new_named ("b1");

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, new_named ("c"));
  gsk_layer_add_child (a, new_named ("a1"));
  gsk_layer_add_child (a, new_named ("a2"));
  gsk_layer_add_child (b, b1);
  gsk_layer_add_child (b1, new_named ("b1x"));

  return root;
}

static GskLayerTraverseResult
find_cb (GskLayer *layer,
         int       depth,
         gpointer  user_data)
{
  gpointer *data = user_data;

  if (g_strcmp0 (gsk_layer_get_name (layer), data[0]) == 0)
    {
      data[1] = layer;
      return GSK_LAYER_TRAVERSE_STOP;
    }

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

static GskLayer *
find_named (GskLayer   *root,
            const char *name)
{
  gpointer data[2] = { (gpointer) name, NULL };

  gsk_layer_traverse (root, GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE, find_cb, data);
  return data[1];
}

typedef struct {
  GString *visits;
  GskLayer *root;
  const char *skip_at;
  const char *stop_at;
  /* When visiting remove_at, remove the layers named in remove_names */
  const char *remove_at;
  const char *remove_names;
  guint n_added;
  guint max_added;
} TraverseRecord;

static GskLayerTraverseResult
record_cb (GskLayer *layer,
           int       depth,
           gpointer  user_data)
{
  TraverseRecord *rec = user_data;
  const char *name = gsk_layer_get_name (layer);

  g_assert_true (GSK_IS_LAYER (layer));
  g_string_append_printf (rec->visits, "%s%s:%d", rec->visits->len ? " " : "", name, depth);

  if (g_strcmp0 (name, rec->remove_at) == 0)
    {
      char **names = g_strsplit (rec->remove_names, " ", -1);
      guint i;

      for (i = 0; names[i] != NULL; i++)
        {
          GskLayer *victim = find_named (rec->root, names[i]);

          g_assert_nonnull (victim);
          gsk_layer_remove_child (gsk_layer_get_parent (victim), victim);
        }
      g_strfreev (names);
    }

  /* Adds a child to the visited layer and one at the bottom of the root */
  if (rec->n_added < rec->max_added)
    {
      char *new_name = g_strdup_printf ("n%u", rec->n_added++);

      gsk_layer_add_child (layer, new_named (new_name));
      gsk_layer_insert_child_at_index (rec->root, new_named (new_name), 0);
      g_free (new_name);
    }

  if (g_strcmp0 (name, rec->stop_at) == 0)
    return GSK_LAYER_TRAVERSE_STOP;
  if (g_strcmp0 (name, rec->skip_at) == 0)
    return GSK_LAYER_TRAVERSE_SKIP_CHILDREN;
  return GSK_LAYER_TRAVERSE_CONTINUE;
}

/* Traverses a fresh tree with @rec's settings and checks the visits */
static void
check_traverse (GskLayerTraverseOrder  order,
                TraverseRecord        *rec,
                const char            *expected)
{
  GskLayer *root = new_traverse_tree ();

  rec->root = root;
  rec->visits = g_string_new (NULL);
  gsk_layer_traverse (root, order, record_cb, rec);
  g_assert_cmpstr (rec->visits->str, ==, expected);
  g_string_free (rec->visits, TRUE);
  g_assert_finalize_object (root);
}

#define PRE GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE
#define POST GSK_LAYER_TRAVERSE_DEPTH_FIRST_POST
#define BREADTH GSK_LAYER_TRAVERSE_BREADTH_FIRST

static void
test_traverse_order (void)
{
  GskLayer *root;
  TraverseRecord rec = { 0, };

  check_traverse (PRE, &(TraverseRecord) { 0, },
                  "root:0 a:1 a1:2 a2:2 b:1 b1:2 b1x:3 c:1");
  check_traverse (POST, &(TraverseRecord) { 0, },
                  "a1:2 a2:2 a:1 b1x:3 b1:2 b:1 c:1 root:0");
  check_traverse (BREADTH, &(TraverseRecord) { 0, },
                  "root:0 a:1 b:1 c:1 a1:2 a2:2 b1:2 b1x:3");

  /* From a layer inside a tree: depths count from it */
  root = new_traverse_tree ();
  rec.root = root;
  rec.visits = g_string_new (NULL);
  gsk_layer_traverse (find_named (root, "b"), PRE, record_cb, &rec);
  g_assert_cmpstr (rec.visits->str, ==, "b:0 b1:1 b1x:2");
  g_string_truncate (rec.visits, 0);
  gsk_layer_traverse (find_named (root, "b"), BREADTH, record_cb, &rec);
  g_assert_cmpstr (rec.visits->str, ==, "b:0 b1:1 b1x:2");
  g_string_truncate (rec.visits, 0);
  gsk_layer_traverse (find_named (root, "c"), POST, record_cb, &rec);
  g_assert_cmpstr (rec.visits->str, ==, "c:0");
  g_string_free (rec.visits, TRUE);
  g_assert_finalize_object (root);
}

static void
test_traverse_skip_children (void)
{
  check_traverse (PRE, &(TraverseRecord) { .skip_at = "a" },
                  "root:0 a:1 b:1 b1:2 b1x:3 c:1");
  check_traverse (PRE, &(TraverseRecord) { .skip_at = "b1" },
                  "root:0 a:1 a1:2 a2:2 b:1 b1:2 c:1");
  check_traverse (BREADTH, &(TraverseRecord) { .skip_at = "a" },
                  "root:0 a:1 b:1 c:1 b1:2 b1x:3");
  check_traverse (BREADTH, &(TraverseRecord) { .skip_at = "root" },
                  "root:0");
}

static void
test_traverse_stop (void)
{
  check_traverse (PRE, &(TraverseRecord) { .stop_at = "b1" },
                  "root:0 a:1 a1:2 a2:2 b:1 b1:2");
  check_traverse (POST, &(TraverseRecord) { .stop_at = "b" },
                  "a1:2 a2:2 a:1 b1x:3 b1:2 b:1");
  check_traverse (BREADTH, &(TraverseRecord) { .stop_at = "a1" },
                  "root:0 a:1 b:1 c:1 a1:2");
  check_traverse (PRE, &(TraverseRecord) { .stop_at = "root" },
                  "root:0");
}

static void
test_traverse_remove_unvisited (void)
{
  /* A later sibling and a nephew */
  check_traverse (PRE, &(TraverseRecord) { .remove_at = "a", .remove_names = "c b1" },
                  "root:0 a:1 a1:2 a2:2 b:1");
  /* A later sibling, and an uncle with its subtree */
  check_traverse (PRE, &(TraverseRecord) { .remove_at = "a1", .remove_names = "a2 b" },
                  "root:0 a:1 a1:2 c:1");
  check_traverse (POST, &(TraverseRecord) { .remove_at = "a1", .remove_names = "c b1x" },
                  "a1:2 a2:2 a:1 b1:2 b:1 root:0");
  check_traverse (BREADTH, &(TraverseRecord) { .remove_at = "a", .remove_names = "c a2 b1" },
                  "root:0 a:1 b:1 a1:2");
  /* The layer being visited itself: its children are not visited */
  check_traverse (PRE, &(TraverseRecord) { .remove_at = "b", .remove_names = "b" },
                  "root:0 a:1 a1:2 a2:2 b:1 c:1");
  check_traverse (BREADTH, &(TraverseRecord) { .remove_at = "b", .remove_names = "b" },
                  "root:0 a:1 b:1 c:1 a1:2 a2:2");
  check_traverse (POST, &(TraverseRecord) { .remove_at = "b1x", .remove_names = "b1x" },
                  "a1:2 a2:2 a:1 b1x:3 b1:2 b:1 c:1 root:0");
}

static void
test_traverse_add (void)
{
  GskLayerTraverseOrder orders[] = { PRE, POST, BREADTH };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      GskLayer *root = new_traverse_tree ();
      TraverseRecord rec = { g_string_new (NULL), root, .max_added = 20 };
      char **visits;
      guint n;

      gsk_layer_traverse (root, orders[i], record_cb, &rec);
      visits = g_strsplit (rec.visits->str, " ", -1);
      n = g_strv_length (visits);
      /* Every original layer was visited; new layers may have been */
      g_assert_cmpuint (n, >=, 8);
      g_assert_cmpuint (n, <=, 8 + 2 * rec.max_added);
      g_assert_true (g_strv_contains ((const char * const *) visits, "root:0"));
      g_assert_true (g_strv_contains ((const char * const *) visits, "a2:2"));
      g_assert_true (g_strv_contains ((const char * const *) visits, "b1x:3"));
      g_assert_true (g_strv_contains ((const char * const *) visits, "c:1"));
      g_assert_cmpuint (rec.n_added, >=, 8);
      g_assert_cmpuint (gsk_layer_get_n_children (root), >=, 3 + 8);
      g_strfreev (visits);
      g_string_free (rec.visits, TRUE);
      g_assert_finalize_object (root);
    }
}

#define DEEP 100000

typedef struct {
  guint n;
  int max_depth;
  int first_depth;
  int last_depth;
} DeepRecord;

static GskLayerTraverseResult
deep_cb (GskLayer *layer,
         int       depth,
         gpointer  user_data)
{
  DeepRecord *rec = user_data;

  if (rec->n == 0)
    rec->first_depth = depth;
  rec->last_depth = depth;
  rec->n++;
  rec->max_depth = MAX (rec->max_depth, depth);

  return GSK_LAYER_TRAVERSE_CONTINUE;
}

/* A chain of @length layers of 64×64 whose leaf is a 32×32 red square
 * at (1, 1) */
static GskLayer *
new_chain (guint      length,
           GskLayer **out_leaf,
           gboolean   bottom_up)
{
  GskLayer *root, *leaf, *l;
  guint i;

  if (bottom_up)
    {
      l = leaf = new_rect ("leaf", 1, 1, 32, 32);
      for (i = 1; i < length; i++)
        {
          GskLayer *p = new_rect (NULL, 0, 0, 64, 64);

          gsk_layer_add_child (p, l);
          l = p;
        }
      root = g_object_ref_sink (l);
    }
  else
    {
      l = root = g_object_ref_sink (new_rect (NULL, 0, 0, 64, 64));
      for (i = 1; i < length; i++)
        {
          GskLayer *c = new_rect (NULL, 0, 0, 64, 64);

          gsk_layer_add_child (l, c);
          l = c;
        }
      leaf = l;
      gsk_layer_set_name (leaf, "leaf");
      gsk_layer_set_position (leaf, &GRAPHENE_POINT_INIT (1, 1));
      gsk_layer_set_size (leaf, &GRAPHENE_SIZE_INIT (32, 32));
    }
  set_color (leaf, 1, 0, 0, 1);

  if (out_leaf)
    *out_leaf = leaf;
  return root;
}

static void
check_deep_chain (gboolean bottom_up)
{
  GskLayer *leaf, *root;
  DeepRecord rec;
  graphene_point_t p;
  double elapsed;

  g_test_timer_start ();
  root = new_chain (DEEP, &leaf, bottom_up);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("building a chain of %d %s: %.2fs", DEEP,
                  bottom_up ? "bottom-up" : "top-down", elapsed);
  g_assert_cmpfloat (elapsed, <, 10.0);

  g_assert_true (gsk_layer_get_root (leaf) == root);
  g_assert_true (gsk_layer_contains (root, leaf));

  rec = (DeepRecord) { 0, };
  gsk_layer_traverse (root, PRE, deep_cb, &rec);
  g_assert_cmpuint (rec.n, ==, DEEP);
  g_assert_cmpint (rec.max_depth, ==, DEEP - 1);
  g_assert_cmpint (rec.first_depth, ==, 0);
  g_assert_cmpint (rec.last_depth, ==, DEEP - 1);

  rec = (DeepRecord) { 0, };
  gsk_layer_traverse (root, POST, deep_cb, &rec);
  g_assert_cmpuint (rec.n, ==, DEEP);
  g_assert_cmpint (rec.first_depth, ==, DEEP - 1);
  g_assert_cmpint (rec.last_depth, ==, 0);

  rec = (DeepRecord) { 0, };
  gsk_layer_traverse (root, BREADTH, deep_cb, &rec);
  g_assert_cmpuint (rec.n, ==, DEEP);
  g_assert_cmpint (rec.first_depth, ==, 0);
  g_assert_cmpint (rec.last_depth, ==, DEEP - 1);

  /* Geometry and picking through the chain, without a frame */
  g_assert_true (gsk_layer_map_point (leaf, NULL, &GRAPHENE_POINT_INIT (0, 0), &p));
  g_assert_cmpfloat_with_epsilon (p.x, 1, 1e-4);
  g_assert_cmpfloat_with_epsilon (p.y, 1, 1e-4);
  g_assert_true (gsk_layer_pick (root, 10, 10) == leaf);

  g_assert_finalize_object (root);
}

static void
test_traverse_deep_top_down (void)
{
  check_deep_chain (FALSE);
}

/* Building a deep tree bottom-up stays linear in its depth (a
 * regression test: adding a never-drawn subtree once walked all of it) */
static void
test_traverse_deep_bottom_up (void)
{
  check_deep_chain (TRUE);
}

/* The first frame of a deep tree stays linear in its depth (a
 * regression test: the layout pass once walked to the root per layer) */
static void
test_traverse_deep_render (void)
{
  GskLayer *leaf;
  GskLayer *root = new_chain (DEEP, &leaf, FALSE);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (64, 64);
  double elapsed;

  g_test_timer_start ();
  render_area (renderer, root, target);
  elapsed = g_test_timer_elapsed ();
  g_test_message ("first frame of a chain of %d: %.2fs", DEEP, elapsed);
  g_assert_cmpfloat (elapsed, <, 10.0);

  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 0, 0), ==, 0);
  g_assert_cmphex (get_pixel (target, 40, 40), ==, 0);
  g_assert_true (gsk_layer_pick (root, 10, 10) == leaf);

  /* A change at the bottom */
  gsk_layer_set_position (leaf, &GRAPHENE_POINT_INIT (20, 20));
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0);
  g_assert_cmphex (get_pixel (target, 40, 40), ==, 0xffff0000);
  g_assert_true (gsk_layer_pick (root, 40, 40) == leaf);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* }}} */

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
  g_assert_cmpuint (n_pspecs, ==, 34);

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

static GskLayerTransform *
parse_transform (const char *string)
{
  GskLayerTransform *transform = NULL;
  GError *error = NULL;

  g_assert_true (gsk_layer_transform_parse (string, &transform, &error));
  g_assert_no_error (error);

  return transform;
}

static void
set_transform_string (GskLayer   *layer,
                      const char *string)
{
  GskLayerTransform *transform = parse_transform (string);

  gsk_layer_set_transform (layer, transform);
  g_clear_pointer (&transform, gsk_layer_transform_unref);
}

static void
set_child_transform_string (GskLayer   *layer,
                            const char *string)
{
  GskLayerTransform *transform = parse_transform (string);

  gsk_layer_set_child_transform (layer, transform);
  g_clear_pointer (&transform, gsk_layer_transform_unref);
}

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

#define assert_pick(root, x, y, expected) G_STMT_START { \
  GskLayer *_picked = gsk_layer_pick ((root), (x), (y)); \
  GskLayer *_expected = (expected); \
  if (_picked != _expected) \
    g_error ("%s:%d: picking (%g, %g) found %s instead of %s", __FILE__, __LINE__, \
             (double) (x), (double) (y), name_or_null (_picked), name_or_null (_expected)); \
} G_STMT_END

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

/* {{{ Requests */

/* A layer subclass that records what the tree asks of it */
#define TEST_TYPE_LAYER (test_layer_get_type ())
G_DECLARE_FINAL_TYPE (TestLayer, test_layer, TEST, LAYER, GskLayer)

typedef void (* TestLayerHook) (TestLayer *self, cairo_t *cr);

struct _TestLayer
{
  GskLayer parent_instance;

  gboolean intercept_redraw;
  guint n_redraws;
  GskLayer *last_origin;
  gboolean last_area_set;
  cairo_rectangle_int_t last_area;

  gboolean intercept_relayout;
  guint n_relayouts;
  guint n_layouts;
  /* layout_children() moves the first child to (n_layouts * 10, 0) */
  gboolean move_first_child;
  /* layout_children() removes the first child */
  gboolean remove_first_child;

  guint n_draws;
  double clip_x1, clip_y1, clip_x2, clip_y2;
  /* Filled in draw() if not transparent */
  GdkRGBA color;
  TestLayerHook draw_hook;
  gpointer hook_data;
};

G_DEFINE_TYPE (TestLayer, test_layer, GSK_TYPE_LAYER)

static gboolean
test_layer_queue_redraw (GskLayer                    *layer,
                         GskLayer                    *origin,
                         const cairo_rectangle_int_t *area)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_redraws++;
  self->last_origin = origin;
  self->last_area_set = area != NULL;
  if (area)
    self->last_area = *area;

  if (self->intercept_redraw)
    return TRUE;

  return GSK_LAYER_CLASS (test_layer_parent_class)->queue_redraw (layer, origin, area);
}

static gboolean
test_layer_queue_relayout (GskLayer *layer,
                           GskLayer *origin)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_relayouts++;
  if (self->intercept_relayout)
    return TRUE;

  return GSK_LAYER_CLASS (test_layer_parent_class)->queue_relayout (layer, origin);
}

static void
test_layer_layout_children (GskLayer *layer)
{
  TestLayer *self = TEST_LAYER (layer);
  GskLayer *child = gsk_layer_get_first_child (layer);

  self->n_layouts++;
  if (self->move_first_child && child != NULL)
    gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (self->n_layouts * 10, 0));
  if (self->remove_first_child && child != NULL)
    gsk_layer_remove_child (layer, child);
}

static void
test_layer_draw (GskLayer *layer,
                 cairo_t  *cr)
{
  TestLayer *self = TEST_LAYER (layer);

  self->n_draws++;
  cairo_clip_extents (cr, &self->clip_x1, &self->clip_y1, &self->clip_x2, &self->clip_y2);

  if (self->color.alpha > 0)
    {
      gdk_cairo_set_source_rgba (cr, &self->color);
      cairo_paint (cr);
    }

  if (self->draw_hook)
    self->draw_hook (self, cr);
}

static void
test_layer_class_init (TestLayerClass *klass)
{
  GskLayerClass *layer_class = GSK_LAYER_CLASS (klass);

  layer_class->queue_redraw = test_layer_queue_redraw;
  layer_class->queue_relayout = test_layer_queue_relayout;
  layer_class->layout_children = test_layer_layout_children;
  layer_class->draw = test_layer_draw;
}

static void
test_layer_init (TestLayer *self)
{
}

static TestLayer *
test_layer_new (const char *name,
                float       x,
                float       y,
                float       width,
                float       height)
{
  TestLayer *self = g_object_new (TEST_TYPE_LAYER, "name", name, NULL);

  gsk_layer_set_position (GSK_LAYER (self), &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (GSK_LAYER (self), &GRAPHENE_SIZE_INIT (width, height));
  return self;
}

static void
test_requests_intercept_redraw (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *interceptor = test_layer_new ("interceptor", 0, 0, 50, 50);
  GskLayer *child1 = new_rect ("child1", 0, 0, 10, 10);
  GskLayer *child2 = new_rect ("child2", 10, 0, 10, 10);
  GskLayer *grandchild = new_rect ("grandchild", 1, 1, 5, 5);

  gsk_layer_add_child (root, GSK_LAYER (interceptor));
  gsk_layer_add_child (GSK_LAYER (interceptor), child1);
  gsk_layer_add_child (GSK_LAYER (interceptor), child2);
  gsk_layer_add_child (child1, grandchild);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_once (root, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (root));

  interceptor->intercept_redraw = TRUE;
  interceptor->n_redraws = 0;

  gsk_layer_queue_redraw (child1, NULL);
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (interceptor->n_redraws, ==, 1);
  g_assert_true (interceptor->last_origin == child1);
  g_assert_false (interceptor->last_area_set);

  /* Another child, with an area */
  gsk_layer_queue_redraw (child2, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (interceptor->n_redraws, ==, 2);
  g_assert_true (interceptor->last_origin == child2);
  g_assert_true (interceptor->last_area_set);
  g_assert_cmpint (interceptor->last_area.x, ==, 1);
  g_assert_cmpint (interceptor->last_area.y, ==, 2);
  g_assert_cmpint (interceptor->last_area.width, ==, 3);
  g_assert_cmpint (interceptor->last_area.height, ==, 4);

  /* The first child again, and through a property change deeper down */
  gsk_layer_queue_redraw (child1, NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 3);
  g_assert_true (interceptor->last_origin == child1);
  set_color (grandchild, 1, 0, 0, 1);
  g_assert_cmpuint (interceptor->n_redraws, ==, 4);
  g_assert_true (interceptor->last_origin == grandchild);
  gsk_layer_set_opacity (child2, 0.5f);
  g_assert_cmpuint (interceptor->n_redraws, ==, 5);
  g_assert_true (interceptor->last_origin == child2);
  /* Its own */
  gsk_layer_queue_redraw (GSK_LAYER (interceptor), NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 6);
  g_assert_true (interceptor->last_origin == GSK_LAYER (interceptor));
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* Passing requests on: the top level gets them */
  interceptor->intercept_redraw = FALSE;
  gsk_layer_queue_redraw (child1, NULL);
  g_assert_cmpuint (interceptor->n_redraws, ==, 7);
  g_assert_true (interceptor->last_origin == child1);
  g_assert_true (gsk_layer_get_frame_pending (root));

  g_assert_finalize_object (root);
}

static void
test_requests_redraw_frame_pending (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *a = new_rect ("a", 0, 0, 50, 50);
  GskLayer *b = new_rect ("b", 0, 0, 10, 10);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, b);
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  gsk_layer_queue_redraw (b, NULL);
  g_assert_true (gsk_layer_get_frame_pending (root));
  /* Only the top level has frames */
  g_assert_false (gsk_layer_get_frame_pending (a));
  g_assert_false (gsk_layer_get_frame_pending (b));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* A second request in the same frame, from the same or another layer */
  gsk_layer_queue_redraw (b, &(cairo_rectangle_int_t) { 0, 0, 1, 1 });
  g_assert_true (gsk_layer_get_frame_pending (root));
  gsk_layer_queue_redraw (a, NULL);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  /* Property changes ask for a frame; no-op changes do not */
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (0, 0));
  g_assert_false (gsk_layer_get_frame_pending (root));
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (5, 0));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  gsk_layer_queue_relayout (b);
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_false (gsk_layer_get_frame_pending (root));

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_requests_relayout (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *box = test_layer_new ("box", 0, 0, 100, 100);
  TestLayer *inner = test_layer_new ("inner", 0, 0, 10, 10);
  GskLayer *child = new_rect ("child", 0, 0, 10, 10);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  gsk_layer_add_child (root, GSK_LAYER (box));
  gsk_layer_add_child (GSK_LAYER (box), GSK_LAYER (inner));
  gsk_layer_add_child (GSK_LAYER (inner), child);
  set_color (GSK_LAYER (inner), 1, 0, 0, 1);
  box->move_first_child = TRUE;

  /* Adding children asks for a layout */
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);

  /* Nothing asked: nothing laid out */
  box->n_layouts = inner->n_layouts = 0;
  gsk_layer_queue_redraw (GSK_LAYER (box), NULL);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 0);
  g_assert_cmpuint (inner->n_layouts, ==, 0);

  /* Once in the next frame, however often asked; not in the one after */
  gsk_layer_queue_relayout (GSK_LAYER (box));
  gsk_layer_queue_relayout (GSK_LAYER (box));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_assert_cmpuint (box->n_layouts, ==, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  g_assert_cmpuint (inner->n_layouts, ==, 0);
  /* The layout ran before drawing: inner is at (10, 0) */
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 2, 2), ==, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 1);

  /* From below: every ancestor on the way lays out, once */
  box->n_layouts = inner->n_layouts = 0;
  gsk_layer_queue_relayout (child);
  gsk_layer_queue_relayout (GSK_LAYER (inner));
  render_area (renderer, root, target);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmpuint (box->n_layouts, ==, 1);
  /* The box's first layout since the reset puts inner at (10, 0) again */
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0xffff0000);
  render_area (renderer, root, target);
  g_assert_cmpuint (inner->n_layouts, ==, 1);
  g_assert_cmpuint (box->n_layouts, ==, 1);

  /* A size change asks for a layout */
  gsk_layer_set_size (GSK_LAYER (box), &GRAPHENE_SIZE_INIT (90, 90));
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 2);
  g_assert_cmphex (get_pixel (target, 22, 2), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 12, 2), ==, 0);

  /* Intercepted: the box stops it, so nothing above or at it lays out */
  box->n_layouts = inner->n_layouts = 0;
  box->intercept_relayout = TRUE;
  box->n_relayouts = 0;
  gsk_layer_queue_relayout (GSK_LAYER (inner));
  g_assert_cmpuint (box->n_relayouts, ==, 1);
  g_assert_false (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (box->n_layouts, ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_requests_moved_layer (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *other = new_root ("other", 100, 100);
  GskLayer *layer = new_rect ("layer", 0, 0, 10, 10);

  gsk_layer_add_child (root, layer);
  render_once (root, 100, 100);
  render_once (other, 100, 100);

  /* A request goes up from the layer; then it moves to another tree
   * before a frame */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (5, 5));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_object_ref (layer);
  gsk_layer_remove_child (root, layer);
  gsk_layer_add_child (other, layer);
  g_object_unref (layer);
  g_assert_true (gsk_layer_get_frame_pending (other));
  render_once (other, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (other));

  /* Its changes ask the new tree for frames, not the old one */
  render_once (root, 100, 100);
  set_color (layer, 1, 0, 0, 1);
  g_assert_true (gsk_layer_get_frame_pending (other));
  g_assert_false (gsk_layer_get_frame_pending (root));

  g_assert_finalize_object (root);
  g_assert_finalize_object (other);
}

/* A layer that passed a redraw request up and then left its tree before
 * the next frame still asks its new top level for frames */
static void
test_requests_removed_layer (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *layer = new_rect ("layer", 0, 0, 10, 10);

  gsk_layer_add_child (root, layer);
  render_once (root, 100, 100);

  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (5, 5));
  g_assert_true (gsk_layer_get_frame_pending (root));
  g_object_ref (layer);
  gsk_layer_remove_child (root, layer);

  /* On its own, it is a top level whose changes ask for frames */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (6, 6));
  g_assert_true (gsk_layer_get_frame_pending (layer));
  render_once (layer, 100, 100);
  g_assert_false (gsk_layer_get_frame_pending (layer));
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (7, 7));
  g_assert_true (gsk_layer_get_frame_pending (layer));

  g_assert_finalize_object (layer);
  g_assert_finalize_object (root);
}

/* }}} */

/* {{{ Draw and content */

static void
test_draw_cache (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestLayer *layer = test_layer_new ("layer", 10, 10, 20, 30);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  layer->color = (GdkRGBA) { 0, 0, 1, 1 };
  gsk_layer_add_child (root, GSK_LAYER (layer));
  g_assert_cmpuint (layer->n_draws, ==, 0);

  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  /* In layer space, all of it */
  g_assert_cmpfloat (layer->clip_x1, ==, 0);
  g_assert_cmpfloat (layer->clip_y1, ==, 0);
  g_assert_cmpfloat (layer->clip_x2, ==, 20);
  g_assert_cmpfloat (layer->clip_y2, ==, 30);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff0000ff);

  /* Unchanged */
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);

  /* Moved, faded, transformed, reordered: the cached drawing is reused */
  gsk_layer_set_position (GSK_LAYER (layer), &GRAPHENE_POINT_INIT (50, 50));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xff0000ff);
  gsk_layer_set_opacity (GSK_LAYER (layer), 0.5f);
  set_transform_string (GSK_LAYER (layer), "rotate(10deg)");
  gsk_layer_set_z_position (GSK_LAYER (layer), 3);
  set_color (GSK_LAYER (layer), 0, 1, 0, 1);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  gsk_layer_set_opacity (GSK_LAYER (layer), 1);
  set_transform_string (GSK_LAYER (layer), "none");
  set_color (GSK_LAYER (layer), 0, 0, 0, 0);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xff0000ff);

  /* Invalidated */
  layer->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xffff0000);
  /* Twice before a frame: drawn once */
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 3);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 3);

  /* Resized */
  gsk_layer_set_size (GSK_LAYER (layer), &GRAPHENE_SIZE_INIT (40, 30));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 4);
  g_assert_cmpfloat (layer->clip_x2, ==, 40);
  g_assert_cmphex (get_pixel (target, 85, 55), ==, 0xffff0000);

  /* Hidden layers are not drawn; shown, they are */
  gsk_layer_set_visible (GSK_LAYER (layer), FALSE);
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 4);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0);
  gsk_layer_set_visible (GSK_LAYER (layer), TRUE);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 5);
  g_assert_cmphex (get_pixel (target, 55, 55), ==, 0xffff0000);

  /* Under a parent that moves */
  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (-10, -10));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 5);
  g_assert_cmphex (get_pixel (target, 45, 45), ==, 0xffff0000);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
huge_draw_hook (TestLayer *self,
                cairo_t   *cr)
{
  /* Only what can be seen, with a margin */
  g_assert_cmpfloat (self->clip_x2 - self->clip_x1, <, 9000);
  g_assert_cmpfloat (self->clip_y2 - self->clip_y1, <, 9000);
  g_assert_cmpfloat (self->clip_x2 - self->clip_x1, >, 0);
  g_assert_cmpfloat (self->clip_y2 - self->clip_y1, >, 0);
}

static void
test_draw_huge (void)
{
  GskLayer *root = new_root ("root", 256, 256);
  TestLayer *huge = test_layer_new ("huge", 0, 0, 100000, 100000);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);

  huge->color = (GdkRGBA) { 1, 0, 0, 1 };
  huge->draw_hook = huge_draw_hook;
  gsk_layer_add_child (root, GSK_LAYER (huge));

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);
  /* The visible part is in the drawn part */
  g_assert_cmpfloat (huge->clip_x1, <=, 0);
  g_assert_cmpfloat (huge->clip_y1, <=, 0);
  g_assert_cmpfloat (huge->clip_x2, >=, 256);
  g_assert_cmpfloat (huge->clip_y2, >=, 256);
  g_assert_cmphex (get_pixel (target, 0, 0), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 255, 255), ==, 0xffff0000);

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);

  /* 20000px to the top left: another part shows */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (-20000, -20000));
  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 2);
  g_assert_cmpfloat (huge->clip_x1, <=, 20000);
  g_assert_cmpfloat (huge->clip_y1, <=, 20000);
  g_assert_cmpfloat (huge->clip_x2, >=, 20256);
  g_assert_cmpfloat (huge->clip_y2, >=, 20256);
  g_assert_cmphex (get_pixel (target, 0, 0), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 255, 255), ==, 0xffff0000);

  /* And near the far corner */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (-99900, -99900));
  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 3);
  g_assert_cmpfloat (huge->clip_x2, ==, 100000);
  g_assert_cmpfloat (huge->clip_y2, ==, 100000);
  g_assert_cmphex (get_pixel (target, 50, 50), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 150, 150), ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* A content that counts its draws */
#define TEST_TYPE_CONTENT (test_content_get_type ())
G_DECLARE_FINAL_TYPE (TestContent, test_content, TEST, CONTENT, GObject)

struct _TestContent
{
  GObject parent_instance;

  guint n_draws;
  int last_width;
  int last_height;
  GdkRGBA color;
};

static void test_content_iface_init (GskLayerContentInterface *iface);

G_DEFINE_TYPE_WITH_CODE (TestContent, test_content, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (GSK_TYPE_LAYER_CONTENT, test_content_iface_init))

static gboolean
test_content_get_preferred_size (GskLayerContent *content,
                                 float           *width,
                                 float           *height)
{
  *width = 30;
  *height = 20;
  return TRUE;
}

static void
test_content_draw (GskLayerContent *content,
                   cairo_t         *cr,
                   int              width,
                   int              height)
{
  TestContent *self = TEST_CONTENT (content);

  self->n_draws++;
  self->last_width = width;
  self->last_height = height;
  gdk_cairo_set_source_rgba (cr, &self->color);
  cairo_paint (cr);
}

static void
test_content_iface_init (GskLayerContentInterface *iface)
{
  iface->get_preferred_size = test_content_get_preferred_size;
  iface->draw = test_content_draw;
}

static void
test_content_class_init (TestContentClass *klass)
{
}

static void
test_content_init (TestContent *self)
{
  self->color = (GdkRGBA) { 0, 1, 0, 1 };
}

static void
test_draw_content_shared (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  TestContent *content = g_object_new (TEST_TYPE_CONTENT, NULL);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);
  GskLayer *layers[3];
  GskLayer *other;
  float w, h;
  guint i;

  g_assert_true (gsk_layer_content_get_preferred_size (GSK_LAYER_CONTENT (content), &w, &h));
  g_assert_cmpfloat (w, ==, 30);
  g_assert_cmpfloat (h, ==, 20);

  for (i = 0; i < 3; i++)
    {
      layers[i] = new_rect ("shows", i * 30, 0, 25, 15);
      gsk_layer_set_content (layers[i], GSK_LAYER_CONTENT (content));
      gsk_layer_add_child (root, layers[i]);
    }

  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 1);
  g_assert_cmpint (content->last_width, ==, 25);
  g_assert_cmpint (content->last_height, ==, 15);
  for (i = 0; i < 3; i++)
    g_assert_cmphex (get_pixel (target, i * 30 + 10, 10), ==, 0xff00ff00);
  g_assert_cmphex (get_pixel (target, 27, 10), ==, 0);

  render_area (renderer, root, target);
  gsk_layer_set_position (layers[1], &GRAPHENE_POINT_INIT (30, 50));
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 40, 60), ==, 0xff00ff00);

  /* Invalidated: drawn once more, and every layer shows the change */
  content->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (content));
  g_assert_true (gsk_layer_get_frame_pending (root));
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 40, 60), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 70, 10), ==, 0xffff0000);

  /* Another size is another drawing */
  other = new_rect ("other", 0, 80, 50, 10);
  gsk_layer_set_content (other, GSK_LAYER_CONTENT (content));
  gsk_layer_add_child (root, other);
  render_area (renderer, root, target);
  g_assert_cmpuint (content->n_draws, ==, 3);
  g_assert_cmpint (content->last_width, ==, 50);
  g_assert_cmpint (content->last_height, ==, 10);
  g_assert_cmphex (get_pixel (target, 45, 85), ==, 0xffff0000);

  /* Content replaces what the class draws */
  {
    TestLayer *drawn = test_layer_new ("drawn", 60, 60, 20, 20);

    drawn->color = (GdkRGBA) { 0, 0, 1, 1 };
    gsk_layer_set_content (GSK_LAYER (drawn), GSK_LAYER_CONTENT (content));
    gsk_layer_add_child (root, GSK_LAYER (drawn));
    render_area (renderer, root, target);
    g_assert_cmpuint (drawn->n_draws, ==, 0);
    g_assert_cmphex (get_pixel (target, 70, 70), ==, 0xffff0000);
    gsk_layer_set_content (GSK_LAYER (drawn), NULL);
    render_area (renderer, root, target);
    g_assert_cmpuint (drawn->n_draws, ==, 1);
    g_assert_cmphex (get_pixel (target, 70, 70), ==, 0xff0000ff);
  }

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
  /* The content outlives the layers that showed it */
  gsk_layer_content_invalidate (GSK_LAYER_CONTENT (content));
  g_assert_finalize_object (content);
}

static void
test_draw_image_content (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *path, *text_path;
  cairo_surface_t *image;
  cairo_t *cr;
  GskLayerContent *content;
  GskLayer *root, *layer;
  cairo_surface_t *target;
  GskLayerRenderer *renderer;
  float w, h;

  g_assert_no_error (error);
  path = g_build_filename (dir, "image.png", NULL);
  text_path = g_build_filename (dir, "text.png", NULL);

  /* 8×4: left half blue, right half yellow */
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 8, 4);
  cr = cairo_create (image);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_rectangle (cr, 0, 0, 4, 4);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 0);
  cairo_rectangle (cr, 4, 0, 4, 4);
  cairo_fill (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (image, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (image);

  content = gsk_layer_image_content_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (content);
  g_assert_true (GSK_IS_LAYER_IMAGE_CONTENT (content));
  g_assert_cmpstr (gsk_layer_image_content_get_path (GSK_LAYER_IMAGE_CONTENT (content)), ==, path);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 8);
  g_assert_cmpfloat (h, ==, 4);

  /* Stretched to the layer */
  root = new_root ("root", 100, 100);
  layer = new_rect ("image", 0, 0, 80, 40);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  renderer = gsk_layer_software_renderer_new ();
  target = create_target (100, 100);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 10, 20), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 70, 20), ==, 0xffffff00);
  g_assert_cmphex (get_pixel (target, 90, 20), ==, 0);
  g_assert_cmphex (get_pixel (target, 10, 50), ==, 0);

  /* Not a PNG */
  g_assert_true (g_file_set_contents (text_path, "not an image", -1, NULL));
  g_assert_null (gsk_layer_image_content_new_from_file (text_path, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, text_path));
  g_clear_error (&error);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
  g_assert_finalize_object (content);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (text_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (text_path);
  g_free (path);
  g_free (dir);
}

/* Images in the formats gdk-pixbuf loads: a JPEG, an SVG drawn again at
 * the scale it has on screen (crisp where a bitmap would be stretched),
 * a file in no image format, a GdkTexture and a GdkPixbuf */
static void
test_draw_image_formats (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *jpeg = g_build_filename (dir, "image.jpg", NULL);
  char *svg = g_build_filename (dir, "image.svg", NULL);
  char *text = g_build_filename (dir, "image.txt", NULL);
  GdkPixbuf *pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 16, 8);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  GskLayerContent *content;
  GskLayerTransform *scale = gsk_layer_transform_scale (NULL, 8, 8);
  GskLayer *root, *layer;
  cairo_surface_t *target;
  GdkTexture *texture;
  float w, h;
  guint32 pixel;

  g_assert_no_error (error);

  /* A JPEG: what cairo's PNG reader took for "out of memory" */
  gdk_pixbuf_fill (pixbuf, 0x2060c0ff);
  g_assert_true (gdk_pixbuf_save (pixbuf, jpeg, "jpeg", &error, "quality", "100", NULL));
  g_assert_no_error (error);
  content = gsk_layer_image_content_new_from_file (jpeg, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 16);
  g_assert_cmpfloat (h, ==, 8);
  root = new_root ("root", 32, 16);
  layer = new_rect ("image", 0, 0, 32, 16);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  target = create_target (32, 16);
  render_area (renderer, root, target);
  pixel = get_pixel (target, 10, 8);
  g_assert_cmpint (ABS ((int) ((pixel >> 16) & 0xff) - 0x20), <=, 3);
  g_assert_cmpint (ABS ((int) ((pixel >> 8) & 0xff) - 0x60), <=, 3);
  g_assert_cmpint (ABS ((int) (pixel & 0xff) - 0xc0), <=, 3);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (content);

  /* An SVG, 2×1 units, red then blue, under scale(8): drawn at 8×, its
   * halves meet between two pixels; stretched from 2×1, they would blend
   * over several */
  g_assert_true (g_file_set_contents (svg,
                                      "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='1'>"
                                      "<rect width='1' height='1' fill='#ff0000'/>"
                                      "<rect x='1' width='1' height='1' fill='#0000ff'/></svg>", -1, NULL));
  content = gsk_layer_image_content_new_from_file (svg, &error);
  g_assert_no_error (error);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 2);
  g_assert_cmpfloat (h, ==, 1);
  root = new_root ("root", 16, 8);
  layer = new_rect ("svg", 0, 0, 2, 1);
  gsk_layer_set_pivot_point (layer, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  gsk_layer_set_transform (layer, scale);
  gsk_layer_set_content (layer, content);
  gsk_layer_add_child (root, layer);
  target = create_target (16, 8);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 6, 4), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 7, 4), ==, 0xffff0000);
  g_assert_cmphex (get_pixel (target, 8, 4), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 9, 4), ==, 0xff0000ff);
  cairo_surface_destroy (target);
  g_object_unref (root);
  g_object_unref (content);

  /* A file in no format: an error that says so */
  g_assert_true (g_file_set_contents (text, "not an image", -1, NULL));
  g_assert_null (gsk_layer_image_content_new_from_file (text, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_true (g_str_has_suffix (error->message, "image.txt: not an image gdk-pixbuf can load"));
  g_clear_error (&error);

  /* A paintable (a texture here), drawn through GTK's nodes at the size
   * it is shown: red then blue */
  {
    GdkPixbuf *halves = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 2, 1);
    guchar *px = gdk_pixbuf_get_pixels (halves);
    GdkTexture *paintable;

    memcpy (px, (guchar[8]) { 255, 0, 0, 255, 0, 0, 255, 255 }, 8);
    paintable = gdk_texture_new_for_pixbuf (halves);
    content = gsk_layer_paintable_content_new (GDK_PAINTABLE (paintable));
    g_assert_true (gsk_layer_paintable_content_get_paintable (GSK_LAYER_PAINTABLE_CONTENT (content)) ==
                   GDK_PAINTABLE (paintable));
    g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
    g_assert_cmpfloat (w, ==, 2);
    g_assert_cmpfloat (h, ==, 1);
    root = new_root ("root", 40, 10);
    layer = new_rect ("paintable", 0, 0, 40, 10);
    gsk_layer_set_content (layer, content);
    gsk_layer_add_child (root, layer);
    target = create_target (40, 10);
    render_area (renderer, root, target);
    g_assert_cmphex (get_pixel (target, 2, 5), ==, 0xffff0000);
    g_assert_cmphex (get_pixel (target, 37, 5), ==, 0xff0000ff);
    cairo_surface_destroy (target);
    g_object_unref (root);
    g_object_unref (content);
    g_object_unref (paintable);
    g_object_unref (halves);
  }

  /* A texture and a pixbuf, copied */
  gdk_pixbuf_fill (pixbuf, 0x30a050ff);
  texture = gdk_texture_new_for_pixbuf (pixbuf);
  content = gsk_layer_image_content_new_for_texture (texture);
  g_assert_true (gsk_layer_content_get_preferred_size (content, &w, &h));
  g_assert_cmpfloat (w, ==, 16);
  g_assert_cmphex (*(guint32 *) cairo_image_surface_get_data (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content))),
                   ==, 0xff30a050);
  g_object_unref (content);
  g_object_unref (texture);
  content = gsk_layer_image_content_new_for_pixbuf (pixbuf);
  g_assert_cmphex (*(guint32 *) cairo_image_surface_get_data (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content))),
                   ==, 0xff30a050);
  g_object_unref (content);

  gsk_layer_transform_unref (scale);
  g_object_unref (pixbuf);
  g_object_unref (renderer);
  g_remove (jpeg);
  g_remove (svg);
  g_remove (text);
  g_rmdir (dir);
  g_free (jpeg);
  g_free (svg);
  g_free (text);
  g_free (dir);
}

static void
test_draw_image_missing (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("test-layer-XXXXXX", &error);
  char *path = g_build_filename (dir, "missing.png", NULL);

  g_assert_no_error (error);
  g_assert_null (gsk_layer_image_content_new_from_file (path, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  /* Without a GError */
  g_assert_null (gsk_layer_image_content_new_from_file (path, NULL));

  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (path);
  g_free (dir);
}

static void
test_draw_hidden_parent (void)
{
  GskLayer *root = new_root ("root", 100, 100);
  GskLayer *parent = new_rect ("parent", 0, 0, 100, 100);
  TestLayer *layer = test_layer_new ("layer", 10, 10, 20, 20);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (100, 100);

  layer->color = (GdkRGBA) { 1, 0, 0, 1 };
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, GSK_LAYER (layer));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);

  gsk_layer_set_visible (parent, FALSE);
  render_area (renderer, root, target);
  layer->color = (GdkRGBA) { 0, 1, 0, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  gsk_layer_set_size (GSK_LAYER (layer), &GRAPHENE_SIZE_INIT (30, 30));
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 1);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0);

  gsk_layer_set_visible (parent, TRUE);
  render_area (renderer, root, target);
  g_assert_cmpuint (layer->n_draws, ==, 2);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff00ff00);
  g_assert_cmphex (get_pixel (target, 35, 35), ==, 0xff00ff00);

  /* Faded out and in */
  gsk_layer_set_opacity (parent, 0);
  render_area (renderer, root, target);
  layer->color = (GdkRGBA) { 0, 0, 1, 1 };
  gsk_layer_invalidate_content (GSK_LAYER (layer));
  render_area (renderer, root, target);
  gsk_layer_set_opacity (parent, 1);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 15, 15), ==, 0xff0000ff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_draw_huge_rotated (void)
{
  GskLayer *root = new_root ("root", 256, 256);
  TestLayer *huge = test_layer_new ("huge", 0, 0, 100000, 100000);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  int x, y;

  huge->color = (GdkRGBA) { 1, 0, 0, 1 };
  huge->draw_hook = huge_draw_hook;
  gsk_layer_add_child (root, GSK_LAYER (huge));
  /* Centered on the target, turned */
  gsk_layer_set_position (GSK_LAYER (huge), &GRAPHENE_POINT_INIT (128 - 50000, 128 - 50000));
  set_transform_string (GSK_LAYER (huge), "rotate(30deg)");

  render_area (renderer, root, target);
  g_assert_cmpuint (huge->n_draws, ==, 1);
  for (y = 0; y < 256; y += 51)
    for (x = 0; x < 256; x += 51)
      g_assert_cmphex (get_pixel (target, x, y), ==, 0xffff0000);

  /* Turned further: the same part of it is visible */
  set_transform_string (GSK_LAYER (huge), "rotate(75deg) scale(0.5)");
  render_area (renderer, root, target);
  for (y = 0; y < 256; y += 51)
    for (x = 0; x < 256; x += 51)
      g_assert_cmphex (get_pixel (target, x, y), ==, 0xffff0000);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* }}} */

/* {{{ Damage */

static gboolean
region_covers (const cairo_region_t *region,
               int                   x,
               int                   y,
               int                   width,
               int                   height)
{
  return cairo_region_contains_rectangle (region, &(cairo_rectangle_int_t) { x, y, width, height }) ==
         CAIRO_REGION_OVERLAP_IN;
}

static int
region_area (const cairo_region_t *region)
{
  int i, area = 0;

  for (i = 0; i < cairo_region_num_rectangles (region); i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      area += r.width * r.height;
    }

  return area;
}

/* A 256×256 scene: a white root, a grid of 8×8 gray tiles of 24px, and a
 * small 10×10 layer on top */
static GskLayer *
new_damage_scene (GskLayer **out_small)
{
  GskLayer *root = new_root ("root", 256, 256);
  GskLayer *small;
  int i;

  set_color (root, 1, 1, 1, 1);
  for (i = 0; i < 64; i++)
    {
      GskLayer *tile = new_rect ("tile", 8 + (i % 8) * 30, 8 + (i / 8) * 30, 24, 24);

      set_color (tile, 0.5f, 0.5f, 0.5f, 1);
      gsk_layer_add_child (root, tile);
    }
  small = new_rect ("small", 100, 120, 10, 10);
  set_color (small, 1, 0, 0, 1);
  gsk_layer_add_child (root, small);

  *out_small = small;
  return root;
}

static void
test_damage_small_change (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  /* The first frame is all damage */
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 0, 0, 256, 256));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffff0000);

  set_color (small, 0, 0, 1, 1);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xff0000ff);

  /* A moved layer damages where it was and where it is */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (200, 30));
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_true (region_covers (damage, 200, 30, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 205, 35), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_unchanged (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  render_area (renderer, root, target);

  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_nonnull (damage);
  g_assert_true (cairo_region_is_empty (damage));
  cairo_region_destroy (damage);

  /* No-op changes are no changes */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (100, 120));
  set_color (small, 1, 0, 0, 1);
  gsk_layer_set_opacity (small, 1);
  gsk_layer_set_visible (small, TRUE);
  gsk_layer_set_transform (small, NULL);
  gsk_layer_set_name (small, "renamed");
  gsk_layer_set_reactive (small, FALSE);
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  /* A change that is undone before the frame may damage, but the
   * pixels stay */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (100, 120));
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffff0000);
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  /* Changes outside the target damage nothing inside it */
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (1000, 1000));
  render_area (renderer, root, target);
  gsk_layer_set_position (small, &GRAPHENE_POINT_INIT (2000, 1000));
  g_assert_cmpint (render_area (renderer, root, target), ==, 0);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_remove (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  GskLayer *tile = gsk_layer_get_child_at_index (root, 9);
  cairo_region_t *damage;

  gsk_layer_add_child (small, new_rect ("small-child", 20, 0, 5, 5));
  set_color (gsk_layer_get_first_child (small), 0, 1, 0, 1);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 122, 122), ==, 0xff00ff00);

  /* A tile at (38, 38) */
  gsk_layer_remove_child (root, tile);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 38, 38, 24, 24));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 40, 40), ==, 0xffffffff);

  /* A layer with a child: both places */
  gsk_layer_remove_child (root, small);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 100, 120, 10, 10));
  g_assert_true (region_covers (damage, 120, 120, 5, 5));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 105, 125), ==, 0xffffffff);
  g_assert_cmphex (get_pixel (target, 122, 122), ==, 0xffffffff);

  /* Removing everything */
  gsk_layer_remove_all_children (root);
  render_area (renderer, root, target);
  g_assert_cmphex (get_pixel (target, 10, 10), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

typedef struct {
  GskLayerRenderer *renderer;
  cairo_surface_t *target;
  GskLayer *root;
  guint n_steps;
} DamageCheck;

static void
damage_step (DamageCheck *check,
             const char  *what,
             gboolean     expect_damage)
{
  int area;

  area = render_area (check->renderer, check->root, check->target);
  check->n_steps++;
  if (gsk_layer_renderer_get_damage_error (check->renderer) != NULL)
    g_error ("step %u (%s): %s", check->n_steps, what,
             gsk_layer_renderer_get_damage_error (check->renderer)->message);
  if (expect_damage && area == 0)
    g_error ("step %u (%s): no damage", check->n_steps, what);
  /* A frame with nothing new after it */
  g_assert_cmpint (render_area (check->renderer, check->root, check->target), ==, 0);
}

static void
test_damage_check_sequence (void)
{
  DamageCheck check = { 0, };
  GskLayer *root, *parent, *a, *b, *c, *d, *deep, *card;

  check.renderer = gsk_layer_software_renderer_new ();
  check.target = create_target (256, 256);
  check.root = root = new_root ("root", 256, 256);
  gsk_layer_renderer_set_check_damage (check.renderer, TRUE);
  g_assert_true (gsk_layer_renderer_get_check_damage (check.renderer));

  set_color (root, 1, 1, 1, 1);
  parent = new_rect ("parent", 20, 20, 120, 120);
  set_color (parent, 0.8f, 0.8f, 0.8f, 1);
  a = new_rect ("a", 10, 10, 40, 40);
  set_color (a, 1, 0, 0, 1);
  b = new_rect ("b", 30, 30, 40, 40);
  set_color (b, 0, 1, 0, 1);
  c = new_rect ("c", 100, 100, 40, 40);
  set_color (c, 0, 0, 1, 1);
  deep = new_rect ("deep", 5, 5, 10, 10);
  set_color (deep, 1, 1, 0, 1);
  card = new_rect ("card", 160, 160, 80, 80);
  set_color (card, 0, 0.5f, 0.5f, 1);
  gsk_layer_add_child (root, parent);
  gsk_layer_add_child (parent, a);
  gsk_layer_add_child (parent, b);
  gsk_layer_add_child (parent, c);
  gsk_layer_add_child (b, deep);
  gsk_layer_add_child (root, card);

  render_area (check.renderer, root, check.target);
  g_assert_null (gsk_layer_renderer_get_damage_error (check.renderer));
  g_assert_cmphex (get_pixel (check.target, 45, 45), ==, 0xffff0000);

  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (15, 12));
  damage_step (&check, "move", TRUE);
  gsk_layer_set_position (parent, &GRAPHENE_POINT_INIT (25, 20));
  damage_step (&check, "move a parent", TRUE);
  gsk_layer_set_position (deep, &GRAPHENE_POINT_INIT (7.5f, 3.25f));
  damage_step (&check, "move by a fraction", TRUE);

  gsk_layer_set_opacity (b, 0.5f);
  damage_step (&check, "opacity", TRUE);
  gsk_layer_set_opacity (parent, 0.7f);
  damage_step (&check, "group opacity", TRUE);
  gsk_layer_set_opacity (parent, 1);
  gsk_layer_set_opacity (b, 1);
  damage_step (&check, "opaque again", TRUE);

  gsk_layer_set_visible (c, FALSE);
  damage_step (&check, "hide", TRUE);
  gsk_layer_set_visible (c, TRUE);
  damage_step (&check, "show", TRUE);

  gsk_layer_set_z_position (a, 1);
  damage_step (&check, "z reorder", TRUE);
  /* a is above b where they overlap */
  g_assert_cmphex (get_pixel (check.target, 25 + 45, 20 + 45), ==, 0xffff0000);
  gsk_layer_set_z_position (a, 0);
  damage_step (&check, "z back", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 45, 20 + 45), ==, 0xff00ff00);

  g_object_ref (c);
  gsk_layer_remove_child (parent, c);
  damage_step (&check, "remove", TRUE);
  gsk_layer_insert_child_at_index (parent, c, 0);
  g_object_unref (c);
  damage_step (&check, "add back", TRUE);
  d = new_rect ("d", 90, 90, 60, 60);
  set_color (d, 1, 0, 1, 0.5f);
  gsk_layer_add_child (parent, d);
  damage_step (&check, "add", TRUE);

  gsk_layer_set_clip_to_bounds (parent, TRUE);
  damage_step (&check, "clip", TRUE);
  gsk_layer_set_position (d, &GRAPHENE_POINT_INIT (100, 50));
  damage_step (&check, "move inside a clip", TRUE);
  gsk_layer_set_clip_to_bounds (parent, FALSE);
  damage_step (&check, "unclip", TRUE);

  set_transform_string (a, "rotate(30deg)");
  damage_step (&check, "transform", TRUE);
  set_transform_string (a, "rotate(30deg) scale(1.5, 0.5)");
  damage_step (&check, "another transform", TRUE);
  set_transform_string (card, "perspective(200px) rotateY(40deg)");
  damage_step (&check, "3D transform", TRUE);
  set_transform_string (parent, "translate(10px, 5px)");
  damage_step (&check, "parent transform", TRUE);

  set_child_transform_string (parent, "perspective(300px)");
  gsk_layer_set_z_position (b, 40);
  damage_step (&check, "child-transform", TRUE);
  set_child_transform_string (parent, "scale(0.5)");
  damage_step (&check, "another child-transform", TRUE);
  gsk_layer_set_child_transform (parent, NULL);
  gsk_layer_set_z_position (b, 0);
  damage_step (&check, "no child-transform", TRUE);

  gsk_layer_set_blend_mode (d, GSK_LAYER_BLEND_MULTIPLY);
  damage_step (&check, "blend mode", TRUE);
  gsk_layer_set_size (d, &GRAPHENE_SIZE_INIT (30, 80));
  damage_step (&check, "size", TRUE);
  set_color (d, 0, 0, 0, 0);
  damage_step (&check, "transparent", TRUE);

  /* Changes in a hidden subtree show when it does */
  gsk_layer_set_transform (parent, NULL);
  gsk_layer_set_transform (a, NULL);
  damage_step (&check, "reset", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffff0000);
  gsk_layer_set_visible (parent, FALSE);
  damage_step (&check, "hide the parent", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffffffff);
  set_color (a, 0, 0, 1, 1);
  gsk_layer_set_position (deep, &GRAPHENE_POINT_INIT (20, 20));
  damage_step (&check, "change inside the hidden parent", FALSE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffffffff);
  gsk_layer_set_visible (parent, TRUE);
  damage_step (&check, "show the parent", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xff0000ff);
  g_assert_cmphex (get_pixel (check.target, 25 + 30 + 25, 20 + 30 + 26), ==, 0xffffff00);

  /* The same with opacity 0 */
  gsk_layer_set_opacity (parent, 0);
  damage_step (&check, "fade the parent out", TRUE);
  set_color (a, 1, 0, 0, 1);
  damage_step (&check, "change inside the faded parent", FALSE);
  gsk_layer_set_opacity (parent, 1);
  damage_step (&check, "fade the parent in", TRUE);
  g_assert_cmphex (get_pixel (check.target, 25 + 20, 20 + 20), ==, 0xffff0000);

  /* Reparenting */
  g_object_ref (deep);
  gsk_layer_remove_child (b, deep);
  gsk_layer_add_child (card, deep);
  g_object_unref (deep);
  damage_step (&check, "reparent", TRUE);

  /* The root itself */
  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (3, 4));
  damage_step (&check, "move the root", TRUE);

  cairo_surface_destroy (check.target);
  g_assert_finalize_object (check.renderer);
  g_assert_finalize_object (root);
}

static void
test_damage_queue_redraw (void)
{
  GskLayer *small;
  GskLayer *root = new_damage_scene (&small);
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = create_target (256, 256);
  cairo_region_t *damage;

  gsk_layer_set_position (root, &GRAPHENE_POINT_INIT (3, 4));
  render_area (renderer, root, target);

  /* An area, in the layer's coordinates */
  gsk_layer_queue_redraw (small, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  g_assert_true (gsk_layer_get_frame_pending (root));
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 100 + 1, 4 + 120 + 2, 3, 4));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);

  /* All of it */
  gsk_layer_queue_redraw (small, NULL);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 100, 4 + 120, 10, 10));
  g_assert_cmpint (region_area (damage), <, 256 * 256 / 20);
  cairo_region_destroy (damage);

  /* Through a scaled parent */
  set_transform_string (root, "scale(2)");
  gsk_layer_set_pivot_point (root, &GRAPHENE_POINT3D_INIT (0, 0, 0));
  render_area (renderer, root, target);
  gsk_layer_queue_redraw (small, &(cairo_rectangle_int_t) { 1, 2, 3, 4 });
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3 + 2 * (100 + 1), 4 + 2 * (120 + 2), 6, 8));
  cairo_region_destroy (damage);

  /* The whole scene hidden and shown */
  gsk_layer_set_transform (root, NULL);
  render_area (renderer, root, target);
  gsk_layer_set_visible (root, FALSE);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3, 4, 253, 252));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0);
  gsk_layer_set_visible (root, TRUE);
  damage = gsk_layer_renderer_render (renderer, root, target);
  g_assert_true (region_covers (damage, 3, 4, 253, 252));
  cairo_region_destroy (damage);
  g_assert_cmphex (get_pixel (target, 128, 128), ==, 0xffffffff);

  cairo_surface_destroy (target);
  g_assert_finalize_object (renderer);
  g_assert_finalize_object (root);
}

/* }}} */

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

/* The library logs with structured logging, which g_test_expect_message()
 * of GLib before 2.80 does not see: send its warnings and criticals
 * through g_log(), which checks the expected messages */
static GLogWriterOutput
test_log_writer (GLogLevelFlags   log_level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;
  gboolean old_api = FALSE;
  gsize i;

  for (i = 0; i < n_fields; i++)
    {
      if (g_str_equal (fields[i].key, "GLIB_OLD_LOG_API"))
        old_api = TRUE;
      else if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
        domain = fields[i].value;
      else if (g_str_equal (fields[i].key, "MESSAGE"))
        message = fields[i].value;
    }

  if (!old_api && message != NULL &&
      (log_level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL)) != 0)
    {
      g_log (domain, log_level & G_LOG_LEVEL_MASK, "%s", message);
      return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

static void
count_frame_request (GskLayer *root,
                     gpointer  data)
{
  (*(int *) data)++;
}

/* The host of a tree hears once per frame that one is needed: at the
 * first change after a frame, not at every change */
static void
test_frame_request_func (void)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());
  GskLayer *child = gsk_layer_new ();
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_region_t *drawn;
  int n = 0;

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (64, 64));
  gsk_layer_add_child (root, child);
  drawn = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (drawn);

  gsk_layer_top_level_set_frame_request_func (root, count_frame_request, &n);
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (5, 5));
  gsk_layer_set_opacity (child, 0.5f);
  gsk_layer_queue_relayout (child);
  g_assert_cmpint (n, ==, 1);
  g_assert_true (gsk_layer_get_frame_pending (root));

  drawn = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (drawn);
  g_assert_false (gsk_layer_get_frame_pending (root));
  g_assert_cmpint (n, ==, 1);
  gsk_layer_queue_relayout (child);
  g_assert_cmpint (n, ==, 2);

  gsk_layer_top_level_set_frame_request_func (root, NULL, NULL);
  drawn = gsk_layer_renderer_render (renderer, root, target);
  cairo_region_destroy (drawn);
  gsk_layer_set_opacity (child, 1);
  g_assert_cmpint (n, ==, 2);

  cairo_surface_destroy (target);
  g_object_unref (renderer);
  g_object_unref (root);
}

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (test_log_writer, NULL, NULL);
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

  g_test_add_func ("/layer/iter/next", test_iter_next);
  g_test_add_func ("/layer/iter/prev", test_iter_prev);
  g_test_add_func ("/layer/iter/remove", test_iter_remove);
  g_test_add_func ("/layer/iter/changed", test_iter_changed);

  g_test_add_func ("/layer/traverse/order", test_traverse_order);
  g_test_add_func ("/layer/traverse/skip-children", test_traverse_skip_children);
  g_test_add_func ("/layer/traverse/stop", test_traverse_stop);
  g_test_add_func ("/layer/traverse/remove-unvisited", test_traverse_remove_unvisited);
  g_test_add_func ("/layer/traverse/add", test_traverse_add);
  g_test_add_func ("/layer/traverse/deep-top-down", test_traverse_deep_top_down);
  g_test_add_func ("/layer/traverse/deep-bottom-up", test_traverse_deep_bottom_up);
  g_test_add_func ("/layer/traverse/deep-render", test_traverse_deep_render);

  g_test_add_func ("/layer/properties/defaults", test_properties_defaults);
  g_test_add_func ("/layer/properties/accessors", test_properties_accessors);
  g_test_add_func ("/layer/properties/gobject", test_properties_gobject);
  g_test_add_func ("/layer/properties/corner-radius", test_properties_corner_radius);

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

  g_test_add_func ("/layer/requests/intercept-redraw", test_requests_intercept_redraw);
  g_test_add_func ("/layer/requests/frame-pending", test_requests_redraw_frame_pending);
  g_test_add_func ("/layer/requests/relayout", test_requests_relayout);
  g_test_add_func ("/layer/requests/moved-layer", test_requests_moved_layer);
  g_test_add_func ("/layer/requests/removed-layer", test_requests_removed_layer);

  g_test_add_func ("/layer/draw/cache", test_draw_cache);
  g_test_add_func ("/layer/draw/huge", test_draw_huge);
  g_test_add_func ("/layer/draw/huge-rotated", test_draw_huge_rotated);
  g_test_add_func ("/layer/draw/hidden-parent", test_draw_hidden_parent);
  g_test_add_func ("/layer/draw/content-shared", test_draw_content_shared);
  g_test_add_func ("/layer/draw/image-content", test_draw_image_content);
  g_test_add_func ("/layer/draw/image-missing", test_draw_image_missing);
  g_test_add_func ("/layer/draw/image-formats", test_draw_image_formats);

  g_test_add_func ("/layer/damage/small-change", test_damage_small_change);
  g_test_add_func ("/layer/damage/unchanged", test_damage_unchanged);
  g_test_add_func ("/layer/damage/remove", test_damage_remove);
  g_test_add_func ("/layer/damage/check-sequence", test_damage_check_sequence);
  g_test_add_func ("/layer/damage/queue-redraw", test_damage_queue_redraw);

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
  g_test_add_func ("/layer/frame-request-func", test_frame_request_func);

  return g_test_run ();
}

/* }}} */
