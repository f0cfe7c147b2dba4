/* cover-flow.c: a cover flow of real GTK buttons, with a search entry
 *
 * Twelve covers, each a GtkButton on a GskLayerWidget, in a row under
 * perspective: the selected one faces the viewer, the others turn away
 * on either side. Drag the row (mouse or touch) or scroll it: a
 * GskLayerPanGesture moves it and, let go, it goes on kinetically and
 * springs back at the ends; covers between two places turn part-way.
 * Click a
 * cover, press Left or Right, or type a number into the entry on the
 * stage and press Enter: the row turns to it with implicit animations.
 * Tab goes through the entry and the covers' buttons.
 *
 * Usage: cover-flow [--screenshot FILE.png [--at SECONDS] [--select N]]
 *
 * With --screenshot, --select N turns the row to cover N (from 0) as the
 * window opens; the window draws itself through GTK's renderer into
 * FILE.png at the first frame SECONDS (0 by default) or more after it
 * opened, prints how far in it was, and quits.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <gtk/gtk.h>
#include <gsklayer.h>

#define N_COVERS 12
#define WIDTH 800
#define HEIGHT 480
#define COVER 180
#define SPACING 200             /* pan units from one cover to the next */

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GskLayer *root;
  GskLayer *covers[N_COVERS];
  GskLayerPanGesture *pan;
  gboolean animate;             /* the next layout eases */
  const char *screenshot;
  double screenshot_at;
  int select;
  gint64 start;
  gboolean done;
} App;

/* Places each cover for the row's position @at (in covers, fractional):
 * the nearest faces the viewer, the others turn away, closer together */
static void
layout (App    *app,
        double  at)
{
  int i;

  for (i = 0; i < N_COVERS; i++)
    {
      double d = i - at;
      double side = CLAMP (d, -1, 1);
      double x = WIDTH / 2.0 + side * 130 + (d - side) * 60 - COVER / 2.0;
      g_autofree char *css = g_strdup_printf ("translateZ(%gpx) rotateY(%gdeg)",
                                              -fabs (side) * 120, -side * 60);
      GskLayerTransform *t = NULL;

      gsk_layer_transform_parse (css, &t, NULL);
      gsk_layer_save_easing_state (app->covers[i]);
      gsk_layer_set_easing_duration (app->covers[i], app->animate ? 400 : 0);
      gsk_layer_set_easing_mode (app->covers[i], GSK_LAYER_EASING_EASE_OUT_CUBIC);
      gsk_layer_set_position (app->covers[i], &GRAPHENE_POINT_INIT (x, (HEIGHT - COVER) / 2.0 + 30));
      gsk_layer_set_transform (app->covers[i], t);
      /* Those further away a little further back still */
      gsk_layer_set_z_position (app->covers[i], -fabs (d));
      gsk_layer_restore_easing_state (app->covers[i]);
      gsk_layer_transform_unref (t);
    }
}

static void
select_cover (App *app,
              int  index)
{
  index = CLAMP (index, 0, N_COVERS - 1);
  app->animate = TRUE;
  gsk_layer_pan_gesture_set_value (app->pan, index * SPACING);
  app->animate = FALSE;
}

static void
on_pan_value (GskLayerPanGesture *pan,
              GParamSpec         *pspec,
              App                *app)
{
  layout (app, gsk_layer_pan_gesture_get_value (pan) / SPACING);
}

static void
on_cover_clicked (GtkButton *button,
                  App       *app)
{
  select_cover (app, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index")));
}

static gboolean
on_key (GskLayerEventController *controller,
        GskLayerEvent           *event,
        App                     *app)
{
  int at = (int) lround (gsk_layer_pan_gesture_get_value (app->pan) / SPACING);

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS)
    return FALSE;
  if (gsk_layer_event_get_keyval (event) == GDK_KEY_Left)
    select_cover (app, at - 1);
  else if (gsk_layer_event_get_keyval (event) == GDK_KEY_Right)
    select_cover (app, at + 1);
  else
    return FALSE;
  return TRUE;
}

static void
on_search (GtkEntry *entry,
           App      *app)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  char *end;
  long n = strtol (text, &end, 10);

  if (end != text && *end == '\0')
    select_cover (app, (int) n - 1);
}

static void
write_screenshot (App *app)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (app->window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (app->window), h = gtk_widget_get_height (app->window);
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (app->window));
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_texture_save_to_png (texture, app->screenshot);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  App *app = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (app->start == 0)
    {
      app->start = now;
      if (app->select >= 0)
        select_cover (app, app->select);
    }
  if (app->done || now - app->start < app->screenshot_at * G_USEC_PER_SEC ||
      gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (app->view)) == 0)
    return G_SOURCE_CONTINUE;

  write_screenshot (app);
  g_print ("Wrote %s, %.3f s after the window opened\n", app->screenshot,
           (now - app->start) / (double) G_USEC_PER_SEC);
  app->done = TRUE;
  gtk_window_destroy (GTK_WINDOW (app->window));
  return G_SOURCE_REMOVE;
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerEventController *keys = gsk_layer_event_controller_new ();
  GskLayerEventController *pan = gsk_layer_pan_gesture_new (GSK_LAYER_DRAG_HORIZONTAL);
  GskLayerTransform *perspective = NULL;
  GtkWidget *entry;
  GskLayer *stage, *search;
  int i;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0.08f, 0.08f, 0.1f, 1 });
  gsk_layer_transform_parse ("perspective(700px)", &perspective, NULL);
  gsk_layer_set_child_transform (app->root, perspective);
  gsk_layer_transform_unref (perspective);
  /* The covers share one 3D space, the stage's: where two overlap, the
   * nearer one is drawn in front and takes the click, whatever their
   * order. Not the root's: its background would be a plane of that space
   * too, and hide the covers set back behind it, as CSS would */
  stage = gsk_layer_new ();
  gsk_layer_set_size (stage, &GRAPHENE_SIZE_INIT (WIDTH, HEIGHT));
  gsk_layer_set_transform_style (stage, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  /* A screen reader finds the covers' buttons in a group named so */
  gsk_layer_set_accessible_role (stage, GTK_ACCESSIBLE_ROLE_GROUP);
  gsk_layer_set_accessible_label (stage, "Covers");
  gsk_layer_add_child (app->root, stage);

  for (i = 0; i < N_COVERS; i++)
    {
      g_autofree char *label = g_strdup_printf ("Cover %d", i + 1);
      GtkWidget *button = gtk_button_new_with_label (label);

      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_cover_clicked), app);
      app->covers[i] = gsk_layer_widget_new (button);
      gsk_layer_set_size (app->covers[i], &GRAPHENE_SIZE_INIT (COVER, COVER));
      gsk_layer_add_child (stage, app->covers[i]);
    }

  /* The search entry, on the stage, tilted a little */
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "Go to cover (1-12), Enter");
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 24);
  g_signal_connect (entry, "activate", G_CALLBACK (on_search), app);
  search = gsk_layer_widget_new (entry);
  gsk_layer_set_position (search, &GRAPHENE_POINT_INIT (WIDTH / 2.0 - 130, 24));
  gsk_layer_transform_parse ("rotateX(20deg)", &perspective, NULL);
  gsk_layer_set_transform (search, perspective);
  gsk_layer_transform_unref (perspective);
  gsk_layer_add_child (stage, search);

  app->pan = GSK_LAYER_PAN_GESTURE (pan);
  gsk_layer_pan_gesture_set_range (app->pan, 0, (N_COVERS - 1) * SPACING);
  g_signal_connect (pan, "notify::value", G_CALLBACK (on_pan_value), app);
  gsk_layer_add_controller (app->root, pan);
  g_signal_connect (keys, "event", G_CALLBACK (on_key), app);
  gsk_layer_add_controller (app->root, keys);
  layout (app, 0);

  app->view = gsk_layer_view_new (app->root);
  gtk_widget_set_size_request (app->view, WIDTH, HEIGHT);
  app->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (app->window), "Cover flow");
  gtk_window_set_child (GTK_WINDOW (app->window), app->view);
  if (app->screenshot)
    gtk_widget_add_tick_callback (app->window, on_tick, app, NULL);
  gtk_window_present (GTK_WINDOW (app->window));
  gtk_widget_grab_focus (app->view);
}

int
main (int    argc,
      char **argv)
{
  App app = { .select = -1 };
  GtkApplication *application;
  int i, status;

  for (i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--screenshot"))
        app.screenshot = argv[i + 1];
      else if (g_str_equal (argv[i], "--at"))
        app.screenshot_at = g_ascii_strtod (argv[i + 1], NULL);
      else if (g_str_equal (argv[i], "--select"))
        app.select = atoi (argv[i + 1]);
    }

  application = gtk_application_new ("org.gtk.GskLayer.CoverFlow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), &app);
  status = g_application_run (G_APPLICATION (application), 1, argv);
  g_object_unref (application);

  return status;
}
