/* gsk-layer-easing-penner.c: Clutter's easing modes, Robert Penner's
 * equations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing-private.h"

#include <math.h>

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
double
gsk_layer_easing_penner (GskLayerEasingMode  mode,
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
