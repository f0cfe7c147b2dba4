/* gsk-layer-easing.c: how an animation's progress follows time
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing.h"
#include "gsk-layer-easing-private.h"
#include "gsk-layer-enum-types.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/**
 * GskLayerEasing:
 *
 * An immutable easing function: it maps the progress of an animation,
 * from 0 at its start to 1 at its end, to how far the animated value
 * has gone from its initial value to its final one.
 *
 * ```c
 * g_autoptr (GskLayerEasing) easing = NULL;
 * GError *error = NULL;
 *
 * if (!gsk_layer_easing_parse ("cubic-bezier(0.1, 0.7, 1, 0.1)", &easing, &error))
 *   g_error ("%s", error->message);
 *
 * value = from + (to - from) * gsk_layer_easing_evaluate (easing, elapsed / duration);
 * ```
 *
 * Three families are available:
 *
 * - every mode of Clutter's `ClutterAnimationMode`, Robert Penner's
 *   easing equations, with the same results as Clutter 1.26, so that an
 *   application moving from Clutter sees the same frames;
 * - the easing functions of CSS Easing Functions Level 1: `linear`,
 *   `ease`, `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier()`,
 *   `step-start`, `step-end` and `steps()`, exactly as specified;
 * - a damped spring, as Core Animation's `CASpringAnimation`, whose
 *   duration is the time it takes to settle
 *   ([method@LayerEasing.get_settle_time]).
 *
 * Easings are shared freely: nothing changes one after it is created.
 *
 * Since: 0.1
 */

/* How close to its target a spring must stay to count as settled, as a
 * fraction of the distance it travels */
#define SPRING_SETTLE_THRESHOLD 0.001

/* Where Newton's method and bisection stop when solving x(t) = progress
 * for a cubic Bézier curve: far below what any animation can show */
#define BEZIER_EPSILON 1e-12

typedef enum {
  SPRING_UNDERDAMPED,
  /* Critically damped springs take the overdamped path with a zero
   * frequency, where sinh (μt) / μ becomes t */
  SPRING_OVERDAMPED,
} SpringRegime;

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

      /* Derived, see spring_init(): the natural angular frequency
       * √(k/m), the decay rate c/2m, the frequency of the damped
       * oscillation (ω_d when underdamped, μ = ω₀√(ζ²-1) when
       * overdamped, 0 when critically damped), and for overdamped
       * springs the slower of the two exponential rates, μ - c/2m,
       * computed without cancellation */
      SpringRegime regime;
      double omega0;
      double decay;
      double omega;
      double slow_rate;
      double settle_time;
    } spring;
  };
};

G_DEFINE_BOXED_TYPE (GskLayerEasing, gsk_layer_easing,
                     gsk_layer_easing_ref,
                     gsk_layer_easing_unref)

/* The control points of the CSS keywords, from CSS Easing Functions
 * Level 1, indexed from GSK_LAYER_EASING_EASE */
static const double keyword_beziers[][4] = {
  { 0.25, 0.1, 0.25, 1.0 },
  { 0.42, 0.0, 1.0, 1.0 },
  { 0.0, 0.0, 0.58, 1.0 },
  { 0.42, 0.0, 0.58, 1.0 },
};

static GskLayerEasing *
get_keyword_easing (GskLayerEasingMode mode)
{
  static GskLayerEasing easings[GSK_LAYER_EASING_N_KEYWORD_MODES];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      for (guint i = 0; i < GSK_LAYER_EASING_N_KEYWORD_MODES; i++)
        {
          GskLayerEasing *easing = &easings[i];

          g_atomic_ref_count_init (&easing->ref_count);
          easing->is_static = TRUE;
          easing->mode = i;

          if (i >= GSK_LAYER_EASING_EASE && i <= GSK_LAYER_EASING_EASE_IN_OUT)
            {
              const double *points = keyword_beziers[i - GSK_LAYER_EASING_EASE];

              easing->bezier.x1 = points[0];
              easing->bezier.y1 = points[1];
              easing->bezier.x2 = points[2];
              easing->bezier.y2 = points[3];
            }
          else if (i == GSK_LAYER_EASING_STEP_START)
            {
              easing->steps.n_steps = 1;
              easing->steps.position = GSK_LAYER_STEP_JUMP_START;
            }
          else if (i == GSK_LAYER_EASING_STEP_END)
            {
              easing->steps.n_steps = 1;
              easing->steps.position = GSK_LAYER_STEP_JUMP_END;
            }
        }

      g_once_init_leave (&initialized, 1);
    }

  return &easings[mode];
}

static GskLayerEasing *
gsk_layer_easing_alloc (GskLayerEasingMode mode)
{
  GskLayerEasing *self;

  self = g_new0 (GskLayerEasing, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->mode = mode;

  return self;
}

/**
 * gsk_layer_easing_ref:
 * @self: (nullable): an easing
 *
 * Acquires a reference on @self.
 *
 * Returns: (transfer full) (nullable): @self
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_easing_ref (GskLayerEasing *self)
{
  if (self == NULL)
    return NULL;

  if (!self->is_static)
    g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

/**
 * gsk_layer_easing_unref:
 * @self: (nullable) (transfer full): an easing
 *
 * Releases a reference on @self, freeing it when it was the last one.
 *
 * Does nothing if @self is `NULL`.
 *
 * Since: 0.1
 */
void
gsk_layer_easing_unref (GskLayerEasing *self)
{
  if (self == NULL || self->is_static)
    return;

  if (g_atomic_ref_count_dec (&self->ref_count))
    g_free (self);
}

/**
 * gsk_layer_easing_new:
 * @mode: an easing mode without parameters: any mode but
 *   %GSK_LAYER_EASING_CUBIC_BEZIER, %GSK_LAYER_EASING_STEPS and
 *   %GSK_LAYER_EASING_SPRING
 *
 * Gets the easing function of @mode.
 *
 * The CSS keywords have the parameters CSS gives them:
 * %GSK_LAYER_EASING_EASE is `cubic-bezier(0.25, 0.1, 0.25, 1)` and
 * %GSK_LAYER_EASING_STEP_START is `steps(1, jump-start)`, for example,
 * but keep their own mode, so that they print as the keyword.
 *
 * Returns `NULL`, with a critical warning, for the modes that need
 * parameters: use [ctor@LayerEasing.new_cubic_bezier],
 * [ctor@LayerEasing.new_steps] or [ctor@LayerEasing.new_spring] for
 * those.
 *
 * Returns: (transfer full) (nullable): the easing
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_easing_new (GskLayerEasingMode mode)
{
  /* The cast also refuses negative values */
  g_return_val_if_fail ((guint) mode < GSK_LAYER_EASING_N_KEYWORD_MODES, NULL);

  /* Nothing distinguishes two of these, so they are shared */
  return get_keyword_easing (mode);
}

/**
 * gsk_layer_easing_new_cubic_bezier:
 * @x1: the x coordinate of the first control point, from 0 to 1
 * @y1: the y coordinate of the first control point
 * @x2: the x coordinate of the second control point, from 0 to 1
 * @y2: the y coordinate of the second control point
 *
 * Creates the CSS easing function `cubic-bezier(x1, y1, x2, y2)`: the
 * cubic Bézier curve from (0, 0) to (1, 1) with the control points
 * (@x1, @y1) and (@x2, @y2), read as a function of x.
 *
 * The y coordinates may lie outside [0, 1], for curves that overshoot.
 * Returns `NULL`, with a critical warning, when @x1 or @x2 is outside
 * [0, 1], where the curve would no longer be a function, or when a
 * value is not finite.
 *
 * Returns: (transfer full) (nullable): the new easing
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_easing_new_cubic_bezier (double x1,
                                   double y1,
                                   double x2,
                                   double y2)
{
  GskLayerEasing *self;

  g_return_val_if_fail (x1 >= 0.0 && x1 <= 1.0, NULL);
  g_return_val_if_fail (x2 >= 0.0 && x2 <= 1.0, NULL);
  g_return_val_if_fail (isfinite (y1) && isfinite (y2), NULL);

  self = gsk_layer_easing_alloc (GSK_LAYER_EASING_CUBIC_BEZIER);
  self->bezier.x1 = x1;
  self->bezier.y1 = y1;
  self->bezier.x2 = x2;
  self->bezier.y2 = y2;

  return self;
}

/**
 * gsk_layer_easing_new_steps:
 * @n_steps: the number of intervals, 1 or more (2 or more for
 *   %GSK_LAYER_STEP_JUMP_NONE)
 * @position: where the jumps happen
 *
 * Creates the CSS easing function `steps(n_steps, position)`, which
 * divides the progress into @n_steps intervals of equal length and
 * keeps the output constant within each.
 *
 * Returns `NULL`, with a critical warning, when @n_steps is less than
 * 1, or less than 2 with %GSK_LAYER_STEP_JUMP_NONE, as CSS requires.
 *
 * Returns: (transfer full) (nullable): the new easing
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_easing_new_steps (int                  n_steps,
                            GskLayerStepPosition position)
{
  GskLayerEasing *self;

  g_return_val_if_fail ((guint) position <= GSK_LAYER_STEP_JUMP_BOTH, NULL);
  g_return_val_if_fail (n_steps >= 1, NULL);
  g_return_val_if_fail (n_steps >= 2 || position != GSK_LAYER_STEP_JUMP_NONE, NULL);

  self = gsk_layer_easing_alloc (GSK_LAYER_EASING_STEPS);
  self->steps.n_steps = n_steps;
  self->steps.position = position;

  return self;
}

/* The spring, as an offset y(t) = x(t) - 1 from its target, solves
 *
 *   m y'' + c y' + k y = 0,  y(0) = -1,  y'(0) = v₀
 *
 * With a = c/2m and ω₀² = k/m, every regime has the form
 *
 *   y(t)  = e^(-at) (-C(t) + (v₀ - a) S(t))
 *   y'(t) = e^(-at) (v₀ C(t) + (ω₀² - a v₀) S(t))
 *
 * where C = cos ωt and S = sin (ωt) / ω when underdamped (ω = ω_d), and
 * C = cosh μt and S = sinh (μt) / μ when overdamped, which become 1 and
 * t when critically damped. Writing S as a quotient keeps the formulas
 * exact and continuous as the damping crosses the critical value.
 */
static void
spring_state (const GskLayerEasing *self,
              double                t,
              double               *out_offset,
              double               *out_velocity)
{
  double a = self->spring.decay;
  double omega = self->spring.omega;
  double v0 = self->spring.velocity;
  double w0_sq = self->spring.omega0 * self->spring.omega0;
  double e, c, s;

  if (self->spring.regime == SPRING_UNDERDAMPED)
    {
      e = exp (-a * t);
      c = cos (omega * t);
      s = sin (omega * t) / omega;
    }
  else if (omega * t < 1.0)
    {
      e = exp (-a * t);
      c = cosh (omega * t);
      s = omega == 0.0 ? t : sinh (omega * t) / omega;
    }
  else
    {
      /* e^(-at) cosh μt and e^(-at) sinh μt overflow and underflow
       * separately long before their product does: use the two
       * exponentials y = C₁ e^(r₁t) + C₂ e^(r₂t) instead, with the
       * coefficients written so that nothing cancels */
      double r1 = self->spring.slow_rate;
      double r2 = -(a + omega);
      double c1 = 0.5 * (v0 + r2) / omega;
      double c2 = -0.5 * (v0 + r1) / omega;
      double e1 = exp (r1 * t);
      double e2 = exp (r2 * t);

      *out_offset = c1 * e1 + c2 * e2;
      *out_velocity = c1 * r1 * e1 + c2 * r2 * e2;
      return;
    }

  /* Long after it settled, ωt may overflow where the decay has long
   * reached 0: 0 × NaN must not escape */
  if (e == 0.0)
    {
      *out_offset = 0.0;
      *out_velocity = 0.0;
      return;
    }

  *out_offset = e * (-c + (v0 - a) * s);
  *out_velocity = e * (v0 * c + (w0_sq - a * v0) * s);
}

/* The radius of the spring's motion in phase space: its energy
 * ½ky² + ½my'² as the amplitude it would have at rest. Damping only
 * ever takes energy away, so once this is below the threshold the
 * spring stays within it, at a speed below threshold × ω₀ */
static double
spring_amplitude (const GskLayerEasing *self,
                  double                t)
{
  double y, dy;

  spring_state (self, t, &y, &dy);
  dy /= self->spring.omega0;

  return sqrt (y * y + dy * dy);
}

/* Fills in the derived values; FALSE if the numbers are too extreme for
 * the spring to settle in a finite time */
static gboolean
spring_init (GskLayerEasing *self)
{
  double m = self->spring.mass;
  double k = self->spring.stiffness;
  double c = self->spring.damping;
  double zeta, lo, hi;

  self->spring.omega0 = sqrt (k / m);
  self->spring.decay = c / (2.0 * m);
  /* The damping ratio c / 2√(km), without forming k m, which can
   * overflow where k / m does not */
  zeta = self->spring.decay / self->spring.omega0;

  if (!isfinite (self->spring.omega0) || self->spring.omega0 == 0.0 ||
      !isfinite (self->spring.decay) || self->spring.decay == 0.0 ||
      !isfinite (zeta))
    return FALSE;

  if (zeta < 1.0)
    {
      self->spring.regime = SPRING_UNDERDAMPED;
      /* (1 - ζ)(1 + ζ) rather than 1 - ζ², which loses digits near 1 */
      self->spring.omega = self->spring.omega0 * sqrt ((1.0 - zeta) * (1.0 + zeta));
      if (self->spring.omega == 0.0)
        self->spring.regime = SPRING_OVERDAMPED;
    }
  else
    {
      double root = sqrt ((zeta - 1.0) * (zeta + 1.0));

      self->spring.regime = SPRING_OVERDAMPED;
      self->spring.omega = self->spring.omega0 * root;
      /* μ - a = -ω₀ (ζ - √(ζ²-1)) = -ω₀ / (ζ + √(ζ²-1)) */
      self->spring.slow_rate = -self->spring.omega0 / (zeta + root);
    }

  if (!isfinite (self->spring.omega))
    return FALSE;

  /* The amplitude only decreases: find where it crosses the threshold
   * by doubling, then bisection. It starts at 1 or more, so the settle
   * time is never 0 */
  lo = 0.0;
  hi = 1.0 / self->spring.omega0;
  while (spring_amplitude (self, hi) > SPRING_SETTLE_THRESHOLD)
    {
      lo = hi;
      hi *= 2.0;
      if (!isfinite (hi))
        return FALSE;
    }

  for (guint i = 0; i < 200 && hi - lo > hi * 4 * DBL_EPSILON; i++)
    {
      double mid = lo + 0.5 * (hi - lo);

      if (spring_amplitude (self, mid) > SPRING_SETTLE_THRESHOLD)
        lo = mid;
      else
        hi = mid;
    }

  self->spring.settle_time = hi;

  return TRUE;
}

GskLayerEasing *
gsk_layer_easing_try_new_spring (double mass,
                                 double stiffness,
                                 double damping,
                                 double initial_velocity)
{
  GskLayerEasing *self;

  self = gsk_layer_easing_alloc (GSK_LAYER_EASING_SPRING);
  self->spring.mass = mass;
  self->spring.stiffness = stiffness;
  self->spring.damping = damping;
  self->spring.velocity = initial_velocity;

  if (!spring_init (self))
    {
      g_free (self);
      return NULL;
    }

  return self;
}

/**
 * gsk_layer_easing_new_spring:
 * @mass: the mass of the object on the spring, more than 0
 * @stiffness: the stiffness of the spring, more than 0
 * @damping: the damping coefficient, more than 0
 * @initial_velocity: the speed at the start, in units of the whole
 *   distance per second, positive towards the target
 *
 * Creates a damped spring that pulls an object from 0 to 1, as Core
 * Animation's `CASpringAnimation`.
 *
 * The motion follows the damped harmonic oscillator exactly, in all
 * three regimes: underdamped springs (damping below 2√(mass ×
 * stiffness)) overshoot and oscillate about 1, critically damped and
 * overdamped ones approach it without oscillating. An
 * @initial_velocity of 2 starts the object moving at twice the whole
 * distance per second, as when an animation in flight is retargeted.
 *
 * The spring's duration is the time it takes to settle, given by
 * [method@LayerEasing.get_settle_time]: progress 1 is that time.
 *
 * Returns `NULL`, with a critical warning, when a value is not finite,
 * or @mass, @stiffness or @damping is not positive: without damping
 * the spring would oscillate forever. Values so extreme that the
 * spring cannot settle in a finite time are refused the same way.
 *
 * Returns: (transfer full) (nullable): the new easing
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_easing_new_spring (double mass,
                             double stiffness,
                             double damping,
                             double initial_velocity)
{
  GskLayerEasing *self;

  /* Written so that NaN fails too */
  g_return_val_if_fail (mass > 0.0 && isfinite (mass), NULL);
  g_return_val_if_fail (stiffness > 0.0 && isfinite (stiffness), NULL);
  g_return_val_if_fail (damping > 0.0 && isfinite (damping), NULL);
  g_return_val_if_fail (isfinite (initial_velocity), NULL);

  self = gsk_layer_easing_try_new_spring (mass, stiffness, damping, initial_velocity);
  if (self == NULL)
    g_return_val_if_reached (NULL);

  return self;
}

/**
 * gsk_layer_easing_get_mode:
 * @self: an easing
 *
 * Gets the mode of @self.
 *
 * Returns: the mode
 *
 * Since: 0.1
 */
GskLayerEasingMode
gsk_layer_easing_get_mode (GskLayerEasing *self)
{
  g_return_val_if_fail (self != NULL, GSK_LAYER_EASING_LINEAR);

  return self->mode;
}

/**
 * gsk_layer_easing_get_settle_time:
 * @self: an easing
 *
 * Gets the duration of @self, in seconds.
 *
 * For a spring, this is the time after which it stays within 0.001 of
 * its target, moving at less than 0.001 × √(stiffness / mass) of the
 * distance per second: the amplitude its energy could still carry it
 * to is below 0.001, and damping only takes energy away.
 * [method@LayerEasing.evaluate] maps progress 1 to this time.
 *
 * Every other easing is normalized to the duration of its animation
 * and gives 1.
 *
 * Returns: the time in seconds the easing takes, for a spring, or 1
 *
 * Since: 0.1
 */
double
gsk_layer_easing_get_settle_time (GskLayerEasing *self)
{
  g_return_val_if_fail (self != NULL, 1.0);

  if (self->mode == GSK_LAYER_EASING_SPRING)
    return self->spring.settle_time;

  return 1.0;
}

/**
 * gsk_layer_easing_get_spring:
 * @self: an easing
 * @out_mass: (out) (optional): return location for the mass
 * @out_stiffness: (out) (optional): return location for the stiffness
 * @out_damping: (out) (optional): return location for the damping
 * @out_initial_velocity: (out) (optional): return location for the
 *   initial velocity
 *
 * Gets the parameters of a spring, as given to
 * [ctor@LayerEasing.new_spring].
 *
 * An animation retargeted in flight keeps its spring and its speed by
 * creating the same spring with the current velocity, in distances of
 * the new move per second.
 *
 * Does nothing and returns `FALSE` if @self is not a spring.
 *
 * Returns: whether @self is a spring
 *
 * Since: 0.1
 */
gboolean
gsk_layer_easing_get_spring (GskLayerEasing *self,
                             double         *out_mass,
                             double         *out_stiffness,
                             double         *out_damping,
                             double         *out_initial_velocity)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->mode != GSK_LAYER_EASING_SPRING)
    return FALSE;

  if (out_mass != NULL)
    *out_mass = self->spring.mass;
  if (out_stiffness != NULL)
    *out_stiffness = self->spring.stiffness;
  if (out_damping != NULL)
    *out_damping = self->spring.damping;
  if (out_initial_velocity != NULL)
    *out_initial_velocity = self->spring.velocity;

  return TRUE;
}

/* Penner's equations */

#define BACK_OVERSHOOT 1.70158
#define BOUNCE_SCALE 7.5625

/* Clutter's ease-out-bounce and its derivative: four parabolas, each
 * touching 1 less than the one before */
static double
bounce_out (double  p,
            double *out_slope)
{
  double offset, top;

  if (p < 1 / 2.75)
    {
      offset = 0.0;
      top = 0.0;
    }
  else if (p < 2 / 2.75)
    {
      offset = 1.5 / 2.75;
      top = .75;
    }
  else if (p < 2.5 / 2.75)
    {
      offset = 2.25 / 2.75;
      top = .9375;
    }
  else
    {
      offset = 2.625 / 2.75;
      top = .984375;
    }

  p -= offset;
  *out_slope = 2 * BOUNCE_SCALE * p;

  return BOUNCE_SCALE * p * p + top;
}

/* Clutter's elastic curves: a sine wave of period @period (as a
 * fraction of the duration) whose amplitude grows as 2^(10q), sampled
 * at q - period/4 so that q = 0 is a crest. Returns the value of
 * 2^(10q) sin (…) and its derivative in q */
static double
elastic_wave (double  q,
              double  period,
              double  growth,
              double *out_slope)
{
  double omega = 2 * G_PI / period;
  /* In Clutter's order of operations, for the same roundings */
  double phase = (q - period / 4) * (2 * G_PI) / period;
  double amplitude = pow (2, growth * q);

  *out_slope = amplitude * (growth * G_LN2 * sin (phase) + omega * cos (phase));

  return amplitude * sin (phase);
}

/* The value of a Clutter mode at @p in [0, 1] and its derivative,
 * following clutter-easing.c in Clutter 1.26 to the letter, special
 * cases included, with the duration normalized to 1 */
static double
penner (GskLayerEasingMode  mode,
        double              p,
        double             *out_slope)
{
  double q, value, slope;
  const double s = BACK_OVERSHOOT;
  const double s2 = BACK_OVERSHOOT * 1.525;

  switch (mode)
    {
    case GSK_LAYER_EASING_LINEAR:
      *out_slope = 1.0;
      return p;

    case GSK_LAYER_EASING_EASE_IN_QUAD:
      *out_slope = 2 * p;
      return p * p;

    case GSK_LAYER_EASING_EASE_OUT_QUAD:
      *out_slope = 2 - 2 * p;
      return -1.0 * p * (p - 2);

    case GSK_LAYER_EASING_EASE_IN_OUT_QUAD:
      q = 2 * p;
      if (q < 1)
        {
          *out_slope = 2 * q;
          return 0.5 * q * q;
        }
      q -= 1;
      *out_slope = 2 * (1 - q);
      return -0.5 * (q * (q - 2) - 1);

    case GSK_LAYER_EASING_EASE_IN_CUBIC:
      *out_slope = 3 * p * p;
      return p * p * p;

    case GSK_LAYER_EASING_EASE_OUT_CUBIC:
      q = p - 1;
      *out_slope = 3 * q * q;
      return q * q * q + 1;

    case GSK_LAYER_EASING_EASE_IN_OUT_CUBIC:
      q = 2 * p;
      if (q < 1)
        {
          *out_slope = 3 * q * q;
          return 0.5 * q * q * q;
        }
      q -= 2;
      *out_slope = 3 * q * q;
      return 0.5 * (q * q * q + 2);

    case GSK_LAYER_EASING_EASE_IN_QUART:
      *out_slope = 4 * p * p * p;
      return p * p * p * p;

    case GSK_LAYER_EASING_EASE_OUT_QUART:
      q = p - 1;
      *out_slope = -4 * q * q * q;
      return -1.0 * (q * q * q * q - 1);

    case GSK_LAYER_EASING_EASE_IN_OUT_QUART:
      q = 2 * p;
      if (q < 1)
        {
          *out_slope = 4 * q * q * q;
          return 0.5 * q * q * q * q;
        }
      q -= 2;
      *out_slope = -4 * q * q * q;
      return -0.5 * (q * q * q * q - 2);

    case GSK_LAYER_EASING_EASE_IN_QUINT:
      *out_slope = 5 * p * p * p * p;
      return p * p * p * p * p;

    case GSK_LAYER_EASING_EASE_OUT_QUINT:
      q = p - 1;
      *out_slope = 5 * q * q * q * q;
      return q * q * q * q * q + 1;

    case GSK_LAYER_EASING_EASE_IN_OUT_QUINT:
      q = 2 * p;
      if (q < 1)
        {
          *out_slope = 5 * q * q * q * q;
          return 0.5 * q * q * q * q * q;
        }
      q -= 2;
      *out_slope = 5 * q * q * q * q;
      return 0.5 * (q * q * q * q * q + 2);

    case GSK_LAYER_EASING_EASE_IN_SINE:
      *out_slope = G_PI_2 * sin (p * G_PI_2);
      return -1.0 * cos (p * G_PI_2) + 1.0;

    case GSK_LAYER_EASING_EASE_OUT_SINE:
      *out_slope = G_PI_2 * cos (p * G_PI_2);
      return sin (p * G_PI_2);

    case GSK_LAYER_EASING_EASE_IN_OUT_SINE:
      *out_slope = 0.5 * G_PI * sin (G_PI * p);
      return -0.5 * (cos (G_PI * p) - 1);

    /* The exponential modes never quite reach their ends, so Clutter
     * pins them there; the slope is that of the curve next to them */
    case GSK_LAYER_EASING_EASE_IN_EXPO:
      value = pow (2, 10 * (p - 1));
      *out_slope = 10 * G_LN2 * value;
      return p == 0 ? 0.0 : value;

    case GSK_LAYER_EASING_EASE_OUT_EXPO:
      value = pow (2, -10 * p);
      *out_slope = 10 * G_LN2 * value;
      return p == 1 ? 1.0 : -value + 1;

    case GSK_LAYER_EASING_EASE_IN_OUT_EXPO:
      q = 2 * p;
      if (q < 1)
        {
          value = pow (2, 10 * (q - 1));
          *out_slope = 10 * G_LN2 * value;
          return p == 0 ? 0.0 : 0.5 * value;
        }
      q -= 1;
      value = pow (2, -10 * q);
      *out_slope = 10 * G_LN2 * value;
      return p == 1 ? 1.0 : 0.5 * (-value + 2);

    /* The circular modes are vertical at one end (both ends of a half
     * for in-out), where the slope is infinite */
    case GSK_LAYER_EASING_EASE_IN_CIRC:
      value = sqrt (1 - p * p);
      *out_slope = p / value;
      return -1.0 * (value - 1);

    case GSK_LAYER_EASING_EASE_OUT_CIRC:
      q = p - 1;
      value = sqrt (1 - q * q);
      *out_slope = -q / value;
      return value;

    case GSK_LAYER_EASING_EASE_IN_OUT_CIRC:
      q = 2 * p;
      if (q < 1)
        {
          value = sqrt (1 - q * q);
          *out_slope = q / value;
          return -0.5 * (value - 1);
        }
      q -= 2;
      value = sqrt (1 - q * q);
      *out_slope = -q / value;
      return 0.5 * (value + 1);

    /* As in Clutter, only the end is pinned: ease-in-elastic starts at
     * -2⁻¹¹ and ease-in-out-elastic at about 0.000085, the value of
     * the wave there */
    case GSK_LAYER_EASING_EASE_IN_ELASTIC:
      value = elastic_wave (p - 1, .3, 10, &slope);
      *out_slope = -slope;
      return p == 1 ? 1.0 : -value;

    case GSK_LAYER_EASING_EASE_OUT_ELASTIC:
      value = elastic_wave (p, .3, -10, &slope);
      *out_slope = slope;
      return p == 1 ? 1.0 : value + 1.0;

    case GSK_LAYER_EASING_EASE_IN_OUT_ELASTIC:
      q = 2 * p;
      if (q < 1)
        {
          value = elastic_wave (q - 1, .3 * 1.5, 10, &slope);
          /* Halved, and doubled by q = 2p */
          *out_slope = -slope;
          return -.5 * value;
        }
      value = elastic_wave (q - 1, .3 * 1.5, -10, &slope);
      *out_slope = slope;
      return p == 1 ? 1.0 : value * .5 + 1.0;

    case GSK_LAYER_EASING_EASE_IN_BACK:
      *out_slope = 3 * (s + 1) * p * p - 2 * s * p;
      return p * p * ((s + 1) * p - s);

    case GSK_LAYER_EASING_EASE_OUT_BACK:
      q = p - 1;
      *out_slope = 3 * (s + 1) * q * q + 2 * s * q;
      return q * q * ((s + 1) * q + s) + 1;

    case GSK_LAYER_EASING_EASE_IN_OUT_BACK:
      q = 2 * p;
      if (q < 1)
        {
          *out_slope = 3 * (s2 + 1) * q * q - 2 * s2 * q;
          return 0.5 * (q * q * ((s2 + 1) * q - s2));
        }
      q -= 2;
      *out_slope = 3 * (s2 + 1) * q * q + 2 * s2 * q;
      return 0.5 * (q * q * ((s2 + 1) * q + s2) + 2);

    case GSK_LAYER_EASING_EASE_IN_BOUNCE:
      return 1.0 - bounce_out (1.0 - p, out_slope);

    case GSK_LAYER_EASING_EASE_OUT_BOUNCE:
      return bounce_out (p, out_slope);

    case GSK_LAYER_EASING_EASE_IN_OUT_BOUNCE:
      /* Each half is a bounce squeezed into half the time and half the
       * distance: the slopes stay as they are */
      if (p < 0.5)
        return (1.0 - bounce_out (1.0 - 2 * p, out_slope)) * 0.5;
      return bounce_out (p * 2 - 1, out_slope) * 0.5 + 1.0 * 0.5;

    /* Not Penner's */
    default:
      g_assert_not_reached ();
    }
}

/* Cubic Bézier curves */

/* One coordinate of the curve from 0 to 1 with control values @c1 and
 * @c2, as a polynomial in t: ((a t + b) t + c) t */
static inline void
bezier_coefficients (double  c1,
                     double  c2,
                     double *a,
                     double *b,
                     double *c)
{
  *c = 3.0 * c1;
  *b = 3.0 * (c2 - c1) - *c;
  *a = 1.0 - *c - *b;
}

static inline double
bezier_coord (double t,
              double c1,
              double c2)
{
  double a, b, c;

  bezier_coefficients (c1, c2, &a, &b, &c);

  return ((a * t + b) * t + c) * t;
}

/* The derivative of bezier_coord() in t */
static inline double
bezier_slope (double t,
              double c1,
              double c2)
{
  double a, b, c;

  bezier_coefficients (c1, c2, &a, &b, &c);

  return (3.0 * a * t + 2.0 * b) * t + c;
}

/* The derivatives of bezier_coord() in t, of order 1 to 3, from the
 * Bernstein form, which is exact at the ends: the first derivative is
 * 3 c1 at t = 0 and 3 (1 - c2) at t = 1, 0 when the control point lies
 * level with the end */
static inline void
bezier_derivatives (double t,
                    double c1,
                    double c2,
                    double d[3])
{
  double u = 1.0 - t;

  d[0] = 3.0 * (u * u * c1 + 2.0 * u * t * (c2 - c1) + t * t * (1.0 - c2));
  d[1] = 6.0 * (u * (c2 - 2.0 * c1) + t * (1.0 - 2.0 * c2 + c1));
  d[2] = 6.0 * (1.0 - 3.0 * c2 + 3.0 * c1);
}

/* The t where x(t) = @x, for @x in [0, 1] */
static double
bezier_solve (const GskLayerEasing *self,
              double                x)
{
  double x1 = self->bezier.x1;
  double x2 = self->bezier.x2;
  double t, lo, hi;

  /* Newton's method converges in a few steps from t = x, except where
   * the curve is nearly vertical in x, as at an end whose control point
   * has the same x */
  t = x;
  for (guint i = 0; i < 8; i++)
    {
      double error = bezier_coord (t, x1, x2) - x;
      double slope;

      if (fabs (error) < BEZIER_EPSILON)
        return t;

      slope = bezier_slope (t, x1, x2);
      if (fabs (slope) < 1e-6)
        break;

      t -= error / slope;
      if (!(t >= 0.0 && t <= 1.0))
        break;
    }

  /* With x1 and x2 in [0, 1], x(t) never decreases on [0, 1], so
   * bisection always finds the answer */
  lo = 0.0;
  hi = 1.0;
  t = x;
  for (guint i = 0; i < 100; i++)
    {
      double error = bezier_coord (t, x1, x2) - x;

      if (fabs (error) < BEZIER_EPSILON)
        break;

      if (error > 0.0)
        hi = t;
      else
        lo = t;

      t = lo + 0.5 * (hi - lo);
    }

  return t;
}

/* The slope of the straight lines CSS extends the curve with before 0
 * (@at_end FALSE) and after 1: the tangent at that end, through the
 * nearest control point that is not directly above or below it. FALSE
 * if there is none, and the output stays at 0 or 1 */
static gboolean
bezier_end_slope (const GskLayerEasing *self,
                  gboolean              at_end,
                  double               *out_slope)
{
  double x1 = self->bezier.x1;
  double y1 = self->bezier.y1;
  double x2 = self->bezier.x2;
  double y2 = self->bezier.y2;

  if (!at_end)
    {
      if (x1 > 0.0)
        *out_slope = y1 / x1;
      else if (x2 > 0.0)
        *out_slope = y2 / x2;
      else
        return FALSE;
    }
  else
    {
      if (x2 < 1.0)
        *out_slope = (y2 - 1.0) / (x2 - 1.0);
      else if (x1 < 1.0)
        *out_slope = (y1 - 1.0) / (x1 - 1.0);
      else
        return FALSE;
    }

  return TRUE;
}

/* dy/dx at @t; where x stands still, as at an end whose control point
 * coincides with it, the first derivatives that do not vanish give the
 * limit (l'Hôpital), or the curve is vertical there */
static double
bezier_slope_at (const GskLayerEasing *self,
                 double                t)
{
  double dx[3], dy[3];

  bezier_derivatives (t, self->bezier.x1, self->bezier.x2, dx);
  bezier_derivatives (t, self->bezier.y1, self->bezier.y2, dy);

  for (guint i = 0; i < 3; i++)
    {
      if (dx[i] != 0.0)
        return dy[i] / dx[i];
      if (dy[i] != 0.0)
        return copysign (INFINITY, dy[i]);
    }

  return 0.0;
}

/* The value at @progress and, if @out_slope is not NULL, the slope
 * there: the solver is most of the work, the slope an extra cost that
 * only retargeting needs */
static double
bezier_evaluate (const GskLayerEasing *self,
                 double                progress,
                 double               *out_slope)
{
  double t, slope;

  if (progress < 0.0 || progress > 1.0)
    {
      gboolean at_end = progress > 1.0;
      double end = at_end ? 1.0 : 0.0;

      /* Checking for 0 also keeps 0 × ∞ from giving NaN */
      if (!bezier_end_slope (self, at_end, &slope) || slope == 0.0)
        slope = 0.0;

      if (out_slope != NULL)
        *out_slope = slope;

      return slope == 0.0 ? end : end + slope * (progress - end);
    }

  /* The curves with P1 and P2 on the diagonal are the diagonal; this
   * makes cubic-bezier(0, 0, 1, 1) exactly linear */
  if (self->bezier.x1 == self->bezier.y1 && self->bezier.x2 == self->bezier.y2)
    {
      if (out_slope != NULL)
        *out_slope = 1.0;

      return progress;
    }

  t = bezier_solve (self, progress);

  if (out_slope != NULL)
    *out_slope = bezier_slope_at (self, t);

  /* y(0) = 0 and y(1) = 1 exactly, whatever t the solver stopped at */
  if (progress == 0.0 || progress == 1.0)
    return progress;

  return bezier_coord (t, self->bezier.y1, self->bezier.y2);
}

/* Steps, per "Output of a step easing function" in CSS Easing
 * Functions Level 1, without the before flag: the progress is all the
 * input there is */
static double
steps_evaluate (const GskLayerEasing *self,
                double                progress)
{
  double n = self->steps.n_steps;
  double current, jumps;

  current = floor (progress * n);

  if (self->steps.position == GSK_LAYER_STEP_JUMP_START ||
      self->steps.position == GSK_LAYER_STEP_JUMP_BOTH)
    current += 1;

  if (progress >= 0.0 && current < 0.0)
    current = 0.0;

  switch (self->steps.position)
    {
    case GSK_LAYER_STEP_JUMP_START:
    case GSK_LAYER_STEP_JUMP_END:
      jumps = n;
      break;
    case GSK_LAYER_STEP_JUMP_NONE:
      jumps = n - 1;
      break;
    case GSK_LAYER_STEP_JUMP_BOTH:
      jumps = n + 1;
      break;
    default:
      g_assert_not_reached ();
    }

  if (progress <= 1.0 && current > jumps)
    current = jumps;

  return current / jumps;
}

/* The value at @progress, and the slope there if @out_slope is not
 * NULL */
static double
easing_evaluate (GskLayerEasing *self,
                 double          progress,
                 double         *out_slope)
{
  double unused;

  /* Only the cubic Béziers save work without a slope */
  if (out_slope == NULL)
    {
      if (self->mode == GSK_LAYER_EASING_CUBIC_BEZIER ||
          (self->mode >= GSK_LAYER_EASING_EASE && self->mode <= GSK_LAYER_EASING_EASE_IN_OUT))
        return bezier_evaluate (self, progress, NULL);

      out_slope = &unused;
    }

  switch (self->mode)
    {
    case GSK_LAYER_EASING_LINEAR:
      /* The identity everywhere, as CSS defines it */
      *out_slope = 1.0;
      return progress;

    case GSK_LAYER_EASING_EASE:
    case GSK_LAYER_EASING_EASE_IN:
    case GSK_LAYER_EASING_EASE_OUT:
    case GSK_LAYER_EASING_EASE_IN_OUT:
    case GSK_LAYER_EASING_CUBIC_BEZIER:
      return bezier_evaluate (self, progress, out_slope);

    case GSK_LAYER_EASING_STEP_START:
    case GSK_LAYER_EASING_STEP_END:
    case GSK_LAYER_EASING_STEPS:
      *out_slope = 0.0;
      return steps_evaluate (self, progress);

    case GSK_LAYER_EASING_SPRING:
      {
        double t = progress * self->spring.settle_time;
        double y, dy;

        /* At rest at the start before it, and at the end at infinity */
        if (progress <= 0.0)
          {
            *out_slope = progress < 0.0 ? 0.0 : self->spring.velocity * self->spring.settle_time;
            return 0.0;
          }
        if (!isfinite (t))
          {
            *out_slope = 0.0;
            return 1.0;
          }

        spring_state (self, t, &y, &dy);
        *out_slope = dy * self->spring.settle_time;

        return 1.0 + y;
      }

    default:
      g_assert (self->mode < GSK_LAYER_EASING_EASE);

      /* Penner's equations are only defined on [0, 1] (the circular
       * ones give NaN outside); the value rests at its ends there */
      if (progress < 0.0 || progress > 1.0)
        {
          *out_slope = 0.0;
          return progress < 0.0 ? 0.0 : 1.0;
        }
      return penner (self->mode, progress, out_slope);
    }
}

/**
 * gsk_layer_easing_evaluate:
 * @self: an easing
 * @progress: the progress of the animation, from 0 at its start to 1 at
 *   its end
 *
 * Computes how far the animated value has gone at @progress, as a
 * fraction of the distance from its initial value to its final one.
 *
 * The result is 0 at progress 0 and 1 at progress 1 for every easing
 * except the two elastic modes that start with a swing, as in Clutter
 * (ease-in-elastic starts at -2⁻¹¹), and springs, which end within
 * 0.001 of 1. In between, it leaves [0, 1] where the easing overshoots:
 * the back and elastic modes, springs, and cubic Béziers whose y
 * coordinates lie outside [0, 1].
 *
 * Outside [0, 1], `linear`, cubic Béziers and steps continue as CSS
 * defines them (cubic Béziers along the tangent at the nearest end);
 * Clutter's modes stay at their ends; a spring stays at 0 before its
 * start and continues its motion after its settle time.
 *
 * Returns 0, with a critical warning, when @progress is NaN.
 *
 * Returns: the eased progress
 *
 * Since: 0.1
 */
double
gsk_layer_easing_evaluate (GskLayerEasing *self,
                           double          progress)
{
  g_return_val_if_fail (self != NULL, 0.0);
  g_return_val_if_fail (!isnan (progress), 0.0);

  return easing_evaluate (self, progress, NULL);
}

/**
 * gsk_layer_easing_get_velocity:
 * @self: an easing
 * @progress: the progress of the animation, from 0 at its start to 1 at
 *   its end
 *
 * Computes the derivative of [method@LayerEasing.evaluate] at
 * @progress: how fast the eased progress changes, per unit of progress.
 *
 * Multiplied by the distance and divided by the duration of an
 * animation, this is the speed of the animated value: what a new
 * animation that retargets it should start with. For a spring, the
 * speed at progress 0 is the initial velocity times the settle time.
 *
 * The derivatives are exact, not estimated from nearby values. Steps
 * have a velocity of 0. Where a curve is vertical, as the circular
 * modes at their ends and in the middle of ease-in-out-circ, the result
 * is infinite; at a corner, as between two bounces, it is the slope on
 * the side that [method@LayerEasing.evaluate] follows at that point.
 *
 * Returns 0, with a critical warning, when @progress is NaN.
 *
 * Returns: the rate of change of the eased progress
 *
 * Since: 0.1
 */
double
gsk_layer_easing_get_velocity (GskLayerEasing *self,
                               double          progress)
{
  double slope;

  g_return_val_if_fail (self != NULL, 0.0);
  g_return_val_if_fail (!isnan (progress), 0.0);

  easing_evaluate (self, progress, &slope);

  return slope;
}

/**
 * gsk_layer_easing_equal:
 * @first: (nullable): an easing
 * @second: (nullable): another easing
 *
 * Checks whether @first and @second are the same easing: the same mode
 * with the same parameters.
 *
 * The mode counts: `ease` is not equal to
 * `cubic-bezier(0.25, 0.1, 0.25, 1)`, although it behaves the same,
 * since the two print differently. Two `NULL` easings are equal.
 *
 * Returns: whether the easings are equal
 *
 * Since: 0.1
 */
gboolean
gsk_layer_easing_equal (GskLayerEasing *first,
                        GskLayerEasing *second)
{
  if (first == second)
    return TRUE;

  if (first == NULL || second == NULL || first->mode != second->mode)
    return FALSE;

  switch (first->mode)
    {
    case GSK_LAYER_EASING_CUBIC_BEZIER:
      return first->bezier.x1 == second->bezier.x1 &&
             first->bezier.y1 == second->bezier.y1 &&
             first->bezier.x2 == second->bezier.x2 &&
             first->bezier.y2 == second->bezier.y2;

    case GSK_LAYER_EASING_STEPS:
      return first->steps.n_steps == second->steps.n_steps &&
             first->steps.position == second->steps.position;

    case GSK_LAYER_EASING_SPRING:
      return first->spring.mass == second->spring.mass &&
             first->spring.stiffness == second->spring.stiffness &&
             first->spring.damping == second->spring.damping &&
             first->spring.velocity == second->spring.velocity;

    /* Everything else is its mode */
    default:
      return TRUE;
    }
}

/* Printing */

static const char *
enum_nick (GType type,
           int   value)
{
  GEnumClass *enum_class = g_type_class_ref (type);
  GEnumValue *enum_value = g_enum_get_value (enum_class, value);

  /* The classes of static types live on after the last unref */
  g_type_class_unref (enum_class);

  return enum_value->value_nick;
}

/* The CSS names; the enum's nicks are "start", "end", "none" and "both"
 * (glib-mkenums strips the common "JUMP_") */
const char * const gsk_layer_easing_step_positions[GSK_LAYER_STEP_JUMP_BOTH + 1] = {
  [GSK_LAYER_STEP_JUMP_START] = "jump-start",
  [GSK_LAYER_STEP_JUMP_END] = "jump-end",
  [GSK_LAYER_STEP_JUMP_NONE] = "jump-none",
  [GSK_LAYER_STEP_JUMP_BOTH] = "jump-both",
};

/* The fewest significant digits that read back as the same double (17
 * always do), in plain notation for numbers of a sensible size, as
 * JavaScript prints them, and in scientific notation otherwise */
static void
append_double (GString *string,
               double   value)
{
  char format[16];
  char scientific[64];
  char plain[64];
  const char *e;
  int digits, exponent;

  if (value == 0.0)
    {
      /* Also for -0, which equals 0 */
      g_string_append_c (string, '0');
      return;
    }

  for (digits = 1; digits < 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (scientific, sizeof scientific, format, value);
      if (g_ascii_strtod (scientific, NULL) == value)
        break;
    }
  if (digits == 17)
    g_ascii_formatd (scientific, sizeof scientific, "%.16e", value);

  e = strchr (scientific, 'e');
  exponent = atoi (e + 1);

  if (exponent >= -7 && exponent < 21)
    {
      g_snprintf (format, sizeof format, "%%.%df", MAX (digits - 1 - exponent, 0));
      g_ascii_formatd (plain, sizeof plain, format, value);
      if (g_ascii_strtod (plain, NULL) == value)
        {
          g_string_append (string, plain);
          return;
        }
    }

  /* 1.5e-07 as 1.5e-7, 1e+22 as 1e22 */
  g_string_append_len (string, scientific, e - scientific);
  g_string_append_printf (string, "e%d", exponent);
}

static void
append_doubles (GString      *string,
                const char   *name,
                const double *values,
                guint         n_values)
{
  g_string_append (string, name);
  g_string_append_c (string, '(');
  for (guint i = 0; i < n_values; i++)
    {
      if (i > 0)
        g_string_append (string, ", ");
      append_double (string, values[i]);
    }
  g_string_append_c (string, ')');
}

/**
 * gsk_layer_easing_to_string:
 * @self: an easing
 *
 * Converts @self to text that [func@LayerEasing.parse] reads back as an
 * equal easing.
 *
 * CSS easings print as CSS serializes them: keywords as themselves,
 * `cubic-bezier(0.1, 0.7, 1, 0.1)`, and `steps(4)` or
 * `steps(2, jump-start)`, the step position omitted when it is
 * `jump-end`. Clutter's modes print as their names, such as
 * `ease-out-bounce`, and springs as
 * `spring(mass, stiffness, damping, initial-velocity)`. Numbers have as
 * few digits as still read back exactly.
 *
 * Returns: (transfer full): the text of @self
 *
 * Since: 0.1
 */
char *
gsk_layer_easing_to_string (GskLayerEasing *self)
{
  GString *string;

  g_return_val_if_fail (self != NULL, NULL);

  string = g_string_new (NULL);

  switch (self->mode)
    {
    case GSK_LAYER_EASING_CUBIC_BEZIER:
      {
        double values[4] = { self->bezier.x1, self->bezier.y1,
                             self->bezier.x2, self->bezier.y2 };

        append_doubles (string, "cubic-bezier", values, 4);
      }
      break;

    case GSK_LAYER_EASING_STEPS:
      g_string_append_printf (string, "steps(%d", self->steps.n_steps);
      if (self->steps.position != GSK_LAYER_STEP_JUMP_END)
        g_string_append_printf (string, ", %s", gsk_layer_easing_step_positions[self->steps.position]);
      g_string_append_c (string, ')');
      break;

    case GSK_LAYER_EASING_SPRING:
      {
        double values[4] = { self->spring.mass, self->spring.stiffness,
                             self->spring.damping, self->spring.velocity };

        append_doubles (string, "spring", values, 4);
      }
      break;

    default:
      g_string_append (string, enum_nick (GSK_TYPE_LAYER_EASING_MODE, self->mode));
      break;
    }

  return g_string_free (string, FALSE);
}
