/* gsk-layer-gl-texture-cache.c: content textures, kept within a budget
 *
 * Content textures are uploaded once per cairo surface (the layer tree
 * makes a new surface on every invalidation; an image content changed
 * in place bumps its surface's serial) and dropped when the surface
 * dies, through cairo user data, or when a frame's list no longer has
 * it (its layer was removed or hidden). Textures, the offscreens kept
 * for reuse and the target count against a budget: past it, idle
 * offscreens go first, then the textures least recently drawn (an LRU
 * queue), never one the current frame has drawn. Offscreens idle for
 * MAX_IDLE_FRAMES go anyway.
 *
 * Content larger than GL_MAX_TEXTURE_SIZE is uploaded as a grid of
 * tiles with a pixel of overlap, drawn as a quad each; the seams between
 * them are not antialiased, and both sides share their vertices
 * exactly, so that GL rasterizes every pixel along a seam once. Small
 * contents go to atlas pages instead (gsk-layer-gl-atlas.c).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-texture-cache-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-atlas-private.h"

#include <epoxy/gl.h>

/* One lock for every backend's textures: a surface's end, on any
 * thread, must find its entry's backend still there, or none */
GMutex gsk_layer_gl_texture_lock;

static void
texture_entry_free (GskLayerGLTextureEntry *entry)
{
  if (entry->tiles != &entry->tile)
    {
      g_free (entry->tiles);
      g_free (entry->col_x);
      g_free (entry->row_y);
    }
  g_free (entry);
}

void
gsk_layer_gl_texture_entry_delete_textures (GskLayerGLTextureEntry *entry)
{
  int i;

  if (entry->page != NULL)
    return;

  for (i = 0; i < entry->n_cols * entry->n_rows; i++)
    glDeleteTextures (1, &entry->tiles[i].texture);
}

/* With the texture lock held: takes @entry out of the table and the
 * queue, and appends what GL must delete to @dead (the memory is no
 * longer counted from now). Nothing if it was out already. */
static void
texture_entry_detach_locked (GskLayerGLBackend      *self,
                             GskLayerGLTextureEntry *entry,
                             GArray                 *dead)
{
  int i;

  if (!entry->live)
    return;

  entry->live = FALSE;
  if (g_hash_table_lookup (self->textures, entry->surface) == entry)
    g_hash_table_remove (self->textures, entry->surface);
  g_queue_unlink (&self->lru, &entry->link);
  self->texture_memory -= entry->bytes;

  if (entry->page != NULL)
    {
      GskLayerGLDeadTexture d = { 0, 0, entry->page };

      g_array_append_val (dead, d);
    }
  else
    for (i = 0; i < entry->n_cols * entry->n_rows; i++)
      {
        GskLayerGLDeadTexture d = { entry->tiles[i].texture, 0, NULL };

        g_array_append_val (dead, d);
      }
}

static void
texture_entry_destroyed (gpointer data)
{
  GskLayerGLTextureEntry *entry = data;
  GskLayerGLBackend *self;

  /* The surface is going away, maybe on another thread, where the GL
   * context is not current: the next frame deletes the textures. The
   * backend is read under the lock, which its end takes to let go of
   * every entry: it cannot go away meanwhile. */
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  self = entry->backend;
  if (self != NULL)
    texture_entry_detach_locked (self, entry, self->dead_textures);
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  texture_entry_free (entry);
}

void
gsk_layer_gl_delete_dead_textures (GskLayerGLBackend *self)
{
  GArray *dead_textures;
  guint i;

  /* Unref'ing a page takes the lock */
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  dead_textures = self->dead_textures;
  self->dead_textures = g_array_new (FALSE, FALSE, sizeof (GskLayerGLDeadTexture));
  for (i = 0; i < dead_textures->len; i++)
    self->texture_memory -= g_array_index (dead_textures, GskLayerGLDeadTexture, i).bytes;
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  for (i = 0; i < dead_textures->len; i++)
    {
      GskLayerGLDeadTexture *dead = &g_array_index (dead_textures, GskLayerGLDeadTexture, i);

      if (dead->page != NULL)
        gsk_layer_gl_atlas_page_unref (self, dead->page);
      else
        glDeleteTextures (1, &dead->texture);
    }
  g_array_unref (dead_textures);
}

/* Deletes the texture of @entry now and lets go of it; the surface
 * keeps its pixels, to be uploaded again if drawn again */
static void
delete_now (GskLayerGLBackend *self,
            GArray            *dead)
{
  guint i;

  for (i = 0; i < dead->len; i++)
    {
      GskLayerGLDeadTexture *d = &g_array_index (dead, GskLayerGLDeadTexture, i);

      if (d->page != NULL)
        gsk_layer_gl_atlas_page_unref (self, d->page);
      else
        glDeleteTextures (1, &d->texture);
    }
  g_array_set_size (dead, 0);
}

/* With the texture lock held: lets go of @entry, its textures to be
 * deleted from @dead. Its surface keeps its pixels, to be uploaded again
 * if drawn again; the entry stays on the surface, which may end on any
 * thread, to be freed then (or replaced by a new upload), and no longer
 * points back at @self. After the unlock, it must not be touched. */
static void
texture_entry_release_locked (GskLayerGLBackend      *self,
                              GskLayerGLTextureEntry *entry,
                              GArray                 *dead)
{
  texture_entry_detach_locked (self, entry, dead);
  entry->backend = NULL;
  if (self->last_entry == entry)
    {
      self->last_surface = NULL;
      self->last_entry = NULL;
    }
}

static void
texture_entry_release (GskLayerGLBackend      *self,
                       GskLayerGLTextureEntry *entry)
{
  GArray *dead = g_array_new (FALSE, FALSE, sizeof (GskLayerGLDeadTexture));

  g_mutex_lock (&gsk_layer_gl_texture_lock);
  texture_entry_release_locked (self, entry, dead);
  g_mutex_unlock (&gsk_layer_gl_texture_lock);
  delete_now (self, dead);
  g_array_unref (dead);
}

/* Makes room for @wanted more bytes within the budget: gives back idle
 * offscreens, then the textures least recently drawn, never one this
 * frame has drawn */
void
gsk_layer_gl_evict (GskLayerGLBackend *self,
                    gsize              wanted)
{
  /* A damage check draws what the frame did not: any texture could be
   * in the batch. Afterwards, what it uploaded goes first. */
  if (self->checking && wanted > 0)
    return;

  for (;;)
    {
      GskLayerGLTextureEntry *entry;
      gsize held;
      int oldest;

      GArray *dead;

      g_mutex_lock (&gsk_layer_gl_texture_lock);
      held = self->texture_memory + self->offscreen_memory + gsk_layer_gl_offscreen_bytes (&self->target) +
             gsk_layer_gl_depth_bytes (self);
      g_mutex_unlock (&gsk_layer_gl_texture_lock);

      if (held + wanted <= self->texture_budget)
        return;

      if ((oldest = gsk_layer_gl_pool_oldest (self)) >= 0)
        {
          gsk_layer_gl_pool_remove (self, oldest);
          continue;
        }

      /* Culling does without it, drawing more */
      if (self->depth_buffer != 0 && !self->depth_culling)
        {
          gsk_layer_gl_release_depth_buffer (self);
          continue;
        }

      /* Chosen and let go of in one hold of the lock: a surface ending
       * on another thread frees its entry */
      dead = g_array_new (FALSE, FALSE, sizeof (GskLayerGLDeadTexture));
      g_mutex_lock (&gsk_layer_gl_texture_lock);
      entry = self->lru.head ? self->lru.head->data : NULL;
      if (entry != NULL && entry->last_used != self->frame)
        texture_entry_release_locked (self, entry, dead);
      else
        entry = NULL;
      g_mutex_unlock (&gsk_layer_gl_texture_lock);
      delete_now (self, dead);
      g_array_unref (dead);
      if (entry == NULL)
        return;
    }
}

/* After a frame: gives back the textures of surfaces the list no longer
 * has (layers removed, hidden or drawn anew), then keeps within the
 * budget what the frame did not draw */
void
gsk_layer_gl_collect_textures (GskLayerGLBackend        *self,
                               const GskLayerRenderList *list)
{
  cairo_surface_t *last = NULL;
  GArray *dead;
  GList *l, *next;
  guint i;

  for (i = 0; i < list->n_ops; i++)
    {
      const GskLayerRenderOp *op = &list->ops[i];
      GskLayerGLTextureEntry *entry;

      if (op->kind == GSK_LAYER_RENDER_OP_GLYPHS && op->glyphs != NULL)
        {
          guint j;

          for (j = 0; j < op->glyphs->n_items; j++)
            {
              cairo_surface_t *image = op->glyphs->items[j].image;

              if (image != NULL && image != last)
                {
                  last = image;
                  entry = cairo_surface_get_user_data (image, &self->texture_key);
                  if (entry != NULL)
                    entry->listed = self->frame;
                }
            }
          continue;
        }

      if (op->kind != GSK_LAYER_RENDER_OP_TEXTURE || op->surface == NULL || op->surface == last)
        continue;

      /* The list holds the surface: its entry cannot go away meanwhile */
      last = op->surface;
      entry = cairo_surface_get_user_data (op->surface, &self->texture_key);
      if (entry != NULL)
        entry->listed = self->frame;
    }

  /* Surfaces may end on other threads, which changes the queue and
   * frees entries: chosen and let go of in one hold of the lock */
  dead = g_array_new (FALSE, FALSE, sizeof (GskLayerGLDeadTexture));
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  for (l = self->lru.head; l != NULL; l = next)
    {
      GskLayerGLTextureEntry *entry = l->data;

      next = l->next;
      if (entry->listed != self->frame)
        texture_entry_release_locked (self, entry, dead);
    }
  g_mutex_unlock (&gsk_layer_gl_texture_lock);
  delete_now (self, dead);
  g_array_unref (dead);

  gsk_layer_gl_evict (self, 0);

  self->stats.content_textures = self->atlas_pages->len;
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  for (l = self->lru.head; l != NULL; l = l->next)
    {
      GskLayerGLTextureEntry *entry = l->data;

      if (entry->page == NULL)
        self->stats.content_textures += entry->n_cols * entry->n_rows;
    }
  g_mutex_unlock (&gsk_layer_gl_texture_lock);
  self->stats.atlas_pages = self->atlas_pages->len;
}

/* Uploads the @width×@height pixels of @surface at @x, @y into a new
 * texture; 0 if GL cannot */
static GLuint
upload_rect (GskLayerGLBackend *self,
             cairo_surface_t   *surface,
             int                x,
             int                y,
             int                width,
             int                height)
{
  cairo_format_t format = cairo_image_surface_get_format (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  guchar *converted = NULL;
  GLuint texture;

  glGenTextures (1, &texture);
  glBindTexture (GL_TEXTURE_2D, texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

  if (format == CAIRO_FORMAT_A8)
    {
      /* Alpha only, as pixman reads it */
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ZERO);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
      glPixelStorei (GL_UNPACK_ALIGNMENT, 1);
      glPixelStorei (GL_UNPACK_ROW_LENGTH, stride);
      glTexImage2D (GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE,
                    data + (gsize) y * stride + x);
      glPixelStorei (GL_UNPACK_ALIGNMENT, 4);
    }
  else
    {
      data += (gsize) y * stride + (gsize) x * 4;

      /* Premultiplied ARGB in native-endian words */
      if (format == CAIRO_FORMAT_RGB24)
        glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_ONE);

      glPixelStorei (GL_UNPACK_ROW_LENGTH, stride / 4);
      if (!self->context->is_gles)
        {
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, data);
        }
      else if (G_BYTE_ORDER == G_LITTLE_ENDIAN)
        {
          /* ES has no BGRA upload; the bytes are B, G, R, A */
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
          glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_RGBA, GL_UNSIGNED_BYTE, data);
        }
      else
        {
          int i, j;

          converted = g_malloc ((gsize) width * height * 4);
          for (j = 0; j < height; j++)
            for (i = 0; i < width; i++)
              {
                guint32 p = *(const guint32 *) (data + (gsize) j * stride + i * 4);
                guchar *q = converted + ((gsize) j * width + i) * 4;

                q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
              }
          glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);
          glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0,
                        GL_RGBA, GL_UNSIGNED_BYTE, converted);
          g_free (converted);
        }
    }
  glPixelStorei (GL_UNPACK_ROW_LENGTH, 0);

  /* Always checked: an allocation that fails must not draw garbage */
  if (glGetError () != GL_NO_ERROR)
    {
      glDeleteTextures (1, &texture);
      return 0;
    }

  return texture;
}

gboolean
gsk_layer_gl_surface_is_supported (cairo_surface_t *surface)
{
  cairo_format_t format;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS ||
      cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;

  format = cairo_image_surface_get_format (surface);
  return format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_A8;
}

/* Cuts @length pixels into parts of at most @max - 2, so that each fits
 * in @max with a pixel of border on both sides; one part if it all
 * fits. Returns the number of parts; @bounds gets their n + 1 bounds. */
static int
split_length (int   length,
              int   max,
              int **bounds)
{
  int step = MAX (max - 2, 1);
  int n, i;

  n = length <= max ? 1 : (length + step - 1) / step;
  *bounds = g_new (int, n + 1);
  for (i = 0; i < n; i++)
    (*bounds)[i] = n == 1 ? 0 : i * step;
  (*bounds)[n] = length;

  return n;
}

/* Uploads @surface as one texture, or as tiles if larger than GL takes;
 * NULL if GL cannot */
static GskLayerGLTextureEntry *
upload_surface (GskLayerGLBackend *self,
                cairo_surface_t   *surface,
                gboolean           own_texture)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int max = self->context->max_texture_size;
  int bpp = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_A8 ? 1 : 4;
  GskLayerGLTextureEntry *entry;
  int c, r;

  if (!own_texture && gsk_layer_gl_fits_atlas (self, surface))
    return gsk_layer_gl_upload_to_atlas (self, surface);

  entry = g_new0 (GskLayerGLTextureEntry, 1);
  entry->uv_clamp[2] = entry->uv_clamp[3] = 1.f;

  if (width <= max && height <= max)
    {
      entry->n_cols = entry->n_rows = 1;
      entry->tiles = &entry->tile;
      entry->col_x = entry->one_col_x;
      entry->row_y = entry->one_row_y;
      entry->col_x[1] = width;
      entry->row_y[1] = height;
    }
  else
    {
      entry->n_cols = split_length (width, max, &entry->col_x);
      entry->n_rows = split_length (height, max, &entry->row_y);
      entry->tiles = g_new0 (GskLayerGLTile, entry->n_cols * entry->n_rows);
    }

  for (r = 0; r < entry->n_rows; r++)
    for (c = 0; c < entry->n_cols; c++)
      {
        GskLayerGLTile *tile = &entry->tiles[r * entry->n_cols + c];
        int x1 = MAX (entry->col_x[c] - 1, 0), x2 = MIN (entry->col_x[c + 1] + 1, width);
        int y1 = MAX (entry->row_y[r] - 1, 0), y2 = MIN (entry->row_y[r + 1] + 1, height);

        if (entry->n_cols == 1)
          x1 = 0, x2 = width;
        if (entry->n_rows == 1)
          y1 = 0, y2 = height;

        gsk_layer_gl_evict (self, (gsize) (x2 - x1) * (y2 - y1) * bpp);
        tile->texture = upload_rect (self, surface, x1, y1, x2 - x1, y2 - y1);
        if (tile->texture == 0)
          {
            gsk_layer_gl_texture_entry_delete_textures (entry);
            texture_entry_free (entry);
            return NULL;
          }
        tile->tex_x = x1;
        tile->tex_y = y1;
        tile->tex_width = x2 - x1;
        tile->tex_height = y2 - y1;
        entry->bytes += (gsize) tile->tex_width * tile->tex_height * bpp;
      }

  self->stats.texture_uploads++;
  return entry;
}

/* The textures of @surface, uploaded on first use; NULL if they cannot
 * be. With @own_texture, not on an atlas page (mipmaps of a page would
 * mix neighbours): one there already is uploaded again. */
GskLayerGLTextureEntry *
gsk_layer_gl_get_texture (GskLayerGLBackend *self,
                          cairo_surface_t   *surface,
                          gboolean           own_texture)
{
  GskLayerGLTextureEntry *entry;

  if (surface == self->last_surface && (!own_texture || self->last_entry->page == NULL))
    return self->last_entry;

  g_mutex_lock (&gsk_layer_gl_texture_lock);
  entry = g_hash_table_lookup (self->textures, surface);
  if (entry != NULL && !self->checking)
    {
      /* Most recently used last */
      entry->last_used = self->frame;
      g_queue_unlink (&self->lru, &entry->link);
      g_queue_push_tail_link (&self->lru, &entry->link);
    }
  g_mutex_unlock (&gsk_layer_gl_texture_lock);

  /* An image changed in place, or wanted off the atlas: upload it again */
  if (entry != NULL && (entry->serial != gsk_layer_surface_get_serial (surface) ||
                        (own_texture && entry->page != NULL)))
    {
      texture_entry_release (self, entry);
      entry = NULL;
    }

  if (entry == NULL)
    {
      cairo_surface_flush (surface);
      entry = upload_surface (self, surface, own_texture);
      if (entry == NULL)
        return NULL;

      entry->backend = self;
      entry->surface = surface;
      entry->last_used = self->checking ? 0 : self->frame;
      entry->serial = gsk_layer_surface_get_serial (surface);
      entry->link.data = entry;

      g_mutex_lock (&gsk_layer_gl_texture_lock);
      g_hash_table_insert (self->textures, surface, entry);
      if (self->checking)
        g_queue_push_head_link (&self->lru, &entry->link);
      else
        g_queue_push_tail_link (&self->lru, &entry->link);
      self->texture_memory += entry->bytes;
      entry->live = TRUE;
      g_mutex_unlock (&gsk_layer_gl_texture_lock);

      if (cairo_surface_set_user_data (surface, &self->texture_key, entry,
                                       texture_entry_destroyed) != CAIRO_STATUS_SUCCESS)
        {
          /* Nothing would tell us when the surface dies: do not keep it
           * (and draw this frame in software) */
          entry->backend = self;
          texture_entry_destroyed (entry);
          return NULL;
        }
    }

  self->last_surface = surface;
  self->last_entry = entry;

  return entry;
}
