/* gsk-layer-bind-constraint.c: a layer's position or size copied from
 * its source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-bind-constraint.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer.h"

/**
 * GskLayerBindConstraint:
 *
 * Copies a coordinate of its source to the layer, plus an offset, as
 * Clutter's ClutterBindConstraint: its x, y, width, height, position,
 * size or all four. A layer bound to its parent's size fills it; one
 * bound to a sibling's position with an offset follows it.
 *
 * Since: 0.1
 */
struct _GskLayerBindConstraint
{
  GskLayerConstraint parent_instance;

  GskLayerBindCoordinate coordinate;
  float offset;
};

enum {
  PROP_0,
  PROP_COORDINATE,
  PROP_OFFSET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerBindConstraint, gsk_layer_bind_constraint, GSK_TYPE_LAYER_CONSTRAINT)

static void
gsk_layer_bind_constraint_update (GskLayerConstraint    *constraint,
                                  GskLayer              *layer,
                                  const graphene_rect_t *source,
                                  graphene_rect_t       *rect)
{
  GskLayerBindConstraint *self = GSK_LAYER_BIND_CONSTRAINT (constraint);
  GskLayerBindCoordinate c = self->coordinate;
  float d = self->offset;

  if (c == GSK_LAYER_BIND_X || c == GSK_LAYER_BIND_POSITION || c == GSK_LAYER_BIND_ALL)
    rect->origin.x = source->origin.x + d;
  if (c == GSK_LAYER_BIND_Y || c == GSK_LAYER_BIND_POSITION || c == GSK_LAYER_BIND_ALL)
    rect->origin.y = source->origin.y + d;
  if (c == GSK_LAYER_BIND_WIDTH || c == GSK_LAYER_BIND_SIZE || c == GSK_LAYER_BIND_ALL)
    rect->size.width = MAX (source->size.width + d, 0.f);
  if (c == GSK_LAYER_BIND_HEIGHT || c == GSK_LAYER_BIND_SIZE || c == GSK_LAYER_BIND_ALL)
    rect->size.height = MAX (source->size.height + d, 0.f);
}

static void
gsk_layer_bind_constraint_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  GskLayerBindConstraint *self = GSK_LAYER_BIND_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_COORDINATE:
      g_value_set_enum (value, self->coordinate);
      break;
    case PROP_OFFSET:
      g_value_set_float (value, self->offset);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_bind_constraint_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  GskLayerBindConstraint *self = GSK_LAYER_BIND_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_COORDINATE:
      if (self->coordinate == (GskLayerBindCoordinate) g_value_get_enum (value))
        return;
      self->coordinate = g_value_get_enum (value);
      break;
    case PROP_OFFSET:
      if (self->offset == g_value_get_float (value))
        return;
      self->offset = g_value_get_float (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  gsk_layer_constraint_changed (GSK_LAYER_CONSTRAINT (self));
  g_object_notify_by_pspec (object, pspec);
}

static void
gsk_layer_bind_constraint_class_init (GskLayerBindConstraintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_bind_constraint_get_property;
  object_class->set_property = gsk_layer_bind_constraint_set_property;
  GSK_LAYER_CONSTRAINT_CLASS (klass)->update = gsk_layer_bind_constraint_update;

  /**
   * GskLayerBindConstraint:coordinate:
   *
   * What is copied from the source.
   *
   * Since: 0.1
   */
  properties[PROP_COORDINATE] =
    g_param_spec_enum ("coordinate", NULL, "What is copied from the source", GSK_TYPE_LAYER_BIND_COORDINATE, GSK_LAYER_BIND_X,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerBindConstraint:offset:
   *
   * Added to what is copied, in layout units.
   *
   * Since: 0.1
   */
  properties[PROP_OFFSET] =
    g_param_spec_float ("offset", NULL, "Added to what is copied, in layout units", -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_bind_constraint_init (GskLayerBindConstraint *self)
{
}

/**
 * gsk_layer_bind_constraint_new:
 * @source: (nullable): the layer copied: the parent or a sibling
 * @coordinate: what is copied
 * @offset: added to it, in layout units
 *
 * Creates a constraint that copies @coordinate of @source to a layer,
 * plus @offset; a width or height copied so is never less than 0. With
 * the parent as source, %GSK_LAYER_BIND_ALL and an offset of 0, the
 * layer fills its parent.
 *
 * Add it to a layer with [method@Layer.add_constraint]. Without a
 * source, it changes nothing until [method@LayerConstraint.set_source]
 * gives it one.
 *
 * Returns: (transfer full): a new bind constraint, or %NULL with a
 *   critical warning for an offset that is not finite or is beyond
 *   %GSK_LAYER_MAX_COORDINATE either way
 *
 * Since: 0.1
 */
GskLayerConstraint *
gsk_layer_bind_constraint_new (GskLayer               *source,
                               GskLayerBindCoordinate  coordinate,
                               float                   offset)
{
  g_return_val_if_fail (source == NULL || GSK_IS_LAYER (source), NULL);
  g_return_val_if_fail (isfinite (offset) && fabsf (offset) <= GSK_LAYER_MAX_COORDINATE, NULL);

  return g_object_new (GSK_TYPE_LAYER_BIND_CONSTRAINT, "source", source, "coordinate", coordinate,
                       "offset", offset, NULL);
}
