/* gsk-layer-gl-backend.c: compositing a render list with OpenGL
 *
 * The frame is drawn into a framebuffer object of the target's size and
 * read back into the cairo surface. This file runs the frames; the rest
 * of the backend is a file each:
 * - gsk-layer-gl-draw.c: the ops, as the software backend draws them,
 *   groups and clips on a stack;
 * - gsk-layer-gl-batch.c: their quads, batched into instanced draws;
 * - gsk-layer-gl-texture-cache.c: content textures, uploaded once per
 *   surface and kept within a memory budget, small ones on the pages of
 *   gsk-layer-gl-atlas.c;
 * - gsk-layer-gl-offscreen-pool.c: offscreens, kept for reuse;
 * - gsk-layer-gl-damage.c: damage, merged into a few boxes.
 *
 * Damage: the damaged rectangles are merged into a few boxes (see
 * gsk_layer_gl_damage_passes()), each cleared and redrawn in a pass of
 * its own with its scissor, and only the damaged rectangles are copied back: pixels
 * of the boxes outside the damage are redrawn identically but not
 * written, so the target is touched exactly where the software backend
 * would touch it.
 *
 * The target framebuffer always holds the whole last frame drawn, so a
 * caller's framebuffer (gsk_layer_gl_backend_present()) is brought up to
 * date by copying whatever it lacks out of it, flipped to y up, without
 * drawing anything again. In a borrowed context, every frame is drawn
 * between gsk_layer_gl_backend_begin() and _end(), which save and
 * restore the caller's GL state.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-backend-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-batch-private.h"
#include "gsk-layer-gl-damage-private.h"
#include "gsk-layer-gl-draw-private.h"
#include "gsk-layer-gl-atlas-private.h"
#include "gsk-layer-gl-texture-cache-private.h"
#include "gsk-layer-gl-offscreen-pool-private.h"
#include "gsk-layer-software-backend-private.h"
#include "gsk-layer-debug-private.h"

#include <string.h>
#include <epoxy/gl.h>

/* What the textures and offscreens a backend holds may add up to,
 * unless set otherwise */
#define DEFAULT_TEXTURE_BUDGET ((gsize) 256 * 1024 * 1024)

static void
warn_software_fallback (const char *why)
{
  static int warned = 0;

  /* Once is enough to know; g_debug() tells every time. g_log() rather
   * than g_message(), which is structured here and invisible to
   * g_test_expect_message(). */
  if (g_atomic_int_compare_and_exchange (&warned, 0, 1))
    g_log (G_LOG_DOMAIN, G_LOG_LEVEL_MESSAGE,
           "GL renderer: %s; drawing the frame with the software backend", why);
  else
    g_debug ("GL renderer: %s; drawing the frame with the software backend", why);
}

/* Whether GL can draw every op of @list; if not, says why */
static const char *
check_list (GskLayerGLBackend        *self,
            const GskLayerRenderList *list)
{
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];

      if (op->kind == GSK_LAYER_RENDER_OP_TEXTURE && op->surface != NULL &&
          !gsk_layer_gl_surface_is_supported (op->surface))
        return "a content surface is in a format GL cannot take";
    }

  return NULL;
}

static void
read_back (GskLayerGLBackend    *self,
           const cairo_region_t *region,
           cairo_surface_t      *target)
{
  guchar *data = cairo_image_surface_get_data (target);
  int stride = cairo_image_surface_get_stride (target);
  int i, n = cairo_region_num_rectangles (region);

  glBindFramebuffer (GL_FRAMEBUFFER, self->target.framebuffer);
  glPixelStorei (GL_PACK_ALIGNMENT, 4);
  glPixelStorei (GL_PACK_ROW_LENGTH, stride / 4);

  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;
      guchar *dest;

      cairo_region_get_rectangle (region, i, &r);
      dest = data + (gsize) r.y * stride + (gsize) r.x * 4;

      if (!self->context->is_gles)
        glReadPixels (r.x, r.y, r.width, r.height, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, dest);
      else
        {
          int x, y;

          /* ES only promises RGBA bytes: make them native ARGB words */
          glReadPixels (r.x, r.y, r.width, r.height, GL_RGBA, GL_UNSIGNED_BYTE, dest);
          for (y = 0; y < r.height; y++)
            {
              guchar *row = dest + (gsize) y * stride;

              for (x = 0; x < r.width; x++)
                {
                  guchar *p = row + x * 4;
                  guint32 word = (guint32) p[3] << 24 | (guint32) p[0] << 16 |
                                 (guint32) p[1] << 8 | p[2];

                  memcpy (p, &word, 4);
                }
            }
        }
    }

  glPixelStorei (GL_PACK_ROW_LENGTH, 0);
}

gboolean
gsk_layer_gl_backend_begin (GskLayerGLBackend *self)
{
  if (self->depth > 0)
    {
      self->depth++;
      return TRUE;
    }

  if (!gsk_layer_gl_context_make_current (self->context))
    return FALSE;

  self->depth = 1;
  if (self->context->borrowed)
    {
      int n = 0;

      /* Errors the caller left pending are not ours to report: failed
       * allocations are told by glGetError() */
      while (glGetError () != GL_NO_ERROR && n++ < 8)
        ;
      gsk_layer_gl_state_save (&self->saved_state, self->context->is_gles);
    }
  gsk_layer_gl_delete_dead_textures (self);

  return TRUE;
}

void
gsk_layer_gl_backend_end (GskLayerGLBackend *self)
{
  g_return_if_fail (self->depth > 0);

  if (--self->depth > 0)
    return;

  if (self->context->borrowed)
    gsk_layer_gl_state_restore (&self->saved_state);
}

gboolean
gsk_layer_gl_backend_is_borrowed (GskLayerGLBackend *self)
{
  return self->context->borrowed;
}

/* Draws @region (within the target, not empty) of @list into the
 * target framebuffer; returns why it failed, or NULL */
static const char *
draw_frame (GskLayerGLBackend        *self,
            const GskLayerRenderList *list,
            const cairo_region_t     *region)
{
  const char *why;
  const float *c;
  GskLayerGLBox *passes;
  int width = list->width, height = list->height;
  guint i, n_passes;

  if ((why = check_list (self, list)) != NULL)
    return why;

  if (self->target.width != width || self->target.height != height)
    {
      gsk_layer_gl_offscreen_destroy (&self->target);
      if (!gsk_layer_gl_offscreen_create (&self->target, width, height))
        return "the GL framebuffer cannot be allocated";
    }

  /* A damage check's frame is the checked frame's, for the cache */
  if (!self->checking)
    self->frame++;
  self->list = list;
  self->failed = FALSE;
  self->last_surface = NULL;
  self->last_entry = NULL;
  self->canvas = self->target;
  self->canvas_x = 0;
  self->canvas_y = 0;
  self->canvas_box = (GskLayerGLBox) { 0, 0, width, height };

  glDisable (GL_DEPTH_TEST);
  glDisable (GL_CULL_FACE);
  glEnable (GL_BLEND);
  glBlendFunc (GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable (GL_SCISSOR_TEST);
  gsk_layer_gl_set_canvas (self);

  /* What opaque ops hide in the damage is not drawn */
  gsk_layer_gl_begin_culling (self, list, region);

  passes = gsk_layer_gl_damage_passes (region, &n_passes);
  if (n_passes > 1 && list->n_backdrops > 0)
    {
      /* A backdrop filter reads what is drawn below it in this frame:
       * one pass over the damage, so that none reads another pass's */
      cairo_rectangle_int_t extents;

      cairo_region_get_extents (region, &extents);
      passes[0] = (GskLayerGLBox) { extents.x, extents.y, extents.x + extents.width, extents.y + extents.height };
      n_passes = 1;
    }
  for (i = 0; i < n_passes && !self->failed; i++)
    {
      self->clip = passes[i];
      gsk_layer_gl_set_scissor (self);
      /* An opaque colour filling the pass from the bottom is its clear */
      self->background_op = gsk_layer_gl_background_op (list, &passes[i]);
      c = list->clear_color;
      if (self->background_op != G_MAXUINT)
        {
          c = list->ops[self->background_op].color;
          self->stats.background_clears++;
        }
      glClearColor (gsk_layer_gl_clamp_unit (c[0]) * gsk_layer_gl_clamp_unit (c[3]),
                    gsk_layer_gl_clamp_unit (c[1]) * gsk_layer_gl_clamp_unit (c[3]),
                    gsk_layer_gl_clamp_unit (c[2]) * gsk_layer_gl_clamp_unit (c[3]),
                    gsk_layer_gl_clamp_unit (c[3]));
      glClear (GL_COLOR_BUFFER_BIT);
      gsk_layer_gl_cull_pass (self);

      gsk_layer_gl_render_ops (self);
    }
  g_free (passes);
  self->background_op = G_MAXUINT;
  gsk_layer_gl_end_culling (self);

  self->list = NULL;
  self->last_surface = NULL;
  gsk_layer_gl_trim_pool (self);
  gsk_layer_gl_collect_textures (self, list);

  if (self->failed || !gsk_layer_gl_check_error ("drawing the frame"))
    {
      /* What groups it kept may be as broken as the frame */
      gsk_layer_gl_filter_cache_clear (self);
      return "GL failed to allocate a texture or offscreen";
    }
  /* Groups not drawn for a while give their offscreens back */
  gsk_layer_gl_filter_cache_expire (self);

  g_mutex_lock (&gsk_layer_gl_texture_lock);
  self->stats.cached_textures = g_hash_table_size (self->textures);
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  return NULL;
}

/* @region of @list, clipped to it; NULL if that is empty */
static cairo_region_t *
clip_damage (const GskLayerRenderList *list,
             const cairo_region_t     *damage)
{
  cairo_rectangle_int_t all = { 0, 0, list->width, list->height };
  cairo_region_t *region;

  region = damage ? cairo_region_copy (damage) : cairo_region_create_rectangle (&all);
  cairo_region_intersect_rectangle (region, &all);
  if (cairo_region_is_empty (region))
    {
      cairo_region_destroy (region);
      return NULL;
    }

  return region;
}

void
gsk_layer_gl_backend_render (GskLayerGLBackend        *self,
                             const GskLayerRenderList *list,
                             const cairo_region_t     *damage,
                             cairo_surface_t          *target)
{
  cairo_region_t *region;
  cairo_rectangle_int_t extents;
  const char *why;
  int width, height;

  g_return_if_fail (self != NULL);
  g_return_if_fail (list != NULL);
  g_return_if_fail (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE);
  g_return_if_fail (cairo_image_surface_get_format (target) == CAIRO_FORMAT_ARGB32);

  memset (&self->stats, 0, sizeof self->stats);

  width = cairo_image_surface_get_width (target);
  height = cairo_image_surface_get_height (target);
  if (width <= 0 || height <= 0 || cairo_image_surface_get_data (target) == NULL)
    return;
  g_return_if_fail (width == list->width && height == list->height);

  if (!gsk_layer_gl_backend_begin (self))
    {
      warn_software_fallback (self->context->borrowed
                              ? "the GL context the renderer was made in is not current"
                              : "the GL context cannot be made current");
      self->stats.software = TRUE;
      gsk_layer_software_render (list, damage, target);
      return;
    }

  region = clip_damage (list, damage);
  if (region == NULL)
    {
      gsk_layer_gl_backend_end (self);
      return;
    }
  cairo_region_get_extents (region, &extents);

  if ((why = draw_frame (self, list, region)) != NULL)
    {
      warn_software_fallback (why);
      self->stats.software = TRUE;
      gsk_layer_software_render (list, damage, target);
    }
  else
    {
      cairo_surface_flush (target);
      read_back (self, region, target);
      gsk_layer_gl_check_error ("reading the frame back");
      cairo_surface_mark_dirty_rectangle (target, extents.x, extents.y, extents.width, extents.height);
    }

  gsk_layer_gl_backend_end (self);
  cairo_region_destroy (region);
}

/* Writes @region of @image, a cairo ARGB32 image of the target's size,
 * into the target framebuffer's texture */
static void
upload_to_target (GskLayerGLBackend    *self,
                  const cairo_region_t *region,
                  cairo_surface_t      *image)
{
  const guchar *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  int i, n = cairo_region_num_rectangles (region);

  glBindTexture (GL_TEXTURE_2D, self->target.texture);
  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;
      const guchar *src;

      cairo_region_get_rectangle (region, i, &r);
      src = data + (gsize) r.y * stride + (gsize) r.x * 4;

      if (!self->context->is_gles)
        {
          glPixelStorei (GL_UNPACK_ROW_LENGTH, stride / 4);
          glTexSubImage2D (GL_TEXTURE_2D, 0, r.x, r.y, r.width, r.height,
                           GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, src);
          glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
        }
      else
        {
          guchar *bytes = g_malloc ((gsize) r.width * r.height * 4);
          int x, y;

          /* ES only takes RGBA bytes */
          for (y = 0; y < r.height; y++)
            for (x = 0; x < r.width; x++)
              {
                guint32 p = *(const guint32 *) (src + (gsize) y * stride + x * 4);
                guchar *q = bytes + ((gsize) y * r.width + x) * 4;

                q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
              }
          glTexSubImage2D (GL_TEXTURE_2D, 0, r.x, r.y, r.width, r.height,
                           GL_RGBA, GL_UNSIGNED_BYTE, bytes);
          g_free (bytes);
        }
    }
}

gboolean
gsk_layer_gl_backend_draw (GskLayerGLBackend        *self,
                           const GskLayerRenderList *list,
                           const cairo_region_t     *damage)
{
  cairo_region_t *region;
  cairo_surface_t *image;
  const char *why;

  g_return_val_if_fail (self->depth > 0, FALSE);

  memset (&self->stats, 0, sizeof self->stats);

  region = clip_damage (list, damage);
  if (region == NULL)
    return TRUE;

  why = draw_frame (self, list, region);
  if (why == NULL)
    {
      cairo_region_destroy (region);
      return TRUE;
    }

  /* Drawn in software, then written where GL would have drawn it */
  warn_software_fallback (why);
  self->stats.software = TRUE;
  if (self->target.width != list->width || self->target.height != list->height)
    {
      gsk_layer_gl_offscreen_destroy (&self->target);
      if (!gsk_layer_gl_offscreen_create (&self->target, list->width, list->height))
        {
          cairo_region_destroy (region);
          return FALSE;
        }
    }
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, list->width, list->height);
  gsk_layer_software_render (list, region, image);
  cairo_surface_flush (image);
  upload_to_target (self, region, image);
  cairo_surface_destroy (image);
  cairo_region_destroy (region);

  return gsk_layer_gl_check_error ("writing a frame drawn in software");
}

void
gsk_layer_gl_backend_read_target (GskLayerGLBackend *self,
                                  cairo_surface_t   *image)
{
  cairo_rectangle_int_t all = { 0, 0, self->target.width, self->target.height };
  cairo_region_t *region;

  g_return_if_fail (self->depth > 0);
  g_return_if_fail (cairo_image_surface_get_width (image) == self->target.width);
  g_return_if_fail (cairo_image_surface_get_height (image) == self->target.height);

  region = cairo_region_create_rectangle (&all);
  cairo_surface_flush (image);
  read_back (self, region, image);
  cairo_surface_mark_dirty (image);
  cairo_region_destroy (region);
}

void
gsk_layer_gl_backend_present (GskLayerGLBackend    *self,
                              guint                 framebuffer,
                              int                   width,
                              int                   height,
                              const cairo_region_t *region)
{
  int i, n = cairo_region_num_rectangles (region);

  g_return_if_fail (self->depth > 0);
  g_return_if_fail (width == self->target.width && height == self->target.height);

  if (n == 0)
    return;

  /* The target is y down and the framebuffer y up: each rectangle is
   * copied mirrored, which a blit does exactly (same size, nearest) */
  glDisable (GL_SCISSOR_TEST);
  glBindFramebuffer (GL_READ_FRAMEBUFFER, self->target.framebuffer);
  glBindFramebuffer (GL_DRAW_FRAMEBUFFER, framebuffer);
  for (i = 0; i < n; i++)
    {
      cairo_rectangle_int_t r;

      cairo_region_get_rectangle (region, i, &r);
      glBlitFramebuffer (r.x, r.y, r.x + r.width, r.y + r.height,
                         r.x, height - r.y, r.x + r.width, height - r.y - r.height,
                         GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
  gsk_layer_gl_check_error ("copying the frame into the framebuffer");
}

static GskLayerGLBackend *
backend_new_for_context (GskLayerGLContext  *context,
                         GError            **error)
{
  GskLayerGLBackend *self;
  guint i;

  self = g_new0 (GskLayerGLBackend, 1);
  self->context = context;
  self->textures = g_hash_table_new (NULL, NULL);
  self->dead_textures = g_array_new (FALSE, FALSE, sizeof (GskLayerGLDeadTexture));
  g_queue_init (&self->lru);
  self->texture_budget = DEFAULT_TEXTURE_BUDGET;
  self->atlas_pages = g_ptr_array_new ();
  self->use_atlas = !GSK_LAYER_DEBUG_CHECK (NO_ATLAS);
  self->pool = g_array_new (FALSE, FALSE, sizeof (GskLayerGLOffscreen));
  self->instances = g_array_new (FALSE, FALSE, sizeof (GskLayerGLInstance));
  self->stack = g_array_new (FALSE, FALSE, sizeof (GskLayerGLStackEntry));
  self->background_op = G_MAXUINT;
  self->description = gsk_layer_gl_context_describe (context);

  /* As many paint slots as the fragment shader's uniforms hold, beside
   * the clips' and a margin */
  {
    GLint components = 0, vectors;

    /* Components, not vectors: GL 3.3 core has only these */
    glGetIntegerv (GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, &components);
    vectors = components / 4;
    self->max_paints = CLAMP ((vectors - 64) / GSK_LAYER_GL_PAINT_SIZE, 1, GSK_LAYER_GL_MAX_PAINTS);
  }

  /* The mipmap variants wait until an image asks for them */
  for (i = 0; i < GSK_LAYER_GL_QUAD_MIPMAP; i++)
    {
      if (!gsk_layer_gl_quad_program_init (&self->quad[i], i, self->max_paints, context->is_gles, error))
        {
          gsk_layer_gl_backend_free (self);
          return NULL;
        }

      glUseProgram (self->quad[i].id);
      glUniform1i (self->quad[i].u_texture, 0);
    }
  glUseProgram (0);

  if (!gsk_layer_gl_blend_program_init (&self->blend, context->is_gles, error) ||
      !gsk_layer_gl_filter_program_init (&self->filter, context->is_gles, error) ||
      !gsk_layer_gl_blur_program_init (&self->blur, context->is_gles, error))
    {
      gsk_layer_gl_backend_free (self);
      return NULL;
    }

  gsk_layer_gl_setup_vertex_array (self);

  if (!gsk_layer_gl_check_error ("setting up the GL renderer"))
    {
      g_set_error_literal (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_FAILED,
                           "Setting up the GL renderer raised GL errors");
      gsk_layer_gl_backend_free (self);
      return NULL;
    }

  return self;
}

GskLayerGLBackend *
gsk_layer_gl_backend_new (GError **error)
{
  GskLayerGLContext *context;

  context = gsk_layer_gl_context_new (error);
  if (context == NULL)
    return NULL;

  return backend_new_for_context (context, error);
}

GskLayerGLBackend *
gsk_layer_gl_backend_new_for_current_context (GError **error)
{
  GskLayerGLContext *context;
  GskLayerGLBackend *self;
  GskLayerGLState state;

  context = gsk_layer_gl_context_new_for_current (error);
  if (context == NULL)
    return NULL;

  /* Making programs and vertex arrays binds them */
  gsk_layer_gl_state_save (&state, context->is_gles);
  self = backend_new_for_context (context, error);
  gsk_layer_gl_state_restore (&state);

  return self;
}

void
gsk_layer_gl_backend_free (GskLayerGLBackend *self)
{
  GHashTableIter iter;
  GskLayerGLTextureEntry *entry;
  gboolean can_call_gl;
  guint i;

  if (self == NULL)
    return;

  /* A borrowed context that is not current (or gone) keeps the objects
   * made in it until it is destroyed */
  can_call_gl = gsk_layer_gl_context_make_current (self->context);

  /* Let go of every entry: they stay on their surfaces, pointing at no
   * backend, freed when the surfaces end (on whatever thread) or replaced
   * if another renderer uploads them */
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  g_hash_table_iter_init (&iter, self->textures);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &entry))
    {
      entry->backend = NULL;
      entry->live = FALSE;
      if (can_call_gl)
        gsk_layer_gl_texture_entry_delete_textures (entry);
      g_queue_unlink (&self->lru, &entry->link);
    }
  g_hash_table_remove_all (self->textures);
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  /* Their offscreens back into the pool, their references dropped */
  if (self->pool != NULL)
    gsk_layer_gl_filter_cache_clear (self);

  if (can_call_gl)
    {
      gsk_layer_gl_delete_dead_textures (self);

      for (i = 0; i < self->pool->len; i++)
        gsk_layer_gl_offscreen_destroy (&g_array_index (self->pool, GskLayerGLOffscreen, i));
      gsk_layer_gl_offscreen_destroy (&self->target);

      if (self->vbo)
        glDeleteBuffers (1, &self->vbo);
      if (self->vao)
        glDeleteVertexArrays (1, &self->vao);
      if (self->empty_vao)
        glDeleteVertexArrays (1, &self->empty_vao);
      for (i = 0; i < GSK_LAYER_GL_N_QUAD_VARIANTS; i++)
        if (self->quad[i].id)
          glDeleteProgram (self->quad[i].id);
      if (self->blend.id)
        glDeleteProgram (self->blend.id);
      if (self->filter.id)
        glDeleteProgram (self->filter.id);
      if (self->blur.id)
        glDeleteProgram (self->blur.id);
      if (self->depth_program.id)
        glDeleteProgram (self->depth_program.id);
      if (self->depth_program.vbo)
        glDeleteBuffers (1, &self->depth_program.vbo);
      if (self->depth_program.vao)
        glDeleteVertexArrays (1, &self->depth_program.vao);
      gsk_layer_gl_release_depth_buffer (self);
      for (i = 0; i < G_N_ELEMENTS (self->samplers); i++)
        if (self->samplers[i])
          glDeleteSamplers (1, &self->samplers[i]);
    }

  /* The pages of the entries let go of above */
  for (i = 0; i < self->atlas_pages->len; i++)
    {
      GskLayerGLAtlasPage *page = g_ptr_array_index (self->atlas_pages, i);

      if (can_call_gl)
        glDeleteTextures (1, &page->texture);
      gsk_layer_gl_atlas_page_free (page);
    }
  g_ptr_array_unref (self->atlas_pages);

  gsk_layer_gl_context_free (self->context);

  g_array_unref (self->pool);
  g_array_unref (self->instances);
  g_array_unref (self->stack);
  g_array_unref (self->dead_textures);
  g_hash_table_unref (self->textures);
  g_free (self->description);
  g_free (self);
}

void
gsk_layer_gl_backend_set_use_atlas (GskLayerGLBackend *self,
                                    gboolean           use_atlas)
{
  self->use_atlas = use_atlas;
}

void
gsk_layer_gl_backend_set_checking (GskLayerGLBackend *self,
                                   gboolean           checking)
{
  self->checking = checking;
}

gsize
gsk_layer_gl_backend_get_texture_memory (GskLayerGLBackend *self)
{
  gsize held;

  g_mutex_lock (&gsk_layer_gl_texture_lock);
  held = self->texture_memory + self->offscreen_memory + gsk_layer_gl_offscreen_bytes (&self->target) +
         gsk_layer_gl_depth_bytes (self);
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  return held;
}

void
gsk_layer_gl_backend_set_texture_budget (GskLayerGLBackend *self,
                                         gsize              bytes)
{
  self->texture_budget = bytes;

  /* Idle offscreens and undrawn textures go now, if GL can be called */
  if (gsk_layer_gl_backend_begin (self))
    {
      self->frame++;
      gsk_layer_gl_evict (self, 0);
      gsk_layer_gl_backend_end (self);
    }
}

gsize
gsk_layer_gl_backend_get_texture_budget (GskLayerGLBackend *self)
{
  return self->texture_budget;
}

const GskLayerGLStats *
gsk_layer_gl_backend_get_stats (GskLayerGLBackend *self)
{
  return &self->stats;
}

void
gsk_layer_gl_backend_set_stats (GskLayerGLBackend     *self,
                                const GskLayerGLStats *stats)
{
  self->stats = *stats;
}

const char *
gsk_layer_gl_backend_get_description (GskLayerGLBackend *self)
{
  return self->description;
}
