/* gsk-layer-page-turn.c: a layer that curls like a turning page
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-page-turn.h"
#include "gsk-layer-private.h"

/**
 * GskLayerPageTurn:
 *
 * A layer that curls like a page being turned, as
 * `ClutterPageTurnEffect`: a fold line crosses the layer at
 * [property@LayerPageTurn:angle] degrees (0: upright, the page lifting
 * from its right edge; the angle turns the line clockwise), through the
 * point at [property@LayerPageTurn:period] of the way from the
 * bottom-right corner to the top-left one. Past the line, the layer
 * rolls up towards the viewer around a cylinder of
 * [property@LayerPageTurn:radius] and back over itself, its later turns
 * a little tighter, so that they do not touch. At period 0 the layer is
 * flat, at 1 rolled up whole.
 *
 * The back of the page shows the layer mirrored, or
 * [property@LayerDeform:back-color]. Unlike Clutter's effect, no
 * shading is painted on the curl. All three properties animate, in an
 * easing state ([method@Layer.save_easing_state]) or by a property
 * transition.
 *
 * Since: 0.1
 */
struct _GskLayerPageTurn
{
  GskLayerDeform parent_instance;

  double period;
  double angle;
  float radius;
};

enum {
  PROP_0,
  PROP_PERIOD,
  PROP_ANGLE,
  PROP_RADIUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (GskLayerPageTurn, gsk_layer_page_turn, GSK_TYPE_LAYER_DEFORM)

/* How much tighter each further turn of the roll is, in units of
 * radius lost per turn of π: its layers stay apart */
#define TIGHTENING 10.0

static void
gsk_layer_page_turn_deform_vertex (GskLayerDeform     *deform,
                                   float               width,
                                   float               height,
                                   graphene_point3d_t *vertex)
{
  GskLayerPageTurn *self = GSK_LAYER_PAGE_TURN (deform);
  double theta = self->angle * G_PI / 180.0, c = cos (theta), s = sin (theta);
  double r = self->radius;
  double cx = (1.0 - self->period) * width, cy = (1.0 - self->period) * height;
  double dx = vertex->x - cx, dy = vertex->y - cy;
  /* Across the fold line (u, past the start of the curl) and along it (v) */
  double u = dx * c + dy * s - r, v = -dx * s + dy * c;
  double turn, roll;

  if (self->period <= 0.0 || u <= 0.0)
    return;

  /* The length rolled up around a cylinder of radius r, from its
   * bottom; each half turn past the first a little tighter */
  turn = u / r - G_PI_2;
  roll = r - MIN (r, MAX (turn, 0.0) * TIGHTENING / G_PI);
  u = roll * cos (turn) + r;

  vertex->x = u * c - v * s + cx;
  vertex->y = u * s + v * c + cy;
  vertex->z = roll * sin (turn) + r;
}

/* {{{ Animation */

/* With an easing state in force, a value goes to a transition, which
 * sets it frame by frame; the getters give the model's value meanwhile */
static gboolean
animate (GskLayerPageTurn *self,
         guint             prop,
         GType             type,
         double            v)
{
  GValue value = G_VALUE_INIT;
  gboolean handled;

  if (G_LIKELY (gsk_layer_get_private (GSK_LAYER (self))->animation == NULL))
    return FALSE;
  g_value_init (&value, type);
  if (type == G_TYPE_FLOAT)
    g_value_set_float (&value, v);
  else
    g_value_set_double (&value, v);
  handled = gsk_layer_animate_value (GSK_LAYER (self), properties[prop], &value);
  g_value_unset (&value);
  return handled;
}

static double
model (GskLayerPageTurn *self,
       guint             prop,
       double            field)
{
  const GValue *value = gsk_layer_peek_model_value (GSK_LAYER (self), properties[prop]);

  if (value == NULL)
    return field;
  return G_VALUE_HOLDS_FLOAT (value) ? g_value_get_float (value) : g_value_get_double (value);
}

/* Transitions set what is on screen; only the model notifies */
static void
changed (GskLayerPageTurn *self,
         guint             prop)
{
  gsk_layer_deform_invalidate (GSK_LAYER_DEFORM (self));
  if (!gsk_layer_get_private (GSK_LAYER (self))->updating_presentation)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* }}} */

static void
gsk_layer_page_turn_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GskLayerPageTurn *self = GSK_LAYER_PAGE_TURN (object);

  switch (prop_id)
    {
    case PROP_PERIOD:
      g_value_set_double (value, gsk_layer_page_turn_get_period (self));
      break;
    case PROP_ANGLE:
      g_value_set_double (value, gsk_layer_page_turn_get_angle (self));
      break;
    case PROP_RADIUS:
      g_value_set_float (value, gsk_layer_page_turn_get_radius (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_page_turn_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GskLayerPageTurn *self = GSK_LAYER_PAGE_TURN (object);

  switch (prop_id)
    {
    case PROP_PERIOD:
      gsk_layer_page_turn_set_period (self, g_value_get_double (value));
      break;
    case PROP_ANGLE:
      gsk_layer_page_turn_set_angle (self, g_value_get_double (value));
      break;
    case PROP_RADIUS:
      gsk_layer_page_turn_set_radius (self, g_value_get_float (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gsk_layer_page_turn_class_init (GskLayerPageTurnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GskLayerDeformClass *deform_class = GSK_LAYER_DEFORM_CLASS (klass);

  object_class->get_property = gsk_layer_page_turn_get_property;
  object_class->set_property = gsk_layer_page_turn_set_property;
  deform_class->deform_vertex = gsk_layer_page_turn_deform_vertex;

  /**
   * GskLayerPageTurn:period:
   *
   * How far the page is turned, from 0 (flat) to 1 (rolled up whole).
   *
   * Since: 0.1
   */
  properties[PROP_PERIOD] =
    g_param_spec_double ("period", NULL, "How far the page is turned",
                         0, 1, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerPageTurn:angle:
   *
   * The angle of the fold line, in degrees clockwise from upright, 0
   * to 360.
   *
   * Since: 0.1
   */
  properties[PROP_ANGLE] =
    g_param_spec_double ("angle", NULL, "The angle of the fold line",
                         0, 360, 0,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GskLayerPageTurn:radius:
   *
   * The radius of the curl, in the layer's units, at least 1.
   *
   * Since: 0.1
   */
  properties[PROP_RADIUS] =
    g_param_spec_float ("radius", NULL, "The radius of the curl",
                        1, G_MAXFLOAT, 24,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gsk_layer_page_turn_init (GskLayerPageTurn *self)
{
  self->radius = 24;
}

/**
 * gsk_layer_page_turn_new:
 *
 * Creates a flat page: its period is 0.
 *
 * Returns: (transfer floating): the new layer
 *
 * Since: 0.1
 */
GskLayer *
gsk_layer_page_turn_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_PAGE_TURN, NULL);
}

/**
 * gsk_layer_page_turn_set_period:
 * @self: a page
 * @period: how far it is turned, 0 to 1
 *
 * Sets how far the page is turned.
 *
 * Since: 0.1
 */
void
gsk_layer_page_turn_set_period (GskLayerPageTurn *self,
                                double            period)
{
  g_return_if_fail (GSK_IS_LAYER_PAGE_TURN (self));
  g_return_if_fail (period >= 0.0 && period <= 1.0);

  if (animate (self, PROP_PERIOD, G_TYPE_DOUBLE, period) || self->period == period)
    return;
  self->period = period;
  changed (self, PROP_PERIOD);
}

/**
 * gsk_layer_page_turn_get_period:
 * @self: a page
 *
 * Gets how far the page is turned.
 *
 * Returns: the period, 0 to 1
 *
 * Since: 0.1
 */
double
gsk_layer_page_turn_get_period (GskLayerPageTurn *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAGE_TURN (self), 0.0);

  return model (self, PROP_PERIOD, self->period);
}

/**
 * gsk_layer_page_turn_set_angle:
 * @self: a page
 * @angle: the fold line's angle, in degrees, 0 to 360
 *
 * Sets the angle of the fold line, clockwise from upright.
 *
 * Since: 0.1
 */
void
gsk_layer_page_turn_set_angle (GskLayerPageTurn *self,
                               double            angle)
{
  g_return_if_fail (GSK_IS_LAYER_PAGE_TURN (self));
  g_return_if_fail (angle >= 0.0 && angle <= 360.0);

  if (animate (self, PROP_ANGLE, G_TYPE_DOUBLE, angle) || self->angle == angle)
    return;
  self->angle = angle;
  changed (self, PROP_ANGLE);
}

/**
 * gsk_layer_page_turn_get_angle:
 * @self: a page
 *
 * Gets the angle of the fold line.
 *
 * Returns: the angle, in degrees
 *
 * Since: 0.1
 */
double
gsk_layer_page_turn_get_angle (GskLayerPageTurn *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAGE_TURN (self), 0.0);

  return model (self, PROP_ANGLE, self->angle);
}

/**
 * gsk_layer_page_turn_set_radius:
 * @self: a page
 * @radius: the curl's radius, at least 1
 *
 * Sets the radius of the curl, in the layer's units.
 *
 * Since: 0.1
 */
void
gsk_layer_page_turn_set_radius (GskLayerPageTurn *self,
                                float             radius)
{
  g_return_if_fail (GSK_IS_LAYER_PAGE_TURN (self));
  g_return_if_fail (radius >= 1.f && radius <= G_MAXFLOAT);

  if (animate (self, PROP_RADIUS, G_TYPE_FLOAT, radius) || self->radius == radius)
    return;
  self->radius = radius;
  changed (self, PROP_RADIUS);
}

/**
 * gsk_layer_page_turn_get_radius:
 * @self: a page
 *
 * Gets the radius of the curl.
 *
 * Returns: the radius, in the layer's units
 *
 * Since: 0.1
 */
float
gsk_layer_page_turn_get_radius (GskLayerPageTurn *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_PAGE_TURN (self), 0.f);

  return model (self, PROP_RADIUS, self->radius);
}
