/* test-drop.c: layers dropped on drop targets (issue 31)
 *
 * A card dragged by a GskLayerDragGesture (moves-layer) over targets:
 * enter, motion, leave and drop in order, the points in each target's
 * own space worked out by hand (a turned target's too), a target that
 * refuses handing the drag to its parent's, the dragged layer never its
 * own target, a drag cancelled over a target, and a drop elsewhere.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "input-test-utils.h"

typedef struct {
  GString *log;
  GskLayer *root, *card;
  GskLayerEventController *drag;
} Fixture;

static void
log_entry (Fixture    *f,
           const char *what,
           GskLayerDropTarget *target,
           double      x,
           double      y,
           gboolean    point)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (GSK_LAYER_EVENT_CONTROLLER (target));

  g_string_append_printf (f->log, "%s%s %s", f->log->len ? ", " : "", what, gsk_layer_get_name (layer));
  if (point)
    g_string_append_printf (f->log, " %g,%g", x, y);
}

static void
on_enter (GskLayerDropTarget *target, GskLayer *layer, double x, double y, Fixture *f)
{
  g_assert_true (layer == f->card);
  g_assert_true (gsk_layer_drop_target_get_current_drag (target) == f->card);
  log_entry (f, "enter", target, x, y, TRUE);
}

static void
on_motion (GskLayerDropTarget *target, GskLayer *layer, double x, double y, Fixture *f)
{
  log_entry (f, "motion", target, x, y, TRUE);
}

static void
on_leave (GskLayerDropTarget *target, Fixture *f)
{
  g_assert_null (gsk_layer_drop_target_get_current_drag (target));
  log_entry (f, "leave", target, 0, 0, FALSE);
}

static gboolean
on_drop (GskLayerDropTarget *target, GskLayer *layer, double x, double y, Fixture *f)
{
  g_assert_true (layer == f->card);
  log_entry (f, "drop", target, x, y, TRUE);
  return TRUE;
}

static gboolean
refuse (GskLayerDropTarget *target, GskLayer *layer, Fixture *f)
{
  log_entry (f, "refused by", target, 0, 0, FALSE);
  return FALSE;
}

static GskLayerEventController *
add_target (Fixture  *f,
            GskLayer *layer)
{
  GskLayerEventController *target = gsk_layer_drop_target_new ();

  g_signal_connect (target, "enter", G_CALLBACK (on_enter), f);
  g_signal_connect (target, "motion", G_CALLBACK (on_motion), f);
  g_signal_connect (target, "leave", G_CALLBACK (on_leave), f);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), f);
  gsk_layer_add_controller (layer, target);
  return target;
}

static void
test_drop (void)
{
  Fixture fixture = { g_string_new (NULL) }, *f = &fixture;
  GskLayer *left = new_layer ("left", 100, 0, 100, 100), *inner = new_layer ("inner", 50, 50, 40, 40);
  GskLayer *right = new_layer ("right", 250, 0, 100, 100), *turned = new_layer ("turned", 100, 150, 100, 100);
  GskLayerTransform *t = NULL;
  graphene_point_t p;

  f->root = new_root ();
  f->card = new_layer ("card", 10, 10, 40, 40);
  gsk_layer_add_child (f->root, left);
  gsk_layer_add_child (left, inner);
  gsk_layer_add_child (f->root, right);
  g_assert_true (gsk_layer_transform_parse ("rotate(90deg)", &t, NULL));
  gsk_layer_set_transform (turned, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (f->root, turned);
  /* The card is drawn above the targets: picking must look past it */
  gsk_layer_add_child (f->root, f->card);
  f->drag = gsk_layer_drag_gesture_new ();
  g_object_set (f->drag, "moves-layer", TRUE, NULL);
  gsk_layer_add_controller (f->card, f->drag);
  add_target (f, left);
  add_target (f, right);
  add_target (f, turned);
  g_signal_connect (add_target (f, inner), "accept", G_CALLBACK (refuse), f);
  /* The card accepts drops too: never its own */
  add_target (f, f->card);

  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 30, 30);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 130, 30);
  gsk_layer_get_position (f->card, &p);
  g_assert_cmpfloat (p.x, ==, 110);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 160, 70);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 280, 40);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 280, 40);
  g_assert_cmpstr (f->log->str, ==,
                   "enter left 30,30, motion left 30,30, refused by inner, motion left 60,70, leave left, "
                   "enter right 30,40, motion right 30,40, drop right 30,40, leave right");

  /* Onto the turned target: (170, 160) is 20 right of and 40 above its
   * centre (150, 200) on screen; turned back by 90°, 40 left of and 20
   * above it in its own space: (10, 30) */
  g_string_truncate (f->log, 0);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 270, 20);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 170, 160);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 170, 160);
  g_assert_cmpstr (f->log->str, ==, "enter turned 10,30, motion turned 10,30, drop turned 10,30, leave turned");

  /* Let go over nothing: nothing dropped */
  g_string_truncate (f->log, 0);
  gsk_layer_get_position (f->card, &p);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, p.x + 5, p.y + 5);
  dispatch (f->root, GSK_LAYER_EVENT_MOTION, 380, 280);
  dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 380, 280);
  g_assert_cmpstr (f->log->str, ==, "");

  /* Cancelled over a target (another gesture claims the press): it
   * leaves, nothing is dropped */
  g_string_truncate (f->log, 0);
  gsk_layer_set_position (f->card, &GRAPHENE_POINT_INIT (10, 10));
  {
    GskLayerEventController *other = gsk_layer_click_gesture_new ();

    gsk_layer_add_controller (f->card, g_object_ref (other));
    dispatch (f->root, GSK_LAYER_EVENT_BUTTON_PRESS, 30, 30);
    dispatch (f->root, GSK_LAYER_EVENT_MOTION, 290, 50);
    g_assert_true (gsk_layer_gesture_claim (GSK_LAYER_GESTURE (other)));
    dispatch (f->root, GSK_LAYER_EVENT_BUTTON_RELEASE, 290, 50);
    g_object_unref (other);
  }
  g_assert_cmpstr (f->log->str, ==, "enter right 40,50, motion right 40,50, leave right");

  g_object_unref (f->root);
  g_string_free (f->log, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/drop/targets", test_drop);

  return g_test_run ();
}
