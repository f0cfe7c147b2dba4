/* gsk-layer-accessible.h: what a layer is to assistive technology
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gtk/gtk.h>

#include "gsk-layer.h"

G_BEGIN_DECLS

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_class_set_accessible_role      (GskLayerClass          *layer_class,
                                                            GtkAccessibleRole       role);
GSK_LAYER_AVAILABLE_IN_ALL
GtkAccessibleRole gsk_layer_class_get_accessible_role      (GskLayerClass          *layer_class);

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_set_accessible_role            (GskLayer               *self,
                                                            GtkAccessibleRole       role);
GSK_LAYER_AVAILABLE_IN_ALL
GtkAccessibleRole gsk_layer_get_accessible_role            (GskLayer               *self);

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_set_accessible_label           (GskLayer               *self,
                                                            const char             *label);
GSK_LAYER_AVAILABLE_IN_ALL
const char *      gsk_layer_get_accessible_label           (GskLayer               *self);

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_property     (GskLayer               *self,
                                                            GtkAccessibleProperty   first_property,
                                                            ...);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_property_value (GskLayer                    *self,
                                                              int                          n_properties,
                                                              const GtkAccessibleProperty  properties[],
                                                              const GValue                 values[]);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_reset_accessible_property      (GskLayer               *self,
                                                            GtkAccessibleProperty   property);

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_state        (GskLayer               *self,
                                                            GtkAccessibleState      first_state,
                                                            ...);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_state_value  (GskLayer                 *self,
                                                            int                       n_states,
                                                            const GtkAccessibleState  states[],
                                                            const GValue              values[]);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_reset_accessible_state         (GskLayer               *self,
                                                            GtkAccessibleState      state);

GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_relation     (GskLayer               *self,
                                                            GtkAccessibleRelation   first_relation,
                                                            ...);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_update_accessible_relation_value (GskLayer                    *self,
                                                              int                          n_relations,
                                                              const GtkAccessibleRelation  relations[],
                                                              const GValue                 values[]);
GSK_LAYER_AVAILABLE_IN_ALL
void              gsk_layer_reset_accessible_relation      (GskLayer               *self,
                                                            GtkAccessibleRelation   relation);

G_END_DECLS
