/* gsk-layer-drag-gesture.c: dragging, past a threshold, on an axis
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-drag-gesture.h"
#include "gsk-layer-gesture-private.h"
#include "gsk-layer-drop-target-private.h"
#include "gsk-layer.h"
#include "gsk-layer-enum-types.h"

/**
 * GskLayerDragGesture:
 *
 * A drag: once the point has moved [property@LayerDragGesture:threshold]
 * units from where it was pressed (8 by default, GTK's drag threshold),
 * [signal@LayerDragGesture::drag-begin], then an update for each motion
 * with the offset from the start, and an end. An
 * [property@LayerDragGesture:axis] keeps only one direction of the
 * motion, for sliders and lists. Offsets are in the layer's parent's
 * space by default ([property@LayerDragGesture:coordinates]), so that
 * the layer's position plus the offset follows the pointer exactly;
 * [property@LayerDragGesture:moves-layer] moves it so.
 *
 * While it drags, its layer is offered to the [class@LayerDropTarget]
 * under the point (its own subtree left out): the target is told as
 * the drag comes, moves and goes, and let go over it, the layer is
 * dropped there, before ::drag-end.
 *
 * Since: 0.1
 */

struct _GskLayerDragGesture
{
  GskLayerGesture parent_instance;

  double threshold;
  /* Per axis, or below 0 for none: see past_threshold () */
  double x_threshold, y_threshold;
  GskLayerDragAxis axis;
  GskLayerDragCoordinates coordinates;
  gboolean moves_layer;
  /* Weak: where a drag may start, if set */
  GskLayer *handle;
  gboolean dragging;
  /* With moves-layer: where the layer was when the drag began */
  graphene_point_t layer_start;
  /* The event being handled (for drop targets), and the drop target
   * the drag is over, owned */
  GskLayerEvent *event;
  GskLayerDropTarget *drop_target;
};

G_DEFINE_FINAL_TYPE (GskLayerDragGesture, gsk_layer_drag_gesture, GSK_TYPE_LAYER_GESTURE)

enum {
  PROP_0,
  PROP_THRESHOLD,
  PROP_AXIS,
  PROP_COORDINATES,
  PROP_MOVES_LAYER,
  PROP_HANDLE,
  PROP_X_THRESHOLD,
  PROP_Y_THRESHOLD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  DRAG_BEGIN,
  DRAG_UPDATE,
  DRAG_END,
  DRAG_CANCEL,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The start and the current point in the space the offsets are in */
static void
get_points (GskLayerDragGesture *self,
            double              *sx,
            double              *sy,
            double              *x,
            double              *y)
{
  if ((self->coordinates == GSK_LAYER_DRAG_COORDINATES_PARENT || self->moves_layer) &&
      gsk_layer_gesture_get_parent_points (GSK_LAYER_GESTURE (self), sx, sy, x, y))
    return;
  gsk_layer_gesture_get_start_point (GSK_LAYER_GESTURE (self), sx, sy);
  gsk_layer_gesture_get_point (GSK_LAYER_GESTURE (self), x, y);
}

static void
get_offset (GskLayerDragGesture *self,
            double              *dx,
            double              *dy)
{
  double sx, sy, x, y;

  get_points (self, &sx, &sy, &x, &y);
  *dx = self->axis == GSK_LAYER_DRAG_VERTICAL ? 0 : x - sx;
  *dy = self->axis == GSK_LAYER_DRAG_HORIZONTAL ? 0 : y - sy;
}

/* With moves-layer: the layer where the drag puts it */
static void
move_layer (GskLayerDragGesture *self,
            double               dx,
            double               dy)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

  if (self->moves_layer && layer != NULL)
    gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (self->layer_start.x + dx, self->layer_start.y + dy));
}

/* With a threshold per axis (Clutter's drag action's), a motion past
 * either starts the drag, an axis without one counting the distance
 * threshold; else the distance moved counts */
static gboolean
past_threshold (GskLayerDragGesture *self,
                double               dx,
                double               dy)
{
  if (self->x_threshold < 0 && self->y_threshold < 0)
    return hypot (dx, dy) >= self->threshold;

  return fabs (dx) >= (self->x_threshold >= 0 ? self->x_threshold : self->threshold) ||
         fabs (dy) >= (self->y_threshold >= 0 ? self->y_threshold : self->threshold);
}

static void
set_drop_target (GskLayerDragGesture *self,
                 GskLayerDropTarget  *target)
{
  GskLayerDropTarget *old = self->drop_target;

  if (old == target)
    return;
  self->drop_target = target ? g_object_ref (target) : NULL;
  if (old != NULL)
    {
      gsk_layer_drop_target_leave (old);
      g_object_unref (old);
    }
}

/* The drop target the dragged layer is over now, if any: told it came
 * and (with @motion) moved; the one before told it left */
static void
update_drop_target (GskLayerDragGesture *self,
                    gboolean             motion)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

  if (!self->dragging || layer == NULL || self->event == NULL)
    {
      set_drop_target (self, NULL);
      return;
    }

  g_object_ref (self);
  set_drop_target (self, gsk_layer_drop_target_find (layer, self->event));
  if (self->drop_target != NULL && self->dragging &&
      (motion || gsk_layer_drop_target_get_current_drag (self->drop_target) == NULL))
    gsk_layer_drop_target_over (self->drop_target, layer, self->event);
  g_object_unref (self);
}

static void
gsk_layer_drag_gesture_begin (GskLayerGesture *gesture)
{
  GSK_LAYER_DRAG_GESTURE (gesture)->dragging = FALSE;
}

static void
gsk_layer_drag_gesture_update (GskLayerGesture *gesture)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (gesture);
  double dx, dy;

  get_offset (self, &dx, &dy);
  if (!self->dragging)
    {
      double sx, sy;

      /* Only motion along the axis counts towards the threshold */
      if (!past_threshold (self, dx, dy))
        return;
      double x, y;
      GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (self));

      self->dragging = TRUE;
      if (layer != NULL)
        gsk_layer_get_position (layer, &self->layer_start);
      get_points (self, &sx, &sy, &x, &y);
      g_signal_emit (self, signals[DRAG_BEGIN], 0, sx, sy);
      /* A handler may have ended it */
      if (!self->dragging)
        return;
    }

  move_layer (self, dx, dy);
  g_signal_emit (self, signals[DRAG_UPDATE], 0, dx, dy);
  update_drop_target (self, TRUE);
}

static void
gsk_layer_drag_gesture_end (GskLayerGesture *gesture)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (gesture);
  double dx, dy;

  if (!self->dragging)
    return;

  /* The release may have moved the point once more */
  get_offset (self, &dx, &dy);
  move_layer (self, dx, dy);
  /* Let go over a drop target: dropped there first */
  update_drop_target (self, FALSE);
  self->dragging = FALSE;
  if (self->drop_target != NULL && self->event != NULL)
    {
      GskLayerDropTarget *target = g_steal_pointer (&self->drop_target);

      gsk_layer_drop_target_drop (target, self->event);
      g_object_unref (target);
    }
  set_drop_target (self, NULL);
  g_signal_emit (self, signals[DRAG_END], 0, dx, dy);
}

static void
gsk_layer_drag_gesture_cancel (GskLayerGesture *gesture)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (gesture);

  if (!self->dragging)
    return;

  self->dragging = FALSE;
  set_drop_target (self, NULL);
  g_signal_emit (self, signals[DRAG_CANCEL], 0);
}

/* With a handle, a press or a touch elsewhere does not start a drag */
static gboolean
gsk_layer_drag_gesture_handle_event (GskLayerEventController *controller,
                                     GskLayerEvent           *event)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (controller);
  GskLayerEventType type = gsk_layer_event_get_event_type (event);

  if (self->handle != NULL &&
      (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_TOUCH_BEGIN) &&
      !gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (self)) &&
      (gsk_layer_event_get_target (event) == NULL ||
       !gsk_layer_contains (self->handle, gsk_layer_event_get_target (event))))
    return FALSE;

  {
    GskLayerEvent *before = self->event;
    gboolean stop;

    /* Drop targets are found where this event is */
    self->event = gsk_layer_event_ref (event);
    stop = GSK_LAYER_EVENT_CONTROLLER_CLASS (gsk_layer_drag_gesture_parent_class)->handle_event (controller, event);
    gsk_layer_event_unref (self->event);
    self->event = before;
    return stop;
  }
}

static void
gsk_layer_drag_gesture_dispose (GObject *object)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (object);

  if (self->handle)
    g_object_remove_weak_pointer (G_OBJECT (self->handle), (gpointer *) &self->handle);
  self->handle = NULL;
  set_drop_target (self, NULL);
  G_OBJECT_CLASS (gsk_layer_drag_gesture_parent_class)->dispose (object);
}

static void
gsk_layer_drag_gesture_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (object);

  switch (prop_id)
    {
    case PROP_THRESHOLD:
      g_value_set_double (value, self->threshold);
      break;
    case PROP_AXIS:
      g_value_set_enum (value, self->axis);
      break;
    case PROP_COORDINATES:
      g_value_set_enum (value, self->coordinates);
      break;
    case PROP_MOVES_LAYER:
      g_value_set_boolean (value, self->moves_layer);
      break;
    case PROP_HANDLE:
      g_value_set_object (value, self->handle);
      break;
    case PROP_X_THRESHOLD:
      g_value_set_double (value, self->x_threshold);
      break;
    case PROP_Y_THRESHOLD:
      g_value_set_double (value, self->y_threshold);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_drag_gesture_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  GskLayerDragGesture *self = GSK_LAYER_DRAG_GESTURE (object);

  switch (prop_id)
    {
    case PROP_THRESHOLD:
      gsk_layer_drag_gesture_set_threshold (self, g_value_get_double (value));
      break;
    case PROP_AXIS:
      gsk_layer_drag_gesture_set_axis (self, g_value_get_enum (value));
      break;
    case PROP_COORDINATES:
      if (self->coordinates != (GskLayerDragCoordinates) g_value_get_enum (value))
        {
          self->coordinates = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_MOVES_LAYER:
      if (self->moves_layer != g_value_get_boolean (value))
        {
          self->moves_layer = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_HANDLE:
      gsk_layer_drag_gesture_set_handle (self, g_value_get_object (value));
      break;
    case PROP_X_THRESHOLD:
    case PROP_Y_THRESHOLD:
      {
        double *field = prop_id == PROP_X_THRESHOLD ? &self->x_threshold : &self->y_threshold;

        if (*field != g_value_get_double (value))
          {
            *field = g_value_get_double (value);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_drag_gesture_class_init (GskLayerDragGestureClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerGestureClass *gesture_class = GSK_LAYER_GESTURE_CLASS (klass);

  object_class->dispose = gsk_layer_drag_gesture_dispose;
  object_class->get_property = gsk_layer_drag_gesture_get_property;
  GSK_LAYER_EVENT_CONTROLLER_CLASS (klass)->handle_event = gsk_layer_drag_gesture_handle_event;
  object_class->set_property = gsk_layer_drag_gesture_set_property;
  gesture_class->begin = gsk_layer_drag_gesture_begin;
  gesture_class->update = gsk_layer_drag_gesture_update;
  gesture_class->end = gsk_layer_drag_gesture_end;
  gesture_class->cancel = gsk_layer_drag_gesture_cancel;

  /**
   * GskLayerDragGesture:threshold:
   *
   * How far, in layer units, the point must move before a drag begins.
   *
   * Since: 0.1
   */
  properties[PROP_THRESHOLD] =
    g_param_spec_double ("threshold", NULL, "How far, in layer units, the point must move before a drag begins",
                         0, 1e6, 8,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:axis:
   *
   * Which motion the drag follows.
   *
   * Since: 0.1
   */
  properties[PROP_AXIS] =
    g_param_spec_enum ("axis", NULL, "Which motion the drag follows",
                       GSK_TYPE_LAYER_DRAG_AXIS, GSK_LAYER_DRAG_BOTH,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:coordinates:
   *
   * The space the start point and the offsets are in: the layer's
   * parent's (the default), which does not move as the layer is
   * dragged, so that `position = start position + offset` keeps the
   * layer under the pointer under any transform of the parent,
   * perspective included; or the layer's own (a drag across a turned
   * layer follows its plane, and a layer moved by it trails). A layer
   * without a parent gives its own space.
   *
   * Since: 0.1
   */
  properties[PROP_COORDINATES] =
    g_param_spec_enum ("coordinates", NULL, "The space the start point and the offsets are in",
                       GSK_TYPE_LAYER_DRAG_COORDINATES, GSK_LAYER_DRAG_COORDINATES_PARENT,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:moves-layer:
   *
   * Whether the drag moves its layer itself, as Clutter's drag action
   * does: the layer's position is where it was when the drag began plus
   * the offset in its parent's space (whatever
   * [property@LayerDragGesture:coordinates] says), before each
   * [signal@LayerDragGesture::drag-update] and the
   * [signal@LayerDragGesture::drag-end]. A cancelled drag leaves the
   * layer where it is.
   *
   * Since: 0.1
   */
  properties[PROP_MOVES_LAYER] =
    g_param_spec_boolean ("moves-layer", NULL, "Whether the drag moves its layer itself", FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:handle:
   *
   * Where a drag may start: a press or a touch on this layer or one of
   * its descendants (a title bar, a grip) starts it, one elsewhere on the
   * gesture's layer does not. %NULL (the default): anywhere. The gesture
   * does not keep the handle alive.
   *
   * Since: 0.1
   */
  properties[PROP_HANDLE] =
    g_param_spec_object ("handle", NULL, "Where a drag may start", GSK_TYPE_LAYER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:x-threshold:
   *
   * How far the point must move horizontally before a drag begins, as
   * Clutter's drag action's x threshold; below 0 (the default) for
   * none. With a threshold on either axis, a motion past either starts
   * the drag, and an axis without one uses
   * [property@LayerDragGesture:threshold]; with none, the distance moved
   * counts.
   *
   * Since: 0.1
   */
  properties[PROP_X_THRESHOLD] =
    g_param_spec_double ("x-threshold", NULL, "How far the point must move horizontally before a drag begins",
                         -1, 1e6, -1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerDragGesture:y-threshold:
   *
   * How far the point must move vertically before a drag begins: see
   * [property@LayerDragGesture:x-threshold].
   *
   * Since: 0.1
   */
  properties[PROP_Y_THRESHOLD] =
    g_param_spec_double ("y-threshold", NULL, "How far the point must move vertically before a drag begins",
                         -1, 1e6, -1,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GskLayerDragGesture::drag-begin:
   * @self: the gesture
   * @start_x: where the press was, in the space of
   *   [property@LayerDragGesture:coordinates]
   * @start_y: where the press was
   *
   * Emitted when the press has moved past the drag threshold: the drag
   * begins where the press was.
   *
   * Since: 0.1
   */
  signals[DRAG_BEGIN] =
    g_signal_new ("drag-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDragGesture::drag-update:
   * @self: the gesture
   * @offset_x: the offset from the start, on the axis
   * @offset_y: the offset from the start, on the axis
   *
   * Emitted for every move of the drag, with the offset from where it
   * began, in the space of [property@LayerDragGesture:coordinates].
   *
   * Since: 0.1
   */
  signals[DRAG_UPDATE] =
    g_signal_new ("drag-update", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDragGesture::drag-end:
   * @self: the gesture
   * @offset_x: the final offset from the start, on the axis
   * @offset_y: the final offset from the start, on the axis
   *
   * Emitted when the button is released or the touch ends.
   *
   * Since: 0.1
   */
  signals[DRAG_END] =
    g_signal_new ("drag-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * GskLayerDragGesture::drag-cancel:
   * @self: the gesture
   *
   * The drag was taken away (a grab broke, a touch was cancelled): what
   * it moved should go back.
   *
   * Since: 0.1
   */
  signals[DRAG_CANCEL] =
    g_signal_new ("drag-cancel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
gsk_layer_drag_gesture_init (GskLayerDragGesture *self)
{
  self->threshold = 8;
  self->x_threshold = self->y_threshold = -1;
}

/**
 * gsk_layer_drag_gesture_new:
 *
 * Creates a drag gesture, with a threshold of 8 layer units, that
 * follows the motion on both axes.
 *
 * Returns: (transfer full): a new drag gesture
 *
 * Since: 0.1
 */
GskLayerEventController *
gsk_layer_drag_gesture_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_DRAG_GESTURE, NULL);
}

/**
 * gsk_layer_drag_gesture_set_threshold:
 * @self: a drag gesture
 * @threshold: how far the point must move before a drag begins, in
 *   layer units, from 0 to 10⁶
 *
 * Sets how far the point must move from where it was pressed before
 * [signal@LayerDragGesture::drag-begin]: 8 by default. Only motion along
 * [property@LayerDragGesture:axis] counts.
 *
 * Since: 0.1
 */
void
gsk_layer_drag_gesture_set_threshold (GskLayerDragGesture *self,
                                      double               threshold)
{
  g_return_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self));
  g_return_if_fail (threshold >= 0 && threshold <= 1e6);

  if (self->threshold == threshold)
    return;

  self->threshold = threshold;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THRESHOLD]);
}

/**
 * gsk_layer_drag_gesture_get_threshold:
 * @self: a drag gesture
 *
 * Gives the threshold set with [method@LayerDragGesture.set_threshold].
 *
 * Returns: how far the point must move before a drag begins, in layer
 *   units
 *
 * Since: 0.1
 */
double
gsk_layer_drag_gesture_get_threshold (GskLayerDragGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self), 0);

  return self->threshold;
}

/**
 * gsk_layer_drag_gesture_set_axis:
 * @self: a drag gesture
 * @axis: which motion the drag follows
 *
 * Sets which motion the drag follows: %GSK_LAYER_DRAG_BOTH by default.
 * On one axis, the offsets of [signal@LayerDragGesture::drag-update]
 * and [signal@LayerDragGesture::drag-end] are 0 on the other, and only
 * motion along it counts towards the threshold.
 *
 * Since: 0.1
 */
void
gsk_layer_drag_gesture_set_axis (GskLayerDragGesture *self,
                                 GskLayerDragAxis     axis)
{
  g_return_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self));
  g_return_if_fail (axis <= GSK_LAYER_DRAG_VERTICAL);

  if (self->axis == axis)
    return;

  self->axis = axis;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AXIS]);
}

/**
 * gsk_layer_drag_gesture_get_axis:
 * @self: a drag gesture
 *
 * Gives which motion the drag follows, as set with
 * [method@LayerDragGesture.set_axis].
 *
 * Returns: which motion the drag follows
 *
 * Since: 0.1
 */
GskLayerDragAxis
gsk_layer_drag_gesture_get_axis (GskLayerDragGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self), GSK_LAYER_DRAG_BOTH);

  return self->axis;
}

/**
 * gsk_layer_drag_gesture_is_dragging:
 * @self: a drag gesture
 *
 * Says whether a drag is under way: from
 * [signal@LayerDragGesture::drag-begin] until
 * [signal@LayerDragGesture::drag-end] or
 * [signal@LayerDragGesture::drag-cancel].
 *
 * Returns: whether a drag has begun and not ended
 *
 * Since: 0.1
 */
gboolean
gsk_layer_drag_gesture_is_dragging (GskLayerDragGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self), FALSE);

  return self->dragging;
}

/**
 * gsk_layer_drag_gesture_set_handle:
 * @self: a drag gesture
 * @handle: (nullable): the layer a drag may start on (with its
 *   descendants), or %NULL for anywhere
 *
 * Sets where a drag may start: see [property@LayerDragGesture:handle].
 *
 * Since: 0.1
 */
void
gsk_layer_drag_gesture_set_handle (GskLayerDragGesture *self,
                                   GskLayer            *handle)
{
  g_return_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self));
  g_return_if_fail (handle == NULL || GSK_IS_LAYER (handle));

  if (self->handle == handle)
    return;

  if (self->handle)
    g_object_remove_weak_pointer (G_OBJECT (self->handle), (gpointer *) &self->handle);
  self->handle = handle;
  if (self->handle)
    g_object_add_weak_pointer (G_OBJECT (self->handle), (gpointer *) &self->handle);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HANDLE]);
}

/**
 * gsk_layer_drag_gesture_get_handle:
 * @self: a drag gesture
 *
 * Gets where a drag may start: see [property@LayerDragGesture:handle].
 *
 * Returns: (transfer none) (nullable): the handle, or %NULL for anywhere
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_drag_gesture_get_handle (GskLayerDragGesture *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_DRAG_GESTURE (self), NULL);

  return self->handle;
}
