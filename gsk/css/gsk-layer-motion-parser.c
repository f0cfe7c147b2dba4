/* gsk-layer-motion-parser.c: CSS Motion Path's properties in style
 * declarations: offset-path, offset-distance, offset-rotate and
 * offset-anchor
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-parser-private.h"

static void
clear_offset_path (GskLayerStyle *style)
{
  g_clear_pointer (&style->offset_path, gsk_layer_path_unref);
  g_clear_pointer (&style->offset_shape, gsk_layer_basic_shape_unref);
  style->offset_ray = FALSE;
  style->offset_ray_at = FALSE;
}

/* ray( <angle> && <size>? && contain? && [at <position>]? ) */
static gboolean
parse_ray (Parser        *parser,
           const char    *p,
           const char    *end,
           GskLayerStyle *style)
{
  static const char * const sizes[] = {
    "closest-side", "closest-corner", "farthest-side", "farthest-corner", "sides",
  };
  const char *starts[8], *ends[8];
  gboolean angle_set = FALSE, size_set = FALSE;
  float angle = 0;
  GskLayerRaySize size = GSK_LAYER_RAY_CLOSEST_SIDE;
  int n, i, at = -1;
  guint k;

  if (!gsk_layer_style_parser_split (parser, p, end, 8, starts, ends, &n))
    return FALSE;
  for (i = 0; i < n && at < 0; i++)
    {
      if (gsk_layer_style_parser_span_is (starts[i], ends[i], "at"))
        at = i;
      else if (gsk_layer_style_parser_span_is (starts[i], ends[i], "contain"))
        return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_UNSUPPORTED,
                                            "ray() “contain” is not supported yet");
      else if (!angle_set && gsk_layer_style_parser_angle (starts[i], ends[i], &angle))
        angle_set = TRUE;
      else
        {
          for (k = 0; k < G_N_ELEMENTS (sizes); k++)
            if (gsk_layer_style_parser_span_is (starts[i], ends[i], sizes[k]))
              break;
          if (size_set || k == G_N_ELEMENTS (sizes))
            return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX,
                                                "expected an angle, a ray size, contain or at");
          size = k;
          size_set = TRUE;
        }
    }
  if (!angle_set)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "a ray needs an angle");
  if (!isfinite (angle) || fabsf (angle) > GSK_LAYER_MAX_COORDINATE)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "the angle is out of range");

  clear_offset_path (style);
  if (at >= 0)
    {
      if (!gsk_layer_style_parser_position (parser, ends[at], starts + at + 1, ends + at + 1, n - at - 1,
                                            style->offset_ray_position, &style->offset_ray_position_percent))
        return FALSE;
      style->offset_ray_at = TRUE;
    }
  style->offset_ray = TRUE;
  style->offset_ray_angle = angle;
  style->offset_ray_size = size;
  return TRUE;
}

/* offset-path: none, path(), ray(), or a basic shape and a box */
static gboolean
parse_offset_path (Parser        *parser,
                   const char    *p,
                   const char    *end,
                   GskLayerStyle *style)
{
  const char *paren = memchr (p, '(', end - p);
  GskLayerBasicShape *shape;
  GskLayerPath *path;

  style->set |= GSK_LAYER_STYLE_OFFSET_PATH;
  if (gsk_layer_style_parser_span_is (p, end, "none"))
    {
      clear_offset_path (style);
      return TRUE;
    }
  if (paren != NULL && end[-1] == ')' && gsk_layer_style_parser_span_is (p, paren, "ray"))
    return parse_ray (parser, paren + 1, end - 1, style);
  if (paren != NULL && end[-1] == ')' && gsk_layer_style_parser_span_is (p, paren, "path"))
    {
      if (!gsk_layer_style_parser_path_data (parser, paren + 1, end - 1, &path))
        return FALSE;
      clear_offset_path (style);
      style->offset_path = path;
      return TRUE;
    }
  if (paren != NULL && end[-1] == ')' && gsk_layer_style_parser_span_is (p, paren, "url"))
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_UNSUPPORTED,
                                        "offset-path “url()” is not supported yet");

  shape = gsk_layer_style_parser_basic_shape (parser, p, end);
  if (shape == NULL)
    return FALSE;
  clear_offset_path (style);
  style->offset_shape = shape;
  return TRUE;
}

/* A <position>, or one of @keywords alone: *@keyword its index, or -1
 * for a position, put in @values and @percent (offset-position and
 * offset-anchor) */
static gboolean
parse_position_or_keyword (Parser             *parser,
                           const char         *p,
                           const char         *end,
                           const char * const *keywords,
                           int                *keyword,
                           float               values[2],
                           guint8             *percent)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  for (i = 0; n == 1 && keywords[i] != NULL; i++)
    if (gsk_layer_style_parser_span_is (starts[0], ends[0], keywords[i]))
      {
        *keyword = i;
        return TRUE;
      }
  *keyword = -1;
  return gsk_layer_style_parser_position (parser, p, starts, ends, n, values, percent);
}

/* offset-position: normal, auto or a <position> */
static gboolean
parse_offset_position (Parser        *parser,
                       const char    *p,
                       const char    *end,
                       GskLayerStyle *style)
{
  static const char * const keywords[] = { "normal", "auto", NULL };
  static const GskLayerOffsetPosition kinds[] = { GSK_LAYER_OFFSET_POSITION_NORMAL, GSK_LAYER_OFFSET_POSITION_AUTO };
  int keyword;

  if (!parse_position_or_keyword (parser, p, end, keywords, &keyword, style->offset_position,
                                  &style->offset_position_percent))
    return FALSE;

  style->offset_position_kind = keyword >= 0 ? kinds[keyword] : GSK_LAYER_OFFSET_POSITION_AT;
  style->set |= GSK_LAYER_STYLE_OFFSET_POSITION;
  return TRUE;
}

/* offset-distance: a length or a percentage of the path's length */
static gboolean
parse_offset_distance (Parser        *parser,
                       const char    *p,
                       const char    *end,
                       GskLayerStyle *style)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES], *r;
  gboolean percent;
  float value;
  int n;

  if (!gsk_layer_style_parser_split (parser, p, end, 1, starts, ends, &n))
    return FALSE;
  if (n != 1)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");
  r = starts[0];
  if (!gsk_layer_style_parser_dimension (parser, &r, ends[0], TRUE, &value, &percent))
    return FALSE;
  if (r != ends[0])
    return gsk_layer_style_parser_fail (parser, r, GSK_LAYER_ERROR_SYNTAX, "expected a length or a percentage");

  style->offset_distance = value;
  style->offset_distance_percent = percent;
  style->set |= GSK_LAYER_STYLE_OFFSET_DISTANCE;
  return TRUE;
}

/* offset-rotate: [auto | reverse] || <angle> */
static gboolean
parse_offset_rotate (Parser        *parser,
                     const char    *p,
                     const char    *end,
                     GskLayerStyle *style)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  gboolean keyword = FALSE, reverse = FALSE, angle_set = FALSE;
  float angle = 0;
  int n, i;

  if (!gsk_layer_style_parser_split (parser, p, end, 2, starts, ends, &n))
    return FALSE;
  if (n == 0)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_SYNTAX, "expected auto, reverse or an angle");
  for (i = 0; i < n; i++)
    {
      if (!keyword && gsk_layer_style_parser_span_is (starts[i], ends[i], "auto"))
        keyword = TRUE;
      else if (!keyword && gsk_layer_style_parser_span_is (starts[i], ends[i], "reverse"))
        keyword = reverse = TRUE;
      else if (!angle_set && gsk_layer_style_parser_angle (starts[i], ends[i], &angle))
        angle_set = TRUE;
      else
        return gsk_layer_style_parser_fail (parser, starts[i], GSK_LAYER_ERROR_SYNTAX,
                                            "expected auto, reverse or an angle");
    }
  if (!isfinite (angle) || fabsf (angle) > GSK_LAYER_MAX_COORDINATE)
    return gsk_layer_style_parser_fail (parser, p, GSK_LAYER_ERROR_INVALID_VALUE, "the angle is out of range");

  style->offset_rotate_auto = keyword;
  style->offset_rotate_reverse = reverse;
  style->offset_rotate = angle;
  style->set |= GSK_LAYER_STYLE_OFFSET_ROTATE;
  return TRUE;
}

/* offset-anchor: auto or a <position> */
static gboolean
parse_offset_anchor (Parser        *parser,
                     const char    *p,
                     const char    *end,
                     GskLayerStyle *style)
{
  static const char * const keywords[] = { "auto", NULL };
  int keyword;

  if (!parse_position_or_keyword (parser, p, end, keywords, &keyword, style->offset_anchor,
                                  &style->offset_anchor_percent))
    return FALSE;

  style->offset_anchor_auto = keyword == 0;
  style->set |= GSK_LAYER_STYLE_OFFSET_ANCHOR;
  return TRUE;
}

gboolean
gsk_layer_style_parser_motion (Parser        *parser,
                               const char    *name,
                               const char    *p,
                               const char    *end,
                               GskLayerStyle *style,
                               gboolean      *handled)
{
  *handled = TRUE;
  if (g_str_equal (name, "offset-path"))
    return parse_offset_path (parser, p, end, style);
  if (g_str_equal (name, "offset-distance"))
    return parse_offset_distance (parser, p, end, style);
  if (g_str_equal (name, "offset-rotate"))
    return parse_offset_rotate (parser, p, end, style);
  if (g_str_equal (name, "offset-anchor"))
    return parse_offset_anchor (parser, p, end, style);
  if (g_str_equal (name, "offset-position"))
    return parse_offset_position (parser, p, end, style);
  *handled = FALSE;
  return FALSE;
}
