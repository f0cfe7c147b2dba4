/* gsk-layer-paintable-content.h: a GdkPaintable, or an icon, as layer content
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gtk/gtk.h>
#include "gsk-layer-content.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_PAINTABLE_CONTENT (gsk_layer_paintable_content_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerPaintableContent, gsk_layer_paintable_content, GSK, LAYER_PAINTABLE_CONTENT, GObject)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_paintable_content_new               (GdkPaintable              *paintable);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_paintable_content_new_for_icon_name (const char                *icon_name,
                                                                int                        size,
                                                                GError                   **error);
GSK_LAYER_AVAILABLE_IN_ALL
GdkPaintable    *gsk_layer_paintable_content_get_paintable     (GskLayerPaintableContent  *self);

G_END_DECLS
