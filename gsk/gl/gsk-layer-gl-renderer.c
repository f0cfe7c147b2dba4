/* gsk-layer-gl-renderer.c: the OpenGL renderer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <string.h>

#include "gsk-layer-renderer-private.h"
#include "gsk-layer-debug-private.h"
#include "gsk-layer.h"
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
 * groups and non-rectangular clips go through offscreens. Content larger
 * than the GL texture size limit is cut into tiles, each drawn as a
 * quad of its own. A frame that GL cannot draw (content in a format GL
 * does not take, an allocation that fails) is drawn in software
 * instead.
 *
 * Needs EGL with the Mesa surfaceless platform, which every Mesa driver
 * has, GPU or not (llvmpipe). `GSK_LAYER_GL=gles` in the environment
 * forces OpenGL ES; `GSK_LAYER_GL=disable` makes creation fail;
 * `GSK_LAYER_GL_MAX_TEXTURE_SIZE=N` lowers the texture size limit (to
 * test tiling).
 *
 * A renderer made with [ctor@LayerGLRenderer.new_for_current_context]
 * draws in a context that belongs to the application instead (a
 * `GtkGLArea`'s, SDL's, a compositor's), straight into one of its
 * framebuffers with [method@LayerGLRenderer.render_to_framebuffer]:
 *
 * ```c
 * static gboolean
 * on_render (GtkGLArea    *area,
 *            GdkGLContext *context,
 *            MyWidget     *self)
 * {
 *   int scale = gtk_widget_get_scale_factor (GTK_WIDGET (area));
 *   GLint framebuffer;
 *   cairo_region_t *redrawn;
 *
 *   if (self->renderer == NULL)
 *     self->renderer = gsk_layer_gl_renderer_new_for_current_context (NULL);
 *
 *   glGetIntegerv (GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
 *   redrawn = gsk_layer_gl_renderer_render_to_framebuffer (GSK_LAYER_GL_RENDERER (self->renderer),
 *                                                          self->root, framebuffer,
 *                                                          gtk_widget_get_width (GTK_WIDGET (area)) * scale,
 *                                                          gtk_widget_get_height (GTK_WIDGET (area)) * scale,
 *                                                          0);
 *   cairo_region_destroy (redrawn);
 *   return TRUE;
 * }
 * ```
 *
 * Textures and offscreens are kept in GPU memory within a budget
 * ([property@LayerGLRenderer:texture-budget]): the content of layers
 * no longer drawn is given back after the frame that no longer has
 * them, and past the budget the textures least recently drawn go
 * first, to be uploaded again from the layer's image when next drawn.
 *
 * Since: 0.1
 */

enum {
  PROP_0,
  PROP_TEXTURE_BUDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The buffer ages render_to_framebuffer() remembers damage for */
#define MAX_BUFFER_AGE 8

struct _GskLayerGLRenderer
{
  GskLayerRenderer parent_instance;

  GskLayerGLBackend *backend;

  /* render_to_framebuffer(): the damage of the last frames, newest last */
  GPtrArray *damage_history;
};

G_DEFINE_FINAL_TYPE (GskLayerGLRenderer, gsk_layer_gl_renderer, GSK_TYPE_LAYER_RENDERER)

/* What render_to_framebuffer() gives as the target: the backend's own
 * framebuffer, which holds the last frame whatever the caller's does */
static const char framebuffer_target[] = "framebuffer";

static void
gsk_layer_gl_renderer_render_list (GskLayerRenderer         *renderer,
                                   const GskLayerRenderList *list,
                                   const cairo_region_t     *damage,
                                   cairo_surface_t          *target)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (renderer);

  if (gsk_layer_renderer_is_checking (renderer))
    {
      /* The stats and the texture cache stay those of the frame being
       * checked */
      GskLayerGLStats stats = *gsk_layer_gl_backend_get_stats (self->backend);

      gsk_layer_gl_backend_set_checking (self->backend, TRUE);
      gsk_layer_gl_backend_render (self->backend, list, damage, target);
      gsk_layer_gl_backend_set_checking (self->backend, FALSE);
      gsk_layer_gl_backend_set_stats (self->backend, &stats);
    }
  else
    gsk_layer_gl_backend_render (self->backend, list, damage, target);
}

static void
gsk_layer_gl_renderer_begin_frame (GskLayerRenderer *renderer)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (renderer);
  GskLayerGLStats stats = *gsk_layer_gl_backend_get_stats (self->backend);

  /* A frame with nothing to draw costs nothing */
  stats.draw_calls = stats.texture_uploads = stats.offscreens = stats.quads = 0;
  stats.software = FALSE;
  gsk_layer_gl_backend_set_stats (self->backend, &stats);
}

static void
gsk_layer_gl_renderer_finalize (GObject *object)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (object);

  g_clear_pointer (&self->backend, gsk_layer_gl_backend_free);
  g_clear_pointer (&self->damage_history, g_ptr_array_unref);

  G_OBJECT_CLASS (gsk_layer_gl_renderer_parent_class)->finalize (object);
}

static void
gsk_layer_gl_renderer_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (object);

  switch (prop_id)
    {
    case PROP_TEXTURE_BUDGET:
      g_value_set_uint64 (value, gsk_layer_gl_renderer_get_texture_budget (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_gl_renderer_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GskLayerGLRenderer *self = GSK_LAYER_GL_RENDERER (object);

  switch (prop_id)
    {
    case PROP_TEXTURE_BUDGET:
      gsk_layer_gl_renderer_set_texture_budget (self, MIN (g_value_get_uint64 (value), G_MAXSIZE));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_gl_renderer_class_init (GskLayerGLRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gsk_layer_gl_renderer_finalize;
  object_class->get_property = gsk_layer_gl_renderer_get_property;
  object_class->set_property = gsk_layer_gl_renderer_set_property;
  GSK_LAYER_RENDERER_CLASS (klass)->render_list = gsk_layer_gl_renderer_render_list;
  GSK_LAYER_RENDERER_CLASS (klass)->begin_frame = gsk_layer_gl_renderer_begin_frame;

  /**
   * GskLayerGLRenderer:texture-budget:
   *
   * How many bytes of GPU memory the textures and offscreens the
   * renderer keeps between frames may take (256 MiB by default).
   *
   * See [method@LayerGLRenderer.set_texture_budget].
   *
   * Since: 0.1
   */
  properties[PROP_TEXTURE_BUDGET] =
    g_param_spec_uint64 ("texture-budget", NULL, "How many bytes of GPU memory the textures and offscreens the renderer keeps between frames may take (256 MiB by default)",
                         0, G_MAXUINT64, 256 * 1024 * 1024,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_gl_renderer_init (GskLayerGLRenderer *self)
{
  self->damage_history = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_region_destroy);
}

gboolean
gsk_layer_gl_renderer_is_software_rasterizer (const char *description)
{
  static const char * const names[] = {
    "llvmpipe", "softpipe", "Software Rasterizer", "SwiftShader", "Microsoft Basic Render Driver",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (strstr (description, names[i]) != NULL)
      return TRUE;

  return FALSE;
}

/* Borders and gradients in shaders: nothing to rasterize when they
 * change, no texture to upload, where fill is cheap (a GPU). Where the
 * shaders run on the CPU, a cached raster costs far less per pixel
 * (bench-style --animated, llvmpipe: 81 ms against 543 for 1000 boxes
 * whose borders and gradients change every frame) */
static void
choose_style_drawing (GskLayerGLRenderer *self)
{
  gboolean vector;

  if (GSK_LAYER_DEBUG_CHECK (VECTOR_STYLE))
    vector = TRUE;
  else if (GSK_LAYER_DEBUG_CHECK (RASTER_STYLE))
    vector = FALSE;
  else
    vector = !gsk_layer_gl_renderer_is_software_rasterizer (gsk_layer_gl_backend_get_description (self->backend));

  gsk_layer_renderer_set_vector_style (GSK_LAYER_RENDERER (self), vector);
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
  choose_style_drawing (self);

  return GSK_LAYER_RENDERER (self);
}

/**
 * gsk_layer_gl_renderer_new_for_current_context:
 * @error: return location for an error
 *
 * Creates a renderer that draws with the OpenGL or OpenGL ES context
 * current on this thread, through EGL or GLX: a `GdkGLContext`, SDL's,
 * a compositor's.
 *
 * That context must be current again whenever @self draws, and when
 * the last reference to @self is dropped, so that the textures and
 * programs made in it can be deleted (otherwise they live as long as
 * the context). Each frame leaves the context's state as it found it;
 * see [method@LayerGLRenderer.render_to_framebuffer].
 *
 * Returns %NULL, with @error saying why, if no context is current, if
 * it is older than OpenGL 3.3 or OpenGL ES 3.0, or if the shaders do
 * not build in it.
 *
 * Returns: (transfer full) (nullable): the new renderer, or %NULL
 *
 * Since: 0.1
 */
GskLayerRenderer *
gsk_layer_gl_renderer_new_for_current_context (GError **error)
{
  GskLayerGLBackend *backend;
  GskLayerGLRenderer *self;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  backend = gsk_layer_gl_backend_new_for_current_context (error);
  if (backend == NULL)
    return NULL;

  self = g_object_new (GSK_TYPE_LAYER_GL_RENDERER, NULL);
  self->backend = backend;
  choose_style_drawing (self);

  return GSK_LAYER_RENDERER (self);
}

/* The region the caller's buffer lacks, given its age */
/* Above this many rectangles, what is copied into the caller's
 * framebuffer is their bounding box */
#define MAX_PRESENT_RECTANGLES 8

static cairo_region_t *
redraw_for_age (GskLayerGLRenderer *self,
                int                 buffer_age,
                int                 width,
                int                 height)
{
  cairo_rectangle_int_t all = { 0, 0, width, height };
  cairo_region_t *region;
  guint i, n = self->damage_history->len;

  if (buffer_age <= 0 || (guint) buffer_age > n)
    return cairo_region_create_rectangle (&all);

  region = cairo_region_create ();
  for (i = n - buffer_age; i < n; i++)
    cairo_region_union (region, g_ptr_array_index (self->damage_history, i));
  cairo_region_intersect_rectangle (region, &all);

  /* Each rectangle is a blit, which costs a draw on a software
   * rasterizer: a region in many pieces (a fishbowl's hundreds) goes as
   * its bounding box, which the backend's target holds as well */
  if (cairo_region_num_rectangles (region) > MAX_PRESENT_RECTANGLES)
    {
      cairo_rectangle_int_t extents;

      cairo_region_get_extents (region, &extents);
      cairo_region_destroy (region);
      region = cairo_region_create_rectangle (&extents);
    }

  return region;
}

/**
 * gsk_layer_gl_renderer_render_to_framebuffer:
 * @self: a GL renderer made by [ctor@LayerGLRenderer.new_for_current_context]
 * @root: a top-level layer
 * @framebuffer: the name of a framebuffer object of the current
 *   context, or 0 for its default framebuffer
 * @width: the width of the frame, in framebuffer pixels
 * @height: the height of the frame, in framebuffer pixels
 * @buffer_age: what @framebuffer holds, as `EGL_EXT_buffer_age` says:
 *   0 if unknown, N if the frame drawn N frames ago
 *
 * Draws the tree under @root into the bottom-left @width×@height
 * pixels of @framebuffer, with y up as GL framebuffers have it: the top
 * of @root is the top row of the framebuffer's image.
 *
 * Only what @framebuffer lacks is written: with a @buffer_age of N, the
 * union of what changed over the last N frames drawn this way (each
 * call is one frame; when that is more than 8 rectangles, their
 * bounding box), and with 0, or an age older than @self remembers,
 * everything. The rest of @framebuffer is left untouched. Pixels are
 * written as premultiplied RGBA, replacing what was there; the frame
 * is the same as [method@LayerRenderer.render] would draw.
 *
 * The context current when @self was made must be current. Every piece
 * of GL state @self changes is put back before returning: the bound
 * framebuffers, program, vertex array and buffers, the active texture
 * unit and the textures and samplers bound to units 0 and 1, blending,
 * the scissor, the viewport, the clear color, the color mask, the
 * enabled tests and the pixel store; a logic op and byte swapping are
 * off while it draws. Errors the context had pending are cleared (GL
 * has no way to put them back): check glGetError() before. Framebuffers
 * with multisampling cannot be drawn into this way (draw into a
 * single-sampled one and resolve).
 *
 * Returns: (transfer full) (nullable): the region of the frame written
 *   into @framebuffer, in the tree's coordinates (y down: flip it as
 *   `height - y - h` for `eglSwapBuffersWithDamageKHR()`); %NULL if the
 *   context current is not the renderer's
 *
 * Since: 0.1
 */
cairo_region_t *
gsk_layer_gl_renderer_render_to_framebuffer (GskLayerGLRenderer *self,
                                             GskLayer           *root,
                                             guint               framebuffer,
                                             int                 width,
                                             int                 height,
                                             int                 buffer_age)
{
  GskLayerRenderer *renderer = (GskLayerRenderer *) self;
  const GskLayerRenderList *list;
  cairo_region_t *damage, *redraw;
  gboolean full;

  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), NULL);
  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);
  g_return_val_if_fail (gsk_layer_get_parent (root) == NULL, NULL);
  g_return_val_if_fail (gsk_layer_surface_size_is_allowed (width, height), NULL);
  g_return_val_if_fail (buffer_age >= 0, NULL);
  g_return_val_if_fail (gsk_layer_gl_backend_is_borrowed (self->backend), NULL);

  if (!gsk_layer_gl_backend_begin (self->backend))
    {
      g_critical ("%s: the current GL context is not the one the renderer was made in", G_STRFUNC);
      return NULL;
    }

  damage = gsk_layer_renderer_compile_frame (renderer, root, framebuffer_target, TRUE,
                                             width, height, &list, &full);
  if (!cairo_region_is_empty (damage))
    {
      if (!gsk_layer_gl_backend_draw (self->backend, list, damage))
        {
          /* Not even a target to draw into: nothing to copy, and the
           * next frame cannot build on this one, which it must draw in
           * full into whatever target it gets */
          g_ptr_array_set_size (self->damage_history, 0);
          gsk_layer_renderer_forget_target (renderer);
          gsk_layer_gl_backend_end (self->backend);
          cairo_region_destroy (damage);
          return cairo_region_create ();
        }

      if (gsk_layer_renderer_should_check_frame (renderer, full))
        {
          cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

          /* The check's full redraw also redraws the backend's target:
           * a wrong damaged frame is not kept there */
          gsk_layer_gl_backend_read_target (self->backend, image);
          gsk_layer_renderer_check_frame (renderer, list, damage, full, image);
          cairo_surface_destroy (image);
        }
    }

  g_ptr_array_add (self->damage_history, damage);
  if (self->damage_history->len > MAX_BUFFER_AGE)
    g_ptr_array_remove_index (self->damage_history, 0);

  redraw = redraw_for_age (self, buffer_age, width, height);
  gsk_layer_gl_backend_present (self->backend, framebuffer, width, height, redraw);
  gsk_layer_gl_backend_end (self->backend);

  return redraw;
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
 * gsk_layer_gl_renderer_set_use_atlas:
 *
 * Whether contents uploaded from now on may share atlas pages.
 */
void
gsk_layer_gl_renderer_set_use_atlas (GskLayerGLRenderer *self,
                                     gboolean            use_atlas)
{
  g_return_if_fail (GSK_IS_LAYER_GL_RENDERER (self));

  gsk_layer_gl_backend_set_use_atlas (self->backend, use_atlas);
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
 *
 * Since: 0.1
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
 * gsk_layer_gl_renderer_get_texture_memory:
 * @self: a GL renderer
 *
 * Gets how much GPU memory @self holds in textures and framebuffers:
 * content textures, offscreens kept for reuse and the framebuffer the
 * frame is drawn in, as width × height × bytes per pixel.
 *
 * Layers removed from the tree (or hidden) give their textures back
 * after the next frame drawn without them.
 *
 * Returns: the number of bytes
 *
 * Since: 0.1
 */
gsize
gsk_layer_gl_renderer_get_texture_memory (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), 0);

  return gsk_layer_gl_backend_get_texture_memory (self->backend);
}

/**
 * gsk_layer_gl_renderer_set_texture_budget:
 * @self: a GL renderer
 * @bytes: the budget, in bytes; `G_MAXSIZE` for no limit
 *
 * Sets how much GPU memory the textures and offscreens @self keeps
 * between frames may take.
 *
 * Past the budget, offscreens kept for reuse are given back first, then
 * the content textures least recently drawn; a texture given back is
 * uploaded again from the layer's image when it is next drawn. The
 * textures a frame draws are kept while it is drawn and after, even
 * if they alone exceed the budget, so that the frame is always drawn
 * in full and the next one need not upload them again.
 *
 * If the context @self draws with can be made current (for a renderer
 * made by [ctor@LayerGLRenderer.new_for_current_context]: is current),
 * what exceeds the new budget is given back at once; otherwise at the
 * next frame.
 *
 * Since: 0.1
 */
void
gsk_layer_gl_renderer_set_texture_budget (GskLayerGLRenderer *self,
                                          gsize               bytes)
{
  g_return_if_fail (GSK_IS_LAYER_GL_RENDERER (self));

  if (gsk_layer_gl_backend_get_texture_budget (self->backend) == bytes)
    return;

  gsk_layer_gl_backend_set_texture_budget (self->backend, bytes);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXTURE_BUDGET]);
}

/**
 * gsk_layer_gl_renderer_get_texture_budget:
 * @self: a GL renderer
 *
 * Gets the budget set by [method@LayerGLRenderer.set_texture_budget].
 *
 * Returns: the budget, in bytes
 *
 * Since: 0.1
 */
gsize
gsk_layer_gl_renderer_get_texture_budget (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), 0);

  return gsk_layer_gl_backend_get_texture_budget (self->backend);
}

/**
 * gsk_layer_gl_renderer_get_gl_description:
 * @self: a GL renderer
 *
 * Gets a description of the GL implementation @self draws with: its
 * version and renderer strings, such as "OpenGL 4.6 (Core Profile) Mesa
 * 24.0.5, llvmpipe (LLVM 17.0.6, 256 bits)", for messages and logs.
 *
 * Returns: (transfer none): the GL version and renderer @self draws
 *   with
 *
 * Since: 0.1
 */
const char *
gsk_layer_gl_renderer_get_gl_description (GskLayerGLRenderer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_GL_RENDERER (self), NULL);

  return gsk_layer_gl_backend_get_description (self->backend);
}
