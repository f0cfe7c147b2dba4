/* gsk-layer-clone.h: a layer that shows another layer's tree again
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_CLONE (gsk_layer_clone_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerClone, gsk_layer_clone, GSK, LAYER_CLONE, GskLayer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_clone_new        (GskLayer      *source);

GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_clone_set_source (GskLayerClone *self,
                                      GskLayer      *source);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_clone_get_source (GskLayerClone *self);

G_END_DECLS
