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
 * Grabs: while a button is held, the layer it was pressed on gets the
 * pointer's events wherever the pointer goes (an implicit grab); a
 * layer can also grab the pointer until it lets go. Each touch sequence
 * goes to the layer it began on. A grabbing layer that leaves the tree
 * gets a grab-broken event at the next event or update, and the grab
 * ends.
 *
 * Keyboard focus: key events go to the focus layer, through its path;
 * Tab and Shift+Tab that no handler stops move the focus through the
 * focusable layers in tree order.
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

  GskLayer *grab;               /* weak: the pointer's grab */
  gboolean grab_implicit;       /* by a press, until the last release */
  guint32 buttons;              /* held, a bit per button below 32 */

  GHashTable *touches;          /* sequence → TouchTarget */

  GskLayer *focus;              /* weak */

  GskLayer *root;               /* unowned: the state is the root's */
  GskLayerFrameClock *clock;    /* watched for frames */
  gulong tick_id;
} InputState;

static GQuark input_quark;
static GQuark focusable_quark;

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

/* A weak pointer in the state that forgets a finalized layer */
static void
weak_set (GskLayer **where,
          GskLayer  *layer)
{
  if (*where == layer)
    return;
  if (*where)
    g_object_remove_weak_pointer (G_OBJECT (*where), (gpointer *) where);
  *where = layer;
  if (layer)
    g_object_add_weak_pointer (G_OBJECT (layer), (gpointer *) where);
}

/* The layer a touch sequence began on, weakly: the top level itself may
 * be one, and the state is its own */
typedef struct
{
  GskLayer *layer;
} TouchTarget;

static void
touch_target_free (gpointer data)
{
  TouchTarget *touch = data;

  weak_set (&touch->layer, NULL);
  g_free (touch);
}

static void
input_state_free (gpointer data)
{
  InputState *state = data;

  if (state->clock)
    {
      g_clear_signal_handler (&state->tick_id, state->clock);
      g_clear_object (&state->clock);
    }
  path_free (hovered_take (state));
  g_ptr_array_unref (state->hovered);
  weak_set (&state->grab, NULL);
  weak_set (&state->focus, NULL);
  g_hash_table_unref (state->touches);
  g_free (state);
}

static InputState *
peek_input_state (GskLayer *root)
{
  return input_quark ? g_object_get_qdata (G_OBJECT (root), input_quark) : NULL;
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
      state->touches = g_hash_table_new_full (NULL, NULL, NULL, touch_target_free);
      state->root = root;
      g_object_set_qdata_full (G_OBJECT (root), input_quark, state, input_state_free);
    }

  return state;
}

/* The path from @root down to @target; empty if @target is not in
 * @root's tree (a handler may have taken it out) */
static Path *
path_to (GskLayer *root,
         GskLayer *target)
{
  Path *path = path_new ();
  GskLayer *l;

  if (target == NULL || gsk_layer_get_root (target) != root)
    return path;

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
  GPtrArray *snapshot;
  gboolean stop = FALSE;
  guint i;

  if (controllers == NULL || controllers->len == 0)
    return FALSE;

  snapshot = g_ptr_array_new_full (controllers->len, g_object_unref);
  for (i = 0; i < controllers->len; i++)
    g_ptr_array_add (snapshot, g_object_ref (controllers->pdata[i]));

  for (i = 0; i < snapshot->len && !stop; i++)
    {
      GskLayerEventController *controller = snapshot->pdata[i];
      GskLayerPropagationPhase p = gsk_layer_event_controller_get_propagation_phase (controller);

      if (gsk_layer_event_controller_get_layer (controller) != layer || p == GSK_LAYER_PHASE_NONE)
        continue;
      if (phase != GSK_LAYER_PHASE_NONE && p != phase)
        continue;
      stop = gsk_layer_event_controller_handle_event (controller, event);
    }

  g_ptr_array_unref (snapshot);

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

/* An event for @layer alone: crossing, focus changes, broken grabs */
static void
send_to_layer (GskLayer          *layer,
               GskLayerEventType  type,
               const InputState  *state,
               guint              sequence)
{
  GskLayerEvent *event = gsk_layer_event_new (type, state->time, state->x, state->y);

  g_object_ref (layer);
  event->modifiers = state->modifiers;
  event->sequence = sequence;
  gsk_layer_event_set_target (event, layer);
  run_controllers (layer, GSK_LAYER_PHASE_NONE, event);
  gsk_layer_event_unref (event);
  g_object_unref (layer);
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
    send_to_layer (old->pdata[i], GSK_LAYER_EVENT_LEAVE, state, 0);
  for (i = common; i < path->len; i++)
    send_to_layer (path->pdata[i], GSK_LAYER_EVENT_ENTER, state, 0);

  path_free (old);
  path_free (path);
}

static gboolean
is_in_tree (GskLayer *layer,
            GskLayer *root)
{
  return layer != NULL && gsk_layer_get_root (layer) == root;
}

/* The layer holding the pointer grab, once checked that it is still in
 * the tree; if it left, it gets a grab-broken event and the grab ends */
static GskLayer *
current_grab (GskLayer   *root,
              InputState *state)
{
  GskLayer *grab = state->grab;

  if (grab == NULL || is_in_tree (grab, root))
    return grab;

  weak_set (&state->grab, NULL);
  state->grab_implicit = FALSE;
  send_to_layer (grab, GSK_LAYER_EVENT_GRAB_BROKEN, state, 0);

  return NULL;
}

/* The path under the pointer: the grab's, or what is picked there */
static Path *
hover_path (GskLayer   *root,
            InputState *state)
{
  GskLayer *target;

  if (!state->pointer_in)
    return path_new ();

  target = current_grab (root, state);
  if (target == NULL)
    target = gsk_layer_pick (root, state->x, state->y);

  return target ? path_to (root, target) : path_new ();
}

/* After each frame (connected after the animations, which advance on
 * the same tick), layers may have moved under a still pointer */
static void
on_clock_tick (GskLayerFrameClock *clock,
               InputState         *state)
{
  GskLayer *root = state->root;

  if (!state->pointer_in || gsk_layer_get_parent (root) != NULL)
    return;

  g_object_ref (root);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/* Follows the top level's clock, which may have changed since */
static void
watch_clock (GskLayer   *root,
             InputState *state)
{
  GskLayerFrameClock *clock = gsk_layer_get_frame_clock (root);

  if (clock == state->clock)
    return;

  if (state->clock)
    {
      g_clear_signal_handler (&state->tick_id, state->clock);
      g_clear_object (&state->clock);
    }
  if (clock)
    {
      state->clock = g_object_ref (clock);
      state->tick_id = g_signal_connect_after (clock, "tick", G_CALLBACK (on_clock_tick), state);
    }
}

static gboolean
deliver (GskLayer      *root,
         GskLayer      *target,
         GskLayerEvent *event)
{
  Path *path;
  gboolean stop;

  if (target == NULL)
    return FALSE;

  gsk_layer_event_set_target (event, target);
  path = path_to (root, target);
  stop = propagate (path, event);
  path_free (path);

  return stop;
}

/* {{{ Focus */

static gboolean
layer_is_focusable (GskLayer *layer)
{
  return focusable_quark != 0 && g_object_get_qdata (G_OBJECT (layer), focusable_quark) != NULL;
}

/* The focus layer, once checked that it is still in the tree */
static GskLayer *
current_focus (GskLayer   *root,
               InputState *state)
{
  GskLayer *focus = state->focus;

  if (focus == NULL || is_in_tree (focus, root))
    return focus;

  weak_set (&state->focus, NULL);
  send_to_layer (focus, GSK_LAYER_EVENT_FOCUS_OUT, state, 0);

  return NULL;
}

static void
set_focus (GskLayer   *root,
           InputState *state,
           GskLayer   *focus)
{
  GskLayer *old = current_focus (root, state);

  if (old == focus)
    return;

  weak_set (&state->focus, focus);
  if (old)
    send_to_layer (old, GSK_LAYER_EVENT_FOCUS_OUT, state, 0);
  if (focus && state->focus == focus)
    send_to_layer (focus, GSK_LAYER_EVENT_FOCUS_IN, state, 0);
}

/* The layer after @layer in tree order (depth first, children in their
 * order), skipping hidden subtrees; NULL after the last */
static GskLayer *
next_in_tree (GskLayer *root,
              GskLayer *layer)
{
  GskLayer *child = gsk_layer_get_visible (layer) ? gsk_layer_get_first_child (layer) : NULL;

  if (child)
    return child;

  for (; layer != NULL && layer != root; layer = gsk_layer_get_parent (layer))
    {
      GskLayer *next = gsk_layer_get_next_sibling (layer);

      if (next)
        return next;
    }

  return NULL;
}

static gboolean
can_take_focus (GskLayer *layer)
{
  GskLayer *l;

  if (!layer_is_focusable (layer))
    return FALSE;
  for (l = layer; l != NULL; l = gsk_layer_get_parent (l))
    if (!gsk_layer_get_visible (l))
      return FALSE;

  return TRUE;
}

/* Moves the focus to the next (or previous) focusable layer in tree
 * order, wrapping around; TRUE if there is one */
static gboolean
move_focus (GskLayer   *root,
            InputState *state,
            gboolean    backward)
{
  GskLayer *focus = current_focus (root, state);
  GskLayer *found = NULL, *l;

  if (!backward)
    {
      for (l = focus ? next_in_tree (root, focus) : root; l != NULL && found == NULL; l = next_in_tree (root, l))
        if (can_take_focus (l))
          found = l;
      for (l = root; l != NULL && l != focus && found == NULL; l = next_in_tree (root, l))
        if (can_take_focus (l))
          found = l;
    }
  else
    {
      GskLayer *last_before = NULL, *last = NULL;
      gboolean passed = focus == NULL;

      /* One walk: the last focusable before the focus, or the last of all */
      for (l = root; l != NULL; l = next_in_tree (root, l))
        {
          if (l == focus)
            passed = TRUE;
          else if (can_take_focus (l))
            {
              if (!passed)
                last_before = l;
              last = l;
            }
        }
      found = last_before ? last_before : last;
    }

  if (found == NULL)
    return FALSE;

  set_focus (root, state, found);
  return TRUE;
}

/* }}} */

/* Touch: each sequence goes to the layer it began on. A begin for a
 * sequence still going cancels the old one; a layer that left the tree
 * gets a grab-broken event, and its sequence's events go nowhere. */
static gboolean
dispatch_touch (GskLayer      *root,
                InputState    *state,
                GskLayerEvent *event)
{
  gpointer key = GUINT_TO_POINTER (event->sequence);
  TouchTarget *touch = g_hash_table_lookup (state->touches, key);
  GskLayer *target = touch ? touch->layer : NULL;
  gboolean known = touch != NULL, stop = FALSE;

  if (target)
    g_object_ref (target);
  if (known && event->type != GSK_LAYER_EVENT_TOUCH_UPDATE)
    g_hash_table_remove (state->touches, key);

  if (event->type == GSK_LAYER_EVENT_TOUCH_BEGIN)
    {
      if (target && is_in_tree (target, root))
        {
          GskLayerEvent *cancel = gsk_layer_event_new (GSK_LAYER_EVENT_TOUCH_CANCEL, event->time,
                                                       event->x, event->y);

          cancel->sequence = event->sequence;
          cancel->device_kind = event->device_kind;
          deliver (root, target, cancel);
          gsk_layer_event_unref (cancel);
        }
      g_clear_object (&target);

      target = gsk_layer_pick (root, event->x, event->y);
      if (target)
        {
          touch = g_new0 (TouchTarget, 1);
          weak_set (&touch->layer, target);
          g_hash_table_insert (state->touches, key, touch);
        }
      return deliver (root, target, event);
    }

  if (!known)
    {
      /* A sequence that never began here: to what is under it */
      return deliver (root, gsk_layer_pick (root, event->x, event->y), event);
    }

  if (target && is_in_tree (target, root))
    stop = deliver (root, target, event);
  else
    {
      /* Lost: its layer left the tree, or is gone */
      g_hash_table_remove (state->touches, key);
      if (target)
        send_to_layer (target, GSK_LAYER_EVENT_GRAB_BROKEN, state, event->sequence);
    }
  g_clear_object (&target);

  return stop;
}

static gboolean
dispatch_pointer (GskLayer      *root,
                  InputState    *state,
                  GskLayerEvent *event)
{
  GskLayer *target;
  gboolean stop = FALSE;
  guint32 bit = event->button > 0 && event->button <= 32 ? 1u << (event->button - 1) : 0;

  state->pointer_in = TRUE;
  state->x = event->x;
  state->y = event->y;
  state->time = event->time;
  state->modifiers = event->modifiers;

  target = current_grab (root, state);
  if (target == NULL)
    target = gsk_layer_pick (root, event->x, event->y);
  if (target)
    g_object_ref (target);

  /* Under a grab, the pointer is over the grabbing layer, as with the
   * DOM's pointer capture */
  update_crossing (root, state, target ? path_to (root, target) : path_new ());

  if (event->type != GSK_LAYER_EVENT_ENTER)
    stop = deliver (root, target, event);

  if (event->type == GSK_LAYER_EVENT_BUTTON_PRESS)
    {
      state->buttons |= bit;
      if (state->grab == NULL && target != NULL && is_in_tree (target, root))
        {
          weak_set (&state->grab, target);
          state->grab_implicit = TRUE;
        }
    }
  else if (event->type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    {
      state->buttons &= ~bit;
      if (state->buttons == 0 && state->grab_implicit)
        {
          weak_set (&state->grab, NULL);
          state->grab_implicit = FALSE;
          update_crossing (root, state, hover_path (root, state));
        }
    }

  g_clear_object (&target);

  return stop;
}

/**
 * gsk_layer_dispatch_event:
 * @root: a top level (a layer without a parent)
 * @event: an event in @root's surface
 *
 * Delivers @event to the layers of @root's tree.
 *
 * Pointer events go to the layer [method@Layer.pick] finds at their
 * position: invisible layers, layers at opacity 0, layers whose
 * transform is singular and layers that are not reactive get none. While
 * a button is held, they go to the layer it was pressed on (an implicit
 * grab), and while a layer holds [method@Layer.grab_pointer], to that
 * layer. A touch sequence goes to the layer it began on. Key events go
 * to the focus layer ([method@Layer.grab_focus]), or @root; a Tab or
 * Shift+Tab press that no controller stops moves the focus. Focus events
 * from the host (the surface gained or lost the keyboard) go to the
 * focus layer too.
 *
 * The event travels from @root down to its target and back up (see
 * [class@LayerEventController]); if no layer is there, nothing gets it.
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
  GskLayer *target;
  gboolean stop = FALSE;

  g_return_val_if_fail (GSK_IS_LAYER (root), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (gsk_layer_get_parent (root) == NULL, FALSE);
  g_return_val_if_fail (!gsk_layer_event_is_pointer (event) ||
                        (isfinite (event->x) && isfinite (event->y)), FALSE);

  g_object_ref (root);
  gsk_layer_event_ref (event);
  state = get_input_state (root);
  watch_clock (root, state);

  switch (event->type)
    {
    case GSK_LAYER_EVENT_LEAVE:
      state->pointer_in = FALSE;
      state->time = event->time;
      state->modifiers = event->modifiers;
      update_crossing (root, state, current_grab (root, state) ? hover_path (root, state) : path_new ());
      break;

    case GSK_LAYER_EVENT_KEY_PRESS:
    case GSK_LAYER_EVENT_KEY_RELEASE:
    case GSK_LAYER_EVENT_FOCUS_IN:
    case GSK_LAYER_EVENT_FOCUS_OUT:
      target = current_focus (root, state);
      stop = deliver (root, target ? target : root, event);
      if (!stop && event->type == GSK_LAYER_EVENT_KEY_PRESS &&
          (event->keyval == GDK_KEY_Tab || event->keyval == GDK_KEY_ISO_Left_Tab ||
           event->keyval == GDK_KEY_KP_Tab))
        stop = move_focus (root, state,
                           event->keyval == GDK_KEY_ISO_Left_Tab || (event->modifiers & GDK_SHIFT_MASK));
      break;

    case GSK_LAYER_EVENT_TOUCH_BEGIN:
    case GSK_LAYER_EVENT_TOUCH_UPDATE:
    case GSK_LAYER_EVENT_TOUCH_END:
    case GSK_LAYER_EVENT_TOUCH_CANCEL:
      stop = dispatch_touch (root, state, event);
      break;

    case GSK_LAYER_EVENT_GRAB_BROKEN:
      g_critical ("%s: grab-broken events come from GSK, not the host", G_STRFUNC);
      break;

    case GSK_LAYER_EVENT_MOTION:
    case GSK_LAYER_EVENT_BUTTON_PRESS:
    case GSK_LAYER_EVENT_BUTTON_RELEASE:
    case GSK_LAYER_EVENT_SCROLL:
    case GSK_LAYER_EVENT_ENTER:
    default:
      stop = dispatch_pointer (root, state, event);
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
 * still pointer call for; a grabbing layer that left the tree gets its
 * grab-broken event. GSK does this itself after each tick of the top
 * level's frame clock (once an event was dispatched to it), after the
 * animations ran; call it when the tree changed otherwise and the
 * crossing must be known before the next frame.
 *
 * Since: 0.1
 */
void
gsk_layer_update_hover (GskLayer *root)
{
  InputState *state;

  g_return_if_fail (GSK_IS_LAYER (root));
  g_return_if_fail (gsk_layer_get_parent (root) == NULL);

  if (peek_input_state (root) == NULL)
    return;

  g_object_ref (root);
  state = get_input_state (root);
  watch_clock (root, state);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/**
 * gsk_layer_is_hovered:
 * @self: a layer
 *
 * Says whether the pointer is over @self or one of its descendants (or,
 * under a pointer grab, whether @self holds it or contains the layer
 * that does), as of the last event or [method@Layer.update_hover] of
 * its top level.
 *
 * Returns: whether @self is hovered
 *
 * Since: 0.1
 */
gboolean
gsk_layer_is_hovered (GskLayer *self)
{
  InputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  state = peek_input_state (gsk_layer_get_root (self));
  if (state == NULL)
    return FALSE;

  for (guint i = 0; i < state->hovered->len; i++)
    if (state->hovered->pdata[i] == self)
      return TRUE;

  return FALSE;
}

/**
 * gsk_layer_grab_pointer:
 * @self: a layer in a tree
 *
 * Makes @self the target of all pointer events of its top level, wherever
 * the pointer is, until [method@Layer.ungrab_pointer], or until @self
 * leaves the tree (it then gets a [enum@Gsk.LayerEventType.GRAB_BROKEN]
 * event). A layer holding an implicit grab, or another explicit one,
 * gets a grab-broken event.
 *
 * Since: 0.1
 */
void
gsk_layer_grab_pointer (GskLayer *self)
{
  GskLayer *root;
  InputState *state;
  GskLayer *old;

  g_return_if_fail (GSK_IS_LAYER (self));

  root = gsk_layer_get_root (self);
  g_object_ref (root);
  g_object_ref (self);
  state = get_input_state (root);
  old = current_grab (root, state);
  weak_set (&state->grab, self);
  state->grab_implicit = FALSE;
  if (old && old != self)
    send_to_layer (old, GSK_LAYER_EVENT_GRAB_BROKEN, state, 0);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (self);
  g_object_unref (root);
}

/**
 * gsk_layer_ungrab_pointer:
 * @self: the layer holding the pointer grab
 *
 * Ends the grab @self holds: pointer events go to the layer under the
 * pointer again, which gets its enter events now.
 *
 * Since: 0.1
 */
void
gsk_layer_ungrab_pointer (GskLayer *self)
{
  GskLayer *root;
  InputState *state;

  g_return_if_fail (GSK_IS_LAYER (self));

  root = gsk_layer_get_root (self);
  state = peek_input_state (root);
  g_return_if_fail (state != NULL && state->grab == self);

  g_object_ref (root);
  weak_set (&state->grab, NULL);
  state->grab_implicit = FALSE;
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/**
 * gsk_layer_get_pointer_grab:
 * @root: a top level
 *
 * Returns: (transfer none) (nullable): the layer that gets the pointer's
 *   events whatever is under it: by [method@Layer.grab_pointer], or
 *   while a button pressed on it is held
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_pointer_grab (GskLayer *root)
{
  InputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = peek_input_state (root);
  return state && is_in_tree (state->grab, root) ? state->grab : NULL;
}

/**
 * gsk_layer_set_focusable:
 * @self: a layer
 * @focusable: whether @self can have the keyboard focus
 *
 * Lets @self take the keyboard focus, with [method@Layer.grab_focus] or
 * by Tab. Taking it away from the focus layer does not move the focus.
 *
 * Since: 0.1
 */
void
gsk_layer_set_focusable (GskLayer *self,
                         gboolean  focusable)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  if (G_UNLIKELY (focusable_quark == 0))
    focusable_quark = g_quark_from_static_string ("gsk-layer-focusable");

  g_object_set_qdata (G_OBJECT (self), focusable_quark, focusable ? GINT_TO_POINTER (1) : NULL);
}

/**
 * gsk_layer_get_focusable:
 * @self: a layer
 *
 * Returns: whether @self can have the keyboard focus
 *
 * Since: 0.1
 */
gboolean
gsk_layer_get_focusable (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  return layer_is_focusable (self);
}

/**
 * gsk_layer_grab_focus:
 * @self: a focusable layer, visible with its ancestors
 *
 * Gives @self the keyboard focus of its top level: the layer that had
 * it gets a [enum@Gsk.LayerEventType.FOCUS_OUT] event, then @self a
 * [enum@Gsk.LayerEventType.FOCUS_IN] event, and key events go to @self.
 *
 * Returns: %TRUE if @self has the focus now
 *
 * Since: 0.1
 */
gboolean
gsk_layer_grab_focus (GskLayer *self)
{
  GskLayer *root;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  if (!can_take_focus (self))
    return FALSE;

  root = gsk_layer_get_root (self);
  g_object_ref (root);
  set_focus (root, get_input_state (root), self);
  g_object_unref (root);

  return gsk_layer_has_focus (self);
}

/**
 * gsk_layer_has_focus:
 * @self: a layer
 *
 * Returns: whether @self has the keyboard focus of its top level
 *
 * Since: 0.1
 */
gboolean
gsk_layer_has_focus (GskLayer *self)
{
  InputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  state = peek_input_state (gsk_layer_get_root (self));
  return state != NULL && state->focus == self;
}

/**
 * gsk_layer_get_focus:
 * @root: a top level
 *
 * Returns: (transfer none) (nullable): the layer of @root's tree that has
 *   the keyboard focus
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_focus (GskLayer *root)
{
  InputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = peek_input_state (root);
  return state && is_in_tree (state->focus, root) ? state->focus : NULL;
}

/* {{{ Cursors */

static GQuark cursor_quark;

/**
 * gsk_layer_set_cursor:
 * @self: a layer
 * @name: (nullable): a cursor name as `gdk_cursor_new_from_name()` takes
 *   it (CSS cursor names: "pointer", "text", "grab", …), or %NULL for
 *   the cursor of the layer below
 *
 * Sets the cursor the host shows while the pointer is over @self, unless
 * a hovered descendant sets its own: see
 * [method@Layer.get_pointer_cursor].
 *
 * Since: 0.1
 */
void
gsk_layer_set_cursor (GskLayer   *self,
                      const char *name)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  if (G_UNLIKELY (cursor_quark == 0))
    cursor_quark = g_quark_from_static_string ("gsk-layer-cursor");

  g_object_set_qdata_full (G_OBJECT (self), cursor_quark, g_strdup (name), g_free);
}

/**
 * gsk_layer_get_cursor:
 * @self: a layer
 *
 * Returns: (nullable): the cursor name set on @self
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_cursor (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return cursor_quark ? g_object_get_qdata (G_OBJECT (self), cursor_quark) : NULL;
}

/**
 * gsk_layer_get_pointer_cursor:
 * @root: a top level
 *
 * Gives the cursor to show: that of the deepest hovered layer that sets
 * one (under a grab, of the grabbing layer or its ancestors), as of the
 * last event or [method@Layer.update_hover]. A host calls it after
 * dispatching pointer events, and sets the cursor when it changed.
 *
 * Returns: (nullable): a cursor name, or %NULL for the default cursor
 *
 * Since: 0.1
 */
const char *
gsk_layer_get_pointer_cursor (GskLayer *root)
{
  InputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = peek_input_state (root);
  if (state == NULL)
    return NULL;

  for (guint i = state->hovered->len; i-- > 0; )
    {
      const char *name = gsk_layer_get_cursor (state->hovered->pdata[i]);

      if (name)
        return name;
    }

  return NULL;
}

/* }}} */
