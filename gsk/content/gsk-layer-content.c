/* gsk-layer-content.c: content delegates for layers
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-private.h"
#include "gsk-layer-content-private.h"

/* {{{ Serials of content surfaces */

static cairo_user_data_key_t serial_key;

guint
gsk_layer_surface_get_serial (cairo_surface_t *surface)
{
  return GPOINTER_TO_UINT (cairo_surface_get_user_data (surface, &serial_key));
}

void
gsk_layer_surface_changed (cairo_surface_t *surface)
{
  guint serial = gsk_layer_surface_get_serial (surface) + 1;

  cairo_surface_set_user_data (surface, &serial_key, GUINT_TO_POINTER (serial), NULL);
}

/* }}} */

/**
 * GskLayerContent:
 *
 * Something a layer shows, drawn for the layer rather than by it, as
 * `ClutterContent`.
 *
 * One content object can be shown by many layers: it is rasterized once
 * per size and shared. [class@LayerImageContent] shows an image and
 * [class@LayerColorContent] a solid color; applications implement the
 * interface to draw their own.
 *
 * Since: 0.1
 */

G_DEFINE_INTERFACE (GskLayerContent, gsk_layer_content, G_TYPE_OBJECT)

enum {
  INVALIDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A few rasterizations per content, most recently used first */
#define MAX_CACHED_SIZES 4

typedef struct {
  int width;
  int height;
  cairo_surface_t *surface;
} CacheEntry;

typedef struct {
  CacheEntry entries[MAX_CACHED_SIZES];
  guint n_entries;
} ContentCache;

static GQuark cache_quark;

static void
content_cache_free (gpointer data)
{
  ContentCache *cache = data;
  guint i;

  for (i = 0; i < cache->n_entries; i++)
    cairo_surface_destroy (cache->entries[i].surface);
  g_free (cache);
}

static gboolean
gsk_layer_content_real_get_preferred_size (GskLayerContent *self,
                                           float           *width,
                                           float           *height)
{
  return FALSE;
}

static void
gsk_layer_content_real_draw (GskLayerContent *self,
                             cairo_t         *cr,
                             int              width,
                             int              height)
{
}

static void
gsk_layer_content_default_init (GskLayerContentInterface *iface)
{
  iface->get_preferred_size = gsk_layer_content_real_get_preferred_size;
  iface->draw = gsk_layer_content_real_draw;

  cache_quark = g_quark_from_static_string ("gsk-layer-content-cache");

  /**
   * GskLayerContent::invalidated:
   * @self: the content
   *
   * Emitted when what the content draws changed; every layer showing it
   * redraws.
   *
   * Since: 0.1
   */
  signals[INVALIDATED] =
    g_signal_new ("invalidated",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

/**
 * gsk_layer_content_get_preferred_size:
 * @self: a content
 * @width: (out) (optional): return location for the width
 * @height: (out) (optional): return location for the height
 *
 * Gets the natural size of the content, if it has one.
 *
 * Returns: %TRUE if the content has a preferred size
 *
 * Since: 0.1
 */
gboolean
gsk_layer_content_get_preferred_size (GskLayerContent *self,
                                      float           *width,
                                      float           *height)
{
  float w = 0, h = 0;
  gboolean res;

  g_return_val_if_fail (GSK_IS_LAYER_CONTENT (self), FALSE);

  res = GSK_LAYER_CONTENT_GET_IFACE (self)->get_preferred_size (self, &w, &h);
  if (width)
    *width = w;
  if (height)
    *height = h;

  return res;
}

/**
 * gsk_layer_content_invalidate:
 * @self: a content
 *
 * Drops the cached rasterizations of @self and makes every layer that
 * shows it redraw.
 *
 * For an image content, call this after changing the image's pixels
 * (and cairo_surface_mark_dirty()): renderers that keep a copy of them,
 * such as a GL texture, make it again.
 *
 * Since: 0.1
 */
void
gsk_layer_content_invalidate (GskLayerContent *self)
{
  g_return_if_fail (GSK_IS_LAYER_CONTENT (self));

  if (GSK_IS_LAYER_IMAGE_CONTENT (self))
    gsk_layer_surface_changed (gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (self)));
  g_object_set_qdata (G_OBJECT (self), cache_quark, NULL);
  g_signal_emit (self, signals[INVALIDATED], 0);
}

cairo_surface_t *
gsk_layer_content_get_surface (GskLayerContent *content,
                               int              width,
                               int              height)
{
  ContentCache *cache;
  CacheEntry entry;
  cairo_t *cr;
  guint i;

  if (GSK_IS_LAYER_IMAGE_CONTENT (content) &&
      !gsk_layer_image_content_is_scalable (GSK_LAYER_IMAGE_CONTENT (content)))
    return gsk_layer_image_content_get_surface (GSK_LAYER_IMAGE_CONTENT (content));

  if (width <= 0 || height <= 0)
    return NULL;

  cache = g_object_get_qdata (G_OBJECT (content), cache_quark);
  if (cache == NULL)
    {
      cache = g_new0 (ContentCache, 1);
      g_object_set_qdata_full (G_OBJECT (content), cache_quark, cache, content_cache_free);
    }

  for (i = 0; i < cache->n_entries; i++)
    {
      if (cache->entries[i].width == width && cache->entries[i].height == height)
        {
          entry = cache->entries[i];
          memmove (&cache->entries[1], &cache->entries[0], i * sizeof (CacheEntry));
          cache->entries[0] = entry;
          return entry.surface;
        }
    }

  entry.width = width;
  entry.height = height;
  entry.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (entry.surface);
  GSK_LAYER_CONTENT_GET_IFACE (content)->draw (content, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (entry.surface);

  if (cache->n_entries == MAX_CACHED_SIZES)
    cairo_surface_destroy (cache->entries[--cache->n_entries].surface);
  memmove (&cache->entries[1], &cache->entries[0], cache->n_entries * sizeof (CacheEntry));
  cache->entries[0] = entry;
  cache->n_entries++;

  return entry.surface;
}
