/* test-touch.c: touch on a GskLayerView, end to end through GDK
 *
 * Xvfb has no touch device and these machines have no /dev/uinput, but
 * GTK's Broadway backend has a touchscreen: the browser's touch events
 * become GDK touch events. So this test runs GTK on Broadway in this
 * process (a gtk4-broadwayd of its own), shows a view in a window, and
 * has headless Chromium, driven over its DevTools pipe, touch the page
 * with Input.dispatchTouchEvent. GDK then delivers real
 * GDK_TOUCH_BEGIN/UPDATE/END events to the view, as a touchscreen would:
 *
 * - a tap on a turned layer: its click gesture's "clicked", at the
 *   layer's own point, from a touchscreen;
 * - a one-finger drag, in the turned layer's coordinates;
 * - two fingers on two layers at once: each sequence stays with the
 *   layer it began on, even when the finger leaves it;
 * - a pinch: two fingers moving apart on one layer scale by their
 *   distance;
 * - a tap on a GtkButton hosted under perspective(400px) rotateY(40deg):
 *   "clicked" 3 px inside its drawn edge, not 3 px outside it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include <gsklayer.h>
#include <gio/gunixinputstream.h>
#include <gio/gunixoutputstream.h>
#include <glib/gstdio.h>
#include <glib-unix.h>
#include <json-glib/json-glib.h>

#define WIDTH 400
#define HEIGHT 300

#include "perspective-button-utils.h"
#include "main-loop-test-utils.h"

/* {{{ The browser, over its DevTools pipe */

/* Chromium's --remote-debugging-pipe: JSON messages ending in a NUL,
 * commands in on fd 3, answers and events out on fd 4 */
typedef struct {
  GSubprocess *process;
  GOutputStream *to;
  GDataInputStream *from;
  char *session;                /* the page's, once attached */
  int next_id;
} Browser;

static Browser browser;
static char *runtime_dir;
static GPid broadwayd;
static int display_number;

/* Sends @method with @params (a JSON object, or NULL) and returns the
 * answer's "result"; a DevTools error fails the test, unless @may_fail:
 * then NULL */
static JsonNode *
browser_call_full (const char *method,
                   const char *params,
                   gboolean    may_fail)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  int id = ++browser.next_id;

  if (browser.session)
    message = g_strdup_printf ("{\"id\":%d,\"sessionId\":\"%s\",\"method\":\"%s\",\"params\":%s}",
                               id, browser.session, method, params ? params : "{}");
  else
    message = g_strdup_printf ("{\"id\":%d,\"method\":\"%s\",\"params\":%s}",
                               id, method, params ? params : "{}");
  g_assert_true (g_output_stream_write_all (browser.to, message, strlen (message) + 1, NULL, NULL, &error));
  g_assert_no_error (error);

  for (;;)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autofree char *line = NULL;
      JsonObject *answer;
      gsize length;

      line = g_data_input_stream_read_upto (browser.from, "", 1, &length, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (line);
      g_data_input_stream_read_byte (browser.from, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (json_parser_load_from_data (parser, line, length, &error));
      g_assert_no_error (error);
      answer = json_node_get_object (json_parser_get_root (parser));
      /* Events come in between; only our answer counts */
      if (!json_object_has_member (answer, "id") || json_object_get_int_member (answer, "id") != id)
        continue;
      if (json_object_has_member (answer, "error"))
        {
          const char *why = json_object_get_string_member (json_object_get_object_member (answer, "error"),
                                                            "message");

          if (may_fail)
            {
              g_test_message ("%s: %s", method, why);
              return NULL;
            }
          g_error ("%s: %s", method, why);
        }
      return json_node_copy (json_object_get_member (answer, "result"));
    }
}

static JsonNode *
browser_call (const char *method,
              const char *params)
{
  return browser_call_full (method, params, FALSE);
}

/* The value of a JavaScript expression in the page, as a JSON string;
 * NULL while the page cannot tell (still loading, or the expression
 * threw) */
static char *
browser_evaluate (const char *expression)
{
  g_autoptr (JsonNode) result = NULL;
  g_autoptr (JsonNode) quoted = json_node_new (JSON_NODE_VALUE);
  g_autofree char *params = NULL, *source = NULL;
  JsonObject *value;

  source = g_strdup_printf ("JSON.stringify(%s)", expression);
  json_node_set_string (quoted, source);
  {
    g_autofree char *text = json_to_string (quoted, FALSE);

    params = g_strdup_printf ("{\"expression\":%s,\"returnByValue\":true}", text);
  }
  result = browser_call_full ("Runtime.evaluate", params, TRUE);
  if (result == NULL || json_object_has_member (json_node_get_object (result), "exceptionDetails"))
    return NULL;
  value = json_object_get_object_member (json_node_get_object (result), "result");
  if (!json_object_has_member (value, "value"))
    return NULL;
  return g_strdup (json_object_get_string_member (value, "value"));
}

/* The browser and broadwayd go when the test goes, even when it fails
 * or is killed by a time limit */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
browser_start (const char *url)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) targets = NULL, attached = NULL;
  g_autofree char *user_data = g_strdup_printf ("--user-data-dir=%s/chromium", runtime_dir);
  g_autofree char *attach = NULL;
  JsonArray *infos;
  const char *page = NULL;
  int to_browser[2], from_browser[2];
  gint64 deadline;
  guint i;

  g_assert_true (g_unix_open_pipe (to_browser, FD_CLOEXEC, &error));
  g_assert_true (g_unix_open_pipe (from_browser, FD_CLOEXEC, &error));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  g_subprocess_launcher_take_fd (launcher, to_browser[0], 3);
  g_subprocess_launcher_take_fd (launcher, from_browser[1], 4);
  browser.process = g_subprocess_launcher_spawn (launcher, &error, "chromium", "--headless", "--no-sandbox",
                                                 "--disable-gpu", "--disable-background-networking",
                                                 "--no-first-run", user_data, "--window-size=800,600",
                                                 "--remote-debugging-pipe", url, NULL);
  g_assert_no_error (error);
  browser.to = g_unix_output_stream_new (to_browser[1], TRUE);
  {
    GInputStream *raw = g_unix_input_stream_new (from_browser[0], TRUE);

    browser.from = g_data_input_stream_new (raw);
    g_object_unref (raw);
  }

  /* A cold browser may not have made its page yet */
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (page == NULL && g_get_monotonic_time () < deadline)
    {
      g_clear_pointer (&targets, json_node_unref);
      targets = browser_call ("Target.getTargets", NULL);
      infos = json_object_get_array_member (json_node_get_object (targets), "targetInfos");
      for (i = 0; i < json_array_get_length (infos); i++)
        {
          JsonObject *info = json_array_get_object_element (infos, i);

          if (g_str_equal (json_object_get_string_member (info, "type"), "page"))
            page = json_object_get_string_member (info, "targetId");
        }
      if (page == NULL)
        g_usleep (G_USEC_PER_SEC / 5);
    }
  g_assert_nonnull (page);
  attach = g_strdup_printf ("{\"targetId\":\"%s\",\"flatten\":true}", page);
  attached = browser_call ("Target.attachToTarget", attach);
  browser.session = g_strdup (json_object_get_string_member (json_node_get_object (attached), "sessionId"));
}

static void
browser_stop (void)
{
  g_autoptr (GError) error = NULL;
  JsonNode *closed;

  g_clear_pointer (&browser.session, g_free);
  closed = browser_call ("Browser.close", NULL);
  json_node_unref (closed);
  g_subprocess_wait (browser.process, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&browser.to);
  g_clear_object (&browser.from);
  g_clear_object (&browser.process);
}

/* }}} */
/* {{{ Fingers */

/* Touch ends GDK delivered to the test's windows, and those lifted */
static guint touch_ends_seen;
static guint touch_ends_sent;

typedef struct {
  int id;                       /* the browser's touch identifier */
  double x, y;                  /* in the view */
} Finger;

/* Where the page shows the test's window (the one visible surface of
 * its size): asked before each touch rather than assumed */
static gboolean
find_window (graphene_point_t *origin)
{
  g_autofree char *shown = browser_evaluate ("typeof surfaces == 'undefined' ? [] : "
                                             "Object.values (surfaces).filter (s => s.visible && "
                                             "s.width == " G_STRINGIFY (WIDTH) " && "
                                             "s.height == " G_STRINGIFY (HEIGHT) ").map (s => [s.x, s.y])");
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonArray *windows, *corner;

  if (shown == NULL)
    return FALSE;
  g_assert_true (json_parser_load_from_data (parser, shown, -1, NULL));
  windows = json_node_get_array (json_parser_get_root (parser));
  if (json_array_get_length (windows) != 1)
    return FALSE;
  corner = json_array_get_array_element (windows, 0);
  origin->x = json_array_get_double_element (corner, 0);
  origin->y = json_array_get_double_element (corner, 1);
  return TRUE;
}

static gboolean
page_shows_window (gconstpointer data)
{
  graphene_point_t origin;

  if (find_window (&origin))
    return TRUE;
  g_usleep (G_USEC_PER_SEC / 10);
  return FALSE;
}

/* Puts @fingers down at their places in the view: one DevTools touch
 * event, from which Chromium works out which touched down or moved (touchStart when one is new, touchMove otherwise);
 * with none, touchEnd lifts them all. Fingers are not lifted one by one:
 * a touchMove that leaves one out does not lift it in Chromium 156. */
static void
touch (const Finger *fingers,
       int           n)
{
  static guint64 was_down;
  GString *params = g_string_new (NULL);
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
  graphene_point_t origin;
  guint64 down = 0;
  JsonNode *result;
  int i;

  g_assert_true (find_window (&origin));
  for (i = 0; i < n; i++)
    {
      g_assert_cmpint (fingers[i].id, >=, 0);
      g_assert_cmpint (fingers[i].id, <, 64);
      down |= G_GUINT64_CONSTANT (1) << fingers[i].id;
      g_ascii_dtostr (x, sizeof x, origin.x + fingers[i].x);
      g_ascii_dtostr (y, sizeof y, origin.y + fingers[i].y);
      g_string_append_printf (params, "%s{\"x\":%s,\"y\":%s,\"id\":%d}",
                              params->len ? "," : "", x, y, fingers[i].id);
    }
  g_string_append (params, "]}");
  g_assert_true (down == 0 || (down & was_down) == was_down);
  /* touchEnd takes no points: it lifts all that are down */
  g_string_prepend (params, down & ~was_down ? "{\"type\":\"touchStart\",\"touchPoints\":["
                            : down == 0 ? "{\"type\":\"touchEnd\",\"touchPoints\":["
                            : "{\"type\":\"touchMove\",\"touchPoints\":[");
  /* Each finger lifted ends its sequence */
  for (i = 0; down == 0 && i < 64; i++)
    touch_ends_sent += (was_down >> i) & 1;
  was_down = down;
  result = browser_call ("Input.dispatchTouchEvent", params->str);
  json_node_unref (result);
  g_string_free (params, TRUE);
}

static gboolean
count_touch_ends (GSignalInvocationHint *hint,
                  guint                  n_values,
                  const GValue          *values,
                  gpointer               data)
{
  GdkEvent *event = g_value_peek_pointer (&values[1]);

  if (gdk_event_get_event_type (event) == GDK_TOUCH_END)
    touch_ends_seen++;
  return TRUE;
}

/* Lifts every finger, and waits until GTK has handled their ends (the
 * hook counts each before GTK's handler, which has run by the time the
 * main loop comes back here) */
static void
lift_all (void)
{
  gboolean timeout = FALSE;
  guint id;

  touch (NULL, 0);
  id = g_timeout_add (10000, timed_out, &timeout);
  while (touch_ends_seen < touch_ends_sent && !timeout)
    g_main_context_iteration (NULL, TRUE);
  if (!timeout)
    g_source_remove (id);
  g_assert_cmpuint (touch_ends_seen, ==, touch_ends_sent);
}

/* }}} */
/* {{{ Main loop helpers */

static gboolean
int_at_least_one (gconstpointer data)
{
  return *(const int *) data >= 1;
}

/* }}} */
/* {{{ Fixture */

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GskLayer *root;
} Fixture;

static gboolean
frame_shown (gconstpointer data)
{
  return gsk_layer_view_get_frames_rendered ((GskLayerView *) data) >= 1;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_background_color (f->root, &(GdkRGBA) { 0.1f, 0.1f, 0.2f, 1 });
  f->view = gsk_layer_view_new (f->root);
  gtk_widget_set_size_request (f->view, WIDTH, HEIGHT);
  f->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (f->window), f->view);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (wait_until (frame_shown, f->view, 10000));
  /* The page learns of the window through broadwayd */
  g_assert_true (wait_until (page_shows_window, NULL, 20000));
  /* Broadway's page listens to touches on the document, where Chromium
   * makes listeners passive: two fingers would zoom the page as well as
   * reach GTK. A touchscreen user of Broadway gets that too (GTK 4.8's
   * page sets no touch-action); the test takes the page's zoom out. */
  {
    g_autofree char *set = browser_evaluate ("document.documentElement.style.touchAction = 'none'");

    g_assert_nonnull (set);
  }
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->root);
  spin (100);
}

static GskLayer *
colored (float         x,
         float         y,
         float         w,
         float         h,
         const GdkRGBA *color)
{
  GskLayer *l = gsk_layer_new ();

  gsk_layer_set_position (l, &GRAPHENE_POINT_INIT (x, y));
  gsk_layer_set_size (l, &GRAPHENE_SIZE_INIT (w, h));
  gsk_layer_set_background_color (l, color);
  return l;
}

/* }}} */
/* {{{ Layers */

typedef struct {
  int n;
  double x, y;
} Clicks;

static void
on_clicked (GskLayerClickGesture *gesture,
            int                   n_press,
            double                x,
            double                y,
            Clicks               *clicks)
{
  clicks->n++;
  clicks->x = x;
  clicks->y = y;
}

typedef struct {
  GString *log;                 /* "begin update end": repeated updates once */
  guint sequence;               /* the one seen first */
  gboolean mixed;               /* another sequence came */
  gboolean not_touchscreen;     /* an event from another device came */
} TouchLog;

static gboolean
on_touch_logged (GskLayerEventController *controller,
                 GskLayerEvent           *event,
                 TouchLog                *log)
{
  const char *what;

  switch ((int) gsk_layer_event_get_event_type (event))
    {
    case GSK_LAYER_EVENT_TOUCH_BEGIN: what = "begin"; break;
    case GSK_LAYER_EVENT_TOUCH_UPDATE: what = "update"; break;
    case GSK_LAYER_EVENT_TOUCH_END: what = "end"; break;
    case GSK_LAYER_EVENT_TOUCH_CANCEL: what = "cancel"; break;
    default: return FALSE;
    }
  if (log->sequence == 0)
    log->sequence = gsk_layer_event_get_sequence (event);
  else if (gsk_layer_event_get_sequence (event) != log->sequence)
    log->mixed = TRUE;
  if (gsk_layer_event_get_device_kind (event) != GSK_LAYER_DEVICE_TOUCHSCREEN)
    log->not_touchscreen = TRUE;
  if (!g_str_equal (what, "update") || !g_str_has_suffix (log->log->str, "update"))
    g_string_append_printf (log->log, "%s%s", log->log->len ? " " : "", what);
  return FALSE;
}

static gboolean
log_ends_with_end (gconstpointer data)
{
  const GString *log = data;

  return g_str_has_suffix (log->str, "end");
}

/* A tap on a layer turned by 90° about its centre (200, 125): the view's
 * (200, 100) is the layer's own (75, 75) */
static void
test_tap (Fixture       *f,
          gconstpointer  data)
{
  GskLayer *target = colored (100, 50, 200, 150, &(GdkRGBA) { 0.8f, 0.3f, 0.3f, 1 });
  GskLayerEventController *click = gsk_layer_click_gesture_new ();
  GskLayerEventController *logger = gsk_layer_event_controller_new ();
  GskLayerTransform *t = NULL;
  TouchLog log = { g_string_new (NULL), 0, FALSE, FALSE };
  Clicks clicks = { 0, };
  Finger finger = { 0, 200, 100 };

  g_assert_true (gsk_layer_transform_parse ("rotate(90deg)", &t, NULL));
  gsk_layer_set_transform (target, t);
  gsk_layer_transform_unref (t);
  g_signal_connect (click, "clicked", G_CALLBACK (on_clicked), &clicks);
  gsk_layer_add_controller (target, click);
  g_signal_connect (logger, "event", G_CALLBACK (on_touch_logged), &log);
  gsk_layer_add_controller (target, logger);
  gsk_layer_add_child (f->root, target);
  spin (100);

  /* Outside the layer: nothing */
  {
    Finger away = { 0, 20, 20 };

    touch (&away, 1);
    lift_all ();
    g_assert_cmpint (clicks.n, ==, 0);
    g_assert_cmpstr (log.log->str, ==, "");
  }

  touch (&finger, 1);
  lift_all ();
  g_assert_true (wait_until (int_at_least_one, &clicks.n, 5000));
  g_assert_cmpint (clicks.n, ==, 1);
  g_assert_cmpfloat_with_epsilon (clicks.x, 75, 0.5);
  g_assert_cmpfloat_with_epsilon (clicks.y, 75, 0.5);
  g_assert_true (wait_until (log_ends_with_end, log.log, 5000));
  g_assert_cmpstr (log.log->str, ==, "begin end");
  g_assert_cmpuint (log.sequence, !=, 0);
  g_assert_false (log.mixed);
  g_assert_false (log.not_touchscreen);
  g_string_free (log.log, TRUE);
}

static void
on_drag_end (GskLayerDragGesture *gesture,
             double               dx,
             double               dy,
             graphene_point_t    *offset)
{
  offset->x = dx;
  offset->y = dy;
}

static gboolean
drag_ended (gconstpointer data)
{
  return ((const graphene_point_t *) data)->y != 0;
}

/* A finger dragged 40 px right on screen over the turned layer: 40 px up
 * in its own coordinates */
static void
test_drag (Fixture       *f,
           gconstpointer  data)
{
  GskLayer *target = colored (100, 50, 200, 150, &(GdkRGBA) { 0.3f, 0.8f, 0.3f, 1 });
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerTransform *t = NULL;
  graphene_point_t offset = { 0, 0 };
  Finger finger = { 0, 200, 100 };
  int i;

  g_assert_true (gsk_layer_transform_parse ("rotate(90deg)", &t, NULL));
  gsk_layer_set_transform (target, t);
  gsk_layer_transform_unref (t);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), &offset);
  /* Offsets in the layer's own space: the mapping through its turn */
  g_object_set (drag, "coordinates", GSK_LAYER_DRAG_COORDINATES_LAYER, NULL);
  gsk_layer_add_controller (target, drag);
  gsk_layer_add_child (f->root, target);
  spin (100);

  touch (&finger, 1);
  for (i = 0; i < 4; i++)
    {
      finger.x += 10;
      touch (&finger, 1);
    }
  lift_all ();
  g_assert_true (wait_until (drag_ended, &offset, 5000));
  g_assert_cmpfloat_with_epsilon (offset.x, 0, 0.5);
  g_assert_cmpfloat_with_epsilon (offset.y, -40, 0.5);
}

static gboolean
both_ended (gconstpointer data)
{
  const TouchLog *logs = data;

  return g_str_has_suffix (logs[0].log->str, "end") && g_str_has_suffix (logs[1].log->str, "end");
}

/* Two fingers down on two layers at once, each moved off its layer onto
 * the other's: each layer gets its own finger's whole sequence, and
 * only that one. The browser numbers them 0 and 1, as touchscreens do */
static void
test_two_fingers (Fixture       *f,
                  gconstpointer  data)
{
  GskLayer *left = colored (20, 50, 160, 200, &(GdkRGBA) { 0.8f, 0.3f, 0.3f, 1 });
  GskLayer *right = colored (220, 50, 160, 200, &(GdkRGBA) { 0.3f, 0.3f, 0.8f, 1 });
  TouchLog logs[2] = { { g_string_new (NULL), 0, FALSE, FALSE }, { g_string_new (NULL), 0, FALSE, FALSE } };
  Finger fingers[2] = { { 0, 100, 150 }, { 1, 300, 150 } };
  int i;

  for (i = 0; i < 2; i++)
    {
      GskLayerEventController *logger = gsk_layer_event_controller_new ();

      g_signal_connect (logger, "event", G_CALLBACK (on_touch_logged), &logs[i]);
      gsk_layer_add_controller (i == 0 ? left : right, logger);
    }
  gsk_layer_add_child (f->root, left);
  gsk_layer_add_child (f->root, right);
  spin (100);

  touch (fingers, 1);
  touch (fingers, 2);
  /* They cross: the left finger ends over the right layer */
  for (i = 0; i < 4; i++)
    {
      fingers[0].x += 50;
      fingers[1].x -= 50;
      touch (fingers, 2);
    }
  lift_all ();
  g_assert_true (wait_until (both_ended, logs, 5000));
  spin (100);

  g_assert_cmpstr (logs[0].log->str, ==, "begin update end");
  g_assert_cmpstr (logs[1].log->str, ==, "begin update end");
  g_assert_false (logs[0].mixed);
  g_assert_false (logs[1].mixed);
  g_assert_false (logs[0].not_touchscreen || logs[1].not_touchscreen);
  g_assert_cmpuint (logs[0].sequence, !=, logs[1].sequence);
  for (i = 0; i < 2; i++)
    g_string_free (logs[i].log, TRUE);
}

typedef struct {
  int begun, ended;
  double scale;
} Pinch;

static void
on_pinch_begin (GskLayerPinchGesture *gesture,
                Pinch                *pinch)
{
  pinch->begun++;
}

static void
on_pinch_update (GskLayerPinchGesture *gesture,
                 double                scale,
                 double                angle,
                 Pinch                *pinch)
{
  pinch->scale = scale;
}

static void
on_pinch_end (GskLayerPinchGesture *gesture,
              Pinch                *pinch)
{
  pinch->ended++;
}

/* The fingers' last move has come: 60 px apart to 150 */
static gboolean
pinch_spread (gconstpointer data)
{
  return fabs (((const Pinch *) data)->scale - 150.0 / 60.0) < 0.01;
}

static gboolean
pinch_ended (gconstpointer data)
{
  return ((const Pinch *) data)->ended > 0;
}

/* Two fingers 60 px apart, moved to 150 px apart: a scale of 2.5 */
static void
test_pinch (Fixture       *f,
            gconstpointer  data)
{
  GskLayer *target = colored (50, 50, 300, 200, &(GdkRGBA) { 0.5f, 0.3f, 0.8f, 1 });
  GskLayerEventController *pinch_gesture = gsk_layer_pinch_gesture_new ();
  Pinch pinch = { 0, 0, 1 };
  Finger fingers[2] = { { 0, 170, 150 }, { 1, 230, 150 } };
  int i;

  g_signal_connect (pinch_gesture, "pinch-begin", G_CALLBACK (on_pinch_begin), &pinch);
  g_signal_connect (pinch_gesture, "pinch-update", G_CALLBACK (on_pinch_update), &pinch);
  g_signal_connect (pinch_gesture, "pinch-end", G_CALLBACK (on_pinch_end), &pinch);
  gsk_layer_add_controller (target, pinch_gesture);
  gsk_layer_add_child (f->root, target);
  spin (100);

  touch (fingers, 1);
  touch (fingers, 2);
  for (i = 0; i < 3; i++)
    {
      fingers[0].x -= 15;
      fingers[1].x += 15;
      touch (fingers, 2);
    }
  g_assert_true (wait_until (pinch_spread, &pinch, 5000));
  g_assert_cmpint (pinch.begun, ==, 1);
  g_assert_cmpfloat_with_epsilon (pinch.scale, 150.0 / 60.0, 0.01);
  lift_all ();
  g_assert_true (wait_until (pinch_ended, &pinch, 5000));
  g_assert_cmpint (pinch.ended, ==, 1);
}

/* }}} */
/* {{{ A hosted widget */

/* Taps at (@x, @y) of the view and says whether the button counted a
 * click */
static gboolean
tap_counts (double  x,
            double  y,
            int    *n)
{
  Finger finger = { 0, x, y };
  int before = *n;

  touch (&finger, 1);
  lift_all ();
  g_test_message ("tap at %.1f,%.1f: %s", x, y, *n > before ? "clicked" : "not clicked");
  return *n > before;
}

static void
test_widget_tap (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *button = gtk_button_new_with_label ("Touch me");
  int clicks = 0;
  double x, y;

  g_signal_connect (button, "clicked", G_CALLBACK (on_button_clicked), &clicks);
  add_perspective_button (f->root, button);
  spin (300);
  g_assert_true (gtk_widget_get_parent (button) == f->view);

  /* The far right edge: 3 px inside counts, 3 px outside does not */
  button_point_on_screen (BUTTON_W, BUTTON_H / 2.0, &x, &y);
  g_assert_true (tap_counts (x - 3, y, &clicks));
  g_assert_false (tap_counts (x + 3, y, &clicks));
  /* The near left edge */
  button_point_on_screen (0, BUTTON_H / 2.0, &x, &y);
  g_assert_true (tap_counts (x + 3, y, &clicks));
  g_assert_false (tap_counts (x - 3, y, &clicks));
  /* The slanted top edge near the far end */
  button_point_on_screen (BUTTON_W * 0.85, 0, &x, &y);
  g_assert_true (tap_counts (x, y + 3, &clicks));
  g_assert_false (tap_counts (x, y - 3, &clicks));
  g_assert_cmpint (clicks, ==, 3);
}

/* }}} */

static void
stop_broadwayd (void)
{
  if (broadwayd == 0)
    return;
  kill (broadwayd, SIGTERM);
  waitpid (broadwayd, NULL, 0);
  g_spawn_close_pid (broadwayd);
  broadwayd = 0;
}

/* A gtk4-broadwayd on a display of its own, from :30 up, apart per
 * process; one whose port someone else holds exits: the next then */
static void
start_broadwayd (void)
{
  int attempt;

  for (attempt = 0; attempt < 20; attempt++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *display = NULL;
      const char *argv[] = { "gtk4-broadwayd", "--address", "127.0.0.1", NULL, NULL };
      int status;

      display_number = 30 + (getpid () + 7 + attempt) % 60;
      display = g_strdup_printf (":%d", display_number);
      argv[3] = display;
      g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                    G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                                    G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                    die_with_test, NULL, &broadwayd, &error));
      g_assert_no_error (error);
      g_usleep (G_USEC_PER_SEC);
      if (waitpid (broadwayd, &status, WNOHANG) == 0)
        return;
      g_spawn_close_pid (broadwayd);
      broadwayd = 0;
    }
  g_error ("no gtk4-broadwayd would start");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *display = NULL, *url = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* GTK on a Broadway display of this test's own */
  runtime_dir = g_dir_make_tmp ("test-touch-XXXXXX", NULL);
  g_chmod (runtime_dir, 0700);
  g_setenv ("XDG_RUNTIME_DIR", runtime_dir, TRUE);
  start_broadwayd ();
  display = g_strdup_printf (":%d", display_number);
  g_setenv ("GDK_BACKEND", "broadway", TRUE);
  g_setenv ("BROADWAY_DISPLAY", display, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_unsetenv ("GSK_RENDERER");
  gtk_init ();
  g_type_class_unref (g_type_class_ref (GDK_TYPE_SURFACE));
  g_signal_add_emission_hook (g_signal_lookup ("event", GDK_TYPE_SURFACE), 0, count_touch_ends, NULL, NULL);

  url = g_strdup_printf ("http://127.0.0.1:%d/", 8080 + display_number);
  browser_start (url);

  g_test_add ("/touch/tap", Fixture, NULL, fixture_set_up, test_tap, fixture_tear_down);
  g_test_add ("/touch/drag", Fixture, NULL, fixture_set_up, test_drag, fixture_tear_down);
  g_test_add ("/touch/two-fingers", Fixture, NULL, fixture_set_up, test_two_fingers, fixture_tear_down);
  g_test_add ("/touch/pinch", Fixture, NULL, fixture_set_up, test_pinch, fixture_tear_down);
  g_test_add ("/touch/widget-tap", Fixture, NULL, fixture_set_up, test_widget_tap, fixture_tear_down);
  status = g_test_run ();

  browser_stop ();
  stop_broadwayd ();
  {
    const char *rm[] = { "rm", "-rf", runtime_dir, NULL };

    g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
  }
  g_free (runtime_dir);
  return status;
}
