/* test-animation.c: frame clocks, timelines, explicit transitions
 * (keyframes, groups, a subclass's properties), and what callbacks and
 * bad input may do — frame by frame on a manual clock; implicit
 * animations are in test-animation-implicit.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gsklayer.h>

#include "animation-test-utils.h"

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
  g_test_add_func ("/animation/transition/keyframes", test_keyframes);
  g_test_add_func ("/animation/transition/group", test_group);
  g_test_add_func ("/animation/callbacks-change-tree", test_callbacks_change_tree);
  g_test_add_func ("/animation/transition/subclass-property", test_subclass_property);
  g_test_add_func ("/animation/transition/restart-in-completed", test_restart_in_completed);
  g_test_add_func ("/animation/transition/group-setup-after-add", test_group_setup_after_add_and_repeat);
  g_test_add_func ("/animation/transition/kept-no-replay", test_kept_transition_no_replay);
  g_test_add_func ("/animation/bad-input", test_bad_input);
  g_test_add_func ("/animation/lifetimes", test_lifetimes);
  g_test_add_func ("/animation/transition/explicit-model-notifies", test_explicit_model_notifies);
  g_test_add_func ("/animation/transition/explicit-over-implicit", test_explicit_over_implicit);
  g_test_add_func ("/animation/clock/nested-tick", test_nested_tick);

  return g_test_run ();
}
