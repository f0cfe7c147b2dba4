/* gsk-layer-view-focus-private.h: Tab through a view's layers and
 * hosted widgets
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "gsk-layer-view.h"

G_BEGIN_DECLS

/* Moves the focus of @view one stop in @direction (TAB_FORWARD or
 * TAB_BACKWARD) through the focusable layers of @root and the hosted
 * widgets of @hosts (its GskLayerWidgets), in tree order; TRUE if it
 * moved. When a layer takes it, @focus_changed runs (the focus layer
 * may be the same: its proxy for assistive technology takes the keys
 * again). */
gboolean gsk_layer_view_move_focus (GskLayerView     *view,
                                    GskLayer         *root,
                                    GPtrArray        *hosts,
                                    GtkDirectionType  direction,
                                    void            (*focus_changed) (GskLayer *root,
                                                                      gpointer  data));

G_END_DECLS
