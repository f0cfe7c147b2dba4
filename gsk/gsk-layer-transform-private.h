/* gsk-layer-transform-private.h: what the library sees of a transform
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

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

/* Like gsk_layer_transform_parse(), for callers with their own way of
 * naming places (a file's line and column): on failure the message has
 * no position prefix, and the problem lies at the 0-based character
 * offsets [*out_error_start, *out_error_end) of @string. */
gboolean gsk_layer_transform_parse_with_range   (const char         *string,
                                                 GskLayerTransform **out_transform,
                                                 glong              *out_error_start,
                                                 glong              *out_error_end,
                                                 GError            **error);

G_END_DECLS
