/* gsk-layer-bsp.c: the planes of a 3D rendering context in the order
 * they are drawn
 *
 * A binary space partitioning tree, built without recursion (a context
 * of thousands of planes would otherwise be as deep on the C stack):
 * the first piece of a list splits space, the others go in front of it,
 * behind it, beside it (coplanar: drawn with it, in the order added) or
 * are cut in two. Drawing visits, at each node, the side away from the
 * viewer first.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-bsp-private.h"

/* Points this close to a plane, in pixels of the context's space, are on
 * it: planes that meet at an edge (a cube's faces) are not cut there */
#define PLANE_EPSILON 1e-3

/* As gsk_layer_project_rect(): w below this is behind the viewer */
#define NEAR_W_EPSILON 1e-5

/* A plane seen this nearly edge-on (the z of its unit normal) draws
 * nothing */
#define EDGE_ON_EPSILON 1e-6

typedef struct
{
  guint item;
  guint n_points;
  GskLayerBspPoint points[GSK_LAYER_BSP_MAX_POINTS];
  /* The plane: normal · p + d = 0, the normal of unit length */
  double normal[3];
  double d;
} Polygon;

typedef struct
{
  /* Indices into the polygons: the splitter first, then the pieces
   * coplanar with it, in the order of their items */
  GArray *coplanar;
  int front;
  int back;
} Node;

struct _GskLayerBsp
{
  GArray *polygons;
  GArray *nodes;
  guint n_items;
  guint n_splits;
  gboolean built;
};

typedef enum {
  SIDE_COPLANAR,
  SIDE_FRONT,
  SIDE_BACK,
  SIDE_BOTH,
} Side;

GskLayerBsp *
gsk_layer_bsp_new (void)
{
  GskLayerBsp *bsp = g_new0 (GskLayerBsp, 1);

  bsp->polygons = g_array_new (FALSE, FALSE, sizeof (Polygon));
  bsp->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  return bsp;
}

void
gsk_layer_bsp_free (GskLayerBsp *bsp)
{
  guint i;

  if (bsp == NULL)
    return;
  for (i = 0; i < bsp->nodes->len; i++)
    g_array_unref (g_array_index (bsp->nodes, Node, i).coplanar);
  g_array_unref (bsp->nodes);
  g_array_unref (bsp->polygons);
  g_free (bsp);
}

guint
gsk_layer_bsp_get_n_items (GskLayerBsp *bsp)
{
  return bsp->n_items;
}

guint
gsk_layer_bsp_get_n_splits (GskLayerBsp *bsp)
{
  return bsp->n_splits;
}

/* Newell's normal, which is exact for planar polygons and robust for
 * nearly degenerate ones; FALSE if the polygon has no area or is seen
 * edge-on */
static gboolean
set_plane (Polygon *p)
{
  double n[3] = { 0, 0, 0 }, length;
  guint i;

  for (i = 0; i < p->n_points; i++)
    {
      const GskLayerBspPoint *a = &p->points[i];
      const GskLayerBspPoint *b = &p->points[(i + 1) % p->n_points];

      n[0] += (a->y - b->y) * (a->z + b->z);
      n[1] += (a->z - b->z) * (a->x + b->x);
      n[2] += (a->x - b->x) * (a->y + b->y);
    }

  length = sqrt (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  if (!isfinite (length) || length < 1e-9)
    return FALSE;

  p->normal[0] = n[0] / length;
  p->normal[1] = n[1] / length;
  p->normal[2] = n[2] / length;
  if (fabs (p->normal[2]) < EDGE_ON_EPSILON)
    return FALSE;
  p->d = -(p->normal[0] * p->points[0].x + p->normal[1] * p->points[0].y +
           p->normal[2] * p->points[0].z);
  return TRUE;
}

gboolean
gsk_layer_bsp_add_rect (GskLayerBsp             *bsp,
                        const graphene_rect_t   *rect,
                        const graphene_matrix_t *transform)
{
  double in[GSK_LAYER_BSP_MAX_POINTS][4], out[GSK_LAYER_BSP_MAX_POINTS][4];
  double corners[4][2];
  guint n_in = 4, n_out = 0, i;
  Polygon p;
  float m[16];

  p.item = bsp->n_items++;
  g_return_val_if_fail (!bsp->built, FALSE);

  graphene_matrix_to_float (transform, m);
  corners[0][0] = rect->origin.x, corners[0][1] = rect->origin.y;
  corners[1][0] = rect->origin.x + rect->size.width, corners[1][1] = rect->origin.y;
  corners[2][0] = rect->origin.x + rect->size.width, corners[2][1] = rect->origin.y + rect->size.height;
  corners[3][0] = rect->origin.x, corners[3][1] = rect->origin.y + rect->size.height;
  for (i = 0; i < 4; i++)
    {
      double x = corners[i][0], y = corners[i][1];
      int c;

      for (c = 0; c < 4; c++)
        {
          in[i][c] = x * m[c] + y * m[4 + c] + m[12 + c];
          if (!isfinite (in[i][c]))
            return FALSE;
        }
    }

  /* Clipped to w >= epsilon, in homogeneous space, where lines stay
   * lines (Sutherland–Hodgman against one plane) */
  for (i = 0; i < n_in; i++)
    {
      const double *a = in[i], *b = in[(i + 1) % n_in];
      gboolean a_in = a[3] >= NEAR_W_EPSILON, b_in = b[3] >= NEAR_W_EPSILON;

      if (a_in)
        memcpy (out[n_out++], a, sizeof out[0]);
      if (a_in != b_in)
        {
          double t = (NEAR_W_EPSILON - a[3]) / (b[3] - a[3]);
          int c;

          for (c = 0; c < 4; c++)
            out[n_out][c] = a[c] + (b[c] - a[c]) * t;
          out[n_out][3] = NEAR_W_EPSILON;
          n_out++;
        }
    }
  if (n_out < 3)
    return FALSE;

  p.n_points = n_out;
  for (i = 0; i < n_out; i++)
    {
      p.points[i].x = out[i][0] / out[i][3];
      p.points[i].y = out[i][1] / out[i][3];
      p.points[i].z = out[i][2] / out[i][3];
    }
  if (!set_plane (&p))
    return FALSE;

  g_array_append_val (bsp->polygons, p);
  return TRUE;
}

static inline double
distance (const Polygon          *plane,
          const GskLayerBspPoint *p)
{
  return plane->normal[0] * p->x + plane->normal[1] * p->y + plane->normal[2] * p->z + plane->d;
}

static Side
classify (const Polygon *plane,
          const Polygon *p,
          double        *dist)
{
  gboolean front = FALSE, back = FALSE;
  guint i;

  for (i = 0; i < p->n_points; i++)
    {
      dist[i] = distance (plane, &p->points[i]);
      if (dist[i] > PLANE_EPSILON)
        front = TRUE;
      else if (dist[i] < -PLANE_EPSILON)
        back = TRUE;
    }

  if (front && back)
    return SIDE_BOTH;
  if (front)
    return SIDE_FRONT;
  if (back)
    return SIDE_BACK;
  return SIDE_COPLANAR;
}

/* Cuts @p along @plane into @front and @back; FALSE if a piece would
 * have too many corners */
static gboolean
split (const Polygon *p,
       const double  *dist,
       Polygon       *front,
       Polygon       *back)
{
  guint i;

  *front = *p;
  *back = *p;
  front->n_points = back->n_points = 0;

  for (i = 0; i < p->n_points; i++)
    {
      guint j = (i + 1) % p->n_points;
      const GskLayerBspPoint *a = &p->points[i], *b = &p->points[j];
      double da = dist[i], db = dist[j];

      if (front->n_points + 2 > GSK_LAYER_BSP_MAX_POINTS ||
          back->n_points + 2 > GSK_LAYER_BSP_MAX_POINTS)
        return FALSE;

      if (da >= -PLANE_EPSILON)
        front->points[front->n_points++] = *a;
      if (da <= PLANE_EPSILON)
        back->points[back->n_points++] = *a;
      /* Strictly on either side: the edge crosses the plane */
      if ((da > PLANE_EPSILON && db < -PLANE_EPSILON) ||
          (da < -PLANE_EPSILON && db > PLANE_EPSILON))
        {
          double t = da / (da - db);
          GskLayerBspPoint x = {
            a->x + (b->x - a->x) * t,
            a->y + (b->y - a->y) * t,
            a->z + (b->z - a->z) * t,
          };

          front->points[front->n_points++] = x;
          back->points[back->n_points++] = x;
        }
    }

  /* Each piece keeps its plane: the original's */
  return front->n_points >= 3 && back->n_points >= 3;
}

/* Which side the centre of @p is on, for a piece that is not cut */
static Side
side_of_centre (const double *dist,
                guint         n)
{
  double sum = 0;
  guint i;

  for (i = 0; i < n; i++)
    sum += dist[i];
  return sum >= 0 ? SIDE_FRONT : SIDE_BACK;
}

typedef struct
{
  int node;
  GArray *list;
} Work;

/* A node to draw, and whether its far side was drawn already */
typedef struct
{
  int node;
  gboolean far_done;
} Visit;

static int
new_node (GskLayerBsp *bsp)
{
  Node node = { g_array_new (FALSE, FALSE, sizeof (guint)), -1, -1 };

  g_array_append_val (bsp->nodes, node);
  return bsp->nodes->len - 1;
}

static void
build (GskLayerBsp *bsp)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (Work));
  guint max_pieces = bsp->n_items * GSK_LAYER_BSP_PIECES_PER_PLANE + GSK_LAYER_BSP_EXTRA_PIECES;
  Work work;
  guint i;

  bsp->built = TRUE;
  if (bsp->polygons->len == 0)
    {
      g_array_unref (stack);
      return;
    }

  work.node = new_node (bsp);
  work.list = g_array_sized_new (FALSE, FALSE, sizeof (guint), bsp->polygons->len);
  for (i = 0; i < bsp->polygons->len; i++)
    g_array_append_val (work.list, i);
  g_array_append_val (stack, work);

  while (stack->len > 0)
    {
      GArray *front = g_array_new (FALSE, FALSE, sizeof (guint));
      GArray *back = g_array_new (FALSE, FALSE, sizeof (guint));
      guint splitter;

      work = g_array_index (stack, Work, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);

      /* The first piece in the list: the lowest item, so coplanar
       * pieces, which follow in the same order, are in tree order */
      splitter = g_array_index (work.list, guint, 0);
      g_array_append_val (g_array_index (bsp->nodes, Node, work.node).coplanar, splitter);

      for (i = 1; i < work.list->len; i++)
        {
          guint index = g_array_index (work.list, guint, i);
          const Polygon *plane = &g_array_index (bsp->polygons, Polygon, splitter);
          const Polygon *p = &g_array_index (bsp->polygons, Polygon, index);
          double dist[GSK_LAYER_BSP_MAX_POINTS];
          Side side = classify (plane, p, dist);

          if (side == SIDE_BOTH)
            {
              Polygon f, b;

              if (bsp->polygons->len < max_pieces && split (p, dist, &f, &b))
                {
                  guint bi = bsp->polygons->len;

                  /* The front piece takes the place of the whole, which
                   * no list holds any more */
                  g_array_index (bsp->polygons, Polygon, index) = f;
                  g_array_append_val (bsp->polygons, b);
                  g_array_append_val (front, index);
                  g_array_append_val (back, bi);
                  bsp->n_splits++;
                  continue;
                }
              side = side_of_centre (dist, p->n_points);
            }

          if (side == SIDE_COPLANAR)
            g_array_append_val (g_array_index (bsp->nodes, Node, work.node).coplanar, index);
          else if (side == SIDE_FRONT)
            g_array_append_val (front, index);
          else
            g_array_append_val (back, index);
        }
      g_array_unref (work.list);

      if (front->len > 0)
        {
          int child = new_node (bsp);

          g_array_index (bsp->nodes, Node, work.node).front = child;
          g_array_append_val (stack, ((Work) { child, front }));
        }
      else
        g_array_unref (front);

      if (back->len > 0)
        {
          int child = new_node (bsp);

          g_array_index (bsp->nodes, Node, work.node).back = child;
          g_array_append_val (stack, ((Work) { child, back }));
        }
      else
        g_array_unref (back);
    }

  g_array_unref (stack);
}

void
gsk_layer_bsp_foreach (GskLayerBsp     *bsp,
                       GskLayerBspFunc  func,
                       gpointer         data)
{
  GArray *stack;
  Visit top;

  if (!bsp->built)
    build (bsp);
  if (bsp->nodes->len == 0)
    return;

  stack = g_array_new (FALSE, FALSE, sizeof top);
  top.node = 0;
  top.far_done = FALSE;
  g_array_append_val (stack, top);

  while (stack->len > 0)
    {
      Node *node;
      const Polygon *splitter;
      gboolean viewer_in_front;
      int far, near;
      guint i;

      top = g_array_index (stack, Visit, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      node = &g_array_index (bsp->nodes, Node, top.node);
      splitter = &g_array_index (bsp->polygons, Polygon, g_array_index (node->coplanar, guint, 0));

      /* The viewer looks along -z from far in front: it is on the side
       * the normal points to when the normal has z > 0 */
      viewer_in_front = splitter->normal[2] > 0;
      far = viewer_in_front ? node->back : node->front;
      near = viewer_in_front ? node->front : node->back;

      if (!top.far_done)
        {
          top.far_done = TRUE;
          g_array_append_val (stack, top);
          if (far >= 0)
            g_array_append_val (stack, ((Visit) { far, FALSE }));
          continue;
        }

      for (i = 0; i < node->coplanar->len; i++)
        {
          const Polygon *p = &g_array_index (bsp->polygons, Polygon, g_array_index (node->coplanar, guint, i));

          func (p->item, p->points, p->n_points, data);
        }

      if (near >= 0)
        g_array_append_val (stack, ((Visit) { near, FALSE }));
    }

  g_array_unref (stack);
}
