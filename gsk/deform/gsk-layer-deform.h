/* gsk-layer-deform.h: a layer drawn as a mesh its class deforms
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gdk/gdk.h>

#include "gsk-layer.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_DEFORM (gsk_layer_deform_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerDeform, gsk_layer_deform, GSK, LAYER_DEFORM, GskLayer)

/**
 * GskLayerDeformClass:
 * @deform_vertex: moves @vertex, a corner of the mesh's tiles given
 *   where it lies on the flat layer (z 0), to where it is drawn, in the
 *   layer's coordinates; @width and @height are the layer's size. It
 *   may be called for every vertex whenever the mesh is remade, in the
 *   frame, and must not change the tree. The default moves nothing.
 *
 * The class of deformations, as `ClutterDeformEffectClass`.
 *
 * Since: 0.1
 */
struct _GskLayerDeformClass
{
  GskLayerClass parent_class;

  void (* deform_vertex) (GskLayerDeform     *self,
                          float               width,
                          float               height,
                          graphene_point3d_t *vertex);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_deform_set_n_tiles    (GskLayerDeform *self,
                                          guint           x_tiles,
                                          guint           y_tiles);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_deform_get_n_tiles    (GskLayerDeform *self,
                                          guint          *x_tiles,
                                          guint          *y_tiles);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_deform_set_back_color (GskLayerDeform *self,
                                          const GdkRGBA  *color);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_deform_get_back_color (GskLayerDeform *self,
                                          GdkRGBA        *color);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_deform_invalidate     (GskLayerDeform *self);

G_END_DECLS
