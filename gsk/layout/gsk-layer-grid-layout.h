/* gsk-layer-grid-layout.h: children in the cells of a grid
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-layout-manager.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_GRID_LAYOUT (gsk_layer_grid_layout_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerGridLayout, gsk_layer_grid_layout, GSK, LAYER_GRID_LAYOUT, GskLayerLayoutManager)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLayoutManager *gsk_layer_grid_layout_new    (void);
GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_grid_layout_attach (GskLayerGridLayout *self,
                                                     GskLayer           *child,
                                                     guint               column,
                                                     guint               row,
                                                     guint               column_span,
                                                     guint               row_span);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean               gsk_layer_grid_layout_get_cell (GskLayerGridLayout *self,
                                                       GskLayer           *child,
                                                       guint              *column,
                                                       guint              *row,
                                                       guint              *column_span,
                                                       guint              *row_span);

G_END_DECLS
