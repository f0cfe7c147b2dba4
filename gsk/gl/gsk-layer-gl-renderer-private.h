/* gsk-layer-gl-renderer-private.h: what tests and tools may ask the GL
 * renderer beyond the public API
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-renderer.h"
#include "gsk-layer-gl-backend-private.h"

G_BEGIN_DECLS

const GskLayerGLStats *gsk_layer_gl_renderer_get_stats       (GskLayerGLRenderer *self);
const char            *gsk_layer_gl_renderer_get_description (GskLayerGLRenderer *self);
/* Whether a GL description (GL_VERSION, GL_RENDERER) names a rasterizer
 * that runs on the CPU, where styles are drawn as cached rasters rather
 * than in shaders */
gboolean               gsk_layer_gl_renderer_is_software_rasterizer (const char *description);
/* For tests: whether small contents share atlas pages from now on */
void                   gsk_layer_gl_renderer_set_use_atlas   (GskLayerGLRenderer *self,
                                                              gboolean            use_atlas);

G_END_DECLS
