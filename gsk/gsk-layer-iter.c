/* gsk-layer-iter.c: iterating over children and traversing subtrees
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-iter.h"
#include "gsk-layer-private.h"

typedef struct {
  GskLayer *parent;
  GskLayer *current;
  GskLayer *next_hint;
  gint64 age;
} RealIter;

G_STATIC_ASSERT (sizeof (RealIter) <= sizeof (GskLayerIter));

/* next_hint when the iterator went past the last child */
static GskLayer *const past_end = (GskLayer *) &past_end;

/**
 * gsk_layer_iter_init:
 * @iter: an uninitialized iterator, usually on the stack
 * @parent: the layer whose children to visit
 *
 * Prepares @iter to visit the children of @parent in child order with
 * [method@LayerIter.next], or in reverse with [method@LayerIter.prev].
 *
 * Since: 0.1
 */
void
gsk_layer_iter_init (GskLayerIter *iter,
                     GskLayer     *parent)
{
  RealIter *ri = (RealIter *) iter;

  g_return_if_fail (iter != NULL);
  g_return_if_fail (GSK_IS_LAYER (parent));

  ri->parent = parent;
  ri->current = NULL;
  ri->next_hint = NULL;
  ri->age = gsk_layer_get_private (parent)->children_age;
}

/**
 * gsk_layer_iter_is_valid:
 * @iter: an iterator
 *
 * Checks that the children were not changed other than through @iter
 * since it was initialized.
 *
 * Returns: %TRUE if @iter can still be used
 *
 * Since: 0.1
 */
gboolean
gsk_layer_iter_is_valid (GskLayerIter *iter)
{
  RealIter *ri = (RealIter *) iter;

  g_return_val_if_fail (iter != NULL, FALSE);

  return ri->parent != NULL &&
         ri->age == gsk_layer_get_private (ri->parent)->children_age;
}

static gboolean
check_age (RealIter *ri)
{
  if (ri->parent == NULL)
    return FALSE;

  if (ri->age != gsk_layer_get_private (ri->parent)->children_age)
    {
      g_warning ("The children of layer %p (%s) changed while a GskLayerIter "
                 "was visiting them; the iteration ends here",
                 ri->parent, G_OBJECT_TYPE_NAME (ri->parent));
      ri->parent = NULL;
      return FALSE;
    }

  return TRUE;
}

/**
 * gsk_layer_iter_next:
 * @iter: an iterator
 * @child: (out) (transfer none) (optional): return location for the child
 *
 * Moves @iter to the next child.
 *
 * Returns: %TRUE if there was one; %FALSE at the end
 *
 * Since: 0.1
 */
gboolean
gsk_layer_iter_next (GskLayerIter  *iter,
                     GskLayer     **child)
{
  RealIter *ri = (RealIter *) iter;
  GskLayer *next;

  g_return_val_if_fail (iter != NULL, FALSE);

  if (!check_age (ri))
    return FALSE;

  if (ri->current)
    next = gsk_layer_get_next_sibling (ri->current);
  else if (ri->next_hint)
    next = ri->next_hint == past_end ? NULL : ri->next_hint;
  else
    next = gsk_layer_get_first_child (ri->parent);

  ri->next_hint = NULL;
  ri->current = next;
  if (next == NULL)
    {
      ri->next_hint = past_end;
      return FALSE;
    }

  if (child)
    *child = next;
  return TRUE;
}

/**
 * gsk_layer_iter_prev:
 * @iter: an iterator
 * @child: (out) (transfer none) (optional): return location for the child
 *
 * Moves @iter to the previous child; starting from a fresh iterator, to
 * the last child.
 *
 * Returns: %TRUE if there was one; %FALSE at the start
 *
 * Since: 0.1
 */
gboolean
gsk_layer_iter_prev (GskLayerIter  *iter,
                     GskLayer     **child)
{
  RealIter *ri = (RealIter *) iter;
  GskLayer *prev;

  g_return_val_if_fail (iter != NULL, FALSE);

  if (!check_age (ri))
    return FALSE;

  if (ri->current)
    prev = gsk_layer_get_previous_sibling (ri->current);
  else if (ri->next_hint && ri->next_hint != past_end)
    prev = gsk_layer_get_previous_sibling (ri->next_hint);
  else
    prev = gsk_layer_get_last_child (ri->parent);

  ri->next_hint = NULL;
  ri->current = prev;
  if (prev == NULL)
    return FALSE;

  if (child)
    *child = prev;
  return TRUE;
}

/**
 * gsk_layer_iter_remove:
 * @iter: an iterator on a child
 *
 * Removes the child @iter is on from its parent; the next call to
 * [method@LayerIter.next] goes on with the child after it.
 *
 * Since: 0.1
 */
void
gsk_layer_iter_remove (GskLayerIter *iter)
{
  RealIter *ri = (RealIter *) iter;
  GskLayer *current;

  g_return_if_fail (iter != NULL);
  g_return_if_fail (ri->current != NULL);

  if (!check_age (ri))
    return;

  current = ri->current;
  ri->next_hint = gsk_layer_get_next_sibling (current);
  if (ri->next_hint == NULL)
    ri->next_hint = past_end;
  ri->current = NULL;

  gsk_layer_remove_child (ri->parent, current);
  ri->age = gsk_layer_get_private (ri->parent)->children_age;
}

/* {{{ Traversal */

typedef struct {
  GskLayer *layer;  /* a reference */
  int depth;
  gboolean exit;
} TraverseFrame;

/* Layers removed from the subtree before their turn are skipped. Every
 * layer on the stack was a descendant of @root when pushed; only if the
 * tree changed since can that have stopped being true. */
static gboolean
still_inside (GskLayer *root,
              GskLayer *layer,
              guint64  *serial)
{
  if (*serial == gsk_layer_tree_serial)
    return TRUE;

  if (!gsk_layer_contains (root, layer))
    return FALSE;

  /* Still inside; but the next one must be checked again unless the
   * tree stays still */
  return TRUE;
}

static void
push_children_reversed (GArray   *stack,
                        GskLayer *layer,
                        int       depth)
{
  GskLayer *c;

  for (c = gsk_layer_get_last_child (layer); c != NULL; c = gsk_layer_get_previous_sibling (c))
    {
      TraverseFrame f = { g_object_ref (c), depth, FALSE };
      g_array_append_val (stack, f);
    }
}

static void
traverse_depth_first (GskLayer              *root,
                      gboolean               post_order,
                      GskLayerTraverseFunc   func,
                      gpointer               user_data)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (TraverseFrame));
  TraverseFrame first = { g_object_ref (root), 0, FALSE };
  guint64 serial = gsk_layer_tree_serial;
  gboolean stop = FALSE;

  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      TraverseFrame f = g_array_index (stack, TraverseFrame, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);

      if (!stop && still_inside (root, f.layer, &serial))
        {
          if (!post_order)
            {
              GskLayerTraverseResult r = func (f.layer, f.depth, user_data);

              if (r == GSK_LAYER_TRAVERSE_STOP)
                stop = TRUE;
              else if (r == GSK_LAYER_TRAVERSE_CONTINUE && still_inside (root, f.layer, &serial))
                push_children_reversed (stack, f.layer, f.depth + 1);
            }
          else if (f.exit)
            {
              if (func (f.layer, f.depth, user_data) == GSK_LAYER_TRAVERSE_STOP)
                stop = TRUE;
            }
          else
            {
              TraverseFrame exit = { g_object_ref (f.layer), f.depth, TRUE };

              g_array_append_val (stack, exit);
              push_children_reversed (stack, f.layer, f.depth + 1);
            }
        }

      g_object_unref (f.layer);
    }

  g_array_free (stack, TRUE);
}

static void
traverse_breadth_first (GskLayer              *root,
                        GskLayerTraverseFunc   func,
                        gpointer               user_data)
{
  GQueue queue = G_QUEUE_INIT;
  TraverseFrame *f;
  guint64 serial = gsk_layer_tree_serial;
  gboolean stop = FALSE;

  f = g_new (TraverseFrame, 1);
  *f = (TraverseFrame) { g_object_ref (root), 0, FALSE };
  g_queue_push_tail (&queue, f);

  while ((f = g_queue_pop_head (&queue)) != NULL)
    {
      if (!stop && still_inside (root, f->layer, &serial))
        {
          GskLayerTraverseResult r = func (f->layer, f->depth, user_data);

          if (r == GSK_LAYER_TRAVERSE_STOP)
            stop = TRUE;
          else if (r == GSK_LAYER_TRAVERSE_CONTINUE && still_inside (root, f->layer, &serial))
            {
              GskLayer *c;

              for (c = gsk_layer_get_first_child (f->layer); c != NULL; c = gsk_layer_get_next_sibling (c))
                {
                  TraverseFrame *cf = g_new (TraverseFrame, 1);

                  *cf = (TraverseFrame) { g_object_ref (c), f->depth + 1, FALSE };
                  g_queue_push_tail (&queue, cf);
                }
            }
        }

      g_object_unref (f->layer);
      g_free (f);
    }
}

/**
 * gsk_layer_traverse:
 * @root: the layer to start at
 * @order: the order to visit the subtree in
 * @func: (scope call): the function to call on each layer
 * @user_data: data passed to @func
 *
 * Visits @root and every layer below it in @order. @func may change the
 * tree while it runs: each visited layer is kept alive for its visit,
 * and layers that left the subtree before their turn are skipped.
 *
 * Since: 0.1
 */
void
gsk_layer_traverse (GskLayer              *root,
                    GskLayerTraverseOrder  order,
                    GskLayerTraverseFunc   func,
                    gpointer               user_data)
{
  g_return_if_fail (GSK_IS_LAYER (root));
  g_return_if_fail (func != NULL);

  switch (order)
    {
    case GSK_LAYER_TRAVERSE_DEPTH_FIRST_PRE:
      traverse_depth_first (root, FALSE, func, user_data);
      break;
    case GSK_LAYER_TRAVERSE_DEPTH_FIRST_POST:
      traverse_depth_first (root, TRUE, func, user_data);
      break;
    case GSK_LAYER_TRAVERSE_BREADTH_FIRST:
      traverse_breadth_first (root, func, user_data);
      break;
    default:
      g_return_if_reached ();
    }
}

/* }}} */
