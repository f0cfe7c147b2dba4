/* gsk-layer-software-paint.c: BORDER and GRADIENT ops as images
 *
 * A GL renderer that draws styles in its shaders hands the software
 * backend the same list when GL cannot draw a frame (content GL does not
 * take, a failed allocation, a lost context). The software backend draws
 * such an op as a texture: its paint rasterized here in the op's layer
 * space, at about the scale the op has on the target, as the GL shader
 * computes it pixel by pixel; the ring of a border is cut by cairo. The
 * image is not kept: this is a fallback, not a path of every frame.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-software-backend-impl-private.h"
#include "gsk-layer-style-private.h"

/* Rasters of paints stay within this size */
#define MAX_PAINT_SIZE 4096

static inline float
wrap (float value,
      float period)
{
  return value - period * floorf (value / period);
}

static inline guint32
pack_premultiplied (const float c[4])
{
  float a = CLAMP (c[3], 0.f, 1.f);

  return (guint32) (a * 255.f + 0.5f) << 24 |
         (guint32) (CLAMP (c[0], 0.f, a) * 255.f + 0.5f) << 16 |
         (guint32) (CLAMP (c[1], 0.f, a) * 255.f + 0.5f) << 8 |
         (guint32) (CLAMP (c[2], 0.f, a) * 255.f + 0.5f);
}

/* The gradient at @l: its parameter t, then the premultiplied stops
 * around it (the GL program's gradient_color()) */
static void
gradient_color (const GskLayerRenderPaint *paint,
                float                      lx,
                float                      ly,
                float                      c[4])
{
  float dx, dy, t, first, span;
  guint i, k;

  if (paint->tile.size.width > 0 && paint->tile.size.height > 0)
    {
      lx = paint->tile.origin.x + wrap (lx - paint->tile.origin.x, paint->tile.size.width);
      ly = paint->tile.origin.y + wrap (ly - paint->tile.origin.y, paint->tile.size.height);
    }
  dx = lx - paint->point.x;
  dy = ly - paint->point.y;
  switch (paint->kind)
    {
    case GSK_LAYER_RENDER_GRADIENT_LINEAR:
      t = dx * graphene_vec2_get_x (&paint->axis) + dy * graphene_vec2_get_y (&paint->axis);
      break;
    case GSK_LAYER_RENDER_GRADIENT_RADIAL:
      t = hypotf (dx * graphene_vec2_get_x (&paint->axis), dy * graphene_vec2_get_y (&paint->axis));
      break;
    case GSK_LAYER_RENDER_GRADIENT_CONIC:
    default:
      t = wrap (atan2f (dx, -dy) * (float) (180 / G_PI) - paint->angle + 720.f, 360.f);
      break;
    }

  first = paint->offsets[0];
  span = paint->offsets[paint->n_stops - 1] - first;
  if (paint->repeating && span > 0)
    t = first + wrap (t - first, span);

  for (k = 0; k < 4; k++)
    c[k] = paint->stop_colors[0][k];
  for (i = 1; i < paint->n_stops; i++)
    {
      float a = paint->offsets[i - 1], width = paint->offsets[i] - a, f;

      if (t < a)
        continue;
      f = width > 0 ? CLAMP ((t - a) / width, 0.f, 1.f) : 1.f;
      for (k = 0; k < 4; k++)
        c[k] = paint->stop_colors[i - 1][k] * (1 - f) + paint->stop_colors[i][k] * f;
    }
}

/* The colour of the side whose part of the box holds @l: the one whose
 * edge is nearest in units of its width, which divides the box along
 * the lines from the outer corners through the inner ones; across such
 * a join the two sides' colours are mixed over a pixel of @unit layer
 * units, as an antialiased edge would (the GL program's border_color()) */
static void
border_color (const GskLayerRenderOp *op,
              float                   lx,
              float                   ly,
              float                   unit,
              float                   c[4])
{
  /* Each side's distance from its edge grows along these */
  static const float grads[4][2] = { { 0, 1 }, { -1, 0 }, { 0, -1 }, { 1, 0 } };
  const GskLayerRenderPaint *paint = op->paint;
  const graphene_rect_t *r = &op->rounded_rect;
  float away[4] = {
    ly - r->origin.y,
    r->origin.x + r->size.width - lx,
    r->origin.y + r->size.height - ly,
    lx - r->origin.x,
  };
  float ratio[4], gx, gy, g, f;
  int best = 0, next, i, k;

  for (i = 0; i < 4; i++)
    ratio[i] = paint->widths[i] > 0 ? away[i] / paint->widths[i] : G_MAXFLOAT;
  for (i = 1; i < 4; i++)
    if (ratio[i] < ratio[best])
      best = i;
  next = best == 0 ? 1 : 0;
  for (i = 0; i < 4; i++)
    if (i != best && ratio[i] < ratio[next])
      next = i;

  if (ratio[next] == G_MAXFLOAT)
    f = 1;
  else
    {
      /* g > 0 where @best wins, linear in @l */
      g = ratio[next] - ratio[best];
      gx = grads[next][0] / paint->widths[next] - grads[best][0] / paint->widths[best];
      gy = grads[next][1] / paint->widths[next] - grads[best][1] / paint->widths[best];
      f = CLAMP (0.5f + g / MAX (hypotf (gx, gy) * unit, 1e-30f), 0.f, 1.f);
    }

  /* Mixed premultiplied; the sides' colours are straight */
  for (k = 0; k < 4; k++)
    {
      float a = paint->colors[best][k] * (k < 3 ? paint->colors[best][3] : 1);
      float b = paint->colors[next][k] * (k < 3 ? paint->colors[next][3] : 1);

      c[k] = b + (a - b) * f;
    }
}

/* How many raster pixels a unit of @op's layer takes: about as many as
 * target pixels, from the extent of its quad on the target */
static double
paint_scale (const GskLayerRenderOp *op)
{
  graphene_rect_t projected;
  double scale;

  if (!(op->bounds.size.width > 0) || !(op->bounds.size.height > 0) ||
      !isfinite (op->bounds.size.width) || !isfinite (op->bounds.size.height))
    return 0;
  graphene_matrix_transform_bounds (&op->transform, &op->bounds, &projected);
  scale = MAX (projected.size.width / op->bounds.size.width, projected.size.height / op->bounds.size.height);
  if (!isfinite (scale))
    return 1;
  scale = CLAMP (scale, 1 / 16., 8.);
  scale = MIN (scale, MAX_PAINT_SIZE / MAX (op->bounds.size.width, op->bounds.size.height));

  return scale;
}

cairo_surface_t *
gsk_layer_software_rasterize_paint (const GskLayerRenderOp *op)
{
  const GskLayerRenderPaint *paint = op->paint;
  double scale = paint_scale (op);
  cairo_surface_t *colors;
  guint32 *data;
  int width, height, stride, x, y;

  if (paint == NULL || scale <= 0 ||
      (op->kind == GSK_LAYER_RENDER_OP_GRADIENT && paint->n_stops == 0))
    return NULL;

  width = MAX (1, (int) ceil (op->bounds.size.width * scale));
  height = MAX (1, (int) ceil (op->bounds.size.height * scale));
  colors = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (colors) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (colors);
      return NULL;
    }

  /* Each pixel's colour at its centre */
  data = (guint32 *) cairo_image_surface_get_data (colors);
  stride = cairo_image_surface_get_stride (colors) / 4;
  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++)
      {
        float lx = op->bounds.origin.x + (x + 0.5f) * op->bounds.size.width / width;
        float ly = op->bounds.origin.y + (y + 0.5f) * op->bounds.size.height / height;
        float c[4];

        if (op->kind == GSK_LAYER_RENDER_OP_BORDER)
          border_color (op, lx, ly, op->bounds.size.width / width, c);
        else
          gradient_color (paint, lx, ly, c);
        data[y * stride + x] = pack_premultiplied (c);
      }
  cairo_surface_mark_dirty (colors);

  if (op->kind == GSK_LAYER_RENDER_OP_BORDER)
    {
      /* The ring between the outer rounded rectangle and the inner */
      cairo_surface_t *ring = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_t *cr = cairo_create (ring);

      cairo_scale (cr, width / op->bounds.size.width, height / op->bounds.size.height);
      cairo_translate (cr, -op->bounds.origin.x, -op->bounds.origin.y);
      gsk_layer_rounded_rect_path (cr, op->rounded_rect.origin.x, op->rounded_rect.origin.y,
                                   op->rounded_rect.size.width, op->rounded_rect.size.height,
                                   op->corner_radii);
      if (paint->inner_rect.size.width > 0 && paint->inner_rect.size.height > 0)
        gsk_layer_rounded_rect_path (cr, paint->inner_rect.origin.x, paint->inner_rect.origin.y,
                                     paint->inner_rect.size.width, paint->inner_rect.size.height,
                                     paint->inner_radii);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_identity_matrix (cr);
      cairo_set_source_surface (cr, colors, 0, 0);
      cairo_fill (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (colors);
      colors = ring;
    }

  return colors;
}
