/* gsk-layer-long-press-gesture.h: a press held still
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-gesture.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_LONG_PRESS_GESTURE (gsk_layer_long_press_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerLongPressGesture, gsk_layer_long_press_gesture,
                      GSK, LAYER_LONG_PRESS_GESTURE, GskLayerGesture)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_long_press_gesture_new (void);

GSK_LAYER_AVAILABLE_IN_ALL
void  gsk_layer_long_press_gesture_set_delay (GskLayerLongPressGesture *self,
                                              guint                     delay_ms);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_long_press_gesture_get_delay (GskLayerLongPressGesture *self);

G_END_DECLS
