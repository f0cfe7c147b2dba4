/* gsk-layer-event-controller-private.h: controllers as dispatch sees them
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-event-controller.h"

G_BEGIN_DECLS

/* The controllers of @layer, in the order they were added, or NULL;
 * owned by the layer */
GPtrArray *gsk_layer_peek_controllers (GskLayer *layer);

/* The pointer entered or left its layer or a descendant: notifies
 * contains-pointer and is-pointer where they changed */
void gsk_layer_event_controller_pointer_changed (GskLayerEventController *self);

/* Lets @controller handle @event; TRUE if it stopped it */
gboolean gsk_layer_event_controller_handle_event (GskLayerEventController *self,
                                                  GskLayerEvent           *event);

/* Controllers of one claim group (a non-NULL tag they share) cooperate:
 * a claim by one leaves the others following the sequence, as a scroll
 * layer's pans along each axis and its pinch do */
void     gsk_layer_event_controller_set_claim_group (GskLayerEventController *self,
                                                     gconstpointer            group);
gboolean gsk_layer_event_controller_claims_with     (GskLayerEventController *self,
                                                     GskLayerEventController *claimer);

G_END_DECLS
