/* gsk-layer-drop-target-private.h: what a drag tells the drop targets
 * it is over
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-drop-target.h"

G_BEGIN_DECLS

/* The drop target that takes @dragged where @event is, in the tree
 * of @dragged (the nearest from the layer under the point up whose
 * ::accept says yes), or NULL */
GskLayerDropTarget *gsk_layer_drop_target_find   (GskLayer           *dragged,
                                                  GskLayerEvent      *event);
/* @dragged is over @self where @event is: enter (the first time) and
 * motion */
void                gsk_layer_drop_target_over   (GskLayerDropTarget *self,
                                                  GskLayer           *dragged,
                                                  GskLayerEvent      *event);
void                gsk_layer_drop_target_leave  (GskLayerDropTarget *self);
/* Dropped there: ::drop, then ::leave; whether it took the layer */
gboolean            gsk_layer_drop_target_drop   (GskLayerDropTarget *self,
                                                  GskLayerEvent      *event);

G_END_DECLS
