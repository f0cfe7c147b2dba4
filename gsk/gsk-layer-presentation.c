/* gsk-layer-presentation.c: the values on screen while a layer
 * animates, which transitions write through the setters without touching
 * the model
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "gsk-layer-private.h"
#include "gsk-layer-impl-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-transform-private.h"
#include "gsk-layer-enum-types.h"

/* {{{ Presentation values, written by animations */

/* What an animation may write: within the setters' ranges, NaN as 0,
 * which the finite ends of a finite easing never give */
static inline float
clamp_coordinate (float v)
{
  return isnan (v) ? 0.f : CLAMP (v, -GSK_LAYER_MAX_COORDINATE, GSK_LAYER_MAX_COORDINATE);
}

static inline float
clamp_length (float v)
{
  return isnan (v) ? 0.f : CLAMP (v, 0.f, GSK_LAYER_MAX_COORDINATE);
}

static inline float
clamp_unit (float v)
{
  return isnan (v) ? 0.f : CLAMP (v, 0.f, 1.f);
}

/* The properties other than opacity: through their setters */
static G_GNUC_NO_INLINE gboolean
present_floats_by_setter (GskLayer    *self,
                          GParamSpec  *pspec,
                          const float *v)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  gboolean was_updating = priv->updating_presentation;
  gboolean handled = TRUE;

  /* Easings that overshoot may leave a property's range: clamp, rather
   * than have the setter refuse the value mid-animation */
  priv->updating_presentation = TRUE;
  if (pspec == gsk_layer_properties[PROP_POSITION])
    gsk_layer_set_position (self, &GRAPHENE_POINT_INIT (clamp_coordinate (v[0]), clamp_coordinate (v[1])));
  else if (pspec == gsk_layer_properties[PROP_Z_POSITION])
    gsk_layer_set_z_position (self, clamp_coordinate (v[0]));
  else if (pspec == gsk_layer_properties[PROP_SIZE])
    gsk_layer_set_size (self, &GRAPHENE_SIZE_INIT (clamp_length (v[0]), clamp_length (v[1])));
  else if (pspec == gsk_layer_properties[PROP_PIVOT_POINT])
    gsk_layer_set_pivot_point (self, &GRAPHENE_POINT3D_INIT (clamp_coordinate (v[0]),
                                                             clamp_coordinate (v[1]),
                                                             clamp_coordinate (v[2])));
  else if (pspec == gsk_layer_properties[PROP_BACKGROUND_COLOR])
    gsk_layer_set_background_color (self, &(GdkRGBA) { clamp_unit (v[0]), clamp_unit (v[1]),
                                                       clamp_unit (v[2]), clamp_unit (v[3]) });
  else if (pspec == gsk_layer_properties[PROP_CORNER_RADIUS])
    gsk_layer_set_corner_radius (self, clamp_length (v[0]));
  else if (pspec == gsk_layer_properties[PROP_TRANSLATE])
    gsk_layer_set_translate (self, &GRAPHENE_POINT3D_INIT (clamp_coordinate (v[0]), clamp_coordinate (v[1]),
                                                           clamp_coordinate (v[2])));
  else if (pspec == gsk_layer_properties[PROP_SCALE])
    gsk_layer_set_scale (self, &GRAPHENE_POINT3D_INIT (clamp_coordinate (v[0]), clamp_coordinate (v[1]),
                                                       clamp_coordinate (v[2])));
  else if (pspec == gsk_layer_properties[PROP_ROTATE])
    gsk_layer_set_rotate (self, clamp_coordinate (v[0]));
  else
    handled = FALSE;
  priv->updating_presentation = was_updating;

  return handled;
}

gboolean
gsk_layer_present_floats (GskLayer           *self,
                          GParamSpec         *pspec,
                          const float        *v,
                          GskLayerDirtyFlags *pending)
{
  /* Pointer comparisons: this runs for every animated property of every
   * layer at every frame */
  if (pspec != gsk_layer_properties[PROP_OPACITY])
    return present_floats_by_setter (self, pspec, v);

  /* The most animated property of all: its setter's work, inline */
  gsk_layer_present_opacity (self, v[0], pending);
  return TRUE;
}

void
gsk_layer_set_presentation_transform (GskLayer          *self,
                                      GParamSpec        *pspec,
                                      GskLayerTransform *transform)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  gboolean was_updating = priv->updating_presentation;

  /* Operations interpolated within their ranges can still multiply to
   * more than a float holds: what is on screen then stays as it was */
  if (transform != NULL && !gsk_layer_transform_is_finite (transform))
    {
      gsk_layer_transform_unref (transform);
      return;
    }

  priv->updating_presentation = TRUE;
  if (pspec == gsk_layer_properties[PROP_TRANSFORM])
    gsk_layer_set_transform (self, transform);
  else if (pspec == gsk_layer_properties[PROP_CHILD_TRANSFORM])
    gsk_layer_set_child_transform (self, transform);
  else
    g_object_set (self, pspec->name, transform, NULL);
  priv->updating_presentation = was_updating;

  g_clear_pointer (&transform, gsk_layer_transform_unref);
}

void
gsk_layer_presentation_transform_rewritten (GskLayer           *self,
                                            GParamSpec         *pspec,
                                            GskLayerDirtyFlags *pending)
{
  if (pspec == gsk_layer_properties[PROP_TRANSFORM])
    {
      if (pending)
        *pending |= GSK_LAYER_DIRTY_WORLD;
      else
        gsk_layer_changed (self, GSK_LAYER_DIRTY_WORLD);
    }
  else if (pspec == gsk_layer_properties[PROP_CHILD_TRANSFORM])
    gsk_layer_children_changed (self, GSK_LAYER_DIRTY_WORLD);
}

GskLayerTransform *
gsk_layer_peek_presentation_transform (GskLayer   *self,
                                       GParamSpec *pspec)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (pspec == gsk_layer_properties[PROP_TRANSFORM])
    return priv->transform;
  if (pspec == gsk_layer_properties[PROP_CHILD_TRANSFORM])
    return priv->child_transform;
  return NULL;
}

gboolean
gsk_layer_class_is_plain (GskLayerClass *klass)
{
  return klass->queue_redraw == gsk_layer_real_queue_redraw &&
         klass->queue_relayout == gsk_layer_real_queue_relayout;
}

/* }}} */
