/* gsk-layer-project.c: rectangles projected through 3D matrices, clipped
 * in front of the viewer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-geometry-private.h"

#include <math.h>

/* Points closer to the eye plane than this are treated as behind it:
 * dividing by a smaller w would throw coordinates towards infinity. */
#define NEAR_W_EPSILON 1e-5

typedef struct
{
  double x, y, w;
} HomogeneousPoint;

static inline HomogeneousPoint
lerp_point (const HomogeneousPoint *a,
            const HomogeneousPoint *b,
            double                  t)
{
  return (HomogeneousPoint) {
    a->x + (b->x - a->x) * t,
    a->y + (b->y - a->y) * t,
    a->w + (b->w - a->w) * t,
  };
}

/* Four times the largest target */
#define PROJECTED_BOUNDS_LIMIT (4.0 * GSK_LAYER_MAX_SURFACE_SIZE)

gboolean
gsk_layer_project_rect (const graphene_matrix_t *transform,
                        const graphene_rect_t   *bounds,
                        graphene_rect_t         *out_bounds,
                        graphene_point_t        *out_polygon,
                        guint                   *out_n_points)
{
  HomogeneousPoint quad[4], clipped[8];
  graphene_rect_t r;
  float m[16];
  double min_x, min_y, max_x, max_y;
  guint i, n;

  g_return_val_if_fail (transform != NULL, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (out_n_points)
    *out_n_points = 0;
  if (out_bounds)
    graphene_rect_init (out_bounds, 0, 0, 0, 0);

  graphene_rect_normalize_r (bounds, &r);
  graphene_matrix_to_float (transform, m);

  for (i = 0; i < 4; i++)
    {
      double x = r.origin.x + ((i == 1 || i == 2) ? r.size.width : 0);
      double y = r.origin.y + ((i >= 2) ? r.size.height : 0);

      /* Row vector (x, y, 0, 1) times the matrix; z does not matter */
      quad[i].x = x * m[0] + y * m[4] + m[12];
      quad[i].y = x * m[1] + y * m[5] + m[13];
      quad[i].w = x * m[3] + y * m[7] + m[15];

      if (!isfinite (quad[i].x) || !isfinite (quad[i].y) || !isfinite (quad[i].w))
        return FALSE;
    }

  /* Sutherland–Hodgman against the single plane w = epsilon: a convex
   * quad gains at most one vertex. */
  n = 0;
  for (i = 0; i < 4; i++)
    {
      const HomogeneousPoint *a = &quad[i];
      const HomogeneousPoint *b = &quad[(i + 1) % 4];
      gboolean a_in = a->w >= NEAR_W_EPSILON;
      gboolean b_in = b->w >= NEAR_W_EPSILON;

      if (a_in)
        clipped[n++] = *a;

      if (a_in != b_in)
        clipped[n++] = lerp_point (a, b, (NEAR_W_EPSILON - a->w) / (b->w - a->w));
    }

  if (n < 3)
    return FALSE;

  min_x = min_y = INFINITY;
  max_x = max_y = -INFINITY;
  for (i = 0; i < n; i++)
    {
      double x = clipped[i].x / clipped[i].w;
      double y = clipped[i].y / clipped[i].w;

      if (!isfinite (x) || !isfinite (y))
        return FALSE;

      min_x = MIN (min_x, x);
      min_y = MIN (min_y, y);
      max_x = MAX (max_x, x);
      max_y = MAX (max_y, y);

      if (out_polygon)
        graphene_point_init (&out_polygon[i], x, y);
    }

  if (out_n_points)
    *out_n_points = n;
  /* A float rect of huge origin and size cannot place its far edge
   * within pixels: the bounds stop well outside any target, where
   * floats still have a few hundredths of a pixel */
  if (out_bounds)
    {
      min_x = CLAMP (min_x, -PROJECTED_BOUNDS_LIMIT, PROJECTED_BOUNDS_LIMIT);
      min_y = CLAMP (min_y, -PROJECTED_BOUNDS_LIMIT, PROJECTED_BOUNDS_LIMIT);
      max_x = CLAMP (max_x, -PROJECTED_BOUNDS_LIMIT, PROJECTED_BOUNDS_LIMIT);
      max_y = CLAMP (max_y, -PROJECTED_BOUNDS_LIMIT, PROJECTED_BOUNDS_LIMIT);
      graphene_rect_init (out_bounds, min_x, min_y, max_x - min_x, max_y - min_y);
    }

  return TRUE;
}
