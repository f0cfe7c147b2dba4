/* gsk-layer-glyph-run.c: text as glyph images, for the render list
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-glyph-run-private.h"

#include <math.h>
#include <string.h>

GskLayerGlyphRun *
gsk_layer_glyph_run_new (float                  scale,
                         const graphene_rect_t *clip)
{
  GskLayerGlyphRun *run;

  g_return_val_if_fail (scale > 0.f, NULL);
  g_return_val_if_fail (clip != NULL, NULL);

  run = g_new0 (GskLayerGlyphRun, 1);
  g_atomic_ref_count_init (&run->ref_count);
  run->scale = scale;
  run->clip = *clip;
  g_mutex_init (&run->lock);

  return run;
}

GskLayerGlyphRun *
gsk_layer_glyph_run_ref (GskLayerGlyphRun *run)
{
  g_return_val_if_fail (run != NULL, NULL);

  g_atomic_ref_count_inc (&run->ref_count);

  return run;
}

void
gsk_layer_glyph_run_unref (GskLayerGlyphRun *run)
{
  guint i;

  g_return_if_fail (run != NULL);

  if (!g_atomic_ref_count_dec (&run->ref_count))
    return;

  for (i = 0; i < run->n_items; i++)
    g_clear_pointer (&run->items[i].image, cairo_surface_destroy);
  g_free (run->items);
  g_clear_pointer (&run->surface, cairo_surface_destroy);
  g_clear_pointer (&run->shadow, cairo_surface_destroy);
  g_mutex_clear (&run->lock);
  g_free (run);
}

static GskLayerGlyphItem *
append_item (GskLayerGlyphRun *run)
{
  if (run->n_items == run->n_allocated)
    {
      run->n_allocated = MAX (16, run->n_allocated * 2);
      run->items = g_renew (GskLayerGlyphItem, run->items, run->n_allocated);
    }

  return &run->items[run->n_items++];
}

void
gsk_layer_glyph_run_add_glyph (GskLayerGlyphRun *run,
                               cairo_surface_t  *image,
                               gboolean          colored,
                               int               x,
                               int               y,
                               const float       color[4])
{
  GskLayerGlyphItem *item;

  g_return_if_fail (run != NULL && run->surface == NULL);
  g_return_if_fail (image != NULL && cairo_image_surface_get_format (image) == CAIRO_FORMAT_ARGB32);

  item = append_item (run);
  item->image = cairo_surface_reference (image);
  item->colored = colored;
  item->rect = GRAPHENE_RECT_INIT (run->clip.origin.x + x / run->scale,
                                   run->clip.origin.y + y / run->scale,
                                   cairo_image_surface_get_width (image) / run->scale,
                                   cairo_image_surface_get_height (image) / run->scale);
  memcpy (item->color, color, sizeof item->color);
}

void
gsk_layer_glyph_run_add_rect (GskLayerGlyphRun      *run,
                              const graphene_rect_t *rect,
                              const float            color[4])
{
  GskLayerGlyphItem *item;

  g_return_if_fail (run != NULL && run->surface == NULL);

  item = append_item (run);
  item->image = NULL;
  item->colored = FALSE;
  item->rect = *rect;
  memcpy (item->color, color, sizeof item->color);
}

void
gsk_layer_glyph_run_set_shadow (GskLayerGlyphRun      *run,
                                cairo_surface_t       *shadow,
                                const graphene_rect_t *rect)
{
  g_return_if_fail (run != NULL);

  g_clear_pointer (&run->shadow, cairo_surface_destroy);
  run->shadow = shadow ? cairo_surface_reference (shadow) : NULL;
  run->shadow_rect = *rect;
}

/* Composites as GL does, item over item, in raster pixels from the
 * clip's corner */
static cairo_surface_t *
draw_run (GskLayerGlyphRun *run)
{
  int width = (int) ceilf (run->clip.size.width * run->scale - 0.01f);
  int height = (int) ceilf (run->clip.size.height * run->scale - 0.01f);
  cairo_surface_t *surface;
  cairo_t *cr;
  guint i;

  if (width <= 0 || height <= 0)
    return NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  cr = cairo_create (surface);
  for (i = 0; i < run->n_items; i++)
    {
      const GskLayerGlyphItem *item = &run->items[i];
      double x = (item->rect.origin.x - run->clip.origin.x) * run->scale;
      double y = (item->rect.origin.y - run->clip.origin.y) * run->scale;

      if (item->image != NULL && item->colored)
        {
          cairo_set_source_surface (cr, item->image, round (x), round (y));
          cairo_paint (cr);
        }
      else if (item->image != NULL)
        {
          cairo_set_source_rgba (cr, item->color[0], item->color[1], item->color[2], item->color[3]);
          cairo_mask_surface (cr, item->image, round (x), round (y));
        }
      else
        {
          cairo_set_source_rgba (cr, item->color[0], item->color[1], item->color[2], item->color[3]);
          cairo_rectangle (cr, x, y, item->rect.size.width * run->scale, item->rect.size.height * run->scale);
          cairo_fill (cr);
        }
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

cairo_surface_t *
gsk_layer_glyph_run_get_surface (GskLayerGlyphRun *run)
{
  cairo_surface_t *surface;

  g_return_val_if_fail (run != NULL, NULL);

  g_mutex_lock (&run->lock);
  if (run->surface == NULL && run->n_items > 0)
    run->surface = draw_run (run);
  surface = run->surface;
  g_mutex_unlock (&run->lock);

  return surface;
}
