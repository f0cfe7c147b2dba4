/* gsk-layer-glyph-run-private.h: text as glyph images, for the render list
 *
 * A glyph run is what a text layer shows at one raster scale: glyph
 * images placed in the layer's space, each tinted with its colour, and
 * the rectangles of underlines, strikethroughs and backgrounds, in the
 * order Pango draws them. The images come from a cache (gsk/text/) and
 * are shared by every run that shows the same glyph of the same font at
 * the same scale, so a backend uploads each one once (GL packs them in
 * its atlas pages) and a changed label costs only its new glyphs.
 *
 * Runs are immutable once built, and refcounted: the compile puts a
 * reference in each GLYPHS op.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <graphene.h>
#include <cairo.h>

G_BEGIN_DECLS

typedef struct _GskLayerGlyphRun GskLayerGlyphRun;

/* A glyph, or a rectangle if @image is NULL */
typedef struct
{
  /* CAIRO_FORMAT_ARGB32, premultiplied, at the run's scale: white
   * coverage (every channel the coverage) to be tinted with @color, or
   * a colour glyph's own pixels if @colored */
  cairo_surface_t *image;
  /* Where it goes, in layer space: a glyph's image covers its whole
   * rectangle, which starts on a pixel of the run's raster */
  graphene_rect_t rect;
  /* Straight RGBA */
  float color[4];
  gboolean colored;
} GskLayerGlyphItem;

struct _GskLayerGlyphRun
{
  /*< private >*/
  gatomicrefcount ref_count;

  /* Raster pixels per layer unit the images are made for */
  float scale;
  /* The part of layer space the run may draw in (the layer's content
   * box, in whole raster pixels from its corner): items are clipped to
   * it */
  graphene_rect_t clip;

  GskLayerGlyphItem *items;
  guint n_items;
  guint n_allocated;

  /* Drawn under the items, unclipped: a premultiplied image covering
   * @shadow_rect of layer space (text-shadow), or NULL */
  cairo_surface_t *shadow;
  graphene_rect_t shadow_rect;

  /* The whole run drawn into one image covering @clip at @scale, made
   * when first asked for (gsk_layer_glyph_run_get_surface()) */
  GMutex lock;
  cairo_surface_t *surface;
};

GskLayerGlyphRun *gsk_layer_glyph_run_new          (float                    scale,
                                                    const graphene_rect_t   *clip);
GskLayerGlyphRun *gsk_layer_glyph_run_ref          (GskLayerGlyphRun        *run);
void              gsk_layer_glyph_run_unref        (GskLayerGlyphRun        *run);

/* For builders, before the run is shared: @image is referenced. With
 * @image, (@x, @y) is the image's top-left corner in raster pixels of
 * the run from the corner of its clip (integers, for crisp glyphs);
 * without, @rect is a rectangle in layer space. */
void              gsk_layer_glyph_run_add_glyph    (GskLayerGlyphRun        *run,
                                                    cairo_surface_t         *image,
                                                    gboolean                 colored,
                                                    int                      x,
                                                    int                      y,
                                                    const float              color[4]);
void              gsk_layer_glyph_run_add_rect     (GskLayerGlyphRun        *run,
                                                    const graphene_rect_t   *rect,
                                                    const float              color[4]);

/* For builders: @shadow (referenced) is drawn under the run, covering
 * @rect of layer space, not clipped to the run's clip */
void              gsk_layer_glyph_run_set_shadow   (GskLayerGlyphRun        *run,
                                                    cairo_surface_t         *shadow,
                                                    const graphene_rect_t   *rect);

/* The run drawn as one image covering its clip at its scale, for
 * backends that composite images (the software backend, GTK's render
 * nodes): the same glyph images, so every backend shows the same
 * pixels. Thread-safe; made once. Owned by the run; NULL if empty. */
cairo_surface_t  *gsk_layer_glyph_run_get_surface  (GskLayerGlyphRun        *run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerGlyphRun, gsk_layer_glyph_run_unref)

G_END_DECLS
