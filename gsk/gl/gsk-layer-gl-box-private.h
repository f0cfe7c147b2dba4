/* gsk-layer-gl-box-private.h: whole-pixel boxes of the GL backend
 *
 * Boxes are in target space, y down: the canvases' parts in use, clips
 * (as scissors), the damage's passes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
#include <glib.h>
#include <graphene.h>

G_BEGIN_DECLS

/* Edges this close to a pixel boundary are on it, as in software */
#define GSK_LAYER_GL_PIXEL_EPSILON 1e-3

typedef struct
{
  int x1, y1, x2, y2;
} GskLayerGLBox;

static inline gboolean
gsk_layer_gl_box_is_empty (const GskLayerGLBox *box)
{
  return box->x1 >= box->x2 || box->y1 >= box->y2;
}

static inline GskLayerGLBox
gsk_layer_gl_box_intersect (const GskLayerGLBox *a,
                            const GskLayerGLBox *b)
{
  return (GskLayerGLBox) { MAX (a->x1, b->x1), MAX (a->y1, b->y1),
                           MIN (a->x2, b->x2), MIN (a->y2, b->y2) };
}

/* Whole pixels touched by @rect (ROUND_OUT of the software backend),
 * or those whose centres it contains (@nearest), within @limit. In
 * doubles until the end, so huge or NaN rects cannot overflow. */
static inline GskLayerGLBox
gsk_layer_gl_box_from_rect (const graphene_rect_t *rect,
                            const GskLayerGLBox   *limit,
                            gboolean               nearest)
{
  double x1 = rect->origin.x, y1 = rect->origin.y;
  double x2 = x1 + rect->size.width, y2 = y1 + rect->size.height;
  double t;

  if (isnan (x1) || isnan (y1) || isnan (x2) || isnan (y2))
    return (GskLayerGLBox) { 0, 0, 0, 0 };

  if (x1 > x2) { t = x1; x1 = x2; x2 = t; }
  if (y1 > y2) { t = y1; y1 = y2; y2 = t; }

  /* Most ops of a frame drawn with damage lie outside it: tell them
   * without rounding (the limit is whole pixels) */
  if (!nearest &&
      (x2 - GSK_LAYER_GL_PIXEL_EPSILON <= limit->x1 || x1 + GSK_LAYER_GL_PIXEL_EPSILON >= limit->x2 ||
       y2 - GSK_LAYER_GL_PIXEL_EPSILON <= limit->y1 || y1 + GSK_LAYER_GL_PIXEL_EPSILON >= limit->y2))
    return (GskLayerGLBox) { 0, 0, 0, 0 };

  if (nearest)
    {
      x1 = floor (x1 + 0.5); y1 = floor (y1 + 0.5);
      x2 = floor (x2 + 0.5); y2 = floor (y2 + 0.5);
    }
  else
    {
      x1 = floor (x1 + GSK_LAYER_GL_PIXEL_EPSILON); y1 = floor (y1 + GSK_LAYER_GL_PIXEL_EPSILON);
      x2 = ceil (x2 - GSK_LAYER_GL_PIXEL_EPSILON); y2 = ceil (y2 - GSK_LAYER_GL_PIXEL_EPSILON);
    }

  x1 = MAX (x1, limit->x1); y1 = MAX (y1, limit->y1);
  x2 = MIN (x2, limit->x2); y2 = MIN (y2, limit->y2);
  if (!(x1 < x2 && y1 < y2))
    return (GskLayerGLBox) { 0, 0, 0, 0 };

  return (GskLayerGLBox) { x1, y1, x2, y2 };
}

G_END_DECLS
