/* gsk-layer-view-drop-private.h: data dragged onto a view, for its
 * layers' drop targets
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "gsk-layer-view.h"

G_BEGIN_DECLS

/* A GtkDropTargetAsync on @view that hands what GTK drags over it to the
 * drop targets of the layers under the point */
void gsk_layer_view_add_drop_target (GskLayerView *view);

G_END_DECLS
