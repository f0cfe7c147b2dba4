/* gsk-layer-software-polygon.c: antialiased convex polygons with pixman
 *
 * What is not a pixel-aligned rectangle (rotated, projected or rounded
 * quads, and clips of that shape) is composited through an a8 mask of
 * the polygon, which pixman rasterizes as a fan of triangles. Polygons
 * are clipped to the target first, never to the damage or the band, so
 * that a partial redraw gives the same pixels as a full one.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-software-backend-impl-private.h"

#include <math.h>
#include <string.h>
#include <pixman.h>

/* Keeps the part of a convex polygon on one side of the line
 * coordinate @axis = @value. */
static guint
clip_polygon (const double  in[][2],
              guint         n_in,
              double        out[][2],
              int           axis,
              double        value,
              gboolean      keep_greater)
{
  guint i, n_out = 0;

  for (i = 0; i < n_in && n_out + 2 <= MAX_POLYGON_POINTS; i++)
    {
      const double *a = in[i];
      const double *b = in[(i + 1) % n_in];
      double da = keep_greater ? a[axis] - value : value - a[axis];
      double db = keep_greater ? b[axis] - value : value - b[axis];

      if (da >= 0)
        {
          out[n_out][0] = a[0];
          out[n_out][1] = a[1];
          n_out++;
        }

      if ((da >= 0) != (db >= 0))
        {
          double t = da / (da - db);

          out[n_out][0] = a[0] + (b[0] - a[0]) * t;
          out[n_out][1] = a[1] + (b[1] - a[1]) * t;
          n_out++;
        }
    }

  return n_out;
}

/* Keeps the part of a convex polygon where a·x + b·y + c >= 0 */
static guint
clip_polygon_line (const double  in[][2],
                   guint         n_in,
                   double        out[][2],
                   double        a,
                   double        b,
                   double        c)
{
  guint i, n_out = 0;

  for (i = 0; i < n_in && n_out + 2 <= MAX_POLYGON_POINTS; i++)
    {
      const double *p = in[i];
      const double *q = in[(i + 1) % n_in];
      double dp = a * p[0] + b * p[1] + c;
      double dq = a * q[0] + b * q[1] + c;

      if (dp >= 0)
        {
          out[n_out][0] = p[0];
          out[n_out][1] = p[1];
          n_out++;
        }

      if ((dp >= 0) != (dq >= 0))
        {
          double t = dp / (dp - dq);

          out[n_out][0] = p[0] + (q[0] - p[0]) * t;
          out[n_out][1] = p[1] + (q[1] - p[1]) * t;
          n_out++;
        }
    }

  return n_out;
}

/* The rounded rectangle of @op (its rounded_rect and corner_radii)
 * within @area, both in layer space, projected to target space as a
 * convex polygon: the arcs in straight segments shorter than about a
 * tenth of a pixel from the curve, the part behind the viewer cut off.
 * Returns the number of points, 0 if nothing is in front. */
guint
gsk_layer_software_rounded_polygon (const GskLayerRenderOp *op,
                 const graphene_rect_t  *area,
                 graphene_point_t       *out)
{
  double points[2][MAX_POLYGON_POINTS][2];
  graphene_rect_t rect, projected;
  double x0, y0, x1, y1, scale;
  float m[16];
  guint i, k, n = 0;

  graphene_rect_normalize_r (&op->rounded_rect, &rect);
  if (!op->rounded || !gsk_layer_project_rect (&op->transform, &rect, &projected, NULL, NULL))
    return 0;

  /* Target pixels per layer unit, at most: enough segments for the
   * largest the corners are drawn */
  scale = MAX (projected.size.width / MAX (rect.size.width, 1e-6),
               projected.size.height / MAX (rect.size.height, 1e-6));

  x0 = rect.origin.x;
  y0 = rect.origin.y;
  x1 = x0 + rect.size.width;
  y1 = y0 + rect.size.height;

  /* Clockwise in layer space (y down), from the top right corner: the
   * render list's corners 1, 2, 3, 0 */
  for (k = 0; k < 4; k++)
    {
      const graphene_size_t *radius = &op->corner_radii[(k + 1) % 4];
      double rx = radius->width, ry = radius->height;
      double cx = (k == 0 || k == 1) ? x1 - rx : x0 + rx;
      double cy = (k == 1 || k == 2) ? y1 - ry : y0 + ry;
      double start = -G_PI / 2 + k * G_PI / 2;
      double step;
      guint segments;

      if (!(rx > 0 && ry > 0))
        {
          points[0][n][0] = cx;
          points[0][n][1] = cy;
          n++;
          continue;
        }

      step = 2 * acos (MAX (0.0, 1 - 0.1 / MAX (MAX (rx, ry) * scale, 0.1)));
      segments = step > 0 ? CLAMP (ceil (G_PI / 2 / step), 1, MAX_ARC_SEGMENTS) : MAX_ARC_SEGMENTS;
      for (i = 0; i <= segments; i++)
        {
          double angle = start + (G_PI / 2) * i / segments;

          points[0][n][0] = cx + rx * cos (angle);
          points[0][n][1] = cy + ry * sin (angle);
          n++;
        }
    }

  n = clip_polygon (points[0], n, points[1], 0, area->origin.x, TRUE);
  n = clip_polygon (points[1], n, points[0], 0, area->origin.x + area->size.width, FALSE);
  n = clip_polygon (points[0], n, points[1], 1, area->origin.y, TRUE);
  n = clip_polygon (points[1], n, points[0], 1, area->origin.y + area->size.height, FALSE);

  /* In front of the viewer: w >= epsilon, a line in layer space */
  graphene_matrix_to_float (&op->transform, m);
  n = clip_polygon_line (points[0], n, points[1], m[3], m[7], m[15] - 1e-5);
  if (n < 3)
    return 0;

  for (i = 0; i < n; i++)
    {
      double x = points[1][i][0], y = points[1][i][1];
      double w = x * m[3] + y * m[7] + m[15];

      out[i].x = (x * m[0] + y * m[4] + m[12]) / w;
      out[i].y = (x * m[1] + y * m[5] + m[13]) / w;
    }

  return n;
}

/* pixman_double_to_fixed() truncates toward zero: a vertex left of or
 * above the mask, whose origin depends on the damage and the band, would
 * round differently from a full redraw's. Rounding down is the same
 * wherever the origin is.
 *
 * Clipping a quad that reaches far (a vertex near w = 0 is at 1e10 and
 * beyond) computes new vertices with the error of those magnitudes: one
 * can land far outside the target, past pixman's 16.16 range, where the
 * conversion to int would be undefined. Such a vertex is stopped at the
 * edge of that range (NaN too), once per vertex before the triangles
 * are made; within the target nothing changes. */
static inline pixman_fixed_t
fixed_floor (double d)
{
  return (pixman_fixed_t) floor (d * 65536.0);
}

/* Keeps @v within pixman's 16.16 range of @origin (NaN too) */
static inline double
clamp_to_fixed_range (double v,
                      int    origin)
{
  if (!(v - origin > -32767.0))
    return origin - 32767.0;
  if (!(v - origin < 32767.0))
    return origin + 32767.0;
  return v;
}

static guint8 *
get_mask_data (RenderState *state,
               gsize        size)
{
  if (size > state->mask_size)
    {
      g_free (state->mask_data);
      state->mask_data = g_malloc (size);
      state->mask_size = size;
    }

  memset (state->mask_data, 0, size);

  return state->mask_data;
}

/* Composites @source into the canvas through an antialiased mask of the
 * convex @polygon (target coordinates) times @opacity, within @box.
 * (@source_x, @source_y) is the target position of the source's origin. */
void
gsk_layer_software_composite_polygon (RenderState            *state,
                   pixman_op_t             op,
                   pixman_image_t         *source,
                   int                     source_x,
                   int                     source_y,
                   double                  opacity,
                   const graphene_point_t *polygon,
                   guint                   n_points,
                   const pixman_box32_t   *box)
{
  double points[2][MAX_POLYGON_POINTS][2];
  graphene_rect_t extents;
  pixman_box32_t mask_box, draw_box;
  pixman_image_t *mask, *alpha;
  guint8 *mask_data;
  double min_x, min_y, max_x, max_y;
  guint i, n;
  int width, height, stride;

  n = MIN (n_points, MAX_POLYGON_POINTS - 8);
  for (i = 0; i < n; i++)
    {
      points[0][i][0] = polygon[i].x;
      points[0][i][1] = polygon[i].y;
    }

  /* Clipping first keeps the coordinates within pixman's 16.16 range
   * however far the quad reaches. Clip to the target rather than to
   * @box, which depends on the damage and the band: new vertices would
   * round differently, and a partial redraw must give the same pixels
   * as a full one. */
  n = clip_polygon (points[0], n, points[1], 0, state->bounds.x1, TRUE);
  n = clip_polygon (points[1], n, points[0], 0, state->bounds.x2, FALSE);
  n = clip_polygon (points[0], n, points[1], 1, state->bounds.y1, TRUE);
  n = clip_polygon (points[1], n, points[0], 1, state->bounds.y2, FALSE);
  if (n < 3)
    return;

  min_x = max_x = points[0][0][0];
  min_y = max_y = points[0][0][1];
  for (i = 1; i < n; i++)
    {
      min_x = MIN (min_x, points[0][i][0]);
      min_y = MIN (min_y, points[0][i][1]);
      max_x = MAX (max_x, points[0][i][0]);
      max_y = MAX (max_y, points[0][i][1]);
    }

  /* The mask covers all of the polygon (clipped to the target above),
   * whatever part of it is drawn: where cairo would clip an edge at the
   * mask's side, the edge moves a little, and a partial redraw must give
   * a full one's pixels */
  graphene_rect_init (&extents, min_x, min_y, max_x - min_x, max_y - min_y);
  if (!gsk_layer_software_box_from_rect (&extents, &state->bounds, ROUND_OUT, &mask_box) ||
      !gsk_layer_software_box_from_rect (&extents, box, ROUND_OUT, &draw_box))
    return;

  width = mask_box.x2 - mask_box.x1;
  height = mask_box.y2 - mask_box.y1;
  stride = (width + 3) & ~3;

  for (i = 0; i < n; i++)
    {
      points[0][i][0] = clamp_to_fixed_range (points[0][i][0], mask_box.x1);
      points[0][i][1] = clamp_to_fixed_range (points[0][i][1], mask_box.y1);
    }

  mask_data = get_mask_data (state, (gsize) stride * height);
  mask = pixman_image_create_bits (PIXMAN_a8, width, height, (uint32_t *) mask_data, stride);
  if (mask == NULL)
    return;

  /* cairo fills the polygon in one pass over its spans: a fan of
   * triangles added one by one costs each its whole bounding box. The
   * mask's origin is a whole pixel, so that a partial redraw covers a
   * pixel as a full one does. */
  {
    cairo_surface_t *surface = cairo_image_surface_create_for_data (mask_data, CAIRO_FORMAT_A8,
                                                                    width, height, stride);
    cairo_t *cr = cairo_create (surface);

    /* BEST: coverage in 256 levels (GOOD has 17, a step GL's edges show) */
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_BEST);
    for (i = 0; i < n; i++)
      cairo_line_to (cr, points[0][i][0] - mask_box.x1, points[0][i][1] - mask_box.y1);
    cairo_close_path (cr);
    cairo_fill (cr);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    cairo_surface_destroy (surface);
  }

  alpha = gsk_layer_software_get_alpha_mask (state, opacity);
  if (alpha)
    pixman_image_composite32 (PIXMAN_OP_IN, alpha, NULL, mask,
                              0, 0, 0, 0, 0, 0, width, height);

  pixman_image_composite32 (op, source, mask, state->canvas,
                            draw_box.x1 - source_x, draw_box.y1 - source_y,
                            draw_box.x1 - mask_box.x1, draw_box.y1 - mask_box.y1,
                            draw_box.x1 - state->canvas_x, draw_box.y1 - state->canvas_y,
                            draw_box.x2 - draw_box.x1, draw_box.y2 - draw_box.y1);

  pixman_image_unref (mask);
}
