/* view-test-utils.h: what the tests of GskLayerView in a GTK window
 * (test-view.c, test-view-widget.c) share: the view's size, a window
 * holding a view and a button after it, waiting for frames, the real
 * pointer and keyboard through xdotool, what GTK's renderer draws of the
 * view and the comparison of images, and a log of focus and crossing
 * events
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <math.h>

#include <gsklayer.h>
#include <gdk/x11/gdkx.h>

#include "gsk-layer-view-private.h"

#define WIDTH 400
#define HEIGHT 300

#include "main-loop-test-utils.h"

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GtkWidget *button;            /* after the view in Tab order */
  GskLayer *root;
} Fixture;

/* {{{ Helpers */

typedef struct {
  GskLayerView *view;
  guint n;
} FrameCount;

static inline gboolean
frames_reached (gconstpointer data)
{
  const FrameCount *count = data;

  return gsk_layer_view_get_frames_rendered (count->view) >= count->n;
}

static inline gboolean
frames_rendered_at_least (GskLayerView *view,
                          guint         n)
{
  FrameCount count = { view, n };

  return wait_until (frames_reached, &count, 5000);
}

static inline void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  f->root = g_object_ref_sink (gsk_layer_new ());
  gsk_layer_set_background_color (f->root, &(GdkRGBA) { 0.1f, 0.1f, 0.2f, 1 });
  f->view = gsk_layer_view_new (f->root);
  gtk_widget_set_size_request (f->view, WIDTH, HEIGHT);
  f->button = gtk_button_new_with_label ("After");
  gtk_box_append (GTK_BOX (box), f->view);
  gtk_box_append (GTK_BOX (box), f->button);

  f->window = gtk_window_new ();
  /* No title bar: the view is at the surface's top-left corner */
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (frames_rendered_at_least (GSK_LAYER_VIEW (f->view), 1));
}

static inline void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->window)
    gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->root);
  spin (50);
}

/* Closes the window before the test's loggers go: closing sends the
 * layers their last leave and focus-out events */
static inline void
close_window (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  spin (50);
}

static inline void
xdotool (Fixture    *f,
         const char *first,
         ...)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));
  g_autofree char *xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  const char *arg;
  int status;
  va_list args;

  g_ptr_array_add (argv, g_strdup ("xdotool"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_str_equal (arg, "WINDOW") ? g_strdup (xid) : g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH,
                               NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_ptr_array_unref (argv);
}

static inline void
move_pointer (Fixture *f,
              int      x,
              int      y)
{
  g_autofree char *sx = g_strdup_printf ("%d", x);
  g_autofree char *sy = g_strdup_printf ("%d", y);

  xdotool (f, "mousemove", "--window", "WINDOW", sx, sy, NULL);
}

static inline GskLayer *
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

static inline cairo_surface_t *
texture_to_surface (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);

  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The window's device pixels per layout unit: fractional on GTK 4.12
 * and later where the compositor gives such a scale */
static inline double
window_scale (GtkWidget *widget)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  double scale;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  scale = gdk_surface_get_scale (gtk_native_get_surface (gtk_widget_get_native (widget)));
  G_GNUC_END_IGNORE_DEPRECATIONS
  return scale;
#else
  return gtk_widget_get_scale_factor (widget);
#endif
}

static inline int
device_pixels (int    length,
               double scale)
{
  return (int) ceil (length * scale - 1e-6);
}

/* What GTK's renderer for the window draws of the view */
static inline cairo_surface_t *
draw_with_gtk (Fixture *f)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (f->view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (f->view));
  GskRenderNode *node;
  GdkTexture *texture;
  cairo_surface_t *surface;

  double scale = window_scale (f->view);

  /* At the window's scale, as GTK draws it on screen */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, WIDTH, HEIGHT);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, device_pixels (WIDTH, scale),
                                                              device_pixels (HEIGHT, scale)));
  surface = texture_to_surface (texture);

  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return surface;
}

/* Compares channel by channel; returns the number of pixels that differ
 * by more than @max_diff and says where the worst one is */
static inline int
compare (cairo_surface_t *a,
         cairo_surface_t *b,
         int              max_diff)
{
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a);
  int x, y, c, n = 0, worst = 0, wx = 0, wy = 0;

  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));
  for (y = 0; y < cairo_image_surface_get_height (a); y++)
    for (x = 0; x < cairo_image_surface_get_width (a); x++)
      {
        int m = 0;

        for (c = 0; c < 4; c++)
          m = MAX (m, ABS (da[y * stride + x * 4 + c] - db[y * stride + x * 4 + c]));
        if (m > max_diff)
          n++;
        if (m > worst)
          worst = m, wx = x, wy = y;
      }
  g_test_message ("%d pixels differ by more than %d; the most, %d, at %d,%d", n, max_diff, worst, wx, wy);
  return n;
}

typedef struct {
  GString *log;
  gboolean changed;
} Log;

static inline gboolean
log_event (GskLayerEventController *controller,
           GskLayerEvent           *event,
           Log                     *log)
{
  GskLayerEventType type = gsk_layer_event_get_event_type (event);
  const char *name = gsk_layer_get_name (gsk_layer_event_controller_get_layer (controller));
  const char *what;

  switch (type)
    {
    case GSK_LAYER_EVENT_ENTER: what = "enter"; break;
    case GSK_LAYER_EVENT_LEAVE: what = "leave"; break;
    case GSK_LAYER_EVENT_FOCUS_IN: what = "focus-in"; break;
    case GSK_LAYER_EVENT_FOCUS_OUT: what = "focus-out"; break;
    default: return FALSE;
    }
  g_string_append_printf (log->log, "%s%s %s", log->log->len ? ", " : "", what, name);
  log->changed = TRUE;
  return FALSE;
}

static inline GskLayer *
logged (const char *name,
        float       x,
        float       y,
        Log        *log)
{
  GskLayer *l = colored (x, y, 100, 80, &(GdkRGBA) { 0.3f, 0.7f, 0.3f, 1 });
  GskLayerEventController *controller = gsk_layer_event_controller_new ();

  gsk_layer_set_name (l, name);
  g_signal_connect (controller, "event", G_CALLBACK (log_event), log);
  gsk_layer_add_controller (l, controller);
  return l;
}

typedef struct {
  Log *log;
  const char *expected;
} LogWait;

static inline gboolean
log_ends_with (gconstpointer data)
{
  const LogWait *wait = data;

  return g_str_has_suffix (wait->log->log->str, wait->expected);
}

static inline gboolean
wait_for_log (Log        *log,
              const char *expected)
{
  LogWait wait = { log, expected };
  gboolean found = wait_until (log_ends_with, &wait, 5000);

  g_test_message ("log: %s", log->log->str);
  return found;
}

/* Presses @key for real and waits for the log to end with @expected */
static inline void
press_key_for (Fixture    *f,
               const char *key,
               Log        *log,
               const char *expected)
{
  xdotool (f, "key", key, NULL);
  g_assert_true (wait_for_log (log, expected));
}

/* }}} */
