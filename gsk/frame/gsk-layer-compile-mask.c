/* gsk-layer-compile-mask.c: a layer's masks into the render list
 *
 * A masked layer is a group (op->masked) that ends with mask groups
 * (op->mask), each multiplying all the group drew by its alpha: its
 * style's mask-image, rasterized over its border box by the frame's
 * draw pass, then its mask layer, whose tree the walk goes down as it
 * goes down children. What a mask shows bounds what its group shows;
 * a mask that shows nothing drops the group.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-compile-impl-private.h"
#include "gsk-layer-passes-private.h"
#include "gsk-layer-style-private.h"

/* Opens a mask group at the end of the innermost group */
static void
push_mask_group (Compiler        *c,
                 GskLayerPrivate *p,
                 GskLayer        *layer)
{
  GskLayerRenderOp *op = gsk_layer_render_list_append (c->list, GSK_LAYER_RENDER_OP_PUSH_GROUP);
  Group g = { c->list->n_ops - 1, BOX_EMPTY };

  op->opacity = 1.f;
  op->mask = TRUE;
  op->debug_name = gsk_layer_compile_debug_name (layer, p);
  g_array_append_val (c->groups, g);
  c->n_open_groups++;
}

void
gsk_layer_compile_pop_mask_group (Compiler *c)
{
  Group *g = &g_array_index (c->groups, Group, c->groups->len - 1);

  /* A mask that draws nothing still hides all: its group is kept empty
   * for pop_group () to find */
  if (gsk_layer_box_is_empty (&g->bounds))
    {
      gsk_layer_compile_drop_ops (c, g->op_index);
      g_array_set_size (c->groups, c->groups->len - 1);
      g = &g_array_index (c->groups, Group, c->groups->len - 1);
      g->mask = BOX_EMPTY;
      g->has_mask = TRUE;
    }
  else
    gsk_layer_compile_pop_group (c, GSK_LAYER_RENDER_OP_POP_GROUP);
  c->n_open_groups--;
}

/* Draws the masks of the layer @frame exits, at the end of its group:
 * its style's mask-image, then its mask layer, whose tree is walked as
 * its children are (TRUE: @frame went back on the stack behind it) */
gboolean
gsk_layer_compile_open_masks (Compiler *c,
                              Frame    *frame)
{
  GskLayer *layer = frame->layer;
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  Box clip = gsk_layer_box_intersect (&frame->clip, &c->target);
  Frame mask;

  if (gsk_layer_style_get_mask (p->style) != NULL)
    {
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, p->size.width, p->size.height);
      Box box = gsk_layer_compile_own_box (p);
      float m[16];

      box = gsk_layer_box_intersect (&box, &clip);
      push_mask_group (c, p, layer);
      if (p->style_cache != NULL && p->style_cache->mask_surface != NULL && p->style_cache->style == p->style &&
          !gsk_layer_box_is_empty (&box))
        {
          GskLayerRenderOp *op;

          graphene_matrix_to_float (&p->world, m);
          op = gsk_layer_compile_append_draw_op (c, GSK_LAYER_RENDER_OP_TEXTURE, p, m, gsk_layer_compile_debug_name (layer, p),
                                                 &bounds, &box, 1.f);
          op->surface = cairo_surface_reference (p->style_cache->mask_surface);
          op->source_rect = bounds;
        }
      gsk_layer_compile_pop_mask_group (c);
    }

  if (p->mask_layer == NULL)
    return FALSE;

  push_mask_group (c, p, layer);
  frame->masked = FALSE;
  frame->mask_open = TRUE;
  frame->pushed_clip = FALSE;
  gsk_layer_compile_push_frame (c, frame);
  /* Its matrices are recomputed: nothing marks them stale when its
   * owner moves */
  mask = (Frame) { .layer = p->mask_layer, .clip = clip, .changed = frame->changed, .stale = TRUE };
  gsk_layer_compile_push_frame (c, &mask);
  return TRUE;
}
