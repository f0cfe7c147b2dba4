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
  GskLayerSoftwareFilterCache *filter_cache;
};

G_DEFINE_FINAL_TYPE (GskLayerSoftwareRenderer, gsk_layer_software_renderer, GSK_TYPE_LAYER_RENDERER)

static void
gsk_layer_software_renderer_render_list (GskLayerRenderer         *renderer,
                                         const GskLayerRenderList *list,
                                         const cairo_region_t     *damage,
                                         cairo_surface_t          *target)
{
  GskLayerSoftwareRenderer *self = GSK_LAYER_SOFTWARE_RENDERER (renderer);

  /* A damage check's full frame filters every group afresh, in bands:
   * kept pixels must equal those */
  gsk_layer_software_render_cached (list, damage, target,
                                    gsk_layer_renderer_is_checking (renderer) ? NULL : self->filter_cache);
}

static void
gsk_layer_software_renderer_finalize (GObject *object)
{
  GskLayerSoftwareRenderer *self = GSK_LAYER_SOFTWARE_RENDERER (object);

  gsk_layer_software_filter_cache_free (self->filter_cache);
  G_OBJECT_CLASS (gsk_layer_software_renderer_parent_class)->finalize (object);
}

static void
gsk_layer_software_renderer_class_init (GskLayerSoftwareRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gsk_layer_software_renderer_finalize;
  GSK_LAYER_RENDERER_CLASS (klass)->render_list = gsk_layer_software_renderer_render_list;
}

static void
gsk_layer_software_renderer_init (GskLayerSoftwareRenderer *self)
{
  self->filter_cache = gsk_layer_software_filter_cache_new ();
}

/* What the filter cache did in the last frame (tests) */
void
gsk_layer_software_renderer_get_filter_stats (GskLayerSoftwareRenderer *self,
                                              guint                    *kept,
                                              guint                    *filtered)
{
  gsk_layer_software_filter_cache_get_stats (self->filter_cache, kept, filtered);
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
