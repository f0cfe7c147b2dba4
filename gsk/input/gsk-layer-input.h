/* gsk-layer-input.h: delivering events to the layers of a tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"
#include "gsk-layer-event.h"

G_BEGIN_DECLS

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_dispatch_event (GskLayer      *root,
                                   GskLayerEvent *event);

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_update_hover   (GskLayer      *root);

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_is_hovered     (GskLayer      *self);

G_END_DECLS
