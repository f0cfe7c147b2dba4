/* gsk-layer-input-private.h: a top level's input state, which dispatch,
 * focus and cursors share
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-event-private.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer-input-sequence-private.h"

G_BEGIN_DECLS

typedef struct
{
  /* The target under the pointer and its ancestors, from the top level
   * down, not owned: a layer taken out of the tree and dropped is
   * finalized, and leaves the array then (weak references). The others
   * get their leave event at the next pointer event or update. */
  GPtrArray *hovered;
  /* The layers sent an enter event and not yet its leave event, from
   * the top level down, weakly; the crossing under way brings them to
   * the hovered ones */
  GPtrArray *entered;
  gboolean crossing;
  double x, y;                  /* the pointer, while it is on the surface */
  gboolean pointer_in;
  guint32 time;                 /* of the last pointer event */
  GdkModifierType modifiers;

  GskLayer *grab;               /* weak: the pointer's grab */
  gboolean grab_implicit;       /* by a press, until the last release */
  guint32 buttons;              /* held, a bit per button below 32 */
  /* From the first press to the last release: the controllers that
   * follow it */
  GskLayerInputSequence *pointer_sequence;
  /* Sequences whose last event (a last release, a touch's end or
   * cancel) is on its way through the tree, owned */
  GPtrArray *travelling_ends;

  GHashTable *touches;          /* sequence → TouchTarget */

  GskLayer *focus;              /* weak */
  /* Tab and Shift+Tab that no layer stopped are left to the host (a
   * GskLayerView, whose Tab order also holds hosted widgets) rather
   * than moving the focus among the layers */
  gboolean host_moves_focus;
  /* Called after the focus layer changed (the host's accessibility
   * follows it) */
  void (* focus_changed) (GskLayer *root,
                          gpointer  data);
  gpointer focus_changed_data;

  GskLayer *root;               /* unowned: the state is the root's */
  GskLayerFrameClock *clock;    /* watched for frames */
  gulong tick_id;
} GskLayerInputState;

/* The state of @root, or NULL if no event was ever dispatched to it */
GskLayerInputState *gsk_layer_input_peek_state (GskLayer *root);
/* The state of @root, made if needed */
GskLayerInputState *gsk_layer_input_get_state  (GskLayer *root);

/* An event for @layer's controllers alone: crossing, focus, broken grabs */
void gsk_layer_input_send_to_layer (GskLayer                 *layer,
                                    GskLayerEventType         type,
                                    const GskLayerInputState *state,
                                    guint                     sequence);

/* @controller takes the press (@touch FALSE) or touch @sequence it
 * follows for itself; see gsk_layer_input_sequence_claim () */
void gsk_layer_input_claim (GskLayerEventController *controller,
                            gboolean                 touch,
                            guint                    sequence);

/* Whether the pointer is within @layer (over it or a descendant), and
 * in *@is_pointer whether @layer is the deepest layer it is over */
gboolean gsk_layer_input_has_pointer (GskLayer *layer,
                                      gboolean *is_pointer);

/* Points *@where at @layer, weakly: finalizing @layer clears it */
void gsk_layer_input_weak_set (GskLayer **where,
                               GskLayer  *layer);

gboolean gsk_layer_input_is_in_tree (GskLayer *layer,
                                     GskLayer *root);

/* gsk-layer-focus.c: the focus layer, once checked that it is still in
 * the tree (if it left, it gets a focus-out event and loses the focus) */
GskLayer *gsk_layer_input_current_focus (GskLayer           *root,
                                         GskLayerInputState *state);
/* Moves the focus to the next (or previous) focusable layer in tree
 * order, wrapping around; TRUE if there is one */
gboolean  gsk_layer_input_move_focus    (GskLayer           *root,
                                         GskLayerInputState *state,
                                         gboolean            backward);
/* Gives @focus (NULL for none) the focus, with focus-out and focus-in
 * events */
void      gsk_layer_input_set_focus     (GskLayer           *root,
                                         GskLayerInputState *state,
                                         GskLayer           *focus);

G_END_DECLS
