/* gsk-layer-gesture.c: controllers that follow a press or a touch
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-gesture.h"
#include "gsk-layer-gesture-private.h"
#include "gsk-layer.h"
#include "gsk-layer-event-private.h"
#include "gsk-layer-input-private.h"

/**
 * GskLayerGesture:
 *
 * A controller that follows one point from a press (of
 * [property@LayerGesture:button]) or a touch until its release, lift or
 * cancellation, as `GtkGestureSingle` does for widgets. The point is in
 * the gesture's layer's own space, through 3D transforms, so that a drag
 * on a turned card follows the card's plane. Mouse, pen and touch drive
 * it alike.
 *
 * Gestures let the events they see travel on.
 *
 * Since: 0.1
 */

/* Velocity comes from the last 100 ms of motion, as GTK's does */
#define VELOCITY_WINDOW_MS 100
#define HISTORY 32

typedef struct
{
  guint32 time;
  double x, y;
} Sample;

typedef struct
{
  guint button;                 /* wanted; 0 for any */
  gboolean active;
  gboolean touch;
  guint sequence;
  guint pressed_button;
  GskLayerDeviceKind device_kind;
  double start_x, start_y;
  double x, y;
  /* The same points in the layer's parent's space, when it has one */
  gboolean in_parent;
  double parent_start_x, parent_start_y;
  double parent_x, parent_y;
  GdkModifierType modifiers;
  guint32 time;
  Sample history[HISTORY];
  guint n_history, history_next;
} GskLayerGesturePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GskLayerGesture, gsk_layer_gesture, GSK_TYPE_LAYER_EVENT_CONTROLLER)

enum {
  PROP_0,
  PROP_BUTTON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
record (GskLayerGesture *self,
        GskLayerEvent   *event)
{
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));
  graphene_point_t p;

  /* Edge-on, the plane has no point for it: the last one stays */
  if (layer && gsk_layer_event_get_position_in (event, layer, &p))
    {
      priv->x = p.x;
      priv->y = p.y;
    }
  if (layer && gsk_layer_get_parent (layer) &&
      gsk_layer_event_get_position_in (event, gsk_layer_get_parent (layer), &p))
    {
      priv->parent_x = p.x;
      priv->parent_y = p.y;
    }
  priv->time = event->time;
  priv->modifiers = event->modifiers;

  priv->history[priv->history_next] = (Sample) { event->time, priv->x, priv->y };
  priv->history_next = (priv->history_next + 1) % HISTORY;
  priv->n_history = MIN (priv->n_history + 1, HISTORY);
}

static void
begin (GskLayerGesture *self,
       GskLayerEvent   *event)
{
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);

  priv->active = TRUE;
  priv->touch = event->type == GSK_LAYER_EVENT_TOUCH_BEGIN;
  priv->sequence = event->sequence;
  priv->pressed_button = event->button;
  priv->device_kind = event->device_kind;
  priv->n_history = priv->history_next = 0;
  priv->x = priv->y = 0;
  priv->parent_x = priv->parent_y = 0;
  record (self, event);
  priv->start_x = priv->x;
  priv->start_y = priv->y;
  priv->parent_start_x = priv->parent_x;
  priv->parent_start_y = priv->parent_y;
  {
    GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

    priv->in_parent = layer != NULL && gsk_layer_get_parent (layer) != NULL;
  }

  g_object_ref (self);
  GSK_LAYER_GESTURE_GET_CLASS (self)->begin (self);
  g_object_unref (self);
}

static void
finish (GskLayerGesture *self,
        gboolean         cancelled)
{
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);

  g_object_ref (self);
  priv->active = FALSE;
  if (cancelled)
    GSK_LAYER_GESTURE_GET_CLASS (self)->cancel (self);
  else
    GSK_LAYER_GESTURE_GET_CLASS (self)->end (self);
  g_object_unref (self);
}

static gboolean
gsk_layer_gesture_handle_event (GskLayerEventController *controller,
                                GskLayerEvent           *event)
{
  GskLayerGesture *self = GSK_LAYER_GESTURE (controller);
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);
  gboolean ours = priv->active &&
                  (priv->touch ? event->sequence == priv->sequence : TRUE);

  switch (event->type)
    {
    case GSK_LAYER_EVENT_BUTTON_PRESS:
      if (!priv->active && (priv->button == 0 || event->button == priv->button))
        begin (self, event);
      break;

    case GSK_LAYER_EVENT_TOUCH_BEGIN:
      if (!priv->active)
        begin (self, event);
      break;

    case GSK_LAYER_EVENT_MOTION:
      if (ours && !priv->touch)
        {
          record (self, event);
          GSK_LAYER_GESTURE_GET_CLASS (self)->update (self);
        }
      break;

    case GSK_LAYER_EVENT_TOUCH_UPDATE:
      if (ours && priv->touch)
        {
          record (self, event);
          GSK_LAYER_GESTURE_GET_CLASS (self)->update (self);
        }
      break;

    case GSK_LAYER_EVENT_BUTTON_RELEASE:
      if (ours && !priv->touch && event->button == priv->pressed_button)
        {
          record (self, event);
          finish (self, FALSE);
        }
      break;

    case GSK_LAYER_EVENT_TOUCH_END:
      if (ours && priv->touch)
        {
          record (self, event);
          finish (self, FALSE);
        }
      break;

    case GSK_LAYER_EVENT_TOUCH_CANCEL:
      if (ours && priv->touch)
        finish (self, TRUE);
      break;

    case GSK_LAYER_EVENT_GRAB_BROKEN:
      /* A touch's names its sequence and device; the pointer's neither */
      if (priv->active &&
          (priv->touch ? event->device_kind == GSK_LAYER_DEVICE_TOUCHSCREEN && event->sequence == priv->sequence
                       : event->device_kind != GSK_LAYER_DEVICE_TOUCHSCREEN))
        finish (self, TRUE);
      break;

    default:
      break;
    }

  return GSK_LAYER_EVENT_CONTROLLER_CLASS (gsk_layer_gesture_parent_class)->handle_event (controller, event);
}

static void
gsk_layer_gesture_nothing (GskLayerGesture *self)
{
}

static void
gsk_layer_gesture_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GskLayerGesture *self = GSK_LAYER_GESTURE (object);

  switch (prop_id)
    {
    case PROP_BUTTON:
      g_value_set_uint (value, gsk_layer_gesture_get_button (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_gesture_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  GskLayerGesture *self = GSK_LAYER_GESTURE (object);

  switch (prop_id)
    {
    case PROP_BUTTON:
      gsk_layer_gesture_set_button (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_gesture_class_init (GskLayerGestureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerEventControllerClass *controller_class = GSK_LAYER_EVENT_CONTROLLER_CLASS (klass);

  object_class->get_property = gsk_layer_gesture_get_property;
  object_class->set_property = gsk_layer_gesture_set_property;
  controller_class->handle_event = gsk_layer_gesture_handle_event;
  klass->begin = gsk_layer_gesture_nothing;
  klass->update = gsk_layer_gesture_nothing;
  klass->end = gsk_layer_gesture_nothing;
  klass->cancel = gsk_layer_gesture_nothing;

  /**
   * GskLayerGesture:button:
   *
   * The mouse button that begins the gesture, 1 (the primary one) by
   * default; 0 for any. Touch always does.
   *
   * Since: 0.1
   */
  properties[PROP_BUTTON] =
    g_param_spec_uint ("button", NULL, "The mouse button that begins the gesture, 1 (the primary one) by default; 0 for any",
                       0, G_MAXUINT, 1,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_gesture_init (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);

  priv->button = 1;
}

/**
 * gsk_layer_gesture_set_button:
 * @self: a gesture
 * @button: the button that begins it, or 0 for any
 *
 * Sets the mouse button that begins the gesture: 1 (the primary one)
 * by default. A touch begins it whatever the button.
 *
 * Since: 0.1
 */
void
gsk_layer_gesture_set_button (GskLayerGesture *self,
                              guint            button)
{
  GskLayerGesturePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_GESTURE (self));

  priv = gsk_layer_gesture_get_instance_private (self);
  if (priv->button == button)
    return;

  priv->button = button;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUTTON]);
}

/**
 * gsk_layer_gesture_get_button:
 * @self: a gesture
 *
 * Gives the mouse button that begins the gesture, as set with
 * [method@LayerGesture.set_button].
 *
 * Returns: the button that begins the gesture, or 0 for any
 *
 * Since: 0.1
 */
guint
gsk_layer_gesture_get_button (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), 0);

  priv = gsk_layer_gesture_get_instance_private (self);
  return priv->button;
}

/**
 * gsk_layer_gesture_claim:
 * @self: a gesture
 *
 * Takes the press or touch @self follows for itself, as GTK's
 * `gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED)` does:
 * every other controller that follows it (on the same layer, its
 * ancestors or its descendants) gets a %GSK_LAYER_EVENT_GRAB_BROKEN
 * event at once, and none of its later events. Gestures are cancelled
 * by it: a click gesture under a drag that scrolls emits
 * [signal@LayerClickGesture::cancelled], never ::clicked. A
 * [class@LayerPanGesture] claims its press or touch once it has moved
 * by the drag threshold (8 units).
 *
 * Returns: %TRUE if @self was following a press or touch, which is
 *   now its alone
 *
 * Since: 0.1
 */
gboolean
gsk_layer_gesture_claim (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), FALSE);

  priv = gsk_layer_gesture_get_instance_private (self);
  if (!priv->active)
    return FALSE;

  g_object_ref (self);
  gsk_layer_input_claim (GSK_LAYER_EVENT_CONTROLLER (self), priv->touch, priv->sequence);
  g_object_unref (self);
  return TRUE;
}

/**
 * gsk_layer_gesture_is_active:
 * @self: a gesture
 *
 * Says whether the gesture is following a press or touch: from the
 * press or touch until its release, lift or cancellation.
 *
 * Returns: whether a press or touch is being followed
 *
 * Since: 0.1
 */
gboolean
gsk_layer_gesture_is_active (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), FALSE);

  priv = gsk_layer_gesture_get_instance_private (self);
  return priv->active;
}

/**
 * gsk_layer_gesture_get_start_point:
 * @self: a gesture
 * @x: (out) (optional): return location for x, in the layer's space
 * @y: (out) (optional): return location for y
 *
 * Gives where the press or touch began.
 *
 * Since: 0.1
 */
void
gsk_layer_gesture_get_start_point (GskLayerGesture *self,
                                   double          *x,
                                   double          *y)
{
  GskLayerGesturePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_GESTURE (self));

  priv = gsk_layer_gesture_get_instance_private (self);
  if (x)
    *x = priv->start_x;
  if (y)
    *y = priv->start_y;
}

/**
 * gsk_layer_gesture_get_point:
 * @self: a gesture
 * @x: (out) (optional): return location for x, in the layer's space
 * @y: (out) (optional): return location for y
 *
 * Gives where the point is now (or was last, once the gesture ended).
 *
 * Since: 0.1
 */
void
gsk_layer_gesture_get_point (GskLayerGesture *self,
                             double          *x,
                             double          *y)
{
  GskLayerGesturePrivate *priv;

  g_return_if_fail (GSK_IS_LAYER_GESTURE (self));

  priv = gsk_layer_gesture_get_instance_private (self);
  if (x)
    *x = priv->x;
  if (y)
    *y = priv->y;
}

/**
 * gsk_layer_gesture_get_modifiers:
 * @self: a gesture
 *
 * Gives the modifier keys and buttons held at the last event the
 * gesture followed (the press or touch, a motion, the release or lift),
 * as GDK reports them: Shift, Control, Alt …
 *
 * Returns: the modifiers of the last event the gesture followed
 *
 * Since: 0.1
 */
GdkModifierType
gsk_layer_gesture_get_modifiers (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), 0);

  priv = gsk_layer_gesture_get_instance_private (self);
  return priv->modifiers;
}

/**
 * gsk_layer_gesture_get_time:
 * @self: a gesture
 *
 * Gives the time of the last event the gesture followed: the press or
 * touch, a motion, or the release or lift.
 *
 * Returns: the time of the last event the gesture followed, in
 *   milliseconds, as the events give it
 *
 * Since: 0.1
 */
guint32
gsk_layer_gesture_get_time (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), 0);

  priv = gsk_layer_gesture_get_instance_private (self);
  return priv->time;
}

/**
 * gsk_layer_gesture_get_device_kind:
 * @self: a gesture
 *
 * Gives the kind of device whose press or touch began the gesture: the
 * one being followed or, once it ended, the last one
 * (%GSK_LAYER_DEVICE_MOUSE before any).
 *
 * Returns: the kind of device that began the gesture
 *
 * Since: 0.1
 */
GskLayerDeviceKind
gsk_layer_gesture_get_device_kind (GskLayerGesture *self)
{
  GskLayerGesturePrivate *priv;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), GSK_LAYER_DEVICE_MOUSE);

  priv = gsk_layer_gesture_get_instance_private (self);
  return priv->device_kind;
}

/**
 * gsk_layer_gesture_get_velocity:
 * @self: a gesture
 * @vx: (out) (optional): return location for the horizontal velocity,
 *   in layer units per second
 * @vy: (out) (optional): return location for the vertical velocity
 *
 * Gives the point's velocity over the last 100 ms of its motion.
 *
 * Returns: %FALSE, with 0, if there were not two events to measure it
 *   by in that time
 *
 * Since: 0.1
 */
gboolean
gsk_layer_gesture_get_velocity (GskLayerGesture *self,
                                double          *vx,
                                double          *vy)
{
  GskLayerGesturePrivate *priv;
  const Sample *last, *first;
  guint i;

  g_return_val_if_fail (GSK_IS_LAYER_GESTURE (self), FALSE);

  priv = gsk_layer_gesture_get_instance_private (self);
  if (vx)
    *vx = 0;
  if (vy)
    *vy = 0;
  if (priv->n_history < 2)
    return FALSE;

  last = &priv->history[(priv->history_next + HISTORY - 1) % HISTORY];
  first = last;
  for (i = 2; i <= priv->n_history; i++)
    {
      const Sample *s = &priv->history[(priv->history_next + HISTORY - i) % HISTORY];

      if (last->time - s->time > VELOCITY_WINDOW_MS)
        break;
      first = s;
    }

  if (first == last || last->time == first->time)
    return FALSE;

  if (vx)
    *vx = (last->x - first->x) * 1000.0 / (last->time - first->time);
  if (vy)
    *vy = (last->y - first->y) * 1000.0 / (last->time - first->time);

  return TRUE;
}

gboolean
gsk_layer_gesture_get_parent_points (GskLayerGesture *self,
                                     double          *start_x,
                                     double          *start_y,
                                     double          *x,
                                     double          *y)
{
  GskLayerGesturePrivate *priv = gsk_layer_gesture_get_instance_private (self);

  *start_x = priv->parent_start_x;
  *start_y = priv->parent_start_y;
  *x = priv->parent_x;
  *y = priv->parent_y;
  return priv->in_parent;
}
