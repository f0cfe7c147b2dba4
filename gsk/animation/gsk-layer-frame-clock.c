/* gsk-layer-frame-clock.c: what times animations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-frame-clock.h"

/**
 * GskLayerFrameClock:
 *
 * The source of time and frames for animations.
 *
 * A top-level layer owns a frame clock (see
 * [method@Layer.set_frame_clock]); every animation in its tree reads the
 * time from it and advances when it emits [signal@LayerFrameClock::tick].
 * On screen that is GDK's frame clock ([class@LayerGdkClock]); in tests
 * and in `gsk render --time`, a [class@LayerManualClock] that is moved by
 * hand, so that every frame of an animation can be checked exactly.
 *
 * Since: 0.1
 */

enum {
  TICK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_ABSTRACT_TYPE (GskLayerFrameClock, gsk_layer_frame_clock, G_TYPE_OBJECT)

static void
gsk_layer_frame_clock_class_init (GskLayerFrameClockClass *klass)
{
  /**
   * GskLayerFrameClock::tick:
   * @self: the clock
   *
   * Emitted when a frame begins, after the frame time was updated.
   * Animations advance in this signal.
   *
   * Since: 0.1
   */
  signals[TICK] =
    g_signal_new ("tick",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gsk_layer_frame_clock_init (GskLayerFrameClock *self)
{
}

/**
 * gsk_layer_frame_clock_get_frame_time:
 * @self: a frame clock
 *
 * Gets the time of the current frame: every animation that @self
 * drives reads this time, the same throughout a frame. It is monotonic;
 * a [class@LayerGdkClock] has GDK's frame time, in the timescale of
 * g_get_monotonic_time(), and a [class@LayerManualClock] starts at 0.
 *
 * Returns: the time of the current frame, in microseconds
 *
 * Since: 0.1
 */
gint64
gsk_layer_frame_clock_get_frame_time (GskLayerFrameClock *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_FRAME_CLOCK (self), 0);

  return GSK_LAYER_FRAME_CLOCK_GET_CLASS (self)->get_frame_time (self);
}

/**
 * gsk_layer_frame_clock_request_frame:
 * @self: a frame clock
 *
 * Asks for a frame: the clock ticks when it begins.
 *
 * Since: 0.1
 */
void
gsk_layer_frame_clock_request_frame (GskLayerFrameClock *self)
{
  g_return_if_fail (GSK_IS_LAYER_FRAME_CLOCK (self));

  GSK_LAYER_FRAME_CLOCK_GET_CLASS (self)->request_frame (self);
}

/**
 * gsk_layer_frame_clock_tick:
 * @self: a frame clock
 *
 * Emits [signal@LayerFrameClock::tick]. Implementations call this when a
 * frame begins.
 *
 * Since: 0.1
 */
void
gsk_layer_frame_clock_tick (GskLayerFrameClock *self)
{
  g_return_if_fail (GSK_IS_LAYER_FRAME_CLOCK (self));

  g_signal_emit (self, signals[TICK], 0);
}

/* {{{ GskLayerManualClock */

/**
 * GskLayerManualClock:
 *
 * A frame clock moved by hand: each [method@LayerManualClock.set_time] or
 * [method@LayerManualClock.advance] is one frame.
 *
 * Since: 0.1
 */
struct _GskLayerManualClock
{
  GskLayerFrameClock parent_instance;

  gint64 time;
  gboolean frame_requested;
};

G_DEFINE_FINAL_TYPE (GskLayerManualClock, gsk_layer_manual_clock, GSK_TYPE_LAYER_FRAME_CLOCK)

static gint64
gsk_layer_manual_clock_get_frame_time (GskLayerFrameClock *clock)
{
  return GSK_LAYER_MANUAL_CLOCK (clock)->time;
}

static void
gsk_layer_manual_clock_request_frame (GskLayerFrameClock *clock)
{
  GSK_LAYER_MANUAL_CLOCK (clock)->frame_requested = TRUE;
}

static void
gsk_layer_manual_clock_class_init (GskLayerManualClockClass *klass)
{
  GskLayerFrameClockClass *clock_class = GSK_LAYER_FRAME_CLOCK_CLASS (klass);

  clock_class->get_frame_time = gsk_layer_manual_clock_get_frame_time;
  clock_class->request_frame = gsk_layer_manual_clock_request_frame;
}

static void
gsk_layer_manual_clock_init (GskLayerManualClock *self)
{
}

/**
 * gsk_layer_manual_clock_new:
 *
 * Creates a frame clock at time 0 that only moves when told to.
 *
 * Returns: (transfer full): the new clock
 *
 * Since: 0.1
 */
GskLayerFrameClock *
gsk_layer_manual_clock_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_MANUAL_CLOCK, NULL);
}

/**
 * gsk_layer_manual_clock_set_time:
 * @self: a manual clock
 * @time_us: the new frame time in microseconds, not before the current
 *
 * Starts a frame at @time_us: sets the time and ticks.
 *
 * Since: 0.1
 */
void
gsk_layer_manual_clock_set_time (GskLayerManualClock *self,
                                 gint64               time_us)
{
  g_return_if_fail (GSK_IS_LAYER_MANUAL_CLOCK (self));
  g_return_if_fail (time_us >= self->time);

  self->time = time_us;
  self->frame_requested = FALSE;
  gsk_layer_frame_clock_tick (GSK_LAYER_FRAME_CLOCK (self));
}

/**
 * gsk_layer_manual_clock_advance:
 * @self: a manual clock
 * @delta_us: how far to move, in microseconds, not negative
 *
 * Starts a frame @delta_us after the current one.
 *
 * Since: 0.1
 */
void
gsk_layer_manual_clock_advance (GskLayerManualClock *self,
                                gint64               delta_us)
{
  g_return_if_fail (GSK_IS_LAYER_MANUAL_CLOCK (self));
  g_return_if_fail (delta_us >= 0);

  gsk_layer_manual_clock_set_time (self, self->time + delta_us);
}

/**
 * gsk_layer_manual_clock_get_frame_requested:
 * @self: a manual clock
 *
 * Gets whether a frame was asked for with
 * [method@LayerFrameClock.request_frame] since the clock last moved
 * ([method@LayerManualClock.set_time] or
 * [method@LayerManualClock.advance]), asks made during that frame's
 * [signal@LayerFrameClock::tick] included: whether something, such as a
 * running animation, wants another frame.
 *
 * Returns: %TRUE if a frame was requested since the last tick
 *
 * Since: 0.1
 */
gboolean
gsk_layer_manual_clock_get_frame_requested (GskLayerManualClock *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_MANUAL_CLOCK (self), FALSE);

  return self->frame_requested;
}

/* }}} */
/* {{{ GskLayerGdkClock */

/**
 * GskLayerGdkClock:
 *
 * A frame clock that follows a `GdkFrameClock`: it ticks in GDK's update
 * phase, with GDK's frame time.
 *
 * Since: 0.1
 */
struct _GskLayerGdkClock
{
  GskLayerFrameClock parent_instance;

  GdkFrameClock *frame_clock;
  gulong update_id;
};

G_DEFINE_FINAL_TYPE (GskLayerGdkClock, gsk_layer_gdk_clock, GSK_TYPE_LAYER_FRAME_CLOCK)

static gint64
gsk_layer_gdk_clock_get_frame_time (GskLayerFrameClock *clock)
{
  return gdk_frame_clock_get_frame_time (GSK_LAYER_GDK_CLOCK (clock)->frame_clock);
}

static void
gsk_layer_gdk_clock_request_frame (GskLayerFrameClock *clock)
{
  gdk_frame_clock_request_phase (GSK_LAYER_GDK_CLOCK (clock)->frame_clock,
                                 GDK_FRAME_CLOCK_PHASE_UPDATE);
}

static void
on_update (GdkFrameClock    *frame_clock,
           GskLayerGdkClock *self)
{
  gsk_layer_frame_clock_tick (GSK_LAYER_FRAME_CLOCK (self));
}

static void
gsk_layer_gdk_clock_dispose (GObject *object)
{
  GskLayerGdkClock *self = GSK_LAYER_GDK_CLOCK (object);

  /* GDK disposes a surface's frame clock with the surface, which drops
   * every handler while the clock lives on in our reference */
  if (self->frame_clock && self->update_id &&
      g_signal_handler_is_connected (self->frame_clock, self->update_id))
    g_signal_handler_disconnect (self->frame_clock, self->update_id);
  self->update_id = 0;
  g_clear_object (&self->frame_clock);

  G_OBJECT_CLASS (gsk_layer_gdk_clock_parent_class)->dispose (object);
}

static void
gsk_layer_gdk_clock_class_init (GskLayerGdkClockClass *klass)
{
  GskLayerFrameClockClass *clock_class = GSK_LAYER_FRAME_CLOCK_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = gsk_layer_gdk_clock_dispose;
  clock_class->get_frame_time = gsk_layer_gdk_clock_get_frame_time;
  clock_class->request_frame = gsk_layer_gdk_clock_request_frame;
}

static void
gsk_layer_gdk_clock_init (GskLayerGdkClock *self)
{
}

/**
 * gsk_layer_gdk_clock_new:
 * @frame_clock: a GDK frame clock, such as a surface's
 *
 * Creates a frame clock that ticks with @frame_clock.
 *
 * Returns: (transfer full): the new clock
 *
 * Since: 0.1
 */
GskLayerFrameClock *
gsk_layer_gdk_clock_new (GdkFrameClock *frame_clock)
{
  GskLayerGdkClock *self;

  g_return_val_if_fail (GDK_IS_FRAME_CLOCK (frame_clock), NULL);

  self = g_object_new (GSK_TYPE_LAYER_GDK_CLOCK, NULL);
  self->frame_clock = g_object_ref (frame_clock);
  self->update_id = g_signal_connect (frame_clock, "update", G_CALLBACK (on_update), self);

  return GSK_LAYER_FRAME_CLOCK (self);
}

/* }}} */
