/* gsk-layer-interpolate-private.h: values between two values
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>

#include "gsk-layer-transform.h"

G_BEGIN_DECLS

/* Whether values of @type can be interpolated */
gboolean gsk_layer_value_type_is_animatable (GType type);

/* Sets @out (initialized to the type of @from and @to) to the value at
 * @t between them; @t may leave [0, 1] for easings that overshoot.
 * Floats and graphene points and sizes go linearly, colors in
 * premultiplied space, transforms as CSS interpolates them. */
void gsk_layer_value_interpolate (const GValue *from,
                                  const GValue *to,
                                  double        t,
                                  GValue       *out);

/* Makes two endpoints ready for many interpolations: a transform "none"
 * becomes the identity list matching the other end, once rather than
 * at every frame */
void gsk_layer_value_prepare_endpoints (GValue *from,
                                        GValue *to);

/* Two transforms made ready to interpolate between many times: matching
 * lists op by op, others through their matrices */
typedef struct _GskLayerTransformLerp GskLayerTransformLerp;

GskLayerTransformLerp *gsk_layer_transform_lerp_new  (GskLayerTransform           *from,
                                                      GskLayerTransform           *to);
GskLayerTransform     *gsk_layer_transform_lerp_at   (const GskLayerTransformLerp *lerp,
                                                      double                       t);
void                   gsk_layer_transform_lerp_free (GskLayerTransformLerp       *lerp);

G_END_DECLS
