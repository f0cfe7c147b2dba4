/* gsk-layer-glyph-cache-private.h: glyph images, drawn once per font and scale
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>
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

/* How many positions within a pixel cairo draws a glyph's origin at,
 * on each axis: 1 where it rounds origins to whole pixels (cairo 1.16),
 * 4 where it draws them to the nearest quarter pixel (cairo 1.18) */
int                       gsk_layer_glyph_cache_get_phases      (void);

/* Where cairo draws a glyph whose origin is at @position (device
 * pixels): the whole pixel, and the phase within it (0 to phases - 1) */
static inline int
gsk_layer_glyph_snap (double  position,
                      int     phases,
                      int    *phase)
{
  double q = floor (position * phases + 0.5);
  double pixel = floor (q / phases);

  *phase = (int) (q - pixel * phases);
  return (int) pixel;
}

/* The image of @glyph of @font at @scale pixels per unit, as cairo draws
 * it with its origin @x_phase and @y_phase phases past a pixel; @out's
 * image is a new reference. The cache keeps images while their font
 * lives. */
void                      gsk_layer_glyph_cache_lookup          (PangoFont          *font,
                                                                  PangoGlyph          glyph,
                                                                  float               scale,
                                                                  int                 x_phase,
                                                                  int                 y_phase,
                                                                  GskLayerGlyphImage *out);

/* For benchmarks: how many glyph images the cache holds now */
guint                     gsk_layer_glyph_cache_get_n_images     (void);

/* For tests and benchmarks: how many glyph images have been drawn */
guint                     gsk_layer_glyph_cache_get_n_rasterized (void);

G_END_DECLS
