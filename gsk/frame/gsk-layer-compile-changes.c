/* gsk-layer-compile-changes.c: frames that changed a few layers
 *
 * A frame in which a few layers changed compiles their subtrees alone,
 * each into the list's scratch list, and puts their ops where the old
 * ones were, reaching them through the marks of their ancestors; what
 * cannot be patched so (the order of children changed, a subtree's ops
 * changed kinds or count, a 3D rendering context, a group's bounds) is
 * compiled in full by gsk-layer-compile.c.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-compile-impl-private.h"
#include "gsk-layer-style-private.h"

/* The ancestors of @layer, whose subtree was compiled apart, take in
 * its new bounds. They only grow: picking needs bounds that hold the
 * subtree, not the tightest ones. */
static void
grow_ancestor_bounds (GskLayer *layer)
{
  GskLayerBox b = gsk_layer_get_private (layer)->subtree_bounds;
  GskLayer *a;

  for (a = gsk_layer_get_private (layer)->parent; a != NULL; a = gsk_layer_get_private (a)->parent)
    {
      GskLayerPrivate *ap = gsk_layer_get_private (a);

      gsk_layer_box_union (&ap->subtree_bounds, &b);
      if (ap->clip_to_bounds)
        {
          Box own = gsk_layer_compile_own_box (ap);

          ap->subtree_bounds = gsk_layer_box_intersect (&ap->subtree_bounds, &own);
        }
      gsk_layer_compile_pick_cache_changed (ap);
      b = ap->subtree_bounds;
    }
}

/* The clip @layer's frame had in the walk: the target, and the box of
 * every ancestor that clips its children (whose matrices are fresh: the
 * ancestors of a changed layer did not change) */
static Box
clip_of (Compiler *c,
         GskLayer *layer)
{
  Box clip = c->target;
  GskLayer *a;

  for (a = gsk_layer_get_private (layer)->parent; a != NULL; a = gsk_layer_get_private (a)->parent)
    {
      GskLayerPrivate *ap = gsk_layer_get_private (a);

      if (ap->clip_to_bounds)
        {
          Box own = gsk_layer_compile_own_box (ap);

          clip = gsk_layer_box_intersect (&clip, &own);
        }
      if (gsk_layer_style_get_clip_path (ap->style) != NULL)
        {
          Box shape = gsk_layer_compile_clip_path_box (ap);

          clip = gsk_layer_box_intersect (&clip, &shape);
        }
    }

  return clip;
}

/* Compiles the subtree of @layer, which changed, into the list's
 * scratch list, and puts its ops where its old ones are. FALSE if they
 * are not the same kinds of op (the frame is then compiled in full:
 * what this walk damaged and marked clean stays so). */
static gboolean
patch_subtree (Compiler *c,
               GskLayer *layer)
{
  GskLayerPrivate *p = gsk_layer_get_private (layer);
  GskLayerRenderList *list = c->list, *scratch;
  guint n_old = p->op_end - p->op_start;
  Group outside = { 0, BOX_EMPTY };
  Compiler sc;
  guint i;

  /* A group's bounds come from all it holds; a large part is as well
   * compiled with the rest */
  if (p->compiled_in_group || p->op_end > list->n_ops || n_old > list->n_ops / 2)
    return FALSE;

  if (list->scratch == NULL)
    list->scratch = gsk_layer_render_list_new (list->width, list->height);
  scratch = list->scratch;
  scratch->width = list->width;
  scratch->height = list->height;
  scratch->scale = list->scale;
  scratch->vector_style = list->vector_style;

  sc = (Compiler) {
    .list = scratch,
    .damage = c->damage,
    .stack = scratch->compile_stack,
    .n_stack_allocated = scratch->compile_stack_allocated,
    .groups = c->groups,
    .op_base = p->op_start,
    .generation = c->generation,
    .record = TRUE,
    .target = c->target,
  };
  /* What the subtree draws unions into a group that stands for all
   * around it */
  g_array_append_val (sc.groups, outside);
  gsk_layer_compile_push_frame (&sc, &(Frame) { .layer = layer, .clip = clip_of (c, layer) });
  gsk_layer_compile_run_walk (&sc);
  g_assert (sc.groups->len == 1);
  g_array_set_size (sc.groups, 0);
  gsk_layer_compile_free_contexts (&sc);
  scratch->compile_stack = sc.stack;
  scratch->compile_stack_allocated = sc.n_stack_allocated;

  if (scratch->n_ops != n_old)
    goto mismatch;
  for (i = 0; i < n_old; i++)
    if (scratch->ops[i].kind != list->ops[p->op_start + i].kind)
      goto mismatch;

  if (list->scale != 1.f)
    gsk_layer_compile_scale_list (scratch);
  for (i = 0; i < n_old; i++)
    gsk_layer_render_op_clear (&list->ops[p->op_start + i]);
  /* What the ops own moves with them */
  if (n_old > 0)
    memcpy (&list->ops[p->op_start], scratch->ops, n_old * sizeof (GskLayerRenderOp));
  scratch->n_ops = 0;
  scratch->n_backdrops = 0;

  grow_ancestor_bounds (layer);
  return TRUE;

mismatch:
  gsk_layer_render_list_clear (scratch);
  return FALSE;
}

/* Compiles what changed since @c's list was compiled from @root: the
 * subtrees of the layers that changed, each in place of its old ops,
 * reached through the marks of their ancestors. FALSE where that cannot
 * be done (the order of children changed, a subtree's ops changed
 * kinds or count, parts never compiled): the list must be compiled in
 * full, keeping the damage gathered here. */
gboolean
gsk_layer_compile_changes (Compiler *c,
                           GskLayer *root)
{
  GPtrArray *stack, *path;
  gboolean done = TRUE;
  guint i;

  if (c->list->root != root || c->generation == 0)
    return FALSE;

  stack = g_ptr_array_new ();
  /* Marked clean only once all went well: a full compile reads the
   * marks (a group's filters damage what they reach when something
   * inside changed) */
  path = g_ptr_array_new ();
  g_ptr_array_add (stack, root);
  while (stack->len > 0)
    {
      GskLayer *l = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      GskLayerPrivate *p = gsk_layer_get_private (l);
      GskLayer *ch;

      if (!p->subtree_dirty)
        continue;
      /* A change in a 3D rendering context may reorder its planes, whose
       * ops are then no longer where their layers were */
      if (p->compile_generation != c->generation || p->preserve_3d)
        {
          done = FALSE;
          break;
        }

      if (p->world_dirty || p->effects_dirty || p->paint_dirty)
        {
          if (l == root || !patch_subtree (c, l))
            {
              done = FALSE;
              break;
            }
          continue;
        }

      /* Only something below changed: the path to it (a mask is in no
       * list of children: its owner's group is compiled whole) */
      if (p->world_stale || p->children_changed ||
          (p->mask_layer != NULL && gsk_layer_get_private (p->mask_layer)->subtree_dirty))
        {
          done = FALSE;
          break;
        }
      if (!p->visible || p->opacity <= 0.f || p->world_singular)
        {
          gsk_layer_compile_settle (l);
          continue;
        }

      if (p->dirty_children_valid)
        {
          for (i = 0; i < p->dirty_children->len; i++)
            g_ptr_array_add (stack, g_ptr_array_index (p->dirty_children, i));
        }
      else
        {
          guint n_dirty = 0;

          for (ch = p->first_child; ch != NULL; ch = gsk_layer_get_private (ch)->next_sibling)
            if (gsk_layer_get_private (ch)->subtree_dirty)
              {
                g_ptr_array_add (stack, ch);
                n_dirty++;
              }
          /* Most of many children changed (an animation of them all):
           * compiling them in place would cost more than in one walk */
          if (n_dirty >= GSK_LAYER_PICK_CACHE_MIN && n_dirty > p->n_children / 8)
            {
              done = FALSE;
              break;
            }
        }
      g_ptr_array_add (path, l);
    }

  for (i = 0; done && i < path->len; i++)
    {
      GskLayerPrivate *p = gsk_layer_get_private (g_ptr_array_index (path, i));

      p->subtree_dirty = FALSE;
      p->redraw_propagated = FALSE;
      p->bounds_valid = TRUE;
      gsk_layer_reset_dirty_children (p);
    }
  g_ptr_array_free (stack, TRUE);
  g_ptr_array_free (path, TRUE);

  return done;
}
