/* gsk-layer-gl-atlas.c: texture pages that small contents share
 *
 * Contents of up to ATLAS_MAX_ITEM pixels a side share atlas pages,
 * packed on shelves with their edge pixels repeated around them, so
 * that neither filtering nor an antialiased fringe of up to half a
 * texel reads a neighbour; a quad whose fringe reaches further
 * (scaled down) has its texture coordinates clamped to its item's
 * texel centres, in a program variant of its own (per pixel, the clamp
 * costs the fishbowl 6%). Quads from one page batch as if they had one texture (the
 * fishbowl of distinct icons is still one draw). A page goes when its
 * last item does.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gl-atlas-private.h"
#include "gsk-layer-gl-backend-impl-private.h"
#include "gsk-layer-gl-texture-cache-private.h"

#include <string.h>
#include <epoxy/gl.h>

/* Small contents share atlas pages of this size (or the GL limit), up to
 * this size each (or a quarter of the page); each with a pixel of its
 * edges repeated around it */
#define ATLAS_PAGE_SIZE 1024
#define ATLAS_MAX_ITEM 128

typedef struct
{
  int y, height;
  int x;                        /* where the next item goes */
} Shelf;

void
gsk_layer_gl_atlas_page_free (GskLayerGLAtlasPage *page)
{
  g_array_unref (page->shelves);
  g_free (page);
}

/* One item less on @page; the last one takes the page with it */
void
gsk_layer_gl_atlas_page_unref (GskLayerGLBackend   *self,
                               GskLayerGLAtlasPage *page)
{
  if (--page->n_items > 0)
    return;

  glDeleteTextures (1, &page->texture);
  g_mutex_lock (&gsk_layer_gl_texture_lock);
  self->texture_memory -= (gsize) page->size * page->size * 4;
  g_mutex_unlock (&gsk_layer_gl_texture_lock);
  g_ptr_array_remove_fast (self->atlas_pages, page);
  gsk_layer_gl_atlas_page_free (page);
}

static int
atlas_page_size (GskLayerGLBackend *self)
{
  return MIN (ATLAS_PAGE_SIZE, self->context->max_texture_size);
}

gboolean
gsk_layer_gl_fits_atlas (GskLayerGLBackend *self,
                         cairo_surface_t   *surface)
{
  int max = MIN (ATLAS_MAX_ITEM, atlas_page_size (self) / 4);

  /* Other formats need swizzles of their own */
  return self->use_atlas &&
         cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 &&
         cairo_image_surface_get_width (surface) <= max &&
         cairo_image_surface_get_height (surface) <= max;
}

/* A place for @width×@height on @page: on the shelf that fits it most
 * tightly (wasting at most half its height), or on a new one */
static gboolean
atlas_page_alloc (GskLayerGLAtlasPage *page,
                  int                  width,
                  int                  height,
                  int                 *x,
                  int                 *y)
{
  Shelf *best = NULL;
  guint i;

  for (i = 0; i < page->shelves->len; i++)
    {
      Shelf *shelf = &g_array_index (page->shelves, Shelf, i);

      if (shelf->height >= height && shelf->height <= height + height / 2 + 2 &&
          shelf->x + width <= page->size &&
          (best == NULL || shelf->height < best->height))
        best = shelf;
    }

  if (best == NULL)
    {
      /* Heights in steps of 16, so that contents of about the same size
       * share a shelf, whatever the order they come in */
      Shelf shelf = { page->shelf_end, MIN ((height + 15) / 16 * 16, page->size - page->shelf_end), 0 };

      if (page->shelf_end + height > page->size)
        return FALSE;

      page->shelf_end += shelf.height;
      g_array_append_val (page->shelves, shelf);
      best = &g_array_index (page->shelves, Shelf, page->shelves->len - 1);
    }

  *x = best->x;
  *y = best->y;
  best->x += width;

  return TRUE;
}

static GskLayerGLAtlasPage *
atlas_page_new (GskLayerGLBackend *self)
{
  GskLayerGLAtlasPage *page;
  int size = atlas_page_size (self);

  gsk_layer_gl_evict (self, (gsize) size * size * 4);

  page = g_new0 (GskLayerGLAtlasPage, 1);
  page->size = size;
  page->shelves = g_array_new (FALSE, FALSE, sizeof (Shelf));

  glGenTextures (1, &page->texture);
  glBindTexture (GL_TEXTURE_2D, page->texture);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  if (self->context->is_gles && G_BYTE_ORDER == G_LITTLE_ENDIAN)
    {
      /* Items are uploaded as B, G, R, A bytes, as in upload_rect () */
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
    }
  glTexImage2D (GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);

  if (glGetError () != GL_NO_ERROR)
    {
      glDeleteTextures (1, &page->texture);
      gsk_layer_gl_atlas_page_free (page);
      return NULL;
    }

  g_mutex_lock (&gsk_layer_gl_texture_lock);
  self->texture_memory += (gsize) size * size * 4;
  g_mutex_unlock (&gsk_layer_gl_texture_lock);
  g_ptr_array_add (self->atlas_pages, page);

  return page;
}

/* Puts @surface on an atlas page, with its edge pixels repeated around
 * it; NULL if GL cannot */
GskLayerGLTextureEntry *
gsk_layer_gl_upload_to_atlas (GskLayerGLBackend *self,
                              cairo_surface_t   *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data = cairo_image_surface_get_data (surface);
  int pw = width + 2, ph = height + 2;
  GskLayerGLAtlasPage *page = NULL;
  GskLayerGLTextureEntry *entry;
  guint32 *padded;
  int i, x = 0, y = 0, row;

  for (i = 0; i < (int) self->atlas_pages->len && page == NULL; i++)
    if (atlas_page_alloc (g_ptr_array_index (self->atlas_pages, i), pw, ph, &x, &y))
      page = g_ptr_array_index (self->atlas_pages, i);
  if (page == NULL)
    {
      page = atlas_page_new (self);
      if (page == NULL || !atlas_page_alloc (page, pw, ph, &x, &y))
        return NULL;
    }

  padded = g_new (guint32, (gsize) pw * ph);
  for (row = 0; row < ph; row++)
    {
      const guint32 *src = (const guint32 *) (data + (gsize) CLAMP (row - 1, 0, height - 1) * stride);
      guint32 *dest = padded + (gsize) row * pw;

      dest[0] = src[0];
      memcpy (dest + 1, src, (gsize) width * 4);
      dest[pw - 1] = src[width - 1];
    }

  glBindTexture (GL_TEXTURE_2D, page->texture);
  if (!self->context->is_gles)
    glTexSubImage2D (GL_TEXTURE_2D, 0, x, y, pw, ph, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, padded);
  else
    {
      if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
        for (i = 0; i < pw * ph; i++)
          {
            guint32 p = padded[i];
            guchar *q = (guchar *) &padded[i];

            q[0] = p >> 16; q[1] = p >> 8; q[2] = p; q[3] = p >> 24;
          }
      glTexSubImage2D (GL_TEXTURE_2D, 0, x, y, pw, ph, GL_RGBA, GL_UNSIGNED_BYTE, padded);
    }
  g_free (padded);

  /* The page now counts the item, whatever happens next */
  page->n_items++;
  if (glGetError () != GL_NO_ERROR)
    {
      gsk_layer_gl_atlas_page_unref (self, page);
      return NULL;
    }

  entry = g_new0 (GskLayerGLTextureEntry, 1);
  entry->n_cols = entry->n_rows = 1;
  entry->tiles = &entry->tile;
  entry->col_x = entry->one_col_x;
  entry->row_y = entry->one_row_y;
  entry->col_x[1] = width;
  entry->row_y[1] = height;
  entry->page = page;
  entry->tile.texture = page->texture;
  entry->tile.tex_x = -(x + 1);
  entry->tile.tex_y = -(y + 1);
  entry->tile.tex_width = entry->tile.tex_height = page->size;
  entry->uv_clamp[0] = (x + 1.5f) / page->size;
  entry->uv_clamp[1] = (y + 1.5f) / page->size;
  entry->uv_clamp[2] = (x + width + 0.5f) / page->size;
  entry->uv_clamp[3] = (y + height + 0.5f) / page->size;

  self->stats.texture_uploads++;
  return entry;
}
