/* gsk-layer-transform-private.h: what the library sees of a transform
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <string.h>

#include "gsk-layer-transform.h"

G_BEGIN_DECLS

/* Appends the CSS text of @self to @string ("none" for the identity) */
void     gsk_layer_transform_print              (GskLayerTransform  *self,
                                                 GString            *string);

/* The offset in x and y of a transform whose category is at most
 * 2D_TRANSLATE; returns FALSE and sets both to 0 for anything else */
gboolean gsk_layer_transform_to_translate       (GskLayerTransform  *self,
                                                 float              *out_dx,
                                                 float              *out_dy);

/* The 2D affine map of a transform whose category is at most 2D_AFFINE,
 * in graphene's row-vector terms: x' = x·xx + y·xy + dx and
 * y' = x·yx + y·yy + dy, with @out = { xx, yx, xy, yy, dx, dy }, the
 * order of graphene_matrix_init_from_2d(). Returns FALSE for 3D. */
gboolean gsk_layer_transform_to_affine          (GskLayerTransform  *self,
                                                 float               out[6]);

/* Whether the matrix of @self (the product of its operations) is finite:
 * each operation can be within GSK_LAYER_MAX_COORDINATE while their
 * product overflows */
gboolean gsk_layer_transform_is_finite (GskLayerTransform *self);

/* Whether skew() takes @degrees: finite, its tangent within
 * GSK_LAYER_MAX_COORDINATE */
gboolean gsk_layer_transform_skew_is_valid (float degrees);

/* @out = @a then @b, for maps in the layout of
 * gsk_layer_transform_to_affine(); @out may be @a or @b */
static inline void
gsk_layer_affine_multiply (const float a[6],
                           const float b[6],
                           float       out[6])
{
  float r[6];

  r[0] = a[0] * b[0] + a[1] * b[2];
  r[1] = a[0] * b[1] + a[1] * b[3];
  r[2] = a[2] * b[0] + a[3] * b[2];
  r[3] = a[2] * b[1] + a[3] * b[3];
  r[4] = a[4] * b[0] + a[5] * b[2] + b[4];
  r[5] = a[4] * b[1] + a[5] * b[3] + b[5];
  memcpy (out, r, sizeof r);
}

/* Appends a rotation about the axis (@x, @y, @z), for callers that
 * checked the arguments: finite, the axis not zero */
GskLayerTransform *gsk_layer_transform_rotate_internal (GskLayerTransform *next,
                                                        float              degrees,
                                                        float              x,
                                                        float              y,
                                                        float              z);

/* Like gsk_layer_transform_parse(), for callers with their own way of
 * naming places (a file's line and column): on failure the message has
 * no position prefix, and the problem lies at the 0-based character
 * offsets [*out_error_start, *out_error_end) of @string. */
gboolean gsk_layer_transform_parse_with_range   (const char         *string,
                                                 GskLayerTransform **out_transform,
                                                 glong              *out_error_start,
                                                 glong              *out_error_end,
                                                 GError            **error);

/* Rewrites the values of the @n_ops operations of @self in place, with
 * @values[i] for operation i in list order (laid out as
 * gsk_layer_transform_get_op() gives them; a rotation keeps its axis).
 * Only for a transform that no one else holds: it returns FALSE and
 * changes nothing if any operation has another reference, differs in
 * kind, is a matrix, or would change the category. Animations use it
 * to move a transform they made without allocating at every frame. */
gboolean gsk_layer_transform_overwrite          (GskLayerTransform         *self,
                                                 guint                      n_ops,
                                                 const GskLayerTransformOp *ops,
                                                 const float              (*values)[4]);

/* The same for a transform that is one rotation: sets its angle */
gboolean gsk_layer_transform_overwrite_angle    (GskLayerTransform         *self,
                                                 float                      degrees);

G_END_DECLS
