/* test-scroll.c: GskLayerScroll (issue 31)
 *
 * A column of twenty 50-unit rows in a 400×200 scroll layer: the range
 * from the children's extent (1000 − 200 = 800), scroll_to_point and
 * scroll_to_rect worked out by hand, picking through the offset, wheel
 * steps of 50, a drag that the content follows, a flick that goes on
 * frame by frame on a manual clock and slows down, one past the end
 * that springs back to it exactly, a scroll that animates with the
 * easing state, content that shrinks under the offset, and bad input.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "input-test-utils.h"

#define ROWS 20
#define ROW 50

typedef struct {
  GskLayer *root;
  GskLayer *scroll;
  GskLayer *rows[ROWS];
  GskLayerFrameClock *clock;
  GskLayerRenderer *renderer;
} Fixture;

static void
frame (Fixture *f)
{
  cairo_surface_t *surface = gsk_layer_renderer_render_to_surface (f->renderer, f->root, 400, 300);

  cairo_surface_destroy (surface);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GskLayerLayoutManager *column = gsk_layer_box_layout_new (GSK_LAYER_ORIENTATION_VERTICAL);

  f->root = new_root ();
  f->clock = gsk_layer_manual_clock_new ();
  gsk_layer_set_frame_clock (f->root, f->clock);
  f->renderer = gsk_layer_software_renderer_new ();
  f->scroll = gsk_layer_scroll_new (GPOINTER_TO_INT (data) ? GSK_LAYER_ORIENTATION_HORIZONTAL
                                                           : GSK_LAYER_ORIENTATION_VERTICAL);
  gsk_layer_set_name (f->scroll, "scroll");
  gsk_layer_set_position (f->scroll, &GRAPHENE_POINT_INIT (0, 50));
  gsk_layer_set_size (f->scroll, &GRAPHENE_SIZE_INIT (400, 200));
  if (!GPOINTER_TO_INT (data))
    gsk_layer_set_layout_manager (f->scroll, column);
  g_object_unref (column);
  for (int i = 0; i < ROWS; i++)
    {
      char name[8];

      g_snprintf (name, sizeof name, "row%d", i);
      f->rows[i] = gsk_layer_new ();
      gsk_layer_set_name (f->rows[i], name);
      gsk_layer_set_preferred_size (f->rows[i], &GRAPHENE_SIZE_INIT (400, ROW));
      gsk_layer_set_background_color (f->rows[i], &(GdkRGBA) { i % 2, 0.5f, 1 - i % 2, 1 });
      gsk_layer_add_child (f->scroll, f->rows[i]);
    }
  gsk_layer_add_child (f->root, f->scroll);
  frame (f);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gsk_layer_set_frame_clock (f->root, NULL);
  g_object_unref (f->root);
  g_object_unref (f->clock);
  g_object_unref (f->renderer);
}

static double
offset (Fixture *f)
{
  return gsk_layer_scroll_get_scroll_offset (GSK_LAYER_SCROLL (f->scroll));
}

static const char *
picked (Fixture *f,
        double   x,
        double   y)
{
  GskLayer *layer = gsk_layer_pick (f->root, x, y);

  return layer ? gsk_layer_get_name (layer) : "-";
}

static void
test_range_and_scroll_to (Fixture       *f,
                          gconstpointer  data)
{
  GskLayerScroll *scroll = GSK_LAYER_SCROLL (f->scroll);

  g_assert_true (gsk_layer_get_clip_to_bounds (f->scroll));
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (scroll), ==, ROWS * ROW - 200);
  g_assert_cmpfloat (offset (f), ==, 0);
  g_assert_cmpstr (picked (f, 10, 60), ==, "row0");

  /* To a point: row 6 at the top; picked through the offset, on screen */
  gsk_layer_scroll_scroll_to_point (scroll, &GRAPHENE_POINT_INIT (0, 300));
  g_assert_cmpfloat (offset (f), ==, 300);
  frame (f);
  g_assert_cmpstr (picked (f, 10, 60), ==, "row6");
  g_assert_cmpstr (picked (f, 10, 249), ==, "row9");
  /* The clip: nothing of the scroll layer above it or below */
  g_assert_cmpstr (picked (f, 10, 45), ==, "root");
  g_assert_cmpstr (picked (f, 10, 255), ==, "root");

  /* Past the end: clamped to it */
  gsk_layer_scroll_scroll_to_point (scroll, &GRAPHENE_POINT_INIT (0, 5000));
  g_assert_cmpfloat (offset (f), ==, 800);

  /* To a rect: as little as shows it. Row 2 (100..150) is above: to its
   * start; row 15 (750..800) is below: its end at the bottom (600);
   * row 13 (650..700) is shown then: nothing moves */
  gsk_layer_scroll_scroll_to_rect (scroll, &GRAPHENE_RECT_INIT (0, 100, 400, 50));
  g_assert_cmpfloat (offset (f), ==, 100);
  gsk_layer_scroll_scroll_to_rect (scroll, &GRAPHENE_RECT_INIT (0, 750, 400, 50));
  g_assert_cmpfloat (offset (f), ==, 600);
  gsk_layer_scroll_scroll_to_rect (scroll, &GRAPHENE_RECT_INIT (0, 650, 400, 50));
  g_assert_cmpfloat (offset (f), ==, 600);
  /* Taller than the layer: its start */
  gsk_layer_scroll_scroll_to_rect (scroll, &GRAPHENE_RECT_INIT (0, 200, 400, 300));
  g_assert_cmpfloat (offset (f), ==, 200);

  /* The property */
  g_object_set (f->scroll, "scroll-offset", 250.0, NULL);
  g_assert_cmpfloat (offset (f), ==, 250);
}

static void
test_wheel_and_drag (Fixture       *f,
                     gconstpointer  data)
{
  GskLayerEvent *event;

  /* Two wheel steps down: 50 each */
  for (int i = 0; i < 2; i++)
    {
      event = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, 100 + i, 100, 100);
      gsk_layer_event_set_scroll (event, GSK_LAYER_SCROLL_DOWN, 0, 0, FALSE);
      gsk_layer_dispatch_event (f->root, event);
      gsk_layer_event_unref (event);
    }
  g_assert_cmpfloat (offset (f), ==, 100);
  frame (f);
  g_assert_cmpstr (picked (f, 10, 60), ==, "row2");

  /* A slow drag up by 80: the content follows the pointer */
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 100, 200);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 160);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 120);
  g_assert_cmpfloat (offset (f), ==, 180);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 100, 120);
}

static void
touch_stroke (Fixture *f,
              guint32  start,
              double   from_y,
              double   step)
{
  for (int i = 0; i < 7; i++)
    {
      GskLayerEventType type = i == 0 ? GSK_LAYER_EVENT_TOUCH_BEGIN : i == 6 ? GSK_LAYER_EVENT_TOUCH_END
                                                                            : GSK_LAYER_EVENT_TOUCH_UPDATE;
      GskLayerEvent *event = gsk_layer_event_new (type, start + 10 * i, 100, from_y + step * i);

      gsk_layer_event_set_sequence (event, 3);
      gsk_layer_dispatch_event (f->root, event);
      gsk_layer_event_unref (event);
    }
}

/* A flick: 10 units every 10 ms upwards (1000 a second); then frame by
 * frame it goes on and slows as x0 + v0 / 4 (1 − e^−4t), as the pan
 * gesture's motion (test-gestures checks its law) */
static void
test_kinetic (Fixture       *f,
              gconstpointer  data)
{
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (f->clock);
  double at_release, previous, step, last_step = G_MAXDOUBLE;

  touch_stroke (f, 5000, 240, -10);
  at_release = offset (f);
  g_assert_cmpfloat_with_epsilon (at_release, 60, 1e-9);
  previous = at_release;
  for (int i = 0; i < 10; i++)
    {
      gsk_layer_manual_clock_advance (manual, 16667);
      step = offset (f) - previous;
      g_test_message ("frame %d: %g (+%g)", i, offset (f), step);
      g_assert_cmpfloat (step, >, 0);
      g_assert_cmpfloat (step, <, last_step);
      last_step = step;
      previous = offset (f);
      /* What is on screen is where it is */
      frame (f);
    }
  g_assert_cmpfloat_with_epsilon (offset (f), at_release + 1000 / 4.0 * (1 - exp (-4 * 0.16667)), 0.5);
  for (int i = 0; i < 300 && gsk_layer_pan_gesture_is_moving (gsk_layer_scroll_get_pan_gesture (GSK_LAYER_SCROLL (f->scroll))); i++)
    gsk_layer_manual_clock_advance (manual, 16667);
  g_assert_cmpfloat (fabs (offset (f) - (at_release + 250)), <, 0.25);

  /* Flicked past the end: beyond it for a while, then exactly at it */
  gsk_layer_scroll_set_scroll_offset (GSK_LAYER_SCROLL (f->scroll), 760);
  touch_stroke (f, 9000, 240, -10);
  {
    double most = 0;

    for (int i = 0; i < 300 && gsk_layer_pan_gesture_is_moving (gsk_layer_scroll_get_pan_gesture (GSK_LAYER_SCROLL (f->scroll))); i++)
      {
        gsk_layer_manual_clock_advance (manual, 16667);
        most = MAX (most, offset (f));
      }
    g_test_message ("past the end to %g", most);
    g_assert_cmpfloat (most, >, 800);
  }
  g_assert_cmpfloat (offset (f), ==, 800);
}

/* scroll_to inside an easing state animates the children's transform;
 * the offset is where it goes */
static void
test_animated (Fixture       *f,
               gconstpointer  data)
{
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (f->clock);
  GValue value = G_VALUE_INIT;
  graphene_matrix_t m;

  gsk_layer_save_easing_state (f->scroll);
  gsk_layer_set_easing_duration (f->scroll, 200);
  gsk_layer_set_easing_mode (f->scroll, GSK_LAYER_EASING_LINEAR);
  gsk_layer_scroll_scroll_to_point (GSK_LAYER_SCROLL (f->scroll), &GRAPHENE_POINT_INIT (0, 400));
  gsk_layer_restore_easing_state (f->scroll);
  g_assert_cmpfloat (offset (f), ==, 400);

  gsk_layer_manual_clock_advance (manual, 100000);
  g_assert_true (gsk_layer_get_presentation_value (f->scroll, "child-transform", &value));
  gsk_layer_transform_to_matrix (g_value_get_boxed (&value), &m);
  g_value_unset (&value);
  g_assert_cmpfloat_with_epsilon (graphene_matrix_get_y_translation (&m), -200, 1e-3);

  gsk_layer_manual_clock_advance (manual, 150000);
  frame (f);
  g_assert_cmpstr (picked (f, 10, 60), ==, "row8");
}

/* Content that shrinks under the offset: the offset comes back within
 * the new range at the next layout pass */
static void
test_content_shrinks (Fixture       *f,
                      gconstpointer  data)
{
  gsk_layer_scroll_set_scroll_offset (GSK_LAYER_SCROLL (f->scroll), 800);
  for (int i = 10; i < ROWS; i++)
    gsk_layer_remove_child (f->scroll, f->rows[i]);
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (GSK_LAYER_SCROLL (f->scroll)), ==, 300);
  g_assert_cmpfloat (offset (f), ==, 300);
  frame (f);
  g_assert_cmpstr (picked (f, 10, 60), ==, "row6");
}

/* Rows placed by hand, side by side (no layout manager): the extent is
 * where the last one ends */
static void
test_horizontal (Fixture       *f,
                 gconstpointer  data)
{
  for (int i = 0; i < ROWS; i++)
    {
      gsk_layer_set_position (f->rows[i], &GRAPHENE_POINT_INIT (100 * i, 0));
      gsk_layer_set_size (f->rows[i], &GRAPHENE_SIZE_INIT (100, 200));
    }
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (GSK_LAYER_SCROLL (f->scroll)), ==, 100 * ROWS - 400);
  gsk_layer_scroll_scroll_to_rect (GSK_LAYER_SCROLL (f->scroll), &GRAPHENE_RECT_INIT (1000, 0, 100, 10));
  g_assert_cmpfloat (offset (f), ==, 700);
  frame (f);
  g_assert_cmpstr (picked (f, 399, 100), ==, "row10");
}

static void
settle (Fixture *f)
{
  GskLayerPanGesture *pan = gsk_layer_scroll_get_pan_gesture (GSK_LAYER_SCROLL (f->scroll));

  for (int i = 0; i < 300 && gsk_layer_pan_gesture_is_moving (pan); i++)
    gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
  g_assert_false (gsk_layer_pan_gesture_is_moving (pan));
}

static void
resize_rows (Fixture *f,
             float    length)
{
  for (int i = 0; i < ROWS; i++)
    gsk_layer_set_preferred_size (f->rows[i], &GRAPHENE_SIZE_INIT (400, length));
  frame (f);
}

static void
drag_to (Fixture *f,
         double   offset_from,
         double   offset_to)
{
  /* The content follows the pointer: up by the distance; all at one
   * time, so no velocity */
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 100, 240);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 240 - (offset_to - offset_from));
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 100, 240 - (offset_to - offset_from));
}

static void
wheel (Fixture                 *f,
       GskLayerScrollDirection  direction)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, 100, 100, 100);

  gsk_layer_event_set_scroll (event, direction, 0, 0, FALSE);
  gsk_layer_dispatch_event (f->root, event);
  gsk_layer_event_unref (event);
}

/* CSS's scroll-snap-type mandatory, snap positions where rows start
 * (scroll-snap-align: start), by hand: a flick from 60 that would rest
 * at 310 rests at 300, slowing all the way; a drag let go at 180 goes
 * to 200; with rows of 120, a wheel step (50) goes on to the next row
 * (120) rather than back to 0, and back up to 0 */
static void
test_snap_mandatory (Fixture       *f,
                     gconstpointer  data)
{
  GskLayerScroll *scroll = GSK_LAYER_SCROLL (f->scroll);
  double previous, last_step = G_MAXDOUBLE;

  gsk_layer_scroll_set_snap (scroll, GSK_LAYER_SCROLL_SNAP_MANDATORY);
  touch_stroke (f, 5000, 240, -10);
  g_assert_cmpfloat_with_epsilon (offset (f), 60, 1e-9);
  previous = offset (f);
  for (int i = 0; i < 300 && gsk_layer_pan_gesture_is_moving (gsk_layer_scroll_get_pan_gesture (scroll)); i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
      /* Slowing down, until it lands (within a quarter of a unit) */
      if (offset (f) != 300)
        g_assert_cmpfloat (offset (f) - previous, <=, last_step);
      g_assert_cmpfloat (offset (f), <=, 300);
      last_step = offset (f) - previous;
      previous = offset (f);
    }
  g_assert_cmpfloat (offset (f), ==, 300);

  gsk_layer_scroll_set_scroll_offset (scroll, 0);
  drag_to (f, 0, 180);
  settle (f);
  g_assert_cmpfloat (offset (f), ==, 200);

  resize_rows (f, 120);
  gsk_layer_scroll_set_scroll_offset (scroll, 0);
  wheel (f, GSK_LAYER_SCROLL_DOWN);
  g_assert_cmpfloat (offset (f), ==, 120);
  wheel (f, GSK_LAYER_SCROLL_DOWN);
  g_assert_cmpfloat (offset (f), ==, 240);
  wheel (f, GSK_LAYER_SCROLL_UP);
  g_assert_cmpfloat (offset (f), ==, 120);
  /* The far end is a snap position too */
  gsk_layer_scroll_set_scroll_offset (scroll, 2190);
  drag_to (f, 2190, 2195);
  settle (f);
  g_assert_cmpfloat (offset (f), ==, 20 * 120 - 200);
}

/* Proximity: rows of 300 in a layer 200 long snap within 60 (30%): let
 * go at 280, to 300; at 150, stays */
static void
test_snap_proximity (Fixture       *f,
                     gconstpointer  data)
{
  GskLayerScroll *scroll = GSK_LAYER_SCROLL (f->scroll);

  gsk_layer_scroll_set_snap (scroll, GSK_LAYER_SCROLL_SNAP_PROXIMITY);
  resize_rows (f, 300);
  drag_to (f, 0, 280);
  settle (f);
  g_assert_cmpfloat (offset (f), ==, 300);
  gsk_layer_scroll_set_scroll_offset (scroll, 0);
  drag_to (f, 0, 150);
  settle (f);
  g_assert_cmpfloat (offset (f), ==, 150);

  /* None: where it was let go */
  gsk_layer_scroll_set_snap (scroll, GSK_LAYER_SCROLL_SNAP_NONE);
  gsk_layer_scroll_set_scroll_offset (scroll, 0);
  drag_to (f, 0, 280);
  settle (f);
  g_assert_cmpfloat (offset (f), ==, 280);
}

static void
log_click (GskLayerClickGesture *click,
           int                   n_press,
           double                x,
           double                y,
           GString              *log)
{
  GskLayer *row = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (click));

  g_string_append_printf (log, "%sclicked %s", log->len ? ", " : "", gsk_layer_get_name (row));
}

static void
log_cancel (GskLayerClickGesture *click,
            GString              *log)
{
  GskLayer *row = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (click));

  g_string_append_printf (log, "%scancelled %s", log->len ? ", " : "", gsk_layer_get_name (row));
}

/* Clickable rows: a click is a click; a drag that scrolls (8 units or
 * more along the axis) is the scroll's alone, and the row under it is
 * told so (cancelled, not clicked), as in a GTK scrolled view */
static void
test_claims_drags (Fixture       *f,
                   gconstpointer  data)
{
  GString *log = g_string_new (NULL);

  for (int i = 0; i < ROWS; i++)
    {
      GskLayerEventController *click = gsk_layer_click_gesture_new ();

      g_signal_connect (click, "clicked", G_CALLBACK (log_click), log);
      g_signal_connect (click, "cancelled", G_CALLBACK (log_cancel), log);
      gsk_layer_add_controller (f->rows[i], click);
    }

  /* A click, and a press that moves 5 units: still a click */
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 100, 60);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 100, 60);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 100, 160);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 155);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 100, 155);
  g_assert_cmpstr (log->str, ==, "clicked row0, clicked row2");

  /* A drag of 50 from row 3: a scroll */
  g_string_truncate (log, 0);
  gsk_layer_scroll_set_scroll_offset (GSK_LAYER_SCROLL (f->scroll), 0);
  frame (f);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 100, 200);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 180);
  g_assert_cmpstr (log->str, ==, "cancelled row3");
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 100, 150);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 100, 150);
  g_assert_cmpstr (log->str, ==, "cancelled row3");
  g_assert_cmpfloat (offset (f), ==, 50);

  /* By touch too */
  g_string_truncate (log, 0);
  touch_stroke (f, 7000, 200, -10);
  g_assert_cmpstr (log->str, ==, "cancelled row4");

  g_string_free (log, TRUE);
}

static void
test_bad_input (Fixture       *f,
                gconstpointer  data)
{
  GskLayerScroll *scroll = GSK_LAYER_SCROLL (f->scroll);

  gsk_layer_scroll_set_scroll_offset (scroll, 120);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_scroll_scroll_to_point (scroll, &GRAPHENE_POINT_INIT (0, NAN));
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_scroll_scroll_to_rect (scroll, &GRAPHENE_RECT_INIT (0, INFINITY, 10, 10));
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_scroll_set_scroll_offset (scroll, NAN);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (offset (f), ==, 120);
  /* Before the top: clamped */
  gsk_layer_scroll_set_scroll_offset (scroll, -50);
  g_assert_cmpfloat (offset (f), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/scroll/range-and-scroll-to", Fixture, NULL, fixture_set_up, test_range_and_scroll_to, fixture_tear_down);
  g_test_add ("/scroll/wheel-and-drag", Fixture, NULL, fixture_set_up, test_wheel_and_drag, fixture_tear_down);
  g_test_add ("/scroll/kinetic", Fixture, NULL, fixture_set_up, test_kinetic, fixture_tear_down);
  g_test_add ("/scroll/animated", Fixture, NULL, fixture_set_up, test_animated, fixture_tear_down);
  g_test_add ("/scroll/content-shrinks", Fixture, NULL, fixture_set_up, test_content_shrinks, fixture_tear_down);
  g_test_add ("/scroll/horizontal", Fixture, GINT_TO_POINTER (1), fixture_set_up, test_horizontal, fixture_tear_down);
  g_test_add ("/scroll/snap/mandatory", Fixture, NULL, fixture_set_up, test_snap_mandatory, fixture_tear_down);
  g_test_add ("/scroll/snap/proximity", Fixture, NULL, fixture_set_up, test_snap_proximity, fixture_tear_down);
  g_test_add ("/scroll/claims-drags", Fixture, NULL, fixture_set_up, test_claims_drags, fixture_tear_down);
  g_test_add ("/scroll/bad-input", Fixture, NULL, fixture_set_up, test_bad_input, fixture_tear_down);

  return g_test_run ();
}
