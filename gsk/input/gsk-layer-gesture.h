/* gsk-layer-gesture.h: controllers that follow a press or a touch
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-event-controller.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_GESTURE (gsk_layer_gesture_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerGesture, gsk_layer_gesture, GSK, LAYER_GESTURE, GskLayerEventController)

/**
 * GskLayerGestureClass:
 * @begin: a press or touch began the gesture
 * @update: its point moved
 * @end: it was released or lifted
 * @cancel: it was taken away (a grab broke, a touch was cancelled)
 *
 * The class of gestures. Subclasses interpret the point's course; the
 * base class follows it, in the gesture's layer's own space.
 *
 * Since: 0.1
 */
struct _GskLayerGestureClass
{
  GskLayerEventControllerClass parent_class;

  void (* begin)  (GskLayerGesture *self);
  void (* update) (GskLayerGesture *self);
  void (* end)    (GskLayerGesture *self);
  void (* cancel) (GskLayerGesture *self);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_gesture_set_button      (GskLayerGesture *self,
                                            guint            button);
GSK_LAYER_AVAILABLE_IN_ALL
guint    gsk_layer_gesture_get_button      (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_gesture_is_active       (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_gesture_claim           (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_gesture_get_start_point (GskLayerGesture *self,
                                            double          *x,
                                            double          *y);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_gesture_get_point       (GskLayerGesture *self,
                                            double          *x,
                                            double          *y);
GSK_LAYER_AVAILABLE_IN_ALL
guint32  gsk_layer_gesture_get_time        (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
GdkModifierType gsk_layer_gesture_get_modifiers (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerDeviceKind gsk_layer_gesture_get_device_kind (GskLayerGesture *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_gesture_get_velocity    (GskLayerGesture *self,
                                            double          *vx,
                                            double          *vy);

G_END_DECLS
