/* test-input.c: events, controllers, dispatch and crossing (issue 11)
 *
 * Events are synthesized; no display is needed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include "input-test-utils.h"

/* {{{ A controller that writes down what it sees */

typedef struct
{
  GString *log;
  const char *stop_at;          /* the entry whose handler stops */
  void (* action) (GskLayerEventController *controller);
  gboolean crossing_only;
} Log;

static const char *
phase_name (GskLayerPropagationPhase phase)
{
  return phase == GSK_LAYER_PHASE_CAPTURE ? "capture" : phase == GSK_LAYER_PHASE_TARGET ? "target" : "bubble";
}

static const char *
type_name (GskLayerEventType type)
{
  GEnumClass *klass = g_type_class_ref (GSK_TYPE_LAYER_EVENT_TYPE);
  const char *nick = g_enum_get_value (klass, type)->value_nick;

  g_type_class_unref (klass);
  return nick;
}

static gboolean
log_event (GskLayerEventController *controller,
           GskLayerEvent           *event,
           Log                     *log)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  char *entry;
  gboolean stop;

  /* Crossing events reach every controller of the layer: one writes;
   * those of descendants, which reach ancestors too, are logged by
   * test_crossing_descendants () */
  if ((type == GSK_LAYER_EVENT_ENTER || type == GSK_LAYER_EVENT_LEAVE) &&
      (gsk_layer_event_controller_get_propagation_phase (controller) != GSK_LAYER_PHASE_BUBBLE ||
       gsk_layer_event_get_target (event) != layer))
    return FALSE;

  if (log->crossing_only && type != GSK_LAYER_EVENT_ENTER && type != GSK_LAYER_EVENT_LEAVE)
    return FALSE;

  if (type == GSK_LAYER_EVENT_ENTER || type == GSK_LAYER_EVENT_LEAVE)
    entry = g_strdup_printf ("%s %s", type_name (type), gsk_layer_get_name (layer));
  else
    entry = g_strdup_printf ("%s %s", gsk_layer_get_name (layer),
                             phase_name (gsk_layer_event_controller_get_propagation_phase (controller)));
  g_string_append_printf (log->log, "%s%s", log->log->len ? ", " : "", entry);
  stop = log->stop_at != NULL && g_str_equal (entry, log->stop_at);
  g_free (entry);

  if (log->action)
    log->action (controller);

  return stop;
}

static GskLayerEventController *
add_logger (GskLayer                 *layer,
            GskLayerPropagationPhase  phase,
            Log                      *log)
{
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_event_controller_set_propagation_phase (controller, phase);
  g_signal_connect (controller, "event", G_CALLBACK (log_event), log);
  gsk_layer_add_controller (layer, controller);
  return controller;
}

/* }}} */
/* {{{ Propagation */

/* root ⊃ a ⊃ b, with a controller in each phase on each */
static GskLayer *
three_levels (Log *log)
{
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 50, 50, 200, 200);
  GskLayer *b = new_layer ("b", 50, 50, 100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, b);
  for (GskLayer *l = root; l != NULL; l = gsk_layer_get_first_child (l))
    {
      add_logger (l, GSK_LAYER_PHASE_BUBBLE, log);
      add_logger (l, GSK_LAYER_PHASE_TARGET, log);
      add_logger (l, GSK_LAYER_PHASE_CAPTURE, log);
    }
  return root;
}

static void
test_capture_target_bubble (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = three_levels (&log);

  /* At b (150, 150 on the surface) */
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 150, 150));
  g_assert_cmpstr (log.log->str, ==,
                   "enter root, enter a, enter b, "
                   "root capture, a capture, b capture, b target, b bubble, a bubble, root bubble");

  /* Released over a only: the press's implicit grab takes the release
   * to b, then b is left */
  g_string_truncate (log.log, 0);
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 60, 60));
  g_assert_cmpstr (log.log->str, ==,
                   "root capture, a capture, b capture, b target, b bubble, a bubble, root bubble, leave b");

  /* At a only */
  g_string_truncate (log.log, 0);
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_MOTION, 61, 60));
  g_assert_cmpstr (log.log->str, ==, "root capture, a capture, a target, a bubble, root bubble");

  /* Key events go to the top level */
  g_string_truncate (log.log, 0);
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_KEY_PRESS, 0, 0));
  g_assert_cmpstr (log.log->str, ==, "root capture, root target, root bubble");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

static void
test_stop (void)
{
  Log log = { g_string_new (NULL), "a capture" };
  GskLayer *root = three_levels (&log);

  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 150);
  g_string_truncate (log.log, 0);
  g_assert_true (dispatch (root, GSK_LAYER_EVENT_MOTION, 151, 150));
  g_assert_cmpstr (log.log->str, ==, "root capture, a capture");

  log.stop_at = "b target";
  g_string_truncate (log.log, 0);
  g_assert_true (dispatch (root, GSK_LAYER_EVENT_MOTION, 152, 150));
  g_assert_cmpstr (log.log->str, ==, "root capture, a capture, b capture, b target");

  log.stop_at = "a bubble";
  g_string_truncate (log.log, 0);
  g_assert_true (dispatch (root, GSK_LAYER_EVENT_MOTION, 153, 150));
  g_assert_cmpstr (log.log->str, ==, "root capture, a capture, b capture, b target, b bubble, a bubble");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* The target is what gsk_layer_pick() finds: not a layer that is not
 * reactive (its parent instead), nor one hidden, transparent or singular */
static void
test_who_gets_events (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 50, 50, 200, 200);
  GskLayer *b = new_layer ("b", 50, 50, 100, 100);
  GskLayerTransform *flat;
  GskLayerEvent *event;

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, b);
  add_logger (a, GSK_LAYER_PHASE_TARGET, &log);
  add_logger (b, GSK_LAYER_PHASE_TARGET, &log);

  gsk_layer_set_reactive (b, FALSE);
  event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 5, 150, 150);
  gsk_layer_dispatch_event (root, event);
  g_assert_true (gsk_layer_event_get_target (event) == a);
  gsk_layer_event_unref (event);
  gsk_layer_set_reactive (b, TRUE);

  gsk_layer_set_visible (b, FALSE);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 151);
  gsk_layer_set_visible (b, TRUE);
  gsk_layer_set_opacity (b, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 152);
  gsk_layer_set_opacity (b, 1);
  g_assert_true (gsk_layer_transform_parse ("scale(0)", &flat, NULL));
  gsk_layer_set_transform (b, flat);
  gsk_layer_transform_unref (flat);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 153);
  gsk_layer_set_transform (b, NULL);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 154);

  g_assert_cmpstr (log.log->str, ==, "a target, a target, a target, a target, b target");

  /* Outside every layer but the root, which has no controller */
  g_string_truncate (log.log, 0);
  gsk_layer_set_reactive (root, FALSE);
  event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 5, 10, 10);
  g_assert_false (gsk_layer_dispatch_event (root, event));
  g_assert_null (gsk_layer_event_get_target (event));
  gsk_layer_event_unref (event);
  g_assert_cmpstr (log.log->str, ==, "");
  g_assert_false (gsk_layer_is_hovered (a));

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Crossing */

/* Every crossing event a controller sees: its layer, the type, the
 * layer that entered or left and the related one */
static gboolean
log_crossing (GskLayerEventController *controller,
              GskLayerEvent           *event,
              Log                     *log)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  GskLayer *related = gsk_layer_event_get_related_layer (event);
  char *entry;
  gboolean stop;

  if (type != GSK_LAYER_EVENT_ENTER && type != GSK_LAYER_EVENT_LEAVE)
    return FALSE;
  g_assert_null (type == GSK_LAYER_EVENT_ENTER && gsk_layer_event_get_target (event) == NULL ? "no target" : NULL);
  entry = g_strdup_printf ("%s: %s %s (%s)", gsk_layer_get_name (gsk_layer_event_controller_get_layer (controller)),
                           type_name (type), gsk_layer_get_name (gsk_layer_event_get_target (event)),
                           related ? gsk_layer_get_name (related) : "-");
  g_string_append_printf (log->log, "%s%s", log->log->len ? ", " : "", entry);
  stop = log->stop_at != NULL && g_str_equal (entry, log->stop_at);
  g_free (entry);
  return stop;
}

/* Ancestors see their descendants' enter and leave events, in capture
 * and bubble (Clutter's crossing events travel as others do), with the
 * related layer (issue 31): the layer's own controllers first, then
 * the ancestors' capture ones down, then their bubble ones up. Expected
 * by hand: root ⊃ a ⊃ a1, and b; a capture controller on root, a
 * bubble one on a */
static void
test_crossing_descendants (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 10, 10, 50, 50);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *on_root = gsk_layer_event_controller_new ();
  GskLayerEventController *on_a = gsk_layer_event_controller_new ();

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_child (root, b);
  gsk_layer_event_controller_set_propagation_phase (on_root, GSK_LAYER_PHASE_CAPTURE);
  g_signal_connect (on_root, "event", G_CALLBACK (log_crossing), &log);
  g_signal_connect (on_a, "event", G_CALLBACK (log_crossing), &log);
  gsk_layer_add_controller (root, on_root);
  gsk_layer_add_controller (a, on_a);

  /* From outside into a1: no related layer */
  dispatch (root, GSK_LAYER_EVENT_MOTION, 20, 20);
  g_assert_cmpstr (log.log->str, ==,
                   "root: enter root (-), a: enter a (-), root: enter a (-), root: enter a1 (-), a: enter a1 (-)");

  /* Out of a1 into a itself: a1 left for a */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 80, 80);
  g_assert_cmpstr (log.log->str, ==, "root: leave a1 (a), a: leave a1 (a)");

  /* To b: a left for b, b entered from a */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 250, 50);
  g_assert_cmpstr (log.log->str, ==, "a: leave a (b), root: leave a (b), root: enter b (a)");

  /* Back into a1, from b */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 20, 20);
  g_assert_cmpstr (log.log->str, ==,
                   "root: leave b (a1), a: enter a (b), root: enter a (b), root: enter a1 (b), a: enter a1 (b)");

  /* Stopped in capture: a's bubble handler no longer sees a1's events,
   * a's own still come */
  g_string_truncate (log.log, 0);
  log.stop_at = "root: leave a1 (root)";
  dispatch (root, GSK_LAYER_EVENT_MOTION, 300 + 50, 250);
  g_assert_cmpstr (log.log->str, ==, "root: leave a1 (root), a: leave a (root), root: leave a (root)");

  /* Out of the tree: no related layer */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_LEAVE, 0, 0);
  g_assert_cmpstr (log.log->str, ==, "root: leave root (-)");

  g_object_unref (root);
  g_string_free (log.log, TRUE);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              GString    *log)
{
  gboolean value;

  g_object_get (object, pspec->name, &value, NULL);
  g_string_append_printf (log, "%s%s=%d", log->len ? ", " : "", pspec->name, value);
}

/* GTK's contains-pointer and is-pointer on a controller: within the
 * layer or one of its descendants, and over the layer itself; notified
 * on change only */
static void
test_contains_pointer (void)
{
  GString *log = g_string_new (NULL);
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 10, 10, 50, 50);
  GskLayerEventController *on_a = gsk_layer_event_controller_new ();
  GskLayerEventController *later = gsk_layer_event_controller_new ();

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_controller (a, on_a);
  g_signal_connect (on_a, "notify::contains-pointer", G_CALLBACK (count_notify), log);
  g_signal_connect (on_a, "notify::is-pointer", G_CALLBACK (count_notify), log);
  g_assert_false (gsk_layer_event_controller_contains_pointer (on_a));

  dispatch (root, GSK_LAYER_EVENT_MOTION, 20, 20);
  g_assert_true (gsk_layer_event_controller_contains_pointer (on_a));
  g_assert_false (gsk_layer_event_controller_is_pointer (on_a));
  g_assert_cmpstr (log->str, ==, "contains-pointer=1");

  g_string_truncate (log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 80, 80);
  g_assert_true (gsk_layer_event_controller_is_pointer (on_a));
  g_assert_cmpstr (log->str, ==, "is-pointer=1");

  g_string_truncate (log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 81, 81);
  g_assert_cmpstr (log->str, ==, "");

  /* A controller added where the pointer already is knows it */
  gsk_layer_add_controller (a, later);
  g_assert_true (gsk_layer_event_controller_contains_pointer (later));
  g_assert_true (gsk_layer_event_controller_is_pointer (later));

  dispatch (root, GSK_LAYER_EVENT_MOTION, 300, 200);
  g_assert_false (gsk_layer_event_controller_contains_pointer (on_a));
  g_assert_false (gsk_layer_event_controller_is_pointer (on_a));
  g_assert_cmpstr (log->str, ==, "contains-pointer=0, is-pointer=0");

  g_object_unref (root);
  g_string_free (log, TRUE);
}

static void
test_crossing_order (void)
{
  Log log = { g_string_new (NULL), .crossing_only = TRUE };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 10, 10, 50, 50);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayer *b1 = new_layer ("b1", 10, 10, 50, 50);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (b, b1);
  for (GskLayer *l = root; l != NULL; l = l == root ? a : l == a ? a1 : l == a1 ? b : l == b ? b1 : NULL)
    add_logger (l, GSK_LAYER_PHASE_BUBBLE, &log);

  dispatch (root, GSK_LAYER_EVENT_MOTION, 20, 20);
  g_assert_cmpstr (log.log->str, ==, "enter root, enter a, enter a1");
  g_assert_true (gsk_layer_is_hovered (root));
  g_assert_true (gsk_layer_is_hovered (a));
  g_assert_true (gsk_layer_is_hovered (a1));
  g_assert_false (gsk_layer_is_hovered (b));

  /* From the deepest old layer up to the common ancestor, then down */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 220, 20);
  g_assert_cmpstr (log.log->str, ==, "leave a1, leave a, enter b, enter b1");
  g_assert_false (gsk_layer_is_hovered (a));
  g_assert_true (gsk_layer_is_hovered (b1));

  /* Within one layer, no crossing */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 221, 21);
  g_assert_cmpstr (log.log->str, ==, "");

  /* A layer sliding away under a still pointer, and another sliding in */
  gsk_layer_set_position (b, &GRAPHENE_POINT_INIT (300, 200));
  gsk_layer_set_position (a, &GRAPHENE_POINT_INIT (200, 0));
  gsk_layer_update_hover (root);
  g_assert_cmpstr (log.log->str, ==, "leave b1, leave b, enter a, enter a1");

  /* A layer vanishing: taken out of the tree, it gets its leave event;
   * dropped as well, it is freed at once and gets nothing */
  g_string_truncate (log.log, 0);
  g_object_ref (a1);
  gsk_layer_remove_child (a, a1);
  gsk_layer_update_hover (root);
  g_assert_cmpstr (log.log->str, ==, "leave a1");
  gsk_layer_add_child (a, a1);
  g_object_unref (a1);
  gsk_layer_update_hover (root);
  g_assert_cmpstr (log.log->str, ==, "leave a1, enter a1");
  g_string_truncate (log.log, 0);
  gsk_layer_remove_child (a, a1);
  gsk_layer_update_hover (root);
  g_assert_cmpstr (log.log->str, ==, "");

  /* The pointer leaving the surface */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_LEAVE, 0, 0);
  g_assert_cmpstr (log.log->str, ==, "leave a, leave root");
  g_assert_false (gsk_layer_is_hovered (root));

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* A layer animating under a still pointer: the crossing comes with the
 * frame, after the animations moved it, with no event and no call */
static void
test_crossing_after_frame (void)
{
  Log log = { g_string_new (NULL), .crossing_only = TRUE };
  GskLayerFrameClock *clock = gsk_layer_manual_clock_new ();
  GskLayer *root = new_root ();
  GskLayer *card = new_layer ("card", 0, 0, 100, 100);

  gsk_layer_add_child (root, card);
  gsk_layer_set_frame_clock (root, clock);
  add_logger (root, GSK_LAYER_PHASE_BUBBLE, &log);
  add_logger (card, GSK_LAYER_PHASE_BUBBLE, &log);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 250, 50);
  g_assert_cmpstr (log.log->str, ==, "enter root");

  gsk_layer_save_easing_state (card);
  gsk_layer_set_easing_duration (card, 1000);
  gsk_layer_set_easing_mode (card, GSK_LAYER_EASING_LINEAR);
  gsk_layer_set_position (card, &GRAPHENE_POINT_INIT (300, 0));
  gsk_layer_restore_easing_state (card);

  /* At 0.5 s the card spans 150 to 250: not yet under 250 */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500000);
  g_assert_cmpstr (log.log->str, ==, "enter root");
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 100000);
  g_assert_cmpstr (log.log->str, ==, "enter root, enter card");
  g_assert_true (gsk_layer_is_hovered (card));

  /* Past it again when the animation has ended: at 300, it left */
  gsk_layer_manual_clock_advance (GSK_LAYER_MANUAL_CLOCK (clock), 500000);
  g_assert_cmpstr (log.log->str, ==, "enter root, enter card, leave card");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
  g_object_unref (clock);
}

/* }}} */
/* {{{ Positions through 3D */

/* A 200×200 layer at (100, 50) under perspective(400px) rotateY(60deg)
 * about its centre. The expected point comes from the ray-plane
 * intersection worked out by hand: a local point (u, v) is at
 * x = u - 100, y = v - 100 from the pivot; rotateY(a) sends it to
 * (x cos a, y, -x sin a) and perspective(d) divides by w = 1 + x sin a / d,
 * so a screen offset X from the pivot gives x = X / (cos a - X sin a / d)
 * and y = Y w. */
static void
test_position_through_3d (void)
{
  GskLayer *root = new_root ();
  GskLayer *card = new_layer ("card", 100, 50, 200, 200);
  GskLayerTransform *t;
  const double a = G_PI / 3, d = 400;
  static const double points[][2] = { { 200, 150 }, { 230, 100 }, { 170, 210 }, { 250, 160 }, { 140, 60 } };

  g_assert_true (gsk_layer_transform_parse ("perspective(400px) rotateY(60deg)", &t, NULL));
  gsk_layer_set_transform (card, t);
  gsk_layer_transform_unref (t);
  gsk_layer_add_child (root, card);

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      double X = points[i][0] - 200, Y = points[i][1] - 150;
      double x = X / (cos (a) - X * sin (a) / d);
      double w = 1 + x * sin (a) / d;
      GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 1, points[i][0], points[i][1]);
      graphene_point_t p;

      g_assert_true (gsk_layer_event_get_position_in (event, card, &p));
      g_test_message ("(%g, %g): (%g, %g), expected (%g, %g)",
                      points[i][0], points[i][1], p.x, p.y, x + 100, Y * w + 100);
      g_assert_cmpfloat_with_epsilon (p.x, x + 100, 1e-3);
      g_assert_cmpfloat_with_epsilon (p.y, Y * w + 100, 1e-3);

      /* Where the layer is, it is the target */
      gsk_layer_dispatch_event (root, event);
      if (p.x >= 0 && p.x < 200 && p.y >= 0 && p.y < 200)
        g_assert_true (gsk_layer_event_get_target (event) == card);
      else
        g_assert_true (gsk_layer_event_get_target (event) == root);

      /* In the root's space, the surface's */
      g_assert_true (gsk_layer_event_get_position_in (event, root, &p));
      g_assert_cmpfloat_with_epsilon (p.x, points[i][0], 1e-4);
      g_assert_cmpfloat_with_epsilon (p.y, points[i][1], 1e-4);
      gsk_layer_event_unref (event);
    }

  /* Edge-on: no point */
  {
    GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 1, 200, 150);
    graphene_point_t p;

    g_assert_true (gsk_layer_transform_parse ("rotateY(90deg)", &t, NULL));
    gsk_layer_set_transform (card, t);
    gsk_layer_transform_unref (t);
    g_assert_false (gsk_layer_event_get_position_in (event, card, &p));
    g_assert_true (isnan (p.x) && isnan (p.y));

    /* Nor for an event without a position */
    gsk_layer_set_transform (card, NULL);
    gsk_layer_event_unref (event);
    event = gsk_layer_event_new (GSK_LAYER_EVENT_KEY_PRESS, 1, 200, 150);
    g_assert_false (gsk_layer_event_get_position_in (event, card, &p));
    gsk_layer_event_unref (event);
  }

  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Grabs */

/* Logs every event of @layer, with its type */
static gboolean
log_any (GskLayerEventController *controller,
         GskLayerEvent           *event,
         Log                     *log)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);

  /* Crossing events name the layer that entered or left (a
   * descendant's reach its ancestors) */
  g_string_append_printf (log->log, "%s%s %s", log->log->len ? ", " : "", type_name (type),
                          gsk_layer_get_name (type == GSK_LAYER_EVENT_ENTER || type == GSK_LAYER_EVENT_LEAVE
                                              ? gsk_layer_event_get_target (event)
                                              : gsk_layer_event_controller_get_layer (controller)));
  return FALSE;
}

static void
add_any_logger (GskLayer *layer,
                Log      *log)
{
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_event_controller_set_propagation_phase (controller, GSK_LAYER_PHASE_TARGET);
  g_signal_connect (controller, "event", G_CALLBACK (log_any), log);
  gsk_layer_add_controller (layer, controller);
}

static void
test_implicit_grab (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEvent *event;

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (b, &log);

  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 50);
  g_assert_true (gsk_layer_get_pointer_grab (root) == a);
  /* Over b, but a has the pointer: b is not entered */
  dispatch (root, GSK_LAYER_EVENT_MOTION, 250, 50);
  g_assert_true (gsk_layer_is_hovered (a));
  g_assert_false (gsk_layer_is_hovered (b));
  /* A second button, released first, keeps the grab */
  event = gsk_layer_event_new (GSK_LAYER_EVENT_BUTTON_PRESS, 2, 250, 50);
  gsk_layer_event_set_button (event, 3);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
  event = gsk_layer_event_new (GSK_LAYER_EVENT_BUTTON_RELEASE, 3, 250, 50);
  gsk_layer_event_set_button (event, 3);
  gsk_layer_dispatch_event (root, event);
  g_assert_true (gsk_layer_event_get_target (event) == a);
  gsk_layer_event_unref (event);
  g_assert_true (gsk_layer_get_pointer_grab (root) == a);
  /* The last release ends it; the pointer is over b now */
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 250, 50);
  g_assert_null (gsk_layer_get_pointer_grab (root));
  g_assert_true (gsk_layer_is_hovered (b));

  g_assert_cmpstr (log.log->str, ==,
                   "enter a, button-press a, motion a, button-press a, button-release a, "
                   "button-release a, leave a, enter b");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

static void
test_explicit_grab (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (b, &log);

  dispatch (root, GSK_LAYER_EVENT_MOTION, 250, 50);
  gsk_layer_grab_pointer (a);
  g_assert_true (gsk_layer_get_pointer_grab (root) == a);
  dispatch (root, GSK_LAYER_EVENT_SCROLL, 260, 50);
  gsk_layer_ungrab_pointer (a);
  g_assert_cmpstr (log.log->str, ==, "enter b, motion b, leave b, enter a, scroll a, leave a, enter b");

  /* Another grab breaks the first */
  g_string_truncate (log.log, 0);
  gsk_layer_grab_pointer (a);
  gsk_layer_grab_pointer (b);
  g_assert_cmpstr (log.log->str, ==, "leave b, enter a, grab-broken a, leave a, enter b");

  /* The grabbing layer leaving the tree: broken at the next event, which
   * goes to what is under the pointer */
  g_string_truncate (log.log, 0);
  g_object_ref (b);
  gsk_layer_remove_child (root, b);
  dispatch (root, GSK_LAYER_EVENT_MOTION, 50, 50);
  g_assert_cmpstr (log.log->str, ==, "grab-broken b, leave b, enter a, motion a");
  g_assert_null (gsk_layer_get_pointer_grab (root));
  g_assert_finalize_object (b);

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

static void
test_touch_sequences (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (b, &log);

  /* Two fingers, each staying with its layer; touch hovers nothing */
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 250, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 250, 60);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 50, 60);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 250, 60);
  g_assert_false (gsk_layer_is_hovered (a));
  g_assert_cmpstr (log.log->str, ==,
                   "touch-begin a, touch-begin b, touch-update a, touch-update b, touch-end a");

  /* A sequence beginning again, never having ended: the old one is
   * cancelled */
  g_string_truncate (log.log, 0);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 50, 50);
  g_assert_cmpstr (log.log->str, ==, "touch-cancel b, touch-begin a");

  /* Its layer leaving the tree: the sequence is lost; its later events
   * go nowhere (b never saw it begin), until it begins again */
  g_string_truncate (log.log, 0);
  g_object_ref (a);
  gsk_layer_remove_child (root, a);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 250, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 2, 250, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 2, 250, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 250, 50);
  g_assert_cmpstr (log.log->str, ==, "grab-broken a, touch-begin b");
  g_object_unref (a);

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* }}} */

/* {{{ Sequences that always end (issue 35) */

static void
add_phase_logger (GskLayer                 *layer,
                  GskLayerPropagationPhase  phase,
                  Log                      *log)
{
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_event_controller_set_propagation_phase (controller, phase);
  g_signal_connect (controller, "event", G_CALLBACK (log_any), log);
  gsk_layer_add_controller (layer, controller);
}

static gboolean
begin_again_on_cancel (GskLayerEventController *controller,
                       GskLayerEvent           *event,
                       gpointer                 data)
{
  guint *rounds = data;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_TOUCH_CANCEL || *rounds == 0)
    return FALSE;
  (*rounds)--;
  dispatch_touch_event (gsk_layer_get_root (gsk_layer_event_controller_get_layer (controller)),
                        GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  return FALSE;
}

/* Found by fuzz-input: a handler of a touch's cancel that begins it
 * again. The sequence it began was replaced unheard, and a controller
 * further down the path saw the new begin before the old cancel. Every
 * controller now sees each sequence end before the next begins */
static void
test_sequence_begin_again_from_cancel (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *t = new_layer ("t", 0, 0, 100, 100);
  GskLayerEventController *again = gsk_layer_event_controller_new ();
  guint rounds = 2;

  gsk_layer_add_child (root, t);
  gsk_layer_event_controller_set_propagation_phase (again, GSK_LAYER_PHASE_CAPTURE);
  g_signal_connect (again, "event", G_CALLBACK (begin_again_on_cancel), &rounds);
  gsk_layer_add_controller (root, again);
  add_any_logger (t, &log);

  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 50, 50);
  /* The second begin cancels the first; the cancel's handler begins a
   * third, whose cancel begins a fourth: t hears each end before the
   * next begin, and each once */
  g_assert_cmpstr (log.log->str, ==,
                   "touch-begin t, grab-broken t, touch-begin t, grab-broken t, touch-begin t, "
                   "touch-cancel t, touch-begin t, touch-end t");
  g_assert_cmpuint (rounds, ==, 0);

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* A controller on the top level that, the first time it gets @on,
 * dispatches @send (touch or button @number) where the event it got is */
typedef struct
{
  GskLayerEventType on;
  GskLayerEventType send;
  guint number;
  gboolean done;
} Nested;

static gboolean
dispatch_nested (GskLayerEventController *controller,
                 GskLayerEvent           *event,
                 Nested                  *nested)
{
  GskLayer *root = gsk_layer_get_root (gsk_layer_event_controller_get_layer (controller));
  GskLayerEvent *inner;
  double x, y;

  if (nested->done || gsk_layer_event_get_event_type (event) != nested->on)
    return FALSE;
  nested->done = TRUE;

  gsk_layer_event_get_position (event, &x, &y);
  inner = gsk_layer_event_new (nested->send, 1, x, y);
  if (nested->send == GSK_LAYER_EVENT_BUTTON_PRESS || nested->send == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (inner, nested->number);
  else
    gsk_layer_event_set_sequence (inner, nested->number);
  gsk_layer_dispatch_event (root, inner);
  gsk_layer_event_unref (inner);

  return FALSE;
}

static void
add_nested (GskLayer *layer,
            Nested   *nested)
{
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_event_controller_set_propagation_phase (controller, GSK_LAYER_PHASE_CAPTURE);
  g_signal_connect (controller, "event", G_CALLBACK (dispatch_nested), nested);
  gsk_layer_add_controller (layer, controller);
}

/* Found by fuzz-input: a touch begun again from a handler of the cancel
 * that a begin sends, and again from a handler of the grab-broken event
 * that the second begin sends to the controllers the cancel had not
 * reached yet. The second begin replaced the touch the third had made,
 * unheard: t saw two begins in a row, and never the end of the first */
static void
test_sequence_begin_again_nested (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *t = new_layer ("t", 0, 0, 100, 100);
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  Nested on_cancel = { GSK_LAYER_EVENT_TOUCH_CANCEL, GSK_LAYER_EVENT_TOUCH_BEGIN, 1 };
  Nested on_broken = { GSK_LAYER_EVENT_GRAB_BROKEN, GSK_LAYER_EVENT_TOUCH_BEGIN, 1 };

  gsk_layer_add_child (root, t);
  add_nested (root, &on_cancel);
  add_nested (root, &on_broken);
  add_any_logger (t, &log);
  gsk_layer_add_controller (t, g_object_ref (drag));

  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 50, 50);
  g_assert_true (on_cancel.done);
  g_assert_true (on_broken.done);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 50, 50);
  /* Each begin is ended before the next: the first by the grab-broken
   * event of the cancel cut short, the third (innermost) by a cancel
   * when the second begins after it, the second by a cancel when the
   * outer one does */
  g_assert_cmpstr (log.log->str, ==,
                   "touch-begin t, grab-broken t, touch-begin t, touch-cancel t, touch-begin t, "
                   "touch-cancel t, touch-begin t, touch-end t");
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));

  g_object_unref (drag);
  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* Found by fuzz-input: a press from a handler of the last release of
 * another, released again from a handler of the grab-broken event that
 * the press sends to the controllers the release had not reached yet.
 * That release came before the press had counted its button: it went
 * to everyone as a release of no press, before the press itself, and
 * the button stayed held, the press followed for ever */
static void
test_sequence_press_from_last_release (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  Nested on_release = { GSK_LAYER_EVENT_BUTTON_RELEASE, GSK_LAYER_EVENT_BUTTON_PRESS, 3 };
  Nested on_broken = { GSK_LAYER_EVENT_GRAB_BROKEN, GSK_LAYER_EVENT_BUTTON_RELEASE, 3 };
  Nested on_enter = { GSK_LAYER_EVENT_ENTER, GSK_LAYER_EVENT_BUTTON_RELEASE, 1 };

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_nested (root, &on_release);
  add_nested (root, &on_broken);
  add_any_logger (a, &log);
  add_any_logger (b, &log);
  gsk_layer_add_controller (a, g_object_ref (drag));

  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 50);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 50, 50);
  g_assert_true (on_release.done);
  g_assert_true (on_broken.done);
  /* The nested press was released before it reached anyone: neither
   * reaches a, which hears of its own press ending once */
  g_assert_cmpstr (log.log->str, ==, "enter a, button-press a, grab-broken a");
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_null (gsk_layer_get_pointer_grab (root));

  /* Nothing is left held: the next press ends at its release */
  g_string_truncate (log.log, 0);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 50);
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 50, 50);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_cmpstr (log.log->str, ==, "button-press a, button-release a");

  /* A press released by a handler of the enter event it brings reaches
   * no one, and so holds no grab either */
  g_string_truncate (log.log, 0);
  add_nested (b, &on_enter);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 250, 50);
  g_assert_true (on_enter.done);
  g_assert_null (gsk_layer_get_pointer_grab (root));
  dispatch (root, GSK_LAYER_EVENT_MOTION, 50, 50);
  g_assert_cmpstr (log.log->str, ==, "leave a, enter b, leave b, enter a, motion a");

  g_object_unref (drag);
  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* A gesture on a layer following a touch or a press on a descendant is
 * told, with a grab-broken event, when that descendant leaves its
 * subtree: it no longer stays active for ever (issue 35, 2) */
static void
test_sequence_descendant_leaves (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *p = new_layer ("p", 0, 0, 200, 200);
  GskLayer *c = new_layer ("c", 10, 10, 50, 50);
  GskLayer *other = new_layer ("other", 250, 0, 100, 100);
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerEventController *press = gsk_layer_long_press_gesture_new ();

  gsk_layer_add_child (root, p);
  gsk_layer_add_child (p, c);
  gsk_layer_add_child (root, other);
  gsk_layer_add_controller (p, g_object_ref (drag));
  gsk_layer_add_controller (p, g_object_ref (press));
  add_phase_logger (p, GSK_LAYER_PHASE_BUBBLE, &log);

  /* A touch on c, which moves to another part of the tree */
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 1, 20, 20);
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (press)));
  g_object_ref (c);
  gsk_layer_remove_child (p, c);
  gsk_layer_add_child (other, c);
  g_object_unref (c);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_UPDATE, 1, 30, 30);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (press)));
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 1, 30, 30);
  g_assert_cmpstr (log.log->str, ==, "touch-begin p, grab-broken p");

  /* Not stuck: the next touch on p is followed again, to its end */
  g_string_truncate (log.log, 0);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 2, 100, 100);
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_END, 2, 100, 100);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_cmpstr (log.log->str, ==, "touch-begin p, touch-end p");

  /* A press on a descendant taken out of the tree: told at the next
   * update, not at a release that may never come */
  g_string_truncate (log.log, 0);
  c = new_layer ("c2", 10, 10, 50, 50);
  gsk_layer_add_child (p, c);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 20, 20);
  g_assert_true (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  gsk_layer_remove_child (p, c);
  gsk_layer_update_hover (root);
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (press)));
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 20, 20);
  /* p sees c2 enter (crossing events reach ancestors); c2 was finalized
   * when removed, so there is no layer left to leave */
  g_assert_cmpstr (log.log->str, ==, "enter p, enter c2, button-press p, grab-broken p");

  g_object_unref (drag);
  g_object_unref (press);
  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* A touch beginning again while its layer has left the tree: that
 * layer's controllers get their grab-broken event (issue 35, 4) */
static void
test_sequence_begin_again_lost (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (b, &log);
  gsk_layer_add_controller (a, g_object_ref (drag));

  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 7, 50, 50);
  g_object_ref (a);
  gsk_layer_remove_child (root, a);
  dispatch_touch_event (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 7, 250, 50);
  g_assert_cmpstr (log.log->str, ==, "touch-begin a, grab-broken a, touch-begin b");
  g_assert_false (gsk_layer_gesture_is_active (GSK_LAYER_GESTURE (drag)));
  g_object_unref (a);

  g_object_unref (drag);
  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

static GskLayer *grab_for;

static gboolean
grab_on_press (GskLayerEventController *controller,
               GskLayerEvent           *event,
               gpointer                 data)
{
  if (gsk_layer_event_get_event_type (event) == GSK_LAYER_EVENT_BUTTON_PRESS)
    gsk_layer_grab_pointer (grab_for);
  return FALSE;
}

static gboolean
remove_on_press (GskLayerEventController *controller,
                 GskLayerEvent           *event,
                 gpointer                 data)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);

  if (gsk_layer_event_get_event_type (event) == GSK_LAYER_EVENT_BUTTON_PRESS)
    gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
  return FALSE;
}

/* A press whose handler grabs the pointer for another layer, or takes
 * the pressed layer out: the pressed layer gets a grab-broken event,
 * and the grabbing layer the release (issue 35, 5) */
static void
test_sequence_press_handlers (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *grabber = gsk_layer_event_controller_new ();
  GskLayerEventController *remover = gsk_layer_event_controller_new ();

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (b, &log);
  g_signal_connect (grabber, "event", G_CALLBACK (grab_on_press), NULL);
  gsk_layer_add_controller (a, grabber);

  grab_for = b;
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 50, 50);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 50, 50);
  g_assert_cmpstr (log.log->str, ==,
                   "enter a, button-press a, grab-broken a, leave a, enter b, button-release b");
  gsk_layer_ungrab_pointer (b);
  gsk_layer_remove_controller (a, grabber);

  g_string_truncate (log.log, 0);
  g_signal_connect (remover, "event", G_CALLBACK (remove_on_press), NULL);
  gsk_layer_add_controller (b, remover);
  g_object_ref (b);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 250, 50);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 250, 50);
  g_assert_cmpstr (log.log->str, ==, "leave a, enter b, button-press b, grab-broken b, leave b");
  g_assert_finalize_object (b);

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

static gboolean
grab_on_enter (GskLayerEventController *controller,
               GskLayerEvent           *event,
               gpointer                 data)
{
  if (gsk_layer_event_get_event_type (event) == GSK_LAYER_EVENT_ENTER)
    gsk_layer_grab_pointer (grab_for);
  return FALSE;
}

/* An enter handler that grabs the pointer: crossing events never nest,
 * a layer is left only after it was entered, and none is entered after
 * it stopped being hovered (issue 35, 8) */
static void
test_crossing_handler_grabs (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 10, 10, 50, 50);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayerEventController *grabber = gsk_layer_event_controller_new ();

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_child (root, b);
  add_any_logger (a, &log);
  add_any_logger (a1, &log);
  add_any_logger (b, &log);
  g_signal_connect (grabber, "event", G_CALLBACK (grab_on_enter), NULL);
  gsk_layer_add_controller (a, grabber);

  /* a grabs for b as it is entered: a1, under the pointer, is never
   * entered, and a is left before b is entered */
  grab_for = b;
  dispatch (root, GSK_LAYER_EVENT_MOTION, 20, 20);
  g_assert_cmpstr (log.log->str, ==, "enter a, leave a, enter b, motion b");
  g_assert_true (gsk_layer_is_hovered (b));
  g_assert_false (gsk_layer_is_hovered (a1));

  g_string_truncate (log.log, 0);
  gsk_layer_remove_controller (a, grabber);
  gsk_layer_ungrab_pointer (b);
  g_assert_cmpstr (log.log->str, ==, "leave b, enter a, enter a1");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* A layer moved from one top level's tree to another's is left in the
 * first before it is entered in the second, and never left late
 * (issue 35, 9) */
static void
test_crossing_across_top_levels (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *one = new_root ();
  GskLayer *two = new_root ();
  GskLayer *l = new_layer ("l", 0, 0, 100, 100);

  gsk_layer_add_child (one, l);
  add_any_logger (l, &log);
  dispatch (one, GSK_LAYER_EVENT_MOTION, 50, 50);
  g_assert_cmpstr (log.log->str, ==, "enter l, motion l");

  g_string_truncate (log.log, 0);
  g_object_ref (l);
  gsk_layer_remove_child (one, l);
  gsk_layer_add_child (two, l);
  g_object_unref (l);
  dispatch (two, GSK_LAYER_EVENT_MOTION, 50, 50);
  gsk_layer_update_hover (one);
  dispatch (one, GSK_LAYER_EVENT_MOTION, 60, 60);
  dispatch (two, GSK_LAYER_EVENT_LEAVE, 60, 60);
  g_assert_cmpstr (log.log->str, ==, "leave l, enter l, motion l, leave l");

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (one);
  g_assert_finalize_object (two);
}

/* }}} */
/* {{{ Focus */

static void
key (GskLayer        *root,
     guint            keyval,
     GdkModifierType  modifiers)
{
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_KEY_PRESS, 1, 0, 0);

  gsk_layer_event_set_key (event, keyval, 0);
  gsk_layer_event_set_modifiers (event, modifiers);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
}

static void
test_focus (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 0, 0, 10, 10);
  GskLayer *a2 = new_layer ("a2", 0, 0, 10, 10);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);
  GskLayer *c = new_layer ("c", 0, 200, 100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_child (a, a2);
  gsk_layer_add_child (root, b);
  gsk_layer_add_child (root, c);
  for (GskLayer *l = a; l != NULL; l = l == a ? a1 : l == a1 ? a2 : l == a2 ? b : l == b ? c : NULL)
    {
      gsk_layer_set_focusable (l, l != a);
      add_any_logger (l, &log);
    }
  add_logger (a, GSK_LAYER_PHASE_CAPTURE, &log);
  g_assert_false (gsk_layer_get_focusable (a));

  /* Not focusable */
  g_assert_false (gsk_layer_grab_focus (a));
  g_assert_null (gsk_layer_get_focus (root));

  g_assert_true (gsk_layer_grab_focus (a2));
  g_assert_true (gsk_layer_has_focus (a2));
  key (root, GDK_KEY_a, 0);
  g_assert_cmpstr (log.log->str, ==, "focus-in a2, a capture, key-press a2");

  /* Tab through a1, a2, b, c in tree order, skipping what is hidden,
   * and around */
  g_string_truncate (log.log, 0);
  gsk_layer_set_visible (b, FALSE);
  key (root, GDK_KEY_Tab, 0);
  g_assert_true (gsk_layer_get_focus (root) == c);
  key (root, GDK_KEY_Tab, 0);
  g_assert_true (gsk_layer_get_focus (root) == a1);
  gsk_layer_set_visible (b, TRUE);
  key (root, GDK_KEY_Tab, 0);
  key (root, GDK_KEY_Tab, 0);
  g_assert_true (gsk_layer_get_focus (root) == b);
  key (root, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK);
  g_assert_true (gsk_layer_get_focus (root) == a2);
  key (root, GDK_KEY_Tab, GDK_SHIFT_MASK);
  key (root, GDK_KEY_Tab, GDK_SHIFT_MASK);
  g_assert_true (gsk_layer_get_focus (root) == c);
  /* Focus changes go to the layer alone; key events travel its path */
  g_assert_cmpstr (log.log->str, ==,
                   "a capture, key-press a2, focus-out a2, focus-in c, "
                   "key-press c, focus-out c, focus-in a1, "
                   "a capture, key-press a1, focus-out a1, focus-in a2, "
                   "a capture, key-press a2, focus-out a2, focus-in b, "
                   "key-press b, focus-out b, focus-in a2, "
                   "a capture, key-press a2, focus-out a2, focus-in a1, "
                   "a capture, key-press a1, focus-out a1, focus-in c");

  /* A Tab that a handler stops does not move the focus */
  g_string_truncate (log.log, 0);
  log.stop_at = "a capture";
  gsk_layer_grab_focus (a1);
  key (root, GDK_KEY_Tab, 0);
  g_assert_true (gsk_layer_has_focus (a1));
  log.stop_at = NULL;

  /* The focus layer leaving the tree loses the focus; keys go to the root */
  g_string_truncate (log.log, 0);
  g_object_ref (a1);
  gsk_layer_remove_child (a, a1);
  key (root, GDK_KEY_a, 0);
  g_assert_null (gsk_layer_get_focus (root));
  g_assert_false (gsk_layer_has_focus (a1));
  g_assert_cmpstr (log.log->str, ==, "focus-out a1");
  g_assert_finalize_object (a1);

  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Cursors */

static void
test_cursor (void)
{
  GskLayer *root = new_root ();
  GskLayer *a = new_layer ("a", 0, 0, 100, 100);
  GskLayer *a1 = new_layer ("a1", 10, 10, 20, 20);
  GskLayer *b = new_layer ("b", 200, 0, 100, 100);

  gsk_layer_add_child (root, a);
  gsk_layer_add_child (a, a1);
  gsk_layer_add_child (root, b);
  gsk_layer_set_cursor (a, "pointer");
  gsk_layer_set_cursor (a1, "text");
  g_assert_cmpstr (gsk_layer_get_cursor (a1), ==, "text");

  g_assert_null (gsk_layer_get_pointer_cursor (root));
  dispatch (root, GSK_LAYER_EVENT_MOTION, 50, 50);
  g_assert_cmpstr (gsk_layer_get_pointer_cursor (root), ==, "pointer");
  dispatch (root, GSK_LAYER_EVENT_MOTION, 15, 15);
  g_assert_cmpstr (gsk_layer_get_pointer_cursor (root), ==, "text");
  gsk_layer_set_cursor (a1, NULL);
  g_assert_cmpstr (gsk_layer_get_pointer_cursor (root), ==, "pointer");
  dispatch (root, GSK_LAYER_EVENT_MOTION, 250, 50);
  g_assert_null (gsk_layer_get_pointer_cursor (root));

  /* Under a grab, the grabbing layer's */
  gsk_layer_grab_pointer (a);
  g_assert_cmpstr (gsk_layer_get_pointer_cursor (root), ==, "pointer");

  g_assert_finalize_object (root);
}

/* }}} */
/* {{{ Hostile handlers and input */

static GskLayer *doomed_root;

static void
remove_own_layer (GskLayerEventController *controller)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);

  if (layer != NULL && gsk_layer_get_parent (layer) != NULL)
    gsk_layer_remove_child (gsk_layer_get_parent (layer), layer);
}

static void
drop_the_tree (GskLayerEventController *controller)
{
  g_clear_object (&doomed_root);
}

static void
remove_self (GskLayerEventController *controller)
{
  GskLayer *layer = gsk_layer_event_controller_get_layer (controller);

  if (layer != NULL)
    gsk_layer_remove_controller (layer, controller);
}

static void
test_handlers_that_destroy (void)
{
  Log log = { g_string_new (NULL) };
  GskLayer *root = three_levels (&log);
  GskLayer *b = gsk_layer_get_first_child (gsk_layer_get_first_child (root));

  /* a's and b's handlers take them out of the tree: the event goes on,
   * up the path it had when it was dispatched. The press's grab is
   * broken by then: every controller it reached that is still there
   * gets its grab-broken event (a's went with a) */
  dispatch (root, GSK_LAYER_EVENT_MOTION, 150, 150);
  g_string_truncate (log.log, 0);
  log.action = remove_own_layer;
  g_object_add_weak_pointer (G_OBJECT (b), (gpointer *) &b);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 150, 150);
  g_assert_null (b);
  g_assert_cmpstr (log.log->str, ==, "root capture, a capture, b capture, b target, b bubble, a bubble, root bubble, "
                                     "root capture, b capture, b target, b bubble, root bubble");
  g_assert_null (gsk_layer_get_pointer_grab (root));
  g_string_truncate (log.log, 0);
  log.action = NULL;
  g_assert_finalize_object (root);

  /* The last reference to the whole tree dropped in a handler */
  doomed_root = three_levels (&log);
  log.action = drop_the_tree;
  dispatch (doomed_root, GSK_LAYER_EVENT_BUTTON_PRESS, 150, 150);
  g_assert_null (doomed_root);
  log.action = NULL;

  /* Controllers that remove themselves see one event each: the bubble
   * ones the enter events, the others the press */
  g_string_truncate (log.log, 0);
  root = three_levels (&log);
  log.action = remove_self;
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 150, 150);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 150, 150);
  g_assert_cmpstr (log.log->str, ==,
                   "enter root, enter a, enter b, root capture, a capture, b capture, b target");
  g_string_free (log.log, TRUE);
  g_assert_finalize_object (root);
}

/* Random events on a tree that handlers change under them: layers
 * removed, moved, hidden, re-added, grabs and focus taken and dropped.
 * Nothing may crash or leak (the ASan build runs this too), and the
 * grab and the focus are always in the tree. The seeds are fixed, so
 * that a failure can be replayed; GSK_INPUT_STRESS_SEEDS=N tries N of
 * them. */
static GskLayer *stress_layers[24];
static GskLayer *stress_root;
static GRand *stress_rand;
static guint stress_handled;

static gboolean
stress_handler (GskLayerEventController *controller,
                GskLayerEvent           *event,
                gpointer                 data)
{
  GskLayer *l = stress_layers[g_rand_int_range (stress_rand, 0, G_N_ELEMENTS (stress_layers))];
  GskLayer *other = stress_layers[g_rand_int_range (stress_rand, 0, G_N_ELEMENTS (stress_layers))];

  stress_handled++;

  switch (g_rand_int_range (stress_rand, 0, 12))
    {
    case 0:
      if (gsk_layer_get_parent (l))
        gsk_layer_remove_child (gsk_layer_get_parent (l), l);
      break;
    case 1:
    case 8:
      if (gsk_layer_get_parent (l) == NULL && !gsk_layer_contains (l, stress_root))
        gsk_layer_add_child (gsk_layer_contains (stress_root, other) ? other : stress_root, l);
      break;
    case 2:
      gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (g_rand_int_range (stress_rand, -50, 350), g_rand_int_range (stress_rand, -50, 250)));
      break;
    case 3:
      gsk_layer_set_visible (l, !gsk_layer_get_visible (l));
      break;
    case 4:
      if (gsk_layer_get_root (l) == stress_root)
        gsk_layer_grab_pointer (l);
      break;
    case 5:
      if (gsk_layer_get_pointer_grab (stress_root))
        gsk_layer_ungrab_pointer (gsk_layer_get_pointer_grab (stress_root));
      break;
    case 6:
      gsk_layer_grab_focus (l);
      break;
    case 7:
      gsk_layer_set_reactive (l, !gsk_layer_get_reactive (l));
      break;
    default:
      break;
    }

  return g_rand_int_range (stress_rand, 0, 8) == 0;
}

static void
stress_run (guint32 seed)
{
  GskLayerTransform *t;

  stress_rand = g_rand_new_with_seed (seed);
  stress_root = new_root ();
  {
    GskLayerEventController *controller = gsk_layer_event_controller_new ();

    g_signal_connect (controller, "event", G_CALLBACK (stress_handler), NULL);
    gsk_layer_add_controller (stress_root, controller);
  }
  for (guint i = 0; i < G_N_ELEMENTS (stress_layers); i++)
    {
      GskLayerEventController *controller = gsk_layer_event_controller_new ();
      GskLayer *parent = i < 4 ? stress_root : stress_layers[g_rand_int_range (stress_rand, 0, i)];

      stress_layers[i] = g_object_ref_sink (new_layer ("l", g_rand_int_range (stress_rand, 0, 300), g_rand_int_range (stress_rand, 0, 200),
                                                       g_rand_int_range (stress_rand, 10, 150), g_rand_int_range (stress_rand, 10, 150)));
      gsk_layer_set_focusable (stress_layers[i], i % 3 == 0);
      gsk_layer_event_controller_set_propagation_phase (controller, 1 + i % 3);
      g_signal_connect (controller, "event", G_CALLBACK (stress_handler), NULL);
      gsk_layer_add_controller (stress_layers[i], controller);
      gsk_layer_add_controller (stress_layers[i],
                                i % 4 == 0 ? gsk_layer_drag_gesture_new () :
                                i % 4 == 1 ? gsk_layer_long_press_gesture_new () :
                                i % 4 == 2 ? gsk_layer_click_gesture_new () :
                                i % 8 == 3 ? gsk_layer_pinch_gesture_new () :
                                i % 16 == 7 ? gsk_layer_pan_gesture_new (GSK_LAYER_DRAG_VERTICAL) :
                                gsk_layer_swipe_gesture_new ());
      gsk_layer_add_child (parent, stress_layers[i]);
    }
  g_assert_true (gsk_layer_transform_parse ("perspective(300px) rotateY(30deg)", &t, NULL));
  gsk_layer_set_transform (stress_layers[5], t);
  gsk_layer_transform_unref (t);

  for (int i = 0; i < 3000; i++)
    {
      GskLayerEventType type = g_rand_int_range (stress_rand, 0, GSK_LAYER_EVENT_FOCUS_OUT + 1);
      GskLayerEvent *event = gsk_layer_event_new (type, i, g_rand_double_range (stress_rand, -20, 420),
                                                  g_rand_double_range (stress_rand, -20, 320));
      GskLayer *grab, *focus;

      gsk_layer_event_set_button (event, g_rand_int_range (stress_rand, 0, 4));
      gsk_layer_event_set_sequence (event, g_rand_int_range (stress_rand, 0, 3));
      gsk_layer_event_set_key (event, g_rand_boolean (stress_rand) ? GDK_KEY_Tab : GDK_KEY_a, 0);
      gsk_layer_event_set_scroll (event, g_rand_int_range (stress_rand, 0, GSK_LAYER_SCROLL_SMOOTH + 1),
                                  0, g_rand_double_range (stress_rand, -30, 30), g_rand_int_range (stress_rand, 0, 4) == 0);
      gsk_layer_dispatch_event (stress_root, event);
      gsk_layer_event_unref (event);
      if (i % 50 == 0)
        gsk_layer_update_hover (stress_root);

      grab = gsk_layer_get_pointer_grab (stress_root);
      focus = gsk_layer_get_focus (stress_root);
      g_assert_true (grab == NULL || gsk_layer_get_root (grab) == stress_root);
      g_assert_true (focus == NULL || gsk_layer_get_root (focus) == stress_root);
    }

  for (guint i = 0; i < G_N_ELEMENTS (stress_layers); i++)
    g_object_unref (stress_layers[i]);
  g_assert_finalize_object (stress_root);
  g_rand_free (stress_rand);
}

static void
test_random_events (void)
{
  const char *n = g_getenv ("GSK_INPUT_STRESS_SEEDS");
  guint32 seeds = n ? (guint32) g_ascii_strtoull (n, NULL, 10) : 4;

  for (guint32 seed = 1; seed <= seeds; seed++)
    {
      stress_handled = 0;
      stress_run (seed);
      g_test_message ("seed %u: %u events handled", seed, stress_handled);
      g_assert_cmpuint (stress_handled, >, 1000);
    }
}

static void
test_bad_input (void)
{
  GskLayer *root = new_root ();
  GskLayer *child = new_layer ("child", 0, 0, 10, 10);
  GskLayerEventController *controller = gsk_layer_event_controller_new ();
  GskLayerEvent *event;

  gsk_layer_add_child (root, child);

  /* A position that is not finite */
  event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 1, NAN, 5);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*isfinite*");
  g_assert_false (gsk_layer_dispatch_event (root, event));
  g_test_assert_expected_messages ();
  g_assert_null (gsk_layer_event_get_target (event));
  gsk_layer_event_unref (event);

  /* An unknown type */
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*type <=*");
  g_assert_null (gsk_layer_event_new (99, 1, 0, 0));
  g_test_assert_expected_messages ();

  /* Dispatching to a layer that is not a top level */
  event = gsk_layer_event_new (GSK_LAYER_EVENT_MOTION, 1, 5, 5);
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*top_level*");
  g_assert_false (gsk_layer_dispatch_event (child, event));
  g_test_assert_expected_messages ();

  /* A controller on two layers */
  gsk_layer_add_controller (root, g_object_ref (controller));
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*already on a layer*");
  gsk_layer_add_controller (child, g_object_ref (controller));
  g_test_assert_expected_messages ();
  g_assert_true (gsk_layer_event_controller_get_layer (controller) == root);

  /* A release without a press, touch that never ends: delivered, no state */
  gsk_layer_event_unref (event);
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 5, 5));
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_TOUCH_BEGIN, 5, 5));

  /* The controller outlives its layer and forgets it */
  g_assert_finalize_object (root);
  g_assert_null (gsk_layer_event_controller_get_layer (controller));
  g_assert_finalize_object (controller);
}

/* }}} */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/input/propagation/capture-target-bubble", test_capture_target_bubble);
  g_test_add_func ("/input/propagation/stop", test_stop);
  g_test_add_func ("/input/propagation/who-gets-events", test_who_gets_events);
  g_test_add_func ("/input/crossing/order", test_crossing_order);
  g_test_add_func ("/input/crossing/descendants", test_crossing_descendants);
  g_test_add_func ("/input/crossing/contains-pointer", test_contains_pointer);
  g_test_add_func ("/input/crossing/after-frame", test_crossing_after_frame);
  g_test_add_func ("/input/position/through-3d", test_position_through_3d);
  g_test_add_func ("/input/grab/implicit", test_implicit_grab);
  g_test_add_func ("/input/grab/explicit", test_explicit_grab);
  g_test_add_func ("/input/grab/touch-sequences", test_touch_sequences);
  g_test_add_func ("/input/sequence/descendant-leaves", test_sequence_descendant_leaves);
  g_test_add_func ("/input/sequence/begin-again-lost", test_sequence_begin_again_lost);
  g_test_add_func ("/input/sequence/press-handlers", test_sequence_press_handlers);
  g_test_add_func ("/input/sequence/begin-again-from-cancel", test_sequence_begin_again_from_cancel);
  g_test_add_func ("/input/sequence/begin-again-nested", test_sequence_begin_again_nested);
  g_test_add_func ("/input/sequence/press-from-last-release", test_sequence_press_from_last_release);
  g_test_add_func ("/input/crossing/handler-grabs", test_crossing_handler_grabs);
  g_test_add_func ("/input/crossing/across-top-levels", test_crossing_across_top_levels);
  g_test_add_func ("/input/focus/tab-order", test_focus);
  g_test_add_func ("/input/cursor", test_cursor);
  g_test_add_func ("/input/hostile/handlers-that-destroy", test_handlers_that_destroy);
  g_test_add_func ("/input/hostile/bad-input", test_bad_input);
  g_test_add_func ("/input/hostile/random-events", test_random_events);

  return g_test_run ();
}

/* vim: set foldmethod=marker: */
