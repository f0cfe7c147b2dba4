/* gsk-layer-geometry-private.h: rectangles projected through 3D
 * matrices (gsk-layer-project.c) and rounded rectangles, for picking,
 * damage, culling and the backends alike
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/* Projects the rectangle @bounds through @transform into target space,
 * clipping the quad against the plane w = epsilon. Returns FALSE if
 * nothing of it is in front of the viewer. @out_bounds, if not NULL,
 * receives the bounding box, clamped to 4 × GSK_LAYER_MAX_SURFACE_SIZE
 * either way of the origin; @out_polygon, if not NULL, receives up to 8
 * points and @out_n_points their number. */
gboolean gsk_layer_project_rect (const graphene_matrix_t *transform,
                                 const graphene_rect_t   *bounds,
                                 graphene_rect_t         *out_bounds,
                                 graphene_point_t        *out_polygon,
                                 guint                   *out_n_points);

/* Whether @p lies in @rect with its corners rounded by @radii (top left, top
 * right, bottom right, bottom left) */
static inline gboolean
gsk_layer_rounded_rect_contains (const graphene_rect_t  *rect,
                                 const graphene_size_t   radii[4],
                                 const graphene_point_t *p)
{
  float x0 = rect->origin.x, y0 = rect->origin.y;
  float x1 = x0 + rect->size.width, y1 = y0 + rect->size.height;
  int i;

  if (!(p->x >= x0 && p->y >= y0 && p->x <= x1 && p->y <= y1))
    return FALSE;

  for (i = 0; i < 4; i++)
    {
      float rx = radii[i].width, ry = radii[i].height;
      float cx = (i == 1 || i == 2) ? x1 - rx : x0 + rx;
      float cy = (i >= 2) ? y1 - ry : y0 + ry;
      float dx, dy;

      if (!(rx > 0.f && ry > 0.f))
        continue;
      /* Outside the corner's quarter of the ellipse: straight edges */
      if ((i == 1 || i == 2) ? p->x <= cx : p->x >= cx)
        continue;
      if ((i >= 2) ? p->y <= cy : p->y >= cy)
        continue;
      dx = (p->x - cx) / rx;
      dy = (p->y - cy) / ry;
      return dx * dx + dy * dy <= 1.f;
    }

  return TRUE;
}

G_END_DECLS
