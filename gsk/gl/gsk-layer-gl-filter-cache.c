/* gsk-layer-gl-filter-cache.c: blurred groups kept from frame to frame
 *
 * A group with a blur or a drop shadow costs an offscreen and several
 * passes. When it only moved, by whole pixels, its filtered pixels are
 * those of the frame before, moved: the backend keeps the last few, with
 * the ops that drew them (GskLayerKeptOps), and draws the group from
 * them when its ops are the same but for that move.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-gl-filter-cache-private.h"
#include "gsk-layer-gl-backend-impl-private.h"

static void
entry_clear (GskLayerGLBackend          *self,
             GskLayerGLFilterCacheEntry *entry)
{
  gsk_layer_kept_ops_clear (&entry->kept);
  if (entry->offscreen.framebuffer != 0)
    gsk_layer_gl_release_offscreen (self, &entry->offscreen);
  memset (&entry->offscreen, 0, sizeof entry->offscreen);
}

GskLayerGLFilterCacheEntry *
gsk_layer_gl_filter_cache_lookup (GskLayerGLBackend      *self,
                                  const GskLayerRenderOp *ops,
                                  guint                   n,
                                  const GskLayerGLBox    *box,
                                  int                    *dx,
                                  int                    *dy)
{
  guint i;

  for (i = 0; i < GSK_LAYER_GL_FILTER_CACHE_SIZE; i++)
    {
      GskLayerGLFilterCacheEntry *entry = &self->filter_cache[i];
      int x, y;

      if (entry->offscreen.framebuffer == 0 ||
          entry->offscreen.width < self->target.width || entry->offscreen.height < self->target.height ||
          !gsk_layer_kept_ops_moved (&entry->kept, ops, n, &x, &y) ||
          box->x1 != entry->box.x1 + x || box->y1 != entry->box.y1 + y ||
          box->x2 != entry->box.x2 + x || box->y2 != entry->box.y2 + y)
        continue;

      entry->last_used = self->frame;
      *dx = x;
      *dy = y;
      return entry;
    }

  return NULL;
}

void
gsk_layer_gl_filter_cache_store (GskLayerGLBackend      *self,
                                 const GskLayerRenderOp *ops,
                                 guint                   n,
                                 const GskLayerGLBox    *box,
                                 GskLayerGLOffscreen    *offscreen)
{
  GskLayerGLFilterCacheEntry *entry = &self->filter_cache[0];
  guint i;

  for (i = 1; i < GSK_LAYER_GL_FILTER_CACHE_SIZE; i++)
    if (self->filter_cache[i].last_used < entry->last_used)
      entry = &self->filter_cache[i];

  entry_clear (self, entry);
  gsk_layer_kept_ops_init (&entry->kept, ops, n);
  entry->offscreen = *offscreen;
  entry->box = *box;
  entry->last_used = self->frame;
  memset (offscreen, 0, sizeof *offscreen);
}

void
gsk_layer_gl_filter_cache_clear (GskLayerGLBackend *self)
{
  guint i;

  for (i = 0; i < GSK_LAYER_GL_FILTER_CACHE_SIZE; i++)
    entry_clear (self, &self->filter_cache[i]);
}

/* Frames an entry stays without being drawn */
#define MAX_IDLE_FRAMES 60

void
gsk_layer_gl_filter_cache_expire (GskLayerGLBackend *self)
{
  guint i;

  for (i = 0; i < GSK_LAYER_GL_FILTER_CACHE_SIZE; i++)
    if (self->filter_cache[i].kept.n_ops > 0 && self->filter_cache[i].last_used + MAX_IDLE_FRAMES < self->frame)
      entry_clear (self, &self->filter_cache[i]);
}
