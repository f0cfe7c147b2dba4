/* gsk-layer-transform.h: an immutable list of transform operations
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined (__GSK_LAYER_H_INSIDE__) && !defined (GSK_LAYER_COMPILATION)
#error "Only <gsklayer.h> can be included directly."
#endif

#include "gsk-layer-types.h"

G_BEGIN_DECLS

/**
 * GskLayerTransformOp:
 * @GSK_LAYER_TRANSFORM_OP_TRANSLATE: `translate3d(x, y, z)`
 * @GSK_LAYER_TRANSFORM_OP_SCALE: `scale3d(x, y, z)`
 * @GSK_LAYER_TRANSFORM_OP_ROTATE: `rotate3d(x, y, z, angle)`; `rotate()`
 *   and `rotateZ()` are a rotation about (0, 0, 1)
 * @GSK_LAYER_TRANSFORM_OP_SKEW: `skew(ax, ay)`
 * @GSK_LAYER_TRANSFORM_OP_PERSPECTIVE: `perspective(d)`
 * @GSK_LAYER_TRANSFORM_OP_MATRIX: `matrix3d(…)` or `matrix(…)`
 *
 * The kinds of operation in a #GskLayerTransform.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TRANSFORM_OP_TRANSLATE,
  GSK_LAYER_TRANSFORM_OP_SCALE,
  GSK_LAYER_TRANSFORM_OP_ROTATE,
  GSK_LAYER_TRANSFORM_OP_SKEW,
  GSK_LAYER_TRANSFORM_OP_PERSPECTIVE,
  GSK_LAYER_TRANSFORM_OP_MATRIX,
} GskLayerTransformOp;

/**
 * GskLayerTransformCategory:
 * @GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY: no effect at all
 * @GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE: a translation in x and y only
 * @GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE: a 2D affine map (z untouched,
 *   no perspective)
 * @GSK_LAYER_TRANSFORM_CATEGORY_3D: anything else
 *
 * The simplest class of map a whole transform belongs to, from the most
 * specific to the most general, so that callers can take fast paths
 * without inspecting matrices.
 *
 * Since: 0.1
 */
typedef enum {
  GSK_LAYER_TRANSFORM_CATEGORY_IDENTITY,
  GSK_LAYER_TRANSFORM_CATEGORY_2D_TRANSLATE,
  GSK_LAYER_TRANSFORM_CATEGORY_2D_AFFINE,
  GSK_LAYER_TRANSFORM_CATEGORY_3D,
} GskLayerTransformCategory;

#define GSK_TYPE_LAYER_TRANSFORM (gsk_layer_transform_get_type ())

GSK_LAYER_AVAILABLE_IN_ALL
GType gsk_layer_transform_get_type (void) G_GNUC_CONST;

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_ref (GskLayerTransform *self);
GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_transform_unref (GskLayerTransform *self);

GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_translate (GskLayerTransform *next,
                                                  float              x,
                                                  float              y) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_translate_3d (GskLayerTransform *next,
                                                     float              x,
                                                     float              y,
                                                     float              z) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_scale (GskLayerTransform *next,
                                              float              sx,
                                              float              sy) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_scale_3d (GskLayerTransform *next,
                                                 float              sx,
                                                 float              sy,
                                                 float              sz) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_rotate (GskLayerTransform *next,
                                               float              degrees) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_rotate_3d (GskLayerTransform     *next,
                                                  float                  degrees,
                                                  const graphene_vec3_t *axis) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_skew (GskLayerTransform *next,
                                             float              x_degrees,
                                             float              y_degrees) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_perspective (GskLayerTransform *next,
                                                    float              depth) G_GNUC_WARN_UNUSED_RESULT;
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransform *gsk_layer_transform_matrix (GskLayerTransform       *next,
                                               const graphene_matrix_t *matrix) G_GNUC_WARN_UNUSED_RESULT;

GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_transform_parse (const char         *string,
                                    GskLayerTransform **out_transform,
                                    GError            **error);
GSK_LAYER_AVAILABLE_IN_ALL
char *gsk_layer_transform_to_string (GskLayerTransform *self);

GSK_LAYER_AVAILABLE_IN_ALL
void gsk_layer_transform_to_matrix (GskLayerTransform *self,
                                    graphene_matrix_t *out_matrix);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransformCategory gsk_layer_transform_get_category (GskLayerTransform *self);
GSK_LAYER_AVAILABLE_IN_ALL
gboolean gsk_layer_transform_equal (GskLayerTransform *first,
                                    GskLayerTransform *second);

GSK_LAYER_AVAILABLE_IN_ALL
guint gsk_layer_transform_get_n_ops (GskLayerTransform *self);
GSK_LAYER_AVAILABLE_IN_ALL
GskLayerTransformOp gsk_layer_transform_get_op (GskLayerTransform *self,
                                                guint              index_,
                                                float              values[16]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GskLayerTransform, gsk_layer_transform_unref)

G_END_DECLS
