/* gsk-layer-transition-private.h: what subclasses of transitions share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-transition.h"

G_BEGIN_DECLS

/* For constructors: the property, checked to be animatable */
void gsk_layer_property_transition_init_property (GskLayerPropertyTransition *self,
                                                  GParamSpec                 *pspec);

/* A new @transition_type (GskLayerPropertyTransition or a subclass)
 * of the animatable property @property_name of @layer_type, or NULL
 * with an error */
GskLayerTransition *gsk_layer_property_transition_new_of_type (GType        transition_type,
                                                               GType        layer_type,
                                                               const char  *property_name,
                                                               GError     **error);

GParamSpec *gsk_layer_property_transition_get_pspec (GskLayerPropertyTransition *self);

/* The start and end values, or NULL while unknown (before the transition
 * is added to a layer, for a start taken from the screen) */
void gsk_layer_property_transition_peek_values (GskLayerPropertyTransition  *self,
                                                const GValue               **out_from,
                                                const GValue               **out_to);

G_END_DECLS
