/* gsk-layer-shape-parser.c: CSS's basic shapes and reference boxes, for
 * clip-path
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-style-parser-private.h"
#include "gsk-layer-basic-shape-private.h"

/* The most space-separated values inside a shape's parentheses: inset's
 * four, "round", four radii, "/" and four more */
#define MAX_ARGS 16

typedef struct {
  const char *start[MAX_ARGS];
  const char *end[MAX_ARGS];
  int n;
} Args;

/* Splits [@p, @end) at white space, "/" standing alone as a value */
static gboolean
split_args (Parser     *parser,
            const char *p,
            const char *end,
            Args       *args)
{
  args->n = 0;
  for (;;)
    {
      const char *s;

      while (p < end && g_ascii_isspace (*p))
        p++;
      if (p >= end)
        return TRUE;
      if (args->n == MAX_ARGS)
        return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "too many values");
      s = p;
      if (*p == '/')
        p++;
      else
        while (p < end && !g_ascii_isspace (*p) && *p != '/')
          p++;
      args->start[args->n] = s;
      args->end[args->n] = p;
      args->n++;
    }
}

/* One <length-percentage> spanning all of [@start, @end) */
static gboolean
parse_length (Parser     *parser,
              const char *start,
              const char *end,
              gboolean    signed_ok,
              float      *out,
              gboolean   *percent)
{
  const char *r = start;

  if (!gsk_layer_style_parser_dimension (parser, &r, end, signed_ok, out, percent))
    return FALSE;
  if (r != end)
    return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
  return TRUE;
}

/* [@first, @last) of @args as 1-4 values, set out to four as CSS's
 * border-radius and inset do: top, right, bottom, left */
static gboolean
parse_four (Parser     *parser,
            const Args *args,
            int         first,
            int         last,
            gboolean    signed_ok,
            float       values[4],
            gboolean    percent[4])
{
  static const int from[4][4] = { { 0, 0, 0, 0 }, { 0, 1, 0, 1 }, { 0, 1, 2, 1 }, { 0, 1, 2, 3 } };
  float v[4];
  gboolean pc[4];
  int n = last - first, i;

  if (n < 1 || n > 4)
    return gsk_layer_style_parser_fail (parser, n < 1 ? args->end[MAX (last - 1, 0)] : args->start[first + 4],
                                        GSK_LAYER_ERROR_SYNTAX, "expected one to four lengths");
  for (i = 0; i < n; i++)
    if (!parse_length (parser, args->start[first + i], args->end[first + i], signed_ok, &v[i], &pc[i]))
      return FALSE;
  for (i = 0; i < 4; i++)
    {
      values[i] = v[from[n - 1][i]];
      percent[i] = pc[from[n - 1][i]];
    }
  return TRUE;
}

static gboolean
parse_inset (Parser             *parser,
             const Args         *args,
             GskLayerBasicShape *shape)
{
  float v[4];
  gboolean pc[4];
  int round, slash, i;

  for (round = 0; round < args->n; round++)
    if (gsk_layer_style_parser_span_is (args->start[round], args->end[round], "round"))
      break;
  if (!parse_four (parser, args, 0, round, TRUE, v, pc))
    return FALSE;
  for (i = 0; i < 4; i++)
    {
      shape->inset[i] = v[i];
      shape->percent |= pc[i] << i;
    }
  if (round == args->n)
    return TRUE;

  for (slash = round + 1; slash < args->n; slash++)
    if (*args->start[slash] == '/')
      break;
  /* Horizontal radii, then vertical ones (the same where no slash) */
  if (!parse_four (parser, args, round + 1, slash, FALSE, v, pc))
    return FALSE;
  for (i = 0; i < 4; i++)
    {
      shape->inset[4 + 2 * i] = shape->inset[5 + 2 * i] = v[i];
      shape->percent |= (pc[i] << (4 + 2 * i)) | (pc[i] << (5 + 2 * i));
    }
  if (slash < args->n)
    {
      if (!parse_four (parser, args, slash + 1, args->n, FALSE, v, pc))
        return FALSE;
      for (i = 0; i < 4; i++)
        {
          shape->inset[5 + 2 * i] = v[i];
          shape->percent &= ~(1 << (5 + 2 * i));
          shape->percent |= pc[i] << (5 + 2 * i);
        }
    }
  return TRUE;
}

/* circle() and ellipse(): radii (one or two), then "at" and a position */
static gboolean
parse_round_shape (Parser             *parser,
                   const Args         *args,
                   const char         *p,
                   GskLayerBasicShape *shape)
{
  int n_radii = shape->kind == GSK_LAYER_BASIC_SHAPE_CIRCLE ? 1 : 2;
  int at, i;

  for (at = 0; at < args->n; at++)
    if (gsk_layer_style_parser_span_is (args->start[at], args->end[at], "at"))
      break;
  if (at != 0 && at != n_radii)
    return gsk_layer_style_parser_fail (parser, args->start[MIN (at, args->n - 1)], GSK_LAYER_ERROR_SYNTAX,
                                        n_radii == 1 ? "expected a radius, then “at” and a position"
                                                     : "expected two radii, then “at” and a position");
  for (i = 0; i < at; i++)
    {
      const char *s = args->start[i], *e = args->end[i];
      gboolean percent;

      if (gsk_layer_style_parser_span_is (s, e, "closest-side"))
        shape->radius_kind[i] = GSK_LAYER_SHAPE_RADIUS_CLOSEST_SIDE;
      else if (gsk_layer_style_parser_span_is (s, e, "farthest-side"))
        shape->radius_kind[i] = GSK_LAYER_SHAPE_RADIUS_FARTHEST_SIDE;
      else
        {
          if (!parse_length (parser, s, e, FALSE, &shape->radii[i], &percent))
            return FALSE;
          shape->radius_kind[i] = GSK_LAYER_SHAPE_RADIUS_LENGTH;
          shape->percent = (shape->percent & ~(1 << i)) | (percent << i);
        }
    }
  if (at < args->n)
    {
      guint8 bits = 0;

      if (!gsk_layer_style_parser_position (parser, args->end[at], (const char **) args->start + at + 1,
                                            (const char **) args->end + at + 1,
                                            args->n - at - 1, shape->center, &bits))
        return FALSE;
      shape->percent = (shape->percent & ~0xc) | (bits << 2);
    }
  return TRUE;
}

/* An optional fill rule and a comma, at the start of polygon() and
 * path(); returns where the rest starts */
static const char *
parse_fill_rule (const char         *p,
                 const char         *end,
                 GskLayerBasicShape *shape)
{
  const char *s = p, *e, *comma;

  while (s < end && g_ascii_isspace (*s))
    s++;
  comma = gsk_layer_style_parser_next_comma (s, end);
  e = comma;
  while (e > s && g_ascii_isspace (e[-1]))
    e--;
  if (comma < end && gsk_layer_style_parser_span_is (s, e, "nonzero"))
    return comma + 1;
  if (comma < end && gsk_layer_style_parser_span_is (s, e, "evenodd"))
    {
      shape->fill_rule = GSK_LAYER_PATH_FILL_RULE_EVENODD;
      return comma + 1;
    }
  return p;
}

static gboolean
parse_polygon (Parser             *parser,
               const char         *p,
               const char         *end,
               GskLayerBasicShape *shape)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (float));
  GArray *bits = g_array_new (FALSE, FALSE, sizeof (guint8));

  p = parse_fill_rule (p, end, shape);
  for (;;)
    {
      const char *comma = gsk_layer_style_parser_next_comma (p, end);
      Args args;
      int i;

      if (!split_args (parser, p, comma, &args))
        goto fail;
      if (args.n != 2)
        {
          gsk_layer_style_parser_fail (parser, args.n > 2 ? args.start[2] : p, GSK_LAYER_ERROR_SYNTAX,
                                       "a polygon's vertex is two lengths, x and y");
          goto fail;
        }
      if (points->len / 2 == GSK_LAYER_BASIC_SHAPE_MAX_VERTICES)
        {
          gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE,
                                       "a polygon has at most %d vertices", GSK_LAYER_BASIC_SHAPE_MAX_VERTICES);
          goto fail;
        }
      for (i = 0; i < 2; i++)
        {
          float v;
          gboolean percent;
          guint8 b;

          if (!parse_length (parser, args.start[i], args.end[i], TRUE, &v, &percent))
            goto fail;
          b = percent;
          g_array_append_val (points, v);
          g_array_append_val (bits, b);
        }
      if (comma >= end)
        break;
      p = comma + 1;
    }

  shape->n_points = points->len / 2;
  shape->points = (float *) g_array_free (points, FALSE);
  shape->point_percent = (guint8 *) g_array_free (bits, FALSE);
  return TRUE;

fail:
  g_array_unref (points);
  g_array_unref (bits);
  return FALSE;
}

gboolean
gsk_layer_style_parser_path_data (Parser        *parser,
                                  const char    *p,
                                  const char    *end,
                                  GskLayerPath **out)
{
  GError *local_error = NULL;
  const char *close;
  char quote, *data;
  glong start;

  while (p < end && g_ascii_isspace (*p))
    p++;
  if (p >= end || (*p != '"' && *p != '\''))
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected path data in quotes");
  quote = *p;
  close = memchr (p + 1, quote, end - p - 1);
  if (close == NULL)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "a string is not closed");
  if (memchr (p + 1, '\\', close - p - 1))
    return gsk_layer_style_parser_fail (parser, memchr (p + 1, '\\', close - p - 1), GSK_LAYER_ERROR_UNSUPPORTED,
                                        "escapes in path data are not supported");
  for (const char *q = close + 1; q < end; q++)
    if (!g_ascii_isspace (*q))
      return gsk_layer_style_parser_fail (parser, q, GSK_LAYER_ERROR_SYNTAX, "expected “)” after the path data");

  data = g_strndup (p + 1, close - p - 1);
  *out = gsk_layer_path_parse_with_range (data, &start, NULL, &local_error);
  if (*out == NULL)
    {
      const char *at = g_utf8_offset_to_pointer (data, start);

      gsk_layer_style_parser_fail (parser, p + 1 + (at - data), (GskLayerError) local_error->code,
                                   "%s", local_error->message);
      g_error_free (local_error);
      g_free (data);
      return FALSE;
    }
  g_free (data);
  return TRUE;
}

static gboolean
parse_box (const char           *start,
           const char           *end,
           GskLayerReferenceBox *box)
{
  static const struct { const char *name; GskLayerReferenceBox box; } boxes[] = {
    { "border-box", GSK_LAYER_REFERENCE_BOX_BORDER },
    { "padding-box", GSK_LAYER_REFERENCE_BOX_PADDING },
    { "content-box", GSK_LAYER_REFERENCE_BOX_CONTENT },
    { "margin-box", GSK_LAYER_REFERENCE_BOX_BORDER },
    { "fill-box", GSK_LAYER_REFERENCE_BOX_CONTENT },
    { "stroke-box", GSK_LAYER_REFERENCE_BOX_BORDER },
    { "view-box", GSK_LAYER_REFERENCE_BOX_BORDER },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (boxes); i++)
    if (gsk_layer_style_parser_span_is (start, end, boxes[i].name))
      {
        *box = boxes[i].box;
        return TRUE;
      }
  return FALSE;
}

/* One shape function spanning [@start, @end) */
static GskLayerBasicShape *
parse_shape (Parser     *parser,
             const char *start,
             const char *end)
{
  static const struct { const char *name; GskLayerBasicShapeKind kind; } functions[] = {
    { "inset", GSK_LAYER_BASIC_SHAPE_INSET },
    { "circle", GSK_LAYER_BASIC_SHAPE_CIRCLE },
    { "ellipse", GSK_LAYER_BASIC_SHAPE_ELLIPSE },
    { "polygon", GSK_LAYER_BASIC_SHAPE_POLYGON },
    { "path", GSK_LAYER_BASIC_SHAPE_PATH },
  };
  const char *paren = memchr (start, '(', end - start);
  GskLayerBasicShape *shape;
  gboolean ok;
  Args args;
  guint i;

  if (paren == NULL || end[-1] != ')')
    {
      gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_SYNTAX,
                                   "expected a basic shape, a reference box or none");
      return NULL;
    }
  for (i = 0; i < G_N_ELEMENTS (functions); i++)
    if (gsk_layer_style_parser_span_is (start, paren, functions[i].name))
      break;
  if (i == G_N_ELEMENTS (functions))
    {
      if (gsk_layer_style_parser_span_is (start, paren, "url") || gsk_layer_style_parser_span_is (start, paren, "xywh") ||
          gsk_layer_style_parser_span_is (start, paren, "rect") || gsk_layer_style_parser_span_is (start, paren, "shape"))
        gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_UNSUPPORTED, "“%.*s()” is not supported yet",
                                     (int) (paren - start), start);
      else
        gsk_layer_style_parser_fail (parser, start, GSK_LAYER_ERROR_SYNTAX, "unknown shape “%.*s()”",
                                     (int) (paren - start), start);
      return NULL;
    }

  shape = gsk_layer_basic_shape_new (functions[i].kind);
  switch (shape->kind)
    {
    case GSK_LAYER_BASIC_SHAPE_INSET:
      ok = split_args (parser, paren + 1, end - 1, &args) && parse_inset (parser, &args, shape);
      break;
    case GSK_LAYER_BASIC_SHAPE_CIRCLE:
    case GSK_LAYER_BASIC_SHAPE_ELLIPSE:
      ok = split_args (parser, paren + 1, end - 1, &args) && parse_round_shape (parser, &args, paren + 1, shape);
      break;
    case GSK_LAYER_BASIC_SHAPE_POLYGON:
      ok = parse_polygon (parser, paren + 1, end - 1, shape);
      break;
    case GSK_LAYER_BASIC_SHAPE_PATH:
      ok = gsk_layer_style_parser_path_data (parser, parse_fill_rule (paren + 1, end - 1, shape), end - 1,
                                             &shape->path);
      break;
    case GSK_LAYER_BASIC_SHAPE_BOX:
    default:
      g_assert_not_reached ();
    }

  if (!ok)
    g_clear_pointer (&shape, gsk_layer_basic_shape_unref);
  return shape;
}

/* A basic shape and a reference box, either or both, in either order */
GskLayerBasicShape *
gsk_layer_style_parser_basic_shape (Parser     *parser,
                                    const char *p,
                                    const char *end)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  GskLayerBasicShape *shape = NULL;
  GskLayerReferenceBox box = GSK_LAYER_REFERENCE_BOX_BORDER;
  gboolean box_set = FALSE;
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, 2, starts, ends, &n))
    return NULL;
  if (n == 0)
    {
      gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a basic shape, a reference box or none");
      return NULL;
    }

  for (i = 0; i < n; i++)
    {
      if (!box_set && parse_box (starts[i], ends[i], &box))
        box_set = TRUE;
      else if (shape == NULL && !parse_box (starts[i], ends[i], &box))
        {
          shape = parse_shape (parser, starts[i], ends[i]);
          if (shape == NULL)
            return NULL;
        }
      else
        {
          g_clear_pointer (&shape, gsk_layer_basic_shape_unref);
          gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX,
                                       "expected one basic shape and one reference box at most");
          return NULL;
        }
    }

  if (shape == NULL)
    shape = gsk_layer_basic_shape_new (GSK_LAYER_BASIC_SHAPE_BOX);
  shape->box = box;
  shape->box_set = box_set;
  return shape;
}

/* clip-path: none, or a basic shape and a reference box, either or both
 * in either order */
gboolean
gsk_layer_style_parser_clip_path (Parser        *parser,
                                  const char    *p,
                                  const char    *end,
                                  GskLayerStyle *style)
{
  GskLayerBasicShape *shape;

  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      g_clear_pointer (&style->clip_path, gsk_layer_basic_shape_unref);
      style->set |= GSK_LAYER_STYLE_CLIP_PATH;
      return TRUE;
    }
  shape = gsk_layer_style_parser_basic_shape (parser, p, end);
  if (shape == NULL)
    return FALSE;
  g_clear_pointer (&style->clip_path, gsk_layer_basic_shape_unref);
  style->clip_path = shape;
  style->set |= GSK_LAYER_STYLE_CLIP_PATH;
  return TRUE;
}
