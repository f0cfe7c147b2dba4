/* gsk-layer-constraint.h: a layer's position or size tied to another's
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

#define GSK_TYPE_LAYER_CONSTRAINT (gsk_layer_constraint_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerConstraint, gsk_layer_constraint, GSK, LAYER_CONSTRAINT, GObject)

/**
 * GskLayerConstraintClass:
 * @update: changes @rect, the position and size the layer will have in
 *   its parent, from @source_rect, the source's in the same space (the
 *   parent's own: at 0, 0)
 *
 * The class structure of #GskLayerConstraint.
 *
 * Since: 0.1
 */
struct _GskLayerConstraintClass
{
  GObjectClass parent_class;

  void (* update) (GskLayerConstraint    *self,
                   GskLayer              *layer,
                   const graphene_rect_t *source_rect,
                   graphene_rect_t       *rect);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_constraint_set_source (GskLayerConstraint *self,
                                           GskLayer           *source);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_constraint_get_source (GskLayerConstraint *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_constraint_get_layer  (GskLayerConstraint *self);
GSK_LAYER_AVAILABLE_IN_ALL
void      gsk_layer_constraint_changed    (GskLayerConstraint *self);

GSK_LAYER_AVAILABLE_IN_ALL
void   gsk_layer_add_constraint    (GskLayer           *self,
                                    GskLayerConstraint *constraint);
GSK_LAYER_AVAILABLE_IN_ALL
void   gsk_layer_remove_constraint (GskLayer           *self,
                                    GskLayerConstraint *constraint);
GSK_LAYER_AVAILABLE_IN_ALL
GList *gsk_layer_get_constraints   (GskLayer           *self);

G_END_DECLS
