/* gsk-layer-pan-gesture.c: scrolling by dragging, with kinetic motion
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-pan-gesture-private.h"
#include "gsk-layer-event-private.h"
#include "gsk-layer-enum-types.h"
#include "gsk-layer-easing.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer.h"

/**
 * GskLayerPanGesture:
 *
 * A scroll position, [property@LayerPanGesture:value], between a lower
 * and an upper bound, moved on one axis by dragging (mouse, pen or
 * touch: the content follows the point), by a touchpad's smooth
 * scrolling and by wheel steps (50 units each). Past a bound, a drag
 * moves half as far (the rubber band).
 *
 * Let go while moving, the value goes on and slows down as GTK's kinetic
 * scrolling does: velocity from the last 100 ms of motion, decaying as
 * e^−4t. Past a bound it slows twenty times faster, and from where it
 * stopped a critically damped spring (mass 1, stiffness 200) takes it
 * back to the bound. The motion runs on the frame clock of the layer's
 * tree, frame by frame; without a clock, the value goes to where the
 * motion would end at once.
 *
 * Once a drag has moved by 8 units along the axis, the gesture claims it
 * ([method@LayerGesture.claim]): a click gesture under it is cancelled,
 * as a scrolled view's children in GTK are.
 *
 * An application moves its content by the value: bind it, or read it in
 * a notify::value handler.
 *
 * Since: 0.1
 */

#define DECELERATION_FRICTION 4.0
#define OVERSHOOT_FRICTION 20.0
#define STOP_VELOCITY 1.0       /* units per second */
#define WHEEL_STEP 50.0
#define SPRING_STIFFNESS 200.0
/* Moved this far along its axis, a drag is a scroll: the pan claims it
 * (GTK's drag threshold) */
#define DRAG_THRESHOLD 8.0

typedef enum {
  STILL,
  DECELERATING,                 /* value(t) = x0 + v0 / f (1 - e^−ft) */
  SPRINGING,                    /* back to a bound */
} Motion;

struct _GskLayerPanGesture
{
  GskLayerGesture parent_instance;

  GskLayerDragAxis axis;
  double lower, upper;
  double value;

  double drag_start_value;
  gboolean claimed;
  /* With nothing to scroll, it takes no drag nor wheel (a scroll
   * layer's pan across its axis) */
  gboolean idle_when_fixed;
  /* Where the motion under way began, for the snap function */
  double motion_origin;
  GskLayerPanSnapFunc snap;
  gpointer snap_data;

  /* Smooth scrolling: the deltas of the last 100 ms */
  struct { guint32 time; double delta; } scroll[16];
  guint n_scroll;

  Motion motion;
  gint64 motion_start;          /* µs, on the clock */
  double motion_from, motion_velocity, motion_friction, motion_to;
  GskLayerEasing *spring;
  GskLayerFrameClock *clock;
  gulong tick_id;
};

G_DEFINE_FINAL_TYPE (GskLayerPanGesture, gsk_layer_pan_gesture, GSK_TYPE_LAYER_GESTURE)

enum {
  PROP_0,
  PROP_AXIS,
  PROP_LOWER,
  PROP_UPPER,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_value (GskLayerPanGesture *self,
           double              value)
{
  if (!isfinite (value) || self->value == value)
    return;

  self->value = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

static double
clamp_to_range (GskLayerPanGesture *self,
                double              value)
{
  return CLAMP (value, self->lower, self->upper);
}

static void
stop_motion (GskLayerPanGesture *self)
{
  self->motion = STILL;
  if (self->clock)
    {
      g_clear_signal_handler (&self->tick_id, self->clock);
      g_clear_object (&self->clock);
    }
}

static void
start_spring_to (GskLayerPanGesture *self,
                 double              from,
                 double              to,
                 gint64              now)
{
  self->motion = SPRINGING;
  self->motion_start = now;
  self->motion_from = from;
  self->motion_to = to;
}

static void
start_spring (GskLayerPanGesture *self,
              double              from,
              gint64              now)
{
  start_spring_to (self, from, clamp_to_range (self, from), now);
}

/* Where the motion is @t seconds after its start; may switch it from
 * decelerating to overshooting to springing */
static void
advance (GskLayerPanGesture *self,
         gint64              now)
{
  double t = (now - self->motion_start) / (double) G_USEC_PER_SEC;

  if (self->motion == DECELERATING)
    {
      double f = self->motion_friction, v0 = self->motion_velocity;
      double x = self->motion_from + v0 / f * (1 - exp (-f * t));
      double v = v0 * exp (-f * t);

      if (self->motion_friction == DECELERATION_FRICTION && (x < self->lower || x > self->upper))
        {
          /* Past the bound: from the moment it crossed, a stronger friction */
          double bound = x < self->lower ? self->lower : self->upper;
          double t_cross = -log (1 - (bound - self->motion_from) * f / v0) / f;
          gint64 cross = self->motion_start + (gint64) (t_cross * G_USEC_PER_SEC);

          self->motion_from = bound;
          self->motion_velocity = v0 * exp (-f * t_cross);
          self->motion_friction = OVERSHOOT_FRICTION;
          self->motion_start = cross;
          advance (self, now);
          return;
        }

      if (fabs (v) < STOP_VELOCITY)
        {
          /* Where it would stop, inside; or back from the overshoot */
          double end = self->motion_from + v0 / f;

          if (end < self->lower || end > self->upper)
            {
              gint64 stopped = self->motion_start + (gint64) (log (fabs (v0) / STOP_VELOCITY) / f * G_USEC_PER_SEC);

              start_spring (self, end, stopped);
              advance (self, now);
              return;
            }
          /* Where the motion tends to, within a quarter of a unit of
           * x: exactly a snap position when it was aimed at one */
          set_value (self, end);
          stop_motion (self);
          return;
        }

      set_value (self, x);
    }
  else if (self->motion == SPRINGING)
    {
      double settle = gsk_layer_easing_get_settle_time (self->spring);

      if (t >= settle)
        {
          set_value (self, self->motion_to);
          stop_motion (self);
          return;
        }
      set_value (self, self->motion_from +
                       (self->motion_to - self->motion_from) * gsk_layer_easing_evaluate (self->spring, t / settle));
    }
}

static void
on_tick (GskLayerFrameClock *clock,
         GskLayerPanGesture *self)
{
  g_object_ref (self);
  advance (self, gsk_layer_frame_clock_get_frame_time (clock));
  if (self->motion != STILL && self->clock)
    gsk_layer_frame_clock_request_frame (self->clock);
  g_object_unref (self);
}

/* Where the snap function says a motion that would rest at @end
 * rests; @end itself without one */
static double
snapped (GskLayerPanGesture *self,
         double              end,
         gboolean            step)
{
  if (self->snap == NULL)
    return end;
  return clamp_to_range (self, self->snap (self->motion_origin, clamp_to_range (self, end), step, self->snap_data));
}

/* After a release or a scroll stop: decelerate from @velocity, or
 * spring back into range, on the clock; at once without one. With a
 * snap function, the motion is aimed at the resting place it gives:
 * the same deceleration, from a velocity that ends there */
static void
let_go (GskLayerPanGesture *self,
        double              velocity)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  GskLayerFrameClock *clock = layer ? gsk_layer_get_frame_clock (layer) : NULL;
  double end = fabs (velocity) >= STOP_VELOCITY ? self->value + velocity / DECELERATION_FRICTION : self->value;
  double target = snapped (self, end, FALSE);
  gint64 now;

  stop_motion (self);
  if (clock == NULL)
    {
      set_value (self, self->snap ? target : clamp_to_range (self, end));
      return;
    }

  now = gsk_layer_frame_clock_get_frame_time (clock);
  if (self->value < self->lower || self->value > self->upper)
    start_spring_to (self, self->value, self->snap ? target : clamp_to_range (self, self->value), now);
  else
    {
      /* Aimed at the resting place: the deceleration that ends there */
      if (self->snap)
        velocity = (target - self->value) * DECELERATION_FRICTION;
      if (fabs (velocity) < STOP_VELOCITY)
        {
          set_value (self, self->snap ? target : self->value);
          return;
        }
      self->motion = DECELERATING;
      self->motion_start = now;
      self->motion_from = self->value;
      self->motion_velocity = velocity;
      self->motion_friction = DECELERATION_FRICTION;
    }

  self->clock = g_object_ref (clock);
  self->tick_id = g_signal_connect (clock, "tick", G_CALLBACK (on_tick), self);
  gsk_layer_frame_clock_request_frame (clock);
}

static double
along_axis (GskLayerPanGesture *self,
            double              x,
            double              y)
{
  return self->axis == GSK_LAYER_DRAG_HORIZONTAL ? x : y;
}

/* The rubber band: past a bound, half as far */
static double
banded (GskLayerPanGesture *self,
        double              value)
{
  if (value < self->lower)
    return self->lower - (self->lower - value) / 2;
  if (value > self->upper)
    return self->upper + (value - self->upper) / 2;
  return value;
}

static void
gsk_layer_pan_gesture_begin (GskLayerGesture *gesture)
{
  GskLayerPanGesture *self = GSK_LAYER_PAN_GESTURE (gesture);

  /* A press stops the motion where it is, as a finger on a list does */
  stop_motion (self);
  self->drag_start_value = self->value;
  self->motion_origin = self->value;
  self->claimed = FALSE;
}

static void
gsk_layer_pan_gesture_update (GskLayerGesture *gesture)
{
  GskLayerPanGesture *self = GSK_LAYER_PAN_GESTURE (gesture);
  double sx, sy, x, y;

  if (self->idle_when_fixed && self->upper <= self->lower)
    return;
  gsk_layer_gesture_get_start_point (gesture, &sx, &sy);
  gsk_layer_gesture_get_point (gesture, &x, &y);
  if (!self->claimed && fabs (along_axis (self, x - sx, y - sy)) >= DRAG_THRESHOLD)
    {
      /* A scroll, not a click on what is under it */
      self->claimed = TRUE;
      gsk_layer_gesture_claim (gesture);
    }
  set_value (self, banded (self, self->drag_start_value - along_axis (self, x - sx, y - sy)));
}

static void
gsk_layer_pan_gesture_end (GskLayerGesture *gesture)
{
  GskLayerPanGesture *self = GSK_LAYER_PAN_GESTURE (gesture);
  double vx, vy;

  if (self->idle_when_fixed && self->upper <= self->lower)
    return;
  gsk_layer_pan_gesture_update (gesture);
  gsk_layer_gesture_get_velocity (gesture, &vx, &vy);
  let_go (self, -along_axis (self, vx, vy));
}

static void
gsk_layer_pan_gesture_cancel (GskLayerGesture *gesture)
{
  let_go (GSK_LAYER_PAN_GESTURE (gesture), 0);
}

static void
scroll (GskLayerPanGesture *self,
        GskLayerEvent      *event)
{
  double delta;

  if (self->idle_when_fixed && self->upper <= self->lower)
    return;

  switch (event->scroll_direction)
    {
    case GSK_LAYER_SCROLL_UP:
    case GSK_LAYER_SCROLL_DOWN:
    case GSK_LAYER_SCROLL_LEFT:
    case GSK_LAYER_SCROLL_RIGHT:
      if ((self->axis == GSK_LAYER_DRAG_HORIZONTAL) !=
          (event->scroll_direction == GSK_LAYER_SCROLL_LEFT || event->scroll_direction == GSK_LAYER_SCROLL_RIGHT))
        return;
      stop_motion (self);
      delta = event->scroll_direction == GSK_LAYER_SCROLL_UP || event->scroll_direction == GSK_LAYER_SCROLL_LEFT
              ? -WHEEL_STEP : WHEEL_STEP;
      self->motion_origin = self->value;
      set_value (self, snapped (self, clamp_to_range (self, self->value + delta), TRUE));
      return;

    case GSK_LAYER_SCROLL_SMOOTH:
    default:
      break;
    }

  if (event->scroll_stop)
    {
      double sum = 0;
      guint32 first = event->time, last = event->time;

      /* The velocity of the last 100 ms of deltas */
      for (guint i = 0; i < self->n_scroll; i++)
        if (event->time - self->scroll[i].time <= 100)
          {
            sum += self->scroll[i].delta;
            first = MIN (first, self->scroll[i].time);
          }
      self->n_scroll = 0;
      let_go (self, last > first ? sum * 1000.0 / (last - first) : 0);
      return;
    }

  stop_motion (self);
  if (self->n_scroll == 0)
    self->motion_origin = self->value;
  delta = along_axis (self, event->dx, event->dy);
  if (self->n_scroll == G_N_ELEMENTS (self->scroll))
    {
      memmove (self->scroll, self->scroll + 1, sizeof self->scroll[0] * (self->n_scroll - 1));
      self->n_scroll--;
    }
  self->scroll[self->n_scroll].time = event->time;
  self->scroll[self->n_scroll].delta = delta;
  self->n_scroll++;
  set_value (self, banded (self, self->value + delta));
}

static gboolean
gsk_layer_pan_gesture_handle_event (GskLayerEventController *controller,
                                    GskLayerEvent           *event)
{
  if (event->type == GSK_LAYER_EVENT_SCROLL)
    {
      g_object_ref (controller);
      scroll (GSK_LAYER_PAN_GESTURE (controller), event);
      g_object_unref (controller);
    }

  return GSK_LAYER_EVENT_CONTROLLER_CLASS (gsk_layer_pan_gesture_parent_class)->handle_event (controller, event);
}

static void
gsk_layer_pan_gesture_dispose (GObject *object)
{
  stop_motion (GSK_LAYER_PAN_GESTURE (object));

  G_OBJECT_CLASS (gsk_layer_pan_gesture_parent_class)->dispose (object);
}

static void
gsk_layer_pan_gesture_finalize (GObject *object)
{
  gsk_layer_easing_unref (GSK_LAYER_PAN_GESTURE (object)->spring);

  G_OBJECT_CLASS (gsk_layer_pan_gesture_parent_class)->finalize (object);
}

static void
gsk_layer_pan_gesture_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GskLayerPanGesture *self = GSK_LAYER_PAN_GESTURE (object);

  switch (prop_id)
    {
    case PROP_AXIS:
      g_value_set_enum (value, self->axis);
      break;
    case PROP_LOWER:
      g_value_set_double (value, self->lower);
      break;
    case PROP_UPPER:
      g_value_set_double (value, self->upper);
      break;
    case PROP_VALUE:
      g_value_set_double (value, self->value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_pan_gesture_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GskLayerPanGesture *self = GSK_LAYER_PAN_GESTURE (object);

  switch (prop_id)
    {
    case PROP_AXIS:
      self->axis = g_value_get_enum (value) == GSK_LAYER_DRAG_HORIZONTAL ? GSK_LAYER_DRAG_HORIZONTAL
                                                                         : GSK_LAYER_DRAG_VERTICAL;
      break;
    case PROP_LOWER:
      gsk_layer_pan_gesture_set_range (self, g_value_get_double (value), MAX (self->upper, g_value_get_double (value)));
      break;
    case PROP_UPPER:
      gsk_layer_pan_gesture_set_range (self, MIN (self->lower, g_value_get_double (value)), g_value_get_double (value));
      break;
    case PROP_VALUE:
      gsk_layer_pan_gesture_set_value (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_pan_gesture_class_init (GskLayerPanGestureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerEventControllerClass *controller_class = GSK_LAYER_EVENT_CONTROLLER_CLASS (klass);
  GskLayerGestureClass *gesture_class = GSK_LAYER_GESTURE_CLASS (klass);

  object_class->dispose = gsk_layer_pan_gesture_dispose;
  object_class->finalize = gsk_layer_pan_gesture_finalize;
  object_class->get_property = gsk_layer_pan_gesture_get_property;
  object_class->set_property = gsk_layer_pan_gesture_set_property;
  controller_class->handle_event = gsk_layer_pan_gesture_handle_event;
  gesture_class->begin = gsk_layer_pan_gesture_begin;
  gesture_class->update = gsk_layer_pan_gesture_update;
  gesture_class->end = gsk_layer_pan_gesture_end;
  gesture_class->cancel = gsk_layer_pan_gesture_cancel;

  /**
   * GskLayerPanGesture:axis:
   *
   * The axis the value moves on: horizontal or vertical.
   *
   * Since: 0.1
   */
  properties[PROP_AXIS] =
    g_param_spec_enum ("axis", NULL, "The axis the value moves on: horizontal or vertical",
                       GSK_TYPE_LAYER_DRAG_AXIS, GSK_LAYER_DRAG_VERTICAL,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * GskLayerPanGesture:lower:
   *
   * The least value at rest.
   *
   * Since: 0.1
   */
  properties[PROP_LOWER] =
    g_param_spec_double ("lower", NULL, "The least value at rest",
                         -1e9, 1e9, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerPanGesture:upper:
   *
   * The greatest value at rest.
   *
   * Since: 0.1
   */
  properties[PROP_UPPER] =
    g_param_spec_double ("upper", NULL, "The greatest value at rest",
                         -1e9, 1e9, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerPanGesture:value:
   *
   * The scroll position: within the range at rest, past it while a drag
   * or the kinetic motion overshoots.
   *
   * Since: 0.1
   */
  properties[PROP_VALUE] =
    g_param_spec_double ("value", NULL, "The scroll position: within the range at rest, past it while a drag or the kinetic motion overshoots",
                         -2e9, 2e9, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_pan_gesture_init (GskLayerPanGesture *self)
{
  self->axis = GSK_LAYER_DRAG_VERTICAL;
  /* Critically damped: back without a bounce */
  self->spring = gsk_layer_easing_new_spring (1, SPRING_STIFFNESS, 2 * sqrt (SPRING_STIFFNESS), 0);
}

/**
 * gsk_layer_pan_gesture_new:
 * @axis: %GSK_LAYER_DRAG_HORIZONTAL or %GSK_LAYER_DRAG_VERTICAL
 *
 * Creates a pan gesture that moves its [property@LayerPanGesture:value]
 * on @axis, which cannot change afterwards.
 *
 * Returns: (transfer full): a new pan gesture, with the range [0, 0]
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_pan_gesture_new (GskLayerDragAxis axis)
{
  g_return_val_if_fail (axis == GSK_LAYER_DRAG_HORIZONTAL || axis == GSK_LAYER_DRAG_VERTICAL, NULL);

  return g_object_new (GSK_TYPE_LAYER_PAN_GESTURE, "axis", axis, NULL);
}

/**
 * gsk_layer_pan_gesture_get_axis:
 * @self: a pan gesture
 *
 * Gives the axis the value moves on, given to
 * [ctor@LayerPanGesture.new].
 *
 * Returns: the axis the value moves on
 *
 * Since: 0.1
 */
GskLayerDragAxis
gsk_layer_pan_gesture_get_axis (GskLayerPanGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAN_GESTURE (self), GSK_LAYER_DRAG_VERTICAL);

  return self->axis;
}

/**
 * gsk_layer_pan_gesture_set_range:
 * @self: a pan gesture
 * @lower: the least value at rest
 * @upper: the greatest value at rest, not below @lower
 *
 * Sets the range; a value at rest outside it moves into it.
 *
 * Since: 0.1
 */
void
gsk_layer_pan_gesture_set_range (GskLayerPanGesture *self,
                                 double              lower,
                                 double              upper)
{
  g_return_if_fail (GSK_IS_LAYER_PAN_GESTURE (self));
  g_return_if_fail (lower >= -1e9 && upper <= 1e9 && lower <= upper);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->lower != lower)
    {
      self->lower = lower;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOWER]);
    }
  if (self->upper != upper)
    {
      self->upper = upper;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPPER]);
    }
  if (self->motion == STILL && !gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (self)))
    set_value (self, clamp_to_range (self, self->value));
  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * gsk_layer_pan_gesture_get_range:
 * @self: a pan gesture
 * @lower: (out) (optional): return location for the lower bound
 * @upper: (out) (optional): return location for the upper bound
 *
 * Gives the range the value rests in, as set with
 * [method@LayerPanGesture.set_range]: [0, 0] by default.
 *
 * Since: 0.1
 */
void
gsk_layer_pan_gesture_get_range (GskLayerPanGesture *self,
                                 double             *lower,
                                 double             *upper)
{
  g_return_if_fail (GSK_IS_LAYER_PAN_GESTURE (self));

  if (lower)
    *lower = self->lower;
  if (upper)
    *upper = self->upper;
}

/**
 * gsk_layer_pan_gesture_set_value:
 * @self: a pan gesture
 * @value: a value within the range
 *
 * Scrolls to @value at once, stopping any motion.
 *
 * Since: 0.1
 */
void
gsk_layer_pan_gesture_set_value (GskLayerPanGesture *self,
                                 double              value)
{
  g_return_if_fail (GSK_IS_LAYER_PAN_GESTURE (self));
  g_return_if_fail (isfinite (value));

  stop_motion (self);
  set_value (self, clamp_to_range (self, value));
}

/**
 * gsk_layer_pan_gesture_get_value:
 * @self: a pan gesture
 *
 * Gives the scroll position: within the range at rest, past a bound
 * while a drag, a touchpad scroll or the kinetic motion overshoots it.
 *
 * Returns: the scroll position, in layer units
 *
 * Since: 0.1
 */
double
gsk_layer_pan_gesture_get_value (GskLayerPanGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAN_GESTURE (self), 0);

  return self->value;
}

/**
 * gsk_layer_pan_gesture_is_moving:
 * @self: a pan gesture
 *
 * Says whether the value is moving on its own, on the frame clock: the
 * kinetic motion after a release or the end of a touchpad scroll, or
 * the spring back into the range. A press, a wheel step on its axis, a
 * touchpad scroll or [method@LayerPanGesture.set_value] stops it.
 *
 * Returns: whether the kinetic motion or the spring back runs
 *
 * Since: 0.1
 */
gboolean
gsk_layer_pan_gesture_is_moving (GskLayerPanGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAN_GESTURE (self), FALSE);

  return self->motion != STILL;
}

void
gsk_layer_pan_gesture_set_snap_func (GskLayerPanGesture  *self,
                                     GskLayerPanSnapFunc  func,
                                     gpointer             data)
{
  self->snap = func;
  self->snap_data = data;
}

void
gsk_layer_pan_gesture_rebase (GskLayerPanGesture *self)
{
  GskLayerGesture *gesture = GSK_LAYER_GESTURE (self);
  double sx, sy, x, y;

  stop_motion (self);
  if (!gsk_layer_gesture_is_active (gesture))
    return;
  gsk_layer_gesture_get_start_point (gesture, &sx, &sy);
  gsk_layer_gesture_get_point (gesture, &x, &y);
  self->drag_start_value = self->value + along_axis (self, x - sx, y - sy);
}

void
gsk_layer_pan_gesture_set_idle_when_fixed (GskLayerPanGesture *self,
                                           gboolean            idle)
{
  self->idle_when_fixed = idle;
}
