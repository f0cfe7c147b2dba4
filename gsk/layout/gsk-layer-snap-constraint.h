/* gsk-layer-snap-constraint.h: an edge of a layer on an edge of its source
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-constraint.h"

G_BEGIN_DECLS

/**
 * GskLayerSnapEdge:
 * @GSK_LAYER_SNAP_EDGE_TOP: the top edge
 * @GSK_LAYER_SNAP_EDGE_RIGHT: the right edge
 * @GSK_LAYER_SNAP_EDGE_BOTTOM: the bottom edge
 * @GSK_LAYER_SNAP_EDGE_LEFT: the left edge
 *
 * An edge of a layer, for [class@LayerSnapConstraint].
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_SNAP_EDGE_TOP,
  GSK_LAYER_SNAP_EDGE_RIGHT,
  GSK_LAYER_SNAP_EDGE_BOTTOM,
  GSK_LAYER_SNAP_EDGE_LEFT,
} GskLayerSnapEdge;

#define GSK_TYPE_LAYER_SNAP_CONSTRAINT (gsk_layer_snap_constraint_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerSnapConstraint, gsk_layer_snap_constraint, GSK, LAYER_SNAP_CONSTRAINT,
                      GskLayerConstraint)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerConstraint *gsk_layer_snap_constraint_new (GskLayer         *source,
                                                   GskLayerSnapEdge  from_edge,
                                                   GskLayerSnapEdge  to_edge,
                                                   float             offset);

G_END_DECLS
