/* gsk-layer-swipe-gesture.h: the velocity a press or touch ends with
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-gesture.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_SWIPE_GESTURE (gsk_layer_swipe_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerSwipeGesture, gsk_layer_swipe_gesture, GSK, LAYER_SWIPE_GESTURE, GskLayerGesture)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_swipe_gesture_new (void);

G_END_DECLS
