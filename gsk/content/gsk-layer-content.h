/* gsk-layer-content.h: content delegates for layers
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

#define GSK_TYPE_LAYER_CONTENT (gsk_layer_content_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_INTERFACE (GskLayerContent, gsk_layer_content, GSK, LAYER_CONTENT, GObject)

/**
 * GskLayerContentInterface:
 * @get_preferred_size: returns the natural size of the content, if it
 *   has one (an image does, a color does not)
 * @draw: draws the content scaled to @width × @height pixels into @cr.
 *   GSK calls it once per size and invalidation, and shares the result
 *   between every layer that shows the content at that size.
 *
 * The interface of layer content delegates. One content object can be
 * shown by many layers; call gsk_layer_content_invalidate() when what
 * it draws changes.
 *
 * Since: 0.1
 */
struct _GskLayerContentInterface
{
  GTypeInterface g_iface;

  gboolean (* get_preferred_size) (GskLayerContent *self,
                                   float           *width,
                                   float           *height);
  void     (* draw)               (GskLayerContent *self,
                                   cairo_t         *cr,
                                   int              width,
                                   int              height);
};

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_content_get_preferred_size (GskLayerContent *self,
                                               float           *width,
                                               float           *height);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_content_invalidate (GskLayerContent *self);

#define GSK_TYPE_LAYER_IMAGE_CONTENT (gsk_layer_image_content_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerImageContent, gsk_layer_image_content, GSK, LAYER_IMAGE_CONTENT, GObject)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_image_content_new (cairo_surface_t *surface);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_image_content_new_for_pixbuf (GdkPixbuf *pixbuf);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_image_content_new_for_texture (GdkTexture *texture);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_image_content_new_from_file (const char  *path,
                                                        GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
cairo_surface_t *gsk_layer_image_content_get_surface (GskLayerImageContent *self);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_image_content_get_path (GskLayerImageContent *self);

#define GSK_TYPE_LAYER_COLOR_CONTENT (gsk_layer_color_content_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerColorContent, gsk_layer_color_content, GSK, LAYER_COLOR_CONTENT, GObject)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_color_content_new (const GdkRGBA *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_color_content_set_color (GskLayerColorContent *self,
                                        const GdkRGBA        *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_color_content_get_color (GskLayerColorContent *self,
                                        GdkRGBA              *color);

G_END_DECLS
