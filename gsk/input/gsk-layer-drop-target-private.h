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

/* Data dragged from elsewhere onto a view (gsk/gtk/): whether the drag
 * offers @type */
typedef gboolean (* GskLayerDropOffersFunc) (GType    type,
                                             gpointer data);

GskLayerDropTarget *gsk_layer_drop_target_find_for_data (GskLayer               *root,
                                                         double                  x,
                                                         double                  y,
                                                         GskLayerDropOffersFunc  offers,
                                                         gpointer                data,
                                                         GType                  *chosen);
void                gsk_layer_drop_target_data_over     (GskLayerDropTarget     *self,
                                                         GskLayer               *root,
                                                         double                  x,
                                                         double                  y);
void                gsk_layer_drop_target_data_leave    (GskLayerDropTarget     *self);
gboolean            gsk_layer_drop_target_drop_value    (GskLayerDropTarget     *self,
                                                         GskLayer               *root,
                                                         double                  x,
                                                         double                  y,
                                                         const GValue           *value);

G_END_DECLS
