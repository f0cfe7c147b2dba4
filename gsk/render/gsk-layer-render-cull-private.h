/* gsk-layer-render-cull-private.h: what opaque ops of a render list hide
 *
 * For backends: which ops a frame need not draw, or need draw only in
 * part, because opaque ops above them cover them
 * (gsk-layer-render-cull.c). Ops, boxes and regions only: nothing of the
 * tree.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>

#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* Whole target pixels, x2 and y2 excluded; empty where x1 >= x2 */
typedef struct
{
  int x1, y1, x2, y2;
} GskLayerCullBox;

/* What the ops of a list hide: @units are the indices of the ops
 * outside groups and clips, and of the pushes of those, in order;
 * @hides the box of target pixels each op covers with opaque pixels
 * (empty for most) */
typedef struct
{
  GskLayerCullBox *hides;
  guint *units;
  guint n_units;
} GskLayerOccluders;

typedef enum {
  GSK_LAYER_CULL_DRAW,
  GSK_LAYER_CULL_SKIP,          /* hidden: a push is skipped up to its pop */
  GSK_LAYER_CULL_CLIP,          /* shows only within a region of its own */
} GskLayerCullAction;

/* What a frame draws of each op: @action per op and, for those that
 * show only in part, the index of where they show in @regions (of
 * cairo_region_t, within the damage) */
typedef struct
{
  guint8 *action;
  guint *region_of;
  GPtrArray *regions;
} GskLayerCulling;

/* What the ops of @list hide, for a frame that redraws @damage; NULL
 * if none hides anything worth it, or the damage is a small part of
 * the target, or the list has backdrop filters (which read what is
 * below them). @list must stay as it is while they are used. Looks at
 * the pixels of images once, and again only when they change: not
 * thread-safe. */
GskLayerOccluders *gsk_layer_render_list_find_occluders (const GskLayerRenderList *list,
                                                         const cairo_region_t     *damage);
void               gsk_layer_occluders_free             (GskLayerOccluders        *occluders);

/* What a frame that redraws @damage draws of each op; thread-safe */
void               gsk_layer_occluders_cull             (const GskLayerOccluders  *occluders,
                                                         const GskLayerRenderList *list,
                                                         const cairo_region_t     *damage,
                                                         GskLayerCulling          *culling);
void               gsk_layer_culling_clear              (GskLayerCulling          *culling);

/* How many ops (or groups and clips) culling left out, since the
 * process started: for tests */
guint              gsk_layer_culling_get_n_hidden       (void);

G_END_DECLS
