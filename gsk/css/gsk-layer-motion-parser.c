/* gsk-layer-motion-parser.c: CSS Motion Path's properties in style
 * declarations: offset-path, offset-distance, offset-rotate and
 * offset-anchor
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-style-parser-private.h"

/* offset-path: none, or path() (one fill rule or none: it is a line) */
static gboolean
parse_offset_path (Parser        *parser,
                   const char    *p,
                   const char    *end,
                   GskLayerStyle *style)
{
  const char *starts[MAX_VALUES], *ends[MAX_VALUES], *paren;
  GskLayerPath *path;
  int n;

  if (!gsk_layer_style_parser_split (parser, p, end, 1, starts, ends, &n))
    return FALSE;
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "none"))
    {
      g_clear_pointer (&style->offset_path, gsk_layer_path_unref);
      style->set |= GSK_LAYER_STYLE_OFFSET_PATH;
      return TRUE;
    }
  if (n != 1 || (paren = memchr (starts[0], '(', ends[0] - starts[0])) == NULL || ends[0][-1] != ')')
    return gsk_layer_style_parser_fail (parser, n > 0 ? starts[0] : p, GSK_LAYER_ERROR_SYNTAX,
                                        "expected none or path()");
  if (!gsk_layer_style_parser_span_is (starts[0], paren, "path"))
    {
      if (gsk_layer_style_parser_span_is (starts[0], paren, "ray") ||
          gsk_layer_style_parser_span_is (starts[0], paren, "url") ||
          gsk_layer_style_parser_span_is (starts[0], paren, "circle") ||
          gsk_layer_style_parser_span_is (starts[0], paren, "ellipse") ||
          gsk_layer_style_parser_span_is (starts[0], paren, "inset") ||
          gsk_layer_style_parser_span_is (starts[0], paren, "polygon"))
        return gsk_layer_style_parser_fail (parser, starts[0], GSK_LAYER_ERROR_UNSUPPORTED,
                                            "offset-path “%.*s()” is not supported yet",
                                            (int) (paren - starts[0]), starts[0]);
      return gsk_layer_style_parser_fail (parser, starts[0], GSK_LAYER_ERROR_SYNTAX, "expected none or path()");
    }

  if (!gsk_layer_style_parser_path_data (parser, paren + 1, ends[0] - 1, &path))
    return FALSE;

  g_clear_pointer (&style->offset_path, gsk_layer_path_unref);
  style->offset_path = path;
  style->set |= GSK_LAYER_STYLE_OFFSET_PATH;
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
  const char *starts[MAX_VALUES], *ends[MAX_VALUES];
  int n;

  if (!gsk_layer_style_parser_split (parser, p, end, MAX_VALUES, starts, ends, &n))
    return FALSE;
  if (n == 1 && gsk_layer_style_parser_span_is (starts[0], ends[0], "auto"))
    style->offset_anchor_auto = TRUE;
  else if (gsk_layer_style_parser_position (parser, p, starts, ends, n, style->offset_anchor,
                                            &style->offset_anchor_percent))
    style->offset_anchor_auto = FALSE;
  else
    return FALSE;

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
  *handled = FALSE;
  return FALSE;
}
