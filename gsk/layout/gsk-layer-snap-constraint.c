/* gsk-layer-snap-constraint.c: an edge of a layer on an edge of its
 * source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-snap-constraint.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer.h"

/**
 * GskLayerSnapConstraint:
 *
 * Puts one edge of a layer on an edge of its source, plus an offset, as
 * Clutter's ClutterSnapConstraint: the other edges stay where they are,
 * so snapping the left edge changes the width, and a layer snapped on
 * both sides stretches between them. Edges of different axes (a top
 * edge to a left edge) are refused with a critical warning.
 *
 * Since: 0.1
 */
struct _GskLayerSnapConstraint
{
  GskLayerConstraint parent_instance;

  GskLayerSnapEdge from_edge;
  GskLayerSnapEdge to_edge;
  float offset;
};

enum {
  PROP_0,
  PROP_FROM_EDGE,
  PROP_TO_EDGE,
  PROP_OFFSET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerSnapConstraint, gsk_layer_snap_constraint, GSK_TYPE_LAYER_CONSTRAINT)

static inline gboolean
is_horizontal (GskLayerSnapEdge edge)
{
  return edge == GSK_LAYER_SNAP_EDGE_LEFT || edge == GSK_LAYER_SNAP_EDGE_RIGHT;
}

static float
edge_of (const graphene_rect_t *r,
         GskLayerSnapEdge       edge)
{
  switch (edge)
    {
    case GSK_LAYER_SNAP_EDGE_TOP:
      return r->origin.y;
    case GSK_LAYER_SNAP_EDGE_RIGHT:
      return r->origin.x + r->size.width;
    case GSK_LAYER_SNAP_EDGE_BOTTOM:
      return r->origin.y + r->size.height;
    case GSK_LAYER_SNAP_EDGE_LEFT:
    default:
      return r->origin.x;
    }
}

static void
gsk_layer_snap_constraint_update (GskLayerConstraint    *constraint,
                                  GskLayer              *layer,
                                  const graphene_rect_t *source,
                                  graphene_rect_t       *rect)
{
  GskLayerSnapConstraint *self = GSK_LAYER_SNAP_CONSTRAINT (constraint);
  float at = edge_of (source, self->to_edge) + self->offset;
  float x2 = rect->origin.x + rect->size.width, y2 = rect->origin.y + rect->size.height;

  if (is_horizontal (self->from_edge) != is_horizontal (self->to_edge))
    return;

  switch (self->from_edge)
    {
    /* The box may be inside out until every constraint has run (a
     * layer of no size snapped top and bottom): the layout clamps it
     * then, so that the result does not depend on the size it started
     * from */
    case GSK_LAYER_SNAP_EDGE_TOP:
      rect->origin.y = at;
      rect->size.height = y2 - at;
      break;
    case GSK_LAYER_SNAP_EDGE_RIGHT:
      rect->size.width = at - rect->origin.x;
      break;
    case GSK_LAYER_SNAP_EDGE_BOTTOM:
      rect->size.height = at - rect->origin.y;
      break;
    case GSK_LAYER_SNAP_EDGE_LEFT:
    default:
      rect->origin.x = at;
      rect->size.width = x2 - at;
      break;
    }
}

static void
gsk_layer_snap_constraint_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  GskLayerSnapConstraint *self = GSK_LAYER_SNAP_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_FROM_EDGE:
      g_value_set_enum (value, self->from_edge);
      break;
    case PROP_TO_EDGE:
      g_value_set_enum (value, self->to_edge);
      break;
    case PROP_OFFSET:
      g_value_set_float (value, self->offset);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_snap_constraint_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  GskLayerSnapConstraint *self = GSK_LAYER_SNAP_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_FROM_EDGE:
      if (self->from_edge == (GskLayerSnapEdge) g_value_get_enum (value))
        return;
      self->from_edge = g_value_get_enum (value);
      break;
    case PROP_TO_EDGE:
      if (self->to_edge == (GskLayerSnapEdge) g_value_get_enum (value))
        return;
      self->to_edge = g_value_get_enum (value);
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
gsk_layer_snap_constraint_class_init (GskLayerSnapConstraintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_snap_constraint_get_property;
  object_class->set_property = gsk_layer_snap_constraint_set_property;
  GSK_LAYER_CONSTRAINT_CLASS (klass)->update = gsk_layer_snap_constraint_update;

  /**
   * GskLayerSnapConstraint:from-edge:
   *
   * The edge of the layer that moves.
   *
   * Since: 0.1
   */
  properties[PROP_FROM_EDGE] =
    g_param_spec_enum ("from-edge", NULL, "The edge of the layer that moves", GSK_TYPE_LAYER_SNAP_EDGE, GSK_LAYER_SNAP_EDGE_TOP,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerSnapConstraint:to-edge:
   *
   * The edge of the source it goes on.
   *
   * Since: 0.1
   */
  properties[PROP_TO_EDGE] =
    g_param_spec_enum ("to-edge", NULL, "The edge of the source it goes on", GSK_TYPE_LAYER_SNAP_EDGE, GSK_LAYER_SNAP_EDGE_TOP,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerSnapConstraint:offset:
   *
   * How far past the source's edge, in layout units (right and down
   * are positive).
   *
   * Since: 0.1
   */
  properties[PROP_OFFSET] =
    g_param_spec_float ("offset", NULL, "How far past the source's edge, in layout units (right and down are positive)", -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_snap_constraint_init (GskLayerSnapConstraint *self)
{
}

/**
 * gsk_layer_snap_constraint_new:
 * @source: (nullable): the layer snapped to: the parent or a sibling
 * @from_edge: the layer's edge that moves
 * @to_edge: the source's edge it goes on, of the same axis
 * @offset: how far past it, in layout units
 *
 * Creates a constraint that puts the @from_edge of a layer on the
 * @to_edge of @source, plus @offset (right and down are positive). The
 * layer's other edges stay where they are: snapping its left edge
 * changes its width, which never goes below 0.
 *
 * Add it to a layer with [method@Layer.add_constraint]. Without a
 * source, it changes nothing until [method@LayerConstraint.set_source]
 * gives it one.
 *
 * Returns: (transfer full): a new snap constraint, or %NULL with a
 *   critical warning for edges of different axes or an offset that is
 *   not finite or is beyond %GSK_LAYER_MAX_COORDINATE either way
 *
 * Since: 0.1
 */
GskLayerConstraint *
gsk_layer_snap_constraint_new (GskLayer         *source,
                               GskLayerSnapEdge  from_edge,
                               GskLayerSnapEdge  to_edge,
                               float             offset)
{
  g_return_val_if_fail (source == NULL || GSK_IS_LAYER (source), NULL);
  g_return_val_if_fail (is_horizontal (from_edge) == is_horizontal (to_edge), NULL);
  g_return_val_if_fail (isfinite (offset) && fabsf (offset) <= GSK_LAYER_MAX_COORDINATE, NULL);

  return g_object_new (GSK_TYPE_LAYER_SNAP_CONSTRAINT, "source", source, "from-edge", from_edge,
                       "to-edge", to_edge, "offset", offset, NULL);
}
