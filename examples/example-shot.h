/* example-shot.h: what the examples the tests run share
 *
 * --screenshot FILE.png [--at SECONDS]: the window draws itself through
 * GTK's renderer into FILE.png at the first frame SECONDS (0 by
 * default) or more after its view first drew, prints "Wrote FILE.png,
 * N s after the window opened" and quits. Once the view has drawn (and
 * laid out) its first frame, the example's own start function runs:
 * scripted input, a cover to select.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <gsklayer.h>

typedef struct {
  const char *path;
  double at;
  GtkWidget *window;
  GtkWidget *view;              /* drawn at least once before the shot */
  void (* start) (gpointer data);
  gpointer data;
  gint64 start_time;
  gboolean done;
} ExampleShot;

/* Takes --screenshot and --at from @argv; the others stay the
 * example's */
static inline void
example_shot_parse (ExampleShot  *shot,
                    int           argc,
                    char        **argv)
{
  for (int i = 1; i + 1 < argc; i++)
    {
      if (g_str_equal (argv[i], "--screenshot"))
        shot->path = argv[i + 1];
      else if (g_str_equal (argv[i], "--at"))
        shot->at = g_ascii_strtod (argv[i + 1], NULL);
    }
}

/* The whole window, as GTK's renderer draws it */
static inline void
example_shot_save (GtkWidget  *window,
                   const char *path)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, path);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
}

static inline gboolean
example_shot_tick (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       data)
{
  ExampleShot *shot = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (shot->view)) == 0)
    return G_SOURCE_CONTINUE;
  if (shot->start_time == 0)
    {
      shot->start_time = now;
      if (shot->start)
        shot->start (shot->data);
    }
  if (shot->done || shot->path == NULL || now - shot->start_time < shot->at * G_USEC_PER_SEC)
    return G_SOURCE_CONTINUE;

  example_shot_save (shot->window, shot->path);
  g_print ("Wrote %s, %.3f s after the window opened\n", shot->path,
           (now - shot->start_time) / (double) G_USEC_PER_SEC);
  shot->done = TRUE;
  gtk_window_destroy (GTK_WINDOW (shot->window));
  return G_SOURCE_REMOVE;
}

/* Runs @start before the first frame, and takes the screenshot if one
 * was asked for */
static inline void
example_shot_attach (ExampleShot *shot,
                     GtkWidget   *window,
                     GtkWidget   *view,
                     void       (* start) (gpointer data),
                     gpointer     data)
{
  shot->window = window;
  shot->view = view;
  shot->start = start;
  shot->data = data;
  gtk_widget_add_tick_callback (window, example_shot_tick, shot, NULL);
}

/* A window of @width × @height showing @root in a view, presented with
 * the view focused; the shot (and @start) attached */
static inline GtkWidget *
example_window_present (ExampleShot    *shot,
                        GtkApplication *application,
                        const char     *title,
                        int             width,
                        int             height,
                        GskLayer       *root,
                        void          (* start) (gpointer data),
                        gpointer        data)
{
  GtkWidget *view = gsk_layer_view_new (root);
  GtkWidget *window = gtk_application_window_new (application);

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), view);
  example_shot_attach (shot, window, view, start, data);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (view);
  return window;
}

/* Runs @activate in a GtkApplication of @id (not unique: the tests run
 * several at once) */
static inline int
example_run (const char *id,
             int         argc,
             char      **argv,
             GCallback   activate,
             gpointer    data)
{
  GtkApplication *application = gtk_application_new (id, G_APPLICATION_NON_UNIQUE);
  int status;

  g_signal_connect (application, "activate", activate, data);
  status = g_application_run (G_APPLICATION (application), 1, argv);
  g_object_unref (application);
  return status;
}

/* Scripted input: the events a user would give, dispatched to @root in
 * its own space, at @time (ms) */
static inline void
example_dispatch_at (GskLayer          *root,
                     GskLayerEventType  type,
                     guint32            time,
                     double             x,
                     double             y)
{
  GskLayerEvent *event = gsk_layer_event_new (type, time, x, y);

  if (type == GSK_LAYER_EVENT_BUTTON_PRESS || type == GSK_LAYER_EVENT_BUTTON_RELEASE)
    gsk_layer_event_set_button (event, 1);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
}

typedef struct {
  GskLayer *root;
  graphene_point_t from, to;
  int steps, step;
  guint interval;               /* ms of event time between steps */
} ExampleDrag;

static inline gboolean
example_drag_tick (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       data)
{
  ExampleDrag *drag = data;
  guint32 time = 1000 + drag->step * drag->interval;
  double x = drag->from.x + (drag->to.x - drag->from.x) * drag->step / drag->steps;
  double y = drag->from.y + (drag->to.y - drag->from.y) * drag->step / drag->steps;

  example_dispatch_at (drag->root, drag->step == 0 ? GSK_LAYER_EVENT_BUTTON_PRESS : GSK_LAYER_EVENT_MOTION,
                       time, x, y);
  if (drag->step++ < drag->steps)
    return G_SOURCE_CONTINUE;
  example_dispatch_at (drag->root, GSK_LAYER_EVENT_BUTTON_RELEASE, time + drag->interval, x, y);
  return G_SOURCE_REMOVE;
}

/* A scripted drag in @root's space: a press at @from, @steps moves to
 * @to @interval ms apart (one a frame), a release there */
static inline void
example_drag (GtkWidget              *window,
              GskLayer               *root,
              const graphene_point_t *from,
              const graphene_point_t *to,
              int                     steps,
              guint                   interval)
{
  ExampleDrag *drag = g_new0 (ExampleDrag, 1);

  drag->root = root;
  drag->from = *from;
  drag->to = *to;
  drag->steps = steps;
  drag->interval = interval;
  gtk_widget_add_tick_callback (window, example_drag_tick, drag, g_free);
}

static inline void
example_dispatch_key (GskLayer *root,
                      guint     keyval)
{
  guint32 time = (guint32) (g_get_monotonic_time () / 1000);
  GskLayerEvent *event = gsk_layer_event_new (GSK_LAYER_EVENT_KEY_PRESS, time, 0, 0);

  gsk_layer_event_set_key (event, keyval, 0);
  gsk_layer_dispatch_event (root, event);
  gsk_layer_event_unref (event);
}
