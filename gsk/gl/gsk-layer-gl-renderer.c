/* gsk-layer-gl-renderer.c: the OpenGL renderer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-renderer-private.h"
#include "gsk-layer-gl-renderer-private.h"
#include "gsk-layer-gl-backend-private.h"

/**
 * GskLayerGLRenderer:
 *
 * A renderer that composites with OpenGL 3.3 (or OpenGL ES 3.0) on a
 * headless EGL context of its own, and reads each frame back into the
 * target image.
 *
 * ```c
 * g_autoptr (GError) error = NULL;
 * GskLayerRenderer *renderer = gsk_layer_gl_renderer_new (&error);
 *
 * if (renderer == NULL)
 *   {
 *     g_message ("No GL (%s), compositing in software", error->message);
 *     renderer = gsk_layer_software_renderer_new ();
 *   }
 * ```
 *
 * It draws the same pixels as [class@LayerSoftwareRenderer] within the
 * reftests' tolerance: content is uploaded to a texture once per
 * invalidation, quads sharing a texture go out in one draw call, and
 * groups and non-rectangular clips go through offscreens. A frame that
 * GL cannot draw (content larger than the GL texture limit, an
 * allocation that fails) is drawn in software instead.
 *
 * Needs EGL with the Mesa surfaceless platform, which every Mesa driver
 * has, GPU or not (llvmpipe). `GSK_LAYER_GL=gles` in the environment
 * forces OpenGL ES; `GSK_LAYER_GL=disable` makes creation fail.
 *
 * Since: 0.1
 */

struct _GskLayerGLRenderer
{
  GskLayerRenderer parent_instance;

  GskLayerGLBackend *backend;
};

G_DEFINE_FINAL_TYPE (GskLayerGLRenderer, gsk_layer_gl_renderer, GSK_TYPE_LAYER_RENDERER)

static void
gsk_layer_gl_renderer_render_list (GskLayerRenderer         *renderer,
                                   const GskLayerRenderList *list,
                                   const cairo_region_t     *damage,
                                   cairo_surface_t          *target)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (renderer);

  gsk_layer_gl_backend_render (self->backend, list, damage, target);
}

static void
gsk_layer_gl_renderer_finalize (GObject *object)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (object);

  g_clear_pointer (&self->backend, gsk_layer_gl_backend_free);

  G_OBJECT_CLASS (gsk_layer_gl_renderer_parent_class)->finalize (object);
}

static void
gsk_layer_gl_renderer_class_init (GskLayerGLRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gsk_layer_gl_renderer_finalize;
  GSK_LAYER_RENDERER_CLASS (klass)->render_list = gsk_layer_gl_renderer_render_list;
}

static void
gsk_layer_gl_renderer_init (GskLayerGLRenderer *self)
{
}

/**
 * gsk_layer_gl_renderer_new:
 * @error: return location for an error
 *
 * Creates a renderer that composites with OpenGL on a headless EGL
 * context it creates itself.
 *
 * Returns %NULL, with @error saying what was tried and why it failed,
 * when no GL context can be had (no EGL, no surfaceless platform, a GL
 * older than 3.3 / ES 3.0) or the shaders do not build; callers usually
 * fall back to [ctor@LayerSoftwareRenderer.new] then.
 *
 * Returns: (transfer full) (nullable): the new renderer, or %NULL
 *
 * Since: 0.1
 */
GskLayerRenderer *
gsk_layer_gl_renderer_new (GError **error)
{
  GskLayerGLBackend *backend;
  GskLayerGLRenderer *self;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  backend = gsk_layer_gl_backend_new (error);
  if (backend == NULL)
    return NULL;

  self = g_object_new (GSK_TYPE_LAYER_GL_RENDERER, NULL);
  self->backend = backend;

  return GSK_LAYER_RENDERER (self);
}

/*
 * gsk_layer_gl_renderer_get_stats:
 *
 * What the last frame cost: draw calls, uploads, offscreen passes.
 */
const GskLayerGLStats *
gsk_layer_gl_renderer_get_stats (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), NULL);

  return gsk_layer_gl_backend_get_stats (self->backend);
}

/*
 * gsk_layer_gl_renderer_get_description:
 *
 * The GL version and renderer, e.g. for a tool to print.
 */
const char *
gsk_layer_gl_renderer_get_description (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), NULL);

  return gsk_layer_gl_backend_get_description (self->backend);
}

/**
 * gsk_layer_gl_renderer_get_frame_stats:
 * @self: a GL renderer
 * @draw_calls: (out) (optional): return location for the number of draw calls
 * @texture_uploads: (out) (optional): return location for the number of
 *   content textures uploaded
 * @offscreen_passes: (out) (optional): return location for the number of
 *   offscreen passes (groups, clips, blend backdrops)
 *
 * Gets what the last frame drawn by @self cost the GPU.
 */
void
gsk_layer_gl_renderer_get_frame_stats (GskLayerGLRenderer *self,
                                       guint              *draw_calls,
                                       guint              *texture_uploads,
                                       guint              *offscreen_passes)
{
  const GskLayerGLStats *stats;

  g_return_if_fail (GSK_IS_LAYER_GL_RENDERER (self));

  stats = gsk_layer_gl_backend_get_stats (self->backend);
  if (draw_calls)
    *draw_calls = stats->draw_calls;
  if (texture_uploads)
    *texture_uploads = stats->texture_uploads;
  if (offscreen_passes)
    *offscreen_passes = stats->offscreens;
}

/**
 * gsk_layer_gl_renderer_get_gl_description:
 * @self: a GL renderer
 *
 * Returns: the GL version and renderer @self draws with, for messages
 */
const char *
gsk_layer_gl_renderer_get_gl_description (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), NULL);

  return gsk_layer_gl_backend_get_description (self->backend);
}
