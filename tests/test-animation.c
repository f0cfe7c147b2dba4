/* test-animation.c: frame clocks, timelines, transitions, implicit
 * animations — frame by frame on a manual clock
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

#define MS 1000

typedef struct {
  guint started;
  guint completed;
  guint stopped;
  gboolean last_finished;
  guint frames;
} Counts;

static void
on_started (GskLayerTimeline *t,
            Counts           *c)
{
  c->started++;
}

static void
on_completed (GskLayerTimeline *t,
              Counts           *c)
{
  c->completed++;
}

static void
on_stopped (GskLayerTimeline *t,
            gboolean          finished,
            Counts           *c)
{
  c->stopped++;
  c->last_finished = finished;
}

static void
on_new_frame (GskLayerTimeline *t,
              double            progress,
              Counts           *c)
{
  c->frames++;
}

static void
count_signals (GskLayerTimeline *t,
               Counts           *c)
{
  g_signal_connect (t, "started", G_CALLBACK (on_started), c);
  g_signal_connect (t, "completed", G_CALLBACK (on_completed), c);
  g_signal_connect (t, "stopped", G_CALLBACK (on_stopped), c);
  g_signal_connect (t, "new-frame", G_CALLBACK (on_new_frame), c);
}

static void
test_manual_clock (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);

  g_assert_cmpint (gsk_layer_frame_clock_get_frame_time (clock), ==, 0);
  gsk_layer_frame_clock_request_frame (clock);
  g_assert_true (gsk_layer_manual_clock_get_frame_requested (manual));
  gsk_layer_manual_clock_advance (manual, 16 * MS);
  g_assert_cmpint (gsk_layer_frame_clock_get_frame_time (clock), ==, 16 * MS);
  g_assert_false (gsk_layer_manual_clock_get_frame_requested (manual));

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*time_us >= self->time*");
  gsk_layer_manual_clock_set_time (manual, 0);
  g_test_assert_expected_messages ();
  g_assert_cmpint (gsk_layer_frame_clock_get_frame_time (clock), ==, 16 * MS);

  g_assert_finalize_object (clock);
}

static void
test_timeline_linear (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayerTimeline *t = gsk_layer_timeline_new (clock, 1000);
  Counts c = { 0, };

  count_signals (t, &c);
  gsk_layer_timeline_start (t);
  g_assert_true (gsk_layer_timeline_is_playing (t));
  g_assert_true (gsk_layer_manual_clock_get_frame_requested (manual));

  gsk_layer_manual_clock_advance (manual, 250 * MS);
  g_assert_cmpuint (c.started, ==, 1);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.25, 1e-9);
  gsk_layer_manual_clock_advance (manual, 500 * MS);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.75, 1e-9);
  g_assert_cmpuint (c.completed, ==, 0);
  gsk_layer_manual_clock_advance (manual, 300 * MS);
  g_assert_cmpfloat (gsk_layer_timeline_get_progress (t), ==, 1.0);
  g_assert_cmpuint (c.completed, ==, 1);
  g_assert_cmpuint (c.stopped, ==, 1);
  g_assert_true (c.last_finished);
  g_assert_false (gsk_layer_timeline_is_playing (t));
  g_assert_cmpuint (c.frames, ==, 3);

  /* Nothing more happens */
  gsk_layer_manual_clock_advance (manual, 300 * MS);
  g_assert_cmpuint (c.frames, ==, 3);

  g_assert_finalize_object (t);
  g_assert_finalize_object (clock);
}

static void
test_timeline_delay_repeat_reverse (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayerTimeline *t = gsk_layer_timeline_new (clock, 100);
  Counts c = { 0, };

  count_signals (t, &c);
  gsk_layer_timeline_set_delay (t, 50);
  gsk_layer_timeline_set_repeat_count (t, 2);
  gsk_layer_timeline_set_auto_reverse (t, TRUE);
  gsk_layer_timeline_start (t);

  gsk_layer_manual_clock_advance (manual, 40 * MS);
  g_assert_cmpuint (c.started, ==, 0);
  g_assert_cmpuint (c.frames, ==, 0);

  gsk_layer_manual_clock_advance (manual, 35 * MS);    /* 25 ms in */
  g_assert_cmpuint (c.started, ==, 1);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.25, 1e-9);
  g_assert_cmpint (gsk_layer_timeline_get_current_repeat (t), ==, 0);

  gsk_layer_manual_clock_advance (manual, 100 * MS);   /* 125: second run, backward */
  g_assert_cmpint (gsk_layer_timeline_get_current_repeat (t), ==, 1);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.75, 1e-9);

  gsk_layer_manual_clock_advance (manual, 100 * MS);   /* 225: third run, forward */
  g_assert_cmpint (gsk_layer_timeline_get_current_repeat (t), ==, 2);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.25, 1e-9);
  g_assert_cmpuint (c.completed, ==, 0);

  gsk_layer_manual_clock_advance (manual, 100 * MS);   /* 325: past the end */
  g_assert_cmpuint (c.completed, ==, 1);
  g_assert_cmpfloat (gsk_layer_timeline_get_progress (t), ==, 1.0);

  g_assert_finalize_object (t);
  g_assert_finalize_object (clock);
}

static void
test_timeline_backward_forever_pause_seek (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayerTimeline *t = gsk_layer_timeline_new (clock, 200);
  Counts c = { 0, };

  count_signals (t, &c);
  gsk_layer_timeline_set_direction (t, GSK_LAYER_TIMELINE_BACKWARD);
  gsk_layer_timeline_set_repeat_count (t, -1);
  gsk_layer_timeline_start (t);

  gsk_layer_manual_clock_advance (manual, 50 * MS);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.75, 1e-9);
  gsk_layer_manual_clock_advance (manual, 1000 * MS);  /* 1050 = 5 runs + 50 */
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.75, 1e-9);
  g_assert_cmpint (gsk_layer_timeline_get_current_repeat (t), ==, 5);
  g_assert_true (gsk_layer_timeline_is_playing (t));

  gsk_layer_timeline_pause (t);
  gsk_layer_manual_clock_advance (manual, 5000 * MS);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.75, 1e-9);
  gsk_layer_timeline_start (t);                        /* resumes */
  gsk_layer_manual_clock_advance (manual, 50 * MS);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.5, 1e-9);

  gsk_layer_timeline_seek (t, 150);
  gsk_layer_manual_clock_advance (manual, 0);
  g_assert_cmpfloat_with_epsilon (gsk_layer_timeline_get_progress (t), 0.25, 1e-9);

  gsk_layer_timeline_stop (t);
  g_assert_cmpuint (c.stopped, ==, 1);
  g_assert_false (c.last_finished);
  g_assert_cmpuint (c.completed, ==, 0);

  g_assert_finalize_object (t);
  g_assert_finalize_object (clock);
}

static GskLayer *
root_with_clock (GskLayerFrameClock *clock)
{
  GskLayer *root = g_object_ref_sink (gsk_layer_new ());

  gsk_layer_set_size (root, &GRAPHENE_SIZE_INIT (100, 100));
  gsk_layer_set_frame_clock (root, clock);

  return root;
}

static float
presentation_opacity (GskLayer *layer)
{
  GValue v = G_VALUE_INIT;
  float f;

  g_assert_true (gsk_layer_get_presentation_value (layer, "opacity", &v));
  f = g_value_get_float (&v);
  g_value_unset (&v);

  return f;
}

static void
test_explicit_property_transition (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t;
  GError *error = NULL;
  guint completed = 0;

  gsk_layer_add_child (root, layer);
  t = gsk_layer_property_transition_new ("opacity", &error);
  g_assert_no_error (error);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 400);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 1.0f);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.2f);
  g_signal_connect_swapped (layer, "transitions-completed", G_CALLBACK (g_nullify_pointer), &completed);
  completed = 1;

  gsk_layer_add_transition (layer, "fade", t);
  g_assert_true (gsk_layer_get_transition (layer, "fade") == t);
  g_assert_true (gsk_layer_transition_get_layer (t) == layer);

  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.8, 1e-6);
  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.4, 1e-6);
  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.2, 1e-6);
  g_assert_cmpfloat_with_epsilon (gsk_layer_get_opacity (layer), 0.2, 1e-6);
  /* Removed on completion, and the layer said so */
  g_assert_null (gsk_layer_get_transition (layer, "fade"));
  g_assert_cmpuint (completed, ==, 0);

  g_assert_finalize_object (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

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

static void
test_transform_interpolation (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransform *from = NULL, *to = NULL;
  GskLayerTransition *t;
  GValue v = G_VALUE_INIT;
  char *text;

  gsk_layer_add_child (root, layer);
  g_assert_true (gsk_layer_transform_parse ("rotate(0deg)", &from, NULL));
  g_assert_true (gsk_layer_transform_parse ("rotate(720deg)", &to, NULL));

  /* Matching lists go operation by operation: two full turns */
  t = gsk_layer_property_transition_new ("transform", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 1000);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (t), GSK_TYPE_LAYER_TRANSFORM, from);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), GSK_TYPE_LAYER_TRANSFORM, to);
  gsk_layer_add_transition (layer, "spin", t);
  g_object_unref (t);

  gsk_layer_manual_clock_advance (manual, 250 * MS);
  gsk_layer_get_presentation_value (layer, "transform", &v);
  text = gsk_layer_transform_to_string (g_value_get_boxed (&v));
  g_assert_cmpstr (text, ==, "rotate(180deg)");
  g_free (text);
  g_value_unset (&v);

  gsk_layer_transform_unref (from);
  gsk_layer_transform_unref (to);

  /* Lists that differ go through the matrices */
  g_assert_true (gsk_layer_transform_parse ("translate(100px, 0)", &from, NULL));
  g_assert_true (gsk_layer_transform_parse ("scale(2)", &to, NULL));
  t = gsk_layer_property_transition_new ("transform", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 1000);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (t), GSK_TYPE_LAYER_TRANSFORM, from);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), GSK_TYPE_LAYER_TRANSFORM, to);
  gsk_layer_add_transition (layer, "spin", t);
  g_object_unref (t);

  gsk_layer_manual_clock_advance (manual, 500 * MS);
  gsk_layer_get_presentation_value (layer, "transform", &v);
  {
    graphene_matrix_t m;
    graphene_point3d_t p;

    gsk_layer_transform_to_matrix (g_value_get_boxed (&v), &m);
    graphene_matrix_transform_point3d (&m, &GRAPHENE_POINT3D_INIT (1, 0, 0), &p);
    /* Halfway: translate 50, scale 1.5 */
    g_assert_cmpfloat_with_epsilon (p.x, 51.5, 1e-3);
  }
  g_value_unset (&v);

  gsk_layer_transform_unref (from);
  gsk_layer_transform_unref (to);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static void
test_color_premultiplied (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GValue v = G_VALUE_INIT;
  const GdkRGBA *c;

  gsk_layer_add_child (root, layer);
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 1, 0, 0, 1 });
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_mode (layer, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_easing_duration (layer, 100);
  /* To transparent blue: premultiplied, red fades without turning
   * purple */
  gsk_layer_set_background_color (layer, &(GdkRGBA) { 0, 0, 1, 0 });
  gsk_layer_restore_easing_state (layer);
  gsk_layer_manual_clock_advance (manual, 50 * MS);

  gsk_layer_get_presentation_value (layer, "background-color", &v);
  c = g_value_get_boxed (&v);
  g_assert_cmpfloat_with_epsilon (c->red, 1.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (c->blue, 0.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (c->alpha, 0.5, 1e-6);
  g_value_unset (&v);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static void
test_bad_input (void)
{
  GError *error = NULL;
  GskLayerTransition *t;
  GskLayer *layer = g_object_ref_sink (gsk_layer_new ());

  t = gsk_layer_property_transition_new ("no-such-thing", &error);
  g_assert_null (t);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNKNOWN_PROPERTY);
  g_clear_error (&error);

  t = gsk_layer_property_transition_new ("name", &error);
  g_assert_null (t);
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_clear_error (&error);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*save_easing_state*");
  gsk_layer_set_easing_duration (layer, 100);
  g_test_assert_expected_messages ();

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*no easing state*");
  gsk_layer_restore_easing_state (layer);
  g_test_assert_expected_messages ();

  t = gsk_layer_property_transition_new ("opacity", NULL);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*out of range*");
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 7.0f);
  g_test_assert_expected_messages ();
  g_assert_false (gsk_layer_property_transition_get_to_value (GSK_LAYER_PROPERTY_TRANSITION (t), &(GValue) G_VALUE_INIT));
  g_object_unref (t);

  g_assert_finalize_object (layer);
}

/* Transitions never keep layers alive; destroying or removing an
 * animating layer stops its transitions */
static void
test_lifetimes (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t;
  Counts c = { 0, };

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_opacity (layer, 0.f);
  t = g_object_ref (gsk_layer_get_transition (layer, "opacity"));
  count_signals (GSK_LAYER_TIMELINE (t), &c);
  gsk_layer_manual_clock_advance (manual, 100 * MS);

  /* Removed from the tree with the clock: stopped, gone */
  g_object_ref (layer);
  gsk_layer_remove_child (root, layer);
  g_assert_cmpuint (c.stopped, ==, 1);
  g_assert_false (c.last_finished);
  g_assert_null (gsk_layer_get_transition (layer, "opacity"));
  g_assert_null (gsk_layer_transition_get_layer (t));
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_finalize_object (layer);
  g_object_unref (t);

  /* Destroyed while animating */
  layer = gsk_layer_new ();
  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 1000);
  gsk_layer_set_opacity (layer, 0.f);
  t = g_object_ref (gsk_layer_get_transition (layer, "opacity"));
  gsk_layer_remove_child (root, layer);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_false (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (t)));
  g_assert_finalize_object (t);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static void
test_keyframes (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t;
  GskLayerEasing *ease_in = gsk_layer_easing_new (GSK_LAYER_EASING_EASE_IN_QUAD);
  GValue v = G_VALUE_INIT;
  GError *error = NULL;

  gsk_layer_add_child (root, layer);
  t = gsk_layer_keyframe_transition_new ("opacity", &error);
  g_assert_no_error (error);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 1000);
  g_value_init (&v, G_TYPE_FLOAT);

  g_value_set_float (&v, 1.0f);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 0.0, &v, NULL, &error));
  g_value_set_float (&v, 0.2f);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 0.4, &v, NULL, &error));
  g_value_set_float (&v, 0.6f);
  /* The last segment eases in: quadratic */
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 1.0, &v, ease_in, &error));
  g_assert_no_error (error);

  /* Out of order: refused, nothing changed */
  g_value_set_float (&v, 0.3f);
  g_assert_false (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 0.5, &v, NULL, &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  g_assert_cmpuint (gsk_layer_keyframe_transition_get_n_keys (GSK_LAYER_KEYFRAME_TRANSITION (t)), ==, 3);
  g_value_unset (&v);

  gsk_layer_add_transition (layer, "pulse", t);
  g_assert_cmpfloat_with_epsilon (gsk_layer_get_opacity (layer), 0.6, 1e-6);

  gsk_layer_manual_clock_advance (manual, 200 * MS);   /* halfway to the 0.4 key */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.6, 1e-6);
  gsk_layer_manual_clock_advance (manual, 200 * MS);   /* at the key */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.2, 1e-6);
  gsk_layer_manual_clock_advance (manual, 300 * MS);   /* half the last segment, eased in: 0.25 */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.2 + 0.4 * 0.25, 1e-6);
  gsk_layer_manual_clock_advance (manual, 300 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.6, 1e-6);

  gsk_layer_easing_unref (ease_in);
  g_assert_finalize_object (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

static void
test_group (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *group = gsk_layer_transition_group_new ();
  GskLayerTransition *fade = gsk_layer_property_transition_new ("opacity", NULL);
  GskLayerTransition *move = gsk_layer_property_transition_new ("z-position", NULL);
  Counts c = { 0, };
  GValue v = G_VALUE_INIT;

  gsk_layer_add_child (root, layer);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (fade), 400);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (fade), G_TYPE_FLOAT, 0.0f);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (move), 200);
  gsk_layer_timeline_set_delay (GSK_LAYER_TIMELINE (move), 400);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (move), G_TYPE_FLOAT, 10.0f);
  gsk_layer_transition_group_add_transition (GSK_LAYER_TRANSITION_GROUP (group), fade);
  gsk_layer_transition_group_add_transition (GSK_LAYER_TRANSITION_GROUP (group), move);
  g_assert_cmpuint (gsk_layer_transition_group_get_n_transitions (GSK_LAYER_TRANSITION_GROUP (group)), ==, 2);
  /* As long as its longest member */
  g_assert_cmpuint (gsk_layer_timeline_get_duration (GSK_LAYER_TIMELINE (group)), ==, 600);

  count_signals (GSK_LAYER_TIMELINE (group), &c);
  gsk_layer_add_transition (layer, "both", group);
  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.5, 1e-6);
  gsk_layer_get_presentation_value (layer, "z-position", &v);
  g_assert_cmpfloat (g_value_get_float (&v), ==, 0);
  g_value_unset (&v);

  gsk_layer_manual_clock_advance (manual, 300 * MS);   /* 500: fade done, move halfway */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.0, 1e-6);
  gsk_layer_get_presentation_value (layer, "z-position", &v);
  g_assert_cmpfloat_with_epsilon (g_value_get_float (&v), 5, 1e-4);
  g_value_unset (&v);

  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpuint (c.completed, ==, 1);
  g_assert_null (gsk_layer_get_transition (layer, "both"));

  g_object_unref (fade);
  g_object_unref (move);
  g_assert_finalize_object (group);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* Callbacks may add and remove layers and transitions while the clock
 * ticks */
static void
on_completed_remove_layer (GskLayerTimeline *t,
                           GskLayer         *layer)
{
  GskLayer *parent = gsk_layer_get_parent (layer);
  GskLayer *newcomer = gsk_layer_new ();

  gsk_layer_remove_child (parent, layer);
  gsk_layer_add_child (parent, newcomer);
  gsk_layer_save_easing_state (newcomer);
  gsk_layer_set_easing_duration (newcomer, 100);
  gsk_layer_set_opacity (newcomer, 0.5f);
  gsk_layer_restore_easing_state (newcomer);
}

static void
test_callbacks_change_tree (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayer *newcomer;
  GskLayerTransition *t = gsk_layer_property_transition_new ("opacity", NULL);

  gsk_layer_add_child (root, layer);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.0f);
  g_signal_connect (t, "completed", G_CALLBACK (on_completed_remove_layer), layer);
  gsk_layer_add_transition (layer, "fade", t);
  g_object_unref (t);

  gsk_layer_manual_clock_advance (manual, 150 * MS);
  newcomer = gsk_layer_get_first_child (root);
  g_assert_true (newcomer != layer);
  g_assert_nonnull (gsk_layer_get_transition (newcomer, "opacity"));
  gsk_layer_manual_clock_advance (manual, 50 * MS);
  /* Half way, ease-out-cubic by default: 1 - 0.5³ of the way */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (newcomer), 1.0 - 0.5 * 0.875, 1e-6);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_cmpfloat (presentation_opacity (newcomer), ==, 0.5f);

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

/* A "completed" handler may start the transition again */
static void
restart_on_completed (GskLayerTimeline *t,
                      gpointer          data)
{
  gsk_layer_timeline_start (t);
}

static void
test_restart_in_completed (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t = gsk_layer_property_transition_new ("opacity", NULL);

  gsk_layer_add_child (root, layer);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 1.0f);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.0f);
  g_signal_connect (t, "completed", G_CALLBACK (restart_on_completed), NULL);
  gsk_layer_add_transition (layer, "loop", t);

  gsk_layer_manual_clock_advance (manual, 100 * MS);   /* completes, restarts */
  g_assert_true (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (t)));
  g_assert_true (gsk_layer_get_transition (layer, "loop") == t);
  gsk_layer_manual_clock_advance (manual, 50 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.5, 1e-6);

  g_signal_handlers_disconnect_by_func (t, restart_on_completed, NULL);
  g_object_unref (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

/* A group learns its members' durations when it starts, and its own
 * repeats replay them */
static void
test_group_setup_after_add_and_repeat (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *group = gsk_layer_transition_group_new ();
  GskLayerTransition *fade = gsk_layer_property_transition_new ("opacity", NULL);
  GskLayerTransition *other = gsk_layer_transition_group_new ();

  gsk_layer_add_child (root, layer);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (fade), G_TYPE_FLOAT, 0.0f);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (fade), G_TYPE_FLOAT, 1.0f);
  gsk_layer_transition_group_add_transition (GSK_LAYER_TRANSITION_GROUP (group), fade);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (fade), 100);   /* after adding */
  gsk_layer_timeline_set_repeat_count (GSK_LAYER_TIMELINE (group), 1);

  /* No cycles */
  gsk_layer_transition_group_add_transition (GSK_LAYER_TRANSITION_GROUP (other), group);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*group_contains*");
  gsk_layer_transition_group_add_transition (GSK_LAYER_TRANSITION_GROUP (group), other);
  g_test_assert_expected_messages ();
  gsk_layer_transition_group_remove_transition (GSK_LAYER_TRANSITION_GROUP (other), group);

  gsk_layer_add_transition (layer, "both", group);
  gsk_layer_manual_clock_advance (manual, 50 * MS);
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.5, 1e-6);
  gsk_layer_manual_clock_advance (manual, 100 * MS);   /* second run, half way */
  g_assert_cmpfloat_with_epsilon (presentation_opacity (layer), 0.5, 1e-6);
  g_assert_true (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (group)));
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_false (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (group)));

  g_object_unref (fade);
  g_object_unref (other);
  g_assert_finalize_object (group);
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

/* A finished transition kept on its layer does not replay when the
 * tree gets another clock */
static void
test_kept_transition_no_replay (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerFrameClock *clock2 = gsk_layer_manual_clock_new ();
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t = gsk_layer_property_transition_new ("opacity", NULL);

  gsk_layer_add_child (root, layer);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.0f);
  gsk_layer_transition_set_remove_on_complete (t, FALSE);
  gsk_layer_add_transition (layer, "fade", t);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 200 * MS);
  g_assert_false (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (t)));
  g_assert_true (gsk_layer_get_transition (layer, "fade") == t);

  gsk_layer_set_frame_clock (root, clock2);
  g_assert_false (gsk_layer_timeline_is_playing (GSK_LAYER_TIMELINE (t)));
  g_assert_cmpfloat (presentation_opacity (layer), ==, 0.0f);

  g_object_unref (t);
  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
  g_assert_finalize_object (clock2);
}

/* A subclass's own properties animate too */
#define TEST_TYPE_GLOW (test_glow_get_type ())
G_DECLARE_FINAL_TYPE (TestGlow, test_glow, TEST, GLOW, GskLayer)

struct _TestGlow
{
  GskLayer parent_instance;
  float glow;
};

G_DEFINE_FINAL_TYPE (TestGlow, test_glow, GSK_TYPE_LAYER)

static void
test_glow_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  g_value_set_float (value, TEST_GLOW (object)->glow);
}

static void
test_glow_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TEST_GLOW (object)->glow = g_value_get_float (value);
}

static void
test_glow_class_init (TestGlowClass *klass)
{
  G_OBJECT_CLASS (klass)->get_property = test_glow_get_property;
  G_OBJECT_CLASS (klass)->set_property = test_glow_set_property;
  g_object_class_install_property (G_OBJECT_CLASS (klass), 1,
                                   g_param_spec_float ("glow", NULL, NULL, 0, 10, 0, G_PARAM_READWRITE));
}

static void
test_glow_init (TestGlow *self)
{
}

static void
test_subclass_property (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  TestGlow *glow = g_object_new (TEST_TYPE_GLOW, NULL);
  GskLayerTransition *t;
  GError *error = NULL;

  gsk_layer_add_child (root, GSK_LAYER (glow));

  /* GskLayer itself has no such property */
  g_assert_null (gsk_layer_property_transition_new ("glow", &error));
  g_assert_error (error, GSK_LAYER_ERROR, GSK_LAYER_ERROR_UNKNOWN_PROPERTY);
  g_clear_error (&error);

  t = gsk_layer_property_transition_new_for_type (TEST_TYPE_GLOW, "glow", &error);
  g_assert_no_error (error);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 8.0f);
  gsk_layer_add_transition (GSK_LAYER (glow), "glow", t);
  g_object_unref (t);

  gsk_layer_manual_clock_advance (manual, 25 * MS);
  g_assert_cmpfloat_with_epsilon (glow->glow, 2.0, 1e-5);
  gsk_layer_manual_clock_advance (manual, 100 * MS);
  g_assert_cmpfloat_with_epsilon (glow->glow, 8.0, 1e-5);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}


static float
presentation_float (GskLayer   *layer,
                    const char *name)
{
  GValue v = G_VALUE_INIT;
  float f;

  g_assert_true (gsk_layer_get_presentation_value (layer, name, &v));
  f = g_value_get_float (&v);
  g_value_unset (&v);
  return f;
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


/* Explicit transitions set the model value, and say so */
static void
test_explicit_model_notifies (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t;
  GError *error = NULL;
  GValue v = G_VALUE_INIT;
  guint notifies = 0;

  gsk_layer_add_child (root, layer);
  g_signal_connect_swapped (layer, "notify::opacity", G_CALLBACK (g_atomic_int_inc), &notifies);

  t = gsk_layer_property_transition_new ("opacity", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.5f);
  gsk_layer_add_transition (layer, "fade", t);
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_object_unref (t);

  /* Keys added after the transition is on the layer: the last one is
   * the end, and the model follows */
  gsk_layer_remove_transition (layer, "fade");
  g_assert_cmpuint (notifies, ==, 2);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 1.f);
  t = gsk_layer_keyframe_transition_new ("opacity", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_add_transition (layer, "keys", t);
  g_assert_cmpuint (notifies, ==, 2);
  g_value_init (&v, G_TYPE_FLOAT);
  g_value_set_float (&v, 1.f);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 0.0, &v, NULL, &error));
  g_value_set_float (&v, 0.2f);
  g_assert_true (gsk_layer_keyframe_transition_add_key (GSK_LAYER_KEYFRAME_TRANSITION (t), 1.0, &v, NULL, &error));
  g_assert_no_error (error);
  g_value_unset (&v);
  g_assert_cmpuint (notifies, ==, 3);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.2f);
  g_object_unref (t);

  gsk_layer_manual_clock_advance (manual, 200 * MS);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.2f);

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


static void
render_frame (GskLayer *root)
{
  GskLayerRenderer *renderer = gsk_layer_software_renderer_new ();
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32, 32);

  cairo_region_destroy (gsk_layer_renderer_render (renderer, root, target));
  cairo_surface_destroy (target);
  g_object_unref (renderer);
}

/* A parent whose redraw request (application code) removes a child, or
 * whose child's opacity animation starts the next one when it ends */
#define TEST_TYPE_HOST (test_host_get_type ())
G_DECLARE_FINAL_TYPE (TestHost, test_host, TEST, HOST, GskLayer)

struct _TestHost
{
  GskLayer parent_instance;
  gboolean remove_origin;   /* remove the child whose request comes up */
  gboolean ping_pong;       /* fade back in when its own opacity hits 0 */
  gboolean leave;           /* leave its parent at its own next request */
  GskLayerManualClock *advance;  /* moves this clock at its own next request */
};

G_DEFINE_FINAL_TYPE (TestHost, test_host, GSK_TYPE_LAYER)

static gboolean
test_host_queue_redraw (GskLayer                    *layer,
                        GskLayer                    *origin,
                        const cairo_rectangle_int_t *area)
{
  TestHost *self = TEST_HOST (layer);

  if (self->remove_origin && origin != layer && gsk_layer_get_parent (origin) == layer)
    {
      self->remove_origin = FALSE;
      /* Drops the last reference of the layer being set */
      gsk_layer_remove_child (layer, origin);
    }
  if (self->advance && origin == layer)
    gsk_layer_manual_clock_advance (g_steal_pointer (&self->advance), 30 * MS);
  if (self->leave && origin == layer && gsk_layer_get_parent (layer) != NULL)
    {
      self->leave = FALSE;
      /* Drops the last reference: chain up with one of our own */
      g_object_ref (layer);
      gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
      GSK_LAYER_CLASS (test_host_parent_class)->queue_redraw (layer, origin, area);
      g_object_unref (layer);
      return FALSE;
    }
  if (self->ping_pong && origin == layer && presentation_float (layer, "opacity") == 0.f)
    {
      self->ping_pong = FALSE;
      gsk_layer_save_easing_state (layer);
      gsk_layer_set_easing_duration (layer, 100);
      gsk_layer_set_opacity (layer, 1.f);
      gsk_layer_restore_easing_state (layer);
    }

  return GSK_LAYER_CLASS (test_host_parent_class)->queue_redraw (layer, origin, area);
}

static void
test_host_class_init (TestHostClass *klass)
{
  GSK_LAYER_CLASS (klass)->queue_redraw = test_host_queue_redraw;
}

static void
test_host_init (TestHost *self)
{
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

/* An explicit transition of a property takes over from its implicit
 * animation, and the getter says where it goes now */
static void
test_explicit_over_implicit (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  GskLayer *layer = gsk_layer_new ();
  GskLayerTransition *t;
  guint notifies = 0;

  gsk_layer_add_child (root, layer);
  gsk_layer_save_easing_state (layer);
  gsk_layer_set_easing_duration (layer, 100);
  gsk_layer_set_opacity (layer, 0.f);
  gsk_layer_restore_easing_state (layer);
  gsk_layer_manual_clock_advance (manual, 10 * MS);

  g_signal_connect_swapped (layer, "notify::opacity", G_CALLBACK (g_atomic_int_inc), &notifies);
  t = gsk_layer_property_transition_new ("opacity", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 300);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 0.5f);
  gsk_layer_add_transition (layer, "fade", t);
  g_object_unref (t);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpuint (notifies, ==, 1);
  g_assert_null (gsk_layer_get_transition (layer, "opacity"));

  gsk_layer_manual_clock_advance (manual, 400 * MS);
  g_assert_cmpfloat (gsk_layer_get_opacity (layer), ==, 0.5f);
  g_assert_cmpfloat (presentation_float (layer, "opacity"), ==, 0.5f);
  g_assert_cmpuint (notifies, ==, 1);

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


/* A callback inside a tick moves the clock: when the outer tick returns,
 * every animation, record or timeline, shows the clock's time */
static void
test_nested_tick (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = root_with_clock (clock);
  TestHost *mover = g_object_new (TEST_TYPE_HOST, NULL);
  GskLayer *before = gsk_layer_new (), *after = gsk_layer_new ();
  GskLayer *layers[3] = { before, GSK_LAYER (mover), after };
  GskLayerTransition *t;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    {
      gsk_layer_add_child (root, layers[i]);
      gsk_layer_save_easing_state (layers[i]);
      gsk_layer_set_easing_duration (layers[i], 100);
      gsk_layer_set_easing_mode (layers[i], GSK_LAYER_EASING_LINEAR);
      gsk_layer_set_opacity (layers[i], 0.f);
      gsk_layer_restore_easing_state (layers[i]);
    }
  t = gsk_layer_property_transition_new ("z-position", NULL);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (t), 100);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (t), G_TYPE_FLOAT, 100.f);
  gsk_layer_add_transition (after, "lift", t);
  g_object_unref (t);
  render_frame (root);

  mover->advance = manual;
  gsk_layer_manual_clock_advance (manual, 10 * MS);
  g_assert_null (mover->advance);
  g_assert_cmpint (gsk_layer_frame_clock_get_frame_time (clock), ==, 40 * MS);
  for (i = 0; i < G_N_ELEMENTS (layers); i++)
    g_assert_cmpfloat_with_epsilon (presentation_float (layers[i], "opacity"), 0.6f, 1e-6);
  g_assert_cmpfloat_with_epsilon (presentation_float (after, "z-position"), 40.f, 1e-4);

  g_assert_finalize_object (root);
  g_assert_finalize_object (clock);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/animation/clock/manual", test_manual_clock);
  g_test_add_func ("/animation/timeline/linear", test_timeline_linear);
  g_test_add_func ("/animation/timeline/delay-repeat-reverse", test_timeline_delay_repeat_reverse);
  g_test_add_func ("/animation/timeline/backward-forever-pause-seek", test_timeline_backward_forever_pause_seek);
  g_test_add_func ("/animation/transition/explicit", test_explicit_property_transition);
  g_test_add_func ("/animation/transition/transform", test_transform_interpolation);
  g_test_add_func ("/animation/transition/color", test_color_premultiplied);
  g_test_add_func ("/animation/implicit/basic", test_implicit_animation);
  g_test_add_func ("/animation/implicit/retarget", test_retarget_without_jump);
  g_test_add_func ("/animation/transition/keyframes", test_keyframes);
  g_test_add_func ("/animation/transition/group", test_group);
  g_test_add_func ("/animation/callbacks-change-tree", test_callbacks_change_tree);
  g_test_add_func ("/animation/transition/subclass-property", test_subclass_property);
  g_test_add_func ("/animation/transition/restart-in-completed", test_restart_in_completed);
  g_test_add_func ("/animation/transition/group-setup-after-add", test_group_setup_after_add_and_repeat);
  g_test_add_func ("/animation/implicit/no-op", test_implicit_no_op);
  g_test_add_func ("/animation/transition/kept-no-replay", test_kept_transition_no_replay);
  g_test_add_func ("/animation/implicit/spring-retarget", test_spring_retarget_keeps_velocity);
  g_test_add_func ("/animation/bad-input", test_bad_input);
  g_test_add_func ("/animation/lifetimes", test_lifetimes);
  g_test_add_func ("/animation/implicit/records-match-objects", test_implicit_records_match_objects);
  g_test_add_func ("/animation/implicit/cohorts", test_implicit_cohorts);
  g_test_add_func ("/animation/implicit/transform-held-value", test_implicit_transform_held_value);
  g_test_add_func ("/animation/implicit/remove-notifies", test_implicit_remove_notifies);
  g_test_add_func ("/animation/implicit/changed-while-ticking", test_implicit_changed_while_ticking);
  g_test_add_func ("/animation/transition/explicit-model-notifies", test_explicit_model_notifies);
  g_test_add_func ("/animation/implicit/same-target", test_implicit_same_target);
  g_test_add_func ("/animation/implicit/parent-drops-child", test_implicit_parent_drops_child);
  g_test_add_func ("/animation/implicit/retarget-at-end", test_implicit_retarget_at_end);
  g_test_add_func ("/animation/implicit/promoted-ends-exactly", test_implicit_promoted_ends_exactly);
  g_test_add_func ("/animation/transition/explicit-over-implicit", test_explicit_over_implicit);
  g_test_add_func ("/animation/implicit/orphaned-by-dispose", test_implicit_orphaned_by_dispose);
  g_test_add_func ("/animation/implicit/child-transform-child-leaves", test_child_transform_child_leaves);
  g_test_add_func ("/animation/clock/nested-tick", test_nested_tick);

  return g_test_run ();
}
