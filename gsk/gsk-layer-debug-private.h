/* gsk-layer-debug-private.h: switches read from GSK_LAYER_DEBUG
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each optimisation can be switched off, so a wrong pixel can be blamed
 * on the right stage in one run */
typedef enum {
  GSK_LAYER_DEBUG_FULL_REDRAW  = 1 << 0,  /* ignore damage, redraw everything */
  GSK_LAYER_DEBUG_NO_CULL      = 1 << 1,  /* draw ops outside the damage too */
  GSK_LAYER_DEBUG_NO_CACHE     = 1 << 2,  /* call draw() every frame */
  GSK_LAYER_DEBUG_CHECK_DAMAGE = 1 << 3,  /* compare each damaged frame with a full one */
  GSK_LAYER_DEBUG_NO_THREADS   = 1 << 4,  /* render on one thread */
  GSK_LAYER_DEBUG_NO_ATLAS     = 1 << 5,  /* GL: a texture of its own for every content */
  GSK_LAYER_DEBUG_FULL_RES_BLUR = 1 << 6, /* GL: every blur at full resolution */
  GSK_LAYER_DEBUG_VECTOR_STYLE = 1 << 7,  /* GL: borders and gradients in shaders, not rasters */
  GSK_LAYER_DEBUG_RASTER_STYLE = 1 << 8,  /* GL: borders and gradients in rasters, not shaders */
} GskLayerDebugFlags;

GskLayerDebugFlags gsk_layer_get_debug_flags (void);

#define GSK_LAYER_DEBUG_CHECK(flag) ((gsk_layer_get_debug_flags () & GSK_LAYER_DEBUG_ ## flag) != 0)

G_END_DECLS
