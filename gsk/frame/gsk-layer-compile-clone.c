/* gsk-layer-compile-clone.c: a clone's copy of its source's tree
 *
 * A clone draws its source again: the walk goes down the source's tree
 * once more, from the clone, as a copy. A copy compiles the layers as
 * they are (their own matrices, rasters and marks) and changes nothing
 * of them: no marks are cleared, no bounds recorded, no damage added.
 * Its ops are then carried from where the source is into the clone's
 * place: each transform is followed by the map from the source's space
 * to the clone's, and the screen boxes are found again there. A change
 * in the source's tree marks its clones (gsk-layer-clones.c), which
 * damage all their copy drew and draws now.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-compile-impl-private.h"

/* Clones of clones, drawn this deep at most: a cycle through the
 * sources' trees ends there */
#define MAX_COPY_DEPTH 4

typedef struct {
  GskLayer *source;
  /* Target space where the source is → target space of the clone */
  graphene_matrix_t map;
  Box clip;
  guint start;
  gboolean record;
} Copy;

GskLayer *
gsk_layer_compile_copy_source (const Compiler *c)
{
  return g_array_index (c->copies, Copy, c->copies->len - 1).source;
}

gboolean
gsk_layer_compile_push_copy (Compiler  *c,
                             GskLayer  *clone,
                             const Box *clip,
                             gboolean   changed)
{
  GskLayerPrivate *p = gsk_layer_get_private (clone);
  GskLayer *source = p->clone_source;
  GskLayerPrivate *sp = gsk_layer_get_private (source);
  graphene_matrix_t inverse, scale;
  Group stand_in = { 0, BOX_EMPTY };
  Frame marker, frame;
  Copy copy;

  if (c->copies == NULL)
    c->copies = g_array_new (FALSE, FALSE, sizeof (Copy));
  if (c->copies->len >= MAX_COPY_DEPTH)
    return FALSE;

  gsk_layer_update_world (source);
  if (sp->world_singular || !graphene_matrix_inverse (&sp->world, &inverse))
    return FALSE;

  /* Source space to the clone's: its size to the clone's, where both
   * have one */
  graphene_matrix_init_scale (&scale,
                              sp->size.width > 0 && p->size.width > 0 ? p->size.width / sp->size.width : 1,
                              sp->size.height > 0 && p->size.height > 0 ? p->size.height / sp->size.height : 1,
                              1);
  graphene_matrix_multiply (&inverse, &scale, &copy.map);
  graphene_matrix_multiply (&copy.map, &p->world, &copy.map);
  copy.source = source;
  copy.clip = *clip;
  copy.start = c->list->n_ops;
  copy.record = c->record;
  g_array_append_val (c->copies, copy);
  c->record = FALSE;
  /* What the copy draws where the source is bounds nothing out here */
  g_array_append_val (c->groups, stand_in);

  marker = (Frame) { .layer = clone, .clip = *clip, .exit = TRUE, .copy_end = TRUE, .changed = changed };
  gsk_layer_compile_push_frame (c, &marker);
  /* Nothing culled where the source is: what shows is found in the
   * clone's place */
  frame = (Frame) { .layer = source, .clip = { -RECT_LIMIT, -RECT_LIMIT, RECT_LIMIT, RECT_LIMIT } };
  gsk_layer_compile_push_frame (c, &frame);
  return TRUE;
}

Box
gsk_layer_compile_place_ops (Compiler                *c,
                             guint                    start,
                             const graphene_matrix_t *map,
                             const Box               *within)
{
  /* Per open group or clip: its push, the box drawn before it, and
   * the clip before it */
  typedef struct { guint push; Box before; Box clip; } Open;
  GArray *open = g_array_new (FALSE, FALSE, sizeof (Open));
  Box all = BOX_EMPTY, clip = *within;
  guint i;

  for (i = start; i < c->list->n_ops; i++)
    {
      GskLayerRenderOp *op = &c->list->ops[i];
      float m[16];
      Box box;

      if (op->kind == GSK_LAYER_RENDER_OP_POP_GROUP || op->kind == GSK_LAYER_RENDER_OP_POP_CLIP)
        {
          Open o = g_array_index (open, Open, open->len - 1);
          GskLayerRenderOp *push = &c->list->ops[o.push];
          Box inside = all;

          g_array_set_size (open, open->len - 1);
          clip = o.clip;
          if (push->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
            {
              /* Blurs and drop shadows draw past the group's pixels */
              if (push->filter_reach > 0)
                {
                  inside = (Box) { floorf (inside.x0 - push->filter_reach), floorf (inside.y0 - push->filter_reach),
                                   ceilf (inside.x1 + push->filter_reach), ceilf (inside.y1 + push->filter_reach) };
                  inside = gsk_layer_box_intersect (&inside, &clip);
                }
              push->screen_bounds = screen_box_to_rect (&inside);
            }
          all = o.before;
          gsk_layer_box_union (&all, &inside);
          continue;
        }

      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP && op->mesh != NULL)
        {
          /* A mesh's ops are in its offscreen's space: only the mesh
           * moves */
          guint end = gsk_layer_render_list_matching_pop (c->list, i);

          graphene_matrix_multiply (&op->transform, map, &op->transform);
          box = gsk_layer_compile_mesh_box (op);
          box = gsk_layer_box_intersect (&box, &clip);
          op->screen_bounds = screen_box_to_rect (&box);
          gsk_layer_box_union (&all, &box);
          i = end;
          continue;
        }

      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_GROUP)
        {
          Open o = { i, all, clip };

          g_array_append_val (open, o);
          all = BOX_EMPTY;
          continue;
        }

      graphene_matrix_multiply (&op->transform, map, &op->transform);
      graphene_matrix_to_float (&op->transform, m);
      op->axis_aligned = gsk_layer_matrix_is_axis_aligned (m);
      op->behind_viewer = !op->axis_aligned && gsk_layer_matrix_puts_rect_behind (m, &op->bounds);
      box = gsk_layer_project_box (&op->transform, m, &op->bounds);
      box = gsk_layer_box_intersect (&box, &clip);
      op->screen_bounds = screen_box_to_rect (&box);

      if (op->kind == GSK_LAYER_RENDER_OP_PUSH_CLIP)
        {
          Open o = { i, all, clip };

          g_array_append_val (open, o);
          clip = box;
          all = BOX_EMPTY;
          continue;
        }
      gsk_layer_box_union (&all, &box);
    }

  g_array_free (open, TRUE);
  return all;
}

void
gsk_layer_compile_end_copy (Compiler    *c,
                            const Frame *marker)
{
  GskLayerPrivate *p = gsk_layer_get_private (marker->layer);
  Copy copy = g_array_index (c->copies, Copy, c->copies->len - 1);
  Box drawn, old;

  g_array_set_size (c->copies, c->copies->len - 1);
  g_array_set_size (c->groups, c->groups->len - 1);
  c->record = copy.record;
  drawn = gsk_layer_compile_place_ops (c, copy.start, &copy.map, &copy.clip);

  if (c->copies->len > 0)
    {
      /* A copy inside a copy: carried again, once its own ends */
      if (c->groups->len > 0)
        gsk_layer_box_union (&g_array_index (c->groups, Group, c->groups->len - 1).bounds, &drawn);
      return;
    }
  if (c->groups->len > 0)
    gsk_layer_box_union (&g_array_index (c->groups, Group, c->groups->len - 1).bounds, &drawn);

  /* A source in a tree nothing draws keeps no marks past its clones'
   * frame, or its next change would not reach them */
  {
    GskLayer *root = gsk_layer_get_root (copy.source);

    if (root != gsk_layer_get_root (marker->layer) && !gsk_layer_top_level_is_drawn (root))
      gsk_layer_compile_settle (root);
  }

  if (marker->changed)
    {
      old = gsk_layer_box_from_rect (&p->clone_bounds);
      gsk_layer_box_union (&old, &drawn);
      damage_box (c->damage, &old);
    }
  p->clone_bounds = screen_box_to_rect (&drawn);
  {
    Box own = gsk_layer_box_from_rect (&p->drawn_bounds);

    gsk_layer_box_union (&own, &drawn);
    p->drawn_bounds = screen_box_to_rect (&own);
  }
}
