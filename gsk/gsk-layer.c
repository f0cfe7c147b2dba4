/* gsk-layer.c: a node of the layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-private.h"
#include "gsk-layer-accessible-private.h"
#include "gsk-layer-impl-private.h"
#include "gsk-layer-layout-manager.h"
#include "gsk-layer-style.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayer:
 *
 * A rectangle in a retained tree of layers.
 *
 * Each layer has its own coordinate space with the origin at its top
 * left corner. [property@Layer:position] places that corner in the
 * parent's space, [property@Layer:transform] transforms the layer about
 * its [property@Layer:pivot-point], and the parent's
 * [property@Layer:child-transform] applies to all of its children.
 * Children are drawn in increasing [property@Layer:z-position], equal
 * values in child order, and are not clipped to their parent unless
 * [property@Layer:clip-to-bounds] is set.
 *
 * A layer draws a background color, then its content: what its class's
 * draw() paints, or a [iface@LayerContent]; then its children. Content
 * is drawn only after it was invalidated, and cached.
 *
 * Since: 0.1
 */

enum {
  CHILD_ADDED,
  CHILD_REMOVED,
  TRANSITIONS_COMPLETED,
  N_SIGNALS
};

GParamSpec *gsk_layer_properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_TYPE_WITH_PRIVATE (GskLayer, gsk_layer, G_TYPE_INITIALLY_UNOWNED)

/**
 * gsk_layer_error_quark:
 *
 * The error domain of GSK's parsers and loaders: [error@LayerError].
 *
 * Returns: the quark of %GSK_LAYER_ERROR
 *
 * Since: 0.1
 */
G_DEFINE_QUARK (gsk-layer-error-quark, gsk_layer_error)

int gsk_layer_private_offset;
guint gsk_layer_n_animated;
const GskLayerAnimationHooks *gsk_layer_animation_hooks;
const GskLayerStyleHooks *gsk_layer_style_hooks;
const GskLayerLayoutHooks *gsk_layer_layout_hooks;
const GskLayerFrameHooks *gsk_layer_frame_hooks;
guint gsk_layer_n_meddlers;
guint64 gsk_layer_tree_serial;

static void
gsk_layer_real_draw (GskLayer *self,
                     cairo_t  *cr)
{
}

void
gsk_layer_notify_layout (GskLayer *self,
                         guint     prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_LAYOUT_FIRST + prop]);
}

gboolean
gsk_layer_has_draw (GskLayer *self)
{
  return GSK_LAYER_GET_CLASS (self)->draw != gsk_layer_real_draw;
}

void
gsk_layer_set_glyph_func (GskLayer          *self,
                          GskLayerGlyphFunc  func)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  gsk_layer_get_private (self)->glyph_func = func;
  gsk_layer_invalidate_content (self);
}

/* {{{ Implicit animation hooks */

/* ANIMATE_OR_CONTINUE and the model value for the style's setter and
 * getter, which live with the style */
gboolean
gsk_layer_animate_style (GskLayer      *self,
                         GskLayerStyle *style)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GValue value = G_VALUE_INIT;
  gboolean handled;

  if (G_LIKELY (priv->animation == NULL || priv->updating_presentation))
    return FALSE;

  g_value_init (&value, GSK_TYPE_LAYER_STYLE);
  g_value_set_boxed (&value, style);
  handled = gsk_layer_animation_hooks->animate_property (self, gsk_layer_properties[PROP_STYLE], &value);
  g_value_unset (&value);

  return handled;
}

GskLayerStyle *
gsk_layer_get_model_style (GskLayer *self)
{
  const GValue *model = model_value (self, PROP_STYLE);

  return model ? g_value_get_boxed (model) : gsk_layer_get_private (self)->style;
}

/* }}} */
/* {{{ Geometry */

/* Also false for NaN */
static inline void
constraint_start_set (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->in_allocate || priv->updating_presentation || !priv->has_constraint_base)
    return;
  priv->has_constraint_base = FALSE;
  /* They run again, from there */
  if (priv->constraints != NULL && priv->constraints->len > 0 && priv->parent != NULL)
    gsk_layer_queue_relayout (priv->parent);
}

/* The application moved or sized a layer that a layout manager places:
 * what the parent asks for may change (the fixed layout's extent), and
 * the manager places it again */
static void
queue_resize_if_managed (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->parent != NULL && !priv->in_allocate && !priv->updating_presentation &&
      gsk_layer_get_private (priv->parent)->layout_manager != NULL)
    gsk_layer_queue_resize (priv->parent);
}

/**
 * gsk_layer_set_position:
 * @self: a layer
 * @position: the top left corner of @self in its parent's space
 *
 * Places @self in its parent. Moving the pivot point does not move the
 * layer, as with CSS `left` and `top`.
 *
 * Since: 0.1
 */
void
gsk_layer_set_position (GskLayer               *self,
                        const graphene_point_t *position)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (coordinate_is_valid (position->x) && coordinate_is_valid (position->y));

  constraint_start_set (self);
  ANIMATE_OR_CONTINUE (self, PROP_POSITION, GRAPHENE_TYPE_POINT, g_value_set_boxed, position);

  priv = gsk_layer_get_instance_private (self);
  if (graphene_point_equal (&priv->position, position))
    return;

  priv->position = *position;
  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
  /* Siblings' constraints that read it run again */
  if (priv->n_constraint_readers > 0 && priv->parent)
    gsk_layer_queue_relayout (priv->parent);
  queue_resize_if_managed (self);
  notify_model (self, PROP_POSITION);
}

/**
 * gsk_layer_get_position:
 * @self: a layer
 * @position: (out caller-allocates): return location for the position
 *
 * Gets the position of @self in its parent's space.
 *
 * Since: 0.1
 */
void
gsk_layer_get_position (GskLayer         *self,
                        graphene_point_t *position)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (position != NULL);

  if (model_value (self, PROP_POSITION))
    *position = *(graphene_point_t *) g_value_get_boxed (model_value (self, PROP_POSITION));
  else
    *position = ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->position;
}

/**
 * gsk_layer_set_size:
 * @self: a layer
 * @size: the width and height of @self, not negative; -1 on an axis
 *   unsets it
 *
 * Sets the size of @self, which invalidates its drawn content.
 *
 * A layer whose size was never set takes its natural size (what
 * [method@Layer.get_preferred_size] answers: its content's, its text's,
 * its hosted widget's, its layout manager's from its children) wherever
 * no layout manager places it: in a parent with no layout manager or
 * with a [class@LayerFixedLayout], as in Clutter. It follows that size,
 * from the next layout pass on, when the content changes. A size set
 * here wins; -1 on an axis gives that axis back to the natural size.
 * Layout managers and constraints size a layer through
 * [method@Layer.allocate], which leaves this choice as it is.
 *
 * Since: 0.1
 */
void
gsk_layer_set_size (GskLayer              *self,
                    const graphene_size_t *size)
{
  GskLayerPrivate *priv;
  graphene_size_t kept;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (size != NULL);
  g_return_if_fail ((size->width == -1.f || length_is_valid (size->width)) &&
                    (size->height == -1.f || length_is_valid (size->height)));

  priv = gsk_layer_get_instance_private (self);
  if (!priv->in_allocate && !priv->sizing_naturally && !priv->updating_presentation)
    {
      gboolean width_set = size->width >= 0.f, height_set = size->height >= 0.f;

      if (width_set != priv->width_set || height_set != priv->height_set)
        {
          priv->width_set = width_set;
          priv->height_set = height_set;
          priv->natural_size_dirty = TRUE;
          /* Sized naturally from the next layout pass, or no longer */
          if (priv->parent != NULL)
            gsk_layer_queue_relayout (priv->parent);
        }
      if (!width_set || !height_set)
        {
          /* An unset axis keeps its size until the layout pass */
          gsk_layer_get_size (self, &kept);
          kept = GRAPHENE_SIZE_INIT (width_set ? size->width : kept.width,
                                     height_set ? size->height : kept.height);
          size = &kept;
        }
    }
  g_return_if_fail (length_is_valid (size->width) && length_is_valid (size->height));

  constraint_start_set (self);
  ANIMATE_OR_CONTINUE (self, PROP_SIZE, GRAPHENE_TYPE_SIZE, g_value_set_boxed, size);

  priv = gsk_layer_get_instance_private (self);
  if (graphene_size_equal (&priv->size, size))
    return;

  priv->size = *size;
  /* The pivot point is relative to the size */
  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD | GSK_LAYER_DIRTY_CONTENT);
  gsk_layer_queue_relayout (self);
  /* Its constraints may place it by its size (align), and those of the
   * siblings that read it */
  if ((priv->n_constraint_readers > 0 || (priv->constraints && priv->constraints->len > 0)) && priv->parent)
    gsk_layer_queue_relayout (priv->parent);
  if (!priv->sizing_naturally)
    queue_resize_if_managed (self);
  notify_model (self, PROP_SIZE);
}

void
gsk_layer_set_natural_size (GskLayer              *self,
                            const graphene_size_t *size)
{
  GskLayerPrivate *priv = gsk_layer_get_instance_private (self);
  graphene_size_t s;

  gsk_layer_get_size (self, &s);
  if (!priv->width_set)
    s.width = size->width;
  if (!priv->height_set)
    s.height = size->height;

  priv->sizing_naturally = TRUE;
  gsk_layer_set_size (self, &s);
  priv->sizing_naturally = FALSE;
}

/**
 * gsk_layer_get_size:
 * @self: a layer
 * @size: (out caller-allocates): return location for the size
 *
 * Gets the size of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_get_size (GskLayer        *self,
                    graphene_size_t *size)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (size != NULL);

  if (model_value (self, PROP_SIZE))
    *size = *(graphene_size_t *) g_value_get_boxed (model_value (self, PROP_SIZE));
  else
    *size = ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->size;
}

/**
 * gsk_layer_set_pivot_point:
 * @self: a layer
 * @pivot: the point transforms are applied about: x and y relative to
 *   the size (0.5, 0.5 is the center), z in pixels
 *
 * Sets the pivot point, like CSS `transform-origin`.
 *
 * Since: 0.1
 */
void
gsk_layer_set_pivot_point (GskLayer                 *self,
                           const graphene_point3d_t *pivot)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (pivot != NULL);
  g_return_if_fail (coordinate_is_valid (pivot->x) && coordinate_is_valid (pivot->y) &&
                    coordinate_is_valid (pivot->z));

  ANIMATE_OR_CONTINUE (self, PROP_PIVOT_POINT, GRAPHENE_TYPE_POINT3D, g_value_set_boxed, pivot);

  priv = gsk_layer_get_instance_private (self);
  if (graphene_point3d_equal (&priv->pivot, pivot))
    return;

  priv->pivot = *pivot;
  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
  notify_model (self, PROP_PIVOT_POINT);
}

/**
 * gsk_layer_get_pivot_point:
 * @self: a layer
 * @pivot: (out caller-allocates): return location for the pivot point
 *
 * Gets the pivot point of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_get_pivot_point (GskLayer           *self,
                           graphene_point3d_t *pivot)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (pivot != NULL);

  if (model_value (self, PROP_PIVOT_POINT))
    *pivot = *(graphene_point3d_t *) g_value_get_boxed (model_value (self, PROP_PIVOT_POINT));
  else
    *pivot = ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->pivot;
}

static gboolean
set_transform_field (GskLayer           *self,
                     GskLayerTransform **field,
                     GskLayerTransform  *transform)
{
  if (gsk_layer_transform_equal (*field, transform))
    return FALSE;

  if (transform)
    gsk_layer_transform_ref (transform);
  g_clear_pointer (field, gsk_layer_transform_unref);
  *field = transform;

  return TRUE;
}

/**
 * gsk_layer_set_transform:
 * @self: a layer
 * @transform: (nullable): the transform, or %NULL for none
 *
 * Sets the transform of @self, applied about its pivot point with its
 * operations in the order they are listed, as CSS `transform`.
 *
 * Does nothing, with a critical warning, when the matrix of @transform
 * is not finite: its operations, each within range, multiply to more
 * than a float holds.
 *
 * Since: 0.1
 */
void
gsk_layer_set_transform (GskLayer          *self,
                         GskLayerTransform *transform)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (transform == NULL || gsk_layer_transform_is_finite (transform));

  ANIMATE_OR_CONTINUE (self, PROP_TRANSFORM, GSK_TYPE_LAYER_TRANSFORM, g_value_set_boxed, transform);

  priv = gsk_layer_get_instance_private (self);
  if (!set_transform_field (self, &priv->transform, transform))
    return;

  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
  notify_model (self, PROP_TRANSFORM);
}

/**
 * gsk_layer_get_transform:
 * @self: a layer
 *
 * Gets the transform set with [method@Layer.set_transform]: while it
 * animates, where it is going (see [method@Layer.get_presentation_value]).
 *
 * Returns: (transfer none) (nullable): the transform of @self, or %NULL
 *   for none (the default)
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_get_transform (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  if (model_value (self, PROP_TRANSFORM))
    return g_value_get_boxed (model_value (self, PROP_TRANSFORM));
  return ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->transform;
}

/**
 * gsk_layer_set_child_transform:
 * @self: a layer
 * @transform: (nullable): the transform, or %NULL for none
 *
 * Sets a transform applied to every child of @self, about the pivot
 * point of @self: `perspective(800px)` here gives the children a shared
 * vanishing point, as the CSS `perspective` property on a parent.
 *
 * Does nothing, with a critical warning, when the matrix of @transform
 * is not finite, as [method@Layer.set_transform].
 *
 * Since: 0.1
 */
void
gsk_layer_set_child_transform (GskLayer          *self,
                               GskLayerTransform *transform)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (transform == NULL || gsk_layer_transform_is_finite (transform));

  ANIMATE_OR_CONTINUE (self, PROP_CHILD_TRANSFORM, GSK_TYPE_LAYER_TRANSFORM, g_value_set_boxed, transform);

  priv = gsk_layer_get_instance_private (self);
  if (!set_transform_field (self, &priv->child_transform, transform))
    return;

  gsk_layer_children_changed (self, GSK_LAYER_DIRTY_WORLD);
  notify_model (self, PROP_CHILD_TRANSFORM);
}

/**
 * gsk_layer_get_child_transform:
 * @self: a layer
 *
 * Gets the transform applied to every child of @self, set with
 * [method@Layer.set_child_transform]: while it animates, where it is
 * going (see [method@Layer.get_presentation_value]).
 *
 * Returns: (transfer none) (nullable): the child transform of @self, or
 *   %NULL for none (the default)
 *
 * Since: 0.1
 */
GskLayerTransform *
gsk_layer_get_child_transform (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  if (model_value (self, PROP_CHILD_TRANSFORM))
    return g_value_get_boxed (model_value (self, PROP_CHILD_TRANSFORM));
  return ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->child_transform;
}

/* {{{ Geometry, continued */

/**
 * gsk_layer_set_z_position:
 * @self: a layer
 * @z_position: the position on the z axis
 *
 * Siblings are drawn in increasing z-position, equal values in child
 * order. Under a parent's perspective the z-position also moves the
 * layer toward the viewer, as Core Animation's `zPosition`.
 *
 * Since: 0.1
 */
void
gsk_layer_set_z_position (GskLayer *self,
                          float     z_position)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (coordinate_is_valid (z_position));

  ANIMATE_OR_CONTINUE (self, PROP_Z_POSITION, G_TYPE_FLOAT, g_value_set_float, z_position);

  priv = gsk_layer_get_instance_private (self);
  if (priv->z_position == z_position)
    return;

  priv->z_position = z_position;
  if (priv->parent)
    {
      gsk_layer_update_children_have_z (priv->parent);
      /* The paint order may have changed */
      gsk_layer_note_children_changed (gsk_layer_get_private (priv->parent));
    }
  gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD | GSK_LAYER_DIRTY_PAINT);
  notify_model (self, PROP_Z_POSITION);
}

/**
 * gsk_layer_get_z_position:
 * @self: a layer
 *
 * Gets the position of @self on the z axis, set with
 * [method@Layer.set_z_position]: while it animates, where it is going
 * (see [method@Layer.get_presentation_value]).
 *
 * Returns: the z-position of @self, in layout units; 0 by default
 *
 * Since: 0.1
 */
float
gsk_layer_get_z_position (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), 0.f);

  if (model_value (self, PROP_Z_POSITION))
    return g_value_get_float (model_value (self, PROP_Z_POSITION));
  return ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->z_position;
}

/**
 * gsk_layer_get_bounds:
 * @self: a layer
 * @bounds: (out caller-allocates): return location for the bounds
 *
 * Gets the rectangle @self covers in its own coordinates: its origin is
 * (0, 0) and its size is the layer's size.
 *
 * Since: 0.1
 */
void
gsk_layer_get_bounds (GskLayer        *self,
                      graphene_rect_t *bounds)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (bounds != NULL);

  priv = gsk_layer_get_instance_private (self);
  graphene_rect_init (bounds, 0, 0, priv->size.width, priv->size.height);
}

/* }}} */
/* {{{ Content */

static void
content_invalidated (GskLayerContent *content,
                     GskLayer        *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  gsk_layer_changed (self, GSK_LAYER_DIRTY_PAINT);
  /* A paintable's size may have changed: measured again at the parent's
   * layout pass, where it takes its natural size */
  if ((!priv->width_set || !priv->height_set) && priv->parent != NULL &&
      gsk_layer_get_private (priv->parent)->layout_manager == NULL)
    {
      priv->natural_size_dirty = TRUE;
      gsk_layer_queue_relayout (priv->parent);
    }
}

/**
 * gsk_layer_set_content:
 * @self: a layer
 * @content: (nullable): a content delegate
 *
 * Makes @self show @content, stretched to its bounds, instead of what
 * its class draws. One content object can be shown by many layers.
 *
 * Since: 0.1
 */
void
gsk_layer_set_content (GskLayer        *self,
                       GskLayerContent *content)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (content == NULL || GSK_IS_LAYER_CONTENT (content));

  priv = gsk_layer_get_instance_private (self);
  if (priv->content == content)
    return;

  if (priv->content)
    g_signal_handlers_disconnect_by_func (priv->content, content_invalidated, self);
  g_set_object (&priv->content, content);
  if (priv->content)
    g_signal_connect_object (priv->content, "invalidated", G_CALLBACK (content_invalidated), self, 0);

  gsk_layer_changed (self, GSK_LAYER_DIRTY_PAINT);
  gsk_layer_queue_resize (self);
  g_object_notify_by_pspec (G_OBJECT (self), gsk_layer_properties[PROP_CONTENT]);
}

/**
 * gsk_layer_get_content:
 * @self: a layer
 *
 * Gets the content delegate @self shows, as set with
 * [method@Layer.set_content].
 *
 * Returns: (transfer none) (nullable): the content delegate of @self, or
 *   %NULL if it has none (the default)
 *
 * Since: 0.1
 */
GskLayerContent *
gsk_layer_get_content (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return ((GskLayerPrivate *) gsk_layer_get_instance_private (self))->content;
}

/**
 * gsk_layer_invalidate_content:
 * @self: a layer
 *
 * Marks what [vfunc@Layer.draw] drew as out of date: it is called again
 * before the next frame. Changing the size does this too.
 *
 * Since: 0.1
 */
void
gsk_layer_invalidate_content (GskLayer *self)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  gsk_layer_changed (self, GSK_LAYER_DIRTY_CONTENT);
}

/* }}} */
/* {{{ What the animation subsystem keeps in the core */

void
gsk_layer_emit_transitions_completed (GskLayer *self)
{
  g_signal_emit (self, signals[TRANSITIONS_COMPLETED], 0);
}

GskLayerFrameClock *
gsk_layer_top_level_get_clock (GskLayer *self)
{
  GskLayerPrivate *rpriv = gsk_layer_get_private (gsk_layer_get_root (self));

  return rpriv->top_level ? rpriv->top_level->clock : NULL;
}

void
gsk_layer_top_level_set_clock (GskLayer           *root,
                               GskLayerFrameClock *clock)
{
  GskLayerTopLevel *top_level = gsk_layer_ensure_top_level (root);

  if (top_level->clock == clock)
    return;

  g_set_object (&top_level->clock, clock);
  gsk_layer_update_subtree_clocks (root);
}

/**
 * gsk_layer_get_presentation_value:
 * @self: a layer
 * @property_name: the name of an animatable property
 * @value: (out caller-allocates): an uninitialized value
 *
 * Gets the value of a property as it is on screen now. While the
 * property animates, its getter returns where it is going (the model
 * value); this returns where it is.
 *
 * Returns: %TRUE if @self has a readable property @property_name
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_presentation_value (GskLayer   *self,
                                  const char *property_name,
                                  GValue     *value)
{
  GskLayerPrivate *priv;
  GParamSpec *pspec;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (property_name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), property_name);
  if (pspec == NULL || (pspec->flags & G_PARAM_READABLE) == 0)
    return FALSE;

  priv = gsk_layer_get_instance_private (self);
  g_value_init (value, pspec->value_type);

  if (pspec == gsk_layer_properties[PROP_POSITION])
    g_value_set_boxed (value, &priv->position);
  else if (pspec == gsk_layer_properties[PROP_SIZE])
    g_value_set_boxed (value, &priv->size);
  else if (pspec == gsk_layer_properties[PROP_PIVOT_POINT])
    g_value_set_boxed (value, &priv->pivot);
  else if (pspec == gsk_layer_properties[PROP_TRANSFORM])
    g_value_set_boxed (value, priv->transform);
  else if (pspec == gsk_layer_properties[PROP_CHILD_TRANSFORM])
    g_value_set_boxed (value, priv->child_transform);
  else if (pspec == gsk_layer_properties[PROP_Z_POSITION])
    g_value_set_float (value, priv->z_position);
  else if (pspec == gsk_layer_properties[PROP_OPACITY])
    g_value_set_float (value, priv->opacity);
  else if (pspec == gsk_layer_properties[PROP_CORNER_RADIUS])
    g_value_set_float (value, gsk_layer_corner_radius_value (priv));
  else if (pspec == gsk_layer_properties[PROP_BACKGROUND_COLOR])
    g_value_set_boxed (value, &(GdkRGBA) { priv->background[0], priv->background[1],
                                           priv->background[2], priv->background[3] });
  else if (pspec == gsk_layer_properties[PROP_STYLE])
    g_value_set_boxed (value, priv->style);
  else if (pspec == gsk_layer_properties[PROP_TRANSLATE])
    g_value_set_boxed (value, &priv->translate);
  else if (pspec == gsk_layer_properties[PROP_SCALE])
    g_value_set_boxed (value, &priv->scale);
  else if (pspec == gsk_layer_properties[PROP_ROTATE])
    g_value_set_float (value, priv->rotate);
  else
    {
      /* A subclass's getter gives what is on screen while this is set */
      gboolean was_updating = priv->updating_presentation;

      priv->updating_presentation = TRUE;
      g_object_get_property (G_OBJECT (self), property_name, value);
      priv->updating_presentation = was_updating;
    }

  return TRUE;
}

/* }}} */
/* {{{ GObject */

/* Destroying a deep tree would recurse once per level through
 * g_object_unref(); instead, nested disposals queue children here and
 * the outermost one releases them in a loop. */
static GPtrArray *pending_unrefs;
static guint dispose_depth;

static void
gsk_layer_dispose (GObject *object)
{
  GskLayer *self = GSK_LAYER (object);
  GskLayerPrivate *priv = gsk_layer_get_instance_private (self);

  priv->in_dispose = TRUE;

  /* g_object_run_dispose() on a layer in a tree destroys it: it leaves
   * its parent first */
  if (priv->is_mask || priv->mask_layer != NULL)
    gsk_layer_release_mask (self);
  if (priv->parent != NULL)
    gsk_layer_unlink_child (priv->parent, self, TRUE);

  dispose_depth++;
  while (priv->first_child != NULL)
    {
      GskLayer *child = priv->first_child;
      GskLayerPrivate *cpriv = gsk_layer_get_instance_private (child);

      priv->first_child = cpriv->next_sibling;
      cpriv->parent = NULL;
      cpriv->prev_sibling = NULL;
      cpriv->next_sibling = NULL;
      priv->n_children--;

      if (pending_unrefs == NULL)
        pending_unrefs = g_ptr_array_new ();
      g_ptr_array_add (pending_unrefs, child);
    }
  priv->last_child = NULL;
  priv->children_age++;
  gsk_layer_tree_serial++;
  gsk_layer_note_children_changed (priv);

  if (priv->content)
    g_signal_handlers_disconnect_by_func (priv->content, content_invalidated, self);
  g_clear_object (&priv->content);
  gsk_layer_layout_hooks->dispose (self);
  if (priv->animation)
    gsk_layer_animation_hooks->remove_all (self, FALSE);
  dispose_depth--;

  if (dispose_depth == 0 && pending_unrefs != NULL)
    {
      dispose_depth++;
      while (pending_unrefs->len > 0)
        {
          GskLayer *child = g_ptr_array_steal_index_fast (pending_unrefs, pending_unrefs->len - 1);

          /* A child someone else holds lives on, out of the tree and away
           * from its clock: its animations end, as on any removal */
          if (g_atomic_int_get (&G_OBJECT (child)->ref_count) > 1)
            gsk_layer_update_subtree_clocks (child);
          g_object_unref (child);
        }
      dispose_depth--;
      g_clear_pointer (&pending_unrefs, g_ptr_array_unref);
    }

  G_OBJECT_CLASS (gsk_layer_parent_class)->dispose (object);
}

static void
gsk_layer_constructed (GObject *object)
{
  /* Only now is the class the instance's own */
  if (!gsk_layer_class_is_plain (GSK_LAYER_GET_CLASS (object)))
    gsk_layer_n_meddlers++;

  G_OBJECT_CLASS (gsk_layer_parent_class)->constructed (object);
}

static void
gsk_layer_finalize (GObject *object)
{
  GskLayer *self = GSK_LAYER (object);
  GskLayerPrivate *priv = gsk_layer_get_instance_private (self);

  if (!gsk_layer_class_is_plain (GSK_LAYER_GET_CLASS (object)))
    gsk_layer_n_meddlers--;

  g_clear_pointer (&priv->name, g_ref_string_release);
  gsk_layer_accessible_free (GSK_LAYER (object));
  g_clear_pointer (&priv->transform, gsk_layer_transform_unref);
  g_clear_pointer (&priv->individual, gsk_layer_transform_unref);
  if (priv->style)
    gsk_layer_style_hooks->unref (g_steal_pointer (&priv->style));
  g_clear_pointer (&priv->child_transform, gsk_layer_transform_unref);
  g_clear_pointer (&priv->context_3d, g_free);
  if (priv->style_cache || priv->content_cache)
    gsk_layer_frame_hooks->free_caches (self);
  gsk_layer_top_level_free (priv->top_level);
  g_free (priv->pick_cache);
  g_clear_pointer (&priv->dirty_children, g_ptr_array_unref);
  if (priv->animation)
    {
      gsk_layer_animation_hooks->free (g_steal_pointer (&priv->animation));
      gsk_layer_n_animated--;
    }

  G_OBJECT_CLASS (gsk_layer_parent_class)->finalize (object);
}

static void
gsk_layer_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  GskLayer *self = GSK_LAYER (object);
  GskLayerPrivate *priv = gsk_layer_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_POSITION:
      {
        graphene_point_t p;

        gsk_layer_get_position (self, &p);
        g_value_set_boxed (value, &p);
      }
      break;
    case PROP_SIZE:
      {
        graphene_size_t sz;

        gsk_layer_get_size (self, &sz);
        g_value_set_boxed (value, &sz);
      }
      break;
    case PROP_PIVOT_POINT:
      {
        graphene_point3d_t p;

        gsk_layer_get_pivot_point (self, &p);
        g_value_set_boxed (value, &p);
      }
      break;
    case PROP_TRANSFORM:
      g_value_set_boxed (value, gsk_layer_get_transform (self));
      break;
    case PROP_CHILD_TRANSFORM:
      g_value_set_boxed (value, gsk_layer_get_child_transform (self));
      break;
    case PROP_Z_POSITION:
      g_value_set_float (value, gsk_layer_get_z_position (self));
      break;
    case PROP_VISIBLE:
      g_value_set_boolean (value, priv->visible);
      break;
    case PROP_OPACITY:
      g_value_set_float (value, gsk_layer_get_opacity (self));
      break;
    case PROP_CLIP_TO_BOUNDS:
      g_value_set_boolean (value, priv->clip_to_bounds);
      break;
    case PROP_MASK:
      g_value_set_object (value, priv->mask_layer);
      break;
    case PROP_BACKGROUND_COLOR:
      {
        GdkRGBA c;

        gsk_layer_get_background_color (self, &c);
        g_value_set_boxed (value, &c);
      }
      break;
    case PROP_BLEND_MODE:
      g_value_set_enum (value, priv->blend_mode);
      break;
    case PROP_REACTIVE:
      g_value_set_boolean (value, priv->reactive);
      break;
    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;
    case PROP_CONTENT:
      g_value_set_object (value, priv->content);
      break;
    case PROP_CORNER_RADIUS:
      g_value_set_float (value, gsk_layer_get_corner_radius (self));
      break;
    case PROP_STYLE:
      g_value_set_boxed (value, gsk_layer_style_hooks->get (self));
      break;
    case PROP_TRANSLATE:
      {
        graphene_point3d_t p;

        gsk_layer_get_translate (self, &p);
        g_value_set_boxed (value, &p);
      }
      break;
    case PROP_ROTATE:
      g_value_set_float (value, gsk_layer_get_rotate (self));
      break;
    case PROP_ROTATE_AXIS:
      g_value_set_boxed (value, &priv->rotate_axis);
      break;
    case PROP_TRANSFORM_STYLE:
      g_value_set_enum (value, gsk_layer_get_transform_style (self));
      break;
    case PROP_BACKFACE_VISIBILITY:
      g_value_set_enum (value, gsk_layer_get_backface_visibility (self));
      break;
    case PROP_CHILD_TRANSFORM_ORIGIN:
      {
        graphene_point_t origin;

        if (gsk_layer_get_child_transform_origin (self, &origin))
          g_value_set_boxed (value, &origin);
        else
          g_value_set_boxed (value, NULL);
      }
      break;
    case PROP_ACCESSIBLE_ROLE:
      g_value_set_enum (value, gsk_layer_get_accessible_role (self));
      break;
    case PROP_ACCESSIBLE_LABEL:
      g_value_set_string (value, gsk_layer_get_accessible_label (self));
      break;
    case PROP_SCALE:
      {
        graphene_point3d_t p;

        gsk_layer_get_scale (self, &p);
        g_value_set_boxed (value, &p);
      }
      break;
    default:
      if (prop_id >= PROP_LAYOUT_FIRST &&
          gsk_layer_layout_hooks->get_property (self, prop_id - PROP_LAYOUT_FIRST, value))
        break;
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  GskLayer *self = GSK_LAYER (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      {
        const graphene_point_t *p = g_value_get_boxed (value);
        gsk_layer_set_position (self, p ? p : graphene_point_zero ());
      }
      break;
    case PROP_SIZE:
      {
        const graphene_size_t *s = g_value_get_boxed (value);
        gsk_layer_set_size (self, s ? s : graphene_size_zero ());
      }
      break;
    case PROP_PIVOT_POINT:
      {
        const graphene_point3d_t *p = g_value_get_boxed (value);
        gsk_layer_set_pivot_point (self, p ? p : &GRAPHENE_POINT3D_INIT (0.5f, 0.5f, 0.f));
      }
      break;
    case PROP_TRANSFORM:
      gsk_layer_set_transform (self, g_value_get_boxed (value));
      break;
    case PROP_CHILD_TRANSFORM:
      gsk_layer_set_child_transform (self, g_value_get_boxed (value));
      break;
    case PROP_Z_POSITION:
      gsk_layer_set_z_position (self, g_value_get_float (value));
      break;
    case PROP_VISIBLE:
      gsk_layer_set_visible (self, g_value_get_boolean (value));
      break;
    case PROP_OPACITY:
      gsk_layer_set_opacity (self, g_value_get_float (value));
      break;
    case PROP_CLIP_TO_BOUNDS:
      gsk_layer_set_clip_to_bounds (self, g_value_get_boolean (value));
      break;
    case PROP_MASK:
      gsk_layer_set_mask (self, g_value_get_object (value));
      break;
    case PROP_BACKGROUND_COLOR:
      gsk_layer_set_background_color (self, g_value_get_boxed (value));
      break;
    case PROP_BLEND_MODE:
      gsk_layer_set_blend_mode (self, g_value_get_enum (value));
      break;
    case PROP_REACTIVE:
      gsk_layer_set_reactive (self, g_value_get_boolean (value));
      break;
    case PROP_NAME:
      gsk_layer_set_name (self, g_value_get_string (value));
      break;
    case PROP_CONTENT:
      gsk_layer_set_content (self, g_value_get_object (value));
      break;
    case PROP_CORNER_RADIUS:
      gsk_layer_set_corner_radius (self, g_value_get_float (value));
      break;
    case PROP_STYLE:
      gsk_layer_style_hooks->set (self, g_value_get_boxed (value));
      break;
    case PROP_TRANSLATE:
      if (g_value_get_boxed (value))
        gsk_layer_set_translate (self, g_value_get_boxed (value));
      break;
    case PROP_ROTATE:
      gsk_layer_set_rotate (self, g_value_get_float (value));
      break;
    case PROP_ROTATE_AXIS:
      if (g_value_get_boxed (value))
        gsk_layer_set_rotate_axis (self, g_value_get_boxed (value));
      break;
    case PROP_SCALE:
      if (g_value_get_boxed (value))
        gsk_layer_set_scale (self, g_value_get_boxed (value));
      break;
    case PROP_TRANSFORM_STYLE:
      gsk_layer_set_transform_style (self, g_value_get_enum (value));
      break;
    case PROP_BACKFACE_VISIBILITY:
      gsk_layer_set_backface_visibility (self, g_value_get_enum (value));
      break;
    case PROP_CHILD_TRANSFORM_ORIGIN:
      gsk_layer_set_child_transform_origin (self, g_value_get_boxed (value));
      break;
    case PROP_ACCESSIBLE_ROLE:
      gsk_layer_set_accessible_role (self, g_value_get_enum (value));
      break;
    case PROP_ACCESSIBLE_LABEL:
      gsk_layer_set_accessible_label (self, g_value_get_string (value));
      break;
    default:
      if (prop_id >= PROP_LAYOUT_FIRST &&
          gsk_layer_layout_hooks->set_property (self, prop_id - PROP_LAYOUT_FIRST, value))
        break;
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
gsk_layer_emit_child_added (GskLayer *self,
                            GskLayer *child)
{
  g_signal_emit (self, signals[CHILD_ADDED], 0, child);
}

void
gsk_layer_emit_child_removed (GskLayer *self,
                              GskLayer *child)
{
  g_signal_emit (self, signals[CHILD_REMOVED], 0, child);
}

static void
gsk_layer_class_init (GskLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  gsk_layer_private_offset = GskLayer_private_offset;
  /* The types of its properties: registering them installs the hooks
   * of their subsystems */
  g_type_ensure (GSK_TYPE_LAYER_STYLE);
  g_type_ensure (GSK_TYPE_LAYER_LAYOUT_MANAGER);

  object_class->constructed = gsk_layer_constructed;
  object_class->dispose = gsk_layer_dispose;
  object_class->finalize = gsk_layer_finalize;
  object_class->get_property = gsk_layer_get_property;
  object_class->set_property = gsk_layer_set_property;

  klass->draw = gsk_layer_real_draw;
  klass->queue_redraw = gsk_layer_real_queue_redraw;
  klass->queue_relayout = gsk_layer_real_queue_relayout;
  klass->layout_children = gsk_layer_layout_hooks->layout_children;
  klass->measure = gsk_layer_layout_hooks->measure;

  /**
   * GskLayer:position:
   *
   * The top left corner of the layer in its parent's space.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_POSITION] =
    g_param_spec_boxed ("position", NULL, "The top left corner of the layer in its parent's space",
                        GRAPHENE_TYPE_POINT,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:size:
   *
   * The width and height of the layer.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_SIZE] =
    g_param_spec_boxed ("size", NULL, "The width and height of the layer",
                        GRAPHENE_TYPE_SIZE,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:pivot-point:
   *
   * The point transforms apply about: x and y relative to the size,
   * z in pixels. The default is the center, (0.5, 0.5, 0).
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_PIVOT_POINT] =
    g_param_spec_boxed ("pivot-point", NULL, "The point transforms apply about: x and y relative to the size, z in pixels",
                        GRAPHENE_TYPE_POINT3D,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:transform:
   *
   * The transform of the layer, applied about the pivot point.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_TRANSFORM] =
    g_param_spec_boxed ("transform", NULL, "The transform of the layer, applied about the pivot point",
                        GSK_TYPE_LAYER_TRANSFORM,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:child-transform:
   *
   * A transform applied to every child, about the layer's pivot point.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_CHILD_TRANSFORM] =
    g_param_spec_boxed ("child-transform", NULL, "A transform applied to every child, about the layer's pivot point",
                        GSK_TYPE_LAYER_TRANSFORM,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:z-position:
   *
   * The position on the z axis, which orders siblings.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_Z_POSITION] =
    g_param_spec_float ("z-position", NULL, "The position on the z axis, which orders siblings",
                        -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:visible:
   *
   * Whether the layer and its subtree are drawn.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_VISIBLE] =
    g_param_spec_boolean ("visible", NULL, "Whether the layer and its subtree are drawn",
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:opacity:
   *
   * The group opacity of the layer and its subtree.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_OPACITY] =
    g_param_spec_float ("opacity", NULL, "The group opacity of the layer and its subtree",
                        0.f, 1.f, 1.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:clip-to-bounds:
   *
   * Whether children are clipped to the layer's bounds.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_CLIP_TO_BOUNDS] =
    g_param_spec_boolean ("clip-to-bounds", NULL, "Whether children are clipped to the layer's bounds",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:background-color:
   *
   * The color filling the layer's bounds below its content.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_BACKGROUND_COLOR] =
    g_param_spec_boxed ("background-color", NULL, "The color filling the layer's bounds below its content",
                        GDK_TYPE_RGBA,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:blend-mode:
   *
   * How the layer mixes with what is below it.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_BLEND_MODE] =
    g_param_spec_enum ("blend-mode", NULL, "How the layer mixes with what is below it",
                       GSK_TYPE_LAYER_BLEND_MODE, GSK_LAYER_BLEND_NORMAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:reactive:
   *
   * Whether the layer can be picked.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_REACTIVE] =
    g_param_spec_boolean ("reactive", NULL, "Whether the layer can be picked",
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:name:
   *
   * A name for debugging and scene files.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, "A name for debugging and scene files",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:content:
   *
   * A content delegate shown instead of what the class draws.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, "A content delegate shown instead of what the class draws",
                         GSK_TYPE_LAYER_CONTENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:corner-radius:
   *
   * The radius of the layer's rounded corners in pixels, as CSS
   * `border-radius`: the background and content are clipped to the
   * rounded rectangle, and so are the children when the layer clips to
   * its bounds. Animatable.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_CORNER_RADIUS] =
    g_param_spec_float ("corner-radius", NULL, "The radius of the layer's rounded corners in pixels, as CSS border-radius",
                        0.f, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:style:
   *
   * The CSS declarations the layer was last given (see
   * [method@Layer.set_style]); scene files write it as their text.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_STYLE] =
    g_param_spec_boxed ("style", NULL, "The CSS declarations the layer was last given (see set_style); scene files write it as their text",
                        GSK_TYPE_LAYER_STYLE,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:translate:
   *
   * An offset in pixels along x, y and z, as CSS's `translate`: applied
   * before [property@Layer:transform], animatable on its own. Default
   * (0, 0, 0).
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_TRANSLATE] =
    g_param_spec_boxed ("translate", NULL, "An offset in pixels along x, y and z, as CSS's translate: applied before transform, animatable on its own",
                        GRAPHENE_TYPE_POINT3D,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:rotate:
   *
   * An angle in degrees about [property@Layer:rotate-axis] through the
   * pivot point, as CSS's `rotate`: applied before
   * [property@Layer:transform], animatable on its own. Default 0.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_ROTATE] =
    g_param_spec_float ("rotate", NULL, "An angle in degrees about rotate-axis through the pivot point, as CSS's rotate",
                        -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:rotate-axis:
   *
   * The axis of [property@Layer:rotate]: a direction, (0, 0, 1) (z)
   * by default.
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_ROTATE_AXIS] =
    g_param_spec_boxed ("rotate-axis", NULL, "The axis of rotate: a direction, (0, 0, 1) (z) by default",
                        GRAPHENE_TYPE_POINT3D,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:scale:
   *
   * Factors along x, y and z about the pivot point, as CSS's `scale`:
   * applied before [property@Layer:rotate], [property@Layer:translate]
   * and [property@Layer:transform], animatable on its own. Default
   * (1, 1, 1).
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_SCALE] =
    g_param_spec_boxed ("scale", NULL, "Factors along x, y and z about the pivot point, as CSS's scale",
                        GRAPHENE_TYPE_POINT3D,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:transform-style:
   *
   * Whether the children are flattened into the layer's plane (the
   * default) or keep their depth in its 3D space, as CSS's
   * `transform-style`: see [method@Layer.set_transform_style].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_TRANSFORM_STYLE] =
    g_param_spec_enum ("transform-style", NULL, "Whether the children are flattened into the layer's plane or keep their depth",
                       GSK_TYPE_LAYER_TRANSFORM_STYLE, GSK_LAYER_TRANSFORM_STYLE_FLAT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:backface-visibility:
   *
   * Whether the layer is drawn and picked while its back faces the
   * viewer, as CSS's `backface-visibility`: see
   * [method@Layer.set_backface_visibility].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_BACKFACE_VISIBILITY] =
    g_param_spec_enum ("backface-visibility", NULL, "Whether the layer shows while its back faces the viewer",
                       GSK_TYPE_LAYER_BACKFACE_VISIBILITY, GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:child-transform-origin:
   *
   * The point the child transform applies about, relative to the size,
   * or %NULL for the pivot point: CSS's `perspective-origin`. See
   * [method@Layer.set_child_transform_origin].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_CHILD_TRANSFORM_ORIGIN] =
    g_param_spec_boxed ("child-transform-origin", NULL, "The point the child transform applies about",
                        GRAPHENE_TYPE_POINT,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:accessible-role:
   *
   * What the layer is to assistive technology: see
   * [method@Layer.set_accessible_role].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_ACCESSIBLE_ROLE] =
    g_param_spec_enum ("accessible-role", NULL, "What the layer is to assistive technology",
                       GTK_TYPE_ACCESSIBLE_ROLE, GTK_ACCESSIBLE_ROLE_NONE,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:accessible-label:
   *
   * The name assistive technology gives the layer: see
   * [method@Layer.set_accessible_label].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_ACCESSIBLE_LABEL] =
    g_param_spec_string ("accessible-label", NULL, "The name assistive technology gives the layer",
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayer:mask:
   *
   * The layer whose alpha masks this one: see [method@Layer.set_mask].
   *
   * Since: 0.1
   */
  gsk_layer_properties[PROP_MASK] =
    g_param_spec_object ("mask", NULL, "The layer whose alpha masks this one",
                         GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  gsk_layer_layout_hooks->install_properties (&gsk_layer_properties[PROP_LAYOUT_FIRST]);
  g_object_class_install_properties (object_class, N_PROPS, gsk_layer_properties);

  /**
   * GskLayer::transitions-completed:
   * @self: the layer
   *
   * Emitted when the last running transition of the layer completed.
   *
   * Since: 0.1
   */
  signals[TRANSITIONS_COMPLETED] =
    g_signal_new ("transitions-completed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * GskLayer::child-added:
   * @self: the parent
   * @child: the new child
   *
   * Emitted after a child was added.
   *
   * Since: 0.1
   */
  signals[CHILD_ADDED] =
    g_signal_new ("child-added",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GSK_TYPE_LAYER);

  /**
   * GskLayer::child-removed:
   * @self: the former parent
   * @child: the removed child
   *
   * Emitted after a child was removed, while the parent still holds a
   * reference to it.
   *
   * Since: 0.1
   */
  signals[CHILD_REMOVED] =
    g_signal_new ("child-removed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GSK_TYPE_LAYER);
}

static void
gsk_layer_init (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_instance_private (self);

  graphene_point3d_init (&priv->pivot, 0.5f, 0.5f, 0.f);
  graphene_point3d_init (&priv->scale, 1.f, 1.f, 1.f);
  graphene_point3d_init (&priv->rotate_axis, 0.f, 0.f, 1.f);
  gsk_layer_layout_hooks->init (self);
  priv->opacity = 1.f;
  priv->visible = TRUE;
  priv->reactive = TRUE;
  priv->blend_mode = GSK_LAYER_BLEND_NORMAL;
  priv->world_stale = TRUE;
  priv->world_dirty = TRUE;
  priv->paint_dirty = TRUE;
  priv->content_dirty = TRUE;
  priv->subtree_dirty = TRUE;
  graphene_matrix_init_identity (&priv->world);
}

/**
 * gsk_layer_new:
 *
 * Creates a new layer: transparent, empty, at (0, 0) with no size.
 *
 * Returns: (transfer floating): the new layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_new (void)
{
  return g_object_new (GSK_TYPE_LAYER, NULL);
}

/* }}} */
