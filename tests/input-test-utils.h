/* input-test-utils.h: what the input and gesture tests share: layers
 * to build trees of, and events to dispatch
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gsklayer.h>

static inline GskLayer *
new_layer (const char *name,
           float       x,
           float       y,
           float       w,
           float       h)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_name (l, name);
  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  return l;
}

static inline GskLayer *
new_root (void)
{
  return g_object_ref_sink (new_layer ("root", 0, 0, 400, 300));
}

static inline gboolean
dispatch (GskLayer          *root,
          GskLayerEventType  type,
          double             x,
          double             y)
{
  GskLayerEvent *event = gsk_layer_event_new (type, 1000, x, y);
  gboolean stopped;

  if (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (event, 1);
  stopped = gsk_layer_dispatch_event (root, event);

  gsk_layer_event_unref (event);
  return stopped;
}

static inline GskLayerEvent *
touch_event (GskLayerEventType type,
             guint             sequence,
             double            x,
             double            y)
{
  GskLayerEvent *event = gsk_layer_event_new (type, 1, x, y);

  gsk_layer_event_set_sequence (event, sequence);
  return event;
}

static inline void
dispatch_touch_event (GskLayer          *root,
                      GskLayerEventType  type,
                      guint              sequence,
                      double             x,
                      double             y)
{
  GskLayerEvent *event = touch_event (type, sequence, x, y);

  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
}
