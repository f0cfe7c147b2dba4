/* gsk-layer-pan-gesture-private.h: where a pan may come to rest
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-pan-gesture.h"

G_BEGIN_DECLS

/* Where a motion that began at @start and would come to rest at @end
 * (within the range) rests instead; @step: a wheel step, which should
 * reach another resting place in its direction */
typedef double (* GskLayerPanSnapFunc) (double   start,
                                        double   end,
                                        gboolean step,
                                        gpointer data);

void gsk_layer_pan_gesture_set_snap_func (GskLayerPanGesture  *self,
                                          GskLayerPanSnapFunc  func,
                                          gpointer             data);

/* The drag under way goes on from the value as it is now (set by
 * someone else meanwhile), not from where it began */
void gsk_layer_pan_gesture_rebase (GskLayerPanGesture *self);

/* With an empty range, @self takes no drag nor wheel step */
void gsk_layer_pan_gesture_set_idle_when_fixed (GskLayerPanGesture *self,
                                                gboolean            idle);

G_END_DECLS
