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

G_END_DECLS
