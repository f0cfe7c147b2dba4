/* gsk-layer-clones.c: the link between a clone and the layer it shows
 *
 * A clone (GskLayerClone, gsk/clone/) draws its source's tree again in
 * its own place; the compile walks the source from the clone. The
 * source keeps a list of its clones so that a change anywhere in its
 * tree, which marks the source, marks them too: they draw it again.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"

void
gsk_layer_clones_changed (GskLayer *source)
{
  GPtrArray *clones = gsk_layer_get_private (source)->clones;
  guint i;

  for (i = 0; i < clones->len; i++)
    gsk_layer_changed (g_ptr_array_index (clones, i), GSK_LAYER_DIRTY_PAINT);
}

void
gsk_layer_set_clone_source (GskLayer *self,
                            GskLayer *source)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->clone_source == source)
    return;

  if (priv->clone_source != NULL)
    {
      GskLayerPrivate *old = gsk_layer_get_private (priv->clone_source);

      g_ptr_array_remove_fast (old->clones, self);
      if (old->clones->len == 0)
        g_clear_pointer (&old->clones, g_ptr_array_unref);
      g_clear_object (&priv->clone_source);
    }

  if (source != NULL)
    {
      GskLayerPrivate *spriv = gsk_layer_get_private (source);

      priv->clone_source = g_object_ref_sink (source);
      if (spriv->clones == NULL)
        spriv->clones = g_ptr_array_new ();
      g_ptr_array_add (spriv->clones, self);
    }

  gsk_layer_changed (self, GSK_LAYER_DIRTY_PAINT);
}
