/* gsk-layer-pinch-gesture.h: two fingers that zoom and rotate
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-event-controller.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_PINCH_GESTURE (gsk_layer_pinch_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerPinchGesture, gsk_layer_pinch_gesture,
                      GSK, LAYER_PINCH_GESTURE, GskLayerEventController)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_pinch_gesture_new (void);

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_pinch_gesture_is_active (GskLayerPinchGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
double   gsk_layer_pinch_gesture_get_scale (GskLayerPinchGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
double   gsk_layer_pinch_gesture_get_angle (GskLayerPinchGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_pinch_gesture_get_center (GskLayerPinchGesture *self,
                                             double               *x,
                                             double               *y);

G_END_DECLS
