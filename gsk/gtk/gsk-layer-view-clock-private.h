/* gsk-layer-view-clock-private.h: a frame clock that ticks with a
 * widget's tick callback, only while asked to
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "gsk-layer-frame-clock.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_VIEW_CLOCK (gsk_layer_view_clock_get_type ())
G_DECLARE_FINAL_TYPE (GskLayerViewClock, gsk_layer_view_clock, GSK, LAYER_VIEW_CLOCK, GskLayerFrameClock)

/* A clock on @widget's frame clock; it holds no reference to @widget,
 * which must outlive it or call gsk_layer_view_clock_detach() first */
GskLayerFrameClock *gsk_layer_view_clock_new (GtkWidget *widget);

/* Stops ticking and forgets the widget: the time then comes from the
 * monotonic clock, and frames are not requested any more */
void gsk_layer_view_clock_detach (GskLayerViewClock *self);

/* Ticks run so far, and whether one is coming */
guint gsk_layer_view_clock_get_n_ticks (GskLayerViewClock *self);
gboolean gsk_layer_view_clock_is_ticking (GskLayerViewClock *self);

G_END_DECLS
