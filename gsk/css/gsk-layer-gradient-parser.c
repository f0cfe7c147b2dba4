/* gsk-layer-gradient-parser.c: CSS gradients (linear, radial, conic,
 * repeating or not) for background-image, in the style parser
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-parser-private.h"


/* The next comma at depth 0 in [@p, @end), or @end */
const char *
gsk_layer_style_parser_next_comma (const char *p,
                                   const char *end)
{
  int depth = 0;

  for (; p < end; p++)
    {
      if (*p == '(')
        depth++;
      else if (*p == ')' && depth > 0)
        depth--;
      else if (*p == ',' && depth == 0)
        break;
    }
  return p;
}


/* An angle: deg, grad, rad or turn (or a bare 0), in degrees */
gboolean
gsk_layer_style_parser_angle (const char *start,
                              const char *end,
                              float      *degrees)
{
  char *number_end;
  double d;

  errno = 0;
  d = g_ascii_strtod (start, &number_end);
  if (number_end == start || number_end > end || errno != 0 || !isfinite (d) || fabs (d) > 1e6)
    return FALSE;
  if (gsk_layer_style_parser_span_is (number_end, end, "deg"))
    *degrees = d;
  else if (gsk_layer_style_parser_span_is (number_end, end, "grad"))
    *degrees = d * 0.9;
  else if (gsk_layer_style_parser_span_is (number_end, end, "rad"))
    *degrees = d * 180 / G_PI;
  else if (gsk_layer_style_parser_span_is (number_end, end, "turn"))
    *degrees = d * 360;
  else if (number_end == end && d == 0)
    *degrees = 0;
  else
    return FALSE;
  return TRUE;
}

/* The direction of a linear gradient: an angle or "to" one or two sides */
static gboolean
parse_gradient_direction (Parser           *parser,
                          const char       *p,
                          const char       *end,
                          GskLayerGradient *gradient)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (n == 1 && gsk_layer_style_parser_angle (starts[0], ends[0], &gradient->angle))
    return TRUE;
  if (n < 2 || n > 3 || !gsk_layer_style_parser_span_is (starts[0], ends[0], "to"))
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected an angle or “to” a side");

  for (i = 1; i < n; i++)
    {
      if (gsk_layer_style_parser_span_is (starts[i], ends[i], "left") && gradient->corner_x == 0)
        gradient->corner_x = -1;
      else if (gsk_layer_style_parser_span_is (starts[i], ends[i], "right") && gradient->corner_x == 0)
        gradient->corner_x = 1;
      else if (gsk_layer_style_parser_span_is (starts[i], ends[i], "top") && gradient->corner_y == 0)
        gradient->corner_y = -1;
      else if (gsk_layer_style_parser_span_is (starts[i], ends[i], "bottom") && gradient->corner_y == 0)
        gradient->corner_y = 1;
      else
        return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX, "expected a side (left, right, top, bottom)");
    }
  /* One side is an angle */
  if (n == 2)
    {
      gradient->angle = gradient->corner_y < 0 ? 0 : gradient->corner_x > 0 ? 90 :
                        gradient->corner_y > 0 ? 180 : 270;
      gradient->corner_x = gradient->corner_y = 0;
    }
  return TRUE;
}

/* Whether the first argument of a radial gradient says its shape, size
 * or centre, rather than being a colour stop */
static gboolean
is_radial_shape (const char *p,
                 const char *end)
{
  static const char * const words[] = {
    "circle", "ellipse", "closest-side", "closest-corner", "farthest-side", "farthest-corner", "at",
  };
  const char *e = p;
  guint i;

  if (g_ascii_isdigit (*p) || *p == '-' || *p == '+' || *p == '.')
    return TRUE;
  while (e < end && !g_ascii_isspace (*e))
    e++;
  for (i = 0; i < G_N_ELEMENTS (words); i++)
    if (gsk_layer_style_parser_span_is (p, e, words[i]))
      return TRUE;

  return FALSE;
}

/* [circle | ellipse] [extent keyword | radii] [at <position>] */
static gboolean
parse_radial_shape (Parser           *parser,
                    const char       *p,
                    const char       *end,
                    GskLayerGradient *gradient)
{
  static const char * const extents[] = {
    "farthest-corner", "farthest-side", "closest-corner", "closest-side",
  };
  /* A shape, two radii, "at" and a position of two, and one more for
   * the position's error */
  const char *starts[7], *ends[7];
  gboolean have_shape = FALSE, have_extent = FALSE;
  const char *sizes_start = p;
  int n, i, n_sizes = 0;

  if (!gsk_layer_style_parser_split (parser, p, end, G_N_ELEMENTS (starts), starts, ends, &n))
    return FALSE;

  for (i = 0; i < n && !gsk_layer_style_parser_span_is (starts[i], ends[i], "at"); i++)
    {
      const char *s = starts[i], *e = ends[i];
      guint k;

      if (!have_shape && (gsk_layer_style_parser_span_is (s, e, "circle") || gsk_layer_style_parser_span_is (s, e, "ellipse")))
        {
          gradient->circle = gsk_layer_style_parser_span_is (s, e, "circle");
          have_shape = TRUE;
          continue;
        }
      for (k = 0; k < G_N_ELEMENTS (extents); k++)
        if (gsk_layer_style_parser_span_is (s, e, extents[k]))
          break;
      if (k < G_N_ELEMENTS (extents) && !have_extent && n_sizes == 0)
        {
          gradient->extent = k;
          have_extent = TRUE;
          continue;
        }
      if ((g_ascii_isdigit (*s) || *s == '.' || *s == '+' || *s == '-') && !have_extent && n_sizes < 2)
        {
          const char *r = s;
          gboolean percent;

          if (n_sizes == 0)
            sizes_start = s;
          if (!gsk_layer_style_parser_dimension (parser, &r, e, FALSE, &gradient->size[n_sizes], &percent))
            return FALSE;
          if (r != e)
            return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
          if (percent)
            gradient->size_percent |= 1 << n_sizes;
          n_sizes++;
          continue;
        }
      return gsk_layer_style_parser_fail (parser, s, GSK_LAYER_ERROR_SYNTAX, "unexpected “%.*s” in a radial gradient", (int) (e - s), s);
    }

  if (n_sizes > 0)
    {
      gradient->extent = GSK_LAYER_RADIAL_EXPLICIT;
      /* One length is a circle's radius, two an ellipse's */
      if (!have_shape)
        gradient->circle = n_sizes == 1;
      if (gradient->circle && (n_sizes != 1 || gradient->size_percent != 0))
        return gsk_layer_style_parser_fail (parser, sizes_start, GSK_LAYER_ERROR_INVALID_VALUE, "a circle takes one radius, a length");
      if (!gradient->circle && n_sizes != 2)
        return gsk_layer_style_parser_fail (parser, sizes_start, GSK_LAYER_ERROR_INVALID_VALUE, "an ellipse takes two radii");
    }

  if (i < n)
    {
      if (i + 1 == n)
        return gsk_layer_style_parser_fail (parser, ends[i], GSK_LAYER_ERROR_SYNTAX, "expected a position");
      if (!gsk_layer_style_parser_position (parser, starts[i + 1], starts + i + 1, ends + i + 1, n - i - 1,
                                            gradient->center, &gradient->center_percent))
        return FALSE;
    }

  return TRUE;
}

/* [from <angle>] [at <position>] */
static gboolean
parse_conic_start (Parser           *parser,
                   const char       *p,
                   const char       *end,
                   GskLayerGradient *gradient)
{
  const char *starts[6], *ends[6];
  int n, i = 0;

  if (!gsk_layer_style_parser_split (parser, p, end, G_N_ELEMENTS (starts), starts, ends, &n))
    return FALSE;

  if (i < n && gsk_layer_style_parser_span_is (starts[i], ends[i], "from"))
    {
      if (i + 1 == n || !gsk_layer_style_parser_angle (starts[i + 1], ends[i + 1], &gradient->angle))
        return gsk_layer_style_parser_fail (parser, i + 1 < n ? starts[i + 1] : ends[i], GSK_LAYER_ERROR_SYNTAX, "expected an angle");
      i += 2;
    }
  if (i < n && gsk_layer_style_parser_span_is (starts[i], ends[i], "at"))
    {
      if (i + 1 == n)
        return gsk_layer_style_parser_fail (parser, ends[i], GSK_LAYER_ERROR_SYNTAX, "expected a position");
      return gsk_layer_style_parser_position (parser, starts[i + 1], starts + i + 1, ends + i + 1, n - i - 1,
                                              gradient->center, &gradient->center_percent);
    }
  if (i < n)
    return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX, "unexpected “%.*s” in a conic gradient",
                                        (int) (ends[i] - starts[i]), starts[i]);

  return TRUE;
}

/* A colour stop: a colour and up to two positions (two make two stops) */
static gboolean
parse_color_stop (Parser           *parser,
                  const char       *p,
                  const char       *end,
                  GskLayerGradient *gradient)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  GdkRGBA color;
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a color stop");
  if (n > 3)
    return gsk_layer_style_parser_fail (parser, starts[3], GSK_LAYER_ERROR_SYNTAX, "a color stop is a color and at most two positions");
  if (!gsk_layer_style_parser_color (parser, starts[0], ends[0], &color))
    return FALSE;

  for (i = 0; i < MAX (n - 1, 1); i++)
    {
      GskLayerColorStop *stop;

      if (gradient->n_stops == GSK_LAYER_GRADIENT_MAX_STOPS)
        return gsk_layer_style_parser_fail (parser, starts[0], GSK_LAYER_ERROR_INVALID_VALUE, "more than %d color stops",
                                            GSK_LAYER_GRADIENT_MAX_STOPS);
      stop = &gradient->stops[gradient->n_stops++];
      stop->color = color;
      stop->unit = GSK_LAYER_STOP_AUTO;
      if (n > 1 && gradient->conic && gsk_layer_style_parser_angle (starts[i + 1], ends[i + 1], &stop->position) &&
          !(ends[i + 1] - starts[i + 1] == 1 && *starts[i + 1] == '0'))
        stop->unit = GSK_LAYER_STOP_DEG;
      else if (n > 1)
        {
          const char *q = starts[i + 1];
          gboolean percent;

          if (!gsk_layer_style_parser_dimension (parser, &q, ends[i + 1], TRUE, &stop->position, &percent))
            return FALSE;
          if (q != ends[i + 1])
            return gsk_layer_style_parser_fail (parser, q, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
          stop->unit = percent ? GSK_LAYER_STOP_PERCENT : GSK_LAYER_STOP_PX;
          /* An angle's stop: an angle or a percentage (or 0) */
          if (gradient->conic && stop->unit == GSK_LAYER_STOP_PX)
            {
              if (stop->position != 0)
                return gsk_layer_style_parser_fail (parser, starts[i + 1], GSK_LAYER_ERROR_SYNTAX, "expected an angle or a percentage");
              stop->unit = GSK_LAYER_STOP_DEG;
            }
        }
    }
  return TRUE;
}

gboolean
gsk_layer_style_parser_gradient (Parser           *parser,
                                 const char       *p,
                                 const char       *end,
                                 GskLayerGradient *gradient)
{
  const char *open = memchr (p, '(', end - p), *args, *stop;
  char *name;
  gboolean first = TRUE;

  if (open == NULL || end[-1] != ')')
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a gradient");
  if (g_ascii_strncasecmp (p, "url(", 4) == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_UNSUPPORTED,
                                        "images in styles are not supported yet (use the layer's content)");
  name = g_ascii_strdown (p, open - p);
  memset (gradient, 0, sizeof *gradient);
  gradient->angle = 180;
  gradient->center[0] = gradient->center[1] = 50;
  gradient->center_percent = 1 | 2;
  gradient->repeating = g_str_has_prefix (name, "repeating-");
  if (g_str_has_suffix (name, "radial-gradient"))
    gradient->radial = TRUE;
  if (g_str_has_suffix (name, "conic-gradient"))
    {
      gradient->conic = TRUE;
      gradient->angle = 0;
    }
  if (!g_str_equal (name + (gradient->repeating ? strlen ("repeating-") : 0), "linear-gradient") &&
      !gradient->radial && !gradient->conic)
    {
      gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "unknown image “%s()”", name);
      g_free (name);
      return FALSE;
    }
  if ((gradient->radial || gradient->conic) &&
      !g_str_equal (name + (gradient->repeating ? strlen ("repeating-") : 0),
                    gradient->radial ? "radial-gradient" : "conic-gradient"))
    {
      gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "unknown image “%s()”", name);
      g_free (name);
      return FALSE;
    }
  g_free (name);

  /* The arguments, between the parentheses, split at commas */
  args = open + 1;
  end--;
  while (args <= end)
    {
      const char *a = args, *b;

      stop = gsk_layer_style_parser_next_comma (args, end);
      b = stop;
      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;
      if (a == b)
        return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_SYNTAX, "expected a color stop");
      if (first && gradient->radial && is_radial_shape (a, b))
        {
          if (!parse_radial_shape (parser, a, b, gradient))
            return FALSE;
        }
      else if (first && gradient->conic &&
               ((b - a > 5 && g_ascii_strncasecmp (a, "from ", 5) == 0) ||
                (b - a > 3 && g_ascii_strncasecmp (a, "at ", 3) == 0)))
        {
          if (!parse_conic_start (parser, a, b, gradient))
            return FALSE;
        }
      else if (first && !gradient->radial &&
               (g_ascii_isdigit (*a) || *a == '-' || *a == '+' || *a == '.' ||
                (b - a > 3 && g_ascii_strncasecmp (a, "to ", 3) == 0)))
        {
          if (!parse_gradient_direction (parser, a, b, gradient))
            return FALSE;
        }
      else if (!parse_color_stop (parser, a, b, gradient))
        return FALSE;
      first = FALSE;
      args = stop + 1;
    }

  if (gradient->n_stops < 2)
    return gsk_layer_style_parser_fail (parser, open, GSK_LAYER_ERROR_SYNTAX, "a gradient needs two color stops");
  return TRUE;
}

/* background-image: none, or gradients separated by commas */
gboolean
gsk_layer_style_parser_background_image (Parser        *parser,
                                         const char    *p,
                                         const char    *end,
                                         GskLayerStyle *style)
{
  guint n = 0;

  style->set |= GSK_LAYER_STYLE_BACKGROUND_IMAGE;
  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      style->n_images = 0;
      return TRUE;
    }

  while (p <= end)
    {
      const char *stop = gsk_layer_style_parser_next_comma (p, end), *a = p, *b = stop;

      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;
      if (n == GSK_LAYER_STYLE_MAX_IMAGES)
        return gsk_layer_style_parser_fail (parser, a, GSK_LAYER_ERROR_INVALID_VALUE, "more than %d background images",
                                            GSK_LAYER_STYLE_MAX_IMAGES);
      if (!gsk_layer_style_parser_gradient (parser, a, b, &style->images[n]))
        return FALSE;
      n++;
      p = stop + 1;
    }

  style->n_images = n;
  return TRUE;
}

gboolean
gsk_layer_gradient_parse (const char        *text,
                          GskLayerGradient  *out,
                          GError           **error)
{
  GError *local_error = NULL;
  Parser parser = { text, NULL, &local_error, NULL };
  const char *a = text, *b = text + strlen (text);

  memset (out, 0, sizeof *out);
  while (a < b && g_ascii_isspace (*a))
    a++;
  while (b > a && g_ascii_isspace (b[-1]))
    b--;
  if (a == b)
    gsk_layer_style_parser_fail (&parser, a, GSK_LAYER_ERROR_SYNTAX, "expected a gradient");
  else if (gsk_layer_style_parser_gradient (&parser, a, b, out))
    return TRUE;

  g_set_error (error, GSK_LAYER_ERROR, local_error ? local_error->code : GSK_LAYER_ERROR_SYNTAX, "%ld: %s",
               g_utf8_pointer_to_offset (text, parser.error_at ? parser.error_at : a) + 1,
               local_error ? local_error->message : "expected a gradient");
  g_clear_error (&local_error);
  return FALSE;
}
