/* gsk-layer-shape.h: a layer that fills and strokes a path
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer.h"
#include "gsk-layer-path.h"

G_BEGIN_DECLS

/**
 * GskLayerLineCap:
 * @GSK_LAYER_LINE_CAP_BUTT: the stroke ends where the path does
 * @GSK_LAYER_LINE_CAP_ROUND: a half circle past each end
 * @GSK_LAYER_LINE_CAP_SQUARE: half a square past each end
 *
 * How the ends of a stroke look (SVG's `stroke-linecap`).
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_LINE_CAP_BUTT,
  GSK_LAYER_LINE_CAP_ROUND,
  GSK_LAYER_LINE_CAP_SQUARE,
} GskLayerLineCap;

/**
 * GskLayerLineJoin:
 * @GSK_LAYER_LINE_JOIN_MITER: sharp corners, bevelled past the miter limit
 * @GSK_LAYER_LINE_JOIN_ROUND: round corners
 * @GSK_LAYER_LINE_JOIN_BEVEL: corners cut flat
 *
 * How a stroke turns corners (SVG's `stroke-linejoin`).
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_LINE_JOIN_MITER,
  GSK_LAYER_LINE_JOIN_ROUND,
  GSK_LAYER_LINE_JOIN_BEVEL,
} GskLayerLineJoin;

#define GSK_TYPE_LAYER_SHAPE (gsk_layer_shape_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerShape, gsk_layer_shape, GSK, LAYER_SHAPE, GskLayer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_shape_new (GskLayerPath *path);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_path (GskLayerShape *self,
                               GskLayerPath  *path);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_shape_get_path (GskLayerShape *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_fill_color (GskLayerShape *self,
                                     const GdkRGBA *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_get_fill_color (GskLayerShape *self,
                                     GdkRGBA       *color);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_shape_set_fill_gradient (GskLayerShape  *self,
                                            const char     *gradient,
                                            GError        **error);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_shape_get_fill_gradient (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_shape_set_stroke_gradient (GskLayerShape  *self,
                                              const char     *gradient,
                                              GError        **error);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_shape_get_stroke_gradient (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_fill_rule (GskLayerShape        *self,
                                    GskLayerPathFillRule  rule);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPathFillRule gsk_layer_shape_get_fill_rule (GskLayerShape *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_stroke_color (GskLayerShape *self,
                                       const GdkRGBA *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_get_stroke_color (GskLayerShape *self,
                                       GdkRGBA       *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_stroke_width (GskLayerShape *self,
                                       float          width);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_shape_get_stroke_width (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_line_cap (GskLayerShape   *self,
                                   GskLayerLineCap  cap);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLineCap gsk_layer_shape_get_line_cap (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_line_join (GskLayerShape    *self,
                                    GskLayerLineJoin  join);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLineJoin gsk_layer_shape_get_line_join (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_miter_limit (GskLayerShape *self,
                                      float          limit);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_shape_get_miter_limit (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_dash (GskLayerShape *self,
                               const float   *dash,
                               gsize          n_dash);
GSK_LAYER_AVAILABLE_IN_ALL
const float *gsk_layer_shape_get_dash (GskLayerShape *self,
                                       gsize         *n_dash);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_dash_offset (GskLayerShape *self,
                                      float          offset);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_shape_get_dash_offset (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_stroke_start (GskLayerShape *self,
                                       float          start);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_shape_get_stroke_start (GskLayerShape *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_shape_set_stroke_end (GskLayerShape *self,
                                     float          end);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_shape_get_stroke_end (GskLayerShape *self);

G_END_DECLS
