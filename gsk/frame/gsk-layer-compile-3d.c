/* gsk-layer-compile-3d.c: the planes of a 3D rendering context, put in
 * depth order as the compile closes the context
 *
 * The ops a context drew, in tree order, go back into the list in the
 * order of its planes' depth (gsk-layer-bsp.c). A plane cut in pieces is
 * drawn once per piece, inside a clip per cut: a half-plane of its layer,
 * which every backend draws as a clip quad.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-compile-impl-private.h"
#include "gsk-layer-bsp-private.h"

typedef struct {
  guint item;
  guint n_points;
  GskLayerBspPoint points[GSK_LAYER_BSP_MAX_POINTS];
} Piece;

static void
collect_piece (guint                   item,
               const GskLayerBspPoint *points,
               guint                   n_points,
               gpointer                data)
{
  GArray *pieces = data;
  Piece piece = { item, n_points, };

  memcpy (piece.points, points, n_points * sizeof (GskLayerBspPoint));
  g_array_append_val (pieces, piece);
}

Context *
gsk_layer_compile_open_context (Compiler *c)
{
  Context ctx = { c->list->n_ops, g_array_new (FALSE, FALSE, sizeof (Item)), FALSE };

  if (c->contexts == NULL)
    c->contexts = g_array_new (FALSE, FALSE, sizeof (Context));
  g_array_append_val (c->contexts, ctx);
  return &g_array_index (c->contexts, Context, c->contexts->len - 1);
}

guint
gsk_layer_compile_add_item (Compiler *c,
                            GskLayer *layer,
                            guint     start,
                            guint     end)
{
  Context *ctx = &g_array_index (c->contexts, Context, c->contexts->len - 1);
  Item item = { layer, start, end };

  g_array_append_val (ctx->items, item);
  return ctx->items->len;
}

/* The plane the BSP tree sees for an item, in its layer's space: the
 * layer's bounds and all that its ops draw (a flat layer's subtree, one
 * plane, reaches past its bounds as it likes; each op's corners come
 * into the layer's space through its matrix and the inverse of the
 * layer's), or a unit square on its plane if that is nothing (a
 * container of zero size) */
static graphene_rect_t
item_rect (GskLayerPrivate         *p,
           const GskLayerRenderOp  *ops,
           guint                    n_ops)
{
  graphene_rect_t rect = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
  gboolean any = p->size.width > 0 && p->size.height > 0;
  graphene_matrix_t inverse;
  guint i;

  if (n_ops > 0 && graphene_matrix_inverse (&p->world, &inverse))
    for (i = 0; i < n_ops; i++)
      {
        const GskLayerRenderOp *op = &ops[i];
        graphene_rect_t b = op->bounds;
        graphene_matrix_t to_layer;

        if (b.size.width <= 0 || b.size.height <= 0)
          continue;
        /* What a filter spreads past the bounds (in pixels, taken as
         * layer units: enough unless the plane is drawn smaller) */
        graphene_rect_inset (&b, - op->filter_reach, - op->filter_reach);
        graphene_matrix_multiply (&op->transform, &inverse, &to_layer);
        for (int k = 0; k < 4; k++)
          {
            graphene_vec4_t v, r;
            float w;

            graphene_vec4_init (&v, b.origin.x + (k & 1 ? b.size.width : 0),
                                b.origin.y + (k & 2 ? b.size.height : 0), 0, 1);
            graphene_matrix_transform_vec4 (&to_layer, &v, &r);
            w = graphene_vec4_get_w (&r);
            if (!(fabsf (w) > 1e-6f))
              continue;
            {
              graphene_rect_t corner = GRAPHENE_RECT_INIT (graphene_vec4_get_x (&r) / w,
                                                           graphene_vec4_get_y (&r) / w, 0, 0);

              if (!isfinite (corner.origin.x) || !isfinite (corner.origin.y))
                continue;
              if (any)
                graphene_rect_union (&rect, &corner, &rect);
              else
                rect = corner, any = TRUE;
            }
          }
      }

  if (!any || rect.size.width <= 0 || rect.size.height <= 0)
    return GRAPHENE_RECT_INIT (rect.origin.x, rect.origin.y, MAX (rect.size.width, 1), MAX (rect.size.height, 1));
  return rect;
}

/* @points of a piece of @p's plane (the context's space) back in @p's
 * layer space, through the plane's map to the context, as picking goes
 * from the screen to a plane; FALSE if a point cannot be taken back */
static gboolean
piece_to_layer (GskLayerPrivate        *p,
                const GskLayerBspPoint *points,
                guint                   n_points,
                double                 *u,
                double                 *v)
{
  guint i;

  for (i = 0; i < n_points; i++)
    {
      graphene_point_t point;

      if (!gsk_layer_unproject (&p->context_3d->accumulated,
                                &GRAPHENE_POINT_INIT (points[i].x, points[i].y), &point))
        return FALSE;
      u[i] = point.x;
      v[i] = point.y;
    }
  return TRUE;
}

/* Whether the edge (ua, va)–(ub, vb) lies on a side of @rect: not a cut */
static gboolean
edge_on_rect (const graphene_rect_t *rect,
              double                 ua,
              double                 va,
              double                 ub,
              double                 vb)
{
  double eps = 1e-3 * MAX (1.0, MAX (rect->size.width, rect->size.height));
  double x0 = rect->origin.x, y0 = rect->origin.y;
  double x1 = x0 + rect->size.width, y1 = y0 + rect->size.height;

  return (fabs (ua - x0) < eps && fabs (ub - x0) < eps) ||
         (fabs (ua - x1) < eps && fabs (ub - x1) < eps) ||
         (fabs (va - y0) < eps && fabs (vb - y0) < eps) ||
         (fabs (va - y1) < eps && fabs (vb - y1) < eps);
}

/* A clip to the side of the line through (ua, va) and (ub, vb) that
 * (cu, cv) is on, as a quad of @p's layer: in a frame along the line,
 * the part of the layer's bounds on that side */
static void
append_cut (GskLayerRenderList    *list,
            GskLayerPrivate       *p,
            const graphene_rect_t *rect,
            const graphene_rect_t *screen_bounds,
            double ua, double va, double ub, double vb,
            double cu, double cv)
{
  GskLayerRenderOp *op;
  graphene_matrix_t frame;
  double dx = ub - ua, dy = vb - va, length = sqrt (dx * dx + dy * dy);
  double nx, ny, s0 = G_MAXDOUBLE, s1 = -G_MAXDOUBLE, t1 = 0;
  float m[16];
  int i;

  if (!(length > 1e-9))
    return;
  dx /= length, dy /= length;
  nx = -dy, ny = dx;
  if ((cu - ua) * nx + (cv - va) * ny < 0)
    nx = -nx, ny = -ny;

  /* The layer's corners in the frame (s along the line, t inward) */
  for (i = 0; i < 4; i++)
    {
      double x = rect->origin.x + (i == 1 || i == 2 ? rect->size.width : 0) - ua;
      double y = rect->origin.y + (i >= 2 ? rect->size.height : 0) - va;
      double s = x * dx + y * dy, t = x * nx + y * ny;

      s0 = MIN (s0, s), s1 = MAX (s1, s);
      t1 = MAX (t1, t);
    }

  graphene_matrix_init_from_2d (&frame, dx, dy, nx, ny, ua, va);
  op = gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_PUSH_CLIP);
  graphene_matrix_multiply (&frame, &p->world, &op->transform);
  op->bounds = GRAPHENE_RECT_INIT (s0 - 1, 0, s1 - s0 + 2, t1 + 1);
  op->screen_bounds = *screen_bounds;
  op->debug_name = "3D context cut";
  graphene_matrix_to_float (&op->transform, m);
  op->axis_aligned = gsk_layer_matrix_is_axis_aligned (m);
  op->behind_viewer = !op->axis_aligned && gsk_layer_matrix_puts_rect_behind (m, &op->bounds);
}

/* Puts the ops of the context that started at ctx->start back in depth
 * order; @ops holds them as the walk drew them */
static void
order_context (Compiler *c,
               Context  *ctx)
{
  GskLayerRenderList *list = c->list;
  guint n = list->n_ops - ctx->start, n_items = ctx->items->len;
  GskLayerRenderOp *ops;
  GskLayerBsp *bsp;
  GArray *pieces;
  guint *n_pieces, *n_drawn;
  gboolean *in_tree;
  graphene_rect_t *rects;
  guint i, j;

  /* (Planes that drew nothing leave nothing to order) */
  if (n_items < 2 || n == 0)
    return;

  ops = g_memdup2 (&list->ops[ctx->start], n * sizeof (GskLayerRenderOp));
  list->n_ops = ctx->start;

  /* Ops of no plane (those of the flat layers past the eight millionth
   * plane) keep their tree order, first */
  {
    gboolean *covered = g_new0 (gboolean, n);

    for (i = 0; i < n_items; i++)
      for (j = g_array_index (ctx->items, Item, i).start; j < g_array_index (ctx->items, Item, i).end; j++)
        covered[j - ctx->start] = TRUE;
    for (j = 0; j < n; j++)
      if (!covered[j])
        *gsk_layer_render_list_append_uninitialized (list) = ops[j];
    g_free (covered);
  }

  bsp = gsk_layer_bsp_new ();
  in_tree = g_new0 (gboolean, n_items);
  rects = g_new (graphene_rect_t, n_items);
  for (i = 0; i < n_items; i++)
    {
      Item *item = &g_array_index (ctx->items, Item, i);
      GskLayerPrivate *p = gsk_layer_get_private (item->layer);
      graphene_rect_t rect = rects[i] = item_rect (p, &ops[item->start - ctx->start], item->end - item->start);

      graphene_matrix_t none;

      /* Every item is added, so that the tree's numbers are the items';
       * one that draws nothing (a container's own plane) as nothing, so
       * that it cuts no other: a zero matrix puts it behind the viewer */
      graphene_matrix_init_from_float (&none, (float[16]) { 0, });
      in_tree[i] = gsk_layer_bsp_add_rect (bsp, &rect,
                                           p->context_3d != NULL && item->end > item->start
                                           ? &p->context_3d->accumulated : &none);
      if (!in_tree[i])
        {
          /* Seen edge-on, behind the viewer or not at all: first, as
           * they were */
          for (j = item->start; j < item->end; j++)
            *gsk_layer_render_list_append_uninitialized (list) = ops[j - ctx->start];
        }
    }

  pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  gsk_layer_bsp_foreach (bsp, collect_piece, pieces);
  n_pieces = g_new0 (guint, n_items);
  n_drawn = g_new0 (guint, n_items);
  for (i = 0; i < pieces->len; i++)
    n_pieces[g_array_index (pieces, Piece, i).item]++;

  for (i = 0; i < pieces->len; i++)
    {
      const Piece *piece = &g_array_index (pieces, Piece, i);
      Item *item = &g_array_index (ctx->items, Item, piece->item);
      GskLayerPrivate *p = gsk_layer_get_private (item->layer);
      graphene_rect_t rect = rects[piece->item];
      gboolean last = ++n_drawn[piece->item] == n_pieces[piece->item];
      double u[GSK_LAYER_BSP_MAX_POINTS], v[GSK_LAYER_BSP_MAX_POINTS];
      double cu = 0, cv = 0;
      guint n_cuts = 0;

      if (n_pieces[piece->item] > 1 && piece_to_layer (p, piece->points, piece->n_points, u, v))
        {
          graphene_rect_t screen = *graphene_rect_zero ();

          for (j = item->start; j < item->end; j++)
            graphene_rect_union (&screen, &ops[j - ctx->start].screen_bounds, &screen);
          for (j = 0; j < piece->n_points; j++)
            cu += u[j] / piece->n_points, cv += v[j] / piece->n_points;
          for (j = 0; j < piece->n_points; j++)
            {
              guint k = (j + 1) % piece->n_points;

              if (edge_on_rect (&rect, u[j], v[j], u[k], v[k]))
                continue;
              append_cut (list, p, &rect, &screen, u[j], v[j], u[k], v[k], cu, cv);
              n_cuts++;
            }
        }

      for (j = item->start; j < item->end; j++)
        {
          GskLayerRenderOp *op = gsk_layer_render_list_append_uninitialized (list);

          /* The last piece takes the ops; the others copy them */
          if (last)
            *op = ops[j - ctx->start];
          else
            {
              gsk_layer_render_op_copy (op, &ops[j - ctx->start]);
              if (op->kind == GSK_LAYER_RENDER_OP_BACKDROP)
                list->n_backdrops++;
            }
        }

      for (j = 0; j < n_cuts; j++)
        gsk_layer_render_list_append (list, GSK_LAYER_RENDER_OP_POP_CLIP);
    }

  /* Every op went back into the list once, as a move */
  g_free (ops);
  g_free (rects);
  g_free (in_tree);
  g_free (n_pieces);
  g_free (n_drawn);
  g_array_unref (pieces);
  gsk_layer_bsp_free (bsp);
}

void
gsk_layer_compile_close_context (Compiler *c)
{
  Context ctx = g_array_index (c->contexts, Context, c->contexts->len - 1);
  guint i;

  g_array_set_size (c->contexts, c->contexts->len - 1);
  if (ctx.changed)
    {
      /* A plane that came, went or moved may cut the others elsewhere,
       * or no longer: their seams change wherever they run */
      Box all = BOX_EMPTY;

      for (i = ctx.start; i < c->list->n_ops; i++)
        if (c->list->ops[i].kind != GSK_LAYER_RENDER_OP_POP_GROUP &&
            c->list->ops[i].kind != GSK_LAYER_RENDER_OP_POP_CLIP)
          {
            Box b = gsk_layer_box_from_rect (&c->list->ops[i].screen_bounds);

            gsk_layer_box_union (&all, &b);
          }
      damage_box (c->damage, &all);
      /* An enclosing context changed too */
      if (c->contexts->len > 0)
        g_array_index (c->contexts, Context, c->contexts->len - 1).changed = TRUE;
    }
  order_context (c, &ctx);
  g_array_unref (ctx.items);
}


void
gsk_layer_compile_free_contexts (Compiler *c)
{
  g_clear_pointer (&c->contexts, g_array_unref);
  g_clear_pointer (&c->copies, g_array_unref);
  g_clear_pointer (&c->deforms, g_array_unref);
}
