/* gsk-layer-animation-private.h: the layer's side of animations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-transition.h"

G_BEGIN_DECLS

/* Allocated on first use: most layers never animate */
struct _GskLayerAnimation
{
  /* name → GskLayerTransition, owned */
  GHashTable *transitions;
  /* of EasingState; the top one applies */
  GArray *easing_states;
  /* GParamSpec → GValue: what getters return while the value on screen
   * is still on its way there */
  GHashTable *model_values;
};

void gsk_layer_animation_free (GskLayerAnimation *animation);

/* Called by animatable setters before they set anything: with an easing
 * state in force, starts (or retargets) an implicit transition toward
 * @value and returns TRUE; the setter must then return. Otherwise drops
 * any transition of the property and returns FALSE. */
gboolean gsk_layer_animate_property (GskLayer     *self,
                                     GParamSpec   *pspec,
                                     const GValue *value);

/* The model value of a property while it animates, or NULL */
const GValue *gsk_layer_get_model_value (GskLayer   *self,
                                         GParamSpec *pspec);

/* Sets what is on screen, without touching the model or notifying */
void gsk_layer_set_presentation_value (GskLayer     *self,
                                       GParamSpec   *pspec,
                                       const GValue *value);

/* The same for a float property, without a GValue */
void gsk_layer_set_presentation_float (GskLayer   *self,
                                       GParamSpec *pspec,
                                       float       value);

/* The same for a transform property; takes @transform */
void gsk_layer_set_presentation_transform (GskLayer          *self,
                                           GParamSpec        *pspec,
                                           GskLayerTransform *transform);

/* The animatable property of @layer_type (GskLayer or a subclass)
 * called @name, or NULL with an error */
GParamSpec *gsk_layer_find_animatable_property (GType        layer_type,
                                                const char  *name,
                                                GError     **error);

/* The layer's frame clock may have changed (it joined or left a tree, or
 * its top level got a clock): start waiting transitions, stop orphans */
void gsk_layer_animation_update_clock (GskLayer *self);

/* A transition of @self stopped: it leaves the layer */
void gsk_layer_animation_transition_stopped (GskLayer           *self,
                                             GskLayerTransition *transition,
                                             gboolean            is_finished);

void gsk_layer_transition_attach (GskLayerTransition *self,
                                  GskLayer           *layer);
void gsk_layer_transition_detach (GskLayerTransition *self);

G_END_DECLS
