/* gsk-layer-bind-constraint.h: a layer's position or size copied from its source
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
 * GskLayerBindCoordinate:
 * @GSK_LAYER_BIND_X: the x of the position
 * @GSK_LAYER_BIND_Y: the y of the position
 * @GSK_LAYER_BIND_WIDTH: the width
 * @GSK_LAYER_BIND_HEIGHT: the height
 * @GSK_LAYER_BIND_POSITION: x and y
 * @GSK_LAYER_BIND_SIZE: width and height
 * @GSK_LAYER_BIND_ALL: position and size
 *
 * What a [class@LayerBindConstraint] copies from its source.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_BIND_X,
  GSK_LAYER_BIND_Y,
  GSK_LAYER_BIND_WIDTH,
  GSK_LAYER_BIND_HEIGHT,
  GSK_LAYER_BIND_POSITION,
  GSK_LAYER_BIND_SIZE,
  GSK_LAYER_BIND_ALL,
} GskLayerBindCoordinate;

#define GSK_TYPE_LAYER_BIND_CONSTRAINT (gsk_layer_bind_constraint_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerBindConstraint, gsk_layer_bind_constraint, GSK, LAYER_BIND_CONSTRAINT,
                      GskLayerConstraint)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerConstraint *gsk_layer_bind_constraint_new (GskLayer               *source,
                                                   GskLayerBindCoordinate  coordinate,
                                                   float                   offset);

G_END_DECLS
