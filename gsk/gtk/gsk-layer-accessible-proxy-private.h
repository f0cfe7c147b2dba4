/* gsk-layer-accessible-proxy-private.h: the widget that stands for an
 * accessible layer before assistive technology
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "gsk-layer.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_ACCESSIBLE_PROXY (gsk_layer_accessible_proxy_get_type ())
G_DECLARE_FINAL_TYPE (GskLayerAccessibleProxy, gsk_layer_accessible_proxy, GSK, LAYER_ACCESSIBLE_PROXY, GtkWidget)

GtkWidget *gsk_layer_accessible_proxy_new       (GskLayer          *layer,
                                                 GtkAccessibleRole  role);
/* The layer, or NULL once it is gone */
GskLayer  *gsk_layer_accessible_proxy_get_layer (GskLayerAccessibleProxy *self);
void       gsk_layer_accessible_proxy_forget    (GskLayerAccessibleProxy *self);
gboolean   gsk_layer_accessible_proxy_update_actions (GskLayerAccessibleProxy *self,
                                                      gboolean                 had);

/* What the view last gave it, so that it sets only what changed */
guint      gsk_layer_accessible_proxy_get_age   (GskLayerAccessibleProxy *self);
void       gsk_layer_accessible_proxy_set_age   (GskLayerAccessibleProxy *self,
                                                 guint                    age);
/* Its box in the view's coordinates */
void       gsk_layer_accessible_proxy_get_box   (GskLayerAccessibleProxy *self,
                                                 cairo_rectangle_int_t   *box);
void       gsk_layer_accessible_proxy_set_box   (GskLayerAccessibleProxy     *self,
                                                 const cairo_rectangle_int_t *box);

G_END_DECLS
