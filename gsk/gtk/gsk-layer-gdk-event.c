/* gsk-layer-gdk-event.c: GDK's events as the layers' events
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gdk-event-private.h"

static GskLayerDeviceKind
device_kind (GdkEvent *event)
{
  GdkDevice *device = gdk_event_get_device (event);

  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_KEY_PRESS:
    case GDK_KEY_RELEASE:
      return GSK_LAYER_DEVICE_KEYBOARD;
    /* Only touchscreens make touch events (touchpads make GDK_TOUCHPAD_*
     * ones), whatever device GDK names: Broadway's come from its core
     * pointer */
    case GDK_TOUCH_BEGIN:
    case GDK_TOUCH_UPDATE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
      return GSK_LAYER_DEVICE_TOUCHSCREEN;
    default:
      break;
    }
  if (device == NULL)
    return GSK_LAYER_DEVICE_MOUSE;

  switch ((int) gdk_device_get_source (device))
    {
    case GDK_SOURCE_TOUCHSCREEN:
      return GSK_LAYER_DEVICE_TOUCHSCREEN;
    case GDK_SOURCE_TOUCHPAD:
    case GDK_SOURCE_TRACKPOINT:
      return GSK_LAYER_DEVICE_TOUCHPAD;
    case GDK_SOURCE_PEN:
    case GDK_SOURCE_TABLET_PAD:
      return GSK_LAYER_DEVICE_PEN;
    case GDK_SOURCE_KEYBOARD:
      return GSK_LAYER_DEVICE_KEYBOARD;
    default:
      return GSK_LAYER_DEVICE_MOUSE;
    }
}

static gboolean
layer_event_type (GdkEventType       type,
                  GskLayerEventType *out)
{
  switch ((int) type)
    {
    case GDK_MOTION_NOTIFY:   *out = GSK_LAYER_EVENT_MOTION; return TRUE;
    case GDK_BUTTON_PRESS:    *out = GSK_LAYER_EVENT_BUTTON_PRESS; return TRUE;
    case GDK_BUTTON_RELEASE:  *out = GSK_LAYER_EVENT_BUTTON_RELEASE; return TRUE;
    case GDK_SCROLL:          *out = GSK_LAYER_EVENT_SCROLL; return TRUE;
    case GDK_TOUCH_BEGIN:     *out = GSK_LAYER_EVENT_TOUCH_BEGIN; return TRUE;
    case GDK_TOUCH_UPDATE:    *out = GSK_LAYER_EVENT_TOUCH_UPDATE; return TRUE;
    case GDK_TOUCH_END:       *out = GSK_LAYER_EVENT_TOUCH_END; return TRUE;
    case GDK_TOUCH_CANCEL:    *out = GSK_LAYER_EVENT_TOUCH_CANCEL; return TRUE;
    case GDK_KEY_PRESS:       *out = GSK_LAYER_EVENT_KEY_PRESS; return TRUE;
    case GDK_KEY_RELEASE:     *out = GSK_LAYER_EVENT_KEY_RELEASE; return TRUE;
    default:                  return FALSE;
    }
}

static GskLayerScrollDirection
scroll_direction (GdkScrollDirection direction)
{
  switch (direction)
    {
    case GDK_SCROLL_UP:    return GSK_LAYER_SCROLL_UP;
    case GDK_SCROLL_DOWN:  return GSK_LAYER_SCROLL_DOWN;
    case GDK_SCROLL_LEFT:  return GSK_LAYER_SCROLL_LEFT;
    case GDK_SCROLL_RIGHT: return GSK_LAYER_SCROLL_RIGHT;
    case GDK_SCROLL_SMOOTH:
    default:               return GSK_LAYER_SCROLL_SMOOTH;
    }
}

GskLayerEvent *
gsk_layer_event_new_from_gdk (GdkEvent *event,
                              double    x,
                              double    y)
{
  GdkEventType gdk_type = gdk_event_get_event_type (event);
  GskLayerEventType type;
  GskLayerEvent *layer_event;
  GdkEventSequence *sequence;

  if (!layer_event_type (gdk_type, &type))
    return NULL;

  layer_event = gsk_layer_event_new (type, gdk_event_get_time (event), x, y);
  gsk_layer_event_set_device_kind (layer_event, device_kind (event));
  gsk_layer_event_set_modifiers (layer_event, gdk_event_get_modifier_state (event));

  switch ((int) gdk_type)
    {
    case GDK_BUTTON_PRESS:
    case GDK_BUTTON_RELEASE:
      gsk_layer_event_set_button (layer_event, gdk_button_event_get_button (event));
      break;

    case GDK_SCROLL:
      {
        double dx = 0, dy = 0;

        if (gdk_scroll_event_get_direction (event) == GDK_SCROLL_SMOOTH)
          gdk_scroll_event_get_deltas (event, &dx, &dy);
        gsk_layer_event_set_scroll (layer_event,
                                    scroll_direction (gdk_scroll_event_get_direction (event)),
                                    dx, dy, gdk_scroll_event_is_stop (event));
      }
      break;

    case GDK_TOUCH_BEGIN:
    case GDK_TOUCH_UPDATE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
      /* GDK's sequences are opaque pointers, unique while the touch
       * lasts, and may be NULL: Broadway's and Wayland's are the
       * touch's number, from 0. The layers' are numbers, 0 meaning
       * none: one more than the pointer's bits, so that 0 and 1 stay
       * apart */
      sequence = gdk_event_get_event_sequence (event);
      {
        guint64 bits = GPOINTER_TO_SIZE (sequence);
        guint number = (guint) (bits ^ (bits >> 32)) + 1;

        gsk_layer_event_set_sequence (layer_event, number != 0 ? number : 1);
      }
      break;

    case GDK_KEY_PRESS:
    case GDK_KEY_RELEASE:
      gsk_layer_event_set_key (layer_event, gdk_key_event_get_keyval (event),
                               gdk_key_event_get_keycode (event));
      break;

    default:
      break;
    }

  return layer_event;
}
