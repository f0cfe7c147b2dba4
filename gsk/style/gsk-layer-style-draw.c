/* gsk-layer-style-draw.c: a styled box drawn with cairo
 *
 * Shadows, background, borders and outline, as CSS paints a box, into
 * the raster the compile caches per layer; where content goes in the box.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"
#include "gsk-layer-blur-private.h"

/* {{{ Drawing */

/* A rounded rectangle's path: @radii per corner (top-left, top-right,
 * bottom-right, bottom-left), each an ellipse of its own */
void
gsk_layer_rounded_rect_path (cairo_t               *cr,
                             double                 x,
                             double                 y,
                             double                 w,
                             double                 h,
                             const graphene_size_t  radii[4])
{
  static const double angles[4] = { G_PI, 1.5 * G_PI, 0, 0.5 * G_PI };
  int i;

  cairo_new_sub_path (cr);
  for (i = 0; i < 4; i++)
    {
      double rx = MAX (radii[i].width, 0), ry = MAX (radii[i].height, 0);
      double cx = (i == 1 || i == 2) ? x + w - rx : x + rx;
      double cy = (i >= 2) ? y + h - ry : y + ry;

      if (rx <= 0 || ry <= 0)
        {
          cairo_line_to (cr, (i == 1 || i == 2) ? x + w : x, (i >= 2) ? y + h : y);
          continue;
        }
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, rx, ry);
      cairo_arc (cr, 0, 0, 1, angles[i], angles[i] + 0.5 * G_PI);
      cairo_restore (cr);
    }
  cairo_close_path (cr);
}

/* @radii shrunk by the border widths @inset (top, right, bottom, left):
 * the rounded padding box, as CSS makes it */
static void
inner_radii (const graphene_size_t  radii[4],
             const float            inset[4],
             graphene_size_t        out[4])
{
  /* Each corner: the widths of its horizontal and its vertical side */
  static const int vertical_side[4] = { GSK_LAYER_SIDE_LEFT, GSK_LAYER_SIDE_RIGHT,
                                        GSK_LAYER_SIDE_RIGHT, GSK_LAYER_SIDE_LEFT };
  static const int horizontal_side[4] = { GSK_LAYER_SIDE_TOP, GSK_LAYER_SIDE_TOP,
                                          GSK_LAYER_SIDE_BOTTOM, GSK_LAYER_SIDE_BOTTOM };
  int i;

  for (i = 0; i < 4; i++)
    {
      out[i].width = MAX (radii[i].width - inset[vertical_side[i]], 0);
      out[i].height = MAX (radii[i].height - inset[horizontal_side[i]], 0);
    }
}

/* The ring between the rounded border box inset by @outer and by
 * @inner (widths per side), in @color */
static void
fill_ring (cairo_t               *cr,
           const graphene_size_t *size,
           const graphene_size_t  radii[4],
           const float            outer[4],
           const float            inner[4],
           const GdkRGBA         *color)
{
  graphene_size_t r[4];

  cairo_new_path (cr);
  inner_radii (radii, outer, r);
  gsk_layer_rounded_rect_path (cr, outer[GSK_LAYER_SIDE_LEFT], outer[GSK_LAYER_SIDE_TOP],
                     size->width - outer[GSK_LAYER_SIDE_LEFT] - outer[GSK_LAYER_SIDE_RIGHT],
                     size->height - outer[GSK_LAYER_SIDE_TOP] - outer[GSK_LAYER_SIDE_BOTTOM], r);
  inner_radii (radii, inner, r);
  gsk_layer_rounded_rect_path (cr, inner[GSK_LAYER_SIDE_LEFT], inner[GSK_LAYER_SIDE_TOP],
                     MAX (size->width - inner[GSK_LAYER_SIDE_LEFT] - inner[GSK_LAYER_SIDE_RIGHT], 0),
                     MAX (size->height - inner[GSK_LAYER_SIDE_TOP] - inner[GSK_LAYER_SIDE_BOTTOM], 0), r);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_fill (cr);
}

/* Clips to the part of the box that belongs to @side: the trapezoid
 * between the box's edge and the lines from its outer corners through
 * the inner ones (CSS's joins of differently coloured sides), up to
 * where those lines meet */
static void
clip_to_side (cairo_t               *cr,
              const graphene_size_t *size,
              const float            width[4],
              int                    side)
{
  double w = size->width, h = size->height;
  double l = width[GSK_LAYER_SIDE_LEFT], t = width[GSK_LAYER_SIDE_TOP];
  double r = width[GSK_LAYER_SIDE_RIGHT], b = width[GSK_LAYER_SIDE_BOTTOM];
  /* Along the joins as far as they go before the regions of opposite
   * sides meet: there the four regions tile the box, and they pass
   * every inner corner, rounded or not */
  double k = MIN (l + r > 0 ? w / (l + r) : G_MAXDOUBLE, t + b > 0 ? h / (t + b) : G_MAXDOUBLE);

  cairo_new_path (cr);
  switch (side)
    {
    case GSK_LAYER_SIDE_TOP:
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, w, 0);
      cairo_line_to (cr, w - r * k, t * k);
      cairo_line_to (cr, l * k, t * k);
      break;
    case GSK_LAYER_SIDE_RIGHT:
      cairo_move_to (cr, w, 0);
      cairo_line_to (cr, w, h);
      cairo_line_to (cr, w - r * k, h - b * k);
      cairo_line_to (cr, w - r * k, t * k);
      break;
    case GSK_LAYER_SIDE_BOTTOM:
      cairo_move_to (cr, w, h);
      cairo_line_to (cr, 0, h);
      cairo_line_to (cr, l * k, h - b * k);
      cairo_line_to (cr, w - r * k, h - b * k);
      break;
    default:
      cairo_move_to (cr, 0, h);
      cairo_line_to (cr, 0, 0);
      cairo_line_to (cr, l * k, t * k);
      cairo_line_to (cr, l * k, h - b * k);
      break;
    }
  cairo_close_path (cr);
  cairo_clip (cr);
}

/* {{{ Dashed and dotted borders */

/* A dashed side's dash and gap for @width, as browsers draw them: thin
 * borders with longer dashes and gaps */
static void
dash_and_gap (double  width,
              double *dash,
              double *gap)
{
  *dash = width * (width < 3 ? 3 : 2);
  *gap = width * (width < 3 ? 2 : 1);
}

static double
path_length (cairo_t *cr)
{
  cairo_path_t *path = cairo_copy_path_flat (cr);
  double length = 0, x = 0, y = 0, sx = 0, sy = 0;
  int i;

  for (i = 0; i < path->num_data; i += path->data[i].header.length)
    {
      cairo_path_data_t *d = &path->data[i];

      switch (d->header.type)
        {
        case CAIRO_PATH_MOVE_TO:
          x = sx = d[1].point.x;
          y = sy = d[1].point.y;
          break;
        case CAIRO_PATH_LINE_TO:
          length += hypot (d[1].point.x - x, d[1].point.y - y);
          x = d[1].point.x;
          y = d[1].point.y;
          break;
        case CAIRO_PATH_CLOSE_PATH:
          length += hypot (sx - x, sy - y);
          x = sx;
          y = sy;
          break;
        case CAIRO_PATH_CURVE_TO:
        default:
          break;
        }
    }
  cairo_path_destroy (path);

  return length;
}

/* An arc of the ellipse of radii @rx, @ry about (@cx, @cy), from angle
 * @a0 to @a1, continuing the path */
static void
ellipse_arc (cairo_t *cr,
             double   cx,
             double   cy,
             double   rx,
             double   ry,
             double   a0,
             double   a1)
{
  if (rx <= 0 || ry <= 0)
    {
      cairo_line_to (cr, cx, cy);
      return;
    }
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, rx, ry);
  cairo_arc (cr, 0, 0, 1, a0, a1);
  cairo_restore (cr);
}

/* Strokes the current path, of @length, with @style's dashes or dots of
 * @width, as Chromium spaces them: the gaps stretched or shrunk so that
 * the path starts and ends with a dash or a dot (a @closed path ends
 * where the next would start again) */
static void
stroke_broken (cairo_t            *cr,
               GskLayerBorderStyle style,
               double              width,
               double              length,
               gboolean            closed)
{
  double pattern[2];
  int n;

  cairo_set_line_width (cr, width);
  if (style == GSK_LAYER_BORDER_DOTTED)
    {
      /* Round dots a width apart, centred on the path */
      n = MAX (1, (int) round (length / (2 * width)));
      pattern[0] = 0;
      pattern[1] = length / n;
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_dash (cr, pattern, 2, 0);
    }
  else
    {
      double dash, gap;

      /* Dashes keep their length; the gaps stretch or shrink to fit */
      dash_and_gap (width, &dash, &gap);
      if (closed)
        {
          n = MAX (1, (int) round (length / (dash + gap)));
          gap = length / n - dash;
        }
      else
        {
          n = (int) round ((length + gap) / (dash + gap));
          gap = n >= 2 ? (length - n * dash) / (n - 1) : 0;
        }
      if (gap <= 0)
        {
          /* No room for a gap: solid */
          cairo_stroke (cr);
          return;
        }
      pattern[0] = dash;
      pattern[1] = gap;
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_dash (cr, pattern, 2, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* The centre line of @side of a border of @width (per side) on a box of
 * @size with corners @radii: from the middle of one corner's curve to
 * the middle of the next; where a corner is square, from the box's
 * outer edge, so that the first dash or dot covers the corner. A dotted
 * side's line stops half a dot short of those edges, so that its end
 * dots sit in the corners. */
static void
side_center_path (cairo_t               *cr,
                  const graphene_size_t *size,
                  const graphene_size_t  radii[4],
                  const float            width[4],
                  int                    side,
                  gboolean               dotted)
{
  static const double angles[4] = { G_PI, 1.5 * G_PI, 0, 0.5 * G_PI };
  double half[4], left, top, right, bottom;
  graphene_size_t r[4];
  int i;

  for (i = 0; i < 4; i++)
    half[i] = width[i] / 2;
  inner_radii (radii, (float[4]) { half[0], half[1], half[2], half[3] }, r);
  left = half[GSK_LAYER_SIDE_LEFT];
  top = half[GSK_LAYER_SIDE_TOP];
  right = size->width - half[GSK_LAYER_SIDE_RIGHT];
  bottom = size->height - half[GSK_LAYER_SIDE_BOTTOM];

  cairo_new_path (cr);
  for (i = 0; i < 2; i++)
    {
      int corner = (side + i) % 4;
      double rx = r[corner].width, ry = r[corner].height;
      double cx = (corner == 1 || corner == 2) ? right - rx : left + rx;
      double cy = corner >= 2 ? bottom - ry : top + ry;
      double a0 = angles[corner] + (i == 0 ? 0.25 * G_PI : 0);
      double a1 = a0 + 0.25 * G_PI;

      if (rx > 0 && ry > 0 && radii[corner].width > 0 && radii[corner].height > 0)
        {
          if (i == 0)
            cairo_move_to (cr, cx + rx * cos (a0), cy + ry * sin (a0));
          ellipse_arc (cr, cx, cy, rx, ry, a0, a1);
        }
      else
        {
          /* A square corner: out to the edge along the side */
          double inset = dotted ? half[side] : 0;
          double x = cx, y = cy;

          if (side == GSK_LAYER_SIDE_TOP || side == GSK_LAYER_SIDE_BOTTOM)
            x = (corner == 1 || corner == 2) ? size->width - inset : inset;
          else
            y = corner >= 2 ? size->height - inset : inset;
          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
    }
}

/* A dashed or dotted @side, within its part of the box */
static void
draw_broken_side (cairo_t               *cr,
                  const graphene_size_t *size,
                  const graphene_size_t  radii[4],
                  const float            width[4],
                  int                    side,
                  GskLayerBorderStyle    style,
                  const GdkRGBA         *color)
{
  cairo_save (cr);
  clip_to_side (cr, size, width, side);
  side_center_path (cr, size, radii, width, side, style == GSK_LAYER_BORDER_DOTTED);
  gdk_cairo_set_source_rgba (cr, color);
  stroke_broken (cr, style, width[side], path_length (cr), FALSE);
  cairo_restore (cr);
}

/* A dashed or dotted border of one @width, style and colour all round
 * a box with rounded corners: one pattern round the whole ring, as
 * browsers draw it */
static void
draw_broken_ring (cairo_t               *cr,
                  const graphene_size_t *size,
                  const graphene_size_t  radii[4],
                  float                  width,
                  GskLayerBorderStyle    style,
                  const GdkRGBA         *color)
{
  float half[4] = { width / 2, width / 2, width / 2, width / 2 };
  graphene_size_t r[4];

  if (size->width <= width || size->height <= width)
    return;
  static const double angles[4] = { G_PI, 1.5 * G_PI, 0, 0.5 * G_PI };
  double x0 = width / 2, y0 = width / 2, x1 = size->width - width / 2, y1 = size->height - width / 2;
  int i;

  inner_radii (radii, half, r);
  cairo_save (cr);
  cairo_new_path (cr);
  /* From where the top side's straight part starts, as browsers start
   * the pattern: a dot or the start of a dash there */
  cairo_move_to (cr, x0 + r[0].width, y0);
  for (i = 1; i <= 4; i++)
    {
      int corner = i % 4;
      double rx = r[corner].width, ry = r[corner].height;

      ellipse_arc (cr, (corner == 1 || corner == 2) ? x1 - rx : x0 + rx, corner >= 2 ? y1 - ry : y0 + ry,
                   rx, ry, angles[corner], angles[corner] + 0.5 * G_PI);
    }
  cairo_close_path (cr);
  gdk_cairo_set_source_rgba (cr, color);
  stroke_broken (cr, style, width, path_length (cr), TRUE);
  cairo_restore (cr);
}

static gboolean
radii_are_zero (const graphene_size_t radii[4])
{
  int i;

  for (i = 0; i < 4; i++)
    if (radii[i].width > 0 && radii[i].height > 0)
      return FALSE;
  return TRUE;
}

static inline gboolean
is_broken (GskLayerBorderStyle style)
{
  return style == GSK_LAYER_BORDER_DASHED || style == GSK_LAYER_BORDER_DOTTED;
}

/* }}} */
/* {{{ Object fit */

void
gsk_layer_style_place_object (const GskLayerStyle   *style,
                              const graphene_rect_t *box,
                              const graphene_size_t *intrinsic,
                              graphene_rect_t       *placed)
{
  GskLayerObjectFit fit = style && (style->set & GSK_LAYER_STYLE_OBJECT_FIT) ? style->object_fit
                                                                             : GSK_LAYER_OBJECT_FIT_FILL;
  float iw = intrinsic->width, ih = intrinsic->height, w, h;
  float k;
  int axis;

  if (fit == GSK_LAYER_OBJECT_FIT_FILL || !(iw > 0 && ih > 0))
    {
      *placed = *box;
      return;
    }

  if (fit == GSK_LAYER_OBJECT_FIT_NONE)
    k = 1;
  else if (fit == GSK_LAYER_OBJECT_FIT_COVER)
    k = MAX (box->size.width / iw, box->size.height / ih);
  else
    {
      k = MIN (box->size.width / iw, box->size.height / ih);
      if (fit == GSK_LAYER_OBJECT_FIT_SCALE_DOWN)
        k = MIN (k, 1);
    }
  w = iw * k;
  h = ih * k;

  placed->size.width = w;
  placed->size.height = h;
  for (axis = 0; axis < 2; axis++)
    {
      float room = axis == 0 ? box->size.width - w : box->size.height - h;
      float origin = axis == 0 ? box->origin.x : box->origin.y;
      float offset;

      if (style == NULL || !(style->set & GSK_LAYER_STYLE_OBJECT_POSITION))
        offset = room / 2;
      else if (style->object_percent & (1 << axis))
        offset = room * style->object_position[axis] / 100;
      else
        offset = style->object_position[axis];

      if (axis == 0)
        placed->origin.x = origin + offset;
      else
        placed->origin.y = origin + offset;
    }
}

/* }}} */
/* {{{ Shadows */


/* The radius of a corner grown by @spread, as CSS grows box-shadow
 * corners: a small radius grows less, so that sharp corners stay sharp */
static double
spread_radius (double radius,
               double spread)
{
  double ratio;

  if (radius <= 0)
    return 0;
  if (spread <= 0)
    return MAX (radius + spread, 0);
  ratio = radius / spread;
  return radius + spread * (ratio < 1 ? 1 + pow (ratio - 1, 3) : 1);
}

/* @rect with its corners @radii, grown by @spread (shrunk if negative) */
static void
spread_rect (const graphene_rect_t *rect,
             const graphene_size_t  radii[4],
             double                 spread,
             graphene_rect_t       *out_rect,
             graphene_size_t        out_radii[4])
{
  int i;

  *out_rect = GRAPHENE_RECT_INIT (rect->origin.x - spread, rect->origin.y - spread,
                                  MAX (rect->size.width + 2 * spread, 0),
                                  MAX (rect->size.height + 2 * spread, 0));
  for (i = 0; i < 4; i++)
    {
      out_radii[i].width = spread_radius (radii[i].width, spread);
      out_radii[i].height = spread_radius (radii[i].height, spread);
    }
}

/* How far a shadow's blur reaches past its shape: three sigmas */
static double
blur_reach (const GskLayerShadow *shadow)
{
  return 1.5 * shadow->blur;
}

/* The most alpha a shadow of @shadow's blur puts anywhere, for a shape
 * of @size: a Gaussian of deviation σ over a line of length L covers at
 * most erf (L / (2√2 σ)) at its middle, and the two axes multiply */
static double
blurred_peak (const GskLayerShadow  *shadow,
              const graphene_size_t *size)
{
  double sigma = shadow->blur / 2;

  if (size->width <= 0 || size->height <= 0)
    return 0;
  if (!(sigma > 0))
    return 1;

  return erf (size->width / (2 * G_SQRT2 * sigma)) * erf (size->height / (2 * G_SQRT2 * sigma));
}

/* Whether the blurred shape of @size puts less than half a level of
 * alpha anywhere: a blur far wider than the box (box-shadow: 0 0 1e6px)
 * spreads it to nothing, and its raster would cost a second to draw */
static gboolean
blurred_away (const GskLayerShadow  *shadow,
              const graphene_size_t *size)
{
  return shadow->color.alpha * blurred_peak (shadow, size) * 255 < 0.5;
}

/* The shape of an outset shadow before its blur: the box, moved and
 * spread */
static void
outset_shape_size (const GskLayerShadow  *shadow,
                   const graphene_size_t *size,
                   graphene_size_t       *shape)
{
  shape->width = MAX (size->width + 2 * shadow->spread, 0);
  shape->height = MAX (size->height + 2 * shadow->spread, 0);
}

void
gsk_layer_style_get_box_extents (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 graphene_rect_t       *extents)
{
  guint i;

  *extents = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  if (style == NULL)
    return;

  if (gsk_layer_style_get_outline_width (style) > 0)
    {
      double grow = style->outline_offset + style->outline_width;
      graphene_rect_t r = GRAPHENE_RECT_INIT (-grow, -grow, size->width + 2 * grow, size->height + 2 * grow);

      if (r.size.width > 0 && r.size.height > 0)
        graphene_rect_union (extents, &r, extents);
    }

  for (i = 0; i < style->n_shadows; i++)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      double grow = shadow->spread + blur_reach (shadow);
      graphene_size_t shape;
      graphene_rect_t r;

      if (shadow->inset || shadow->color.alpha <= 0)
        continue;
      outset_shape_size (shadow, size, &shape);
      if (blurred_away (shadow, &shape))
        continue;
      r = GRAPHENE_RECT_INIT (shadow->dx - grow, shadow->dy - grow,
                              size->width + 2 * grow, size->height + 2 * grow);
      if (r.size.width > 0 && r.size.height > 0)
        graphene_rect_union (extents, &r, extents);
    }
}

/* Paints @shadow's colour through the blurred @shape (a path drawn by
 * @shape_func) or, for inset shadows, through the blurred outside of it,
 * over @area of layer space */
static void
paint_shadow (cairo_t               *cr,
              const GskLayerShadow  *shadow,
              const graphene_rect_t *shape,
              const graphene_size_t  shape_radii[4],
              const graphene_rect_t *area)
{
  cairo_surface_t *target = cairo_get_target (cr);
  double sx, sy, x0, y0;
  int w, h;
  cairo_surface_t *mask;
  cairo_t *mcr;

  cairo_surface_get_device_scale (target, &sx, &sy);
  x0 = floor (area->origin.x);
  y0 = floor (area->origin.y);
  w = (int) ceil ((area->origin.x + area->size.width - x0) * sx);
  h = (int) ceil ((area->origin.y + area->size.height - y0) * sy);
  if (w <= 0 || h <= 0)
    return;

  mask = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      return;
    }
  cairo_surface_set_device_scale (mask, sx, sy);
  mcr = cairo_create (mask);
  cairo_translate (mcr, -x0, -y0);
  if (shadow->inset)
    {
      cairo_paint (mcr);
      cairo_set_operator (mcr, CAIRO_OPERATOR_CLEAR);
    }
  if (shape->size.width > 0 && shape->size.height > 0)
    {
      gsk_layer_rounded_rect_path (mcr, shape->origin.x, shape->origin.y, shape->size.width, shape->size.height,
                         shape_radii);
      cairo_fill (mcr);
    }
  cairo_destroy (mcr);

  cairo_surface_flush (mask);
  /* The blur is even: the device scale is the same both ways */
  gsk_layer_blur_image (cairo_image_surface_get_data (mask), w, h, cairo_image_surface_get_stride (mask), 1,
                        shadow->blur / 2 * sx);
  cairo_surface_mark_dirty (mask);

  gdk_cairo_set_source_rgba (cr, &shadow->color);
  cairo_mask_surface (cr, mask, x0, y0);
  cairo_surface_destroy (mask);
}

/* Outset shadows, last first (CSS puts the first on top), outside the
 * border box only */
static void
draw_outset_shadows (const GskLayerStyle   *style,
                     cairo_t               *cr,
                     const graphene_size_t *size,
                     const graphene_size_t  radii[4])
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  int i;

  for (i = (int) style->n_shadows - 1; i >= 0; i--)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      graphene_rect_t moved, shape, area;
      graphene_size_t shape_radii[4];
      double reach = blur_reach (shadow);

      outset_shape_size (shadow, size, &shape.size);
      if (shadow->inset || shadow->color.alpha <= 0 || blurred_away (shadow, &shape.size))
        continue;

      graphene_rect_offset_r (&bounds, shadow->dx, shadow->dy, &moved);
      spread_rect (&moved, radii, shadow->spread, &shape, shape_radii);
      graphene_rect_inset_r (&shape, -reach - 1, -reach - 1, &area);

      cairo_save (cr);
      /* Everything but the border box */
      cairo_new_path (cr);
      cairo_rectangle (cr, area.origin.x, area.origin.y, area.size.width, area.size.height);
      gsk_layer_rounded_rect_path (cr, 0, 0, size->width, size->height, radii);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_clip (cr);
      paint_shadow (cr, shadow, &shape, shape_radii, &area);
      cairo_restore (cr);
    }
}

/* Inset shadows, last first, inside the padding box only */
static void
draw_inset_shadows (const GskLayerStyle   *style,
                    cairo_t               *cr,
                    const graphene_size_t *size,
                    const graphene_size_t  radii[4])
{
  graphene_rect_t padding;
  graphene_size_t inner[4];
  int i;

  gsk_layer_style_get_padding_box (style, size, radii, &padding, inner);
  if (padding.size.width <= 0 || padding.size.height <= 0)
    return;

  for (i = (int) style->n_shadows - 1; i >= 0; i--)
    {
      const GskLayerShadow *shadow = &style->shadows[i];
      graphene_rect_t moved, shape, area;
      graphene_size_t shape_radii[4];
      double reach = blur_reach (shadow);

      if (!shadow->inset || shadow->color.alpha <= 0)
        continue;

      graphene_rect_offset_r (&padding, shadow->dx, shadow->dy, &moved);
      spread_rect (&moved, inner, -shadow->spread, &shape, shape_radii);
      graphene_rect_inset_r (&padding, -reach - 1, -reach - 1, &area);

      cairo_save (cr);
      cairo_new_path (cr);
      gsk_layer_rounded_rect_path (cr, padding.origin.x, padding.origin.y, padding.size.width, padding.size.height, inner);
      cairo_clip (cr);
      /* The shape blurred to nothing leaves the colour everywhere in the
       * padding box, without a mask the blur's size */
      if (blurred_away (shadow, &shape.size))
        {
          gdk_cairo_set_source_rgba (cr, &shadow->color);
          cairo_paint (cr);
        }
      else
        paint_shadow (cr, shadow, &shape, shape_radii, &area);
      cairo_restore (cr);
    }
}

/* }}} */

/* The outline: a ring outside the border box grown by outline-offset,
 * following the corners as a shadow's spread does; double as borders */
static void
draw_outline (const GskLayerStyle   *style,
              cairo_t               *cr,
              const graphene_size_t *size,
              const graphene_size_t  radii[4])
{
  float width = gsk_layer_style_get_outline_width (style);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  double offset = style->outline_offset;
  double rings[2][2];
  int n, i;

  if (width <= 0 || style->outline_color.alpha <= 0)
    return;

  if (is_broken (style->outline_style))
    {
      /* As a border of a box as large as the outline's outer edge */
      graphene_rect_t outer;
      graphene_size_t outer_radii[4];
      float widths[4] = { width, width, width, width };

      spread_rect (&bounds, radii, offset + width, &outer, outer_radii);
      if (outer.size.width <= 0 || outer.size.height <= 0)
        return;
      cairo_save (cr);
      cairo_translate (cr, outer.origin.x, outer.origin.y);
      if (radii_are_zero (outer_radii))
        for (i = 0; i < 4; i++)
          draw_broken_side (cr, &outer.size, outer_radii, widths, i, style->outline_style, &style->outline_color);
      else
        draw_broken_ring (cr, &outer.size, outer_radii, width, style->outline_style, &style->outline_color);
      cairo_restore (cr);
      return;
    }

  /* Inner and outer edges of each ring, as distances from the box */
  if (style->outline_style == GSK_LAYER_BORDER_DOUBLE)
    {
      rings[0][0] = offset;
      rings[0][1] = offset + width / 3;
      rings[1][0] = offset + width * 2 / 3;
      rings[1][1] = offset + width;
      n = 2;
    }
  else
    {
      rings[0][0] = offset;
      rings[0][1] = offset + width;
      n = 1;
    }

  cairo_new_path (cr);
  for (i = 0; i < n; i++)
    {
      graphene_rect_t outer, inner;
      graphene_size_t outer_radii[4], inner_radii_[4];

      spread_rect (&bounds, radii, rings[i][1], &outer, outer_radii);
      spread_rect (&bounds, radii, rings[i][0], &inner, inner_radii_);
      if (outer.size.width <= 0 || outer.size.height <= 0)
        continue;
      gsk_layer_rounded_rect_path (cr, outer.origin.x, outer.origin.y, outer.size.width, outer.size.height, outer_radii);
      if (inner.size.width > 0 && inner.size.height > 0)
        gsk_layer_rounded_rect_path (cr, inner.origin.x, inner.origin.y, inner.size.width, inner.size.height, inner_radii_);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  gdk_cairo_set_source_rgba (cr, &style->outline_color);
  cairo_fill (cr);
}


/*
 * gsk_layer_style_draw_box:
 * @style: a style that draws the box (gsk_layer_style_draws_box())
 * @cr: where to draw, in the layer's units
 * @size: the layer's size: its border box
 * @radii: the corners' radii, resolved (gsk_layer_resolve_corner_radii())
 * @background: the background colour, drawn under the border (CSS's
 *   background-clip: border-box)
 *
 * Draws the outset shadows, the background, the inset shadows and the
 * border of a layer, in that order, as CSS draws those of a box: solid borders as the ring between the rounded border box and
 * the rounded padding box, double ones as its outer and inner thirds;
 * sides of different colours meet along the lines from the outer to the
 * inner corners.
 */
void
gsk_layer_style_draw_box (const GskLayerStyle   *style,
                          cairo_t               *cr,
                          const graphene_size_t *size,
                          const graphene_size_t  radii[4],
                          const GdkRGBA         *background)
{
  float width[4], zero[4] = { 0, 0, 0, 0 };
  gboolean one_color = TRUE, one_width = TRUE;
  int side;

  for (side = 0; side < 4; side++)
    {
      width[side] = gsk_layer_style_get_border_width (style, side);
      if (width[side] != gsk_layer_style_get_border_width (style, 0))
        one_width = FALSE;
      if (width[side] > 0 &&
          (!gdk_rgba_equal (&style->border_color[side], &style->border_color[0]) ||
           style->border_style[side] != style->border_style[0] ||
           gsk_layer_style_get_border_width (style, 0) == 0))
        one_color = FALSE;
    }

  draw_outset_shadows (style, cr, size, radii);

  /* Where the background goes: background-clip's box, its corners */
  {
    graphene_rect_t padding, clip;
    graphene_size_t inner[4], clip_radii[4];

    gsk_layer_style_get_padding_box (style, size, radii, &padding, inner);
    gsk_layer_style_get_background_clip (style, size, radii, &clip, clip_radii);

    if (background->alpha > 0)
      {
        cairo_new_path (cr);
        gsk_layer_rounded_rect_path (cr, clip.origin.x, clip.origin.y, clip.size.width, clip.size.height, clip_radii);
        gdk_cairo_set_source_rgba (cr, background);
        cairo_fill (cr);
      }

    /* The first image on top */
    for (side = (int) style->n_images - 1; side >= 0; side--)
      gsk_layer_gradient_paint (cr, &style->images[side], size, &padding, &clip, clip_radii);
  }

  draw_inset_shadows (style, cr, size, radii);

  for (side = 0; side < 4; side++)
    {
      float outer[4], inner[4];
      int i;

      if (width[side] <= 0 || style->border_color[side].alpha <= 0)
        continue;
      if (is_broken (style->border_style[side]))
        {
          /* Rounded, and the same all round: one pattern round the ring */
          if (one_color && one_width && !radii_are_zero (radii))
            {
              if (side == 0)
                draw_broken_ring (cr, size, radii, width[0], style->border_style[0], &style->border_color[0]);
            }
          else
            draw_broken_side (cr, size, radii, width, side, style->border_style[side], &style->border_color[side]);
          continue;
        }
      /* One colour and style all round: one ring, no joins */
      if (one_color && side > 0)
        break;

      cairo_save (cr);
      if (!one_color)
        clip_to_side (cr, size, width, side);
      if (style->border_style[side] == GSK_LAYER_BORDER_DOUBLE)
        {
          /* The outer and the inner third of each width */
          for (i = 0; i < 4; i++)
            {
              outer[i] = width[i] / 3;
              inner[i] = width[i] * 2 / 3;
            }
          fill_ring (cr, size, radii, zero, outer, &style->border_color[side]);
          fill_ring (cr, size, radii, inner, width, &style->border_color[side]);
        }
      else
        fill_ring (cr, size, radii, zero, width, &style->border_color[side]);
      cairo_restore (cr);
    }

  draw_outline (style, cr, size, radii);
}

void
gsk_layer_style_get_background_clip (const GskLayerStyle   *style,
                                     const graphene_size_t *size,
                                     const graphene_size_t  radii[4],
                                     graphene_rect_t       *clip,
                                     graphene_size_t        clip_radii[4])
{
  static const float zero[4] = { 0, 0, 0, 0 };
  GskLayerBackgroundClip kind = style->set & GSK_LAYER_STYLE_BACKGROUND_CLIP ? style->background_clip
                                                                            : GSK_LAYER_BACKGROUND_CLIP_BORDER_BOX;
  graphene_size_t inner[4];

  *clip = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  memcpy (clip_radii, radii, 4 * sizeof (graphene_size_t));
  if (kind == GSK_LAYER_BACKGROUND_CLIP_PADDING_BOX)
    gsk_layer_style_get_padding_box (style, size, radii, clip, clip_radii);
  else if (kind == GSK_LAYER_BACKGROUND_CLIP_CONTENT_BOX)
    {
      const float *pad = style->set & GSK_LAYER_STYLE_PADDING ? style->padding : zero;
      graphene_rect_t padding;

      gsk_layer_style_get_padding_box (style, size, radii, &padding, inner);
      gsk_layer_style_get_content_box (style, size, clip);
      inner_radii (inner, pad, clip_radii);
    }
}

void
gsk_layer_style_get_reference_boxes (const GskLayerStyle   *style,
                                     const graphene_size_t *size,
                                     const graphene_size_t  radii[4],
                                     graphene_rect_t        boxes[3],
                                     graphene_size_t        box_radii[3][4])
{
  static const float zero[4] = { 0, 0, 0, 0 };
  const float *pad = style->set & GSK_LAYER_STYLE_PADDING ? style->padding : zero;

  boxes[0] = GRAPHENE_RECT_INIT (0, 0, size->width, size->height);
  memcpy (box_radii[0], radii, 4 * sizeof (graphene_size_t));
  gsk_layer_style_get_padding_box (style, size, radii, &boxes[1], box_radii[1]);
  gsk_layer_style_get_content_box (style, size, &boxes[2]);
  inner_radii (box_radii[1], pad, box_radii[2]);
}

gboolean
gsk_layer_style_box_is_vector (const GskLayerStyle *style)
{
  int side;

  if (style->n_shadows > 0 || gsk_layer_style_get_outline_width (style) > 0.f)
    return FALSE;
  for (side = 0; side < 4; side++)
    if (gsk_layer_style_get_border_width (style, side) > 0.f &&
        style->border_style[side] != GSK_LAYER_BORDER_SOLID)
      return FALSE;
  return TRUE;
}

gboolean
gsk_layer_style_get_border_paint (const GskLayerStyle   *style,
                                  const graphene_size_t *size,
                                  const graphene_size_t  radii[4],
                                  GskLayerRenderPaint   *paint)
{
  gboolean shows = FALSE;
  int side;

  memset (paint, 0, sizeof *paint);
  for (side = 0; side < 4; side++)
    {
      const GdkRGBA *c = &style->border_color[side];

      paint->widths[side] = gsk_layer_style_get_border_width (style, side);
      if (paint->widths[side] > 0.f && c->alpha > 0.f)
        {
          paint->colors[side][0] = c->red;
          paint->colors[side][1] = c->green;
          paint->colors[side][2] = c->blue;
          paint->colors[side][3] = c->alpha;
          shows = TRUE;
        }
    }
  gsk_layer_style_get_padding_box (style, size, radii, &paint->inner_rect, paint->inner_radii);

  return shows;
}

void
gsk_layer_style_get_content_box (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 graphene_rect_t       *box)
{
  float inset[4];
  int side;

  for (side = 0; side < 4; side++)
    inset[side] = gsk_layer_style_get_border_width (style, side) +
                  (style && (style->set & GSK_LAYER_STYLE_PADDING) ? style->padding[side] : 0.f);

  *box = GRAPHENE_RECT_INIT (inset[GSK_LAYER_SIDE_LEFT], inset[GSK_LAYER_SIDE_TOP],
                             MAX (size->width - inset[GSK_LAYER_SIDE_LEFT] - inset[GSK_LAYER_SIDE_RIGHT], 0),
                             MAX (size->height - inset[GSK_LAYER_SIDE_TOP] - inset[GSK_LAYER_SIDE_BOTTOM], 0));
}

/*
 * gsk_layer_style_get_padding_box:
 * @style: a style
 * @size: the layer's size: its border box
 * @radii: its corners' radii, resolved
 * @rect: (out): the padding box: the border box inside the border
 * @inner: (out): its corners' radii: the border's inner curves
 */
void
gsk_layer_style_get_padding_box (const GskLayerStyle   *style,
                                 const graphene_size_t *size,
                                 const graphene_size_t  radii[4],
                                 graphene_rect_t       *rect,
                                 graphene_size_t        inner[4])
{
  float width[4];
  int side;

  for (side = 0; side < 4; side++)
    width[side] = gsk_layer_style_get_border_width (style, side);

  *rect = GRAPHENE_RECT_INIT (width[GSK_LAYER_SIDE_LEFT], width[GSK_LAYER_SIDE_TOP],
                              MAX (size->width - width[GSK_LAYER_SIDE_LEFT] - width[GSK_LAYER_SIDE_RIGHT], 0),
                              MAX (size->height - width[GSK_LAYER_SIDE_TOP] - width[GSK_LAYER_SIDE_BOTTOM], 0));
  inner_radii (radii, width, inner);
}

/* }}} */
