/* gsk-layer-input-sequence-private.h: the controllers that follow a press
 * or a touch, and the one event that ends it for each
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-event-controller.h"

G_BEGIN_DECLS

typedef struct _GskLayerInputSequence GskLayerInputSequence;

/* What an event of a sequence is to the controllers it reaches */
typedef enum
{
  /* Not part of a sequence: every controller takes it */
  GSK_LAYER_SEQUENCE_NONE,
  /* A press or a touch begin: each controller it reaches joins */
  GSK_LAYER_SEQUENCE_BEGIN,
  /* Taken only by the controllers that joined and are still in it */
  GSK_LAYER_SEQUENCE_UPDATE,
  /* The same, and each that takes it leaves the sequence */
  GSK_LAYER_SEQUENCE_END,
  /* Not part of a sequence, and taken only by controllers that follow
   * no press (a lost explicit grab's grab-broken event: those following
   * a press get theirs from it) */
  GSK_LAYER_SEQUENCE_UNLESS_PRESSED,
} GskLayerSequenceStep;

/* A pointer's press (from the first button down to the last up), or a
 * touch sequence (@touch, with its number) */
GskLayerInputSequence *gsk_layer_input_sequence_new   (gboolean               touch,
                                                       guint                  sequence);
GskLayerInputSequence *gsk_layer_input_sequence_ref   (GskLayerInputSequence *self);
void                   gsk_layer_input_sequence_unref (GskLayerInputSequence *self);

/* Whether @controller, on @layer, takes an event of @step; a controller
 * taking a begin joins, one taking an end leaves */
gboolean gsk_layer_input_sequence_admit     (GskLayerInputSequence   *self,
                                             GskLayerSequenceStep     step,
                                             GskLayerEventController *controller,
                                             GskLayer                *layer);

/* Sends a grab-broken event to each controller of the sequence that no
 * longer follows it (destroyed ones aside): moved to another layer, or
 * on a layer that is not in @path (the layers from the top level down to
 * the sequence's target; NULL for none), and lets it go */
void     gsk_layer_input_sequence_break_off (GskLayerInputSequence   *self,
                                             GPtrArray               *path,
                                             guint32                  time,
                                             double                   x,
                                             double                   y);

/* The sequence is over: every controller still in it gets a grab-broken
 * event, and none joins any more */
void     gsk_layer_input_sequence_end       (GskLayerInputSequence   *self,
                                             guint32                  time,
                                             double                   x,
                                             double                   y);

/* @controller takes the sequence for itself: every other controller
 * still in it gets a grab-broken event and is let go */
void     gsk_layer_input_sequence_claim     (GskLayerInputSequence   *self,
                                             GskLayerEventController *controller,
                                             guint32                  time,
                                             double                   x,
                                             double                   y);

gboolean gsk_layer_input_sequence_is_ended  (GskLayerInputSequence   *self);
/* Ended, and every controller told */
gboolean gsk_layer_input_sequence_is_settled (GskLayerInputSequence  *self);

/* Whether @self is the pointer's press (@touch FALSE) or touch @sequence */
gboolean gsk_layer_input_sequence_matches   (GskLayerInputSequence   *self,
                                             gboolean                 touch,
                                             guint                    sequence);

/* Whether @controller follows a press, of any top level: its one event
 * that ends it comes from that press */
gboolean gsk_layer_input_sequence_follows_press (GskLayerEventController *controller);

G_END_DECLS
