/* gsk-layer-gl-atlas-private.h: texture pages that small contents share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <cairo.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-private.h"

G_BEGIN_DECLS

/* See gsk-layer-gl-texture-cache-private.h */
typedef struct _GskLayerGLTextureEntry GskLayerGLTextureEntry;

/* A texture that small contents share, packed on shelves; freed when
 * the last of them goes. Touched on the rendering thread only. */
typedef struct
{
  GLuint texture;
  int size;
  int n_items;                  /* live, and dead but not collected yet */
  GArray *shelves;
  int shelf_end;                /* where the next shelf starts */
} GskLayerGLAtlasPage;

void                    gsk_layer_gl_atlas_page_free  (GskLayerGLAtlasPage *page);
void                    gsk_layer_gl_atlas_page_unref (GskLayerGLBackend   *self,
                                                       GskLayerGLAtlasPage *page);
/* Whether @surface goes on an atlas page */
gboolean                gsk_layer_gl_fits_atlas       (GskLayerGLBackend   *self,
                                                       cairo_surface_t     *surface);
GskLayerGLTextureEntry *gsk_layer_gl_upload_to_atlas  (GskLayerGLBackend   *self,
                                                       cairo_surface_t     *surface);

G_END_DECLS
