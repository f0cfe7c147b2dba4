/* gsk-layer-interpolate-private.h: values between two values
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib-object.h>
#include <gdk/gdk.h>

#include "gsk-layer-transform.h"

G_BEGIN_DECLS

/* Whether @value (of @pspec's type) is one the property takes: within
 * the pspec's range, and for GskLayer's boxed values (points, sizes,
 * colors, transforms), within the ranges of GskLayer's setters */
gboolean gsk_layer_value_is_valid (GParamSpec   *pspec,
                                   const GValue *value);

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

/* Moves @transform, made by gsk_layer_transform_lerp_at() from @lerp and
 * held by no one else, to where it is at @t, in place; returns FALSE if
 * it cannot (see gsk_layer_transform_overwrite()) */
gboolean gsk_layer_transform_lerp_overwrite (const GskLayerTransformLerp *lerp,
                                             double                       t,
                                             GskLayerTransform           *transform);

/* Whether @lerp interpolates one rotation, from @from to @to degrees
 * (about the same axis): its transforms are then one rotation, whose
 * angle gsk_layer_transform_overwrite_angle() sets */
gboolean gsk_layer_transform_lerp_get_rotation (const GskLayerTransformLerp *lerp,
                                                float                       *from,
                                                float                       *to);

/* The components of a float, graphene point, point3d or size, or
 * GdkRGBA value, in order, into @out (the rest 0); returns how many, 0
 * for other types */
guint gsk_layer_value_to_floats (const GValue *value,
                                 float         out[4]);

/* gsk_layer_value_interpolate() for values of @type given as components */
void gsk_layer_floats_interpolate (GType        type,
                                   const float *from,
                                   const float *to,
                                   double       t,
                                   float        out[4]);

G_END_DECLS
