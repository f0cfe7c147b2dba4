/* gsk-layer-timeline.h: time, made into progress
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"
#include "gsk-layer-easing.h"
#include "gsk-layer-frame-clock.h"

G_BEGIN_DECLS

/**
 * GskLayerTimelineDirection:
 * @GSK_LAYER_TIMELINE_FORWARD: progress goes from 0 to 1
 * @GSK_LAYER_TIMELINE_BACKWARD: progress goes from 1 to 0
 *
 * The direction of a timeline's first run.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TIMELINE_FORWARD,
  GSK_LAYER_TIMELINE_BACKWARD,
} GskLayerTimelineDirection;

#define GSK_TYPE_LAYER_TIMELINE (gsk_layer_timeline_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerTimeline, gsk_layer_timeline, GSK, LAYER_TIMELINE, GObject)

/**
 * GskLayerTimelineClass:
 * @new_frame: class handler of [signal@LayerTimeline::new-frame]
 * @stopped: class handler of [signal@LayerTimeline::stopped]
 *
 * The class of timelines.
 *
 * Since: 0.1
 */
struct _GskLayerTimelineClass
{
  GObjectClass parent_class;

  void (* new_frame) (GskLayerTimeline *self,
                      double            progress);
  void (* stopped)   (GskLayerTimeline *self,
                      gboolean          is_finished);

  /*< private >*/
  gpointer padding[7];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTimeline *gsk_layer_timeline_new (GskLayerFrameClock *clock,
                                          guint               duration_ms);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_frame_clock (GskLayerTimeline   *self,
                                         GskLayerFrameClock *clock);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerFrameClock *gsk_layer_timeline_get_frame_clock (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_duration (GskLayerTimeline *self,
                                      guint             duration_ms);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_timeline_get_duration (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_delay (GskLayerTimeline *self,
                                   guint             delay_ms);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_timeline_get_delay (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_repeat_count (GskLayerTimeline *self,
                                          int               count);
GSK_LAYER_AVAILABLE_IN_ALL
int gsk_layer_timeline_get_repeat_count (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_auto_reverse (GskLayerTimeline *self,
                                          gboolean          auto_reverse);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_timeline_get_auto_reverse (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_direction (GskLayerTimeline          *self,
                                       GskLayerTimelineDirection  direction);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTimelineDirection gsk_layer_timeline_get_direction (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_set_easing (GskLayerTimeline *self,
                                    GskLayerEasing   *easing);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_timeline_get_easing (GskLayerTimeline *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_start (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_pause (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_stop (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_timeline_seek (GskLayerTimeline *self,
                              guint             elapsed_ms);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_timeline_is_playing (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_timeline_get_progress (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_timeline_get_elapsed_time (GskLayerTimeline *self);
GSK_LAYER_AVAILABLE_IN_ALL
int gsk_layer_timeline_get_current_repeat (GskLayerTimeline *self);

G_END_DECLS
