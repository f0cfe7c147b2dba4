/* gsk-layer-easing-private.h: what the library sees of easings
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-easing.h"

G_BEGIN_DECLS

/* The modes without parameters of their own, every mode before
 * GSK_LAYER_EASING_CUBIC_BEZIER: the keywords */
#define GSK_LAYER_EASING_N_KEYWORD_MODES GSK_LAYER_EASING_CUBIC_BEZIER

/* The CSS names of the step positions */
extern const char * const gsk_layer_easing_step_positions[GSK_LAYER_STEP_JUMP_BOTH + 1];

/* gsk_layer_easing_new_spring() for values already checked (finite,
 * and mass, stiffness and damping more than 0): returns NULL, without
 * a critical, when the spring cannot settle in a finite time */
GskLayerEasing *gsk_layer_easing_try_new_spring (double mass,
                                                 double stiffness,
                                                 double damping,
                                                 double initial_velocity);

/* Like gsk_layer_easing_parse(), for callers with their own way of
 * naming places (a file's line and column): on failure the message has
 * no position prefix, and the problem lies at the 0-based character
 * offsets [*out_error_start, *out_error_end) of @string. */
gboolean gsk_layer_easing_parse_with_range (const char      *string,
                                            GskLayerEasing **out_easing,
                                            glong           *out_error_start,
                                            glong           *out_error_end,
                                            GError         **error);

G_END_DECLS
