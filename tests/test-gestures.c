/* test-gestures.c: gestures on layers (issue 11), from mouse, touch and
 * touchpad, on the manual clock where time matters
 *
 * Events are synthesized; no display is needed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "input-test-utils.h"


static GskLayerEvent *
pointer_event (GskLayerEventType type,
               guint32           time,
               double            x,
               double            y)
{
  GskLayerEvent *event = gsk_layer_event_new (type, time, x, y);

  if (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (event, 1);
  return event;
}

/* A press, motions and a release (or a touch sequence) at the given
 * times and places */
static void
stroke (GskLayer      *root,
        gboolean       touch,
        guint          n,
        const double (*points)[3])
{
  for (guint i = 0; i < n; i++)
    {
      GskLayerEventType type;
      GskLayerEvent *event;

      if (touch)
        type = i == 0 ? GSK_LAYER_EVENT_TOUCH_BEGIN : i == n - 1 ? GSK_LAYER_EVENT_TOUCH_END : GSK_LAYER_EVENT_TOUCH_UPDATE;
      else
        type = i == 0 ? GSK_LAYER_EVENT_BUTTON_PRESS : i == n - 1 ? GSK_LAYER_EVENT_BUTTON_RELEASE : GSK_LAYER_EVENT_MOTION;
      event = pointer_event (type, (guint32) points[i][0], points[i][1], points[i][2]);
      gsk_layer_event_set_sequence (event, touch ? 7 : 0);
      gsk_layer_dispatch_event (root, event);
      gsk_layer_event_unref (event);
    }
}

static void
log_click (GskLayerClickGesture *gesture,
           int                   n_press,
           double                x,
           double                y,
           GString              *log)
{
  g_string_append_printf (log, "%s%s %d at %g,%g", log->len ? ", " : "",
                          (const char *) g_object_get_data (G_OBJECT (gesture), "what"), n_press, x, y);
}

static void
test_click (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *button = new_layer ("button", 100, 100, 50, 20);
  GskLayerEventController *click = gsk_layer_click_gesture_new ();

  gsk_layer_add_child (root, button);
  g_signal_connect (click, "pressed", G_CALLBACK (log_click), log);
  g_signal_connect (click, "released", G_CALLBACK (log_click), log);
  g_signal_connect (click, "clicked", G_CALLBACK (log_click), log);
  g_object_set_data (G_OBJECT (click), "what", (gpointer) "");
  gsk_layer_add_controller (button, click);

  /* A double click, then a press too late to be a third */
  stroke (root, FALSE, 2, (const double[][3]) { { 1000, 110, 105 }, { 1050, 110, 105 } });
  stroke (root, FALSE, 2, (const double[][3]) { { 1200, 112, 106 }, { 1250, 112, 106 } });
  stroke (root, FALSE, 2, (const double[][3]) { { 1700, 112, 106 }, { 1750, 112, 106 } });
  g_assert_cmpstr (log->str, ==,
                   " 1 at 10,5,  1 at 10,5,  1 at 10,5, "
                   " 2 at 12,6,  2 at 12,6,  2 at 12,6, "
                   " 1 at 12,6,  1 at 12,6,  1 at 12,6");

  /* Released outside: no click; by touch: a click */
  g_string_truncate (log, 0);
  stroke (root, FALSE, 3, (const double[][3]) { { 3000, 110, 105 }, { 3010, 300, 105 }, { 3020, 300, 105 } });
  stroke (root, TRUE, 2, (const double[][3]) { { 4000, 140, 115 }, { 4010, 141, 115 } });
  g_assert_cmpstr (log->str, ==, " 1 at 10,5,  1 at 200,5,  1 at 40,15,  1 at 41,15,  1 at 41,15");

  g_string_free (log, TRUE);
  g_assert_finalize_object (root);
}

static void
log_drag (GskLayerDragGesture *gesture,
          double               x,
          double               y,
          GString             *log)
{
  g_string_append_printf (log, "%s%s %g,%g", log->len ? ", " : "",
                          (const char *) g_object_get_data (G_OBJECT (gesture), "signal"), x, y);
}

static void
on_drag_begin (GskLayerDragGesture *gesture, double x, double y, GString *log)
{
  g_object_set_data (G_OBJECT (gesture), "signal", (gpointer) "begin");
  log_drag (gesture, x, y, log);
}

static void
on_drag_update (GskLayerDragGesture *gesture, double x, double y, GString *log)
{
  g_object_set_data (G_OBJECT (gesture), "signal", (gpointer) "update");
  log_drag (gesture, x, y, log);
}

static void
on_drag_end (GskLayerDragGesture *gesture, double x, double y, GString *log)
{
  g_object_set_data (G_OBJECT (gesture), "signal", (gpointer) "end");
  log_drag (gesture, x, y, log);
}

static void
on_drag_cancel (GskLayerDragGesture *gesture, GString *log)
{
  g_string_append_printf (log, "%scancel", log->len ? ", " : "");
}

static GskLayerEventController *
drag_gesture_logging (GString *log)
{
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), log);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), log);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), log);
  g_signal_connect (drag, "drag-cancel", G_CALLBACK (on_drag_cancel), log);
  return drag;
}

/* A card dragged by its moves-layer gesture stays under the pointer,
 * under a turned parent and a parent in perspective: where its parent
 * has each screen point is worked out here by hand (rotate(30deg), then
 * perspective(400px) rotateY(40deg), each about the parent's centre at
 * 150,150), and the card's position must be where it was plus the
 * pointer's motion in that space */
static void
parent_point (int     kind,
              double  sx,
              double  sy,
              double *u,
              double *v)
{
  double dx = sx - 150, dy = sy - 150;

  if (kind == 0)
    {
      /* rotate(-30deg) of the screen offset */
      double c = cos (30 * G_PI / 180), s = sin (30 * G_PI / 180);

      *u = 100 + dx * c + dy * s;
      *v = 100 - dx * s + dy * c;
    }
  else
    {
      /* x' = x cos a, z = -x sin a, and the perspective scales both by
       * 400 / (400 - z): solved for x */
      double c = cos (40 * G_PI / 180), s = sin (40 * G_PI / 180);
      double x = 400 * dx / (400 * c - dx * s);

      *u = 100 + x;
      *v = 100 + dy * (400 + x * s) / 400;
    }
}

static void
test_drag_moves_layer (void)
{
  for (int kind = 0; kind < 2; kind++)
    {
      GString *log = g_string_new (NULL);
      GskLayer *root = new_root ();
      GskLayer *parent = new_layer ("parent", 50, 50, 200, 200);
      GskLayer *card = new_layer ("card", 70, 70, 60, 60);
      GskLayerEventController *drag = drag_gesture_logging (log);
      GskLayerTransform *t = NULL;
      const double path[][3] = { { 0, 150, 150 }, { 10, 170, 160 }, { 20, 190, 175 } };
      double u0, v0, u1, v1;
      graphene_point_t at;

      g_assert_true (gsk_layer_transform_parse (kind == 0 ? "rotate(30deg)" : "perspective(400px) rotateY(40deg)", &t, NULL));
      gsk_layer_set_transform (parent, t);
      gsk_layer_transform_unref (t);
      gsk_layer_add_child (root, parent);
      gsk_layer_add_child (parent, card);
      g_object_set (drag, "moves-layer", TRUE, NULL);
      gsk_layer_add_controller (card, drag);

      stroke (root, FALSE, 3, path);
      parent_point (kind, path[0][1], path[0][2], &u0, &v0);
      parent_point (kind, path[2][1], path[2][2], &u1, &v1);
      gsk_layer_get_position (card, &at);
      g_test_message ("%s parent: card at %g,%g, by hand %g,%g", kind == 0 ? "turned" : "perspective",
                      at.x, at.y, 70 + u1 - u0, 70 + v1 - v0);
      g_assert_cmpfloat_with_epsilon (at.x, 70 + u1 - u0, 1e-2);
      g_assert_cmpfloat_with_epsilon (at.y, 70 + v1 - v0, 1e-2);

      g_string_free (log, TRUE);
      g_assert_finalize_object (root);
    }
}

/* A drag handle: a press on the grip (or a child of it) starts the drag
 * of the whole card, one elsewhere on the card does not; without the
 * grip (gone), anywhere again. The modifiers held are the last event's. */
static void
test_drag_handle_and_modifiers (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *card = new_layer ("card", 100, 100, 100, 100);
  GskLayer *grip = new_layer ("grip", 0, 0, 100, 20);
  GskLayer *dot = new_layer ("dot", 40, 5, 10, 10);
  GskLayerEventController *drag = drag_gesture_logging (log);
  GskLayerEvent *event;

  gsk_layer_add_child (root, card);
  gsk_layer_add_child (card, grip);
  gsk_layer_add_child (grip, dot);
  g_object_set (drag, "handle", grip, NULL);
  g_assert_true (gsk_layer_drag_gesture_get_handle (GSK_LAYER_DRAG_GESTURE (drag)) == grip);
  gsk_layer_add_controller (card, drag);

  /* The card's body */
  stroke (root, FALSE, 3, (const double[][3]) { { 0, 150, 160 }, { 10, 180, 160 }, { 20, 190, 160 } });
  g_assert_cmpstr (log->str, ==, "");
  /* The grip, and the grip's child */
  stroke (root, FALSE, 3, (const double[][3]) { { 30, 120, 110 }, { 40, 140, 110 }, { 50, 150, 110 } });
  g_assert_cmpstr (log->str, ==, "begin 120,110, update 20,0, end 30,0");
  g_string_truncate (log, 0);
  stroke (root, TRUE, 3, (const double[][3]) { { 60, 145, 110 }, { 70, 145, 130 }, { 80, 145, 140 } });
  g_assert_cmpstr (log->str, ==, "begin 145,110, update 0,20, end 0,30");

  /* Modifiers: Shift at the press, Shift and Control at the motion */
  event = pointer_event (GSK_LAYER_EVENT_BUTTON_PRESS, 90, 120, 110);
  gsk_layer_event_set_modifiers (event, GDK_SHIFT_MASK);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
  g_assert_cmpuint (gsk_layer_gesture_get_modifiers (GSK_LAYER_GESTURE (drag)), ==, GDK_SHIFT_MASK);
  event = pointer_event (GSK_LAYER_EVENT_MOTION, 100, 150, 110);
  gsk_layer_event_set_modifiers (event, GDK_SHIFT_MASK | GDK_CONTROL_MASK);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
  g_assert_cmpuint (gsk_layer_gesture_get_modifiers (GSK_LAYER_GESTURE (drag)), ==, GDK_SHIFT_MASK | GDK_CONTROL_MASK);
  event = pointer_event (GSK_LAYER_EVENT_BUTTON_RELEASE, 110, 150, 110);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);

  /* Thresholds per axis: 30 across (29 does not start it), none down
   * (the distance threshold, 8: 10 does) */
  g_string_truncate (log, 0);
  g_object_set (drag, "x-threshold", 30.0, NULL);
  stroke (root, FALSE, 3, (const double[][3]) { { 112, 120, 110 }, { 114, 145, 110 }, { 116, 149, 110 } });
  g_assert_cmpstr (log->str, ==, "");
  stroke (root, FALSE, 3, (const double[][3]) { { 118, 120, 110 }, { 120, 120, 120 }, { 122, 150, 120 } });
  g_assert_cmpstr (log->str, ==, "begin 120,110, update 0,10, end 30,10");
  g_object_set (drag, "x-threshold", -1.0, NULL);

  /* The grip gone: anywhere */
  g_string_truncate (log, 0);
  gsk_layer_remove_child (card, grip);
  g_assert_null (gsk_layer_drag_gesture_get_handle (GSK_LAYER_DRAG_GESTURE (drag)));
  stroke (root, FALSE, 3, (const double[][3]) { { 120, 150, 160 }, { 130, 180, 160 }, { 140, 190, 160 } });
  g_assert_cmpstr (log->str, ==, "begin 150,160, update 30,0, end 40,0");

  g_string_free (log, TRUE);
  g_assert_finalize_object (root);
}

static void
test_drag (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *card = new_layer ("card", 100, 100, 100, 100);
  GskLayerEventController *drag = drag_gesture_logging (log);
  GskLayerTransform *t;

  gsk_layer_add_child (root, card);
  gsk_layer_add_controller (card, drag);

  /* Below the threshold, nothing; past it, from the start, in the
   * parent's space (the root's) */
  stroke (root, FALSE, 4, (const double[][3]) { { 0, 110, 110 }, { 10, 115, 110 }, { 20, 120, 110 }, { 30, 130, 113 } });
  g_assert_cmpstr (log->str, ==, "begin 110,110, update 10,0, end 20,3");

  /* On the horizontal axis: the vertical motion neither counts towards
   * the threshold nor moves; by touch alike */
  g_string_truncate (log, 0);
  gsk_layer_drag_gesture_set_axis (GSK_LAYER_DRAG_GESTURE (drag), GSK_LAYER_DRAG_HORIZONTAL);
  stroke (root, TRUE, 4, (const double[][3]) { { 0, 110, 110 }, { 10, 113, 150 }, { 20, 122, 150 }, { 30, 124, 180 } });
  g_assert_cmpstr (log->str, ==, "begin 110,110, update 12,0, end 14,0");

  /* On a card turned a quarter: down the screen is down its parent, and
   * along the card's own x in its own space */
  g_string_truncate (log, 0);
  gsk_layer_drag_gesture_set_axis (GSK_LAYER_DRAG_GESTURE (drag), GSK_LAYER_DRAG_BOTH);
  g_assert_true (gsk_layer_transform_parse ("rotate(90deg)", &t, NULL));
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  stroke (root, FALSE, 3, (const double[][3]) { { 0, 150, 150 }, { 10, 150, 170 }, { 20, 150, 180 } });
  g_assert_cmpstr (log->str, ==, "begin 150,150, update 0,20, end 0,30");
  g_string_truncate (log, 0);
  g_object_set (drag, "coordinates", GSK_LAYER_DRAG_COORDINATES_LAYER, NULL);
  stroke (root, FALSE, 3, (const double[][3]) { { 0, 150, 150 }, { 10, 150, 170 }, { 20, 150, 180 } });
  g_assert_cmpstr (log->str, ==, "begin 50,50, update 20,0, end 30,0");

  g_string_free (log, TRUE);
  g_assert_finalize_object (root);
}

static void
on_swipe (GskLayerSwipeGesture *gesture,
          double                vx,
          double                vy,
          double               *out)
{
  out[0] = vx;
  out[1] = vy;
}

static void
test_swipe (void)
{
  GskLayer *root = new_root ();
  GskLayer *list = new_layer ("list", 0, 0, 400, 300);
  GskLayerEventController *swipe = gsk_layer_swipe_gesture_new ();
  double velocity[2] = { NAN, NAN };
  double points[24][3];

  gsk_layer_add_child (root, list);
  g_signal_connect (swipe, "swipe", G_CALLBACK (on_swipe), velocity);
  gsk_layer_add_controller (list, swipe);

  /* Slow for 100 ms, then 4 units every 8 ms (500 per second) for the
   * last 104: the velocity is the last 100 ms' */
  for (int i = 0; i < 24; i++)
    {
      points[i][0] = 1000 + 10 * MIN (i, 10) + 8 * MAX (i - 10, 0);
      points[i][1] = 200 - (i <= 10 ? i : 10 + 4 * (i - 10));
      points[i][2] = 150;
    }
  stroke (root, FALSE, 24, (const double (*)[3]) points);
  g_assert_cmpfloat_with_epsilon (velocity[0], -500, 1e-9);
  g_assert_cmpfloat_with_epsilon (velocity[1], 0, 1e-9);

  /* A still release: 0 */
  stroke (root, TRUE, 2, (const double[][3]) { { 3000, 50, 50 }, { 3000, 50, 50 } });
  g_assert_cmpfloat (velocity[0], ==, 0);

  g_assert_finalize_object (root);
}

static void
count_signal (gpointer  instance,
              int      *count)
{
  (*count)++;
}

static void
count_pressed (gpointer instance, double x, double y, int *count)
{
  (*count)++;
}

static void
test_long_press (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root ();
  GskLayer *icon = new_layer ("icon", 100, 100, 50, 50);
  GskLayerEventController *press = gsk_layer_long_press_gesture_new ();
  int pressed = 0, cancelled = 0;

  gsk_layer_add_child (root, icon);
  gsk_layer_set_frame_clock (root, clock);
  g_signal_connect (press, "pressed", G_CALLBACK (count_pressed), &pressed);
  g_signal_connect (press, "cancelled", G_CALLBACK (count_signal), &cancelled);
  gsk_layer_add_controller (icon, press);

  /* Held: pressed at 500 ms on the clock, not before */
  stroke (root, FALSE, 1, (const double[][3]) { { 0, 120, 120 } });
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 499000);
  g_assert_cmpint (pressed, ==, 0);
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 1000);
  g_assert_cmpint (pressed, ==, 1);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 120, 120);
  g_assert_cmpint (cancelled, ==, 0);

  /* Moved away, or let go, first: cancelled */
  stroke (root, TRUE, 2, (const double[][3]) { { 0, 120, 120 }, { 10, 140, 120 } });
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 600000);
  stroke (root, FALSE, 2, (const double[][3]) { { 0, 120, 120 }, { 100, 120, 120 } });
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 600000);
  g_assert_cmpint (pressed, ==, 1);
  g_assert_cmpint (cancelled, ==, 2);

  /* Without a clock, a later event tells the time */
  gsk_layer_set_frame_clock (root, NULL);
  stroke (root, FALSE, 2, (const double[][3]) { { 1000, 120, 120 }, { 1600, 121, 120 } });
  g_assert_cmpint (pressed, ==, 2);

  g_assert_finalize_object (root);
  g_object_unref (clock);
}

static void
log_pinch (GskLayerPinchGesture *gesture,
           double                scale,
           double                angle,
           GString              *log)
{
  g_string_append_printf (log, "%s%.3g %.3g", log->len ? ", " : "", scale, angle);
}

static void
log_pinch_edge (GskLayerPinchGesture *gesture,
                GString              *log)
{
  g_string_append_printf (log, "%s%s", log->len ? ", " : "",
                          gsk_layer_pinch_gesture_is_active (gesture) ? "begin" : "end");
}

static void
test_pinch (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *photo = new_layer ("photo", 0, 0, 400, 300);
  GskLayerEventController *pinch = gsk_layer_pinch_gesture_new ();
  double cx, cy;

  gsk_layer_add_child (root, photo);
  g_signal_connect (pinch, "pinch-begin", G_CALLBACK (log_pinch_edge), log);
  g_signal_connect (pinch, "pinch-update", G_CALLBACK (log_pinch), log);
  g_signal_connect (pinch, "pinch-end", G_CALLBACK (log_pinch_edge), log);
  gsk_layer_add_controller (photo, pinch);

  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 100, 100);
  /* One finger moving is no pinch */
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 100, 100);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 200, 100);
  /* Apart to twice the distance; then a quarter turn clockwise (y down);
   * then on past 180°, counted as 270° and not -90° */
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 300, 100);
  gsk_layer_pinch_gesture_get_center (GSK_LAYER_PINCH_GESTURE (pinch), &cx, &cy);
  g_assert_cmpfloat (cx, ==, 200);
  g_assert_cmpfloat (cy, ==, 100);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 100, 200);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 0, 110);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 100, 0);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 100, 100);
  g_assert_false (gsk_layer_pinch_gesture_is_active (GSK_LAYER_PINCH_GESTURE (pinch)));
  g_assert_cmpstr (log->str, ==, "begin, 2 0, 1 90, 1 174, 1 270, end");

  g_string_free (log, TRUE);
  g_assert_finalize_object (root);
}

static GskLayerEvent *
scroll_event (GskLayerScrollDirection direction,
              guint32                 time,
              double                  dy,
              gboolean                stop)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_SCROLL, time, 50, 150);

  gsk_layer_event_set_scroll (event, direction, 0, dy, stop);
  gsk_layer_event_set_device_kind (event, GSK_LAYER_DEVICE_TOUCHPAD);
  return event;
}

static void
dispatch_and_free (GskLayer      *root,
                   GskLayerEvent *event)
{
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
}

static void
test_pan (void)
{
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayerManualClock *manual = GSK_LAYER_MANUAL_CLOCK (clock);
  GskLayer *root = new_root ();
  GskLayer *list = new_layer ("list", 0, 0, 100, 300);
  GskLayerEventController *controller = gsk_layer_pan_gesture_new (GSK_LAYER_DRAG_VERTICAL);
  GskLayerPanGesture *pan = GSK_LAYER_PAN_GESTURE (controller);
  double points[7][3], v0;

  gsk_layer_add_child (root, list);
  gsk_layer_set_frame_clock (root, clock);
  gsk_layer_add_controller (list, controller);
  gsk_layer_pan_gesture_set_range (pan, 0, 10000);

  /* The content follows the finger: up by 50, the value grows by 50 */
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 200);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 50, 150);
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 50);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 50, 150);
  g_assert_false (gsk_layer_pan_gesture_is_moving (pan));

  /* A flick, by touch: 10 units every 10 ms upwards, 1000 per second;
   * then frame by frame on the clock, x0 + v0 / 4 (1 - e^-4t) */
  for (int i = 0; i < 7; i++)
    {
      points[i][0] = 5000 + 10 * i;
      points[i][1] = 50;
      points[i][2] = 250 - 10 * i;
    }
  stroke (root, TRUE, 7, (const double (*)[3]) points);
  v0 = gsk_layer_pan_gesture_get_value (pan);
  g_assert_cmpfloat_with_epsilon (v0, 110, 1e-9);
  g_assert_true (gsk_layer_pan_gesture_is_moving (pan));
  gsk_layer_manual_clock_advance (manual, 100000);
  g_assert_cmpfloat_with_epsilon (gsk_layer_pan_gesture_get_value (pan), v0 + 1000 / 4.0 * (1 - exp (-0.4)), 1e-6);
  gsk_layer_manual_clock_advance (manual, 400000);
  g_assert_cmpfloat_with_epsilon (gsk_layer_pan_gesture_get_value (pan), v0 + 1000 / 4.0 * (1 - exp (-2.0)), 1e-6);
  for (int i = 0; i < 200 && gsk_layer_pan_gesture_is_moving (pan); i++)
    gsk_layer_manual_clock_advance (manual, 16667);
  g_assert_false (gsk_layer_pan_gesture_is_moving (pan));
  g_assert_cmpfloat (fabs (gsk_layer_pan_gesture_get_value (pan) - (v0 + 250)), <, 0.25);

  /* Flicked past the upper bound: it slows faster there, then springs
   * back to the bound exactly, without a bounce past it */
  gsk_layer_pan_gesture_set_range (pan, 0, 400);
  gsk_layer_pan_gesture_set_value (pan, 350);
  for (int i = 0; i < 7; i++)
    points[i][0] = 9000 + 10 * i;
  stroke (root, TRUE, 7, (const double (*)[3]) points);
  {
    double max = 0;

    for (int i = 0; i < 200 && gsk_layer_pan_gesture_is_moving (pan); i++)
      {
        gsk_layer_manual_clock_advance (manual, 16667);
        max = MAX (max, gsk_layer_pan_gesture_get_value (pan));
        if (max > gsk_layer_pan_gesture_get_value (pan))
          g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), >=, 400);
      }
    g_test_message ("overshoot to %g", max);
    g_assert_cmpfloat (max, >, 400);
    g_assert_cmpfloat (max, <, 460 + 60);
  }
  g_assert_false (gsk_layer_pan_gesture_is_moving (pan));
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 400);

  /* Dragged past it: the rubber band moves half as far */
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 200);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 50, 160);
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 420);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 50, 160);
  gsk_layer_manual_clock_advance (manual, 2000000);
  gsk_layer_manual_clock_advance (manual, 16667);
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 400);

  /* Wheel steps, within the range */
  gsk_layer_pan_gesture_set_value (pan, 0);
  dispatch_and_free (root, scroll_event (GSK_LAYER_SCROLL_DOWN, 1, 0, FALSE));
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 50);
  dispatch_and_free (root, scroll_event (GSK_LAYER_SCROLL_UP, 2, 0, FALSE));
  dispatch_and_free (root, scroll_event (GSK_LAYER_SCROLL_UP, 3, 0, FALSE));
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 0);

  /* A touchpad: deltas move it, and the scroll's end flings it on at the
   * deltas' speed (20 units every 10 ms: 2000 a second) */
  for (int i = 0; i < 6; i++)
    dispatch_and_free (root, scroll_event (GSK_LAYER_SCROLL_SMOOTH, 100 + 10 * i, 20, FALSE));
  g_assert_cmpfloat (gsk_layer_pan_gesture_get_value (pan), ==, 120);
  dispatch_and_free (root, scroll_event (GSK_LAYER_SCROLL_SMOOTH, 150, 0, TRUE));
  g_assert_true (gsk_layer_pan_gesture_is_moving (pan));
  gsk_layer_manual_clock_advance (manual, 100000);
  g_assert_cmpfloat_with_epsilon (gsk_layer_pan_gesture_get_value (pan),
                                  120 + 2400 / 4.0 * (1 - exp (-0.4)), 1e-6);

  /* Without a clock, a flick ends where its motion would, at once */
  gsk_layer_set_frame_clock (root, NULL);
  gsk_layer_pan_gesture_set_value (pan, 0);
  for (int i = 0; i < 7; i++)
    points[i][0] = 20000 + 10 * i;
  stroke (root, TRUE, 7, (const double (*)[3]) points);
  g_assert_false (gsk_layer_pan_gesture_is_moving (pan));
  g_assert_cmpfloat_with_epsilon (gsk_layer_pan_gesture_get_value (pan), 60 + 250, 1e-9);

  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* A gesture's layer leaving the tree mid-drag cancels the drag; dropped
 * altogether, it takes its gestures with it */
static void
test_gesture_layer_destroyed (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *card = new_layer ("card", 100, 100, 100, 100);
  GskLayerEventController *drag = drag_gesture_logging (log);

  gsk_layer_add_child (root, card);
  gsk_layer_add_controller (card, drag);
  g_object_add_weak_pointer (G_OBJECT (drag), (gpointer *) &drag);

  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 110, 110);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 130, 110);
  g_object_ref (card);
  gsk_layer_remove_child (root, card);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 140, 110);
  g_assert_cmpstr (log->str, ==, "begin 110,110, update 20,0, cancel");
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));

  gsk_layer_add_child (root, card);
  g_object_unref (card);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 110, 110);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 130, 110);
  gsk_layer_remove_child (root, card);
  g_assert_null (drag);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 140, 110);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 140, 110);

  g_string_free (log, TRUE);
  g_assert_finalize_object (root);
}

static void
count_cancel (GskLayerClickGesture *click,
              guint                *n)
{
  (*n)++;
}

/* gsk_layer_gesture_claim (): the claiming gesture alone follows its
 * press or touch; the other gestures on it are cancelled (on the same
 * layer and its ancestor), those on another touch go on; an inactive
 * gesture claims nothing */
static void
test_claim (void)
{
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100), *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerEventController *click_a = gsk_layer_click_gesture_new ();
  GskLayerEventController *click_root = gsk_layer_click_gesture_new ();
  GskLayerEventController *click_b = gsk_layer_click_gesture_new ();
  guint cancelled_a = 0, cancelled_root = 0, cancelled_b = 0;

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  gsk_layer_add_controller (a, g_object_ref (drag));
  gsk_layer_add_controller (a, g_object_ref (click_a));
  gsk_layer_add_controller (root, g_object_ref (click_root));
  gsk_layer_add_controller (b, g_object_ref (click_b));
  g_signal_connect (click_a, "cancelled", G_CALLBACK (count_cancel), &cancelled_a);
  g_signal_connect (click_root, "cancelled", G_CALLBACK (count_cancel), &cancelled_root);
  g_signal_connect (click_b, "cancelled", G_CALLBACK (count_cancel), &cancelled_b);

  g_assert_false (gsk_layer_gesture_claim (GSK_LAYER_GESTURE (drag)));

  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 250, 50);
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_a)));
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_b)));
  g_assert_true (gsk_layer_gesture_claim (GSK_LAYER_GESTURE (drag)));
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_a)));
  g_assert_cmpuint (cancelled_a, ==, 1);
  /* The root's click followed touch 1 first; touch 2 it never took */
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_root)));
  g_assert_cmpuint (cancelled_root, ==, 1);
  /* Another touch: not claimed */
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_b)));
  g_assert_cmpuint (cancelled_b, ==, 0);

  /* The rest of touch 1 reaches the drag alone; its end ends the drag */
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 60, 60);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 60, 60);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_cmpuint (cancelled_a, ==, 1);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 2, 250, 50);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (click_b)));
  g_assert_cmpuint (cancelled_b, ==, 0);

  g_object_unref (drag);
  g_object_unref (click_a);
  g_object_unref (click_root);
  g_object_unref (click_b);
  g_object_unref (root);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gestures/click", test_click);
  g_test_add_func ("/gestures/drag", test_drag);
  g_test_add_func ("/gestures/drag/moves-layer", test_drag_moves_layer);
  g_test_add_func ("/gestures/drag/handle-and-modifiers", test_drag_handle_and_modifiers);
  g_test_add_func ("/gestures/swipe", test_swipe);
  g_test_add_func ("/gestures/long-press", test_long_press);
  g_test_add_func ("/gestures/pinch", test_pinch);
  g_test_add_func ("/gestures/pan", test_pan);
  g_test_add_func ("/gestures/claim", test_claim);
  g_test_add_func ("/gestures/layer-destroyed", test_gesture_layer_destroyed);

  return g_test_run ();
}
