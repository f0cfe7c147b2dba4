/* gsk-layer-widget.h: a layer that hosts a GTK widget
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include "gsk-layer.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_WIDGET (gsk_layer_widget_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerWidget, gsk_layer_widget, GSK, LAYER_WIDGET, GskLayer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer  *gsk_layer_widget_new        (GtkWidget      *widget);
GSK_LAYER_AVAILABLE_IN_ALL
GtkWidget *gsk_layer_widget_get_widget (GskLayerWidget *self);

G_END_DECLS
