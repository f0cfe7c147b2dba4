/* gsk-layer-input.c: delivering events to the layers of a tree
 *
 * An event travels as in GTK 4 and the DOM: its path, from the top
 * level down to the target, is fixed when it is dispatched; capture
 * controllers see it on the way down, target controllers at the target,
 * bubble controllers on the way up, and any of them can stop it. The
 * path holds its layers, so a handler may remove layers, even the whole
 * tree, without the rest of the dispatch touching freed memory.
 *
 * Crossing: each top level remembers the pointer's position and the
 * layers under it (the target and its ancestors, the hovered layers).
 * When they change, the layers that are no longer under the pointer get
 * a leave event, from the deepest up to the common ancestor, then the
 * new ones an enter event, from below the common ancestor down.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-input.h"
#include "gsk-layer-event-private.h"
#include "gsk-layer-event-controller-private.h"
#include "gsk-layer.h"

/* A path: layers from a top level down. The top level, first, is not
 * owned (the hovered path is kept on it, and would keep it alive); the
 * others are. */
typedef GPtrArray Path;

static Path *
path_new (void)
{
  return g_ptr_array_new ();
}

static void
path_free (Path *path)
{
  for (guint i = 1; i < path->len; i++)
    g_object_unref (path->pdata[i]);
  g_ptr_array_free (path, TRUE);
}

static Path *
path_copy (Path *path)
{
  Path *copy = g_ptr_array_sized_new (path->len);

  for (guint i = 0; i < path->len; i++)
    g_ptr_array_add (copy, i == 0 ? path->pdata[i] : g_object_ref (path->pdata[i]));
  return copy;
}

typedef struct
{
  /* The target under the pointer and its ancestors, from the top level
   * down, not owned: a layer taken out of the tree and dropped is
   * finalized, and leaves the array then (weak references). The others
   * get their leave event at the next pointer event or update. */
  GPtrArray *hovered;
  double x, y;                  /* the pointer, while it is on the surface */
  gboolean pointer_in;
  guint32 time;                 /* of the last pointer event */
  GdkModifierType modifiers;
} InputState;

static GQuark input_quark;

static void
hovered_finalized (gpointer  data,
                   GObject  *where_the_object_was)
{
  InputState *state = data;

  g_ptr_array_remove (state->hovered, where_the_object_was);
}

/* Empties the hovered array into a path */
static Path *
hovered_take (InputState *state)
{
  Path *path = path_new ();

  for (guint i = 0; i < state->hovered->len; i++)
    {
      GObject *layer = state->hovered->pdata[i];

      if (i > 0)
        {
          g_object_weak_unref (layer, hovered_finalized, state);
          g_object_ref (layer);
        }
      g_ptr_array_add (path, layer);
    }
  g_ptr_array_set_size (state->hovered, 0);

  return path;
}

static void
hovered_set (InputState *state,
             Path       *path)
{
  for (guint i = 0; i < path->len; i++)
    {
      if (i > 0)
        g_object_weak_ref (path->pdata[i], hovered_finalized, state);
      g_ptr_array_add (state->hovered, path->pdata[i]);
    }
}

static void
input_state_free (gpointer data)
{
  InputState *state = data;

  path_free (hovered_take (state));
  g_ptr_array_unref (state->hovered);
  g_free (state);
}

static InputState *
get_input_state (GskLayer *root)
{
  InputState *state;

  if (G_UNLIKELY (input_quark == 0))
    input_quark = g_quark_from_static_string ("gsk-layer-input");

  state = g_object_get_qdata (G_OBJECT (root), input_quark);
  if (state == NULL)
    {
      state = g_new0 (InputState, 1);
      state->hovered = g_ptr_array_new ();
      g_object_set_qdata_full (G_OBJECT (root), input_quark, state, input_state_free);
    }

  return state;
}

/* The path from @root down to @target */
static Path *
path_to (GskLayer *root,
         GskLayer *target)
{
  Path *path = path_new ();
  GskLayer *l;

  for (l = target; l != NULL; l = gsk_layer_get_parent (l))
    {
      g_ptr_array_add (path, l == root ? l : g_object_ref (l));
      if (l == root)
        break;
    }

  /* Reversed: from the top level down */
  for (guint i = 0; i < path->len / 2; i++)
    {
      gpointer t = path->pdata[i];

      path->pdata[i] = path->pdata[path->len - 1 - i];
      path->pdata[path->len - 1 - i] = t;
    }

  return path;
}

/* Lets the controllers of @layer in @phase (any phase but none, for
 * %GSK_LAYER_PHASE_NONE) handle @event; TRUE if one stopped it. The
 * controllers are those of when the event reaches the layer; one that a
 * handler removes meanwhile sees it no more. */
static gboolean
run_controllers (GskLayer                 *layer,
                 GskLayerPropagationPhase  phase,
                 GskLayerEvent            *event)
{
  GPtrArray *controllers = gsk_layer_peek_controllers (layer);
  GskLayerEventController **snapshot;
  gboolean stop = FALSE;
  guint n, i;

  if (controllers == NULL || controllers->len == 0)
    return FALSE;

  n = controllers->len;
  snapshot = g_newa (GskLayerEventController *, n);
  for (i = 0; i < n; i++)
    snapshot[i] = g_object_ref (controllers->pdata[i]);

  for (i = 0; i < n && !stop; i++)
    {
      GskLayerPropagationPhase p = gsk_layer_event_controller_get_propagation_phase (snapshot[i]);

      if (gsk_layer_event_controller_get_layer (snapshot[i]) != layer || p == GSK_LAYER_PHASE_NONE)
        continue;
      if (phase != GSK_LAYER_PHASE_NONE && p != phase)
        continue;
      stop = gsk_layer_event_controller_handle_event (snapshot[i], event);
    }

  for (i = 0; i < n; i++)
    g_object_unref (snapshot[i]);

  return stop;
}

/* Capture down @path, target, bubble up */
static gboolean
propagate (Path          *path,
           GskLayerEvent *event)
{
  GskLayer *target;
  guint i;

  if (path->len == 0)
    return FALSE;

  target = path->pdata[path->len - 1];
  for (i = 0; i < path->len; i++)
    if (run_controllers (path->pdata[i], GSK_LAYER_PHASE_CAPTURE, event))
      return TRUE;

  if (run_controllers (target, GSK_LAYER_PHASE_TARGET, event))
    return TRUE;

  for (i = path->len; i-- > 0; )
    if (run_controllers (path->pdata[i], GSK_LAYER_PHASE_BUBBLE, event))
      return TRUE;

  return FALSE;
}

static void
send_crossing (GskLayer          *layer,
               GskLayerEventType  type,
               const InputState  *state)
{
  GskLayerEvent *crossing = gsk_layer_event_new (type, state->time, state->x, state->y);

  crossing->modifiers = state->modifiers;
  gsk_layer_event_set_target (crossing, layer);
  run_controllers (layer, GSK_LAYER_PHASE_NONE, crossing);
  gsk_layer_event_unref (crossing);
}

/* Makes @path the hovered layers of @root, sending leave and enter
 * events for the difference; takes @path */
static void
update_crossing (GskLayer   *root,
                 InputState *state,
                 Path       *path)
{
  Path *old = hovered_take (state);
  guint common = 0, i;

  while (common < old->len && common < path->len && old->pdata[common] == path->pdata[common])
    common++;

  /* The new state is in place before any handler runs: one that asks
   * gsk_layer_is_hovered() gets the answer of after the crossing */
  hovered_set (state, path);

  for (i = old->len; i-- > common; )
    send_crossing (old->pdata[i], GSK_LAYER_EVENT_LEAVE, state);
  for (i = common; i < path->len; i++)
    send_crossing (path->pdata[i], GSK_LAYER_EVENT_ENTER, state);

  path_free (old);
  path_free (path);
}

/* The hovered path at the pointer's position, or an empty one */
static Path *
hover_path (GskLayer   *root,
            InputState *state)
{
  GskLayer *target = state->pointer_in ? gsk_layer_pick (root, state->x, state->y) : NULL;

  return target ? path_to (root, target) : path_new ();
}

/**
 * gsk_layer_dispatch_event:
 * @root: a top level (a layer without a parent)
 * @event: an event in @root's surface
 *
 * Delivers @event to the layers of @root's tree.
 *
 * Pointer and touch events go to the layer [method@Layer.pick] finds at
 * their position: invisible layers, layers at opacity 0, layers whose
 * transform is singular and layers that are not reactive get none. The
 * event travels from @root down to that target and back up (see
 * [class@LayerEventController]); if no layer is there, nothing gets it.
 * Key and focus events go to @root, the focus layer until keyboard
 * focus exists.
 *
 * Pointer events also update which layers are hovered: the layers that
 * the pointer left get [enum@Gsk.LayerEventType.LEAVE] events, from the
 * deepest up, then those it entered [enum@Gsk.LayerEventType.ENTER]
 * events, from the top down. A leave event dispatched to @root means
 * that the pointer left the surface; an enter event, that it came in at
 * the event's position.
 *
 * Returns: %TRUE if a controller stopped the event
 *
 * Since: 0.1
 */
gboolean
gsk_layer_dispatch_event (GskLayer      *root,
                          GskLayerEvent *event)
{
  InputState *state;
  Path *path;
  GskLayer *target;
  gboolean stop;

  g_return_val_if_fail (GSK_IS_LAYER (root), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (gsk_layer_get_parent (root) == NULL, FALSE);
  g_return_val_if_fail (!gsk_layer_event_is_pointer (event) ||
                        (isfinite (event->x) && isfinite (event->y)), FALSE);

  g_object_ref (root);
  gsk_layer_event_ref (event);
  state = get_input_state (root);

  switch (event->type)
    {
    case GSK_LAYER_EVENT_LEAVE:
      state->pointer_in = FALSE;
      state->time = event->time;
      state->modifiers = event->modifiers;
      update_crossing (root, state, path_new ());
      stop = FALSE;
      break;

    case GSK_LAYER_EVENT_KEY_PRESS:
    case GSK_LAYER_EVENT_KEY_RELEASE:
    case GSK_LAYER_EVENT_FOCUS_IN:
    case GSK_LAYER_EVENT_FOCUS_OUT:
      gsk_layer_event_set_target (event, root);
      path = path_to (root, root);
      stop = propagate (path, event);
      path_free (path);
      break;

    case GSK_LAYER_EVENT_MOTION:
    case GSK_LAYER_EVENT_BUTTON_PRESS:
    case GSK_LAYER_EVENT_BUTTON_RELEASE:
    case GSK_LAYER_EVENT_SCROLL:
    case GSK_LAYER_EVENT_ENTER:
    case GSK_LAYER_EVENT_TOUCH_BEGIN:
    case GSK_LAYER_EVENT_TOUCH_UPDATE:
    case GSK_LAYER_EVENT_TOUCH_END:
    case GSK_LAYER_EVENT_TOUCH_CANCEL:
    default:
      target = gsk_layer_pick (root, event->x, event->y);
      path = target ? path_to (root, target) : path_new ();

      /* Touch points hover nothing */
      if (event->type < GSK_LAYER_EVENT_TOUCH_BEGIN || event->type > GSK_LAYER_EVENT_TOUCH_CANCEL)
        {
          state->pointer_in = TRUE;
          state->x = event->x;
          state->y = event->y;
          state->time = event->time;
          state->modifiers = event->modifiers;
          update_crossing (root, state, path_copy (path));
        }

      if (event->type == GSK_LAYER_EVENT_ENTER)
        stop = FALSE;
      else
        {
          gsk_layer_event_set_target (event, target);
          stop = propagate (path, event);
        }
      path_free (path);
      break;
    }

  gsk_layer_event_unref (event);
  g_object_unref (root);

  return stop;
}

/**
 * gsk_layer_update_hover:
 * @root: a top level
 *
 * Picks again under the pointer's last position and sends the enter
 * and leave events that layers moving, appearing or vanishing under a
 * still pointer call for. Call it after each frame's animations and
 * layout ran; events dispatched with [method@Layer.dispatch_event] do
 * it themselves.
 *
 * Since: 0.1
 */
void
gsk_layer_update_hover (GskLayer *root)
{
  InputState *state;

  g_return_if_fail (GSK_IS_LAYER (root));
  g_return_if_fail (gsk_layer_get_parent (root) == NULL);

  if (input_quark == 0 || g_object_get_qdata (G_OBJECT (root), input_quark) == NULL)
    return;

  g_object_ref (root);
  state = get_input_state (root);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/**
 * gsk_layer_is_hovered:
 * @self: a layer
 *
 * Says whether the pointer is over @self or one of its descendants, as
 * of the last event or [method@Layer.update_hover] of its top level.
 *
 * Returns: whether @self is hovered
 *
 * Since: 0.1
 */
gboolean
gsk_layer_is_hovered (GskLayer *self)
{
  InputState *state;
  GskLayer *root;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  root = gsk_layer_get_root (self);
  if (input_quark == 0 || (state = g_object_get_qdata (G_OBJECT (root), input_quark)) == NULL)
    return FALSE;

  for (guint i = 0; i < state->hovered->len; i++)
    if (state->hovered->pdata[i] == self)
      return TRUE;

  return FALSE;
}
