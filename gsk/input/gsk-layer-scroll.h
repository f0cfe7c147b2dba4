/* gsk-layer-scroll.h: a layer that scrolls its children
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer.h"
#include "gsk-layer-pan-gesture.h"
#include "gsk-layer-pinch-gesture.h"

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * GskLayerScrollSnap:
 * @GSK_LAYER_SCROLL_SNAP_NONE: the scroll rests wherever its motion
 *   ends
 * @GSK_LAYER_SCROLL_SNAP_MANDATORY: it always comes to rest at a snap
 *   position, as CSS's `scroll-snap-type: y mandatory`
 * @GSK_LAYER_SCROLL_SNAP_PROXIMITY: at a snap position where it would
 *   rest near one (within 30% of the layer's length), as CSS's
 *   `proximity`
 *
 * Where a scroll layer comes to rest after the user scrolled it. The
 * snap positions are where each visible child starts along the axis
 * (CSS's `scroll-snap-align: start`), and both ends of the range.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_SCROLL_SNAP_NONE,
  GSK_LAYER_SCROLL_SNAP_MANDATORY,
  GSK_LAYER_SCROLL_SNAP_PROXIMITY,
} GskLayerScrollSnap;

/**
 * GSK_LAYER_SCROLL_MIN_ZOOM:
 *
 * The least zoom a scroll layer's limits may allow.
 *
 * Since: 0.1
 */
#define GSK_LAYER_SCROLL_MIN_ZOOM 0.01

/**
 * GSK_LAYER_SCROLL_MAX_ZOOM:
 *
 * The most zoom a scroll layer's limits may allow.
 *
 * Since: 0.1
 */
#define GSK_LAYER_SCROLL_MAX_ZOOM 100.0

#define GSK_TYPE_LAYER_SCROLL (gsk_layer_scroll_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerScroll, gsk_layer_scroll, GSK, LAYER_SCROLL, GskLayer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer            *gsk_layer_scroll_new                (GskLayerOrientation     orientation);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerOrientation  gsk_layer_scroll_get_orientation    (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_set_scroll_offset  (GskLayerScroll         *self,
                                                          double                  offset);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_scroll_offset  (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_max_offset     (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_scroll_to_point    (GskLayerScroll         *self,
                                                          const graphene_point_t *point);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_scroll_to_rect     (GskLayerScroll         *self,
                                                          const graphene_rect_t  *rect);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_set_snap           (GskLayerScroll         *self,
                                                          GskLayerScrollSnap      snap);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerScrollSnap   gsk_layer_scroll_get_snap           (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPanGesture  *gsk_layer_scroll_get_pan_gesture    (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_set_cross_offset   (GskLayerScroll         *self,
                                                          double                  offset);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_cross_offset   (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_max_cross_offset (GskLayerScroll       *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_zoom_to            (GskLayerScroll         *self,
                                                          double                  zoom,
                                                          const graphene_point_t *focal);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_set_zoom           (GskLayerScroll         *self,
                                                          double                  zoom);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_zoom           (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_set_zoom_limits    (GskLayerScroll         *self,
                                                          double                  min_zoom,
                                                          double                  max_zoom);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_min_zoom       (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
double               gsk_layer_scroll_get_max_zoom       (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPinchGesture *gsk_layer_scroll_get_pinch_gesture (GskLayerScroll         *self);

/**
 * GskLayerCreateCellFunc:
 * @user_data: the data given to [method@LayerScroll.bind_model]
 *
 * Makes a layer to show items in: it is bound to one item at a time.
 *
 * Returns: (transfer floating): a new layer, with no parent
 *
 * Since: 0.1
 */
typedef GskLayer * (* GskLayerCreateCellFunc) (gpointer user_data);

/**
 * GskLayerBindCellFunc:
 * @cell: a layer made by the [callback@LayerCreateCellFunc]
 * @item: (type GObject): the item @cell is to show, or shows no more
 * @user_data: the data given to [method@LayerScroll.bind_model]
 *
 * Makes @cell show @item, or lets it go.
 *
 * Since: 0.1
 */
typedef void (* GskLayerBindCellFunc) (GskLayer *cell,
                                       gpointer  item,
                                       gpointer  user_data);

GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_bind_model         (GskLayerScroll         *self,
                                                          GListModel             *model,
                                                          const graphene_size_t  *cell_size,
                                                          GskLayerCreateCellFunc  create_cell_func,
                                                          GskLayerBindCellFunc    bind_cell_func,
                                                          GskLayerBindCellFunc    unbind_cell_func,
                                                          gpointer                user_data,
                                                          GDestroyNotify          notify);
GSK_LAYER_AVAILABLE_IN_ALL
GListModel          *gsk_layer_scroll_get_model          (GskLayerScroll         *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint                gsk_layer_scroll_get_cell_position  (GskLayerScroll         *self,
                                                          GskLayer               *cell);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_get_item_bounds    (GskLayerScroll         *self,
                                                          guint                   position,
                                                          graphene_rect_t        *bounds);
GSK_LAYER_AVAILABLE_IN_ALL
void                 gsk_layer_scroll_scroll_to_item     (GskLayerScroll         *self,
                                                          guint                   position);

G_END_DECLS
