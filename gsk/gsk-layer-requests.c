/* gsk-layer-requests.c: what changed and who must hear of it — dirty
 * flags, redraw and relayout requests up the tree, and the top level's
 * record of the damage and of the pending frame
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"

/* {{{ The top level */

GskLayerTopLevel *
gsk_layer_ensure_top_level (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->top_level == NULL)
    {
      priv->top_level = g_new0 (GskLayerTopLevel, 1);
      priv->top_level->damage = cairo_region_create ();
    }

  return priv->top_level;
}

static void
rect_to_int (const graphene_rect_t *rect,
             cairo_rectangle_int_t *out)
{
  float x0 = floorf (rect->origin.x);
  float y0 = floorf (rect->origin.y);
  float x1 = ceilf (rect->origin.x + rect->size.width);
  float y1 = ceilf (rect->origin.y + rect->size.height);

  /* Damage far outside any target is as good as clamped */
  x0 = CLAMP (x0, -(1 << 28), 1 << 28);
  y0 = CLAMP (y0, -(1 << 28), 1 << 28);
  x1 = CLAMP (x1, -(1 << 28), 1 << 28);
  y1 = CLAMP (y1, -(1 << 28), 1 << 28);

  out->x = x0;
  out->y = y0;
  out->width = x1 - x0;
  out->height = y1 - y0;
}

void
gsk_layer_top_level_add_damage (GskLayer              *root,
                                const graphene_rect_t *screen_rect)
{
  GskLayerTopLevel *top_level;
  cairo_rectangle_int_t r;

  if (screen_rect->size.width <= 0 || screen_rect->size.height <= 0)
    return;

  top_level = gsk_layer_ensure_top_level (root);
  /* A pixel of margin, as for the damage the compile step finds */
  rect_to_int (&GRAPHENE_RECT_INIT (screen_rect->origin.x - 1, screen_rect->origin.y - 1,
                                    screen_rect->size.width + 2, screen_rect->size.height + 2), &r);
  cairo_region_union_rectangle (top_level->damage, &r);
}

cairo_region_t *
gsk_layer_top_level_take_damage (GskLayer *root)
{
  GskLayerTopLevel *top_level = gsk_layer_ensure_top_level (root);
  cairo_region_t *damage = top_level->damage;

  top_level->damage = cairo_region_create ();
  top_level->frame_pending = FALSE;

  return damage;
}

gboolean
gsk_layer_top_level_has_damage (GskLayer *root)
{
  GskLayerPrivate *priv = gsk_layer_get_private (root);

  return priv->top_level != NULL && !cairo_region_is_empty (priv->top_level->damage);
}

gboolean
gsk_layer_top_level_is_drawn (GskLayer *root)
{
  GskLayerPrivate *priv = gsk_layer_get_private (root);

  return priv->top_level != NULL && priv->top_level->consumer != NULL;
}

gboolean
gsk_layer_top_level_claim (GskLayer *root,
                           gpointer  consumer)
{
  GskLayerTopLevel *top_level = gsk_layer_ensure_top_level (root);
  gboolean same = top_level->consumer == consumer;

  top_level->consumer = consumer;
  return same;
}

void
gsk_layer_top_level_set_frame_request_func (GskLayer                 *root,
                                            GskLayerFrameRequestFunc  func,
                                            gpointer                  data)
{
  GskLayerTopLevel *top_level = gsk_layer_ensure_top_level (root);

  top_level->frame_request_func = func;
  top_level->frame_request_data = data;
}

static void
top_level_request_frame (GskLayer *root)
{
  GskLayerTopLevel *top_level = gsk_layer_ensure_top_level (root);

  if (top_level->frame_pending)
    return;

  top_level->frame_pending = TRUE;
  if (top_level->frame_request_func)
    top_level->frame_request_func (root, top_level->frame_request_data);
}

/* }}} */
/* {{{ Dirty tracking and requests */

void
gsk_layer_changed_above (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  /* As gsk_layer_changed(), with classes that override the requests
   * about: the layer's own handler passes the request on as far as a
   * sibling's went only if it is GskLayer's */
  if (priv->parent != NULL)
    {
      GskLayerPrivate *parent = gsk_layer_get_private (priv->parent);

      if (parent->subtree_dirty &&
          (priv->redraw_propagated ||
           (parent->redraw_propagated && !priv->in_dispose &&
            GSK_LAYER_GET_CLASS (self)->queue_redraw == gsk_layer_real_queue_redraw)))
        {
          gsk_layer_mark_below_marked (self, priv, parent);
          return;
        }
    }
  else if (priv->redraw_propagated)
    {
      priv->bounds_valid = FALSE;
      priv->subtree_dirty = TRUE;
      priv->paint_dirty = TRUE;
      return;
    }

  if (priv->in_dispose)
    {
      gsk_layer_mark_subtree_dirty (self);
      return;
    }

  priv->paint_dirty = TRUE;
  gsk_layer_mark_subtree_dirty (self);
  gsk_layer_send_redraw_request (self, NULL);
}

/* Records a change of every child of @self. Their redraw requests may
 * run code of the application's that changes the children: then it
 * goes over a held copy of the list, skipping those that left. */
void
gsk_layer_children_changed (GskLayer           *self,
                            GskLayerDirtyFlags  flags)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GPtrArray *held;
  GskLayer *c;
  guint i;

  if (gsk_layer_n_meddlers == 0)
    {
      for (c = priv->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
        gsk_layer_changed (c, flags);
      return;
    }

  held = g_ptr_array_new_with_free_func (g_object_unref);
  for (c = priv->first_child; c != NULL; c = gsk_layer_get_private (c)->next_sibling)
    g_ptr_array_add (held, g_object_ref (c));
  for (i = 0; i < held->len; i++)
    {
      c = g_ptr_array_index (held, i);
      if (gsk_layer_get_private (c)->parent == self)
        gsk_layer_changed (c, flags);
    }
  g_ptr_array_unref (held);
}

gboolean
gsk_layer_real_queue_redraw (GskLayer                    *self,
                             GskLayer                    *origin,
                             const cairo_rectangle_int_t *area)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->parent == NULL)
    top_level_request_frame (self);

  return FALSE;
}

gboolean
gsk_layer_real_queue_relayout (GskLayer *self,
                               GskLayer *origin)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  priv->needs_layout = TRUE;
  if (priv->parent == NULL)
    top_level_request_frame (self);

  return FALSE;
}


/**
 * gsk_layer_queue_redraw:
 * @self: a layer
 * @area: (nullable): the part of @self to redraw, in its coordinates,
 *   or %NULL for all of it
 *
 * Asks for @area of @self to be redrawn in the next frame.
 *
 * The request travels up the tree through each ancestor's
 * [vfunc@Layer.queue_redraw], starting with @self, until one returns
 * %TRUE or the top level is reached, which records the damage and
 * marks a frame as pending. This does not invalidate cached content:
 * see [method@Layer.invalidate_content].
 *
 * Since: 0.1
 */
void
gsk_layer_queue_redraw (GskLayer                    *self,
                        const cairo_rectangle_int_t *area)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (priv->in_dispose)
    return;

  if (area == NULL)
    {
      priv->paint_dirty = TRUE;
      gsk_layer_mark_subtree_dirty (self);
    }
  else
    {
      graphene_rect_t r = GRAPHENE_RECT_INIT (area->x, area->y, area->width, area->height);
      graphene_rect_t screen;

      gsk_layer_update_world (self);
      if (!priv->world_singular &&
          gsk_layer_project_rect (&priv->world, &r, &screen, NULL, NULL))
        gsk_layer_top_level_add_damage (gsk_layer_get_root (self), &screen);
      gsk_layer_mark_subtree_dirty (self);
    }

  gsk_layer_send_redraw_request (self, area);
}

/* Sends a redraw request up the tree, without marking anything dirty */
void
gsk_layer_send_redraw_request (GskLayer                    *self,
                               const cairo_rectangle_int_t *area)
{
  GskLayer *l;

  /* A loop rather than recursion through the default handler keeps deep
   * trees off the stack. Once a request from a layer reached the top
   * level, later ones in the same frame stop there; a request that some
   * ancestor intercepted marks nothing, so the ancestor sees every one. */
  for (l = self; l != NULL; l = gsk_layer_get_private (l)->parent)
    {
      GskLayerClass *klass;

      if (gsk_layer_get_private (l)->redraw_propagated)
        break;
      /* GskLayer's own only marks a top level: no call needed below one */
      klass = GSK_LAYER_GET_CLASS (l);
      if (klass->queue_redraw == gsk_layer_real_queue_redraw && gsk_layer_get_private (l)->parent != NULL)
        continue;
      if (klass->queue_redraw (l, self, area))
        return;
    }

  for (l = self; l != NULL && !gsk_layer_get_private (l)->redraw_propagated;
       l = gsk_layer_get_private (l)->parent)
    gsk_layer_get_private (l)->redraw_propagated = TRUE;
}

/**
 * gsk_layer_queue_relayout:
 * @self: a layer
 *
 * Asks for the children of @self, and of its ancestors, to be laid out
 * again before the next frame.
 *
 * The request travels up the tree through each ancestor's
 * [vfunc@Layer.queue_relayout], starting with @self, until one returns
 * %TRUE. Each layer it passes gets its [vfunc@Layer.layout_children]
 * called once in the next frame.
 *
 * Since: 0.1
 */
void
gsk_layer_queue_relayout (GskLayer *self)
{
  GskLayer *l;

  g_return_if_fail (GSK_IS_LAYER (self));

  if (gsk_layer_get_private (self)->in_dispose)
    return;

  /* Changed inside an easing state: the children move with it */
  if (gsk_layer_get_private (self)->animation != NULL)
    gsk_layer_animation_hooks->capture_layout_easing (self, self);

  /* As with redraws: stop where an earlier request already went up, and
   * flag the path for the layout pass only if the request was not
   * intercepted */
  for (l = self; l != NULL; l = gsk_layer_get_private (l)->parent)
    {
      if (l != self && gsk_layer_get_private (l)->subtree_needs_layout)
        break;
      if (GSK_LAYER_GET_CLASS (l)->queue_relayout (l, self))
        return;
    }

  for (l = self; l != NULL; l = gsk_layer_get_private (l)->parent)
    {
      GskLayerPrivate *p = gsk_layer_get_private (l);

      if (l != self && p->subtree_needs_layout)
        break;
      p->subtree_needs_layout = TRUE;
    }
  gsk_layer_mark_subtree_dirty (self);
}

/**
 * gsk_layer_get_frame_pending:
 * @self: a top-level layer
 *
 * Whether a redraw or relayout request reached @self since its last
 * frame was rendered.
 *
 * Returns: %TRUE if a frame should be rendered
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_frame_pending (GskLayer *self)
{
  GskLayerPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  priv = gsk_layer_get_private (self);
  return priv->top_level != NULL && priv->top_level->frame_pending;
}

/* }}} */

/**
 * gsk_layer_queue_resize:
 * @self: a layer
 *
 * Tells the layout that the size @self asks for may have changed: its
 * parent (whose manager placed it) and @self are laid out again before
 * the next frame. Layer subclasses call it when what their
 * [vfunc@Layer.measure] answers changes.
 *
 * Since: 0.1
 */
void
gsk_layer_queue_resize (GskLayer *self)
{
  GskLayer *parent;

  g_return_if_fail (GSK_IS_LAYER (self));

  gsk_layer_get_private (self)->natural_size_dirty = TRUE;
  gsk_layer_queue_relayout (self);
  parent = gsk_layer_get_parent (self);
  if (parent != NULL && gsk_layer_get_private (parent)->layout_manager != NULL)
    {
      /* A child that changed inside an easing state moves its siblings
       * with it, as its container's would */
      if (gsk_layer_get_private (self)->animation != NULL)
        gsk_layer_animation_hooks->capture_layout_easing (parent, self);
      gsk_layer_queue_resize (parent);
    }
  else if (parent != NULL &&
           (!gsk_layer_get_private (self)->width_set || !gsk_layer_get_private (self)->height_set))
    {
      /* Its natural size: the parent's layout pass gives it */
      gsk_layer_queue_relayout (parent);
    }
}
