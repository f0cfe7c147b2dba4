/* gsk-layer-gl-filter-cache-private.h: blurred groups kept from frame
 * to frame
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-box-private.h"
#include "gsk-layer-gl-offscreen-pool-private.h"
#include "gsk-layer-kept-ops-private.h"

G_BEGIN_DECLS

/* How many filtered groups are kept: each holds a target-sized offscreen */
#define GSK_LAYER_GL_FILTER_CACHE_SIZE 4

/* A group's filtered pixels, and the ops that made them */
typedef struct
{
  GskLayerKeptOps kept;
  GskLayerGLOffscreen offscreen;
  GskLayerGLBox box;            /* where the pixels are, in target space */
  guint64 last_used;            /* the frame that last drew them */
} GskLayerGLFilterCacheEntry;

/* The entry whose ops are @ops (@n of them, the PUSH_GROUP first),
 * moved by a whole number of pixels (*@dx, *@dy) in target space and
 * otherwise the same, with @box its box moved so; NULL if none */
GskLayerGLFilterCacheEntry *gsk_layer_gl_filter_cache_lookup (GskLayerGLBackend      *self,
                                                              const GskLayerRenderOp *ops,
                                                              guint                   n,
                                                              const GskLayerGLBox    *box,
                                                              int                    *dx,
                                                              int                    *dy);
/* Keeps @offscreen (taken) as the filtered pixels of @ops within @box,
 * in place of the least recently used entry */
void gsk_layer_gl_filter_cache_store (GskLayerGLBackend      *self,
                                      const GskLayerRenderOp *ops,
                                      guint                   n,
                                      const GskLayerGLBox    *box,
                                      GskLayerGLOffscreen    *offscreen);
/* Gives every entry's offscreen back to the pool */
void gsk_layer_gl_filter_cache_clear  (GskLayerGLBackend *self);
/* … and those of entries not drawn for a while */
void gsk_layer_gl_filter_cache_expire (GskLayerGLBackend *self);

G_END_DECLS
