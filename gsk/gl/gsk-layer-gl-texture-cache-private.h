/* gsk-layer-gl-texture-cache-private.h: content textures within a budget
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-atlas-private.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* One lock for every backend's textures: a surface's end, on any
 * thread, must find its entry's backend still there, or none */
extern GMutex gsk_layer_gl_texture_lock;

/* A part of a content surface, in a texture of its own. Content larger
 * than GL_MAX_TEXTURE_SIZE is cut into a grid of tiles; each holds a
 * pixel of its neighbours around its part, so that bilinear filtering
 * across a seam reads what it would read in one texture. */
typedef struct
{
  GLuint texture;
  int tex_x, tex_y;             /* where the texture starts, in surface pixels */
  int tex_width, tex_height;    /* the texture's size */
} GskLayerGLTile;

typedef struct _GskLayerGLTextureEntry
{
  GskLayerGLBackend *backend;   /* NULL once the backend let go of it */
  cairo_surface_t *surface;     /* not a reference: the key */
  /* A grid of n_cols × n_rows tiles, row by row; the part of the surface
   * tile (c, r) draws is col_x[c] to col_x[c + 1], row_y[r] to
   * row_y[r + 1], in surface pixels */
  GskLayerGLTile *tiles;
  int *col_x;
  int *row_y;
  int n_cols, n_rows;
  GskLayerGLTile tile;          /* the only one, most of the time */
  int one_col_x[2], one_row_y[2];
  GskLayerGLAtlasPage *page;    /* if in an atlas: then the tile is the page */
  float uv_clamp[4];            /* the item's texel centres in the page */
  gsize bytes;                  /* what the textures take */
  guint64 last_used;            /* the frame that last drew it */
  guint64 listed;               /* the last frame whose list had it */
  guint serial;                 /* the surface's, when uploaded */
  gboolean mipmapped;           /* its one texture has mipmaps */
  GList link;                   /* in the backend's LRU queue */
  /* Under the texture lock: in the table and the queue, its textures
   * the backend's. Whoever clears it deletes them: the renderer when it
   * lets go, or the surface's end, on whatever thread that comes. */
  gboolean live;
} GskLayerGLTextureEntry;

typedef struct
{
  GLuint texture;
  gsize bytes;
  GskLayerGLAtlasPage *page;    /* or an atlas item, to collect */
} GskLayerGLDeadTexture;

void                    gsk_layer_gl_texture_entry_delete_textures (GskLayerGLTextureEntry   *entry);
/* Deletes the textures whose surfaces ended since; the context current */
void                    gsk_layer_gl_delete_dead_textures          (GskLayerGLBackend        *self);
void                    gsk_layer_gl_evict                         (GskLayerGLBackend        *self,
                                                                    gsize                     wanted);
void                    gsk_layer_gl_collect_textures              (GskLayerGLBackend        *self,
                                                                    const GskLayerRenderList *list);
/* Whether GL can take @surface as content */
gboolean                gsk_layer_gl_surface_is_supported          (cairo_surface_t          *surface);
GskLayerGLTextureEntry *gsk_layer_gl_get_texture                   (GskLayerGLBackend        *self,
                                                                    cairo_surface_t          *surface,
                                                                    gboolean                  own_texture);

G_END_DECLS
