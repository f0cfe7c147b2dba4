/* gsk-layer-software-renderer.c: the pixman renderer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-renderer-private.h"
#include "gsk-layer-software-backend-private.h"

/**
 * GskLayerSoftwareRenderer:
 *
 * A renderer that composites with pixman on the CPU, with exact
 * perspective, bilinear filtering and antialiased edges.
 *
 * Since: 0.1
 */

struct _GskLayerSoftwareRenderer
{
  GskLayerRenderer parent_instance;
};

G_DEFINE_FINAL_TYPE (GskLayerSoftwareRenderer, gsk_layer_software_renderer, GSK_TYPE_LAYER_RENDERER)

static void
gsk_layer_software_renderer_render_list (GskLayerRenderer         *renderer,
                                         const GskLayerRenderList *list,
                                         const cairo_region_t     *damage,
                                         cairo_surface_t          *target)
{
  gsk_layer_software_render (list, damage, target);
}

static void
gsk_layer_software_renderer_class_init (GskLayerSoftwareRendererClass *klass)
{
  GSK_LAYER_RENDERER_CLASS (klass)->render_list = gsk_layer_software_renderer_render_list;
}

static void
gsk_layer_software_renderer_init (GskLayerSoftwareRenderer *self)
{
}

/**
 * gsk_layer_software_renderer_new:
 *
 * Creates a renderer that composites with pixman.
 *
 * Returns: (transfer full): the new renderer
 *
 * Since: 0.1
 */
GskLayerRenderer *
gsk_layer_software_renderer_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_SOFTWARE_RENDERER, NULL);
}
