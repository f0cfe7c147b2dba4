/* gsk-layer-transition.c: timelines that change a layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <gobject/gvaluecollector.h>

#include "gsk-layer-private.h"
#include "gsk-layer-animation-private.h"
#include "gsk-layer-interpolate-private.h"
#include "gsk-layer-transition.h"
#include "gsk-layer-transition-private.h"

/**
 * GskLayerTransition:
 *
 * A timeline that changes a layer as it runs: add one to a layer with
 * [method@Layer.add_transition], and it runs on the layer's frame clock.
 *
 * The layer owns its transitions; a transition only points back at its
 * layer, so it never keeps a layer alive. When the layer is destroyed or
 * leaves the tree that has its clock, its transitions stop.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayer *layer;  /* not a reference */
  guint remove_on_complete : 1;
} GskLayerTransitionPrivate;

enum {
  PROP_0,
  PROP_REMOVE_ON_COMPLETE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GskLayerTransition, gsk_layer_transition, GSK_TYPE_LAYER_TIMELINE)

static void
gsk_layer_transition_real_attached (GskLayerTransition *self,
                                    GskLayer           *layer)
{
}

static void
gsk_layer_transition_real_detached (GskLayerTransition *self,
                                    GskLayer           *layer)
{
}

static void
gsk_layer_transition_real_compute (GskLayerTransition *self,
                                   GskLayer           *layer,
                                   double              progress)
{
}

static void
gsk_layer_transition_new_frame (GskLayerTimeline *timeline,
                                double            progress)
{
  GskLayerTransition *self = GSK_LAYER_TRANSITION (timeline);
  GskLayerTransitionPrivate *priv = gsk_layer_transition_get_instance_private (self);

  if (priv->layer != NULL)
    {
      /* Setting a property can run user code that drops the layer */
      GskLayer *layer = g_object_ref (priv->layer);

      GSK_LAYER_TRANSITION_GET_CLASS (self)->compute (self, layer, progress);
      g_object_unref (layer);
    }
}

static void
gsk_layer_transition_stopped (GskLayerTimeline *timeline,
                              gboolean          is_finished)
{
  GskLayerTransition *self = GSK_LAYER_TRANSITION (timeline);
  GskLayerTransitionPrivate *priv = gsk_layer_transition_get_instance_private (self);

  /* Members of a group have a layer too, but the layer does not know
   * them: it ignores them */
  if (priv->layer != NULL)
    gsk_layer_animation_transition_stopped (priv->layer, self, is_finished);
}

static void
gsk_layer_transition_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GskLayerTransition *self = GSK_LAYER_TRANSITION (object);

  switch (prop_id)
    {
    case PROP_REMOVE_ON_COMPLETE:
      g_value_set_boolean (value, gsk_layer_transition_get_remove_on_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_transition_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GskLayerTransition *self = GSK_LAYER_TRANSITION (object);

  switch (prop_id)
    {
    case PROP_REMOVE_ON_COMPLETE:
      gsk_layer_transition_set_remove_on_complete (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_transition_class_init (GskLayerTransitionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_transition_get_property;
  object_class->set_property = gsk_layer_transition_set_property;
  GSK_LAYER_TIMELINE_CLASS (klass)->new_frame = gsk_layer_transition_new_frame;
  GSK_LAYER_TIMELINE_CLASS (klass)->stopped = gsk_layer_transition_stopped;
  klass->attached = gsk_layer_transition_real_attached;
  klass->detached = gsk_layer_transition_real_detached;
  klass->compute = gsk_layer_transition_real_compute;

  /**
   * GskLayerTransition:remove-on-complete:
   *
   * Whether the layer drops the transition when it completes.
   *
   * Since: 0.1
   */
  properties[PROP_REMOVE_ON_COMPLETE] =
    g_param_spec_boolean ("remove-on-complete", NULL, "Whether the layer drops the transition when it completes",
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_transition_init (GskLayerTransition *self)
{
  GskLayerTransitionPrivate *priv = gsk_layer_transition_get_instance_private (self);

  priv->remove_on_complete = TRUE;
}

void
gsk_layer_transition_attach (GskLayerTransition *self,
                             GskLayer           *layer)
{
  GskLayerTransitionPrivate *priv = gsk_layer_transition_get_instance_private (self);

  priv->layer = layer;
  GSK_LAYER_TRANSITION_GET_CLASS (self)->attached (self, layer);
}

void
gsk_layer_transition_detach (GskLayerTransition *self)
{
  GskLayerTransitionPrivate *priv = gsk_layer_transition_get_instance_private (self);
  GskLayer *layer = priv->layer;

  if (layer == NULL)
    return;

  GSK_LAYER_TRANSITION_GET_CLASS (self)->detached (self, layer);
  priv->layer = NULL;
}

/**
 * gsk_layer_transition_get_layer:
 * @self: a transition
 *
 * Gets the layer @self animates: the one it was added to with
 * [method@Layer.add_transition], or that its group was added to. The
 * transition does not keep the layer alive.
 *
 * Returns: (transfer none) (nullable): the layer @self animates, or
 *   %NULL while it is on none (not yet added, or dropped by its layer)
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_transition_get_layer (GskLayerTransition *self)
{
  GskLayerTransitionPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_TRANSITION (self), NULL);

  priv = gsk_layer_transition_get_instance_private (self);
  return priv->layer;
}

/**
 * gsk_layer_transition_set_remove_on_complete:
 * @self: a transition
 * @remove_on_complete: whether the layer drops @self when it completes
 *
 * Sets whether the layer drops the transition once it completed.
 *
 * Since: 0.1
 */
void
gsk_layer_transition_set_remove_on_complete (GskLayerTransition *self,
                                             gboolean            remove_on_complete)
{
  GskLayerTransitionPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TRANSITION (self));

  priv = gsk_layer_transition_get_instance_private (self);
  remove_on_complete = !!remove_on_complete;
  if (priv->remove_on_complete == remove_on_complete)
    return;

  priv->remove_on_complete = remove_on_complete;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOVE_ON_COMPLETE]);
}

/**
 * gsk_layer_transition_get_remove_on_complete:
 * @self: a transition
 *
 * Gets whether the layer drops @self when it completes, as set with
 * [method@LayerTransition.set_remove_on_complete]. A transition stopped
 * before its end is dropped either way.
 *
 * Returns: %TRUE (the default) if the layer drops @self when it
 *   completes; %FALSE if it keeps it, to be found with
 *   [method@Layer.get_transition]
 *
 * Since: 0.1
 */
gboolean
gsk_layer_transition_get_remove_on_complete (GskLayerTransition *self)
{
  GskLayerTransitionPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_TRANSITION (self), FALSE);

  priv = gsk_layer_transition_get_instance_private (self);
  return priv->remove_on_complete;
}

/* {{{ GskLayerPropertyTransition */

/**
 * GskLayerPropertyTransition:
 *
 * Animates one property of a layer from a value to another. Without a
 * from value, it starts at the value on screen when it is added.
 *
 * Since: 0.1
 */

typedef struct
{
  GParamSpec *pspec;
  GValue from;
  GValue to;
  GValue current;
  guint has_from : 1;
  guint has_to : 1;
  /* from was captured from the layer, not set */
  guint from_captured : 1;
  /* Prepared at the first frame: the endpoints as floats, for the
   * common float properties, which then skip GValues */
  guint prepared : 1;
  guint is_float : 1;
  float from_f;
  float to_f;
  /* Likewise for transforms */
  GskLayerTransformLerp *transform_lerp;
} GskLayerPropertyTransitionPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GskLayerPropertyTransition, gsk_layer_property_transition, GSK_TYPE_LAYER_TRANSITION)

static void
gsk_layer_property_transition_attached (GskLayerTransition *transition,
                                        GskLayer           *layer)
{
  GskLayerPropertyTransition *self = GSK_LAYER_PROPERTY_TRANSITION (transition);
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  priv->prepared = FALSE;
  if (!priv->has_from)
    {
      g_value_unset (&priv->from);
      gsk_layer_get_presentation_value (layer, priv->pspec->name, &priv->from);
      priv->has_from = TRUE;
      priv->from_captured = TRUE;
    }
  if (!priv->has_to)
    {
      g_value_unset (&priv->to);
      gsk_layer_get_presentation_value (layer, priv->pspec->name, &priv->to);
      priv->has_to = TRUE;
    }
}

static void
gsk_layer_property_transition_detached (GskLayerTransition *transition,
                                        GskLayer           *layer)
{
  GskLayerPropertyTransition *self = GSK_LAYER_PROPERTY_TRANSITION (transition);
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  /* Reusable on another layer: capture anew there */
  if (priv->from_captured)
    {
      priv->has_from = FALSE;
      priv->from_captured = FALSE;
    }
}

static void
gsk_layer_property_transition_compute (GskLayerTransition *transition,
                                       GskLayer           *layer,
                                       double              progress)
{
  GskLayerPropertyTransition *self = GSK_LAYER_PROPERTY_TRANSITION (transition);
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  if (!priv->has_from || !priv->has_to)
    return;

  if (!priv->prepared)
    {
      if (!G_IS_VALUE (&priv->current))
        g_value_init (&priv->current, priv->pspec->value_type);
      gsk_layer_value_prepare_endpoints (&priv->from, &priv->to);
      priv->is_float = priv->pspec->value_type == G_TYPE_FLOAT;
      if (priv->is_float)
        {
          priv->from_f = g_value_get_float (&priv->from);
          priv->to_f = g_value_get_float (&priv->to);
        }
      g_clear_pointer (&priv->transform_lerp, gsk_layer_transform_lerp_free);
      if (priv->pspec->value_type == GSK_TYPE_LAYER_TRANSFORM)
        priv->transform_lerp = gsk_layer_transform_lerp_new (g_value_get_boxed (&priv->from),
                                                             g_value_get_boxed (&priv->to));
      priv->prepared = TRUE;
    }

  if (priv->transform_lerp)
    {
      gsk_layer_set_presentation_transform (layer, priv->pspec,
                                            gsk_layer_transform_lerp_at (priv->transform_lerp, progress));
      return;
    }

  if (priv->is_float)
    {
      gsk_layer_set_presentation_float (layer, priv->pspec,
                                        priv->from_f + (priv->to_f - priv->from_f) * progress);
      return;
    }

  gsk_layer_value_interpolate (&priv->from, &priv->to, progress, &priv->current);
  gsk_layer_set_presentation_value (layer, priv->pspec, &priv->current);
}

static void
gsk_layer_property_transition_finalize (GObject *object)
{
  GskLayerPropertyTransition *self = GSK_LAYER_PROPERTY_TRANSITION (object);
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  if (G_IS_VALUE (&priv->from))
    g_value_unset (&priv->from);
  if (G_IS_VALUE (&priv->to))
    g_value_unset (&priv->to);
  if (G_IS_VALUE (&priv->current))
    g_value_unset (&priv->current);
  g_clear_pointer (&priv->transform_lerp, gsk_layer_transform_lerp_free);

  G_OBJECT_CLASS (gsk_layer_property_transition_parent_class)->finalize (object);
}

static void
gsk_layer_property_transition_class_init (GskLayerPropertyTransitionClass *klass)
{
  GskLayerTransitionClass *transition_class = GSK_LAYER_TRANSITION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gsk_layer_property_transition_finalize;
  transition_class->attached = gsk_layer_property_transition_attached;
  transition_class->detached = gsk_layer_property_transition_detached;
  transition_class->compute = gsk_layer_property_transition_compute;
}

static void
gsk_layer_property_transition_init (GskLayerPropertyTransition *self)
{
}

/**
 * gsk_layer_property_transition_new:
 * @property_name: the name of an animatable [class@Layer] property
 * @error: return location for an error
 *
 * Creates a transition of one property. Animatable properties are those
 * that can be interpolated: numbers, points, sizes, colors, transforms
 * and styles (as CSS interpolates each declaration).
 *
 * Returns: (transfer full) (nullable): the transition, or %NULL if the
 *   property does not exist or cannot be animated
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_property_transition_new (const char  *property_name,
                                   GError     **error)
{
  return gsk_layer_property_transition_new_for_type (GSK_TYPE_LAYER, property_name, error);
}

/**
 * gsk_layer_property_transition_new_for_type:
 * @layer_type: %GSK_TYPE_LAYER or a subclass
 * @property_name: the name of an animatable property of @layer_type
 * @error: return location for an error
 *
 * Creates a transition of a property that a subclass of [class@Layer]
 * adds; it can only be added to layers of @layer_type.
 *
 * Returns: (transfer full) (nullable): the transition, or %NULL if the
 *   property does not exist or cannot be animated
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_property_transition_new_for_type (GType        layer_type,
                                            const char  *property_name,
                                            GError     **error)
{
  g_return_val_if_fail (g_type_is_a (layer_type, GSK_TYPE_LAYER), NULL);
  g_return_val_if_fail (property_name != NULL, NULL);

  return gsk_layer_property_transition_new_of_type (GSK_TYPE_LAYER_PROPERTY_TRANSITION,
                                                    layer_type, property_name, error);
}

GskLayerTransition *
gsk_layer_property_transition_new_of_type (GType        transition_type,
                                           GType        layer_type,
                                           const char  *property_name,
                                           GError     **error)
{
  GskLayerPropertyTransition *self;
  GParamSpec *pspec;

  pspec = gsk_layer_find_animatable_property (layer_type, property_name, error);
  if (pspec == NULL)
    return NULL;

  self = g_object_new (transition_type, NULL);
  gsk_layer_property_transition_init_property (self, pspec);

  return GSK_LAYER_TRANSITION (self);
}

void
gsk_layer_property_transition_init_property (GskLayerPropertyTransition *self,
                                             GParamSpec                 *pspec)
{
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  priv->pspec = pspec;
  g_value_init (&priv->from, pspec->value_type);
  g_value_init (&priv->to, pspec->value_type);
}

GParamSpec *
gsk_layer_property_transition_get_pspec (GskLayerPropertyTransition *self)
{
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  return priv->pspec;
}

void
gsk_layer_property_transition_peek_values (GskLayerPropertyTransition  *self,
                                           const GValue               **out_from,
                                           const GValue               **out_to)
{
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);

  *out_from = priv->has_from ? &priv->from : NULL;
  *out_to = priv->has_to ? &priv->to : NULL;
}

/**
 * gsk_layer_property_transition_get_property_name:
 * @self: a property transition
 *
 * Gets the name of the property of [class@Layer] (or of a subclass)
 * that @self animates, given when it was created.
 *
 * Returns: the name of the animated property
 *
 * Since: 0.1
 */
const char *
gsk_layer_property_transition_get_property_name (GskLayerPropertyTransition *self)
{
  GskLayerPropertyTransitionPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self), NULL);

  priv = gsk_layer_property_transition_get_instance_private (self);
  return priv->pspec->name;
}

static gboolean
set_endpoint (GskLayerPropertyTransition *self,
              GValue                     *endpoint,
              const GValue               *value)
{
  GskLayerPropertyTransitionPrivate *priv = gsk_layer_property_transition_get_instance_private (self);
  GValue v = G_VALUE_INIT;

  g_value_init (&v, priv->pspec->value_type);
  if (!g_value_transform (value, &v))
    {
      g_critical ("Cannot use a value of type %s for property “%s” of type %s",
                  G_VALUE_TYPE_NAME (value), priv->pspec->name, g_type_name (priv->pspec->value_type));
      g_value_unset (&v);
      return FALSE;
    }
  if (!gsk_layer_value_is_valid (priv->pspec, &v))
    {
      g_critical ("Value out of range for property “%s”", priv->pspec->name);
      g_value_unset (&v);
      return FALSE;
    }

  g_value_unset (endpoint);
  *endpoint = v;
  priv->prepared = FALSE;
  return TRUE;
}

/**
 * gsk_layer_property_transition_set_from_value:
 * @self: a property transition
 * @value: (nullable): the start value, or %NULL for the value on screen
 *   when the transition is added to a layer
 *
 * Sets where the transition starts.
 *
 * Since: 0.1
 */
void
gsk_layer_property_transition_set_from_value (GskLayerPropertyTransition *self,
                                              const GValue               *value)
{
  GskLayerPropertyTransitionPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self));

  priv = gsk_layer_property_transition_get_instance_private (self);
  if (value == NULL)
    {
      priv->has_from = FALSE;
      return;
    }
  if (set_endpoint (self, &priv->from, value))
    {
      priv->has_from = TRUE;
      priv->from_captured = FALSE;
    }
}

/**
 * gsk_layer_property_transition_set_to_value:
 * @self: a property transition
 * @value: the end value
 *
 * Sets where the transition ends.
 *
 * Since: 0.1
 */
void
gsk_layer_property_transition_set_to_value (GskLayerPropertyTransition *self,
                                            const GValue               *value)
{
  GskLayerPropertyTransitionPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self));
  g_return_if_fail (value != NULL);

  priv = gsk_layer_property_transition_get_instance_private (self);
  if (!set_endpoint (self, &priv->to, value))
    return;
  priv->has_to = TRUE;

  /* Already on a layer: its getter now returns the new end */
  if (gsk_layer_transition_get_layer (GSK_LAYER_TRANSITION (self)))
    gsk_layer_animation_transition_retargeted (gsk_layer_transition_get_layer (GSK_LAYER_TRANSITION (self)),
                                               GSK_LAYER_TRANSITION (self), priv->pspec, &priv->to);
}

/**
 * gsk_layer_property_transition_get_from_value:
 * @self: a property transition
 * @value: (out caller-allocates): an uninitialized value
 *
 * Gets where @self starts: the value set with
 * [method@LayerPropertyTransition.set_from_value], or, without one, the
 * value the property had on screen when @self was added to its layer.
 * On success @value is initialized to the property's type; unset it
 * with g_value_unset().
 *
 * Returns: %TRUE if the start value is known, and then @value holds it;
 *   %FALSE if none was set and @self is on no layer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_property_transition_get_from_value (GskLayerPropertyTransition *self,
                                              GValue                     *value)
{
  GskLayerPropertyTransitionPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self), FALSE);

  priv = gsk_layer_property_transition_get_instance_private (self);
  if (!priv->has_from)
    return FALSE;

  g_value_init (value, priv->pspec->value_type);
  g_value_copy (&priv->from, value);
  return TRUE;
}

/**
 * gsk_layer_property_transition_get_to_value:
 * @self: a property transition
 * @value: (out caller-allocates): an uninitialized value
 *
 * Gets where @self ends: the value set with
 * [method@LayerPropertyTransition.set_to_value] (or by a key at 1 of a
 * [class@LayerKeyframeTransition]), or, without one, the value the
 * property had on screen when @self was first added to a layer. On
 * success @value is initialized to the property's type; unset it with
 * g_value_unset().
 *
 * Returns: %TRUE if the end value is known, and then @value holds it;
 *   %FALSE if none was set and @self was never on a layer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_property_transition_get_to_value (GskLayerPropertyTransition *self,
                                            GValue                     *value)
{
  GskLayerPropertyTransitionPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self), FALSE);

  priv = gsk_layer_property_transition_get_instance_private (self);
  if (!priv->has_to)
    return FALSE;

  g_value_init (value, priv->pspec->value_type);
  g_value_copy (&priv->to, value);
  return TRUE;
}

static void
set_va (GskLayerPropertyTransition *self,
        gboolean                    from,
        GType                       value_type,
        va_list                     args)
{
  GValue value = G_VALUE_INIT;
  char *error = NULL;

  G_VALUE_COLLECT_INIT (&value, value_type, args, 0, &error);
  if (error)
    {
      g_critical ("%s", error);
      g_free (error);
      return;
    }

  if (from)
    gsk_layer_property_transition_set_from_value (self, &value);
  else
    gsk_layer_property_transition_set_to_value (self, &value);
  g_value_unset (&value);
}

/**
 * gsk_layer_property_transition_set_from: (skip)
 * @self: a property transition
 * @value_type: the type of the value that follows
 * @...: the value
 *
 * Sets the start value, as [method@LayerPropertyTransition.set_from_value]:
 * `gsk_layer_property_transition_set_from (t, G_TYPE_FLOAT, 0.5f)`.
 *
 * For C only: bindings cannot call variadic functions, and use
 * [method@LayerPropertyTransition.set_from_value].
 *
 * Since: 0.1
 */
void
gsk_layer_property_transition_set_from (GskLayerPropertyTransition *self,
                                        GType                       value_type,
                                        ...)
{
  va_list args;

  g_return_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self));

  va_start (args, value_type);
  set_va (self, TRUE, value_type, args);
  va_end (args);
}

/**
 * gsk_layer_property_transition_set_to: (skip)
 * @self: a property transition
 * @value_type: the type of the value that follows
 * @...: the value
 *
 * Sets the end value, as [method@LayerPropertyTransition.set_to_value].
 *
 * For C only: bindings cannot call variadic functions, and use
 * [method@LayerPropertyTransition.set_to_value].
 *
 * Since: 0.1
 */
void
gsk_layer_property_transition_set_to (GskLayerPropertyTransition *self,
                                      GType                       value_type,
                                      ...)
{
  va_list args;

  g_return_if_fail (GSK_IS_LAYER_PROPERTY_TRANSITION (self));

  va_start (args, value_type);
  set_va (self, FALSE, value_type, args);
  va_end (args);
}

/* }}} */
