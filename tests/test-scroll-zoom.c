/* test-scroll-zoom.c: GskLayerScroll across its axis and zoomed
 * (issue 31)
 *
 * A vertical 400×200 scroll layer over a 1000×1000 child: it scrolls
 * 800 along its axis and 600 across it. Drags across, diagonal drags,
 * Ctrl and the wheel, a pinch of two touches, zoom limits, scrolling to
 * a rectangle zoomed, cells of a model zoomed, and bad input; every
 * expected offset is worked out by hand from the zoom's fixed point:
 * the point of the children under the focal point stays under it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "input-test-utils.h"

typedef struct {
  GskLayer *root;
  GskLayerScroll *scroll;
  GskLayer *content;
  GskLayerFrameClock *clock;
  GskLayerRenderer *renderer;
} Fixture;

static void
frame (Fixture *f)
{
  cairo_surface_destroy (gsk_layer_renderer_render_to_surface (f->renderer, f->root, 400, 300));
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->root = new_root ();
  f->clock = gsk_layer_manual_clock_new ();
  gsk_layer_set_frame_clock (f->root, f->clock);
  f->renderer = gsk_layer_software_renderer_new ();
  f->scroll = GSK_LAYER_SCROLL (gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL));
  gsk_layer_set_size (GSK_LAYER (f->scroll), &GRAPHENE_SIZE_INIT (400, 200));
  f->content = new_layer ("content", 0, 0, 1000, 1000);
  gsk_layer_add_child (GSK_LAYER (f->scroll), f->content);
  gsk_layer_add_child (f->root, GSK_LAYER (f->scroll));
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

static void
assert_offsets (Fixture *f,
                double   along,
                double   across)
{
  g_assert_cmpfloat_with_epsilon (gsk_layer_scroll_get_scroll_offset (f->scroll), along, 1e-6);
  g_assert_cmpfloat_with_epsilon (gsk_layer_scroll_get_cross_offset (f->scroll), across, 1e-6);
}

static void
settle (Fixture *f)
{
  for (int i = 0; i < 600 && (gsk_layer_pan_gesture_is_moving (gsk_layer_scroll_get_pan_gesture (f->scroll)) ||
                              gsk_layer_manual_clock_get_frame_requested (GSK_LAYER_MANUAL_CLOCK (f->clock))); i++)
    gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
}

/* A drag with the mouse from @x0,@y0 by @dx,@dy, slowly (no fling) */
static void
drag (Fixture *f,
      double   x0,
      double   y0,
      double   dx,
      double   dy)
{
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, x0, y0);
  for (int i = 1; i <= 10; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 200000);
      dispatch (f->root, GSK_LAYER_EVENT_MOTION, x0 + dx * i / 10, y0 + dy * i / 10);
    }
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 200000);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, x0 + dx, y0 + dy);
  settle (f);
}

static void
wheel (Fixture                 *f,
       double                   x,
       double                   y,
       GskLayerScrollDirection  direction,
       GdkModifierType          modifiers)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, 100, x, y);

  gsk_layer_event_set_scroll (event, direction, 0, 0, FALSE);
  gsk_layer_event_set_modifiers (event, modifiers);
  gsk_layer_dispatch_event (f->root, event);
  gsk_layer_event_unref (event);
}

/* Across the axis as along it: the ranges, drags across and diagonal
 * (both pans follow the one press), a wheel step sideways */
static void
test_cross_axis (Fixture       *f,
                 gconstpointer  data)
{
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 800);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_cross_offset (f->scroll), ==, 600);

  drag (f, 300, 100, -120, 0);
  assert_offsets (f, 0, 120);
  drag (f, 300, 150, -50, -70);
  assert_offsets (f, 70, 170);
  wheel (f, 100, 100, GSK_LAYER_SCROLL_RIGHT, 0);
  assert_offsets (f, 70, 220);
  /* Where the children are at the layer's origin */
  g_assert_true (gsk_layer_pick (f->root, 10, 10) == f->content);

  gsk_layer_scroll_set_cross_offset (f->scroll, 5000);
  assert_offsets (f, 70, 600);
  gsk_layer_scroll_scroll_to_point (f->scroll, &GRAPHENE_POINT_INIT (30, 40));
  assert_offsets (f, 40, 30);
}

/* A list that fits across: nothing scrolls sideways, and a sideways
 * drag is a row's, not taken from it */
static void
on_drag_end (GskLayerDragGesture *gesture,
             double               dx,
             double               dy,
             double              *out)
{
  out[0] = dx;
  out[1] = dy;
}

static void
on_drag_cancel (GskLayerDragGesture *gesture,
                double              *out)
{
  out[2] = 1;
}

static void
test_fits_across (Fixture       *f,
                  gconstpointer  data)
{
  GskLayerEventController *row_drag = gsk_layer_drag_gesture_new ();
  double ended[3] = { 0, 0, 0 };

  gsk_layer_set_size (f->content, &GRAPHENE_SIZE_INIT (400, 1000));
  gsk_layer_add_controller (f->content, row_drag);
  g_signal_connect (row_drag, "drag-end", G_CALLBACK (on_drag_end), ended);
  g_signal_connect (row_drag, "drag-cancel", G_CALLBACK (on_drag_cancel), ended);
  frame (f);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_cross_offset (f->scroll), ==, 0);

  drag (f, 300, 100, -120, 0);
  assert_offsets (f, 0, 0);
  g_assert_cmpfloat (ended[2], ==, 0);
  g_assert_cmpfloat (ended[0], ==, -120);
  g_assert_cmpfloat (ended[1], ==, 0);
}

/* Ctrl and the wheel zoom about the pointer, by 1.25 a step: the
 * children's point under (100, 60) stays under it; without room to
 * zoom, Ctrl and the wheel scroll as the wheel does */
static void
test_wheel_zoom (Fixture       *f,
                 gconstpointer  data)
{
  wheel (f, 100, 60, GSK_LAYER_SCROLL_UP, GDK_CONTROL_MASK);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1);
  wheel (f, 100, 60, GSK_LAYER_SCROLL_DOWN, GDK_CONTROL_MASK);
  assert_offsets (f, 50, 0);
  gsk_layer_scroll_set_scroll_offset (f->scroll, 0);

  gsk_layer_scroll_set_zoom_limits (f->scroll, 0.5, 4);
  wheel (f, 100, 60, GSK_LAYER_SCROLL_UP, GDK_CONTROL_MASK);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1.25);
  /* The point (100, 60) of the children at 1.25: 125, 75 */
  assert_offsets (f, 75 - 60, 125 - 100);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 1250 - 200);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_cross_offset (f->scroll), ==, 1250 - 400);

  /* Back down, then below 1: the children fit, nothing to scroll */
  wheel (f, 100, 60, GSK_LAYER_SCROLL_DOWN, GDK_CONTROL_MASK);
  g_assert_cmpfloat_with_epsilon (gsk_layer_scroll_get_zoom (f->scroll), 1, 1e-9);
  assert_offsets (f, 0, 0);
  for (int i = 0; i < 5; i++)
    wheel (f, 100, 60, GSK_LAYER_SCROLL_DOWN, GDK_CONTROL_MASK);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 0.5);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_offset (f->scroll), ==, 500 - 200);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_cross_offset (f->scroll), ==, 100);
}

/* Two fingers 100 apart spread to 200: zoom 2 about their midpoint
 * (150, 100); the finger left down then drags on from there */
static void
test_pinch (Fixture       *f,
            gconstpointer  data)
{
  gsk_layer_scroll_set_zoom_limits (f->scroll, 1, 4);
  dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 100, 100);
  dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 200, 100);
  for (int i = 1; i <= 10; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
      dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 100 - 5 * i, 100);
      dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 200 + 5 * i, 100);
    }
  g_assert_cmpfloat_with_epsilon (gsk_layer_scroll_get_zoom (f->scroll), 2, 1e-9);
  assert_offsets (f, 100 * 2 - 100, 150 * 2 - 150);

  /* Past the limit: held at 4 */
  for (int i = 1; i <= 10; i++)
    {
      gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
      dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 50 - 5 * i, 100);
      dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 250 + 20 * i, 100);
    }
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 4);

  /* One finger up: the other drags on, no jump */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
  dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_END, 2, 450, 100);
  {
    double along = gsk_layer_scroll_get_scroll_offset (f->scroll);
    double across = gsk_layer_scroll_get_cross_offset (f->scroll);

    for (int i = 1; i <= 10; i++)
      {
        gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 100000);
        dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 0 + 3 * i, 100 - 2 * i);
      }
    assert_offsets (f, along + 20, across - 30);
    gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 100000);
    dispatch_touch_event (f->root, GSK_LAYER_EVENT_TOUCH_END, 1, 30, 80);
    settle (f);
    assert_offsets (f, along + 20, across - 30);
  }
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 4);
}

/* The limits hold the zoom; a zoom animated with the easing state ends
 * where it was aimed; scroll_to_rect at zoom 2 */
static void
test_limits_and_animation (Fixture       *f,
                           gconstpointer  data)
{
  gsk_layer_scroll_set_zoom (f->scroll, 3);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1);
  gsk_layer_scroll_set_zoom_limits (f->scroll, 0.25, 2);
  gsk_layer_scroll_set_zoom (f->scroll, 3);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 2);
  /* About the middle, (200, 100): 400 − 200, 200 − 100 */
  assert_offsets (f, 100, 200);
  gsk_layer_scroll_set_zoom_limits (f->scroll, 0.25, 1.5);
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1.5);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_zoom (f->scroll), ==, 1.5);
  g_assert_cmpfloat (gsk_layer_scroll_get_min_zoom (f->scroll), ==, 0.25);

  gsk_layer_scroll_zoom_to (f->scroll, 1, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_scroll_scroll_to_point (f->scroll, &GRAPHENE_POINT_INIT (0, 0));
  assert_offsets (f, 0, 0);
  gsk_layer_save_easing_state (GSK_LAYER (f->scroll));
  gsk_layer_set_easing_duration (GSK_LAYER (f->scroll), 200);
  gsk_layer_scroll_zoom_to (f->scroll, 1.5, &GRAPHENE_POINT_INIT (0, 0));
  gsk_layer_restore_easing_state (GSK_LAYER (f->scroll));
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1.5);
  for (int i = 0; i < 20; i++)
    gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (f->clock), 16667);
  /* The children's (100, 100) on screen at 150, 150 */
  {
    graphene_point_t p;

    g_assert_true (gsk_layer_pick (f->root, 149, 149) == f->content);
    g_assert_true (gsk_layer_map_point (f->content, GSK_LAYER (f->scroll), &GRAPHENE_POINT_INIT (100, 100), &p));
    g_assert_cmpfloat_with_epsilon (p.x, 150, 1e-3);
    g_assert_cmpfloat_with_epsilon (p.y, 150, 1e-3);
  }

  /* At 1.5: (500, 600)-(600, 650) is (750, 900)-(900, 975) zoomed: its
   * end shows across (900 − 400), its end along (975 − 200) */
  gsk_layer_scroll_scroll_to_rect (f->scroll, &GRAPHENE_RECT_INIT (500, 600, 100, 50));
  assert_offsets (f, 775, 500);

  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*min_zoom <= max_zoom*");
  gsk_layer_scroll_set_zoom_limits (f->scroll, 3, 2);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*min_zoom >= GSK_LAYER_SCROLL_MIN_ZOOM*");
  gsk_layer_scroll_set_zoom_limits (f->scroll, 0, 2);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_scroll_zoom_to (f->scroll, NAN, NULL);
  g_test_assert_expected_messages ();
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  gsk_layer_scroll_set_cross_offset (f->scroll, INFINITY);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (gsk_layer_scroll_get_zoom (f->scroll), ==, 1.5);
  g_assert_cmpfloat (gsk_layer_scroll_get_max_zoom (f->scroll), ==, 1.5);
}

/* Unsized, a scroll layer asks for the room its children take where
 * they are, as Clutter's scroll actor does (the ports of Clutter's
 * examples centre one by its natural width) */
static void
test_natural_size (void)
{
  GskLayer *scroll = g_object_ref_sink (gsk_layer_scroll_new (GSK_LAYER_ORIENTATION_VERTICAL));
  graphene_size_t natural;

  gsk_layer_add_child (scroll, new_layer ("a", 10, 20, 300, 500));
  gsk_layer_add_child (scroll, new_layer ("b", 0, 0, 50, 50));
  gsk_layer_get_preferred_size (scroll, NULL, &natural);
  g_assert_cmpfloat (natural.width, ==, 310);
  g_assert_cmpfloat (natural.height, ==, 520);
  g_object_unref (scroll);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scroll-zoom/natural-size", test_natural_size);
  g_test_add ("/scroll-zoom/cross-axis", Fixture, NULL, fixture_set_up, test_cross_axis, fixture_tear_down);
  g_test_add ("/scroll-zoom/fits-across", Fixture, NULL, fixture_set_up, test_fits_across, fixture_tear_down);
  g_test_add ("/scroll-zoom/wheel", Fixture, NULL, fixture_set_up, test_wheel_zoom, fixture_tear_down);
  g_test_add ("/scroll-zoom/pinch", Fixture, NULL, fixture_set_up, test_pinch, fixture_tear_down);
  g_test_add ("/scroll-zoom/limits-and-animation", Fixture, NULL, fixture_set_up, test_limits_and_animation,
              fixture_tear_down);

  return g_test_run ();
}
