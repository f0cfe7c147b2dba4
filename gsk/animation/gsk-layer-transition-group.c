/* gsk-layer-transition-group.c: transitions that run together
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-animation-private.h"
#include "gsk-layer-timeline-private.h"
#include "gsk-layer-transition-private.h"

/**
 * GskLayerTransitionGroup:
 *
 * Runs several transitions of one layer together, on one timeline: each
 * member keeps its own delay, duration, repeats and easing, measured
 * from the start of the group's run. The group's duration grows to hold
 * its longest member; a member that repeats forever makes the group
 * repeat forever. The group's own repeats, direction and auto-reverse
 * replay its members; its own easing is not applied to them.
 *
 * Since: 0.1
 */

struct _GskLayerTransitionGroup
{
  GskLayerTransition parent_instance;

  GPtrArray *transitions;
};

G_DEFINE_FINAL_TYPE (GskLayerTransitionGroup, gsk_layer_transition_group, GSK_TYPE_LAYER_TRANSITION)

static void update_duration (GskLayerTransitionGroup *self);

static void
gsk_layer_transition_group_attached (GskLayerTransition *transition,
                                     GskLayer           *layer)
{
  GskLayerTransitionGroup *self = GSK_LAYER_TRANSITION_GROUP (transition);
  guint i;

  /* Members may have been set up after they were added */
  update_duration (self);

  for (i = 0; i < self->transitions->len; i++)
    gsk_layer_transition_attach (g_ptr_array_index (self->transitions, i), layer);
}

static void
gsk_layer_transition_group_detached (GskLayerTransition *transition,
                                     GskLayer           *layer)
{
  GskLayerTransitionGroup *self = GSK_LAYER_TRANSITION_GROUP (transition);
  guint i;

  for (i = 0; i < self->transitions->len; i++)
    gsk_layer_transition_detach (g_ptr_array_index (self->transitions, i));
}

static void
gsk_layer_transition_group_compute (GskLayerTransition *transition,
                                    GskLayer           *layer,
                                    double              progress)
{
  GskLayerTransitionGroup *self = GSK_LAYER_TRANSITION_GROUP (transition);
  GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (self);
  double elapsed;
  guint i;

  /* Members run on the group's time within the current run, backward
   * in reversed runs; the group's own easing does not apply to them */
  elapsed = gsk_layer_timeline_get_elapsed_time (timeline);
  {
    gboolean reversed = gsk_layer_timeline_get_direction (timeline) == GSK_LAYER_TIMELINE_BACKWARD;

    if (gsk_layer_timeline_get_auto_reverse (timeline) &&
        gsk_layer_timeline_get_current_repeat (timeline) % 2 == 1)
      reversed = !reversed;
    if (reversed)
      elapsed = gsk_layer_timeline_get_duration (timeline) - elapsed;
  }

  for (i = 0; i < self->transitions->len; i++)
    {
      GskLayerTransition *member = g_ptr_array_index (self->transitions, i);
      double p;
      gboolean finished;

      if (gsk_layer_timeline_progress_at (GSK_LAYER_TIMELINE (member), elapsed, &p, &finished))
        GSK_LAYER_TRANSITION_GET_CLASS (member)->compute (member, layer, p);
    }
}

static void
gsk_layer_transition_group_finalize (GObject *object)
{
  GskLayerTransitionGroup *self = GSK_LAYER_TRANSITION_GROUP (object);

  g_ptr_array_unref (self->transitions);

  G_OBJECT_CLASS (gsk_layer_transition_group_parent_class)->finalize (object);
}

static void
gsk_layer_transition_group_class_init (GskLayerTransitionGroupClass *klass)
{
  GskLayerTransitionClass *transition_class = GSK_LAYER_TRANSITION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gsk_layer_transition_group_finalize;
  transition_class->attached = gsk_layer_transition_group_attached;
  transition_class->detached = gsk_layer_transition_group_detached;
  transition_class->compute = gsk_layer_transition_group_compute;
}

static void
gsk_layer_transition_group_init (GskLayerTransitionGroup *self)
{
  self->transitions = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * gsk_layer_transition_group_new:
 *
 * Creates an empty transition group.
 *
 * Returns: (transfer full): the new group
 *
 * Since: 0.1
 */
GskLayerTransition *
gsk_layer_transition_group_new (void)
{
  return g_object_new (GSK_TYPE_LAYER_TRANSITION_GROUP, NULL);
}

static void
update_duration (GskLayerTransitionGroup *self)
{
  GskLayerTimeline *timeline = GSK_LAYER_TIMELINE (self);
  guint longest = 0;
  gboolean forever = FALSE;
  guint i;

  for (i = 0; i < self->transitions->len; i++)
    {
      GskLayerTimeline *member = g_ptr_array_index (self->transitions, i);
      int repeats = gsk_layer_timeline_get_repeat_count (member);
      guint64 length;

      if (repeats < 0)
        forever = TRUE;
      length = gsk_layer_timeline_get_delay (member) +
               (guint64) gsk_layer_timeline_get_duration (member) * (repeats < 0 ? 1 : repeats + 1);
      longest = MAX (longest, (guint) MIN (length, G_MAXUINT));
    }

  if (gsk_layer_timeline_get_duration (timeline) < longest)
    gsk_layer_timeline_set_duration (timeline, longest);
  if (forever)
    gsk_layer_timeline_set_repeat_count (timeline, -1);
}

/* Whether @haystack is @needle or a group holding it, however deep */
static gboolean
group_contains (GskLayerTransition *haystack,
                GskLayerTransition *needle)
{
  GskLayerTransitionGroup *group;
  guint i;

  if (haystack == needle)
    return TRUE;
  if (!GSK_IS_LAYER_TRANSITION_GROUP (haystack))
    return FALSE;

  group = GSK_LAYER_TRANSITION_GROUP (haystack);
  for (i = 0; i < group->transitions->len; i++)
    if (group_contains (g_ptr_array_index (group->transitions, i), needle))
      return TRUE;

  return FALSE;
}

/**
 * gsk_layer_transition_group_add_transition:
 * @self: a transition group
 * @transition: a transition that is in no group and on no layer
 *
 * Adds @transition to the group.
 *
 * Since: 0.1
 */
void
gsk_layer_transition_group_add_transition (GskLayerTransitionGroup *self,
                                           GskLayerTransition      *transition)
{
  GskLayer *layer;

  g_return_if_fail (GSK_IS_LAYER_TRANSITION_GROUP (self));
  g_return_if_fail (GSK_IS_LAYER_TRANSITION (transition));
  g_return_if_fail (GSK_LAYER_TRANSITION (self) != transition);
  g_return_if_fail (gsk_layer_transition_get_layer (transition) == NULL);
  g_return_if_fail (!g_ptr_array_find (self->transitions, transition, NULL));
  g_return_if_fail (!group_contains (transition, GSK_LAYER_TRANSITION (self)));

  g_ptr_array_add (self->transitions, g_object_ref (transition));
  update_duration (self);

  layer = gsk_layer_transition_get_layer (GSK_LAYER_TRANSITION (self));
  if (layer)
    gsk_layer_transition_attach (transition, layer);
}

/**
 * gsk_layer_transition_group_remove_transition:
 * @self: a transition group
 * @transition: a member of the group
 *
 * Removes @transition from the group.
 *
 * Since: 0.1
 */
void
gsk_layer_transition_group_remove_transition (GskLayerTransitionGroup *self,
                                              GskLayerTransition      *transition)
{
  guint index;

  g_return_if_fail (GSK_IS_LAYER_TRANSITION_GROUP (self));
  g_return_if_fail (GSK_IS_LAYER_TRANSITION (transition));

  if (!g_ptr_array_find (self->transitions, transition, &index))
    return;

  gsk_layer_transition_detach (transition);
  g_ptr_array_remove_index (self->transitions, index);
}

/**
 * gsk_layer_transition_group_get_n_transitions:
 * @self: a transition group
 *
 * Gets how many transitions were added to @self with
 * [method@LayerTransitionGroup.add_transition] and not removed; a
 * member that is itself a group counts as one.
 *
 * Returns: the number of transitions in the group
 *
 * Since: 0.1
 */
guint
gsk_layer_transition_group_get_n_transitions (GskLayerTransitionGroup *self)
{
  g_return_val_if_fail (GSK_IS_LAYER_TRANSITION_GROUP (self), 0);

  return self->transitions->len;
}
