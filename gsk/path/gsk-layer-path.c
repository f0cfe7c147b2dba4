/* gsk-layer-path.c: an immutable outline of lines and curves
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-path-private.h"

/**
 * GskLayerPath:
 *
 * An outline made of lines, quadratic and cubic Bézier curves and
 * elliptical arcs, in subpaths that may be closed: what a shape layer
 * fills and strokes, and what CSS's `path()` clips to.
 *
 * Paths are immutable and reference counted. Build one with a
 * [struct@LayerPathBuilder], or parse SVG path data:
 *
 * ```c
 * g_autoptr (GError) error = NULL;
 * GskLayerPath *check = gsk_layer_path_parse ("M 4 12 l 5 5 L 20 6", &error);
 * ```
 *
 * A path holds at most %GSK_LAYER_PATH_MAX_SEGMENTS segments.
 *
 * Since: 0.1
 */

G_DEFINE_BOXED_TYPE (GskLayerPath, gsk_layer_path, gsk_layer_path_ref, gsk_layer_path_unref)

/**
 * gsk_layer_path_ref:
 * @self: a path
 *
 * Takes a reference to @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_path_ref (GskLayerPath *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * gsk_layer_path_unref:
 * @self: (transfer full): a path
 *
 * Drops a reference to @self, freeing it with the last.
 *
 * Since: 0.1
 */
void
gsk_layer_path_unref (GskLayerPath *self)
{
  g_return_if_fail (self != NULL);

  if (!g_ref_count_dec (&self->ref_count))
    return;

  gsk_layer_path_clear_measured (self);
  g_free (self->verbs);
  g_free (self->data);
  g_free (self);
}

/* {{{ Curves as cubics */

/* The point of the ellipse of centre @c, radii @rx, @ry turned by
 * (@cos_phi, @sin_phi), at the unit circle's (@ux, @uy) */
static inline graphene_point_t
ellipse_point (const graphene_point_t *c,
               double                  rx,
               double                  ry,
               double                  cos_phi,
               double                  sin_phi,
               double                  ux,
               double                  uy)
{
  return GRAPHENE_POINT_INIT (c->x + rx * cos_phi * ux - ry * sin_phi * uy,
                              c->y + rx * sin_phi * ux + ry * cos_phi * uy);
}

static double
vector_angle (double ux,
              double uy,
              double vx,
              double vy)
{
  return atan2 (ux * vy - uy * vx, ux * vx + uy * vy);
}

/* SVG's arc from @from, as its implementation notes (F.6.5, F.6.6)
 * turn it into a centre and angles, as cubics of at most a quarter turn */
static gboolean
arc_to_cubics (const graphene_point_t *from,
               const float            *arc,
               GskLayerPathCubicFunc   func,
               gpointer                data)
{
  double rx = fabs (arc[0]), ry = fabs (arc[1]);
  double phi = arc[2] * G_PI / 180.0;
  gboolean large = arc[3] != 0.f, sweep = arc[4] != 0.f;
  double x2 = arc[5], y2 = arc[6];
  double cos_phi = cos (phi), sin_phi = sin (phi);
  double dx2, dy2, x1p, y1p, lambda, num, den, coef, cxp, cyp;
  double theta, delta;
  graphene_point_t c, pts[4];
  int n, i;

  if (from->x == x2 && from->y == y2)
    return TRUE;

  if (rx == 0 || ry == 0)
    {
      pts[0] = *from;
      pts[1] = GRAPHENE_POINT_INIT (x2, y2);
      return func (GSK_LAYER_PATH_LINE, pts, data);
    }

  dx2 = (from->x - x2) / 2;
  dy2 = (from->y - y2) / 2;
  x1p = cos_phi * dx2 + sin_phi * dy2;
  y1p = -sin_phi * dx2 + cos_phi * dy2;

  /* Radii too small to reach are scaled up until they just do */
  lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1)
    {
      rx *= sqrt (lambda);
      ry *= sqrt (lambda);
    }

  num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  coef = den > 0 ? sqrt (MAX (num, 0) / den) : 0;
  if (large == sweep)
    coef = -coef;
  cxp = coef * rx * y1p / ry;
  cyp = -coef * ry * x1p / rx;
  c = GRAPHENE_POINT_INIT (cos_phi * cxp - sin_phi * cyp + (from->x + x2) / 2,
                           sin_phi * cxp + cos_phi * cyp + (from->y + y2) / 2);

  theta = vector_angle (1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  delta = vector_angle ((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0)
    delta -= 2 * G_PI;
  else if (sweep && delta < 0)
    delta += 2 * G_PI;

  n = (int) ceil (fabs (delta) / (G_PI / 2) - 1e-7);
  n = MAX (n, 1);
  pts[0] = *from;
  for (i = 0; i < n; i++)
    {
      double a = theta + delta * i / n;
      double b = theta + delta * (i + 1) / n;
      double k = 4.0 / 3.0 * tan ((b - a) / 4);

      pts[1] = ellipse_point (&c, rx, ry, cos_phi, sin_phi, cos (a) - k * sin (a), sin (a) + k * cos (a));
      pts[2] = ellipse_point (&c, rx, ry, cos_phi, sin_phi, cos (b) + k * sin (b), sin (b) - k * cos (b));
      /* The last ends exactly where the arc says */
      pts[3] = i == n - 1 ? GRAPHENE_POINT_INIT (x2, y2)
                          : ellipse_point (&c, rx, ry, cos_phi, sin_phi, cos (b), sin (b));
      if (!func (GSK_LAYER_PATH_CUBIC, pts, data))
        return FALSE;
      pts[0] = pts[3];
    }

  return TRUE;
}

gboolean
gsk_layer_path_foreach_cubic (const GskLayerPath    *self,
                              GskLayerPathCubicFunc  func,
                              gpointer               data)
{
  graphene_point_t current = { 0, 0 }, start = { 0, 0 }, pts[4];
  const float *d = self->data;
  guint i;

  for (i = 0; i < self->n_verbs; i++)
    {
      GskLayerPathVerb verb = self->verbs[i];

      pts[0] = current;
      switch (verb)
        {
        case GSK_LAYER_PATH_MOVE:
          pts[1] = GRAPHENE_POINT_INIT (d[0], d[1]);
          start = pts[1];
          if (!func (verb, pts, data))
            return FALSE;
          break;

        case GSK_LAYER_PATH_LINE:
          pts[1] = GRAPHENE_POINT_INIT (d[0], d[1]);
          if (!func (verb, pts, data))
            return FALSE;
          break;

        case GSK_LAYER_PATH_QUAD:
          /* Raised to a cubic exactly */
          pts[1] = GRAPHENE_POINT_INIT (current.x + 2.f / 3.f * (d[0] - current.x),
                                        current.y + 2.f / 3.f * (d[1] - current.y));
          pts[2] = GRAPHENE_POINT_INIT (d[2] + 2.f / 3.f * (d[0] - d[2]),
                                        d[3] + 2.f / 3.f * (d[1] - d[3]));
          pts[3] = GRAPHENE_POINT_INIT (d[2], d[3]);
          if (!func (GSK_LAYER_PATH_CUBIC, pts, data))
            return FALSE;
          break;

        case GSK_LAYER_PATH_CUBIC:
          pts[1] = GRAPHENE_POINT_INIT (d[0], d[1]);
          pts[2] = GRAPHENE_POINT_INIT (d[2], d[3]);
          pts[3] = GRAPHENE_POINT_INIT (d[4], d[5]);
          if (!func (verb, pts, data))
            return FALSE;
          break;

        case GSK_LAYER_PATH_ARC:
          if (!arc_to_cubics (&current, d, func, data))
            return FALSE;
          pts[1] = GRAPHENE_POINT_INIT (d[5], d[6]);
          break;

        case GSK_LAYER_PATH_CLOSE:
          pts[1] = start;
          if (!func (verb, pts, data))
            return FALSE;
          break;

        default:
          g_assert_not_reached ();
        }

      if (verb == GSK_LAYER_PATH_CUBIC || verb == GSK_LAYER_PATH_QUAD)
        current = pts[3];
      else
        current = pts[1];
      d += gsk_layer_path_verb_n_data (verb);
    }

  return TRUE;
}

/* }}} */
/* {{{ Bounds */

typedef struct {
  float x0, y0, x1, y1;
  gboolean any;
} Extents;

static void
extents_add (Extents                *e,
             const graphene_point_t *p)
{
  if (!e->any)
    {
      e->x0 = e->x1 = p->x;
      e->y0 = e->y1 = p->y;
      e->any = TRUE;
      return;
    }
  e->x0 = MIN (e->x0, p->x);
  e->y0 = MIN (e->y0, p->y);
  e->x1 = MAX (e->x1, p->x);
  e->y1 = MAX (e->y1, p->y);
}

static inline double
cubic_at (double a,
          double b,
          double c,
          double d,
          double t)
{
  double s = 1 - t;

  return s * s * s * a + 3 * s * s * t * b + 3 * s * t * t * c + t * t * t * d;
}

/* Where the derivative of one coordinate of a cubic is 0, within (0, 1) */
static int
cubic_extrema (double a,
               double b,
               double c,
               double d,
               double t[2])
{
  double qa = -a + 3 * b - 3 * c + d;
  double qb = 2 * (a - 2 * b + c);
  double qc = b - a;
  double disc, r;
  int n = 0;

  if (fabs (qa) < 1e-12)
    {
      if (fabs (qb) > 1e-12)
        {
          r = -qc / qb;
          if (r > 0 && r < 1)
            t[n++] = r;
        }
      return n;
    }

  disc = qb * qb - 4 * qa * qc;
  if (disc < 0)
    return 0;
  disc = sqrt (disc);
  r = (-qb + disc) / (2 * qa);
  if (r > 0 && r < 1)
    t[n++] = r;
  r = (-qb - disc) / (2 * qa);
  if (r > 0 && r < 1)
    t[n++] = r;
  return n;
}

static gboolean
add_bounds (GskLayerPathVerb        verb,
            const graphene_point_t *pts,
            gpointer                data)
{
  Extents *e = data;
  double t[2];
  int axis, i, n;

  switch (verb)
    {
    case GSK_LAYER_PATH_MOVE:
    case GSK_LAYER_PATH_LINE:
      extents_add (e, &pts[1]);
      break;

    case GSK_LAYER_PATH_CUBIC:
      extents_add (e, &pts[3]);
      for (axis = 0; axis < 2; axis++)
        {
          const float *a = axis == 0 ? &pts[0].x : &pts[0].y;
          const float *b = axis == 0 ? &pts[1].x : &pts[1].y;
          const float *c = axis == 0 ? &pts[2].x : &pts[2].y;
          const float *d = axis == 0 ? &pts[3].x : &pts[3].y;

          n = cubic_extrema (*a, *b, *c, *d, t);
          for (i = 0; i < n; i++)
            {
              graphene_point_t p = GRAPHENE_POINT_INIT (cubic_at (pts[0].x, pts[1].x, pts[2].x, pts[3].x, t[i]),
                                                        cubic_at (pts[0].y, pts[1].y, pts[2].y, pts[3].y, t[i]));
              extents_add (e, &p);
            }
        }
      break;

    case GSK_LAYER_PATH_QUAD:
    case GSK_LAYER_PATH_ARC:
    case GSK_LAYER_PATH_CLOSE:
    default:
      break;
    }

  return TRUE;
}

static void
compute_bounds (GskLayerPath *self)
{
  Extents e = { 0, };

  gsk_layer_path_foreach_cubic (self, add_bounds, &e);
  if (e.any)
    graphene_rect_init (&self->bounds, e.x0, e.y0, e.x1 - e.x0, e.y1 - e.y0);
  else
    graphene_rect_init (&self->bounds, 0, 0, 0, 0);
}

/* }}} */
/* {{{ Queries */

/**
 * gsk_layer_path_is_empty:
 * @self: a path
 *
 * Whether @self has no segment at all.
 *
 * Returns: %TRUE for the empty path
 *
 * Since: 0.1
 */
gboolean
gsk_layer_path_is_empty (const GskLayerPath *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->n_verbs == 0;
}

/**
 * gsk_layer_path_get_n_segments:
 * @self: a path
 *
 * How many segments @self has: each move, line, curve, arc and close
 * counts one.
 *
 * Returns: the number of segments
 *
 * Since: 0.1
 */
guint
gsk_layer_path_get_n_segments (const GskLayerPath *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_verbs;
}

/**
 * gsk_layer_path_get_bounds:
 * @self: a path
 * @bounds: (out caller-allocates): the bounds
 *
 * The smallest rectangle that holds the outline of @self, curves
 * included (not their control points).
 *
 * Returns: %FALSE if @self is empty, @bounds then being zero
 *
 * Since: 0.1
 */
gboolean
gsk_layer_path_get_bounds (const GskLayerPath *self,
                           graphene_rect_t    *bounds)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  *bounds = self->bounds;
  return self->n_verbs > 0;
}

/**
 * gsk_layer_path_equal:
 * @path1: a path
 * @path2: another path
 *
 * Whether the two paths have the same segments with the same points.
 *
 * Returns: %TRUE if they are equal
 *
 * Since: 0.1
 */
gboolean
gsk_layer_path_equal (const GskLayerPath *path1,
                      const GskLayerPath *path2)
{
  g_return_val_if_fail (path1 != NULL, FALSE);
  g_return_val_if_fail (path2 != NULL, FALSE);

  if (path1 == path2)
    return TRUE;

  if (path1->n_verbs != path2->n_verbs || path1->n_data != path2->n_data)
    return FALSE;
  /* (Empty paths may hold no arrays at all) */
  return path1->n_verbs == 0 ||
         (memcmp (path1->verbs, path2->verbs, path1->n_verbs) == 0 &&
          (path1->n_data == 0 || memcmp (path1->data, path2->data, path1->n_data * sizeof (float)) == 0));
}

static gboolean
emit_cairo (GskLayerPathVerb        verb,
            const graphene_point_t *pts,
            gpointer                data)
{
  cairo_t *cr = data;

  switch (verb)
    {
    case GSK_LAYER_PATH_MOVE:
      cairo_move_to (cr, pts[1].x, pts[1].y);
      break;
    case GSK_LAYER_PATH_LINE:
      cairo_line_to (cr, pts[1].x, pts[1].y);
      break;
    case GSK_LAYER_PATH_CUBIC:
      cairo_curve_to (cr, pts[1].x, pts[1].y, pts[2].x, pts[2].y, pts[3].x, pts[3].y);
      break;
    case GSK_LAYER_PATH_CLOSE:
      cairo_close_path (cr);
      break;
    case GSK_LAYER_PATH_QUAD:
    case GSK_LAYER_PATH_ARC:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

/**
 * gsk_layer_path_to_cairo:
 * @self: a path
 * @cr: a cairo context
 *
 * Appends @self to the current path of @cr, arcs as cubic curves.
 *
 * Since: 0.1
 */
void
gsk_layer_path_to_cairo (const GskLayerPath *self,
                         cairo_t            *cr)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  gsk_layer_path_foreach_cubic (self, emit_cairo, cr);
}

/* }}} */
/* {{{ Polylines */

typedef struct {
  GArray *vertices;
  float tolerance;
} Flatten;

static void
flatten_add (Flatten                *f,
             const graphene_point_t *p,
             gboolean                starts)
{
  GskLayerPathVertex v = { *p, starts };

  g_array_append_val (f->vertices, v);
}

static gboolean
flatten_segment (GskLayerPathVerb        verb,
                 const graphene_point_t *pts,
                 gpointer                data)
{
  Flatten *f = data;
  double ddx, ddy, dd, steps;
  int n, i;

  switch (verb)
    {
    case GSK_LAYER_PATH_MOVE:
      flatten_add (f, &pts[1], TRUE);
      break;

    case GSK_LAYER_PATH_LINE:
    case GSK_LAYER_PATH_CLOSE:
      flatten_add (f, &pts[1], FALSE);
      break;

    case GSK_LAYER_PATH_CUBIC:
      /* Uniform steps: a chord strays at most 3/4 of the largest second
       * difference of the control points over n² */
      ddx = MAX (fabs (pts[0].x - 2 * pts[1].x + pts[2].x), fabs (pts[1].x - 2 * pts[2].x + pts[3].x));
      ddy = MAX (fabs (pts[0].y - 2 * pts[1].y + pts[2].y), fabs (pts[1].y - 2 * pts[2].y + pts[3].y));
      dd = sqrt (ddx * ddx + ddy * ddy);
      /* Clamped before it is an int: huge curves overflow one */
      steps = ceil (sqrt (0.75 * dd / f->tolerance));
      n = !(steps < 1000) ? 1000 : steps < 1 ? 1 : (int) steps;
      for (i = 1; i <= n; i++)
        {
          double t = (double) i / n;
          graphene_point_t p = GRAPHENE_POINT_INIT (cubic_at (pts[0].x, pts[1].x, pts[2].x, pts[3].x, t),
                                                    cubic_at (pts[0].y, pts[1].y, pts[2].y, pts[3].y, t));

          flatten_add (f, i == n ? &pts[3] : &p, FALSE);
        }
      break;

    case GSK_LAYER_PATH_QUAD:
    case GSK_LAYER_PATH_ARC:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

GArray *
gsk_layer_path_flatten (const GskLayerPath *self,
                        float               tolerance)
{
  Flatten f = { g_array_new (FALSE, FALSE, sizeof (GskLayerPathVertex)), MAX (tolerance, 1e-4f) };

  gsk_layer_path_foreach_cubic (self, flatten_segment, &f);
  return f.vertices;
}

/* The winding number of the polylines around @p, each subpath closed */
static int
winding_number (GArray                 *vertices,
                const graphene_point_t *p)
{
  const GskLayerPathVertex *v = (const GskLayerPathVertex *) vertices->data;
  int winding = 0;
  guint i, start = 0;

  for (i = 0; i < vertices->len; i++)
    {
      const graphene_point_t *a, *b;

      if (v[i].starts)
        start = i;
      a = &v[i].point;
      /* The edge to the next vertex, or back to the start at the end of
       * a subpath */
      if (i + 1 < vertices->len && !v[i + 1].starts)
        b = &v[i + 1].point;
      else
        b = &v[start].point;

      if (a->y <= p->y)
        {
          if (b->y > p->y && (b->x - a->x) * (p->y - a->y) - (p->x - a->x) * (b->y - a->y) > 0)
            winding++;
        }
      else if (b->y <= p->y && (b->x - a->x) * (p->y - a->y) - (p->x - a->x) * (b->y - a->y) < 0)
        winding--;
    }

  return winding;
}

/**
 * gsk_layer_path_contains_point:
 * @self: a path
 * @point: a point
 * @fill_rule: how the outline encloses points
 *
 * Whether @point is inside @self as filling it with @fill_rule would
 * paint it (every subpath closed), to within a hundredth of a unit.
 *
 * Returns: %TRUE if @point is inside
 *
 * Since: 0.1
 */
gboolean
gsk_layer_path_contains_point (const GskLayerPath     *self,
                               const graphene_point_t *point,
                               GskLayerPathFillRule    fill_rule)
{
  GArray *vertices;
  int winding;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (point != NULL, FALSE);

  if (self->n_verbs == 0 || !graphene_rect_contains_point (&self->bounds, point))
    return FALSE;

  vertices = gsk_layer_path_flatten (self, 0.01f);
  winding = winding_number (vertices, point);
  g_array_unref (vertices);

  return fill_rule == GSK_LAYER_PATH_FILL_RULE_EVENODD ? (winding & 1) != 0 : winding != 0;
}

/* }}} */
/* {{{ Changing paths */

/**
 * gsk_layer_path_interpolate:
 * @from: the path at 0
 * @to: the path at 1
 * @t: the progress, not limited to [0, 1]
 *
 * The path between @from and @to at @t, as CSS interpolates `path()`:
 * point by point, where the two have the same segments (an arc's flags
 * the same too).
 *
 * Returns: (transfer full) (nullable): the path at @t, or %NULL where the
 *   paths do not match
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_path_interpolate (const GskLayerPath *from,
                            const GskLayerPath *to,
                            double              t)
{
  GskLayerPath *path;
  const float *d;
  guint i, k;

  g_return_val_if_fail (from != NULL, NULL);
  g_return_val_if_fail (to != NULL, NULL);
  g_return_val_if_fail (isfinite (t), NULL);

  if (from->n_verbs != to->n_verbs ||
      (from->n_verbs > 0 && memcmp (from->verbs, to->verbs, from->n_verbs) != 0))
    return NULL;

  d = from->data;
  for (i = 0; i < from->n_verbs; i++)
    {
      if (from->verbs[i] == GSK_LAYER_PATH_ARC)
        {
          guint at = d - from->data;

          if (from->data[at + 3] != to->data[at + 3] || from->data[at + 4] != to->data[at + 4])
            return NULL;
        }
      d += gsk_layer_path_verb_n_data (from->verbs[i]);
    }

  path = g_new0 (GskLayerPath, 1);
  g_ref_count_init (&path->ref_count);
  path->n_verbs = from->n_verbs;
  path->n_data = from->n_data;
  path->verbs = g_memdup2 (from->verbs, MAX (from->n_verbs, 1));
  path->data = g_new (float, MAX (from->n_data, 1));
  for (k = 0; k < from->n_data; k++)
    path->data[k] = from->data[k] + (to->data[k] - from->data[k]) * t;

  /* Flags stay those of the ends */
  k = 0;
  for (i = 0; i < path->n_verbs; i++)
    {
      if (path->verbs[i] == GSK_LAYER_PATH_ARC)
        {
          path->data[k + 3] = from->data[k + 3];
          path->data[k + 4] = from->data[k + 4];
        }
      k += gsk_layer_path_verb_n_data (path->verbs[i]);
    }

  compute_bounds (path);
  return path;
}

static gboolean
add_transformed (GskLayerPathVerb        verb,
                 const graphene_point_t *pts,
                 gpointer                data)
{
  GskLayerPathBuilder *builder = ((gpointer *) data)[0];
  const float *m = ((gpointer *) data)[1];
  graphene_point_t q[4];
  int i, n = verb == GSK_LAYER_PATH_CUBIC ? 3 : 1;

  for (i = 1; i <= n; i++)
    q[i] = GRAPHENE_POINT_INIT (m[0] * pts[i].x + m[2] * pts[i].y + m[4],
                                m[1] * pts[i].x + m[3] * pts[i].y + m[5]);

  switch (verb)
    {
    case GSK_LAYER_PATH_MOVE:
      gsk_layer_path_builder_move_to (builder, q[1].x, q[1].y);
      break;
    case GSK_LAYER_PATH_LINE:
      gsk_layer_path_builder_line_to (builder, q[1].x, q[1].y);
      break;
    case GSK_LAYER_PATH_CUBIC:
      gsk_layer_path_builder_cubic_to (builder, q[1].x, q[1].y, q[2].x, q[2].y, q[3].x, q[3].y);
      break;
    case GSK_LAYER_PATH_CLOSE:
      gsk_layer_path_builder_close (builder);
      break;
    case GSK_LAYER_PATH_QUAD:
    case GSK_LAYER_PATH_ARC:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

GskLayerPath *
gsk_layer_path_transform (const GskLayerPath *self,
                          const float         affine[6])
{
  GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
  gpointer data[2] = { builder, (gpointer) affine };

  gsk_layer_path_foreach_cubic (self, add_transformed, data);
  return gsk_layer_path_builder_free_to_path (builder);
}

/* }}} */
/* {{{ Builder */

/**
 * GskLayerPathBuilder:
 *
 * Builds a [struct@LayerPath] segment by segment, as a pen moves: each
 * segment starts where the last one ended (at first, at the origin),
 * and after [method@LayerPathBuilder.close] the next one starts a new
 * subpath where the closed one began.
 *
 * ```c
 * GskLayerPathBuilder *builder = gsk_layer_path_builder_new ();
 *
 * gsk_layer_path_builder_move_to (builder, 4, 12);
 * gsk_layer_path_builder_line_to (builder, 9, 17);
 * gsk_layer_path_builder_line_to (builder, 20, 6);
 * check = gsk_layer_path_builder_free_to_path (builder);
 * ```
 *
 * Coordinates must be finite; a builder that would pass
 * %GSK_LAYER_PATH_MAX_SEGMENTS refuses further segments.
 *
 * Since: 0.1
 */
struct _GskLayerPathBuilder
{
  grefcount ref_count;
  GByteArray *verbs;
  GArray *data;
  graphene_point_t current;
  graphene_point_t start;
  /* A segment must begin with a move first: at the start, after a close */
  gboolean needs_move;
};

G_DEFINE_BOXED_TYPE (GskLayerPathBuilder, gsk_layer_path_builder,
                     gsk_layer_path_builder_ref, gsk_layer_path_builder_unref)

/**
 * gsk_layer_path_builder_new:
 *
 * Makes an empty builder, its pen at the origin.
 *
 * Returns: (transfer full): a new builder
 *
 * Since: 0.1
 */
GskLayerPathBuilder *
gsk_layer_path_builder_new (void)
{
  GskLayerPathBuilder *self = g_new0 (GskLayerPathBuilder, 1);

  g_ref_count_init (&self->ref_count);
  self->verbs = g_byte_array_new ();
  self->data = g_array_new (FALSE, FALSE, sizeof (float));
  self->needs_move = TRUE;
  return self;
}

/**
 * gsk_layer_path_builder_ref:
 * @self: a builder
 *
 * Takes a reference to @self.
 *
 * Returns: (transfer full): @self
 *
 * Since: 0.1
 */
GskLayerPathBuilder *
gsk_layer_path_builder_ref (GskLayerPathBuilder *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * gsk_layer_path_builder_unref:
 * @self: (transfer full): a builder
 *
 * Drops a reference to @self, freeing it with the last.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_unref (GskLayerPathBuilder *self)
{
  g_return_if_fail (self != NULL);

  if (!g_ref_count_dec (&self->ref_count))
    return;

  g_byte_array_unref (self->verbs);
  g_array_unref (self->data);
  g_free (self);
}

/**
 * gsk_layer_path_builder_to_path:
 * @self: a builder
 *
 * The path built so far. The builder goes on where it was.
 *
 * Returns: (transfer full): the path
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_path_builder_to_path (GskLayerPathBuilder *self)
{
  GskLayerPath *path;

  g_return_val_if_fail (self != NULL, NULL);

  path = g_new0 (GskLayerPath, 1);
  g_ref_count_init (&path->ref_count);
  path->n_verbs = self->verbs->len;
  path->n_data = self->data->len;
  path->verbs = g_memdup2 (self->verbs->data, MAX (self->verbs->len, 1));
  path->data = g_memdup2 (self->data->data, MAX (self->data->len, 1) * sizeof (float));
  compute_bounds (path);
  return path;
}

/**
 * gsk_layer_path_builder_free_to_path:
 * @self: (transfer full): a builder
 *
 * The path built, dropping the reference to @self.
 *
 * Returns: (transfer full): the path
 *
 * Since: 0.1
 */
GskLayerPath *
gsk_layer_path_builder_free_to_path (GskLayerPathBuilder *self)
{
  GskLayerPath *path;

  g_return_val_if_fail (self != NULL, NULL);

  path = gsk_layer_path_builder_to_path (self);
  gsk_layer_path_builder_unref (self);
  return path;
}

static gboolean
has_room (GskLayerPathBuilder *self,
          guint                n)
{
  if (self->verbs->len + n > GSK_LAYER_PATH_MAX_SEGMENTS)
    {
      g_critical ("A GskLayerPath holds at most %d segments; the rest are dropped",
                  GSK_LAYER_PATH_MAX_SEGMENTS);
      return FALSE;
    }
  return TRUE;
}

static void
append (GskLayerPathBuilder *self,
        GskLayerPathVerb     verb,
        const float         *values)
{
  guint8 v = verb;

  g_byte_array_append (self->verbs, &v, 1);
  g_array_append_vals (self->data, values, gsk_layer_path_verb_n_data (verb));
}

/* A move to the pen's place where a drawing segment needs one */
static gboolean
begin_segment (GskLayerPathBuilder *self)
{
  if (!has_room (self, self->needs_move ? 2 : 1))
    return FALSE;

  if (self->needs_move)
    {
      float p[2] = { self->current.x, self->current.y };

      append (self, GSK_LAYER_PATH_MOVE, p);
      self->start = self->current;
      self->needs_move = FALSE;
    }
  return TRUE;
}

/**
 * gsk_layer_path_builder_move_to:
 * @self: a builder
 * @x: where the new subpath starts
 * @y: where the new subpath starts
 *
 * Starts a new subpath at (@x, @y).
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_move_to (GskLayerPathBuilder *self,
                                float                x,
                                float                y)
{
  float p[2] = { x, y };

  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (x) && isfinite (y));

  if (!has_room (self, 1))
    return;

  append (self, GSK_LAYER_PATH_MOVE, p);
  self->current = self->start = GRAPHENE_POINT_INIT (x, y);
  self->needs_move = FALSE;
}

/**
 * gsk_layer_path_builder_line_to:
 * @self: a builder
 * @x: the end point
 * @y: the end point
 *
 * A straight line from the pen to (@x, @y).
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_line_to (GskLayerPathBuilder *self,
                                float                x,
                                float                y)
{
  float p[2] = { x, y };

  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (x) && isfinite (y));

  if (!begin_segment (self))
    return;
  append (self, GSK_LAYER_PATH_LINE, p);
  self->current = GRAPHENE_POINT_INIT (x, y);
}

/**
 * gsk_layer_path_builder_quad_to:
 * @self: a builder
 * @x1: the control point
 * @y1: the control point
 * @x2: the end point
 * @y2: the end point
 *
 * A quadratic Bézier curve from the pen to (@x2, @y2).
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_quad_to (GskLayerPathBuilder *self,
                                float                x1,
                                float                y1,
                                float                x2,
                                float                y2)
{
  float p[4] = { x1, y1, x2, y2 };

  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (x1) && isfinite (y1) && isfinite (x2) && isfinite (y2));

  if (!begin_segment (self))
    return;
  append (self, GSK_LAYER_PATH_QUAD, p);
  self->current = GRAPHENE_POINT_INIT (x2, y2);
}

/**
 * gsk_layer_path_builder_cubic_to:
 * @self: a builder
 * @x1: the first control point
 * @y1: the first control point
 * @x2: the second control point
 * @y2: the second control point
 * @x3: the end point
 * @y3: the end point
 *
 * A cubic Bézier curve from the pen to (@x3, @y3).
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_cubic_to (GskLayerPathBuilder *self,
                                 float                x1,
                                 float                y1,
                                 float                x2,
                                 float                y2,
                                 float                x3,
                                 float                y3)
{
  float p[6] = { x1, y1, x2, y2, x3, y3 };

  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (x1) && isfinite (y1) && isfinite (x2) && isfinite (y2) &&
                    isfinite (x3) && isfinite (y3));

  if (!begin_segment (self))
    return;
  append (self, GSK_LAYER_PATH_CUBIC, p);
  self->current = GRAPHENE_POINT_INIT (x3, y3);
}

/**
 * gsk_layer_path_builder_svg_arc_to:
 * @self: a builder
 * @rx: the ellipse's horizontal radius
 * @ry: the ellipse's vertical radius
 * @x_axis_rotation: how far the ellipse is turned, in degrees
 * @large_arc: whether the arc is the longer way around
 * @positive_sweep: whether the arc goes clockwise (on a y-down screen)
 * @x: the end point
 * @y: the end point
 *
 * An elliptical arc from the pen to (@x, @y), as SVG's `A` command
 * gives it: radii too small to reach are scaled up until they do, and
 * a radius of zero makes a straight line.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_svg_arc_to (GskLayerPathBuilder *self,
                                   float                rx,
                                   float                ry,
                                   float                x_axis_rotation,
                                   gboolean             large_arc,
                                   gboolean             positive_sweep,
                                   float                x,
                                   float                y)
{
  float p[7] = { fabsf (rx), fabsf (ry), x_axis_rotation, large_arc ? 1 : 0, positive_sweep ? 1 : 0, x, y };

  g_return_if_fail (self != NULL);
  g_return_if_fail (isfinite (rx) && isfinite (ry) && isfinite (x_axis_rotation) && isfinite (x) && isfinite (y));

  if (!begin_segment (self))
    return;
  append (self, GSK_LAYER_PATH_ARC, p);
  self->current = GRAPHENE_POINT_INIT (x, y);
}

/**
 * gsk_layer_path_builder_close:
 * @self: a builder
 *
 * Closes the current subpath with a line back to its start, where the
 * pen then is. Does nothing where no subpath is open.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_close (GskLayerPathBuilder *self)
{
  g_return_if_fail (self != NULL);

  if (self->needs_move || !has_room (self, 1))
    return;

  append (self, GSK_LAYER_PATH_CLOSE, NULL);
  self->current = self->start;
  self->needs_move = TRUE;
}

/**
 * gsk_layer_path_builder_add_rect:
 * @self: a builder
 * @rect: a rectangle
 *
 * Adds @rect as a closed subpath, clockwise from its top left corner.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_add_rect (GskLayerPathBuilder   *self,
                                 const graphene_rect_t *rect)
{
  graphene_rect_t r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rect != NULL);

  graphene_rect_normalize_r (rect, &r);
  gsk_layer_path_builder_move_to (self, r.origin.x, r.origin.y);
  gsk_layer_path_builder_line_to (self, r.origin.x + r.size.width, r.origin.y);
  gsk_layer_path_builder_line_to (self, r.origin.x + r.size.width, r.origin.y + r.size.height);
  gsk_layer_path_builder_line_to (self, r.origin.x, r.origin.y + r.size.height);
  gsk_layer_path_builder_close (self);
}

/**
 * gsk_layer_path_builder_add_ellipse:
 * @self: a builder
 * @center: the centre
 * @rx: the horizontal radius
 * @ry: the vertical radius
 *
 * Adds the ellipse as a closed subpath of two arcs, clockwise from its
 * rightmost point.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_add_ellipse (GskLayerPathBuilder    *self,
                                    const graphene_point_t *center,
                                    float                   rx,
                                    float                   ry)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (center != NULL);
  g_return_if_fail (isfinite (rx) && isfinite (ry) && rx >= 0 && ry >= 0);

  gsk_layer_path_builder_move_to (self, center->x + rx, center->y);
  gsk_layer_path_builder_svg_arc_to (self, rx, ry, 0, FALSE, TRUE, center->x - rx, center->y);
  gsk_layer_path_builder_svg_arc_to (self, rx, ry, 0, FALSE, TRUE, center->x + rx, center->y);
  gsk_layer_path_builder_close (self);
}

/**
 * gsk_layer_path_builder_add_path:
 * @self: a builder
 * @path: a path
 *
 * Adds the segments of @path; the pen ends where @path ends.
 *
 * Since: 0.1
 */
void
gsk_layer_path_builder_add_path (GskLayerPathBuilder *self,
                                 const GskLayerPath  *path)
{
  const float *d;
  guint i;

  g_return_if_fail (self != NULL);
  g_return_if_fail (path != NULL);

  if (path->n_verbs == 0 || !has_room (self, path->n_verbs))
    return;

  d = path->data;
  for (i = 0; i < path->n_verbs; i++)
    {
      switch ((GskLayerPathVerb) path->verbs[i])
        {
        case GSK_LAYER_PATH_MOVE:
          gsk_layer_path_builder_move_to (self, d[0], d[1]);
          break;
        case GSK_LAYER_PATH_LINE:
          gsk_layer_path_builder_line_to (self, d[0], d[1]);
          break;
        case GSK_LAYER_PATH_QUAD:
          gsk_layer_path_builder_quad_to (self, d[0], d[1], d[2], d[3]);
          break;
        case GSK_LAYER_PATH_CUBIC:
          gsk_layer_path_builder_cubic_to (self, d[0], d[1], d[2], d[3], d[4], d[5]);
          break;
        case GSK_LAYER_PATH_ARC:
          gsk_layer_path_builder_svg_arc_to (self, d[0], d[1], d[2], d[3] != 0, d[4] != 0, d[5], d[6]);
          break;
        case GSK_LAYER_PATH_CLOSE:
          gsk_layer_path_builder_close (self);
          break;
        default:
          g_assert_not_reached ();
        }
      d += gsk_layer_path_verb_n_data (path->verbs[i]);
    }
}

/* }}} */
