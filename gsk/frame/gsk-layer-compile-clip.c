/* gsk-layer-compile-clip.c: a layer's clip-path into the render list
 *
 * CSS clips a layer and its whole subtree to its clip-path, after
 * filters and before opacity: one PUSH_CLIP around everything the layer
 * draws. Boxes, insets, circles and ellipses are rounded rectangles,
 * clipped as exactly as border-radius; polygons and paths carry their
 * path. A rounded shape on a layer whose own ops are not rounded and
 * not grouped rounds those ops themselves, as border-radius does, and
 * clips only the children: backends round an op's own corners at no
 * cost, where a clip around it costs every pixel drawn inside.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-compile-impl-private.h"
#include "gsk-layer-style-private.h"

Box
gsk_layer_compile_clip_path_box (GskLayerPrivate *p)
{
  GskLayerResolvedShape resolved;
  float m[16];
  Box box;

  gsk_layer_style_resolve_clip_path (p, &resolved);
  graphene_matrix_to_float (&p->world, m);
  box = resolved.rect.size.width > 0.f && resolved.rect.size.height > 0.f
        ? gsk_layer_project_box (&p->world, m, &resolved.rect) : BOX_EMPTY;
  gsk_layer_resolved_shape_clear (&resolved);
  return box;
}

gboolean
gsk_layer_compile_resolve_clip_path (GskLayerPrivate       *p,
                                     const float           *m,
                                     GskLayerResolvedShape *shape,
                                     Box                   *clip,
                                     Box                   *box)
{
  gsk_layer_style_resolve_clip_path (p, shape);
  if (shape->rect.size.width <= 0.f || shape->rect.size.height <= 0.f)
    {
      gsk_layer_resolved_shape_clear (shape);
      *clip = BOX_EMPTY;
      return FALSE;
    }

  *box = gsk_layer_project_box (&p->world, m, &shape->rect);
  *clip = gsk_layer_box_intersect (clip, box);
  return TRUE;
}

void
gsk_layer_compile_push_shape (Compiler              *c,
                              GskLayerPrivate       *p,
                              const float           *m,
                              const char            *debug_name,
                              GskLayerResolvedShape *shape,
                              const Box             *clip)
{
  GskLayerRenderOp *op;
  Group g;

  op = gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_PUSH_CLIP);
  op->transform = p->world;
  op->bounds = shape->rect;
  op->screen_bounds = screen_box_to_rect (clip);
  op->axis_aligned = gsk_layer_matrix_is_axis_aligned (m);
  op->behind_viewer = !op->axis_aligned && gsk_layer_matrix_puts_rect_behind (m, &op->bounds);
  op->debug_name = debug_name;
  if (shape->is_path)
    {
      op->path = g_steal_pointer (&shape->path);
      op->fill_rule = shape->fill_rule;
    }
  else
    {
      /* Antialiased even where square: shapes fall between pixels */
      op->rounded = TRUE;
      op->rounded_rect = shape->rect;
      memcpy (op->corner_radii, shape->radii, sizeof op->corner_radii);
    }

  g = (Group) { c->list->n_ops - 1, BOX_EMPTY };
  g_array_append_val (c->groups, g);
}

void
gsk_layer_compile_round_ops (Compiler                    *c,
                             guint                        start,
                             const GskLayerResolvedShape *shape)
{
  guint i;

  for (i = start; i < c->list->n_ops; i++)
    {
      GskLayerRenderOp *op = &c->list->ops[i];

      g_assert (!op->rounded);
      op->rounded = TRUE;
      op->rounded_rect = shape->rect;
      memcpy (op->corner_radii, shape->radii, sizeof op->corner_radii);
    }
}
