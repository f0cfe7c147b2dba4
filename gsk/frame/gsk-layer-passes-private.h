/* gsk-layer-passes-private.h: the passes of a frame that run user code
 * (layout, then draw), before the compile
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-private.h"
#include "gsk-layer-glyph-run-private.h"
#include "gsk-layer-style.h"

G_BEGIN_DECLS

/* The cached result of draw(): @surface holds @rect of layer space; or
 * of the layer's glyph function: @glyphs, clipped to @rect */
struct _GskLayerContentCache
{
  cairo_surface_t *surface;
  GskLayerGlyphRun *glyphs;
  graphene_rect_t rect;
  /* Pixels of @surface per layer unit, as rasterize() chose it for
   * the layer's scale on screen */
  float scale;
  /* Of @glyphs: how far past a whole device pixel the content box's
   * corner was on screen, in raster pixels; @rect starts that much
   * before the box, on a device pixel */
  graphene_point_t phase;
};

/* A style's background and border, drawn at @scale for a layer of
 * @size, @background and corner radii @radii */
struct _GskLayerStyleCache
{
  cairo_surface_t *surface;
  GskLayerStyle *style;
  graphene_size_t size;
  float background[4];
  graphene_size_t radii[4];
  float scale;
  /* The part of layer space @surface covers: the bounds, and where
   * outset shadows reach */
  graphene_rect_t extents;
  /* The style's mask-image over the bounds, as alpha (ARGB32), or NULL */
  cairo_surface_t *mask_surface;
};

/* Draws the content and style rasters of the layers under @root that
 * need it, for a target of @target_width × @target_height at
 * @device_scale (@vector_style: borders and backgrounds the backend
 * paints need no raster); @all: every layer, as for a full redraw */
void  gsk_layer_run_draw      (GskLayer *root,
                               gboolean  all,
                               int       target_width,
                               int       target_height,
                               float     device_scale,
                               gboolean  vector_style);

/* The scale @layer's content is rasterized at for @device_scale: more,
 * in steps, where its world matrix stretches it */
float gsk_layer_content_scale (GskLayer *layer,
                               float     device_scale);

G_END_DECLS
