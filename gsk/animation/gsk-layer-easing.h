/* gsk-layer-easing.h: how an animation's progress follows time
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GskLayerEasingMode:
 * @GSK_LAYER_EASING_LINEAR: linear
 * @GSK_LAYER_EASING_EASE_IN_QUAD: quadratic, in
 * @GSK_LAYER_EASING_EASE_OUT_QUAD: quadratic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_QUAD: quadratic, in and out
 * @GSK_LAYER_EASING_EASE_IN_CUBIC: cubic, in
 * @GSK_LAYER_EASING_EASE_OUT_CUBIC: cubic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_CUBIC: cubic, in and out
 * @GSK_LAYER_EASING_EASE_IN_QUART: quartic, in
 * @GSK_LAYER_EASING_EASE_OUT_QUART: quartic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_QUART: quartic, in and out
 * @GSK_LAYER_EASING_EASE_IN_QUINT: quintic, in
 * @GSK_LAYER_EASING_EASE_OUT_QUINT: quintic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_QUINT: quintic, in and out
 * @GSK_LAYER_EASING_EASE_IN_SINE: sinusoidal, in
 * @GSK_LAYER_EASING_EASE_OUT_SINE: sinusoidal, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_SINE: sinusoidal, in and out
 * @GSK_LAYER_EASING_EASE_IN_EXPO: exponential, in
 * @GSK_LAYER_EASING_EASE_OUT_EXPO: exponential, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_EXPO: exponential, in and out
 * @GSK_LAYER_EASING_EASE_IN_CIRC: circular, in
 * @GSK_LAYER_EASING_EASE_OUT_CIRC: circular, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_CIRC: circular, in and out
 * @GSK_LAYER_EASING_EASE_IN_ELASTIC: elastic, in
 * @GSK_LAYER_EASING_EASE_OUT_ELASTIC: elastic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_ELASTIC: elastic, in and out
 * @GSK_LAYER_EASING_EASE_IN_BACK: overshooting cubic, in
 * @GSK_LAYER_EASING_EASE_OUT_BACK: overshooting cubic, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_BACK: overshooting cubic, in and out
 * @GSK_LAYER_EASING_EASE_IN_BOUNCE: bouncing, in
 * @GSK_LAYER_EASING_EASE_OUT_BOUNCE: bouncing, out
 * @GSK_LAYER_EASING_EASE_IN_OUT_BOUNCE: bouncing, in and out
 * @GSK_LAYER_EASING_EASE: CSS `ease`, cubic-bezier(0.25, 0.1, 0.25, 1)
 * @GSK_LAYER_EASING_EASE_IN: CSS `ease-in`, cubic-bezier(0.42, 0, 1, 1)
 * @GSK_LAYER_EASING_EASE_OUT: CSS `ease-out`, cubic-bezier(0, 0, 0.58, 1)
 * @GSK_LAYER_EASING_EASE_IN_OUT: CSS `ease-in-out`, cubic-bezier(0.42, 0, 0.58, 1)
 * @GSK_LAYER_EASING_STEP_START: CSS `step-start`, steps(1, jump-start)
 * @GSK_LAYER_EASING_STEP_END: CSS `step-end`, steps(1, jump-end)
 * @GSK_LAYER_EASING_CUBIC_BEZIER: a CSS `cubic-bezier()`; see
 *   gsk_layer_easing_new_cubic_bezier()
 * @GSK_LAYER_EASING_STEPS: a CSS `steps()`; see gsk_layer_easing_new_steps()
 * @GSK_LAYER_EASING_SPRING: a damped spring; see
 *   gsk_layer_easing_new_spring()
 *
 * The easing functions: every mode of Clutter's `ClutterAnimationMode`
 * (Robert Penner's equations), and those of CSS Easing Functions
 * Level 1.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_EASING_LINEAR,
  GSK_LAYER_EASING_EASE_IN_QUAD,
  GSK_LAYER_EASING_EASE_OUT_QUAD,
  GSK_LAYER_EASING_EASE_IN_OUT_QUAD,
  GSK_LAYER_EASING_EASE_IN_CUBIC,
  GSK_LAYER_EASING_EASE_OUT_CUBIC,
  GSK_LAYER_EASING_EASE_IN_OUT_CUBIC,
  GSK_LAYER_EASING_EASE_IN_QUART,
  GSK_LAYER_EASING_EASE_OUT_QUART,
  GSK_LAYER_EASING_EASE_IN_OUT_QUART,
  GSK_LAYER_EASING_EASE_IN_QUINT,
  GSK_LAYER_EASING_EASE_OUT_QUINT,
  GSK_LAYER_EASING_EASE_IN_OUT_QUINT,
  GSK_LAYER_EASING_EASE_IN_SINE,
  GSK_LAYER_EASING_EASE_OUT_SINE,
  GSK_LAYER_EASING_EASE_IN_OUT_SINE,
  GSK_LAYER_EASING_EASE_IN_EXPO,
  GSK_LAYER_EASING_EASE_OUT_EXPO,
  GSK_LAYER_EASING_EASE_IN_OUT_EXPO,
  GSK_LAYER_EASING_EASE_IN_CIRC,
  GSK_LAYER_EASING_EASE_OUT_CIRC,
  GSK_LAYER_EASING_EASE_IN_OUT_CIRC,
  GSK_LAYER_EASING_EASE_IN_ELASTIC,
  GSK_LAYER_EASING_EASE_OUT_ELASTIC,
  GSK_LAYER_EASING_EASE_IN_OUT_ELASTIC,
  GSK_LAYER_EASING_EASE_IN_BACK,
  GSK_LAYER_EASING_EASE_OUT_BACK,
  GSK_LAYER_EASING_EASE_IN_OUT_BACK,
  GSK_LAYER_EASING_EASE_IN_BOUNCE,
  GSK_LAYER_EASING_EASE_OUT_BOUNCE,
  GSK_LAYER_EASING_EASE_IN_OUT_BOUNCE,
  GSK_LAYER_EASING_EASE,
  GSK_LAYER_EASING_EASE_IN,
  GSK_LAYER_EASING_EASE_OUT,
  GSK_LAYER_EASING_EASE_IN_OUT,
  GSK_LAYER_EASING_STEP_START,
  GSK_LAYER_EASING_STEP_END,
  GSK_LAYER_EASING_CUBIC_BEZIER,
  GSK_LAYER_EASING_STEPS,
  GSK_LAYER_EASING_SPRING,
} GskLayerEasingMode;

/**
 * GskLayerStepPosition:
 * @GSK_LAYER_STEP_JUMP_START: `jump-start` (also `start`)
 * @GSK_LAYER_STEP_JUMP_END: `jump-end` (also `end`)
 * @GSK_LAYER_STEP_JUMP_NONE: `jump-none`
 * @GSK_LAYER_STEP_JUMP_BOTH: `jump-both`
 *
 * Where the jumps of a CSS `steps()` function happen.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_STEP_JUMP_START,
  GSK_LAYER_STEP_JUMP_END,
  GSK_LAYER_STEP_JUMP_NONE,
  GSK_LAYER_STEP_JUMP_BOTH,
} GskLayerStepPosition;

typedef struct _GskLayerEasing GskLayerEasing;

#define GSK_TYPE_LAYER_EASING (gsk_layer_easing_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
GType gsk_layer_easing_get_type (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_easing_new (GskLayerEasingMode mode);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_easing_new_cubic_bezier (double x1,
                                                   double y1,
                                                   double x2,
                                                   double y2);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_easing_new_steps (int                  n_steps,
                                            GskLayerStepPosition position);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_easing_new_spring (double mass,
                                             double stiffness,
                                             double damping,
                                             double initial_velocity);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_easing_parse (const char      *string,
                                 GskLayerEasing **out_easing,
                                 GError         **error);
GSK_LAYER_AVAILABLE_IN_ALL
char *gsk_layer_easing_to_string (GskLayerEasing *self);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_easing_ref (GskLayerEasing *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_easing_unref (GskLayerEasing *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_easing_equal (GskLayerEasing *first,
                                 GskLayerEasing *second);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasingMode gsk_layer_easing_get_mode (GskLayerEasing *self);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_easing_evaluate (GskLayerEasing *self,
                                  double          progress);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_easing_get_velocity (GskLayerEasing *self,
                                      double          progress);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_easing_get_settle_time (GskLayerEasing *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_easing_get_spring (GskLayerEasing *self,
                                      double         *out_mass,
                                      double         *out_stiffness,
                                      double         *out_damping,
                                      double         *out_initial_velocity);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerEasing, gsk_layer_easing_unref)

G_END_DECLS
