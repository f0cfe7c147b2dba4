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
