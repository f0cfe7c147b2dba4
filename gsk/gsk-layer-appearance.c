/* gsk-layer-appearance.c: how a layer shows: visibility, opacity,
 * clipping, corners, background, blending, reactivity and name
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

/* {{{ Appearance */

/**
 * gsk_layer_set_visible:
 * @self: a layer
 * @visible: whether @self and its subtree are drawn
 *
 * Shows or hides @self with all its children. Hidden layers are not
 * picked.
 *
 * Since: 0.1
 */
void
gsk_layer_set_visible (GskLayer *self,
                       gboolean  visible)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  visible = !!visible;
  if (priv->visible == visible)
    return;

  priv->visible = visible;
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  /* Hidden, it takes no room in its parent's layout */
  gsk_layer_queue_resize (self);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_VISIBLE]);
}

/**
 * gsk_layer_get_visible:
 * @self: a layer
 *
 * Gets whether @self is shown, as set with [method@Layer.set_visible].
 * A layer shown under a hidden ancestor is not drawn either.
 *
 * Returns: %TRUE if @self is shown (the default), %FALSE if it is hidden
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_visible (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return gsk_layer_get_private (self)->visible;
}

/**
 * gsk_layer_set_opacity:
 * @self: a layer
 * @opacity: from 0 (transparent) to 1 (opaque)
 *
 * Sets the group opacity of @self: the layer and its subtree are
 * composited as one image, then faded, so overlapping children do not
 * show through each other. A layer at opacity 0 is not picked.
 *
 * Since: 0.1
 */
void
gsk_layer_set_opacity (GskLayer *self,
                       float     opacity)
{
  GskLayerPrivate *priv;
  gboolean preserved_before;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (opacity >= 0.f && opacity <= 1.f);

  ANIMATE_OR_CONTINUE (self, PROP_OPACITY, G_TYPE_FLOAT, g_value_set_float, opacity);

  priv = gsk_layer_get_private (self);
  if (priv->opacity == opacity)
    return;

  preserved_before = gsk_layer_preserves_3d (priv);
  priv->opacity = opacity;
  gsk_layer_grouping_changed (self, preserved_before);
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  notify_model (self, PROP_OPACITY);
}

/**
 * gsk_layer_get_opacity:
 * @self: a layer
 *
 * Gets the group opacity of @self, set with [method@Layer.set_opacity]:
 * while it animates, where it is going (see
 * [method@Layer.get_presentation_value]).
 *
 * Returns: the opacity of @self, from 0 (transparent) to 1 (opaque);
 *   1 by default
 *
 * Since: 0.1
 */
float
gsk_layer_get_opacity (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), 1.f);

  if (model_value (self, PROP_OPACITY))
    return g_value_get_float (model_value (self, PROP_OPACITY));
  return gsk_layer_get_private (self)->opacity;
}

/**
 * gsk_layer_set_clip_to_bounds:
 * @self: a layer
 * @clip_to_bounds: whether to clip the children to the bounds of @self
 *
 * Children are drawn outside their parent's bounds unless this is set,
 * like CSS `overflow: hidden`. The clip follows every transform of
 * @self. Clipped-away parts of children are not picked.
 *
 * Since: 0.1
 */
void
gsk_layer_set_clip_to_bounds (GskLayer *self,
                              gboolean  clip_to_bounds)
{
  GskLayerPrivate *priv;
  gboolean preserved_before;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  clip_to_bounds = !!clip_to_bounds;
  if (priv->clip_to_bounds == clip_to_bounds)
    return;

  preserved_before = gsk_layer_preserves_3d (priv);
  priv->clip_to_bounds = clip_to_bounds;
  gsk_layer_grouping_changed (self, preserved_before);
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_CLIP_TO_BOUNDS]);
}

/**
 * gsk_layer_get_clip_to_bounds:
 * @self: a layer
 *
 * Gets whether the children of @self are clipped to its bounds, as set
 * with [method@Layer.set_clip_to_bounds].
 *
 * Returns: whether the children of @self are clipped to its bounds;
 *   %FALSE by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_clip_to_bounds (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return gsk_layer_get_private (self)->clip_to_bounds;
}

/**
 * gsk_layer_set_corner_radius:
 * @self: a layer
 * @radius: the radius of the corners in pixels, 0 or more
 *
 * Rounds the corners of @self, as CSS `border-radius: radius` rounds
 * those of an element: the background color and the content are
 * clipped to the rounded rectangle of the bounds, and when
 * [property@Layer:clip-to-bounds] is set (CSS `overflow: hidden`), so
 * are the children. The clip lies in the layer's plane and follows its
 * transforms, perspective included.
 *
 * As in CSS, a radius larger than half the width or half the height is
 * drawn as if it were the smaller of the two halves, so a square layer
 * with a large radius is a circle; the property keeps the value set.
 *
 * This is the uniform case of `border-radius` in a style (see
 * [method@Layer.set_style]), which can give each corner radii of its
 * own: setting it gives all four corners this radius.
 *
 * The radius can be animated, explicitly or with an easing state (see
 * [method@Layer.save_easing_state]). Does nothing and warns if @radius
 * is negative, infinite or NaN.
 *
 * Since: 0.1
 */
void
gsk_layer_set_corner_radius (GskLayer *self,
                             float     radius)
{
  float radii[8];
  int i;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (length_is_valid (radius));

  ANIMATE_OR_CONTINUE (self, PROP_CORNER_RADIUS, G_TYPE_FLOAT, g_value_set_float, radius);

  for (i = 0; i < 8; i++)
    radii[i] = radius;
  if (!gsk_layer_set_corner_radii (self, radii, 0))
    return;

  notify_model (self, PROP_CORNER_RADIUS);
}

/* Sets the eight radii of CSS border-radius (see GskLayerPrivate);
 * returns whether they changed */
gboolean
gsk_layer_set_corner_radii (GskLayer    *self,
                            const float  radii[8],
                            guint8       percent)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (memcmp (priv->corner_radii, radii, sizeof priv->corner_radii) == 0 &&
      priv->corner_percent == percent)
    return FALSE;

  memcpy (priv->corner_radii, radii, sizeof priv->corner_radii);
  priv->corner_percent = percent;
  /* The clip of the children changes with it, as with clip-to-bounds */
  gsk_layer_changed (self, priv->clip_to_bounds ? GSK_LAYER_DIRTY_EFFECTS : GSK_LAYER_DIRTY_PAINT);
  return TRUE;
}

/* The corner-radius property: the top-left corner's horizontal radius,
 * the one value of a uniform border-radius */
float
gsk_layer_corner_radius_value (GskLayerPrivate *priv)
{
  return priv->corner_percent & 1 ? 0.f : priv->corner_radii[0];
}

/**
 * gsk_layer_get_corner_radius:
 * @self: a layer
 *
 * Gets the radius of the corners of @self, as set: while it animates,
 * where it is going (see [method@Layer.get_presentation_value]). Where
 * a style gave the corners different radii, this is the top-left
 * corner's horizontal one (0 if it is a percentage).
 *
 * Returns: the corner radius in pixels
 *
 * Since: 0.1
 */
float
gsk_layer_get_corner_radius (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), 0.f);

  if (model_value (self, PROP_CORNER_RADIUS))
    return g_value_get_float (model_value (self, PROP_CORNER_RADIUS));
  return gsk_layer_corner_radius_value (gsk_layer_get_private (self));
}

static gboolean
rgba_is_valid (const GdkRGBA *c)
{
  return c->red >= 0.f && c->red <= 1.f &&
         c->green >= 0.f && c->green <= 1.f &&
         c->blue >= 0.f && c->blue <= 1.f &&
         c->alpha >= 0.f && c->alpha <= 1.f;
}

/**
 * gsk_layer_set_background_color:
 * @self: a layer
 * @color: (nullable): the color, or %NULL for transparent
 *
 * Sets the color that fills the bounds of @self below its content.
 *
 * Since: 0.1
 */
void
gsk_layer_set_background_color (GskLayer      *self,
                                const GdkRGBA *color)
{
  static const GdkRGBA transparent = { 0, 0, 0, 0 };
  GskLayerPrivate *priv;
  float bg[4];

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (color == NULL || rgba_is_valid (color));

  if (color == NULL)
    color = &transparent;

  ANIMATE_OR_CONTINUE (self, PROP_BACKGROUND_COLOR, GDK_TYPE_RGBA, g_value_set_boxed, color);

  priv = gsk_layer_get_private (self);
  bg[0] = color->red;
  bg[1] = color->green;
  bg[2] = color->blue;
  bg[3] = color->alpha;
  if (memcmp (bg, priv->background, sizeof bg) == 0)
    return;

  memcpy (priv->background, bg, sizeof bg);
  gsk_layer_changed (self, GSK_LAYER_DIRTY_PAINT);
  notify_model (self, PROP_BACKGROUND_COLOR);
}

/**
 * gsk_layer_get_background_color:
 * @self: a layer
 * @color: (out caller-allocates): return location for the color
 *
 * Gets the background color of @self; transparent if none was set.
 *
 * Since: 0.1
 */
void
gsk_layer_get_background_color (GskLayer *self,
                                GdkRGBA  *color)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (color != NULL);

  if (model_value (self, PROP_BACKGROUND_COLOR))
    {
      *color = *(GdkRGBA *) g_value_get_boxed (model_value (self, PROP_BACKGROUND_COLOR));
      return;
    }

  priv = gsk_layer_get_private (self);
  color->red = priv->background[0];
  color->green = priv->background[1];
  color->blue = priv->background[2];
  color->alpha = priv->background[3];
}

/**
 * gsk_layer_set_blend_mode:
 * @self: a layer
 * @blend_mode: how @self mixes with what is below it
 *
 * Sets the blend mode of @self, as CSS `mix-blend-mode`: the layer and
 * its subtree are composited as one image, blended with the backdrop.
 *
 * Since: 0.1
 */
void
gsk_layer_set_blend_mode (GskLayer          *self,
                          GskLayerBlendMode  blend_mode)
{
  GskLayerPrivate *priv;
  gboolean preserved_before;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (blend_mode <= GSK_LAYER_BLEND_LUMINOSITY);

  priv = gsk_layer_get_private (self);
  if (priv->blend_mode == blend_mode)
    return;

  preserved_before = gsk_layer_preserves_3d (priv);
  priv->blend_mode = blend_mode;
  gsk_layer_grouping_changed (self, preserved_before);
  gsk_layer_changed (self, GSK_LAYER_DIRTY_EFFECTS);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_BLEND_MODE]);
}

/**
 * gsk_layer_get_blend_mode:
 * @self: a layer
 *
 * Gets how @self mixes with what is below it, as set with
 * [method@Layer.set_blend_mode].
 *
 * Returns: the blend mode of @self; %GSK_LAYER_BLEND_NORMAL by default
 *
 * Since: 0.1
 */
GskLayerBlendMode
gsk_layer_get_blend_mode (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), GSK_LAYER_BLEND_NORMAL);

  return gsk_layer_get_private (self)->blend_mode;
}

/**
 * gsk_layer_set_reactive:
 * @self: a layer
 * @reactive: whether [method@Layer.pick] can return @self
 *
 * Makes @self pickable or not. Its children are picked on their own
 * terms either way.
 *
 * Since: 0.1
 */
void
gsk_layer_set_reactive (GskLayer *self,
                        gboolean  reactive)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  reactive = !!reactive;
  if (priv->reactive == reactive)
    return;

  priv->reactive = reactive;
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_REACTIVE]);
}

/**
 * gsk_layer_get_reactive:
 * @self: a layer
 *
 * Gets whether [method@Layer.pick] can return @self, as set with
 * [method@Layer.set_reactive].
 *
 * Returns: whether @self can be picked; %TRUE by default
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_reactive (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return gsk_layer_get_private (self)->reactive;
}

/**
 * gsk_layer_set_name:
 * @self: a layer
 * @name: (nullable): a name, for debugging and scene files
 *
 * Sets the name of @self.
 *
 * Layers with the same name share one copy of it, which lives as long
 * as one of them has it: a program that names many layers (rows named
 * by a growing id) keeps only the names in use.
 *
 * Since: 0.1
 */
void
gsk_layer_set_name (GskLayer   *self,
                    const char *name)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (g_strcmp0 (priv->name, name) == 0)
    return;

  g_clear_pointer (&priv->name, g_ref_string_release);
  priv->name = name ? g_ref_string_new_intern (name) : NULL;

  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_NAME]);
}

/**
 * gsk_layer_get_name:
 * @self: a layer
 *
 * Gets the name of @self, as set with [method@Layer.set_name].
 *
 * Returns: (nullable): the name of @self, or %NULL if it has none (the
 *   default)
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_name (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_get_private (self)->name;
}

/* }}} */
