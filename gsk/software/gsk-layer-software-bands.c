/* gsk-layer-software-bands.c: a frame in bands
 *
 * gsk_layer_software_render() turns the damage into a pixman region
 * and, when there is enough of it, splits it into two horizontal bands:
 * a worker thread renders one while the caller renders the other, each
 * with its own state, both reading the same list and sources.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gsk-layer-software-backend-impl-private.h"

#include <string.h>
#include <pixman.h>

/* Below this many damaged pixels, handing half the frame to another
 * thread costs more than it saves. */
#define MIN_THREADED_PIXELS (256 * 256)

/* Read on every frame, so a test or a debugging session can flip it */
static guint
read_debug_flags (void)
{
  const char *env = g_getenv ("GSK_LAYER_DEBUG");
  guint flags = 0;

  if (env == NULL)
    return 0;

  if (strstr (env, "no-cull"))
    flags |= DEBUG_NO_CULL;
  if (strstr (env, "no-threads"))
    flags |= DEBUG_NO_THREADS;

  return flags;
}

static void
render_band_in_thread (gpointer data,
                       gpointer user_data)
{
  Band *band = data;

  gsk_layer_software_render_band (band);

  g_mutex_lock (&band->mutex);
  band->done = TRUE;
  g_cond_signal (&band->cond);
  g_mutex_unlock (&band->mutex);
}

static GThreadPool *
get_thread_pool (void)
{
  static GThreadPool *pool = NULL;
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      if (g_get_num_processors () > 1)
        pool = g_thread_pool_new (render_band_in_thread, NULL, 1, FALSE, NULL);

      g_once_init_leave (&initialized, 1);
    }

  return pool;
}

static void
band_init (Band                     *band,
           const Band               *frame,
           const pixman_region32_t  *damage,
           int                       y1,
           int                       y2)
{
  *band = *frame;
  pixman_region32_init_rect (&band->damage, 0, y1, frame->width, y2 - y1);
  pixman_region32_intersect (&band->damage, &band->damage, (pixman_region32_t *) damage);
  g_mutex_init (&band->mutex);
  g_cond_init (&band->cond);
  band->done = FALSE;
}

static void
band_clear (Band *band)
{
  pixman_region32_fini (&band->damage);
  g_mutex_clear (&band->mutex);
  g_cond_clear (&band->cond);
}

static gint64
region_area (pixman_region32_t *region)
{
  pixman_box32_t *rects;
  gint64 area = 0;
  int i, n_rects;

  rects = pixman_region32_rectangles (region, &n_rects);
  for (i = 0; i < n_rects; i++)
    area += (gint64) (rects[i].x2 - rects[i].x1) * (rects[i].y2 - rects[i].y1);

  return area;
}

void
gsk_layer_software_render (const GskLayerRenderList *list,
                           const cairo_region_t     *damage,
                           cairo_surface_t          *target)
{
  gsk_layer_software_render_cached (list, damage, target, NULL);
}

void
gsk_layer_software_render_cached (const GskLayerRenderList    *list,
                                  const cairo_region_t        *damage,
                                  cairo_surface_t             *target,
                                  GskLayerSoftwareFilterCache *cache)
{
  pixman_region32_t region;
  pixman_box32_t extents;
  GThreadPool *pool;
  Band frame = { 0, };
  guint i;

  g_return_if_fail (list != NULL);
  g_return_if_fail (target != NULL);
  g_return_if_fail (cairo_surface_get_type (target) == CAIRO_SURFACE_TYPE_IMAGE);

  switch ((int) cairo_image_surface_get_format (target))
    {
    case CAIRO_FORMAT_ARGB32:
      frame.format = PIXMAN_a8r8g8b8;
      break;
    case CAIRO_FORMAT_RGB24:
      frame.format = PIXMAN_x8r8g8b8;
      break;
    default:
      g_critical ("%s: the target must be an ARGB32 or RGB24 image surface", G_STRFUNC);
      return;
    }

  cairo_surface_flush (target);

  frame.list = list;
  frame.flags = read_debug_flags ();
  frame.data = (guint32 *) cairo_image_surface_get_data (target);
  frame.width = cairo_image_surface_get_width (target);
  frame.height = cairo_image_surface_get_height (target);
  frame.stride = cairo_image_surface_get_stride (target);
  if (frame.data == NULL || frame.width <= 0 || frame.height <= 0)
    return;

  pixman_region32_init_rect (&region, 0, 0, frame.width, frame.height);
  if (damage)
    {
      int n_rects = cairo_region_num_rectangles (damage);
      pixman_region32_t damage_region;
      pixman_box32_t *boxes;

      boxes = g_new (pixman_box32_t, MAX (n_rects, 1));
      for (i = 0; i < (guint) n_rects; i++)
        {
          cairo_rectangle_int_t rect;

          cairo_region_get_rectangle (damage, i, &rect);
          boxes[i] = (pixman_box32_t) { rect.x, rect.y, rect.x + rect.width, rect.y + rect.height };
        }
      pixman_region32_init_rects (&damage_region, boxes, n_rects);
      pixman_region32_intersect (&region, &region, &damage_region);
      pixman_region32_fini (&damage_region);
      g_free (boxes);
    }

  if (!pixman_region32_not_empty (&region))
    {
      pixman_region32_fini (&region);
      return;
    }

  /* Both threads read the sources: settle them here, once */
  for (i = 0; i < list->n_ops; i++)
    if (list->ops[i].kind == GSK_LAYER_RENDER_OP_TEXTURE && list->ops[i].surface)
      cairo_surface_flush (list->ops[i].surface);
    else if (list->ops[i].kind == GSK_LAYER_RENDER_OP_GLYPHS && list->ops[i].glyphs)
      gsk_layer_glyph_run_get_surface (list->ops[i].glyphs);

  extents = *pixman_region32_extents (&region);

  /* Filtered groups that may be kept, drawn whole or taken as kept */
  if (cache != NULL)
    frame.prepared = gsk_layer_software_filter_cache_prepare (cache, list, &region, frame.width, frame.height,
                                                              frame.flags, &frame.n_prepared);

  /* What opaque ops hide, found once for both bands */
  if (!(frame.flags & DEBUG_NO_CULL))
    {
      cairo_region_t *area = cairo_region_create_rectangle (&(cairo_rectangle_int_t) {
        extents.x1, extents.y1, extents.x2 - extents.x1, extents.y2 - extents.y1 });

      frame.occluders = gsk_layer_render_list_find_occluders (list, area);
      cairo_region_destroy (area);
    }

  /* A backdrop filter reads what the other band may be drawing */
  if (list->n_backdrops > 0)
    frame.flags |= DEBUG_NO_THREADS;

  if (!(frame.flags & DEBUG_NO_THREADS) &&
      extents.y2 - extents.y1 >= 2 &&
      region_area (&region) >= MIN_THREADED_PIXELS &&
      (pool = get_thread_pool ()) != NULL)
    {
      int middle = extents.y1 + (extents.y2 - extents.y1) / 2;
      Band bands[2];

      band_init (&bands[0], &frame, &region, extents.y1, middle);
      band_init (&bands[1], &frame, &region, middle, extents.y2);

      if (!g_thread_pool_push (pool, &bands[1], NULL))
        render_band_in_thread (&bands[1], NULL);

      if (pixman_region32_not_empty (&bands[0].damage))
        gsk_layer_software_render_band (&bands[0]);

      g_mutex_lock (&bands[1].mutex);
      while (!bands[1].done)
        g_cond_wait (&bands[1].cond, &bands[1].mutex);
      g_mutex_unlock (&bands[1].mutex);

      band_clear (&bands[0]);
      band_clear (&bands[1]);
    }
  else
    {
      pixman_region32_init (&frame.damage);
      pixman_region32_copy (&frame.damage, &region);
      gsk_layer_software_render_band (&frame);
      pixman_region32_fini (&frame.damage);
    }

  pixman_region32_fini (&region);
  gsk_layer_occluders_free ((GskLayerOccluders *) frame.occluders);
  gsk_layer_software_prepared_free ((GskLayerSoftwarePrepared *) frame.prepared, frame.n_prepared);

  cairo_surface_mark_dirty_rectangle (target, extents.x1, extents.y1,
                                      extents.x2 - extents.x1,
                                      extents.y2 - extents.y1);
}
