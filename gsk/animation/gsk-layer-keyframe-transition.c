/* gsk-layer-keyframe-transition.c: a property through a list of values
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-animation-private.h"
#include "gsk-layer-interpolate-private.h"
#include "gsk-layer-transition-private.h"

/**
 * GskLayerKeyframeTransition:
 *
 * Animates one property through values at fractions of its duration,
 * each segment with its own easing, as a CSS `@keyframes` rule or
 * Core Animation's `CAKeyframeAnimation`.
 *
 * The transition's start and end values (from
 * [class@LayerPropertyTransition]) are the implicit keys at 0 and 1; a
 * key at 0 or 1 replaces them. Without a start value, the value on
 * screen when the transition is added is used.
 *
 * Since: 0.1
 */

typedef struct {
  double fraction;
  GValue value;
  GskLayerEasing *easing;  /* into this key; NULL: linear */
} Key;

struct _GskLayerKeyframeTransition
{
  GskLayerPropertyTransition parent_instance;

  GArray *keys;  /* of Key, by increasing fraction */
  GValue current;
};

G_DEFINE_FINAL_TYPE (GskLayerKeyframeTransition, gsk_layer_keyframe_transition, GSK_TYPE_LAYER_PROPERTY_TRANSITION)

static void
key_clear (gpointer data)
{
  Key *key = data;

  g_value_unset (&key->value);
  g_clear_pointer (&key->easing, gsk_layer_easing_unref);
}

/* The key at @i of the effective list: the explicit keys framed by the
 * start and end values where no key sits at 0 or 1 */
typedef struct {
  double fraction;
  const GValue *value;
  GskLayerEasing *easing;
} Stop;

static guint
collect_stops (GskLayerKeyframeTransition *self,
               Stop                       *stops)
{
  const GValue *from, *to;
  guint i, n = 0;

  gsk_layer_property_transition_peek_values (GSK_LAYER_PROPERTY_TRANSITION (self), &from, &to);

  if ((self->keys->len == 0 || g_array_index (self->keys, Key, 0).fraction > 0) && from)
    stops[n++] = (Stop) { 0, from, NULL };

  for (i = 0; i < self->keys->len; i++)
    {
      Key *key = &g_array_index (self->keys, Key, i);

      stops[n++] = (Stop) { key->fraction, &key->value, key->easing };
    }

  if ((self->keys->len == 0 || g_array_index (self->keys, Key, self->keys->len - 1).fraction < 1) && to)
    stops[n++] = (Stop) { 1, to, NULL };

  return n;
}

static void
gsk_layer_keyframe_transition_compute (GskLayerTransition *transition,
                                       GskLayer           *layer,
                                       double              progress)
{
  GskLayerKeyframeTransition *self = GSK_LAYER_KEYFRAME_TRANSITION (transition);
  GParamSpec *pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (self));
  Stop *stops = g_newa (Stop, self->keys->len + 2);
  guint n = collect_stops (self, stops);
  guint i;
  double t;

  if (n == 0)
    return;

  if (!G_IS_VALUE (&self->current))
    g_value_init (&self->current, pspec->value_type);

  if (n == 1)
    {
      gsk_layer_set_presentation_value (layer, pspec, stops[0].value);
      return;
    }

  /* The segment holding @progress; overshooting easings extrapolate the
   * first or last one */
  for (i = 0; i + 2 < n && progress > stops[i + 1].fraction; i++)
    ;

  if (stops[i + 1].fraction > stops[i].fraction)
    t = (progress - stops[i].fraction) / (stops[i + 1].fraction - stops[i].fraction);
  else
    t = 1;
  if (stops[i + 1].easing && t >= 0 && t <= 1)
    t = gsk_layer_easing_evaluate (stops[i + 1].easing, t);

  gsk_layer_value_interpolate (stops[i].value, stops[i + 1].value, t, &self->current);
  gsk_layer_set_presentation_value (layer, pspec, &self->current);
}

static void
gsk_layer_keyframe_transition_finalize (GObject *object)
{
  GskLayerKeyframeTransition *self = GSK_LAYER_KEYFRAME_TRANSITION (object);

  g_array_unref (self->keys);
  if (G_IS_VALUE (&self->current))
    g_value_unset (&self->current);

  G_OBJECT_CLASS (gsk_layer_keyframe_transition_parent_class)->finalize (object);
}

static void
gsk_layer_keyframe_transition_class_init (GskLayerKeyframeTransitionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gsk_layer_keyframe_transition_finalize;
  GSK_LAYER_TRANSITION_CLASS (klass)->compute = gsk_layer_keyframe_transition_compute;
}

static void
gsk_layer_keyframe_transition_init (GskLayerKeyframeTransition *self)
{
  self->keys = g_array_new (FALSE, TRUE, sizeof (Key));
  g_array_set_clear_func (self->keys, key_clear);
}

/**
 * gsk_layer_keyframe_transition_new:
 * @property_name: the name of an animatable [class@Layer] property
 * @error: return location for an error
 *
 * Creates a keyframe transition of one property.
 *
 * Returns: (transfer full) (nullable): the transition, or %NULL if the
 *   property does not exist or cannot be animated
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_keyframe_transition_new (const char  *property_name,
                                   GError     **error)
{
  return gsk_layer_keyframe_transition_new_for_type (GSK_TYPE_LAYER, property_name, error);
}

/**
 * gsk_layer_keyframe_transition_new_for_type:
 * @layer_type: %GSK_TYPE_LAYER or a subclass
 * @property_name: the name of an animatable property of @layer_type
 * @error: return location for an error
 *
 * Creates a keyframe transition of a property that a subclass of
 * [class@Layer] adds.
 *
 * Returns: (transfer full) (nullable): the transition, or %NULL if the
 *   property does not exist or cannot be animated
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_keyframe_transition_new_for_type (GType        layer_type,
                                            const char  *property_name,
                                            GError     **error)
{
  g_return_val_if_fail (g_type_is_a (layer_type, GSK_TYPE_LAYER), NULL);
  g_return_val_if_fail (property_name != NULL, NULL);

  return gsk_layer_property_transition_new_of_type (GSK_TYPE_LAYER_KEYFRAME_TRANSITION,
                                                    layer_type, property_name, error);
}

/**
 * gsk_layer_keyframe_transition_add_key:
 * @self: a keyframe transition
 * @fraction: where the key sits, from 0 to 1, after every key added
 *   before
 * @value: the value at @fraction
 * @easing: (nullable): the easing of the segment that ends at this key,
 *   %NULL for linear
 * @error: return location for an error
 *
 * Adds a key. Keys must be added in increasing order of @fraction.
 *
 * Returns: %TRUE if the key was added; %FALSE with @error set if it is
 *   out of order, out of range, or of the wrong type
 *
 * Since: 0.1
 */
gboolean
gsk_layer_keyframe_transition_add_key (GskLayerKeyframeTransition  *self,
                                       double                       fraction,
                                       const GValue                *value,
                                       GskLayerEasing              *easing,
                                       GError                     **error)
{
  GParamSpec *pspec;
  Key key = { 0, };

  g_return_val_if_fail (GSK_IS_LAYER_KEYFRAME_TRANSITION (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (self));

  if (!(fraction >= 0.0 && fraction <= 1.0))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                   "keyframe at %g is outside 0 to 1", fraction);
      return FALSE;
    }
  if (self->keys->len > 0 &&
      fraction <= g_array_index (self->keys, Key, self->keys->len - 1).fraction)
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                   "keyframe at %g comes after one at %g: keys must be in increasing order",
                   fraction, g_array_index (self->keys, Key, self->keys->len - 1).fraction);
      return FALSE;
    }

  g_value_init (&key.value, pspec->value_type);
  if (!g_value_transform (value, &key.value) ||
      !gsk_layer_value_is_valid (pspec, &key.value))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                   "keyframe value of type %s does not fit the property “%s”",
                   G_VALUE_TYPE_NAME (value), pspec->name);
      g_value_unset (&key.value);
      return FALSE;
    }

  key.fraction = fraction;
  key.easing = easing ? gsk_layer_easing_ref (easing) : NULL;
  g_array_append_val (self->keys, key);

  /* A key at the end is where the property ends: the model value */
  if (fraction == 1.0)
    gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (self), value);

  return TRUE;
}

/**
 * gsk_layer_keyframe_transition_get_n_keys:
 * @self: a keyframe transition
 *
 * Gets how many keys were added with
 * [method@LayerKeyframeTransition.add_key] since @self was created or
 * last cleared ([method@LayerKeyframeTransition.clear]). The implicit
 * keys at 0 and 1, the start and end values, are not counted.
 *
 * Returns: the number of keys added
 *
 * Since: 0.1
 */
guint
gsk_layer_keyframe_transition_get_n_keys (GskLayerKeyframeTransition *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_KEYFRAME_TRANSITION (self), 0);

  return self->keys->len;
}

/**
 * gsk_layer_keyframe_transition_clear:
 * @self: a keyframe transition
 *
 * Removes every key.
 *
 * Since: 0.1
 */
void
gsk_layer_keyframe_transition_clear (GskLayerKeyframeTransition *self)
{
  g_return_if_fail (GSK_IS_LAYER_KEYFRAME_TRANSITION (self));

  g_array_set_size (self->keys, 0);
}
