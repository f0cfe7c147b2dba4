/* gsk-layer-render-list.c: the flat list a backend draws
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-render-list-private.h"

#include <math.h>
#include <string.h>

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
  g_clear_pointer (&op->path, gsk_layer_path_unref);
  g_clear_pointer (&op->mesh, g_free);
}

void
gsk_layer_render_op_copy (GskLayerRenderOp       *dest,
                          const GskLayerRenderOp *src)
{
  *dest = *src;
  if (src->surface)
    cairo_surface_reference (src->surface);
  if (src->glyphs)
    gsk_layer_glyph_run_ref (src->glyphs);
  if (src->filters)
    dest->filters = g_memdup2 (src->filters, src->n_filters * sizeof (GskLayerRenderFilter));
  if (src->paint)
    dest->paint = g_memdup2 (src->paint, sizeof (GskLayerRenderPaint));
  if (src->path)
    gsk_layer_path_ref (src->path);
  if (src->mesh)
    dest->mesh = g_memdup2 (src->mesh, gsk_layer_render_mesh_sizeof (src->mesh->n_x, src->mesh->n_y));
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
