/* gsk-layer-render-list.c: the flat list a backend draws
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-render-list-private.h"

#include <math.h>
#include <string.h>

/* Points closer to the eye plane than this are treated as behind it:
 * dividing by a smaller w would throw coordinates towards infinity. */
#define NEAR_W_EPSILON 1e-5

static cairo_user_data_key_t serial_key;

guint
gsk_layer_surface_get_serial (cairo_surface_t *surface)
{
  return GPOINTER_TO_UINT (cairo_surface_get_user_data (surface, &serial_key));
}

void
gsk_layer_surface_changed (cairo_surface_t *surface)
{
  guint serial = gsk_layer_surface_get_serial (surface) + 1;

  cairo_surface_set_user_data (surface, &serial_key, GUINT_TO_POINTER (serial), NULL);
}

gboolean
gsk_layer_render_op_glyphs_as_texture (const GskLayerRenderOp *op,
                                       GskLayerRenderOp       *texture)
{
  cairo_surface_t *surface;

  g_return_val_if_fail (op->kind == GSK_LAYER_RENDER_OP_GLYPHS, FALSE);

  surface = op->glyphs ? gsk_layer_glyph_run_get_surface (op->glyphs) : NULL;
  if (surface == NULL)
    return FALSE;

  *texture = *op;
  texture->kind = GSK_LAYER_RENDER_OP_TEXTURE;
  texture->surface = surface;
  texture->glyphs = NULL;
  texture->source_rect = op->glyphs->clip;

  return TRUE;
}

GskLayerRenderList *
gsk_layer_render_list_new (int width,
                           int height)
{
  GskLayerRenderList *list;

  g_return_val_if_fail (width >= 0 && height >= 0, NULL);

  list = g_new0 (GskLayerRenderList, 1);
  list->width = width;
  list->height = height;
  list->scale = 1.f;

  return list;
}

void
gsk_layer_render_list_free (GskLayerRenderList *list)
{
  if (list == NULL)
    return;

  gsk_layer_render_list_clear (list);
  g_free (list->ops);
  g_free (list->compile_stack);
  gsk_layer_render_list_free (list->scratch);
  g_free (list);
}

/* Keeps the allocation: the tree compiles a list of about the same
 * length every frame. */
void
gsk_layer_render_list_clear (GskLayerRenderList *list)
{
  guint i;

  g_return_if_fail (list != NULL);

  for (i = 0; i < list->n_ops; i++)
    gsk_layer_render_op_clear (&list->ops[i]);

  list->n_ops = 0;
  list->n_backdrops = 0;
  list->root = NULL;
}

void
gsk_layer_render_op_clear (GskLayerRenderOp *op)
{
  g_clear_pointer (&op->surface, cairo_surface_destroy);
  g_clear_pointer (&op->glyphs, gsk_layer_glyph_run_unref);
  g_clear_pointer (&op->filters, g_free);
  g_clear_pointer (&op->paint, g_free);
}

/* The returned op stays valid until the next append. */
GskLayerRenderOp *
gsk_layer_render_list_append_uninitialized (GskLayerRenderList *list)
{
  if (G_UNLIKELY (list->n_ops == list->n_allocated))
    {
      list->n_allocated = MAX (16, list->n_allocated * 2);
      list->ops = g_renew (GskLayerRenderOp, list->ops, list->n_allocated);
    }

  return &list->ops[list->n_ops++];
}

GskLayerRenderOp *
gsk_layer_render_list_append (GskLayerRenderList   *list,
                              GskLayerRenderOpKind  kind)
{
  GskLayerRenderOp *op;

  g_return_val_if_fail (list != NULL, NULL);

  if (list->n_ops == list->n_allocated)
    {
      list->n_allocated = MAX (16, list->n_allocated * 2);
      list->ops = g_renew (GskLayerRenderOp, list->ops, list->n_allocated);
    }

  op = &list->ops[list->n_ops++];
  memset (op, 0, sizeof (GskLayerRenderOp));
  op->kind = kind;
  op->opacity = 1.f;
  graphene_matrix_init_identity (&op->transform);

  return op;
}

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

guint
gsk_layer_render_list_matching_pop (const GskLayerRenderList *list,
                                    guint                     start)
{
  guint depth = 0, i;

  for (i = start; i < list->n_ops; i++)
    {
      GskLayerRenderOpKind kind = list->ops[i].kind;

      if (kind == GSK_LAYER_RENDER_OP_PUSH_GROUP || kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
        depth++;
      else if (kind == GSK_LAYER_RENDER_OP_POP_GROUP || kind == GSK_LAYER_RENDER_OP_POP_CLIP)
        {
          if (--depth == 0)
            return kind == GSK_LAYER_RENDER_OP_POP_GROUP ? i : start;
        }
    }
  return start;
}
