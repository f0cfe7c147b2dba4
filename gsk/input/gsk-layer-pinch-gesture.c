/* gsk-layer-pinch-gesture.c: two fingers that zoom and rotate
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-pinch-gesture.h"
#include "gsk-layer-event-private.h"

/**
 * GskLayerPinchGesture:
 *
 * Two touch sequences on a layer, followed together: how far apart they
 * are against when the second touched down (the scale, as
 * `GtkGestureZoom`), how much the line between them turned (the angle,
 * as `GtkGestureRotate`, in degrees, clockwise on screen, counting whole
 * turns), and their midpoint, all in the layer's own space.
 *
 * Since: 0.1
 */

typedef struct
{
  guint sequence;
  double x, y;
} Finger;

struct _GskLayerPinchGesture
{
  GskLayerEventController parent_instance;

  Finger fingers[2];
  guint n_fingers;
  double start_distance;
  double last_direction;        /* radians, of the line between them */
  double angle;                 /* degrees, accumulated */
  double scale;
};

G_DEFINE_FINAL_TYPE (GskLayerPinchGesture, gsk_layer_pinch_gesture, GSK_TYPE_LAYER_EVENT_CONTROLLER)

enum {
  PINCH_BEGIN,
  PINCH_UPDATE,
  PINCH_END,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
find_finger (GskLayerPinchGesture *self,
             guint                 sequence)
{
  for (guint i = 0; i < self->n_fingers; i++)
    if (self->fingers[i].sequence == sequence)
      return i;

  return -1;
}

static double
distance (const GskLayerPinchGesture *self)
{
  return hypot (self->fingers[1].x - self->fingers[0].x, self->fingers[1].y - self->fingers[0].y);
}

static double
direction (const GskLayerPinchGesture *self)
{
  return atan2 (self->fingers[1].y - self->fingers[0].y, self->fingers[1].x - self->fingers[0].x);
}

static void
place (GskLayerPinchGesture *self,
       Finger               *finger,
       GskLayerEvent        *event)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  graphene_point_t p;

  if (layer && gsk_layer_event_get_position_in (event, layer, &p))
    {
      finger->x = p.x;
      finger->y = p.y;
    }
}

static void
lift (GskLayerPinchGesture *self,
      int                   i)
{
  gboolean was_active = self->n_fingers == 2;

  self->fingers[i] = self->fingers[self->n_fingers - 1];
  self->n_fingers--;
  if (was_active)
    g_signal_emit (self, signals[PINCH_END], 0);
}

static gboolean
gsk_layer_pinch_gesture_handle_event (GskLayerEventController *controller,
                                      GskLayerEvent           *event)
{
  GskLayerPinchGesture *self = GSK_LAYER_PINCH_GESTURE (controller);
  int i = find_finger (self, event->sequence);

  g_object_ref (self);
  switch (event->type)
    {
    case GSK_LAYER_EVENT_TOUCH_BEGIN:
      if (i < 0 && self->n_fingers < 2)
        {
          Finger *finger = &self->fingers[self->n_fingers++];

          finger->sequence = event->sequence;
          finger->x = finger->y = 0;
          place (self, finger, event);
          if (self->n_fingers == 2)
            {
              self->start_distance = distance (self);
              self->last_direction = direction (self);
              self->angle = 0;
              self->scale = 1;
              g_signal_emit (self, signals[PINCH_BEGIN], 0);
            }
        }
      break;

    case GSK_LAYER_EVENT_TOUCH_UPDATE:
      if (i >= 0)
        {
          place (self, &self->fingers[i], event);
          if (self->n_fingers == 2)
            {
              double d = direction (self), delta = d - self->last_direction;

              /* Through ±180°, the shorter way: whole turns add up */
              if (delta > G_PI)
                delta -= 2 * G_PI;
              else if (delta < -G_PI)
                delta += 2 * G_PI;
              self->last_direction = d;
              self->angle += delta * 180 / G_PI;
              self->scale = self->start_distance > 0 ? distance (self) / self->start_distance : 1;
              g_signal_emit (self, signals[PINCH_UPDATE], 0, self->scale, self->angle);
            }
        }
      break;

    case GSK_LAYER_EVENT_TOUCH_END:
    case GSK_LAYER_EVENT_TOUCH_CANCEL:
    case GSK_LAYER_EVENT_GRAB_BROKEN:
      if (i >= 0)
        lift (self, i);
      break;

    default:
      break;
    }
  g_object_unref (self);

  return GSK_LAYER_EVENT_CONTROLLER_CLASS (gsk_layer_pinch_gesture_parent_class)->handle_event (controller, event);
}

static void
gsk_layer_pinch_gesture_class_init (GskLayerPinchGestureClass *klass)
{
  GskLayerEventControllerClass *controller_class = GSK_LAYER_EVENT_CONTROLLER_CLASS (klass);

  controller_class->handle_event = gsk_layer_pinch_gesture_handle_event;

  /**
   * GskLayerPinchGesture::pinch-begin:
   * @self: the gesture
   *
   * A second finger touched down: the scale is 1, the angle 0.
   *
   * Since: 0.1
   */
  signals[PINCH_BEGIN] =
    g_signal_new ("pinch-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * GskLayerPinchGesture::pinch-update:
   * @self: the gesture
   * @scale: the fingers' distance against that at the beginning
   * @angle: how far the line between them turned, in degrees, clockwise
   *
   * Emitted when either finger moves during the pinch.
   *
   * Since: 0.1
   */
  signals[PINCH_UPDATE] =
    g_signal_new ("pinch-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerPinchGesture::pinch-end:
   * @self: the gesture
   *
   * One of the fingers lifted, or its sequence was cancelled.
   *
   * Since: 0.1
   */
  signals[PINCH_END] =
    g_signal_new ("pinch-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gsk_layer_pinch_gesture_init (GskLayerPinchGesture *self)
{
  self->scale = 1;
}

/**
 * gsk_layer_pinch_gesture_new:
 *
 * Creates a pinch gesture, which follows the first two touch sequences
 * on its layer.
 *
 * Returns: (transfer full): a new pinch gesture
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_pinch_gesture_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_PINCH_GESTURE, NULL);
}

/**
 * gsk_layer_pinch_gesture_is_active:
 * @self: a pinch gesture
 *
 * Says whether a pinch is under way: from
 * [signal@LayerPinchGesture::pinch-begin], when a second finger touches
 * down, until one of the two lifts or its sequence is cancelled.
 *
 * Returns: whether two fingers are down
 *
 * Since: 0.1
 */
gboolean
gsk_layer_pinch_gesture_is_active (GskLayerPinchGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PINCH_GESTURE (self), FALSE);

  return self->n_fingers == 2;
}

/**
 * gsk_layer_pinch_gesture_get_scale:
 * @self: a pinch gesture
 *
 * Gives the zoom of the pinch, as `GtkGestureZoom` does: 1 at
 * [signal@LayerPinchGesture::pinch-begin] and before any pinch.
 *
 * Returns: the fingers' distance against that at the beginning (of the
 *   last pinch, once it ended)
 *
 * Since: 0.1
 */
double
gsk_layer_pinch_gesture_get_scale (GskLayerPinchGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PINCH_GESTURE (self), 1);

  return self->scale;
}

/**
 * gsk_layer_pinch_gesture_get_angle:
 * @self: a pinch gesture
 *
 * Gives the rotation of the pinch, as `GtkGestureRotate` does but in
 * degrees: 0 at [signal@LayerPinchGesture::pinch-begin] and before any
 * pinch.
 *
 * Returns: how far the line between the fingers turned, in degrees,
 *   clockwise on screen, whole turns included
 *
 * Since: 0.1
 */
double
gsk_layer_pinch_gesture_get_angle (GskLayerPinchGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PINCH_GESTURE (self), 0);

  return self->angle;
}

/**
 * gsk_layer_pinch_gesture_get_center:
 * @self: a pinch gesture
 * @x: (out) (optional): return location for x, in the layer's space
 * @y: (out) (optional): return location for y
 *
 * Gives the midpoint between the fingers, around which an application
 * zooms and rotates.
 *
 * Since: 0.1
 */
void
gsk_layer_pinch_gesture_get_center (GskLayerPinchGesture *self,
                                    double               *x,
                                    double               *y)
{
  g_return_if_fail (GSK_IS_LAYER_PINCH_GESTURE (self));

  if (x)
    *x = self->n_fingers == 2 ? (self->fingers[0].x + self->fingers[1].x) / 2 : self->fingers[0].x;
  if (y)
    *y = self->n_fingers == 2 ? (self->fingers[0].y + self->fingers[1].y) / 2 : self->fingers[0].y;
}
