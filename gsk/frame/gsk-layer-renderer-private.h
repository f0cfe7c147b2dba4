/* gsk-layer-renderer-private.h: what a backend implements
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gsk-layer-renderer.h"
#include "gsk-layer-render-list-private.h"

G_BEGIN_DECLS

/* Whether GSK draws into a target of @width × @height: positive, within
 * GSK_LAYER_MAX_SURFACE_SIZE a side and GSK_LAYER_MAX_SURFACE_PIXELS */
static inline gboolean
gsk_layer_surface_size_is_allowed (int width,
                                   int height)
{
  return width > 0 && height > 0 &&
         width <= GSK_LAYER_MAX_SURFACE_SIZE && height <= GSK_LAYER_MAX_SURFACE_SIZE &&
         (gint64) width * height <= GSK_LAYER_MAX_SURFACE_PIXELS;
}

/* GskLayerRendererClass.render_list draws @list into @target (an ARGB32
 * image surface of the list's size), touching only @damage (NULL: all
 * of it). GskLayerRendererClass.begin_frame, if set, is called at the
 * start of each frame, including those with nothing to draw, where
 * render_list is not called. */

/* For renderers whose targets are not cairo images (a GL framebuffer):
 * the steps of gsk_layer_renderer_render() */
cairo_region_t *gsk_layer_renderer_compile_frame      (GskLayerRenderer          *self,
                                                       GskLayer                  *root,
                                                       gconstpointer              target,
                                                       gboolean                   target_valid,
                                                       int                        width,
                                                       int                        height,
                                                       const GskLayerRenderList **out_list,
                                                       gboolean                  *out_full);
gboolean        gsk_layer_renderer_should_check_frame (GskLayerRenderer          *self,
                                                       gboolean                   full);
void            gsk_layer_renderer_check_frame        (GskLayerRenderer          *self,
                                                       const GskLayerRenderList  *list,
                                                       const cairo_region_t      *damage,
                                                       gboolean                   full,
                                                       cairo_surface_t           *target);
/* Whether render_list is drawing the full frame of a damage check, not
 * a frame of its own */
gboolean        gsk_layer_renderer_is_checking        (GskLayerRenderer          *self);

void     gsk_layer_renderer_set_vector_style (GskLayerRenderer *self,
                                              gboolean          vector_style);
gboolean gsk_layer_renderer_get_vector_style (GskLayerRenderer *self);

/* The target no longer holds the last frame (a backend failed to draw
 * it): the next frame is drawn in full */
void gsk_layer_renderer_forget_target (GskLayerRenderer *self);

G_END_DECLS
