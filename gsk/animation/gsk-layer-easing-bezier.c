/* gsk-layer-easing-bezier.c: cubic Bézier easing curves, solved for
 * their value and slope
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing-private.h"

#include <math.h>

/* Where Newton's method and bisection stop when solving x(t) = progress
 * for a cubic Bézier curve: far below what any animation can show */
#define BEZIER_EPSILON 1e-12

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
double
gsk_layer_easing_bezier_evaluate (const GskLayerEasing *self,
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
