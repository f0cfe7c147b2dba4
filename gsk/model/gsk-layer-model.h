/* gsk-layer-model.h: children that follow a list model
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gio/gio.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GskLayerCreateChildFunc:
 * @item: (type GObject): an item of the model
 * @user_data: the data given to [method@Layer.bind_model]
 *
 * Makes the layer that shows @item, as Clutter's
 * `ClutterActorCreateChildFunc` and GTK's `GtkFlowBoxCreateWidgetFunc`.
 *
 * Returns: (transfer full): a new layer without a parent (a floating
 *   one is sunk)
 *
 * Since: 0.1
 */
typedef GskLayer * (* GskLayerCreateChildFunc) (gpointer item,
                                                gpointer user_data);

GSK_LAYER_AVAILABLE_IN_ALL
void        gsk_layer_bind_model      (GskLayer                *self,
                                       GListModel              *model,
                                       GskLayerCreateChildFunc  create_child_func,
                                       gpointer                 user_data,
                                       GDestroyNotify           notify);
GSK_LAYER_AVAILABLE_IN_ALL
GListModel *gsk_layer_get_model       (GskLayer                *self);

G_END_DECLS
