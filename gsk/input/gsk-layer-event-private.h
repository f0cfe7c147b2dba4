/* gsk-layer-event-private.h: what dispatch writes into an event
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-event.h"

G_BEGIN_DECLS

struct _GskLayerEvent
{
  gatomicrefcount ref_count;
  GskLayerEventType type;
  guint32 time;
  double x, y;
  GskLayerDeviceKind device_kind;
  GdkModifierType modifiers;
  guint button;
  guint keyval, keycode;
  GskLayerScrollDirection scroll_direction;
  double dx, dy;
  gboolean scroll_stop;
  guint sequence;
  GskLayer *target;             /* owned; set by dispatch */
  GskLayer *related;            /* owned; crossing: where the pointer came from or goes */
};

/* Whether the event's type carries a position on the surface */
gboolean gsk_layer_event_is_pointer (const GskLayerEvent *self);

void gsk_layer_event_set_target (GskLayerEvent *self,
                                 GskLayer      *target);

G_END_DECLS
