/* gsk-layer-frame-clock.h: what times animations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gdk/gdk.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_FRAME_CLOCK (gsk_layer_frame_clock_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerFrameClock, gsk_layer_frame_clock, GSK, LAYER_FRAME_CLOCK, GObject)

/**
 * GskLayerFrameClockClass:
 * @get_frame_time: returns the time of the current frame, in
 *   microseconds, monotonic
 * @request_frame: asks for a frame soon; the clock emits
 *   [signal@LayerFrameClock::tick] when it begins
 *
 * The class of frame clocks. GSK reads time only through a frame clock.
 *
 * Since: 0.1
 */
struct _GskLayerFrameClockClass
{
  GObjectClass parent_class;

  gint64 (* get_frame_time) (GskLayerFrameClock *self);
  void   (* request_frame)  (GskLayerFrameClock *self);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
gint64 gsk_layer_frame_clock_get_frame_time (GskLayerFrameClock *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_frame_clock_request_frame (GskLayerFrameClock *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_frame_clock_tick (GskLayerFrameClock *self);

#define GSK_TYPE_LAYER_MANUAL_CLOCK (gsk_layer_manual_clock_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerManualClock, gsk_layer_manual_clock, GSK, LAYER_MANUAL_CLOCK, GskLayerFrameClock)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerFrameClock *gsk_layer_manual_clock_new (void);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_manual_clock_set_time (GskLayerManualClock *self,
                                      gint64               time_us);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_manual_clock_advance (GskLayerManualClock *self,
                                     gint64               delta_us);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_manual_clock_get_frame_requested (GskLayerManualClock *self);

#define GSK_TYPE_LAYER_GDK_CLOCK (gsk_layer_gdk_clock_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerGdkClock, gsk_layer_gdk_clock, GSK, LAYER_GDK_CLOCK, GskLayerFrameClock)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerFrameClock *gsk_layer_gdk_clock_new (GdkFrameClock *frame_clock);

G_END_DECLS
