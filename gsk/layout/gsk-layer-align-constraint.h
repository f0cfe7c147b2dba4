/* gsk-layer-align-constraint.h: a layer aligned along its source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-constraint.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_ALIGN_CONSTRAINT (gsk_layer_align_constraint_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerAlignConstraint, gsk_layer_align_constraint, GSK, LAYER_ALIGN_CONSTRAINT,
                      GskLayerConstraint)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerConstraint *gsk_layer_align_constraint_new (GskLayer            *source,
                                                    GskLayerOrientation  axis,
                                                    float                factor);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerConstraint *gsk_layer_align_constraint_new_both (GskLayer *source,
                                                         float     factor);

G_END_DECLS
