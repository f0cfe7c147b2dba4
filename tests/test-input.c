/* test-input.c: events, controllers, dispatch and crossing (issue 11)
 *
 * Events are synthesized; no display is needed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>

#include <gsklayer.h>

static GskLayer *
new_layer (const char *name,
           float       x,
           float       y,
           float       w,
           float       h)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_name (l, name);
  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  return l;
}

static GskLayer *
new_root (void)
{
  return g_object_ref_sink (new_layer ("root", 0, 0, 400, 300));
}

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

  /* Crossing events reach every controller of the layer: one writes */
  if ((type == GSK_LAYER_EVENT_ENTER || type == GSK_LAYER_EVENT_LEAVE) &&
      gsk_layer_event_controller_get_propagation_phase (controller) != GSK_LAYER_PHASE_BUBBLE)
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

static gboolean
dispatch (GskLayer          *root,
          GskLayerEventType  type,
          double             x,
          double             y)
{
  GskLayerEvent *event = gsk_layer_event_new (type, 1000, x, y);
  gboolean stopped = gsk_layer_dispatch_event (root, event);

  gsk_layer_event_unref (event);
  return stopped;
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

  /* At a only */
  g_string_truncate (log.log, 0);
  g_assert_false (dispatch (root, GSK_LAYER_EVENT_BUTTON_RELEASE, 60, 60));
  g_assert_cmpstr (log.log->str, ==,
                   "leave b, root capture, a capture, a target, a bubble, root bubble");

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
      GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_BUTTON_PRESS, 1, points[i][0], points[i][1]);
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

  /* b's handlers take b out of the tree: the event goes on, up the path
   * it had when it was dispatched */
  log.action = remove_own_layer;
  g_object_add_weak_pointer (G_OBJECT (b), (gpointer *) &b);
  dispatch (root, GSK_LAYER_EVENT_BUTTON_PRESS, 150, 150);
  g_assert_null (b);
  g_assert_true (g_str_has_suffix (log.log->str, "root capture, a capture, b capture, b target, b bubble, a bubble, root bubble"));
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
  g_test_expect_message ("GskLayer", G_LOG_LEVEL_CRITICAL, "*parent*");
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
  g_test_add_func ("/input/position/through-3d", test_position_through_3d);
  g_test_add_func ("/input/hostile/handlers-that-destroy", test_handlers_that_destroy);
  g_test_add_func ("/input/hostile/bad-input", test_bad_input);

  return g_test_run ();
}

/* vim: set foldmethod=marker: */
