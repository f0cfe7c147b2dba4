/* gsk-layer-event.c: input events delivered to layers
 *
 * Events are made by the host (the GTK integration, a test) and given
 * to gsk_layer_dispatch_event(); they are plain values until then, set
 * up with the setters that their type needs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-event-private.h"
#include "gsk-layer-private.h"

/**
 * GskLayerEvent:
 *
 * An input event: pointer motion, buttons, scrolling, touch, keys,
 * crossing and focus changes, each with a time, a device kind,
 * modifiers and, for pointer and touch events, a position in the space
 * of the top level's surface.
 *
 * [method@Layer.dispatch_event] delivers an event to the layers of a
 * tree; [method@LayerEvent.get_position_in] gives its position in any
 * layer's own space, through 3D transforms.
 *
 * Since: 0.1
 */

G_DEFINE_BOXED_TYPE (GskLayerEvent, gsk_layer_event, gsk_layer_event_ref, gsk_layer_event_unref)

/**
 * gsk_layer_event_new:
 * @type: the kind of event
 * @time: the time of the event, in milliseconds, as GDK gives it
 * @x: x coordinate in the top level's surface (ignored by key and focus
 *   events)
 * @y: y coordinate in the same space
 *
 * Creates an event from a mouse (see
 * [method@LayerEvent.set_device_kind]), with no modifiers, button 0,
 * no key and no scroll.
 *
 * Returns: (transfer full): a new event
 *
 * Since: 0.1
 */
GskLayerEvent *
gsk_layer_event_new (GskLayerEventType type,
                     guint32           time,
                     double            x,
                     double            y)
{
  GskLayerEvent *self;

  g_return_val_if_fail (type <= GSK_LAYER_EVENT_GRAB_BROKEN, NULL);

  self = g_new0 (GskLayerEvent, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->type = type;
  self->time = time;
  self->x = x;
  self->y = y;
  self->device_kind = type == GSK_LAYER_EVENT_KEY_PRESS || type == GSK_LAYER_EVENT_KEY_RELEASE
                      ? GSK_LAYER_DEVICE_KEYBOARD
                      : type >= GSK_LAYER_EVENT_TOUCH_BEGIN && type <= GSK_LAYER_EVENT_TOUCH_CANCEL
                      ? GSK_LAYER_DEVICE_TOUCHSCREEN
                      : GSK_LAYER_DEVICE_MOUSE;

  return self;
}

/**
 * gsk_layer_event_ref:
 * @self: an event
 *
 * Takes a reference on @self; [method@LayerEvent.unref] drops it.
 *
 * Returns: (transfer full): @self, with one more reference
 *
 * Since: 0.1
 */
GskLayerEvent *
gsk_layer_event_ref (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * gsk_layer_event_unref:
 * @self: (transfer full): an event
 *
 * Drops a reference; the last one frees the event.
 *
 * Since: 0.1
 */
void
gsk_layer_event_unref (GskLayerEvent *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_clear_object (&self->target);
  g_clear_object (&self->related);
  g_free (self);
}

/**
 * gsk_layer_event_get_event_type:
 * @self: an event
 *
 * Gives the kind of @self, as given to [ctor@LayerEvent.new].
 *
 * Returns: the kind of event
 *
 * Since: 0.1
 */
GskLayerEventType
gsk_layer_event_get_event_type (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, GSK_LAYER_EVENT_MOTION);

  return self->type;
}

/**
 * gsk_layer_event_get_time:
 * @self: an event
 *
 * Gives the time of @self, as given to [ctor@LayerEvent.new].
 *
 * Returns: the time of the event, in milliseconds
 *
 * Since: 0.1
 */
guint32
gsk_layer_event_get_time (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->time;
}

/**
 * gsk_layer_event_get_position:
 * @self: an event
 * @x: (out) (optional): return location for x, in the top level's surface
 * @y: (out) (optional): return location for y
 *
 * Gives the position the event was created with.
 *
 * Since: 0.1
 */
void
gsk_layer_event_get_position (GskLayerEvent *self,
                              double        *x,
                              double        *y)
{
  g_return_if_fail (self != NULL);

  if (x)
    *x = self->x;
  if (y)
    *y = self->y;
}

gboolean
gsk_layer_event_is_pointer (const GskLayerEvent *self)
{
  switch (self->type)
    {
    case GSK_LAYER_EVENT_MOTION:
    case GSK_LAYER_EVENT_BUTTON_PRESS:
    case GSK_LAYER_EVENT_BUTTON_RELEASE:
    case GSK_LAYER_EVENT_SCROLL:
    case GSK_LAYER_EVENT_TOUCH_BEGIN:
    case GSK_LAYER_EVENT_TOUCH_UPDATE:
    case GSK_LAYER_EVENT_TOUCH_END:
    case GSK_LAYER_EVENT_TOUCH_CANCEL:
    case GSK_LAYER_EVENT_ENTER:
    case GSK_LAYER_EVENT_LEAVE:
      return TRUE;
    case GSK_LAYER_EVENT_KEY_PRESS:
    case GSK_LAYER_EVENT_KEY_RELEASE:
    case GSK_LAYER_EVENT_FOCUS_IN:
    case GSK_LAYER_EVENT_FOCUS_OUT:
    case GSK_LAYER_EVENT_GRAB_BROKEN:
    default:
      return FALSE;
    }
}

/* Whether the plane of @world is seen edge-on at @p, within what a
 * float resolves: the screen image of a small square about @p is
 * squashed more than a million to one. rotateY(90deg) is, though its
 * matrix, with cos 90° = -4.4e-8 in float, is not singular. Scaling
 * alone is not: a layer scaled down evenly keeps its shape. */
static gboolean
plane_is_edge_on (const graphene_matrix_t *world,
                  const graphene_point_t  *p)
{
  double j[4], det, frobenius;

  if (!gsk_layer_project_jacobian (world, p->x, p->y, NULL, j))
    return TRUE;

  det = j[0] * j[3] - j[1] * j[2];
  frobenius = j[0] * j[0] + j[1] * j[1] + j[2] * j[2] + j[3] * j[3];

  /* |det| / frobenius is about the ratio of the smaller stretch to the
   * larger */
  return !(fabs (det) > 1e-6 * frobenius);
}

/**
 * gsk_layer_event_get_position_in:
 * @self: an event with a position
 * @layer: a layer in the tree the event is for
 * @point: (out caller-allocates): return location for the position in
 *   @layer's own space
 *
 * Finds where the line of sight through the event's position meets
 * @layer's plane, through every 3D transform: the position in @layer's
 * space, which may lie outside its bounds.
 *
 * Returns: %TRUE if there is such a point; %FALSE, setting @point to
 *   NaN, if the event has no position, @layer's transform is singular,
 *   its plane is seen edge-on or the point lies behind the viewer
 *
 * Since: 0.1
 */
gboolean
gsk_layer_event_get_position_in (GskLayerEvent    *self,
                                 GskLayer         *layer,
                                 graphene_point_t *point)
{
  GskLayerPrivate *priv;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (GSK_IS_LAYER (layer), FALSE);
  g_return_val_if_fail (point != NULL, FALSE);

  graphene_point_init (point, NAN, NAN);
  if (!gsk_layer_event_is_pointer (self) || !isfinite (self->x) || !isfinite (self->y))
    return FALSE;

  priv = gsk_layer_get_private (layer);
  gsk_layer_update_world (layer);
  if (priv->world_singular ||
      !gsk_layer_unproject (&priv->world, &GRAPHENE_POINT_INIT (self->x, self->y), point) ||
      plane_is_edge_on (&priv->world, point))
    {
      graphene_point_init (point, NAN, NAN);
      return FALSE;
    }

  return TRUE;
}

/**
 * gsk_layer_event_set_device_kind:
 * @self: an event
 * @kind: the kind of device it comes from
 *
 * Says what kind of device the event comes from; by default a keyboard
 * for key events, a touchscreen for touch events and a mouse for the
 * others.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_device_kind (GskLayerEvent      *self,
                                 GskLayerDeviceKind  kind)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (kind <= GSK_LAYER_DEVICE_KEYBOARD);

  self->device_kind = kind;
}

/**
 * gsk_layer_event_get_device_kind:
 * @self: an event
 *
 * Gives the kind of device @self comes from: the one set with
 * [method@LayerEvent.set_device_kind] or, by default, a keyboard for key
 * events, a touchscreen for touch events and a mouse for the others.
 *
 * Returns: the kind of device the event comes from
 *
 * Since: 0.1
 */
GskLayerDeviceKind
gsk_layer_event_get_device_kind (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, GSK_LAYER_DEVICE_MOUSE);

  return self->device_kind;
}

/**
 * gsk_layer_event_set_modifiers:
 * @self: an event
 * @modifiers: the modifier keys and buttons held during the event
 *
 * Sets the modifiers of @self; an event has none by default.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_modifiers (GskLayerEvent   *self,
                               GdkModifierType  modifiers)
{
  g_return_if_fail (self != NULL);

  self->modifiers = modifiers;
}

/**
 * gsk_layer_event_get_modifiers:
 * @self: an event
 *
 * Gives the modifiers set with [method@LayerEvent.set_modifiers].
 *
 * Returns: the modifier keys and buttons held during the event, 0 if
 *   none were set
 *
 * Since: 0.1
 */
GdkModifierType
gsk_layer_event_get_modifiers (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->modifiers;
}

/**
 * gsk_layer_event_set_button:
 * @self: a button event
 * @button: the button, 1 for the primary one
 *
 * Sets the button of a %GSK_LAYER_EVENT_BUTTON_PRESS or
 * %GSK_LAYER_EVENT_BUTTON_RELEASE event, numbered as GDK numbers them
 * (1 the primary button, 2 the middle one, 3 the secondary one). It is
 * 0 by default.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_button (GskLayerEvent *self,
                            guint          button)
{
  g_return_if_fail (self != NULL);

  self->button = button;
}

/**
 * gsk_layer_event_get_button:
 * @self: an event
 *
 * Gives the button set with [method@LayerEvent.set_button].
 *
 * Returns: the button of a button press or release (1 the primary one),
 *   or 0 if none was set
 *
 * Since: 0.1
 */
guint
gsk_layer_event_get_button (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->button;
}

/**
 * gsk_layer_event_set_key:
 * @self: a key event
 * @keyval: the key's symbol, a `GDK_KEY_` value
 * @keycode: the hardware keycode
 *
 * Sets the key of a %GSK_LAYER_EVENT_KEY_PRESS or
 * %GSK_LAYER_EVENT_KEY_RELEASE event; both are 0 by default.
 * [method@Layer.dispatch_event] moves the focus on a press of
 * `GDK_KEY_Tab`, `GDK_KEY_KP_Tab` or `GDK_KEY_ISO_Left_Tab` that no
 * controller stops.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_key (GskLayerEvent *self,
                         guint          keyval,
                         guint          keycode)
{
  g_return_if_fail (self != NULL);

  self->keyval = keyval;
  self->keycode = keycode;
}

/**
 * gsk_layer_event_get_keyval:
 * @self: an event
 *
 * Gives the key symbol set with [method@LayerEvent.set_key].
 *
 * Returns: the key symbol of a key event, a `GDK_KEY_` value, or 0 if
 *   none was set
 *
 * Since: 0.1
 */
guint
gsk_layer_event_get_keyval (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->keyval;
}

/**
 * gsk_layer_event_get_keycode:
 * @self: an event
 *
 * Gives the hardware keycode set with [method@LayerEvent.set_key].
 *
 * Returns: the hardware keycode of a key event, or 0 if none was set
 *
 * Since: 0.1
 */
guint
gsk_layer_event_get_keycode (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->keycode;
}

/**
 * gsk_layer_event_set_scroll:
 * @self: a scroll event
 * @direction: a step, or %GSK_LAYER_SCROLL_SMOOTH
 * @dx: with %GSK_LAYER_SCROLL_SMOOTH, the horizontal delta
 * @dy: with %GSK_LAYER_SCROLL_SMOOTH, the vertical delta
 * @is_stop: whether this is the last event of a touchpad scroll, the
 *   fingers lifted (deltas 0): kinetic scrolling may start
 *
 * Sets how a %GSK_LAYER_EVENT_SCROLL event scrolls. The deltas must be
 * finite; they are kept only with %GSK_LAYER_SCROLL_SMOOTH, and are 0
 * for a step.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_scroll (GskLayerEvent           *self,
                            GskLayerScrollDirection  direction,
                            double                   dx,
                            double                   dy,
                            gboolean                 is_stop)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (direction <= GSK_LAYER_SCROLL_SMOOTH);
  g_return_if_fail (isfinite (dx) && isfinite (dy));

  self->scroll_direction = direction;
  self->dx = direction == GSK_LAYER_SCROLL_SMOOTH ? dx : 0;
  self->dy = direction == GSK_LAYER_SCROLL_SMOOTH ? dy : 0;
  self->scroll_stop = !!is_stop;
}

/**
 * gsk_layer_event_get_scroll_direction:
 * @self: an event
 *
 * Gives how a scroll event scrolls, as set with
 * [method@LayerEvent.set_scroll]; see
 * [method@LayerEvent.get_scroll_deltas] for a smooth scroll's deltas.
 *
 * Returns: how a scroll event scrolls (%GSK_LAYER_SCROLL_UP if it was
 *   never set)
 *
 * Since: 0.1
 */
GskLayerScrollDirection
gsk_layer_event_get_scroll_direction (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, GSK_LAYER_SCROLL_SMOOTH);

  return self->scroll_direction;
}

/**
 * gsk_layer_event_get_scroll_deltas:
 * @self: an event
 * @dx: (out) (optional): return location for the horizontal delta
 * @dy: (out) (optional): return location for the vertical delta
 *
 * Gives the deltas of a smooth scroll event; 0 for other events.
 *
 * Since: 0.1
 */
void
gsk_layer_event_get_scroll_deltas (GskLayerEvent *self,
                                   double        *dx,
                                   double        *dy)
{
  g_return_if_fail (self != NULL);

  if (dx)
    *dx = self->dx;
  if (dy)
    *dy = self->dy;
}

/**
 * gsk_layer_event_is_scroll_stop:
 * @self: an event
 *
 * Says whether @self is the last event of a touchpad scroll, the
 * fingers lifted, as set with [method@LayerEvent.set_scroll]: kinetic
 * scrolling may start.
 *
 * Returns: whether a touchpad scroll ended with this event
 *
 * Since: 0.1
 */
gboolean
gsk_layer_event_is_scroll_stop (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->scroll_stop;
}

/**
 * gsk_layer_event_set_sequence:
 * @self: a touch event
 * @sequence: the touch sequence it belongs to, the same from begin to
 *   end for one finger
 *
 * Sets the touch sequence of a touch event; it is 0 by default.
 * [method@Layer.dispatch_event] sends each sequence to the layer its
 * %GSK_LAYER_EVENT_TOUCH_BEGIN event was on.
 *
 * Since: 0.1
 */
void
gsk_layer_event_set_sequence (GskLayerEvent *self,
                              guint          sequence)
{
  g_return_if_fail (self != NULL);

  self->sequence = sequence;
}

/**
 * gsk_layer_event_get_sequence:
 * @self: an event
 *
 * Gives the touch sequence set with [method@LayerEvent.set_sequence].
 * A %GSK_LAYER_EVENT_GRAB_BROKEN event that takes a touch sequence away
 * from a layer carries that sequence.
 *
 * Returns: the touch sequence of a touch event, or 0
 *
 * Since: 0.1
 */
guint
gsk_layer_event_get_sequence (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->sequence;
}

/**
 * gsk_layer_event_get_target:
 * @self: an event
 *
 * Gives the layer the event was dispatched to: the layer picked under a
 * pointer or touch event, or the layer that entered, left or changed
 * focus.
 *
 * Returns: (transfer none) (nullable): the target, or %NULL before
 *   dispatch or if no layer was under the pointer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_event_get_target (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->target;
}

/**
 * gsk_layer_event_get_related_layer:
 * @self: an event
 *
 * Gives the other layer of a crossing: for %GSK_LAYER_EVENT_ENTER, the
 * deepest layer the pointer was over before (it came from there); for
 * %GSK_LAYER_EVENT_LEAVE, the deepest layer it is over now (it went
 * there), as Clutter's `clutter_event_get_related ()`. Moving from a
 * layer into its child, the child's enter event is related to the
 * layer; moving out of the tree, the leave events have none.
 *
 * Returns: (transfer none) (nullable): the related layer, or %NULL for
 *   events of other types and crossings from or to outside the tree
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_event_get_related_layer (GskLayerEvent *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->related;
}

void
gsk_layer_event_set_target (GskLayerEvent *self,
                            GskLayer      *target)
{
  g_set_object (&self->target, target);
}
