/* gsk-layer-layout-manager.h: delegates that size and place children
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

#define GSK_TYPE_LAYER_LAYOUT_MANAGER (gsk_layer_layout_manager_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerLayoutManager, gsk_layer_layout_manager, GSK, LAYER_LAYOUT_MANAGER, GObject)

/**
 * GskLayerLayoutManagerClass:
 * @measure: the size @container asks for along @orientation, given
 *   @for_size along the other axis (-1 for none): its border box, from
 *   its children's sizes ([method@Layer.measure]) and their margins
 * @allocate: places and sizes the children of @container, whose size is
 *   @width × @height, with [method@Layer.allocate]
 *
 * The class structure of #GskLayerLayoutManager. Subclasses implement
 * both.
 *
 * Since: 0.1
 */
struct _GskLayerLayoutManagerClass
{
  GObjectClass parent_class;

  void (* measure)  (GskLayerLayoutManager *self,
                     GskLayer              *container,
                     GskLayerOrientation         orientation,
                     float                  for_size,
                     float                 *minimum,
                     float                 *natural);
  void (* allocate) (GskLayerLayoutManager *self,
                     GskLayer              *container,
                     float                  width,
                     float                  height);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_layout_manager_get_layer      (GskLayerLayoutManager *self);
GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_layout_manager_layout_changed (GskLayerLayoutManager *self);

GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_set_layout_manager (GskLayer              *self,
                                                     GskLayerLayoutManager *manager);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerLayoutManager *gsk_layer_get_layout_manager (GskLayer              *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_measure            (GskLayer        *self,
                                   GskLayerOrientation   orientation,
                                   float            for_size,
                                   float           *minimum,
                                   float           *natural);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_preferred_size (GskLayer        *self,
                                   graphene_size_t *minimum,
                                   graphene_size_t *natural);
GSK_LAYER_AVAILABLE_IN_ALL
void                gsk_layer_set_request_mode (GskLayer            *self,
                                                GskLayerRequestMode  mode);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerRequestMode gsk_layer_get_request_mode (GskLayer            *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_preferred_size (GskLayer              *self,
                                   const graphene_size_t *size);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_allocate           (GskLayer        *self,
                                   float            x,
                                   float            y,
                                   float            width,
                                   float            height);

GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_margin  (GskLayer   *self,
                                float       top,
                                float       right,
                                float       bottom,
                                float       left);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_get_margin  (GskLayer   *self,
                                float      *top,
                                float      *right,
                                float      *bottom,
                                float      *left);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_x_align (GskLayer   *self,
                                GskLayerAlign    align);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerAlign gsk_layer_get_x_align (GskLayer   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_y_align (GskLayer   *self,
                                GskLayerAlign    align);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerAlign gsk_layer_get_y_align (GskLayer   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_x_expand (GskLayer  *self,
                                 gboolean   expand);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_x_expand (GskLayer  *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_y_expand (GskLayer  *self,
                                 gboolean   expand);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_y_expand (GskLayer  *self);

G_END_DECLS
