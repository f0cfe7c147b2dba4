/* gsk-layer-event-controller.h: what a layer does with events
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"
#include "gsk-layer-event.h"

G_BEGIN_DECLS

/**
 * GskLayerPropagationPhase:
 * @GSK_LAYER_PHASE_NONE: the controller gets no events
 * @GSK_LAYER_PHASE_CAPTURE: on the way down, from the top level to the
 *   target, before the target's own controllers
 * @GSK_LAYER_PHASE_BUBBLE: on the way up, from the target to the top
 *   level
 * @GSK_LAYER_PHASE_TARGET: only when its layer is the target
 *
 * When in an event's travel a controller sees it, as
 * `GtkPropagationPhase` for widgets.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_PHASE_NONE,
  GSK_LAYER_PHASE_CAPTURE,
  GSK_LAYER_PHASE_BUBBLE,
  GSK_LAYER_PHASE_TARGET,
} GskLayerPropagationPhase;

#define GSK_TYPE_LAYER_EVENT_CONTROLLER (gsk_layer_event_controller_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerEventController, gsk_layer_event_controller,
                          GSK, LAYER_EVENT_CONTROLLER, GObject)

/**
 * GskLayerEventControllerClass:
 * @handle_event: handles an event; returns %TRUE to stop its travel.
 *   The default emits [signal@LayerEventController::event].
 *
 * The class of event controllers.
 *
 * Since: 0.1
 */
struct _GskLayerEventControllerClass
{
  GObjectClass parent_class;

  gboolean (* handle_event) (GskLayerEventController *self,
                             GskLayerEvent           *event);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_event_controller_new (void);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_event_controller_get_layer (GskLayerEventController *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_event_controller_set_propagation_phase (GskLayerEventController  *self,
                                                       GskLayerPropagationPhase  phase);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPropagationPhase gsk_layer_event_controller_get_propagation_phase (GskLayerEventController *self);

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_event_controller_contains_pointer (GskLayerEventController *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_event_controller_is_pointer       (GskLayerEventController *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_add_controller    (GskLayer                *layer,
                                  GskLayerEventController *controller);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_remove_controller (GskLayer                *layer,
                                  GskLayerEventController *controller);

G_END_DECLS
