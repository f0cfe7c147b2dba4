/* gsk-layer-focus.c: keyboard focus in a tree of layers
 *
 * The focus layer of a top level gets its key events (dispatched in
 * gsk-layer-input.c); Tab and Shift+Tab move it in tree order.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-input.h"
#include "gsk-layer-input-private.h"
#include "gsk-layer.h"

static GQuark focusable_quark;

static gboolean
layer_is_focusable (GskLayer *layer)
{
  return focusable_quark != 0 && g_object_get_qdata (G_OBJECT (layer), focusable_quark) != NULL;
}

/* The focus layer, once checked that it is still in the tree */
GskLayer *
gsk_layer_input_current_focus (GskLayer           *root,
                               GskLayerInputState *state)
{
  GskLayer *focus = state->focus;

  if (focus == NULL || gsk_layer_input_is_in_tree (focus, root))
    return focus;

  gsk_layer_input_weak_set (&state->focus, NULL);
  gsk_layer_input_send_to_layer (focus, GSK_LAYER_EVENT_FOCUS_OUT, state, 0);
  if (state->focus_changed)
    state->focus_changed (root, state->focus_changed_data);

  return NULL;
}

void
gsk_layer_input_set_focus (GskLayer           *root,
                           GskLayerInputState *state,
                           GskLayer           *focus)
{
  GskLayer *old = gsk_layer_input_current_focus (root, state);

  if (old == focus)
    return;

  gsk_layer_input_weak_set (&state->focus, focus);
  if (old)
    gsk_layer_input_send_to_layer (old, GSK_LAYER_EVENT_FOCUS_OUT, state, 0);
  if (focus && state->focus == focus)
    gsk_layer_input_send_to_layer (focus, GSK_LAYER_EVENT_FOCUS_IN, state, 0);
  if (state->focus_changed)
    state->focus_changed (root, state->focus_changed_data);
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
gboolean
gsk_layer_input_move_focus (GskLayer           *root,
                            GskLayerInputState *state,
                            gboolean            backward)
{
  GskLayer *focus = gsk_layer_input_current_focus (root, state);
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

  gsk_layer_input_set_focus (root, state, found);
  return TRUE;
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
 * Says whether @self can take the keyboard focus, as set with
 * [method@Layer.set_focusable]; layers cannot by default.
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
 * it gets a %GSK_LAYER_EVENT_FOCUS_OUT event, then @self a
 * %GSK_LAYER_EVENT_FOCUS_IN event, and key events go to @self.
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
  gsk_layer_input_set_focus (root, gsk_layer_input_get_state (root), self);
  g_object_unref (root);

  return gsk_layer_has_focus (self);
}

/**
 * gsk_layer_has_focus:
 * @self: a layer
 *
 * Says whether @self is the focus layer of its top level, the layer
 * that key events go to (see [method@Layer.grab_focus]).
 *
 * Returns: whether @self has the keyboard focus of its top level
 *
 * Since: 0.1
 */
gboolean
gsk_layer_has_focus (GskLayer *self)
{
  GskLayerInputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), FALSE);

  state = gsk_layer_input_peek_state (gsk_layer_get_root (self));
  return state != NULL && state->focus == self;
}

/**
 * gsk_layer_get_focus:
 * @root: a top level
 *
 * Gives the focus layer of @root's tree: the layer that key events go
 * to (see [method@Layer.grab_focus]).
 *
 * Returns: (transfer none) (nullable): the layer of @root's tree that has
 *   the keyboard focus, or %NULL if none has it (key events then go to
 *   @root)
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_get_focus (GskLayer *root)
{
  GskLayerInputState *state;

  g_return_val_if_fail (GSK_IS_LAYER (root), NULL);

  state = gsk_layer_input_peek_state (root);
  return state && gsk_layer_input_is_in_tree (state->focus, root) ? state->focus : NULL;
}
