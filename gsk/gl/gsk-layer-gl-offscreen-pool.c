/* gsk-layer-gl-offscreen-pool.c: offscreens, kept for reuse
 *
 * An offscreen is a framebuffer object with a texture of its own: the
 * GL backend draws groups and clips into them, copies a blend's backdrop
 * into one, and draws the frame into one, its target. The free ones are
 * kept for the next frames, a few at most, none idle for more than
 * MAX_IDLE_FRAMES; past the texture budget they are the first to go
 * (see gsk_layer_gl_evict()).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-offscreen-pool-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-texture-cache-private.h"

#include <epoxy/gl.h>

/* Free offscreens kept for the next frames, and for how many frames
 * one may go unused before it is given back */
#define MAX_POOLED_OFFSCREENS 8
#define MAX_IDLE_FRAMES 60

gsize
gsk_layer_gl_offscreen_bytes (const GskLayerGLOffscreen *offscreen)
{
  return (gsize) offscreen->width * offscreen->height * 4;
}

gboolean
gsk_layer_gl_offscreen_create (GskLayerGLOffscreen *offscreen,
                               int                  width,
                               int                  height)
{
  GLenum status;

  *offscreen = (GskLayerGLOffscreen) { 0, 0, width, height, 0 };

  glGenTextures (1, &offscreen->texture);
  glBindTexture (GL_TEXTURE_2D, offscreen->texture);
  /* Always sampled at texel centres, one texel per pixel */
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);

  glGenFramebuffers (1, &offscreen->framebuffer);
  glBindFramebuffer (GL_FRAMEBUFFER, offscreen->framebuffer);
  glFramebufferTexture2D (GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          offscreen->texture, 0);
  status = glCheckFramebufferStatus (GL_FRAMEBUFFER);

  if (glGetError () != GL_NO_ERROR || status != GL_FRAMEBUFFER_COMPLETE)
    {
      glDeleteFramebuffers (1, &offscreen->framebuffer);
      glDeleteTextures (1, &offscreen->texture);
      *offscreen = (GskLayerGLOffscreen) { 0, };
      return FALSE;
    }

  return TRUE;
}

void
gsk_layer_gl_offscreen_destroy (GskLayerGLOffscreen *offscreen)
{
  if (offscreen->framebuffer)
    glDeleteFramebuffers (1, &offscreen->framebuffer);
  if (offscreen->texture)
    glDeleteTextures (1, &offscreen->texture);
  *offscreen = (GskLayerGLOffscreen) { 0, };
}

/* The smallest pooled offscreen that fits, if it wastes less than
 * the size asked for; otherwise a new one */
gboolean
gsk_layer_gl_acquire_offscreen (GskLayerGLBackend   *self,
                                int                  width,
                                int                  height,
                                GskLayerGLOffscreen *result)
{
  gint64 best_area = (gint64) width * height * 2 + 1;
  int best = -1;
  guint i;

  for (i = 0; i < self->pool->len; i++)
    {
      GskLayerGLOffscreen *o = &g_array_index (self->pool, GskLayerGLOffscreen, i);
      gint64 area = (gint64) o->width * o->height;

      if (o->width >= width && o->height >= height && area < best_area)
        {
          best = i;
          best_area = area;
        }
    }

  self->stats.offscreens++;

  if (best >= 0)
    {
      *result = g_array_index (self->pool, GskLayerGLOffscreen, best);
      g_array_remove_index_fast (self->pool, best);
      return TRUE;
    }

  gsk_layer_gl_evict (self, (gsize) width * height * 4);
  if (!gsk_layer_gl_offscreen_create (result, width, height))
    return FALSE;

  self->offscreen_memory += gsk_layer_gl_offscreen_bytes (result);
  return TRUE;
}

void
gsk_layer_gl_release_offscreen (GskLayerGLBackend   *self,
                                GskLayerGLOffscreen *offscreen)
{
  if (offscreen->framebuffer == 0)
    return;

  offscreen->last_used = self->frame;
  g_array_append_val (self->pool, *offscreen);
  *offscreen = (GskLayerGLOffscreen) { 0, };
}

void
gsk_layer_gl_pool_remove (GskLayerGLBackend *self,
                          guint              index)
{
  GskLayerGLOffscreen *o = &g_array_index (self->pool, GskLayerGLOffscreen, index);

  self->offscreen_memory -= gsk_layer_gl_offscreen_bytes (o);
  gsk_layer_gl_offscreen_destroy (o);
  g_array_remove_index (self->pool, index);
}

/* The least recently used offscreen of the pool, or -1 */
int
gsk_layer_gl_pool_oldest (GskLayerGLBackend *self)
{
  int oldest = -1;
  guint i;

  for (i = 0; i < self->pool->len; i++)
    if (oldest < 0 ||
        g_array_index (self->pool, GskLayerGLOffscreen, i).last_used <
        g_array_index (self->pool, GskLayerGLOffscreen, oldest).last_used)
      oldest = i;

  return oldest;
}

/* Keeps a few offscreens, none idle for long */
void
gsk_layer_gl_trim_pool (GskLayerGLBackend *self)
{
  guint i;

  while (self->pool->len > MAX_POOLED_OFFSCREENS)
    gsk_layer_gl_pool_remove (self, gsk_layer_gl_pool_oldest (self));

  for (i = self->pool->len; i-- > 0; )
    if (g_array_index (self->pool, GskLayerGLOffscreen, i).last_used + MAX_IDLE_FRAMES < self->frame)
      gsk_layer_gl_pool_remove (self, i);
}
