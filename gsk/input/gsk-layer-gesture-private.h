/* gsk-layer-gesture-private.h: what gestures share among themselves
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-gesture.h"

G_BEGIN_DECLS

/* The press's point and the last one in the space of the gesture's
 * layer's parent, which does not move as the layer is dragged; FALSE
 * (and zeros) when the layer had no parent at the press */
gboolean gsk_layer_gesture_get_parent_points (GskLayerGesture *self,
                                              double          *start_x,
                                              double          *start_y,
                                              double          *x,
                                              double          *y);

G_END_DECLS
