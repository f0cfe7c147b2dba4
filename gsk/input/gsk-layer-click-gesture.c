/* gsk-layer-click-gesture.c: presses, releases and clicks
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-click-gesture.h"
#include "gsk-layer-click-gesture-private.h"
#include "gsk-layer.h"

/**
 * GskLayerClickGesture:
 *
 * Counts presses (a double click is a second press within 400 ms and 5
 * units of the first, as GTK's defaults) and tells of each press and
 * release, and of a click: a release inside the layer of a press that
 * began there and did not wander off (as a button's "clicked").
 *
 * Since: 0.1
 */

#define MULTI_PRESS_TIME_MS 400
#define MULTI_PRESS_DISTANCE 5.0

struct _GskLayerClickGesture
{
  GskLayerGesture parent_instance;

  int n_press;
  guint32 last_press_time;
  double last_press_x, last_press_y;
  gboolean has_last_press;
};

G_DEFINE_FINAL_TYPE (GskLayerClickGesture, gsk_layer_click_gesture, GSK_TYPE_LAYER_GESTURE)

enum {
  PRESSED,
  RELEASED,
  CLICKED,
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gsk_layer_click_gesture_begin (GskLayerGesture *gesture)
{
  GskLayerClickGesture *self = GSK_LAYER_CLICK_GESTURE (gesture);
  guint32 time = gsk_layer_gesture_get_time (gesture);
  double x, y;

  gsk_layer_gesture_get_point (gesture, &x, &y);
  if (self->has_last_press &&
      time - self->last_press_time <= MULTI_PRESS_TIME_MS &&
      hypot (x - self->last_press_x, y - self->last_press_y) <= MULTI_PRESS_DISTANCE)
    self->n_press++;
  else
    self->n_press = 1;

  self->has_last_press = TRUE;
  self->last_press_time = time;
  self->last_press_x = x;
  self->last_press_y = y;

  g_signal_emit (self, signals[PRESSED], 0, self->n_press, x, y);
}

static void
gsk_layer_click_gesture_end (GskLayerGesture *gesture)
{
  GskLayerClickGesture *self = GSK_LAYER_CLICK_GESTURE (gesture);
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  graphene_size_t size;
  double x, y;

  gsk_layer_gesture_get_point (gesture, &x, &y);
  g_signal_emit (self, signals[RELEASED], 0, self->n_press, x, y);

  if (layer == NULL)
    return;
  gsk_layer_get_size (layer, &size);
  if (x >= 0 && y >= 0 && x < size.width && y < size.height)
    g_signal_emit (self, signals[CLICKED], 0, self->n_press, x, y);
}

static void
gsk_layer_click_gesture_cancel (GskLayerGesture *gesture)
{
  GskLayerClickGesture *self = GSK_LAYER_CLICK_GESTURE (gesture);

  self->has_last_press = FALSE;
  g_signal_emit (self, signals[CANCELLED], 0);
}

static void
gsk_layer_click_gesture_class_init (GskLayerClickGestureClass *klass)
{
  GskLayerGestureClass *gesture_class = GSK_LAYER_GESTURE_CLASS (klass);

  gesture_class->begin = gsk_layer_click_gesture_begin;
  gesture_class->end = gsk_layer_click_gesture_end;
  gesture_class->cancel = gsk_layer_click_gesture_cancel;

  /**
   * GskLayerClickGesture::pressed:
   * @self: the gesture
   * @n_press: 1 for a single press, 2 for the second of a double click…
   * @x: where, in the layer's space
   * @y: where, in the layer's space
   *
   * Emitted when a button is pressed or a touch begins on the layer; a
   * press soon after the last one, near it, counts as the next of a
   * double or triple click.
   *
   * Since: 0.1
   */
  signals[PRESSED] =
    g_signal_new ("pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerClickGesture::released:
   * @self: the gesture
   * @n_press: the count of the press released
   * @x: where, in the layer's space
   * @y: where, in the layer's space
   *
   * Emitted for every release, inside the layer or not.
   *
   * Since: 0.1
   */
  signals[RELEASED] =
    g_signal_new ("released", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerClickGesture::clicked:
   * @self: the gesture
   * @n_press: the count of the press released
   * @x: where, in the layer's space
   * @y: where, in the layer's space
   *
   * Emitted after [signal@LayerClickGesture::released] when the release
   * is inside the layer's bounds.
   *
   * Since: 0.1
   */
  signals[CLICKED] =
    g_signal_new ("clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerClickGesture::cancelled:
   * @self: the gesture
   *
   * The press was taken away before its release: no click.
   *
   * Since: 0.1
   */
  signals[CANCELLED] =
    g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gsk_layer_click_gesture_init (GskLayerClickGesture *self)
{
}

/**
 * gsk_layer_click_gesture_new:
 *
 * Creates a click gesture, begun by a press of the primary button (see
 * [property@LayerGesture:button]) or by a touch.
 *
 * Returns: (transfer full): a new click gesture
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_click_gesture_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_CLICK_GESTURE, NULL);
}

void
gsk_layer_click_gesture_activate (GskLayerClickGesture *self)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  graphene_size_t size;
  double x, y;

  g_return_if_fail (GSK_IS_LAYER_CLICK_GESTURE (self));

  if (layer == NULL)
    return;

  gsk_layer_get_size (layer, &size);
  x = size.width / 2;
  y = size.height / 2;
  /* Not the second of a double click */
  self->has_last_press = FALSE;
  self->n_press = 1;
  g_object_ref (self);
  g_signal_emit (self, signals[PRESSED], 0, 1, x, y);
  g_signal_emit (self, signals[RELEASED], 0, 1, x, y);
  g_signal_emit (self, signals[CLICKED], 0, 1, x, y);
  g_object_unref (self);
}
