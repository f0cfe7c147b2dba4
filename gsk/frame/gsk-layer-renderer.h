/* gsk-layer-renderer.h: turning a layer tree into pixels
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

#define GSK_TYPE_LAYER_RENDERER (gsk_layer_renderer_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerRenderer, gsk_layer_renderer, GSK, LAYER_RENDERER, GObject)

/**
 * GskLayerRenderList:
 *
 * The flat list of drawing operations a frame is compiled into, which
 * a renderer's backend draws. It is private to GSK: it appears only in
 * the private virtual functions of [class@LayerRenderer].
 *
 * Since: 0.1
 */
typedef struct _GskLayerRenderList GskLayerRenderList;

/**
 * GskLayerRendererClass:
 *
 * The class of renderers. Backends are part of GSK: the class has no
 * public virtual functions.
 *
 * Since: 0.1
 */
struct _GskLayerRendererClass
{
  GObjectClass parent_class;

  /*< private >*/
  void (* render_list) (GskLayerRenderer         *self,
                        const GskLayerRenderList *list,
                        const cairo_region_t     *damage,
                        cairo_surface_t          *target);
  void (* begin_frame) (GskLayerRenderer         *self);

  gpointer padding[7];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRenderer *gsk_layer_renderer_new_default     (void);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRenderer *gsk_layer_renderer_new_for_backend (const char  *backend,
                                                      GError     **error);

GSK_LAYER_AVAILABLE_IN_ALL
cairo_region_t *gsk_layer_renderer_render (GskLayerRenderer *self,
                                           GskLayer         *root,
                                           cairo_surface_t  *target);
GSK_LAYER_AVAILABLE_IN_ALL
cairo_surface_t *gsk_layer_renderer_render_to_surface (GskLayerRenderer *self,
                                                       GskLayer         *root,
                                                       int               width,
                                                       int               height);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_renderer_set_clear_color (GskLayerRenderer *self,
                                         const GdkRGBA    *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_renderer_get_clear_color (GskLayerRenderer *self,
                                         GdkRGBA          *color);
/**
 * GSK_LAYER_MIN_SCALE:
 *
 * The smallest device scale a renderer draws at.
 *
 * Since: 0.1
 */
#define GSK_LAYER_MIN_SCALE 0.25

/**
 * GSK_LAYER_MAX_SCALE:
 *
 * The largest device scale a renderer draws at.
 *
 * Since: 0.1
 */
#define GSK_LAYER_MAX_SCALE 8.0

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_renderer_set_scale (GskLayerRenderer *self,
                                   double            scale);
GSK_LAYER_AVAILABLE_IN_ALL
double gsk_layer_renderer_get_scale (GskLayerRenderer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_renderer_set_check_damage (GskLayerRenderer *self,
                                          gboolean          check_damage);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_renderer_get_check_damage (GskLayerRenderer *self);
GSK_LAYER_AVAILABLE_IN_ALL
const GError *gsk_layer_renderer_get_damage_error (GskLayerRenderer *self);

#define GSK_TYPE_LAYER_SOFTWARE_RENDERER (gsk_layer_software_renderer_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerSoftwareRenderer, gsk_layer_software_renderer, GSK, LAYER_SOFTWARE_RENDERER, GskLayerRenderer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRenderer *gsk_layer_software_renderer_new (void);

#define GSK_TYPE_LAYER_GL_RENDERER (gsk_layer_gl_renderer_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerGLRenderer, gsk_layer_gl_renderer, GSK, LAYER_GL_RENDERER, GskLayerRenderer)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRenderer *gsk_layer_gl_renderer_new (GError **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRenderer *gsk_layer_gl_renderer_new_for_current_context (GError **error);
GSK_LAYER_AVAILABLE_IN_ALL
cairo_region_t *gsk_layer_gl_renderer_render_to_framebuffer (GskLayerGLRenderer *self,
                                                             GskLayer           *root,
                                                             guint               framebuffer,
                                                             int                 width,
                                                             int                 height,
                                                             int                 buffer_age);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_gl_renderer_get_frame_stats (GskLayerGLRenderer *self,
                                            guint              *draw_calls,
                                            guint              *texture_uploads,
                                            guint              *offscreen_passes);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_gl_renderer_get_gl_description (GskLayerGLRenderer *self);
GSK_LAYER_AVAILABLE_IN_ALL
gsize gsk_layer_gl_renderer_get_texture_memory (GskLayerGLRenderer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_gl_renderer_set_texture_budget (GskLayerGLRenderer *self,
                                               gsize               bytes);
GSK_LAYER_AVAILABLE_IN_ALL
gsize gsk_layer_gl_renderer_get_texture_budget (GskLayerGLRenderer *self);

G_END_DECLS
