/* gsk-layer-timeline.c: time, made into progress
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-timeline.h"
#include "gsk-layer-timeline-private.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayerTimeline:
 *
 * Turns the time of a [class@LayerFrameClock] into progress: a duration
 * after a delay, repeated some number of times or forever, optionally
 * reversing every other run, eased by a [struct@LayerEasing].
 *
 * The progress is computed from the clock's frame time at each tick, so
 * it does not drift with frame rate: with a [class@LayerManualClock],
 * each frame of an animation is exact.
 *
 * Since: 0.1
 */

typedef struct
{
  GskLayerFrameClock *clock;
  GskLayerEasing *easing;

  guint duration;
  guint delay;
  int repeat_count;
  GskLayerTimelineDirection direction;

  /* The clock time, in µs, at which the delay began */
  gint64 start_time;
  /* While paused: how far into the run it was, in µs since start_time */
  gint64 paused_offset;

  double elapsed;
  double progress;
  int current_repeat;

  guint auto_reverse : 1;
  guint playing : 1;
  guint paused : 1;
  guint started_emitted : 1;
} GskLayerTimelinePrivate;

enum {
  PROP_0,
  PROP_FRAME_CLOCK,
  PROP_DURATION,
  PROP_DELAY,
  PROP_REPEAT_COUNT,
  PROP_AUTO_REVERSE,
  PROP_DIRECTION,
  PROP_EASING,
  N_PROPS
};

enum {
  STARTED,
  NEW_FRAME,
  COMPLETED,
  STOPPED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_TYPE_WITH_PRIVATE (GskLayerTimeline, gsk_layer_timeline, G_TYPE_OBJECT)

/* {{{ One tick handler per clock */

/* Thousands of running timelines share one handler on their clock, which
 * ticks them in the order they started */
typedef struct {
  GskLayerFrameClock *clock;  /* not a reference: the scheduler is its qdata */
  GPtrArray *timelines;       /* not references; timelines leave when they stop */
  gulong tick_id;
  guint ticking;              /* depth: a callback may tick the clock again */
  guint64 serial;             /* of the latest tick */
} Scheduler;

static GQuark scheduler_quark;

static void advance (GskLayerTimeline *self,
                     gint64            now);

static void
scheduler_tick (GskLayerFrameClock *clock,
                Scheduler          *scheduler)
{
  gint64 now = gsk_layer_frame_clock_get_frame_time (clock);
  guint64 serial;
  guint i, j, n;

  if (scheduler->timelines->len == 0)
    return;

  /* Callbacks may start and stop timelines. Timelines that start now
   * wait for the next tick; those that stop leave a NULL behind (see
   * unschedule()), swept up after the loop. No reference is needed:
   * a timeline that dies unschedules itself first. */
  scheduler->ticking++;
  serial = ++scheduler->serial;
  n = scheduler->timelines->len;
  /* A callback that moves the clock ticks again inside this tick, which
   * advances every timeline to the later time: this one is then over */
  for (i = 0; i < n && i < scheduler->timelines->len && scheduler->serial == serial; i++)
    {
      GskLayerTimeline *timeline = g_ptr_array_index (scheduler->timelines, i);

      if (timeline == NULL)
        continue;

      advance (timeline, now);
    }
  scheduler->ticking--;

  /* Sweep the NULLs only when no tick is under way any more */
  if (scheduler->ticking == 0)
    {
      for (i = 0, j = 0; i < scheduler->timelines->len; i++)
        {
          gpointer t = g_ptr_array_index (scheduler->timelines, i);

          if (t != NULL)
            g_ptr_array_index (scheduler->timelines, j++) = t;
        }
      g_ptr_array_set_size (scheduler->timelines, j);
    }

  if (scheduler->timelines->len > 0)
    gsk_layer_frame_clock_request_frame (clock);
}

static void
scheduler_free (gpointer data)
{
  Scheduler *scheduler = data;

  g_ptr_array_unref (scheduler->timelines);
  g_free (scheduler);
}

static Scheduler *
get_scheduler (GskLayerFrameClock *clock)
{
  Scheduler *scheduler = g_object_get_qdata (G_OBJECT (clock), scheduler_quark);

  if (scheduler == NULL)
    {
      scheduler = g_new0 (Scheduler, 1);
      scheduler->clock = clock;
      scheduler->timelines = g_ptr_array_new ();
      scheduler->tick_id = g_signal_connect (clock, "tick", G_CALLBACK (scheduler_tick), scheduler);
      g_object_set_qdata_full (G_OBJECT (clock), scheduler_quark, scheduler, scheduler_free);
    }

  return scheduler;
}

static void
schedule (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);
  Scheduler *scheduler = get_scheduler (priv->clock);

  g_ptr_array_add (scheduler->timelines, self);
  gsk_layer_frame_clock_request_frame (priv->clock);
}

static void
unschedule (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);
  Scheduler *scheduler;
  guint index;

  if (priv->clock == NULL)
    return;

  scheduler = g_object_get_qdata (G_OBJECT (priv->clock), scheduler_quark);
  if (scheduler == NULL)
    return;

  /* Recently started timelines are at the end */
  for (index = scheduler->timelines->len; index-- > 0; )
    if (g_ptr_array_index (scheduler->timelines, index) == self)
      break;
  if (index == (guint) -1)
    return;

  if (scheduler->ticking)
    g_ptr_array_index (scheduler->timelines, index) = NULL;
  else
    g_ptr_array_remove_index_fast (scheduler->timelines, index);
}

/* }}} */

static gboolean
is_reversed (GskLayerTimelinePrivate *priv,
             int                      repeat)
{
  gboolean reversed = priv->direction == GSK_LAYER_TIMELINE_BACKWARD;

  if (priv->auto_reverse && (repeat % 2) == 1)
    reversed = !reversed;

  return reversed;
}

static double
ease (GskLayerTimelinePrivate *priv,
      double                   raw)
{
  return priv->easing ? gsk_layer_easing_evaluate (priv->easing, raw) : raw;
}

/* Where @t ms after the delay falls: the run, the time into it, and the
 * eased progress; returns TRUE if that is past the end */
static gboolean
locate (GskLayerTimelinePrivate *priv,
        double                   t,
        int                     *out_repeat,
        double                  *out_local,
        double                  *out_progress)
{
  double d = priv->duration;
  gboolean finished = FALSE;
  double repeat, local, raw;

  if (d <= 0)
    {
      repeat = priv->repeat_count < 0 ? 0 : priv->repeat_count;
      local = 0;
      finished = priv->repeat_count >= 0;
    }
  else
    {
      repeat = floor (t / d);
      local = t - repeat * d;
      if (priv->repeat_count >= 0 && repeat > priv->repeat_count)
        {
          repeat = priv->repeat_count;
          local = d;
          finished = TRUE;
        }
      else if (priv->repeat_count >= 0 && repeat == priv->repeat_count && local >= d)
        finished = TRUE;
    }

  raw = d > 0 ? local / d : 1.0;
  if (is_reversed (priv, repeat))
    raw = 1.0 - raw;

  *out_repeat = repeat;
  *out_local = local;
  *out_progress = ease (priv, raw);
  return finished;
}

/* Computes progress at @now (µs of clock time) and emits the frame;
 * returns TRUE if the timeline ran to its end */
static void
advance (GskLayerTimeline *self,
         gint64            now)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);
  double t = (now - priv->start_time) / 1000.0 - priv->delay;
  gboolean finished;
  double local;
  int repeat;

  if (t < 0)
    return;

  g_object_ref (self);

  if (!priv->started_emitted)
    {
      priv->started_emitted = TRUE;
      g_signal_emit (self, signals[STARTED], 0);
      if (!priv->playing)
        goto out;
    }

  finished = locate (priv, t, &repeat, &local, &priv->progress);
  priv->current_repeat = repeat;
  priv->elapsed = local;

  /* Most timelines are transitions nobody listens to: skip the signal
   * machinery then, it dominates the cost of a tick */
  if (g_signal_has_handler_pending (self, signals[NEW_FRAME], 0, TRUE))
    g_signal_emit (self, signals[NEW_FRAME], 0, priv->progress);
  else if (GSK_LAYER_TIMELINE_GET_CLASS (self)->new_frame)
    GSK_LAYER_TIMELINE_GET_CLASS (self)->new_frame (self, priv->progress);

  if (finished && priv->playing)
    {
      priv->playing = FALSE;
      unschedule (self);
      g_signal_emit (self, signals[COMPLETED], 0);
      /* A "completed" handler may have started it again, as Clutter
       * allows: then it has not stopped */
      if (!priv->playing)
        g_signal_emit (self, signals[STOPPED], 0, TRUE);
    }

out:
  g_object_unref (self);
}

gboolean
gsk_layer_timeline_has_started (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);

  return priv->started_emitted;
}

void
gsk_layer_timeline_resume_from (GskLayerTimeline *self,
                                gint64            start_time,
                                gboolean          started)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);

  priv->start_time = start_time;
  priv->started_emitted = started;
}

gboolean
gsk_layer_timeline_progress_at (GskLayerTimeline *self,
                                double            elapsed_ms,
                                double           *out_progress,
                                gboolean         *out_finished)
{
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);
  double t = elapsed_ms - priv->delay;
  double local;
  int repeat;

  *out_finished = FALSE;
  if (t < 0)
    return FALSE;

  *out_finished = locate (priv, t, &repeat, &local, out_progress);
  return TRUE;
}

/**
 * gsk_layer_timeline_new:
 * @clock: (nullable): the frame clock that drives it
 * @duration_ms: the length of one run, in milliseconds
 *
 * Creates a timeline.
 *
 * Returns: (transfer full): the new timeline
 *
 * Since: 0.1
 */
GskLayerTimeline *
gsk_layer_timeline_new (GskLayerFrameClock *clock,
                        guint               duration_ms)
{
  g_return_val_if_fail (clock == NULL || GSK_IS_LAYER_FRAME_CLOCK (clock), NULL);

  return g_object_new (GSK_TYPE_LAYER_TIMELINE,
                       "frame-clock", clock,
                       "duration", duration_ms,
                       NULL);
}

/**
 * gsk_layer_timeline_set_frame_clock:
 * @self: a timeline
 * @clock: (nullable): the frame clock that drives it
 *
 * Sets the clock. A playing timeline stops when it loses its clock.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_set_frame_clock (GskLayerTimeline   *self,
                                    GskLayerFrameClock *clock)
{
  GskLayerTimelinePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));
  g_return_if_fail (clock == NULL || GSK_IS_LAYER_FRAME_CLOCK (clock));

  priv = gsk_layer_timeline_get_instance_private (self);
  if (priv->clock == clock)
    return;

  if (priv->playing)
    gsk_layer_timeline_stop (self);
  g_set_object (&priv->clock, clock);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRAME_CLOCK]);
}

/**
 * gsk_layer_timeline_get_frame_clock:
 * @self: a timeline
 *
 * Gets the clock that drives @self, as set with
 * [method@LayerTimeline.set_frame_clock]. A transition is given the
 * clock of its layer's tree when it starts.
 *
 * Returns: (transfer none) (nullable): the clock of @self, or %NULL if
 *   it has none
 *
 * Since: 0.1
 */
GskLayerFrameClock *
gsk_layer_timeline_get_frame_clock (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), NULL);

  priv = gsk_layer_timeline_get_instance_private (self);
  return priv->clock;
}

#define DEFINE_SETTER(name, type, field, PROP)                          \
void                                                                    \
gsk_layer_timeline_set_##name (GskLayerTimeline *self,                  \
                               type              value)                 \
{                                                                       \
  GskLayerTimelinePrivate *priv;                                        \
                                                                        \
  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));                      \
                                                                        \
  priv = gsk_layer_timeline_get_instance_private (self);                \
  if (priv->field == value)                                             \
    return;                                                             \
                                                                        \
  priv->field = value;                                                  \
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP]);         \
}

/**
 * gsk_layer_timeline_set_duration:
 * @self: a timeline
 * @duration_ms: the length of one run, in milliseconds
 *
 * Sets how long one run of the timeline lasts.
 *
 * Since: 0.1
 */
DEFINE_SETTER (duration, guint, duration, PROP_DURATION)

/**
 * gsk_layer_timeline_set_delay:
 * @self: a timeline
 * @delay_ms: the wait before the first run, in milliseconds
 *
 * Sets how long the timeline waits after it is started.
 *
 * Since: 0.1
 */
DEFINE_SETTER (delay, guint, delay, PROP_DELAY)

/**
 * gsk_layer_timeline_set_direction:
 * @self: a timeline
 * @direction: the direction of the first run
 *
 * Sets whether progress goes from 0 to 1, or back.
 *
 * Since: 0.1
 */
DEFINE_SETTER (direction, GskLayerTimelineDirection, direction, PROP_DIRECTION)

/**
 * gsk_layer_timeline_set_repeat_count:
 * @self: a timeline
 * @count: how many times to run again after the first run; -1 for
 *   forever
 *
 * Sets how often the timeline repeats.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_set_repeat_count (GskLayerTimeline *self,
                                     int               count)
{
  GskLayerTimelinePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));
  g_return_if_fail (count >= -1);

  priv = gsk_layer_timeline_get_instance_private (self);
  if (priv->repeat_count == count)
    return;

  priv->repeat_count = count;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPEAT_COUNT]);
}

/**
 * gsk_layer_timeline_set_auto_reverse:
 * @self: a timeline
 * @auto_reverse: whether every other run goes backward
 *
 * Makes repeats alternate direction, as CSS `alternate`.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_set_auto_reverse (GskLayerTimeline *self,
                                     gboolean          auto_reverse)
{
  GskLayerTimelinePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  auto_reverse = !!auto_reverse;
  if (priv->auto_reverse == auto_reverse)
    return;

  priv->auto_reverse = auto_reverse;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_REVERSE]);
}

/**
 * gsk_layer_timeline_set_easing:
 * @self: a timeline
 * @easing: (nullable): the easing, or %NULL for linear
 *
 * Sets how progress follows time within each run.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_set_easing (GskLayerTimeline *self,
                               GskLayerEasing   *easing)
{
  GskLayerTimelinePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  if (priv->easing == easing || (priv->easing && easing && gsk_layer_easing_equal (priv->easing, easing)))
    return;

  if (easing)
    gsk_layer_easing_ref (easing);
  g_clear_pointer (&priv->easing, gsk_layer_easing_unref);
  priv->easing = easing;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EASING]);
}

/**
 * gsk_layer_timeline_get_duration:
 * @self: a timeline
 *
 * Gets how long one run of @self lasts, as set with
 * [method@LayerTimeline.set_duration]; the delay and the repeats come
 * on top of it.
 *
 * Returns: the length of one run, in milliseconds
 *
 * Since: 0.1
 */
guint
gsk_layer_timeline_get_duration (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->duration;
}

/**
 * gsk_layer_timeline_get_delay:
 * @self: a timeline
 *
 * Gets how long @self waits after [method@LayerTimeline.start] before
 * its first run, as set with [method@LayerTimeline.set_delay].
 *
 * Returns: the delay before the first run, in milliseconds; 0 by
 *   default
 *
 * Since: 0.1
 */
guint
gsk_layer_timeline_get_delay (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->delay;
}

/**
 * gsk_layer_timeline_get_repeat_count:
 * @self: a timeline
 *
 * Gets how many times @self runs again after its first run, as set
 * with [method@LayerTimeline.set_repeat_count].
 *
 * Returns: the number of repeats: 0 (the default) for a single run, -1
 *   for forever
 *
 * Since: 0.1
 */
int
gsk_layer_timeline_get_repeat_count (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->repeat_count;
}

/**
 * gsk_layer_timeline_get_auto_reverse:
 * @self: a timeline
 *
 * Gets whether the runs of @self alternate direction, as set with
 * [method@LayerTimeline.set_auto_reverse].
 *
 * Returns: %TRUE if every other run goes backward; %FALSE (the default)
 *   if every run goes in [property@LayerTimeline:direction]
 *
 * Since: 0.1
 */
gboolean
gsk_layer_timeline_get_auto_reverse (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), FALSE);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->auto_reverse;
}

/**
 * gsk_layer_timeline_get_direction:
 * @self: a timeline
 *
 * Gets the direction of the first run of @self, as set with
 * [method@LayerTimeline.set_direction]. With
 * [property@LayerTimeline:auto-reverse], later runs alternate from it.
 *
 * Returns: the direction of the first run; %GSK_LAYER_TIMELINE_FORWARD
 *   by default
 *
 * Since: 0.1
 */
GskLayerTimelineDirection
gsk_layer_timeline_get_direction (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), GSK_LAYER_TIMELINE_FORWARD);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->direction;
}

/**
 * gsk_layer_timeline_get_easing:
 * @self: a timeline
 *
 * Gets how progress follows time within each run of @self, as set with
 * [method@LayerTimeline.set_easing].
 *
 * Returns: (transfer none) (nullable): the easing of @self, or %NULL
 *   (the default) for linear
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_timeline_get_easing (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), NULL);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->easing;
}

/**
 * gsk_layer_timeline_start:
 * @self: a timeline with a frame clock
 *
 * Starts the timeline at the clock's current time, or resumes it where
 * it was paused. Progress is first computed at the next tick.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_start (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv;
  gint64 now;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  g_return_if_fail (priv->clock != NULL);

  if (priv->playing)
    return;

  now = gsk_layer_frame_clock_get_frame_time (priv->clock);
  if (priv->paused)
    {
      priv->start_time = now - priv->paused_offset;
      priv->paused = FALSE;
    }
  else
    {
      priv->start_time = now;
      priv->started_emitted = FALSE;
      priv->current_repeat = 0;
      priv->elapsed = 0;
      priv->progress = ease (priv, is_reversed (priv, 0) ? 1.0 : 0.0);
    }

  priv->playing = TRUE;
  schedule (self);
}

/**
 * gsk_layer_timeline_pause:
 * @self: a timeline
 *
 * Stops the timeline where it is; [method@LayerTimeline.start] resumes it.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_pause (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  if (!priv->playing)
    return;

  priv->paused_offset = gsk_layer_frame_clock_get_frame_time (priv->clock) - priv->start_time;
  priv->paused = TRUE;
  priv->playing = FALSE;
  unschedule (self);
}

/**
 * gsk_layer_timeline_stop:
 * @self: a timeline
 *
 * Stops the timeline before its end and rewinds it; emits
 * [signal@LayerTimeline::stopped] if it was playing or paused.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_stop (GskLayerTimeline *self)
{
  GskLayerTimelinePrivate *priv;
  gboolean was_running;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  was_running = priv->playing || priv->paused;
  if (priv->playing)
    unschedule (self);
  priv->playing = FALSE;
  priv->paused = FALSE;

  if (was_running)
    g_signal_emit (self, signals[STOPPED], 0, FALSE);
}

/**
 * gsk_layer_timeline_seek:
 * @self: a timeline
 * @elapsed_ms: the time into the run (after the delay and across
 *   repeats) to move to
 *
 * Moves the timeline to @elapsed_ms. A playing timeline goes on from
 * there at the next tick; a stopped one computes its progress now.
 *
 * Since: 0.1
 */
void
gsk_layer_timeline_seek (GskLayerTimeline *self,
                         guint             elapsed_ms)
{
  GskLayerTimelinePrivate *priv;
  gint64 now;

  g_return_if_fail (GSK_IS_LAYER_TIMELINE (self));

  priv = gsk_layer_timeline_get_instance_private (self);
  g_return_if_fail (priv->clock != NULL);

  now = gsk_layer_frame_clock_get_frame_time (priv->clock);
  priv->start_time = now - ((gint64) priv->delay + elapsed_ms) * 1000;
  if (priv->paused)
    priv->paused_offset = now - priv->start_time;
  else if (!priv->playing)
    {
      gboolean started = priv->started_emitted;

      /* Compute the frame without starting */
      priv->started_emitted = TRUE;
      advance (self, now);
      priv->started_emitted = started;
    }
}

/**
 * gsk_layer_timeline_is_playing:
 * @self: a timeline
 *
 * Gets whether @self is running: from [method@LayerTimeline.start], its
 * delay included, until it completes or is stopped or paused.
 *
 * Returns: whether @self is running (not stopped, finished or paused)
 *
 * Since: 0.1
 */
gboolean
gsk_layer_timeline_is_playing (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), FALSE);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->playing;
}

/**
 * gsk_layer_timeline_get_progress:
 * @self: a timeline
 *
 * Gets how far @self is through its current run, as of the last tick,
 * passed through its [property@LayerTimeline:easing]: the value
 * [signal@LayerTimeline::new-frame] is emitted with. A backward run goes
 * from 1 to 0.
 *
 * Returns: the eased progress of the current run as of the last tick:
 *   from 0 to 1, or beyond for easings that overshoot
 *
 * Since: 0.1
 */
double
gsk_layer_timeline_get_progress (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->progress;
}

/**
 * gsk_layer_timeline_get_elapsed_time:
 * @self: a timeline
 *
 * Gets how far into its current run @self was at the last tick, from 0
 * to [property@LayerTimeline:duration]; neither the delay nor earlier
 * runs count.
 *
 * Returns: the time into the current run as of the last tick, in
 *   milliseconds
 *
 * Since: 0.1
 */
double
gsk_layer_timeline_get_elapsed_time (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->elapsed;
}

/**
 * gsk_layer_timeline_get_current_repeat:
 * @self: a timeline
 *
 * Gets which run of @self is current, as of the last tick: 0 for the
 * first run, 1 for the first repeat, and so on, up to
 * [property@LayerTimeline:repeat-count] for the last.
 *
 * Returns: which run is current, from 0
 *
 * Since: 0.1
 */
int
gsk_layer_timeline_get_current_repeat (GskLayerTimeline *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TIMELINE (self), 0);

  return ((GskLayerTimelinePrivate *) gsk_layer_timeline_get_instance_private (self))->current_repeat;
}

static void
gsk_layer_timeline_dispose (GObject *object)
{
  GskLayerTimeline *self = GSK_LAYER_TIMELINE (object);
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);

  if (priv->playing)
    unschedule (self);
  priv->playing = FALSE;
  g_clear_object (&priv->clock);
  g_clear_pointer (&priv->easing, gsk_layer_easing_unref);

  G_OBJECT_CLASS (gsk_layer_timeline_parent_class)->dispose (object);
}

static void
gsk_layer_timeline_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GskLayerTimeline *self = GSK_LAYER_TIMELINE (object);
  GskLayerTimelinePrivate *priv = gsk_layer_timeline_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_FRAME_CLOCK:
      g_value_set_object (value, priv->clock);
      break;
    case PROP_DURATION:
      g_value_set_uint (value, priv->duration);
      break;
    case PROP_DELAY:
      g_value_set_uint (value, priv->delay);
      break;
    case PROP_REPEAT_COUNT:
      g_value_set_int (value, priv->repeat_count);
      break;
    case PROP_AUTO_REVERSE:
      g_value_set_boolean (value, priv->auto_reverse);
      break;
    case PROP_DIRECTION:
      g_value_set_enum (value, priv->direction);
      break;
    case PROP_EASING:
      g_value_set_boxed (value, priv->easing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_timeline_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GskLayerTimeline *self = GSK_LAYER_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_FRAME_CLOCK:
      gsk_layer_timeline_set_frame_clock (self, g_value_get_object (value));
      break;
    case PROP_DURATION:
      gsk_layer_timeline_set_duration (self, g_value_get_uint (value));
      break;
    case PROP_DELAY:
      gsk_layer_timeline_set_delay (self, g_value_get_uint (value));
      break;
    case PROP_REPEAT_COUNT:
      gsk_layer_timeline_set_repeat_count (self, g_value_get_int (value));
      break;
    case PROP_AUTO_REVERSE:
      gsk_layer_timeline_set_auto_reverse (self, g_value_get_boolean (value));
      break;
    case PROP_DIRECTION:
      gsk_layer_timeline_set_direction (self, g_value_get_enum (value));
      break;
    case PROP_EASING:
      gsk_layer_timeline_set_easing (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_timeline_class_init (GskLayerTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gsk_layer_timeline_dispose;
  object_class->get_property = gsk_layer_timeline_get_property;
  object_class->set_property = gsk_layer_timeline_set_property;

  scheduler_quark = g_quark_from_static_string ("gsk-layer-timeline-scheduler");

  /**
   * GskLayerTimeline:frame-clock:
   *
   * The clock that drives the timeline.
   *
   * Since: 0.1
   */
  properties[PROP_FRAME_CLOCK] =
    g_param_spec_object ("frame-clock", NULL, "The clock that drives the timeline",
                         GSK_TYPE_LAYER_FRAME_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:duration:
   *
   * The length of one run, in milliseconds.
   *
   * Since: 0.1
   */
  properties[PROP_DURATION] =
    g_param_spec_uint ("duration", NULL, "The length of one run, in milliseconds",
                       0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:delay:
   *
   * The wait before the first run, in milliseconds.
   *
   * Since: 0.1
   */
  properties[PROP_DELAY] =
    g_param_spec_uint ("delay", NULL, "The wait before the first run, in milliseconds",
                       0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:repeat-count:
   *
   * How many times the timeline runs again after the first run; -1 for
   * forever.
   *
   * Since: 0.1
   */
  properties[PROP_REPEAT_COUNT] =
    g_param_spec_int ("repeat-count", NULL, "How many times the timeline runs again after the first run; -1 for forever",
                      -1, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:auto-reverse:
   *
   * Whether every other run goes backward.
   *
   * Since: 0.1
   */
  properties[PROP_AUTO_REVERSE] =
    g_param_spec_boolean ("auto-reverse", NULL, "Whether every other run goes backward",
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:direction:
   *
   * The direction of the first run.
   *
   * Since: 0.1
   */
  properties[PROP_DIRECTION] =
    g_param_spec_enum ("direction", NULL, "The direction of the first run",
                       GSK_TYPE_LAYER_TIMELINE_DIRECTION, GSK_LAYER_TIMELINE_FORWARD,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerTimeline:easing:
   *
   * How progress follows time; %NULL for linear.
   *
   * Since: 0.1
   */
  properties[PROP_EASING] =
    g_param_spec_boxed ("easing", NULL, "How progress follows time; NULL for linear",
                        GSK_TYPE_LAYER_EASING,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GskLayerTimeline::started:
   * @self: the timeline
   *
   * Emitted at the first tick after the delay.
   *
   * Since: 0.1
   */
  signals[STARTED] =
    g_signal_new ("started",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * GskLayerTimeline::new-frame:
   * @self: the timeline
   * @progress: the eased progress
   *
   * Emitted at each tick while the timeline runs, after the delay.
   *
   * Since: 0.1
   */
  signals[NEW_FRAME] =
    g_signal_new ("new-frame",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (GskLayerTimelineClass, new_frame),
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_DOUBLE);

  /**
   * GskLayerTimeline::completed:
   * @self: the timeline
   *
   * Emitted when the last run reached its end.
   *
   * Since: 0.1
   */
  signals[COMPLETED] =
    g_signal_new ("completed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * GskLayerTimeline::stopped:
   * @self: the timeline
   * @is_finished: %TRUE if it ran to its end, %FALSE if it was stopped
   *
   * Emitted when the timeline stops, for whatever reason.
   *
   * Since: 0.1
   */
  signals[STOPPED] =
    g_signal_new ("stopped",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (GskLayerTimelineClass, stopped),
                  NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
gsk_layer_timeline_init (GskLayerTimeline *self)
{
}
