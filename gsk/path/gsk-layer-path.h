/* gsk-layer-path.h: an immutable outline of lines and curves
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include <cairo.h>

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GSK_LAYER_PATH_MAX_SEGMENTS:
 *
 * The most segments (lines, curves, arcs and closes) a #GskLayerPath
 * holds: parsing longer path data fails with
 * %GSK_LAYER_ERROR_INVALID_VALUE, and a builder given more refuses them.
 * An outline that long is data, not a shape to draw every frame.
 *
 * Since: 0.1
 */
#define GSK_LAYER_PATH_MAX_SEGMENTS 262144

/**
 * GskLayerPathFillRule:
 * @GSK_LAYER_PATH_FILL_RULE_NONZERO: a point is inside where the outline
 *   winds around it a nonzero number of times (SVG's and CSS's `nonzero`)
 * @GSK_LAYER_PATH_FILL_RULE_EVENODD: a point is inside where a ray from it
 *   crosses the outline an odd number of times (`evenodd`)
 *
 * Which points a path encloses.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_PATH_FILL_RULE_NONZERO,
  GSK_LAYER_PATH_FILL_RULE_EVENODD,
} GskLayerPathFillRule;

typedef struct _GskLayerPath GskLayerPath;
typedef struct _GskLayerPathBuilder GskLayerPathBuilder;

#define GSK_TYPE_LAYER_PATH (gsk_layer_path_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
GType gsk_layer_path_get_type (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_path_parse (const char  *string,
                                    GError     **error);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_path_ref (GskLayerPath *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_unref (GskLayerPath *self);

GSK_LAYER_AVAILABLE_IN_ALL
char *gsk_layer_path_to_string (const GskLayerPath *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_path_is_empty (const GskLayerPath *self);
GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_path_get_n_segments (const GskLayerPath *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_path_get_bounds (const GskLayerPath *self,
                                    graphene_rect_t    *bounds);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_path_equal (const GskLayerPath *path1,
                               const GskLayerPath *path2);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_path_contains_point (const GskLayerPath     *self,
                                        const graphene_point_t *point,
                                        GskLayerPathFillRule    fill_rule);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_to_cairo (const GskLayerPath *self,
                              cairo_t            *cr);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_path_interpolate (const GskLayerPath *from,
                                          const GskLayerPath *to,
                                          double              t);

#define GSK_TYPE_LAYER_PATH_BUILDER (gsk_layer_path_builder_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
GType gsk_layer_path_builder_get_type (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPathBuilder *gsk_layer_path_builder_new (void);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPathBuilder *gsk_layer_path_builder_ref (GskLayerPathBuilder *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_unref (GskLayerPathBuilder *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_path_builder_to_path (GskLayerPathBuilder *self) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerPath *gsk_layer_path_builder_free_to_path (GskLayerPathBuilder *self) G_GNUC_WARN_UNUSED_RESULT;

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_move_to (GskLayerPathBuilder *self,
                                     float                x,
                                     float                y);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_line_to (GskLayerPathBuilder *self,
                                     float                x,
                                     float                y);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_quad_to (GskLayerPathBuilder *self,
                                     float                x1,
                                     float                y1,
                                     float                x2,
                                     float                y2);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_cubic_to (GskLayerPathBuilder *self,
                                      float                x1,
                                      float                y1,
                                      float                x2,
                                      float                y2,
                                      float                x3,
                                      float                y3);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_svg_arc_to (GskLayerPathBuilder *self,
                                        float                rx,
                                        float                ry,
                                        float                x_axis_rotation,
                                        gboolean             large_arc,
                                        gboolean             positive_sweep,
                                        float                x,
                                        float                y);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_close (GskLayerPathBuilder *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_add_rect (GskLayerPathBuilder   *self,
                                      const graphene_rect_t *rect);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_add_ellipse (GskLayerPathBuilder    *self,
                                         const graphene_point_t *center,
                                         float                   rx,
                                         float                   ry);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_path_builder_add_path (GskLayerPathBuilder *self,
                                      const GskLayerPath  *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerPath, gsk_layer_path_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerPathBuilder, gsk_layer_path_builder_unref)

G_END_DECLS
