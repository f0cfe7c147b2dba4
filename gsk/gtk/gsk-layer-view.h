/* gsk-layer-view.h: a GTK widget that shows a layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include "gsk-layer-types.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_VIEW (gsk_layer_view_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerView, gsk_layer_view, GSK, LAYER_VIEW, GtkWidget)

/**
 * GskLayerViewRenderPath:
 * @GSK_LAYER_VIEW_RENDER_NONE: nothing drawn yet
 * @GSK_LAYER_VIEW_RENDER_GL_TEXTURE: GSK's GL backend into a texture of
 *   a GL context shared with GTK's, handed to GTK without a copy
 * @GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE: GSK's software backend into a
 *   memory texture
 * @GSK_LAYER_VIEW_RENDER_NODES: GTK render nodes, one per colour or
 *   image of the render list under a transform node with its 4×4
 *   matrix, for the renderer to composite: under Broadway, the browser
 *
 * How a [class@LayerView] hands its frames to GTK. It follows GTK's
 * renderer: the GL texture under GTK's GL renderer (GTK 4.8 draws 3D
 * transforms of anything but a single texture or colour through an
 * offscreen, without antialiased edges), render nodes under Broadway
 * (whose browser composites CSS 3D transforms exactly, and which has no
 * GL), the memory texture under any other (GTK 4.8's cairo renderer
 * draws 3D transform nodes as pink rectangles) or when GL fails.
 *
 * The environment variable `GSK_LAYER_VIEW_PATH` (`gl`, `memory` or
 * `nodes`) overrides the choice, for debugging.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_VIEW_RENDER_NONE,
  GSK_LAYER_VIEW_RENDER_GL_TEXTURE,
  GSK_LAYER_VIEW_RENDER_MEMORY_TEXTURE,
  GSK_LAYER_VIEW_RENDER_NODES,
} GskLayerViewRenderPath;

GSK_LAYER_AVAILABLE_IN_ALL
GtkWidget *gsk_layer_view_new               (GskLayer     *root);
GSK_LAYER_AVAILABLE_IN_ALL
void       gsk_layer_view_set_root          (GskLayerView *self,
                                             GskLayer     *root);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer  *gsk_layer_view_get_root          (GskLayerView *self);
GSK_LAYER_AVAILABLE_IN_ALL
void       gsk_layer_view_set_resize_root   (GskLayerView *self,
                                             gboolean      resize_root);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean   gsk_layer_view_get_resize_root   (GskLayerView *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerViewRenderPath gsk_layer_view_get_render_path (GskLayerView *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint      gsk_layer_view_get_frames_rendered (GskLayerView *self);

G_END_DECLS
