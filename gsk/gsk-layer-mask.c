/* gsk-layer-mask.c: a layer whose alpha masks another, as CALayer.mask
 *
 * The mask layer hangs off its owner as a child does (its parent
 * pointer is the owner: it moves with it, its requests reach the top
 * level, its animations run on the top level's clock), but it is in no
 * list of children: it is not laid out, picked or announced, and
 * gsk_layer_get_parent() says it has none. The compile draws its tree
 * into a mask group at the end of its owner's group.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"

static void
detach (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayer *mask = g_steal_pointer (&priv->mask_layer);
  GskLayerPrivate *mpriv = gsk_layer_get_private (mask);

  gsk_layer_forget_subtree (mask, gsk_layer_get_root (self));
  mpriv->parent = NULL;
  mpriv->is_mask = FALSE;
  gsk_layer_update_subtree_clocks (mask);
  g_object_unref (mask);
}

/**
 * gsk_layer_set_mask:
 * @self: a layer
 * @mask: (transfer floating) (nullable): a layer without a parent, or
 *   %NULL
 *
 * Shows @self and its subtree only where @mask draws, as much as it
 * draws there: the alpha of everything @mask and its children draw,
 * with their transforms, styles and animations, multiplies what @self
 * shows. Outside what @mask draws nothing of @self shows.
 *
 * @mask is placed in the coordinates of @self, as a child would be, but
 * it is not a child: it is not laid out or picked, and
 * [method@Layer.get_parent] returns %NULL for it. A mask makes @self a
 * group (flat, as opacity does). @self holds a reference to @mask.
 *
 * A layer that has a parent, is another layer's mask, or holds @self
 * in its tree cannot be a mask.
 *
 * Since: 0.1
 */
void
gsk_layer_set_mask (GskLayer *self,
                    GskLayer *mask)
{
  GskLayerPrivate *priv, *mpriv;
  gboolean preserved_before;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (mask == NULL || GSK_IS_LAYER (mask));

  priv = gsk_layer_get_private (self);
  if (priv->mask_layer == mask)
    return;
  if (mask != NULL)
    {
      mpriv = gsk_layer_get_private (mask);
      if (mpriv->parent != NULL)
        {
          g_critical ("Cannot make layer %p (%s) the mask of %p: it already has a parent or is a mask",
                      mask, G_OBJECT_TYPE_NAME (mask), self);
          return;
        }
      if (gsk_layer_contains (mask, self))
        {
          g_critical ("Cannot make layer %p (%s) the mask of %p: it holds %p in its tree, "
                      "which would make a cycle", mask, G_OBJECT_TYPE_NAME (mask), self, self);
          return;
        }
      g_return_if_fail (!mpriv->in_dispose && !priv->in_dispose);
    }

  preserved_before = gsk_layer_preserves_3d (priv);
  if (priv->mask_layer != NULL)
    detach (self);

  if (mask != NULL)
    {
      mpriv = gsk_layer_get_private (mask);
      priv->mask_layer = g_object_ref_sink (mask);
      mpriv->parent = self;
      mpriv->is_mask = TRUE;
      /* Drawn afresh where it is now */
      gsk_layer_forget_subtree (mask, NULL);
      gsk_layer_update_subtree_clocks (mask);
    }

  gsk_layer_grouping_changed (self, preserved_before);
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_MASK]);
}

/**
 * gsk_layer_get_mask:
 * @self: a layer
 *
 * Gets the layer masking @self, as set with [method@Layer.set_mask].
 *
 * Returns: (transfer none) (nullable): the mask of @self, or %NULL
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_mask (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->mask_layer;
}

void
gsk_layer_release_mask (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->is_mask)
    {
      /* Destroyed while masking: its owner lets it go */
      gsk_layer_set_mask (priv->parent, NULL);
      return;
    }
  if (priv->mask_layer != NULL)
    detach (self);
}
