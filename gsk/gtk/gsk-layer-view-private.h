/* gsk-layer-view-private.h: what tests read of a view
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-view.h"
#include "gsk-layer-renderer.h"

G_BEGIN_DECLS

/* Ticks of the view's frame clock so far, and whether one is coming */
guint    gsk_layer_view_get_n_ticks (GskLayerView *self);
gboolean gsk_layer_view_is_ticking  (GskLayerView *self);

/* The node the last frame handed GTK */
GskRenderNode *gsk_layer_view_peek_node (GskLayerView *self);
/* What the last rendered frame redrew: pixels on the texture paths, new
 * leaf nodes on the node path */
gint64 gsk_layer_view_get_last_drawn (GskLayerView *self);
/* Whether the last GL texture went to GTK to be sampled nearest (the
 * view on whole device pixels) rather than linearly */
gboolean gsk_layer_view_samples_nearest (GskLayerView *self);

/* The GL renderer the view draws with on GTK's GL renderer, or NULL */
GskLayerRenderer *gsk_layer_view_peek_gl_renderer (GskLayerView *self);

G_END_DECLS
