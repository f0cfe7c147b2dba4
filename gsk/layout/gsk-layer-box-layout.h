/* gsk-layer-box-layout.h: children in a row or a column
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-layout-manager.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_BOX_LAYOUT (gsk_layer_box_layout_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerBoxLayout, gsk_layer_box_layout, GSK, LAYER_BOX_LAYOUT, GskLayerLayoutManager)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLayoutManager *gsk_layer_box_layout_new             (GskLayerOrientation  orientation);

GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_box_layout_set_orientation (GskLayerBoxLayout   *self,
                                                             GskLayerOrientation  orientation);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerOrientation    gsk_layer_box_layout_get_orientation (GskLayerBoxLayout   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_box_layout_set_spacing     (GskLayerBoxLayout   *self,
                                                             float                spacing);
GSK_LAYER_AVAILABLE_IN_ALL
float                  gsk_layer_box_layout_get_spacing     (GskLayerBoxLayout   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_box_layout_set_homogeneous (GskLayerBoxLayout   *self,
                                                             gboolean             homogeneous);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean               gsk_layer_box_layout_get_homogeneous (GskLayerBoxLayout   *self);

G_END_DECLS
