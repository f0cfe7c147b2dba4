/* gsk-layer-drag-gesture.h: dragging, past a threshold, on an axis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-gesture.h"

G_BEGIN_DECLS

/**
 * GskLayerDragAxis:
 * @GSK_LAYER_DRAG_BOTH: the drag follows the point
 * @GSK_LAYER_DRAG_HORIZONTAL: only its horizontal motion
 * @GSK_LAYER_DRAG_VERTICAL: only its vertical motion
 *
 * Which motion a drag follows.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_DRAG_BOTH,
  GSK_LAYER_DRAG_HORIZONTAL,
  GSK_LAYER_DRAG_VERTICAL,
} GskLayerDragAxis;

/**
 * GskLayerDragCoordinates:
 * @GSK_LAYER_DRAG_COORDINATES_PARENT: in the layer's parent's space,
 *   which does not move with the drag (the layer's own for a layer
 *   without a parent)
 * @GSK_LAYER_DRAG_COORDINATES_LAYER: in the layer's own space
 *
 * The space a drag's start point and offsets are in.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_DRAG_COORDINATES_PARENT,
  GSK_LAYER_DRAG_COORDINATES_LAYER,
} GskLayerDragCoordinates;

#define GSK_TYPE_LAYER_DRAG_GESTURE (gsk_layer_drag_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerDragGesture, gsk_layer_drag_gesture, GSK, LAYER_DRAG_GESTURE, GskLayerGesture)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_drag_gesture_new (void);

GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_drag_gesture_set_threshold (GskLayerDragGesture *self,
                                                       double               threshold);
GSK_LAYER_AVAILABLE_IN_ALL
double           gsk_layer_drag_gesture_get_threshold (GskLayerDragGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_drag_gesture_set_axis      (GskLayerDragGesture *self,
                                                       GskLayerDragAxis     axis);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerDragAxis gsk_layer_drag_gesture_get_axis      (GskLayerDragGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean         gsk_layer_drag_gesture_is_dragging   (GskLayerDragGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
void             gsk_layer_drag_gesture_set_handle    (GskLayerDragGesture *self,
                                                       GskLayer            *handle);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer        *gsk_layer_drag_gesture_get_handle    (GskLayerDragGesture *self);

G_END_DECLS
