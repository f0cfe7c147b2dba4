/* test-easing.c: tests for GskLayerEasing
 *
 * Reference values are literal numbers, computed outside this library:
 * Penner's equations (with Clutter 1.26's special cases) and cubic
 * Béziers evaluated from their published formulas in 50-digit
 * arithmetic (mpmath, bisection on x(t)), springs by integrating
 * m x'' + c x' + k (x - 1) = 0 numerically (mpmath's Taylor series ODE
 * solver), not from the closed forms the library uses.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gsklayer.h>

#include <math.h>

#define N_SAMPLES 5

static const double sample_progress[N_SAMPLES] = { 0, 0.25, 0.5, 0.75, 1 };

static GskLayerEasing *
parse_or_fail (const char *string)
{
  GskLayerEasing *easing = NULL;
  GError *error = NULL;

  if (!gsk_layer_easing_parse (string, &easing, &error))
    g_error ("parsing “%s” failed: %s", string, error->message);

  g_assert_nonnull (easing);

  return easing;
}

static void
check_value (const char *what,
             double      progress,
             double      value,
             double      expected,
             double      tolerance)
{
  /* Equal infinities differ by NaN */
  if (value != expected && !(fabs (value - expected) <= tolerance))
    g_test_fail_printf ("%s at %.17g is %.17g, expected %.17g",
                        what, progress, value, expected);
}

static void
check_parsed (const char *string,
              double      progress,
              double      expected,
              double      tolerance)
{
  g_autoptr (GskLayerEasing) easing = parse_or_fail (string);

  check_value (string, progress, gsk_layer_easing_evaluate (easing, progress),
               expected, tolerance);
}

static void
test_boxed (void)
{
  GskLayerEasing *easing, *copy;

  g_assert_true (G_TYPE_IS_BOXED (GSK_TYPE_LAYER_EASING));
  g_assert_true (G_TYPE_IS_ENUM (GSK_TYPE_LAYER_EASING_MODE));
  g_assert_true (G_TYPE_IS_ENUM (GSK_TYPE_LAYER_STEP_POSITION));

  easing = gsk_layer_easing_new_cubic_bezier (0.1, 0.7, 1, 0.1);
  copy = g_boxed_copy (GSK_TYPE_LAYER_EASING, easing);
  g_assert_true (copy == easing);
  g_boxed_free (GSK_TYPE_LAYER_EASING, copy);
  g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, GSK_LAYER_EASING_CUBIC_BEZIER);
  gsk_layer_easing_unref (easing);

  /* Keyword easings may be shared, and survive any number of unrefs
   * matching their refs */
  for (guint i = 0; i < 3; i++)
    {
      easing = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_OUT_BOUNCE);
      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, GSK_LAYER_EASING_EASE_OUT_BOUNCE);
      gsk_layer_easing_ref (easing);
      gsk_layer_easing_unref (easing);
      gsk_layer_easing_unref (easing);
    }

  g_assert_null (gsk_layer_easing_ref (NULL));
  gsk_layer_easing_unref (NULL);
}

/* Every Clutter mode at 0, 0.25, 0.5, 0.75 and 1 */
static const struct {
  GskLayerEasingMode mode;
  double values[N_SAMPLES];
} clutter_values[] = {
  { GSK_LAYER_EASING_LINEAR, { 0.0, 0.25, 0.5, 0.75, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_QUAD, { 0.0, 0.0625, 0.25, 0.5625, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_QUAD, { 0.0, 0.4375, 0.75, 0.9375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_QUAD, { 0.0, 0.125, 0.5, 0.875, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_CUBIC, { 0.0, 0.015625, 0.125, 0.421875, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_CUBIC, { 0.0, 0.578125, 0.875, 0.984375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_CUBIC, { 0.0, 0.0625, 0.5, 0.9375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_QUART, { 0.0, 0.00390625, 0.0625, 0.31640625, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_QUART, { 0.0, 0.68359375, 0.9375, 0.99609375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_QUART, { 0.0, 0.03125, 0.5, 0.96875, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_QUINT, { 0.0, 0.0009765625, 0.03125, 0.2373046875, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_QUINT, { 0.0, 0.7626953125, 0.96875, 0.9990234375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_QUINT, { 0.0, 0.015625, 0.5, 0.984375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_SINE, { 0.0, 0.076120467488713244, 0.29289321881345248, 0.61731656763491023, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_SINE, { 0.0, 0.38268343236508977, 0.70710678118654752, 0.92387953251128676, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_SINE, { 0.0, 0.14644660940672624, 0.5, 0.85355339059327376, 1.0 } },
  /* Clutter pins the ends, where 2^(10(p-1)) is not quite 0 */
  { GSK_LAYER_EASING_EASE_IN_EXPO, { 0.0, 0.0055242717280199025, 0.03125, 0.17677669529663688, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_EXPO, { 0.0, 0.82322330470336312, 0.96875, 0.9944757282719801, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_EXPO, { 0.0, 0.015625, 0.5, 0.984375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_CIRC, { 0.0, 0.031754163448145779, 0.13397459621556135, 0.33856217223385235, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_CIRC, { 0.0, 0.66143782776614765, 0.86602540378443865, 0.96824583655185422, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_CIRC, { 0.0, 0.066987298107780677, 0.5, 0.93301270189221932, 1.0 } },
  /* Clutter pins only the end of the elastic modes: ease-in-elastic
   * starts at -2^-11, as Clutter 1.26 computes it */
  { GSK_LAYER_EASING_EASE_IN_ELASTIC, { -0.00048828125, -0.0055242717280199025, -0.015625, 0.088388347648318441, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_ELASTIC, { 0.0, 0.91161165235168156, 1.015625, 1.0055242717280199, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_ELASTIC, { 0.000084789149251430834, 0.011969444423734032, 0.5, 0.98803055557626597, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_BACK, { 0.0, -0.0641365625, -0.0876975, 0.1825903125, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_BACK, { 0.0, 0.8174096875, 1.0876975, 1.0641365625, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_BACK, { 0.0, -0.09968184375, 0.5, 1.09968184375, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_BOUNCE, { 0.0, 0.02734375, 0.234375, 0.52734375, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT_BOUNCE, { 0.0, 0.47265625, 0.765625, 0.97265625, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT_BOUNCE, { 0.0, 0.1171875, 0.5, 0.8828125, 1.0 } },
};

static void
test_clutter_values (void)
{
  /* Every mode before EASE is a Clutter mode, and each is listed */
  g_assert_cmpuint (G_N_ELEMENTS (clutter_values), ==, GSK_LAYER_EASING_EASE);

  for (guint i = 0; i < G_N_ELEMENTS (clutter_values); i++)
    {
      g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new (clutter_values[i].mode);
      g_autofree char *name = gsk_layer_easing_to_string (easing);

      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, clutter_values[i].mode);
      g_assert_cmpfloat (gsk_layer_easing_get_settle_time (easing), ==, 1.0);

      for (guint j = 0; j < N_SAMPLES; j++)
        check_value (name, sample_progress[j],
                     gsk_layer_easing_evaluate (easing, sample_progress[j]),
                     clutter_values[i].values[j], 1e-12);
    }
}

static void
test_clutter_outside (void)
{
  /* Penner's equations stop at their ends (the circular ones would
   * give NaN beyond them); linear is the identity everywhere */
  for (guint i = 1; i < G_N_ELEMENTS (clutter_values); i++)
    {
      g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new (clutter_values[i].mode);

      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, -0.5), ==, 0.0);
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, 1.5), ==, 1.0);
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, INFINITY), ==, 1.0);
      g_assert_cmpfloat (gsk_layer_easing_get_velocity (easing, -0.5), ==, 0.0);
      g_assert_cmpfloat (gsk_layer_easing_get_velocity (easing, 1.5), ==, 0.0);
    }

  check_parsed ("linear", -0.5, -0.5, 0);
  check_parsed ("linear", 2.5, 2.5, 0);
}

static const struct {
  GskLayerEasingMode mode;
  const char *cubic_bezier;
  double values[N_SAMPLES];
} css_keyword_values[] = {
  { GSK_LAYER_EASING_EASE, "cubic-bezier(0.25, 0.1, 0.25, 1)",
    { 0.0, 0.40851059135539587, 0.80240338758485699, 0.96045897834897408, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN, "cubic-bezier(0.42, 0, 1, 1)",
    { 0.0, 0.093464650718824859, 0.3153568125725393, 0.6218618691748902, 1.0 } },
  { GSK_LAYER_EASING_EASE_OUT, "cubic-bezier(0, 0, 0.58, 1)",
    { 0.0, 0.3781381308251098, 0.6846431874274607, 0.90653534928117514, 1.0 } },
  { GSK_LAYER_EASING_EASE_IN_OUT, "cubic-bezier(0.42, 0, 0.58, 1)",
    { 0.0, 0.12916193104731981, 0.5, 0.87083806895268019, 1.0 } },
};

static void
test_css_keywords (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (css_keyword_values); i++)
    {
      g_autoptr (GskLayerEasing) keyword = gsk_layer_easing_new (css_keyword_values[i].mode);
      g_autoptr (GskLayerEasing) bezier = parse_or_fail (css_keyword_values[i].cubic_bezier);
      g_autofree char *name = gsk_layer_easing_to_string (keyword);

      for (guint j = 0; j < N_SAMPLES; j++)
        {
          double p = sample_progress[j];

          check_value (name, p, gsk_layer_easing_evaluate (keyword, p),
                       css_keyword_values[i].values[j], 1e-10);
          /* The keyword is its cubic-bezier() */
          check_value (css_keyword_values[i].cubic_bezier, p,
                       gsk_layer_easing_evaluate (bezier, p),
                       gsk_layer_easing_evaluate (keyword, p), 0);
        }
    }

  /* As browsers give it, from solvers accurate to about 1e-7 */
  check_parsed ("ease", 0.5, 0.8024033877399112, 1e-7);

  check_parsed ("linear", 0.3, 0.3, 0);
}

static void
test_cubic_bezier_values (void)
{
  check_parsed ("cubic-bezier(0.1, 0.7, 1, 0.1)", 0.1, 0.24477879269419549, 1e-10);
  check_parsed ("cubic-bezier(0.1, 0.7, 1, 0.1)", 0.3, 0.36915632124923722, 1e-10);
  check_parsed ("cubic-bezier(0.1, 0.7, 1, 0.1)", 0.7, 0.46889403787933997, 1e-10);
  check_parsed ("cubic-bezier(0.1, 0.7, 1, 0.1)", 0.9, 0.60990441844023123, 1e-10);

  /* y outside [0, 1]: the output overshoots both ways */
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 0.25, 0.028078038036917764, 1e-10);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 0.5, 0.5, 1e-12);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 0.75, 0.97192196196308224, 1e-10);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 0.0, 0.0, 0);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 1.0, 1.0, 0);
}

static void
test_cubic_bezier_linear (void)
{
  const char *lines[] = {
    "cubic-bezier(0, 0, 1, 1)",
    "cubic-bezier(0.2, 0.2, 0.8, 0.8)",
    "cubic-bezier(1, 1, 0, 0)",
  };

  /* Control points on the diagonal make the identity, exactly, also
   * outside [0, 1] */
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      for (int j = -10; j <= 20; j++)
        {
          double p = j / 10.0;

          check_parsed (lines[i], p, p, 0);
        }
    }
}

static void
test_cubic_bezier_symmetry (void)
{
  g_autoptr (GskLayerEasing) in_out = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN_OUT);
  g_autoptr (GskLayerEasing) in = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN);
  g_autoptr (GskLayerEasing) out = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_OUT);

  for (guint i = 0; i <= 100; i++)
    {
      double p = i / 100.0;

      /* ease-in-out is symmetric about (0.5, 0.5); ease-out is ease-in
       * turned half around */
      check_value ("ease-in-out symmetry", p,
                   gsk_layer_easing_evaluate (in_out, p) + gsk_layer_easing_evaluate (in_out, 1 - p),
                   1.0, 1e-10);
      check_value ("ease-in against ease-out", p,
                   gsk_layer_easing_evaluate (in, p) + gsk_layer_easing_evaluate (out, 1 - p),
                   1.0, 1e-10);
    }
}

static void
test_cubic_bezier_extrapolation (void)
{
  /* Before 0, along the line through P0 and P1; after 1, through P2
   * and P3 */
  check_parsed ("cubic-bezier(0.1, 0.7, 1, 0.1)", -0.5, -3.5, 1e-12);
  check_parsed ("ease", -1, -0.4, 1e-12);
  check_parsed ("ease", 2, 1, 0);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", -0.3, 0.5, 1e-12);
  check_parsed ("cubic-bezier(0.3, -0.5, 0.7, 1.5)", 1.3, 0.5, 1e-12);

  /* P1 at x = 0: through P0 and P2 before 0; P2 at x = 1: through P1
   * and P3 after 1 */
  check_parsed ("ease-out", -1, -1.7241379310344828, 1e-12);
  check_parsed ("ease-in", 2, 2.7241379310344828, 1e-12);
  check_parsed ("cubic-bezier(0, 1.5, 0.5, 2)", -0.25, -1, 1e-12);

  /* Both at x = 0, or both at x = 1: flat */
  check_parsed ("cubic-bezier(0, 0.5, 0, 1)", -1, 0, 0);
  check_parsed ("cubic-bezier(1, 0, 1, 0.5)", 2, 1, 0);

  /* Infinite progress, where a flat line must not give NaN */
  check_parsed ("ease", INFINITY, 1, 0);
  check_parsed ("ease", -INFINITY, -INFINITY, 0);
  check_parsed ("cubic-bezier(0, 0.5, 0, 1)", -INFINITY, 0, 0);
}

/* A solver of our own, plain bisection, for curves chosen to be hard:
 * nearly vertical and nearly flat parts */
static double
reference_bezier (double x1,
                  double y1,
                  double x2,
                  double y2,
                  double x)
{
  double lo = 0, hi = 1, t = 0.5;

  if (x == 0 || x == 1)
    return x;

  for (guint i = 0; i < 200; i++)
    {
      double u;

      t = 0.5 * (lo + hi);
      u = 1 - t;
      if (3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t < x)
        lo = t;
      else
        hi = t;
    }

  return 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t;
}

static void
test_cubic_bezier_hard (void)
{
  static const double curves[][4] = {
    { 0, 1, 0, 1 },
    { 1, 0, 1, 0 },
    { 0, 0, 1, 1 },
    { 1, 0, 0, 1 },
    { 1, -2, 0, 3 },
    { 0, 5, 1, -4 },
    { 0.001, 0.999, 0.999, 0.001 },
    { 0.5, 100, 0.5, -100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
    {
      const double *c = curves[i];
      g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new_cubic_bezier (c[0], c[1], c[2], c[3]);
      g_autofree char *name = gsk_layer_easing_to_string (easing);

      for (guint j = 0; j <= 1000; j++)
        {
          double p = j / 1000.0;
          double expected = reference_bezier (c[0], c[1], c[2], c[3], p);
          /* Where x(t) is flat, as at an end whose control point is
           * level with it, t is only known to about the square root
           * of the rounding error, for both solvers */
          double tolerance = 1e-7 * (1 + fabs (c[1]) + fabs (c[3]));

          if (c[0] == 1 && c[2] == 0 && fabs (p - 0.5) < 1e-2)
            tolerance = 1e-3;

          check_value (name, p, gsk_layer_easing_evaluate (easing, p), expected, tolerance);
        }
    }
}

static void
test_steps (void)
{
  static const struct {
    const char *easing;
    double progress;
    double expected;
  } steps[] = {
    /* The examples of CSS Easing Functions Level 1 */
    { "steps(4, jump-end)", 0, 0 },
    { "steps(4, jump-end)", 0.24, 0 },
    { "steps(4, jump-end)", 0.25, 0.25 },
    { "steps(4, jump-end)", 0.5, 0.5 },
    { "steps(4, jump-end)", 0.99, 0.75 },
    { "steps(4, jump-end)", 1, 1 },
    { "steps(4)", 0.24, 0 },
    { "steps(4)", 0.25, 0.25 },
    { "steps(4, end)", 0.25, 0.25 },
    { "steps(4, jump-start)", 0, 0.25 },
    { "steps(4, jump-start)", 0.24, 0.25 },
    { "steps(4, jump-start)", 0.25, 0.5 },
    { "steps(4, jump-start)", 0.99, 1 },
    { "steps(4, jump-start)", 1, 1 },
    { "steps(4, start)", 0.25, 0.5 },
    { "steps(5, jump-none)", 0, 0 },
    { "steps(5, jump-none)", 0.1, 0 },
    { "steps(5, jump-none)", 0.2, 0.25 },
    { "steps(5, jump-none)", 0.3, 0.25 },
    { "steps(5, jump-none)", 0.5, 0.5 },
    { "steps(5, jump-none)", 0.7, 0.75 },
    { "steps(5, jump-none)", 0.9, 1 },
    { "steps(5, jump-none)", 1, 1 },
    { "steps(2, jump-none)", 0.49, 0 },
    { "steps(2, jump-none)", 0.5, 1 },
    { "steps(3, jump-both)", 0, 0.25 },
    { "steps(3, jump-both)", 0.3, 0.25 },
    { "steps(3, jump-both)", 0.34, 0.5 },
    { "steps(3, jump-both)", 0.67, 0.75 },
    { "steps(3, jump-both)", 0.99, 0.75 },
    { "steps(3, jump-both)", 1, 1 },
    { "step-start", 0, 1 },
    { "step-start", 0.5, 1 },
    { "step-start", 1, 1 },
    { "step-end", 0, 0 },
    { "step-end", 0.99, 0 },
    { "step-end", 1, 1 },
    /* Outside [0, 1] the steps go on (without the before flag, which
     * the progress alone cannot carry) */
    { "steps(4, jump-end)", -0.5, -0.5 },
    { "steps(4, jump-end)", -0.1, -0.25 },
    { "steps(4, jump-end)", 1.5, 1.5 },
    { "steps(4, jump-start)", -0.1, 0 },
    { "steps(4, jump-start)", -0.3, -0.25 },
    { "steps(4, jump-start)", 1.25, 1.5 },
    { "steps(3, jump-both)", 1.0, 1.0 },
    { "steps(3, jump-both)", 1.34, 1.25 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    check_parsed (steps[i].easing, steps[i].progress, steps[i].expected, 0);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (steps[i].easing);

      g_assert_cmpfloat (gsk_layer_easing_get_velocity (easing, steps[i].progress), ==, 0);
    }
}

typedef struct {
  double time;
  double position;
  double velocity;
} SpringSample;

/* From the numerical solution of m x'' + c x' + k (x - 1) = 0; the
 * settle time is where √((x - 1)² + (x'/ω₀)²) falls to 0.001 */
static const struct {
  const char *spring;
  double omega0;
  double settle_time;
  /* Up to a time of 0 */
  SpringSample samples[6];
} springs[] = {
  /* ζ = 0.5 */
  { "spring(1, 100, 10, 0)", 10, 1.35657541322599,
    { { 0.05, 0.1044054734550794, 3.7734520347490683 },
      { 0.1, 0.34029984660829834, 5.3350719511469298 },
      { 0.25, 1.0233595799066924, 2.7410989870570243 },
      { 0.5, 1.0745905665950333, -0.87942420732512854 },
      { 1, 1.0021701167393262, 0.053854806160595677 } } },
  /* Critically damped */
  { "spring(1, 100, 20, 0)", 10, 0.956458409430242,
    { { 0.05, 0.090204010431049865, 3.0326532985631671 },
      { 0.1, 0.26424111765711536, 3.6787944117144232 },
      { 0.25, 0.71270250481635422, 2.0521249655974699 },
      { 0.5, 0.9595723180054872, 0.33689734995427335 } } },
  /* ζ = 2.5 */
  { "spring(1, 100, 50, 0)", 10, 3.34125854702492,
    { { 0.05, 0.062213866098368585, 1.7671076572434547 },
      { 0.1, 0.15178386178471594, 1.7530033800043917 },
      { 0.25, 0.3795081593841021, 1.2950287706860979 },
      { 0.5, 0.63176087089814261, 0.76855981269474794 },
      { 1, 0.87030678565519947, 0.27068549933410822 } } },
  /* ζ = 0.4, pushed towards the target */
  { "spring(2, 50, 8, 3)", 5, 3.54531161776019,
    { { 0.05, 0.16365787332862437, 3.4956613124321999 },
      { 0.1, 0.34477950578514684, 3.7044855151588521 },
      { 0.25, 0.87040357245259559, 3.0413948231549439 },
      { 0.5, 1.3030373184014429, 0.41808955315045963 },
      { 1, 0.98823492200966367, -0.60895486146215921 } } },
  /* Thrown away from the target first */
  { "spring(1, 100, 10, -4)", 10, 1.39582057856287,
    { { 0.05, -0.046532607934883335, 1.7004547424690132 },
      { 0.2, 0.68171378298757965, 5.2676173547450954 } } },
  /* Overdamped and thrown */
  { "spring(1, 100, 50, 7)", 10, 3.26558521538678,
    { { 0.05, 0.18591140210541041, 2.1467337942027833 },
      { 0.2, 0.41187346763067272, 1.2278301369356726 },
      { 1, 0.88925477060858704, 0.23113875207833318 } } },
};

static void
test_spring_values (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (springs); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (springs[i].spring);
      double settle = gsk_layer_easing_get_settle_time (easing);

      if (!(fabs (settle - springs[i].settle_time) <= 1e-9))
        g_test_fail_printf ("%s settles after %.17g s, expected %.17g s",
                            springs[i].spring, settle, springs[i].settle_time);

      for (guint j = 0; springs[i].samples[j].time != 0; j++)
        {
          const SpringSample *sample = &springs[i].samples[j];
          double p = sample->time / settle;

          check_value (springs[i].spring, p,
                       gsk_layer_easing_evaluate (easing, p),
                       sample->position, 1e-12);
          /* Per unit of progress: per second times the duration */
          check_value (springs[i].spring, p,
                       gsk_layer_easing_get_velocity (easing, p),
                       sample->velocity * settle, 1e-10);
        }
    }
}

static void
test_spring_settle (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (springs); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (springs[i].spring);
      double settle = gsk_layer_easing_get_settle_time (easing);
      double y, v;

      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, GSK_LAYER_EASING_SPRING);

      /* Starts at 0 */
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, 0), ==, 0);

      /* Within 0.001 of 1 from progress 1 on, forever */
      for (guint j = 0; j <= 10000; j++)
        {
          double p = 1 + j / 1000.0;

          if (!(fabs (gsk_layer_easing_evaluate (easing, p) - 1) <= 0.001))
            g_test_fail_printf ("%s leaves 1 ± 0.001 at progress %g", springs[i].spring, p);
        }
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, 1e300), ==, 1);
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, INFINITY), ==, 1);
      g_assert_cmpfloat (gsk_layer_easing_get_velocity (easing, 1e300), ==, 0);
      /* Before the start it rests */
      g_assert_cmpfloat (gsk_layer_easing_evaluate (easing, -0.5), ==, 0);
      g_assert_cmpfloat (gsk_layer_easing_get_velocity (easing, -0.5), ==, 0);

      /* …and not long before: at 95% of the settle time it is still
       * too far or too fast */
      y = gsk_layer_easing_evaluate (easing, 0.95) - 1;
      v = gsk_layer_easing_get_velocity (easing, 0.95) / settle / springs[i].omega0;
      g_assert_cmpfloat (y * y + v * v, >, 0.001 * 0.001);
    }
}

static void
test_spring_parameters (void)
{
  g_autoptr (GskLayerEasing) spring = parse_or_fail ("spring(0.5, 250.25, 30, -1.5)");
  g_autoptr (GskLayerEasing) bezier = parse_or_fail ("ease");
  double m = 0, k = 0, c = 0, v = 0;

  g_assert_true (gsk_layer_easing_get_spring (spring, &m, &k, &c, &v));
  g_assert_cmpfloat (m, ==, 0.5);
  g_assert_cmpfloat (k, ==, 250.25);
  g_assert_cmpfloat (c, ==, 30);
  g_assert_cmpfloat (v, ==, -1.5);
  g_assert_true (gsk_layer_easing_get_spring (spring, NULL, NULL, NULL, NULL));

  g_assert_false (gsk_layer_easing_get_spring (bezier, &m, &k, &c, &v));
  g_assert_cmpfloat (m, ==, 0.5);
}

static void
test_spring_overshoot (void)
{
  g_autoptr (GskLayerEasing) under = parse_or_fail ("spring(1, 100, 10, 0)");
  g_autoptr (GskLayerEasing) critical = gsk_layer_easing_new_spring (1, 100, 20, 0);
  g_autoptr (GskLayerEasing) over = gsk_layer_easing_new_spring (1, 100, 50, 0);
  double max = 0;

  for (guint j = 0; j <= 100000; j++)
    {
      double p = j / 50000.0;

      max = MAX (max, gsk_layer_easing_evaluate (under, p));

      if (gsk_layer_easing_evaluate (critical, p) > 1)
        g_test_fail_printf ("critically damped spring overshoots at %g", p);
      if (gsk_layer_easing_evaluate (over, p) > 1)
        g_test_fail_printf ("overdamped spring overshoots at %g", p);
    }

  /* 1 + e^(-πζ/√(1-ζ²)) for ζ = 0.5 */
  check_value ("spring maximum", 0, max, 1.1630335348215805, 1e-8);
}

static void
test_spring_velocity (void)
{
  static const double params[][4] = {
    { 1, 100, 10, 0 },
    { 1, 100, 10, 2.5 },
    { 1, 100, 20, -3 },
    { 3, 10, 40, 7 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    {
      g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new_spring (params[i][0], params[i][1],
                                                                       params[i][2], params[i][3]);
      double settle = gsk_layer_easing_get_settle_time (easing);

      check_value ("spring velocity", 0, gsk_layer_easing_get_velocity (easing, 0),
                   params[i][3] * settle, 1e-12 * settle);
    }
}

/* The derivative against a central difference of the values, for every
 * mode that has one, away from the corners of the bounces */
static void
test_velocity_matches_slope (void)
{
  static const double points[] = { 0.1, 0.3, 0.45, 0.6, 0.85 };
  static const char * const functions[] = {
    "cubic-bezier(0.1, 0.7, 1, 0.1)",
    "cubic-bezier(0.3, -0.5, 0.7, 1.5)",
    "cubic-bezier(0, 1, 1, 0)",
    "spring(1, 100, 10, 0)",
    "spring(1, 100, 20, 1)",
    "spring(2, 10, 40, -2)",
  };
  GPtrArray *easings = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_layer_easing_unref);
  const double h = 1e-6;

  /* Clutter's modes and the CSS cubic Bézier keywords */
  for (guint mode = 0; mode < GSK_LAYER_EASING_STEP_START; mode++)
    g_ptr_array_add (easings, gsk_layer_easing_new (mode));
  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    g_ptr_array_add (easings, parse_or_fail (functions[i]));

  for (guint i = 0; i < easings->len; i++)
    {
      GskLayerEasing *easing = g_ptr_array_index (easings, i);
      g_autofree char *name = gsk_layer_easing_to_string (easing);

      for (guint j = 0; j < G_N_ELEMENTS (points); j++)
        {
          double p = points[j];
          double slope = (gsk_layer_easing_evaluate (easing, p + h) -
                          gsk_layer_easing_evaluate (easing, p - h)) / (2 * h);
          double velocity = gsk_layer_easing_get_velocity (easing, p);

          if (!(fabs (velocity - slope) <= 1e-5 * MAX (1, fabs (slope))))
            g_test_fail_printf ("%s: velocity at %g is %.17g, slope %.17g",
                                name, p, velocity, slope);
        }
    }

  g_ptr_array_unref (easings);
}

static void
test_velocity_known (void)
{
  static const struct {
    const char *easing;
    double progress;
    double velocity;
  } known[] = {
    { "linear", 0.3, 1 },
    { "linear", -2, 1 },
    { "ease-in-quad", 0.5, 1 },
    { "ease-out-cubic", 0, 3 },
    { "ease-in-out-quint", 0.5, 5 },
    { "ease-in-sine", 1, G_PI_2 },
    /* 3 (s + 1) - 2 s */
    { "ease-out-back", 0, 4.70158 },
    { "ease-out-bounce", 0, 0 },
    { "ease-in-bounce", 1, 0 },
    /* Where the control point lies on the tangent at the end */
    { "ease", 0, 0.4 },
    { "ease", 1, 0 },
    { "ease-in", 0, 0 },
    { "ease-in", 1, 1.7241379310344828 },
    { "ease-out", 0, 1.7241379310344828 },
    { "ease-in-out", 0, 0 },
    { "ease-in-out", 1, 0 },
    { "cubic-bezier(0, 0, 1, 1)", 0.5, 1 },
    /* The extrapolated lines */
    { "cubic-bezier(0.1, 0.7, 1, 0.1)", -0.5, 7 },
    { "cubic-bezier(0.1, 0.7, 1, 0.1)", 1.5, 1.0 / 3 },
    { "cubic-bezier(0, 0.5, 0, 1)", -1, 0 },
    { "ease-out-circ", 0, INFINITY },
    { "ease-in-circ", 1, INFINITY },
  };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (known[i].easing);
      double velocity = gsk_layer_easing_get_velocity (easing, known[i].progress);

      if (isinf (known[i].velocity) ? velocity != known[i].velocity
                                    : !(fabs (velocity - known[i].velocity) <= 1e-9))
        g_test_fail_printf ("%s: velocity at %g is %.17g, expected %.17g",
                            known[i].easing, known[i].progress, velocity, known[i].velocity);
    }
}

static void
test_parse_keywords (void)
{
  GEnumClass *enum_class = g_type_class_ref (GSK_TYPE_LAYER_EASING_MODE);

  for (guint i = 0; i < enum_class->n_values; i++)
    {
      const GEnumValue *value = &enum_class->values[i];
      g_autoptr (GskLayerEasing) easing = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *upper = NULL;
      g_autofree char *spaced = NULL;

      if (value->value >= GSK_LAYER_EASING_CUBIC_BEZIER)
        {
          /* The functions need their arguments */
          g_assert_false (gsk_layer_easing_parse (value->value_nick, &easing, &error));
          g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_SYNTAX);
          g_assert_null (easing);
          continue;
        }

      g_assert_true (gsk_layer_easing_parse (value->value_nick, &easing, &error));
      g_assert_no_error (error);
      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, value->value);
      g_clear_pointer (&easing, gsk_layer_easing_unref);

      /* Any case, and white space around */
      upper = g_ascii_strup (value->value_nick, -1);
      spaced = g_strdup_printf ("  %s\t\n", upper);
      g_assert_true (gsk_layer_easing_parse (spaced, &easing, &error));
      g_assert_no_error (error);
      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, value->value);
    }

  g_type_class_unref (enum_class);

  /* The nicks are the names the brief promises */
  g_assert_true (gsk_layer_easing_parse ("ease-in-out-bounce", NULL, NULL));
  g_assert_true (gsk_layer_easing_parse ("ease-out-quad", NULL, NULL));
  g_assert_true (gsk_layer_easing_parse ("step-start", NULL, NULL));
}

static void
test_parse_functions (void)
{
  static const struct {
    const char *text;
    GskLayerEasingMode mode;
    const char *printed;
  } functions[] = {
    { "cubic-bezier(0.1, 0.7, 1, 0.1)", GSK_LAYER_EASING_CUBIC_BEZIER, "cubic-bezier(0.1, 0.7, 1, 0.1)" },
    { "CUBIC-BEZIER( .1 ,.7,1.0,  1e-1 )", GSK_LAYER_EASING_CUBIC_BEZIER, "cubic-bezier(0.1, 0.7, 1, 0.1)" },
    { "cubic-bezier(0, -2.5, 1, +3)", GSK_LAYER_EASING_CUBIC_BEZIER, "cubic-bezier(0, -2.5, 1, 3)" },
    { "steps(4, jump-end)", GSK_LAYER_EASING_STEPS, "steps(4)" },
    { "steps(4)", GSK_LAYER_EASING_STEPS, "steps(4)" },
    { "steps(4, end)", GSK_LAYER_EASING_STEPS, "steps(4)" },
    { "steps(2, start)", GSK_LAYER_EASING_STEPS, "steps(2, jump-start)" },
    { "steps(2, jump-start)", GSK_LAYER_EASING_STEPS, "steps(2, jump-start)" },
    { "steps(5, jump-none)", GSK_LAYER_EASING_STEPS, "steps(5, jump-none)" },
    { "steps(1, Jump-Both)", GSK_LAYER_EASING_STEPS, "steps(1, jump-both)" },
    { "steps(1, jump-start)", GSK_LAYER_EASING_STEPS, "steps(1, jump-start)" },
    { "spring(1, 100, 10, 0)", GSK_LAYER_EASING_SPRING, "spring(1, 100, 10, 0)" },
    { "spring(0.5, 250.25, 3e1, -1.5)", GSK_LAYER_EASING_SPRING, "spring(0.5, 250.25, 30, -1.5)" },
    { "step-start", GSK_LAYER_EASING_STEP_START, "step-start" },
    { "Ease-In-Out", GSK_LAYER_EASING_EASE_IN_OUT, "ease-in-out" },
    { "ease-in-elastic", GSK_LAYER_EASING_EASE_IN_ELASTIC, "ease-in-elastic" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (functions[i].text);
      g_autofree char *printed = gsk_layer_easing_to_string (easing);

      g_assert_cmpint (gsk_layer_easing_get_mode (easing), ==, functions[i].mode);
      g_assert_cmpstr (printed, ==, functions[i].printed);
    }
}

static void
check_round_trip (GskLayerEasing *easing)
{
  g_autofree char *string = gsk_layer_easing_to_string (easing);
  g_autoptr (GskLayerEasing) parsed = parse_or_fail (string);
  g_autofree char *again = gsk_layer_easing_to_string (parsed);

  if (!gsk_layer_easing_equal (easing, parsed))
    g_test_fail_printf ("“%s” reads back as a different easing", string);
  g_assert_cmpstr (again, ==, string);
}

static void
test_to_string_round_trip (void)
{
  static const double numbers[] = {
    0, 1, 0.1, 1.0 / 3, 2.0 / 3, 1e-7, 0.123456789012345678, 0.30000000000000004,
    5e-324, 0.9999999999999999,
  };
  static const double values[] = {
    -1e6, -2.5, -1.0 / 3, -0.1, 0, 0.1, 1.0 / 7, 123456.789, 999999.99999999988, 4.9406564584124654e-300,
  };
  GRand *rand = g_rand_new_with_seed (42);

  for (guint mode = 0; mode < GSK_LAYER_EASING_CUBIC_BEZIER; mode++)
    {
      g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new (mode);

      check_round_trip (easing);
    }

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      for (guint j = 0; j < G_N_ELEMENTS (values); j++)
        {
          g_autoptr (GskLayerEasing) easing =
            gsk_layer_easing_new_cubic_bezier (numbers[i], values[j],
                                               numbers[G_N_ELEMENTS (numbers) - 1 - i],
                                               values[G_N_ELEMENTS (values) - 1 - j]);

          check_round_trip (easing);
        }
    }

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr (GskLayerEasing) bezier =
        gsk_layer_easing_new_cubic_bezier (g_rand_double (rand), g_rand_double_range (rand, -5, 5),
                                           g_rand_double (rand), g_rand_double_range (rand, -5, 5));
      g_autoptr (GskLayerEasing) spring =
        gsk_layer_easing_new_spring (g_rand_double_range (rand, 0.01, 10),
                                     g_rand_double_range (rand, 1, 1000),
                                     g_rand_double_range (rand, 0.1, 100),
                                     g_rand_double_range (rand, -10, 10));

      check_round_trip (bezier);
      check_round_trip (spring);
    }

  for (int n = 1; n < 100; n += 7)
    {
      for (guint position = 0; position <= GSK_LAYER_STEP_JUMP_BOTH; position++)
        {
          g_autoptr (GskLayerEasing) easing = NULL;

          if (n == 1 && position == GSK_LAYER_STEP_JUMP_NONE)
            continue;

          easing = gsk_layer_easing_new_steps (n, position);
          check_round_trip (easing);
        }
    }

  {
    g_autoptr (GskLayerEasing) easing = gsk_layer_easing_new_steps (G_MAXINT, GSK_LAYER_STEP_JUMP_BOTH);

    check_round_trip (easing);
  }

  g_rand_free (rand);
}

static void
test_equal (void)
{
  g_autoptr (GskLayerEasing) a = parse_or_fail ("cubic-bezier(0.1, 0.7, 1, 0.1)");
  g_autoptr (GskLayerEasing) b = gsk_layer_easing_new_cubic_bezier (0.1, 0.7, 1, 0.1);
  g_autoptr (GskLayerEasing) c = gsk_layer_easing_new_cubic_bezier (0.1, 0.7, 1, 0.2);
  g_autoptr (GskLayerEasing) ease = gsk_layer_easing_new (GSK_LAYER_EASING_EASE);
  g_autoptr (GskLayerEasing) ease_bezier = gsk_layer_easing_new_cubic_bezier (0.25, 0.1, 0.25, 1);
  g_autoptr (GskLayerEasing) steps_a = parse_or_fail ("steps(2, start)");
  g_autoptr (GskLayerEasing) steps_b = gsk_layer_easing_new_steps (2, GSK_LAYER_STEP_JUMP_START);
  g_autoptr (GskLayerEasing) steps_c = gsk_layer_easing_new_steps (2, GSK_LAYER_STEP_JUMP_BOTH);
  g_autoptr (GskLayerEasing) steps_d = gsk_layer_easing_new_steps (3, GSK_LAYER_STEP_JUMP_START);
  g_autoptr (GskLayerEasing) step_start = gsk_layer_easing_new (GSK_LAYER_EASING_STEP_START);
  g_autoptr (GskLayerEasing) steps_1 = gsk_layer_easing_new_steps (1, GSK_LAYER_STEP_JUMP_START);
  g_autoptr (GskLayerEasing) spring_a = parse_or_fail ("spring(1, 100, 10, 0)");
  g_autoptr (GskLayerEasing) spring_b = gsk_layer_easing_new_spring (1, 100, 10, 0);
  g_autoptr (GskLayerEasing) spring_c = gsk_layer_easing_new_spring (1, 100, 10, 0.5);
  g_autoptr (GskLayerEasing) quad = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN_QUAD);
  g_autoptr (GskLayerEasing) quad2 = parse_or_fail ("ease-in-quad");
  g_autoptr (GskLayerEasing) cubic = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN_CUBIC);

  g_assert_true (gsk_layer_easing_equal (a, b));
  g_assert_false (gsk_layer_easing_equal (a, c));
  g_assert_false (gsk_layer_easing_equal (ease, ease_bezier));
  g_assert_true (gsk_layer_easing_equal (steps_a, steps_b));
  g_assert_false (gsk_layer_easing_equal (steps_a, steps_c));
  g_assert_false (gsk_layer_easing_equal (steps_a, steps_d));
  g_assert_false (gsk_layer_easing_equal (step_start, steps_1));
  g_assert_true (gsk_layer_easing_equal (spring_a, spring_b));
  g_assert_false (gsk_layer_easing_equal (spring_a, spring_c));
  g_assert_true (gsk_layer_easing_equal (quad, quad2));
  g_assert_false (gsk_layer_easing_equal (quad, cubic));
  g_assert_false (gsk_layer_easing_equal (quad, a));
  g_assert_true (gsk_layer_easing_equal (NULL, NULL));
  g_assert_false (gsk_layer_easing_equal (a, NULL));
  g_assert_false (gsk_layer_easing_equal (NULL, a));

  /* Behaving the same is not being equal, but evaluates the same */
  g_assert_cmpfloat (gsk_layer_easing_evaluate (step_start, 0.5), ==,
                     gsk_layer_easing_evaluate (steps_1, 0.5));
}

static void
test_errors_position (void)
{
  static const struct {
    const char *text;
    GskLayerError code;
    const char *message;
  } errors[] = {
    { "", GSK_LAYER_ERROR_SYNTAX, "characters 1-1: expected an easing function" },
    { "   ", GSK_LAYER_ERROR_SYNTAX, "characters 4-4: expected an easing function" },
    { "ease-in-qaud", GSK_LAYER_ERROR_SYNTAX,
      "characters 1-12: unknown easing function “ease-in-qaud” (expected one of linear, ease-in-quad, *, step-end, cubic-bezier(), steps(), or spring())" },
    { "  bouncy", GSK_LAYER_ERROR_SYNTAX, "characters 3-8: unknown easing function “bouncy”*" },
    { "ëase", GSK_LAYER_ERROR_SYNTAX, "characters 1-4: unknown easing function “ëase”*" },
    { "0.5", GSK_LAYER_ERROR_SYNTAX, "characters 1-3: expected an easing function, got “0.5”" },
    { "ease ease", GSK_LAYER_ERROR_SYNTAX, "characters 6-9: unexpected “ease” after the easing function" },
    { "linear,", GSK_LAYER_ERROR_SYNTAX, "characters 7-7: unexpected “,” after the easing function" },
    { "steps(2) steps(3)", GSK_LAYER_ERROR_SYNTAX, "characters 10-15: unexpected “steps(” after the easing function" },
    { "ease-in(0.5)", GSK_LAYER_ERROR_SYNTAX, "characters 1-8: “ease-in” is a keyword, not a function" },
    { "bezier(0, 0, 1, 1)", GSK_LAYER_ERROR_SYNTAX, "characters 1-7: unknown easing function “bezier()” (expected cubic-bezier(), steps() or spring())" },
    { "steps", GSK_LAYER_ERROR_SYNTAX, "characters 1-5: expected “(” right after “steps”" },
    { "cubic-bezier (0, 0, 1, 1)", GSK_LAYER_ERROR_SYNTAX, "characters 1-12: expected “(” right after “cubic-bezier”" },
    { "cubic-bezier(0, 0, 1)", GSK_LAYER_ERROR_SYNTAX, "characters 1-21: cubic-bezier() takes 4 arguments, got 3" },
    { "cubic-bezier(0, 0, 1, 1, 0)", GSK_LAYER_ERROR_SYNTAX, "characters 1-27: cubic-bezier() takes 4 arguments, got 5" },
    { "cubic-bezier()", GSK_LAYER_ERROR_SYNTAX, "characters 1-14: cubic-bezier() takes 4 arguments, got 0" },
    { "cubic-bezier(0, 0, 1, 1", GSK_LAYER_ERROR_SYNTAX, "characters 1-23: unterminated cubic-bezier(): expected “)”" },
    { "cubic-bezier(", GSK_LAYER_ERROR_SYNTAX, "characters 1-13: unterminated cubic-bezier(): expected “)”" },
    { "cubic-bezier(0 0 1 1)", GSK_LAYER_ERROR_SYNTAX, "characters 16-16: expected “,” or “)”, got “0”" },
    { "cubic-bezier(0, 0, 1,)", GSK_LAYER_ERROR_SYNTAX, "characters 22-22: expected a number, got “)”" },
    { "cubic-bezier(0, 0, 1, 1.)", GSK_LAYER_ERROR_SYNTAX, "characters 24-24: unexpected “.” after “1”" },
    { "cubic-bezier(0, zero, 1, 1)", GSK_LAYER_ERROR_SYNTAX, "characters 17-20: expected a number, got “zero”" },
    { "cubic-bezier(0, 0, 1, inf)", GSK_LAYER_ERROR_SYNTAX, "characters 23-25: expected a number, got “inf”" },
    { "cubic-bezier(0, 0, 1, nan)", GSK_LAYER_ERROR_SYNTAX, "characters 23-25: expected a number, got “nan”" },
    { "cubic-bezier(1.5, 0, 1, 1)", GSK_LAYER_ERROR_INVALID_VALUE,
      "characters 14-16: the x coordinates of cubic-bezier() must be between 0 and 1, got “1.5”" },
    { "cubic-bezier(0, 0, -0.1, 1)", GSK_LAYER_ERROR_INVALID_VALUE,
      "characters 20-23: the x coordinates of cubic-bezier() must be between 0 and 1, got “-0.1”" },
    { "cubic-bezier(0, 1e999, 1, 1)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 17-21: “1e999” is out of range" },
    { "cubic-bezier(0, 0, 1, 1px)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 23-25: expected a number without unit, got “1px”" },
    { "cubic-bezier(0, 50%, 1, 1)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 17-19: expected a number without unit, got “50%”" },
    { "cubic-bezier(0x1, 0, 1, 1)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 14-16: expected a number without unit, got “0x1”" },
    { "steps()", GSK_LAYER_ERROR_SYNTAX, "characters 1-7: steps() takes 1 to 2 arguments, got 0" },
    { "steps(1, end, 3)", GSK_LAYER_ERROR_SYNTAX, "characters 1-16: steps() takes 1 to 2 arguments, got 3" },
    { "steps(0)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-7: steps() needs at least 1 step, got “0”" },
    { "steps(-3, start)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-8: steps() needs at least 1 step, got “-3”" },
    { "steps(1, jump-none)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-7: steps() with jump-none needs at least 2 steps, got “1”" },
    { "steps(2.5)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-9: expected an integer, got “2.5”" },
    { "steps(1e1)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-9: expected an integer, got “1e1”" },
    { "steps(99999999999)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 7-17: “99999999999” is out of range" },
    { "steps(end)", GSK_LAYER_ERROR_SYNTAX, "characters 7-9: expected an integer, got “end”" },
    { "steps(4, middle)", GSK_LAYER_ERROR_SYNTAX,
      "characters 10-15: unknown step position “middle” (expected jump-start, jump-end, jump-none, jump-both, start or end)" },
    { "steps(4, 2)", GSK_LAYER_ERROR_SYNTAX, "characters 10-10: expected a step position, got “2”" },
    { "spring(1, 100, 10)", GSK_LAYER_ERROR_SYNTAX, "characters 1-18: spring() takes 4 arguments, got 3" },
    { "spring(0, 100, 10, 0)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 8-8: the mass of spring() must be more than 0, got “0”" },
    { "spring(1, -100, 10, 0)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 11-14: the stiffness of spring() must be more than 0, got “-100”" },
    { "spring(1, 100, 0, 0)", GSK_LAYER_ERROR_INVALID_VALUE,
      "characters 16-16: the damping of spring() must be more than 0, or the spring never settles, got “0”" },
    { "spring(1, 100, 10, 1e400)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 20-24: “1e400” is out of range" },
    { "spring(1e-300, 1e300, 1, 0)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 1-27: this spring moves too fast to compute: √(stiffness / mass), damping / (2 mass) and the initial velocity must be at most 1e6" },
    { "spring(1, 1e49, 5e-318, 0)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 1-26: this spring moves too fast to compute: √(stiffness / mass), damping / (2 mass) and the initial velocity must be at most 1e6" },
    { "spring(1333, 3, 10, 1e308)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 1-26: this spring moves too fast to compute: √(stiffness / mass), damping / (2 mass) and the initial velocity must be at most 1e6" },
    { "cubic-bezier(0.1, 0.7, 0, 1e308)", GSK_LAYER_ERROR_INVALID_VALUE, "characters 27-31: the y coordinates of cubic-bezier() must be between -1e6 and 1e6, got “1e308”" },
    { "ease \xff", GSK_LAYER_ERROR_SYNTAX, "characters 6-6: invalid UTF-8" },
    { "é\xc3(", GSK_LAYER_ERROR_SYNTAX, "characters 2-2: invalid UTF-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      GskLayerEasing *easing = (GskLayerEasing *) 0x1;
      g_autoptr (GError) error = NULL;

      if (gsk_layer_easing_parse (errors[i].text, &easing, &error))
        {
          g_test_fail_printf ("“%s” parsed", errors[i].text);
          continue;
        }

      /* Nothing returned */
      g_assert_true (easing == (GskLayerEasing *) 0x1);
      g_assert_error (error, GSK_LAYER_ERROR, (int) errors[i].code);
      if (!g_pattern_match_simple (errors[i].message, error->message))
        g_test_fail_printf ("“%s”: message “%s”, expected “%s”",
                            errors[i].text, error->message, errors[i].message);
    }
}

static void
test_errors_constructors (void)
{
  static const double bad_beziers[][4] = {
    { -0.1, 0, 1, 1 },
    { 0, 0, 1.1, 1 },
    { NAN, 0, 1, 1 },
    { 0, 0, NAN, 1 },
    { 0, NAN, 1, 1 },
    { 0, 0, 1, INFINITY },
    { 0, -INFINITY, 1, 1 },
    /* Finite, but beyond the ±1e6 that keeps every curve finite */
    { 0, -1e300, 1, 1e300 },
    { 0.1, 0.7, 0, 1e308 },
  };
  static const double bad_springs[][4] = {
    { 0, 100, 10, 0 },
    { -1, 100, 10, 0 },
    { 1, 0, 10, 0 },
    { 1, -100, 10, 0 },
    { 1, 100, 0, 0 },
    { 1, 100, -10, 0 },
    { NAN, 100, 10, 0 },
    { 1, NAN, 10, 0 },
    { 1, 100, NAN, 0 },
    { 1, 100, 10, NAN },
    { INFINITY, 100, 10, 0 },
    { 1, INFINITY, 10, 0 },
    { 1, 100, INFINITY, 0 },
    { 1, 100, 10, -INFINITY },
    /* Finite, but it would take forever */
    { 1e-300, 1e300, 1, 0 },
    /* Finite, but the motion is not: NaN at the end, infinite */
    { 1, 1e49, 5e-318, 0 },
    { 1333, 3, 10, 1e308 },
  };
  GskLayerEasing *easing;

  for (guint i = 0; i < G_N_ELEMENTS (bad_beziers); i++)
    {
      const double *v = bad_beziers[i];

      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
      easing = gsk_layer_easing_new_cubic_bezier (v[0], v[1], v[2], v[3]);
      g_test_assert_expected_messages ();
      g_assert_null (easing);
    }

  for (guint i = 0; i < G_N_ELEMENTS (bad_springs); i++)
    {
      const double *v = bad_springs[i];

      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
      easing = gsk_layer_easing_new_spring (v[0], v[1], v[2], v[3]);
      g_test_assert_expected_messages ();
      g_assert_null (easing);
    }

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
  easing = gsk_layer_easing_new_steps (0, GSK_LAYER_STEP_JUMP_END);
  g_test_assert_expected_messages ();
  g_assert_null (easing);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
  easing = gsk_layer_easing_new_steps (-2, GSK_LAYER_STEP_JUMP_START);
  g_test_assert_expected_messages ();
  g_assert_null (easing);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
  easing = gsk_layer_easing_new_steps (1, GSK_LAYER_STEP_JUMP_NONE);
  g_test_assert_expected_messages ();
  g_assert_null (easing);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
  easing = gsk_layer_easing_new_steps (2, (GskLayerStepPosition) 17);
  g_test_assert_expected_messages ();
  g_assert_null (easing);

  /* The modes with parameters need their own constructors */
  for (GskLayerEasingMode mode = GSK_LAYER_EASING_CUBIC_BEZIER; mode <= GSK_LAYER_EASING_SPRING; mode++)
    {
      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
      easing = gsk_layer_easing_new (mode);
      g_test_assert_expected_messages ();
      g_assert_null (easing);
    }

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
  easing = gsk_layer_easing_new ((GskLayerEasingMode) -1);
  g_test_assert_expected_messages ();
  g_assert_null (easing);

  /* The edge cases that are fine */
  easing = gsk_layer_easing_new_steps (2, GSK_LAYER_STEP_JUMP_NONE);
  g_assert_nonnull (easing);
  gsk_layer_easing_unref (easing);
  easing = gsk_layer_easing_new_cubic_bezier (0, -1e6, 1, 1e6);
  g_assert_nonnull (easing);
  g_assert_true (isfinite (gsk_layer_easing_evaluate (easing, 0.001)));
  gsk_layer_easing_unref (easing);
  easing = gsk_layer_easing_new_spring (1e-3, 1e-3, 1e-3, -100);
  g_assert_nonnull (easing);
  g_assert_true (isfinite (gsk_layer_easing_get_settle_time (easing)));
  gsk_layer_easing_unref (easing);
}

static void
test_errors_nan (void)
{
  const char *easings[] = { "linear", "ease-in-quad", "ease", "steps(3)", "spring(1, 100, 10, 0)" };

  for (guint i = 0; i < G_N_ELEMENTS (easings); i++)
    {
      g_autoptr (GskLayerEasing) easing = parse_or_fail (easings[i]);
      double value;

      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
      value = gsk_layer_easing_evaluate (easing, NAN);
      g_test_assert_expected_messages ();
      g_assert_cmpfloat (value, ==, 0);

      g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*");
      value = gsk_layer_easing_get_velocity (easing, NAN);
      g_test_assert_expected_messages ();
      g_assert_cmpfloat (value, ==, 0);
    }
}

/* A spring whose damping all but vanishes would settle after some
 * 10^307 s, where its phase overflows and it evaluated to NaN past
 * progress 1 (issue 35, 12): refused, with the parser's error; springs
 * that settle within 10^6 s are finite at any progress */
static void
test_spring_vanishing_damping (void)
{
  const char *refused[] = { "spring(0.6, 2, 3e-307, 45)", "spring(1, 1, 1e-12, 0)", "spring(1, 1e6, 1e-9, 0)" };
  const double progress[] = { 0.5, 1, 1.5, 7, 1e6, 1e300, INFINITY };
  GskLayerEasing *easing = NULL;
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_false (gsk_layer_easing_parse (refused[i], &easing, &error));
      g_test_message ("%s: %s", refused[i], error->message);
      g_assert_nonnull (error);
      g_assert_null (easing);
      g_clear_error (&error);
    }

  /* The gentlest spring taken, and a stiff one with little damping */
  easing = parse_or_fail ("spring(1, 1, 2e-5, 0)");
  g_assert_cmpfloat (gsk_layer_easing_get_settle_time (easing), <=, 1e6);
  g_assert_cmpfloat (gsk_layer_easing_get_settle_time (easing), >, 1e5);
  for (guint i = 0; i < G_N_ELEMENTS (progress); i++)
    {
      double value = gsk_layer_easing_evaluate (easing, progress[i]);

      g_assert_true (isfinite (value));
      g_assert_true (isfinite (gsk_layer_easing_get_velocity (easing, progress[i])));
    }
  gsk_layer_easing_unref (easing);

  easing = parse_or_fail ("spring(1, 1e12, 0.5, 1e6)");
  for (guint i = 0; i < G_N_ELEMENTS (progress); i++)
    {
      g_assert_true (isfinite (gsk_layer_easing_evaluate (easing, progress[i])));
      g_assert_true (isfinite (gsk_layer_easing_get_velocity (easing, progress[i])));
    }
  gsk_layer_easing_unref (easing);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/easing/boxed", test_boxed);
  g_test_add_func ("/easing/clutter/values", test_clutter_values);
  g_test_add_func ("/easing/clutter/outside", test_clutter_outside);
  g_test_add_func ("/easing/css/keywords", test_css_keywords);
  g_test_add_func ("/easing/css/cubic-bezier/values", test_cubic_bezier_values);
  g_test_add_func ("/easing/css/cubic-bezier/linear", test_cubic_bezier_linear);
  g_test_add_func ("/easing/css/cubic-bezier/symmetry", test_cubic_bezier_symmetry);
  g_test_add_func ("/easing/css/cubic-bezier/extrapolation", test_cubic_bezier_extrapolation);
  g_test_add_func ("/easing/css/cubic-bezier/hard-curves", test_cubic_bezier_hard);
  g_test_add_func ("/easing/css/steps", test_steps);
  g_test_add_func ("/easing/spring/values", test_spring_values);
  g_test_add_func ("/easing/spring/settle", test_spring_settle);
  g_test_add_func ("/easing/spring/parameters", test_spring_parameters);
  g_test_add_func ("/easing/spring/overshoot", test_spring_overshoot);
  g_test_add_func ("/easing/spring/velocity", test_spring_velocity);
  g_test_add_func ("/easing/spring/vanishing-damping", test_spring_vanishing_damping);
  g_test_add_func ("/easing/velocity/matches-slope", test_velocity_matches_slope);
  g_test_add_func ("/easing/velocity/known", test_velocity_known);
  g_test_add_func ("/easing/parse/keywords", test_parse_keywords);
  g_test_add_func ("/easing/parse/functions", test_parse_functions);
  g_test_add_func ("/easing/to-string/round-trip", test_to_string_round_trip);
  g_test_add_func ("/easing/equal", test_equal);
  g_test_add_func ("/easing/errors/position", test_errors_position);
  g_test_add_func ("/easing/errors/constructors", test_errors_constructors);
  g_test_add_func ("/easing/errors/nan", test_errors_nan);

  return g_test_run ();
}
