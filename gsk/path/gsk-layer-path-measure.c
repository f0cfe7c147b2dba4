/* gsk-layer-path-measure.c: lengths along a path, and parts of it by
 * length
 *
 * Measured on the path's polylines within a tolerance (the caller's
 * pixel, for drawing): what strokeStart and strokeEnd trim, and where a
 * point at a distance along the path lies.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-path-private.h"

float
gsk_layer_path_get_length (const GskLayerPath *self,
                           float               tolerance)
{
  GArray *vertices = gsk_layer_path_flatten (self, tolerance);
  const GskLayerPathVertex *v = (const GskLayerPathVertex *) vertices->data;
  double length = 0;
  guint i;

  for (i = 1; i < vertices->len; i++)
    if (!v[i].starts)
      length += graphene_point_distance (&v[i - 1].point, &v[i].point, NULL, NULL);
  g_array_unref (vertices);

  return length;
}

GskLayerPath *
gsk_layer_path_trim (const GskLayerPath *self,
                     float               start,
                     float               end,
                     float               tolerance,
                     float              *start_length)
{
  GArray *vertices;
  const GskLayerPathVertex *v;
  GskLayerPathBuilder *builder;
  double total = 0, from, to, at = 0;
  gboolean drawing = FALSE;
  guint i;

  start = CLAMP (start, 0.f, 1.f);
  end = CLAMP (end, 0.f, 1.f);
  if (start_length)
    *start_length = 0;
  if (start <= 0.f && end >= 1.f)
    return gsk_layer_path_ref ((GskLayerPath *) self);

  vertices = gsk_layer_path_flatten (self, tolerance);
  v = (const GskLayerPathVertex *) vertices->data;
  for (i = 1; i < vertices->len; i++)
    if (!v[i].starts)
      total += graphene_point_distance (&v[i - 1].point, &v[i].point, NULL, NULL);
  from = start * total;
  to = end * total;
  if (start_length)
    *start_length = from;

  builder = gsk_layer_path_builder_new ();
  for (i = 1; i < vertices->len && at < to && end > start; i++)
    {
      const graphene_point_t *a = &v[i - 1].point, *b = &v[i].point;
      double d, t0, t1;

      if (v[i].starts)
        {
          /* A new subpath: what was drawn ends there */
          drawing = FALSE;
          continue;
        }
      d = graphene_point_distance (a, b, NULL, NULL);
      if (at + d <= from || d <= 0)
        {
          at += d;
          continue;
        }
      t0 = MAX (from - at, 0) / d;
      t1 = MIN (to - at, d) / d;
      if (!drawing)
        {
          gsk_layer_path_builder_move_to (builder, a->x + (b->x - a->x) * t0, a->y + (b->y - a->y) * t0);
          drawing = TRUE;
        }
      gsk_layer_path_builder_line_to (builder, a->x + (b->x - a->x) * t1, a->y + (b->y - a->y) * t1);
      at += d;
    }
  g_array_unref (vertices);

  return gsk_layer_path_builder_free_to_path (builder);
}

gboolean
gsk_layer_path_get_point_at (const GskLayerPath *self,
                             float               distance,
                             float               tolerance,
                             graphene_point_t   *point,
                             float              *angle)
{
  GArray *vertices = gsk_layer_path_flatten (self, tolerance);
  const GskLayerPathVertex *v = (const GskLayerPathVertex *) vertices->data;
  const graphene_point_t *last_a = NULL, *last_b = NULL;
  double at = 0;
  gboolean found = FALSE;
  guint i;

  for (i = 1; i < vertices->len && !found; i++)
    {
      const graphene_point_t *a = &v[i - 1].point, *b = &v[i].point;
      double d;

      if (v[i].starts)
        continue;
      d = graphene_point_distance (a, b, NULL, NULL);
      if (d <= 0)
        continue;
      last_a = a;
      last_b = b;
      if (at + d >= distance)
        {
          double t = MAX (distance - at, 0) / d;

          *point = GRAPHENE_POINT_INIT (a->x + (b->x - a->x) * t, a->y + (b->y - a->y) * t);
          found = TRUE;
        }
      at += d;
    }

  if (last_a == NULL)
    {
      /* No length at all: the first point, facing right */
      gboolean any = vertices->len > 0;

      *point = any ? v[0].point : GRAPHENE_POINT_INIT (0, 0);
      if (angle)
        *angle = 0;
      g_array_unref (vertices);
      return any;
    }

  /* Past the end: its last point */
  if (!found)
    *point = *last_b;
  if (angle)
    *angle = atan2f (last_b->y - last_a->y, last_b->x - last_a->x) * 180.f / G_PI;
  g_array_unref (vertices);
  return TRUE;
}
