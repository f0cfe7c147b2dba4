/* gsk-layer-transform-parser.c: the CSS text of a transform, read
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-css-scanner-private.h"

#include <math.h>

typedef enum {
  FUNC_MATRIX,
  FUNC_MATRIX3D,
  FUNC_PERSPECTIVE,
  FUNC_ROTATE,
  FUNC_ROTATE3D,
  FUNC_ROTATE_X,
  FUNC_ROTATE_Y,
  FUNC_ROTATE_Z,
  FUNC_SCALE,
  FUNC_SCALE3D,
  FUNC_SCALE_X,
  FUNC_SCALE_Y,
  FUNC_SCALE_Z,
  FUNC_SKEW,
  FUNC_SKEW_X,
  FUNC_SKEW_Y,
  FUNC_TRANSLATE,
  FUNC_TRANSLATE3D,
  FUNC_TRANSLATE_X,
  FUNC_TRANSLATE_Y,
  FUNC_TRANSLATE_Z,
  N_FUNCS
} TransformFunc;

#define MAX_ARGS 16

/* One letter per argument: n(umber), l(ength) or a(ngle) */
static const GskLayerCssFunction transform_funcs[N_FUNCS] = {
  [FUNC_MATRIX]      = { "matrix",      6,  "nnnnnn" },
  [FUNC_MATRIX3D]    = { "matrix3d",    16, "nnnnnnnnnnnnnnnn" },
  [FUNC_PERSPECTIVE] = { "perspective", 1,  "l" },
  [FUNC_ROTATE]      = { "rotate",      1,  "a" },
  [FUNC_ROTATE3D]    = { "rotate3d",    4,  "nnna" },
  [FUNC_ROTATE_X]    = { "rotateX",     1,  "a" },
  [FUNC_ROTATE_Y]    = { "rotateY",     1,  "a" },
  [FUNC_ROTATE_Z]    = { "rotateZ",     1,  "a" },
  [FUNC_SCALE]       = { "scale",       1,  "nn" },
  [FUNC_SCALE3D]     = { "scale3d",     3,  "nnn" },
  [FUNC_SCALE_X]     = { "scaleX",      1,  "n" },
  [FUNC_SCALE_Y]     = { "scaleY",      1,  "n" },
  [FUNC_SCALE_Z]     = { "scaleZ",      1,  "n" },
  [FUNC_SKEW]        = { "skew",        1,  "aa" },
  [FUNC_SKEW_X]      = { "skewX",       1,  "a" },
  [FUNC_SKEW_Y]      = { "skewY",       1,  "a" },
  [FUNC_TRANSLATE]   = { "translate",   1,  "ll" },
  [FUNC_TRANSLATE3D] = { "translate3d", 3,  "lll" },
  [FUNC_TRANSLATE_X] = { "translateX",  1,  "l" },
  [FUNC_TRANSLATE_Y] = { "translateY",  1,  "l" },
  [FUNC_TRANSLATE_Z] = { "translateZ",  1,  "l" },
};

static const char *
arg_kind_name (char kind)
{
  switch (kind)
    {
    case 'n':
      return "a number";
    case 'l':
      return "a length";
    case 'a':
      return "an angle";
    default:
      return "a value";
    }
}

static char *
list_transform_funcs (void)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < N_FUNCS; i++)
    {
      if (i > 0)
        g_string_append (names, ", ");
      g_string_append (names, transform_funcs[i].name);
    }

  return g_string_free (names, FALSE);
}

/* Checks the unit of @arg against @kind and converts it to a float in
 * pixels or degrees */
static gboolean
parser_convert_arg (GskLayerCssParser    *parser,
                    const GskLayerCssArg *arg,
                    char                  kind,
                    float                *out_value)
{
  const char *unit = arg->unit;
  const char *end = arg->end;
  int length = arg->end - arg->start;
  double value = arg->value;

  if (arg->is_ident)
    return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_SYNTAX,
                                       "expected %s, got “%.*s”",
                                       arg_kind_name (kind), length, arg->start);

  if (gsk_layer_css_span_equal (unit, end, "%"))
    return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "percentages are not supported: “%.*s”",
                                       length, arg->start);

  switch (kind)
    {
    case 'n':
      if (unit != end)
        return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                           "expected a number without unit, got “%.*s”",
                                           length, arg->start);
      break;

    case 'l':
      /* Unitless lengths are read as pixels, leniently */
      if (unit != end && !gsk_layer_css_span_equal (unit, end, "px"))
        return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                           "expected a length in px, got “%.*s”",
                                           length, arg->start);
      break;

    case 'a':
      if (unit == end)
        {
          if (value != 0.0)
            return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                               "the angle “%.*s” needs a unit (deg, rad, grad or turn)",
                                               length, arg->start);
        }
      else if (gsk_layer_css_span_equal (unit, end, "deg"))
        ;
      else if (gsk_layer_css_span_equal (unit, end, "rad"))
        value = value * 180.0 / G_PI;
      else if (gsk_layer_css_span_equal (unit, end, "grad"))
        value = value * 0.9;
      else if (gsk_layer_css_span_equal (unit, end, "turn"))
        value = value * 360.0;
      else
        return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                           "expected an angle in deg, rad, grad or turn, got “%.*s”",
                                           length, arg->start);
      break;

    default:
      g_assert_not_reached ();
    }

  /* Whatever would round to infinity as a float, including overflow in
   * strtod (1e999); the limit is halfway between G_MAXFLOAT and 2^128,
   * so that G_MAXFLOAT printed with 9 digits still reads back */
  if (!(fabs (value) < 0x1.ffffffp127))
    return gsk_layer_css_parser_error (parser, arg->start, end, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "“%.*s” is out of range", length, arg->start);

  *out_value = value;

  return TRUE;
}

/* Translations, scale factors and matrix entries, within
 * GSK_LAYER_MAX_COORDINATE; skews short of 90°. Rotation axes are
 * normalized and perspective depths only divide: any finite value. */
static gboolean
arg_is_in_range (GskLayerCssParser    *parser,
                 TransformFunc         func,
                 const GskLayerCssArg *arg,
                 char                  kind,
                 float                 value)
{
  int length = arg->end - arg->start;

  switch (func)
    {
    case FUNC_ROTATE:
    case FUNC_ROTATE3D:
    case FUNC_ROTATE_X:
    case FUNC_ROTATE_Y:
    case FUNC_ROTATE_Z:
    case FUNC_PERSPECTIVE:
      return TRUE;

    case FUNC_SKEW:
    case FUNC_SKEW_X:
    case FUNC_SKEW_Y:
      if (gsk_layer_transform_skew_is_valid (value))
        return TRUE;
      return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                         "the skew “%.*s” is too close to 90°", length, arg->start);

    case FUNC_MATRIX:
    case FUNC_MATRIX3D:
    case FUNC_SCALE:
    case FUNC_SCALE3D:
    case FUNC_SCALE_X:
    case FUNC_SCALE_Y:
    case FUNC_SCALE_Z:
    case FUNC_TRANSLATE:
    case FUNC_TRANSLATE3D:
    case FUNC_TRANSLATE_X:
    case FUNC_TRANSLATE_Y:
    case FUNC_TRANSLATE_Z:
      if (fabsf (value) <= GSK_LAYER_MAX_COORDINATE)
        return TRUE;
      return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                         "“%.*s” is out of range (at most %.0f%s)", length, arg->start,
                                         GSK_LAYER_MAX_COORDINATE, kind == 'l' ? "px" : "");

    case N_FUNCS:
    default:
      g_assert_not_reached ();
    }
}

/* Parses one function call at *@pp and appends it to @transform */
static gboolean
parse_function (GskLayerCssParser  *parser,
                const char        **pp,
                GskLayerTransform **transform)
{
  const char *name = *pp;
  const char *name_end, *p;
  GskLayerCssArg args[MAX_ARGS];
  float v[MAX_ARGS];
  guint n_args;
  gboolean is_none;
  TransformFunc func;
  const char *kinds;

  if (!gsk_layer_css_is_ident_start (name))
    {
      const char *end = gsk_layer_css_parser_scan_token (parser, name);

      return gsk_layer_css_parser_error (parser, name, end, GSK_LAYER_ERROR_SYNTAX,
                                         "expected a transform function, got “%.*s”",
                                         (int) (end - name), name);
    }

  name_end = gsk_layer_css_scan_ident (name);

  for (func = 0; func < N_FUNCS; func++)
    {
      if (gsk_layer_css_span_equal (name, name_end, transform_funcs[func].name))
        break;
    }

  if (*name_end != '(')
    {
      if (gsk_layer_css_span_equal (name, name_end, "none"))
        return gsk_layer_css_parser_error (parser, name, name_end, GSK_LAYER_ERROR_SYNTAX,
                                           "“none” cannot be combined with transform functions");
      if (func < N_FUNCS)
        return gsk_layer_css_parser_error (parser, name, name_end, GSK_LAYER_ERROR_SYNTAX,
                                           "expected “(” right after “%.*s”",
                                           (int) (name_end - name), name);
    }

  if (func == N_FUNCS)
    {
      char *known = list_transform_funcs ();

      gsk_layer_css_parser_error (parser, name, name_end, GSK_LAYER_ERROR_SYNTAX,
                                  "unknown transform function “%.*s” (expected one of %s)",
                                  (int) (name_end - name), name, known);
      g_free (known);

      return FALSE;
    }

  if (!gsk_layer_css_parser_parse_args (parser, &transform_funcs[func], arg_kind_name,
                                        name, name_end, args, MAX_ARGS, &n_args, &p))
    return FALSE;

  kinds = transform_funcs[func].args;
  is_none = args[0].is_ident && gsk_layer_css_span_equal (args[0].start, args[0].end, "none");

  /* perspective(none), from CSS Transforms 2, is the identity */
  if (func == FUNC_PERSPECTIVE && is_none)
    {
      *pp = p;
      return TRUE;
    }

  for (guint i = 0; i < n_args; i++)
    {
      if (!parser_convert_arg (parser, &args[i], kinds[i], &v[i]))
        return FALSE;
      if (!arg_is_in_range (parser, func, &args[i], kinds[i], v[i]))
        return FALSE;
    }

  switch (func)
    {
    case FUNC_MATRIX:
      {
        graphene_matrix_t m;

        graphene_matrix_init_from_2d (&m, v[0], v[1], v[2], v[3], v[4], v[5]);
        *transform = gsk_layer_transform_matrix (*transform, &m);
      }
      break;

    case FUNC_MATRIX3D:
      {
        graphene_matrix_t m;

        /* CSS lists matrix3d() column by column, which is graphene's
         * row-major order of the transposed, row-vector matrix */
        graphene_matrix_init_from_float (&m, v);
        *transform = gsk_layer_transform_matrix (*transform, &m);
      }
      break;

    case FUNC_PERSPECTIVE:
      if (v[0] < 0.f)
        return gsk_layer_css_parser_error (parser, args[0].start, args[0].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                           "perspective() needs a depth of 0 or more, got “%.*s”",
                                           (int) (args[0].end - args[0].start), args[0].start);
      /* CSS Transforms 2: depths below 1px count as 1px */
      *transform = gsk_layer_transform_perspective (*transform, MAX (v[0], 1.f));
      break;

    case FUNC_ROTATE:
    case FUNC_ROTATE_Z:
      *transform = gsk_layer_transform_rotate_internal (*transform, v[0], 0.f, 0.f, 1.f);
      break;

    case FUNC_ROTATE3D:
      if (v[0] == 0.f && v[1] == 0.f && v[2] == 0.f)
        return gsk_layer_css_parser_error (parser, args[0].start, args[2].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                           "rotate3d() needs an axis that is not zero");
      *transform = gsk_layer_transform_rotate_internal (*transform, v[3], v[0], v[1], v[2]);
      break;

    case FUNC_ROTATE_X:
      *transform = gsk_layer_transform_rotate_internal (*transform, v[0], 1.f, 0.f, 0.f);
      break;

    case FUNC_ROTATE_Y:
      *transform = gsk_layer_transform_rotate_internal (*transform, v[0], 0.f, 1.f, 0.f);
      break;

    case FUNC_SCALE:
      *transform = gsk_layer_transform_scale (*transform, v[0], n_args > 1 ? v[1] : v[0]);
      break;

    case FUNC_SCALE3D:
      *transform = gsk_layer_transform_scale_3d (*transform, v[0], v[1], v[2]);
      break;

    case FUNC_SCALE_X:
      *transform = gsk_layer_transform_scale (*transform, v[0], 1.f);
      break;

    case FUNC_SCALE_Y:
      *transform = gsk_layer_transform_scale (*transform, 1.f, v[0]);
      break;

    case FUNC_SCALE_Z:
      *transform = gsk_layer_transform_scale_3d (*transform, 1.f, 1.f, v[0]);
      break;

    case FUNC_SKEW:
      *transform = gsk_layer_transform_skew (*transform, v[0], n_args > 1 ? v[1] : 0.f);
      break;

    case FUNC_SKEW_X:
      *transform = gsk_layer_transform_skew (*transform, v[0], 0.f);
      break;

    case FUNC_SKEW_Y:
      *transform = gsk_layer_transform_skew (*transform, 0.f, v[0]);
      break;

    case FUNC_TRANSLATE:
      *transform = gsk_layer_transform_translate (*transform, v[0], n_args > 1 ? v[1] : 0.f);
      break;

    case FUNC_TRANSLATE3D:
      *transform = gsk_layer_transform_translate_3d (*transform, v[0], v[1], v[2]);
      break;

    case FUNC_TRANSLATE_X:
      *transform = gsk_layer_transform_translate (*transform, v[0], 0.f);
      break;

    case FUNC_TRANSLATE_Y:
      *transform = gsk_layer_transform_translate (*transform, 0.f, v[0]);
      break;

    case FUNC_TRANSLATE_Z:
      *transform = gsk_layer_transform_translate_3d (*transform, 0.f, 0.f, v[0]);
      break;

    case N_FUNCS:
    default:
      g_assert_not_reached ();
    }

  /* Each operation within range, their product may still overflow */
  if (!gsk_layer_transform_is_finite (*transform))
    return gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "the transform overflows here: its operations multiply "
                                       "to more than a float holds");

  *pp = p;

  return TRUE;
}

static gboolean
transform_parse (GskLayerCssParser  *parser,
                 GskLayerTransform **out_transform)
{
  GskLayerTransform *transform = NULL;
  const char *p = parser->string;

  if (!gsk_layer_css_parser_check_utf8 (parser))
    return FALSE;

  gsk_layer_css_skip_space (&p);

  /* "none" alone; combined with functions it is an error below */
  if (gsk_layer_css_is_ident_start (p))
    {
      const char *end = gsk_layer_css_scan_ident (p);

      if (gsk_layer_css_span_equal (p, end, "none"))
        {
          gsk_layer_css_skip_space (&end);
          if (*end == '\0')
            p = end;
        }
    }

  while (*p != '\0')
    {
      if (!parse_function (parser, &p, &transform))
        {
          gsk_layer_transform_unref (transform);
          return FALSE;
        }

      gsk_layer_css_skip_space (&p);
    }

  if (out_transform != NULL)
    *out_transform = transform;
  else
    gsk_layer_transform_unref (transform);

  return TRUE;
}

/* transform_parse() for gsk_layer_css_parse() */
static gboolean
transform_parse_func (GskLayerCssParser *parser,
                      gpointer           out)
{
  return transform_parse (parser, out);
}

gboolean
gsk_layer_transform_parse_with_range (const char         *string,
                                      GskLayerTransform **out_transform,
                                      glong              *out_error_start,
                                      glong              *out_error_end,
                                      GError            **error)
{
  g_return_val_if_fail (string != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gsk_layer_css_parse_with_range (string, GSK_LAYER_CSS_PARSER_DEFAULT,
                                         transform_parse_func, out_transform,
                                         out_error_start, out_error_end, error);
}

/**
 * gsk_layer_transform_parse:
 * @string: the CSS text of a transform
 * @out_transform: (out) (optional) (nullable) (transfer full): return
 *   location for the transform
 * @error: return location for an error
 *
 * Parses the value of a CSS `transform` property.
 *
 * All the transform functions of CSS Transforms 1 and 2 are understood,
 * in any case, with their arguments separated by commas: `matrix()`,
 * `matrix3d()`, `perspective()`, `rotate()`, `rotate3d()`,
 * `rotateX()`, `rotateY()`, `rotateZ()`, `scale()`, `scale3d()`,
 * `scaleX()`, `scaleY()`, `scaleZ()`, `skew()`, `skewX()`, `skewY()`,
 * `translate()`, `translate3d()`, `translateX()`, `translateY()` and
 * `translateZ()`. Lengths are in `px` or without a unit; angles in `deg`,
 * `rad`, `grad` or `turn`, or a bare `0`. Percentages are not supported.
 * `none` and text of only white space are the identity, `NULL`.
 *
 * On failure @out_transform is left untouched and @error, in the
 * %GSK_LAYER_ERROR domain, is %GSK_LAYER_ERROR_SYNTAX for malformed text
 * and unknown functions, or %GSK_LAYER_ERROR_INVALID_VALUE for values of
 * the wrong kind or out of range, such as `perspective(-5px)` or
 * `1e999`. Its message starts with the 1-based range of characters,
 * both ends included, where the problem lies:
 * `characters 15-19: unknown transform function “rotat” (…)`.
 *
 * Returns: whether @string was parsed
 *
 * Since: 0.1
 */
gboolean
gsk_layer_transform_parse (const char         *string,
                           GskLayerTransform **out_transform,
                           GError            **error)
{
  g_return_val_if_fail (string != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gsk_layer_css_parse (string, GSK_LAYER_CSS_PARSER_DEFAULT,
                              transform_parse_func, out_transform, error);
}
