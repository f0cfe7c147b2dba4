/* gsk-layer-gl-backend-private.h: compositing a render list with OpenGL
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <cairo.h>

#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* What the last frame cost */
typedef struct
{
  guint draw_calls;        /* glDraw* calls, blend passes included */
  guint texture_uploads;   /* content surfaces uploaded (cache misses) */
  guint offscreens;        /* offscreen passes: groups, clips, backdrops */
  guint quads;             /* instances drawn */
  guint cached_textures;   /* content textures held after the frame */
  gboolean software;       /* the frame was drawn by the software backend */
} GskLayerGLStats;

typedef struct _GskLayerGLBackend GskLayerGLBackend;

/* Creates a context and everything drawing needs; NULL with @error set
 * when there is no GL or a shader does not build */
GskLayerGLBackend     *gsk_layer_gl_backend_new             (GError                  **error);
void                   gsk_layer_gl_backend_free            (GskLayerGLBackend        *self);

/* Draws @list into @target, an ARGB32 cairo image surface of the list's
 * size, touching only the pixels inside @damage (NULL: everything), as
 * gsk_layer_software_render() does. A frame GL cannot draw (a texture
 * larger than the GL limit, a failed allocation, a lost context) is
 * drawn by the software backend instead. */
void                   gsk_layer_gl_backend_render          (GskLayerGLBackend        *self,
                                                             const GskLayerRenderList *list,
                                                             const cairo_region_t     *damage,
                                                             cairo_surface_t          *target);

const GskLayerGLStats *gsk_layer_gl_backend_get_stats       (GskLayerGLBackend        *self);
const char            *gsk_layer_gl_backend_get_description (GskLayerGLBackend        *self);

G_END_DECLS
