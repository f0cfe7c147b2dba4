/* gsk-layer-glyph-cache-private.h: glyph images, drawn once per font and scale
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <pango/pangocairo.h>

G_BEGIN_DECLS

typedef struct
{
  /* NULL for a glyph that draws nothing (a space) */
  cairo_surface_t *image;
  /* The image's top-left corner from the glyph's origin, in pixels */
  int x;
  int y;
  /* The image has colours of its own (an emoji), not white coverage */
  gboolean colored;
} GskLayerGlyphImage;

/* The image of @glyph of @font at @scale pixels per unit, as cairo draws
 * it with its origin on a pixel; @out's image is a new reference. The
 * cache keeps images while their font lives. */
void                      gsk_layer_glyph_cache_lookup          (PangoFont          *font,
                                                                  PangoGlyph          glyph,
                                                                  float               scale,
                                                                  GskLayerGlyphImage *out);

/* For tests and benchmarks: how many glyph images have been drawn */
guint                     gsk_layer_glyph_cache_get_n_rasterized (void);

G_END_DECLS
