/* gsk-layer-long-press-gesture.c: a press held still
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-long-press-gesture.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer.h"

/**
 * GskLayerLongPressGesture:
 *
 * A press or touch held within 8 units of where it began for
 * [property@LayerLongPressGesture:delay] (500 ms, GTK's default): then
 * [signal@LayerLongPressGesture::pressed]. Moving away or letting go
 * first cancels it.
 *
 * Time is the frame clock's of the layer's top level, so that a test on
 * a manual clock is exact: the gesture asks the clock for frames while
 * it waits. Without a clock, it only learns the time from later events.
 *
 * Since: 0.1
 */

#define MOVE_THRESHOLD 8.0

struct _GskLayerLongPressGesture
{
  GskLayerGesture parent_instance;

  guint delay_ms;
  GskLayerFrameClock *clock;    /* owned while waiting */
  gulong tick_id;
  gint64 begin_us;              /* on the clock */
  guint32 begin_ms;             /* event time, without a clock */
  gboolean waiting;
};

G_DEFINE_FINAL_TYPE (GskLayerLongPressGesture, gsk_layer_long_press_gesture, GSK_TYPE_LAYER_GESTURE)

enum {
  PROP_0,
  PROP_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  PRESSED,
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
stop_waiting (GskLayerLongPressGesture *self)
{
  self->waiting = FALSE;
  if (self->clock)
    {
      g_clear_signal_handler (&self->tick_id, self->clock);
      g_clear_object (&self->clock);
    }
}

static void
fire (GskLayerLongPressGesture *self)
{
  double x, y;

  stop_waiting (self);
  gsk_layer_gesture_get_point (GSK_LAYER_GESTURE (self), &x, &y);
  g_signal_emit (self, signals[PRESSED], 0, x, y);
}

static void
on_tick (GskLayerFrameClock       *clock,
         GskLayerLongPressGesture *self)
{
  if (gsk_layer_frame_clock_get_frame_time (clock) - self->begin_us >= (gint64) self->delay_ms * 1000)
    fire (self);
  else
    gsk_layer_frame_clock_request_frame (clock);
}

static void
gsk_layer_long_press_gesture_begin (GskLayerGesture *gesture)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (gesture);
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  GskLayerFrameClock *clock = layer ? gsk_layer_get_frame_clock (layer) : NULL;

  stop_waiting (self);
  self->waiting = TRUE;
  self->begin_ms = gsk_layer_gesture_get_time (gesture);
  if (clock)
    {
      self->clock = g_object_ref (clock);
      self->begin_us = gsk_layer_frame_clock_get_frame_time (clock);
      self->tick_id = g_signal_connect (clock, "tick", G_CALLBACK (on_tick), self);
      gsk_layer_frame_clock_request_frame (clock);
    }
}

static void
gsk_layer_long_press_gesture_update (GskLayerGesture *gesture)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (gesture);
  double sx, sy, x, y;

  if (!self->waiting)
    return;

  gsk_layer_gesture_get_start_point (gesture, &sx, &sy);
  gsk_layer_gesture_get_point (gesture, &x, &y);
  if (hypot (x - sx, y - sy) > MOVE_THRESHOLD)
    {
      stop_waiting (self);
      g_signal_emit (self, signals[CANCELLED], 0);
    }
  else if (self->clock == NULL &&
           gsk_layer_gesture_get_time (gesture) - self->begin_ms >= self->delay_ms)
    fire (self);
}

static void
gsk_layer_long_press_gesture_end (GskLayerGesture *gesture)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (gesture);

  if (!self->waiting)
    return;

  /* Without a clock, the release is the first to tell that the delay
   * passed */
  if (self->clock == NULL &&
      gsk_layer_gesture_get_time (gesture) - self->begin_ms >= self->delay_ms)
    {
      fire (self);
      return;
    }

  stop_waiting (self);
  g_signal_emit (self, signals[CANCELLED], 0);
}

static void
gsk_layer_long_press_gesture_cancel (GskLayerGesture *gesture)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (gesture);

  if (!self->waiting)
    return;

  stop_waiting (self);
  g_signal_emit (self, signals[CANCELLED], 0);
}

static void
gsk_layer_long_press_gesture_dispose (GObject *object)
{
  stop_waiting (GSK_LAYER_LONG_PRESS_GESTURE (object));

  G_OBJECT_CLASS (gsk_layer_long_press_gesture_parent_class)->dispose (object);
}

static void
gsk_layer_long_press_gesture_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      g_value_set_uint (value, self->delay_ms);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_long_press_gesture_set_property (GObject      *object,
                                           guint         prop_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  GskLayerLongPressGesture *self = GSK_LAYER_LONG_PRESS_GESTURE (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      gsk_layer_long_press_gesture_set_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_long_press_gesture_class_init (GskLayerLongPressGestureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerGestureClass *gesture_class = GSK_LAYER_GESTURE_CLASS (klass);

  object_class->dispose = gsk_layer_long_press_gesture_dispose;
  object_class->get_property = gsk_layer_long_press_gesture_get_property;
  object_class->set_property = gsk_layer_long_press_gesture_set_property;
  gesture_class->begin = gsk_layer_long_press_gesture_begin;
  gesture_class->update = gsk_layer_long_press_gesture_update;
  gesture_class->end = gsk_layer_long_press_gesture_end;
  gesture_class->cancel = gsk_layer_long_press_gesture_cancel;

  /**
   * GskLayerLongPressGesture:delay:
   *
   * How long, in milliseconds, the press must be held.
   *
   * Since: 0.1
   */
  properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, "How long, in milliseconds, the press must be held",
                       0, 60000, 500,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GskLayerLongPressGesture::pressed:
   * @self: the gesture
   * @x: where, in the layer's space
   * @y: where, in the layer's space
   *
   * Emitted when a press has been held still for the delay.
   *
   * Since: 0.1
   */
  signals[PRESSED] =
    g_signal_new ("pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerLongPressGesture::cancelled:
   * @self: the gesture
   *
   * The press moved away, ended or was taken away before the delay.
   *
   * Since: 0.1
   */
  signals[CANCELLED] =
    g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gsk_layer_long_press_gesture_init (GskLayerLongPressGesture *self)
{
  self->delay_ms = 500;
}

/**
 * gsk_layer_long_press_gesture_new:
 *
 * Creates a long-press gesture, with a delay of 500 ms.
 *
 * Returns: (transfer full): a new long-press gesture
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_long_press_gesture_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_LONG_PRESS_GESTURE, NULL);
}

/**
 * gsk_layer_long_press_gesture_set_delay:
 * @self: a long-press gesture
 * @delay_ms: how long the press must be held, in milliseconds (at most
 *   a minute)
 *
 * Sets how long the press must be held, within 8 layer units of where
 * it began, before [signal@LayerLongPressGesture::pressed]: 500 ms by
 * default.
 *
 * Since: 0.1
 */
void
gsk_layer_long_press_gesture_set_delay (GskLayerLongPressGesture *self,
                                        guint                     delay_ms)
{
  g_return_if_fail (GSK_IS_LAYER_LONG_PRESS_GESTURE (self));
  g_return_if_fail (delay_ms <= 60000);

  if (self->delay_ms == delay_ms)
    return;

  self->delay_ms = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DELAY]);
}

/**
 * gsk_layer_long_press_gesture_get_delay:
 * @self: a long-press gesture
 *
 * Gives the delay set with [method@LayerLongPressGesture.set_delay].
 *
 * Returns: how long the press must be held, in milliseconds
 *
 * Since: 0.1
 */
guint
gsk_layer_long_press_gesture_get_delay (GskLayerLongPressGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_LONG_PRESS_GESTURE (self), 0);

  return self->delay_ms;
}
