/* gsk-layer-align-constraint.c: a layer aligned along its source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-align-constraint.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer.h"

/**
 * GskLayerAlignConstraint:
 *
 * Places a layer along one axis of its source, or both
 * ([property@LayerAlignConstraint:both-axes], Clutter's
 * `CLUTTER_ALIGN_BOTH`), as Clutter's ClutterAlignConstraint: at @factor
 * of the room the source leaves, 0 at the source's start (left, top), 1
 * at its end, 0.5 centred. The layer keeps its size.
 *
 * Since: 0.1
 */
struct _GskLayerAlignConstraint
{
  GskLayerConstraint parent_instance;

  GskLayerOrientation axis;
  float factor;
  gboolean both;
};

enum {
  PROP_0,
  PROP_AXIS,
  PROP_FACTOR,
  PROP_BOTH_AXES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerAlignConstraint, gsk_layer_align_constraint, GSK_TYPE_LAYER_CONSTRAINT)

static void
gsk_layer_align_constraint_update (GskLayerConstraint    *constraint,
                                   GskLayer              *layer,
                                   const graphene_rect_t *source,
                                   graphene_rect_t       *rect)
{
  GskLayerAlignConstraint *self = GSK_LAYER_ALIGN_CONSTRAINT (constraint);

  if (self->both || self->axis == GSK_LAYER_ORIENTATION_HORIZONTAL)
    rect->origin.x = source->origin.x + (source->size.width - rect->size.width) * self->factor;
  if (self->both || self->axis == GSK_LAYER_ORIENTATION_VERTICAL)
    rect->origin.y = source->origin.y + (source->size.height - rect->size.height) * self->factor;
}

static void
gsk_layer_align_constraint_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  GskLayerAlignConstraint *self = GSK_LAYER_ALIGN_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_AXIS:
      g_value_set_enum (value, self->axis);
      break;
    case PROP_FACTOR:
      g_value_set_float (value, self->factor);
      break;
    case PROP_BOTH_AXES:
      g_value_set_boolean (value, self->both);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_align_constraint_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  GskLayerAlignConstraint *self = GSK_LAYER_ALIGN_CONSTRAINT (object);

  switch (prop_id)
    {
    case PROP_AXIS:
      if (self->axis != (GskLayerOrientation) g_value_get_enum (value))
        {
          self->axis = g_value_get_enum (value);
          gsk_layer_constraint_changed (GSK_LAYER_CONSTRAINT (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_FACTOR:
      if (self->factor != g_value_get_float (value))
        {
          self->factor = g_value_get_float (value);
          gsk_layer_constraint_changed (GSK_LAYER_CONSTRAINT (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_BOTH_AXES:
      if (self->both != g_value_get_boolean (value))
        {
          self->both = g_value_get_boolean (value);
          gsk_layer_constraint_changed (GSK_LAYER_CONSTRAINT (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_align_constraint_class_init (GskLayerAlignConstraintClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_align_constraint_get_property;
  object_class->set_property = gsk_layer_align_constraint_set_property;
  GSK_LAYER_CONSTRAINT_CLASS (klass)->update = gsk_layer_align_constraint_update;

  /**
   * GskLayerAlignConstraint:axis:
   *
   * Along which axis the layer is aligned.
   *
   * Since: 0.1
   */
  properties[PROP_AXIS] =
    g_param_spec_enum ("axis", NULL, "Along which axis the layer is aligned", GSK_TYPE_LAYER_ORIENTATION, GSK_LAYER_ORIENTATION_HORIZONTAL,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerAlignConstraint:factor:
   *
   * Where in the room the source leaves: 0 at its start, 1 at its end.
   *
   * Since: 0.1
   */
  properties[PROP_FACTOR] =
    g_param_spec_float ("factor", NULL, "Where in the room the source leaves: 0 at its start, 1 at its end", 0.f, 1.f, 0.f,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerAlignConstraint:both-axes:
   *
   * Whether the layer is aligned along both axes, at the same factor,
   * whatever [property@LayerAlignConstraint:axis] says.
   *
   * Since: 0.1
   */
  properties[PROP_BOTH_AXES] =
    g_param_spec_boolean ("both-axes", NULL, "Whether the layer is aligned along both axes", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_align_constraint_init (GskLayerAlignConstraint *self)
{
}

/**
 * gsk_layer_align_constraint_new:
 * @source: (nullable): the layer aligned along: the parent or a sibling
 * @axis: along which axis
 * @factor: where, from 0 (start) to 1 (end)
 *
 * Creates a constraint that places a layer along @axis at @factor of
 * the room @source leaves: 0 puts the layer's left (top) edge on the
 * source's, 1 its right (bottom) edge on the source's, 0.5 centres it.
 * The layer keeps its size.
 *
 * Add it to a layer with [method@Layer.add_constraint]. Without a
 * source, it changes nothing until [method@LayerConstraint.set_source]
 * gives it one.
 *
 * Returns: (transfer full): a new align constraint, or %NULL with a
 *   critical warning for a factor outside [0, 1]
 *
 * Since: 0.1
 */
GskLayerConstraint *
gsk_layer_align_constraint_new (GskLayer            *source,
                                GskLayerOrientation  axis,
                                float                factor)
{
  g_return_val_if_fail (source == NULL || GSK_IS_LAYER (source), NULL);
  g_return_val_if_fail (factor >= 0.f && factor <= 1.f, NULL);

  return g_object_new (GSK_TYPE_LAYER_ALIGN_CONSTRAINT, "source", source, "axis", axis, "factor", factor, NULL);
}

/**
 * gsk_layer_align_constraint_new_both:
 * @source: (nullable): the layer aligned in: the parent or a sibling
 * @factor: where, from 0 (start) to 1 (end), along both axes
 *
 * Creates a constraint that places a layer at @factor of the room
 * @source leaves along both axes, as Clutter's `CLUTTER_ALIGN_BOTH`:
 * 0.5 centres it in @source. See [ctor@LayerAlignConstraint.new].
 *
 * Returns: (transfer full): a new align constraint, or %NULL with a
 *   critical warning for a factor outside [0, 1]
 *
 * Since: 0.1
 */
GskLayerConstraint *
gsk_layer_align_constraint_new_both (GskLayer *source,
                                     float     factor)
{
  g_return_val_if_fail (source == NULL || GSK_IS_LAYER (source), NULL);
  g_return_val_if_fail (factor >= 0.f && factor <= 1.f, NULL);

  return g_object_new (GSK_TYPE_LAYER_ALIGN_CONSTRAINT,
                       "source", source,
                       "factor", factor,
                       "both-axes", TRUE,
                       NULL);
}
