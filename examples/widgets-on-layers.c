/* widgets-on-layers.c: real GTK widgets on spinning layers
 *
 * A port of Clutter-GTK's gtk-clutter-test: widgets on a circle that
 * turns about the stage's centre, each widget turning back about its own,
 * with GTK widgets outside the stage that fade them and stop the turn.
 * Clutter-GTK needed gtk_clutter_init(), a GtkClutterEmbed and a
 * GtkClutterActor per widget, and a timeline callback that set each
 * rotation by hand at every frame; here a GskLayerView shows the tree,
 * a GskLayerWidget hosts each widget, and two repeating transitions do
 * the turning. The widgets stay live: hover them, click them, type into
 * the entry, Tab through them; the stage is tilted in 3D, and clicks
 * still land exactly where the widgets are drawn.
 *
 * Usage: widgets-on-layers [--screenshot FILE.png [--at SECONDS]]
 *
 * With --screenshot, the window draws itself through GTK's renderer
 * into FILE.png at the first frame SECONDS (0 by default) or more after
 * the turn began, prints how far in it was, and quits.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <gtk/gtk.h>
#include <gsklayer.h>

#define N_WIDGETS 5
#define STAGE_SIZE 400
#define RADIUS 120

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GskLayer *root;
  GskLayer *circle;
  GskLayer *hosts[N_WIDGETS];
  gboolean faded;
  const char *screenshot;
  double screenshot_at;
  gint64 start;
  gboolean done;
} App;

/* A transform transition from @from to @to, forever */
static void
spin_forever (GskLayer   *layer,
              const char *name,
              const char *from,
              const char *to,
              guint       duration)
{
  GskLayerTransition *transition = gsk_layer_property_transition_new ("transform", NULL);
  GskLayerTransform *a = NULL, *b = NULL;

  gsk_layer_transform_parse (from, &a, NULL);
  gsk_layer_transform_parse (to, &b, NULL);
  gsk_layer_property_transition_set_from (GSK_LAYER_PROPERTY_TRANSITION (transition), GSK_TYPE_LAYER_TRANSFORM, a);
  gsk_layer_property_transition_set_to (GSK_LAYER_PROPERTY_TRANSITION (transition), GSK_TYPE_LAYER_TRANSFORM, b);
  gsk_layer_timeline_set_duration (GSK_LAYER_TIMELINE (transition), duration);
  gsk_layer_timeline_set_repeat_count (GSK_LAYER_TIMELINE (transition), -1);
  /* Turns at an even speed: no easing is linear */
  gsk_layer_timeline_set_easing (GSK_LAYER_TIMELINE (transition), NULL);
  gsk_layer_add_transition (layer, name, transition);
  g_object_unref (transition);
  gsk_layer_transform_unref (a);
  gsk_layer_transform_unref (b);
}

static void
toggle_fade (GtkToggleButton *toggle,
             App             *app)
{
  int i;

  /* Implicit: each widget fades over half a second */
  for (i = 0; i < N_WIDGETS; i++)
    {
      gsk_layer_save_easing_state (app->hosts[i]);
      gsk_layer_set_easing_duration (app->hosts[i], 500);
      gsk_layer_set_opacity (app->hosts[i], gtk_toggle_button_get_active (toggle) ? 0.3f : 1.0f);
      gsk_layer_restore_easing_state (app->hosts[i]);
    }
}

static void
toggle_rotate (GtkToggleButton *toggle,
               App             *app)
{
  GskLayerTransition *turn = gsk_layer_get_transition (app->circle, "turn");
  int i;

  if (gtk_toggle_button_get_active (toggle))
    {
      gsk_layer_timeline_start (GSK_LAYER_TIMELINE (turn));
      for (i = 0; i < N_WIDGETS; i++)
        gsk_layer_timeline_start (GSK_LAYER_TIMELINE (gsk_layer_get_transition (app->hosts[i], "spin")));
    }
  else
    {
      gsk_layer_timeline_pause (GSK_LAYER_TIMELINE (turn));
      for (i = 0; i < N_WIDGETS; i++)
        gsk_layer_timeline_pause (GSK_LAYER_TIMELINE (gsk_layer_get_transition (app->hosts[i], "spin")));
    }
}

static void
on_clicked (GtkButton *button,
            gpointer   data)
{
  g_print ("clicked: %s\n", gtk_button_get_label (button));
}

static GtkWidget *
make_widget (int i)
{
  GtkWidget *widget;

  switch (i)
    {
    case 0:
      widget = gtk_button_new_with_label ("Button");
      g_signal_connect (widget, "clicked", G_CALLBACK (on_clicked), NULL);
      return widget;
    case 1:
      return gtk_check_button_new_with_label ("Check me");
    case 2:
      widget = gtk_entry_new ();
      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), "Type here");
      gtk_editable_set_width_chars (GTK_EDITABLE (widget), 10);
      return widget;
    case 3:
      widget = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);
      gtk_range_set_value (GTK_RANGE (widget), 40);
      gtk_widget_set_size_request (widget, 120, -1);
      return widget;
    default:
      return gtk_switch_new ();
    }
}

/* --screenshot: the whole window, as GTK's renderer draws it */
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
    app->start = now;
  if (app->done || now - app->start < app->screenshot_at * G_USEC_PER_SEC ||
      gsk_layer_view_get_frames_rendered (GSK_LAYER_VIEW (app->view)) == 0)
    return G_SOURCE_CONTINUE;

  write_screenshot (app);
  g_print ("Wrote %s, %.3f s into the turn\n", app->screenshot, (now - app->start) / (double) G_USEC_PER_SEC);
  app->done = TRUE;
  gtk_window_destroy (GTK_WINDOW (app->window));
  return G_SOURCE_REMOVE;
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GtkWidget *box, *buttons, *toggle, *quit;
  GskLayerTransform *t = NULL;
  int i;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0x61 / 255.f, 0x64 / 255.f, 0x8c / 255.f, 1 });
  gsk_layer_transform_parse ("perspective(800px)", &t, NULL);
  gsk_layer_set_child_transform (app->root, t);
  gsk_layer_transform_unref (t);

  /* The circle: a layer the size of the stage, tilted back, turning
   * about its centre */
  app->circle = gsk_layer_new ();
  gsk_layer_set_size (app->circle, &GRAPHENE_SIZE_INIT (STAGE_SIZE, STAGE_SIZE));
  gsk_layer_add_child (app->root, app->circle);
  spin_forever (app->circle, "turn", "rotateX(30deg) rotate(0deg)", "rotateX(30deg) rotate(360deg)", 12000);

  for (i = 0; i < N_WIDGETS; i++)
    {
      GskLayer *host = gsk_layer_widget_new (make_widget (i));
      double angle = i * 2 * G_PI / N_WIDGETS;

      /* Its size is the widget's: placed by its centre once it has one */
      gsk_layer_set_position (host, &GRAPHENE_POINT_INIT (STAGE_SIZE / 2 + RADIUS * cos (angle) - 60,
                                                          STAGE_SIZE / 2 + RADIUS * sin (angle) - 20));
      gsk_layer_add_child (app->circle, host);
      /* Turning back as fast as the circle turns, the widgets stay
       * upright (gtk-clutter-test's hands spun six times faster) */
      spin_forever (host, "spin", "rotate(0deg)", "rotate(-360deg)", 12000);
      app->hosts[i] = host;
    }

  app->view = gsk_layer_view_new (app->root);
  gtk_widget_set_size_request (app->view, STAGE_SIZE, STAGE_SIZE);
  gtk_widget_set_vexpand (app->view, TRUE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (box), app->view);
  gtk_box_append (GTK_BOX (box), gtk_label_new ("This is a label"));
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  toggle = gtk_toggle_button_new_with_label ("Fade");
  g_signal_connect (toggle, "toggled", G_CALLBACK (toggle_fade), app);
  gtk_box_append (GTK_BOX (buttons), toggle);
  toggle = gtk_toggle_button_new_with_label ("Rotate");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_signal_connect (toggle, "toggled", G_CALLBACK (toggle_rotate), app);
  gtk_box_append (GTK_BOX (buttons), toggle);
  gtk_box_append (GTK_BOX (box), buttons);

  app->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (app->window), "GTK widgets on GSK layers");
  quit = gtk_button_new_with_label ("Quit");
  g_signal_connect_swapped (quit, "clicked", G_CALLBACK (gtk_window_destroy), app->window);
  gtk_box_append (GTK_BOX (buttons), quit);
  gtk_window_set_child (GTK_WINDOW (app->window), box);
  if (app->screenshot)
    gtk_widget_add_tick_callback (app->window, on_tick, app, NULL);
  gtk_window_present (GTK_WINDOW (app->window));
}

int
main (int    argc,
      char **argv)
{
  App app = { 0, };
  GtkApplication *application;
  int status;

  if (argc >= 3 && g_str_equal (argv[1], "--screenshot"))
    app.screenshot = argv[2];
  if (argc == 5 && app.screenshot && g_str_equal (argv[3], "--at"))
    app.screenshot_at = g_ascii_strtod (argv[4], NULL);

  application = gtk_application_new ("org.gtk.GskLayer.WidgetsOnLayers", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), &app);
  status = g_application_run (G_APPLICATION (application), 1, argv);
  g_object_unref (application);

  return status;
}
