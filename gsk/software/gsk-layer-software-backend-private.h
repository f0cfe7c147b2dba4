/* gsk-layer-software-backend-private.h: compositing a render list with pixman
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <cairo.h>

#include "gsk-layer-render-list-private.h"
#include "gsk-layer-renderer.h"

G_BEGIN_DECLS

/* Draws @list into @target, an ARGB32 cairo image surface of the list's
 * size, touching only the pixels inside @damage (NULL: everything). The
 * damaged pixels are first cleared to the list's clear color. */
void gsk_layer_software_render (const GskLayerRenderList *list,
                                const cairo_region_t     *damage,
                                cairo_surface_t          *target);

/* The ops @start to @end of @list (a group and all it holds, its pop
 * included) drawn alone: an ARGB32 image of @box of the target, or NULL
 * if it cannot be made. For what cannot draw a group itself (GTK's
 * render nodes have no mesh). */
cairo_surface_t *gsk_layer_software_draw_ops (const GskLayerRenderList    *list,
                                              guint                        start,
                                              guint                        end,
                                              const cairo_rectangle_int_t *box);

/* Groups with a blur or a drop shadow kept from frame to frame: one that
 * only moved, by whole pixels, is drawn from its filtered pixels */
typedef struct _GskLayerSoftwareFilterCache GskLayerSoftwareFilterCache;

GskLayerSoftwareFilterCache *gsk_layer_software_filter_cache_new  (void);
void                         gsk_layer_software_filter_cache_free (GskLayerSoftwareFilterCache *cache);
/* In the last frame: groups drawn from kept pixels, and filtered afresh */
void gsk_layer_software_filter_cache_get_stats (GskLayerSoftwareFilterCache *cache,
                                                guint                       *kept,
                                                guint                       *filtered);

/* What a software renderer's filter cache did in its last frame */
void gsk_layer_software_renderer_get_filter_stats (GskLayerSoftwareRenderer *self,
                                                   guint                    *kept,
                                                   guint                    *filtered);

/* gsk_layer_software_render(), keeping filtered groups in @cache */
void gsk_layer_software_render_cached (const GskLayerRenderList    *list,
                                       const cairo_region_t        *damage,
                                       cairo_surface_t             *target,
                                       GskLayerSoftwareFilterCache *cache);

G_END_DECLS
