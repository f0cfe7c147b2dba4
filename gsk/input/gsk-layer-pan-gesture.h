/* gsk-layer-pan-gesture.h: scrolling by dragging, with kinetic motion
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-gesture.h"
#include "gsk-layer-drag-gesture.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_PAN_GESTURE (gsk_layer_pan_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerPanGesture, gsk_layer_pan_gesture, GSK, LAYER_PAN_GESTURE, GskLayerGesture)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_pan_gesture_new (GskLayerDragAxis axis);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerDragAxis gsk_layer_pan_gesture_get_axis   (GskLayerPanGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_pan_gesture_set_range  (GskLayerPanGesture *self,
                                                   double              lower,
                                                   double              upper);
GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_pan_gesture_get_range  (GskLayerPanGesture *self,
                                                   double             *lower,
                                                   double             *upper);
GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_pan_gesture_set_value  (GskLayerPanGesture *self,
                                                   double              value);
GSK_LAYER_AVAILABLE_IN_ALL
double           gsk_layer_pan_gesture_get_value  (GskLayerPanGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean         gsk_layer_pan_gesture_is_moving  (GskLayerPanGesture *self);

G_END_DECLS
