/* gsk-layer-accessible-bus-private.h: whether assistive technology
 * listens on the session's accessibility bus
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef void (* GskLayerAccessibleBusFunc) (gpointer data);

/* Starts watching (once per process) unless GTK's accessibility is off
 * (GTK_A11Y=none or test); @func runs whenever the answer of
 * gsk_layer_accessible_bus_is_listening () changes */
void     gsk_layer_accessible_bus_watch        (GskLayerAccessibleBusFunc func,
                                                gpointer                  data);
void     gsk_layer_accessible_bus_unwatch      (GskLayerAccessibleBusFunc func,
                                                gpointer                  data);

/* Some client of the bus listens for events (as screen readers do): the
 * registry lists event listeners */
gboolean gsk_layer_accessible_bus_is_listening (void);

G_END_DECLS
