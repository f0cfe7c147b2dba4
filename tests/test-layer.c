/* test-layer.c: the layer tree: children added, inserted, removed
 * and replaced, iterated and traversed, and the frame requests of a top
 * level
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "layer-test-utils.h"

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
/* {{{ Frame requests */

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

/* }}} */
/* {{{ main */

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

  g_test_add_func ("/layer/frame-request-func", test_frame_request_func);

  return g_test_run ();
}

/* }}} */
