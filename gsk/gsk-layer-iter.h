/* gsk-layer-iter.h: iterating over children and traversing subtrees
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GskLayerIter:
 *
 * A stack-allocated iterator over the children of a layer:
 *
 * ```c
 * GskLayerIter iter;
 * GskLayer *child;
 *
 * gsk_layer_iter_init (&iter, parent);
 * while (gsk_layer_iter_next (&iter, &child))
 *   if (!gsk_layer_get_visible (child))
 *     gsk_layer_iter_remove (&iter);
 * ```
 *
 * Changing the children other than through the iterator while it is in
 * use makes the next call warn and end the iteration.
 *
 * Since: 0.1
 */
typedef struct _GskLayerIter GskLayerIter;

struct _GskLayerIter
{
  /*< private >*/
  gpointer dummy1;
  gpointer dummy2;
  gpointer dummy3;
  gint64   dummy4;
};

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_iter_init     (GskLayerIter  *iter,
                                  GskLayer      *parent);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_iter_next     (GskLayerIter  *iter,
                                  GskLayer     **child);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_iter_prev     (GskLayerIter  *iter,
                                  GskLayer     **child);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_iter_remove   (GskLayerIter  *iter);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_iter_is_valid (GskLayerIter  *iter);

/**
 * GskLayerTraverseFunc:
 * @layer: the layer being visited
 * @depth: its depth below the layer the traversal started at (0)
 * @user_data: the data passed to gsk_layer_traverse()
 *
 * Called by gsk_layer_traverse() for each layer it visits. The function
 * may change the tree; layers removed from the subtree before their
 * turn are not visited.
 *
 * Returns: what to do next
 *
 * Since: 0.1
 */
typedef GskLayerTraverseResult (* GskLayerTraverseFunc) (GskLayer *layer,
                                                         int       depth,
                                                         gpointer  user_data);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_traverse (GskLayer              *root,
                         GskLayerTraverseOrder  order,
                         GskLayerTraverseFunc   func,
                         gpointer               user_data);

G_END_DECLS
