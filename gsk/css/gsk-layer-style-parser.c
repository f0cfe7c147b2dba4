/* gsk-layer-style-parser.c: CSS declarations into a GskLayerStyle
 *
 * `name: value; name: value`, as in an element's style attribute, with
 * comments. A later declaration of a property replaces an earlier one,
 * as in CSS. Every problem is an error with its line and column (both
 * from 1, in characters) and nothing is applied: an unknown property, a
 * value that does not parse, and valid CSS that GSK does not take yet.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "gsk-layer-style-parser-private.h"
#include "gsk-layer-enum-types.h"

/* Properties of CSS that GSK knows it does not take yet: an error that
 * says so, not "unknown" */
static const char * const unsupported[] = {
  "background", "background-origin",
  "background-position", "background-repeat", "background-size",
  "border-image",
  "color", "font", "mask", "mask-clip", "mask-composite", "mask-origin", "mask-type",
  "offset", "transform", "transform-origin",
};

static const char * const corner_names[] = {
  "border-top-left-radius", "border-top-right-radius",
  "border-bottom-right-radius", "border-bottom-left-radius",
};

gboolean
gsk_layer_style_parser_fail (Parser        *parser,
                             const char    *at,
                             GskLayerError  code,
                             const char    *format,
                             ...)
{
  char *message;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (parser->error, GSK_LAYER_ERROR, code, message);
  parser->error_at = at;
  g_free (message);

  return FALSE;
}

/* Skips white space and comments; FALSE for a comment left open */
static gboolean
skip_space (Parser      *parser,
            const char **pp)
{
  const char *p = *pp;

  for (;;)
    {
      while (g_ascii_isspace (*p))
        p++;
      if (p[0] != '/' || p[1] != '*')
        break;
      {
        const char *end = strstr (p + 2, "*/");

        if (end == NULL)
          return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "a comment is not closed");
        p = end + 2;
      }
    }

  *pp = p;
  return TRUE;
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_';
}

/* The end of a value: the next ';' outside parentheses, or the end */
static const char *
value_end (const char *p)
{
  int depth = 0;

  for (; *p; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && depth > 0)
        depth--;
      else if (*p == ';' && depth == 0)
        break;
    }
  return p;
}

/* A number in px, or a percentage, or 0 at *@pp; negative ones only
 * with @signed_ok */
gboolean
gsk_layer_style_parser_dimension (Parser      *parser,
                                  const char **pp,
                                  const char  *end,
                                  gboolean     signed_ok,
                                  float       *out,
                                  gboolean    *percent)
{
  const char *start = *pp, *unit;
  char *number_end;
  double d;

  errno = 0;
  d = g_ascii_strtod (start, &number_end);
  if (number_end == start || number_end > end || errno != 0)
    return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");

  unit = number_end;
  while (unit < end && g_ascii_isalpha (*unit))
    unit++;
  if (unit < end && *unit == '%')
    unit++;

  if (unit - number_end == 1 && *number_end == '%')
    *percent = TRUE;
  else if (unit - number_end == 2 && g_ascii_strncasecmp (number_end, "px", 2) == 0)
    *percent = FALSE;
  else if (unit == number_end && d == 0)
    *percent = FALSE;
  else if (unit == number_end)
    return gsk_layer_style_parser_fail (parser, number_end, GSK_LAYER_ERROR_SYNTAX, "a length needs a unit (px)");
  else
    {
      char *name = g_strndup (number_end, unit - number_end);

      gsk_layer_style_parser_fail (parser, number_end, GSK_LAYER_ERROR_UNSUPPORTED,
                                   "the unit “%s” is not supported (GSK takes px and %%)", name);
      g_free (name);
      return FALSE;
    }

  if (!isfinite (d))
    return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "not a finite number");
  if (d < 0 && !signed_ok)
    return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "a radius cannot be negative");
  if (fabs (d) > GSK_LAYER_MAX_COORDINATE)
    return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "%g is too large", d);

  /* -0 is 0: one value, one text */
  *out = d == 0 ? 0.f : (float) d;
  *pp = unit;
  return TRUE;
}

static gboolean
parse_radius (Parser      *parser,
              const char **pp,
              const char  *end,
              float       *out,
              gboolean    *percent)
{
  return gsk_layer_style_parser_dimension (parser, pp, end, FALSE, out, percent);
}

/* Up to @max radii separated by spaces, stopping at '/' or @end */
static gboolean
parse_radius_list (Parser      *parser,
                   const char **pp,
                   const char  *end,
                   int          max,
                   float       *values,
                   gboolean    *percent,
                   int         *n)
{
  const char *p = *pp;

  *n = 0;
  for (;;)
    {
      if (!skip_space (parser, &p))
        return FALSE;
      if (p >= end || *p == '/')
        break;
      if (*n == max)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "at most %d radii here", max);
      if (!parse_radius (parser, &p, end, &values[*n], &percent[*n]))
        return FALSE;
      (*n)++;
    }

  *pp = p;
  return TRUE;
}

/* CSS's one to four values for the sides: which value each side
 * (top, right, bottom, left, or the corners from top-left clockwise)
 * takes, for 1, 2, 3 and 4 values */
static const int side_from[4][4] = { { 0, 0, 0, 0 }, { 0, 1, 0, 1 }, { 0, 1, 2, 1 }, { 0, 1, 2, 3 } };

/* @n of them into four, as side_from says */
static void
expand_four (float    *values,
             gboolean *percent,
             int       n)
{
  float v[4];
  gboolean pc[4];
  int i;

  memcpy (v, values, sizeof v);
  memcpy (pc, percent, sizeof pc);
  for (i = 0; i < 4; i++)
    {
      values[i] = v[side_from[n - 1][i]];
      percent[i] = pc[side_from[n - 1][i]];
    }
}

static gboolean
parse_border_radius (Parser        *parser,
                     const char    *p,
                     const char    *end,
                     GskLayerStyle *style)
{
  float h[4], v[4];
  gboolean hp[4], vp[4];
  int nh, nv, i;

  if (!parse_radius_list (parser, &p, end, 4, h, hp, &nh))
    return FALSE;
  if (nh == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
  expand_four (h, hp, nh);

  if (p < end && *p == '/')
    {
      p++;
      if (!parse_radius_list (parser, &p, end, 4, v, vp, &nv))
        return FALSE;
      if (nv == 0)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage after “/”");
      if (p < end)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "unexpected “/”");
      expand_four (v, vp, nv);
    }
  else
    {
      memcpy (v, h, sizeof v);
      memcpy (vp, hp, sizeof vp);
    }

  style->corner_percent = 0;
  for (i = 0; i < 4; i++)
    {
      style->corner_radii[2 * i] = h[i];
      style->corner_radii[2 * i + 1] = v[i];
      style->corner_percent |= (hp[i] ? 1 : 0) << (2 * i);
      style->corner_percent |= (vp[i] ? 1 : 0) << (2 * i + 1);
    }
  style->set |= GSK_LAYER_STYLE_BORDER_RADIUS;

  return TRUE;
}

static gboolean
parse_corner_radius (Parser        *parser,
                     const char    *p,
                     const char    *end,
                     int            corner,
                     GskLayerStyle *style)
{
  float values[2];
  gboolean percent[2];
  int n, bit;

  if (!parse_radius_list (parser, &p, end, 2, values, percent, &n))
    return FALSE;
  if (p < end)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "unexpected “/”");
  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
  if (n == 1)
    values[1] = values[0], percent[1] = percent[0];

  /* The other corners keep what was declared, or 0 */
  style->corner_radii[2 * corner] = values[0];
  style->corner_radii[2 * corner + 1] = values[1];
  for (bit = 0; bit < 2; bit++)
    {
      style->corner_percent &= ~(1 << (2 * corner + bit));
      style->corner_percent |= (percent[bit] ? 1 : 0) << (2 * corner + bit);
    }
  style->set |= GSK_LAYER_STYLE_BORDER_RADIUS;

  return TRUE;
}

/* {{{ Borders */

static const char * const side_names[] = { "top", "right", "bottom", "left" };

/* Splits [@p, @end) at white space outside parentheses into at most
 * @max values; FALSE (with an error) for more */
gboolean
gsk_layer_style_parser_split (Parser      *parser,
                              const char  *p,
                              const char  *end,
                              int          max,
                              const char **starts,
                              const char **ends,
                              int         *n)
{
  *n = 0;
  while (p < end)
    {
      int depth = 0;

      while (p < end && g_ascii_isspace (*p))
        p++;
      if (p >= end)
        break;
      if (*n == max)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "too many values");
      starts[*n] = p;
      while (p < end && (depth > 0 || !g_ascii_isspace (*p)))
        {
          if (*p == '(')
            depth++;
          else if (*p == ')' && depth > 0)
            depth--;
          p++;
        }
      ends[(*n)++] = p;
    }

  return TRUE;
}

gboolean
gsk_layer_style_parser_span_is (const char *start,
                                const char *end,
                                const char *word)
{
  return (gsize) (end - start) == strlen (word) && g_ascii_strncasecmp (start, word, end - start) == 0;
}

static gboolean
looks_like_width (const char *start,
                  const char *end)
{
  return g_ascii_isdigit (*start) || *start == '.' || *start == '-' || *start == '+' ||
         gsk_layer_style_parser_span_is (start, end, "thin") ||
         gsk_layer_style_parser_span_is (start, end, "medium") ||
         gsk_layer_style_parser_span_is (start, end, "thick");
}

/* A length in px, 0 or more, that is all of [@start, @end); @what names
 * it in messages ("a border width") */
static gboolean
parse_length (Parser     *parser,
              const char *start,
              const char *end,
              const char *what,
              float      *out,
              gboolean   *percent)
{
  const char *p = start;

  if (!parse_radius (parser, &p, end, out, percent))
    {
      /* parse_radius() speaks of radii */
      if (parser->error && g_error_matches (*parser->error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE))
        {
          g_clear_error (parser->error);
          return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "%s cannot be negative", what);
        }
      return FALSE;
    }
  if (p != end)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected %s", what);

  return TRUE;
}

static gboolean
parse_border_width_value (Parser     *parser,
                          const char *start,
                          const char *end,
                          float      *out)
{
  gboolean percent;

  if (gsk_layer_style_parser_span_is (start, end, "thin"))
    *out = 1;
  else if (gsk_layer_style_parser_span_is (start, end, "medium"))
    *out = 3;
  else if (gsk_layer_style_parser_span_is (start, end, "thick"))
    *out = 5;
  else if (!parse_length (parser, start, end, "a border width", out, &percent))
    return FALSE;
  else if (percent)
    return gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "a border width cannot be a percentage");

  return TRUE;
}

static gboolean
is_border_style_word (const char *start,
                      const char *end)
{
  static const char * const words[] = {
    "none", "hidden", "solid", "double", "dashed", "dotted", "groove", "ridge", "inset", "outset",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (words); i++)
    if (gsk_layer_style_parser_span_is (start, end, words[i]))
      return TRUE;
  return FALSE;
}

static gboolean
parse_border_style_value (Parser              *parser,
                          const char          *start,
                          const char          *end,
                          GskLayerBorderStyle *out)
{
  if (gsk_layer_style_parser_span_is (start, end, "none") || gsk_layer_style_parser_span_is (start, end, "hidden"))
    *out = GSK_LAYER_BORDER_NONE;
  else if (gsk_layer_style_parser_span_is (start, end, "solid"))
    *out = GSK_LAYER_BORDER_SOLID;
  else if (gsk_layer_style_parser_span_is (start, end, "double"))
    *out = GSK_LAYER_BORDER_DOUBLE;
  else if (gsk_layer_style_parser_span_is (start, end, "dashed"))
    *out = GSK_LAYER_BORDER_DASHED;
  else if (gsk_layer_style_parser_span_is (start, end, "dotted"))
    *out = GSK_LAYER_BORDER_DOTTED;
  else
    {
      char *word = g_strndup (start, end - start);

      if (is_border_style_word (start, end))
        gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_UNSUPPORTED, "“%s” borders and outlines are not supported yet", word);
      else
        gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "unknown border style “%s”", word);
      g_free (word);
      return FALSE;
    }

  return TRUE;
}

/* A colour; currentcolor is black, as layers have no color property */
gboolean
gsk_layer_style_parser_color (Parser     *parser,
                              const char *start,
                              const char *end,
                              GdkRGBA    *out)
{
  char *text = g_strndup (start, end - start);
  gboolean ok;

  if (g_ascii_strcasecmp (text, "currentcolor") == 0)
    {
      *out = (GdkRGBA) { 0, 0, 0, 1 };
      ok = TRUE;
    }
  else if (g_ascii_strcasecmp (text, "transparent") == 0)
    {
      /* CSS's keyword, which gdk_rgba_parse() of GTK 4.8 lacks */
      *out = (GdkRGBA) { 0, 0, 0, 0 };
      ok = TRUE;
    }
  else if (!(ok = gdk_rgba_parse (out, text)))
    gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_INVALID_VALUE, "invalid color “%s”", text);

  g_free (text);
  return ok;
}

/* A width, a style and a colour, each optional, in any order, as border
 * and outline take them; what is left out is reset to its initial
 * value (medium, none, currentcolor), as CSS's shorthands do */
static gboolean
parse_line_shorthand (Parser              *parser,
                      const char          *p,
                      const char          *end,
                      const char          *what,
                      float               *width,
                      GskLayerBorderStyle *line_style,
                      GdkRGBA             *color)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  gboolean have_width = FALSE, have_style = FALSE, have_color = FALSE;
  int n, i;

  *width = 3;
  *line_style = GSK_LAYER_BORDER_NONE;
  *color = (GdkRGBA) { 0, 0, 0, 1 };

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (n > 3)
    return gsk_layer_style_parser_fail (parser, starts[3], GSK_LAYER_ERROR_SYNTAX, "%s is a width, a style and a color", what);

  for (i = 0; i < n; i++)
    {
      gboolean ok;

      if (!have_width && looks_like_width (starts[i], ends[i]))
        ok = have_width = parse_border_width_value (parser, starts[i], ends[i], width);
      else if (!have_style && is_border_style_word (starts[i], ends[i]))
        ok = have_style = parse_border_style_value (parser, starts[i], ends[i], line_style);
      else if (!have_color)
        ok = have_color = gsk_layer_style_parser_color (parser, starts[i], ends[i], color);
      else
        ok = gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX, "%s is a width, a style and a color", what);
      if (!ok)
        return FALSE;
    }

  return TRUE;
}

/* border, border-top… */
static gboolean
parse_border_shorthand (Parser        *parser,
                        const char    *p,
                        const char    *end,
                        int            first_side,
                        int            n_sides,
                        GskLayerStyle *style)
{
  float width;
  GskLayerBorderStyle border_style;
  GdkRGBA color;
  int i;

  if (!parse_line_shorthand (parser, p, end, "a border", &width, &border_style, &color))
    return FALSE;

  for (i = first_side; i < first_side + n_sides; i++)
    {
      style->border_width[i] = width;
      style->border_style[i] = border_style;
      style->border_color[i] = color;
    }
  style->set |= GSK_LAYER_STYLE_BORDER;
  return TRUE;
}

typedef enum { BORDER_WIDTH, BORDER_STYLE, BORDER_COLOR } BorderPart;

/* border-width, border-style, border-color: 1 to 4 values, CSS's
 * top, right, bottom, left; or one side's (@side >= 0) */
static gboolean
parse_border_part (Parser        *parser,
                   const char    *p,
                   const char    *end,
                   BorderPart     part,
                   int            side,
                   GskLayerStyle *style)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  /* Zeroed: GCC 14 cannot see that only the parsed ones are read */
  float widths[4] = { 0 };
  GskLayerBorderStyle styles[4] = { 0 };
  GdkRGBA colors[4] = { { 0 } };
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (side >= 0 && n > 1)
    return gsk_layer_style_parser_fail (parser, starts[1], GSK_LAYER_ERROR_SYNTAX, "one value here");

  for (i = 0; i < n; i++)
    {
      gboolean ok = part == BORDER_WIDTH ? parse_border_width_value (parser, starts[i], ends[i], &widths[i])
                  : part == BORDER_STYLE ? parse_border_style_value (parser, starts[i], ends[i], &styles[i])
                  : gsk_layer_style_parser_color (parser, starts[i], ends[i], &colors[i]);

      if (!ok)
        return FALSE;
    }

  for (i = 0; i < 4; i++)
    {
      int target = side >= 0 ? side : i;
      int source = side >= 0 ? 0 : side_from[n - 1][i];

      if (side >= 0 && i > 0)
        break;
      if (part == BORDER_WIDTH)
        style->border_width[target] = widths[source];
      else if (part == BORDER_STYLE)
        style->border_style[target] = styles[source];
      else
        style->border_color[target] = colors[source];
    }
  style->set |= GSK_LAYER_STYLE_BORDER;
  return TRUE;
}

/* The border-… properties; FALSE with no error for another name */
static gboolean
parse_border_property (Parser        *parser,
                       const char    *name,
                       const char    *value,
                       const char    *end,
                       GskLayerStyle *style,
                       gboolean      *handled)
{
  static const char * const parts[] = { "width", "style", "color" };
  int side, part;

  *handled = TRUE;
  if (g_str_equal (name, "border"))
    return parse_border_shorthand (parser, value, end, 0, 4, style);

  for (part = 0; part < 3; part++)
    {
      g_autofree char *full = g_strconcat ("border-", parts[part], NULL);

      if (g_str_equal (name, full))
        return parse_border_part (parser, value, end, part, -1, style);
    }

  for (side = 0; side < 4; side++)
    {
      g_autofree char *shorthand = g_strconcat ("border-", side_names[side], NULL);

      if (g_str_equal (name, shorthand))
        return parse_border_shorthand (parser, value, end, side, 1, style);
      for (part = 0; part < 3; part++)
        {
          g_autofree char *full = g_strconcat (shorthand, "-", parts[part], NULL);

          if (g_str_equal (name, full))
            return parse_border_part (parser, value, end, part, side, style);
        }
    }

  *handled = FALSE;
  return FALSE;
}

/* }}} */


/* outline, outline-width, -style, -color, -offset; FALSE with no error
 * and !*@handled for another name */
static gboolean
parse_outline_property (Parser        *parser,
                        const char    *name,
                        const char    *value,
                        const char    *end,
                        GskLayerStyle *style,
                        gboolean      *handled)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  gboolean percent, ok;
  int n;

  *handled = TRUE;
  if (g_str_equal (name, "outline"))
    ok = parse_line_shorthand (parser, value, end, "an outline", &style->outline_width,
                               &style->outline_style, &style->outline_color);
  else
    {
      if (!gsk_layer_style_parser_split (parser, value, end, MAX_VALUES, starts, ends, &n))
        return FALSE;
      if (n != 1)
        return gsk_layer_style_parser_fail (parser, n > 1 ? starts[1] : value, GSK_LAYER_ERROR_SYNTAX, "one value here");

      if (g_str_equal (name, "outline-width"))
        ok = parse_border_width_value (parser, starts[0], ends[0], &style->outline_width);
      else if (g_str_equal (name, "outline-style"))
        ok = parse_border_style_value (parser, starts[0], ends[0], &style->outline_style);
      else if (g_str_equal (name, "outline-color"))
        ok = gsk_layer_style_parser_color (parser, starts[0], ends[0], &style->outline_color);
      else if (g_str_equal (name, "outline-offset"))
        {
          const char *q = starts[0];

          ok = gsk_layer_style_parser_dimension (parser, &q, ends[0], TRUE, &style->outline_offset, &percent);
          if (ok && percent)
            ok = gsk_layer_style_parser_fail (parser, starts[0], GSK_LAYER_ERROR_INVALID_VALUE, "an outline offset cannot be a percentage");
          else if (ok && q != ends[0])
            ok = gsk_layer_style_parser_fail (parser, q, GSK_LAYER_ERROR_SYNTAX, "expected a length");
        }
      else
        {
          *handled = FALSE;
          return FALSE;
        }
    }

  if (ok)
    style->set |= GSK_LAYER_STYLE_OUTLINE;
  return ok;
}


/* {{{ Object fit */

static gboolean
parse_background_clip (Parser        *parser,
                       const char    *p,
                       const char    *end,
                       GskLayerStyle *style)
{
  static const char * const names[] = { "border-box", "padding-box", "content-box" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (gsk_layer_style_parser_span_is (p, end, names[i]))
      {
        style->background_clip = i;
        style->set |= GSK_LAYER_STYLE_BACKGROUND_CLIP;
        return TRUE;
      }
  if (gsk_layer_style_parser_span_is (p, end, "text"))
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_UNSUPPORTED, "background-clip: text is not supported yet");

  return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "expected border-box, padding-box or content-box");
}

static gboolean
parse_object_fit (Parser        *parser,
                  const char    *p,
                  const char    *end,
                  GskLayerStyle *style)
{
  static const char * const names[] = { "fill", "contain", "cover", "none", "scale-down" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (gsk_layer_style_parser_span_is (p, end, names[i]))
      {
        style->object_fit = i;
        style->set |= GSK_LAYER_STYLE_OBJECT_FIT;
        return TRUE;
      }

  return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                      "expected fill, contain, cover, none or scale-down");
}

static gboolean
parse_image_rendering (Parser        *parser,
                       const char    *p,
                       const char    *end,
                       GskLayerStyle *style)
{
  static const char * const names[] = { "auto", "smooth", "high-quality", "pixelated", "crisp-edges" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (gsk_layer_style_parser_span_is (p, end, names[i]))
      {
        style->image_rendering = i;
        style->set |= GSK_LAYER_STYLE_IMAGE_RENDERING;
        return TRUE;
      }

  return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                      "expected auto, smooth, high-quality, pixelated or crisp-edges");
}

/* A position of one or two of left, center, right, top, bottom, a
 * length or a percentage (CSS's <position> but its three- and
 * four-value forms): x then y, each px or percent (bit 1 x, 2 y) */
gboolean
gsk_layer_style_parser_position (Parser      *parser,
                                 const char  *p,
                                 const char **starts,
                                 const char **ends,
                                 int          n,
                                 float        position[2],
                                 guint8      *percent_bits)
{
  float values[2] = { 50, 50 };
  gboolean percent[2] = { TRUE, TRUE };
  int axes[2] = { -1, -1 };
  int i;

  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a position");
  if (n > 2)
    return gsk_layer_style_parser_fail (parser, starts[2], GSK_LAYER_ERROR_UNSUPPORTED,
                                        "positions of three or four values are not supported yet");

  for (i = 0; i < n; i++)
    {
      const char *s = starts[i], *e = ends[i];
      /* Keywords name their axis (-1: either) */
      static const struct { const char *name; int axis; float value; } keywords[] = {
        { "left", 0, 0 }, { "right", 0, 100 }, { "top", 1, 0 }, { "bottom", 1, 100 }, { "center", -1, 50 },
      };
      guint k;

      for (k = 0; k < G_N_ELEMENTS (keywords); k++)
        if (gsk_layer_style_parser_span_is (s, e, keywords[k].name))
          break;

      if (k < G_N_ELEMENTS (keywords))
        {
          axes[i] = keywords[k].axis;
          values[i] = keywords[k].value;
          percent[i] = TRUE;
        }
      else
        {
          const char *r = s;

          if (!gsk_layer_style_parser_dimension (parser, &r, e, TRUE, &values[i], &percent[i]))
            return FALSE;
          if (r != e)
            return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
          /* A length is x first, y second */
          axes[i] = -2;
        }
    }

  /* Which value is x: a first value that names y, or a second that
   * names x, swaps them */
  if (n == 2 && (axes[0] == 1 || axes[1] == 0))
    {
      if (axes[0] == 0 || axes[1] == 1 || axes[0] == -2 || axes[1] == -2)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "expected an x and a y position");
      position[0] = values[1];
      position[1] = values[0];
      *percent_bits = (percent[1] ? 1 : 0) | (percent[0] ? 2 : 0);
    }
  else if (n == 1 && axes[0] == 1)
    {
      position[0] = 50;
      position[1] = values[0];
      *percent_bits = 1 | 2;
    }
  else
    {
      position[0] = values[0];
      position[1] = n == 2 ? values[1] : 50;
      *percent_bits = (percent[0] ? 1 : 0) | (n == 1 || percent[1] ? 2 : 0);
    }

  return TRUE;
}

/* object-position and perspective-origin: a <position> */
static gboolean
parse_position (Parser            *parser,
                const char        *p,
                const char        *end,
                float              position[2],
                guint8            *percent_bits,
                GskLayerStyle     *style,
                GskLayerStyleSet   bit)
{
  const char *starts[4], *ends[4];
  int n;

  if (!gsk_layer_style_parser_split (parser, p, end, 4, starts, ends, &n) ||
      !gsk_layer_style_parser_position (parser, p, starts, ends, n, position, percent_bits))
    return FALSE;

  style->set |= bit;
  return TRUE;
}

/* }}} */

/* padding (1 to 4 lengths) and padding-top …; @side < 0 for padding */
static gboolean
parse_padding (Parser        *parser,
               const char    *p,
               const char    *end,
               int            side,
               GskLayerStyle *style)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  float values[MAX_VALUES];
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a length");
  if (side >= 0 && n > 1)
    return gsk_layer_style_parser_fail (parser, starts[1], GSK_LAYER_ERROR_SYNTAX, "one value here");

  for (i = 0; i < n; i++)
    {
      gboolean percent;

      if (!parse_length (parser, starts[i], ends[i], "padding", &values[i], &percent))
        return FALSE;
      if (percent)
        return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_UNSUPPORTED,
                                            "percentages of padding are not supported (they are of a containing block)");
    }

  if (side >= 0)
    style->padding[side] = values[0];
  else
    for (i = 0; i < 4; i++)
      style->padding[i] = values[side_from[n - 1][i]];
  style->set |= GSK_LAYER_STYLE_PADDING;
  return TRUE;
}

static gboolean
parse_opacity (Parser        *parser,
               const char    *p,
               const char    *end,
               GskLayerStyle *style)
{
  char *number_end;
  double d;

  errno = 0;
  d = g_ascii_strtod (p, &number_end);
  if (number_end == p || number_end > end || errno != 0 || !isfinite (d))
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a number or a percentage");
  if (number_end < end && *number_end == '%')
    {
      d /= 100;
      number_end++;
    }
  if (number_end != end)
    return gsk_layer_style_parser_fail (parser, number_end, GSK_LAYER_ERROR_SYNTAX, "expected a number or a percentage");

  /* CSS clamps it */
  style->opacity = d > 0 ? MIN (d, 1) : 0.f;
  style->set |= GSK_LAYER_STYLE_OPACITY;
  return TRUE;
}

static gboolean
parse_blend_mode (Parser        *parser,
                  const char    *p,
                  const char    *end,
                  GskLayerStyle *style)
{
  GEnumClass *klass = g_type_class_ref (GSK_TYPE_LAYER_BLEND_MODE);
  char *name = g_ascii_strdown (p, end - p);
  GEnumValue *value = g_enum_get_value_by_nick (klass, name);
  gboolean ok = value != NULL;

  if (ok)
    {
      style->blend_mode = value->value;
      style->set |= GSK_LAYER_STYLE_BLEND_MODE;
    }
  else
    gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "unknown blend mode “%s”", name);

  g_free (name);
  g_type_class_unref (klass);
  return ok;
}

static gboolean
parse_transform_style (Parser        *parser,
                       const char    *p,
                       const char    *end,
                       GskLayerStyle *style)
{
  if (gsk_layer_style_parser_span_is (p, end, "flat"))
    style->transform_style = GSK_LAYER_TRANSFORM_STYLE_FLAT;
  else if (gsk_layer_style_parser_span_is (p, end, "preserve-3d"))
    style->transform_style = GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D;
  else
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "expected flat or preserve-3d");

  style->set |= GSK_LAYER_STYLE_TRANSFORM_STYLE;
  return TRUE;
}

static gboolean
parse_backface_visibility (Parser        *parser,
                           const char    *p,
                           const char    *end,
                           GskLayerStyle *style)
{
  if (gsk_layer_style_parser_span_is (p, end, "visible"))
    style->backface_visibility = GSK_LAYER_BACKFACE_VISIBILITY_VISIBLE;
  else if (gsk_layer_style_parser_span_is (p, end, "hidden"))
    style->backface_visibility = GSK_LAYER_BACKFACE_VISIBILITY_HIDDEN;
  else
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "expected visible or hidden");

  style->set |= GSK_LAYER_STYLE_BACKFACE_VISIBILITY;
  return TRUE;
}

/* perspective: none or a length; CSS takes 0 as 1px, and refuses a
 * percentage or a negative length */
static gboolean
parse_perspective (Parser        *parser,
                   const char    *p,
                   const char    *end,
                   GskLayerStyle *style)
{
  gboolean percent = FALSE;
  float length;

  if (gsk_layer_style_parser_span_is (p, end, "none"))
    style->perspective = 0;
  else if (!parse_length (parser, p, end, "a perspective", &length, &percent))
    return FALSE;
  else if (percent)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                        "a perspective is a length, not a percentage");
  else
    style->perspective = MAX (length, 1.f);

  style->set |= GSK_LAYER_STYLE_PERSPECTIVE;
  return TRUE;
}

static gboolean
parse_declaration (Parser        *parser,
                   const char    *name_start,
                   const char    *name_end,
                   const char    *value,
                   const char    *end,
                   GskLayerStyle *style)
{
  char *name = g_ascii_strdown (name_start, name_end - name_start);
  gboolean ok = FALSE, handled = FALSE;
  guint i;

  if (g_str_equal (name, "background-color"))
    {
      ok = gsk_layer_style_parser_color (parser, value, end, &style->background_color);
      if (ok)
        style->set |= GSK_LAYER_STYLE_BACKGROUND_COLOR;
    }
  else if (g_str_equal (name, "opacity"))
    ok = parse_opacity (parser, value, end, style);
  else if (g_str_equal (name, "mix-blend-mode"))
    ok = parse_blend_mode (parser, value, end, style);
  else if (g_str_equal (name, "transform-style"))
    ok = parse_transform_style (parser, value, end, style);
  else if (g_str_equal (name, "backface-visibility"))
    ok = parse_backface_visibility (parser, value, end, style);
  else if (g_str_equal (name, "perspective"))
    ok = parse_perspective (parser, value, end, style);
  else if (g_str_equal (name, "perspective-origin"))
    ok = parse_position (parser, value, end, style->perspective_origin, &style->perspective_origin_percent,
                         style, GSK_LAYER_STYLE_PERSPECTIVE_ORIGIN);
  else if (g_str_equal (name, "border-radius"))
    ok = parse_border_radius (parser, value, end, style);
  else if (g_str_equal (name, "box-shadow"))
    {
      ok = gsk_layer_style_parser_shadows (parser, value, end, FALSE, style->shadows, &style->n_shadows);
      if (ok)
        style->set |= GSK_LAYER_STYLE_BOX_SHADOW;
    }
  else if (g_str_equal (name, "background-clip"))
    ok = parse_background_clip (parser, value, end, style);
  else if (g_str_equal (name, "object-fit"))
    ok = parse_object_fit (parser, value, end, style);
  else if (g_str_equal (name, "object-position"))
    ok = parse_position (parser, value, end, style->object_position, &style->object_percent,
                         style, GSK_LAYER_STYLE_OBJECT_POSITION);
  else if (g_str_equal (name, "image-rendering"))
    ok = parse_image_rendering (parser, value, end, style);
  else if (g_str_equal (name, "filter"))
    {
      ok = gsk_layer_style_parser_filter (parser, value, end, style->filters, &style->n_filters);
      if (ok)
        style->set |= GSK_LAYER_STYLE_FILTER;
    }
  else if (g_str_equal (name, "backdrop-filter"))
    {
      ok = gsk_layer_style_parser_filter (parser, value, end, style->backdrop_filters, &style->n_backdrop_filters);
      if (ok)
        style->set |= GSK_LAYER_STYLE_BACKDROP_FILTER;
    }
  else if (g_str_equal (name, "text-shadow"))
    {
      ok = gsk_layer_style_parser_shadows (parser, value, end, TRUE, style->text_shadows, &style->n_text_shadows);
      if (ok)
        style->set |= GSK_LAYER_STYLE_TEXT_SHADOW;
    }
  else if (g_str_equal (name, "clip-path"))
    ok = gsk_layer_style_parser_clip_path (parser, value, end, style);
  else if (g_str_has_prefix (name, "mask-") &&
           (ok = gsk_layer_style_parser_mask (parser, name, value, end, style, &handled), handled))
    ;
  else if (g_str_has_prefix (name, "offset-") &&
           (ok = gsk_layer_style_parser_motion (parser, name, value, end, style, &handled), handled))
    ;
  else if (g_str_equal (name, "background-image"))
    ok = gsk_layer_style_parser_background_image (parser, value, end, style);
  else if (g_str_has_prefix (name, "outline") &&
           (ok = parse_outline_property (parser, name, value, end, style, &handled), handled))
    ;
  else if (g_str_equal (name, "padding"))
    ok = parse_padding (parser, value, end, -1, style);
  else if (g_str_has_prefix (name, "padding-") &&
           (g_str_equal (name + 8, "top") || g_str_equal (name + 8, "right") ||
            g_str_equal (name + 8, "bottom") || g_str_equal (name + 8, "left")))
    ok = parse_padding (parser, value, end,
                        g_str_equal (name + 8, "top") ? 0 : g_str_equal (name + 8, "right") ? 1 :
                        g_str_equal (name + 8, "bottom") ? 2 : 3, style);
  else if (g_str_has_prefix (name, "border") &&
           (ok = parse_border_property (parser, name, value, end, style, &handled), handled))
    ;
  else
    {
      for (i = 0; i < G_N_ELEMENTS (corner_names); i++)
        if (g_str_equal (name, corner_names[i]))
          break;
      if (i < G_N_ELEMENTS (corner_names))
        ok = parse_corner_radius (parser, value, end, i, style);
      else
        {
          for (i = 0; i < G_N_ELEMENTS (unsupported); i++)
            if (g_str_equal (name, unsupported[i]))
              break;
          if (i < G_N_ELEMENTS (unsupported))
            gsk_layer_style_parser_fail (parser, name_start, GSK_LAYER_ERROR_UNSUPPORTED, "“%s” is not supported yet", name);
          else
            gsk_layer_style_parser_fail (parser, name_start, GSK_LAYER_ERROR_UNKNOWN_PROPERTY, "unknown property “%s”", name);
        }
    }

  g_free (name);
  return ok;
}

/**
 * gsk_layer_style_new_from_string:
 * @declarations: CSS declarations, as in an element's `style` attribute
 * @error: return location for an error
 *
 * Reads a style from CSS declarations:
 *
 * ```c
 * style = gsk_layer_style_new_from_string ("border-radius: 24px 8px / 12px; "
 *                                          "background-color: #3584e4", &error);
 * ```
 *
 * GSK takes `background-color`, `background-image` with linear, radial
 * and conic gradients (`linear-gradient()`, `radial-gradient()`,
 * `conic-gradient()` and their `repeating-` forms, several),
 * `background-clip`,
 * `border-radius` and its four longhands
 * (`border-top-left-radius` …), `border` with all its shorthands and
 * longhands (`border-top`, `border-width`, `border-left-color` …; styles
 * `none`, `hidden`, `solid`, `double`, `dashed` and `dotted`), `box-shadow` (outset and
 * inset, several), `text-shadow` (several; drawn by text layers, in the
 * text's colour where none is given), `filter` (`blur()`,
 * `drop-shadow()`, `brightness()`, `contrast()`, `grayscale()`,
 * `hue-rotate()`, `invert()`, `opacity()`, `saturate()`, `sepia()`,
 * applied in order to the layer and its subtree, as CSS says),
 * `backdrop-filter` (the same functions, on what is behind the layer
 * within its border box),
 * `object-fit` and `object-position` (of one or two values),
 * `image-rendering`, `outline` with its longhands and `outline-offset`,
 * `padding` and its four longhands, `opacity`, `mix-blend-mode`,
 * `transform-style`, `backface-visibility`, `perspective` and
 * `perspective-origin` (the layer's child transform and its origin),
 * `clip-path` (`inset()`, `circle()`, `ellipse()`, `polygon()`,
 * `path()` and the reference boxes), `offset-path` (`path()`, in the
 * layer's coordinates; `ray()` and basic shapes, on the parent's
 * bounds), `offset-distance`, `offset-rotate`, `offset-anchor` and
 * `offset-position` (CSS Motion Path), `mask-image` (gradients and
 * `url()` images: PNG `data:` URIs, or files relative to the current
 * directory, or to a scene file's), `mask-mode`, `mask-size`,
 * `mask-position` and `mask-repeat` (CSS Masking; `mask-clip` and
 * `mask-origin` are the border box, layers add up),
 * with their CSS syntax and meaning; lengths are in `px`,
 * `currentcolor` is black and `transparent` transparent black. A later
 * declaration of a property
 * replaces an earlier one.
 *
 * On a problem, returns %NULL with an error in the %GSK_LAYER_ERROR
 * domain whose message starts with the line and column of the problem:
 * `1:17: unknown property “boder”`. Valid CSS that GSK does not take yet
 * (`url()` in filters, `groove`
 * borders, units other than `px` and `%`) is the
 * error %GSK_LAYER_ERROR_UNSUPPORTED, never silently ignored.
 *
 * Returns: (transfer full) (nullable): the style
 *
 * Since: 0.1
 */
GskLayerStyle *
gsk_layer_style_new_from_string (const char  *declarations,
                                 GError     **error)
{
  GskLayerStyle *style;
  GError *local_error = NULL;
  glong offset;
  const char *p;
  int line = 1, column = 1;

  g_return_val_if_fail (declarations != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  style = gsk_layer_style_parse (declarations, &offset, &local_error);
  if (style != NULL)
    return style;

  for (p = declarations; offset > 0 && *p; p = g_utf8_next_char (p), offset--)
    {
      if (*p == '\n')
        {
          line++;
          column = 1;
        }
      else
        column++;
    }
  g_set_error (error, GSK_LAYER_ERROR, local_error->code, "%d:%d: %s", line, column, local_error->message);
  g_error_free (local_error);

  return NULL;
}

GskLayerStyle *
gsk_layer_style_parse (const char  *declarations,
                       glong       *error_offset,
                       GError     **error)
{
  return gsk_layer_style_parse_with_base (declarations, NULL, error_offset, error);
}

GskLayerStyle *
gsk_layer_style_parse_with_base (const char  *declarations,
                                 const char  *base_dir,
                                 glong       *error_offset,
                                 GError     **error)
{
  Parser parser = { declarations, base_dir, error, NULL };
  GskLayerStyle *style;
  const char *p = declarations;

  if (!g_utf8_validate (declarations, -1, &p))
    {
      gsk_layer_style_parser_fail (&parser, p, GSK_LAYER_ERROR_SYNTAX, "invalid UTF-8");
      *error_offset = g_utf8_strlen (declarations, p - declarations);
      return NULL;
    }

  style = gsk_layer_style_new ();
  p = declarations;

  for (;;)
    {
      const char *name_start, *name_end, *value, *end, *trimmed;

      if (!skip_space (&parser, &p))
        goto fail;
      if (*p == '\0')
        break;
      if (*p == ';')
        {
          p++;
          continue;
        }

      name_start = p;
      while (is_name_char (*p))
        p++;
      name_end = p;
      if (name_end == name_start)
        {
          gsk_layer_style_parser_fail (&parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a property name");
          goto fail;
        }

      if (!skip_space (&parser, &p))
        goto fail;
      if (*p != ':')
        {
          gsk_layer_style_parser_fail (&parser, p, GSK_LAYER_ERROR_SYNTAX, "expected “:” after the property name");
          goto fail;
        }
      p++;
      if (!skip_space (&parser, &p))
        goto fail;

      value = p;
      end = value_end (p);
      trimmed = end;
      while (trimmed > value && g_ascii_isspace (trimmed[-1]))
        trimmed--;
      if (trimmed == value)
        {
          gsk_layer_style_parser_fail (&parser, value, GSK_LAYER_ERROR_SYNTAX, "expected a value");
          goto fail;
        }
      if (memchr (value, '!', trimmed - value))
        {
          gsk_layer_style_parser_fail (&parser, memchr (value, '!', trimmed - value), GSK_LAYER_ERROR_UNSUPPORTED,
                                       "“!important” is not supported");
          goto fail;
        }

      if (!parse_declaration (&parser, name_start, name_end, value, trimmed, style))
        goto fail;

      p = end;
    }

  return style;

fail:
  gsk_layer_style_unref (style);
  /* An invalid byte counts as one character */
  *error_offset = 0;
  for (p = declarations; p < parser.error_at && *p; p = g_utf8_next_char (p))
    (*error_offset)++;
  return NULL;
}

/**
 * gsk_layer_set_style_from_string:
 * @self: a layer
 * @declarations: CSS declarations, as in an element's `style` attribute
 * @error: return location for an error
 *
 * Reads @declarations as [ctor@LayerStyle.new_from_string] does and sets
 * the style on @self ([method@Layer.set_style]). On an error, @self is
 * left as it was.
 *
 * Returns: whether @declarations were read and set
 *
 * Since: 0.1
 */
gboolean
gsk_layer_set_style_from_string (GskLayer    *self,
                                 const char  *declarations,
                                 GError     **error)
{
  GskLayerStyle *style;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);
  g_return_val_if_fail (declarations != NULL, FALSE);

  style = gsk_layer_style_new_from_string (declarations, error);
  if (style == NULL)
    return FALSE;

  gsk_layer_set_style (self, style);
  gsk_layer_style_unref (style);
  return TRUE;
}

gboolean
gsk_layer_style_names_property (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GskLayerStyle) style = NULL;
  g_autofree char *probe = NULL;
  const char *p;
  glong offset;

  if (name == NULL || *name == '\0')
    return FALSE;
  for (p = name; *p; p++)
    if (!(g_ascii_islower (*p) || *p == '-'))
      return FALSE;

  /* A name the parser knows fails on the value, others on the name:
   * unknown, or known but not supported yet */
  probe = g_strdup_printf ("%s: \"\"", name);
  style = gsk_layer_style_parse (probe, &offset, &error);
  return style != NULL || offset > 0 || g_error_matches (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNSUPPORTED);
}
