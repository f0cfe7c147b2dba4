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
  guint cached_textures;   /* contents with textures held after the frame */
  guint content_textures;  /* GL textures they take: atlas pages included */
  guint atlas_pages;       /* of them, atlas pages */
  guint mipmaps;           /* textures given mipmaps */
  guint reduced_blurs;     /* blurs drawn at a half or a quarter of the resolution */
  guint cached_filters;    /* filtered groups drawn from the pixels of an earlier frame */
  guint background_clears; /* passes cleared to the opaque colour at the bottom, not drawing it */
  gboolean software;       /* the frame was drawn by the software backend */
} GskLayerGLStats;

typedef struct _GskLayerGLBackend GskLayerGLBackend;

/* Creates a context and everything drawing needs; NULL with @error set
 * when there is no GL or a shader does not build */
GskLayerGLBackend     *gsk_layer_gl_backend_new             (GError                  **error);
/* Draws in the context current now, which must be current again at
 * each frame; NULL with @error set if there is none or it is too old */
GskLayerGLBackend     *gsk_layer_gl_backend_new_for_current_context (GError           **error);
gboolean               gsk_layer_gl_backend_is_borrowed     (GskLayerGLBackend        *self);
void                   gsk_layer_gl_backend_free            (GskLayerGLBackend        *self);

/* Draws @list into @target, an ARGB32 cairo image surface of the list's
 * size, touching only the pixels inside @damage (NULL: everything), as
 * gsk_layer_software_render() does. Content larger than the GL texture
 * limit is drawn in tiles. A frame GL cannot draw (content in a format
 * GL does not take, a failed allocation, a lost context) is drawn by
 * the software backend instead. */
void                   gsk_layer_gl_backend_render          (GskLayerGLBackend        *self,
                                                             const GskLayerRenderList *list,
                                                             const cairo_region_t     *damage,
                                                             cairo_surface_t          *target);

/* Makes the context current (or, borrowed, checks that it is and saves
 * its state); FALSE if it cannot be. Nests; each TRUE needs an end(),
 * which restores a borrowed context's state at the outermost. */
gboolean               gsk_layer_gl_backend_begin           (GskLayerGLBackend        *self);
void                   gsk_layer_gl_backend_end             (GskLayerGLBackend        *self);

/* Within begin () / end (): draws @damage (NULL: everything) of @list
 * into the backend's own target framebuffer, which holds the whole last
 * frame; in software and copied there if GL cannot draw it. FALSE if
 * even that failed. */
gboolean               gsk_layer_gl_backend_draw            (GskLayerGLBackend        *self,
                                                             const GskLayerRenderList *list,
                                                             const cairo_region_t     *damage);
/* Within begin () / end (): reads the whole target into @image, an
 * ARGB32 cairo image of its size */
void                   gsk_layer_gl_backend_read_target     (GskLayerGLBackend        *self,
                                                             cairo_surface_t          *image);
/* Within begin () / end (): copies @region (y down) of the target into
 * @framebuffer, of the same size, y up */
void                   gsk_layer_gl_backend_present         (GskLayerGLBackend        *self,
                                                             guint                     framebuffer,
                                                             int                       width,
                                                             int                       height,
                                                             const cairo_region_t     *region);

/* Whether small contents share atlas pages (by default, unless
 * GSK_LAYER_DEBUG=no-atlas); for contents uploaded from now on */
void                   gsk_layer_gl_backend_set_use_atlas   (GskLayerGLBackend        *self,
                                                             gboolean                  use_atlas);

/* While set, frames are a damage check's full redraw of the frame just
 * drawn: they leave the texture cache as that frame left it, as far as
 * the budget allows */
void                   gsk_layer_gl_backend_set_checking    (GskLayerGLBackend        *self,
                                                             gboolean                  checking);

/* Bytes of GPU memory in textures and framebuffers held now */
gsize                  gsk_layer_gl_backend_get_texture_memory (GskLayerGLBackend     *self);
/* What the cache (content textures, idle offscreens) may grow to; the
 * textures the last frame drew are kept even over it */
void                   gsk_layer_gl_backend_set_texture_budget (GskLayerGLBackend     *self,
                                                                gsize                  bytes);
gsize                  gsk_layer_gl_backend_get_texture_budget (GskLayerGLBackend     *self);

const GskLayerGLStats *gsk_layer_gl_backend_get_stats       (GskLayerGLBackend        *self);
void                   gsk_layer_gl_backend_set_stats       (GskLayerGLBackend        *self,
                                                             const GskLayerGLStats    *stats);
const char            *gsk_layer_gl_backend_get_description (GskLayerGLBackend        *self);

G_END_DECLS
