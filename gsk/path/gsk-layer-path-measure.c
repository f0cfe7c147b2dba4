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

typedef struct {
  float tolerance;
  GArray *vertices;
} Measured;

void
gsk_layer_path_clear_measured (GskLayerPath *self)
{
  Measured *m = self->measured;

  if (m == NULL)
    return;
  g_array_unref (m->vertices);
  g_free (m);
  self->measured = NULL;
}

/* @self's polylines within @tolerance (a reference): those kept, if
 * they were made at that tolerance; the first made are kept */
static GArray *
flatten (const GskLayerPath *self,
         float               tolerance)
{
  Measured *m = g_atomic_pointer_get ((gpointer *) &self->measured), *made;

  if (m != NULL && m->tolerance == tolerance)
    return g_array_ref (m->vertices);
  if (m != NULL)
    return gsk_layer_path_flatten (self, tolerance);

  made = g_new (Measured, 1);
  made->tolerance = tolerance;
  made->vertices = gsk_layer_path_flatten (self, tolerance);
  /* Kept by an immutable path: the pointer is all that changes */
  if (!g_atomic_pointer_compare_and_exchange ((gpointer *) &((GskLayerPath *) self)->measured, NULL, made))
    {
      GArray *vertices = made->vertices;

      g_free (made);
      return vertices;
    }
  return g_array_ref (made->vertices);
}

float
gsk_layer_path_get_length (const GskLayerPath *self,
                           float               tolerance)
{
  GArray *vertices = flatten (self, tolerance);
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

  vertices = flatten (self, tolerance);
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

/* The point @distance along the polylines @vertices and the direction
 * there (see gsk_layer_path_get_point_at ()) */
static gboolean
point_on_vertices (GArray           *vertices,
                   float             distance,
                   graphene_point_t *point,
                   float            *angle)
{
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
      *point = vertices->len > 0 ? v[0].point : GRAPHENE_POINT_INIT (0, 0);
      if (angle)
        *angle = 0;
      return vertices->len > 0;
    }

  /* Past the end: its last point */
  if (!found)
    *point = *last_b;
  if (angle)
    *angle = atan2f (last_b->y - last_a->y, last_b->x - last_a->x) * 180.f / G_PI;
  return TRUE;
}

gboolean
gsk_layer_path_get_point_at (const GskLayerPath *self,
                             float               distance,
                             float               tolerance,
                             graphene_point_t   *point,
                             float              *angle)
{
  GArray *vertices = flatten (self, tolerance);
  gboolean found = point_on_vertices (vertices, distance, point, angle);

  g_array_unref (vertices);
  return found;
}

gboolean
gsk_layer_path_locate (const GskLayerPath *self,
                       float               distance,
                       gboolean            percent,
                       float               tolerance,
                       graphene_point_t   *point,
                       float              *angle)
{
  GArray *vertices = flatten (self, tolerance);
  const GskLayerPathVertex *v = (const GskLayerPathVertex *) vertices->data;
  double length = 0;
  gboolean found;
  guint i;

  for (i = 1; i < vertices->len; i++)
    if (!v[i].starts)
      length += graphene_point_distance (&v[i - 1].point, &v[i].point, NULL, NULL);
  if (percent)
    distance = distance * length / 100.0;
  /* Around a closed path the distance wraps; along an open one it stops
   * at the ends */
  if (self->n_verbs > 0 && self->verbs[self->n_verbs - 1] == GSK_LAYER_PATH_CLOSE && length > 0)
    {
      distance = fmod (distance, length);
      if (distance < 0)
        distance += length;
    }
  else
    distance = CLAMP (distance, 0.0, length);

  found = point_on_vertices (vertices, distance, point, angle);
  g_array_unref (vertices);
  return found;
}

/* Appends the part of the polyline @v[@first…@last] between @from and
 * @to along it (lengths from @first): as a subpath of its own, or on
 * from where the builder's pen is if @go_on */
static void
add_span (GskLayerPathBuilder      *builder,
          const GskLayerPathVertex *v,
          const double             *at,
          guint                     first,
          guint                     last,
          double                    from,
          double                    to,
          gboolean                  go_on)
{
  gboolean started = go_on;
  guint i;

  for (i = first + 1; i <= last; i++)
    {
      const graphene_point_t *a = &v[i - 1].point, *b = &v[i].point;
      double d = at[i] - at[i - 1], t0, t1;

      if (at[i] < from || at[i - 1] > to || (d <= 0 && started))
        continue;
      t0 = d > 0 ? CLAMP ((from - at[i - 1]) / d, 0, 1) : 0;
      t1 = d > 0 ? CLAMP ((to - at[i - 1]) / d, 0, 1) : 0;
      if (!started)
        {
          gsk_layer_path_builder_move_to (builder, a->x + (b->x - a->x) * t0, a->y + (b->y - a->y) * t0);
          started = TRUE;
        }
      gsk_layer_path_builder_line_to (builder, a->x + (b->x - a->x) * t1, a->y + (b->y - a->y) * t1);
      if (at[i] >= to)
        break;
    }
}

typedef struct {
  double from, to;
} Span;

GskLayerPath *
gsk_layer_path_dash (const GskLayerPath *self,
                     const float        *dash,
                     gsize               n_dash,
                     float               offset,
                     float               tolerance)
{
  GArray *vertices = flatten (self, tolerance);
  const GskLayerPathVertex *v = (const GskLayerPathVertex *) vertices->data;
  GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
  GArray *spans = g_array_new (FALSE, FALSE, sizeof (Span));
  double *at = g_new (double, MAX (vertices->len, 1));
  double period = 0;
  guint first, last, i;
  gsize k;

  /* An odd list repeats twice, as SVG says */
  for (k = 0; k < n_dash; k++)
    period += dash[k];
  if (n_dash % 2 == 1)
    period *= 2;

  /* Each subpath starts the pattern again from the offset */
  for (first = 0; first < vertices->len; first = last + 1)
    {
      const Span *sp;
      double pos, length;
      gsize index = 0;
      gboolean on = TRUE, closed;
      guint n;

      at[first] = 0;
      for (last = first; last + 1 < vertices->len && !v[last + 1].starts; last++)
        at[last + 1] = at[last] + graphene_point_distance (&v[last].point, &v[last + 1].point, NULL, NULL);
      length = at[last];
      closed = last > first && graphene_point_equal (&v[first].point, &v[last].point);

      /* Where the pattern stands at the subpath's start */
      g_array_set_size (spans, 0);
      pos = period > 0 ? -fmod (offset, period) : 0;
      if (pos > 0)
        pos -= period;
      for (i = 0; period > 0 && pos < length && i < 1000000; i++)
        {
          double step = dash[index % n_dash];

          if (on && pos + step >= 0)
            g_array_append_val (spans, ((Span) { MAX (pos, 0), MIN (pos + step, length) }));
          pos += step;
          index++;
          on = !on;
        }

      sp = (const Span *) spans->data;
      n = spans->len;
      /* Around a closed subpath, a dash over its start is one dash,
       * turning the corner there */
      if (closed && n > 1 && sp[0].from <= 0 && sp[n - 1].to >= length)
        {
          add_span (builder, v, at, first, last, sp[n - 1].from, length, FALSE);
          add_span (builder, v, at, first, last, 0, sp[0].to, TRUE);
          sp++;
          n -= 2;
        }
      for (k = 0; k < n; k++)
        add_span (builder, v, at, first, last, sp[k].from, sp[k].to, FALSE);
    }

  g_array_unref (spans);
  g_free (at);
  g_array_unref (vertices);
  return gsk_layer_path_builder_free_to_path (builder);
}
