/* gsk-layer-box-private.h: the target-space box of a layer, as the
 * compile and picking both compute it
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>

#include "gsk-layer-private.h"

G_BEGIN_DECLS

static inline gboolean
gsk_layer_box_is_empty (const GskLayerBox *b)
{
  return b->x0 >= b->x1 || b->y0 >= b->y1;
}

static inline void
gsk_layer_box_union (GskLayerBox       *b,
                     const GskLayerBox *o)
{
  if (gsk_layer_box_is_empty (o))
    return;
  b->x0 = MIN (b->x0, o->x0);
  b->y0 = MIN (b->y0, o->y0);
  b->x1 = MAX (b->x1, o->x1);
  b->y1 = MAX (b->y1, o->y1);
}

static inline GskLayerBox
gsk_layer_box_intersect (const GskLayerBox *a,
                         const GskLayerBox *b)
{
  return (GskLayerBox) { MAX (a->x0, b->x0), MAX (a->y0, b->y0),
                         MIN (a->x1, b->x1), MIN (a->y1, b->y1) };
}

static inline graphene_rect_t
gsk_layer_box_to_rect (const GskLayerBox *b)
{
  if (gsk_layer_box_is_empty (b))
    return GRAPHENE_RECT_INIT (0, 0, 0, 0);
  return GRAPHENE_RECT_INIT (b->x0, b->y0, b->x1 - b->x0, b->y1 - b->y0);
}

static inline GskLayerBox
gsk_layer_box_from_rect (const graphene_rect_t *r)
{
  if (r->size.width <= 0 || r->size.height <= 0)
    return GSK_LAYER_BOX_EMPTY;
  return (GskLayerBox) { r->origin.x, r->origin.y,
                 r->origin.x + r->size.width, r->origin.y + r->size.height };
}

/* Hot paths read the world matrix as floats once per layer: m[row * 4 +
 * col], graphene's row-vector layout */
static inline gboolean
gsk_layer_matrix_is_axis_aligned (const float *m)
{
  return m[1] == 0.f && m[3] == 0.f && m[4] == 0.f && m[7] == 0.f &&
         m[15] == 1.f && m[0] > 0.f && m[5] > 0.f;
}

static inline gboolean
gsk_layer_matrix_puts_rect_behind (const float           *m,
                                   const graphene_rect_t *r)
{
  int i;

  if (m[3] == 0.f && m[7] == 0.f && m[15] > 0.f)
    return FALSE;

  for (i = 0; i < 4; i++)
    {
      float x = r->origin.x + (i & 1 ? r->size.width : 0);
      float y = r->origin.y + (i & 2 ? r->size.height : 0);

      if (x * m[3] + y * m[7] + m[15] <= 1e-5f)
        return TRUE;
    }

  return FALSE;
}

/* Target-space box of @rect under @world (@m: its floats), unclipped.
 * The compile bounds layers with it and picking checks a layer's own
 * box with it: a layer whose box is empty (edge-on, or a sliver thinner
 * than a float resolves) is neither drawn nor picked, whichever path
 * asks. */
static inline GskLayerBox
gsk_layer_project_box (const graphene_matrix_t *world,
                       const float             *m,
                       const graphene_rect_t   *rect)
{
  graphene_rect_t out;
  GskLayerBox b;
  int i;

  if (rect->size.width <= 0 || rect->size.height <= 0)
    return GSK_LAYER_BOX_EMPTY;

  if (gsk_layer_matrix_is_axis_aligned (m))
    return (GskLayerBox) { rect->origin.x * m[0] + m[12], rect->origin.y * m[5] + m[13],
                   (rect->origin.x + rect->size.width) * m[0] + m[12],
                   (rect->origin.y + rect->size.height) * m[5] + m[13] };

  if (gsk_layer_matrix_puts_rect_behind (m, rect))
    {
      if (!gsk_layer_project_rect (world, rect, &out, NULL, NULL))
        return GSK_LAYER_BOX_EMPTY;
      return gsk_layer_box_from_rect (&out);
    }

  b = GSK_LAYER_BOX_EMPTY;
  if (m[3] == 0.f && m[7] == 0.f && m[15] == 1.f)
    {
      /* Affine: the box of a parallelogram is its center plus or minus
       * the half extents, no corner by corner */
      float hw = rect->size.width * 0.5f, hh = rect->size.height * 0.5f;
      float cx = rect->origin.x + hw, cy = rect->origin.y + hh;
      float sx = cx * m[0] + cy * m[4] + m[12];
      float sy = cx * m[1] + cy * m[5] + m[13];
      float ex = fabsf (m[0]) * hw + fabsf (m[4]) * hh;
      float ey = fabsf (m[1]) * hw + fabsf (m[5]) * hh;

      /* For a layer scaled far beyond the target, center and extents
       * are huge and nearly cancel: float would cut pixels off the box */
      if (G_UNLIKELY (ex > 65536.f || ey > 65536.f))
        {
          double dhw = rect->size.width * 0.5, dhh = rect->size.height * 0.5;
          double dcx = rect->origin.x + dhw, dcy = rect->origin.y + dhh;
          double dsx = dcx * m[0] + dcy * m[4] + m[12];
          double dsy = dcx * m[1] + dcy * m[5] + m[13];
          double dex = fabs (m[0]) * dhw + fabs (m[4]) * dhh;
          double dey = fabs (m[1]) * dhw + fabs (m[5]) * dhh;

          b = (GskLayerBox) { dsx - dex, dsy - dey, dsx + dex, dsy + dey };
        }
      else
        b = (GskLayerBox) { sx - ex, sy - ey, sx + ex, sy + ey };
    }
  else
    for (i = 0; i < 4; i++)
      {
        float x = rect->origin.x + (i & 1 ? rect->size.width : 0);
        float y = rect->origin.y + (i & 2 ? rect->size.height : 0);
        float w = x * m[3] + y * m[7] + m[15];
        float sx = (x * m[0] + y * m[4] + m[12]) / w;
        float sy = (x * m[1] + y * m[5] + m[13]) / w;

        b.x0 = MIN (b.x0, sx);
        b.y0 = MIN (b.y0, sy);
        b.x1 = MAX (b.x1, sx);
        b.y1 = MAX (b.y1, sy);
      }

  if (!isfinite (b.x0) || !isfinite (b.y0) || !isfinite (b.x1) || !isfinite (b.y1))
    return GSK_LAYER_BOX_EMPTY;

  return b;
}

G_END_DECLS
