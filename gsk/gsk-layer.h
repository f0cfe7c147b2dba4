/* gsk-layer.h: a node of the layer tree
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <gdk/gdk.h>

#include "gsk-layer-types.h"
#include "gsk-layer-content.h"
#include "gsk-layer-easing.h"
#include "gsk-layer-frame-clock.h"
#include "gsk-layer-transition.h"

G_BEGIN_DECLS

#define GSK_TYPE_LAYER (gsk_layer_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
G_DECLARE_DERIVABLE_TYPE (GskLayer, gsk_layer, GSK, LAYER, GInitiallyUnowned)

/**
 * GskLayerClass:
 * @draw: draws the layer's own content into @cr, with its origin at
 *   the corner of the content box (the bounds, unless a style gives the
 *   layer a border or padding: see gsk_layer_get_content_box()), clipped
 *   to the part of that box that is needed.
 *   Called only after the content was invalidated (see
 *   gsk_layer_invalidate_content()); GSK caches the result.
 * @queue_redraw: passes a redraw request started by @origin up the tree;
 *   @area is in @origin's coordinates, or %NULL for all of it. Return
 *   %TRUE to stop the request here. The default handler passes it to the
 *   parent; at the top level it records damage and asks for a frame.
 * @queue_relayout: passes a relayout request started by @origin up the
 *   tree. Return %TRUE to stop it here. The default handler marks the
 *   layer for layout_children() and passes the request to the parent.
 * @layout_children: called once per frame, before drawing, on layers
 *   whose relayout was queued; lays out the children. The default
 *   handler lets the layout manager, if any, place them.
 * @measure: the size the layer asks for along @orientation, given
 *   @for_size along the other axis (-1 for none), when no preferred
 *   size was set by hand and no layout manager answers: see
 *   gsk_layer_measure(). The default handler answers the content's
 *   preferred size and the style's border and padding, or 0.
 *
 * The class structure of #GskLayer. Subclasses override @draw to draw
 * content with cairo, and @layout_children to place their children.
 *
 * Since: 0.1
 */
struct _GskLayerClass
{
  GInitiallyUnownedClass parent_class;

  void     (* draw)            (GskLayer                    *self,
                                cairo_t                     *cr);
  gboolean (* queue_redraw)    (GskLayer                    *self,
                                GskLayer                    *origin,
                                const cairo_rectangle_int_t *area);
  gboolean (* queue_relayout)  (GskLayer                    *self,
                                GskLayer                    *origin);
  void     (* layout_children) (GskLayer                    *self);
  void     (* measure)         (GskLayer                    *self,
                                GskLayerOrientation          orientation,
                                float                        for_size,
                                float                       *minimum,
                                float                       *natural);

  /*< private >*/
  gpointer padding[11];
};

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_new (void);

/* Tree */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_add_child (GskLayer *self,
                          GskLayer *child);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_insert_child_at_index (GskLayer *self,
                                      GskLayer *child,
                                      int       index_);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_insert_child_above (GskLayer *self,
                                   GskLayer *child,
                                   GskLayer *sibling);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_insert_child_below (GskLayer *self,
                                   GskLayer *child,
                                   GskLayer *sibling);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_remove_child (GskLayer *self,
                             GskLayer *child);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_replace_child (GskLayer *self,
                              GskLayer *old_child,
                              GskLayer *new_child);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_remove_all_children (GskLayer *self);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_parent (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_root (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_first_child (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_last_child (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_next_sibling (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_previous_sibling (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_get_n_children (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_child_at_index (GskLayer *self,
                                        guint     index_);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_contains (GskLayer *self,
                             GskLayer *descendant);

/* Geometry */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_position (GskLayer               *self,
                             const graphene_point_t *position);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_position (GskLayer         *self,
                             graphene_point_t *position);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_size (GskLayer              *self,
                         const graphene_size_t *size);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_size (GskLayer        *self,
                         graphene_size_t *size);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_pivot_point (GskLayer                 *self,
                                const graphene_point3d_t *pivot);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_pivot_point (GskLayer           *self,
                                graphene_point3d_t *pivot);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_transform (GskLayer          *self,
                              GskLayerTransform *transform);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_get_transform (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_child_transform (GskLayer          *self,
                                    GskLayerTransform *transform);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_get_child_transform (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void     gsk_layer_set_child_transform_origin (GskLayer               *self,
                                               const graphene_point_t *origin);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_child_transform_origin (GskLayer               *self,
                                               graphene_point_t       *origin);
GSK_LAYER_AVAILABLE_IN_ALL
void                   gsk_layer_set_transform_style (GskLayer               *self,
                                                      GskLayerTransformStyle  style);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransformStyle gsk_layer_get_transform_style (GskLayer               *self);
GSK_LAYER_AVAILABLE_IN_ALL
void                       gsk_layer_set_backface_visibility (GskLayer                   *self,
                                                              GskLayerBackfaceVisibility  visibility);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerBackfaceVisibility gsk_layer_get_backface_visibility (GskLayer                   *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_translate (GskLayer                 *self,
                              const graphene_point3d_t *translate);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_translate (GskLayer           *self,
                              graphene_point3d_t *translate);
GSK_LAYER_AVAILABLE_IN_ALL
void  gsk_layer_set_rotate (GskLayer *self,
                            float     degrees);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_get_rotate (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_rotate_axis (GskLayer                 *self,
                                const graphene_point3d_t *axis);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_rotate_axis (GskLayer           *self,
                                graphene_point3d_t *axis);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_scale (GskLayer                 *self,
                          const graphene_point3d_t *scale);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_scale (GskLayer           *self,
                          graphene_point3d_t *scale);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_z_position (GskLayer *self,
                               float     z_position);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_get_z_position (GskLayer *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_bounds (GskLayer        *self,
                           graphene_rect_t *bounds);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_transformed_bounds (GskLayer        *self,
                                           GskLayer        *ancestor,
                                           graphene_rect_t *bounds);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_compute_transform (GskLayer          *self,
                                      GskLayer          *target,
                                      graphene_matrix_t *out_transform);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_map_point (GskLayer               *self,
                              GskLayer               *target,
                              const graphene_point_t *point,
                              graphene_point_t       *out_point);

/* Appearance */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_visible (GskLayer *self,
                            gboolean  visible);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_visible (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_opacity (GskLayer *self,
                            float     opacity);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_get_opacity (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_corner_radius (GskLayer *self,
                                  float     radius);
GSK_LAYER_AVAILABLE_IN_ALL
float gsk_layer_get_corner_radius (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_clip_to_bounds (GskLayer *self,
                                   gboolean  clip_to_bounds);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_clip_to_bounds (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_mask (GskLayer *self,
                         GskLayer *mask);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_get_mask (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_background_color (GskLayer      *self,
                                     const GdkRGBA *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_get_background_color (GskLayer *self,
                                     GdkRGBA  *color);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_blend_mode (GskLayer          *self,
                               GskLayerBlendMode  blend_mode);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerBlendMode gsk_layer_get_blend_mode (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_reactive (GskLayer *self,
                             gboolean  reactive);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_reactive (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_name (GskLayer   *self,
                         const char *name);
GSK_LAYER_AVAILABLE_IN_ALL
const char *gsk_layer_get_name (GskLayer *self);

/* Content */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_content (GskLayer        *self,
                            GskLayerContent *content);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerContent *gsk_layer_get_content (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_invalidate_content (GskLayer *self);

/* Requests */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_queue_redraw (GskLayer                    *self,
                             const cairo_rectangle_int_t *area);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_queue_relayout (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_queue_resize (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_frame_pending (GskLayer *self);

/* Animation */
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_frame_clock (GskLayer           *self,
                                GskLayerFrameClock *clock);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerFrameClock *gsk_layer_get_frame_clock (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_add_transition (GskLayer           *self,
                               const char         *name,
                               GskLayerTransition *transition);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransition *gsk_layer_get_transition (GskLayer   *self,
                                              const char *name);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_remove_transition (GskLayer   *self,
                                  const char *name);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_remove_all_transitions (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_save_easing_state (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_restore_easing_state (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_easing_duration (GskLayer *self,
                                    guint     msecs);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_get_easing_duration (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_easing_delay (GskLayer *self,
                                 guint     msecs);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_get_easing_delay (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_easing (GskLayer       *self,
                           GskLayerEasing *easing);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerEasing *gsk_layer_get_easing (GskLayer *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_set_easing_mode (GskLayer           *self,
                                GskLayerEasingMode  mode);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_get_presentation_value (GskLayer   *self,
                                           const char *property_name,
                                           GValue     *value);

/* Picking */
GSK_LAYER_AVAILABLE_IN_ALL
GskLayer *gsk_layer_pick (GskLayer *self,
                          float     x,
                          float     y);

G_END_DECLS
