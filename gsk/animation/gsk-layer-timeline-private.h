/* gsk-layer-timeline-private.h: timelines without a clock
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-timeline.h"

G_BEGIN_DECLS

/* The eased progress @self would have @elapsed_ms after it started
 * (delay included), from its settings alone; for transitions run by a
 * group. Sets @out_finished when that is past its end, and returns
 * FALSE while still in the delay. */
gboolean gsk_layer_timeline_progress_at (GskLayerTimeline *self,
                                         double            elapsed_ms,
                                         double           *out_progress,
                                         gboolean         *out_finished);

/* Whether the timeline ever got past its delay (and was not rewound by
 * a new start since): a finished one has */
gboolean gsk_layer_timeline_has_started (GskLayerTimeline *self);

/* Makes a timeline just started on its clock as far along as one
 * started at @start_time (clock µs); @started says whether it got past
 * its delay already, so that "started" is not emitted again */
void gsk_layer_timeline_resume_from (GskLayerTimeline *self,
                                     gint64            start_time,
                                     gboolean          started);

G_END_DECLS
