/* gsk-layer-flow-layout.h: children in lines that wrap
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-layout-manager.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_FLOW_LAYOUT (gsk_layer_flow_layout_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerFlowLayout, gsk_layer_flow_layout, GSK, LAYER_FLOW_LAYOUT, GskLayerLayoutManager)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLayoutManager *gsk_layer_flow_layout_new (GskLayerOrientation orientation);

G_END_DECLS
