/* gsk-layer-event-controller.c: what a layer does with events
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-event-controller-private.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer.h"

/**
 * GskLayerEventController:
 *
 * Receives the events of the layer it is added to
 * ([method@Layer.add_controller]), in one phase of their travel through
 * the tree: on the way down from the top level (capture), at the target,
 * or on the way up (bubble, the default). A handler that returns %TRUE
 * stops the event.
 *
 * The plain controller emits [signal@LayerEventController::event] for
 * every event; subclasses (gestures) interpret sequences of them. It is
 * to layers what `GtkEventController` is to widgets.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayer *layer;              /* unowned: the layer owns its controllers */
  GskLayerPropagationPhase phase;
  gconstpointer claim_group;
  /* As last notified */
  guint contains_pointer : 1;
  guint is_pointer : 1;
} GskLayerEventControllerPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GskLayerEventController, gsk_layer_event_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LAYER,
  PROP_PROPAGATION_PHASE,
  PROP_CONTAINS_POINTER,
  PROP_IS_POINTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  EVENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GQuark controllers_quark;

static gboolean
gsk_layer_event_controller_real_handle_event (GskLayerEventController *self,
                                              GskLayerEvent           *event)
{
  gboolean stop = FALSE;

  g_signal_emit (self, signals[EVENT], 0, event, &stop);

  return stop;
}

static void
gsk_layer_event_controller_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  GskLayerEventController *self = GSK_LAYER_EVENT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_LAYER:
      g_value_set_object (value, gsk_layer_event_controller_get_layer (self));
      break;
    case PROP_PROPAGATION_PHASE:
      g_value_set_enum (value, gsk_layer_event_controller_get_propagation_phase (self));
      break;
    case PROP_CONTAINS_POINTER:
      g_value_set_boolean (value, gsk_layer_event_controller_contains_pointer (self));
      break;
    case PROP_IS_POINTER:
      g_value_set_boolean (value, gsk_layer_event_controller_is_pointer (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_event_controller_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  GskLayerEventController *self = GSK_LAYER_EVENT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_PROPAGATION_PHASE:
      gsk_layer_event_controller_set_propagation_phase (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_event_controller_class_init (GskLayerEventControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gsk_layer_event_controller_get_property;
  object_class->set_property = gsk_layer_event_controller_set_property;
  klass->handle_event = gsk_layer_event_controller_real_handle_event;

  /**
   * GskLayerEventController:layer:
   *
   * The layer the controller is added to.
   *
   * Since: 0.1
   */
  properties[PROP_LAYER] =
    g_param_spec_object ("layer", NULL, "The layer the controller is added to",
                         GSK_TYPE_LAYER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerEventController:propagation-phase:
   *
   * When in an event's travel the controller sees it.
   *
   * Since: 0.1
   */
  properties[PROP_PROPAGATION_PHASE] =
    g_param_spec_enum ("propagation-phase", NULL, "When in an event's travel the controller sees it",
                       GSK_TYPE_LAYER_PROPAGATION_PHASE,
                       GSK_LAYER_PHASE_BUBBLE,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerEventController:contains-pointer:
   *
   * Whether the pointer is within the controller's layer: over it or
   * over one of its descendants, as GTK's
   * `GtkEventControllerMotion:contains-pointer`. It turns %TRUE before
   * the layer's %GSK_LAYER_EVENT_ENTER and %FALSE before its
   * %GSK_LAYER_EVENT_LEAVE.
   *
   * Since: 0.1
   */
  properties[PROP_CONTAINS_POINTER] =
    g_param_spec_boolean ("contains-pointer", NULL, "Whether the pointer is within the layer",
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerEventController:is-pointer:
   *
   * Whether the pointer is over the controller's layer itself, not over
   * one of its descendants (which would then be the deepest layer it is
   * over), as GTK's `GtkEventControllerMotion:is-pointer`.
   *
   * Since: 0.1
   */
  properties[PROP_IS_POINTER] =
    g_param_spec_boolean ("is-pointer", NULL, "Whether the pointer is over the layer itself",
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GskLayerEventController::event:
   * @self: the controller
   * @event: the event
   *
   * Emitted for each event the controller sees. [method@LayerEvent.get_target]
   * says which layer it is for; [method@LayerEvent.get_position_in]
   * where it is in any layer.
   *
   * Returns: %TRUE to stop the event, %FALSE to let it travel on
   *
   * Since: 0.1
   */
  signals[EVENT] =
    g_signal_new ("event",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  g_signal_accumulator_true_handled, NULL,
                  NULL,
                  G_TYPE_BOOLEAN, 1,
                  GSK_TYPE_LAYER_EVENT);

  controllers_quark = g_quark_from_static_string ("gsk-layer-controllers");
}

static void
gsk_layer_event_controller_init (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv = gsk_layer_event_controller_get_instance_private (self);

  priv->phase = GSK_LAYER_PHASE_BUBBLE;
}

/**
 * gsk_layer_event_controller_new:
 *
 * Creates a controller that emits [signal@LayerEventController::event]
 * for every event its layer sees, in the bubble phase.
 *
 * Returns: (transfer full): a new controller
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_event_controller_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_EVENT_CONTROLLER, NULL);
}

/**
 * gsk_layer_event_controller_contains_pointer:
 * @self: a controller
 *
 * Whether the pointer is within the layer of @self, over it or over one
 * of its descendants: see [property@LayerEventController:contains-pointer].
 *
 * Returns: %TRUE if the pointer is within the layer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_event_controller_contains_pointer (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv;
  gboolean is_pointer;

  g_return_val_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (self), FALSE);

  priv = gsk_layer_event_controller_get_instance_private (self);
  return priv->layer != NULL && gsk_layer_input_has_pointer (priv->layer, &is_pointer);
}

/**
 * gsk_layer_event_controller_is_pointer:
 * @self: a controller
 *
 * Whether the pointer is over the layer of @self itself and none of its
 * descendants: see [property@LayerEventController:is-pointer].
 *
 * Returns: %TRUE if the layer is the deepest one under the pointer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_event_controller_is_pointer (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv;
  gboolean is_pointer = FALSE;

  g_return_val_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (self), FALSE);

  priv = gsk_layer_event_controller_get_instance_private (self);
  if (priv->layer != NULL)
    gsk_layer_input_has_pointer (priv->layer, &is_pointer);
  return is_pointer;
}

void
gsk_layer_event_controller_pointer_changed (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv = gsk_layer_event_controller_get_instance_private (self);
  gboolean contains = gsk_layer_event_controller_contains_pointer (self);
  gboolean is = gsk_layer_event_controller_is_pointer (self);
  gboolean contains_changed = priv->contains_pointer != contains, is_changed = priv->is_pointer != is;

  /* Both before either is notified: a handler reads them together */
  priv->contains_pointer = contains;
  priv->is_pointer = is;
  if (contains_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTAINS_POINTER]);
  if (is_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_POINTER]);
}

/**
 * gsk_layer_event_controller_get_layer:
 * @self: a controller
 *
 * Gives the layer @self was added to with [method@Layer.add_controller].
 *
 * Returns: (transfer none) (nullable): the layer @self is added to, or
 *   %NULL if it is on none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_event_controller_get_layer (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (self), NULL);

  priv = gsk_layer_event_controller_get_instance_private (self);
  return priv->layer;
}

/**
 * gsk_layer_event_controller_set_propagation_phase:
 * @self: a controller
 * @phase: when in an event's travel @self sees it
 *
 * Sets when in an event's travel @self sees it:
 * %GSK_LAYER_PHASE_BUBBLE by default; with %GSK_LAYER_PHASE_NONE it
 * sees no events at all. Enter, leave and grab-broken events, and the
 * focus-in and focus-out events of a focus change within the tree, go
 * only to their layer's controllers, whatever their phase unless it is
 * %GSK_LAYER_PHASE_NONE.
 *
 * Since: 0.1
 */
void
gsk_layer_event_controller_set_propagation_phase (GskLayerEventController  *self,
                                                  GskLayerPropagationPhase  phase)
{
  GskLayerEventControllerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (self));
  g_return_if_fail (phase <= GSK_LAYER_PHASE_TARGET);

  priv = gsk_layer_event_controller_get_instance_private (self);
  if (priv->phase == phase)
    return;

  priv->phase = phase;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROPAGATION_PHASE]);
}

/**
 * gsk_layer_event_controller_get_propagation_phase:
 * @self: a controller
 *
 * Gives when in an event's travel @self sees it, as set with
 * [method@LayerEventController.set_propagation_phase].
 *
 * Returns: when in an event's travel @self sees it
 *
 * Since: 0.1
 */
GskLayerPropagationPhase
gsk_layer_event_controller_get_propagation_phase (GskLayerEventController *self)
{
  GskLayerEventControllerPrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (self), GSK_LAYER_PHASE_NONE);

  priv = gsk_layer_event_controller_get_instance_private (self);
  return priv->phase;
}

gboolean
gsk_layer_event_controller_handle_event (GskLayerEventController *self,
                                         GskLayerEvent           *event)
{
  return GSK_LAYER_EVENT_CONTROLLER_GET_CLASS (self)->handle_event (self, event);
}

/* The layer's array frees its controllers: they forget the layer first,
 * as others may hold them */
static void
controller_release (gpointer data)
{
  GskLayerEventController *self = data;
  GskLayerEventControllerPrivate *priv = gsk_layer_event_controller_get_instance_private (self);

  priv->layer = NULL;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYER]);
  gsk_layer_event_controller_pointer_changed (self);
  g_object_thaw_notify (G_OBJECT (self));
  g_object_unref (self);
}

GPtrArray *
gsk_layer_peek_controllers (GskLayer *layer)
{
  if (G_UNLIKELY (controllers_quark == 0))
    return NULL;

  return g_object_get_qdata (G_OBJECT (layer), controllers_quark);
}

/**
 * gsk_layer_add_controller:
 * @layer: a layer
 * @controller: (transfer full): a controller that is on no layer
 *
 * Adds @controller to @layer, which owns it from then on: it sees the
 * events that travel through @layer, after the controllers added before
 * it.
 *
 * Since: 0.1
 */
void
gsk_layer_add_controller (GskLayer                *layer,
                          GskLayerEventController *controller)
{
  GskLayerEventControllerPrivate *priv;
  GPtrArray *controllers;

  g_return_if_fail (GSK_IS_LAYER (layer));
  g_return_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (controller));

  priv = gsk_layer_event_controller_get_instance_private (controller);
  if (priv->layer != NULL)
    {
      g_critical ("%s: the controller is already on a layer", G_STRFUNC);
      g_object_unref (controller);
      return;
    }

  controllers = gsk_layer_peek_controllers (layer);
  if (controllers == NULL)
    {
      controllers = g_ptr_array_new_with_free_func (controller_release);
      g_object_set_qdata_full (G_OBJECT (layer), controllers_quark, controllers,
                               (GDestroyNotify) g_ptr_array_unref);
    }

  priv->layer = layer;
  g_ptr_array_add (controllers, controller);
  g_object_freeze_notify (G_OBJECT (controller));
  g_object_notify_by_pspec (G_OBJECT (controller), properties[PROP_LAYER]);
  /* Added where the pointer already is */
  gsk_layer_event_controller_pointer_changed (controller);
  g_object_thaw_notify (G_OBJECT (controller));
}

/**
 * gsk_layer_remove_controller:
 * @layer: a layer
 * @controller: a controller added to @layer
 *
 * Removes @controller from @layer, dropping @layer's reference. An event
 * being dispatched reaches it no more.
 *
 * Since: 0.1
 */
void
gsk_layer_remove_controller (GskLayer                *layer,
                             GskLayerEventController *controller)
{
  GPtrArray *controllers;

  g_return_if_fail (GSK_IS_LAYER (layer));
  g_return_if_fail (GSK_IS_LAYER_EVENT_CONTROLLER (controller));
  g_return_if_fail (gsk_layer_event_controller_get_layer (controller) == layer);

  controllers = gsk_layer_peek_controllers (layer);
  g_ptr_array_remove (controllers, controller);
}

void
gsk_layer_event_controller_set_claim_group (GskLayerEventController *self,
                                            gconstpointer            group)
{
  GskLayerEventControllerPrivate *priv = gsk_layer_event_controller_get_instance_private (self);

  priv->claim_group = group;
}

gboolean
gsk_layer_event_controller_claims_with (GskLayerEventController *self,
                                        GskLayerEventController *claimer)
{
  GskLayerEventControllerPrivate *priv = gsk_layer_event_controller_get_instance_private (self);
  GskLayerEventControllerPrivate *other = gsk_layer_event_controller_get_instance_private (claimer);

  return self == claimer || (priv->claim_group != NULL && priv->claim_group == other->claim_group);
}
