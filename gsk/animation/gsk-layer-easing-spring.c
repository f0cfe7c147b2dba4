/* gsk-layer-easing-spring.c: the motion of a damped spring, and when
 * it settles
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing-private.h"

#include <float.h>
#include <math.h>

/* How close to its target a spring must stay to count as settled, as a
 * fraction of the distance it travels */
#define SPRING_SETTLE_THRESHOLD 0.001

/* The longest a spring may take to settle, in seconds (about 11 days):
 * a spring's duration is whole milliseconds in a guint, and a spring
 * that has not settled by then is not an easing anyone waits for */
#define SPRING_MAX_SETTLE_TIME 1e6

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
void
gsk_layer_easing_spring_state (const GskLayerEasing *self,
                               double                t,
                               double               *out_offset,
                               double               *out_velocity)
{
  double a = self->spring.decay;
  double omega = self->spring.omega;
  double v0 = self->spring.velocity;
  double w0_sq = self->spring.omega0 * self->spring.omega0;
  double e, c, s;

  /* Far past settling, ωt may overflow: the spring is at rest there */
  if (!isfinite (omega * t) || !isfinite (a * t))
    {
      *out_offset = 0.0;
      *out_velocity = 0.0;
      return;
    }

  if (self->spring.regime == GSK_LAYER_SPRING_UNDERDAMPED)
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

  gsk_layer_easing_spring_state (self, t, &y, &dy);
  dy /= self->spring.omega0;

  return sqrt (y * y + dy * dy);
}

/* Fills in the derived values; FALSE if the numbers are too extreme for
 * the spring to settle in a finite time */
gboolean
gsk_layer_easing_spring_init (GskLayerEasing *self)
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

  if (!(self->spring.omega0 > 0.0 && self->spring.omega0 <= GSK_LAYER_EASING_MAX_PARAMETER) ||
      !(self->spring.decay > 0.0 && self->spring.decay <= GSK_LAYER_EASING_MAX_PARAMETER) ||
      !(fabs (self->spring.velocity) <= GSK_LAYER_EASING_MAX_PARAMETER) ||
      !isfinite (zeta))
    return FALSE;

  if (zeta < 1.0)
    {
      self->spring.regime = GSK_LAYER_SPRING_UNDERDAMPED;
      /* (1 - ζ)(1 + ζ) rather than 1 - ζ², which loses digits near 1 */
      self->spring.omega = self->spring.omega0 * sqrt ((1.0 - zeta) * (1.0 + zeta));
      if (self->spring.omega == 0.0)
        self->spring.regime = GSK_LAYER_SPRING_OVERDAMPED;
    }
  else
    {
      double root = sqrt ((zeta - 1.0) * (zeta + 1.0));

      self->spring.regime = GSK_LAYER_SPRING_OVERDAMPED;
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
  /* Written so that NaN, where ωt overflows, goes on doubling to the end */
  while (!(spring_amplitude (self, hi) <= SPRING_SETTLE_THRESHOLD))
    {
      lo = hi;
      hi *= 2.0;
      if (!(lo <= SPRING_MAX_SETTLE_TIME))
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

  if (!(hi <= SPRING_MAX_SETTLE_TIME))
    return FALSE;
  self->spring.settle_time = hi;

  /* The bounds above keep the motion finite; believe it only when seen */
  for (guint i = 0; i <= 64; i++)
    {
      double y, dy;

      gsk_layer_easing_spring_state (self, hi * (i / 64.0), &y, &dy);
      if (!isfinite (y) || !isfinite (dy))
        return FALSE;
    }

  return TRUE;
}
