/* gsk-layer-passes-private.h: the passes of a frame that run user code
 * (layout, then draw), before the compile
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer.h"

G_BEGIN_DECLS

/* Draws the content and style rasters of the layers under @root that
 * need it, for a target of @target_width × @target_height at
 * @device_scale (@vector_style: borders and backgrounds the backend
 * paints need no raster); @all: every layer, as for a full redraw */
void  gsk_layer_run_draw      (GskLayer *root,
                               gboolean  all,
                               int       target_width,
                               int       target_height,
                               float     device_scale,
                               gboolean  vector_style);

/* The scale @layer's content is rasterized at for @device_scale: more,
 * in steps, where its world matrix stretches it */
float gsk_layer_content_scale (GskLayer *layer,
                               float     device_scale);

G_END_DECLS
