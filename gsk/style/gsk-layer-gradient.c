/* gsk-layer-gradient.c: CSS gradients painted with cairo
 *
 * linear-gradient(), radial-gradient(), conic-gradient() and their
 * repeating forms, laid out on a box as CSS Images lays them out.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-style-private.h"

/* {{{ Gradients */

/* The stops' offsets along a gradient line of @length: CSS's rules for
 * positions left out (the first at 0, the last at the end, the others
 * evenly between their neighbours) and for positions out of order (each
 * at least the one before) */
static void
resolve_stops (const GskLayerGradient *gradient,
               double                  length,
               double                 *offsets)
{
  guint n = gradient->n_stops, i, j;
  double last = -G_MAXDOUBLE;

  for (i = 0; i < n; i++)
    {
      const GskLayerColorStop *stop = &gradient->stops[i];

      if (stop->unit == GSK_LAYER_STOP_PERCENT)
        offsets[i] = stop->position / 100 * length;
      else if (stop->unit == GSK_LAYER_STOP_PX || stop->unit == GSK_LAYER_STOP_DEG)
        offsets[i] = stop->position;
      else if (i == 0)
        offsets[i] = 0;
      else if (i == n - 1)
        offsets[i] = length;
      else
        offsets[i] = NAN;
      if (!isnan (offsets[i]))
        offsets[i] = last = MAX (offsets[i], last);
    }

  for (i = 1; i < n; i++)
    if (isnan (offsets[i]))
      {
        for (j = i; j < n && isnan (offsets[j]); j++)
          ;
        for (guint k = i; k < j; k++)
          offsets[k] = offsets[i - 1] + (offsets[j] - offsets[i - 1]) * (k - i + 1) / (j - i + 1);
        i = j;
      }
}

/* CSS interpolates gradients between premultiplied colours, cairo
 * between straight ones: where alpha changes along a segment, stops in
 * between keep the difference under a level */
#define PREMULTIPLIED_STEPS 32

static void
add_stop (cairo_pattern_t *pattern,
          double           offset,
          const GdkRGBA   *a,
          const GdkRGBA   *b,
          double           t)
{
  double alpha = a->alpha + (b->alpha - a->alpha) * t;
  double r = a->red * a->alpha + (b->red * b->alpha - a->red * a->alpha) * t;
  double g = a->green * a->alpha + (b->green * b->alpha - a->green * a->alpha) * t;
  double bl = a->blue * a->alpha + (b->blue * b->alpha - a->blue * a->alpha) * t;

  if (alpha > 0)
    cairo_pattern_add_color_stop_rgba (pattern, offset, r / alpha, g / alpha, bl / alpha, alpha);
  else
    cairo_pattern_add_color_stop_rgba (pattern, offset, 0, 0, 0, 0);
}

/* The stops of @gradient on @pattern, at @offsets from @first to @last
 * (normalized), premultiplied where alpha changes */
static void
add_stops (cairo_pattern_t        *pattern,
           const GskLayerGradient *gradient,
           const double           *offsets,
           double                  first,
           double                  span)
{
  guint i;

  for (i = 0; i < gradient->n_stops; i++)
    {
      const GdkRGBA *c = &gradient->stops[i].color;
      double at = CLAMP ((offsets[i] - first) / span, 0, 1);

      if (i > 0 && c->alpha != gradient->stops[i - 1].color.alpha)
        {
          double from = CLAMP ((offsets[i - 1] - first) / span, 0, 1);

          for (int k = 1; k < PREMULTIPLIED_STEPS; k++)
            add_stop (pattern, from + (at - from) * k / PREMULTIPLIED_STEPS,
                      &gradient->stops[i - 1].color, c, (double) k / PREMULTIPLIED_STEPS);
        }
      add_stop (pattern, at, c, c, 0);
    }
}

/* A radial gradient's ending shape on @box: CSS's extent keywords */
static void
radial_radii (const GskLayerGradient *gradient,
              double                  w,
              double                  h,
              double                  cx,
              double                  cy,
              double                 *rx,
              double                 *ry)
{
  double sx_near = MIN (fabs (cx), fabs (w - cx)), sx_far = MAX (fabs (cx), fabs (w - cx));
  double sy_near = MIN (fabs (cy), fabs (h - cy)), sy_far = MAX (fabs (cy), fabs (h - cy));
  gboolean far = gradient->extent == GSK_LAYER_RADIAL_FARTHEST_SIDE ||
                 gradient->extent == GSK_LAYER_RADIAL_FARTHEST_CORNER;
  double sx = far ? sx_far : sx_near, sy = far ? sy_far : sy_near;

  switch (gradient->extent)
    {
    case GSK_LAYER_RADIAL_EXPLICIT:
      *rx = gradient->size_percent & 1 ? gradient->size[0] / 100 * w : gradient->size[0];
      *ry = gradient->circle ? *rx : gradient->size_percent & 2 ? gradient->size[1] / 100 * h : gradient->size[1];
      return;

    case GSK_LAYER_RADIAL_CLOSEST_SIDE:
    case GSK_LAYER_RADIAL_FARTHEST_SIDE:
      if (gradient->circle)
        *rx = *ry = far ? MAX (sx, sy) : MIN (sx, sy);
      else
        *rx = sx, *ry = sy;
      return;

    case GSK_LAYER_RADIAL_CLOSEST_CORNER:
    case GSK_LAYER_RADIAL_FARTHEST_CORNER:
    default:
      if (gradient->circle)
        *rx = *ry = hypot (sx, sy);
      else if (sy > 0)
        {
          /* Through the corner, with the sides' aspect ratio */
          *rx = sx * G_SQRT2;
          *ry = sy * G_SQRT2;
        }
      else
        *rx = *ry = 0;
      return;
    }
}

static void
paint_radial_gradient (cairo_t                *cr,
                       const GskLayerGradient *gradient,
                       const graphene_size_t  *size,
                       const graphene_rect_t  *box)
{
  double w = box->size.width, h = box->size.height;
  double cx = gradient->center_percent & 1 ? gradient->center[0] / 100 * w : gradient->center[0];
  double cy = gradient->center_percent & 2 ? gradient->center[1] / 100 * h : gradient->center[1];
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], first, last, span, rx, ry;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  radial_radii (gradient, w, h, cx, cy, &rx, &ry);
  /* A degenerate shape is a very thin one, as CSS says */
  rx = MAX (rx, 1e-3);
  ry = MAX (ry, 1e-3);

  /* Stops along the x radius; y is scaled to it */
  resolve_stops (gradient, rx, offsets);
  first = offsets[0];
  last = offsets[gradient->n_stops - 1];
  span = last - first;

  if (gradient->repeating && span <= 1e-6)
    gdk_cairo_set_source_rgba (cr, &gradient->stops[gradient->n_stops - 1].color);
  else
    {
      if (span <= 1e-6)
        span = 1e-6;
      /* cairo's radii cannot be negative: a repeating gradient starts a
       * whole number of spans further out */
      if (first < 0 && gradient->repeating)
        {
          double shift = ceil (-first / span) * span;

          for (guint i = 0; i < gradient->n_stops; i++)
            offsets[i] += shift;
          first += shift;
        }
      pattern = cairo_pattern_create_radial (0, 0, MAX (first, 0), 0, 0, MAX (first, 0) + span);
      add_stops (pattern, gradient, offsets, first, span);
      cairo_pattern_set_extend (pattern, gradient->repeating ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD);
      /* User space to the gradient's: centred, the ellipse a circle */
      cairo_matrix_init_scale (&matrix, 1, rx / ry);
      cairo_matrix_translate (&matrix, -(box->origin.x + cx), -(box->origin.y + cy));
      cairo_pattern_set_matrix (pattern, &matrix);
      cairo_set_source (cr, pattern);
      cairo_pattern_destroy (pattern);
    }

}

/* The colour of a gradient at @t along it (its stops at @offsets),
 * premultiplied: from the side of @t that @after says, at a hard stop */
static void
gradient_color_at (const GskLayerGradient *gradient,
                   const double           *offsets,
                   double                  t,
                   gboolean                after,
                   double                  color[4])
{
  guint n = gradient->n_stops, i;
  const GdkRGBA *a, *b;
  double k;

  if (gradient->repeating)
    {
      double span = offsets[n - 1] - offsets[0];

      t = offsets[0] + fmod (fmod (t - offsets[0], span) + span, span);
      /* The end of a period is the start of the next */
      if (after && t >= offsets[n - 1])
        t = offsets[0];
    }

  if (t < offsets[0] || (t == offsets[0] && !after))
    i = 0, k = 0;
  else
    {
      for (i = 0; i + 1 < n; i++)
        if (after ? t < offsets[i + 1] : t <= offsets[i + 1])
          break;
      if (i + 1 >= n)
        i = n - 1, k = 0;
      else
        k = offsets[i + 1] > offsets[i] ? (t - offsets[i]) / (offsets[i + 1] - offsets[i]) : 1;
    }

  a = &gradient->stops[i].color;
  b = i + 1 < n ? &gradient->stops[i + 1].color : a;
  color[3] = a->alpha + (b->alpha - a->alpha) * k;
  color[0] = a->red * a->alpha + (b->red * b->alpha - a->red * a->alpha) * k;
  color[1] = a->green * a->alpha + (b->green * b->alpha - a->green * a->alpha) * k;
  color[2] = a->blue * a->alpha + (b->blue * b->alpha - a->blue * a->alpha) * k;
}

/* A conic gradient, evaluated at each pixel's centre from the angle it
 * makes with the centre (cairo has no conic pattern, and its meshes
 * place hard stops half a pixel off) */
static void
paint_conic_gradient (cairo_t                *cr,
                      const GskLayerGradient *gradient,
                      const graphene_size_t  *size,
                      const graphene_rect_t  *box)
{
  double w = box->size.width, h = box->size.height;
  double cx = box->origin.x + (gradient->center_percent & 1 ? gradient->center[0] / 100 * w : gradient->center[0]);
  double cy = box->origin.y + (gradient->center_percent & 2 ? gradient->center[1] / 100 * h : gradient->center[1]);
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], span;
  double ox, oy, kx, ky, x0, y0, x1, y1, sx, sy;
  cairo_surface_t *target = cairo_get_target (cr), *image;
  cairo_matrix_t saved;
  guint n = gradient->n_stops;
  int i, j, iw, ih, stride;
  guint32 *data;

  resolve_stops (gradient, 360, offsets);
  span = offsets[n - 1] - offsets[0];
  if (gradient->repeating && span <= 1e-6)
    {
      gdk_cairo_set_source_rgba (cr, &gradient->stops[n - 1].color);
      return;
    }

  /* User units to the target's pixels: an axis-aligned scale */
  ox = 0, oy = 0;
  cairo_user_to_device (cr, &ox, &oy);
  kx = 1, ky = 1;
  cairo_user_to_device (cr, &kx, &ky);
  kx -= ox;
  ky -= oy;
  /* The CTM leaves out the surface's device scale: to its pixels */
  cairo_surface_get_device_scale (target, &sx, &sy);
  ox *= sx;
  kx *= sx;
  oy *= sy;
  ky *= sy;
  if (!(fabs (kx) > 1e-9 && fabs (ky) > 1e-9) || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return;

  /* The target's pixels the layer covers */
  iw = cairo_image_surface_get_width (target);
  ih = cairo_image_surface_get_height (target);
  x0 = MAX (floor (MIN (ox, ox + kx * size->width)), 0);
  y0 = MAX (floor (MIN (oy, oy + ky * size->height)), 0);
  x1 = MIN (ceil (MAX (ox, ox + kx * size->width)), iw);
  y1 = MIN (ceil (MAX (oy, oy + ky * size->height)), ih);
  if (x1 <= x0 || y1 <= y0)
    return;

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, x1 - x0, y1 - y0);
  data = (guint32 *) cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image) / 4;
  for (j = 0; j < y1 - y0; j++)
    for (i = 0; i < x1 - x0; i++)
      {
        double ux = (x0 + i + 0.5 - ox) / kx - cx, uy = (y0 + j + 0.5 - oy) / ky - cy;
        /* Degrees clockwise from up, from the gradient's start */
        double t = fmod (atan2 (ux, -uy) * 180 / G_PI - gradient->angle + 720, 360);
        double c[4];

        gradient_color_at (gradient, offsets, t, TRUE, c);
        data[j * stride + i] = (guint32) (CLAMP (c[3], 0, 1) * 255 + 0.5) << 24 |
                               (guint32) (CLAMP (c[0], 0, 1) * 255 + 0.5) << 16 |
                               (guint32) (CLAMP (c[1], 0, 1) * 255 + 0.5) << 8 |
                               (guint32) (CLAMP (c[2], 0, 1) * 255 + 0.5);
      }
  cairo_surface_mark_dirty (image);

  /* Pixel for pixel on the target */
  cairo_get_matrix (cr, &saved);
  cairo_identity_matrix (cr);
  cairo_surface_set_device_scale (image, sx, sy);
  cairo_set_source_surface (cr, image, x0 / sx, y0 / sy);
  cairo_set_matrix (cr, &saved);
  cairo_surface_destroy (image);
}

static void paint_linear_gradient (cairo_t *cr, const GskLayerGradient *gradient, const graphene_rect_t *box);

void
gsk_layer_gradient_set_source (cairo_t                *cr,
                               const GskLayerGradient *gradient,
                               const graphene_size_t  *size,
                               const graphene_rect_t  *box)
{
  if (gradient->radial)
    paint_radial_gradient (cr, gradient, size, box);
  else if (gradient->conic)
    paint_conic_gradient (cr, gradient, size, box);
  else
    paint_linear_gradient (cr, gradient, box);
}

void
gsk_layer_gradient_paint (cairo_t                *cr,
                          const GskLayerGradient *gradient,
                          const graphene_size_t  *size,
                          const graphene_rect_t  *box,
                          const graphene_rect_t  *clip,
                          const graphene_size_t   clip_radii[4])
{
  if (!graphene_rect_contains_rect (box, clip) && box->size.width >= 1 && box->size.height >= 1)
    {
      /* The image is a tile of the padding box, repeated where the clip
       * reaches past it (under a border), as CSS's background-repeat */
      cairo_surface_t *target = cairo_get_target (cr), *tile;
      graphene_size_t tile_size = GRAPHENE_SIZE_INIT (box->size.width, box->size.height);
      graphene_rect_t tile_box = GRAPHENE_RECT_INIT (0, 0, box->size.width, box->size.height);
      double sx, sy;
      cairo_t *tcr;

      cairo_surface_get_device_scale (target, &sx, &sy);
      tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (box->size.width * sx - 0.01),
                                         (int) ceil (box->size.height * sy - 0.01));
      cairo_surface_set_device_scale (tile, sx, sy);
      tcr = cairo_create (tile);
      gsk_layer_gradient_paint (tcr, gradient, &tile_size, &tile_box, &tile_box,
                                (graphene_size_t[4]) { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } });
      cairo_destroy (tcr);
      cairo_set_source_surface (cr, tile, box->origin.x, box->origin.y);
      cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_REPEAT);
      cairo_surface_destroy (tile);
    }
  else
    gsk_layer_gradient_set_source (cr, gradient, size, box);

  /* Over the box background-clip says */
  cairo_new_path (cr);
  gsk_layer_rounded_rect_path (cr, clip->origin.x, clip->origin.y, clip->size.width, clip->size.height, clip_radii);
  cairo_fill (cr);
}

/* Premultiplied, as the GRADIENT op interpolates */
static void
paint_stops (const GskLayerGradient *gradient,
             const double           *offsets,
             GskLayerRenderPaint    *paint)
{
  guint i;

  paint->n_stops = MIN (gradient->n_stops, GSK_LAYER_RENDER_MAX_STOPS);
  for (i = 0; i < paint->n_stops; i++)
    {
      const GdkRGBA *c = &gradient->stops[i].color;

      paint->offsets[i] = offsets[i];
      paint->stop_colors[i][0] = c->red * c->alpha;
      paint->stop_colors[i][1] = c->green * c->alpha;
      paint->stop_colors[i][2] = c->blue * c->alpha;
      paint->stop_colors[i][3] = c->alpha;
    }
}

/* A linear gradient's direction on a box of @w × @h (a unit vector) and
 * the length of its gradient line */
static void
linear_axis (const GskLayerGradient *gradient,
             double                  w,
             double                  h,
             double                 *dx,
             double                 *dy,
             double                 *length)
{
  if (gradient->corner_x != 0 || gradient->corner_y != 0)
    {
      /* Perpendicular to the diagonal between the other two corners */
      double d = hypot (w, h);

      *dx = gradient->corner_x * h / d;
      *dy = gradient->corner_y * w / d;
    }
  else
    {
      double a = gradient->angle * G_PI / 180;

      *dx = sin (a);
      *dy = -cos (a);
    }
  /* Long enough that its ends' perpendiculars touch the far corners */
  *length = fabs (w * *dx) + fabs (h * *dy);
}

void
gsk_layer_gradient_to_paint (const GskLayerGradient *gradient,
                             const graphene_rect_t  *box,
                             gboolean                tile,
                             GskLayerRenderPaint    *paint)
{
  double w = box->size.width, h = box->size.height;
  double cx = gradient->center_percent & 1 ? gradient->center[0] / 100 * w : gradient->center[0];
  double cy = gradient->center_percent & 2 ? gradient->center[1] / 100 * h : gradient->center[1];
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS];

  memset (paint, 0, sizeof *paint);
  if (tile && w >= 1 && h >= 1)
    paint->tile = *box;
  paint->repeating = gradient->repeating;

  if (gradient->radial)
    {
      double rx, ry;

      radial_radii (gradient, w, h, cx, cy, &rx, &ry);
      rx = MAX (rx, 1e-3);
      ry = MAX (ry, 1e-3);
      /* Stops along the x radius; y is scaled to it */
      resolve_stops (gradient, rx, offsets);
      paint->kind = GSK_LAYER_RENDER_GRADIENT_RADIAL;
      paint->point = GRAPHENE_POINT_INIT (box->origin.x + cx, box->origin.y + cy);
      graphene_vec2_init (&paint->axis, 1, rx / ry);
    }
  else if (gradient->conic)
    {
      resolve_stops (gradient, 360, offsets);
      paint->kind = GSK_LAYER_RENDER_GRADIENT_CONIC;
      paint->point = GRAPHENE_POINT_INIT (box->origin.x + cx, box->origin.y + cy);
      paint->angle = gradient->angle;
    }
  else
    {
      double dx, dy, length;

      linear_axis (gradient, w, h, &dx, &dy, &length);
      resolve_stops (gradient, length, offsets);
      paint->kind = GSK_LAYER_RENDER_GRADIENT_LINEAR;
      /* The start of the gradient line */
      paint->point = GRAPHENE_POINT_INIT (box->origin.x + w / 2 - dx * length / 2,
                                          box->origin.y + h / 2 - dy * length / 2);
      graphene_vec2_init (&paint->axis, dx, dy);
    }
  paint_stops (gradient, offsets, paint);

  /* Nothing to repeat: the last colour, as the raster does */
  if (paint->repeating && paint->offsets[paint->n_stops - 1] - paint->offsets[0] <= 1e-6)
    {
      memcpy (paint->stop_colors[0], paint->stop_colors[paint->n_stops - 1], sizeof paint->stop_colors[0]);
      paint->n_stops = 1;
      paint->repeating = FALSE;
    }
}

/* Sets the source to a linear gradient laid out on @box */
static void
paint_linear_gradient (cairo_t                *cr,
                       const GskLayerGradient *gradient,
                       const graphene_rect_t  *box)
{
  double w = box->size.width, h = box->size.height, dx, dy, length;
  double cx = box->origin.x + w / 2, cy = box->origin.y + h / 2;
  double offsets[GSK_LAYER_GRADIENT_MAX_STOPS], first, last, span;
  cairo_pattern_t *pattern;

  linear_axis (gradient, w, h, &dx, &dy, &length);
  resolve_stops (gradient, length, offsets);

  first = offsets[0];
  last = offsets[gradient->n_stops - 1];
  span = last - first;
  if (gradient->repeating && span <= 1e-6)
    {
      /* Nothing to repeat: the average colour, as CSS says; the last here */
      gdk_cairo_set_source_rgba (cr, &gradient->stops[gradient->n_stops - 1].color);
    }
  else
    {
      double x0 = cx - dx * length / 2, y0 = cy - dy * length / 2;

      if (span <= 1e-6)
        span = 1e-6;
      pattern = cairo_pattern_create_linear (x0 + dx * first, y0 + dy * first, x0 + dx * last, y0 + dy * last);
      add_stops (pattern, gradient, offsets, first, span);
      cairo_pattern_set_extend (pattern, gradient->repeating ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD);
      cairo_set_source (cr, pattern);
      cairo_pattern_destroy (pattern);
    }
}

/* }}} */
