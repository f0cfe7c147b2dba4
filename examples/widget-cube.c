/* widget-cube.c: a cube of live GTK widgets, turned by dragging
 *
 * Six faces, each a layer with a GTK widget on it (a calendar, an
 * entry, a check button, a scale and two buttons), form a cube in one 3D
 * rendering context: the cube is preserve-3d, so its faces are drawn by
 * depth, the nearest in front, and a click goes to the widget in front
 * at that pixel, never to one behind it. Drag anywhere off the widgets
 * to turn the cube; let go and it spins on, slows down and snaps to the
 * nearest face. Left, Right, Up and Down turn it a face at a time.
 *
 * Usage: widget-cube [--screenshot FILE.png [--at SECONDS]] [--turn X,Y]
 *
 * --turn sets the cube's angles in degrees (about x, then y) as the
 * window opens. With --screenshot, the window draws itself through GTK's
 * renderer into FILE.png at the first frame SECONDS (0 by default) or
 * more after it opened, and quits. A click on a button prints its label
 * ("clicked: Back").
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
#include <stdlib.h>
#include <gtk/gtk.h>
#include <gsklayer.h>

#define WIDTH 560
#define HEIGHT 480
#define FACE 260

typedef struct {
  GtkWidget *window;
  GtkWidget *view;
  GskLayer *root;
  GskLayer *cube;
  /* The cube's angles in degrees, and how fast they turn (degrees per
   * second) once let go */
  double angle_x, angle_y;
  double speed_x, speed_y;
  /* The drag: the angles it started from, and the last update, for the
   * speed it ends with */
  gboolean dragging;
  double start_x, start_y;
  double last_dx, last_dy;
  gint64 last_time;
  guint spin_tick;
  gint64 spin_time;
  const char *screenshot;
  double screenshot_at;
  gint64 start;
  gboolean done;
} App;

static void
update_transform (App *app)
{
  g_autofree char *css = g_strdup_printf ("rotateX(%gdeg) rotateY(%gdeg)", app->angle_x, app->angle_y);
  GskLayerTransform *t = NULL;

  gsk_layer_transform_parse (css, &t, NULL);
  gsk_layer_set_transform (app->cube, t);
  gsk_layer_transform_unref (t);
}

/* The nearest face's angle: a multiple of 90°, and no more than 90°
 * up or down */
static double
snap (double angle,
      double limit)
{
  return CLAMP (round (angle / 90) * 90, -limit, limit);
}

/* One axis of the spin over @dt seconds: friction while fast, then a
 * critically damped spring to the nearest face. Returns whether it
 * still moves. */
static gboolean
spin_axis (double *angle,
           double *speed,
           double  limit,
           double  dt)
{
  const double stiffness = 90, damping = 2 * sqrt (stiffness);
  double target = snap (*angle + *speed * 0.15, limit);

  if (fabs (*speed) > 120)
    *speed *= exp (-3 * dt);
  else
    *speed += (stiffness * (target - *angle) - damping * *speed) * dt;
  *angle += *speed * dt;

  if (fabs (target - *angle) < 0.01 && fabs (*speed) < 0.5)
    {
      *angle = target;
      *speed = 0;
      return FALSE;
    }
  return TRUE;
}

static gboolean
on_spin_tick (GtkWidget     *widget,
              GdkFrameClock *clock,
              gpointer       data)
{
  App *app = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt = app->spin_time ? MIN ((now - app->spin_time) / (double) G_USEC_PER_SEC, 0.05) : 0;
  gboolean moving;

  app->spin_time = now;
  moving = spin_axis (&app->angle_y, &app->speed_y, G_MAXDOUBLE, dt);
  moving |= spin_axis (&app->angle_x, &app->speed_x, 90, dt);
  update_transform (app);
  if (moving)
    return G_SOURCE_CONTINUE;

  app->spin_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
start_spin (App *app)
{
  if (app->spin_tick != 0)
    return;
  app->spin_time = 0;
  app->spin_tick = gtk_widget_add_tick_callback (app->view, on_spin_tick, app, NULL);
}

static void
stop_spin (App *app)
{
  if (app->spin_tick != 0)
    gtk_widget_remove_tick_callback (app->view, app->spin_tick);
  app->spin_tick = 0;
}

/* A drag across the view turns the cube half a degree per pixel: the
 * offsets are in the root's space, which does not turn with the cube */
static void
on_drag_begin (GskLayerDragGesture *drag,
               double               x,
               double               y,
               App                 *app)
{
  stop_spin (app);
  app->dragging = TRUE;
  app->start_x = app->angle_x;
  app->start_y = app->angle_y;
  app->last_dx = app->last_dy = 0;
  app->last_time = g_get_monotonic_time ();
  app->speed_x = app->speed_y = 0;
}

static void
on_drag_update (GskLayerDragGesture *drag,
                double               dx,
                double               dy,
                App                 *app)
{
  gint64 now = g_get_monotonic_time ();
  double dt = (now - app->last_time) / (double) G_USEC_PER_SEC;

  if (!app->dragging)
    return;
  /* The speed, smoothed over the last few updates */
  if (dt > 0)
    {
      app->speed_y = 0.5 * app->speed_y + 0.5 * 0.5 * (dx - app->last_dx) / dt;
      app->speed_x = 0.5 * app->speed_x - 0.5 * 0.5 * (dy - app->last_dy) / dt;
    }
  app->last_dx = dx;
  app->last_dy = dy;
  app->last_time = now;
  app->angle_y = app->start_y + dx * 0.5;
  app->angle_x = CLAMP (app->start_x - dy * 0.5, -90, 90);
  update_transform (app);
}

static void
on_drag_end (GskLayerDragGesture *drag,
             double               dx,
             double               dy,
             App                 *app)
{
  app->dragging = FALSE;
  /* Held still before letting go: no spin */
  if (g_get_monotonic_time () - app->last_time > 100000)
    app->speed_x = app->speed_y = 0;
  start_spin (app);
}

static void
on_drag_cancel (GskLayerDragGesture *drag,
                App                 *app)
{
  app->dragging = FALSE;
  start_spin (app);
}

static gboolean
on_key (GskLayerEventController *controller,
        GskLayerEvent           *event,
        App                     *app)
{
  guint keyval;

  if (gsk_layer_event_get_event_type (event) != GSK_LAYER_EVENT_KEY_PRESS)
    return FALSE;

  keyval = gsk_layer_event_get_keyval (event);
  switch (keyval)
    {
    case GDK_KEY_Left:  app->angle_y = snap (app->angle_y, G_MAXDOUBLE) - 90; break;
    case GDK_KEY_Right: app->angle_y = snap (app->angle_y, G_MAXDOUBLE) + 90; break;
    case GDK_KEY_Up:    app->angle_x = snap (app->angle_x, 90) - 90; break;
    case GDK_KEY_Down:  app->angle_x = snap (app->angle_x, 90) + 90; break;
    default:
      return FALSE;
    }
  app->angle_x = CLAMP (app->angle_x, -90, 90);
  /* Implicit: a quarter turn eases over 400 ms */
  gsk_layer_save_easing_state (app->cube);
  gsk_layer_set_easing_duration (app->cube, 400);
  update_transform (app);
  gsk_layer_restore_easing_state (app->cube);
  return TRUE;
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
      return gtk_calendar_new ();
    case 1:
      widget = gtk_entry_new ();
      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), "Type here");
      gtk_editable_set_width_chars (GTK_EDITABLE (widget), 14);
      return widget;
    case 2:
      widget = gtk_button_new_with_label ("Back");
      break;
    case 3:
      return gtk_check_button_new_with_label ("Check me");
    case 4:
      widget = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 1);
      gtk_range_set_value (GTK_RANGE (widget), 60);
      gtk_widget_set_size_request (widget, 180, -1);
      return widget;
    default:
      widget = gtk_button_new_with_label ("Bottom");
      break;
    }
  gtk_widget_set_size_request (widget, 160, 120);
  g_signal_connect (widget, "clicked", G_CALLBACK (on_clicked), NULL);
  return widget;
}

/* Front, right, back, left, top, bottom: each face turned from the
 * front about the cube's centre, then pushed out half the cube's size */
static const char * const face_transforms[] = {
  "translateZ(130px)",
  "rotateY(90deg) translateZ(130px)",
  "rotateY(180deg) translateZ(130px)",
  "rotateY(-90deg) translateZ(130px)",
  "rotateX(90deg) translateZ(130px)",
  "rotateX(-90deg) translateZ(130px)",
};

static const char * const face_names[] = {
  "Front", "Right", "Back", "Left", "Top", "Bottom",
};

static const char * const face_colors[] = {
  "#99c1f1", "#8ff0a4", "#f9f06b", "#ffbe6f", "#f66151", "#dc8add",
};

static GskLayer *
make_face (int i)
{
  GskLayer *face = gsk_layer_new ();
  GskLayer *host = gsk_layer_widget_new (make_widget (i));
  g_autofree char *style = g_strdup_printf ("background-color: %s; border: 3px solid rgba(0,0,0,0.4); "
                                            "border-radius: 12px", face_colors[i]);
  GskLayerTransform *t = NULL;

  gsk_layer_set_size (face, &GRAPHENE_SIZE_INIT (FACE, FACE));
  gsk_layer_set_style_from_string (face, style, NULL);
  /* To a screen reader, each face a group named after its side, holding
   * its widget */
  gsk_layer_set_accessible_role (face, GTK_ACCESSIBLE_ROLE_GROUP);
  gsk_layer_set_accessible_label (face, face_names[i]);
  gsk_layer_transform_parse (face_transforms[i], &t, NULL);
  gsk_layer_set_transform (face, t);
  gsk_layer_transform_unref (t);
  /* The widget at its natural size, in the middle of the face */
  gsk_layer_set_layout_manager (face, gsk_layer_bin_layout_new ());
  gsk_layer_set_x_align (host, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_set_y_align (host, GSK_LAYER_ALIGN_CENTER);
  gsk_layer_add_child (face, host);
  return face;
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
  g_print ("Wrote %s\n", app->screenshot);
  app->done = TRUE;
  gtk_window_destroy (GTK_WINDOW (app->window));
  return G_SOURCE_REMOVE;
}

static void
on_activate (GtkApplication *application,
             App            *app)
{
  GskLayerEventController *drag = gsk_layer_drag_gesture_new ();
  GskLayerEventController *keys = gsk_layer_event_controller_new ();
  GskLayerTransform *t = NULL;
  int i;

  app->root = gsk_layer_new ();
  gsk_layer_set_background_color (app->root, &(GdkRGBA) { 0.14f, 0.12f, 0.19f, 1 });
  gsk_layer_transform_parse ("perspective(900px)", &t, NULL);
  gsk_layer_set_child_transform (app->root, t);
  gsk_layer_transform_unref (t);

  /* The cube: one 3D rendering context, its faces sorted by depth */
  app->cube = gsk_layer_new ();
  gsk_layer_set_size (app->cube, &GRAPHENE_SIZE_INIT (FACE, FACE));
  gsk_layer_set_position (app->cube, &GRAPHENE_POINT_INIT ((WIDTH - FACE) / 2.0, (HEIGHT - FACE) / 2.0));
  gsk_layer_set_transform_style (app->cube, GSK_LAYER_TRANSFORM_STYLE_PRESERVE_3D);
  gsk_layer_set_accessible_role (app->cube, GTK_ACCESSIBLE_ROLE_GROUP);
  gsk_layer_set_accessible_label (app->cube, "Cube of widgets");
  for (i = 0; i < 6; i++)
    gsk_layer_add_child (app->cube, make_face (i));
  gsk_layer_add_child (app->root, app->cube);
  update_transform (app);

  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), app);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), app);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), app);
  g_signal_connect (drag, "drag-cancel", G_CALLBACK (on_drag_cancel), app);
  gsk_layer_add_controller (app->root, drag);
  g_signal_connect (keys, "event", G_CALLBACK (on_key), app);
  gsk_layer_add_controller (app->root, keys);

  app->view = gsk_layer_view_new (app->root);
  gtk_widget_set_size_request (app->view, WIDTH, HEIGHT);
  app->window = gtk_application_window_new (application);
  gtk_window_set_title (GTK_WINDOW (app->window), "A cube of widgets");
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
  App app = { .angle_x = -20, .angle_y = 30 };
  GtkApplication *application;
  int i, status;

  for (i = 1; i + 1 < argc; i += 2)
    {
      if (g_str_equal (argv[i], "--screenshot"))
        app.screenshot = argv[i + 1];
      else if (g_str_equal (argv[i], "--at"))
        app.screenshot_at = g_ascii_strtod (argv[i + 1], NULL);
      else if (g_str_equal (argv[i], "--turn"))
        sscanf (argv[i + 1], "%lf,%lf", &app.angle_x, &app.angle_y);
    }

  application = gtk_application_new ("org.gtk.GskLayer.WidgetCube", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), &app);
  status = g_application_run (G_APPLICATION (application), 1, argv);
  g_object_unref (application);

  return status;
}
