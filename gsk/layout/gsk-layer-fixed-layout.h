/* gsk-layer-fixed-layout.h: children where they were put
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-layout-manager.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_FIXED_LAYOUT (gsk_layer_fixed_layout_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerFixedLayout, gsk_layer_fixed_layout, GSK, LAYER_FIXED_LAYOUT, GskLayerLayoutManager)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLayoutManager *gsk_layer_fixed_layout_new (void);

G_END_DECLS
