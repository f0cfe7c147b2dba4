/* gsk-layer-style.h: a layer's look, written as CSS declarations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <glib-object.h>
#include <graphene.h>

#include "gsk-layer-types.h"
#include "gsk-layer-version-macros.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_STYLE (gsk_layer_style_get_type ())

/**
 * GskLayerStyle:
 *
 * An immutable set of CSS declarations for a layer, such as
 * `border-radius: 12px 4px; background-color: #3584e4`.
 *
 * Since: 0.1
 */
typedef struct _GskLayerStyle GskLayerStyle;

GSK_LAYER_AVAILABLE_IN_ALL
GType          gsk_layer_style_get_type        (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerStyle *gsk_layer_style_new_from_string (const char     *declarations,
                                                GError        **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerStyle *gsk_layer_style_ref             (GskLayerStyle  *self);
GSK_LAYER_AVAILABLE_IN_ALL
void           gsk_layer_style_unref           (GskLayerStyle  *self);
GSK_LAYER_AVAILABLE_IN_ALL
char          *gsk_layer_style_to_string       (GskLayerStyle  *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean       gsk_layer_style_equal           (GskLayerStyle  *a,
                                                GskLayerStyle  *b);

GSK_LAYER_AVAILABLE_IN_ALL
void           gsk_layer_set_style             (GskLayer       *self,
                                                GskLayerStyle  *style);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerStyle *gsk_layer_get_style             (GskLayer       *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean       gsk_layer_set_style_from_string (GskLayer       *self,
                                                const char     *declarations,
                                                GError        **error);
GSK_LAYER_AVAILABLE_IN_ALL
char          *gsk_layer_get_style_string      (GskLayer       *self);
GSK_LAYER_AVAILABLE_IN_ALL
void           gsk_layer_get_content_box       (GskLayer        *self,
                                                graphene_rect_t *box);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerStyle, gsk_layer_style_unref)

G_END_DECLS
