/* gsk-layer-easing-private.h: what the library sees of easings
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-easing.h"

G_BEGIN_DECLS

/* An easing: gsk-layer-easing.c makes them, and the maths of each
 * family lives in a file of its own */

typedef enum {
  GSK_LAYER_SPRING_UNDERDAMPED,
  /* Critically damped springs take the overdamped path with a zero
   * frequency, where sinh (μt) / μ becomes t */
  GSK_LAYER_SPRING_OVERDAMPED,
} GskLayerSpringRegime;

struct _GskLayerEasing
{
  gatomicrefcount ref_count;

  /* The easings without parameters of their own (every mode before
   * GSK_LAYER_EASING_CUBIC_BEZIER) are shared static instances that
   * reference counting leaves alone */
  gboolean is_static;

  GskLayerEasingMode mode;

  union {
    /* Also for ease, ease-in, ease-out and ease-in-out */
    struct {
      double x1, y1, x2, y2;
    } bezier;
    /* Also for step-start and step-end */
    struct {
      int n_steps;
      GskLayerStepPosition position;
    } steps;
    struct {
      /* As given */
      double mass;
      double stiffness;
      double damping;
      double velocity;

      /* Derived, see gsk_layer_easing_spring_init(): the natural
       * angular frequency √(k/m), the decay rate c/2m, the frequency
       * of the damped oscillation (ω_d when underdamped,
       * μ = ω₀√(ζ²-1) when overdamped, 0 when critically damped), and
       * for overdamped springs the slower of the two exponential
       * rates, μ - c/2m, computed without cancellation */
      GskLayerSpringRegime regime;
      double omega0;
      double decay;
      double omega;
      double slow_rate;
      double settle_time;
    } spring;
  };
};

/* gsk-layer-easing-spring.c */

/* Fills in the derived values of a spring whose parameters are set;
 * FALSE if the numbers are too extreme for it to settle in a finite
 * time */
gboolean gsk_layer_easing_spring_init  (GskLayerEasing       *self);

/* The offset of a spring from its target, and its velocity, at @t
 * seconds */
void     gsk_layer_easing_spring_state (const GskLayerEasing *self,
                                        double                t,
                                        double               *out_offset,
                                        double               *out_velocity);

/* gsk-layer-easing-bezier.c */

/* The value of a cubic Bézier easing at @progress and, if @out_slope is
 * not NULL, the slope there */
double gsk_layer_easing_bezier_evaluate (const GskLayerEasing *self,
                                         double                progress,
                                         double               *out_slope);

/* gsk-layer-easing-penner.c */

/* The value of a Clutter mode at @p in [0, 1] and its derivative */
double gsk_layer_easing_penner (GskLayerEasingMode  mode,
                                double              p,
                                double             *out_slope);

/* The modes without parameters of their own, every mode before
 * GSK_LAYER_EASING_CUBIC_BEZIER: the keywords */
#define GSK_LAYER_EASING_N_KEYWORD_MODES GSK_LAYER_EASING_CUBIC_BEZIER

/* The largest magnitude of a cubic Bézier's y, and of a spring's initial
 * velocity, natural frequency √(k/m) and decay rate c/2m: within it,
 * every curve is finite everywhere */
#define GSK_LAYER_EASING_MAX_PARAMETER 1e6

/* The CSS names of the step positions */
extern const char * const gsk_layer_easing_step_positions[GSK_LAYER_STEP_JUMP_BOTH + 1];

/* gsk_layer_easing_new_spring() for values already checked (finite,
 * and mass, stiffness and damping more than 0): returns NULL, without
 * a critical, when the spring does not settle within 10^6 s */
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
