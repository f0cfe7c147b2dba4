/* gsk-layer-event.h: input events delivered to layers
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gdk/gdk.h>
#include <graphene.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GskLayerEventType:
 * @GSK_LAYER_EVENT_MOTION: the pointer moved
 * @GSK_LAYER_EVENT_BUTTON_PRESS: a pointer button was pressed
 * @GSK_LAYER_EVENT_BUTTON_RELEASE: a pointer button was released
 * @GSK_LAYER_EVENT_SCROLL: a scroll wheel turned or a touchpad scrolled
 * @GSK_LAYER_EVENT_TOUCH_BEGIN: a touch sequence began
 * @GSK_LAYER_EVENT_TOUCH_UPDATE: a touch point moved
 * @GSK_LAYER_EVENT_TOUCH_END: a touch sequence ended
 * @GSK_LAYER_EVENT_TOUCH_CANCEL: a touch sequence was taken away
 * @GSK_LAYER_EVENT_KEY_PRESS: a key was pressed
 * @GSK_LAYER_EVENT_KEY_RELEASE: a key was released
 * @GSK_LAYER_EVENT_ENTER: the pointer entered a layer
 * @GSK_LAYER_EVENT_LEAVE: the pointer left a layer (or, dispatched to a
 *   top level, the surface)
 * @GSK_LAYER_EVENT_FOCUS_IN: a layer got the keyboard focus
 * @GSK_LAYER_EVENT_FOCUS_OUT: a layer lost the keyboard focus
 * @GSK_LAYER_EVENT_GRAB_BROKEN: a layer lost the pointer grab or a touch
 *   sequence it had, because it left the tree or another layer grabbed
 *   the pointer: what it was doing with them is cancelled
 *
 * The kinds of [struct@LayerEvent].
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_EVENT_MOTION,
  GSK_LAYER_EVENT_BUTTON_PRESS,
  GSK_LAYER_EVENT_BUTTON_RELEASE,
  GSK_LAYER_EVENT_SCROLL,
  GSK_LAYER_EVENT_TOUCH_BEGIN,
  GSK_LAYER_EVENT_TOUCH_UPDATE,
  GSK_LAYER_EVENT_TOUCH_END,
  GSK_LAYER_EVENT_TOUCH_CANCEL,
  GSK_LAYER_EVENT_KEY_PRESS,
  GSK_LAYER_EVENT_KEY_RELEASE,
  GSK_LAYER_EVENT_ENTER,
  GSK_LAYER_EVENT_LEAVE,
  GSK_LAYER_EVENT_FOCUS_IN,
  GSK_LAYER_EVENT_FOCUS_OUT,
  GSK_LAYER_EVENT_GRAB_BROKEN,
} GskLayerEventType;

/**
 * GskLayerDeviceKind:
 * @GSK_LAYER_DEVICE_MOUSE: a mouse
 * @GSK_LAYER_DEVICE_TOUCHPAD: a touchpad
 * @GSK_LAYER_DEVICE_TOUCHSCREEN: a touchscreen
 * @GSK_LAYER_DEVICE_PEN: a pen or stylus
 * @GSK_LAYER_DEVICE_KEYBOARD: a keyboard
 *
 * The kind of device an event comes from.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_DEVICE_MOUSE,
  GSK_LAYER_DEVICE_TOUCHPAD,
  GSK_LAYER_DEVICE_TOUCHSCREEN,
  GSK_LAYER_DEVICE_PEN,
  GSK_LAYER_DEVICE_KEYBOARD,
} GskLayerDeviceKind;

/**
 * GskLayerScrollDirection:
 * @GSK_LAYER_SCROLL_UP: one step up (a wheel click)
 * @GSK_LAYER_SCROLL_DOWN: one step down
 * @GSK_LAYER_SCROLL_LEFT: one step left
 * @GSK_LAYER_SCROLL_RIGHT: one step right
 * @GSK_LAYER_SCROLL_SMOOTH: by the event's deltas (a touchpad, a
 *   high-resolution wheel)
 *
 * How a scroll event scrolls.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_SCROLL_UP,
  GSK_LAYER_SCROLL_DOWN,
  GSK_LAYER_SCROLL_LEFT,
  GSK_LAYER_SCROLL_RIGHT,
  GSK_LAYER_SCROLL_SMOOTH,
} GskLayerScrollDirection;

typedef struct _GskLayerEvent GskLayerEvent;

#define GSK_TYPE_LAYER_EVENT (gsk_layer_event_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
GType gsk_layer_event_get_type (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEvent *gsk_layer_event_new (GskLayerEventType  type,
                                    guint32            time,
                                    double             x,
                                    double             y);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEvent *gsk_layer_event_ref   (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
void           gsk_layer_event_unref (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventType  gsk_layer_event_get_event_type  (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint32            gsk_layer_event_get_time        (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_get_position    (GskLayerEvent *self,
                                                    double        *x,
                                                    double        *y);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean           gsk_layer_event_get_position_in (GskLayerEvent    *self,
                                                    GskLayer         *layer,
                                                    graphene_point_t *point);

GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_device_kind (GskLayerEvent      *self,
                                                    GskLayerDeviceKind  kind);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerDeviceKind gsk_layer_event_get_device_kind (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_modifiers   (GskLayerEvent   *self,
                                                    GdkModifierType  modifiers);
GSK_LAYER_AVAILABLE_IN_ALL
GdkModifierType    gsk_layer_event_get_modifiers   (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_button      (GskLayerEvent *self,
                                                    guint          button);
GSK_LAYER_AVAILABLE_IN_ALL
guint              gsk_layer_event_get_button      (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_key         (GskLayerEvent *self,
                                                    guint          keyval,
                                                    guint          keycode);
GSK_LAYER_AVAILABLE_IN_ALL
guint              gsk_layer_event_get_keyval      (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint              gsk_layer_event_get_keycode     (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_scroll      (GskLayerEvent           *self,
                                                    GskLayerScrollDirection  direction,
                                                    double                   dx,
                                                    double                   dy,
                                                    gboolean                 is_stop);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerScrollDirection gsk_layer_event_get_scroll_direction (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_get_scroll_deltas (GskLayerEvent *self,
                                                      double        *dx,
                                                      double        *dy);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean           gsk_layer_event_is_scroll_stop  (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
void               gsk_layer_event_set_sequence    (GskLayerEvent *self,
                                                    guint          sequence);
GSK_LAYER_AVAILABLE_IN_ALL
guint              gsk_layer_event_get_sequence    (GskLayerEvent *self);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer          *gsk_layer_event_get_target      (GskLayerEvent *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer          *gsk_layer_event_get_related_layer (GskLayerEvent *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerEvent, gsk_layer_event_unref)

G_END_DECLS
