/* gsk-layer-node-builder-private.h: a render list as GTK render nodes,
 * for GTK renderers that composite nodes themselves (Broadway)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

typedef struct _GskLayerNodeBuilder GskLayerNodeBuilder;

GskLayerNodeBuilder *gsk_layer_node_builder_new  (void);
void                 gsk_layer_node_builder_free (GskLayerNodeBuilder *self);

/* The nodes that draw @list: each colour or texture op a node of its own
 * under a transform node with its 4×4 matrix, groups as opacity (and
 * blend) nodes, clips as clip or rounded-clip nodes. The node of an op
 * that did not change since the last build is the same object; a content
 * surface gives one GdkTexture for its whole life. */
GskRenderNode *gsk_layer_node_builder_build (GskLayerNodeBuilder      *self,
                                             const GskLayerRenderList *list);

/* Of the last build's leaf nodes, how many were reused and how many made */
void gsk_layer_node_builder_get_stats (GskLayerNodeBuilder *self,
                                       guint               *n_reused,
                                       guint               *n_made);

G_END_DECLS
