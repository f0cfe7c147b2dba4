/* gsk-layer-tree.c: the tree of layers — adding, removing and
 * replacing children, walking parents and siblings, and the order
 * children are drawn in
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"

/* {{{ Tree */

/* A subtree changed trees: its transitions follow the clock it has now */
void
gsk_layer_update_subtree_clocks (GskLayer *self)
{
  GPtrArray *stack;

  if (gsk_layer_n_animated == 0)
    return;

  stack = g_ptr_array_new_with_free_func (g_object_unref);
  g_ptr_array_add (stack, g_object_ref (self));
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      GskLayer *c;

      if (p->animation)
        gsk_layer_animation_hooks->clock_changed (l);
      for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
        g_ptr_array_add (stack, g_object_ref (c));
      if (p->mask_layer != NULL)
        g_ptr_array_add (stack, g_object_ref (p->mask_layer));
      g_object_unref (l);
    }
  g_ptr_array_unref (stack);
}


/* Adds what the subtree last drew to the damage of the top level it
 * leaves, and marks it to be recomputed wherever it goes next */
void
gsk_layer_forget_subtree (GskLayer *self,
                          GskLayer *old_root)
{
  GPtrArray *stack = g_ptr_array_new ();

  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      GskLayer *c;

      if (old_root != NULL)
        {
          gsk_layer_top_level_add_damage (old_root, &p->drawn_bounds);
          if (p->filter_bounds.size.width > 0)
            gsk_layer_top_level_add_damage (old_root, &p->filter_bounds);
        }
      p->drawn_bounds = *graphene_rect_zero ();
      p->filter_bounds = *graphene_rect_zero ();
      p->subtree_bounds = GSK_LAYER_BOX_EMPTY;
      p->bounds_valid = FALSE;
      p->world_stale = TRUE;
      p->world_dirty = TRUE;
      p->paint_dirty = TRUE;
      p->subtree_dirty = TRUE;
      p->compile_generation = 0;
      gsk_layer_note_children_changed (p);
      /* Requests from here must reach the new top level */
      p->redraw_propagated = FALSE;

      for (c = p->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
        g_ptr_array_add (stack, c);
      if (p->mask_layer != NULL)
        g_ptr_array_add (stack, p->mask_layer);
    }
  g_ptr_array_free (stack, TRUE);
}

void
gsk_layer_update_children_have_z (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayer *c;

  priv->children_have_z = FALSE;
  for (c = priv->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
    {
      GskLayerPrivate *cp = gsk_layer_get_private (c);

      if (cp->z_position != 0.f)
        {
          priv->children_have_z = TRUE;
          break;
        }
    }
}

static gboolean
can_adopt (GskLayer *self,
           GskLayer *child)
{
  GskLayerPrivate *cpriv = gsk_layer_get_private (child);

  if (cpriv->parent != NULL)
    {
      g_critical ("Cannot add layer %p (%s) to %p: it already has a parent",
                  child, G_OBJECT_TYPE_NAME (child), self);
      return FALSE;
    }
  /* A layer without children or a mask can only be its own ancestor */
  if (child == self ||
      ((cpriv->first_child != NULL || cpriv->mask_layer != NULL) && gsk_layer_contains (child, self)))
    {
      g_critical ("Cannot add layer %p (%s) to %p: it is an ancestor of its "
                  "new parent, which would make a cycle",
                  child, G_OBJECT_TYPE_NAME (child), self);
      return FALSE;
    }
  if (cpriv->in_dispose)
    {
      g_critical ("Cannot add layer %p while it is being destroyed", child);
      return FALSE;
    }

  return TRUE;
}

/* A translucent layer is composited as a group once it has children,
 * and with its opacity applied directly before: its own pixels round
 * differently either way, so they are damaged when the first child
 * comes or the last goes */
static void
first_or_last_child_changed (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->n_children <= 1 && priv->opacity < 1.f)
    gsk_layer_changed (self, GSK_LAYER_DIRTY_PAINT);
}

/* Links @child after @prev (NULL: first) */
static void
link_child (GskLayer *self,
            GskLayer *child,
            GskLayer *prev)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerPrivate *cpriv = gsk_layer_get_private (child);
  GskLayer *next;

  g_object_ref_sink (child);

  next = prev ? gsk_layer_get_private (prev)->next_sibling : priv->first_child;

  cpriv->parent = self;
  cpriv->prev_sibling = prev;
  cpriv->next_sibling = next;

  if (prev)
    gsk_layer_get_private (prev)->next_sibling = child;
  else
    priv->first_child = child;

  if (next)
    gsk_layer_get_private (next)->prev_sibling = child;
  else
    priv->last_child = child;

  priv->n_children++;
  priv->children_age++;
  gsk_layer_tree_serial++;
  gsk_layer_note_children_changed (priv);
  if (cpriv->z_position != 0.f)
    priv->children_have_z = TRUE;

  /* A layer that was a top level is one no more. Its subtree may have
   * been drawn as such: forget that. Any other parentless subtree was
   * forgotten when it left its tree, or never drawn at all. */
  if (cpriv->top_level != NULL)
    {
      gboolean was_drawn = cpriv->top_level->consumer != NULL;

      g_clear_pointer (&cpriv->top_level, gsk_layer_top_level_free);
      if (was_drawn)
        gsk_layer_forget_subtree (child, NULL);
    }
  /* Its world matrices, if computed at all, were relative to no parent;
   * staleness reaches the descendants through the walks */
  cpriv->world_stale = TRUE;
  cpriv->world_dirty = TRUE;
  cpriv->paint_dirty = TRUE;
  cpriv->natural_size_dirty = TRUE;
  gsk_layer_mark_subtree_dirty (child);
  gsk_layer_queue_redraw (child, NULL);
  gsk_layer_queue_relayout (self);
  first_or_last_child_changed (self);

  gsk_layer_update_subtree_clocks (child);
  gsk_layer_emit_child_added (self, child);
}

void
gsk_layer_unlink_child (GskLayer *self,
                        GskLayer *child,
                        gboolean  emit)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerPrivate *cpriv = gsk_layer_get_private (child);
  GskLayer *root = gsk_layer_get_root (self);

  gsk_layer_forget_subtree (child, root);
  gsk_layer_mark_subtree_dirty (self);

  if (cpriv->prev_sibling)
    gsk_layer_get_private (cpriv->prev_sibling)->next_sibling = cpriv->next_sibling;
  else
    priv->first_child = cpriv->next_sibling;

  if (cpriv->next_sibling)
    gsk_layer_get_private (cpriv->next_sibling)->prev_sibling = cpriv->prev_sibling;
  else
    priv->last_child = cpriv->prev_sibling;

  cpriv->parent = NULL;
  cpriv->prev_sibling = NULL;
  cpriv->next_sibling = NULL;
  priv->n_children--;
  priv->children_age++;
  gsk_layer_tree_serial++;
  gsk_layer_note_children_changed (priv);
  if (cpriv->z_position != 0.f)
    gsk_layer_update_children_have_z (self);

  /* It has no clock now, unless it gets one as a top level */
  gsk_layer_update_subtree_clocks (child);

  if (!priv->in_dispose)
    {
      /* What the child drew is damaged already; the parent's own pixels
       * did not change */
      gsk_layer_send_redraw_request (self, &(cairo_rectangle_int_t) { 0, 0, 0, 0 });
      gsk_layer_queue_relayout (self);
      first_or_last_child_changed (self);
      if (emit)
        gsk_layer_emit_child_removed (self, child);
    }

  g_object_unref (child);
}

/**
 * gsk_layer_add_child:
 * @self: a layer
 * @child: (transfer floating): a layer without a parent
 *
 * Adds @child on top of the children of @self. The parent holds a
 * reference to each child.
 *
 * Since: 0.1
 */
void
gsk_layer_add_child (GskLayer *self,
                     GskLayer *child)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  if (!can_adopt (self, child))
    return;

  priv = gsk_layer_get_private (self);
  link_child (self, child, priv->last_child);
}

/**
 * gsk_layer_insert_child_at_index:
 * @self: a layer
 * @child: (transfer floating): a layer without a parent
 * @index_: the position among the children; a negative value or one past
 *   the end appends
 *
 * Inserts @child so that it becomes the child at @index_.
 *
 * Since: 0.1
 */
void
gsk_layer_insert_child_at_index (GskLayer *self,
                                 GskLayer *child,
                                 int       index_)
{
  GskLayerPrivate *priv;
  GskLayer *prev;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  if (!can_adopt (self, child))
    return;

  priv = gsk_layer_get_private (self);
  if (index_ < 0 || (guint) index_ >= priv->n_children)
    prev = priv->last_child;
  else if (index_ == 0)
    prev = NULL;
  else
    prev = gsk_layer_get_child_at_index (self, index_ - 1);

  link_child (self, child, prev);
}

/**
 * gsk_layer_insert_child_above:
 * @self: a layer
 * @child: (transfer floating): a layer without a parent
 * @sibling: (nullable): a child of @self, or %NULL for the top
 *
 * Inserts @child just above @sibling in child order, or on top of all
 * children if @sibling is %NULL.
 *
 * Since: 0.1
 */
void
gsk_layer_insert_child_above (GskLayer *self,
                              GskLayer *child,
                              GskLayer *sibling)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  g_return_if_fail (sibling == NULL || GSK_IS_LAYER (sibling));
  g_return_if_fail (sibling == NULL || gsk_layer_get_parent (sibling) == self);
  if (!can_adopt (self, child))
    return;

  priv = gsk_layer_get_private (self);
  link_child (self, child, sibling ? sibling : priv->last_child);
}

/**
 * gsk_layer_insert_child_below:
 * @self: a layer
 * @child: (transfer floating): a layer without a parent
 * @sibling: (nullable): a child of @self, or %NULL for the bottom
 *
 * Inserts @child just below @sibling in child order, or below all
 * children if @sibling is %NULL.
 *
 * Since: 0.1
 */
void
gsk_layer_insert_child_below (GskLayer *self,
                              GskLayer *child,
                              GskLayer *sibling)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  g_return_if_fail (sibling == NULL || GSK_IS_LAYER (sibling));
  g_return_if_fail (sibling == NULL || gsk_layer_get_parent (sibling) == self);
  if (!can_adopt (self, child))
    return;

  link_child (self, child, sibling ? gsk_layer_get_previous_sibling (sibling) : NULL);
}

/**
 * gsk_layer_remove_child:
 * @self: a layer
 * @child: a child of @self
 *
 * Removes @child from @self, dropping the reference @self held.
 *
 * Since: 0.1
 */
void
gsk_layer_remove_child (GskLayer *self,
                        GskLayer *child)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (child));
  g_return_if_fail (gsk_layer_get_parent (child) == self);

  gsk_layer_unlink_child (self, child, TRUE);
}

/**
 * gsk_layer_replace_child:
 * @self: a layer
 * @old_child: a child of @self
 * @new_child: (transfer floating): a layer without a parent
 *
 * Puts @new_child where @old_child was, and removes @old_child.
 *
 * Since: 0.1
 */
void
gsk_layer_replace_child (GskLayer *self,
                         GskLayer *old_child,
                         GskLayer *new_child)
{
  GskLayer *prev;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (GSK_IS_LAYER (old_child));
  g_return_if_fail (GSK_IS_LAYER (new_child));
  g_return_if_fail (gsk_layer_get_parent (old_child) == self);
  if (!can_adopt (self, new_child))
    return;

  prev = gsk_layer_get_previous_sibling (old_child);
  g_object_ref (old_child);
  gsk_layer_unlink_child (self, old_child, TRUE);
  link_child (self, new_child, prev);
  g_object_unref (old_child);
}

/**
 * gsk_layer_remove_all_children:
 * @self: a layer
 *
 * Removes every child of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_remove_all_children (GskLayer *self)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  while (priv->last_child != NULL)
    gsk_layer_unlink_child (self, priv->last_child, TRUE);
}

/**
 * gsk_layer_get_parent:
 * @self: a layer
 *
 * Gets the layer @self is a child of.
 *
 * Returns: (transfer none) (nullable): the parent of @self, or %NULL for
 *   a top-level layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_parent (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  /* A mask hangs off its owner but is not its child */
  if (gsk_layer_get_private (self)->is_mask)
    return NULL;
  return gsk_layer_get_private (self)->parent;
}

/**
 * gsk_layer_get_root:
 * @self: a layer
 *
 * Gets the top-level ancestor of @self: the layer at the top of its
 * tree, which has no parent. A mask's ([method@Layer.set_mask]) is
 * that of the layer it masks.
 *
 * Returns: (transfer none): the top-level ancestor of @self, or @self
 *   itself if it has no parent
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_root (GskLayer *self)
{
  GskLayer *l;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  /* A mask's root is its owner's */
  for (l = self; gsk_layer_get_private (l)->parent != NULL; l = gsk_layer_get_private (l)->parent)
    ;

  return l;
}

/**
 * gsk_layer_get_first_child:
 * @self: a layer
 *
 * Gets the first child of @self in child order: the bottom-most one,
 * drawn first among siblings of equal [property@Layer:z-position].
 *
 * Returns: (transfer none) (nullable): the first child of @self, or
 *   %NULL if it has no children
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_first_child (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->first_child;
}

/**
 * gsk_layer_get_last_child:
 * @self: a layer
 *
 * Gets the last child of @self in child order: the top-most one, drawn
 * last among siblings of equal [property@Layer:z-position].
 *
 * Returns: (transfer none) (nullable): the last child of @self, or
 *   %NULL if it has no children
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_last_child (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->last_child;
}

/**
 * gsk_layer_get_next_sibling:
 * @self: a layer
 *
 * Gets the sibling that follows @self in its parent's child order: the
 * one above it, if their [property@Layer:z-position] is equal.
 *
 * Returns: (transfer none) (nullable): the next sibling of @self, or
 *   %NULL if @self is the last child or has no parent
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_next_sibling (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->next_sibling;
}

/**
 * gsk_layer_get_previous_sibling:
 * @self: a layer
 *
 * Gets the sibling that comes before @self in its parent's child order:
 * the one below it, if their [property@Layer:z-position] is equal.
 *
 * Returns: (transfer none) (nullable): the previous sibling of @self, or
 *   %NULL if @self is the first child or has no parent
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_previous_sibling (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->prev_sibling;
}

/**
 * gsk_layer_get_n_children:
 * @self: a layer
 *
 * Gets the number of children of @self, not counting their own
 * descendants.
 *
 * Returns: the number of children of @self
 *
 * Since: 0.1
 */
guint
gsk_layer_get_n_children (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), 0);

  return gsk_layer_get_private (self)->n_children;
}

/**
 * gsk_layer_get_child_at_index:
 * @self: a layer
 * @index_: a position in child order, from 0 for the first child
 *
 * Gets the child of @self at @index_ in child order.
 *
 * Returns: (transfer none) (nullable): the child at @index_, or %NULL if
 *   @index_ is not less than the number of children
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_child_at_index (GskLayer *self,
                              guint     index_)
{
  GskLayerPrivate *priv;
  GskLayer *c;
  guint i;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  priv = gsk_layer_get_private (self);
  if (index_ >= priv->n_children)
    return NULL;

  if (index_ > priv->n_children / 2)
    {
      for (c = priv->last_child, i = priv->n_children - 1; i > index_; i--)
        c = gsk_layer_get_previous_sibling (c);
    }
  else
    {
      for (c = priv->first_child, i = 0; i < index_; i++)
        c = gsk_layer_get_private (c)->next_sibling;
    }

  return c;
}

/**
 * gsk_layer_contains:
 * @self: a layer
 * @descendant: another layer
 *
 * Checks whether @descendant is @self or one of its descendants: a
 * child, a child of a child, and so on, or a layer in the tree of the
 * mask ([method@Layer.set_mask]) of one of them.
 *
 * Returns: %TRUE if @descendant is @self or below it in the tree
 *
 * Since: 0.1
 */
gboolean
gsk_layer_contains (GskLayer *self,
                    GskLayer *descendant)
{
  GskLayer *l;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (GSK_IS_LAYER (descendant), FALSE);

  /* Through masks too: a mask's tree is in its owner's */
  for (l = descendant; l != NULL; l = gsk_layer_get_private (l)->parent)
    if (l == self)
      return TRUE;

  return FALSE;
}

static int
compare_z (gconstpointer a,
           gconstpointer b,
           gpointer      user_data)
{
  GskLayerPrivate *pa = gsk_layer_get_private (*(GskLayer **) a);
  GskLayerPrivate *pb = gsk_layer_get_private (*(GskLayer **) b);

  return (pa->z_position > pb->z_position) - (pa->z_position < pb->z_position);
}

guint
gsk_layer_get_paint_order (GskLayer   *self,
                           GskLayer  **stack_buf,
                           guint       stack_len,
                           GskLayer ***out_children)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayer **children;
  GskLayer *c;
  guint i;

  children = priv->n_children <= stack_len ? stack_buf : g_new (GskLayer *, priv->n_children);
  for (c = priv->first_child, i = 0; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
    children[i++] = c;

  /* g_qsort_with_data is a stable merge sort: equal z keeps child order */
  if (priv->children_have_z)
    g_qsort_with_data (children, i, sizeof (GskLayer *), compare_z, NULL);

  *out_children = children;
  return i;
}

/* }}} */
