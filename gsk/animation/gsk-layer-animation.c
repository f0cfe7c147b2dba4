/* gsk-layer-animation.c: the layer's side of animations
 *
 * A layer has model values (what its getters return) and presentation
 * values (what is on screen now). They differ only while a property
 * animates: the layer's own fields then hold the presentation value,
 * which is what the compile step reads, and the model value waits in the
 * layer's animation side struct.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include <math.h>

#include "gsk-layer-animation-private.h"
#include "gsk-layer-easing-private.h"
#include "gsk-layer-implicit-private.h"
#include "gsk-layer-transform.h"
#include "gsk-layer-style.h"
#include "gsk-layer-interpolate-private.h"
#include "gsk-layer-transition-private.h"
#include "gsk-layer-timeline-private.h"

typedef struct {
  guint duration;
  guint delay;
  GskLayerEasing *easing;
} EasingState;

static void
easing_state_clear (gpointer data)
{
  EasingState *state = data;

  g_clear_pointer (&state->easing, gsk_layer_easing_unref);
}

static void
value_free (gpointer data)
{
  GValue *value = data;

  g_value_unset (value);
  g_free (value);
}

static void capture_layout_easing (GskLayer *self, GskLayer *source);
static void begin_layout (GskLayer *self);
static void end_layout (GskLayer *self);
static void allocate (GskLayer *self, const graphene_point_t *position, const graphene_size_t *size);

static const GskLayerAnimationHooks hooks = {
  .animate_property = gsk_layer_animate_property,
  .get_model_value = gsk_layer_get_model_value,
  .clock_changed = gsk_layer_animation_update_clock,
  .remove_all = gsk_layer_animation_remove_all,
  .free = gsk_layer_animation_free,
  .capture_layout_easing = capture_layout_easing,
  .begin_layout = begin_layout,
  .end_layout = end_layout,
  .allocate = allocate,
};

static GskLayerAnimation *
ensure_animation (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->animation == NULL)
    {
      /* The core calls the hooks only for layers with animation state,
       * which all come from here */
      gsk_layer_animation_hooks = &hooks;
      priv->animation = g_new0 (GskLayerAnimation, 1);
      priv->animation->easing_states = g_array_new (FALSE, TRUE, sizeof (EasingState));
      g_array_set_clear_func (priv->animation->easing_states, easing_state_clear);
      gsk_layer_n_animated++;
    }

  return priv->animation;
}

/* Most animated layers only ever have implicit animations: the tables
 * for transition objects come with the first one */
static GHashTable *
ensure_transitions (GskLayerAnimation *animation)
{
  if (animation->transitions == NULL)
    animation->transitions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  return animation->transitions;
}

static GskLayerTransition *
lookup_transition (GskLayer   *self,
                   const char *name)
{
  GskLayerAnimation *animation = gsk_layer_get_private (self)->animation;

  if (animation == NULL || animation->transitions == NULL)
    return NULL;

  return g_hash_table_lookup (animation->transitions, name);
}

static gboolean
has_transitions (GskLayer *self)
{
  GskLayerAnimation *animation = gsk_layer_get_private (self)->animation;

  return animation != NULL &&
         (animation->implicit != NULL ||
          (animation->transitions != NULL && g_hash_table_size (animation->transitions) > 0));
}

void
gsk_layer_animation_free (GskLayerAnimation *animation)
{
  if (animation == NULL)
    return;

  /* Disposing the layer removed its transitions */
  g_assert (animation->implicit == NULL);
  g_clear_pointer (&animation->transitions, g_hash_table_unref);
  g_array_unref (animation->easing_states);
  g_clear_pointer (&animation->model_values, g_hash_table_unref);
  g_clear_pointer (&animation->layout_easing, gsk_layer_easing_unref);
  g_free (animation);
}

static gboolean
values_equal (GParamSpec   *pspec,
              const GValue *a,
              const GValue *b)
{
  float fa[4], fb[4];
  guint i, n;

  if (pspec->value_type == GSK_TYPE_LAYER_TRANSFORM)
    return gsk_layer_transform_equal (g_value_get_boxed (a), g_value_get_boxed (b));
  if (pspec->value_type == GSK_TYPE_LAYER_STYLE)
    return gsk_layer_style_equal (g_value_get_boxed (a), g_value_get_boxed (b));

  /* GParamSpecBoxed compares pointers: points, sizes and colors by value */
  n = gsk_layer_value_to_floats (a, fa);
  if (n > 0 && gsk_layer_value_to_floats (b, fb) == n)
    {
      for (i = 0; i < n; i++)
        if (fa[i] != fb[i])
          return FALSE;
      return TRUE;
    }

  return g_param_values_cmp (pspec, a, b) == 0;
}

/* {{{ Animatable properties */

GParamSpec *
gsk_layer_find_animatable_property (GType        layer_type,
                                    const char  *name,
                                    GError     **error)
{
  GObjectClass *klass = g_type_class_ref (layer_type);
  GParamSpec *pspec = g_object_class_find_property (klass, name);

  g_type_class_unref (klass);

  if (pspec == NULL)
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNKNOWN_PROPERTY,
                   "%s has no property “%s”", g_type_name (layer_type), name);
      return NULL;
    }

  if ((pspec->flags & G_PARAM_WRITABLE) == 0 ||
      !gsk_layer_value_type_is_animatable (pspec->value_type))
    {
      g_set_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE,
                   "the property “%s” of %s cannot be animated", name, g_type_name (layer_type));
      return NULL;
    }

  return pspec;
}

const GValue *
gsk_layer_get_model_value (GskLayer   *self,
                           GParamSpec *pspec)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerImplicit *record;

  if (priv->animation == NULL)
    return NULL;

  record = gsk_layer_implicit_find (self, pspec);
  if (record)
    return gsk_layer_implicit_get_model (record);

  if (priv->animation->model_values == NULL)
    return NULL;

  return g_hash_table_lookup (priv->animation->model_values, pspec);
}

static void
set_model_value (GskLayer     *self,
                 GParamSpec   *pspec,
                 const GValue *value)
{
  GskLayerAnimation *animation = ensure_animation (self);
  GValue *copy = g_new0 (GValue, 1);

  if (animation->model_values == NULL)
    animation->model_values = g_hash_table_new_full (NULL, NULL, NULL, value_free);
  g_value_init (copy, pspec->value_type);
  g_value_copy (value, copy);
  g_hash_table_replace (animation->model_values, pspec, copy);
}

static void
clear_model_value (GskLayer   *self,
                   GParamSpec *pspec)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->animation && priv->animation->model_values)
    g_hash_table_remove (priv->animation->model_values, pspec);
}

void
gsk_layer_set_presentation_float (GskLayer   *self,
                                  GParamSpec *pspec,
                                  float       value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  gboolean was_updating = priv->updating_presentation;
  float v[4] = { 0, };

  /* Easings that overshoot may leave the property's range; NaN, which
   * no valid easing gives, is never written */
  if (isnan (value))
    return;
  v[0] = CLAMP (value, G_PARAM_SPEC_FLOAT (pspec)->minimum, G_PARAM_SPEC_FLOAT (pspec)->maximum);
  if (gsk_layer_present_floats (self, pspec, v, NULL))
    return;

  priv->updating_presentation = TRUE;
  g_object_set (self, pspec->name, v[0], NULL);
  priv->updating_presentation = was_updating;
}

void
gsk_layer_set_presentation_value (GskLayer     *self,
                                  GParamSpec   *pspec,
                                  const GValue *value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  gboolean was_updating = priv->updating_presentation;
  GValue v = G_VALUE_INIT;
  float f[4];

  if (pspec->value_type == G_TYPE_FLOAT)
    {
      gsk_layer_set_presentation_float (self, pspec, g_value_get_float (value));
      return;
    }
  if (pspec->value_type == GSK_TYPE_LAYER_TRANSFORM)
    {
      gsk_layer_set_presentation_transform (self, pspec,
                                            gsk_layer_transform_ref (g_value_get_boxed (value)));
      return;
    }
  if (gsk_layer_value_to_floats (value, f) > 0 &&
      gsk_layer_present_floats (self, pspec, f, NULL))
    return;

  priv->updating_presentation = TRUE;
  g_value_init (&v, pspec->value_type);
  g_value_copy (value, &v);
  g_param_value_validate (pspec, &v);
  g_object_set_property (G_OBJECT (self), pspec->name, &v);
  g_value_unset (&v);
  priv->updating_presentation = was_updating;
}

/* }}} */
/* {{{ Transitions */

static void
drop_transition (GskLayer           *self,
                 const char         *name,
                 GskLayerTransition *transition)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  g_object_ref (transition);
  g_hash_table_remove (priv->animation->transitions, name);
  gsk_layer_transition_detach (transition);
  g_object_unref (transition);
}

static const char *
find_transition_name (GskLayer           *self,
                      GskLayerTransition *transition)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GHashTableIter iter;
  gpointer key, value;

  if (priv->animation == NULL || priv->animation->transitions == NULL)
    return NULL;

  g_hash_table_iter_init (&iter, priv->animation->transitions);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (value == transition)
      return key;

  return NULL;
}

void
gsk_layer_animation_transition_stopped (GskLayer           *self,
                                        GskLayerTransition *transition,
                                        gboolean            is_finished)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  g_autofree char *name = NULL;
  const char *key;

  key = find_transition_name (self, transition);
  if (key == NULL)
    return;
  name = g_strdup (key);

  g_object_ref (self);

  if (GSK_IS_LAYER_PROPERTY_TRANSITION (transition))
    {
      GParamSpec *pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (transition));
      GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (transition);
      const GValue *model = gsk_layer_get_model_value (self, pspec);
      gboolean ends_reversed =
        (gsk_layer_timeline_get_direction (timeline) == GSK_LAYER_TIMELINE_BACKWARD) !=
        (gsk_layer_timeline_get_auto_reverse (timeline) && gsk_layer_timeline_get_repeat_count (timeline) % 2 == 1);

      /* A run that ended going forward ends exactly on the model value,
       * as an implicit animation does: not on the interpolation at 1,
       * which a spring or a matrix interpolation leaves a hair away */
      if (is_finished && model != NULL && !ends_reversed)
        {
          GValue end = G_VALUE_INIT;

          g_value_init (&end, pspec->value_type);
          g_value_copy (model, &end);
          gsk_layer_set_presentation_value (self, pspec, &end);
          g_value_unset (&end);
        }

      /* The model value is where the property ended up */
      clear_model_value (self, pspec);
    }

  if (!is_finished || gsk_layer_transition_get_remove_on_complete (transition))
    drop_transition (self, name, transition);

  if (is_finished && priv->animation)
    gsk_layer_animation_check_completed (self);

  g_object_unref (self);
}

void
gsk_layer_animation_transition_retargeted (GskLayer           *self,
                                           GskLayerTransition *transition,
                                           GParamSpec         *pspec,
                                           const GValue       *to)
{
  const GValue *model;

  /* Members of groups are not the layer's own */
  if (find_transition_name (self, transition) == NULL)
    return;

  model = gsk_layer_get_model_value (self, pspec);
  if (model != NULL && values_equal (pspec, model, to))
    return;

  set_model_value (self, pspec, to);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
gsk_layer_animation_check_completed (GskLayer *self)
{
  if (!has_transitions (self))
    gsk_layer_emit_transitions_completed (self);
}

static void
start_if_possible (GskLayer           *self,
                   GskLayerTransition *transition)
{
  GskLayerFrameClock *clock = gsk_layer_get_frame_clock (self);
  GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (transition);

  if (clock == NULL || gsk_layer_timeline_is_playing (timeline))
    return;

  /* A finished transition kept on the layer does not replay because the
   * tree got a new clock */
  if (gsk_layer_timeline_has_started (timeline) &&
      gsk_layer_timeline_get_frame_clock (timeline) != NULL)
    return;

  gsk_layer_timeline_set_frame_clock (timeline, clock);
  gsk_layer_timeline_start (timeline);
}

static void
add_transition (GskLayer           *self,
                const char         *name,
                GskLayerTransition *transition,
                gboolean            notify)
{
  GskLayerAnimation *animation;
  GskLayerTransition *old;
  GskLayerImplicit *record;
  GParamSpec *pspec = NULL;
  GValue before = G_VALUE_INIT;

  if (GSK_IS_LAYER_PROPERTY_TRANSITION (transition))
    {
      pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (transition));
      if (!g_type_is_a (G_OBJECT_TYPE (self), pspec->owner_type))
        {
          g_critical ("Cannot animate “%s” of %s on a %s",
                      pspec->name, g_type_name (pspec->owner_type), G_OBJECT_TYPE_NAME (self));
          return;
        }

      /* What the getter returns now */
      if (notify)
        {
          const GValue *model = gsk_layer_get_model_value (self, pspec);

          if (model)
            {
              g_value_init (&before, pspec->value_type);
              g_value_copy (model, &before);
            }
          else
            gsk_layer_get_presentation_value (self, pspec->name, &before);
        }
    }

  animation = ensure_animation (self);
  record = gsk_layer_implicit_find_by_name (self, name);
  if (record)
    gsk_layer_implicit_remove (record, FALSE);
  /* Its getter would go on returning the record's end: a new transition
   * of the property takes over from it, where it is */
  if (pspec != NULL && (record = gsk_layer_implicit_find (self, pspec)) != NULL)
    gsk_layer_implicit_remove (record, FALSE);
  old = g_hash_table_lookup (ensure_transitions (animation), name);
  if (old != NULL)
    {
      g_object_ref (old);
      /* What the old one promised the getter no longer holds */
      if (GSK_IS_LAYER_PROPERTY_TRANSITION (old))
        clear_model_value (self, gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (old)));
      drop_transition (self, name, old);
      gsk_layer_timeline_stop (GSK_LAYER_TIMELINE (old));
      g_object_unref (old);
    }

  g_hash_table_insert (animation->transitions, g_strdup (name), g_object_ref (transition));
  gsk_layer_transition_attach (transition, self);

  /* An explicit property transition sets the model value to its end */
  if (GSK_IS_LAYER_PROPERTY_TRANSITION (transition))
    {
      GskLayerPropertyTransition *pt = GSK_LAYER_PROPERTY_TRANSITION (transition);
      GValue to = G_VALUE_INIT;

      if (gsk_layer_property_transition_get_to_value (pt, &to))
        {
          set_model_value (self, pspec, &to);
          g_value_unset (&to);
        }
    }

  start_if_possible (self, transition);

  if (G_IS_VALUE (&before))
    {
      const GValue *model = gsk_layer_get_model_value (self, pspec);

      if (model && !values_equal (pspec, model, &before))
        g_object_notify_by_pspec (G_OBJECT (self), pspec);
      g_value_unset (&before);
    }
}

/**
 * gsk_layer_add_transition:
 * @self: a layer
 * @name: a name for the transition; a property transition made
 *   implicitly is named after its property
 * @transition: the transition
 *
 * Adds @transition to @self and starts it on the layer's frame clock (or
 * as soon as the layer is in a tree whose top level has one). A
 * transition of the same name is stopped and replaced.
 *
 * A property transition's end becomes the property's model value: what
 * its getter returns from then on (notified if that changes).
 *
 * Since: 0.1
 */
void
gsk_layer_add_transition (GskLayer           *self,
                          const char         *name,
                          GskLayerTransition *transition)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (GSK_IS_LAYER_TRANSITION (transition));
  g_return_if_fail (gsk_layer_transition_get_layer (transition) == NULL);

  add_transition (self, name, transition, TRUE);
}

/**
 * gsk_layer_get_transition:
 * @self: a layer
 * @name: the name of a transition
 *
 * An implicit animation (named after its property) is kept in a lighter
 * form until asked for: the first call makes its transition object,
 * which goes on from where the animation is, the same frame by frame,
 * and ends on the same value.
 *
 * Returns: (transfer none) (nullable): the transition called @name
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_get_transition (GskLayer   *self,
                          const char *name)
{
  GskLayerPrivate *priv;
  GskLayerImplicit *record;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  priv = gsk_layer_get_private (self);
  if (priv->animation == NULL)
    return NULL;

  record = gsk_layer_implicit_find_by_name (self, name);
  if (record)
    {
      GskLayerFrameClock *clock = gsk_layer_implicit_get_clock (record);
      GskLayerTransition *transition;
      gint64 start_time;
      gboolean started;

      /* The caller wants the object: make one that carries on */
      transition = gsk_layer_implicit_promote (record, &start_time, &started);
      if (transition != NULL)
        {
          add_transition (self, name, transition, FALSE);
          if (clock && gsk_layer_timeline_get_frame_clock (GSK_LAYER_TIMELINE (transition)) == clock)
            gsk_layer_timeline_resume_from (GSK_LAYER_TIMELINE (transition), start_time, started);
          g_object_unref (transition);
        }
    }

  return lookup_transition (self, name);
}

/* The getter of @pspec returned @old_model, and now returns what is on
 * screen: notify if that differs */
static void
notify_if_model_moved (GskLayer     *self,
                       GParamSpec   *pspec,
                       const GValue *old_model)
{
  GValue now = G_VALUE_INIT;

  if (gsk_layer_get_model_value (self, pspec) != NULL)
    return;

  gsk_layer_get_presentation_value (self, pspec->name, &now);
  if (!values_equal (pspec, &now, old_model))
    g_object_notify_by_pspec (G_OBJECT (self), pspec);
  g_value_unset (&now);
}

static void
remove_transition (GskLayer   *self,
                   const char *name,
                   gboolean    notify)
{
  GskLayerTransition *transition;
  GskLayerImplicit *record;
  GParamSpec *pspec = NULL;
  GValue model = G_VALUE_INIT;

  record = gsk_layer_implicit_find_by_name (self, name);
  if (record)
    {
      pspec = gsk_layer_implicit_get_pspec (record);
      g_value_init (&model, pspec->value_type);
      g_value_copy (gsk_layer_implicit_get_model (record), &model);
      gsk_layer_implicit_remove (record, FALSE);
    }
  else
    {
      transition = lookup_transition (self, name);
      if (transition == NULL)
        return;

      g_object_ref (transition);
      if (GSK_IS_LAYER_PROPERTY_TRANSITION (transition))
        {
          const GValue *m;

          pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (transition));
          m = gsk_layer_get_model_value (self, pspec);
          if (m)
            {
              g_value_init (&model, pspec->value_type);
              g_value_copy (m, &model);
            }
        }

      if (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (transition)))
        gsk_layer_timeline_stop (GSK_LAYER_TIMELINE (transition));
      /* Stopping removed it, unless it was not running */
      if (lookup_transition (self, name) == transition)
        {
          if (pspec)
            clear_model_value (self, pspec);
          drop_transition (self, name, transition);
        }
      g_object_unref (transition);
    }

  /* The getter now returns what is on screen */
  if (G_IS_VALUE (&model))
    {
      if (notify)
        notify_if_model_moved (self, pspec, &model);
      g_value_unset (&model);
    }
}

/**
 * gsk_layer_remove_transition:
 * @self: a layer
 * @name: the name of a transition
 *
 * Stops the transition called @name and removes it. The property it
 * animated keeps the value it had on screen, and its getter returns
 * that value from then on (notifying if it differs from where the
 * transition was going).
 *
 * Since: 0.1
 */
void
gsk_layer_remove_transition (GskLayer   *self,
                             const char *name)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (name != NULL);

  remove_transition (self, name, TRUE);
}

void
gsk_layer_animation_remove_all (GskLayer *self,
                                gboolean  notify)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GPtrArray *names;
  GHashTableIter iter;
  gpointer key;
  guint i, rounds;

  if (priv->animation == NULL)
    return;

  /* Each removal may run code that changes the rest, even start new
   * ones: until none is left, or code that always adds one gives up */
  for (rounds = 0; has_transitions (self); rounds++)
    {
      if (rounds == 16)
        {
          g_critical ("Transitions of layer %p keep being added as they are removed", self);
          break;
        }

      while (priv->animation->implicit != NULL)
        remove_transition (self, gsk_layer_implicit_get_pspec (priv->animation->implicit)->name, notify);

      if (priv->animation->transitions == NULL)
        continue;

      names = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_iter_init (&iter, priv->animation->transitions);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_ptr_array_add (names, g_strdup (key));

      for (i = 0; i < names->len; i++)
        remove_transition (self, g_ptr_array_index (names, i), notify);

      g_ptr_array_unref (names);
    }
}

/**
 * gsk_layer_remove_all_transitions:
 * @self: a layer
 *
 * Stops and removes every transition of @self.
 *
 * Since: 0.1
 */
void
gsk_layer_remove_all_transitions (GskLayer *self)
{
  g_return_if_fail (GSK_IS_LAYER (self));

  gsk_layer_animation_remove_all (self, TRUE);
}

void
gsk_layer_animation_update_clock (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  GskLayerFrameClock *clock;
  GPtrArray *transitions;
  GHashTableIter iter;
  gpointer value;
  guint i;

  if (!has_transitions (self))
    return;

  clock = gsk_layer_get_frame_clock (self);

  /* Leaving the clock's tree ends an animation at its end, as Core
   * Animation does */
  gsk_layer_implicit_leave_clock (self, clock);

  if (priv->animation->transitions == NULL || g_hash_table_size (priv->animation->transitions) == 0)
    return;

  transitions = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, priv->animation->transitions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (transitions, g_object_ref (value));

  for (i = 0; i < transitions->len; i++)
    {
      GskLayerTimeline *timeline = g_ptr_array_index (transitions, i);

      if (gsk_layer_timeline_get_frame_clock (timeline) == clock)
        continue;

      /* Leaving the clock's tree stops it (and so removes it), at its
       * end; joining one starts it */
      if (gsk_layer_timeline_is_playing (timeline))
        {
          if (GSK_IS_LAYER_PROPERTY_TRANSITION (timeline))
            {
              GParamSpec *pspec = gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (timeline));
              const GValue *model = gsk_layer_get_model_value (self, pspec);

              if (model)
                {
                  GValue end = G_VALUE_INIT;

                  g_value_init (&end, pspec->value_type);
                  g_value_copy (model, &end);
                  gsk_layer_set_presentation_value (self, pspec, &end);
                  g_value_unset (&end);
                }
            }
          gsk_layer_timeline_stop (timeline);
        }
      else if (clock != NULL)
        start_if_possible (self, GSK_LAYER_TRANSITION (timeline));
    }

  g_ptr_array_unref (transitions);
}

/* }}} */
/* {{{ Implicit animations */

static EasingState *
current_easing_state (GskLayer *self)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);

  if (priv->animation == NULL || priv->animation->easing_states->len == 0)
    return NULL;

  return &g_array_index (priv->animation->easing_states, EasingState,
                         priv->animation->easing_states->len - 1);
}

/* {{{ Layout that animates with its container */

static void
clear_layout_easing (GskLayerAnimation *animation)
{
  animation->layout_captured = FALSE;
  animation->layout_active = FALSE;
  g_clear_pointer (&animation->layout_easing, gsk_layer_easing_unref);
}

static void
capture_layout_easing (GskLayer *self,
                       GskLayer *source)
{
  EasingState *state = current_easing_state (source);
  GskLayerAnimation *animation;

  if (gsk_layer_get_private (source)->updating_presentation || state == NULL ||
      (state->duration == 0 &&
       (state->easing == NULL || gsk_layer_easing_get_mode (state->easing) != GSK_LAYER_EASING_SPRING)))
    return;

  animation = ensure_animation (self);
  clear_layout_easing (animation);
  animation->layout_captured = TRUE;
  animation->layout_duration = state->duration;
  animation->layout_delay = state->delay;
  animation->layout_easing = state->easing ? gsk_layer_easing_ref (state->easing) : NULL;
}

static void
begin_layout (GskLayer *self)
{
  GskLayerAnimation *animation = gsk_layer_get_private (self)->animation;

  animation->layout_active = animation->layout_captured;
  animation->layout_captured = FALSE;
}

static void
end_layout (GskLayer *self)
{
  clear_layout_easing (gsk_layer_get_private (self)->animation);
}

/* Sets @pspec (position or size) of @self to @value with an easing
 * state of @duration, @delay and @easing pushed for the while */
static void
set_eased (GskLayer       *self,
           const char     *property,
           gconstpointer   value,
           guint           duration,
           guint           delay,
           GskLayerEasing *easing)
{
  gsk_layer_save_easing_state (self);
  gsk_layer_set_easing_duration (self, duration);
  gsk_layer_set_easing_delay (self, delay);
  gsk_layer_set_easing (self, easing);
  if (g_str_equal (property, "position"))
    gsk_layer_set_position (self, value);
  else
    gsk_layer_set_size (self, value);
  gsk_layer_restore_easing_state (self);
}

/* How long the animation of @pspec on @self still runs, implicit or a
 * transition object of one run, and its easing: FALSE if none runs */
static gboolean
animation_remaining (GskLayer        *self,
                     GParamSpec      *pspec,
                     guint           *remaining,
                     GskLayerEasing **easing)
{
  GskLayerImplicit *record = gsk_layer_implicit_find (self, pspec);
  GskLayerTransition *transition;
  GskLayerTimeline *timeline;
  double left;

  if (record != NULL)
    return gsk_layer_implicit_get_remaining (record, remaining, easing);

  transition = lookup_transition (self, pspec->name);
  if (transition == NULL || !GSK_IS_LAYER_PROPERTY_TRANSITION (transition) ||
      gsk_layer_property_transition_get_pspec (GSK_LAYER_PROPERTY_TRANSITION (transition)) != pspec)
    return FALSE;
  timeline = GSK_LAYER_TIMELINE (transition);
  if (gsk_layer_timeline_get_repeat_count (timeline) != 0)
    return FALSE;
  left = gsk_layer_timeline_get_delay (timeline) + gsk_layer_timeline_get_duration (timeline) -
         gsk_layer_timeline_get_elapsed_time (timeline);
  if (!(left > 0))
    return FALSE;
  *remaining = (guint) ceil (left);
  *easing = gsk_layer_timeline_get_easing (timeline);
  return TRUE;
}

static void
allocate (GskLayer               *self,
          const graphene_point_t *position,
          const graphene_size_t  *size)
{
  GskLayer *parent = gsk_layer_get_parent (self);
  GskLayerAnimation *pa = parent ? gsk_layer_get_private (parent)->animation : NULL;
  static const char * const names[2] = { "position", "size" };
  gconstpointer values[2] = { position, size };
  int i;

  for (i = 0; i < 2; i++)
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), names[i]);
      GskLayerEasing *easing = NULL;
      guint remaining = 0;

      if (pa != NULL && pa->layout_active)
        /* The layout changed inside an easing state: move with it */
        set_eased (self, names[i], values[i], pa->layout_duration, pa->layout_delay, pa->layout_easing);
      else if (current_easing_state (self) == NULL && animation_remaining (self, pspec, &remaining, &easing))
        /* On its way somewhere: there instead, in the time left */
        set_eased (self, names[i], values[i], remaining, 0, easing);
      else if (i == 0)
        gsk_layer_set_position (self, position);
      else
        gsk_layer_set_size (self, size);
    }
}

/* }}} */

/* Velocity of a float property's presentation value, in units per
 * second, from a running property transition; 0 if unknown */
static double
current_velocity (GskLayerTransition *transition,
                  GParamSpec         *pspec)
{
  GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (transition);
  GValue from = G_VALUE_INIT, to = G_VALUE_INIT;
  GskLayerEasing *easing = gsk_layer_timeline_get_easing (timeline);
  double duration = gsk_layer_timeline_get_duration (timeline) / 1000.0;
  double raw, velocity = 0;

  if (pspec->value_type != G_TYPE_FLOAT || duration <= 0 ||
      !gsk_layer_timeline_is_playing (timeline))
    return 0;

  raw = gsk_layer_timeline_get_elapsed_time (timeline) / 1000.0 / duration;
  if (gsk_layer_property_transition_get_from_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &from) &&
      gsk_layer_property_transition_get_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), &to))
    {
      double slope = easing ? gsk_layer_easing_get_velocity (easing, raw) : 1.0;

      velocity = (g_value_get_float (&to) - g_value_get_float (&from)) * slope / duration;
    }

  if (G_IS_VALUE (&from))
    g_value_unset (&from);
  if (G_IS_VALUE (&to))
    g_value_unset (&to);

  return velocity;
}

gboolean
gsk_layer_animate_property (GskLayer     *self,
                            GParamSpec   *pspec,
                            const GValue *value)
{
  GskLayerPrivate *priv = gsk_layer_get_private (self);
  EasingState *state;
  GskLayerTransition *running, *transition;
  GskLayerImplicit *record;
  GskLayerFrameClock *clock;
  GskLayerEasing *easing = NULL;
  const GValue *model;
  guint duration;
  double velocity = 0;

  /* A layer being destroyed takes values as they come */
  if (priv->updating_presentation || priv->animation == NULL || priv->in_dispose)
    return FALSE;

  record = gsk_layer_implicit_find (self, pspec);
  running = lookup_transition (self, pspec->name);
  state = current_easing_state (self);

  if (state == NULL || (state->duration == 0 &&
                        (state->easing == NULL ||
                         gsk_layer_easing_get_mode (state->easing) != GSK_LAYER_EASING_SPRING)))
    {
      /* No easing: the value jumps, and what animated it goes */
      if (record)
        gsk_layer_implicit_remove (record, FALSE);
      if (running)
        remove_transition (self, pspec->name, FALSE);
      clear_model_value (self, pspec);
      return FALSE;
    }

  model = gsk_layer_get_model_value (self, pspec);
  if (model != NULL && (running || record) && values_equal (pspec, model, value))
    return TRUE;

  /* Nothing running and nothing to change: no transition, no notify */
  if (running == NULL && record == NULL)
    {
      GValue now = G_VALUE_INIT;
      gboolean same;

      gsk_layer_get_presentation_value (self, pspec->name, &now);
      same = values_equal (pspec, &now, value);
      g_value_unset (&now);
      if (same)
        return TRUE;
    }

  easing = state->easing;
  duration = state->duration;
  if (easing && gsk_layer_easing_get_mode (easing) == GSK_LAYER_EASING_SPRING)
    duration = (guint) ceil (gsk_layer_easing_get_settle_time (easing) * 1000.0);

  /* Retarget from the value on screen now: no jump */
  if (record)
    velocity = gsk_layer_implicit_get_velocity (record);
  else if (running && GSK_IS_LAYER_PROPERTY_TRANSITION (running))
    velocity = current_velocity (running, pspec);

  if (easing)
    gsk_layer_easing_ref (easing);
  if (easing && gsk_layer_easing_get_mode (easing) == GSK_LAYER_EASING_SPRING && velocity != 0)
    {
      /* Hand the velocity on, in the new spring's units: distances of
       * the new move per second */
      GValue from = G_VALUE_INIT;
      double distance, m, k, c, v;

      gsk_layer_get_presentation_value (self, pspec->name, &from);
      distance = g_value_get_float (value) - g_value_get_float (&from);
      g_value_unset (&from);
      if (distance != 0 && gsk_layer_easing_get_spring (easing, &m, &k, &c, &v))
        {
          /* A short move at speed would start faster than a spring may:
           * at most its fastest start, and the easing as it was if the
           * spring cannot be made so */
          GskLayerEasing *handed;

          v = CLAMP (velocity / distance, -GSK_LAYER_EASING_MAX_PARAMETER, GSK_LAYER_EASING_MAX_PARAMETER);
          handed = gsk_layer_easing_try_new_spring (m, k, c, v);
          if (handed)
            {
              gsk_layer_easing_unref (easing);
              easing = handed;
            }
        }
    }

  clock = gsk_layer_get_frame_clock (self);
  if (clock != NULL && gsk_layer_implicit_supports (pspec))
    {
      /* The common case: a record, not an object */
      if (running)
        remove_transition (self, pspec->name, FALSE);
      gsk_layer_implicit_start (self, pspec, value, duration, state->delay, easing, clock);
    }
  else
    {
      /* Without a clock yet, the transition object waits for one */
      if (record)
        gsk_layer_implicit_remove (record, FALSE);

      transition = gsk_layer_property_transition_new_for_type (G_OBJECT_TYPE (self), pspec->name, NULL);
      gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), duration);
      gsk_layer_timeline_set_delay (GSK_LAYER_TIMELINE (transition), state->delay);
      gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (transition), easing);
      gsk_layer_property_transition_set_to_value (GSK_LAYER_PROPERTY_TRANSITION (transition), value);

      /* Replaces a running one of the same name */
      add_transition (self, pspec->name, transition, FALSE);
      g_object_unref (transition);
    }
  g_clear_pointer (&easing, gsk_layer_easing_unref);

  g_object_notify_by_pspec (G_OBJECT (self), pspec);
  return TRUE;
}

/**
 * gsk_layer_save_easing_state:
 * @self: a layer
 *
 * Saves the current easing state (duration, delay, easing) and starts a
 * new one, with a duration of 250 ms and `ease-out-cubic`, as Clutter.
 * While an easing state with a duration is in force, setting an
 * animatable property animates it from the value on screen to the new
 * one; the getter returns the new value at once.
 *
 * Since: 0.1
 */
void
gsk_layer_save_easing_state (GskLayer *self)
{
  GskLayerAnimation *animation;
  EasingState state = { 250, 0, NULL };

  g_return_if_fail (GSK_IS_LAYER (self));

  animation = ensure_animation (self);
  state.easing = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_OUT_CUBIC);
  g_array_append_val (animation->easing_states, state);
}

/**
 * gsk_layer_restore_easing_state:
 * @self: a layer
 *
 * Goes back to the easing state saved by the matching
 * [method@Layer.save_easing_state]. Transitions already started go on.
 *
 * Since: 0.1
 */
void
gsk_layer_restore_easing_state (GskLayer *self)
{
  GskLayerPrivate *priv;

  g_return_if_fail (GSK_IS_LAYER (self));

  priv = gsk_layer_get_private (self);
  if (priv->animation == NULL || priv->animation->easing_states->len == 0)
    {
      g_critical ("gsk_layer_restore_easing_state: no easing state was saved on layer %p", self);
      return;
    }

  g_array_set_size (priv->animation->easing_states, priv->animation->easing_states->len - 1);
}

static EasingState *
easing_state_or_complain (GskLayer   *self,
                          const char *func)
{
  EasingState *state = current_easing_state (self);

  if (state == NULL)
    g_critical ("%s: call gsk_layer_save_easing_state() first", func);

  return state;
}

/**
 * gsk_layer_set_easing_duration:
 * @self: a layer
 * @msecs: the duration of implicit animations, in milliseconds; 0 makes
 *   changes immediate
 *
 * Sets the duration of the current easing state.
 *
 * Since: 0.1
 */
void
gsk_layer_set_easing_duration (GskLayer *self,
                               guint     msecs)
{
  EasingState *state;

  g_return_if_fail (GSK_IS_LAYER (self));

  state = easing_state_or_complain (self, G_STRFUNC);
  if (state)
    state->duration = msecs;
}

/**
 * gsk_layer_get_easing_duration:
 * @self: a layer
 *
 * Gets the duration of the current easing state, as set with
 * [method@Layer.set_easing_duration].
 *
 * Returns: the duration, in milliseconds; 0 without an easing state
 *
 * Since: 0.1
 */
guint
gsk_layer_get_easing_duration (GskLayer *self)
{
  EasingState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), 0);

  state = current_easing_state (self);
  return state ? state->duration : 0;
}

/**
 * gsk_layer_set_easing_delay:
 * @self: a layer
 * @msecs: the delay before implicit animations start, in milliseconds
 *
 * Sets the delay of the current easing state.
 *
 * Since: 0.1
 */
void
gsk_layer_set_easing_delay (GskLayer *self,
                            guint     msecs)
{
  EasingState *state;

  g_return_if_fail (GSK_IS_LAYER (self));

  state = easing_state_or_complain (self, G_STRFUNC);
  if (state)
    state->delay = msecs;
}

/**
 * gsk_layer_get_easing_delay:
 * @self: a layer
 *
 * Gets how long implicit animations of the current easing state wait
 * before they start, as set with [method@Layer.set_easing_delay].
 *
 * Returns: the delay, in milliseconds; 0 without an easing state
 *
 * Since: 0.1
 */
guint
gsk_layer_get_easing_delay (GskLayer *self)
{
  EasingState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), 0);

  state = current_easing_state (self);
  return state ? state->delay : 0;
}

/**
 * gsk_layer_set_easing:
 * @self: a layer
 * @easing: (nullable): the easing of implicit animations, %NULL for
 *   linear; a spring sets the duration to where it settles
 *
 * Sets the easing of the current easing state.
 *
 * Since: 0.1
 */
void
gsk_layer_set_easing (GskLayer       *self,
                      GskLayerEasing *easing)
{
  EasingState *state;

  g_return_if_fail (GSK_IS_LAYER (self));

  state = easing_state_or_complain (self, G_STRFUNC);
  if (state == NULL)
    return;

  if (easing)
    gsk_layer_easing_ref (easing);
  g_clear_pointer (&state->easing, gsk_layer_easing_unref);
  state->easing = easing;
}

/**
 * gsk_layer_set_easing_mode:
 * @self: a layer
 * @mode: one of the easing modes that take no parameters
 *
 * Sets the easing of the current easing state by mode, as Clutter's
 * `clutter_actor_set_easing_mode()`.
 *
 * Since: 0.1
 */
void
gsk_layer_set_easing_mode (GskLayer           *self,
                           GskLayerEasingMode  mode)
{
  GskLayerEasing *easing;

  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (mode < GSK_LAYER_EASING_CUBIC_BEZIER);

  easing = gsk_layer_easing_new (mode);
  gsk_layer_set_easing (self, easing);
  gsk_layer_easing_unref (easing);
}

/**
 * gsk_layer_get_easing:
 * @self: a layer
 *
 * Gets the easing of the current easing state, as set with
 * [method@Layer.set_easing] or [method@Layer.set_easing_mode].
 *
 * Returns: (transfer none) (nullable): the easing; %NULL (linear) when
 *   none was set or outside an easing state
 *
 * Since: 0.1
 */
GskLayerEasing *
gsk_layer_get_easing (GskLayer *self)
{
  EasingState *state;

  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  state = current_easing_state (self);
  return state ? state->easing : NULL;
}

/* }}} */
/* {{{ Frame clock */

/**
 * gsk_layer_set_frame_clock:
 * @self: a top-level layer
 * @clock: (nullable): the clock that times animations in its tree
 *
 * Gives the tree under @self a frame clock: every transition in it runs
 * on this clock. Transitions added before wait for it.
 *
 * Since: 0.1
 */
void
gsk_layer_set_frame_clock (GskLayer           *self,
                           GskLayerFrameClock *clock)
{
  g_return_if_fail (GSK_IS_LAYER (self));
  g_return_if_fail (clock == NULL || GSK_IS_LAYER_FRAME_CLOCK (clock));
  g_return_if_fail (gsk_layer_get_parent (self) == NULL);

  gsk_layer_top_level_set_clock (self, clock);
}

/**
 * gsk_layer_get_frame_clock:
 * @self: a layer
 *
 * Gets the frame clock that times the animations of the tree of @self:
 * the one set on its top level with [method@Layer.set_frame_clock].
 *
 * Returns: (transfer none) (nullable): the frame clock, or %NULL if the
 *   top level has none
 *
 * Since: 0.1
 */
GskLayerFrameClock *
gsk_layer_get_frame_clock (GskLayer *self)
{
  g_return_val_if_fail (GSK_IS_LAYER (self), NULL);

  return gsk_layer_top_level_get_clock (self);
}

/* }}} */
