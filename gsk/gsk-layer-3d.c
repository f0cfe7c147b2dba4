/* gsk-layer-3d.c: how a layer takes part in 3D: its transform style
 * (flat or preserve-3d), the visibility of its back, and the origin of
 * the transform it gives its children
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"
#include "gsk-layer-enum-types.h"

/* {{{ 3D rendering contexts */

/**
 * gsk_layer_set_transform_style:
 * @self: a layer
 * @style: how the children keep their 3D transforms
 *
 * Sets whether the children of @self are flattened into its plane
 * (%GSK_LAYER_TRANSFORM_STYLE_FLAT, the default) or keep their depth in
 * its 3D space (%GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D), as CSS's
 * `transform-style`.
 *
 * Flat follows CSS Transforms 2: each child's transform (with the
 * [property@Layer:child-transform] of @self) is projected onto the plane
 * of @self, so a perspective above @self does not reach the children,
 * and a child's rotation does not undo one of @self. Under preserve-3d,
 * the children's transforms compose with those above in 3D, and the
 * planes of the 3D rendering context are drawn and picked by depth. As
 * in CSS, a layer with opacity below 1, a blend mode other than normal,
 * [property@Layer:clip-to-bounds], filters or a backdrop filter is flat
 * whatever its transform style.
 *
 * Since: 0.1
 */
void
gsk_layer_set_transform_style (GskLayer               *self,
                               GskLayerTransformStyle  style)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (style == GSK_LAYER_TRANSFORM_STYLE_FLAT ||
                    style == GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);

  priv = gsk_layer_get_private (self);
  if (priv->preserve_3d == (style == GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D))
    return;

  priv->preserve_3d = style == GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D;
  /* Picking orders planes as the next compile will, not as the last did */
  priv->orders_planes = gsk_layer_preserves_3d (priv);
  /* Its own world is computed again too: that is where a preserve-3d
   * layer keeps its context for its children */
  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
  gsk_layer_children_changed (self, GSK_LAYER_DIRTY_WORLD);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_TRANSFORM_STYLE]);
}

void
gsk_layer_grouping_changed (GskLayer *self,
                            gboolean  preserved_before)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  /* Picking orders planes as the next compile will, not as the last did:
   * a pick before that frame gives what one after it gives */
  priv->orders_planes = gsk_layer_preserves_3d (priv);
  if (priv->preserve_3d && preserved_before != gsk_layer_preserves_3d (priv))
    {
      gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
      gsk_layer_children_changed (self, GSK_LAYER_DIRTY_WORLD);
    }
}

/**
 * gsk_layer_get_transform_style:
 * @self: a layer
 *
 * Gets how the children of @self keep their 3D transforms: see
 * [method@Layer.set_transform_style].
 *
 * Returns: the transform style of @self
 *
 * Since: 0.1
 */
GskLayerTransformStyle
gsk_layer_get_transform_style (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_TRANSFORM_STYLE_FLAT);

  return gsk_layer_get_private (self)->preserve_3d ? GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D
                                                   : GSK_LAYER_TRANSFORM_STYLE_FLAT;
}

/**
 * gsk_layer_set_backface_visibility:
 * @self: a layer
 * @visibility: whether @self shows while turned away
 *
 * Sets whether @self is drawn and picked while its back faces the viewer,
 * as CSS's `backface-visibility`: a flip card's two faces, each hidden
 * from behind. The back faces the viewer when the layer's plane, under
 * its 3D transform (in its 3D rendering context, or with its parent's
 * [property@Layer:child-transform]), is turned away; a mirror image
 * (`scaleX(-1)`) is not a back. Hidden, a flat layer hides with its
 * subtree; a preserve-3d one hides its own plane only, its children each
 * decide for themselves.
 *
 * Since: 0.1
 */
void
gsk_layer_set_backface_visibility (GskLayer                   *self,
                                   GskLayerBackfaceVisibility  visibility)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (visibility == GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE ||
                    visibility == GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN);

  priv = gsk_layer_get_private (self);
  if (priv->backface_hidden == (visibility == GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN))
    return;

  priv->backface_hidden = visibility == GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN;
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_BACKFACE_VISIBILITY]);
}

/**
 * gsk_layer_get_backface_visibility:
 * @self: a layer
 *
 * Gets whether @self shows while its back faces the viewer: see
 * [method@Layer.set_backface_visibility].
 *
 * Returns: the backface visibility of @self
 *
 * Since: 0.1
 */
GskLayerBackfaceVisibility
gsk_layer_get_backface_visibility (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE);

  return gsk_layer_get_private (self)->backface_hidden ? GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN
                                                       : GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE;
}

/* {{{ The child transform's origin */

void
gsk_layer_set_child_origin (GskLayer               *self,
                            const graphene_point_t *relative,
                            const graphene_point_t *offset)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  gboolean set = relative != NULL;
  graphene_point_t r = set ? *relative : GRAPHENE_POINT_INIT (0, 0);
  graphene_point_t o = set && offset ? *offset : GRAPHENE_POINT_INIT (0, 0);

  if (priv->child_origin_set == set &&
      graphene_point_equal (&priv->child_origin, &r) &&
      graphene_point_equal (&priv->child_origin_offset, &o))
    return;

  priv->child_origin_set = set;
  priv->child_origin = r;
  priv->child_origin_offset = o;
  if (priv->child_transform != NULL)
    gsk_layer_children_changed (self, GSK_LAYER_DIRTY_WORLD);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_CHILD_TRANSFORM_ORIGIN]);
}

/**
 * gsk_layer_set_child_transform_origin:
 * @self: a layer
 * @origin: (nullable): the point the child transform applies about, x
 *   and y relative to the size of @self, or %NULL for the pivot point
 *
 * Sets the point that [property@Layer:child-transform] applies about,
 * apart from the pivot point that @self's own transform applies about:
 * with a `perspective()` child transform, the vanishing point, as CSS's
 * `perspective-origin` (whose default, the centre, is (0.5, 0.5)). The
 * point lies in the plane of @self (z = 0). By default (%NULL) the child
 * transform applies about the [property@Layer:pivot-point].
 *
 * Unlike the pivot point, the origin is not animated by an easing state:
 * it is set at once (a style's `perspective-origin` animates with the
 * style).
 *
 * Since: 0.1
 */
void
gsk_layer_set_child_transform_origin (GskLayer               *self,
                                      const graphene_point_t *origin)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (origin == NULL || (coordinate_is_valid (origin->x) && coordinate_is_valid (origin->y)));

  gsk_layer_set_child_origin (self, origin, NULL);
}

/**
 * gsk_layer_get_child_transform_origin:
 * @self: a layer
 * @origin: (out caller-allocates) (optional): return location for the
 *   origin, relative to the size of @self
 *
 * Gets the point that the child transform of @self applies about: see
 * [method@Layer.set_child_transform_origin]. Without an origin of its
 * own, @origin is the x and y of the pivot point. An origin a style set
 * in lengths (`perspective-origin: 20px 10px`) is given relative to the
 * current size (0 along an axis the size is 0).
 *
 * Returns: %TRUE if @self has an origin for its child transform, %FALSE
 *   if the child transform applies about the pivot point
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_child_transform_origin (GskLayer         *self,
                                      graphene_point_t *origin)
{
  GskLayerPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  priv = gsk_layer_get_private (self);
  if (origin == NULL)
    return priv->child_origin_set;

  if (!priv->child_origin_set)
    {
      graphene_point_init (origin, priv->pivot.x, priv->pivot.y);
      return FALSE;
    }

  graphene_point_init (origin,
                       priv->child_origin.x + (priv->size.width > 0 ? priv->child_origin_offset.x / priv->size.width : 0),
                       priv->child_origin.y + (priv->size.height > 0 ? priv->child_origin_offset.y / priv->size.height : 0));
  return TRUE;
}
