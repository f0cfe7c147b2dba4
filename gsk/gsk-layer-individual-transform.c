/* gsk-layer-individual-transform.c: CSS's translate, rotate and scale
 * properties of a layer, applied before its transform
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-enum-types.h"

/* {{{ translate, rotate and scale */

/* The transform CSS's translate, rotate and scale make, in CSS's
 * order: translate, then rotate, then scale (scale applies first) */
static void
update_individual (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerTransform *t = NULL;

  /* Only the angle of a lone rotation in the plane changed (a spinning
   * layer): set in the transform this layer alone holds, not made anew */
  if (priv->rotate != 0.f && priv->rotate_axis.x == 0.f && priv->rotate_axis.y == 0.f &&
      priv->translate.x == 0.f && priv->translate.y == 0.f && priv->translate.z == 0.f &&
      priv->scale.x == 1.f && priv->scale.y == 1.f && priv->scale.z == 1.f &&
      priv->individual != NULL &&
      gsk_layer_transform_get_category (priv->individual) == GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE &&
      gsk_layer_transform_overwrite_angle (priv->individual,
                                           priv->rotate_axis.z > 0.f ? priv->rotate : -priv->rotate))
    {
      gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
      return;
    }

  g_clear_pointer (&priv->individual, gsk_layer_transform_unref);
  if (priv->translate.x != 0.f || priv->translate.y != 0.f || priv->translate.z != 0.f)
    t = gsk_layer_transform_translate_3d (t, priv->translate.x, priv->translate.y, priv->translate.z);
  if (priv->rotate != 0.f)
    {
      if (priv->rotate_axis.x == 0.f && priv->rotate_axis.y == 0.f)
        t = gsk_layer_transform_rotate (t, priv->rotate_axis.z > 0.f ? priv->rotate : -priv->rotate);
      else
        {
          graphene_vec3_t axis;

          graphene_vec3_init (&axis, priv->rotate_axis.x, priv->rotate_axis.y, priv->rotate_axis.z);
          t = gsk_layer_transform_rotate_3d (t, priv->rotate, &axis);
        }
    }
  if (priv->scale.x != 1.f || priv->scale.y != 1.f || priv->scale.z != 1.f)
    t = gsk_layer_transform_scale_3d (t, priv->scale.x, priv->scale.y, priv->scale.z);
  priv->individual = t;

  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
}

static inline gboolean
scale_is_valid (float s)
{
  return isfinite (s) && fabsf (s) <= GSK_LAYER_MAX_COORDINATE;
}

/**
 * gsk_layer_set_translate:
 * @self: a layer
 * @translate: the offset, in pixels along x, y and z
 *
 * Moves @self by @translate, as CSS's `translate` property: before
 * [property@Layer:transform] is applied (so in the parent's axes, not
 * the transform's), and animatable on its own. The default is no
 * offset. Does nothing, with a critical warning, for a component that
 * is not finite or beyond the coordinates a layer takes.
 *
 * Since: 0.1
 */
void
gsk_layer_set_translate (GskLayer                 *self,
                         const graphene_point3d_t *translate)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (translate != NULL);
  g_return_if_fail (coordinate_is_valid (translate->x) && coordinate_is_valid (translate->y) &&
                    coordinate_is_valid (translate->z));

  ANIMATE_OR_CONTINUE (self, PROP_TRANSLATE, GRAPHENE_TYPE_POINT3D, g_value_set_boxed, translate);

  priv = gsk_layer_get_private (self);
  if (graphene_point3d_equal (&priv->translate, translate))
    return;

  priv->translate = *translate;
  update_individual (self);
  notify_model (self, PROP_TRANSLATE);
}

/**
 * gsk_layer_get_translate:
 * @self: a layer
 * @translate: (out caller-allocates): return location for the offset
 *
 * Gets the offset set with [method@Layer.set_translate].
 *
 * Since: 0.1
 */
void
gsk_layer_get_translate (GskLayer           *self,
                         graphene_point3d_t *translate)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (translate != NULL);

  if (model_value (self, PROP_TRANSLATE))
    *translate = *(graphene_point3d_t *) g_value_get_boxed (model_value (self, PROP_TRANSLATE));
  else
    *translate = gsk_layer_get_private (self)->translate;
}

/**
 * gsk_layer_set_rotate:
 * @self: a layer
 * @degrees: the angle, clockwise on screen about the z axis
 *
 * Rotates @self about its pivot point and [property@Layer:rotate-axis]
 * (by default z: in the plane of the screen), as CSS's `rotate`
 * property: after [property@Layer:scale] and before
 * [property@Layer:translate], before [property@Layer:transform] is
 * applied, and animatable on its own. The default is 0. Does nothing,
 * with a critical warning, for an angle that is not finite.
 *
 * Since: 0.1
 */
void
gsk_layer_set_rotate (GskLayer *self,
                      float     degrees)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (isfinite (degrees) && fabsf (degrees) <= GSK_LAYER_MAX_COORDINATE);

  ANIMATE_OR_CONTINUE (self, PROP_ROTATE, G_TYPE_FLOAT, g_value_set_float, degrees);

  priv = gsk_layer_get_private (self);
  if (priv->rotate == degrees)
    return;

  priv->rotate = degrees;
  update_individual (self);
  notify_model (self, PROP_ROTATE);
}

/**
 * gsk_layer_get_rotate:
 * @self: a layer
 *
 * Gets the angle @self is rotated by about its
 * [property@Layer:rotate-axis], set with [method@Layer.set_rotate]:
 * while it animates, where it is going (see
 * [method@Layer.get_presentation_value]).
 *
 * Returns: the angle of [method@Layer.set_rotate], in degrees; 0 by
 *   default
 *
 * Since: 0.1
 */
float
gsk_layer_get_rotate (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), 0.f);

  if (model_value (self, PROP_ROTATE))
    return g_value_get_float (model_value (self, PROP_ROTATE));
  return gsk_layer_get_private (self)->rotate;
}

/**
 * gsk_layer_set_rotate_axis:
 * @self: a layer
 * @axis: the direction of the axis: (0, 0, 1) is z, (1, 0, 0) x, (0, 1, 0) y
 *
 * Sets the axis [property@Layer:rotate] turns about, as CSS's `rotate:
 * x 45deg` or `rotate: 1 1 0 45deg` give it: its length does not
 * matter, and it goes through the pivot point. The default is z.
 * Animated, the axis changes at once and the angle moves. Does nothing,
 * with a critical warning, for the zero vector or a component that is
 * not finite.
 *
 * Since: 0.1
 */
void
gsk_layer_set_rotate_axis (GskLayer                 *self,
                           const graphene_point3d_t *axis)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (axis != NULL);
  g_return_if_fail (coordinate_is_valid (axis->x) && coordinate_is_valid (axis->y) &&
                    coordinate_is_valid (axis->z));

  priv = gsk_layer_get_private (self);
  /* An animation of the axis may pass through nothing: the axis on
   * screen stays as it was there; from code, it is a mistake */
  if (axis->x == 0.f && axis->y == 0.f && axis->z == 0.f && priv->updating_presentation)
    return;
  g_return_if_fail (axis->x != 0.f || axis->y != 0.f || axis->z != 0.f);

  if (graphene_point3d_equal (&priv->rotate_axis, axis))
    return;

  priv->rotate_axis = *axis;
  update_individual (self);
  notify_model (self, PROP_ROTATE_AXIS);
}

/**
 * gsk_layer_get_rotate_axis:
 * @self: a layer
 * @axis: (out caller-allocates): return location for the axis
 *
 * Gets the axis set with [method@Layer.set_rotate_axis].
 *
 * Since: 0.1
 */
void
gsk_layer_get_rotate_axis (GskLayer           *self,
                           graphene_point3d_t *axis)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (axis != NULL);

  *axis = gsk_layer_get_private (self)->rotate_axis;
}

/**
 * gsk_layer_set_scale:
 * @self: a layer
 * @scale: the factors along x, y and z
 *
 * Scales @self about its pivot point, as CSS's `scale` property: first
 * of [property@Layer:scale], [property@Layer:rotate] and
 * [property@Layer:translate], before [property@Layer:transform] is
 * applied, and animatable on its own. The default is (1, 1, 1); 0 makes
 * the layer vanish (not drawn, not picked), a negative factor mirrors
 * it. Does nothing, with a critical warning, for a factor that is not
 * finite or too large.
 *
 * Since: 0.1
 */
void
gsk_layer_set_scale (GskLayer                 *self,
                     const graphene_point3d_t *scale)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (scale != NULL);
  g_return_if_fail (scale_is_valid (scale->x) && scale_is_valid (scale->y) && scale_is_valid (scale->z));

  ANIMATE_OR_CONTINUE (self, PROP_SCALE, GRAPHENE_TYPE_POINT3D, g_value_set_boxed, scale);

  priv = gsk_layer_get_private (self);
  if (graphene_point3d_equal (&priv->scale, scale))
    return;

  priv->scale = *scale;
  update_individual (self);
  notify_model (self, PROP_SCALE);
}

/**
 * gsk_layer_get_scale:
 * @self: a layer
 * @scale: (out caller-allocates): return location for the factors
 *
 * Gets the factors set with [method@Layer.set_scale].
 *
 * Since: 0.1
 */
void
gsk_layer_get_scale (GskLayer           *self,
                     graphene_point3d_t *scale)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (scale != NULL);

  if (model_value (self, PROP_SCALE))
    *scale = *(graphene_point3d_t *) g_value_get_boxed (model_value (self, PROP_SCALE));
  else
    *scale = gsk_layer_get_private (self)->scale;
}

/* }}} */

/* }}} */
