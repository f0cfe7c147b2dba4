/* gsk-layer-view-accessible-private.h: a view's layers before assistive
 * technology
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "gsk-layer.h"

G_BEGIN_DECLS

typedef struct _GskLayerViewAccessible GskLayerViewAccessible;

/* @hosts: the view's GskLayerWidgets (its array, alive as long as this) */
GskLayerViewAccessible *gsk_layer_view_accessible_new      (GtkWidget              *view,
                                                            GPtrArray              *hosts);
/* Takes the proxies away and gives the hosted widgets back to the view */
void                    gsk_layer_view_accessible_free     (GskLayerViewAccessible *self);

/* Assistive technology listens: the view keeps its proxies */
gboolean                gsk_layer_view_accessible_is_active (GskLayerViewAccessible *self);

/* At the view's size_allocate: proxies made, named, ordered and placed
 * for @root's accessible layers, and the hosted widgets put among them in
 * tree order; without assistive technology, every hosted widget back in
 * the view and no proxy left */
void                    gsk_layer_view_accessible_sync     (GskLayerViewAccessible *self,
                                                            GskLayer               *root,
                                                            int                     width,
                                                            int                     height);

/* The tree changed: while assistive technology listens, the proxies are
 * synced in the frame's layout phase (the frame clock's "layout"), with
 * no allocation of the view unless a hosted widget changes parent */
void                    gsk_layer_view_accessible_queue_sync (GskLayerViewAccessible *self);
void                    gsk_layer_view_accessible_realize    (GskLayerViewAccessible *self);
void                    gsk_layer_view_accessible_unrealize  (GskLayerViewAccessible *self);

/* The keyboard focus follows the focus layer to its proxy, while the
 * view (or a proxy) has it */
void                    gsk_layer_view_accessible_follow_focus (GskLayerViewAccessible *self,
                                                                GskLayer               *focus);

/* The proxy of @layer, or NULL */
GtkWidget *             gsk_layer_view_accessible_get_proxy (GskLayerViewAccessible *self,
                                                             GskLayer               *layer);

G_END_DECLS
