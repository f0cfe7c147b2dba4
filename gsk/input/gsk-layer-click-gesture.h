/* gsk-layer-click-gesture.h: presses, releases and clicks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-gesture.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_CLICK_GESTURE (gsk_layer_click_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerClickGesture, gsk_layer_click_gesture, GSK, LAYER_CLICK_GESTURE, GskLayerGesture)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_click_gesture_new (void);

G_END_DECLS
