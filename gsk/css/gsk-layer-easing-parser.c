/* gsk-layer-easing-parser.c: the CSS text of an easing, read
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "gsk-layer-easing.h"
#include "gsk-layer-easing-private.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer-css-scanner-private.h"

#include <math.h>

typedef enum {
  FUNC_CUBIC_BEZIER,
  FUNC_STEPS,
  FUNC_SPRING,
  N_FUNCS
} EasingFunc;

#define MAX_ARGS 4

/* One letter per argument: n(umber), i(nteger) or p(osition) */
static const GskLayerCssFunction easing_funcs[N_FUNCS] = {
  [FUNC_CUBIC_BEZIER] = { "cubic-bezier", 4, "nnnn" },
  [FUNC_STEPS]        = { "steps",        1, "ip" },
  [FUNC_SPRING]       = { "spring",       4, "nnnn" },
};

/* The keyword spelled from @start to @end, in any case; FALSE for
 * unknown words and the modes that are functions */
static gboolean
lookup_keyword (const char         *start,
                const char         *end,
                GskLayerEasingMode *out_mode)
{
  GEnumClass *enum_class = g_type_class_ref (GSK_TYPE_LAYER_EASING_MODE);
  gboolean found = FALSE;

  for (guint i = 0; i < enum_class->n_values; i++)
    {
      const GEnumValue *value = &enum_class->values[i];

      if (value->value < GSK_LAYER_EASING_N_KEYWORD_MODES && gsk_layer_css_span_equal (start, end, value->value_nick))
        {
          *out_mode = value->value;
          found = TRUE;
          break;
        }
    }

  g_type_class_unref (enum_class);

  return found;
}

static gboolean
lookup_step_position (const char           *start,
                      const char           *end,
                      GskLayerStepPosition *out_position)
{
  /* CSS's older names, which it still accepts */
  if (gsk_layer_css_span_equal (start, end, "start"))
    {
      *out_position = GSK_LAYER_STEP_JUMP_START;
      return TRUE;
    }
  if (gsk_layer_css_span_equal (start, end, "end"))
    {
      *out_position = GSK_LAYER_STEP_JUMP_END;
      return TRUE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (gsk_layer_easing_step_positions); i++)
    {
      if (gsk_layer_css_span_equal (start, end, gsk_layer_easing_step_positions[i]))
        {
          *out_position = i;
          return TRUE;
        }
    }

  return FALSE;
}

static char *
list_easings (void)
{
  GEnumClass *enum_class = g_type_class_ref (GSK_TYPE_LAYER_EASING_MODE);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < enum_class->n_values; i++)
    {
      const GEnumValue *value = &enum_class->values[i];

      if (value->value < GSK_LAYER_EASING_N_KEYWORD_MODES)
        g_string_append_printf (names, "%s, ", value->value_nick);
    }
  g_type_class_unref (enum_class);

  for (guint i = 0; i < N_FUNCS; i++)
    g_string_append_printf (names, i + 1 < N_FUNCS ? "%s(), " : "or %s()",
                            easing_funcs[i].name);

  return g_string_free (names, FALSE);
}

static const char *
arg_kind_name (char kind)
{
  switch (kind)
    {
    case 'n':
      return "a number";
    case 'i':
      return "an integer";
    case 'p':
      return "a step position";
    default:
      return "a value";
    }
}

static gboolean
span_is_integer (const char *start,
                 const char *end)
{
  for (const char *p = start; p < end; p++)
    {
      if (*p == '.' || *p == 'e' || *p == 'E')
        return FALSE;
    }

  return TRUE;
}

/* Checks that @arg is a plain number, or an integer for @kind 'i' */
static gboolean
parser_convert_number (GskLayerCssParser    *parser,
                       const GskLayerCssArg *arg,
                       char                  kind,
                       double               *out_value)
{
  int length = arg->end - arg->start;

  if (arg->is_ident)
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_SYNTAX,
                                       "expected %s, got “%.*s”",
                                       arg_kind_name (kind), length, arg->start);

  if (arg->unit != arg->end)
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "expected %s without unit, got “%.*s”",
                                       arg_kind_name (kind), length, arg->start);

  /* A CSS <integer> has neither a fraction nor an exponent */
  if (kind == 'i' && !span_is_integer (arg->start, arg->end))
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "expected an integer, got “%.*s”",
                                       length, arg->start);

  /* Including overflow in strtod (1e999) */
  if (!isfinite (arg->value) || (kind == 'i' && fabs (arg->value) > G_MAXINT))
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "“%.*s” is out of range", length, arg->start);

  *out_value = arg->value;

  return TRUE;
}

static gboolean
parser_convert_position (GskLayerCssParser    *parser,
                         const GskLayerCssArg *arg,
                         GskLayerStepPosition *out_position)
{
  int length = arg->end - arg->start;

  if (!arg->is_ident)
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_SYNTAX,
                                       "expected a step position, got “%.*s”",
                                       length, arg->start);

  if (!lookup_step_position (arg->start, arg->end, out_position))
    return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_SYNTAX,
                                       "unknown step position “%.*s” (expected jump-start, jump-end, "
                                       "jump-none, jump-both, start or end)",
                                       length, arg->start);

  return TRUE;
}

static gboolean
check_positive (GskLayerCssParser    *parser,
                const GskLayerCssArg *arg,
                double                value,
                const char           *what,
                const char           *why)
{
  if (value > 0.0)
    return TRUE;

  return gsk_layer_css_parser_error (parser, arg->start, arg->end, GSK_LAYER_ERROR_INVALID_VALUE,
                                     "the %s of spring() must be more than 0%s, got “%.*s”",
                                     what, why, (int) (arg->end - arg->start), arg->start);
}

/* Parses the function whose name runs from @name to @name_end, where a
 * '(' follows, and sets *@pp past its ')' */
static GskLayerEasing *
parse_function (GskLayerCssParser  *parser,
                const char         *name,
                const char         *name_end,
                const char        **pp)
{
  GskLayerCssArg args[MAX_ARGS];
  double v[MAX_ARGS];
  guint n_args;
  const char *p;
  EasingFunc func;

  for (func = 0; func < N_FUNCS; func++)
    {
      if (gsk_layer_css_span_equal (name, name_end, easing_funcs[func].name))
        break;
    }

  if (func == N_FUNCS)
    {
      GskLayerEasingMode mode;

      if (lookup_keyword (name, name_end, &mode))
        gsk_layer_css_parser_error (parser, name, name_end + 1, GSK_LAYER_ERROR_SYNTAX,
                                    "“%.*s” is a keyword, not a function",
                                    (int) (name_end - name), name);
      else
        gsk_layer_css_parser_error (parser, name, name_end + 1, GSK_LAYER_ERROR_SYNTAX,
                                    "unknown easing function “%.*s()” (expected cubic-bezier(), "
                                    "steps() or spring())",
                                    (int) (name_end - name), name);

      return NULL;
    }

  if (!gsk_layer_css_parser_parse_args (parser, &easing_funcs[func], arg_kind_name,
                                        name, name_end, args, MAX_ARGS, &n_args, &p))
    return NULL;

  *pp = p;

  switch (func)
    {
    case FUNC_CUBIC_BEZIER:
      for (guint i = 0; i < 4; i++)
        {
          if (!parser_convert_number (parser, &args[i], 'n', &v[i]))
            return NULL;
        }
      for (guint i = 0; i < 4; i += 2)
        {
          if (!(v[i] >= 0.0 && v[i] <= 1.0))
            {
              gsk_layer_css_parser_error (parser, args[i].start, args[i].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                          "the x coordinates of cubic-bezier() must be between 0 and 1, "
                                          "got “%.*s”",
                                          (int) (args[i].end - args[i].start), args[i].start);
              return NULL;
            }
          if (!(fabs (v[i + 1]) <= GSK_LAYER_EASING_MAX_PARAMETER))
            {
              gsk_layer_css_parser_error (parser, args[i + 1].start, args[i + 1].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                          "the y coordinates of cubic-bezier() must be between -1e6 and 1e6, "
                                          "got “%.*s”",
                                          (int) (args[i + 1].end - args[i + 1].start), args[i + 1].start);
              return NULL;
            }
        }
      return gsk_layer_easing_new_cubic_bezier (v[0], v[1], v[2], v[3]);

    case FUNC_STEPS:
      {
        GskLayerStepPosition position = GSK_LAYER_STEP_JUMP_END;

        if (!parser_convert_number (parser, &args[0], 'i', &v[0]))
          return NULL;
        if (n_args > 1 && !parser_convert_position (parser, &args[1], &position))
          return NULL;

        if (position == GSK_LAYER_STEP_JUMP_NONE && v[0] < 2)
          {
            gsk_layer_css_parser_error (parser, args[0].start, args[0].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "steps() with jump-none needs at least 2 steps, got “%.*s”",
                                        (int) (args[0].end - args[0].start), args[0].start);
            return NULL;
          }
        if (v[0] < 1)
          {
            gsk_layer_css_parser_error (parser, args[0].start, args[0].end, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "steps() needs at least 1 step, got “%.*s”",
                                        (int) (args[0].end - args[0].start), args[0].start);
            return NULL;
          }

        return gsk_layer_easing_new_steps ((int) v[0], position);
      }

    case FUNC_SPRING:
      {
        GskLayerEasing *easing;

        for (guint i = 0; i < 4; i++)
          {
            if (!parser_convert_number (parser, &args[i], 'n', &v[i]))
              return NULL;
          }
        if (!check_positive (parser, &args[0], v[0], "mass", "") ||
            !check_positive (parser, &args[1], v[1], "stiffness", "") ||
            !check_positive (parser, &args[2], v[2], "damping",
                             ", or the spring never settles"))
          return NULL;

        /* Not through gsk_layer_easing_new_spring(): values too extreme
         * to settle are an error here, not a critical */
        if (!(sqrt (v[1] / v[0]) <= GSK_LAYER_EASING_MAX_PARAMETER &&
              v[2] / (2 * v[0]) <= GSK_LAYER_EASING_MAX_PARAMETER &&
              fabs (v[3]) <= GSK_LAYER_EASING_MAX_PARAMETER))
          {
            gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "this spring moves too fast to compute: √(stiffness / mass), "
                                        "damping / (2 mass) and the initial velocity must be at most 1e6");
            return NULL;
          }
        easing = gsk_layer_easing_try_new_spring (v[0], v[1], v[2], v[3]);
        if (easing == NULL)
          {
            gsk_layer_css_parser_error (parser, name, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "this spring does not settle within 10^6 s (its damping, or its stiffness, is too small)");
            return NULL;
          }

        return easing;
      }

    case N_FUNCS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
easing_parse (GskLayerCssParser  *parser,
              GskLayerEasing    **out_easing)
{
  GskLayerEasing *easing;
  GskLayerEasingMode mode;
  const char *p = parser->string;
  const char *name_end, *end;

  if (!gsk_layer_css_parser_check_utf8 (parser))
    return FALSE;

  gsk_layer_css_skip_space (&p);

  if (*p == '\0')
    return gsk_layer_css_parser_error (parser, p, p, GSK_LAYER_ERROR_SYNTAX,
                                       "expected an easing function");

  if (!gsk_layer_css_is_ident_start (p))
    {
      end = gsk_layer_css_parser_scan_token (parser, p);
      return gsk_layer_css_parser_error (parser, p, end, GSK_LAYER_ERROR_SYNTAX,
                                         "expected an easing function, got “%.*s”",
                                         (int) (end - p), p);
    }

  name_end = gsk_layer_css_scan_ident (p);

  if (*name_end == '(')
    {
      end = name_end;
      easing = parse_function (parser, p, name_end, &end);
      if (easing == NULL)
        return FALSE;
    }
  else if (lookup_keyword (p, name_end, &mode))
    {
      easing = gsk_layer_easing_new (mode);
      end = name_end;
    }
  else
    {
      for (guint i = 0; i < N_FUNCS; i++)
        {
          if (gsk_layer_css_span_equal (p, name_end, easing_funcs[i].name))
            return gsk_layer_css_parser_error (parser, p, name_end, GSK_LAYER_ERROR_SYNTAX,
                                               "expected “(” right after “%s”",
                                               easing_funcs[i].name);
        }

      {
        char *known = list_easings ();

        gsk_layer_css_parser_error (parser, p, name_end, GSK_LAYER_ERROR_SYNTAX,
                                    "unknown easing function “%.*s” (expected one of %s)",
                                    (int) (name_end - p), p, known);
        g_free (known);

        return FALSE;
      }
    }

  gsk_layer_css_skip_space (&end);
  if (*end != '\0')
    {
      const char *token_end = gsk_layer_css_parser_scan_token (parser, end);

      gsk_layer_easing_unref (easing);

      return gsk_layer_css_parser_error (parser, end, token_end, GSK_LAYER_ERROR_SYNTAX,
                                         "unexpected “%.*s” after the easing function",
                                         (int) (token_end - end), end);
    }

  if (out_easing != NULL)
    *out_easing = easing;
  else
    gsk_layer_easing_unref (easing);

  return TRUE;
}

/* easing_parse() for gsk_layer_css_parse() */
static gboolean
easing_parse_func (GskLayerCssParser *parser,
                   gpointer           out)
{
  return easing_parse (parser, out);
}

/**
 * gsk_layer_easing_parse:
 * @string: the text of an easing
 * @out_easing: (out) (optional) (transfer full): return location for
 *   the easing
 * @error: return location for an error
 *
 * Parses an easing function.
 *
 * The syntax is that of a CSS `<easing-function>`: `linear`, `ease`,
 * `ease-in`, `ease-out`, `ease-in-out`, `step-start`, `step-end`,
 * `cubic-bezier(x1, y1, x2, y2)` and `steps(n)` or
 * `steps(n, position)`, where the position is `jump-start`,
 * `jump-end`, `jump-none`, `jump-both`, `start` or `end`. Clutter's
 * modes are keywords with the nicks of [enum@LayerEasingMode], such
 * as `ease-in-quad` or `ease-out-bounce`, and springs are written
 * `spring(mass, stiffness, damping, initial-velocity)`, as in
 * `spring(1, 100, 10, 0)`. Names may be in any case.
 *
 * On failure @out_easing is left untouched and @error, in the
 * %GSK_LAYER_ERROR domain, is %GSK_LAYER_ERROR_SYNTAX for malformed
 * text and unknown names, or %GSK_LAYER_ERROR_INVALID_VALUE for values
 * of the wrong kind or out of range, such as `cubic-bezier(2, 0, 1, 1)`,
 * `steps(0)` or `spring(1, 100, 0, 0)`. Its message starts with the
 * 1-based range of characters, both ends included, where the problem
 * lies: `characters 14-16: the x coordinates of cubic-bezier() must be
 * between 0 and 1, got “1.5”`.
 *
 * Returns: whether @string was parsed
 *
 * Since: 0.1
 */
gboolean
gsk_layer_easing_parse (const char      *string,
                        GskLayerEasing **out_easing,
                        GError         **error)
{
  g_return_val_if_fail (string != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gsk_layer_css_parse (string, GSK_LAYER_CSS_PARSER_FUNCTION_TOKENS,
                              easing_parse_func, out_easing, error);
}

gboolean
gsk_layer_easing_parse_with_range (const char      *string,
                                   GskLayerEasing **out_easing,
                                   glong           *out_error_start,
                                   glong           *out_error_end,
                                   GError         **error)
{
  g_return_val_if_fail (string != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gsk_layer_css_parse_with_range (string, GSK_LAYER_CSS_PARSER_FUNCTION_TOKENS,
                                         easing_parse_func, out_easing,
                                         out_error_start, out_error_end, error);
}
