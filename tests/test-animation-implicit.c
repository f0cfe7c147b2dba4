/* test-animation-implicit.c: implicit animations — easing states,
 * retargeting, records that become transition objects, and redraw
 * requests that run application code while they tick — frame by frame
 * on a manual clock
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#include "animation-test-utils.h"

static void
test_implicit_animation (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  graphene_point_t p;
  GValue v = G_VALUE_INIT;
  guint notifies = 0;

  gsk_layer_add_child (root, layer);
  g_signal_connect_swapped (layer, "notify::position", G_CALLBACK (g_atomic_int_inc), &notifies);

  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (100, 50));
  gsk_layer_restore_easing_state (layer);

  /* The model value at once, notified once */
  gsk_layer_get_position (layer, &p);
  g_assert_cmpfloat (p.x, ==, 100);
  g_assert_cmpfloat (p.y, ==, 50);
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_nonnull (gsk_layer_get_transition (layer, "position"));

  /* The presentation value moves frame by frame */
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  g_assert_true (gsk_layer_get_presentation_value (layer, "position", &v));
  p = *(graphene_point_t *) g_value_get_boxed (&v);
  g_value_unset (&v);
  g_assert_cmpfloat_with_epsilon (p.x, 25, 1e-4);
  g_assert_cmpfloat_with_epsilon (p.y, 12.5, 1e-4);
  g_assert_cmpuint (notifies, ==, 1);

  gsk_layer_manual_clock_advance (manual, 750 * MS);
  g_assert_true (gsk_layer_get_presentation_value (layer, "position", &v));
  p = *(graphene_point_t *) g_value_get_boxed (&v);
  g_value_unset (&v);
  g_assert_cmpfloat (p.x, ==, 100);
  g_assert_null (gsk_layer_get_transition (layer, "position"));

  /* Without an easing state, changes are immediate */
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (0, 0));
  g_assert_null (gsk_layer_get_transition (layer, "position"));

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static void
test_retarget_without_jump (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  float before, after;

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_opacity (layer, 0.f);
  gsk_layer_manual_clock_advance (manual, 300 * MS);
  before = presentation_opacity (layer);
  g_assert_cmpfloat (before, <, 1.f);
  g_assert_cmpfloat (before, >, 0.f);

  /* Back up, from where it is on screen */
  gsk_layer_set_opacity (layer, 1.f);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 1.f);
  after = presentation_opacity (layer);
  g_assert_cmpfloat (after, ==, before);
  gsk_layer_manual_clock_advance (manual, 1 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), before, 0.01);

  gsk_layer_manual_clock_advance (manual, 1000 * MS);
  g_assert_cmpfloat (presentation_opacity (layer), ==, 1.f);
  gsk_layer_restore_easing_state (layer);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A spring retargeted mid-flight keeps its position and its velocity */
static void
test_spring_retarget_keeps_velocity (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerEasing *spring = gsk_layer_easing_new_spring (1, 100, 8, 0);
  float a, b, c, d;
  double v_before, v_after;

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing (layer, spring);
  gsk_layer_set_z_position (layer, 100.f);

  gsk_layer_manual_clock_advance (manual, 100 * MS);
  {
    GValue v = G_VALUE_INIT;

    gsk_layer_get_presentation_value (layer, "z-position", &v);
    a = g_value_get_float (&v);
    g_value_unset (&v);
    gsk_layer_manual_clock_advance (manual, 1 * MS);
    gsk_layer_get_presentation_value (layer, "z-position", &v);
    b = g_value_get_float (&v);
    g_value_unset (&v);
  }
  v_before = (b - a) / 0.001;
  g_assert_cmpfloat (v_before, >, 100);  /* moving fast toward 100 */

  /* Back to 0, mid-flight */
  gsk_layer_set_z_position (layer, 0.f);
  {
    GValue v = G_VALUE_INIT;

    gsk_layer_get_presentation_value (layer, "z-position", &v);
    c = g_value_get_float (&v);
    g_value_unset (&v);
    g_assert_cmpfloat (c, ==, b);        /* no jump */
    gsk_layer_manual_clock_advance (manual, 1 * MS);
    gsk_layer_get_presentation_value (layer, "z-position", &v);
    d = g_value_get_float (&v);
    g_value_unset (&v);
  }
  v_after = (d - c) / 0.001;
  /* Still going the same way, about as fast: the spring carries on */
  g_assert_cmpfloat (fabs (v_after - v_before) / fabs (v_before), <, 0.1);

  gsk_layer_restore_easing_state (layer);
  gsk_layer_easing_unref (spring);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Under an easing state, setting the value a layer already has changes
 * nothing: no transition, no notification */
static void
test_implicit_no_op (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  guint notifies = 0;

  gsk_layer_add_child (root, layer);
  g_signal_connect_swapped (layer, "notify::opacity", G_CALLBACK (g_atomic_int_inc), &notifies);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_opacity (layer, 1.f);
  g_assert_cmpuint (notifies, ==, 0);
  g_assert_null (gsk_layer_get_transition (layer, "opacity"));
  gsk_layer_restore_easing_state (layer);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static char *
presentation_string (GskLayer   *layer,
                     const char *name)
{
  GValue v = G_VALUE_INIT;
  char *s;

  g_assert_true (gsk_layer_get_presentation_value (layer, name, &v));
  if (G_VALUE_TYPE (&v) == GSK_TYPE_LAYER_TRANSFORM)
    s = gsk_layer_transform_to_string (g_value_get_boxed (&v));
  else if (G_VALUE_TYPE (&v) == G_TYPE_FLOAT)
    s = g_strdup_printf ("%.9g", g_value_get_float (&v));
  else if (G_VALUE_TYPE (&v) == GRAPHENE_TYPE_POINT)
    {
      graphene_point_t *p = g_value_get_boxed (&v);

      s = g_strdup_printf ("%.9g %.9g", p->x, p->y);
    }
  else if (G_VALUE_TYPE (&v) == GRAPHENE_TYPE_SIZE)
    {
      graphene_size_t *size = g_value_get_boxed (&v);

      s = g_strdup_printf ("%.9g %.9g", size->width, size->height);
    }
  else if (G_VALUE_TYPE (&v) == GDK_TYPE_RGBA)
    {
      GdkRGBA *c = g_value_get_boxed (&v);

      s = g_strdup_printf ("%.9g %.9g %.9g %.9g", c->red, c->green, c->blue, c->alpha);
    }
  else
    g_assert_not_reached ();
  g_value_unset (&v);
  return s;
}

static void
animate_everything (GskLayer *layer)
{
  GskLayerTransform *t = gsk_layer_transform_rotate (gsk_layer_transform_translate (NULL, 40, 0), 90);

  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 400);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);
  gsk_layer_set_opacity (layer, 0.25f);
  gsk_layer_set_transform (layer, t);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (30, 60));
  gsk_layer_set_size (layer, &GRAPHENE_SIZE_INIT (50, 20));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 1, 0, 0, 0.5f });
  gsk_layer_restore_easing_state (layer);
  gsk_layer_transform_unref (t);
}

static const char *animated_names[] = { "opacity", "transform", "position", "size", "background-color" };

/* Implicit animations are records until someone asks for the object:
 * a layer whose animations became objects mid-flight shows, frame by
 * frame, exactly what its twin that kept records shows */
static void
test_implicit_records_match_objects (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *records = gsk_layer_new (), *objects = gsk_layer_new ();
  GskLayerTransition *t;
  Counts c = { 0, };
  guint completed = 0;
  int frame;
  guint i;

  gsk_layer_add_child (root, records);
  gsk_layer_add_child (root, objects);
  g_signal_connect_swapped (records, "transitions-completed", G_CALLBACK (g_atomic_int_inc), &completed);
  animate_everything (records);
  animate_everything (objects);

  for (frame = 0; frame < 30; frame++)
    {
      if (frame == 5)
        {
          /* Into objects, mid-flight, and still running as before */
          for (i = 0; i < G_N_ELEMENTS (animated_names); i++)
            {
              t = gsk_layer_get_transition (objects, animated_names[i]);
              g_assert_nonnull (t);
              g_assert_true (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (t)));
              g_assert_cmpuint (gsk_layer_timeline_get_duration (GSK_LAYER_TIMELINE (t)), ==, 400);
            }
          count_signals (GSK_LAYER_TIMELINE (gsk_layer_get_transition (objects, "opacity")), &c);
        }

      gsk_layer_manual_clock_advance (manual, 16667);
      for (i = 0; i < G_N_ELEMENTS (animated_names); i++)
        {
          g_autofree char *a = presentation_string (records, animated_names[i]);
          g_autofree char *b = presentation_string (objects, animated_names[i]);

          g_assert_cmpstr (a, ==, b);
        }
      if (frame == 10)
        {
          GskLayerEasing *easing = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN_OUT_CUBIC);

          g_assert_cmpfloat_with_epsilon (presentation_float (records, "opacity"),
                                          1 - 0.75 * gsk_layer_easing_evaluate (easing, 11 * 16.667 / 400),
                                          1e-5);
          gsk_layer_easing_unref (easing);
        }
    }

  /* The promoted one started once, before it was an object: no second
   * "started"; it completed once */
  g_assert_cmpuint (c.started, ==, 0);
  g_assert_cmpuint (c.completed, ==, 1);
  g_assert_cmpuint (completed, ==, 1);

  /* At the end, exactly the model values */
  g_assert_cmpfloat (presentation_float (records, "opacity"), ==, 0.25f);
  {
    g_autofree char *s = presentation_string (records, "transform");

    g_assert_cmpstr (s, ==, "translate(40px, 0px) rotate(90deg)");
  }
  for (i = 0; i < G_N_ELEMENTS (animated_names); i++)
    {
      g_assert_null (gsk_layer_get_transition (records, animated_names[i]));
      g_assert_null (gsk_layer_get_transition (objects, animated_names[i]));
    }

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

typedef struct {
  guint duration, delay;
  GskLayerEasingMode mode;
  float degrees, opacity;
} CohortKind;

static void
start_cohort_animation (GskLayer           *layer,
                        guint               duration,
                        guint               delay,
                        GskLayerEasingMode  mode,
                        float               degrees,
                        float               opacity)
{
  GskLayerTransform *t = gsk_layer_transform_rotate (NULL, degrees);

  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, duration);
  gsk_layer_set_easing_delay (layer, delay);
  gsk_layer_set_easing_mode (layer, mode);
  gsk_layer_set_transform (layer, t);
  gsk_layer_set_opacity (layer, opacity);
  gsk_layer_restore_easing_state (layer);
  gsk_layer_transform_unref (t);
}

/* A tick evaluates an easing once for the records that start alike, and
 * apart for those that do not: layers of four timings interleaved, half
 * of them started a frame later, one rotating past a float's range with
 * an easing that overshoots; each frame they show exactly what twins
 * whose animations were made objects show */
static void
test_implicit_cohorts (void)
{
  static const CohortKind kinds[] = {
    { 400, 0, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC, 90, 0.25f },
    { 250, 100, GSK_LAYER_EASING_LINEAR, -720, 0.5f },
    { 400, 0, GSK_LAYER_EASING_EASE_OUT_BACK, 3.3e38f, 0.75f },
    { 400, 0, GSK_LAYER_EASING_EASE_IN_OUT_CUBIC, 45, 0.f },
  };
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *records[8], *objects[8];
  gboolean clamped = FALSE;
  int frame;
  guint i;

  for (i = 0; i < 8; i++)
    {
      records[i] = gsk_layer_new ();
      objects[i] = gsk_layer_new ();
      gsk_layer_add_child (root, records[i]);
      gsk_layer_add_child (root, objects[i]);
    }

  for (frame = 0; frame < 40; frame++)
    {
      if (frame < 2)
        for (i = 4 * (guint) frame; i < 4 * (guint) frame + 4; i++)
          {
            const CohortKind *k = &kinds[i % 4];

            start_cohort_animation (records[i], k->duration, k->delay, k->mode, k->degrees, k->opacity);
            start_cohort_animation (objects[i], k->duration, k->delay, k->mode, k->degrees, k->opacity);
            g_assert_nonnull (gsk_layer_get_transition (objects[i], "transform"));
            g_assert_nonnull (gsk_layer_get_transition (objects[i], "opacity"));
          }

      gsk_layer_manual_clock_advance (manual, 16667);
      for (i = 0; i < 8; i++)
        {
          g_autofree char *a = presentation_string (records[i], "transform");
          g_autofree char *b = presentation_string (objects[i], "transform");
          g_autofree char *c = presentation_string (records[i], "opacity");
          g_autofree char *d = presentation_string (objects[i], "opacity");

          g_assert_cmpstr (a, ==, b);
          g_assert_cmpstr (c, ==, d);
          clamped |= g_str_equal (a, "rotate(3.4028235e+38deg)");
        }
    }
  /* The overshoot reached past a float, which the rotation kept to */
  g_assert_true (clamped);

  for (i = 0; i < 8; i++)
    {
      g_assert_null (gsk_layer_get_transition (records[i], "transform"));
      g_assert_cmpfloat (presentation_float (records[i], "opacity"), ==, kinds[i % 4].opacity);
    }

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A transform animation rewrites the transform it made in place, but
 * never one that someone else holds */
static void
test_implicit_transform_held_value (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransform *t = gsk_layer_transform_scale (gsk_layer_transform_rotate (NULL, 100), 3, 3);
  GskLayerTransform *held;
  GValue v = G_VALUE_INIT;
  char *before, *after;

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_transform (layer, t);
  g_assert_true (gsk_layer_get_transform (layer) == t);

  gsk_layer_manual_clock_advance (manual, 100 * MS);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  gsk_layer_get_presentation_value (layer, "transform", &v);
  held = g_value_dup_boxed (&v);
  g_value_unset (&v);
  before = gsk_layer_transform_to_string (held);
  g_assert_cmpstr (before, ==, "rotate(20deg) scale(1.4, 1.4)");

  gsk_layer_manual_clock_advance (manual, 100 * MS);
  after = gsk_layer_transform_to_string (held);
  g_assert_cmpstr (after, ==, before);
  g_free (after);
  after = presentation_string (layer, "transform");
  g_assert_cmpstr (after, ==, "rotate(30deg) scale(1.6, 1.6)");
  g_free (after);
  g_free (before);
  gsk_layer_transform_unref (held);

  /* The model never moved */
  g_assert_true (gsk_layer_get_transform (layer) == t);
  after = gsk_layer_transform_to_string (t);
  g_assert_cmpstr (after, ==, "rotate(100deg) scale(3, 3)");
  g_free (after);

  gsk_layer_manual_clock_advance (manual, 1000 * MS);
  g_assert_true (gsk_layer_get_transform (layer) == t);
  gsk_layer_get_presentation_value (layer, "transform", &v);
  g_assert_true (g_value_get_boxed (&v) == t);
  g_value_unset (&v);

  /* A lone rotation, which has a path of its own */
  gsk_layer_transform_unref (t);
  t = gsk_layer_transform_rotate (NULL, 90);
  gsk_layer_restore_easing_state (layer);
  gsk_layer_set_transform (layer, NULL);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_transform (layer, t);
  gsk_layer_manual_clock_advance (manual, 500 * MS);
  gsk_layer_get_presentation_value (layer, "transform", &v);
  held = g_value_dup_boxed (&v);
  g_value_unset (&v);
  before = gsk_layer_transform_to_string (held);
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  after = gsk_layer_transform_to_string (held);
  g_assert_cmpstr (after, ==, before);
  g_free (after);
  g_free (before);
  gsk_layer_transform_unref (held);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  after = presentation_string (layer, "transform");
  g_assert_cmpstr (after, ==, "rotate(76.5deg)");
  g_free (after);

  gsk_layer_restore_easing_state (layer);
  gsk_layer_transform_unref (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Removing an implicit animation leaves the value where it is, and the
 * getter, which returned the end, notifies */
static void
test_implicit_remove_notifies (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  guint notifies = 0;

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_opacity (layer, 0.f);
  gsk_layer_set_z_position (layer, 10.f);
  gsk_layer_manual_clock_advance (manual, 500 * MS);

  g_signal_connect_swapped (layer, "notify::opacity", G_CALLBACK (g_atomic_int_inc), &notifies);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.f);
  gsk_layer_remove_transition (layer, "opacity");
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_cmpfloat_with_epsilon (gsk_layer_get_opacity (layer), 0.5f, 1e-6);
  g_assert_cmpfloat (presentation_float (layer, "opacity"), ==, gsk_layer_get_opacity (layer));

  /* The other one goes on */
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_float (layer, "z-position"), 7.5f, 1e-5);
  g_assert_cmpfloat_with_epsilon (gsk_layer_get_opacity (layer), 0.5f, 1e-6);

  /* Removing all: nothing left, and the next frame changes nothing */
  gsk_layer_remove_all_transitions (layer);
  g_assert_null (gsk_layer_get_transition (layer, "z-position"));
  gsk_layer_manual_clock_advance (manual, 250 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_float (layer, "z-position"), 7.5f, 1e-5);
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, presentation_float (layer, "z-position"));

  gsk_layer_restore_easing_state (layer);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A layer whose redraw requests run application code, which removes
 * animations and layers while the clock ticks them */
#define TEST_TYPE_MEDDLER (test_meddler_get_type ())
G_DECLARE_FINAL_TYPE (TestMeddler, test_meddler, TEST, MEDDLER, GskLayer)

struct _TestMeddler
{
  GskLayer parent_instance;
  GskLayer *victim;      /* its animations go */
  GskLayer *leaver;      /* leaves the tree */
  guint calls;
};

G_DEFINE_FINAL_TYPE (TestMeddler, test_meddler, GSK_TYPE_LAYER)

static gboolean
test_meddler_queue_redraw (GskLayer                    *layer,
                           GskLayer                    *origin,
                           const cairo_rectangle_int_t *area)
{
  TestMeddler *self = TEST_MEDDLER (layer);

  self->calls++;
  if (self->victim)
    {
      gsk_layer_remove_all_transitions (self->victim);
      g_clear_object (&self->victim);
    }
  if (self->leaver)
    {
      GskLayer *leaver = g_steal_pointer (&self->leaver);

      gsk_layer_remove_child (gsk_layer_get_parent (leaver), leaver);
      g_object_unref (leaver);
    }

  return GSK_LAYER_CLASS (test_meddler_parent_class)->queue_redraw (layer, origin, area);
}

static void
test_meddler_class_init (TestMeddlerClass *klass)
{
  GSK_LAYER_CLASS (klass)->queue_redraw = test_meddler_queue_redraw;
}

static void
test_meddler_init (TestMeddler *self)
{
}

static void
test_implicit_changed_while_ticking (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  TestMeddler *meddler = g_object_new (TEST_TYPE_MEDDLER, NULL);
  GskLayer *layers[6];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      layers[i] = g_object_ref_sink (gsk_layer_new ());
      gsk_layer_add_child (root, layers[i]);
    }
  gsk_layer_add_child (root, GSK_LAYER (meddler));

  /* Ticked in order: 0, 1, 2, the meddler, 3, 4, 5 */
  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      if (i == 3)
        {
          gsk_layer_save_easing_state (GSK_LAYER (meddler));
          gsk_layer_set_easing_duration (GSK_LAYER (meddler), 100);
          gsk_layer_set_opacity (GSK_LAYER (meddler), 0.f);
        }
      gsk_layer_save_easing_state (layers[i]);
      gsk_layer_set_easing_duration (layers[i], 100);
      gsk_layer_set_opacity (layers[i], 0.f);
      gsk_layer_set_z_position (layers[i], 5.f);
    }

  /* A frame so that the meddler's request happens inside the tick (the
   * first request of each frame reaches its handler) */
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  {
    GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
    cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32, 32);

    gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (32, 32));
    cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
    cairo_surface_destroy (target);
    g_object_unref (renderer);
  }
  meddler->victim = g_object_ref (layers[4]);
  meddler->leaver = g_object_ref (layers[1]);
  meddler->calls = 0;
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  g_assert_cmpuint (meddler->calls, ==, 1);
  g_assert_null (meddler->victim);
  g_assert_null (meddler->leaver);

  /* The victim stopped where it was; the leaver jumped to its end; the
   * others go on */
  g_assert_null (gsk_layer_get_transition (layers[4], "opacity"));
  g_assert_cmpfloat (gsk_layer_get_opacity (layers[4]), ==, presentation_float (layers[4], "opacity"));
  g_assert_null (gsk_layer_get_parent (layers[1]));
  g_assert_cmpfloat (presentation_float (layers[1], "opacity"), ==, 0.f);
  g_assert_cmpfloat (presentation_float (layers[1], "z-position"), ==, 5.f);
  g_assert_cmpfloat_with_epsilon (presentation_float (layers[5], "opacity"), 1 - gsk_layer_easing_evaluate (gsk_layer_get_easing (layers[5]), 0.2), 1e-5);

  gsk_layer_manual_clock_advance (manual, 100 * MS);
  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    if (i != 4)
      g_assert_cmpfloat (presentation_float (layers[i], "opacity"), ==, 0.f);

  /* Destroyed mid-flight: nothing left behind to tick */
  gsk_layer_set_opacity (layers[5], 1.f);
  gsk_layer_remove_child (root, layers[5]);
  gsk_layer_set_opacity (layers[0], 1.f);
  g_object_run_dispose (G_OBJECT (layers[0]));
  gsk_layer_manual_clock_advance (manual, 10 * MS);

  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      gsk_layer_restore_easing_state (layers[i]);
      g_object_unref (layers[i]);
    }
  gsk_layer_restore_easing_state (GSK_LAYER (meddler));
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Setting the value an animation already goes to changes nothing: the
 * animation keeps its timing (points, sizes and colors by value) */
static void
test_implicit_same_target (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  guint notifies = 0;
  char *s;

  gsk_layer_add_child (root, layer);
  g_signal_connect_swapped (layer, "notify", G_CALLBACK (g_atomic_int_inc), &notifies);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (100, 0));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 1, 1 });
  g_assert_cmpuint (notifies, ==, 2);

  gsk_layer_manual_clock_advance (manual, 500 * MS);
  gsk_layer_set_position (layer, &GRAPHENE_POINT_INIT (100, 0));
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 1, 1 });
  g_assert_cmpuint (notifies, ==, 2);

  gsk_layer_manual_clock_advance (manual, 250 * MS);
  s = presentation_string (layer, "position");
  g_assert_cmpstr (s, ==, "75 0");
  g_free (s);
  s = presentation_string (layer, "background-color");
  g_assert_cmpstr (s, ==, "0 0 1 0.75");
  g_free (s);

  gsk_layer_restore_easing_state (layer);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A plain layer animating under a parent that drops it from its redraw
 * request: the tick holds the layer while it sets it (ASan checks) */
static void
test_implicit_parent_drops_child (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  TestHost *host = g_object_new (TEST_TYPE_HOST, NULL);
  GskLayer *child = gsk_layer_new ();
  GskLayer *other = gsk_layer_new ();
  GskLayerTransform *t = gsk_layer_transform_translate (NULL, 10, 0);

  gsk_layer_add_child (root, GSK_LAYER (host));
  gsk_layer_set_size (GSK_LAYER (host), &GRAPHENE_SIZE_INIT (32, 32));
  gsk_layer_add_child (GSK_LAYER (host), child);
  gsk_layer_set_size (child, &GRAPHENE_SIZE_INIT (10, 10));
  gsk_layer_add_child (GSK_LAYER (host), other);
  gsk_layer_set_size (other, &GRAPHENE_SIZE_INIT (10, 10));
  g_object_add_weak_pointer (G_OBJECT (child), (gpointer *) &child);
  gsk_layer_save_easing_state (child);
  gsk_layer_set_easing_duration (child, 100);
  gsk_layer_set_position (child, &GRAPHENE_POINT_INIT (50, 50));
  gsk_layer_set_transform (child, t);
  gsk_layer_restore_easing_state (child);
  gsk_layer_save_easing_state (other);
  gsk_layer_set_easing_duration (other, 100);
  gsk_layer_set_transform (other, t);
  gsk_layer_restore_easing_state (other);
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  render_frame (root);

  host->remove_origin = TRUE;
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  g_assert_false (host->remove_origin);
  /* The first one the tick set went, in the middle of being set */
  g_assert_null (child);
  g_assert_cmpuint (gsk_layer_get_n_children (GSK_LAYER (host)), ==, 1);

  /* The other one goes on */
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  {
    g_autofree char *s = presentation_string (other, "transform");

    g_assert_cmpstr (s, ==, "translate(10px, 0px)");
  }

  gsk_layer_transform_unref (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Code that runs as an animation sets its last value may start the next
 * animation of the property: it runs */
static void
test_implicit_retarget_at_end (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  TestHost *host = g_object_new (TEST_TYPE_HOST, NULL);
  int frame;

  gsk_layer_add_child (root, GSK_LAYER (host));
  gsk_layer_save_easing_state (GSK_LAYER (host));
  gsk_layer_set_easing_duration (GSK_LAYER (host), 100);
  gsk_layer_set_opacity (GSK_LAYER (host), 0.f);
  gsk_layer_restore_easing_state (GSK_LAYER (host));
  host->ping_pong = TRUE;

  for (frame = 0; frame < 12; frame++)
    {
      render_frame (root);
      gsk_layer_manual_clock_advance (manual, 10 * MS);
    }
  /* Faded out at 100 ms, fading back in since */
  g_assert_false (host->ping_pong);
  g_assert_cmpfloat (gsk_layer_get_opacity (GSK_LAYER (host)), ==, 1.f);
  g_assert_cmpfloat (presentation_float (GSK_LAYER (host), "opacity"), >, 0.f);
  g_assert_nonnull (gsk_layer_get_transition (GSK_LAYER (host), "opacity"));

  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpfloat (presentation_float (GSK_LAYER (host), "opacity"), ==, 1.f);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Asking for the transition object does not change where the property
 * ends: exactly the value set, for a spring as for transforms that
 * interpolate through their matrices */
static void
test_implicit_promoted_ends_exactly (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerEasing *spring = gsk_layer_easing_new_spring (1, 100, 10, 0);
  GskLayerTransform *t = gsk_layer_transform_scale (gsk_layer_transform_translate (NULL, 40, 0), 2, 2);
  GskLayerTransform *from = gsk_layer_transform_rotate (NULL, 10);
  char *s;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_transform (layer, from);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing (layer, spring);
  gsk_layer_set_z_position (layer, 100.f);
  gsk_layer_set_easing_duration (layer, 300);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_EASE_OUT_CUBIC);
  gsk_layer_set_transform (layer, t);
  gsk_layer_restore_easing_state (layer);

  gsk_layer_manual_clock_advance (manual, 50 * MS);
  g_assert_nonnull (gsk_layer_get_transition (layer, "z-position"));
  g_assert_nonnull (gsk_layer_get_transition (layer, "transform"));
  gsk_layer_manual_clock_advance (manual, 5000 * MS);

  g_assert_null (gsk_layer_get_transition (layer, "z-position"));
  g_assert_cmpfloat (gsk_layer_get_z_position (layer), ==, 100.f);
  g_assert_cmpfloat (presentation_float (layer, "z-position"), ==, 100.f);
  s = gsk_layer_transform_to_string (gsk_layer_get_transform (layer));
  g_assert_cmpstr (s, ==, "translate(40px, 0px) scale(2, 2)");
  g_free (s);

  gsk_layer_easing_unref (spring);
  gsk_layer_transform_unref (t);
  gsk_layer_transform_unref (from);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}
/* A child the application holds outlives its destroyed parent: it left
 * the tree with the clock, so its animation ends at its end */
static void
test_implicit_orphaned_by_dispose (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *child = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_add_child (root, child);
  gsk_layer_save_easing_state (child);
  gsk_layer_set_easing_duration (child, 100);
  gsk_layer_set_opacity (child, 0.f);
  gsk_layer_restore_easing_state (child);
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  g_assert_cmpfloat (presentation_float (child, "opacity"), >, 0.f);

  g_assert_finalize_object (root);
  g_assert_null (gsk_layer_get_parent (child));
  g_assert_null (gsk_layer_get_transition (child, "opacity"));
  g_assert_cmpfloat (presentation_float (child, "opacity"), ==, 0.f);
  g_assert_cmpfloat (gsk_layer_get_opacity (child), ==, 0.f);

  g_assert_finalize_object (child);
  g_assert_finalize_object (clock);
}

/* A child-transform marks every child; a child may leave (and die) from
 * its redraw request meanwhile, and the others are still marked */
static void
test_child_transform_child_leaves (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *parent = gsk_layer_new ();
  TestHost *leaver = g_object_new (TEST_TYPE_HOST, NULL);
  GskLayer *stayer = gsk_layer_new ();
  GskLayerTransform *t = gsk_layer_transform_rotate (NULL, 30);
  graphene_rect_t before, after;

  gsk_layer_add_child (root, parent);
  gsk_layer_set_size (parent, &GRAPHENE_SIZE_INIT (20, 20));
  gsk_layer_add_child (parent, GSK_LAYER (leaver));
  gsk_layer_add_child (parent, stayer);
  gsk_layer_set_size (stayer, &GRAPHENE_SIZE_INIT (10, 10));
  g_object_add_weak_pointer (G_OBJECT (leaver), (gpointer *) &leaver);
  render_frame (root);
  gsk_layer_get_transformed_bounds (stayer, root, &before);

  leaver->leave = TRUE;
  gsk_layer_set_child_transform (parent, t);
  g_assert_null (leaver);
  g_assert_cmpuint (gsk_layer_get_n_children (parent), ==, 1);
  gsk_layer_get_transformed_bounds (stayer, root, &after);
  g_assert_false (graphene_rect_equal (&before, &after));

  /* The same, animated: the record sets the child-transform */
  leaver = g_object_new (TEST_TYPE_HOST, NULL);
  gsk_layer_add_child (parent, GSK_LAYER (leaver));
  g_object_add_weak_pointer (G_OBJECT (leaver), (gpointer *) &leaver);
  gsk_layer_save_easing_state (parent);
  gsk_layer_set_easing_duration (parent, 100);
  gsk_layer_set_child_transform (parent, NULL);
  gsk_layer_restore_easing_state (parent);
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  render_frame (root);
  leaver->leave = TRUE;
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  g_assert_null (leaver);
  g_assert_cmpuint (gsk_layer_get_n_children (parent), ==, 1);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_null (gsk_layer_get_child_transform (parent));

  gsk_layer_transform_unref (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/animation/implicit/basic", test_implicit_animation);
  g_test_add_func ("/animation/implicit/retarget", test_retarget_without_jump);
  g_test_add_func ("/animation/implicit/no-op", test_implicit_no_op);
  g_test_add_func ("/animation/implicit/spring-retarget", test_spring_retarget_keeps_velocity);
  g_test_add_func ("/animation/implicit/records-match-objects", test_implicit_records_match_objects);
  g_test_add_func ("/animation/implicit/cohorts", test_implicit_cohorts);
  g_test_add_func ("/animation/implicit/transform-held-value", test_implicit_transform_held_value);
  g_test_add_func ("/animation/implicit/remove-notifies", test_implicit_remove_notifies);
  g_test_add_func ("/animation/implicit/changed-while-ticking", test_implicit_changed_while_ticking);
  g_test_add_func ("/animation/implicit/same-target", test_implicit_same_target);
  g_test_add_func ("/animation/implicit/parent-drops-child", test_implicit_parent_drops_child);
  g_test_add_func ("/animation/implicit/retarget-at-end", test_implicit_retarget_at_end);
  g_test_add_func ("/animation/implicit/promoted-ends-exactly", test_implicit_promoted_ends_exactly);
  g_test_add_func ("/animation/implicit/orphaned-by-dispose", test_implicit_orphaned_by_dispose);
  g_test_add_func ("/animation/implicit/child-transform-child-leaves", test_child_transform_child_leaves);

  return g_test_run ();
}
