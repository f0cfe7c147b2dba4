/* gsk-layer-window.h: a top-level window that is a layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include "gsk-layer-view.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_WINDOW (gsk_layer_window_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerWindow, gsk_layer_window, GSK, LAYER_WINDOW, GtkWindow)

GSK_LAYER_AVAILABLE_IN_ALL
GtkWidget    *gsk_layer_window_new      (GskLayer       *root);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer     *gsk_layer_window_get_root (GskLayerWindow *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerView *gsk_layer_window_get_view (GskLayerWindow *self);

G_END_DECLS
