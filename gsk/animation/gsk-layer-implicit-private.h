/* gsk-layer-implicit-private.h: implicit animations as plain records
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-easing.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer-transition.h"

G_BEGIN_DECLS

typedef struct _GskLayerImplicit GskLayerImplicit;

/* Whether implicit animations of @pspec can be records: properties
 * whose values are floats, graphene points and sizes, colors and
 * transforms */
gboolean gsk_layer_implicit_supports (GParamSpec *pspec);

/* Animates @pspec of @layer from its presentation value to @to, on
 * @clock, starting now: a new record, or the running one retargeted */
void gsk_layer_implicit_start (GskLayer           *layer,
                               GParamSpec         *pspec,
                               const GValue       *to,
                               guint               duration,
                               guint               delay,
                               GskLayerEasing     *easing,
                               GskLayerFrameClock *clock);

/* The record of @layer animating @pspec (or named @name), or NULL */
GskLayerImplicit *gsk_layer_implicit_find         (GskLayer   *layer,
                                                   GParamSpec *pspec);
GskLayerImplicit *gsk_layer_implicit_find_by_name (GskLayer   *layer,
                                                   const char *name);

GParamSpec         *gsk_layer_implicit_get_pspec (GskLayerImplicit *self);
/* Where the property is going: what its getter returns */
const GValue       *gsk_layer_implicit_get_model (GskLayerImplicit *self);
GskLayerFrameClock *gsk_layer_implicit_get_clock (GskLayerImplicit *self);

/* How long the record still runs, in ms, and its easing (not a
 * reference): FALSE if it is done or has no clock */
gboolean gsk_layer_implicit_get_remaining (GskLayerImplicit  *self,
                                           guint             *remaining,
                                           GskLayerEasing   **easing);

/* The rate of change of a float property now, in units per second */
double gsk_layer_implicit_get_velocity (GskLayerImplicit *self);

/* Drops the record; with @jump_to_end the property first takes its
 * model value, else it stays where it is on screen */
void gsk_layer_implicit_remove (GskLayerImplicit *self,
                                gboolean          jump_to_end);

/* Ends, at their end, the records of @layer not on @clock */
void gsk_layer_implicit_leave_clock (GskLayer           *layer,
                                     GskLayerFrameClock *clock);

/* Turns the record into an equivalent GskLayerPropertyTransition,
 * already as far along, and drops the record: for callers that ask for
 * the transition object. Returns (transfer full) the transition, not yet
 * added to the layer, and its start time and whether it has started
 * (for gsk_layer_timeline_resume_from()). During a tick, it first shows
 * the record's value for this frame, which runs the setter: NULL if code
 * that runs removed the record meanwhile. */
GskLayerTransition *gsk_layer_implicit_promote (GskLayerImplicit *self,
                                                gint64           *out_start_time,
                                                gboolean         *out_started);

G_END_DECLS
