/* gsk-layer-filter-parser.c: shadows and filter functions in style
 * declarations: box-shadow, text-shadow, filter and backdrop-filter
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-parser-private.h"

/* {{{ Shadows */

/* box-shadow: none, or shadows separated by commas, each [inset] x y
 * [blur [spread]] [color], the keyword and the colour on either side;
 * text-shadow (@text): the same without inset and spread, and a shadow
 * without a colour takes the text's */
gboolean
gsk_layer_style_parser_shadows (Parser         *parser,
                                const char     *p,
                                const char     *end,
                                gboolean        text,
                                GskLayerShadow *shadows,
                                guint          *n_shadows)
{
  int max_lengths = text ? 3 : 4;
  guint n = 0;

  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      *n_shadows = 0;
      return TRUE;
    }

  while (p <= end)
    {
      const char *stop = gsk_layer_style_parser_next_comma (p, end);
      /* inset, four lengths and a colour at most */
      const char *starts[6], *ends[6];
      GskLayerShadow shadow = { 0, 0, 0, 0, { 0, 0, 0, 1 }, FALSE, FALSE };
      float lengths[4];
      gboolean have_color = FALSE, last_was_length = FALSE, percent;
      int n_values, n_lengths = 0, i;

      if (!gsk_layer_style_parser_split (parser, p, stop, G_N_ELEMENTS (starts), starts, ends, &n_values))
        return FALSE;
      if (n_values == 0)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a shadow");
      if (n == GSK_LAYER_STYLE_MAX_SHADOWS)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "more than %d shadows",
                                            GSK_LAYER_STYLE_MAX_SHADOWS);

      for (i = 0; i < n_values; i++)
        {
          const char *s = starts[i], *e = ends[i];
          gboolean is_length = g_ascii_isdigit (*s) || *s == '-' || *s == '+' || *s == '.';

          if (gsk_layer_style_parser_span_is (s, e, "inset") && text)
            return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "a text shadow cannot be inset");
          else if (gsk_layer_style_parser_span_is (s, e, "inset") && !shadow.inset)
            shadow.inset = TRUE;
          else if (is_length)
            {
              const char *r = s;

              /* The lengths go together */
              if (n_lengths > 0 && !last_was_length)
                return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "the lengths of a shadow go together");
              if (n_lengths == max_lengths)
                return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "at most %d lengths in a shadow", max_lengths);
              if (!gsk_layer_style_parser_dimension (parser, &r, e, TRUE, &lengths[n_lengths], &percent))
                return FALSE;
              if (percent)
                return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_INVALID_VALUE, "a shadow length cannot be a percentage");
              if (r != e)
                return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length");
              n_lengths++;
            }
          else if (!have_color)
            {
              if (!gsk_layer_style_parser_color (parser, s, e, &shadow.color))
                return FALSE;
              have_color = TRUE;
            }
          else
            return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "unexpected “%.*s” in a shadow", (int) (e - s), s);
          last_was_length = is_length;
        }

      if (n_lengths < 2)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "a shadow needs an x and a y offset");
      shadow.dx = lengths[0];
      shadow.dy = lengths[1];
      if (n_lengths > 2)
        {
          if (lengths[2] < 0)
            return gsk_layer_style_parser_fail (parser, starts[0], GSK_LAYER_ERROR_INVALID_VALUE, "a blur radius cannot be negative");
          shadow.blur = lengths[2];
        }
      if (n_lengths > 3)
        shadow.spread = lengths[3];
      shadow.current_color = text && !have_color;

      shadows[n++] = shadow;
      p = stop + 1;
    }

  *n_shadows = n;
  return TRUE;
}

/* }}} */
/* {{{ Filters */

/* filter: none, or functions separated by spaces, each with one
 * argument or none (1, or 0deg for hue-rotate) */
gboolean
gsk_layer_style_parser_filter (Parser         *parser,
                               const char     *p,
                               const char     *end,
                               GskLayerFilter *filters,
                               guint          *n_filters)
{
  static const struct { const char *name; GskLayerFilterKind kind; gboolean clamped; } functions[] = {
    { "brightness", GSK_LAYER_FILTER_BRIGHTNESS, FALSE },
    { "contrast", GSK_LAYER_FILTER_CONTRAST, FALSE },
    { "grayscale", GSK_LAYER_FILTER_GRAYSCALE, TRUE },
    { "hue-rotate", GSK_LAYER_FILTER_HUE_ROTATE, FALSE },
    { "invert", GSK_LAYER_FILTER_INVERT, TRUE },
    { "opacity", GSK_LAYER_FILTER_OPACITY, TRUE },
    { "saturate", GSK_LAYER_FILTER_SATURATE, FALSE },
    { "sepia", GSK_LAYER_FILTER_SEPIA, TRUE },
  };
  const char *starts[GSK_LAYER_STYLE_MAX_FILTERS + 1], *ends[GSK_LAYER_STYLE_MAX_FILTERS + 1];
  int n, i;

  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      *n_filters = 0;
      return TRUE;
    }

  if (!gsk_layer_style_parser_split (parser, p, end, G_N_ELEMENTS (starts), starts, ends, &n))
    return FALSE;
  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a filter function");
  if (n > GSK_LAYER_STYLE_MAX_FILTERS)
    return gsk_layer_style_parser_fail (parser, starts[GSK_LAYER_STYLE_MAX_FILTERS], GSK_LAYER_ERROR_INVALID_VALUE,
                                        "more than %d filter functions", GSK_LAYER_STYLE_MAX_FILTERS);

  for (i = 0; i < n; i++)
    {
      const char *s = starts[i], *e = ends[i];
      const char *open = memchr (s, '(', e - s), *a, *b;
      GskLayerFilter *filter = &filters[i];
      guint f;

      if (open == NULL || e[-1] != ')')
        return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "expected a filter function");
      for (f = 0; f < G_N_ELEMENTS (functions); f++)
        if (gsk_layer_style_parser_span_is (s, open, functions[f].name))
          break;
      a = open + 1;
      b = e - 1;
      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;

      if (f == G_N_ELEMENTS (functions) && gsk_layer_style_parser_span_is (s, open, "blur"))
        {
          gboolean percent;

          filter->kind = GSK_LAYER_FILTER_BLUR;
          filter->amount = 0;
          if (a < b)
            {
              const char *r = a;

              if (!gsk_layer_style_parser_dimension (parser, &r, b, FALSE, &filter->amount, &percent))
                return FALSE;
              if (percent)
                return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_INVALID_VALUE, "a blur cannot be a percentage");
              if (r != b)
                return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length");
            }
          continue;
        }
      if (f == G_N_ELEMENTS (functions) && gsk_layer_style_parser_span_is (s, open, "drop-shadow"))
        {
          guint n_shadows;

          filter->kind = GSK_LAYER_FILTER_DROP_SHADOW;
          filter->amount = 0;
          if (gsk_layer_style_parser_next_comma (a, b) < b)
            return gsk_layer_style_parser_fail (parser, gsk_layer_style_parser_next_comma (a, b), GSK_LAYER_ERROR_SYNTAX, "drop-shadow() takes one shadow");
          /* As a text shadow: no inset, no spread; currentcolor is black */
          if (!gsk_layer_style_parser_shadows (parser, a, b, TRUE, &filter->shadow, &n_shadows))
            return FALSE;
          if (n_shadows != 1)
            return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_SYNTAX, "expected a shadow");
          filter->shadow.current_color = FALSE;
          continue;
        }
      if (f == G_N_ELEMENTS (functions))
        {
          gboolean known = gsk_layer_style_parser_span_is (s, open, "url");

          return gsk_layer_style_parser_fail (parser, s, known ? GSK_LAYER_ERROR_UNSUPPORTED : GSK_LAYER_ERROR_INVALID_VALUE,
                                              known ? "“%.*s()” in filter is not supported yet" : "unknown filter function “%.*s()”",
                                              (int) (open - s), s);
        }

      filter->kind = functions[f].kind;

      if (a == b)
        filter->amount = filter->kind == GSK_LAYER_FILTER_HUE_ROTATE ? 0.f : 1.f;
      else if (filter->kind == GSK_LAYER_FILTER_HUE_ROTATE)
        {
          if (!gsk_layer_style_parser_angle (a, b, &filter->amount))
            return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_SYNTAX, "expected an angle");
        }
      else
        {
          char *number_end;
          double d;

          errno = 0;
          d = g_ascii_strtod (a, &number_end);
          if (number_end == a || number_end > b || errno != 0 || !isfinite (d))
            return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_SYNTAX, "expected a number or a percentage");
          if (number_end < b && *number_end == '%')
            {
              d /= 100;
              number_end++;
            }
          if (number_end != b)
            return gsk_layer_style_parser_fail (parser, number_end, GSK_LAYER_ERROR_SYNTAX, "expected a number or a percentage");
          if (d < 0)
            return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_INVALID_VALUE, "a filter amount cannot be negative");
          if (d > 1e6)
            return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_INVALID_VALUE, "%g is too large", d);
          /* CSS clamps these to 100% */
          filter->amount = functions[f].clamped ? MIN (d, 1) : (float) d;
        }
      if (filter->amount == 0)
        filter->amount = 0;
    }

  *n_filters = n;
  return TRUE;
}

/* }}} */
