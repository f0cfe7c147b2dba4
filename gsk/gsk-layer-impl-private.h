/* gsk-layer-impl-private.h: what the files of the layer share
 *
 * gsk-layer.c (the class and its properties), gsk-layer-tree.c and
 * gsk-layer-requests.c; the rest of the library sees only
 * gsk-layer-private.h.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"

G_BEGIN_DECLS

/* Hidden, so that these files read it as directly as gsk-layer.c reads
 * G_DEFINE_TYPE's own copy: every access to a layer's fields goes
 * through it */
G_GNUC_INTERNAL extern int gsk_layer_private_offset;

struct _GskLayerTopLevel
{
  cairo_region_t *damage;
  gpointer consumer;
  GskLayerFrameClock *clock;
  gboolean frame_pending;
  /* The host that shows the tree (a GskLayerView) hears of each frame
   * the tree needs */
  GskLayerFrameRequestFunc frame_request_func;
  gpointer frame_request_data;
};

/* The top level's record: gsk-layer-requests.c */
GskLayerTopLevel *gsk_layer_ensure_top_level (GskLayer *self);

/* The helpers below are inline, as they were while all of this was one
 * file: a layer that was a top level frees its record when it joins a
 * tree, every finalize checks for one, and every change marks the path
 * to the top level */
static inline void
gsk_layer_top_level_free (GskLayerTopLevel *top_level)
{
  if (top_level == NULL)
    return;

  g_clear_object (&top_level->clock);
  cairo_region_destroy (top_level->damage);
  g_free (top_level);
}

static inline void
gsk_layer_mark_subtree_dirty (GskLayer *self)
{
  GskLayer *l;

  /* After each compile no layer is subtree_dirty, so an ancestor that
   * already is has all of its own ancestors marked too */
  for (l = self; l != NULL; )
    {
      GskLayerPrivate *p = gsk_layer_get_private (l);

      if (l != self && p->subtree_dirty)
        break;
      p->bounds_valid = FALSE;
      if (!p->subtree_dirty && p->parent != NULL)
        gsk_layer_note_dirty_child (gsk_layer_get_private (p->parent), l);
      p->subtree_dirty = TRUE;
      l = p->parent;
    }
}

/* Dirty tracking and requests: gsk-layer-requests.c */

/* Records a change of every child of @self */
void gsk_layer_children_changed (GskLayer           *self,
                                 GskLayerDirtyFlags  flags);

/* Sends a redraw request up the tree, without marking anything dirty */
void gsk_layer_send_redraw_request (GskLayer                    *self,
                                    const cairo_rectangle_int_t *area);

/* GskLayer's own queue_redraw and queue_relayout */
gboolean gsk_layer_real_queue_redraw (GskLayer                    *self,
                                      GskLayer                    *origin,
                                      const cairo_rectangle_int_t *area);
gboolean gsk_layer_real_queue_relayout (GskLayer *self,
                                        GskLayer *origin);

/* The tree: gsk-layer-tree.c */
void gsk_layer_update_subtree_clocks (GskLayer *self);
void gsk_layer_update_children_have_z (GskLayer *self);
/* Removes @child from @self; @emit: with the child-removed signal */
void gsk_layer_unlink_child (GskLayer *self,
                             GskLayer *child,
                             gboolean  emit);

/* The signals the tree emits, whose ids gsk-layer.c keeps with the
 * class */
void gsk_layer_emit_child_added (GskLayer *self,
                                 GskLayer *child);
void gsk_layer_emit_child_removed (GskLayer *self,
                                   GskLayer *child);

G_END_DECLS
