/* gsk-layer-input-sequence.c: the controllers that follow a press or a
 * touch, and the one event that ends it for each
 *
 * The rule input dispatch keeps: a controller that saw a press or a
 * touch begin gets exactly one event that ends it for that controller
 * (the last release, the touch's end or cancel, or a grab-broken event),
 * and no event of that sequence after it, whatever handlers do
 * meanwhile. A sequence remembers the controllers its begin reached and
 * the layer each was on; dispatch asks it which controllers take each
 * later event, and tells it when the path to the sequence's target
 * changed, so that the controllers left off that path are let go at
 * once with a grab-broken event rather than waiting for an end they
 * will never see.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "config.h"

#include "gsk-layer-input-sequence-private.h"
#include "gsk-layer-event-controller-private.h"
#include "gsk-layer-event-private.h"
#include "gsk-layer.h"

typedef struct
{
  GWeakRef controller;
  GWeakRef layer;
  gboolean pointer;             /* of a press, counted on the controller */
} Member;

/* On a controller: in how many presses (of any top level) it is a
 * member */
static GQuark presses_quark;

static void
count_press (GskLayerEventController *controller,
             int                      delta)
{
  guint n = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (controller), presses_quark));

  g_object_set_qdata (G_OBJECT (controller), presses_quark, GUINT_TO_POINTER (n + delta));
}

gboolean
gsk_layer_input_sequence_follows_press (GskLayerEventController *controller)
{
  return presses_quark != 0 && g_object_get_qdata (G_OBJECT (controller), presses_quark) != NULL;
}

struct _GskLayerInputSequence
{
  guint ref_count;
  gboolean touch;
  gboolean ended;
  guint sequence;
  GPtrArray *members;           /* Member, on the heap: a GWeakRef never moves */
};

static void
member_free (gpointer data)
{
  Member *member = data;

  if (member->pointer)
    {
      GskLayerEventController *controller = g_weak_ref_get (&member->controller);

      if (controller)
        {
          count_press (controller, -1);
          g_object_unref (controller);
        }
    }
  g_weak_ref_clear (&member->controller);
  g_weak_ref_clear (&member->layer);
  g_free (member);
}

GskLayerInputSequence *
gsk_layer_input_sequence_new (gboolean touch,
                              guint    sequence)
{
  GskLayerInputSequence *self = g_new0 (GskLayerInputSequence, 1);

  self->ref_count = 1;
  self->touch = touch;
  self->sequence = sequence;
  self->members = g_ptr_array_new_with_free_func (member_free);

  return self;
}

GskLayerInputSequence *
gsk_layer_input_sequence_ref (GskLayerInputSequence *self)
{
  self->ref_count++;
  return self;
}

void
gsk_layer_input_sequence_unref (GskLayerInputSequence *self)
{
  if (--self->ref_count > 0)
    return;

  g_ptr_array_unref (self->members);
  g_free (self);
}

gboolean
gsk_layer_input_sequence_is_ended (GskLayerInputSequence *self)
{
  return self->ended;
}

gboolean
gsk_layer_input_sequence_is_settled (GskLayerInputSequence *self)
{
  return self->ended && self->members->len == 0;
}

gboolean
gsk_layer_input_sequence_matches (GskLayerInputSequence *self,
                                  gboolean               touch,
                                  guint                  sequence)
{
  return self->touch == touch && (!touch || self->sequence == sequence);
}

/* The index of @controller among the members, or -1 */
static int
find_member (GskLayerInputSequence   *self,
             GskLayerEventController *controller)
{
  for (guint i = 0; i < self->members->len; i++)
    {
      Member *member = self->members->pdata[i];
      gpointer c = g_weak_ref_get (&member->controller);
      gboolean found = c == (gpointer) controller;

      g_clear_object (&c);
      if (found)
        return i;
    }

  return -1;
}

gboolean
gsk_layer_input_sequence_admit (GskLayerInputSequence   *self,
                                GskLayerSequenceStep     step,
                                GskLayerEventController *controller,
                                GskLayer                *layer)
{
  int i;

  if (step == GSK_LAYER_SEQUENCE_UNLESS_PRESSED)
    return !gsk_layer_input_sequence_follows_press (controller);
  if (self == NULL || step == GSK_LAYER_SEQUENCE_NONE)
    return TRUE;
  /* Ended by a handler (a begin again, a last release) while one of its
   * events travelled: the rest of the way, that event reaches nobody */
  if (self->ended)
    return FALSE;

  i = find_member (self, controller);
  switch (step)
    {
    case GSK_LAYER_SEQUENCE_BEGIN:
      if (i < 0)
        {
          Member *member = g_new (Member, 1);

          g_weak_ref_init (&member->controller, controller);
          g_weak_ref_init (&member->layer, layer);
          member->pointer = !self->touch;
          if (member->pointer)
            {
              if (G_UNLIKELY (presses_quark == 0))
                presses_quark = g_quark_from_static_string ("gsk-layer-input-presses");
              count_press (controller, 1);
            }
          g_ptr_array_add (self->members, member);
        }
      return TRUE;

    case GSK_LAYER_SEQUENCE_UPDATE:
      return i >= 0;

    case GSK_LAYER_SEQUENCE_END:
      if (i < 0)
        return FALSE;
      g_ptr_array_remove_index (self->members, i);
      return TRUE;

    case GSK_LAYER_SEQUENCE_NONE:
    case GSK_LAYER_SEQUENCE_UNLESS_PRESSED:
    default:
      return TRUE;
    }
}

static gboolean
path_contains (GPtrArray *path,
               GskLayer  *layer)
{
  for (guint i = 0; path && i < path->len; i++)
    if (path->pdata[i] == layer)
      return TRUE;

  return FALSE;
}

static void
send_grab_broken (GskLayerInputSequence   *self,
                  GskLayerEventController *controller,
                  GskLayer                *layer,
                  guint32                  time,
                  double                   x,
                  double                   y)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_GRAB_BROKEN, time, x, y);

  /* A touch's grab-broken event names its sequence and device, so that
   * a gesture following the pointer or another touch keeps going */
  if (self->touch)
    {
      event->sequence = self->sequence;
      event->device_kind = GSK_LAYER_DEVICE_TOUCHSCREEN;
    }
  gsk_layer_event_set_target (event, layer);
  gsk_layer_event_controller_handle_event (controller, event);
  gsk_layer_event_unref (event);
}

/* Takes out the first member that no longer follows the sequence (any,
 * with @all; any but @keep, if given); TRUE if there was one, its
 * controller and layer returned owned (the layer may be NULL) */
static gboolean
take_stray (GskLayerInputSequence    *self,
            GPtrArray                *path,
            gboolean                  all,
            GskLayerEventController  *keep,
            GskLayerEventController **controller_out,
            GskLayer                **layer_out)
{
  guint i = 0;

  while (i < self->members->len)
    {
      Member *member = self->members->pdata[i];
      GskLayerEventController *controller = g_weak_ref_get (&member->controller);
      GskLayer *layer = g_weak_ref_get (&member->layer);

      if (controller == NULL)
        {
          /* Destroyed: nothing to tell */
          g_clear_object (&layer);
          g_ptr_array_remove_index (self->members, i);
          continue;
        }

      if (keep != NULL ? !gsk_layer_event_controller_claims_with (controller, keep) :
          (all || layer == NULL ||
           gsk_layer_event_controller_get_layer (controller) != layer ||
           !path_contains (path, layer)))
        {
          g_ptr_array_remove_index (self->members, i);
          *controller_out = controller;
          *layer_out = layer;
          return TRUE;
        }

      g_object_unref (controller);
      g_clear_object (&layer);
      i++;
    }

  return FALSE;
}

static void
break_off (GskLayerInputSequence   *self,
           GPtrArray               *path,
           gboolean                 all,
           GskLayerEventController *keep,
           guint32                  time,
           double                   x,
           double                   y)
{
  GskLayerEventController *controller;
  GskLayer *layer;

  gsk_layer_input_sequence_ref (self);
  /* One at a time, looking again after each: a handler may change the
   * tree, the members or the sequence itself */
  while (take_stray (self, path, all || self->ended, self->ended ? NULL : keep, &controller, &layer))
    {
      send_grab_broken (self, controller, layer, time, x, y);
      g_object_unref (controller);
      g_clear_object (&layer);
    }
  gsk_layer_input_sequence_unref (self);
}

void
gsk_layer_input_sequence_break_off (GskLayerInputSequence *self,
                                    GPtrArray             *path,
                                    guint32                time,
                                    double                 x,
                                    double                 y)
{
  break_off (self, path, FALSE, NULL, time, x, y);
}

void
gsk_layer_input_sequence_claim (GskLayerInputSequence   *self,
                                GskLayerEventController *controller,
                                guint32                  time,
                                double                   x,
                                double                   y)
{
  if (self->ended || find_member (self, controller) < 0)
    return;
  break_off (self, NULL, FALSE, controller, time, x, y);
}

void
gsk_layer_input_sequence_end (GskLayerInputSequence *self,
                              guint32                time,
                              double                 x,
                              double                 y)
{
  self->ended = TRUE;
  break_off (self, NULL, TRUE, NULL, time, x, y);
}
