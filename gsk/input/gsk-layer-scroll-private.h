/* gsk-layer-scroll-private.h: the scroll layer and its cells from a
 * model
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-scroll.h"
#include "gsk-layer-pinch-gesture.h"
#include "gsk-layer-layout-manager.h"

G_BEGIN_DECLS

typedef struct _GskLayerScrollCells GskLayerScrollCells;

struct _GskLayerScroll
{
  GskLayer parent_instance;

  GskLayerOrientation orientation;
  GskLayerPanGesture *pan;      /* unowned: the layer's controllers */
  GskLayerPanGesture *cross_pan;
  GskLayerPinchGesture *pinch;
  double offset;
  double cross_offset;
  double zoom, min_zoom, max_zoom;
  /* A pinch under way: the zoom it began at, the point of the children
   * its centre holds */
  gboolean pinching;
  double pinch_zoom;
  graphene_point_t pinch_anchor;
  gboolean scrolling_to;        /* the pan's value follows an animated scroll */
  GskLayerScrollSnap snap;
  GskLayerScrollCells *cells;   /* a model bound, or NULL */
  GskLayerLayoutManager *fixed; /* measures the children, unset */
};

gboolean gsk_layer_scroll_is_horizontal    (GskLayerScroll *self);
double   gsk_layer_scroll_viewport_length  (GskLayerScroll *self);

/* gsk-layer-scroll-model.c: what the scroll layer asks of its cells */
void     gsk_layer_scroll_cells_free       (GskLayerScrollCells *cells);
double   gsk_layer_scroll_cells_extent     (GskLayerScroll      *self);
void     gsk_layer_scroll_cells_layout     (GskLayerScroll      *self);
void     gsk_layer_scroll_cells_measure    (GskLayerScroll      *self,
                                            GskLayerOrientation  orientation,
                                            float               *minimum,
                                            float               *natural);
void     gsk_layer_scroll_cells_scrolled   (GskLayerScroll      *self,
                                            gboolean             animated);
void     gsk_layer_scroll_cells_snap       (GskLayerScroll      *self,
                                            double               start,
                                            double               end,
                                            double              *best,
                                            double              *next,
                                            double              *previous);

G_END_DECLS
