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
 * new ones an enter event, from below the common ancestor down. The
 * events go out one at a time from one loop, never nested: a handler
 * that grabs the pointer or changes the tree only changes the hovered
 * layers, and the loop goes on from there. A layer is left only after
 * it was entered, and by the top level that entered it, before another
 * enters it.
 *
 * Grabs: while a button is held, the layer it was pressed on gets the
 * pointer's events wherever the pointer goes (an implicit grab); a
 * layer can also grab the pointer until it lets go. Each touch sequence
 * goes to the layer it began on. A grabbing layer that leaves the tree
 * gets a grab-broken event at the next event or update, and the grab
 * ends.
 *
 * Sequences (gsk-layer-input-sequence.c): every controller that a press
 * or a touch begin reached gets exactly one event that ends it (the
 * last release, the touch's end or cancel, or a grab-broken event),
 * whatever handlers do meanwhile. One that is no longer on the way to
 * the layer the sequence goes to (its layer, or a layer between, left
 * the tree or moved; the grab went elsewhere; it was taken off its
 * layer) gets its grab-broken event at the next event, frame or
 * update.
 *
 * Keyboard focus: key events go to the focus layer, through its path;
 * Tab and Shift+Tab that no handler stops move the focus through the
 * focusable layers in tree order.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-input.h"
#include "gsk-layer-event-private.h"
#include "gsk-layer-event-controller-private.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer-input-sequence-private.h"
#include "gsk-layer.h"
#include "gsk-layer-private.h"

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



static GQuark input_quark;
/* Which top level's state has sent a layer an enter event and not yet
 * the leave event: a layer moved to another tree is left there first */
static GQuark entered_quark;

static void
hovered_finalized (gpointer  data,
                   GObject  *where_the_object_was)
{
  GskLayerInputState *state = data;

  g_ptr_array_remove (state->hovered, where_the_object_was);
}

static void
entered_finalized (gpointer  data,
                   GObject  *where_the_object_was)
{
  GskLayerInputState *state = data;

  g_ptr_array_remove (state->entered, where_the_object_was);
}

/* Empties the hovered array into a path */
static Path *
hovered_take (GskLayerInputState *state)
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
hovered_set (GskLayerInputState *state,
             Path               *path)
{
  for (guint i = 0; i < path->len; i++)
    {
      if (i > 0)
        g_object_weak_ref (path->pdata[i], hovered_finalized, state);
      g_ptr_array_add (state->hovered, path->pdata[i]);
    }
}

/* A weak pointer in the state that forgets a finalized layer */
void
gsk_layer_input_weak_set (GskLayer **where,
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
  GskLayer *layer;              /* NULL once lost: its events go nowhere */
  GskLayerInputSequence *sequence;
} TouchTarget;

static void
touch_target_free (gpointer data)
{
  TouchTarget *touch = data;

  gsk_layer_input_weak_set (&touch->layer, NULL);
  gsk_layer_input_sequence_unref (touch->sequence);
  g_free (touch);
}

static void
input_state_free (gpointer data)
{
  GskLayerInputState *state = data;

  if (state->clock)
    {
      g_clear_signal_handler (&state->tick_id, state->clock);
      g_clear_object (&state->clock);
    }
  path_free (hovered_take (state));
  g_ptr_array_unref (state->hovered);
  /* No leave events from a top level going away: its layers forget it */
  for (guint i = 1; i < state->entered->len; i++)
    {
      GObject *layer = state->entered->pdata[i];

      g_object_weak_unref (layer, entered_finalized, state);
      if (g_object_get_qdata (layer, entered_quark) == state)
        g_object_set_qdata (layer, entered_quark, NULL);
    }
  g_ptr_array_unref (state->entered);
  gsk_layer_input_weak_set (&state->grab, NULL);
  gsk_layer_input_weak_set (&state->focus, NULL);
  g_clear_pointer (&state->pointer_sequence, gsk_layer_input_sequence_unref);
  g_ptr_array_unref (state->travelling_ends);
  g_hash_table_unref (state->touches);
  g_free (state);
}

/* Claims made by a controller while it handles an event take effect
 * once it is done with it: the other controllers' grab-broken events
 * (and whatever their handlers do) never come inside its handling */
typedef struct
{
  GskLayerInputSequence *sequence;
  GskLayerEventController *controller;
  guint32 time;
  double x, y;
} Claim;

static guint handling_depth;
static GArray *pending_claims;

static void
flush_claims (void)
{
  while (pending_claims != NULL && pending_claims->len > 0)
    {
      Claim claim = g_array_index (pending_claims, Claim, 0);

      g_array_remove_index (pending_claims, 0);
      gsk_layer_input_sequence_claim (claim.sequence, claim.controller, claim.time, claim.x, claim.y);
      gsk_layer_input_sequence_unref (claim.sequence);
      g_object_unref (claim.controller);
    }
}

void
gsk_layer_input_claim (GskLayerEventController *controller,
                       gboolean                 touch,
                       guint                    sequence)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);
  GskLayerInputState *state = layer ? gsk_layer_input_peek_state (gsk_layer_get_root (layer)) : NULL;
  GskLayerInputSequence *claimed = NULL;

  if (state == NULL)
    return;
  if (!touch)
    claimed = state->pointer_sequence;
  else
    {
      TouchTarget *target = g_hash_table_lookup (state->touches, GUINT_TO_POINTER (sequence));

      claimed = target ? target->sequence : NULL;
    }
  if (claimed == NULL)
    return;

  if (handling_depth > 0)
    {
      Claim claim = { gsk_layer_input_sequence_ref (claimed), g_object_ref (controller), state->time, state->x, state->y };

      if (pending_claims == NULL)
        pending_claims = g_array_new (FALSE, FALSE, sizeof (Claim));
      g_array_append_val (pending_claims, claim);
      return;
    }

  gsk_layer_input_sequence_ref (claimed);
  gsk_layer_input_sequence_claim (claimed, controller, state->time, state->x, state->y);
  gsk_layer_input_sequence_unref (claimed);
}

gboolean
gsk_layer_input_has_pointer (GskLayer *layer,
                             gboolean *is_pointer)
{
  GskLayerInputState *state = entered_quark ? g_object_get_qdata (G_OBJECT (layer), entered_quark) : NULL;

  /* The deepest hovered: while a crossing enters a1 in a, a is never
   * the pointer's for a moment */
  *is_pointer = state != NULL && state->hovered->len > 0 &&
                state->hovered->pdata[state->hovered->len - 1] == (gpointer) layer;
  return state != NULL;
}

/* The controllers of @layer tell whether the pointer is within it now */
static void
pointer_changed (GskLayer *layer)
{
  GPtrArray *controllers = layer ? gsk_layer_peek_controllers (layer) : NULL;

  for (guint i = 0; controllers != NULL && i < controllers->len; i++)
    gsk_layer_event_controller_pointer_changed (controllers->pdata[i]);
}

static GskLayer *
deepest_entered (GskLayerInputState *state)
{
  return state->entered->len > 0 ? state->entered->pdata[state->entered->len - 1] : NULL;
}

GskLayerInputState *
gsk_layer_input_peek_state (GskLayer *root)
{
  return input_quark ? g_object_get_qdata (G_OBJECT (root), input_quark) : NULL;
}

GskLayerInputState *
gsk_layer_input_get_state (GskLayer *root)
{
  GskLayerInputState *state;

  if (G_UNLIKELY (input_quark == 0))
    {
      input_quark = g_quark_from_static_string ("gsk-layer-input");
      entered_quark = g_quark_from_static_string ("gsk-layer-input-entered");
    }

  state = g_object_get_qdata (G_OBJECT (root), input_quark);
  if (state == NULL)
    {
      state = g_new0 (GskLayerInputState, 1);
      state->hovered = g_ptr_array_new ();
      state->entered = g_ptr_array_new ();
      state->travelling_ends = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_layer_input_sequence_unref);
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
                 GskLayerEvent            *event,
                 GskLayerInputSequence    *sequence,
                 GskLayerSequenceStep      step)
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
      if (!gsk_layer_input_sequence_admit (sequence, step, controller, layer))
        continue;
      handling_depth++;
      stop = gsk_layer_event_controller_handle_event (controller, event);
      handling_depth--;
      flush_claims ();
    }

  g_ptr_array_unref (snapshot);

  return stop;
}

/* Capture down @path, target, bubble up */
static gboolean
propagate (Path                  *path,
           GskLayerEvent         *event,
           GskLayerInputSequence *sequence,
           GskLayerSequenceStep   step)
{
  GskLayer *target;
  guint i;

  if (path->len == 0)
    return FALSE;

  target = path->pdata[path->len - 1];
  for (i = 0; i < path->len; i++)
    if (run_controllers (path->pdata[i], GSK_LAYER_PHASE_CAPTURE, event, sequence, step))
      return TRUE;

  if (run_controllers (target, GSK_LAYER_PHASE_TARGET, event, sequence, step))
    return TRUE;

  for (i = path->len; i-- > 0; )
    if (run_controllers (path->pdata[i], GSK_LAYER_PHASE_BUBBLE, event, sequence, step))
      return TRUE;

  return FALSE;
}

/* An event for @layer alone: crossing, focus changes, broken grabs */
void
gsk_layer_input_send_to_layer (GskLayer                 *layer,
                               GskLayerEventType         type,
                               const GskLayerInputState *state,
                               guint                     sequence)
{
  GskLayerEvent *event = gsk_layer_event_new (type, state->time, state->x, state->y);

  g_object_ref (layer);
  event->modifiers = state->modifiers;
  event->sequence = sequence;
  gsk_layer_event_set_target (event, layer);
  /* A pointer grab lost: the controllers that follow a press get their
   * grab-broken event from the press's sequence, once */
  run_controllers (layer, GSK_LAYER_PHASE_NONE, event, NULL,
                   type == GSK_LAYER_EVENT_GRAB_BROKEN && sequence == 0 ? GSK_LAYER_SEQUENCE_UNLESS_PRESSED
                                                                        : GSK_LAYER_SEQUENCE_NONE);
  gsk_layer_event_unref (event);
  g_object_unref (layer);
}

/* An enter or leave event of @layer, related to @related, for the
 * controllers of @layer, then for those of the @n_above layers entered
 * above it (its ancestors, top level first, in @entered): their
 * capture controllers from the top level down, then their bubble ones
 * back up, so that a container learns that the pointer entered or left
 * one of its descendants, as in Clutter. The layer's own controllers
 * come first, so that whatever the ancestors' handlers do (move it to
 * another top level, grab), its enter and leave stay paired; a handler
 * of an ancestor that stops the event stops it among the ancestors */
static void
send_crossing (GskLayer                 *layer,
               GskLayerEventType         type,
               const GskLayerInputState *state,
               GskLayer                 *related,
               GPtrArray                *entered,
               guint                     n_above)
{
  GskLayerEvent *event = gsk_layer_event_new (type, state->time, state->x, state->y);
  GPtrArray *above = g_ptr_array_new_full (n_above, g_object_unref);
  gboolean stopped = FALSE;
  guint i;

  g_object_ref (layer);
  event->modifiers = state->modifiers;
  gsk_layer_event_set_target (event, layer);
  g_set_object (&event->related, related);
  /* Taken now: the handlers may change what is entered */
  for (i = 0; i < n_above; i++)
    g_ptr_array_add (above, g_object_ref (entered->pdata[i]));

  run_controllers (layer, GSK_LAYER_PHASE_NONE, event, NULL, GSK_LAYER_SEQUENCE_NONE);
  for (i = 0; i < above->len && !stopped; i++)
    stopped = run_controllers (above->pdata[i], GSK_LAYER_PHASE_CAPTURE, event, NULL, GSK_LAYER_SEQUENCE_NONE);
  for (i = above->len; i-- > 0 && !stopped; )
    stopped = run_controllers (above->pdata[i], GSK_LAYER_PHASE_BUBBLE, event, NULL, GSK_LAYER_SEQUENCE_NONE);

  g_ptr_array_unref (above);
  gsk_layer_event_unref (event);
  g_object_unref (layer);
}

static void
entered_push (GskLayerInputState *state,
              GskLayer           *layer)
{
  /* The top level itself is not watched: the state is its own */
  if (state->entered->len > 0)
    g_object_weak_ref (G_OBJECT (layer), entered_finalized, state);
  g_object_set_qdata (G_OBJECT (layer), entered_quark, state);
  g_ptr_array_add (state->entered, layer);
}

/* Returns the deepest entered layer, owned */
static GskLayer *
entered_pop (GskLayerInputState *state)
{
  GskLayer *layer = g_ptr_array_steal_index (state->entered, state->entered->len - 1);

  g_object_ref (layer);
  if (state->entered->len > 0)
    g_object_weak_unref (G_OBJECT (layer), entered_finalized, state);
  if (g_object_get_qdata (G_OBJECT (layer), entered_quark) == state)
    g_object_set_qdata (G_OBJECT (layer), entered_quark, NULL);
  return layer;
}

static void settle_crossing (GskLayerInputState *state);

/* Sends the enter and leave events that take the entered layers to the
 * hovered ones, one at a time and looking again after each: a handler
 * may grab the pointer or change the tree, which changes the hovered
 * layers; the events stay paired (a leave only after an enter) and
 * never nest. Each step sends one event; a handler that changes the
 * hovered layers at every one of them is cut off, the rest left to the
 * next update. */
static void
run_crossing (GskLayerInputState *state)
{
  GskLayer *came_from;
  guint steps = 0;

  if (state->crossing)
    return;

  state->crossing = TRUE;
  g_object_ref (state->root);
  /* Where the pointer comes from: the deepest layer entered until now */
  came_from = state->entered->len > 0 ? g_object_ref (state->entered->pdata[state->entered->len - 1]) : NULL;
  while (steps++ < 64 + 4 * (state->entered->len + state->hovered->len))
    {
      guint common = 0;
      GskLayer *layer, *goes_to;

      while (common < state->entered->len && common < state->hovered->len &&
             state->entered->pdata[common] == state->hovered->pdata[common])
        common++;

      if (state->entered->len > common)
        {
          layer = entered_pop (state);
          pointer_changed (layer);
          pointer_changed (deepest_entered (state));
          goes_to = state->hovered->len > 0 ? state->hovered->pdata[state->hovered->len - 1] : NULL;
          send_crossing (layer, GSK_LAYER_EVENT_LEAVE, state, goes_to, state->entered, state->entered->len);
          g_object_unref (layer);
        }
      else if (state->hovered->len > common)
        {
          GskLayerInputState *other;

          layer = g_object_ref (state->hovered->pdata[common]);
          other = g_object_get_qdata (G_OBJECT (layer), entered_quark);
          if (other != NULL && other != state)
            {
              /* Still entered in the top level it came from: left there
               * first, as the pointer can be over one tree at a time. That
               * top level's own crossing, if it is the one running below
               * us, cannot send it: the leave goes from here */
              if (!other->crossing)
                settle_crossing (other);
              if (g_object_get_qdata (G_OBJECT (layer), entered_quark) == other)
                {
                  guint index;

                  /* (The first, the other top level, is not watched) */
                  index = 0;
                  if (g_ptr_array_find (other->entered, layer, &index))
                    {
                      g_ptr_array_remove_index (other->entered, index);
                      if (index > 0)
                        g_object_weak_unref (G_OBJECT (layer), entered_finalized, other);
                    }
                  g_object_set_qdata (G_OBJECT (layer), entered_quark, NULL);
                  pointer_changed (layer);
                  pointer_changed (deepest_entered (other));
                  /* Its ancestors there see it leave: it went here */
                  send_crossing (layer, GSK_LAYER_EVENT_LEAVE, other, NULL,
                                 other->entered, MIN (index, other->entered->len));
                }
              /* The handlers may have changed what is hovered here */
              g_object_unref (layer);
              continue;
            }
          if (state->entered->len > 0)
            {
              GskLayer *above = g_object_ref (deepest_entered (state));

              entered_push (state, layer);
              pointer_changed (above);
              g_object_unref (above);
            }
          else
            entered_push (state, layer);
          pointer_changed (layer);
          send_crossing (layer, GSK_LAYER_EVENT_ENTER, state, came_from, state->entered, state->entered->len - 1);
          g_object_unref (layer);
        }
      else
        break;
    }
  state->crossing = FALSE;
  g_clear_object (&came_from);
  g_object_unref (state->root);
}

/* Makes @path the hovered layers of @root, sending leave and enter
 * events for the difference; takes @path. Called from a handler of
 * those events, it only changes the hovered layers: the crossing
 * running sends what follows. */
static void
update_crossing (GskLayer           *root,
                 GskLayerInputState *state,
                 Path               *path)
{
  /* Most motion stays over the same layers: nothing to send, and the
   * weak references stay as they are */
  /* (An empty array may have no data at all: memcmp() must not see it) */
  if (state->hovered->len == path->len && state->entered->len == path->len &&
      (path->len == 0 ||
       (memcmp (state->hovered->pdata, path->pdata, path->len * sizeof (gpointer)) == 0 &&
        memcmp (state->entered->pdata, path->pdata, path->len * sizeof (gpointer)) == 0)))
    {
      path_free (path);
      return;
    }

  /* The new state is in place before any handler runs: one that asks
   * gsk_layer_is_hovered() gets the answer of after the crossing */
  path_free (hovered_take (state));
  hovered_set (state, path);
  path_free (path);

  run_crossing (state);
}

gboolean
gsk_layer_input_is_in_tree (GskLayer *layer,
                            GskLayer *root)
{
  return layer != NULL && gsk_layer_get_root (layer) == root;
}

/* The layer holding the pointer grab, once checked that it is still in
 * the tree; if it left, the grab ends: a layer that grabbed explicitly
 * gets a grab-broken event, and the controllers following a press on
 * it, theirs */
static GskLayer *
current_grab (GskLayer           *root,
              GskLayerInputState *state)
{
  GskLayer *grab = state->grab;
  gboolean implicit = state->grab_implicit;

  if (grab == NULL || gsk_layer_input_is_in_tree (grab, root))
    return grab;

  g_object_ref (grab);
  gsk_layer_input_weak_set (&state->grab, NULL);
  state->grab_implicit = FALSE;
  if (!implicit)
    gsk_layer_input_send_to_layer (grab, GSK_LAYER_EVENT_GRAB_BROKEN, state, 0);
  if (state->pointer_sequence && state->grab == NULL)
    gsk_layer_input_sequence_break_off (state->pointer_sequence, NULL, state->time, state->x, state->y);
  g_object_unref (grab);

  return state->grab;
}

/* The controllers following the pointer's press that are no longer on
 * the way to the layer holding the pointer get their grab-broken event */
static void
check_pointer_sequence (GskLayer           *root,
                        GskLayerInputState *state)
{
  GskLayerInputSequence *sequence = state->pointer_sequence;
  GskLayer *grab;
  Path *path;

  if (sequence == NULL)
    return;

  gsk_layer_input_sequence_ref (sequence);
  grab = current_grab (root, state);
  path = path_to (root, grab);
  if (gsk_layer_input_sequence_is_ended (sequence))
    gsk_layer_input_sequence_end (sequence, state->time, state->x, state->y);
  else
    gsk_layer_input_sequence_break_off (sequence, path, state->time, state->x, state->y);
  path_free (path);
  gsk_layer_input_sequence_unref (sequence);
}

/* The same for touch @key: its controllers off the way to the layer it
 * began on get their grab-broken event; if that layer left the tree,
 * all of them, and the touch's later events go nowhere */
static void
check_touch (GskLayer           *root,
             GskLayerInputState *state,
             gpointer            key)
{
  TouchTarget *touch = g_hash_table_lookup (state->touches, key);
  GskLayerInputSequence *sequence;
  Path *path;

  if (touch == NULL)
    return;

  sequence = gsk_layer_input_sequence_ref (touch->sequence);
  if (touch->layer && !gsk_layer_input_is_in_tree (touch->layer, root))
    gsk_layer_input_weak_set (&touch->layer, NULL);
  if (touch->layer == NULL || gsk_layer_input_sequence_is_ended (sequence))
    gsk_layer_input_sequence_end (sequence, state->time, state->x, state->y);
  else
    {
      path = path_to (root, touch->layer);
      gsk_layer_input_sequence_break_off (sequence, path, state->time, state->x, state->y);
      path_free (path);
    }
  gsk_layer_input_sequence_unref (sequence);
}

/* Every sequence of @root checked against the tree as it is now */
static void
check_sequences (GskLayer           *root,
                 GskLayerInputState *state)
{
  GList *keys, *l;

  check_pointer_sequence (root, state);
  if (g_hash_table_size (state->touches) == 0)
    return;

  /* Handlers may begin or end touches meanwhile: by key, looked up
   * again each time */
  keys = g_hash_table_get_keys (state->touches);
  for (l = keys; l; l = l->next)
    check_touch (root, state, l->data);
  g_list_free (keys);
}

/* The path under the pointer: the grab's, or what is picked there */
static Path *
hover_path (GskLayer           *root,
            GskLayerInputState *state)
{
  GskLayer *target;

  if (!state->pointer_in)
    return path_new ();

  target = current_grab (root, state);
  if (target == NULL)
    target = gsk_layer_pick (root, state->x, state->y);

  return target ? path_to (root, target) : path_new ();
}

/* The crossing of @state's top level brought up to date with its tree */
static void
settle_crossing (GskLayerInputState *state)
{
  update_crossing (state->root, state, hover_path (state->root, state));
}

/* After each frame (connected after the animations, which advance on
 * the same tick), layers may have moved under a still pointer */
static void
on_clock_tick (GskLayerFrameClock *clock,
               GskLayerInputState *state)
{
  GskLayer *root = state->root;

  if (!state->pointer_in || !gsk_layer_is_top_level (root))
    return;

  g_object_ref (root);
  check_sequences (root, state);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/* Follows the top level's clock, which may have changed since */
static void
watch_clock (GskLayer           *root,
             GskLayerInputState *state)
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
deliver (GskLayer              *root,
         GskLayer              *target,
         GskLayerEvent         *event,
         GskLayerInputSequence *sequence,
         GskLayerSequenceStep   step)
{
  Path *path;
  gboolean stop;

  if (target == NULL)
    return FALSE;

  gsk_layer_event_set_target (event, target);
  path = path_to (root, target);
  stop = propagate (path, event, sequence, step);
  path_free (path);

  return stop;
}

/* Delivers @event, the last of @sequence, to @target's path (none if
 * NULL), then ends @sequence for the controllers it did not reach. All
 * the while, a handler that begins the same touch again, or presses a
 * button, first ends it for the controllers not told yet, so that none
 * sees the new begin before the old end */
static gboolean
deliver_end (GskLayer              *root,
             GskLayerInputState    *state,
             GskLayer              *target,
             GskLayerEvent         *event,
             GskLayerInputSequence *sequence)
{
  gboolean stop = FALSE;

  g_ptr_array_add (state->travelling_ends, gsk_layer_input_sequence_ref (sequence));
  if (target != NULL)
    stop = deliver (root, target, event, sequence, GSK_LAYER_SEQUENCE_END);
  gsk_layer_input_sequence_end (sequence, event->time, event->x, event->y);
  g_ptr_array_remove_fast (state->travelling_ends, sequence);

  return stop;
}

/* A new press, or touch @number begins: what an end still travelling
 * has not reached hears of it now */
static void
end_travelling (GskLayerInputState *state,
                gboolean            touch,
                guint               number,
                guint32             time,
                double              x,
                double              y)
{
  for (guint i = 0; i < state->travelling_ends->len; i++)
    {
      GskLayerInputSequence *sequence = state->travelling_ends->pdata[i];

      if (gsk_layer_input_sequence_matches (sequence, touch, number) &&
          !gsk_layer_input_sequence_is_settled (sequence))
        {
          gsk_layer_input_sequence_ref (sequence);
          gsk_layer_input_sequence_end (sequence, time, x, y);
          gsk_layer_input_sequence_unref (sequence);
          /* Handlers may have changed the array: from the start */
          i = (guint) -1;
        }
    }
}

/* Touch: each sequence goes to the layer it began on, and to the
 * controllers its begin reached. A begin for a sequence still going
 * cancels the old one; when the layer it began on leaves the tree, its
 * controllers get a grab-broken event, and its later events go nowhere,
 * as do those of a sequence that never began here. */
static gboolean
dispatch_touch (GskLayer           *root,
                GskLayerInputState *state,
                GskLayerEvent      *event)
{
  gpointer key = GUINT_TO_POINTER (event->sequence);
  TouchTarget *touch = g_hash_table_lookup (state->touches, key);
  GskLayerInputSequence *sequence;
  GskLayer *target;
  gboolean terminal, stop = FALSE;

  /* A sequence that never began here, or ended already: no controller
   * follows it */
  if (touch == NULL && event->type != GSK_LAYER_EVENT_TOUCH_BEGIN)
    return FALSE;

  if (event->type == GSK_LAYER_EVENT_TOUCH_BEGIN)
    {
      /* The cancel's handlers may begin the sequence again: what they
       * began is cancelled too, and past a few rounds only ended */
      for (guint round = 0; ; round++)
        {
          GskLayerEvent *cancel;

          touch = g_hash_table_lookup (state->touches, key);
          if (touch == NULL)
            {
              end_travelling (state, TRUE, event->sequence, event->time, event->x, event->y);
              /* The grab-broken handlers of an end cut short may have
               * begun it again too, and that begin went its whole way:
               * it is cancelled as any other, not replaced unheard */
              if (g_hash_table_lookup (state->touches, key) == NULL)
                break;
              continue;
            }
          if (round >= 16)
            {
              /* Handlers that begin it again at each end: the last
               * begin they made stands, and this one, older, goes
               * nowhere, rather than loop for ever */
              return FALSE;
            }
          if (round >= 4)
            {
              sequence = gsk_layer_input_sequence_ref (touch->sequence);
              g_hash_table_remove (state->touches, key);
              gsk_layer_input_sequence_end (sequence, event->time, event->x, event->y);
              gsk_layer_input_sequence_unref (sequence);
              continue;
            }

          cancel = gsk_layer_event_new (GSK_LAYER_EVENT_TOUCH_CANCEL, event->time, event->x, event->y);
          cancel->sequence = event->sequence;
          cancel->device_kind = event->device_kind;
          dispatch_touch (root, state, cancel);
          gsk_layer_event_unref (cancel);
        }

      target = gsk_layer_pick (root, event->x, event->y);
      touch = g_new0 (TouchTarget, 1);
      gsk_layer_input_weak_set (&touch->layer, target);
      touch->sequence = gsk_layer_input_sequence_new (TRUE, event->sequence);
      sequence = gsk_layer_input_sequence_ref (touch->sequence);
      g_hash_table_insert (state->touches, key, touch);

      stop = deliver (root, target, event, sequence, GSK_LAYER_SEQUENCE_BEGIN);
      /* What the begin's handlers did to the tree or the sequence */
      if (gsk_layer_input_sequence_is_ended (sequence))
        gsk_layer_input_sequence_end (sequence, event->time, event->x, event->y);
      else
        check_touch (root, state, key);
      gsk_layer_input_sequence_unref (sequence);

      return stop;
    }

  terminal = event->type == GSK_LAYER_EVENT_TOUCH_END || event->type == GSK_LAYER_EVENT_TOUCH_CANCEL;
  sequence = gsk_layer_input_sequence_ref (touch->sequence);
  target = touch->layer ? g_object_ref (touch->layer) : NULL;
  if (terminal)
    g_hash_table_remove (state->touches, key);

  if (target && (!gsk_layer_input_is_in_tree (target, root) || gsk_layer_input_sequence_is_ended (sequence)))
    g_clear_object (&target);

  if (terminal)
    stop = deliver_end (root, state, target, event, sequence);
  else
    {
      if (target)
        stop = deliver (root, target, event, sequence, GSK_LAYER_SEQUENCE_UPDATE);
      if (g_hash_table_lookup (state->touches, key) == touch)
        check_touch (root, state, key);
    }

  g_clear_object (&target);
  gsk_layer_input_sequence_unref (sequence);

  return stop;
}

/* The buttons change before anything else of the event happens: the
 * handlers of what follows (broken-off sequences, crossing), and the
 * events they dispatch, see the press begun or the release done. Gives
 * the press's sequence, owned, if @event is part of one, and whether it
 * is the release that ends it */
static GskLayerInputSequence *
press_sequence_step (GskLayerInputState *state,
                     GskLayerEvent      *event,
                     gboolean           *last)
{
  guint32 bit = event->button > 0 && event->button <= 32 ? 1u << (event->button - 1) : 0;

  *last = FALSE;
  if (event->type == GSK_LAYER_EVENT_BUTTON_PRESS)
    {
      GskLayerInputSequence *press;

      if (state->pointer_sequence == NULL)
        {
          /* Begun and its button counted before the older press's end
           * reaches the rest, whose grab-broken handlers may dispatch a
           * release of this button: it must end this press, not go out
           * as the release of a press never seen, ahead of the press */
          state->pointer_sequence = gsk_layer_input_sequence_new (FALSE, 0);
          state->buttons |= bit;
          press = gsk_layer_input_sequence_ref (state->pointer_sequence);
          end_travelling (state, FALSE, 0, event->time, event->x, event->y);
          return press;
        }
      state->buttons |= bit;
      return gsk_layer_input_sequence_ref (state->pointer_sequence);
    }

  if (event->type == GSK_LAYER_EVENT_BUTTON_RELEASE && state->pointer_sequence)
    {
      state->buttons &= ~bit;
      *last = state->buttons == 0;
      /* The last button up ends the press: a press from a handler
       * begins another */
      return *last ? g_steal_pointer (&state->pointer_sequence)
                   : gsk_layer_input_sequence_ref (state->pointer_sequence);
    }

  return NULL;
}

static gboolean
dispatch_pointer (GskLayer              *root,
                  GskLayerInputState    *state,
                  GskLayerEvent         *event,
                  GskLayerInputSequence *sequence,
                  gboolean               last)
{
  GskLayer *target;
  gboolean stop = FALSE;

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

  /* A crossing handler that grabbed the pointer takes the event */
  if (state->grab && state->grab != target && gsk_layer_input_is_in_tree (state->grab, root))
    {
      g_clear_object (&target);
      target = g_object_ref (state->grab);
    }

  switch ((int) event->type)
    {
    case GSK_LAYER_EVENT_ENTER:
      break;

    case GSK_LAYER_EVENT_BUTTON_PRESS:
      /* The pressed layer holds the pointer before any handler runs: one
       * that grabs it for another layer, or takes this one out, breaks
       * this grab, and the controllers the press reached hear of it */
      /* (Not if a handler, of the crossing or of an older press's end,
       * released it already: it reaches no one, and holds nothing) */
      if (state->grab == NULL && target != NULL && gsk_layer_input_is_in_tree (target, root) &&
          !gsk_layer_input_sequence_is_ended (sequence))
        {
          gsk_layer_input_weak_set (&state->grab, target);
          state->grab_implicit = TRUE;
        }
      stop = deliver (root, target, event, sequence, GSK_LAYER_SEQUENCE_BEGIN);
      if (gsk_layer_input_sequence_is_ended (sequence))
        gsk_layer_input_sequence_end (sequence, state->time, state->x, state->y);
      else
        check_pointer_sequence (root, state);
      break;

    case GSK_LAYER_EVENT_BUTTON_RELEASE:
      if (sequence == NULL)
        {
          /* A release of a press this top level never saw */
          stop = deliver (root, target, event, NULL, GSK_LAYER_SEQUENCE_NONE);
        }
      else if (!last)
        {
          stop = deliver (root, target, event, sequence, GSK_LAYER_SEQUENCE_UPDATE);
          check_pointer_sequence (root, state);
        }
      else
        {
          /* The last release ends the press for every controller that
           * followed it, whether the release reaches it or not */
          stop = deliver_end (root, state, target, event, sequence);
          if (state->grab_implicit && state->pointer_sequence == NULL)
            {
              gsk_layer_input_weak_set (&state->grab, NULL);
              state->grab_implicit = FALSE;
              update_crossing (root, state, hover_path (root, state));
            }
        }
      break;

    default:
      stop = deliver (root, target, event, NULL, GSK_LAYER_SEQUENCE_NONE);
      break;
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
 * layer. A touch sequence goes to the layer it began on (the events of
 * one that never began here go nowhere). Key events go
 * to the focus layer ([method@Layer.grab_focus]), or @root; a Tab or
 * Shift+Tab press that no controller stops moves the focus. Focus events
 * from the host (the surface gained or lost the keyboard) go to the
 * focus layer too.
 *
 * The event travels from @root down to its target and back up (see
 * [class@LayerEventController]); if no layer is there, nothing gets it.
 *
 * Pointer events also update which layers are hovered: the layers that
 * the pointer left get %GSK_LAYER_EVENT_LEAVE events, from the
 * deepest up, then those it entered %GSK_LAYER_EVENT_ENTER
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
  GskLayerInputState *state;
  GskLayerInputSequence *press;
  GskLayer *target;
  gboolean stop = FALSE, last;

  g_return_val_if_fail (GSK_IS_LAYER (root), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  g_return_val_if_fail (gsk_layer_is_top_level (root), FALSE);
  g_return_val_if_fail (!gsk_layer_event_is_pointer (event) ||
                        (isfinite (event->x) && isfinite (event->y)), FALSE);

  g_object_ref (root);
  gsk_layer_event_ref (event);
  state = gsk_layer_input_get_state (root);
  watch_clock (root, state);
  press = press_sequence_step (state, event, &last);
  /* What changed in the tree since the last event, for the presses and
   * touches going on */
  check_sequences (root, state);

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
      target = gsk_layer_input_current_focus (root, state);
      stop = deliver (root, target ? target : root, event, NULL, GSK_LAYER_SEQUENCE_NONE);
      if (!stop && event->type == GSK_LAYER_EVENT_KEY_PRESS && !state->host_moves_focus &&
          (event->keyval == GDK_KEY_Tab || event->keyval == GDK_KEY_ISO_Left_Tab ||
           event->keyval == GDK_KEY_KP_Tab))
        stop = gsk_layer_input_move_focus (root, state,
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
      stop = dispatch_pointer (root, state, event, press, last);
      break;
    }

  g_clear_pointer (&press, gsk_layer_input_sequence_unref);

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
  GskLayerInputState *state;

  g_return_if_fail (GSK_IS_LAYER (root));
  g_return_if_fail (gsk_layer_is_top_level (root));

  if (gsk_layer_input_peek_state (root) == NULL)
    return;

  g_object_ref (root);
  state = gsk_layer_input_get_state (root);
  watch_clock (root, state);
  check_sequences (root, state);
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
  GskLayerInputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  state = gsk_layer_input_peek_state (gsk_layer_get_root (self));
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
 * leaves the tree (it then gets a %GSK_LAYER_EVENT_GRAB_BROKEN
 * event). A layer holding an implicit grab, or another explicit one,
 * gets a grab-broken event.
 *
 * Since: 0.1
 */
void
gsk_layer_grab_pointer (GskLayer *self)
{
  GskLayer *root;
  GskLayerInputState *state;
  GskLayer *old;
  gboolean old_implicit;

  g_return_if_fail (GSK_IS_LAYER (self));

  root = gsk_layer_get_root (self);
  g_object_ref (root);
  g_object_ref (self);
  state = gsk_layer_input_get_state (root);
  /* A layer that grabs the pointer while a button is held follows the
   * press from now on: it gets the release. Before anything that runs
   * handlers, which might end the press */
  if (state->pointer_sequence)
    {
      GPtrArray *controllers = gsk_layer_peek_controllers (self);

      for (guint i = 0; controllers && i < controllers->len; i++)
        gsk_layer_input_sequence_admit (state->pointer_sequence, GSK_LAYER_SEQUENCE_BEGIN,
                                        controllers->pdata[i], self);
    }
  old = current_grab (root, state);
  old_implicit = state->grab_implicit;
  if (old)
    g_object_ref (old);
  gsk_layer_input_weak_set (&state->grab, self);
  state->grab_implicit = FALSE;
  /* A layer that grabbed explicitly hears that it lost the grab; the
   * controllers following a press, from the press */
  if (old && old != self && !old_implicit)
    gsk_layer_input_send_to_layer (old, GSK_LAYER_EVENT_GRAB_BROKEN, state, 0);
  g_clear_object (&old);
  check_pointer_sequence (root, state);
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
  GskLayerInputState *state;

  g_return_if_fail (GSK_IS_LAYER (self));

  root = gsk_layer_get_root (self);
  state = gsk_layer_input_peek_state (root);
  g_return_if_fail (state != NULL && state->grab == self);

  g_object_ref (root);
  gsk_layer_input_weak_set (&state->grab, NULL);
  state->grab_implicit = FALSE;
  check_pointer_sequence (root, state);
  update_crossing (root, state, hover_path (root, state));
  g_object_unref (root);
}

/**
 * gsk_layer_get_pointer_grab:
 * @root: a top level
 *
 * Gives the layer of @root's tree that holds the pointer grab, if any.
 *
 * Returns: (transfer none) (nullable): the layer that gets the pointer's
 *   events whatever is under it: by [method@Layer.grab_pointer], or
 *   while a button pressed on it is held; %NULL if there is none
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_pointer_grab (GskLayer *root)
{
  GskLayerInputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = gsk_layer_input_peek_state (root);
  return state && gsk_layer_input_is_in_tree (state->grab, root) ? state->grab : NULL;
}
