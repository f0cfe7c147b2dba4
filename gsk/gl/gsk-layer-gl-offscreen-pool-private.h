/* gsk-layer-gl-offscreen-pool-private.h: offscreens, kept for reuse
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <epoxy/gl.h>

#include "gsk-layer-gl-backend-private.h"

G_BEGIN_DECLS

typedef struct
{
  GLuint framebuffer;
  GLuint texture;
  int width;
  int height;
  guint64 last_used;            /* the frame that last released it */
} GskLayerGLOffscreen;

gsize    gsk_layer_gl_offscreen_bytes    (const GskLayerGLOffscreen *offscreen);
/* A @width×@height offscreen, bound as the framebuffer; FALSE (and
 * nothing made) if GL cannot make it */
gboolean gsk_layer_gl_offscreen_create   (GskLayerGLOffscreen       *offscreen,
                                          int                        width,
                                          int                        height);
void     gsk_layer_gl_offscreen_destroy  (GskLayerGLOffscreen       *offscreen);

gboolean gsk_layer_gl_acquire_offscreen  (GskLayerGLBackend         *self,
                                          int                        width,
                                          int                        height,
                                          GskLayerGLOffscreen       *result);
/* Back into the pool; nothing for an offscreen that is not one */
void     gsk_layer_gl_release_offscreen  (GskLayerGLBackend         *self,
                                          GskLayerGLOffscreen       *offscreen);
/* Destroys the pool's offscreen at @index */
void     gsk_layer_gl_pool_remove        (GskLayerGLBackend         *self,
                                          guint                      index);
int      gsk_layer_gl_pool_oldest        (GskLayerGLBackend         *self);
void     gsk_layer_gl_trim_pool          (GskLayerGLBackend         *self);

G_END_DECLS
