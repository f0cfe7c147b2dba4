/* gsk-layer-animation-private.h: the layer's side of animations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-transition.h"
#include "gsk-layer-interpolate-private.h"

G_BEGIN_DECLS

/* Allocated on first use: most layers never animate */
struct _GskLayerAnimation
{
  /* name → GskLayerTransition, owned; NULL until the first one */
  GHashTable *transitions;
  /* of EasingState; the top one applies */
  GArray *easing_states;
  /* GParamSpec → GValue: what getters return while the value on screen
   * is still on its way there, for transition objects; NULL until the
   * first one (implicit records keep their own) */
  GHashTable *model_values;
  /* Implicit animations: gsk-layer-implicit.c */
  struct _GskLayerImplicit *implicit;
  /* The easing state its layout changed in, for the next layout pass
   * (captured), and during that pass (active); easing owned */
  guint layout_captured : 1;
  guint layout_active : 1;
  guint layout_duration;
  guint layout_delay;
  GskLayerEasing *layout_easing;
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

/* Stops and removes every transition; @notify for properties whose
 * getters return another value then */
void gsk_layer_animation_remove_all (GskLayer *self,
                                     gboolean  notify);

/* A property transition of @self got a new end, @to: the model value,
 * if the layer knows the transition */
void gsk_layer_animation_transition_retargeted (GskLayer           *self,
                                                GskLayerTransition *transition,
                                                GParamSpec         *pspec,
                                                const GValue       *to);

/* Emits GskLayer::transitions-completed if nothing animates @self any
 * more */
void gsk_layer_animation_check_completed (GskLayer *self);

void gsk_layer_transition_attach (GskLayerTransition *self,
                                  GskLayer           *layer);
void gsk_layer_transition_detach (GskLayerTransition *self);

G_END_DECLS
