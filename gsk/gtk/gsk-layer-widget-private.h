/* gsk-layer-widget-private.h: what a view does with the layers that
 * host widgets
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-widget.h"

G_BEGIN_DECLS

/* Every GskLayerWidget alive, in creation order (not owned) */
const GList *gsk_layer_widget_get_all (void);
guint        gsk_layer_widget_get_n_alive (void);

/* The widget's last picture, drawn as the layer's content with the
 * widget's origin at @origin of the layer; a new node invalidates the
 * content */
void gsk_layer_widget_set_node (GskLayerWidget         *self,
                                GskRenderNode          *node,
                                const graphene_point_t *origin);

/* Sets the layer's size to @size unless the application set one */
void gsk_layer_widget_follow_size (GskLayerWidget        *self,
                                   const graphene_size_t *size);

G_END_DECLS
