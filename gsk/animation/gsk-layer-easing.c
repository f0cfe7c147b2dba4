/* gsk-layer-easing.c: how an animation's progress follows time
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing.h"
#include "gsk-layer-easing-private.h"
#include "gsk-layer-enum-types.h"

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
 * The y coordinates may lie outside [0, 1], for curves that overshoot,
 * by at most 10⁶. Returns `NULL`, with a critical warning, when @x1 or
 * @x2 is outside [0, 1], where the curve would no longer be a function,
 * or when @y1 or @y2 is not finite or beyond ±10⁶.
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
  g_return_val_if_fail (fabs (y1) <= GSK_LAYER_EASING_MAX_PARAMETER, NULL);
  g_return_val_if_fail (fabs (y2) <= GSK_LAYER_EASING_MAX_PARAMETER, NULL);

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

  if (!gsk_layer_easing_spring_init (self))
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
 * spring would not settle within 10⁶ seconds (a damping that all but
 * vanishes), or that its motion could not be computed in finite
 * numbers (√(@stiffness / @mass), @damping / 2 @mass or
 * @initial_velocity beyond 10⁶), are refused the same way.
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
        return gsk_layer_easing_bezier_evaluate (self, progress, NULL);

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
      return gsk_layer_easing_bezier_evaluate (self, progress, out_slope);

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

        gsk_layer_easing_spring_state (self, t, &y, &dy);
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
      return gsk_layer_easing_penner (self->mode, progress, out_slope);
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
 * Computes the derivative of [method@LayerEasing.evaluate] at the
 * given @progress: how fast the eased progress changes, per unit of
 * progress.
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
