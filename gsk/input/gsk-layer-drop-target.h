/* gsk-layer-drop-target.h: where dragged layers can be dropped
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-event-controller.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_DROP_TARGET (gsk_layer_drop_target_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerDropTarget, gsk_layer_drop_target, GSK, LAYER_DROP_TARGET, GskLayerEventController)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEventController *gsk_layer_drop_target_new             (void);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer                *gsk_layer_drop_target_get_current_drag (GskLayerDropTarget *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                     gsk_layer_drop_target_set_gtypes       (GskLayerDropTarget *self,
                                                                 const GType        *types,
                                                                 gsize               n_types);
GSK_LAYER_AVAILABLE_IN_ALL
const GType             *gsk_layer_drop_target_get_gtypes       (GskLayerDropTarget *self,
                                                                 gsize              *n_types);

G_END_DECLS
