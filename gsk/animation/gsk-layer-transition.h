/* gsk-layer-transition.h: timelines that change a layer
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"
#include "gsk-layer-timeline.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_TRANSITION (gsk_layer_transition_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerTransition, gsk_layer_transition, GSK, LAYER_TRANSITION, GskLayerTimeline)

/**
 * GskLayerTransitionClass:
 * @attached: called when the transition is added to a layer
 * @detached: called when it is removed from the layer
 * @compute: applies the transition to @layer at @progress
 *
 * The class of transitions.
 *
 * Since: 0.1
 */
struct _GskLayerTransitionClass
{
  GskLayerTimelineClass parent_class;

  void (* attached) (GskLayerTransition *self,
                     GskLayer           *layer);
  void (* detached) (GskLayerTransition *self,
                     GskLayer           *layer);
  void (* compute)  (GskLayerTransition *self,
                     GskLayer           *layer,
                     double              progress);

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_transition_get_layer (GskLayerTransition *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_transition_set_remove_on_complete (GskLayerTransition *self,
                                                  gboolean            remove_on_complete);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_transition_get_remove_on_complete (GskLayerTransition *self);

#define GSK_TYPE_LAYER_PROPERTY_TRANSITION (gsk_layer_property_transition_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayerPropertyTransition, gsk_layer_property_transition, GSK, LAYER_PROPERTY_TRANSITION, GskLayerTransition)

/**
 * GskLayerPropertyTransitionClass:
 *
 * The class of property transitions.
 *
 * Since: 0.1
 */
struct _GskLayerPropertyTransitionClass
{
  GskLayerTransitionClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_property_transition_new (const char  *property_name,
                                                       GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_property_transition_new_for_type (GType        layer_type,
                                                                const char  *property_name,
                                                                GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_property_transition_get_property_name (GskLayerPropertyTransition *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_property_transition_set_from_value (GskLayerPropertyTransition *self,
                                                   const GValue               *value);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_property_transition_set_to_value (GskLayerPropertyTransition *self,
                                                 const GValue               *value);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_property_transition_get_from_value (GskLayerPropertyTransition *self,
                                                       GValue                     *value);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_property_transition_get_to_value (GskLayerPropertyTransition *self,
                                                     GValue                     *value);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_property_transition_set_from (GskLayerPropertyTransition *self,
                                             GType                       value_type,
                                             ...);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_property_transition_set_to (GskLayerPropertyTransition *self,
                                           GType                       value_type,
                                           ...);

G_END_DECLS

G_BEGIN_DECLS

#define GSK_TYPE_LAYER_KEYFRAME_TRANSITION (gsk_layer_keyframe_transition_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerKeyframeTransition, gsk_layer_keyframe_transition, GSK, LAYER_KEYFRAME_TRANSITION, GskLayerPropertyTransition)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_keyframe_transition_new (const char  *property_name,
                                                       GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_keyframe_transition_new_for_type (GType        layer_type,
                                                                const char  *property_name,
                                                                GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_keyframe_transition_add_key (GskLayerKeyframeTransition  *self,
                                                double                       fraction,
                                                const GValue                *value,
                                                GskLayerEasing              *easing,
                                                GError                     **error);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_keyframe_transition_get_n_keys (GskLayerKeyframeTransition *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_keyframe_transition_clear (GskLayerKeyframeTransition *self);

#define GSK_TYPE_LAYER_TRANSITION_GROUP (gsk_layer_transition_group_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_FINAL_TYPE (GskLayerTransitionGroup, gsk_layer_transition_group, GSK, LAYER_TRANSITION_GROUP, GskLayerTransition)

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_transition_group_new (void);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_transition_group_add_transition (GskLayerTransitionGroup *self,
                                                GskLayerTransition      *transition);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_transition_group_remove_transition (GskLayerTransitionGroup *self,
                                                   GskLayerTransition      *transition);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_transition_group_get_n_transitions (GskLayerTransitionGroup *self);

G_END_DECLS
