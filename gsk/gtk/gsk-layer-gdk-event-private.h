/* gsk-layer-gdk-event-private.h: GDK's events as the layers' events
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gdk/gdk.h>
#include "gsk-layer-event.h"

G_BEGIN_DECLS

/* The layer event for @event at (@x, @y) in the tree's coordinates, or
 * NULL for an event the layers have no use for (crossing and focus
 * come from GTK's controllers, not from GDK events) */
GskLayerEvent *gsk_layer_event_new_from_gdk (GdkEvent *event,
                                             double    x,
                                             double    y);

G_END_DECLS
