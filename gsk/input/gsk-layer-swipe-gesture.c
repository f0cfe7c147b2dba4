/* gsk-layer-swipe-gesture.c: the velocity a press or touch ends with
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-swipe-gesture.h"

/**
 * GskLayerSwipeGesture:
 *
 * Tells, when a press or touch ends, how fast it was moving: the
 * velocity over its last 100 ms, in layer units per second, as
 * `GtkGestureSwipe`. A still release swipes at 0.
 *
 * Since: 0.1
 */

struct _GskLayerSwipeGesture
{
  GskLayerGesture parent_instance;
};

G_DEFINE_FINAL_TYPE (GskLayerSwipeGesture, gsk_layer_swipe_gesture, GSK_TYPE_LAYER_GESTURE)

enum {
  SWIPE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gsk_layer_swipe_gesture_end (GskLayerGesture *gesture)
{
  double vx, vy;

  gsk_layer_gesture_get_velocity (gesture, &vx, &vy);
  g_signal_emit (gesture, signals[SWIPE], 0, vx, vy);
}

static void
gsk_layer_swipe_gesture_class_init (GskLayerSwipeGestureClass *klass)
{
  GskLayerGestureClass *gesture_class = GSK_LAYER_GESTURE_CLASS (klass);

  gesture_class->end = gsk_layer_swipe_gesture_end;

  /**
   * GskLayerSwipeGesture::swipe:
   * @self: the gesture
   * @velocity_x: horizontal velocity, in layer units per second
   * @velocity_y: vertical velocity, in layer units per second
   *
   * Emitted when the press or touch ends, with the velocity of its last
   * moves.
   *
   * Since: 0.1
   */
  signals[SWIPE] =
    g_signal_new ("swipe", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
gsk_layer_swipe_gesture_init (GskLayerSwipeGesture *self)
{
}

/**
 * gsk_layer_swipe_gesture_new:
 *
 * Creates a swipe gesture, which emits
 * [signal@LayerSwipeGesture::swipe] when a press of the primary button
 * (see [property@LayerGesture:button]) or a touch ends.
 *
 * Returns: (transfer full): a new swipe gesture
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_swipe_gesture_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_SWIPE_GESTURE, NULL);
}
